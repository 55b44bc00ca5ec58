"""Issue 43's pace and keys: how computers are shown (kept in the settings
byte's spare bits), the half second after a press that skips nothing, and
Start during a computer's turn."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tools"))

import pytest
from bot_alheimur import frame_of, play

from store import SETTINGS, Store


def _store(data):
    nvm = bytearray(b"\xff" * 8192)
    st = Store(nvm)
    if data is not None:
        st.put(SETTINGS, data)
        st.save()
    return Store(nvm)


@pytest.mark.parametrize(("data", "sound", "pace", "light"), [
    (bytes((1, 2)), True, 0, 2),          # older firmware's bytes: fast
    (bytes((0, 4)), False, 0, 4),
    (bytes((2 << 1 | 1, 3)), True, 2, 3),
    (bytes((1 << 1, 1)), False, 1, 1),
    (bytes((3 << 1 | 1, 2)), True, 0, 3),  # no such pace: the defaults
    (None, True, 0, 3),
])
def test_the_pace_lives_in_the_sound_bytes_spare_bits(data, sound, pace, light):
    from ui.settings import Settings
    s = Settings(_store(data))
    assert (s.sound, s.pace, s.light) == (sound, pace, light)
    s.keep()
    assert len(s.store.get(SETTINGS)) == 2             # the section's size is unchanged
    again = Settings(s.store)
    assert (again.sound, again.pace, again.light) == (s.sound, s.pace, s.light)


class _Ev:
    def __init__(self, key):
        self.key = key
        self.pressed = True


class _Buttons:
    def __init__(self, keys):
        self.q = [_Ev(k) for k in keys]

    def get(self):
        return self.q.pop(0) if self.q else None

    def clear(self):
        pass


class _Fx:
    def progress(self, frac):
        pass

    def update(self):
        pass


def test_a_press_in_the_half_second_after_the_last_skips_nothing(monkeypatch):
    import boards
    from ui import think
    now = [10000]
    monkeypatch.setattr(think, "ticks_ms", lambda: now[0])   # (its clock: supervisor.ticks_ms)

    class S:
        last = 10000

    for t, taken in ((10000, False), (10499, False), (10500, True)):   # half a second
        now[0] = t
        th = think.Thinking(_Fx(), _Buttons([boards.SELECT, boards.A]), 1 << boards.A, S)
        assert th.stop() is taken
        assert (th.seen >> boards.SELECT & 1 == 1) is taken


def test_start_while_a_computer_acts_opens_the_pause_menu():
    """Start pressed while a computer's move is shown (each move held):
    once the move is made the pause menu comes, with the computer still to
    play, its AI dropped."""
    state = {"pressed": 0, "paused": None}

    def watch(bot):
        host = bot.runner.host
        if state["pressed"] == 0 and frame_of("move", "alheimur/computer.py") is not None \
                and frame_of("show_for", "ui/session.py") is not None:
            host.set_button("start", True, host.now_ms())
            state["pressed"] = 1
        elif state["pressed"] == 1:
            host.set_button("start", False, host.now_ms())
            state["pressed"] = 2
        return False

    def until(bot):
        f = frame_of("menu", "pause.py")
        if f is not None and state["pressed"] == 2:
            b = frame_of("step", "alheimur/app.py")
            state["paused"] = b is not None and "alheimur.ai" not in sys.modules and \
                b.f_locals["self"].seats[b.f_locals["self"].g.actor()] is not None
            return True
        return bot.presses > 400

    from pace import settings_nvm
    play(seats=("human", "hard", "hard"), seed=3, watch=watch, until=until, look=0,
         nvm=settings_nvm("each"))
    assert state["paused"] is True


def test_select_while_it_thinks_skips_and_start_pauses(monkeypatch):
    """Issue 43 item 3: what was pressed while a computer thought (a
    Thinking's ``seen``) acts once it has chosen: Select fast-forwards to
    the next human decision (the screen says so then: "Sel: skip to you"),
    Start is kept for the pause menu after its move (app.py's step);
    neither without its press."""
    import types

    import boards
    from alheimur.computer import ComputerTurn

    monkeypatch.setitem(sys.modules, "fake_ai", types.SimpleNamespace(
        LEVELS={"hard": lambda g, rng, buf, n, dl, now, progress, stop: 7}))

    class G:
        sbuf = [0]

        def legal(self, buf):
            return 1

        def round(self):
            return 3

    for keys, fast, kept in ((0, False, -1), (1 << boards.SELECT, True, -1),
                             (1 << boards.START, False, boards.START)):
        b = types.SimpleNamespace(g=G(), AI="fake_ai", rng=None, fast=False,
                                  s=types.SimpleNamespace(kept=-1))
        think = types.SimpleNamespace(seen=keys, progress=None, stop=None)
        assert ComputerTurn(b).choose(1, "hard", think) == 7
        assert (b.fast, b.s.kept) == (fast, kept)
