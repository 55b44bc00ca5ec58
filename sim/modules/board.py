"""Stand-in for CircuitPython's ``board`` on a PyBadge / PyBadge LC /
EdgeBadge / PyGamer (chosen by the runner or the SIM_BOARD variable).

``board.DISPLAY`` is the 160x128 panel, drawn by the real (Blinka) displayio.
"""

import _simhost
from microcontroller import Pin

board_id = _simhost.config["board_id"]

_NAMES = (
    "A0 A1 A2 A3 A4 A5 A6 A7 A8 A9 D0 D1 D2 D3 D4 D5 D6 D7 D8 D9 D10 D11 D12 D13 "
    "RX TX SDA SCL SCK MOSI MISO SPEAKER SPEAKER_ENABLE NEOPIXEL "
    "BUTTON_CLOCK BUTTON_OUT BUTTON_LATCH LIGHT ACCELEROMETER_INTERRUPT "
    "TFT_CS TFT_DC TFT_RST TFT_LITE TFT_MOSI TFT_SCK L LED"
).split()
if _simhost.config["stick"]:
    _NAMES += ["JOYSTICK_X", "JOYSTICK_Y", "SD_CS"]
if _simhost.name == "edgebadge":
    _NAMES += ["MICROPHONE_CLOCK", "MICROPHONE_DATA"]

for _n in _NAMES:
    globals()[_n] = Pin(_n)
# Same pins under two names, as on the boards.
A0 = SPEAKER  # noqa: F821  (defined just above)
A6 = LIGHT  # noqa: F821
D13 = LED = L  # noqa: F821
del _n


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


def _make_display():
    if _simhost.display is None:
        from _simdisplay import SimDisplay

        _simhost.display = SimDisplay(160, 128)
    return _simhost.display


DISPLAY = _make_display()
