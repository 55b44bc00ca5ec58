"""Put the firmware and the desktop stand-ins on sys.path (tools and tests).

The stand-ins in sim/modules (e.g. ``micropython``) come first so they win
over anything of the same name installed in the venv.
"""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
STANDINS = os.path.join(ROOT, "sim", "modules")

for _p in (FIRMWARE, STANDINS):
    if _p in sys.path:
        sys.path.remove(_p)
    sys.path.insert(0, _p)
