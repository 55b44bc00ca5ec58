"""Every reason the Alheimur engine gives must fit the device's message line
(two lines of 26 characters, word-wrapped by ui/text.py's wrap) whole,
with the longest names filled in; and why_not uses only those texts."""

import re

import pytest
from alheimur_positions import begin, do, game, put, ship, why

from alheimur import reasons, words
from alheimur.deck import POSITIONS
from ui.text import wrap

TEXTS = reasons.TEXTS.split("\n")[:46]   # one string, a text a line (less heap)

LONGEST = {
    "t": "D4",                                           # a territory
    "w": max(list(words.NAMES) + ["neutral"], key=len),
    "s": max(words.SIZES, key=len),
    "p": max(words.NAMES, key=len),
    "h": "the medium transport",
    "o": max(POSITIONS, key=len),
    "x": max((reasons.point_words(ph) for ph in range(17)), key=len),
}


# The kinds of names each of TEXTS is filled with, in order (the
# comments beside the texts say the same).
ARGS = ("", "", "x", "", "o", "", "", "", "t", "s",
        "", "w", "w", "t", "t", "", "t", "t", "t", "tt",
        "w", "t", "", "h", "h", "hw", "h", "hs", "t", "t",
        "", "h", "h", "h", "", "w", "h", "h", "h", "h",
        "p", "p", "", "t", "h", "")


def fits(text):
    return wrap(text, 26, 2).replace("\n", " ") == text


def test_every_template_declares_its_names():
    assert len(TEXTS) == len(ARGS)
    for t, a in zip(TEXTS, ARGS):
        assert t.count("%s") == len(a), t
        assert set(a) <= set(LONGEST), a


@pytest.mark.parametrize("i", range(len(TEXTS)))
def test_every_reason_fits_two_lines_with_the_longest_names(i):
    text = TEXTS[i] % tuple(LONGEST[k] for k in ARGS[i])
    assert fits(text), (i, text, wrap(text, 26, 2))


def test_the_check_can_fail():
    assert not fits("x" * 27)
    assert not fits("a transport with a marine stays; its marine may return")


def test_why_not_only_speaks_in_templates():
    """Reasons met in play match one of the templates."""
    pats = [re.compile("^" + re.escape(t).replace("%s", ".+") + "$")
            for t in TEXTS]
    g = game(3)
    put(g, "R", "R", "A4", 1)
    put(g, "R", "Y", "B4", 1, invader=True)
    ship(g, "R", "Y", "1T")
    begin(g, "R")
    got = [why(g, line) for line in (
        "R expand R A4 1", "R expand G A4 1", "R civilize R A4 3",
        "R civilize R B4 2", "R flip Y 1T", "R migrate R A4 B4")]
    do(g, "R expand Y A4 1")
    got.append(why(g, "R expand Y A3 1"))
    for r in got:
        assert r and any(p.match(r) for p in pats), r


def test_the_tables_read_by_line():
    """reasons' texts and the points' words are one string, a line each
    (words.line reads one)."""
    assert len(reasons.TEXTS.split("\n")) == 46 + 17
    assert reasons.point_words(0) == "deal the cards" and reasons.point_words(16) == "game over"
    assert words.line(reasons.TEXTS, 8) % "A1" == "A1: taken"
    assert words.line("a\nb\nc", 2) == "c" and words.line("a\nb", 0) == "a"
