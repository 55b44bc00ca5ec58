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
    """The power went off in the middle of an NVM write (cut_power_after):
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
_cut_after = None     # cut_power_after(n): the next write stops after n bytes

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
    cut_power_after(None)
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


def cut_power_after(n):
    """Make the next NVM write stop after its first n bytes (n = 0: nothing
    is written) and raise PowerCut, as if the power failed right then.
    None cancels."""
    global _cut_after
    _cut_after = n


def write_nvm(start, data):
    global _cut_after, nvm_writes, nvm_bytes
    cut = _cut_after
    if cut is not None:
        _cut_after = None
        data = data[:cut]
    nvm_writes += 1
    nvm_bytes += len(data)
    nvm[start:start + len(data)] = data
    _persist_nvm()
    if cut is not None:
        raise PowerCut()


def _persist_nvm():
    if nvm_path:
        d = os.path.dirname(nvm_path)
        if d and not os.path.isdir(d):
            os.makedirs(d)
        with open(nvm_path, "wb") as f:
            f.write(nvm)


configure()
