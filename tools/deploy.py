#!/usr/bin/env python3
"""Put the games on a CircuitPython board over USB (see docs/deploy.md).

    .venv/bin/python tools/deploy.py                    # find CIRCUITPY, install or update the games (.mpy)
    .venv/bin/python tools/deploy.py --dry-run          # list what would change, change nothing on the drive
    .venv/bin/python tools/deploy.py --drive PATH       # this drive (or folder) instead of searching
    .venv/bin/python tools/deploy.py --py               # install .py source instead of .mpy
    .venv/bin/python tools/deploy.py --mpy-cross PATH   # compile with this CircuitPython mpy-cross
    .venv/bin/python tools/deploy.py --mpy-cross-from URL   # fetch mpy-cross from a mirror of Adafruit's
    .venv/bin/python tools/deploy.py --uf2 FILE         # flash CircuitPython onto a board in bootloader mode
    .venv/bin/python tools/deploy.py --no-libs          # leave lib/ to `circup install -r requirements.txt`

The games go on the drive as .mpy, compiled by CircuitPython's own
mpy-cross for the board's release (boot_out.txt): the one kept in the
per-user cache, else the one Adafruit publishes for this computer, fetched
once into it (find_mpy_cross), each checked first (mpy_cross_problem). With
none to be had (offline, a host or release with none published, a check
failing) one line says so and what .py costs, and the deploy goes on with
.py.

Layout on the drive (the same as the simulator's sys.path: code.py's folder
first, then lib/):

    code.py                             the launcher, always source (the board runs code.py)
    prng.mpy, aliencity/, ...           everything else under firmware/
    boards/__init__.mpy, common.mpy     the board adapter: the family module(s)
    boards/pybadge.mpy | pygamer.mpy      for this board (pygamer imports pybadge);
                                        with --py our .py files with their private
                                        const() names folded in (as_deployed)
    lib/NAME.mpy, lib/PACKAGE/...       the libraries the firmware imports that are not
                                        built into CircuitPython, from this machine's
                                        installed PyPI packages (.py with --py);
                                        none today: the NeoPixels are boards/common.py's
                                        over the built-in neopixel_write
    requirements.txt                    the same libraries, as `circup freeze` writes them
    .deploy-manifest.json               what this tool installed (and nothing else)
    deploy-backup/<date-time>/          files it replaced or removed that it had not installed

Only files whose content changed are written: all of them to temporary
names first, flushed, then renamed into place (code.py last), so a drive
that fills up or goes away mid-copy keeps the old game whole (see
deploy()). Files this tool did not install are never removed without a
backup, and only when they would shadow one it installs (an X.py beside
its X.mpy: CircuitPython imports X.py first); its own stale files only
when unchanged since it wrote them. Every problem is one paragraph
(DeployError), never a traceback.
"""

import argparse
import ast
import glob
import hashlib
import importlib.machinery
import json
import os
import re
import shutil
import site
import struct
import subprocess
import sys
import sysconfig
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
BOARDS_DIR = os.path.join(ROOT, "boards")

LABEL = "CIRCUITPY"
MANIFEST = ".deploy-manifest.json"
TMP_SUFFIX = ".deploy-tmp"
MIN_MAJOR = 9          # CircuitPython 9 and 10 are supported
MAX_TESTED_MAJOR = 10

# board_id (boot_out.txt "Board ID:") -> the adapter family module
SUPPORTED_BOARDS = {"pybadge": "pybadge", "edgebadge": "pybadge", "pygamer": "pygamer"}
BOARD_PAGES = {"pybadge": "https://circuitpython.org/board/pybadge/",
               "edgebadge": "https://circuitpython.org/board/edgebadge/",
               "pygamer": "https://circuitpython.org/board/pygamer/"}

# Modules built into CircuitPython 9/10 for the PyBadge / PyGamer (SAMD51
# full build; their mpconfigboard.mk turns off aesio, floppyio,
# framebufferio, gifio, i2cdisplaybus, jpegio, paralleldisplaybus and
# vectorio) plus the frozen `stage`/`ugame`. adafruit_pixelbuf,
# adafruit_bus_device and bitmaptools are built in: never copied to lib/.
CP_BUILTINS = frozenset("""
    __future__ _asyncio _bleio _pixelmap _stage adafruit_bus_device adafruit_pixelbuf
    alarm analogio array atexit audiobusio audiocore audioio audiomixer audiomp3
    binascii bitbangio bitmapfilter bitmaptools board builtins busdisplay busio
    codeop collections countio digitalio displayio epaperdisplay errno fontio
    fourwire frequencyio gc getpass i2ctarget io json keypad locale math
    microcontroller micropython msgpack neopixel_write nvm onewireio os ps2io
    pulseio pwmio rainbowio random re rgbmatrix rotaryio rtc samd sdcardio
    select sharpdisplay storage struct supervisor synthio sys terminalio time
    touchio traceback ulab usb_cdc usb_hid usb_midi warnings watchdog zlib
    stage ugame
""".split())

# Files that may hold the player's data: installed only when missing on the
# drive, never overwritten, never removed.
PLAYER_FILES = ("settings.toml", "settings.*", "saves/*", "*.sav", "*.save")

# UF2 (https://github.com/microsoft/uf2)
UF2_MAGIC_START0 = 0x0A324655
UF2_MAGIC_START1 = 0x9E5D5157
UF2_MAGIC_END = 0x0AB16F30
UF2_FLAG_NOT_MAIN_FLASH = 0x00000001
UF2_FLAG_FAMILY = 0x00002000
SAMD51_FAMILY = 0x55114460
UF2_FAMILIES = {0x68ED2B88: "SAMD21", 0x55114460: "SAMD51", 0xADA52840: "nRF52840",
                0xE48BFF56: "RP2040", 0xE48BFF59: "RP2350", 0xBFDD4EEE: "ESP32-S2",
                0xC47E5767: "ESP32-S3", 0x1C5F21B0: "ESP32", 0x57755A57: "STM32F4"}
# INFO_UF2.TXT "Model:" / "Board-ID:" of the bootloaders we support
BOOTLOADER_BOARDS = (("pygamer", "pygamer"), ("edgebadge", "pybadge"), ("pybadge", "pybadge"))
APP_START = 0x4000     # SAMD51 application start: below it is the bootloader
# The name circuitpython.org gives a release's UF2: board, language, version.
UF2_NAME = re.compile(r"adafruit-circuitpython-([a-z0-9_]+)-([A-Za-z]{2,3}(?:_[A-Za-z]+)*)-"
                      r"(\d+)\.(\d+)\.(\d+)")
# The line every CircuitPython image holds (py/makeversionhdr.py's
# MICROPY_FULL_VERSION_INFO, what boot_out.txt's first line says).
UF2_BANNER = re.compile(rb"Adafruit CircuitPython (\d+\.\d+\.\d+[-+0-9A-Za-z.]*) on "
                        rb"\d{4}-\d\d-\d\d; ([ -~]{1,60}?) with [0-9a-z]+")
# CircuitPython's ja, ko and ru builds for the PyBadge and the PyGamer have no
# terminalio (and so no fontio): "We don't have room for the fonts for
# terminalio for certain languages" in ports/atmel-samd/boards/pybadge/ and
# pygamer/mpconfigboard.mk, which set CIRCUITPY_TERMINALIO = 0 when
# TRANSLATION is ja, ko or ru, since 9.2.5 (py/circuitpy_mpconfig.mk:
# CIRCUITPY_FONTIO ?= $(CIRCUITPY_TERMINALIO)). Every screen of the games
# draws its text with terminalio's font.
NO_TERMINALIO = {"ja": "Japanese", "ko": "Korean", "ru": "Russian"}
NO_TERMINALIO_SINCE = (9, 2, 5)
# CircuitPython's other languages (its locale/*.po at 10.3): all keep terminalio.
LANGUAGES_WITH_TERMINALIO = ("en_US", "en_GB", "cs", "de_DE", "el", "es", "fil", "fr", "hi", "ID",
                             "it_IT", "nl", "pl", "pt_BR", "sv", "tr", "zh_Latn_pinyin", "en_x_pirate")


class DeployError(Exception):
    """A problem the user can fix: the message says how."""


def say(msg=""):
    print(msg)


def warn(msg):
    print("warning: " + msg)


def sha256(data):
    return hashlib.sha256(data).hexdigest()


def read_bytes(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return None


# ------------------------------------------------------------ finding drives

def _posix_candidates(label, patterns):
    out = []
    for pat in patterns:
        for p in sorted(glob.glob(pat.format(label=label))):
            if os.path.isdir(p) and p not in out:
                out.append(p)
    return out


def _windows_volumes():
    """(root, volume label) of every drive letter (Windows only)."""
    import ctypes
    import string
    k32 = ctypes.windll.kernel32
    k32.SetErrorMode(1)    # no "insert a disk" dialogs for empty card readers
    mask = k32.GetLogicalDrives()
    for i, letter in enumerate(string.ascii_uppercase):
        if mask >> i & 1:
            root = letter + ":\\"
            buf = ctypes.create_unicode_buffer(261)
            if k32.GetVolumeInformationW(ctypes.c_wchar_p(root), buf, 261,
                                         None, None, None, None, 0):
                yield root, buf.value


LINUX_PATTERNS = ("/media/*/{label}", "/media/*/{label}[0-9]", "/media/{label}",
                  "/run/media/*/{label}", "/run/media/*/{label}[0-9]")
MAC_PATTERNS = ("/Volumes/{label}", "/Volumes/{label} [0-9]")


def find_circuitpy(patterns=None):
    """Every mounted CIRCUITPY drive (a mount point, or a folder holding
    boot_out.txt: an empty leftover mount folder is not a drive)."""
    if patterns is None and os.name == "nt":
        return [root for root, label in _windows_volumes() if label.upper() == LABEL]
    if patterns is None:
        patterns = MAC_PATTERNS if sys.platform == "darwin" else LINUX_PATTERNS
    return [p for p in _posix_candidates(LABEL, patterns)
            if os.path.ismount(p) or os.path.isfile(os.path.join(p, "boot_out.txt"))]


BOOT_PATTERNS = ("/media/*/*", "/run/media/*/*", "/media/*", "/Volumes/*")


def find_bootloaders(patterns=None):
    """Every mounted drive holding INFO_UF2.TXT (a board in bootloader mode)."""
    if patterns is None and os.name == "nt":
        roots = [root for root, _label in _windows_volumes()]
    else:
        roots = []
        for pat in patterns or BOOT_PATTERNS:
            roots.extend(p for p in sorted(glob.glob(pat)) if p not in roots)
    return [r for r in roots if os.path.isfile(os.path.join(r, "INFO_UF2.TXT"))]


def pick_drive(found, what, hint):
    if len(found) == 1:
        return found[0]
    if not found:
        raise DeployError("no %s drive found. %s" % (what, hint))
    raise DeployError("%d %s drives found:\n%s\nUnplug all but one board, or choose one with "
                      "--drive PATH." % (len(found), what, "\n".join("  " + p for p in found)))


# ------------------------------------------------------------ boot_out.txt

def parse_boot_out(text):
    """boot_out.txt -> {"version": "9.2.1", "major": 9, "name": "Adafruit PyBadge",
    "board_id": "pybadge"}; None for what it does not say."""
    info = {"version": None, "major": None, "minor": None, "name": None, "board_id": None}
    m = re.search(r"CircuitPython\s+(\d+)\.(\d+)(?:\.(\d+))?(\S*?)(?:\s|;|$)", text)
    if m:
        info["version"] = "%s.%s%s%s" % (m.group(1), m.group(2),
                                         "." + m.group(3) if m.group(3) else "", m.group(4))
        info["major"] = int(m.group(1))
        info["minor"] = int(m.group(2))
    m = re.search(r";\s*(.+?)\s+with\s+\S+", text)
    if m:
        info["name"] = m.group(1).strip()
    m = re.search(r"Board ID:\s*(\S+)", text)
    if m:
        info["board_id"] = m.group(1).strip()
    return info


def update_hint(board_id):
    page = BOARD_PAGES.get(board_id, "https://circuitpython.org/downloads")
    return ("To update: download the CircuitPython %d.x .uf2 for your board from %s, "
            "double-click the board's reset button (the %s drive appears), then run\n"
            "  .venv/bin/python tools/deploy.py --uf2 adafruit-circuitpython-%s-en_US-<version>.uf2\n"
            "and, once CIRCUITPY is back, .venv/bin/python tools/deploy.py again (docs/deploy.md)."
            % (MAX_TESTED_MAJOR, page,
               "PYGAMERBOOT" if board_id == "pygamer" else "PYBADGEBOOT",
               board_id or "<board>"))


def check_drive_path(drive):
    """--drive PATH must be a folder that is there."""
    if not os.path.exists(drive):
        raise DeployError("%s does not exist. Plug the board in, wait for the CIRCUITPY drive "
                          "to appear, and give its folder (e.g. /media/$USER/CIRCUITPY, "
                          "/Volumes/CIRCUITPY or E:\\), or leave --drive out to find it by its "
                          "name." % drive)
    if not os.path.isdir(drive):
        raise DeployError("%s is a file, not a drive: give the CIRCUITPY drive's folder (e.g. "
                          "/media/$USER/CIRCUITPY, /Volumes/CIRCUITPY or E:\\), or leave --drive "
                          "out to find it by its name." % drive)


def check_board(drive, board_override=None, force=False):
    """Read boot_out.txt; returns (info, family). Refuses CircuitPython < 9."""
    text = read_bytes(os.path.join(drive, "boot_out.txt"))
    info = parse_boot_out(text.decode("utf-8", "replace") if text is not None else "")
    if text is None:
        msg = ("%s has no readable boot_out.txt, so it does not look like a CIRCUITPY drive, "
               "and the CircuitPython version and board are unknown. If it is the board's "
               "drive, press the board's reset button once (CircuitPython writes boot_out.txt "
               "at every start) and run the tool again, or pass --force --board "
               "pybadge|edgebadge|pygamer; otherwise give the CIRCUITPY drive with --drive."
               % drive)
        if not force:
            raise DeployError(msg)
        warn(msg)
    elif info["major"] is None:
        head = text[:40].decode("ascii", "replace").splitlines()
        said = ("it starts %r" % head[0]) if head and head[0].isprintable() else \
            "it is empty" if not text.strip() else "it holds no readable text"
        msg = ("boot_out.txt on %s does not name a CircuitPython version (%s)" % (drive, said))
        if not force:
            raise DeployError(msg + ". A CircuitPython board writes it at every start: press "
                              "the reset button once and run the tool again; if it stays so, "
                              "this is not a CircuitPython drive (--force --board ... goes on "
                              "anyway).")
        warn(msg)
    elif info["major"] < MIN_MAJOR:
        msg = ("this board runs CircuitPython %s; the games need CircuitPython %d or %d.\n%s"
               % (info["version"], MIN_MAJOR, MAX_TESTED_MAJOR, update_hint(info["board_id"])))
        if not force:
            raise DeployError(msg)
        warn(msg)
    elif info["major"] > MAX_TESTED_MAJOR:
        warn("CircuitPython %s is newer than the versions tested (%d, %d); going on."
             % (info["version"], MIN_MAJOR, MAX_TESTED_MAJOR))
    board_id = board_override or info["board_id"]
    if board_id in SUPPORTED_BOARDS:
        family = SUPPORTED_BOARDS[board_id]
    else:
        family = "pygamer" if board_id and "pygamer" in board_id else "pybadge"
        warn("board %r (%s) is not one these games were made for (PyBadge, PyBadge LC, "
             "EdgeBadge, PyGamer); installing the %s adapter, as boards.load() would pick it."
             % (board_id, info["name"] or "unknown name", family))
    return info, family


# ------------------------------------------------------------ imports

def _catches_import_error(handlers):
    for h in handlers:
        if h.type is None:
            return True
        names = h.type.elts if isinstance(h.type, ast.Tuple) else [h.type]
        for n in names:
            if isinstance(n, ast.Name) and n.id in ("ImportError", "ModuleNotFoundError",
                                                     "Exception", "BaseException"):
                return True
    return False


def scan_imports(source, modname, is_package, filename="<source>"):
    """[(module name, required)] imported by this source. Imports inside a
    try that catches ImportError (and in its handlers: the fallback), or
    under `if TYPE_CHECKING`, are optional: never installed, never missing.
    `from a import b` yields a and a.b (b may be a submodule)."""
    tree = ast.parse(source, filename)
    out = []
    pkg = modname if is_package else modname.rpartition(".")[0]

    def visit(node, optional):
        if isinstance(node, ast.Try) or type(node).__name__ == "TryStar":
            opt = optional or _catches_import_error(node.handlers)
            for child in node.body:
                visit(child, opt)
            for child in node.handlers:     # the fallback of an optional import
                visit(child, opt)
            for part in (node.orelse, node.finalbody):
                for child in part:
                    visit(child, optional)
            return
        if isinstance(node, ast.If):
            t = node.test
            if (isinstance(t, ast.Name) and t.id == "TYPE_CHECKING") or \
                    (isinstance(t, ast.Attribute) and t.attr == "TYPE_CHECKING"):
                for child in node.body:
                    visit(child, True)
                for child in node.orelse:
                    visit(child, optional)
                return
        if isinstance(node, ast.Import):
            for a in node.names:
                out.append((a.name, not optional))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = pkg.split(".") if pkg else []
                if node.level > 1:
                    base = base[:len(base) - (node.level - 1)]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module
            if mod:
                out.append((mod, not optional))
            for a in node.names:
                if a.name != "*":
                    out.append(((mod + "." if mod else "") + a.name, None))  # maybe a submodule
        for child in ast.iter_child_nodes(node):
            visit(child, optional)

    visit(tree, False)
    return out


def site_dirs():
    """Where the installed PyPI packages are: the repository's .venv first
    (what the simulator and tests use), then this interpreter's."""
    dirs = []
    for d in (sorted(glob.glob(os.path.join(ROOT, ".venv", "lib", "python3*", "site-packages")))
              + [os.path.join(ROOT, ".venv", "Lib", "site-packages"),
                 sysconfig.get_paths().get("purelib")]
              + list(getattr(site, "getsitepackages", list)())):
        if d and os.path.isdir(d) and os.path.abspath(d) not in dirs:
            dirs.append(os.path.abspath(d))
    return dirs


class Resolver:
    """Which installed library files the firmware needs (the import closure,
    module by module), and what it imports that nothing provides."""

    def __init__(self, firmware_modules, sites):
        self.firmware_modules = firmware_modules   # top-level names that come from firmware/
        self.sites = sites
        self.files = {}          # lib-relative posix path -> absolute source path
        self.roots = set()       # top-level library names
        self.missing = []        # (module, imported by)
        self._done = set()

    def _spec(self, name):
        parts = name.split(".")
        path = self.sites
        spec = None
        for i in range(len(parts)):
            spec = importlib.machinery.PathFinder.find_spec(parts[i], path)
            if spec is None:
                return None
            if i < len(parts) - 1:
                if not spec.submodule_search_locations:
                    return None
                path = list(spec.submodule_search_locations)
        return spec

    def need(self, name, required, importer):
        top = name.split(".")[0]
        if top in CP_BUILTINS or top in self.firmware_modules or top == "boards":
            return
        if name in self._done:
            return
        spec = self._spec(name)
        if spec is None or not spec.origin or spec.origin in ("built-in", "frozen"):
            if required:
                self.missing.append((name, importer))
            return
        self._done.add(name)
        if "." in name:      # the parent packages' __init__ run first
            self.need(name.rpartition(".")[0], True, importer)
        origin = spec.origin
        if not origin.endswith(".py"):
            raise DeployError("%s (imported by %s) is %s, not pure Python: it cannot go "
                              "on the board." % (name, importer, origin))
        site_dir = next(d for d in self.sites if origin.startswith(d + os.sep))
        rel = os.path.relpath(origin, site_dir).replace(os.sep, "/")
        self.files[rel] = origin
        self.roots.add(top)
        with open(origin, "rb") as f:
            source = f.read()
        for mod, req in scan_imports(source, name, bool(spec.submodule_search_locations), origin):
            self.need(mod, req if req is not None else False, name)


# Under firmware/ for people to find beside the code, never imported on the
# board: the engine contract (documentation) and Alheimur's packers for the
# desktop's own positions (tests, tools).
DESKTOP_ONLY = ("contract.py", "alheimur/packing.py")


def firmware_files():
    """Every file under firmware/ (posix relative path -> absolute path),
    without caches, hidden files and what only the desktop uses
    (DESKTOP_ONLY)."""
    out = {}
    for dirpath, dirnames, filenames in os.walk(FIRMWARE):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__" and not d.startswith("."))
        for fn in sorted(filenames):
            if fn.startswith(".") or fn.endswith((".pyc", ".pyo")):
                continue
            full = os.path.join(dirpath, fn)
            rel = os.path.relpath(full, FIRMWARE).replace(os.sep, "/")
            if rel not in DESKTOP_ONLY:
                out[rel] = full
    return out


def module_name(rel):
    """'aliencity/engine.py' -> ('aliencity.engine', False); '__init__' -> package."""
    parts = rel[:-3].split("/")
    if parts[-1] == "__init__":
        return ".".join(parts[:-1]), True
    return ".".join(parts), False


def adapter_files(family):
    """boards/__init__.py, common.py, the family module and the adapter
    modules it imports (pygamer imports pybadge's ShiftButtons)."""
    want = ["__init__", "common", family]
    i = 0
    while i < len(want):
        name = want[i]
        i += 1
        path = os.path.join(BOARDS_DIR, name + ".py")
        if not os.path.isfile(path):
            raise DeployError("boards/%s.py is missing from this checkout" % name)
        if name == "__init__":
            continue       # load() imports every family lazily: only ours is needed
        with open(path, "rb") as f:
            for mod, _req in scan_imports(f.read(), "boards." + name, False, path):
                parts = mod.split(".")
                if parts[0] == "boards" and len(parts) > 1 and \
                        os.path.isfile(os.path.join(BOARDS_DIR, parts[1] + ".py")) and parts[1] not in want:
                    want.append(parts[1])
    return {"boards/%s.py" % n: os.path.join(BOARDS_DIR, n + ".py") for n in want}


def is_player_file(rel):
    import fnmatch
    return any(fnmatch.fnmatch(rel, pat) for pat in PLAYER_FILES)


# ------------------------------------------------------------ mpy-cross

# Adafruit publishes CircuitPython's own mpy-cross for every release and the
# common hosts under one base, a folder per host (CircuitPython's
# .github/workflows/build-mpy-cross.yml and build.yml upload them; Adafruit's
# circuitpython-build-tools downloads them the same way: build.py, mpy_cross()).
MPY_CROSS_FROM = "https://adafruit-circuit-python.s3.amazonaws.com/bin/mpy-cross"
MPY_CROSS_DOWNLOADS = "https://adafruit-circuit-python.s3.amazonaws.com/index.html?prefix=bin/mpy-cross/"
CACHE_NAME = "handheld-city-games"
DOWNLOAD_TIMEOUT = 20          # seconds, for the connection and for each read
DOWNLOAD_LIMIT = 64 << 20      # an mpy-cross is about 0.3 to 2 MB
RELEASE_TAG = re.compile(r"^\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.+-]+)?$")   # 10.0.3, 10.0.0-beta.2

# What a .py deploy costs against .mpy, for the line that says so. From
# docs/bench.md "Time on the board" (the SAMD51 estimates: the launcher to a
# game's first playable screen or its board, new or continued, every game;
# power-on to the launcher) and docs/memory.md ("playing Alheimur: the
# peak", .py against .mpy). tests/test_deploy_mpy.py holds them to those tables.
PY_START_S = (1.4, 3.3)        # the launcher to a game's board, from .py
MPY_START_S = (0.2, 0.4)       # ... from .mpy
PY_POWER_ON_S = 1.3            # power-on to the launcher: this much longer from .py
PY_HEAP_KB = 2.8               # Alheimur's peak: this much more heap from .py


def _get_mpy_cross(major):
    """How to get CircuitPython's mpy-cross (for this major version)."""
    which = ("CircuitPython %d.x" % major) if major else "your board's CircuitPython version"
    return ("Get CircuitPython's own mpy-cross for %s: download it for your computer from %s "
            "(folders by system; the file names carry the version, e.g. "
            "mpy-cross-linux-amd64-10.0.3.static), make it executable, and pass its path with "
            "--mpy-cross; or build it from the circuitpython repository (make -C mpy-cross); "
            "or deploy without --mpy-cross (the tool then fetches the right one itself, or "
            "deploys .py, which works on every version)."
            % (which, MPY_CROSS_DOWNLOADS))


def mpy_cross_problem(exe, board_major=None):
    """None when exe is CircuitPython's mpy-cross for the board: it
    compiles a one-line probe to a file starting with b"C" (MicroPython's
    start with b"M", and CircuitPython refuses those) and its --version
    names the board's CircuitPython major version (a .mpy from another
    major version is refused by the board: 'Incompatible .mpy file').
    Otherwise (what is wrong, in words that follow the path; whether
    --force may go on anyway)."""
    if not (os.path.isfile(exe) or shutil.which(exe)):
        return "is not there", False
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "probe.py")
        out = os.path.join(tmp, "probe.mpy")
        with open(src, "w") as f:
            f.write("x = 1\n")
        try:
            p = subprocess.run([exe, "-o", out, src], capture_output=True, text=True, timeout=60)
        except (OSError, subprocess.SubprocessError, ValueError) as e:
            return "cannot be run (%s)" % e, False
        data = read_bytes(out)
        if p.returncode != 0 or not data:
            said = " ".join(((p.stderr or p.stdout) or "").split())[:120]
            if not said:
                said = ("killed by signal %d" % -p.returncode if p.returncode < 0 else
                        "exit status %d, no output" % p.returncode if p.returncode else "no output")
            return "failed on a one-line probe file (%s)" % said, False
    if data[:1] == b"M":
        return ("is MicroPython's mpy-cross: its .mpy files start with 'M' (MicroPython's "
                "format), and CircuitPython refuses them ('Incompatible .mpy file'); "
                "CircuitPython's start with 'C'"), False
    if data[:1] != b"C":
        return "wrote %r..., not a CircuitPython .mpy (those start with 'C')" % data[:4], False
    try:
        v = subprocess.run([exe, "--version"], capture_output=True, text=True, timeout=30)
        said = (v.stdout + v.stderr).strip()
    except (OSError, subprocess.SubprocessError, ValueError):
        said = ""
    m = re.search(r"CircuitPython\s+(\d+)\.", said)
    if board_major and (not m or int(m.group(1)) != board_major):
        return ("is %s, but the board runs CircuitPython %d: the board would refuse its .mpy "
                "files ('Incompatible .mpy file')"
                % (("CircuitPython %s's mpy-cross" % m.group(1)) if m else
                   "an mpy-cross whose --version names no CircuitPython version (%r)" % said[:80],
                   board_major)), True
    return None


def check_mpy_cross(exe, board_major=None, force=False):
    """The mpy-cross named with --mpy-cross: refused (a paragraph saying
    where to get the right one) unless mpy_cross_problem finds nothing;
    --force goes on past a version that is not the board's."""
    bad = mpy_cross_problem(exe, board_major)
    if bad is None:
        return exe
    what, forceable = bad
    if what == "is not there":
        raise DeployError("mpy-cross not found: %s. %s" % (exe, _get_mpy_cross(board_major)))
    msg = "%s %s." % (exe, what)
    if not (force and forceable):
        raise DeployError(msg + " " + _get_mpy_cross(board_major))
    warn(msg + " Going on (--force).")
    return exe


def host_platform():
    """(system, machine) of this computer, as platform.uname() gives them."""
    import platform
    return platform.system(), platform.machine()


def mpy_cross_forms(system, machine):
    """[(folder, file name with {tag} for the release)] of the mpy-cross
    Adafruit publishes for this host, the one to try first first; [] for a
    host it publishes none for. The names circuitpython-build-tools asks
    for (build.py, mpy_cross(), adafruit/circuitpython-build-tools at
    a0d36a7), and linux-aarch64, which CircuitPython's own workflow
    uploads beside them (build-mpy-cross.yml); macOS: the universal binary,
    then the one for this Mac's chip (build.yml uploads the three)."""
    system, machine = system.title(), machine.lower()
    if system == "Linux" and machine in ("amd64", "x86_64"):
        return [("linux-amd64", "mpy-cross-linux-amd64-{tag}.static")]
    if system == "Linux" and machine in ("aarch64", "arm64"):
        return [("linux-aarch64", "mpy-cross-linux-aarch64-{tag}.static-aarch64")]
    if system == "Linux" and machine == "armv7l":
        return [("linux-raspbian", "mpy-cross-linux-raspbian-{tag}.static-raspbian")]
    if system == "Darwin":
        chip = "arm64" if machine in ("arm64", "aarch64") else "x64"
        return [("macos", "mpy-cross-macos-{tag}-universal"), ("macos", "mpy-cross-macos-{tag}-" + chip)]
    if system == "Windows" and machine in ("amd64", "x86_64"):
        return [("windows", "mpy-cross-windows-{tag}.static.exe")]
    return []


def cache_dir():
    """Where downloaded compilers are kept: $XDG_CACHE_HOME (an absolute
    path, as the XDG spec asks), else ~/.cache; a folder of ours in it."""
    base = os.environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(base):
        base = os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, CACHE_NAME, "mpy-cross")


def download(url, dest, timeout=DOWNLOAD_TIMEOUT):
    """Fetch url into the file dest, as circuitpython-build-tools'
    mpy_cross() does (one GET; the file only on HTTP 200; made executable),
    but written atomically (a temporary name beside dest, flushed, renamed
    over it: dest is whole or absent) and checked for length (a download
    cut short never lands). Returns None, or why not in a few words
    ('HTTP 404' when the server has no such file). No exit, no retry."""
    import http.client
    import stat
    import urllib.error
    import urllib.request
    tmp = "%s.%d%s" % (dest, os.getpid(), TMP_SUFFIX)
    try:
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        with urllib.request.urlopen(url, timeout=timeout) as r:
            length = r.headers.get("Content-Length")
            got = 0
            with open(tmp, "wb") as f:
                while True:
                    chunk = r.read(1 << 16)
                    if not chunk:
                        break
                    got += len(chunk)
                    if got > DOWNLOAD_LIMIT:
                        return "more than %d MB: not an mpy-cross" % (DOWNLOAD_LIMIT >> 20)
                    f.write(chunk)
                f.flush()
                os.fsync(f.fileno())
        if not got or (length and length.isdigit() and got != int(length)):
            return "cut short: %d of %s bytes" % (got, length or "?")
        os.chmod(tmp, os.stat(tmp).st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
        os.replace(tmp, dest)
        return None
    except urllib.error.HTTPError as e:
        return "HTTP %d" % e.code
    except http.client.IncompleteRead as e:
        return "cut short: %d bytes, %s more expected" % (len(e.partial), e.expected)
    except urllib.error.URLError as e:
        return "cannot reach it: %s" % (getattr(e.reason, "strerror", None) or e.reason)
    except (OSError, http.client.HTTPException, ValueError) as e:
        return "%s" % (getattr(e, "strerror", None) or e)
    finally:
        if os.path.exists(tmp):
            try:
                os.remove(tmp)
            except OSError:
                pass


def find_mpy_cross(version, major, base=MPY_CROSS_FROM):
    """CircuitPython's mpy-cross for the board's release (boot_out.txt's
    version, as circup reads it): the one kept in cache_dir(), else the one
    Adafruit publishes for this host, downloaded once into it; each checked
    before use (mpy_cross_problem: a bad one leaves the cache). Returns
    (path, None), or (None, why .py instead, in a few words)."""
    if not version or not major:
        return None, "boot_out.txt names no CircuitPython version to fetch mpy-cross for"
    if not RELEASE_TAG.match(version):
        return None, "boot_out.txt's version %r is not one Adafruit names its downloads by" % version
    system, machine = host_platform()
    forms = mpy_cross_forms(system, machine)
    if not forms:
        return None, "Adafruit publishes no mpy-cross for this computer (%s %s)" % (system, machine)
    folder = cache_dir()
    missing = []
    for sub, name in forms:
        path = os.path.join(folder, name.format(tag=version))
        if os.path.isfile(path):
            bad = mpy_cross_problem(path, major)
            if bad is None:
                return path, None
            warn("the mpy-cross kept in %s %s; it goes, and is fetched again." % (path, bad[0]))
            try:
                os.remove(path)
            except OSError:
                return None, "the mpy-cross kept in %s %s and cannot be removed" % (path, bad[0])
        url = "%s/%s/%s" % (base.rstrip("/"), sub, os.path.basename(path))
        say("fetching CircuitPython %s's mpy-cross for this computer (once: it is kept in %s): %s"
            % (version, folder, url))
        why = download(url, path)
        if why and why.startswith("HTTP 404"):
            missing.append(url)
            continue
        if why:
            return None, "fetching %s failed (%s)" % (url, why)
        bad = mpy_cross_problem(path, major)
        if bad is None:
            return path, None
        try:
            os.remove(path)
        except OSError:
            pass
        return None, "the mpy-cross from %s %s" % (url, bad[0])
    return None, ("Adafruit publishes no mpy-cross for CircuitPython %s on this computer (HTTP 404: %s)"
                  % (version, ", ".join(missing)))


def py_cost(why, dry_run=False):
    """The one line of a deploy that installs .py: why, and what it costs."""
    return ("%s .py, not .mpy: %s. From .py a game takes %.1f to %.1f s from the launcher to its "
            "board (%.1f to %.1f s from .mpy), power-on %.1f s longer, and Alheimur's peak %.1f KB "
            "more heap (docs/bench.md, docs/memory.md); --mpy-cross PATH names a compiler "
            "(docs/deploy.md)."
            % ("would deploy" if dry_run else "deploying", why, PY_START_S[0], PY_START_S[1],
               MPY_START_S[0], MPY_START_S[1], PY_POWER_ON_S, PY_HEAP_KB))


def choose_compiler(info, explicit=None, source=False, base=None, force=False, dry_run=False):
    """The mpy-cross to compile with, or None for .py (after one line
    saying why and what it costs): --py; else --mpy-cross PATH (refused,
    a paragraph, when it is not the board's); else find_mpy_cross."""
    if source:
        warn(py_cost("--py asks for source", dry_run))
        return None
    if explicit:
        exe = check_mpy_cross(explicit, info["major"], force)
    else:
        exe, why = find_mpy_cross(info["version"], info["major"], base or MPY_CROSS_FROM)
        if exe is None:
            warn(py_cost(why, dry_run))
            return None
    say("%s to .mpy with %s" % ("dry run: would compile" if dry_run else "compiling", exe))
    return exe


def compile_mpy(exe, source_path, rel):
    """rel compiled by exe; a failure is one paragraph (nothing is on the
    drive yet: the bundle is made before the deploy writes)."""
    fix = " Nothing was changed; --py deploys the games as source instead."
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "out.mpy")
        try:
            # the .mpy records its own path as its source (one interned
            # name per module, not two: tools/cplane.py, recorded_name)
            p = subprocess.run([exe, "-o", out, "-s", rel[:-3] + ".mpy", source_path],
                               capture_output=True, text=True, timeout=120)
        except (OSError, subprocess.SubprocessError, ValueError) as e:
            raise DeployError("%s could not compile %s (%s).%s" % (exe, rel, e, fix)) from None
        data = read_bytes(out)
        if p.returncode != 0 or not data:
            said = " ".join(((p.stderr or p.stdout) or "").split()) or "exit status %d" % p.returncode
            raise DeployError("mpy-cross failed on %s: %s.%s" % (rel, said, fix))
        if data[:1] != b"C":
            raise DeployError("mpy-cross wrote a non-CircuitPython .mpy for %s.%s" % (rel, fix))
        return data


# ------------------------------------------------------------ the bundle

NO_COMPILE = ("code.py", "boot.py", "main.py", "code.txt", "main.txt")


def build_bundle(family, mpy_cross=None, libs=True):
    """{drive-relative posix path: bytes} and the library names. libs=False:
    no lib/ files (circup installs them from requirements.txt)."""
    fw = firmware_files()
    if "code.py" not in fw:
        raise DeployError("firmware/code.py is missing")
    firmware_tops = set()
    for rel in fw:
        top = rel.split("/")[0]
        firmware_tops.add(top[:-3] if top.endswith(".py") else top)
    boards = adapter_files(family)
    res = Resolver(firmware_tops, site_dirs())
    for rel, path in list(fw.items()) + list(boards.items()):
        if not rel.endswith(".py"):
            continue
        name, is_pkg = module_name(rel)
        with open(path, "rb") as f:
            source = f.read()
        try:
            imports = scan_imports(source, name, is_pkg, path)
        except SyntaxError as e:
            raise DeployError("cannot read %s: %s" % (path, e)) from None
        for mod, req in imports:
            res.need(mod, req if req is not None else False, rel)
    if res.missing:
        lines = ["  %s (imported by %s)" % m for m in res.missing]
        raise DeployError("the firmware imports modules that are neither built into CircuitPython "
                          "on this board nor installed here (pip install the library into .venv, "
                          "or drop the import):\n" + "\n".join(lines))
    sources = dict(fw)
    sources.update(boards)
    if libs:
        sources.update({"lib/" + rel: path for rel, path in res.files.items()})
    bundle = {}
    for rel, path in sorted(sources.items()):
        if mpy_cross and rel.endswith(".py") and rel not in NO_COMPILE:
            bundle[rel[:-3] + ".mpy"] = compile_mpy(mpy_cross, path, rel)
        elif rel.endswith(".py") and not rel.startswith("lib/"):
            bundle[rel] = as_deployed(path)
        else:
            with open(path, "rb") as f:
                bundle[rel] = f.read()
    libs = sorted(res.roots)
    bundle["requirements.txt"] = requirements_txt(libs, res.files)
    return bundle, libs


def as_deployed(path):
    """Our .py file as the drive gets it: its private const() names folded
    into their values (tools/constfold.py: the board's compiler would intern
    each name, about 10 bytes of heap for good; line numbers kept)."""
    import constfold
    with open(path, "rb") as f:
        data = f.read()
    return constfold.fold(data.decode("utf-8")).encode("utf-8")


def library_version(root, files):
    """The __version__ a library's source states (circup compares it with
    the bundle's), or None (none, or a git checkout's '0.0.0+auto.0')."""
    for rel in (root + ".py", root + "/__init__.py", root + "/__version__.py"):
        path = files.get(rel)
        if path:
            with open(path, encoding="utf-8", errors="replace") as f:
                m = re.search(r"""^__version__\s*=\s*['"]([^'"]+)['"]""", f.read(), re.M)
            if m and re.match(r"^\d+\.\d+\.\d+$", m.group(1)) and m.group(1) != "0.0.0":
                return m.group(1)
    return None


def requirements_txt(libs, files):
    """The drive's requirements.txt, in the form circup reads (`circup
    install -r`: one library a line, '#' comments, pip-style version
    specifiers ignored; `circup freeze` writes NAME==VERSION)."""
    if not libs:
        return (b"# The games import no CircuitPython library beyond those built into the board\n"
                b"# (written by tools/deploy.py): nothing for `circup install -r` to install.\n")
    lines = []
    for name in libs:
        v = library_version(name, files)
        lines.append("%s==%s\n" % (name, v) if v else name + "\n")
    return ("# The CircuitPython libraries the games import (written by tools/deploy.py),\n"
            "# as `circup freeze` writes them. Online instead of the copies in lib/:\n"
            "#   circup install -r requirements.txt     later: circup update\n"
            + "".join(lines)).encode()


# ------------------------------------------------------------ writing safely

def _fsync_dir(path):
    if os.name == "nt":
        return            # Windows cannot open a directory to flush it
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _flush(f):
    f.flush()
    try:
        import fcntl
        if hasattr(fcntl, "F_FULLFSYNC"):       # macOS: fsync alone does not reach the disk
            fcntl.fcntl(f.fileno(), fcntl.F_FULLFSYNC)
            return
    except (ImportError, OSError):
        pass
    os.fsync(f.fileno())


def _write_data(f, data):
    """Write the bytes (tests replace this to interrupt a copy midway)."""
    f.write(data)


def install_file(drive, rel, data):
    """Write data to drive/rel: a temporary name, flushed, then renamed over
    the old file (atomic), then the folder flushed."""
    dst = os.path.join(drive, *rel.split("/"))
    d = os.path.dirname(dst)
    made = []
    probe = d
    while not os.path.isdir(probe):
        made.append(probe)
        probe = os.path.dirname(probe)
    os.makedirs(d, exist_ok=True)
    for m in reversed(made):
        _fsync_dir(os.path.dirname(m))
    tmp = dst + TMP_SUFFIX
    with open(tmp, "wb") as f:
        _write_data(f, data)
        _flush(f)
    os.replace(tmp, dst)
    _fsync_dir(d)


def read_manifest(drive):
    data = read_bytes(os.path.join(drive, MANIFEST))
    if data is None:
        return {"files": {}, "libraries": []}
    try:
        m = json.loads(data.decode())
        files = {k: list(v) if isinstance(v, list) else [v] for k, v in m.get("files", {}).items()}
        return {"files": files, "libraries": list(m.get("libraries", []))}
    except (ValueError, AttributeError):
        warn("%s on the drive is unreadable; treating every file as not installed by this tool"
             % MANIFEST)
        return {"files": {}, "libraries": []}


def manifest_bytes(files, libraries, board_id, family, mpy):
    return (json.dumps({"tool": "handheld-city-games tools/deploy.py", "format": 1,
                        "board_id": board_id, "adapter": family, "mpy": bool(mpy),
                        "libraries": libraries,
                        "files": {k: files[k] for k in sorted(files)}},
                       indent=1, sort_keys=True) + "\n").encode()


def _order(rel):
    """Libraries first, then the adapter, then the game, code.py last (it is
    what the board restarts into after each write)."""
    if rel.startswith("lib/"):
        return (0, rel)
    if rel.startswith("boards/"):
        return (1, rel)
    if rel in ("code.py", "main.py"):
        return (3, rel)
    return (2, rel)


def cluster_size(drive):
    try:
        st = os.statvfs(drive)
        return max(512, st.f_frsize or st.f_bsize)
    except (AttributeError, OSError):
        return 4096


def _other_library(drive, rel, owned):
    """For lib/NAME.py (.mpy): the other form of the same library, or its
    package folder, when it is on the drive and this tool did not install
    it (circup did, or the user) or changed since it did (circup update):
    CircuitPython would pick one of the two, so ours is not added beside
    it. None otherwise."""
    if not _top_library(rel):
        return None
    stem = rel[:-3] if rel.endswith(".py") else rel[:-4]
    for other in (stem + ".mpy", stem + ".py", stem + "/"):
        if other == rel:
            continue
        path = os.path.join(drive, *other.rstrip("/").split("/"))
        if other.endswith("/"):
            if os.path.isdir(path) and not any(k.startswith(other) for k in owned):
                return other
            continue
        cur = read_bytes(path) if os.path.isfile(path) else None
        if cur is not None and not (other in owned and sha256(cur) in owned[other]):
            return other
    return None


def _top_library(rel):
    """lib/NAME.py or lib/NAME.mpy: a library circup may manage too."""
    return rel.startswith("lib/") and "/" not in rel[4:] and rel.endswith((".py", ".mpy"))


def twin(rel):
    """X.py <-> X.mpy; None for other files."""
    if rel.endswith(".py"):
        return rel[:-3] + ".mpy"
    if rel.endswith(".mpy"):
        return rel[:-4] + ".py"
    return None


def plan(drive, bundle):
    """What to do: (writes [(rel, data, why)], unchanged [rel], removals
    [rel], kept [(rel, why)], leftovers [rel], manifest, shadows [(rel,
    why)]) given the drive's files and manifest. Shadows are the other
    form of a module this deploy installs (X.py beside its X.mpy, or X.mpy
    beside its X.py) that the tool did not install or that was changed
    since: backed up, then removed (py/builtinimport.c imports X.py before
    X.mpy, so a stale X.py would run instead; an X.mpy beside X.py is dead
    weight). Top-level lib/ libraries keep _other_library's rule instead:
    circup's copy stays and ours is not added."""
    manifest = read_manifest(drive)
    owned = manifest["files"]
    writes, unchanged, removals, kept = [], [], [], []
    for rel in sorted(bundle, key=_order):
        data = bundle[rel]
        cur = read_bytes(os.path.join(drive, *rel.split("/")))
        other = _other_library(drive, rel, owned)
        if cur is not None and sha256(cur) == sha256(data):
            unchanged.append(rel)
        elif cur is not None and is_player_file(rel):
            kept.append((rel, "may hold the player's data: never overwritten"))
        elif other:
            kept.append((rel, "not installed: %s is on the drive and %s (circup?); it is used "
                              "instead" % (other, "was changed since the last deploy"
                                           if other in owned else "was not installed by this tool")))
        elif cur is not None and rel.startswith("lib/") and rel in owned and \
                sha256(cur) not in owned[rel]:
            kept.append((rel, "changed on the drive since the last deploy (circup update?): "
                              "left as it is; delete it to get this tool's copy again"))
        elif cur is None:
            writes.append((rel, data, "new"))
        elif rel in owned:
            if sha256(cur) in owned[rel]:
                writes.append((rel, data, "update"))
            else:
                writes.append((rel, data, "update (it was changed on the drive since the last deploy)"))
        else:
            writes.append((rel, data, "replace (not installed by this tool before)"))
    for rel in sorted(owned):
        if rel in bundle:
            continue
        cur = read_bytes(os.path.join(drive, *rel.split("/")))
        if cur is None:
            continue
        if is_player_file(rel):
            kept.append((rel, "may hold the player's data: never removed"))
        elif sha256(cur) in owned[rel]:
            removals.append(rel)
        else:
            kept.append((rel, "no longer part of the games, but changed on the drive: left in place"))
    shadows = []
    not_installed = {k[0] for k in kept}
    for rel in sorted(bundle):
        other = twin(rel)
        if other is None or _top_library(rel) or rel in not_installed or other in bundle \
                or other in removals or is_player_file(other) or rel in NO_COMPILE:
            continue
        if not os.path.isfile(os.path.join(drive, *other.split("/"))):
            continue
        kept = [k for k in kept if k[0] != other]
        if rel.endswith(".mpy"):
            why = ("CircuitPython would import it instead of the new %s: %s" % (
                rel, "changed on the drive since the last deploy" if other in owned
                else "not installed by this tool"))
        else:
            why = "the new %s replaces it (%s)" % (
                rel, "changed on the drive since the last deploy" if other in owned
                else "not installed by this tool")
        shadows.append((other, why))
    leftovers = []
    for rel in set(bundle) | set(owned) | {MANIFEST}:
        tmp = os.path.join(drive, *rel.split("/")) + TMP_SUFFIX
        if os.path.isfile(tmp):
            leftovers.append(rel + TMP_SUFFIX)
    return writes, unchanged, removals, kept, sorted(leftovers), manifest, shadows


def space_needed(drive, writes, extra=()):
    """Bytes the drive must have free: every new file is written in full
    beside the old one before any is renamed over it (so an interrupted run
    leaves the old game whole), each rounded up to the drive's cluster, plus
    a cluster for its directory entry."""
    cl = cluster_size(drive)
    return sum((len(data) + cl - 1) // cl * cl + cl for _rel, data in list(writes) + list(extra))


def check_space(drive, writes, extra=()):
    """Fails before writing anything if the files cannot fit; the message
    gives the same two figures the check compares."""
    need = space_needed(drive, [(w[0], w[1]) for w in writes], extra)
    free = shutil.disk_usage(drive).free
    if need > free:
        raise DeployError(
            "not enough room on %s: this update needs %d KB free (every new file is written "
            "beside the old one before it replaces it), and the drive has %d KB free. Nothing "
            "was changed. Delete files you do not need from the drive (not boot_out.txt), or "
            "deploy .mpy, smaller than .py (the default, when CircuitPython's mpy-cross can be "
            "fetched or is given with --mpy-cross PATH), then run the tool again."
            % (drive, (need + 1023) // 1024, free // 1024))
    return need, free


PROBE = ".deploy-probe" + TMP_SUFFIX
BACKUP_DIR = "deploy-backup"     # not a Python name: nothing there is ever imported


def check_writable(drive):
    """Write and remove a small probe file: a drive CircuitPython has
    remounted for itself (storage.remount in boot.py) is read-only to the
    computer, and nothing can be installed."""
    path = os.path.join(drive, PROBE)
    try:
        with open(path, "wb") as f:
            f.write(b"probe")
        os.remove(path)
    except OSError as e:
        raise DeployError(explain(e, drive, "probe")) from None


def _gone(drive):
    return not os.path.isdir(drive) or not os.path.isfile(os.path.join(drive, "boot_out.txt"))


def explain(e, drive, stage, done=0, total=0, backups=()):
    """One paragraph for an OSError while deploying: what happened, the
    state the drive is in, what to do."""
    import errno
    code = getattr(e, "errno", None)
    if code in (errno.EROFS, errno.EACCES, errno.EPERM) and not _gone(drive):
        what = ("%s is read-only for this computer (%s). CircuitPython makes it so when the "
                "board's boot.py calls storage.remount(\"/\", readonly=False) so that the board "
                "itself can write. To deploy: open the serial console (e.g. .venv/bin/python -m "
                "serial.tools.miniterm /dev/ttyACM0 115200, or the Mu editor), press Ctrl-C "
                "then Enter for the REPL, type import os; os.rename(\"/boot.py\", "
                "\"/boot.bak\") and press the reset button, or restart the board in safe mode "
                "(press reset, then again while the light blinks yellow), where boot.py does "
                "not run; then run the tool again." % (drive, e.strerror or e))
    elif code in (errno.ENOSPC, getattr(errno, "EDQUOT", -1), errno.EFBIG) and not _gone(drive):
        what = ("%s filled up while copying (%s), although the space check found room: "
                "something else wrote to it, or the file system needs more than estimated. "
                "Delete files you do not need from the drive (not boot_out.txt), or deploy "
                ".mpy, smaller than .py (the default, when CircuitPython's mpy-cross can be "
                "fetched or is given with --mpy-cross PATH), then run the tool again."
                % (drive, e.strerror or e))
    elif _gone(drive):
        what = ("%s went away while copying (%s): the cable was pulled, the board was reset "
                "or the computer ejected the drive. Plug the board back in, wait for CIRCUITPY, "
                "then run the tool again." % (drive, e.strerror or e))
    else:
        what = ("writing to %s failed: %s. Check the drive (eject and plug the board back in; "
                "a file system error can be fixed with the computer's disk check), then run the "
                "tool again." % (drive, e))
    if stage == "probe":
        state = "Nothing was changed."
    elif stage == "stage":
        state = ("Nothing the board runs was changed: the new files were being written under "
                 "temporary names (*%s), so the old game is on the drive as it was; the next "
                 "run removes the leftovers." % TMP_SUFFIX)
    else:
        state = ("It stopped while putting the new files in place (%d of %d were): the board "
                 "may show an error until the tool runs again, which finishes the job."
                 % (done, total))
    if backups:
        state += (" Your files that this tool replaces were first copied to %s."
                  % os.path.join(drive, backups[0]))
    return what + " " + state


def _stage_file(drive, rel, data):
    """Write data to drive/rel + TMP_SUFFIX, flushed; returns that path."""
    dst = os.path.join(drive, *rel.split("/"))
    d = os.path.dirname(dst)
    made = []
    probe = d
    while not os.path.isdir(probe):
        made.append(probe)
        probe = os.path.dirname(probe)
    os.makedirs(d, exist_ok=True)
    for m in reversed(made):
        _fsync_dir(os.path.dirname(m))
    tmp = dst + TMP_SUFFIX
    with open(tmp, "wb") as f:
        _write_data(f, data)
        _flush(f)
    return tmp


def _commit_file(drive, rel):
    """Rename the staged drive/rel + TMP_SUFFIX over drive/rel (atomic)."""
    dst = os.path.join(drive, *rel.split("/"))
    os.replace(dst + TMP_SUFFIX, dst)


def _backup_name(drive):
    import time
    stamp = time.strftime("%Y%m%d-%H%M%S")
    base = "%s/%s" % (BACKUP_DIR, stamp)
    i = 1
    name = base
    while os.path.exists(os.path.join(drive, *name.split("/"))):
        i += 1
        name = "%s-%d" % (base, i)
    return name


def deploy(drive, bundle, libraries, info, family, mpy=False, dry_run=False):
    """Install the bundle on the drive. Returns the number of files written
    or removed (0 on a drive that is already up to date).

    The order keeps a game that runs on the drive at every moment: first
    the files this tool did not install and will replace (the stock
    code.py, a file the player edited) are copied to deploy-backup/<time>/;
    then every new file is written under a temporary name (nothing the board
    runs changes; a failure here removes them and leaves the old game);
    then each is renamed over the old one (milliseconds each), libraries
    first, code.py last; then the tool's files the new version no longer
    has are removed. The manifest lists old and new hashes while this is
    under way, so an interrupted run still knows what it owns. Shadows
    (plan(): an X.py beside the X.mpy it installs, or the reverse, that it
    did not install or that was changed) are backed up with the files it
    replaces and removed with its own stale files."""
    writes, unchanged, removals, kept, leftovers, manifest, shadows = plan(drive, bundle)
    board_id = info.get("board_id")
    final = {rel: [sha256(data)] for rel, data in bundle.items()
             if not any(k[0] == rel for k in kept)}
    for rel, _why in kept:          # the player's files we installed once stay ours
        if rel in bundle and rel in manifest["files"]:
            final[rel] = manifest["files"][rel]
    final_m = manifest_bytes(final, libraries, board_id, family, mpy)
    old_m = read_bytes(os.path.join(drive, MANIFEST))
    owned = manifest["files"]
    backups = []
    for rel, _data, _why in writes:
        cur = read_bytes(os.path.join(drive, *rel.split("/")))
        if cur is not None and not (rel in owned and sha256(cur) in owned[rel]):
            backups.append((rel, cur))
    for rel, _why in shadows:
        cur = read_bytes(os.path.join(drive, *rel.split("/")))
        if cur is not None:
            backups.append((rel, cur))
    changes = len(writes) + len(removals) + len(leftovers) + len(shadows)
    for rel, why in kept:
        say("keep    %s (%s)" % (rel, why))
    for rel, data, why in writes:
        say("%s %s (%d bytes, %s)" % ("would write" if dry_run else "write  ", rel, len(data), why))
    for rel in removals:
        say("%s %s (installed by an earlier deploy, no longer needed)"
            % ("would remove" if dry_run else "remove ", rel))
    for rel, why in shadows:
        say("%s %s (%s; backed up first)" % ("would remove" if dry_run else "remove ", rel, why))
    for rel in leftovers:
        say("%s %s (left by an interrupted deploy)" % ("would remove" if dry_run else "remove ", rel))
    if not changes and old_m == final_m:
        say("%s is up to date (%d files checked, nothing written)." % (drive, len(unchanged)))
        return 0
    if dry_run:
        if backups:
            say("would first copy %s (not installed by this tool) to %s/<date-time>/"
                % (", ".join(r for r, _d in backups), BACKUP_DIR))
        say("dry run: %d to write, %d to remove, %d unchanged; nothing was changed."
            % (len(writes), len(removals) + len(leftovers) + len(shadows), len(unchanged)))
        return changes
    if drive_has_code_txt(drive):
        warn("the drive has code.txt, which CircuitPython runs instead of code.py: "
             "rename or delete it to play.")
    check_writable(drive)
    interim = {rel: list(v) for rel, v in owned.items()}
    for rel, data, _why in writes:
        interim[rel] = sorted(set(interim.get(rel, [])) | {sha256(data)})
    for rel in unchanged:
        interim.setdefault(rel, [sha256(bundle[rel])])
    interim_m = manifest_bytes(interim, libraries, board_id, family, mpy)
    backup_dir = _backup_name(drive) if backups else None
    extra = [(MANIFEST, interim_m), (MANIFEST, final_m)] + [
        ("%s/%s" % (backup_dir, rel), data) for rel, data in backups]
    check_space(drive, writes, extra)
    # 1. Backups and the manifest, then every new file under a temporary name.
    staged = []
    try:
        for rel in leftovers:
            os.remove(os.path.join(drive, *rel.split("/")))
        for rel, data in backups:
            install_file(drive, "%s/%s" % (backup_dir, rel), data)
        if backups:
            say("copied %s (not installed by this tool) to %s/ first"
                % (", ".join(r for r, _d in backups), os.path.join(drive, backup_dir)))
        if writes or removals or shadows:
            install_file(drive, MANIFEST, interim_m)
        for rel, data, _why in writes:
            staged.append(_stage_file(drive, rel, data))
    except OSError as e:
        for tmp in staged + [os.path.join(drive, *w[0].split("/")) + TMP_SUFFIX for w in writes]:
            try:
                os.remove(tmp)
            except OSError:
                pass
        raise DeployError(explain(e, drive, "stage", backups=[backup_dir] if backups else ())) \
            from None
    # 2. Into place: libraries, adapter, game, code.py last. 3. Old files out.
    done = 0
    try:
        for rel, _data, _why in writes:
            _commit_file(drive, rel)
            done += 1
        for d in sorted({os.path.dirname(os.path.join(drive, *w[0].split("/"))) for w in writes}):
            _fsync_dir(d)
        for rel in removals + [r for r, _why in shadows]:
            path = os.path.join(drive, *rel.split("/"))
            os.remove(path)
            _fsync_dir(os.path.dirname(path))
            _remove_empty_dirs(drive, os.path.dirname(path))
        if read_bytes(os.path.join(drive, MANIFEST)) != final_m:
            install_file(drive, MANIFEST, final_m)
    except OSError as e:
        raise DeployError(explain(e, drive, "commit", done, len(writes),
                                  [backup_dir] if backups else ())) from None
    say("%d written, %d removed, %d unchanged on %s."
        % (len(writes), len(removals) + len(leftovers) + len(shadows), len(unchanged), drive))
    return changes


def drive_has_code_txt(drive):
    return os.path.isfile(os.path.join(drive, "code.txt"))


def _remove_empty_dirs(drive, d):
    drive = os.path.abspath(drive)
    d = os.path.abspath(d)
    while d != drive and os.path.dirname(d) != d and d != os.path.join(drive, "lib"):
        try:
            os.rmdir(d)     # only succeeds when empty: nobody else's files go
        except OSError:
            return
        _fsync_dir(os.path.dirname(d))
        d = os.path.dirname(d)


# ------------------------------------------------------------ UF2

def check_uf2(data, name="the file"):
    """Raises DeployError unless data is a UF2 image for SAMD51 main flash.
    Returns the number of blocks."""
    if not data or len(data) % 512:
        raise DeployError("%s is not a UF2 file: %d bytes is not a whole number of 512-byte blocks."
                          % (name, len(data)))
    count = len(data) // 512
    families = set()
    flashed = 0
    for i in range(count):
        blk = data[i * 512:(i + 1) * 512]
        m0, m1, flags, addr, size, blockno, nblocks, family = struct.unpack_from("<8I", blk, 0)
        (mend,) = struct.unpack_from("<I", blk, 508)
        if m0 != UF2_MAGIC_START0 or m1 != UF2_MAGIC_START1 or mend != UF2_MAGIC_END:
            raise DeployError("%s is not a UF2 file: block %d has the wrong magic numbers "
                              "(0x%08X 0x%08X ... 0x%08X)." % (name, i, m0, m1, mend))
        if size > 476:
            raise DeployError("%s: block %d says %d payload bytes (at most 476)." % (name, i, size))
        if flags & UF2_FLAG_NOT_MAIN_FLASH:
            continue
        if not flags & UF2_FLAG_FAMILY:
            raise DeployError("%s: block %d has no family ID (flag 0x2000), so it cannot be "
                              "checked to be for SAMD51 boards; use the .uf2 from circuitpython.org."
                              % (name, i))
        families.add(family)
        if addr < APP_START:
            raise DeployError("%s writes at 0x%X, over the bootloader: not a CircuitPython image."
                              % (name, addr))
        if blockno >= nblocks:
            raise DeployError("%s: block %d says it is number %d of %d." % (name, i, blockno, nblocks))
        flashed += 1
    if not flashed:
        raise DeployError("%s has no blocks for the main flash." % name)
    bad = families - {SAMD51_FAMILY}
    if bad:
        found = ", ".join("0x%08X (%s)" % (f, UF2_FAMILIES.get(f, "unknown chip")) for f in sorted(bad))
        raise DeployError("%s is for another chip: family %s, but the PyBadge / PyGamer are SAMD51 "
                          "(0x%08X). Download the .uf2 for your board from circuitpython.org."
                          % (name, found, SAMD51_FAMILY))
    return count


def uf2_image(data):
    """What a UF2 file writes to the main flash, in address order (blocks
    may come in any order; a gap between them reads as a NUL, so no string
    runs across it)."""
    parts = []
    for i in range(len(data) // 512):
        _m0, _m1, flags, addr, size = struct.unpack_from("<5I", data, i * 512)
        if not flags & UF2_FLAG_NOT_MAIN_FLASH and size <= 476:
            parts.append((addr, data[i * 512 + 32:i * 512 + 32 + size]))
    parts.sort()
    out = []
    end = None
    for addr, payload in parts:
        if end is not None and addr != end:
            out.append(b"\0")
        out.append(payload)
        end = addr + len(payload)
    return b"".join(out)


def uf2_without_terminalio(name, data):
    """Why this CircuitPython image has no terminalio, or None (it has, or
    it cannot be told). Its strings say it best: every CircuitPython image
    holds its version line, and the name of each module built in as a C
    string (the qstr pool, py/qstr.c; only the module's own source,
    shared-bindings/terminalio/__init__.c, names MP_QSTR_terminalio), so a
    recognisable image without b"terminalio\0" has no terminalio, whatever
    the file is called. An image the version line is not found in is told
    by circuitpython.org's name for it (ja, ko or ru, 9.2.5 or later)."""
    image = uf2_image(data)
    m = UF2_BANNER.search(image)
    if m:
        if b"terminalio\0" in image:
            return None
        return ("its image, CircuitPython %s for the %s, has no terminalio module"
                % (m.group(1).decode(), m.group(2).decode()))
    n = UF2_NAME.search(name)
    if n and n.group(2) in NO_TERMINALIO and \
            tuple(int(n.group(i)) for i in (3, 4, 5)) >= NO_TERMINALIO_SINCE:
        return ("it is CircuitPython %s.%s.%s in %s (%s), by its name"
                % (n.group(3), n.group(4), n.group(5), NO_TERMINALIO[n.group(2)], n.group(2)))
    return None


def parse_info_uf2(text):
    info = {}
    for line in text.splitlines():
        if ":" in line:
            k, _, v = line.partition(":")
            info[k.strip().lower()] = v.strip()
    return info


def bootloader_family(info):
    """'pybadge' / 'pygamer' for a supported bootloader, else None."""
    text = (info.get("model", "") + " " + info.get("board-id", "")).lower()
    if "advance" in text:
        return None      # PyGamer Advance: another screen, not supported
    for key, family in BOOTLOADER_BOARDS:
        if key in text:
            return family
    return None


def flash_uf2(uf2_path, drive, force=False, dry_run=False):
    data = read_bytes(uf2_path)
    if data is None:
        raise DeployError("cannot read %s" % uf2_path)
    blocks = check_uf2(data, os.path.basename(uf2_path))
    text = read_bytes(os.path.join(drive, "INFO_UF2.TXT"))
    if text is None:
        raise DeployError("%s has no INFO_UF2.TXT: it is not a board in bootloader mode. "
                          "Double-click the board's reset button to get the ...BOOT drive." % drive)
    info = parse_info_uf2(text.decode("utf-8", "replace"))
    fam = bootloader_family(info)
    desc = "%s (%s)" % (info.get("model", "?"), info.get("board-id", "?"))
    if fam is None:
        raise DeployError("the bootloader on %s is for %s, not a PyBadge, PyBadge LC, EdgeBadge or "
                          "PyGamer; not flashing." % (drive, desc))
    m = UF2_NAME.search(os.path.basename(uf2_path))
    if m:
        file_board = m.group(1)
        file_family = SUPPORTED_BOARDS.get(file_board)
        if file_family != fam:
            msg = ("%s is CircuitPython for the board '%s', but this bootloader is a %s."
                   % (os.path.basename(uf2_path), file_board, desc))
            if not force:
                raise DeployError(msg + " Download the .uf2 for your board (or --force).")
            warn(msg)
    why = uf2_without_terminalio(os.path.basename(uf2_path), data)
    if why:
        board = m.group(1) if m and m.group(1) in BOARD_PAGES else fam
        msg = ("%s: %s. CircuitPython's ja, ko and ru builds for the PyBadge and PyGamer leave "
               "terminalio out (no room in the flash for those fonts: CIRCUITPY_TERMINALIO = 0 in "
               "the board's mpconfigboard.mk, since 9.2.5), and the games draw every screen's text "
               "with terminalio's font, so they could show no word, only red and blue lights "
               "(docs/deploy.md). Every other "
               "language works: %s. Download the same version in one of those from %s (named like "
               "adafruit-circuitpython-%s-en_US-10.0.3.uf2)."
               % (os.path.basename(uf2_path), why, ", ".join(LANGUAGES_WITH_TERMINALIO),
                  BOARD_PAGES[board], board))
        if not force:
            raise DeployError(msg + " Not flashing (--force flashes it anyway).")
        warn(msg + " Flashing it anyway (--force).")
    # Any name ending .UF2 is taken; NEW.UF2 is what uf2conv.py writes (CURRENT.UF2
    # is the bootloader's own read-only view of the flash).
    dest = os.path.join(drive, "NEW.UF2")
    if dry_run:
        say("would copy %s (%d blocks) to %s [%s]" % (uf2_path, blocks, dest, desc))
        return
    say("copying %s (%d blocks, %d KB) to %s [%s] ..." % (uf2_path, blocks, len(data) // 1024, drive, desc))
    # The bootloader's drive is not a real file system: one plain write.
    try:
        with open(dest, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
    except OSError as e:
        # The board reboots the moment it has the last block; the drive vanishing
        # under the final flush is normal.
        if os.path.exists(drive):
            raise DeployError("copying to %s failed: %s" % (drive, e)) from None
    say("done: the board restarts into CircuitPython. When the CIRCUITPY drive appears, run "
        ".venv/bin/python tools/deploy.py to install the games.")


# ------------------------------------------------------------ command line

def main(argv=None, circuitpy_patterns=None, boot_patterns=None):
    p = argparse.ArgumentParser(prog="tools/deploy.py", description=__doc__.split("\n\n")[0])
    p.add_argument("--drive", help="the CIRCUITPY drive (or, with --uf2, the ...BOOT drive); "
                                   "default: found by its volume label")
    p.add_argument("--dry-run", action="store_true", help="list what would change; change nothing")
    how = p.add_mutually_exclusive_group()
    how.add_argument("--mpy-cross", metavar="PATH",
                     help="compile to .mpy with this mpy-cross (CircuitPython's, the board's major "
                          "version); default: the one for the board's release, kept in the cache "
                          "or fetched once from Adafruit")
    how.add_argument("--py", action="store_true",
                     help="install the games as .py source, not .mpy (slower starts, more heap)")
    p.add_argument("--mpy-cross-from", metavar="URL",
                   help="fetch mpy-cross from here instead of %s (the same layout below it: "
                        "URL/linux-amd64/mpy-cross-linux-amd64-<version>.static, ...)" % MPY_CROSS_FROM)
    p.add_argument("--uf2", metavar="FILE", help="flash this CircuitPython .uf2 (board in bootloader mode)")
    p.add_argument("--no-libs", action="store_true",
                   help="install no libraries into lib/ (and remove the ones this tool put "
                        "there): for `circup install -r requirements.txt` (docs/deploy.md)")
    p.add_argument("--board", choices=sorted(SUPPORTED_BOARDS),
                   help="the board, when boot_out.txt cannot say (with --force)")
    p.add_argument("--force", action="store_true",
                   help="go on despite a missing boot_out.txt, an old CircuitPython or a .uf2 "
                        "named for another board")
    args = p.parse_args(argv)
    drive = None
    try:
        if args.uf2:
            drive = args.drive or pick_drive(
                find_bootloaders(boot_patterns), "bootloader (INFO_UF2.TXT)",
                "Double-click the board's reset button: the NeoPixels turn green and a drive "
                "named PYBADGEBOOT or PYGAMERBOOT appears.")
            flash_uf2(args.uf2, drive, force=args.force, dry_run=args.dry_run)
            return 0
        if args.drive:
            drive = args.drive
            check_drive_path(drive)
        else:
            drive = pick_drive(
                find_circuitpy(circuitpy_patterns), LABEL,
                "Plug the board in with a data USB cable and switch it on. If a drive named "
                "PYBADGEBOOT or PYGAMERBOOT appears instead, the board has no CircuitPython "
                "yet: see --uf2 (docs/deploy.md). Or give the drive with --drive PATH.")
        if os.path.isfile(os.path.join(drive, "INFO_UF2.TXT")) and \
                not os.path.isfile(os.path.join(drive, "boot_out.txt")):
            raise DeployError("%s is the bootloader's drive, not CIRCUITPY: flash CircuitPython "
                              "first with --uf2 FILE (docs/deploy.md)." % drive)
        info, family = check_board(drive, args.board, args.force)
        say("%s: CircuitPython %s on %s (board id %s); adapter boards/%s.py"
            % (drive, info["version"] or "?", info["name"] or "?", info["board_id"] or "?", family))
        mpy = choose_compiler(info, args.mpy_cross, args.py, args.mpy_cross_from, args.force,
                              args.dry_run)
        bundle, libs = build_bundle(family, mpy, libs=not args.no_libs)
        deploy(drive, bundle, libs, info, family, mpy=bool(mpy), dry_run=args.dry_run)
        if args.no_libs and not args.dry_run:
            say("now install the libraries: circup install -r %s"
                % os.path.join(drive, "requirements.txt") if libs else
                "the games need no library in lib/: nothing for circup to install.")
        return 0
    except DeployError as e:
        sys.stderr.write("deploy: %s\n" % e)
        return 1
    except OSError as e:      # reading the drive failed outside the copy itself
        sys.stderr.write("deploy: %s\n" % explain(e, drive, "probe") if drive else
                         "deploy: %s. Nothing was changed.\n" % e)
        return 1
    except KeyboardInterrupt:
        sys.stderr.write("deploy: interrupted. Run the tool again: it finishes or undoes what "
                         "this run left (temporary *%s files), and never half a file.\n"
                         % TMP_SUFFIX)
        return 130


if __name__ == "__main__":
    sys.exit(main())
