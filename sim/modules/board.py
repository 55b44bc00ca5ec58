"""Stand-in for CircuitPython's ``board`` on a PyBadge / PyBadge LC /
EdgeBadge / PyGamer (chosen by the runner or the SIM_BOARD variable).

The pins are the build's (CircuitPython's pins.c, listed in _simhost): one
Pin object per port pin under each of its names, so ``board.D8 is
board.NEOPIXEL`` and a pin taken through one name is in use through all.
The PyBadge LC and the EdgeBadge run the pybadge build: same pins, same
board_id. ``board.DISPLAY`` is the 160x128 panel, drawn by the real
(Blinka) displayio.
"""

import _simhost
from microcontroller import Pin

# A reload for another board (the tests switch boards) drops the old pins.
for _n in globals().get("_PIN_NAMES", ()):
    globals().pop(_n, None)

board_id = _simhost.config["board_id"]


def _make_pins():
    """{name: Pin}: one Pin per port pin, under each of its names."""
    names = {}
    for label, port in _simhost.config["pins"]:
        names.setdefault(port, []).append(label)
    pins = {}
    for port, labels in names.items():
        pin = Pin(port, labels)
        for label in labels:
            pins[label] = pin
    return pins


_pins = _make_pins()
globals().update(_pins)
_PIN_NAMES = tuple(_pins)
del _pins


class _I2C:
    """board.I2C(): only scan() answers (the accelerometer, if the board has one)."""

    def try_lock(self):
        return True

    def unlock(self):
        pass

    def scan(self):
        return [0x19] if _simhost.config["accel"] else []

    def deinit(self):
        pass


_i2c = None


def I2C():
    global _i2c
    if _i2c is None:
        _i2c = _I2C()
    return _i2c


STEMMA_I2C = I2C   # the same bus on these boards (pins.c)


def _make_display():
    if _simhost.display is None:
        from _simdisplay import SimDisplay

        _simhost.display = SimDisplay(160, 128)
    return _simhost.display


DISPLAY = _make_display()
