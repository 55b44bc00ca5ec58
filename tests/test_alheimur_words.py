"""Issue 30: Alheimur speaks in words, its letters read as no button, its
rules page ships and is linked, "since your last turn" says what happened.

What an action does, as the screens say it (words.action, and so the
computers' moves, the choices, undo and the log), names players, sizes and
kinds ("yellow's medium transport"), never the records' codes ("Y2T");
the records keep theirs.
"""

import os
import re
from array import array

import pytest
import seeded_alheimur

import paths
from alheimur import record, since, words
from alheimur.actions import MAX_ACTIONS, a_ship, kind_of
from alheimur.human import verb as human_verb
from alheimur.layout import P_DICE, PASS

# A ship or a territory as a record writes it: Y2T, 3F1, "R B3".
CODE = re.compile(r"\b[RYGBUPOCWN]?[123][TF][123]?\b|\b[RYGBUPOCWN] [A-D][1-4]\b")


def _actions(seed, at):
    """(game, its legal actions) after ``at`` actions of seeded game seed."""
    g = seeded_alheimur.play(seed, 3, 20, at)
    buf = array("H", bytes(2 * MAX_ACTIONS))
    n = g.legal(buf)
    return g, [buf[i] for i in range(n)]


@pytest.mark.parametrize("seed,at", [(1, 120), (1, 289), (21, 195), (22, 142), (1, 200), (21, 150), (1, 380)])
def test_every_action_is_said_in_words_not_codes(seed, at):
    g, acts = _actions(seed, at)
    if g.phase() == P_DICE:
        pytest.skip("a roll: no one chooses")
    kinds = set()
    for a in acts:
        text = words.action(g, a)
        assert not CODE.search(text), text
        assert len(human_verb(a)) <= 8 and human_verb(a) != "-", (a, text)
        kinds.add(kind_of(a))
        if a != PASS and a_ship(a) >= 0:
            assert words.NAMES[0] in text or any(n in text for n in words.NAMES), text
        # the record of the same action keeps its code
        assert record.action_text(g, a)
    assert kinds


def test_the_check_can_fail():
    assert CODE.search("R3T fires at Y2F: a hit") and CODE.search("expand R B3: a medium")
    assert not CODE.search("red's small fighter fires at yellow's medium transport")


def test_no_player_letter_reads_as_a_button():
    """B is no player (blue is U on the screen); A neither. The records
    keep B for blue (record.CODES)."""
    assert not set(words.LETTERS) & {"A", "B"}
    assert len(set(words.LETTERS)) == 8 and words.LETTERS[3] == "U"
    assert record.CODES[3] == "B"


def test_the_rules_page_ships_and_is_linked():
    page = os.path.join(paths.ROOT, "docs", "rules", "alheimur.md")
    text = open(page, encoding="utf-8").read()
    for what in ("Survival", "Fleet battle", "Scoring", "since red's last turn", "Select"):
        assert what in text, what
    readme = open(os.path.join(paths.ROOT, "README.md"), encoding="utf-8").read()
    assert "(docs/rules/alheimur.md)" in readme
    from alheimur import rules
    assert "docs/rules/alheimur.md" in rules.RULES       # the pause menu's rules say where


class _Log:
    """The app's log as since.py reads it (app.Board.log's bytes)."""

    def __init__(self):
        self.ev = bytearray(6 * 40 + 16)
        self.nev = 0

    def log(self, x, v, c=0, loc=0, e=0):
        i = self.nev % 40 * 6
        self.ev[i:i + 6] = bytes((x, v >> 8, v & 255, c, loc, e))
        self.nev += 1


def test_since_says_the_log_in_words():
    """Actions, a shot and a survival check kept as the app keeps them
    come back in words (since.text), no codes."""
    g, acts = _actions(1, 289)
    log = _Log()
    for a in acts[:3]:
        i = a_ship(a)
        log.log(16 | 1, a, g.sb[i] if i >= 0 else 0, g.sl[i] if i >= 0 else 0)
    ships = [i for i in range(g.ship_top()) if g.sl[i] != 255]
    assert ships
    i = ships[0]
    log.log(32 | 1, g.sb[i], g.sb[i], g.sl[i], 255)          # a shot: destroyed
    log.log(48 | 2, 0, 0, 0x12 >> 0 & 255, 0)               # survival: some lost
    out = [since.text(g, log.ev, k) for k in range(log.nev)]
    for t in out:
        assert not CODE.search(t), t
    assert out[0].startswith("yellow: ")
    assert out[3].endswith(": destroyed") and " fires at " in out[3]
    assert out[4].startswith("survival (green's turn):")
