"""Stand-in for CircuitPython's ``microcontroller``: Pin, cpu, nvm, reset()."""

import _simhost


class Pin:
    """One port pin of the SAMD51 (e.g. PA15). The board module's names for
    it are the same object (board.D8 is board.NEOPIXEL), so a pin taken under
    one name is taken under all, as on the board. Compared by identity, like
    the real Pin; printed by its first board name ("board.D8")."""

    def __init__(self, port, names):
        self._port = port
        self._names = tuple(names)    # pins.c's order: ("D8", "NEOPIXEL")
        # The simulated hardware knows a pin by its function (NEOPIXEL,
        # SPEAKER, JOYSTICK_X), the name pins.c lists after An/Dn.
        self._name = self._names[-1]

    def __repr__(self):
        return "board." + self._names[0]


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
