"""Put the firmware and the desktop stand-ins on sys.path (tools and tests).

The stand-ins in sim/modules (e.g. ``micropython``, ``board``) come first so
they win over Blinka's modules of the same names in the venv. The firmware
goes last: its ``code.py`` (CircuitPython's entry point) must not hide the
standard library's ``code`` module, which pdb and pytest import.
"""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
STANDINS = os.path.join(ROOT, "sim", "modules")

for _p in (FIRMWARE, STANDINS):
    if _p in sys.path:
        sys.path.remove(_p)
sys.path.insert(0, STANDINS)
sys.path.append(FIRMWARE)
