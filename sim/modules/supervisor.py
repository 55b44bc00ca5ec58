"""Stand-in for CircuitPython's ``supervisor``: ticks_ms, runtime, reload()."""

import _simhost


def ticks_ms():
    _simhost.advance(0.01)
    return _simhost.ticks_ms()


class _Runtime:
    autoreload = True
    serial_connected = True
    usb_connected = True
    serial_bytes_available = 0
    run_reason = None


runtime = _Runtime()


def reload():
    raise _simhost.Reset()


def set_next_code_file(filename, **kwargs):
    pass


def get_previous_traceback():
    return None
