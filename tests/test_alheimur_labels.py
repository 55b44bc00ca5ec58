"""Issue 43, item 5 (words): the world's columns and rows labelled on the
play screen as places are named ("red C3"), the rule of the decision at
hand one key (Start) away, "the end" rather than "13 pyr" on the top line.
"""

import os
import tempfile

import inprocess
import pytest
from bot_alheimur import frame_of, play, saved_nvm
from seeded_alheimur import play as seeded

from alheimur import rules, sprites
from alheimur.layout import P_OVER
from alheimur.world import tile_name

_process_as_it_was = pytest.fixture(autouse=True, name="_process_as_it_was")(
    inprocess.as_it_was)


def _glyph_at(bm, i, k):
    """The 3x5 bits drawn for character k of label sprite i (as _G keeps them)."""
    ox = (i % 16) * 20 + 3 + 4 * k
    oy = (i // 16) * 20 + 3
    v = 0
    for r in range(5):
        for c in range(3):
            v = v << 1 | (1 if bm[ox + c, oy + r] else 0)
    return v


def test_the_world_s_labels_name_its_columns_and_rows_as_tile_name_does():
    """A4 B C D along the top row, 3 2 1 down the left column, each drawn
    from the 3x5 glyphs, in the grid over the world (and nothing else)."""
    from alheimur.screen import Screen
    g = seeded(1, 3, 20, 120)
    scr = Screen(g)
    ed = scr.labels.bitmap
    shown = {t: scr.labels[t] for t in range(16) if scr.labels[t]}
    assert sorted(shown) == [0, 1, 2, 3, 4, 8, 12]
    for i, text, t in sprites.LABELS:
        assert shown[t] == i
        name = tile_name(t)
        # the top row says its column, the left column its row; A4 both
        want = name if t == 0 else name[0] if t < 4 else name[1]
        assert text == want, (t, text, name)
        for k in range(len(text)):
            assert _glyph_at(ed, i, k) == sprites._G[text[k]], (text, k)


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_no_territory_tile_has_one_edge_so_the_label_sprites_never_frame_one(seed):
    """The one-edge sprites carry the labels: every tile of every world has
    two edges at least (a territory lies within one card), so no border,
    frame or cursor ever asks for one of them."""
    from alheimur.screen import Screen
    g = seeded(seed, 4, 20, 40)
    scr = Screen(g)
    for w in range(g.nworlds()):
        scr.view = w
        for tile in range(16):
            m = scr._mask(tile, g.lab[w * 16 + tile])
            assert bin(m).count("1") >= 2, (seed, w, tile_name(tile), m)


def test_a_rule_line_per_decision_point_fits_the_pause_menu_line():
    lines = rules.NOW.split("\n")
    assert len(lines) == P_OVER + 1
    assert all(0 < len(t) <= 26 for t in lines), [t for t in lines if len(t) > 26]
    assert len(set(lines)) == len(lines)


def test_start_shows_the_rule_of_the_decision_at_hand_under_resume():
    """The pause menu opened by Start on a person's decision says, under
    "resume", its decision point's rule (rules.now), not "back to the board"."""
    seen = {}
    nvm = os.path.join(tempfile.mkdtemp(), "g.nvm")
    seats = ("human", "random", "random")
    saved_nvm(nvm, seeded(1, 3, 20, 289), seats, dealt=1, limit=1)

    def watch(bot):
        f = frame_of("menu", "pause.py")
        if f is None or frame_of("key", "ui/session.py") is None or "msg" not in f.f_locals:
            return False
        g = f.f_locals["s"].game
        seen["text"] = f.f_locals["msg"].text
        seen["want"] = rules.now(g)
        seen["phase"] = g.phase()
        return True

    play(seats=seats, seed=1, nvm=nvm, resume=True, first=["start"], watch=watch,
         max_presses=50)
    assert seen and seen["text"] == seen["want"] != "back to the board", seen
