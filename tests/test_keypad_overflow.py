"""keypad's event queue overflows as on the board (64 changes by default,
then dropped, ``overflowed`` set), and the board adapters recover from it as
Adafruit's PyBadger does: everything released, queues emptied, the keys read
afresh, so no button stays held and the d-pad does not repeat on its own."""

import importlib
import os
import sys

import pytest

import paths

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
if paths.ROOT not in sys.path:
    sys.path.append(paths.ROOT)   # the `boards` package

import _simhost


@pytest.fixture
def sim_board():
    import board

    def use(name):
        _simhost.configure(name)
        _simhost.reset_hardware()
        importlib.reload(board)
        _simhost.virtual = True
        return board

    yield use
    _simhost.virtual = False
    use("pybadge")
    _simhost.virtual = False


def tap(button, times):
    for _ in range(times):
        _simhost.set_button(button, True)
        _simhost.set_button(button, False)


def drain(buttons):
    got = []
    ev = buttons.get()
    while ev is not None:
        got.append((ev.name, ev.pressed, ev.repeat))
        ev = buttons.get()
    return got


# ------------------------------------------------------------ the stand-in

def test_queue_overflows_at_max_events_and_keys_move_on(sim_board):
    board = sim_board("pybadge")
    import keypad

    keys = keypad.ShiftRegisterKeys(clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT,
                                    latch=board.BUTTON_LATCH, key_count=8,
                                    value_when_pressed=True)
    try:
        tap("a", 32)                       # 64 changes: full, not over
        assert len(keys.events) == 64 and not keys.events.overflowed
        _simhost.set_button("b", True)     # the 65th is dropped
        assert len(keys.events) == 64 and keys.events.overflowed
        with pytest.raises(AttributeError):
            keys.events.overflowed = False   # read-only, as on the board
        keys.events.clear()
        assert len(keys.events) == 0 and not keys.events.overflowed
        # The scanner took B as down although its press was dropped: its
        # release comes alone. reset() reads the keys afresh.
        _simhost.set_button("a", True)
        ev = keys.events.get()
        assert (ev.key_number, ev.pressed) == (1, True) and keys.events.get() is None
        keys.reset()
        got = []
        ev = keys.events.get()
        while ev is not None:
            got.append((ev.key_number, ev.pressed))
            ev = keys.events.get()
        assert got == [(0, True), (1, True)]   # B and A, both still down
    finally:
        keys.deinit()
    with pytest.raises(ValueError, match="max_events"):
        keypad.ShiftRegisterKeys(clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT,
                                 latch=board.BUTTON_LATCH, key_count=8,
                                 value_when_pressed=True, max_events=0)


def test_small_queue_overflows_too(sim_board):
    board = sim_board("pybadge")
    import keypad

    keys = keypad.ShiftRegisterKeys(clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT,
                                    latch=board.BUTTON_LATCH, key_count=8,
                                    value_when_pressed=True, max_events=3)
    try:
        tap("start", 1)
        _simhost.set_button("up", True)
        assert len(keys.events) == 3 and not keys.events.overflowed
        _simhost.set_button("down", True)
        assert len(keys.events) == 3 and keys.events.overflowed
    finally:
        keys.deinit()


# ------------------------------------------------------------ the adapters

@pytest.mark.parametrize("kind", ["pybadge", "pygamer"])
def test_flooded_queue_leaves_no_key_held_or_repeating(sim_board, kind):
    sim_board(kind)
    import boards

    b = boards.load().buttons()
    _simhost.set_button("right", True)
    assert drain(b) == [("right", True, False)]
    assert b.held(boards.RIGHT)
    # A long task: A mashed 40 times (80 changes > 64) while right is let go.
    tap("a", 40)
    _simhost.set_button("right", False)
    got = drain(b)
    assert got == []                 # all lost alike: no half-told story
    for key in range(8):
        assert not b.held(key)
    _simhost.advance(2000)           # and nothing repeats
    assert b.get() is None
    # The buttons work as before.
    tap("b", 1)
    assert drain(b) == [("b", True, False), ("b", False, False)]


@pytest.mark.parametrize("kind", ["pybadge", "pygamer"])
def test_a_key_still_down_after_the_flood_comes_back_pressed(sim_board, kind):
    sim_board(kind)
    import boards

    b = boards.load().buttons()
    tap("select", 40)
    _simhost.set_button("left", True)    # held through the overflow
    _simhost.set_button("start", True)
    got = drain(b)
    assert sorted(got) == [("left", True, False), ("start", True, False)]
    assert b.held(boards.LEFT) and b.held(boards.START)
    _simhost.advance(boards.common.REPEAT_DELAY)
    assert drain(b) == [("left", True, True)]   # a real hold repeats
    _simhost.set_button("left", False)
    _simhost.set_button("start", False)
    assert sorted(drain(b)) == [("left", False, False), ("start", False, False)]
    _simhost.advance(3 * boards.common.REPEAT_DELAY)
    assert b.get() is None


def test_clear_keeps_held_true_to_the_buttons(sim_board):
    sim_board("pybadge")
    import boards

    b = boards.load().buttons()
    _simhost.set_button("up", True)
    assert drain(b) == [("up", True, False)]
    tap("a", 10)
    _simhost.set_button("up", False)   # its release is among the cleared events
    _simhost.set_button("b", True)
    b.clear()
    assert not b.held(boards.UP) and b.held(boards.B)
    _simhost.advance(1000)
    assert b.get() is None
    tap("a", 40)                       # overflowed, then cleared
    b.clear()
    assert b.held(boards.B) and not b.held(boards.A) and b.get() is None


def test_our_own_queue_overflowing_starts_over_too():
    from boards.common import QUEUE_LEN, Buttons

    class Burst(Buttons):
        """Hardware that reports a burst of changes in one scan."""

        def __init__(self):
            super().__init__()
            self.burst = []
            self.down = set()
            self.resets = 0

        def _scan(self):
            for key, pressed in self.burst:
                self._push(key, pressed, 0)
                (self.down.add if pressed else self.down.discard)(key)
            self.burst = []

        def _reset(self):
            self.resets += 1
            self.burst = [(k, True) for k in sorted(self.down)]

    b = Burst()
    b.burst = [(2, True)]
    assert b.get().key == 2 and b.held(2)
    b.burst = [(4, True), (4, False)] * (QUEUE_LEN // 2) + [(2, False), (5, True)]
    ev = b.get()
    assert b.resets == 1 and (ev.key, ev.pressed) == (5, True)
    assert not b.held(2) and b.held(5) and b.get() is None
