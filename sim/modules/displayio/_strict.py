"""CircuitPython's refusals, put on Blinka's displayio classes in place.

Each check raises the exception type and message CircuitPython raises
(adafruit/circuitpython main, 10.x, and the 9.2.9 tag where they differ),
from the source named at each one. A legal call then does exactly what
Blinka's method did, so what it draws is unchanged; Blinka's methods stay
reachable as ``_blinka_<name>`` on each class (the tests compare).

The checks sit in front of the hot calls (a Bitmap pixel, a tile, a
colour), so the common forms (an (x, y) tuple of ints, an int) are tested
first and cost a few comparisons; the rare forms take ``_slow_*``.
"""

# MicroPython's small ints: a bigger int is a heap object, which the
# subscr code does not take for a flat index (it goes to the tuple branch).
_SMALL = 1 << 30


def get_int(v):
    """py/obj.c mp_obj_get_int: an int or a bool, else TypeError."""
    if isinstance(v, int):
        return int(v)
    raise TypeError("can't convert %s to int" % type(v).__name__)


def type_int(v, name):
    """py/argcheck.c mp_arg_validate_type_int."""
    if isinstance(v, int):
        return int(v)
    raise TypeError("%s must be of type int, not %s" % (name, type(v).__name__))


def get_index(v, n, type_name):
    """py/obj.c mp_get_index (not a slice): an int, negative counts from
    the end, then 0..n-1 or IndexError."""
    if not isinstance(v, int):
        raise TypeError("%s indices must be integers, not %s" % (type_name, type(v).__name__))
    i = int(v)
    if i < 0:
        i += n
    if not 0 <= i < n:
        raise IndexError("index out of range")
    return i


def pair(index):
    """py/obj.c mp_obj_get_array_fixed_n(index, 2): the two items of a
    tuple or list of length 2."""
    if not isinstance(index, (tuple, list)):
        raise TypeError("object '%s' isn't a tuple or list" % type(index).__name__)
    if len(index) != 2:
        raise ValueError("requested length 2 but object has length %d" % len(index))
    return get_int(index[0]), get_int(index[1])


# ---------------------------------------------------------------- Bitmap
# shared-bindings/displayio/Bitmap.c (bitmap_subscr, make_new, fill) and
# shared-module/displayio/Bitmap.c (read-only bitmaps). Same in 9.2.9.

def _bitmap_xy(self, index):
    """The pixel of ``index`` (an (x, y) tuple or list, or y * width + x)."""
    w = self._bmp_width
    if type(index) is tuple and len(index) == 2:
        x, y = index
        if type(x) is not int or type(y) is not int:
            x, y = pair(index)
    elif type(index) is int and -_SMALL <= index < _SMALL:
        n = w * self._bmp_height
        if not 0 <= index < n:
            raise IndexError("index must be 0-%d" % (n - 1))
        return index % w, index // w
    else:
        if type(index) is slice:
            raise NotImplementedError("Slices not supported")
        x, y = pair(index)
    if not 0 <= x < w:
        raise IndexError("x must be 0-%d" % (w - 1))
    if not 0 <= y < self._bmp_height:
        raise IndexError("y must be 0-%d" % (self._bmp_height - 1))
    return x, y


def bitmap_getitem(self, index):
    x, y = _bitmap_xy(self, index)
    return self._get_pixel(x, y)


def make_bitmap_setitem(Area):
    def bitmap_setitem(self, index, value):
        x, y = _bitmap_xy(self, index)
        if type(value) is not int:
            value = get_int(value)
        if not 0 <= value <= self._bitmask:
            raise ValueError("value must be 0-%d" % self._bitmask)
        if self._read_only:
            raise RuntimeError("Read-only")
        # Blinka's Bitmap.__setitem__ from here (2.7.1): the same pixel
        # and dirty area.
        self._write_pixel(x, y, value)
        dirty = self._dirty_area
        if not (dirty.x1 <= x < dirty.x2 and dirty.y1 <= y < dirty.y2):
            self._set_dirty_area(Area(x, y, x + 1, y + 1))
    return bitmap_setitem


def bitmap_delitem(self, index):
    raise AttributeError("Cannot delete values")


def make_bitmap_init(blinka_init):
    def bitmap_init(self, width, height, value_count):
        width = get_int(width)
        height = get_int(height)
        value_count = get_int(value_count)
        if not 0 <= width <= 32767:
            raise ValueError("width must be 0-32767")
        if not 0 <= height <= 32767:
            raise ValueError("height must be 0-32767")
        if not 1 <= value_count <= 65536:
            raise ValueError("value_count must be 1-65536")
        blinka_init(self, width, height, value_count)
    return bitmap_init


def make_bitmap_fill(blinka_fill):
    def bitmap_fill(self, value):
        value = get_int(value)
        if not 0 <= value <= self._bitmask:
            raise ValueError("value must be 0-%d" % self._bitmask)
        if self._read_only:
            raise RuntimeError("Read-only")
        blinka_fill(self, value)
    return bitmap_fill


def make_bitmap_dirty(blinka_dirty):
    def bitmap_dirty(self, x1=0, y1=0, x2=-1, y2=-1):
        if self._read_only:
            raise RuntimeError("Read-only")
        blinka_dirty(self, get_int(x1), get_int(y1), get_int(x2), get_int(y2))
    return bitmap_dirty


# ---------------------------------------------------------------- Palette
# shared-bindings/displayio/Palette.c (palette_subscr, make_new,
# make_transparent ...). Same in 9.2.9.

def _colour(value):
    """The RGB888 colour of a palette item (int, tuple, list or buffer)."""
    if isinstance(value, int):
        if not 0 <= value <= 0xFFFFFF:
            raise TypeError("color must be between 0x000000 and 0xffffff")
        return int(value)
    if isinstance(value, (tuple, list)):
        # made into bytes first (py/objstr.c bytes_make_new, full checks)
        raw = []
        for v in value:
            v = get_int(v)
            if not 0 <= v <= 255:
                raise ValueError("bytes value out of range")
            raw.append(v)
        value = bytes(raw)
    elif isinstance(value, str):
        value = value.encode()      # a MicroPython str is a buffer of its bytes
    try:
        buf = memoryview(value)
    except TypeError:
        raise TypeError("color buffer must be a buffer, tuple, list, or int") from None
    if buf.format not in ("b", "B"):
        raise ValueError("color buffer must be a bytearray or array of type 'b' or 'B'")
    raw = buf.cast("B") if buf.format == "b" else buf
    if raw.nbytes not in (3, 4):
        raise ValueError("color buffer must be 3 bytes (RGB) or 4 bytes (RGB + pad byte)")
    return raw[0] << 16 | raw[1] << 8 | raw[2]


def palette_setitem(self, index, value):
    n = len(self._colors)
    if type(index) is not int or not 0 <= index < n:
        if type(index) is slice:
            raise TypeError("'Palette' object doesn't support item assignment")
        index = get_index(index, n, "Palette")
    if type(value) is not int or not 0 <= value <= 0xFFFFFF:
        value = _colour(value)
    self._set_color(index, value)


def palette_getitem(self, index):
    n = len(self._colors)
    if type(index) is not int or not 0 <= index < n:
        if type(index) is slice:
            raise TypeError("'Palette' object isn't subscriptable")
        index = get_index(index, n, "Palette")
    return self._colors[index].rgb888


def _palette_index(self, i):
    """make_transparent / make_opaque / is_transparent: no negative index."""
    i = type_int(i, "palette_index")
    n = len(self._colors)
    if not 0 <= i < n:
        raise ValueError("palette_index must be 0-%d" % (n - 1))
    return i


def make_palette_index_method(blinka_method):
    def method(self, palette_index):
        return blinka_method(self, _palette_index(self, palette_index))
    method.__name__ = blinka_method.__name__
    return method


def make_palette_init(blinka_init):
    def palette_init(self, color_count, *, dither=False):
        color_count = get_int(color_count)
        if not 1 <= color_count <= 32767:
            raise ValueError("color_count must be 1-32767")
        blinka_init(self, color_count, dither=bool(dither))
    return palette_init


# ---------------------------------------------------------------- TileGrid
# shared-bindings/displayio/TileGrid.c (tilegrid_subscr, make_new, the
# bitmap and pixel_shader setters) and shared-module/displayio/TileGrid.c.
# A tile: 10.x refuses 0..tiles-1 failing with "tile must be 0-N"; 9.2.9
# refuses past 255 ("tile must be 0-255", it keeps a byte a tile), then
# past the tile count ("Tile index out of bounds"). Both are refused here,
# with 10.x's message where 10.x refuses.

def _tile_xy(self, index):
    """The cell of ``index`` (y * width + x, or an (x, y) tuple or list),
    as the C code computes it: uint16_t x and y, then both bounds."""
    w = self._width_in_tiles
    if type(index) is int and -_SMALL <= index < _SMALL:
        if index < 0:           # C's % and / truncate: a negative x or y, as uint16_t past any grid
            raise IndexError("Tile index out of bounds")
        x = index % w
        y = (index // w) & 0xFFFF
    elif type(index) is tuple and len(index) == 2 and type(index[0]) is int and type(index[1]) is int:
        x = index[0] & 0xFFFF
        y = index[1] & 0xFFFF
    else:
        if type(index) is slice:
            raise NotImplementedError("Slices not supported")
        x, y = pair(index)
        x &= 0xFFFF
        y &= 0xFFFF
    if x >= w or y >= self._height_in_tiles:
        raise IndexError("Tile index out of bounds")
    return x, y


def tilegrid_getitem(self, index):
    x, y = _tile_xy(self, index)
    return self._tiles[y * self._width_in_tiles + x]


def tilegrid_setitem(self, index, value):
    x, y = _tile_xy(self, index)
    if type(value) is not int:
        value = get_int(value)
    n = self._tiles_in_bitmap
    if not 0 <= value < n:
        raise ValueError("tile must be 0-%d" % (n - 1))
    if value > 255:
        raise ValueError("tile must be 0-255")      # 9.2.9
    self._set_tile(x, y, value)


def make_tilegrid_init(blinka_init, Bitmap, OnDiskBitmap, shaders):
    _missing = object()

    def tilegrid_init(self, bitmap, *, pixel_shader=_missing, width=1, height=1,
                      tile_width=0, tile_height=0, default_tile=0, x=0, y=0):
        # Every argument but the two objects is an int (None too is a TypeError).
        width, height, x, y = get_int(width), get_int(height), get_int(x), get_int(y)
        tile_width, tile_height = get_int(tile_width), get_int(tile_height)
        default_tile = get_int(default_tile)
        if pixel_shader is _missing:
            raise TypeError("'pixel_shader' argument required")
        if not isinstance(bitmap, (Bitmap, OnDiskBitmap)):
            raise TypeError("unsupported bitmap type")
        if not isinstance(pixel_shader, shaders):
            raise TypeError("unsupported pixel_shader type")
        # A tile size of 0 is the bitmap's (Blinka: None; it takes a tile_height of 0 as 0).
        blinka_init(self, bitmap, pixel_shader=pixel_shader, width=width, height=height,
                    tile_width=tile_width or None, tile_height=tile_height or None,
                    default_tile=default_tile, x=x, y=y)
    return tilegrid_init


def make_pixel_shader_setter(blinka_setter, shaders):
    def set_pixel_shader(self, pixel_shader):
        if not isinstance(pixel_shader, shaders):
            raise TypeError("unsupported pixel_shader type")
        blinka_setter(self, pixel_shader)
    return set_pixel_shader


def make_bitmap_setter(blinka_setter, kinds):
    def set_bitmap(self, bitmap):
        if not isinstance(bitmap, kinds):
            raise TypeError("unsupported bitmap type")
        blinka_setter(self, bitmap)
    return set_bitmap


# ---------------------------------------------------------------- Group
# shared-bindings/displayio/Group.c and shared-module/displayio/Group.c
# (_add_layer). Same in 9.2.9.

def make_group_methods(cls, layers):
    blinka = {name: getattr(cls, name) for name in (
        "__init__", "insert", "pop", "index", "remove", "__getitem__", "__setitem__",
        "__delitem__")}
    scale_prop = cls.scale

    def check_layer(layer):
        if not isinstance(layer, layers):
            raise ValueError("Layer must be a Group or TileGrid subclass")
        if getattr(layer, "_in_group", False):
            raise ValueError("Layer already in a group")

    def group_init(self, *, scale=1, x=0, y=0):
        scale = get_int(scale)
        if not 1 <= scale <= 32767:
            raise ValueError("scale must be 1-32767")
        blinka["__init__"](self, scale=scale, x=get_int(x), y=get_int(y))

    def set_scale(self, value):
        value = get_int(value)
        if value < 1:
            raise ValueError("scale must be >= 1")
        scale_prop.fset(self, value)

    def append(self, layer):
        check_layer(layer)
        blinka["insert"](self, len(self._layers), layer)

    def insert(self, index, layer):
        n = len(self._layers)
        if index != n:             # insert at the end is append; else an index in the group
            index = get_index(index, n, "Group")
        check_layer(layer)
        blinka["insert"](self, index, layer)

    def pop(self, i=-1):
        return blinka["pop"](self, get_index(get_int(i), len(self._layers), "Group"))

    def index(self, layer):
        for i, m in enumerate(self._layers):
            if m is layer or m == layer:
                return i
        raise ValueError("object not in sequence")

    def remove(self, layer):
        blinka["pop"](self, index(self, layer))

    def getitem(self, i):
        if type(i) is slice:
            raise NotImplementedError("Slices not supported")
        return blinka["__getitem__"](self, get_index(i, len(self._layers), "Group"))

    def setitem(self, i, layer):
        if type(i) is slice:
            raise NotImplementedError("Slices not supported")
        i = get_index(i, len(self._layers), "Group")
        check_layer(layer)
        blinka["__setitem__"](self, i, layer)

    def delitem(self, i):
        if type(i) is slice:
            raise NotImplementedError("Slices not supported")
        blinka["__delitem__"](self, get_index(i, len(self._layers), "Group"))

    return blinka, {
        "__init__": group_init, "append": append, "insert": insert, "pop": pop,
        "index": index, "remove": remove, "__getitem__": getitem, "__setitem__": setitem,
        "__delitem__": delitem,
        "scale": property(scale_prop.fget, set_scale, None, scale_prop.__doc__),
    }


# ---------------------------------------------------------------- installing

def _put(cls, name, new, old=None):
    """Replace cls.name with new, keeping the old as cls._blinka_<name>."""
    key = "_blinka_" + name.strip("_")
    if key not in cls.__dict__:
        setattr(cls, key, old if old is not None else cls.__dict__.get(name))
    setattr(cls, name, new)


def install(ns, Area, layers):
    """Put the checks on the classes of ``ns`` (displayio's namespace,
    Blinka's classes); ``layers``: what a Group takes (Group, TileGrid and
    vectorio's shapes). Once only: a second call finds them installed."""
    Bitmap, Palette, TileGrid, Group = ns["Bitmap"], ns["Palette"], ns["TileGrid"], ns["Group"]
    if "_blinka_setitem" in Bitmap.__dict__:
        return
    _put(Bitmap, "__init__", make_bitmap_init(Bitmap.__init__))
    _put(Bitmap, "__getitem__", bitmap_getitem)
    _put(Bitmap, "__setitem__", make_bitmap_setitem(Area))
    _put(Bitmap, "__delitem__", bitmap_delitem, old=bitmap_delitem)
    _put(Bitmap, "fill", make_bitmap_fill(Bitmap.fill))
    _put(Bitmap, "dirty", make_bitmap_dirty(Bitmap.dirty))

    _put(Palette, "__init__", make_palette_init(Palette.__init__))
    _put(Palette, "__setitem__", palette_setitem)
    _put(Palette, "__getitem__", palette_getitem)
    for name in ("make_transparent", "make_opaque", "is_transparent"):
        _put(Palette, name, make_palette_index_method(getattr(Palette, name)))

    shaders = (ns["Palette"], ns["ColorConverter"])
    kinds = (Bitmap, ns["OnDiskBitmap"])
    _put(TileGrid, "__init__", make_tilegrid_init(TileGrid.__init__, Bitmap, ns["OnDiskBitmap"],
                                                  shaders))
    _put(TileGrid, "__getitem__", tilegrid_getitem)
    _put(TileGrid, "__setitem__", tilegrid_setitem)
    ps = TileGrid.pixel_shader
    _put(TileGrid, "pixel_shader", property(ps.fget, make_pixel_shader_setter(ps.fset, shaders),
                                            None, ps.__doc__))
    bp = TileGrid.bitmap
    _put(TileGrid, "bitmap", property(bp.fget, make_bitmap_setter(bp.fset, kinds), None, bp.__doc__))

    _blinka, methods = make_group_methods(Group, layers)
    for name, new in methods.items():
        _put(Group, name, new)
