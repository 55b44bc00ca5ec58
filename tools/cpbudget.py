"""The heap a game has on a PyBadge or a PyGamer, from CircuitPython's source.

    .venv/bin/python tools/cpbudget.py --git CIRCUITPYTHON_GIT --tlsf-git TLSF_GIT
        [--rev HEAD] [--board pybadge] [--peak 98304] [--markdown]

CIRCUITPYTHON_GIT is a clone (a bare one will do) of adafruit/circuitpython,
TLSF_GIT one of espressif/tlsf (CircuitPython's lib/tlsf submodule); every
file is read from --rev with ``git show`` (10.3's main is cd3da4a5d8, 9.2.9
the last CircuitPython 9). Needs gcc with 32-bit support (Debian's
gcc-multilib): the port heap is replayed with CircuitPython's own allocator.

What it does, each step from the source it names:

1. The port heap: the RAM between the end of .bss and the stack's limit
   (supervisor/shared/port.c's port_heap_init over ports/atmel-samd's
   port_heap_get_bottom/top). The linker addresses come from a build of
   CircuitPython 10.3 for each board (../shared/circuitpython/README.md);
   the stack sizes from the source.
2. What the supervisor takes from it before code.py's first line, in the
   order main.c takes it: the display bus's pins (FourWire), the terminal's
   tiles, boot.py's VM (freed again), the USB descriptors; then code.py's
   VM: its Python stack and the GC heap's first 8 KB. Sizes from the source
   (arrays counted, strings measured), struct sizes for a 32-bit ARM.
3. tools/cpbudget_sim.c replays those allocations with lib/tlsf/tlsf.c
   (compiled -m32) and lets the GC heap grow as py/gc.c does
   (gc_try_add_heap: a new area at least the size of the heap so far, the
   last one whatever is left), filled with small objects: the largest
   total a game can hold, area by area, and at a peak of --peak bytes the
   largest single object that still fits.

Prints the figures (markdown with --markdown: docs/memory.md's budget
tables). Nothing here runs on a board: what the model leaves out is said in
docs/memory.md.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SIM = os.path.join(HERE, "cpbudget_sim.c")

# From a build of CircuitPython 10.3 (main at cd3da4a5d8) for each board,
# ../shared/circuitpython/README.md: the end of .bss (_ebss) and the top of
# the stack (_estack). Both are SAMD51J19 boards with 192 KB of RAM.
LAYOUT = {
    "pybadge": {"_ebss": 0x20002FBC, "_estack": 0x2002FFF8, "product": "PyBadge"},
    "pygamer": {"_ebss": 0x20002FB4, "_estack": 0x2002FFF8, "product": "PyGamer"},
}
RAM_START = 0x20000000


class Source:
    """Files of CircuitPython at one revision, with the line a marker is on."""

    def __init__(self, git, rev):
        self.git, self.rev = git, rev
        self._cache = {}

    def text(self, path):
        if path not in self._cache:
            self._cache[path] = subprocess.run(
                ["git", "-C", self.git, "show", "%s:%s" % (self.rev, path)], check=True,
                capture_output=True, text=True).stdout
        return self._cache[path]

    def exists(self, path):
        return subprocess.run(["git", "-C", self.git, "cat-file", "-e", "%s:%s" % (self.rev, path)],
                              capture_output=True).returncode == 0

    def line(self, path, marker):
        """'path:N' of the first line holding marker (ValueError if none)."""
        for n, text in enumerate(self.text(path).splitlines(), 1):
            if marker in text:
                return "%s:%d" % (path, n)
        raise ValueError("%s not in %s at %s" % (marker, path, self.rev))

    def define(self, path, name, after=None):
        """(value, 'path:N') of `#define name EXPR` (the first after the
        last line that is exactly after), EXPR evaluated as a small C
        integer."""
        lines = self.text(path).splitlines()
        start = 0
        if after:
            start = max(i for i, t in enumerate(lines) if t.strip() == after)
        for n in range(start, len(lines)):
            m = re.match(r"\s*#define\s+%s\s+(.+)" % name, lines[n])
            if m:
                expr = m.group(1).split("//")[0].strip()
                if not re.fullmatch(r"[\d\s()*+]+", expr):
                    raise ValueError("%s = %r" % (name, expr))
                return eval(expr), "%s:%d" % (path, n + 1)  # digits, parentheses, + and * only
        raise ValueError("no #define %s in %s" % (name, path))

    def array_len(self, path, name):
        """(elements, 'path:N') of `... name[] = { ... };`, counted as the
        compiler does: comments and preprocessor lines dropped."""
        text = self.text(path)
        m = re.search(r"\b%s\[\]\s*=\s*\{" % re.escape(name), text)
        if not m:
            raise ValueError("no array %s in %s" % (name, path))
        body = text[m.end():text.index("};", m.end())]
        body = re.sub(r"/\*.*?\*/", "", body, flags=re.S)
        body = "\n".join(ln.split("//")[0] for ln in body.splitlines()
                         if not ln.strip().startswith("#"))
        items = [x for x in body.split(",") if x.strip()]
        return len(items), "%s:%d" % (path, text[:m.start()].count("\n") + 1)


def parts(src, board):
    """The layout and the supervisor's allocations of board: (layout rows,
    ops for the simulator, GC-heap rows), each row (what, bytes, source)."""
    lay = LAYOUT[board]
    mpconf = "ports/atmel-samd/mpconfigport.h"
    stack, stack_at = src.define(mpconf, "CIRCUITPY_DEFAULT_STACK_SIZE",
                                 after="#ifdef SAM_D5X_E5X")
    exc, exc_at = src.define("py/circuitpy_mpconfig.h", "CIRCUITPY_EXCEPTION_STACK_SIZE")
    pystack, pystack_at = src.define("py/circuitpy_mpconfig.h", "CIRCUITPY_PYSTACK_SIZE")
    heap0, heap0_at = src.define("py/circuitpy_mpconfig.h", "CIRCUITPY_HEAP_START_SIZE")
    port_c = "ports/atmel-samd/supervisor/port.c"
    limit = lay["_estack"] - stack - exc
    pool = limit - lay["_ebss"]
    layout = [
        (".data + .bss (up to _ebss = 0x%08x)" % lay["_ebss"], lay["_ebss"] - RAM_START,
         "a build of 10.3 (../shared/circuitpython/README.md)"),
        ("C stack", stack, stack_at),
        ("exception stack", exc, exc_at),
        ("gap above _estack = 0x%08x" % lay["_estack"], 0x20030000 - lay["_estack"],
         "the same build"),
        ("**port heap**: _ebss to port_stack_get_limit()", pool,
         "%s, %s" % (src.line(port_c, "port_stack_get_limit(void) {"),
                     src.line("supervisor/shared/port.c", "tlsf_create_with_pool"))),
    ]
    # The display's bus: FourWire's command, reset and chip-select pins are
    # DigitalInOut objects on the port heap when board_init() makes it (no
    # GC heap yet): digitalio_digitalinout_obj_t is a type pointer, a pin
    # pointer and two bools, 12 bytes on a 32-bit ARM.
    # (CircuitPython 9 kept the three inside the FourWire object, in .bss.)
    fw = "shared-module/fourwire/FourWire.c"
    if "use_port_allocation" in src.text(fw):
        dio = 12
        dio_at = "%s, %s, %s" % (
            src.line(fw, "use_port_allocation = "),
            src.line("shared-bindings/digitalio/DigitalInOutProtocol.c",
                     "port_malloc(sizeof(digitalio_digitalinout_obj_t)"),
            src.line("ports/atmel-samd/common-hal/digitalio/DigitalInOut.h", "bool open_drain"))
    else:
        dio = 0
        dio_at = "%s (inside the FourWire object)" % src.line(
            fw, "common_hal_digitalio_digitalinout_construct(&self->command")
    # The terminal: 160 x 128 px (the board's board.c), glyphs of the
    # built-in font (FONTBOUNDINGBOX of tools/fonts/ter-u12n.bdf), scale 1
    # below 121 tiles a row, one byte a tile up to 255 tiles, else two.
    bdf = src.text("tools/fonts/ter-u12n.bdf")
    gw, gh = (int(x) for x in re.search(r"FONTBOUNDINGBOX (\d+) (\d+)", bdf).groups())
    board_c = src.text("ports/atmel-samd/boards/%s/board.c" % board)
    w, h = (int(x) for x in re.search(r"(\d+), // Width.*\n\s*(\d+), // Height", board_c).groups())
    tiles = (w // gw) * max(2, h // gh)
    disp = "supervisor/shared/display.c"
    two = "total_tiles > 255" in src.text(disp)
    tiles_bytes = tiles * (2 if two and tiles > 255 else 1)
    tiles_at = "%s (%d x %d px, glyphs %d x %d: %d tiles)" % (
        src.line(disp, "tilegrid_tiles = port_malloc("), w, h, gw, gh, tiles)
    # USB: after boot.py, usb_init() builds the descriptors (usb_desc.c) and
    # the HID report descriptor, for the default devices of a SAMD51 (8
    # endpoint pairs: CDC console, MSC, HID, MIDI; no CDC data, no vendor).
    desc = "supervisor/shared/usb/usb_desc.c"
    dev, dev_at = src.array_len(desc, "device_descriptor_template")
    cfg, cfg_at = src.array_len(desc, "configuration_descriptor_template")
    cdc, _ = src.array_len("shared-module/usb_cdc/__init__.c", "usb_cdc_descriptor_template")
    msc, _ = src.array_len("supervisor/shared/usb/usb_msc_flash.c", "usb_msc_descriptor_template")
    hid, _ = src.array_len("shared-module/usb_hid/__init__.c", "usb_hid_descriptor_template")
    midi, _ = src.array_len("shared-module/usb_midi/__init__.c", "usb_midi_descriptor_template")
    config = cfg + cdc + msc + hid + midi
    rd = "shared-module/usb_hid/report_descriptors.c"
    if not src.exists(rd):
        rd = "shared-module/usb_hid/Device.c"        # CircuitPython 9
    report = sum(src.array_len(rd, n)[0] for n in (
        "keyboard_report_descriptor", "mouse_report_descriptor",
        "consumer_control_report_descriptor"))
    name = "CircuitPython"          # USB_INTERFACE_NAME (supervisor/supervisor.mk)
    strings = ["Adafruit Industries LLC", lay["product"], "0" * 32,   # serial: 16-byte UID in hex
               name + " CDC control", name + " CDC data", name + " Mass Storage",
               name + " HID", name + " MIDI", name + " Audio",
               name + " usb_midi.ports[0]", name + " usb_midi.ports[0]"]
    count = 1 + len(strings)        # current_interface_string after the last one
    string_bytes = count * 2 + 2 * sum(len(s) for s in strings)
    ops = [(n, dio) for n in ("fourwire_command", "fourwire_reset", "fourwire_chip_select")
           if dio] + [("terminal_tiles", tiles_bytes),
           ("boot_pystack", pystack), ("boot_heap", heap0), "-boot_heap", "-boot_pystack",
           ("usb_device_descriptor", dev), ("usb_configuration_descriptor", config),
           ("usb_string_descriptors", string_bytes), ("usb_hid_report_descriptor", report),
           ("pystack", pystack), ("heap", heap0)]
    rows = [
        ("display bus: FourWire's 3 pins, DigitalInOut each", 3 * dio, dio_at),
        ("terminal: the tile grid's tiles", tiles_bytes, tiles_at),
        ("boot.py's VM (stack and first heap), freed before code.py", 0,
         src.line("main.c", "static void __attribute__ ((noinline)) run_boot_py")),
        ("USB device descriptor", dev, dev_at),
        ("USB configuration descriptor (9 + CDC %d + MSC %d + HID %d + MIDI %d)"
         % (cdc, msc, hid, midi), config, cfg_at),
        ("USB string descriptors (%d strings)" % count, string_bytes,
         src.line(desc, "current_interface_string * 2 + collected_interface_strings_length * 2")),
        ("USB HID report descriptor (keyboard, mouse, consumer control)", report,
         src.line("shared-module/usb_hid/__init__.c", "hid_report_descriptor = port_malloc(")),
        ("code.py's Python stack (CIRCUITPY_PYSTACK_SIZE)", pystack, pystack_at),
        ("code.py's first GC area (CIRCUITPY_HEAP_START_SIZE)", heap0, heap0_at),
    ]
    # In the GC heap before code.py's first line, besides the VM's own
    # objects: the HID devices' report buffers (gc_alloc each: in 8, 1 out;
    # 4; 2 bytes), one 16-byte block each.
    hid_dev = "shared-module/usb_hid/Device.c"
    gc_rows = [("USB HID report buffers (keyboard in and out, mouse, consumer control)", 4 * 16,
                src.line(hid_dev, "gc_alloc(self->in_report_lengths[i], false)"))]
    return layout, ops, rows, gc_rows, pool


def _tlsf_dir(tlsf_git, src, tmp):
    """lib/tlsf at the commit CircuitPython's submodule names, in tmp."""
    tree = subprocess.run(["git", "-C", src.git, "ls-tree", src.rev, "lib/tlsf"], check=True,
                          capture_output=True, text=True).stdout.split()
    commit = tree[2]
    for f in ("tlsf.c", "tlsf.h", "tlsf_block_functions.h", "tlsf_common.h"):
        data = subprocess.run(["git", "-C", tlsf_git, "show", "%s:%s" % (commit, f)],
                              check=True, capture_output=True).stdout
        with open(os.path.join(tmp, f), "wb") as out:
            out.write(data)
    return commit


def run_sim(lines, tlsf_git, src):
    """(stdout of tools/cpbudget_sim.c fed lines, the TLSF commit): built
    -m32 with lib/tlsf at the commit src's submodule names."""
    with tempfile.TemporaryDirectory() as tmp:
        commit = _tlsf_dir(tlsf_git, src, tmp)
        exe = os.path.join(tmp, "sim")
        subprocess.run(["gcc", "-m32", "-O1", "-std=gnu11", "-D_DEBUG=0", "-I", tmp, SIM,
                        os.path.join(tmp, "tlsf.c"), "-o", exe], check=True,
                       capture_output=True, text=True)
        out = subprocess.run([exe], input="\n".join(lines) + "\n", check=True,
                             capture_output=True, text=True).stdout
    return out, commit


def simulate(ops, pool, ebss, tlsf_git, src, peak, v9=False):
    """Run the simulator: {"tlsf_control", "areas": [(port bytes, pool
    bytes)], "largest_left", "at_peak": {"big", "run"}, "takes": {name:
    bytes}, "tlsf_commit"}."""
    lines = (["gc9"] if v9 else []) + ["pool %d %d" % (pool, ebss % 16)]
    for op in ops:
        lines.append("f %s" % op[1:] if isinstance(op, str) else "m %s %d" % op)
    lines += ["gc heap", "fill %d 32" % peak, "big", "grow 16", "big"]
    out, commit = run_sim(lines, tlsf_git, src)
    res = {"takes": {}, "tlsf_commit": commit}
    passes = out.split("big ")
    for ln in out.splitlines():
        t = ln.split()
        if t[0] == "tlsf_control":
            res["tlsf_control"] = int(t[1])
        elif t[0] == "m":
            res["takes"][t[1]] = int(t[6])
        elif t[0] == "failed":
            raise RuntimeError("the supervisor's %s did not fit" % t[1])

    def areas(text):
        return [(int(t[3]), int(t[7]), int(t[9]), int(t[11])) for t in
                (ln.split() for ln in text.splitlines()) if t and t[0] == "area"]

    res["at_peak_areas"] = areas(passes[0])
    big, run = (int(x) for x in re.match(r"(\d+) run (\d+)", passes[1]).groups())
    res["at_peak"] = {"big": big, "run": run}
    res["areas"] = [(a, b, t) for a, b, _u, t in areas(passes[1])]
    # the first area is code.py's 8 KB block, whose take is counted with the supervisor's
    res["areas_takes"] = sum(t for _a, _b, _u, t in areas(passes[1])[1:])
    left, free = re.findall(r"largest (\d+) free (\d+)", passes[1])[-1]
    res["largest_left"], res["free_left"] = int(left), int(free)
    return res


def budget(src, board, tlsf_git, peak):
    """Everything docs/memory.md's budget says for board."""
    layout, ops, rows, gc_rows, pool = parts(src, board)
    v9 = "BLOCKS_PER_CTB" not in src.text("py/gc.c")
    sim = simulate(ops, pool, LAYOUT[board]["_ebss"], tlsf_git, src, peak, v9)
    takes = sim["takes"]
    held = sum(takes[n] for n, _b in (o for o in ops if not isinstance(o, str))
               if not n.startswith("boot_") and n not in ("heap", "pystack"))
    total_pool = sum(b for _a, b, _t in sim["areas"])
    total_port = sum(a for a, _b, _t in sim["areas"])
    return {"board": board, "layout": layout, "rows": rows, "gc_rows": gc_rows, "pool": pool,
            "tlsf_control": sim["tlsf_control"], "takes": takes, "held": held,
            "areas": sim["areas"], "total_pool": total_pool, "total_port": total_port,
            "largest_left": sim["largest_left"], "free_left": sim["free_left"],
            "areas_takes": sim["areas_takes"], "heap_take": takes["heap"],
            "at_peak": sim["at_peak"],
            "at_peak_areas": sim["at_peak_areas"], "tlsf_commit": sim["tlsf_commit"],
            "gc_start": sum(r[1] for r in gc_rows), "v9": v9}


def markdown(b, peak):
    out = ["**%s** (port heap and its users; `takes` is what TLSF hands out: the size "
           "rounded to its size class, plus its 4-byte header)" % b["board"], "",
           "| part | bytes | takes | source |", "| --- | ---: | ---: | --- |"]
    for what, n, at in b["layout"]:
        out.append("| %s | %d | | %s |" % (what, n, at))
    out.append("| TLSF's control structure, at the pool's start | | %d | lib/tlsf/tlsf.c "
               "control_construct (espressif/tlsf %s) |" % (b["tlsf_control"],
                                                           b["tlsf_commit"][:10]))
    names = {"display bus": ("fourwire_command", "fourwire_reset", "fourwire_chip_select"),
             "terminal": ("terminal_tiles",), "USB device": ("usb_device_descriptor",),
             "USB configuration": ("usb_configuration_descriptor",),
             "USB string": ("usb_string_descriptors",), "USB HID": ("usb_hid_report_descriptor",),
             "code.py's Python": ("pystack",), "code.py's first": ("heap",)}
    for what, n, at in b["rows"]:
        key = next((k for k in names if what.startswith(k)), None)
        took = sum(b["takes"].get(x, 0) for x in names[key]) if key else 0
        out.append("| %s | %d | %s | %s |" % (what, n, took or "", at))
    out.append("")
    out.append("| GC area (in the order the heap grows) | asked of the port heap | takes | "
               "objects it holds (what gc.mem_alloc() counts) |")
    out.append("| --- | ---: | ---: | ---: |")
    for i, (port, pool, took) in enumerate(b["areas"]):
        out.append("| %s | %d | %d | %d |" % (
            "the first (gc_init)" if i == 0 else "added %d (gc_try_add_heap)" % i, port,
            took or b["heap_take"], pool))
    out.append("| **all** | **%d** | **%d** | **%d** |" % (
        b["total_port"], b["heap_take"] + b["areas_takes"], b["total_pool"]))
    return "\n".join(out)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--git", required=True, help="a clone of adafruit/circuitpython")
    ap.add_argument("--tlsf-git", required=True, help="a clone of espressif/tlsf")
    ap.add_argument("--rev", default="HEAD")
    ap.add_argument("--board", choices=sorted(LAYOUT), action="append")
    ap.add_argument("--peak", type=int, default=98304,
                    help="live bytes at the peak, for the largest single object then")
    ap.add_argument("--markdown", action="store_true")
    args = ap.parse_args(argv)
    src = Source(args.git, args.rev)
    for board in args.board or sorted(LAYOUT):
        b = budget(src, board, args.tlsf_git, args.peak)
        if args.markdown:
            print(markdown(b, args.peak) + "\n")
        gc_port = b["heap_take"] + b["areas_takes"]
        print("%s at %s: port heap %d = TLSF control %d + its sentinel 8 + the supervisor %d + "
              "code.py's Python stack %d + the GC areas %d + left free %d (largest %d); the GC "
              "areas hold %d bytes of objects in %d areas (%d of tables, area structs and "
              "alignment); the supervisor's GC objects %d; at a peak of %d live bytes the "
              "largest single object: %d in an area's free run, %d in a new area"
              % (board, args.rev, b["pool"], b["tlsf_control"], b["held"], b["takes"]["pystack"],
                 gc_port, b["free_left"], b["largest_left"], b["total_pool"], len(b["areas"]),
                 gc_port - b["total_pool"], b["gc_start"], args.peak, b["at_peak"]["run"],
                 b["at_peak"]["big"]))
        b["check"] = b["pool"] - (b["tlsf_control"] + 8 + b["held"] + b["takes"]["pystack"]
                                  + gc_port + b["free_left"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
