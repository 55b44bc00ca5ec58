"""The screen keeps up (issue 30, item 1): at every wait for a press and
every moment's view, in scripted games of every game, the panel shows what
a fresh redraw of the displayio tree shows (tools/fresh.py; the simulator
composes what a refresh now would send and compares it with the panel).

A press that changes what is shown must redraw before the app waits again:
the hand-over, Continue, the end of world building, the pause menu and
what it opens (all worlds, the rules), survival, battles, the computer's
moves, the scores. Issue 30's game (a person and two computers, to the
scores) is tests/test_alheimur_app.py's; Alien City's and Skyscrapers' whole scripted games
are checked the same way in tests/test_app.py and
tests/test_skyscrapers_app.py (their scores too).
"""

import os
import sys

import inprocess
import pytest
from bot_alheimur import play, saved_nvm

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

_process_as_it_was = pytest.fixture(autouse=True, name="_process_as_it_was")(
    inprocess.as_it_was)


def _no_stale(checker, at_least):
    assert checker.waits >= at_least, checker.waits
    assert checker.stale == [], checker.stale[:5]


def test_hot_seat_continue_and_the_pause_menu():
    """Two people in a saved game continued after a power-off: the
    hand-over, Continue, the pause menu and what it opens (all worlds and
    back to a world, the rules), undo."""
    import seeded_alheimur
    nvm = os.path.join(os.environ.get("TMPDIR", "/tmp"), "fresh-%d.nvm" % os.getpid())
    seats = ("human", "human")
    saved_nvm(nvm, seeded_alheimur.play(2, 2, 20, 120), seats, dealt=2, limit=1)
    tour = ["start", "down", "down", "a", "right", "a",          # all worlds, pick one
            "start", "down", "down", "down", "a", "down", "b",   # the rules, back
            "b", "start", "down", "a"]                           # resume; undo
    try:
        bot = play(seats=seats, seed=1, nvm=nvm, resume=True, fresh=True, first=tour,
                   max_presses=150)
    finally:
        os.unlink(nvm)
    assert len(bot.handovers) >= 3
    _no_stale(bot.fresh, 140)


def test_the_check_sees_a_missing_refresh(monkeypatch):
    """A board that waits without refreshing is caught (the check is not
    vacuous): the shell's refresh is taken out of the firmware bot_alheimur
    loads, once the board is up."""
    import bot_alheimur
    look = bot_alheimur.Bot.look

    def planted(self):
        sess = sys.modules.get("ui.session")
        if sess is not None and self.board is not None:
            sess.Session.refresh = lambda s: None
        return look(self)
    monkeypatch.setattr(bot_alheimur.Bot, "look", planted)
    bot = bot_alheimur.play(seats=("human", "random"), seed=3, fresh=True, max_presses=40)
    assert bot.fresh.stale, "a screen never refreshed went unnoticed"
