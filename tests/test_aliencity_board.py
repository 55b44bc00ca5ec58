"""Issue 31's points on Alien City's board: the cursor starts and jumps
where it may (nearest on the board, no wrapping; to the lot a ring-lot
refusal names), the claim prompt counts the claiming player's pieces, the
panel says "score now" and at the end "final", undo names every build it
took back, the classic tile values sit where no ring or frame covers them.

The screen runs in-process here (Blinka's displayio, as in the simulator);
what only the simulator shows runs through it (tests/test_app.py's
run_sim)."""

import os
import sys
from array import array
from types import SimpleNamespace

from appdriver import Driver
from test_app import HOTSEAT, read_text, run_sim
from test_playfeel import message

import paths
from aliencity import app, screen, sprites
from aliencity.deal import new_game
from aliencity.engine import CLASSIC, MAX_MOVES, OVER
from aliencity.geometry import NKINDS, NLOTS, TILE_LOTS
from aliencity.moves import NO_CLAIM, build, claim, kind_of, lot_name, lot_of, parse_lot, piece_name
from ui.session import M_UNDONE
from ui.text import split_lines

if paths.ROOT not in sys.path:
    sys.path.append(paths.ROOT)      # the firmware's ``boards`` package

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


def board_screen(g, seats=(None, None)):
    values = sprites.values() if g.rules == CLASSIC else None
    scr = screen.Screen((sprites.make(), sprites.frames(), values), g, seats)
    scr.redraw()
    return scr


def classic_game(seed=4):
    from aliencity.deal import deal
    from aliencity.engine import Game
    tiles, icons, values, first, _ = deal(seed, CLASSIC)
    return Game(tiles, icons, values, CLASSIC, False, True, first)


def play_some(g, n, pick=7):
    buf = array("H", [0] * MAX_MOVES)
    for i in range(n):
        if g.over():
            return
        k = g.legal(buf)
        m = buf[(i * pick) % k]
        g.apply(m)
        if g.claiming():
            g.apply(NO_CLAIM)


# -- the cursor -------------------------------------------------------------------------

def test_the_nearest_legal_lot_is_nearest_on_the_board():
    """B1's nearest is not B10 and H9's not A9 (one wrapping press away)."""
    scr = board_screen(new_game(1))
    for cur, far, near in (("B1", "B10", "C3"), ("H9", "A9", "F8")):
        for v in range(NLOTS):
            scr.legal[v] = 0
        scr.legal[parse_lot(far)] = 1
        scr.legal[parse_lot(near)] = 1
        scr.cur = parse_lot(cur)
        assert lot_name(scr.nearest_legal()) == near


def test_a_ring_lot_refusal_jumps_to_the_lot_it_names(tmp_path):
    """Seed 1, first turn: A on the ring lot C9 says C10 is still free
    and the cursor goes to C10 (D9 is nearer, but the message names C10)."""
    g = new_game(1)
    d = Driver(g)
    ring = parse_lot("C9")
    why = g.why_not(build(d.kind, ring))
    assert why == "C9: the ring lot goes last; C10 is still free"
    assert d.jump(d.kind) != ring
    script = HOTSEAT + "\n".join(Driver.path(d.cur, ring)) + "\na\n"
    _st, s, _ = run_sim(tmp_path, script, name="ring")
    assert read_text(s, 82, 0, 3, scale=2) == "C10"
    assert message(s) == split_lines(why, 26, 2)[0]


# -- the panel --------------------------------------------------------------------------

def test_the_claim_prompt_counts_the_claiming_players_pieces():
    g = new_game(1)
    scr = board_screen(g)
    buf = array("H", [0] * MAX_MOVES)
    n = g.legal(buf)
    m = next(m for m in buf[:n] if kind_of(m) == 0)
    p = g.to_move
    g.apply(m)
    assert g.to_move != p and g.actor() == p
    assert scr.open_claims(p)
    assert scr.turn.text == "P%d" % (p + 1)
    assert [scr.counts[k] for k in range(NKINDS)] == [
        screen.count_sprite(g.supply[p * NKINDS + k]) for k in range(NKINDS)]
    assert g.supply[p * NKINDS] != g.supply[(1 - p) * NKINDS]   # the players' differ


def test_the_panel_says_score_now_then_final():
    from aliencity import scoring
    g = new_game(2)
    scr = board_screen(g)
    assert scr.table.text.split("\n")[:2] == ["score  P1  P2", "now     0   0"]
    play_some(g, 200)
    assert g.to_move == OVER
    scr.redraw()
    t = scoring.score(g).totals
    assert scr.table.text.split("\n")[1] == "final %3d %3d" % (t[0], t[1])


# -- undo -------------------------------------------------------------------------------

def undo_words(g, seats):
    b = SimpleNamespace(g=g, seats=seats, s=SimpleNamespace(setup=SimpleNamespace(ahead=b"")))
    return app.Board.take_back(b)


def test_undo_names_every_build():
    g = new_game(1)
    play_some(g, 3)
    words = [(g.build_at(i)) for i in range(3)]

    def said(i):
        p, kind, lot, _ = words[i]
        return "P%d %s %s" % (p + 1, piece_name(kind), lot_name(lot))

    # Against a computer: its reply and your build, both named.
    human = words[1][0]
    seats = [None, None]
    seats[1 - human] = "medium"
    text = undo_words(g, tuple(seats))
    assert text == "%s and %s" % (said(2), said(1))
    assert g.nbuilds == 1
    # Hot seat, a build that placed a cap: the build and the cap.
    buf = array("H", [0] * MAX_MOVES)
    n = g.legal(buf)
    m = next(m for m in buf[:n] if kind_of(m) < 3)
    g.apply(m)
    p = 1 - g.to_move
    g.apply(claim(lot_of(m)))
    text = undo_words(g, (None, None))
    assert text == "P%d's %s on %s, cap on %s" % (p + 1, piece_name(kind_of(m)),
                                                  lot_name(lot_of(m)), lot_name(lot_of(m)))
    # Several builds after yours (two computers here: all of them): yours
    # named, the others counted.
    play_some(g, 4)
    text = undo_words(g, ("easy", "easy"))
    assert text == "%s and the 4 builds after it" % said(0)
    assert g.nbuilds == 0
    for t in (text, "P2 green tower H10 and the 37 builds after it"):
        _shown, rest = split_lines(M_UNDONE % t, 26, 2)
        assert not rest


# -- classic tile values ----------------------------------------------------------------

def test_tile_values_sit_in_the_ring_then_on_an_empty_lot():
    g = classic_game()
    scr = board_screen(g)

    def shown(t):
        return {TILE_LOTS[t * 4 + i]: scr.values[TILE_LOTS[t * 4 + i]] for i in range(4)}

    for t in range(20):
        assert shown(t) == {v: (g.tval[t] + 1 if v == g.icon_lot[t] else 0)
                            for v in shown(t)}
    play_some(g, 60)
    scr.redraw()
    moved = 0
    for t in range(20):
        lots = shown(t)
        at = [v for v, s in lots.items() if s]
        assert len(at) == 1 and lots[at[0]] == g.tval[t] + 1
        empty = [v for v in lots if g.kind_at(v) < 0]
        if g.kind_at(g.icon_lot[t]) < 0:
            assert at[0] == g.icon_lot[t]
        elif empty:
            assert at[0] in empty
            moved += 1
        else:
            assert at[0] == g.icon_lot[t]
    assert moved
    # The distance view's digits are on the lots: the values step aside.
    scr.mode = screen.DISTANCE
    scr.draw_lots()
    assert scr.values.hidden


def test_a_value_and_a_frame_or_ring_share_no_pixel():
    vbm, _ = sprites.values()
    fbm, _ = sprites.frames()
    sheet, _ = sprites.make()
    S = screen.S
    ring = screen.ICON                     # the red tile's ring lot sprite
    for v in range(1, 7):
        digit = {(x, y) for x in range(S) for y in range(S) if vbm[x, v * S + y]}
        assert digit
        frame = {(x, y) for x in range(S) for y in range(S) if fbm[x, S + y]}
        rings = {(x, y) for x in range(S) for y in range(S)
                 if sheet[ring % screen.COLS * S + x, ring // screen.COLS * S + y] == 15}
        assert frame and rings
        assert not digit & frame and not digit & rings
