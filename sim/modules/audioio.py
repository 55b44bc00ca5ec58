"""Stand-in for CircuitPython's ``audioio`` (the SAMD51 DAC): silent, logged."""

from _simaudio import AudioOut  # noqa: F401
