"""The shell's tone queue (ui/session.py Fx) on CircuitPython's clock: supervisor.ticks_ms wraps at
2**29 ms (about 149 hours), and ticks_diff sees at most 2**28 ms (about 75
hours) either way (issue 41). The simulator's virtual clock is set here:
its ticks start 65,536 ms before a wrap (_simhost.TICKS_OFFSET). A tone
asked for (``sound``) plays at the loop's next ``update``."""

import _simhost
import pytest
import supervisor

from boards import ticks_diff
from ui import fx as tones
from ui import session as fxmod

WRAP = (1 << 29) - _simhost.TICKS_OFFSET    # the clock's ms at the first wrap
HOURS_75 = 1 << 28


class Pixels:
    def __len__(self):
        return 5

    def fill(self, c):
        pass

    def show(self):
        pass

    def __setitem__(self, i, c):
        pass


class Hw:
    def __init__(self):
        self.pixels = Pixels()
        self.played = []             # (clock ms, frequency)

    def tone(self, f, ms):
        self.played.append((_simhost.now_ms(), f))

    def tick(self):
        pass


@pytest.fixture
def clock(monkeypatch):
    monkeypatch.setattr(_simhost, "virtual", True)
    monkeypatch.setattr(_simhost, "pump_hook", None)

    def at(ms):
        _simhost._vnow = float(ms)
    monkeypatch.setattr(_simhost, "_vnow", 0.0)
    return at


def run_until_played(fx, hw, n, limit_ms):
    """update() every millisecond until ``n`` tones have played; the ms it took."""
    start = _simhost.now_ms()
    while len(hw.played) < n:
        assert _simhost.now_ms() - start <= limit_ms, hw.played
        _simhost._vnow += 1.0
        fx.update()
    return _simhost.now_ms() - start


def test_queued_tones_keep_their_spacing_across_the_wrap(clock):
    clock(WRAP - 30)
    hw = Hw()
    fx = fxmod.Fx(hw)
    fx.sound(tones.CLAIM)               # 50 ms, then 70 ms: the second is due after the wrap
    assert hw.played == []              # asked for: the loop's next update plays it
    fx.update()
    assert len(hw.played) == 1
    assert supervisor.ticks_ms() > (1 << 29) - 41     # just before the wrap
    run_until_played(fx, hw, 2, 100)
    (t1, f1), (t2, f2) = hw.played
    assert (f1, f2) == (880, 1320)
    assert 60 <= t2 - t1 <= 61          # 50 ms of tone and 10 of pause, across the wrap
    assert supervisor.ticks_ms() < 100  # ... which it is


@pytest.mark.parametrize("idle_ms", [
    1000, HOURS_75 - 1000, HOURS_75 + 1000, (1 << 29) - 5000, (1 << 29) + 1000,
    3 * HOURS_75, 7 * HOURS_75 + 12345])
def test_a_tone_after_any_idle_plays_at_once(clock, idle_ms):
    """The last tone played near the wrap, then nothing for idle_ms: the
    next plays at once. (Kept as a plain deadline, ticks_diff put it in the
    future after 75 hours, for up to another 75.)"""
    clock(WRAP - 100)
    hw = Hw()
    fx = fxmod.Fx(hw)
    fx.sound(tones.PLACE)
    run_until_played(fx, hw, 1, 0)
    clock(WRAP - 100 + idle_ms)
    # the old rule (due once ticks_diff(now, deadline) >= 0) waits when the
    # idle time less the 50 ms pause is 2**28 or more past a whole wrap
    old_rule_waits = ticks_diff(supervisor.ticks_ms(), fx.next_tone) < 0
    assert old_rule_waits == ((idle_ms - 50) % (1 << 29) >= HOURS_75)
    fx.sound(tones.MOVE)
    fx.update()
    assert len(hw.played) == 2 and hw.played[1][1] == 1200


def test_the_first_tone_plays_at_once_however_long_the_board_was_on(clock):
    clock(0)
    hw = Hw()
    fx = fxmod.Fx(hw)                    # made at boot: its clock read then
    clock(HOURS_75 + 5000)
    fx.sound(tones.PLACE)
    fx.update()
    assert len(hw.played) == 1


def test_within_a_tone_s_pause_after_a_whole_wrap_the_wait_is_that_pause_at_most(clock):
    """2**29 ms to the millisecond after a tone the clock reads the same
    ticks again: ticks cannot tell, so the next tone waits out what is
    left of the pause (a window of 50 ms in every 149 hours)."""
    clock(WRAP - 100)
    hw = Hw()
    fx = fxmod.Fx(hw)
    fx.sound(tones.PLACE)                # 40 ms + 10
    fx.update()
    clock(WRAP - 100 + (1 << 29) + 20)
    fx.sound(tones.MOVE)
    assert run_until_played(fx, hw, 2, 50) <= 31
