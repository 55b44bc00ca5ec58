"""Stand-in for CircuitPython's ``audiopwmio``: silent, logged."""

from _simaudio import AudioOut as PWMAudioOut  # noqa: F401
