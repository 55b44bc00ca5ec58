"""A PyBadge for the desktop VMs: stand-ins for CircuitPython's hardware
and display modules, cheap enough that timing code.py in the MicroPython
VM (tools/mpylane.py) or in CircuitPython's unix VM (tools/cplane.py)
measures our code, not theirs.

On a board ``displayio``, ``terminalio``, ``keypad`` ... are C; here they
are small Python classes that keep just what the firmware reads back
(a TileGrid's cells, a Group's members, a Palette's colours) and draw
nothing: drawing into a Bitmap, filling it, refreshing the display cost
nothing. They refuse what CircuitPython refuses (a pixel outside its
bitmap, a value past its depth, a tile past the sheet, a corner of
``fill_region`` outside it, a layer in two groups ...), with its exception
types and messages, as the simulator's do (tests/test_standins.py). What a
refresh costs on the panel is counted separately, from the pixels the
simulator sees redrawn (tools/boardtime.py).

``files(nvm)`` gives {name: source} to put beside the firmware; ``nvm``
(bytes) is what ``microcontroller.nvm`` holds (default: erased, 0xFF).
"""

# What displayio.calls counts, in its order.
KINDS = ("pixel", "tile", "colour", "member", "fill")

# Every module the firmware (and boards/) imports that CircuitPython has
# built in (the firmware needs no library in lib/).
DISPLAYIO = r'''
from array import array

# Calls into the methods that stand for C on a board, by kind (vmboard.KINDS:
# a bitmap's pixel, a tile, a colour, a group's member, a fill_region):
# tools/boardtime.py takes each kind's Python cost off a press's time and
# puts a native call's back.
calls = [0, 0, 0, 0, 0]

# What CircuitPython refuses, with its exception types and messages
# (shared-bindings/displayio/*.c, shared-bindings/bitmaptools; the
# simulator's sim/modules/displayio/_strict.py has the same rules, and
# tests/test_standins.py holds both to one table of cases). Nothing is
# drawn here, so a Bitmap keeps only its size and depth.
_MISSING = object()
# The hot methods test the common, legal forms first (a tuple of two ints,
# an int in range) and leave everything else to a slow path that raises as
# CircuitPython does: x.__class__ against a module global costs the VM
# about half what type(x) is int does (a builtin looked up, then called).
_I = int
_T = tuple


def _int(v):
    # mp_obj_get_int: an int or a bool (not an int here, as it is in CPython)
    t = type(v)
    if t is int:
        return v
    if t is bool:
        return 1 if v else 0
    raise TypeError("can't convert %s to int" % t.__name__)


def _type_int(v, name):
    # mp_arg_validate_type_int
    if type(v) is int or type(v) is bool:
        return _int(v)
    raise TypeError("%s must be of type int, not %s" % (name, type(v).__name__))


def _index(i, n, kind):
    # mp_get_index: negative counts from the end
    if type(i) is not int and type(i) is not bool:
        raise TypeError("%s indices must be integers, not %s" % (kind, type(i).__name__))
    i = _int(i)
    if i < 0:
        i += n
    if not 0 <= i < n:
        raise IndexError("index out of range")
    return i


def _pair(k):
    # mp_obj_get_array_fixed_n(k, 2)
    if type(k) is not tuple and type(k) is not list:
        raise TypeError("object '%s' isn't a tuple or list" % type(k).__name__)
    if len(k) != 2:
        raise ValueError("requested length 2 but object has length %d" % len(k))
    return _int(k[0]), _int(k[1])


class Group:
    def __init__(self, *, scale=1, x=0, y=0):
        scale = _int(scale)
        if not 1 <= scale <= 32767:
            raise ValueError("scale must be 1-32767")
        self._m = []
        self._scale = scale
        self.x = _int(x)
        self.y = _int(y)
        self.hidden = False
        self._in_group = False

    @property
    def scale(self):
        return self._scale

    @scale.setter
    def scale(self, v):
        v = _int(v)
        if v < 1:
            raise ValueError("scale must be >= 1")
        self._scale = v

    def _add(self, o):
        if not isinstance(o, (Group, TileGrid)):
            raise ValueError("Layer must be a Group or TileGrid subclass")
        if o._in_group:
            raise ValueError("Layer already in a group")
        o._in_group = True

    def append(self, o):
        calls[3] += 1
        self._add(o)
        self._m.append(o)

    def insert(self, i, o):
        n = len(self._m)
        if i != n:             # at the end it is append
            i = _index(i, n, "Group")
        self._add(o)
        self._m.insert(i, o)

    def pop(self, i=-1):
        o = self._m.pop(_index(_int(i), len(self._m), "Group"))
        o._in_group = False
        return o

    def remove(self, o):
        self.pop(self.index(o))

    def index(self, o):
        for i in range(len(self._m)):
            if self._m[i] is o or self._m[i] == o:
                return i
        raise ValueError("object not in sequence")

    def __len__(self):
        return len(self._m)

    def __getitem__(self, i):
        calls[3] += 1
        if i.__class__ is _I and 0 <= i < len(self._m):
            return self._m[i]
        if type(i) is slice:
            raise NotImplementedError("Slices not supported")
        return self._m[_index(i, len(self._m), "Group")]

    def __setitem__(self, i, o):
        if type(i) is slice:
            raise NotImplementedError("Slices not supported")
        i = _index(i, len(self._m), "Group")
        self._add(o)
        self._m[i]._in_group = False
        self._m[i] = o

    def __delitem__(self, i):
        if type(i) is slice:
            raise NotImplementedError("Slices not supported")
        self.pop(_index(i, len(self._m), "Group"))

    def __iter__(self):
        return iter(self._m)


class Bitmap:
    def __init__(self, width, height, value_count):
        width = _int(width)
        height = _int(height)
        value_count = _int(value_count)
        if not 0 <= width <= 32767:
            raise ValueError("width must be 0-32767")
        if not 0 <= height <= 32767:
            raise ValueError("height must be 0-32767")
        if not 1 <= value_count <= 65536:
            raise ValueError("value_count must be 1-65536")
        bits = 1
        while (value_count - 1) >> bits:
            bits = bits << 1 if bits < 8 else bits + 8
        self.width = width
        self.height = height
        self.bits_per_value = bits
        self._max = (1 << bits) - 1
        self._ro = False       # terminalio's font sheet is read-only

    def _xy(self, k):
        # an (x, y) tuple or list, or y * width + x
        if type(k) is int:
            n = self.width * self.height
            if not 0 <= k < n:
                raise IndexError("index must be 0-%d" % (n - 1))
            return
        if type(k) is slice:
            raise NotImplementedError("Slices not supported")
        x, y = _pair(k)
        if not 0 <= x < self.width:
            raise IndexError("x must be 0-%d" % (self.width - 1))
        if not 0 <= y < self.height:
            raise IndexError("y must be 0-%d" % (self.height - 1))

    def _set(self, k, v):
        # the slow path of a store: the index, then the value, then read-only
        self._xy(k)
        v = _int(v)
        if not 0 <= v <= self._max:
            raise ValueError("value must be 0-%d" % self._max)
        if self._ro:
            raise RuntimeError("Read-only")

    def __setitem__(self, k, v):
        calls[0] += 1
        if k.__class__ is _T and len(k) == 2:
            x, y = k
            if (0 <= x < self.width and 0 <= y < self.height and 0 <= v <= self._max
                    and not self._ro and x.__class__ is _I and y.__class__ is _I
                    and v.__class__ is _I):
                return
        self._set(k, v)

    def __getitem__(self, k):
        calls[0] += 1
        self._xy(k)
        return 0

    def __delitem__(self, k):
        raise AttributeError("Cannot delete values")

    def fill(self, v):
        v = _int(v)
        if not 0 <= v <= self._max:
            raise ValueError("value must be 0-%d" % self._max)
        if self._ro:
            raise RuntimeError("Read-only")

    def dirty(self, x1=0, y1=0, x2=-1, y2=-1):
        if self._ro:
            raise RuntimeError("Read-only")


def _colour(c):
    # a palette item: an int, or 3 or 4 bytes (a tuple or list is made bytes)
    if type(c) is int or type(c) is bool:
        c = _int(c)
        if not 0 <= c <= 0xFFFFFF:
            raise TypeError("color must be between 0x000000 and 0xffffff")
        return c
    if type(c) is tuple or type(c) is list:
        raw = bytearray(len(c))
        for i in range(len(c)):
            v = _int(c[i])
            if not 0 <= v <= 255:
                raise ValueError("bytes value out of range")
            raw[i] = v
        c = raw
    elif type(c) is str:
        c = c.encode()
    try:
        c = bytes(memoryview(c))
    except TypeError:
        raise TypeError("color buffer must be a buffer, tuple, list, or int")
    if len(c) != 3 and len(c) != 4:
        raise ValueError("color buffer must be 3 bytes (RGB) or 4 bytes (RGB + pad byte)")
    return c[0] << 16 | c[1] << 8 | c[2]


class Palette:
    def __init__(self, color_count, *, dither=False):
        n = _int(color_count)
        if not 1 <= n <= 32767:
            raise ValueError("color_count must be 1-32767")
        self._c = [0] * n
        self._clear = bytearray(n)
        self.dither = bool(dither)

    def __len__(self):
        return len(self._c)

    def __setitem__(self, i, c):
        calls[2] += 1
        n = len(self._c)
        if i.__class__ is not _I or not 0 <= i < n:
            if type(i) is slice:
                raise TypeError("'Palette' object doesn't support item assignment")
            i = _index(i, n, "Palette")
        if c.__class__ is not _I or not 0 <= c <= 0xFFFFFF:
            c = _colour(c)
        self._c[i] = c

    def __getitem__(self, i):
        calls[2] += 1
        n = len(self._c)
        if i.__class__ is not _I or not 0 <= i < n:
            if type(i) is slice:
                raise TypeError("'Palette' object isn't subscriptable")
            i = _index(i, n, "Palette")
        return self._c[i]

    def _pi(self, i):
        # make_transparent ...: an int in 0..n-1, no counting from the end
        i = _type_int(i, "palette_index")
        if not 0 <= i < len(self._c):
            raise ValueError("palette_index must be 0-%d" % (len(self._c) - 1))
        return i

    def make_transparent(self, i):
        self._clear[self._pi(i)] = 1

    def make_opaque(self, i):
        self._clear[self._pi(i)] = 0

    def is_transparent(self, i):
        return self._clear[self._pi(i)] == 1


class ColorConverter:
    def __init__(self, *a, **k):
        pass


class TileGrid:
    def __init__(self, bitmap, *, pixel_shader=_MISSING, width=1, height=1, tile_width=0,
                 tile_height=0, default_tile=0, x=0, y=0):
        width = _int(width)
        height = _int(height)
        tile_width = _int(tile_width)
        tile_height = _int(tile_height)
        default_tile = _int(default_tile)
        if pixel_shader is _MISSING:
            raise TypeError("'pixel_shader' argument required")
        if not isinstance(bitmap, Bitmap):
            raise TypeError("unsupported bitmap type")
        if not isinstance(pixel_shader, (Palette, ColorConverter)):
            raise TypeError("unsupported pixel_shader type")
        tile_width = tile_width or bitmap.width
        tile_height = tile_height or bitmap.height
        if bitmap.width % tile_width:
            raise ValueError("Tile width must exactly divide bitmap width")
        if bitmap.height % tile_height:
            raise ValueError("Tile height must exactly divide bitmap height")
        self._bitmap = bitmap
        self._shader = pixel_shader
        self.width = width
        self.height = height
        self.tile_width = tile_width
        self.tile_height = tile_height
        self._tiles = (bitmap.width // tile_width) * (bitmap.height // tile_height)
        self._lim = min(self._tiles, 256)        # 9.2.9 keeps a byte a tile
        self._n = width * height
        self.x = _int(x)
        self.y = _int(y)
        self.hidden = False
        self.flip_x = False
        self.flip_y = False
        self.transpose_xy = False
        self._in_group = False
        self._t = array("H", [default_tile & 0xFFFF] * (width * height))

    @property
    def pixel_shader(self):
        return self._shader

    @pixel_shader.setter
    def pixel_shader(self, p):
        if not isinstance(p, (Palette, ColorConverter)):
            raise TypeError("unsupported pixel_shader type")
        self._shader = p

    @property
    def bitmap(self):
        return self._bitmap

    @bitmap.setter
    def bitmap(self, b):
        if not isinstance(b, Bitmap):
            raise TypeError("unsupported bitmap type")
        if b.width != self._bitmap.width or b.height != self._bitmap.height:
            raise ValueError("New bitmap must be same size as old bitmap")
        self._bitmap = b

    def _cell(self, i):
        # y * width + x, or (x, y); x and y as C's uint16_t
        w = self.width
        if type(i) is int:
            if i < 0:
                raise IndexError("Tile index out of bounds")
            x = i % w
            y = (i // w) & 0xFFFF
        else:
            if type(i) is slice:
                raise NotImplementedError("Slices not supported")
            x, y = _pair(i)
            x &= 0xFFFF
            y &= 0xFFFF
        if x >= w or y >= self.height:
            raise IndexError("Tile index out of bounds")
        return y * w + x

    def __getitem__(self, i):
        calls[1] += 1
        if i.__class__ is _I and 0 <= i < self._n:
            return self._t[i]
        if i.__class__ is _T and len(i) == 2:
            x, y = i
            if 0 <= x < self.width and 0 <= y < self.height and x.__class__ is _I and y.__class__ is _I:
                return self._t[y * self.width + x]
        return self._t[self._cell(i)]

    def __setitem__(self, i, v):
        calls[1] += 1
        if i.__class__ is _I:
            if 0 <= i < self._n and 0 <= v < self._lim and v.__class__ is _I:
                self._t[i] = v
                return
        elif i.__class__ is _T and len(i) == 2:
            x, y = i
            if (0 <= x < self.width and 0 <= y < self.height and 0 <= v < self._lim
                    and x.__class__ is _I and y.__class__ is _I and v.__class__ is _I):
                self._t[y * self.width + x] = v
                return
        c = self._cell(i)
        v = _int(v)
        if not 0 <= v < self._tiles:
            raise ValueError("tile must be 0-%d" % (self._tiles - 1))
        if v > 255:
            raise ValueError("tile must be 0-255")      # 9.2.9 keeps a byte a tile
        self._t[c] = v


def release_displays():
    pass
'''

BITMAPTOOLS = r'''
import displayio


def _corners(a, b, lim, na, nb):
    # bitmaptools_validate_coord_range: a in 0..lim, b (None: lim) in a..lim
    a = displayio._type_int(a, na)
    if not 0 <= a <= lim:
        raise ValueError("%s must be 0-%d" % (na, lim))
    if b is None:
        return
    b = displayio._type_int(b, nb)
    if not a <= b <= lim:
        raise ValueError("%s must be %d-%d" % (nb, a, lim))


_B = displayio.Bitmap
_I = int


def fill_region(dest_bitmap, x1, y1, x2, y2, value):
    displayio.calls[4] += 1
    if (dest_bitmap.__class__ is _B and value.__class__ is _I and 0 <= value <= dest_bitmap._max
            and x1.__class__ is _I and x2.__class__ is _I and y1.__class__ is _I
            and y2.__class__ is _I and 0 <= x1 <= x2 <= dest_bitmap.width
            and 0 <= y1 <= y2 <= dest_bitmap.height and not dest_bitmap._ro):
        return                  # the common call, legal (the checks below say why not)
    if not isinstance(dest_bitmap, displayio.Bitmap):
        raise TypeError("dest_bitmap must be of type Bitmap, not %s" % type(dest_bitmap).__name__)
    value = displayio._int(value)
    if not 0 <= value <= dest_bitmap._max:
        raise ValueError("out of range of target")
    _corners(x1, x2, dest_bitmap.width, "x1", "x2")
    _corners(y1, y2, dest_bitmap.height, "y1", "y2")
    if dest_bitmap._ro:
        raise RuntimeError("Read-only")
'''

TERMINALIO = r'''
import displayio


class _Font:
    def __init__(self):
        self.bitmap = displayio.Bitmap(6 * 95, 12, 2)
        self.bitmap._ro = True      # in flash on the board

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
        self._root = None
        self.auto_refresh = True
        self.brightness = 1.0
        self.refreshes = 0

    @property
    def root_group(self):
        return self._root

    @root_group.setter
    def root_group(self, g):
        # shared-module/displayio/display_core.c: a group shown is in use
        import displayio
        if g is not None and not isinstance(g, displayio.Group):
            raise ValueError("Must be a Group subclass.")
        if g is self._root:
            return
        if g is not None and g._in_group:
            raise ValueError("Group already used")
        if self._root is not None:
            self._root._in_group = False
        if g is not None:
            g._in_group = True
        self._root = g

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
