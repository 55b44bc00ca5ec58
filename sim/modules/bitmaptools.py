"""bitmaptools stand-in: Blinka's bitmaptools, with CircuitPython's refusals
for what the firmware calls (``fill_region``; firmware/ui/draw.py).

Blinka clips a region to the bitmap and takes x2 < x1 as nothing to do;
CircuitPython (shared-bindings/bitmaptools/__init__.c, the same in 9.2.9)
checks the value against the bit depth first, then each corner against
the bitmap, and raises. Every other function is Blinka's, run in this
module (as displayio is, see displayio/__init__.py).
"""

import importlib.machinery
import os
import sys

from displayio import _strict

_STAND_INS = os.path.dirname(os.path.abspath(__file__))


def _blinka_origin():
    others = [p for p in sys.path if os.path.abspath(p or os.curdir) != _STAND_INS]
    spec = importlib.machinery.PathFinder.find_spec("bitmaptools", others)
    if spec is None or spec.origin is None:
        raise ImportError("Blinka's bitmaptools (adafruit-blinka-displayio) is not installed")
    return spec.origin


BLINKA_FILE = _blinka_origin()
with open(BLINKA_FILE, encoding="utf-8") as _f:
    exec(compile(_f.read(), BLINKA_FILE, "exec"))
del _f

_blinka_fill_region = fill_region  # noqa: F821  (defined by Blinka's module above)


def _corners(a, b, lim, names):
    """bitmaptools_validate_coord_range: a in 0..lim, b (None: lim) in a..lim."""
    a = _strict.type_int(a, names[0])
    if not 0 <= a <= lim:
        raise ValueError("%s must be 0-%d" % (names[0], lim))
    if b is None:
        return a, lim
    b = _strict.type_int(b, names[1])
    if not a <= b <= lim:
        raise ValueError("%s must be %d-%d" % (names[1], a, lim))
    return a, b


def fill_region(dest_bitmap, x1, y1, x2, y2, value):
    """Fill x1 <= x < x2, y1 <= y < y2 of dest_bitmap with value."""
    if not isinstance(dest_bitmap, Bitmap):  # noqa: F821  (Blinka's module imports it)
        raise TypeError("dest_bitmap must be of type Bitmap, not %s" % type(dest_bitmap).__name__)
    value = _strict.get_int(value)
    # uint32_t: a negative value is past any depth
    if not 0 <= value < (1 << dest_bitmap._bits_per_value):
        raise ValueError("out of range of target")
    x1, x2 = _corners(x1, x2, dest_bitmap.width, ("x1", "x2"))
    y1, y2 = _corners(y1, y2, dest_bitmap.height, ("y1", "y2"))
    if dest_bitmap._read_only:
        raise RuntimeError("Read-only")     # the dirty area is set even for an empty region
    _blinka_fill_region(dest_bitmap, x1, y1, x2, y2, value)
