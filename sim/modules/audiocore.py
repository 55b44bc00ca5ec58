"""Stand-in for CircuitPython's ``audiocore``: RawSample (and WaveFile by name)."""


class RawSample:
    def __init__(self, buffer, *, channel_count=1, sample_rate=8000, single_buffer=True):
        self.buffer = buffer
        self.channel_count = channel_count
        self.sample_rate = sample_rate

    def deinit(self):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        pass


class WaveFile:
    def __init__(self, file, buffer=None):
        self.file = getattr(file, "name", str(file))
        self.sample_rate = 8000
        self.channel_count = 1
        self.bits_per_sample = 16

    def deinit(self):
        pass
