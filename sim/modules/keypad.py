"""Stand-in for CircuitPython's ``keypad``: Event, EventQueue, Keys,
ShiftRegisterKeys (the real API). The simulated board tells the scanners at
once when a physical button changes, so no press is lost between polls;
events carry supervisor.ticks_ms() timestamps like the real ones.

The queue holds max_events (default 64) like the real one
(shared-module/keypad/EventQueue.c): a change that finds it full is dropped
and sets ``overflowed`` (read-only) until clear(), while the scanner's idea
of each key has moved on, so only reset() brings queue and keys together."""

import _simhost


class Event:
    def __init__(self, key_number=0, pressed=True, timestamp=None):
        self._key_number = key_number
        self._pressed = bool(pressed)
        self._timestamp = _simhost.ticks_ms() if timestamp is None else timestamp

    @property
    def key_number(self):
        return self._key_number

    @property
    def pressed(self):
        return self._pressed

    @property
    def released(self):
        return not self._pressed

    @property
    def timestamp(self):
        return self._timestamp

    def __eq__(self, other):
        return (isinstance(other, Event) and other._key_number == self._key_number
                and other._pressed == self._pressed)

    def __hash__(self):
        return hash((self._key_number, self._pressed))

    def __repr__(self):
        return "<Event: key_number %d %s>" % (
            self._key_number, "pressed" if self._pressed else "released")


class EventQueue:
    """Made by a scanner (scanner.events), as on the board."""

    def __init__(self, max_events=64):
        self._max = max_events
        self._q = []
        self._overflowed = False

    @property
    def overflowed(self):
        return self._overflowed

    def _put(self, key_number, pressed, timestamp):
        if len(self._q) >= self._max:
            self._overflowed = True
            return
        self._q.append((key_number, pressed, timestamp))

    def get(self):
        _simhost.pump()
        if not self._q:
            _simhost.idle_poll()
            if not self._q:
                return None
        k, p, t = self._q.pop(0)
        return Event(k, p, t)

    def get_into(self, event):
        _simhost.pump()
        if not self._q:
            _simhost.idle_poll()
            if not self._q:
                return False
        event._key_number, event._pressed, event._timestamp = self._q.pop(0)
        return True

    def clear(self):
        del self._q[:]
        self._overflowed = False

    def __bool__(self):
        _simhost.pump()
        return bool(self._q)

    def __len__(self):
        _simhost.pump()
        return len(self._q)


class _Scanner:
    def _start(self, key_count, max_events, pins):
        if max_events < 1:
            raise ValueError("max_events must be >= 1")
        self._pins = tuple(pins)
        for p in self._pins:
            _simhost.claim(p)
        self._key_count = key_count
        self._state = [False] * key_count
        self.events = EventQueue(max_events)
        _simhost.keypads.append(self)
        self._scan(_simhost.ticks_ms())

    @property
    def key_count(self):
        return self._key_count

    def _scan(self, timestamp):
        now = self._read()
        for i in range(self._key_count):
            if now[i] != self._state[i]:
                self._state[i] = now[i]
                self.events._put(i, now[i], timestamp)

    def reset(self):
        self._state = [False] * self._key_count
        self._scan(_simhost.ticks_ms())

    def deinit(self):
        if self in _simhost.keypads:
            _simhost.keypads.remove(self)
            for p in self._pins:
                _simhost.release(p)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.deinit()


class ShiftRegisterKeys(_Scanner):
    def __init__(self, *, clock, data, latch, value_to_latch=True, key_count,
                 value_when_pressed, interval=0.020, max_events=64,
                 debounce_threshold=1):
        if isinstance(data, (list, tuple)):
            if len(data) != 1:
                raise NotImplementedError("simulator: one data pin only")
            data = data[0]
        if isinstance(key_count, (list, tuple)):
            key_count = key_count[0]
        self._wires = (_simhost.pin_name(clock), _simhost.pin_name(data),
                       _simhost.pin_name(latch))
        self._when = bool(value_when_pressed)
        self._start(key_count, max_events, (clock, data, latch))

    def _read(self):
        bits = _simhost.shift_register_levels(*self._wires)
        return [bool(bits >> i & 1) == self._when for i in range(self._key_count)]


class Keys(_Scanner):
    def __init__(self, pins, *, value_when_pressed, pull=True, interval=0.020,
                 max_events=64, debounce_threshold=1):
        self._names = [_simhost.pin_name(p) for p in pins]
        self._when = bool(value_when_pressed)
        self._pull = pull
        self._start(len(self._names), max_events, pins)

    def _read(self):
        idle = (not self._when) if self._pull else False
        return [_simhost.levels.get(n, idle) == self._when for n in self._names]
