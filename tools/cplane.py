"""The CircuitPython lane: run firmware code in CircuitPython itself.

``../shared/circuitpython/`` beside the repository (or the folder named by
the environment variable CIRCUITPYTHON_DIR) holds two programs built from
CircuitPython 10.3's source (see the README there):

- ``mpy-cross``: CircuitPython's own compiler; its ``.mpy`` files are the
  ones a CircuitPython 10 board loads.
- ``circuitpython``: CircuitPython's unix port: its compiler, VM, garbage
  collector and core modules (array, gc, micropython, struct, random, time
  as MicroPython's unix ``time``: no ``time.monotonic``), no hardware
  modules (displayio, board, keypad ...). A 64-bit build: pointers are 8
  bytes, so its heap figures are larger than a 32-bit SAMD51's; use them to
  compare (``.py`` against ``.mpy``, before against after) and keep the
  MicroPython lane (tools/mpylane.py, 32-bit) for absolute budgets.
- ``circuitpython32`` (optional): the same unix port built as a 32-bit
  static binary: 4-byte pointers, as on a SAMD51, so its gc.mem_alloc()
  after a collection is CircuitPython's own heap figure with the board's
  word size (tools/bench.py's heap table measures every row in it too).
  ``run(..., exe=vm32())`` runs it; ``why_unavailable32()`` says why not.

Each run() is a fresh ``circuitpython -X heapsize=...`` process in a fresh
folder laid out like the CIRCUITPY drive (its root and ``lib/`` on
sys.path); the script runs as the main program from another folder.
``mpy=True`` compiles every ``.py`` file with ``mpy-cross`` first and puts
only the ``.mpy`` files there, so the imports can only come from them.

    import cplane
    out = cplane.run_ok("import aliencity.engine as e; print(e.__name__)", mpy=True)

Unlike the MicroPython lane, this VM collects garbage whenever it needs to
(no yield needed), and it has no Python stack setting (the unix port runs
Python frames on the C stack), so stack depth is checked in the MicroPython
lane only.

The engine packages the lane proves are listed in ENGINES: one line per
game (see its comment).
"""

import hashlib
import os
import subprocess
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
ENV_VAR = "CIRCUITPYTHON_DIR"
HEAPSIZE = 130 * 1024   # the board's free heap, as in the MicroPython lane

# The engines the lane replays, one line a game: (package, the modules its
# engine consists of (their import heap is measured), the lane module in
# tests/support/ that plays its seeded games and replays its records: SEEDS,
# game(seed) -> text, replay(text) -> text, and optionally AI_CASES and
# ai(case) -> text).
ENGINES = (
    ("aliencity", ("aliencity.engine", "aliencity.scoring", "aliencity.deal", "aliencity.record"),
     "lane_aliencity"),
    ("skyscrapers", ("skyscrapers.engine", "skyscrapers.scoring", "skyscrapers.deal",
                     "skyscrapers.record"), "lane_skyscrapers"),
    ("alheimur", ("alheimur.engine", "alheimur.scoring", "alheimur.record"), "lane_alheimur"),
)


def directory():
    """Where the two programs are: $CIRCUITPYTHON_DIR, else
    <repository>/../shared/circuitpython."""
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env).expanduser().resolve()
    return (REPO.parent / "shared" / "circuitpython").resolve()


def vm():
    return directory() / "circuitpython"


def mpy_cross():
    return directory() / "mpy-cross"


def vm32():
    """The 32-bit build of the unix port (4-byte pointers, as on a SAMD51)."""
    return directory() / "circuitpython32"


def why_unavailable():
    """'' when the lane can run; else why not."""
    d = directory()
    if not d.is_dir():
        how = "set %s to another folder" % ENV_VAR if not os.environ.get(ENV_VAR) else \
            "it comes from $%s" % ENV_VAR
        return "%s is absent (%s)" % (d, how)
    for p in (vm(), mpy_cross()):
        if not p.is_file():
            return "%s is missing" % p
        if not os.access(p, os.X_OK):
            return "%s is not executable" % p
    return ""


def available():
    return why_unavailable() == ""


def why_unavailable32():
    """'' when the 32-bit VM (and the lane's mpy-cross) can run; else why
    not."""
    why = why_unavailable()
    if why:
        return why
    p = vm32()
    if not p.is_file():
        return "%s is missing (build32.sh beside it builds it)" % p
    if not os.access(p, os.X_OK):
        return "%s is not executable" % p
    return ""


def available32():
    return why_unavailable32() == ""


def require_or_skip():
    """For tests: skip, saying why, when the folder is absent (a clone
    without ../shared must still pass); fail when it is there but broken,
    so a broken lane cannot pass silently."""
    import pytest
    why = why_unavailable()
    if not why:
        return
    if not directory().is_dir():
        pytest.skip("CircuitPython lane unavailable: " + why)
    pytest.fail("CircuitPython lane broken: " + why)


def firmware_files(roots=("firmware", "boards")):
    """Every *.py the deploy puts on the drive from these folders, as
    {"drive/relative/path.py": text}: firmware/ at the drive's root,
    boards/ as boards/."""
    files = {}
    for root in roots:
        base = REPO / root
        prefix = "" if root == "firmware" else root + "/"
        for path in sorted(base.rglob("*.py")):
            rel = path.relative_to(base)
            if "__pycache__" in rel.parts:
                continue
            files[prefix + rel.as_posix()] = path.read_text(encoding="utf-8")
    return files


def tool_files(*names):
    """tools/NAME.py, or the tests' tests/support/NAME.py (the lane
    modules), as {"NAME.py": text}, for scripts that import them."""
    out = {}
    for n in names:
        path = REPO / "tools" / (n + ".py")
        if not path.exists():
            path = REPO / "tests" / "support" / (n + ".py")
        out[n + ".py"] = path.read_text(encoding="utf-8")
    return out


def lane_files(extra=()):
    """The firmware and every engine's lane module (and seeded.py, which
    Alien City's uses)."""
    files = firmware_files()
    files.update(tool_files("seeded", "seeded_alheimur", *[e[2] for e in ENGINES], *extra))
    return files


_COMPILED = {}   # (compiler, source hash, name) -> .mpy bytes


def compile_mpy(source, rel, exe=None):
    """CircuitPython's .mpy of one source text (bytes); RuntimeError with
    the compiler's message when it fails. rel is the name the .mpy records
    (as the deploy gives it)."""
    exe = str(exe or mpy_cross())
    data = source.encode("utf-8") if isinstance(source, str) else source
    key = (exe, hashlib.sha256(data).hexdigest(), rel)
    if key in _COMPILED:
        return _COMPILED[key]
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "in.py")
        out = os.path.join(tmp, "out.mpy")
        with open(src, "wb") as f:
            f.write(data)
        p = subprocess.run([exe, "-o", out, "-s", rel, src], capture_output=True, text=True,
                           timeout=120)
        if p.returncode != 0 or not os.path.isfile(out):
            raise RuntimeError("mpy-cross failed on %s:\n%s" % (rel, (p.stderr or p.stdout).strip()))
        with open(out, "rb") as f:
            mpy = f.read()
    _COMPILED[key] = mpy
    return mpy


def write_tree(dest, files, mpy=False, keep_py=("code.py", "boot.py", "main.py")):
    """Write files ({rel: text or bytes}) under dest; with mpy, every .py
    but keep_py goes as .mpy compiled by CircuitPython's mpy-cross."""
    for rel, data in files.items():
        if mpy and rel.endswith(".py") and rel.rsplit("/", 1)[-1] not in keep_py:
            rel, data = rel[:-3] + ".mpy", compile_mpy(data, rel)
        path = Path(dest, *rel.split("/"))
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)


# CircuitPython's hardware modules the firmware imports, which the unix
# port has not: empty stand-ins (any name is a class that takes anything),
# enough to import every module; displayio's classes by name.
HARDWARE = ("terminalio", "supervisor", "board", "keypad", "analogio", "digitalio",
            "microcontroller", "audiocore", "audioio", "audiopwmio", "neopixel_write")
_STUB = ("class _Any:\n    def __init__(self, *a, **k):\n        pass\n"
         "def __getattr__(name):\n    return _Any\n")


def hardware_stubs():
    """{"name.py": text} for HARDWARE and displayio (put them in a folder
    passed as run_drive's extra_dirs, never on the drive)."""
    files = {n + ".py": _STUB for n in HARDWARE}
    files["displayio.py"] = "".join("class %s:\n    pass\n" % c for c in (
        "Group", "TileGrid", "Bitmap", "Palette", "ColorConverter"))
    return files


def run_drive(script, drive, heapsize=HEAPSIZE, timeout=300, extra_dirs=(), exe=None):
    """Run script in circuitpython (or exe: vm32()) with the folder ``drive``
    as CIRCUITPY (its root, then lib/, then extra_dirs on sys.path). Returns
    subprocess.CompletedProcess (text; returncode 0 ok, 1 the script
    raised). CircuitPython prints an uncaught exception's traceback on
    stdout (as on the board's serial console), not stderr."""
    why = why_unavailable32() if exe is not None and Path(exe) == vm32() else why_unavailable()
    if why:
        raise RuntimeError("CircuitPython lane unavailable: " + why)
    drive = os.path.abspath(drive)
    with tempfile.TemporaryDirectory() as tmp:
        main = os.path.join(tmp, "lane_main.py")
        with open(main, "w", encoding="utf-8") as f:
            f.write(script)
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": tmp,
               "MICROPYPATH": os.pathsep.join([drive, os.path.join(drive, "lib")]
                                              + [os.path.abspath(d) for d in extra_dirs])}
        return subprocess.run([str(exe or vm()), "-X", "heapsize=%d" % heapsize, main],
                              cwd=drive, env=env, text=True, encoding="utf-8",
                              capture_output=True, timeout=timeout)


def run(script, files=None, mpy=False, heapsize=HEAPSIZE, timeout=300, exe=None):
    """Run script with files (default: lane_files()) on a fresh fake drive;
    mpy=True: compiled with CircuitPython's mpy-cross first. exe: another
    build of the VM (vm32())."""
    if files is None:
        files = lane_files()
    with tempfile.TemporaryDirectory() as drive:
        write_tree(drive, files, mpy=mpy)
        return run_drive(script, drive, heapsize=heapsize, timeout=timeout, exe=exe)


def run_ok(script, **kw):
    """run(); AssertionError with the VM's output (the traceback is on
    stdout) unless it succeeded; returns stdout."""
    r = run(script, **kw)
    if r.returncode != 0:
        raise AssertionError("circuitpython run failed (exit %d):\n%s%s" % (
            r.returncode, r.stdout[-4000:], r.stderr))
    return r.stdout


def version():
    """circuitpython's sys.implementation.version as 'X.Y.Z'."""
    out = run_ok("import sys\nprint('%d.%d.%d' % sys.implementation.version[:3])", files={})
    return out.strip()


def compiled(files, exe, keep=("code.py",)):
    """files with every .py but keep replaced by its .mpy (bytes) from exe."""
    out = {}
    for rel, text in files.items():
        if rel.endswith(".py") and rel not in keep:
            out[rel[:-3] + ".mpy"] = compile_mpy(text, rel, exe)
        else:
            out[rel] = text
    return out
