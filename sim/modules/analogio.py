"""Stand-in for CircuitPython's ``analogio``: AnalogIn reads the level the
runner sets (the PyGamer thumbstick: JOYSTICK_X / JOYSTICK_Y)."""

import _simhost


class AnalogIn:
    reference_voltage = 3.3

    def __init__(self, pin):
        _simhost.claim(pin)
        self._pin = pin
        self._name = _simhost.pin_name(pin)

    def deinit(self):
        if self._pin is not None:
            _simhost.release(self._pin)
            self._pin = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.deinit()

    @property
    def value(self):
        _simhost.pump()
        return _simhost.analog.get(self._name, 0)
