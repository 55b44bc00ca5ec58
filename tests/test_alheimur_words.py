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


def test_since_says_the_log_in_words():
    """Actions, a shot and a survival check's deaths kept as the app keeps
    them (alheimur/events.py) come back in words (since.text), no codes;
    the losses of the seat reading are said as its own."""
    from alheimur.actions import owner
    from alheimur.events import DIED, SHOT, Log
    g, acts = _actions(1, 289)
    log = Log()
    for a in acts[:3]:
        log.action(g, 1, a)
    kept = log.n
    ships = [i for i in range(g.ship_top()) if g.sl[i] != 255]
    assert ships
    i = ships[0]
    log.put(SHOT, 1, g.sb[i], g.sb[i], g.sl[i], 255)      # a shot: destroyed
    w, t = next((w, t) for w in range(g.nworlds()) for t in range(g.nterr[w]) if g.piece(w, t))
    log.put(DIED, 2, w, t, g.piece(w, t))                # survival: a pyramid died
    out = [since.text(g, log, k) for k in range(log.n)]
    for x in out:
        assert not CODE.search(x), x
    assert kept == 3 - sum(a == PASS for a in acts[:3])
    assert out[0].startswith("yellow: ")
    assert out[kept].endswith(": destroyed") and " fires at " in out[kept]
    assert out[kept + 1].endswith("died (green's check)"), out[kept + 1]
    assert words.NAMES[owner(g.piece(w, t))] in out[kept + 1]
    lost = since.text(g, log, -2 - (kept + 1))             # the same death, read by its owner
    assert lost.startswith("you lost: your ") and lost.endswith("(green's check)"), lost


def test_all_worlds_shows_each_pyramids_size():
    """Issue 43, item 6: the all-worlds view shows a pyramid's size, not
    only its owner: on its first tile a box of the owner's colour with as
    many dots as its pips (alheimur/all_worlds.py's sheet)."""
    import displayio

    from alheimur import all_worlds
    from alheimur.actions import owner, pips
    g = seeded_alheimur.play(1, 3, 20, 289)
    view = all_worlds.AllWorlds(g)
    bm, pal = all_worlds._sheet()
    grid = displayio.TileGrid(bm, pixel_shader=pal, width=16, height=10, tile_width=10,
                              tile_height=10)
    view.fill(grid, 0)
    seen = set()
    for k in range(min(4, g.nworlds())):
        for t in range(g.nterr[k]):
            v = g.piece(k, t)
            if not v:
                continue
            tile = g.tfirst[k * 16 + t]
            i = grid[(k & 1) * 8 + (tile & 3), (k >> 1) * 5 + 1 + (tile >> 2)]
            dots = sum(bm[i * 10 + x, y] != bm[i * 10 + 1, 1] for x in range(1, 9)
                       for y in range(1, 9)) // 4
            assert dots == pips(v), (k, t, v, dots)
            seen.add((owner(v), pips(v)))
    assert len({s for _, s in seen}) >= 2, seen      # sizes told apart


def _in_hand(seed):
    """World building's screen on the first card of a seeded 2-seat deal:
    (the card in hand is one element, the hand's two card slots as drawn)."""
    from types import SimpleNamespace

    from alheimur.build import card_in_hand, elem
    from alheimur.build_screen import BuildScreen
    from alheimur.deal import new_game, shuffle
    from alheimur.layout import P_DEAL
    g, rng = new_game(seed, 2, 20)
    while g.phase() == P_DEAL:
        g.deal(shuffle(rng))
    c = card_in_hand(g)
    scr = BuildScreen(SimpleNamespace(g=g))
    scr.draw()
    slots = [[scr.hand[t * 2 + (q & 1) + (q >> 1) * 5] for q in range(4)] for t in range(2)]
    return len({elem(g.quads, c, 0, q) for q in range(4)}) == 1, slots


def test_a_one_element_card_in_hand_is_shown_once():
    """Issue 43, item 6: a card the same when turned (one element) is
    shown once in hand, not as two identical cards; another card shows as
    it lies and turned."""
    one, slots = _in_hand(1)
    assert one and all(slots[0]) and not any(slots[1]), slots
    two = next(s for s in range(2, 40) if not _in_hand(s)[0])
    _, slots = _in_hand(two)
    assert all(slots[0]) and all(slots[1]), slots
