"""boards/common.py's Pixels: our NeoPixel class over CircuitPython's neopixel_write,
in the simulator (the bytes the stand-in got, as the board's wire sees
them) and in the MicroPython VM (the same bytes, and what it costs)."""

import importlib
import os
import sys

import mpylane
import pytest

import paths

if paths.ROOT not in sys.path:
    sys.path.append(paths.ROOT)   # the `boards` package

import _simhost


@pytest.fixture
def board():
    import board

    _simhost.configure("pybadge")
    _simhost.reset_hardware()
    importlib.reload(board)
    yield board
    _simhost.reset_hardware()


def sent():
    return _simhost.pixels["NEOPIXEL"]


def test_colours_go_out_grb_scaled_by_brightness(board):
    from boards.common import Pixels

    px = Pixels(board.NEOPIXEL, 5, 0.5)
    assert len(px) == 5
    px[0] = 0xFF8040
    px[-1] = 0x0000FF                    # from the end, as a list
    px.show()
    assert sent() == bytes((64, 127, 32, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 127))
    assert _simhost.pixel_colors()[0] == (127, 64, 32)


def test_fill_and_a_new_brightness_at_the_next_show(board):
    from boards.common import Pixels

    px = Pixels(board.NEOPIXEL, 5, 0.1)
    px.fill(0xFFFFFF)
    px.show()
    assert sent() == bytes([25] * 15)            # int(255 * 0.1), as adafruit_pixelbuf
    px.brightness = 1.0
    assert sent() == bytes([25] * 15)            # not sent until show()
    px.show()
    assert sent() == bytes([255] * 15)           # the colours kept as set: none lost
    px.fill(0)
    px[2] = 0x123456
    px.show()
    assert _simhost.pixel_colors() == [(0, 0, 0)] * 2 + [(0x12, 0x34, 0x56)] + [(0, 0, 0)] * 2


def test_a_pixel_past_the_strip_is_refused(board):
    from boards.common import Pixels

    px = Pixels(board.NEOPIXEL, 1, 1.0)
    with pytest.raises(IndexError):
        px[1] = 0xFFFFFF
    px.show()
    assert sent() == b"\0\0\0"


def test_the_board_starts_dark_at_a_tenth(board):
    """The adapter's strip: every pixel off at power-on, brightness 0.1."""
    import boards

    hw = boards.load()
    assert sent() == bytes(15) and hw.pixels.brightness == 0.1
    hw.pixels[0] = 0xFF0000
    hw.pixels.show()
    assert _simhost.pixel_colors()[0] == (25, 0, 0)


_VM_SCRIPT = mpylane.PAST_QSTR_STEP + """
import gc
import boards, digitalio, neopixel_write
from boards.common import Pixels
gc.collect()
a = gc.mem_alloc()
px = Pixels(None, 5, 0.5)
gc.collect()
print("HEAP", gc.mem_alloc() - a)
px[0] = 0xFF8040
px[-1] = 0x0000FF
px.show()
print("SENT", bytes(neopixel_write.last[0]).hex())
px.fill(0x102030)
px.brightness = 1.0
px.show()
print("SENT", bytes(neopixel_write.last[0]).hex())
"""


def test_in_the_micropython_vm_the_same_bytes_and_a_small_object():
    """The class as the board runs it (MicroPython, compiled from .py):
    the same bytes; a strip of five keeps under 256 bytes (its code's
    share of boards.common is in the bench's heap rows)."""
    mpylane.require_or_skip()
    with open(os.path.join(paths.ROOT, "boards", "common.py")) as f:
        files = {"boards/__init__.py": "", "boards/common.py": f.read(),
                 "supervisor.py": "def ticks_ms():\n    return 0\n",
                 "neopixel_write.py": "last = [b'']\n"
                                      "def neopixel_write(pin, buf):\n    last[0] = bytes(buf)\n",
                 "digitalio.py": "class DigitalInOut:\n    def __init__(self, pin):\n"
                                 "        pass\n    def switch_to_output(self):\n        pass\n"}
    out = mpylane.run_ok(_VM_SCRIPT, files=files).split("\n")
    heap = int(out[0].split()[1])
    assert 0 < heap < 256, heap
    assert out[1] == "SENT " + bytes((64, 127, 32) + (0,) * 9 + (0, 0, 127)).hex()
    assert out[2] == "SENT " + "201030" * 5
