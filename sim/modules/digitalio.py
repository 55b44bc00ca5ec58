"""Stand-in for CircuitPython's ``digitalio`` (levels live in the simulated board)."""

import _simhost


class Direction:
    INPUT = "INPUT"
    OUTPUT = "OUTPUT"


class Pull:
    UP = "UP"
    DOWN = "DOWN"


class DriveMode:
    PUSH_PULL = "PUSH_PULL"
    OPEN_DRAIN = "OPEN_DRAIN"


class DigitalInOut:
    def __init__(self, pin):
        _simhost.claim(pin)
        self._pin = pin
        self._name = _simhost.pin_name(pin)
        self._direction = Direction.INPUT
        self.pull = None
        self.drive_mode = DriveMode.PUSH_PULL

    def deinit(self):
        if self._pin is not None:
            _simhost.release(self._pin)
            self._pin = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.deinit()

    def switch_to_output(self, value=False, drive_mode=DriveMode.PUSH_PULL):
        self._direction = Direction.OUTPUT
        self.drive_mode = drive_mode
        self.value = value

    def switch_to_input(self, pull=None):
        self._direction = Direction.INPUT
        self.pull = pull

    @property
    def direction(self):
        return self._direction

    @direction.setter
    def direction(self, value):
        if value == Direction.OUTPUT:
            self.switch_to_output()
        else:
            self.switch_to_input()

    @property
    def value(self):
        if self._direction == Direction.OUTPUT:
            return _simhost.levels.get(self._name, False)
        return _simhost.levels.get(self._name, self.pull == Pull.UP)

    @value.setter
    def value(self, value):
        if self._direction != Direction.OUTPUT:
            raise AttributeError("Cannot set value when direction is input.")
        _simhost.levels[self._name] = bool(value)
