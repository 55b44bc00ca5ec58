"""displayio stand-in: Blinka's displayio, refusing what CircuitPython refuses.

Blinka composes every pixel (its classes are the ones used, so its fast
drawing paths, which test ``type(x) is Bitmap``, still apply), but it is
kinder than the board: it drops a Bitmap write outside the bitmap, masks a
value beyond the bit depth, takes any tile up to 255, clamps Group
inserts. ``_strict`` puts CircuitPython's checks (exception types and
messages of shared-bindings/displayio/*.c) on Blinka's classes in place.

This package stands where ``import displayio`` finds it first (sim/modules
leads sys.path); Blinka's own package directory is on its ``__path__``, so
``displayio._bitmap`` and the rest (busdisplay, fontio, the pygame display
import them) are Blinka's modules. Blinka's ``__init__`` runs here, as if
it were this module.
"""

import importlib.machinery
import os
import sys

_HERE = os.path.dirname(os.path.abspath(__file__))


def _blinka_spec():
    """Blinka's displayio package: the next one on sys.path after this."""
    stand_ins = os.path.dirname(_HERE)
    others = [p for p in sys.path if os.path.abspath(p or os.curdir) != stand_ins]
    spec = importlib.machinery.PathFinder.find_spec("displayio", others)
    if spec is None or spec.origin is None:
        raise ImportError("Blinka's displayio (adafruit-blinka-displayio) is not installed")
    return spec


_spec = _blinka_spec()
BLINKA_DIR = os.path.dirname(_spec.origin)
__path__.append(BLINKA_DIR)
with open(_spec.origin, encoding="utf-8") as _f:
    exec(compile(_f.read(), _spec.origin, "exec"))
del _f, _spec

from vectorio._vectorshape import _VectorShape  # noqa: E402

from displayio import _strict  # noqa: E402  (after Blinka's classes exist)
from displayio._area import Area  # noqa: E402

# A Group takes what Blinka's takes: Groups, TileGrids, vectorio's shapes.
_strict.install(globals(), Area, (Group, TileGrid, _VectorShape))  # noqa: F821  (Blinka's)
del Area, _VectorShape
