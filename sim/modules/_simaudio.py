"""The silent speaker shared by the audioio / audiopwmio stand-ins: every
play and stop is logged in _simhost.audio_log (tests read it)."""

import _simhost


class AudioOut:
    def __init__(self, left_channel, *, right_channel=None, quiescent_value=0x8000):
        _simhost.claim(left_channel)
        self._pin = left_channel
        self._name = _simhost.pin_name(left_channel)
        self._sample = None
        self._end = None
        self._paused = False

    def deinit(self):
        if self._pin is not None:
            self.stop()
            _simhost.release(self._pin)
            self._pin = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.deinit()

    def play(self, sample, *, loop=False):
        self._sample = sample
        self._paused = False
        self._end = None
        details = {"pin": self._name, "loop": bool(loop),
                   "sample_rate": sample.sample_rate}
        buf = getattr(sample, "buffer", None)
        if buf is not None:
            details["length"] = len(buf)
            details["freq"] = round(sample.sample_rate / max(1, len(buf)), 2)
            if not loop:
                self._end = _simhost.now_ms() + 1000.0 * len(buf) / max(1, sample.sample_rate)
        else:
            details["file"] = getattr(sample, "file", None)
        _simhost.log_audio("play", **details)

    def stop(self):
        if self._sample is not None:
            self._sample = None
            _simhost.log_audio("stop", pin=self._name)

    @property
    def playing(self):
        _simhost.pump()
        if self._end is not None and _simhost.now_ms() >= self._end:
            self._sample = None
            self._end = None
        return self._sample is not None

    def pause(self):
        self._paused = True

    def resume(self):
        self._paused = False

    @property
    def paused(self):
        return self._paused
