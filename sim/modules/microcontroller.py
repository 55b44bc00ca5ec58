"""Stand-in for CircuitPython's ``microcontroller``: Pin, cpu, nvm, reset()."""

import _simhost


class Pin:
    """A pin, known by its board name (``board.A0`` and so on)."""

    def __init__(self, name):
        self._name = name

    def __repr__(self):
        return "board." + self._name

    def __eq__(self, other):
        return isinstance(other, Pin) and other._name == self._name

    def __hash__(self):
        return hash(self._name)


class _CPU:
    frequency = 120000000
    voltage = 3.3
    uid = bytearray(b"SIMULATED-SAMD51")
    reset_reason = None

    @property
    def temperature(self):
        return 25.0


cpu = _CPU()
cpus = (cpu,)


class _NVM:
    """8192 bytes like the real ``microcontroller.nvm``; writes go to the file."""

    def __len__(self):
        return _simhost.NVM_SIZE

    def _range(self, index):
        if index.step not in (None, 1):
            raise NotImplementedError("only slices with step=1 (aka None) are supported")
        return range(_simhost.NVM_SIZE)[index]

    def __getitem__(self, index):
        if isinstance(index, slice):
            r = self._range(index)
            return bytearray(_simhost.nvm[r.start:r.stop])
        if index < 0:
            index += _simhost.NVM_SIZE
        if not 0 <= index < _simhost.NVM_SIZE:
            raise IndexError("ByteArray index out of range")
        return _simhost.nvm[index]

    def __setitem__(self, index, value):
        if isinstance(index, slice):
            r = self._range(index)
            data = bytes(value)
            if len(data) != len(r):
                raise ValueError("Slice and value different lengths.")
            _simhost.write_nvm(r.start, data)
            return
        if index < 0:
            index += _simhost.NVM_SIZE
        if not 0 <= index < _simhost.NVM_SIZE:
            raise IndexError("ByteArray index out of range")
        if not 0 <= value <= 255:
            raise ValueError("Bytes must be between 0 and 255.")
        _simhost.write_nvm(index, bytes((value,)))

    def __delitem__(self, index):
        raise TypeError("'ByteArray' object doesn't support item deletion")


nvm = _NVM()


def reset():
    raise _simhost.Reset()


def delay_us(delay):
    _simhost.advance(delay / 1000.0)


def disable_interrupts():
    pass


def enable_interrupts():
    pass


def on_next_reset(run_mode):
    pass


class RunMode:
    NORMAL = 0
    SAFE_MODE = 1
    BOOTLOADER = 2
    UF2 = 3
