"""Stand-in for CircuitPython's ``neopixel_write``: the bytes sent to a pin
are kept for the runner, which draws them (the real ``neopixel`` library
runs on top of this)."""

import _simhost


def neopixel_write(digitalinout, buf):
    _simhost.pixels[digitalinout._name] = bytes(buf)
    _simhost.pump()
