"""Desktop stand-in for MicroPython's built-in ``micropython`` module.

Only what the firmware uses: ``const`` (a no-op outside the MicroPython
compiler) and ``native``/``viper`` decorators as identity functions.
"""


def const(value):
    return value


def native(func):
    return func


def viper(func):
    return func
