"""The simulated hardware that the stand-ins share, and the runner's hooks.

Only the stand-ins in this folder and the runner (sim/runner.py) import this;
firmware never does (it cannot tell the simulator from a board).

The "hardware" is: which physical buttons are held, the analog level on
each pin (the PyGamer stick), the digital level of each output pin, the last
bytes written to each NeoPixel pin, what the speaker was asked to play, the
8 KB NVM (backed by a file when one is given) and the display. The clock is
real time unless the runner makes it virtual (headless runs); then it only
moves when firmware sleeps, polls an empty key queue (1 ms), refreshes the
display, or reads the clock (10 us), so runs are fast and repeatable.
"""

import os
import sys
import time as _time


def _pin_table(text):
    """(("A0", "PA02"), ...) from "A0 PA02  A1 PA05 ..."."""
    words = text.split()
    return tuple(zip(words[0::2], words[1::2]))


# The board module's pins: (name, SAMD51 port pin) in the order of
# CircuitPython's ports/atmel-samd/boards/<board>/pins.c, which is also what
# circuitpython-stubs' board definitions list (typings/<board>/board.pyi; the
# tests compare). Names on one port pin are one Pin object: D8 is NEOPIXEL.
PYBADGE_PINS = _pin_table("""
    A0 PA02  A1 PA05  A2 PB08  A3 PB09  A4 PA04  A5 PA06  A6 PB01  A7 PB04  A8 PB03  A9 PB02
    D0 PB17  D1 PB16  D2 PB03  D3 PB02  D4 PA14  D5 PA16  D6 PA18  D7 PB14  D8 PA15  D9 PA19
    D10 PA20  D11 PA21  D12 PA22  LED PA23  D13 PA23  RX PB17  TX PB16  SDA PA12  SCL PA13
    SCK PA17  MISO PB22  MOSI PB23
    NEOPIXEL PA15  LIGHT PB04  ACCELEROMETER_INTERRUPT PB14  SPEAKER PA02  SPEAKER_ENABLE PA27
    BUTTON_LATCH PB00  BUTTON_OUT PB30  BUTTON_CLOCK PB31
    TFT_LITE PA01  TFT_MOSI PB15  TFT_SCK PB13  TFT_RST PA00  TFT_CS PB07  TFT_DC PB05
""")
PYGAMER_PINS = _pin_table("""
    A0 PA02  A1 PA05  A2 PB08  A3 PB09  A4 PA04  A5 PA06  A6 PB01  A7 PB04  A8 PB03  A9 PB02
    D0 PB17  D1 PB16  D2 PB03  D3 PB02  D4 PA14  D5 PA16  D6 PA18  D7 PB14  D8 PA15  D9 PA19
    D10 PA20  D11 PA21  D12 PA22  LED PA23  D13 PA23  RX PB17  TX PB16  SDA PA12  SCL PA13
    SCK PA17  MISO PB22  MOSI PB23  SD_CS PA14
    NEOPIXEL PA15  LIGHT PB04  ACCELEROMETER_INTERRUPT PB14  SPEAKER PA02  SPEAKER_ENABLE PA27
    BUTTON_LATCH PB00  BUTTON_OUT PB30  BUTTON_CLOCK PB31
    TFT_LITE PA01  TFT_MOSI PB15  TFT_SCK PB13  TFT_RST PA00  TFT_CS PB12  TFT_DC PB05
    JOYSTICK_X PB07  JOYSTICK_Y PB06
""")
# The built-in display holds these from boot (board.c): using one is "in use".
DISPLAY_PINS = ("TFT_SCK", "TFT_MOSI", "TFT_DC", "TFT_CS", "TFT_RST", "TFT_LITE")

# Simulated board kinds: what --board / SIM_BOARD may name. The PyBadge LC
# and the EdgeBadge run CircuitPython's pybadge build: its board_id and pins.
BOARDS = {
    "pybadge": {"board_id": "pybadge", "pins": PYBADGE_PINS,
                "pixels": 5, "stick": False, "accel": True},
    "pybadge-lc": {"board_id": "pybadge", "pins": PYBADGE_PINS,
                   "pixels": 1, "stick": False, "accel": False},
    "edgebadge": {"board_id": "pybadge", "pins": PYBADGE_PINS,
                  "pixels": 5, "stick": False, "accel": True},
    "pygamer": {"board_id": "pygamer", "pins": PYGAMER_PINS,
                "pixels": 5, "stick": True, "accel": True},
}

# Bit i of the button shift register (high = pressed on these boards).
SHIFT_ORDER_8 = ("b", "a", "start", "select", "right", "down", "up", "left")
SHIFT_ORDER_4 = ("b", "a", "start", "select")
BUTTON_NAMES = ("up", "down", "left", "right", "a", "b", "start", "select")

STICK_CENTER = 32768
STICK_LOW = 1000
STICK_HIGH = 64500

NVM_SIZE = 8192
TICKS_MASK = (1 << 29) - 1
TICKS_OFFSET = (1 << 29) - 65536  # like CircuitPython: first wrap ~65 s after boot


class Done(BaseException):
    """Raised into firmware by the runner when a headless run is over."""


class Reset(BaseException):
    """microcontroller.reset() / supervisor.reload(): the runner restarts code.py."""


class PowerCut(BaseException):
    """The power went off in the middle of an NVM write (cut_power_at):
    the runner powers the board on again (code.py restarts, the NVM keeps
    what was written)."""


name = "pybadge"
config = BOARDS[name]

# Clock
virtual = False
_vnow = 0.0
# The runner replaces time.monotonic with the virtual clock in headless
# runs; the real clock below must never read that replacement.
_real_monotonic = _time.monotonic
_t0 = _real_monotonic()

# Inputs and outputs
held = set()          # names from BUTTON_NAMES currently held
analog = {}           # pin name -> 0..65535
levels = {}           # output pin name -> bool
pins_in_use = set()   # port pins claimed (PA15), as the board tracks them
pixels = {}           # pin name -> bytes last sent by neopixel_write
audio_log = []        # dicts: t (ms), op, and details
keypads = []          # live keypad scanners
display = None        # the SimDisplay behind board.DISPLAY
refreshes = 0         # display refreshes so far
refreshed_pixels = 0  # pixels sent to the panel so far
last_areas = []       # [(x1, y1, x2, y2)] of the last refresh

# NVM
nvm = bytearray(b"\xff" * NVM_SIZE)
nvm_path = None
nvm_writes = 0        # slice or item assignments so far
nvm_bytes = 0         # bytes written so far

# The runner's hook, called whenever firmware touches the hardware.
pump_hook = None


def configure(board_name=None, nvm_file=None):
    """Choose the simulated board and the NVM file; reset the hardware state."""
    global name, config, nvm_path
    board_name = board_name or os.environ.get("SIM_BOARD") or "pybadge"
    if board_name not in BOARDS:
        raise ValueError("unknown board %r (one of %s)" % (board_name, ", ".join(BOARDS)))
    name = board_name
    config = BOARDS[name]
    held.clear()
    analog.clear()
    if config["stick"]:
        analog["JOYSTICK_X"] = STICK_CENTER
        analog["JOYSTICK_Y"] = STICK_CENTER
    _claim_display_pins()
    nvm_file = nvm_file or os.environ.get("SIM_NVM") or None
    nvm_path = nvm_file
    cut_power_at(None)
    nvm[:] = b"\xff" * NVM_SIZE
    if nvm_path and os.path.exists(nvm_path):
        with open(nvm_path, "rb") as f:
            data = f.read(NVM_SIZE)
        nvm[: len(data)] = data


def reset_hardware():
    """What a reset does to the peripherals (the display object survives)."""
    for k in keypads:
        k.deinit()
    keypads.clear()
    _claim_display_pins()
    levels.clear()
    pixels.clear()
    held.clear()
    if config["stick"]:
        analog["JOYSTICK_X"] = STICK_CENTER
        analog["JOYSTICK_Y"] = STICK_CENTER


# ---------------------------------------------------------------- clock

def now_ms():
    if virtual:
        return _vnow
    return (_real_monotonic() - _t0) * 1000.0


def ticks_ms():
    return (int(now_ms()) + TICKS_OFFSET) & TICKS_MASK


def advance(ms):
    """Firmware spent ms (virtual clock only); then let the runner look."""
    global _vnow
    if virtual:
        _vnow += ms
    pump()


def sleep(seconds):
    if virtual:
        advance(max(0.0, seconds) * 1000.0)
        return
    end = _time.monotonic() + max(0.0, seconds)
    while True:
        pump()
        left = end - _time.monotonic()
        if left <= 0:
            return
        _time.sleep(min(left, 0.01))


def idle_poll():
    """An empty key queue was polled: that costs a millisecond."""
    if virtual:
        advance(1.0)
    else:
        _time.sleep(0.001)
        pump()


def pump():
    if pump_hook is not None:
        pump_hook()


# ---------------------------------------------------------------- buttons

def set_button(button, down, t_ms=None):
    """Press or release a physical button (a name from BUTTON_NAMES)."""
    if button not in BUTTON_NAMES:
        raise ValueError("unknown button %r" % (button,))
    if down:
        held.add(button)
    else:
        held.discard(button)
    if config["stick"]:
        x = STICK_CENTER
        y = STICK_CENTER
        if "left" in held:
            x = STICK_LOW
        elif "right" in held:
            x = STICK_HIGH
        if "up" in held:
            y = STICK_LOW
        elif "down" in held:
            y = STICK_HIGH
        analog["JOYSTICK_X"] = x
        analog["JOYSTICK_Y"] = y
    t = now_ms() if t_ms is None else t_ms
    for k in keypads:
        k._scan((int(t) + TICKS_OFFSET) & TICKS_MASK)


def shift_register_levels(clock, data, latch):
    """Levels of the button shift register, bit i = key i (1 = high)."""
    if (clock, data, latch) != ("BUTTON_CLOCK", "BUTTON_OUT", "BUTTON_LATCH"):
        return 0
    order = SHIFT_ORDER_4 if config["stick"] else SHIFT_ORDER_8
    bits = 0
    for i, b in enumerate(order):
        if b in held:
            bits |= 1 << i
    return bits


# ---------------------------------------------------------------- pins

def pin_name(pin):
    """The name the simulated hardware knows a pin by (NEOPIXEL, not D8)."""
    return getattr(pin, "_name", None) or str(pin)


def port_of(label):
    """The port pin (e.g. "PA15") that a board name (e.g. "NEOPIXEL") is."""
    for n, port in config["pins"]:
        if n == label:
            return port
    raise ValueError("no pin %s on the %s" % (label, name))


def _claim_display_pins():
    pins_in_use.clear()
    for n in DISPLAY_PINS:
        pins_in_use.add(port_of(n))


def claim(pin):
    """Take a pin for a peripheral; one already taken (under any of its
    names) raises ValueError("D8 in use"), named as CircuitPython names it:
    by its first name in the board module."""
    port = getattr(pin, "_port", None)
    if port is None:
        raise TypeError("pin must be of type Pin, not %s" % type(pin).__name__)
    if port in pins_in_use:
        raise ValueError("%s in use" % pin._names[0])
    pins_in_use.add(port)


def release(pin):
    pins_in_use.discard(getattr(pin, "_port", None))


def pixel_colors():
    """The colours the board's NeoPixels show: [(r, g, b)] (GRB on the wire)."""
    buf = pixels.get("NEOPIXEL", b"")
    out = []
    for i in range(config["pixels"]):
        j = 3 * i
        if j + 3 <= len(buf):
            out.append((buf[j + 1], buf[j], buf[j + 2]))
        else:
            out.append((0, 0, 0))
    return out


def log_audio(op, **details):
    entry = {"t": round(now_ms(), 3), "op": op}
    entry.update(details)
    audio_log.append(entry)


# The NVM as a SAMD51 writes it. microcontroller.nvm is the last 8 KB of the
# flash, exactly one erase block (ports/atmel-samd/mpconfigport.h), and
# every write to it, one byte or 8 KB, goes common-hal/nvm/ByteArray.c ->
# asf4 hal_flash.c flash_write -> hpl/nvmctrl/hpl_nvmctrl.c _flash_write:
# the block is copied to RAM and changed there, the block is erased, then
# its 16 pages of 512 bytes are programmed in order. So a write is one
# erase, and power lost during it leaves one of the states below.
PAGE_SIZE = 512
PAGES = NVM_SIZE // PAGE_SIZE
# Microchip's SAM D5x/E5x data sheet (Flash NVM electrical specifications):
# an erase block takes 200 ms, a page write 1.5 ms typical. The board waits
# for both (the driver polls STATUS.READY), so a write costs the firmware
# that much time.
ERASE_MS = 200.0
PAGE_MS = 1.5
WRITE_MS = ERASE_MS + PAGES * PAGE_MS
# Where a cut may fall in a write, in order:
#   0          in the erase, which finished: the whole block reads 0xFF
#   1          in the erase, half done: the old bytes with some bits raised to 1
#   2 + 2k     page k half programmed: pages before k new, page k the new
#              bytes with some 0 bits not yet cleared, pages after it 0xFF
#   3 + 2k     page k programmed, the next not begun (3 + 2 * 15: all of it)
CUT_POINTS = 2 + 2 * PAGES
nvm_erases = 0        # block erases so far (one per write)
erase_log = []        # [(now_ms, who)] of each erase, for the wear tools: who is
                      # the writing code, "file:function" innermost first
_cut = None           # (point, seed): where the next write loses power


def cut_power_at(point, seed=0):
    """Make the next NVM write lose power at ``point`` (0 .. CUT_POINTS - 1,
    above) and raise PowerCut, the half-done bits drawn from ``seed``.
    None cancels."""
    global _cut
    if point is None:
        _cut = None
        return
    if not 0 <= point < CUT_POINTS:
        raise ValueError("a cut point is 0..%d" % (CUT_POINTS - 1))
    _cut = (point, seed)


def cut_state(old, new, point, seed=0):
    """The block's bytes after a write from ``old`` to ``new`` lost power at
    ``point`` (cut_power_at's numbering)."""
    import random
    rng = random.Random(seed)
    if point == 0:
        return bytearray(b"\xff" * NVM_SIZE)
    if point == 1:
        return bytearray(b | rng.getrandbits(8) for b in old)
    page, half = divmod(point - 2, 2)
    done = page + 1 if half else page
    out = bytearray(b"\xff" * NVM_SIZE)
    out[:done * PAGE_SIZE] = new[:done * PAGE_SIZE]
    if not half:
        a = page * PAGE_SIZE
        out[a:a + PAGE_SIZE] = bytes(b | rng.getrandbits(8) for b in new[a:a + PAGE_SIZE])
    return out


def _writer():
    """Who writes: the code outside sim/ on the stack, innermost first."""
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out = []
    f = sys._getframe(2)
    while f is not None and len(out) < 8:
        fn = f.f_code.co_filename
        if not fn.startswith(here):
            out.append("%s:%s" % (os.path.basename(fn), f.f_code.co_name))
        f = f.f_back
    return " < ".join(out)


def write_nvm(start, data):
    """One write to the NVM, as the SAMD51 makes it (above)."""
    global _cut, nvm_writes, nvm_bytes, nvm_erases
    new = bytearray(nvm)
    new[start:start + len(data)] = data
    cut = _cut
    _cut = None
    nvm_writes += 1
    nvm_bytes += len(data)
    nvm_erases += 1
    erase_log.append((now_ms(), _writer()))
    if cut is not None:
        nvm[:] = cut_state(nvm, new, *cut)
        _persist_nvm()
        raise PowerCut()
    nvm[:] = new
    _persist_nvm()
    sleep(WRITE_MS / 1000.0)     # the board is busy for the erase and the pages


def _persist_nvm():
    if nvm_path:
        d = os.path.dirname(nvm_path)
        if d and not os.path.isdir(d):
            os.makedirs(d)
        with open(nvm_path, "wb") as f:
            f.write(nvm)


configure()
