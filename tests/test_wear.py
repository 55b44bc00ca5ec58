"""The flash's write budget (tools/wear.py, ui/saving.py): seeded whole
games through code.py, the players pressing as fast as the bot can, write
the store at most twice a minute of play, plus the game's start and its
end; every write is the shell's (ui/saving.py), none a computer's; a wait
still writes what is pending. A firmware that writes at every move (the
gap planted at 0) breaks the budget, so the check can fail."""

import os

import pytest

import paths

FAST = 40        # ms between presses: the bot's pace


def within_budget(row):
    """At most 2 erases a minute of play, plus the start and the end: the
    end's write (Session.ended) and, for a game ended from the pause menu
    (Skyscrapers' finish), the pause menu's write just before it."""
    who = row["who"]
    ends = [i for i, w in enumerate(who) if "session.py:ended" in w]
    extra = 1 + len(ends) + sum(1 for i in ends if i and "session.py:pause <" in who[i - 1])
    return row["erases"] <= 2 * row["minutes"] + extra


def _check(row):
    assert within_budget(row), row
    assert row["erases"] >= 1, row                   # the end at least
    for who in row["who"]:
        assert "saving.py:" in who, who              # the shell's policy, nothing else


@pytest.mark.parametrize("key", ["ac-hard", "sky", "alh2"])
def test_every_row_writes_within_the_budget(key):
    import wear
    row = wear.play_row(key, FAST)
    _check(row)
    # A cut loses at most 30 s of a person's presses (the first wait 30 s
    # after a write writes before it takes the press), a little more than
    # that if one press itself was waited for.
    assert row["max_lost_s"] <= 31, row
    if row["minutes"] > 1:
        assert row["erases"] > 2, row     # a long game is written while it is played
    print(row["row"], row["erases"], "erases in", row["minutes"], "min")


def test_a_write_at_every_move_breaks_the_budget(tmp_path, monkeypatch):
    """The same check on a firmware whose gap is 0 (code.py run with
    ui.saving.GAP planted at 0): it writes at every wait, and fails."""
    import wear
    wrapper = tmp_path / "code_gap0.py"
    wrapper.write_text(
        "import sys\nsys.path.insert(0, %r)\nfrom ui import saving\nsaving.GAP = 0\n"
        "exec(compile(open(%r).read(), 'code.py', 'exec'))\n"
        % (paths.FIRMWARE, os.path.join(paths.FIRMWARE, "code.py")))
    monkeypatch.setattr(wear, "CODE", str(wrapper))
    row = wear.play_row("sky", FAST)
    assert not within_budget(row), row
