"""A PyBadge for the desktop VMs: stand-ins for CircuitPython's hardware
and display modules, cheap enough that timing code.py in the MicroPython
VM (tools/mpylane.py) or in CircuitPython's unix VM (tools/cplane.py)
measures our code, not theirs.

On a board ``displayio``, ``terminalio``, ``keypad`` ... are C; here they
are small Python classes that keep just what the firmware reads back
(a TileGrid's cells, a Group's members, a Palette's colours) and do
nothing else: drawing into a Bitmap, filling it, refreshing the display
cost nothing. What a refresh costs on the panel is counted separately,
from the pixels the simulator sees redrawn (tools/boardtime.py).

``files(nvm)`` gives {name: source} to put beside the firmware; ``nvm``
(bytes) is what ``microcontroller.nvm`` holds (default: erased, 0xFF).
"""

# Every module the firmware (and boards/) imports that CircuitPython has
# built in (the firmware needs no library in lib/).
DISPLAYIO = r'''
from array import array

# Calls into the methods that stand for C on a board (a bitmap's pixel, a
# tile, a colour, a member): tools/boardtime.py takes their Python cost
# off a press's time and puts a native call's back.
calls = [0]


class Group:
    def __init__(self, scale=1, x=0, y=0):
        self._m = []
        self.scale = scale
        self.x = x
        self.y = y
        self.hidden = False

    def append(self, o):
        calls[0] += 1
        self._m.append(o)

    def insert(self, i, o):
        self._m.insert(i, o)

    def pop(self, i=-1):
        return self._m.pop(i)

    def remove(self, o):
        self._m.remove(o)

    def index(self, o):
        return self._m.index(o)

    def __len__(self):
        return len(self._m)

    def __getitem__(self, i):
        calls[0] += 1
        return self._m[i]

    def __setitem__(self, i, o):
        self._m[i] = o

    def __delitem__(self, i):
        del self._m[i]

    def __iter__(self):
        return iter(self._m)


class Bitmap:
    def __init__(self, width, height, value_count):
        self.width = width
        self.height = height

    def __setitem__(self, k, v):
        calls[0] += 1

    def __getitem__(self, k):
        calls[0] += 1
        return 0

    def fill(self, v):
        pass

    def blit(self, *a, **k):
        pass

    def dirty(self, *a, **k):
        pass


class Palette:
    def __init__(self, n, dither=False):
        self._c = [0] * n

    def __len__(self):
        return len(self._c)

    def __setitem__(self, i, c):
        calls[0] += 1
        self._c[i] = c

    def __getitem__(self, i):
        calls[0] += 1
        return self._c[i]

    def make_transparent(self, i):
        pass

    def make_opaque(self, i):
        pass


class ColorConverter:
    def __init__(self, *a, **k):
        pass


class TileGrid:
    def __init__(self, bitmap, pixel_shader=None, width=1, height=1, tile_width=None,
                 tile_height=None, default_tile=0, x=0, y=0):
        self.bitmap = bitmap
        self.pixel_shader = pixel_shader
        self.width = width
        self.height = height
        self.tile_width = tile_width or bitmap.width
        self.tile_height = tile_height or bitmap.height
        self.x = x
        self.y = y
        self.hidden = False
        self.flip_x = False
        self.flip_y = False
        self.transpose_xy = False
        self._t = array("H", [default_tile] * (width * height))

    def __getitem__(self, i):
        calls[0] += 1
        if isinstance(i, tuple):
            i = i[1] * self.width + i[0]
        return self._t[i]

    def __setitem__(self, i, v):
        calls[0] += 1
        if isinstance(i, tuple):
            i = i[1] * self.width + i[0]
        self._t[i] = v


def release_displays():
    pass
'''

BITMAPTOOLS = r'''
import displayio


def fill_region(bm, x1, y1, x2, y2, v):
    displayio.calls[0] += 1
'''

TERMINALIO = r'''
import displayio


class _Font:
    def __init__(self):
        self.bitmap = displayio.Bitmap(6 * 95, 12, 2)

    def get_bounding_box(self):
        return (6, 12)


FONT = _Font()
'''

BOARD = r'''
board_id = "pybadge"


class _Display:
    width = 160
    height = 128

    def __init__(self):
        self.root_group = None
        self.auto_refresh = True
        self.brightness = 1.0
        self.refreshes = 0

    def refresh(self, *a, **k):
        self.refreshes += 1
        return True


class _I2C:
    def try_lock(self):
        return True

    def unlock(self):
        pass

    def scan(self):
        return [0x18]      # the PyBadge's accelerometer: five NeoPixels


def I2C():
    return _I2C()


DISPLAY = _Display()
NEOPIXEL = SPEAKER = SPEAKER_ENABLE = BUTTON_CLOCK = BUTTON_OUT = BUTTON_LATCH = None
JOYSTICK_X = JOYSTICK_Y = None
'''

KEYPAD = r'''
class Event:
    def __init__(self, key_number=0, pressed=True):
        self.key_number = key_number
        self.pressed = pressed
        self.released = not pressed
        self.timestamp = 0


class _Events:
    overflowed = False

    def get_into(self, ev):
        return False

    def get(self):
        return None

    def clear(self):
        pass

    def __len__(self):
        return 0


class ShiftRegisterKeys:
    def __init__(self, **k):
        self.events = _Events()

    def reset(self):
        pass


Keys = ShiftRegisterKeys
'''

NEOPIXEL_WRITE = r'''
def neopixel_write(digitalinout, buf):
    pass
'''

SUPERVISOR = r'''
import time

# The harness moves this on when firmware sleeps (see the journey script):
# a moment's view (show_for) ends at once, and is counted as a pause.
slept_ms = 0


def ticks_ms():
    return (time.ticks_ms() + slept_ms) & 0x1FFFFFFF


def reload():
    raise SystemExit("reload")
'''

MICROCONTROLLER = r'''
nvm = bytearray(b"\xff" * 8192)


def reset():
    raise SystemExit("reset")
'''

_ANY = r'''
class _Any:
    def __init__(self, *a, **k):
        pass

    def __getattr__(self, name):
        return _nothing


def _nothing(*a, **k):
    return None


def __getattr__(name):
    return _Any
'''


def files(nvm=None):
    """{module file: source} of every stand-in; ``nvm``: the NVM's bytes."""
    out = {"displayio.py": DISPLAYIO, "bitmaptools.py": BITMAPTOOLS,
           "terminalio.py": TERMINALIO, "board.py": BOARD,
           "keypad.py": KEYPAD, "neopixel_write.py": NEOPIXEL_WRITE, "supervisor.py": SUPERVISOR,
           "microcontroller.py": MICROCONTROLLER}
    if nvm is not None:
        out["microcontroller.py"] = MICROCONTROLLER.replace(
            'bytearray(b"\\xff" * 8192)', "bytearray(%r)" % (bytes(nvm),))
    for name in ("digitalio", "analogio", "audiocore", "audioio", "audiopwmio"):
        out[name + ".py"] = _ANY
    return out


NAMES = tuple(n[:-3] for n in files())
