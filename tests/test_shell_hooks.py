"""The shell's Board (firmware/ui/session.py) checks a game's hooks before
it draws the board: a missing one fails at once, by name (as
Display_Text's LabelBase says "MUST override"), not later at the first
press that needs it. Every game's Board has them all."""

import importlib

import pytest

from ui import session

GAMES = ("aliencity", "skyscrapers", "alheimur")


class _S:
    fx = None


@pytest.mark.parametrize("pkg", GAMES)
def test_every_games_board_has_every_hook(pkg):
    board = importlib.import_module(pkg + ".app").Board
    for h in session._HOOKS:
        assert callable(getattr(board, h, None)), (pkg, h)


def test_a_missing_hook_fails_at_once_by_name():
    class Half(session.Board):
        def on_key(self, k):
            return None

        def begin(self):
            raise AssertionError("drawn before the hooks were checked")

        back = paused = take_back = say = on_key    # ... but no moved

    with pytest.raises(NotImplementedError, match="Half must define moved"):
        Half(_S(), None).run()
