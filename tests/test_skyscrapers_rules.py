"""Skyscrapers rules on hand-built positions: setup, the three plays with
every condition, variants 1 and 2, pawns over stacks, scoring, the end,
the target bound, records and the referee."""

import json
import os
import subprocess
import sys
from array import array

import pytest

import paths
from skyscrapers import record, results
from skyscrapers.deal import deal, new_game
from skyscrapers.engine import (
    CENTER,
    MAXPLAYS,
    OVER_STACKS,
    PAWN,
    SLIDE,
    STACK,
    SUITS,
    VAR1,
    VAR2,
    Game,
    N,
    cell_name,
    parse_cell,
    start_cells,
)
from skyscrapers.plays import play_from, play_of
from skyscrapers.scoring import CLOSED, bound, score

S, M, C, A = 0, 1, 2, 3


def T(s, v):
    return s * 6 + v


def board(rows, options=0):
    """A position from 5 rows of 5 tokens (row 5 first): 'S3' a tile,
    'S2/S3' a stack (bottom first), 'cS' a coin, '..' the hole; '+' after a
    token puts that suit's pawn there. Unused tiles need not appear."""
    g = new_game(1, options)
    for arr in (g.height, g.top, g.coin, g.pawn):
        for i in range(N):
            arr[i] = 0
    g.hole = 255
    for i in range(24):
        g.tcell[i] = 255
    cells = " ".join(rows).split()
    assert len(cells) == 25
    for c, tok in enumerate(cells):
        pawn = tok.endswith("+")
        tok = tok.rstrip("+")
        if tok == "..":
            g.hole = c
            continue
        if tok.startswith("c"):
            s = SUITS.index(tok[1])
            g.coin[c] = s + 1
        else:
            tiles = [T(SUITS.index(p[0]), int(p[1])) for p in tok.split("/")]
            for t in tiles:
                g.tcell[t] = c
            g.height[c] = len(tiles)
            g.top[c] = tiles[-1]
            s = tiles[-1] // 6
        if pawn:
            g.pawn[c] = s + 1
            g.ppos[s] = c
    return g


def P(kind, a, b=None):
    return play_of(kind, parse_cell(a), parse_cell(b) if b else 0)


def legal_texts(g):
    buf = array("H", [0] * MAXPLAYS)
    n = g.legal(buf)
    return sorted(record.play_text(m, g) for m in buf[:n])


def slide(g, a):
    return play_of(SLIDE, parse_cell(a), g.hole)


# A busy position: the suns pawn on C4 is a crew next to B4, C5, D4 and C3.
BASE = [
    "M1  S1  S2  M2  A1",
    "M3  S3  S0+ S4  A2",
    "C1  C2  ..  C3  A3",
    "C0+ M0+ A0+ C4  A4",
    "M4  M5  C5  A5  S5",
]


# -- setup ------------------------------------------------------------------


def test_cell_names():
    assert cell_name(0) == "A5" and cell_name(24) == "E1" and cell_name(CENTER) == "C3"
    assert parse_cell("c3") == CENTER and parse_cell("F1") == -1 and parse_cell("A6") == -1


def test_deal_has_every_tile_once_and_the_hole_in_the_centre():
    for seed in range(50):
        cells = deal(seed)
        assert cells[CENTER] == 0
        assert sorted(v - 1 for v in cells if v) == list(range(24))
        g = Game(cells)
        for s in range(4):   # pawns on their nulls
            assert g.tcell[T(s, 0)] == g.ppos[s] and g.pawn[g.ppos[s]] == s + 1


def test_four_nulls_around_the_hole_swap_crowns_null_and_ace():
    order = bytearray(range(24))
    # cells 7, 11, 13, 17 (C4 B3 D3 C2) get the four nulls
    rest = [t for t in range(24) if t % 6]
    cells_order = []
    nulls = {7: T(S, 0), 11: T(M, 0), 13: T(C, 0), 17: T(A, 0)}
    it = iter(rest)
    for c in range(25):
        if c == CENTER:
            continue
        cells_order.append(nulls[c] if c in nulls else next(it))
    order[:] = bytes(cells_order)
    cells = start_cells(order, False)
    assert cells[13] == T(C, 1) + 1          # D3 now the crowns ace
    ace_was = cells_order.index(T(C, 1))
    ace_cell = ace_was if ace_was < CENTER else ace_was + 1
    assert cells[ace_cell] == T(C, 0) + 1    # the crowns null went there
    with pytest.raises(record.RecordError, match="four nulls"):
        record.read(["skyscrapers 1", "cells " + " ".join(
            "." if c == CENTER else "%s%d" % (SUITS[v // 6], v % 6)
            for c, v in enumerate(cells_order[:CENTER] + [0] + cells_order[CENTER:]))])


# Variant 1 stated on its own, as the rule reads, without the engine's
# loop: on the board after setup, take the set of suits whose null borders
# the hole; then each of those nulls changes places with its ace, once.
# Written as a map from the setup board to the variant-1 board (no swap is
# made one after another, so no swap can see the result of another).
RING = ("C4", "B3", "D3", "C2")     # the cells bordering the hole


def _layout(order):
    """{cell name: (suit, value)} from 24 tile ids laid row 5 first, C3 skipped."""
    names = [cell_name(c) for c in range(N) if c != CENTER]
    return {name: (t // 6, t % 6) for name, t in zip(names, order)}


def _exchange(board, suits):
    """Every null and ace of ``suits`` shown as the other one, in place."""
    return {name: (s, 1 - v) if s in suits and v in (0, 1) else (s, v)
            for name, (s, v) in board.items()}


def rule_setup(order, var1):
    """The starting board by the rule text and clarification 2."""
    b = _layout(order)
    if all(b[name][1] == 0 for name in RING):     # four nulls: crowns swap
        b = _exchange(b, {C})
    if var1:
        b = _exchange(b, {b[name][0] for name in RING if b[name][1] == 0})
    return b


def as_board(cells):
    return {cell_name(c): ((v - 1) // 6, (v - 1) % 6) for c, v in enumerate(cells) if v}


def _order_with(fixed):
    """24 tile ids with ``fixed`` ({cell name: tile}) in place and the other
    tiles in the other cells, values 2-5 first so the rest of the ring holds
    no null or ace."""
    rest = sorted((t for t in range(24) if t not in fixed.values()),
                  key=lambda t: (t % 6 < 2, t))
    it = iter(rest)
    return [fixed[cell_name(c)] if cell_name(c) in fixed else next(it)
            for c in range(N) if c != CENTER]


def _pawns_on_nulls(g):
    for s in range(4):
        assert g.ppos[s] == g.tcell[T(s, 0)] and g.pawn[g.ppos[s]] == s + 1


@pytest.mark.parametrize("other_null", [False, True])
@pytest.mark.parametrize("suit", [S, M, C, A])
@pytest.mark.parametrize("null_at", RING)
def test_variant1_null_whose_ace_also_borders_the_hole(null_at, suit, other_null):
    for ace_at in RING:
        if ace_at == null_at:
            continue
        fixed = {null_at: T(suit, 0), ace_at: T(suit, 1)}
        if other_null:   # another suit's null on the ring, its ace elsewhere
            third = next(n for n in RING if n not in fixed)
            other = (suit + 1) % 4
            fixed[third] = T(other, 0)
            fixed["A5"] = T(other, 1)
        order = _order_with(fixed)
        cells = start_cells(bytearray(order), True)
        got = as_board(cells)
        want = dict(_layout(order))
        want[null_at] = (suit, 1)        # the ace now borders the hole there
        want[ace_at] = (suit, 0)         # and the null is on the ace's cell
        if other_null:
            want[third] = (other, 1)
            want["A5"] = (other, 0)
        assert got == want == rule_setup(order, True)
        assert start_cells(bytearray(order), False) == bytearray(
            [0 if c == CENTER else order[c - (c > CENTER)] + 1 for c in range(N)])
        g = Game(cells, VAR1)
        assert g.ppos[suit] == parse_cell(ace_at)    # the pawn starts on the null
        _pawns_on_nulls(g)


def test_variant1_after_the_crowns_swap_of_four_nulls():
    # Clarification 2 first (crowns null <-> crowns ace), then variant 1
    # swaps the three nulls still bordering the hole: all four aces border it.
    fixed = {"C4": T(S, 0), "B3": T(M, 0), "D3": T(C, 0), "C2": T(A, 0),
             "A5": T(S, 1), "E5": T(M, 1), "A1": T(C, 1), "E1": T(A, 1)}
    order = _order_with(fixed)
    plain = as_board(start_cells(bytearray(order), False))
    assert plain["D3"] == (C, 1) and plain["A1"] == (C, 0)
    cells = start_cells(bytearray(order), True)
    got = as_board(cells)
    assert [got[n] for n in RING] == [(S, 1), (M, 1), (C, 1), (A, 1)]
    assert [got[n] for n in ("A5", "E5", "A1", "E1")] == [(S, 0), (M, 0), (C, 0), (A, 0)]
    assert got == rule_setup(order, True)
    g = Game(cells, VAR1)
    assert [cell_name(g.ppos[s]) for s in range(4)] == ["A5", "E5", "A1", "E1"]
    _pawns_on_nulls(g)


def test_variant1_deal_follows_the_rule_for_seeds_0_to_999():
    from prng import Rng
    both = []          # seeds where a null and its own ace border the hole
    for seed in range(1000):
        order = bytearray(range(24))
        Rng(seed).shuffle(order)
        setup = rule_setup(order, False)
        assert as_board(deal(seed)) == setup
        assert as_board(deal(seed, VAR1)) == rule_setup(order, True), seed
        _pawns_on_nulls(new_game(seed, VAR1))
        ring = [setup[n] for n in RING]
        if any(v == 0 and (s, 1) in ring for s, v in ring):
            both.append(seed)
    # the case of the issue: seed 15, moons null on C4 and moons ace on D3
    assert 15 in both and 49 in both and 106 in both and len(both) > 40
    g = new_game(15, VAR1)
    assert as_board(g.start)["C4"] == (M, 1) and as_board(g.start)["D3"] == (M, 0)
    assert cell_name(g.ppos[M]) == "D3"


# -- stack ---------------------------------------------------------------------


def test_stack_same_suit_with_a_crew_next_to_the_moving_tile():
    g = board(BASE)
    m = P(STACK, "B4", "B5")          # S3 onto S1, crew S on C4 next to B4
    assert g.why_not(m) is None
    g.apply(m)
    b5, b4 = parse_cell("B5"), parse_cell("B4")
    assert g.height[b5] == 2 and g.top[b5] == T(S, 3)
    assert g.height[b4] == 0 and g.coin[b4] == S + 1   # a coin of S3's suit
    assert g.tcell[T(S, 3)] == b5


def test_stack_onto_a_stack_and_no_height_limit():
    g = board(BASE)
    g.apply(P(STACK, "B4", "B5"))
    assert g.why_not(P(STACK, "C5", "B5")) is None      # S2 (crew on C4)
    g.apply(P(STACK, "C5", "B5"))
    assert g.height[parse_cell("B5")] == 3


def test_stack_reasons():
    g = board(BASE)
    assert g.why_not(P(STACK, "D4", "D5")) == "D4 is suns, D5 is moons"   # S4 onto M2
    assert g.why_not(P(STACK, "A5", "B5")) == "A5 is moons, B5 is suns"
    # crew next to the target only: M3 (A4) onto M1 (A5)? A4's neighbours: A5 B4 A3
    assert g.why_not(P(STACK, "A4", "A5")) == "no pawn next to A4 to work"
    assert g.why_not(P(STACK, "C4", "C5")) == "C4 holds the suns pawn"
    assert "holds the crowns pawn" in g.why_not(P(STACK, "A3", "A2"))    # C1 onto C0+
    assert g.why_not(P(STACK, "B4", "D4")) == "D4 is not next to B4"
    assert g.why_not(P(STACK, "C3", "C4")) == "C3 is the hole"
    g.apply(P(STACK, "B4", "B5"))
    assert g.why_not(P(STACK, "B4", "C4")) == "B4 is a coin; only a tile is stacked"
    assert g.why_not(P(STACK, "B5", "C5")) == "B5 is a stack; stacks never move"
    assert "is a coin: stack onto" in g.why_not(P(STACK, "A4", "B4"))


def test_stack_crew_must_be_next_to_the_moving_tile_not_the_target():
    g = board([
        "S1  S2  M1  M2  M3",
        "..  M4  M5  S3  C1",
        "A1  A2  A3  C2  C3",
        "C0+ S0+ M0+ A0+ C4",
        "C5  S4  S5  A4  A5",
    ])
    # S3 (D4) onto ... no S next to it. S1 (A5) onto S2 (B5): crews far away.
    assert g.why_not(P(STACK, "A5", "B5")) == "no pawn next to A5 to work"
    # S4 (B1) next to the S pawn on B2: onto? B1's neighbours A1 C1: C5, S5
    assert g.why_not(P(STACK, "B1", "C1")) is None
    # S5 (C1) onto S4 (B1): crew M on C2 next to C1 (any suit is a crew)
    assert g.why_not(P(STACK, "C1", "B1")) is None


def test_a_pawn_on_a_stack_is_no_crew_and_its_stack_takes_no_tiles():
    g = board([
        "S1/S2+ S3  M1  M2  M3",
        "S4     M4  M5  ..  C1",
        "A1     A2  A3  C2  C3",
        "C0+    M0+ A0+ C4  C5",
        "S0     S5  A4  A5  C3",
    ][:4] + ["S0  S5  A4  A5  M0"], 0) if False else None
    g = board([
        "S1/S2+ S3  M1  M2  M3",
        "S4     M4  M5  ..  C1",
        "A1     A2  A3  C2  C3",
        "C0+    M0+ A0+ C4  C5",
        "S0     S5  A4  A5  A1",
    ])
    # S3 on B5 is next to the stack with the S pawn only (B4 holds M4, no pawn)
    assert g.why_not(P(STACK, "B5", "A5")) == "A5 holds the suns pawn"
    g2 = board([
        "S1/S2+ S3  S5  M2  M3",
        "M1     M4  M5  ..  C1",
        "A1     A2  A3  C2  C3",
        "C0+    M0+ A0+ C4  C5",
        "S0     S4  A4  A5  A1",
    ])
    # S3 (B5) onto S5 (C5): the only pawn next to B5 is the feature on A5
    assert g2.why_not(P(STACK, "B5", "C5")) == "no pawn next to B5 to work"
    assert "tops a stack" in g2.why_not(P(PAWN, "A5", "A4"))


# -- slide ------------------------------------------------------------------------


def test_slide_tiles_and_coins_into_the_hole():
    g = board(BASE)
    m = slide(g, "C2")              # A0+? no: C2 holds the arms pawn
    assert g.why_not(m) == "C2 holds the arms pawn"
    m = slide(g, "B3")
    assert g.why_not(m) is None
    g.apply(m)
    assert g.hole == parse_cell("B3") and g.top[CENTER] == T(C, 2)
    g.apply(P(STACK, "B4", "B5"))     # B4 becomes a suns coin next to the hole
    m = slide(g, "B4")
    assert g.why_not(m) is None
    g.apply(m)
    assert g.coin[parse_cell("B3")] == S + 1 and g.hole == parse_cell("B4")
    assert g.why_not(slide(g, "B5")) == "B5 is a stack; stacks never move"
    assert g.why_not(slide(g, "D1")) == "D1 is not next to the hole (B4)"
    assert g.why_not(SLIDE << 10 | 0 << 5 | 1) == "a slide goes into the hole (B4)"
    assert g.why_not(slide(g, "B4")) == "B4 is the hole"
    assert g.why_not(slide(g, "C4")) == "C4 holds the suns pawn"


def test_variant2_three_tile_slides_in_a_row():
    rows = [
        "M1  S1  S2  M2  A1",
        "M3  S3  S0+ S4  A2",
        "C1  C2  ..  C3  A3",
        "C0+ M0+ A0+ C4  A4",
        "M4  M5  C5  A5  S5",
    ]
    for opts in (0, VAR2):
        g = board(rows, opts)
        for a in ("B3", "A3", "A4"):
            g.apply(slide(g, a))
        m = slide(g, "A5")
        if opts:
            assert "3 tile slides in a row" in g.why_not(m)
            assert m not in list(_legal(g))
            g.apply(P(STACK, "B4", "B5"))    # another play resets the count
            assert g.why_not(m) is None
        else:
            assert g.why_not(m) is None


def test_variant2_a_coin_slide_breaks_the_run():
    g = board([
        "M1  S1  S2  M2  A1",
        "M3  cS  S0+ S4  A2",
        "C1  C2  ..  C3  A3",
        "C0+ M0+ A0+ C4  A4",
        "M4  M5  C5  A5  S5",
    ], VAR2)
    g.apply(slide(g, "B3"))
    g.apply(slide(g, "A3"))
    g.apply(slide(g, "A4"))
    g.apply(slide(g, "B4"))   # a coin: allowed, and resets
    assert g.run == 0
    g.undo()
    assert g.run == 3


def _legal(g):
    buf = array("H", [0] * MAXPLAYS)
    return list(buf[:g.legal(buf)])


# -- variant 1 -----------------------------------------------------------------------


def test_variant1_nulls_never_move_but_carry_stacks():
    rows = [
        "S1  S2  M1  M2  M3",
        "M4  M5  C1  S3  C2",
        "C0+ C3  ..  A1  A2",
        "S0+ M0+ A0+ S4  A3",
        "S5  A4  C4  C5  A5",
    ]
    for opts in (0, VAR1):
        g = board(rows, opts)
        # move the suns pawn away so S0 is free: S pawn A2 -> A1? (S5 on A1)
        g.apply(P(PAWN, "A2", "A1"))
        why = g.why_not(P(STACK, "A2", "A1"))    # S0 (null) onto S5
        if opts:
            assert why == "A2: variant 1, nulls never move"
        else:
            assert why == "A1 holds the suns pawn"
    g = board([
        "S1  S2  M1  M2  M3",
        "M4  M5  C1  S3  C2",
        "C0  C3  ..  A1  A2",
        "S0  M0+ A0  S4  A3",
        "S5  A4+ C4  C5+ A5",
    ], VAR1)
    assert g.why_not(P(STACK, "A1", "A2")) is None        # S5 onto the null S0
    assert g.why_not(slide(g, "B3")) is None
    g.apply(slide(g, "B3"))
    assert g.why_not(slide(g, "A3")) == "A3: variant 1, nulls never move"


# -- pawns -------------------------------------------------------------------------


PAWNS = [
    "S1  M1  S2  cS  S3",
    "M2  A1  C1  C2  M3",
    "S0+ ..  M4  A2/A3 A4",
    "cM  M0+ C0+ S4  A0+",
    "S5  M5  cA  C3  C4",
]


def test_pawn_moves_straight_onto_its_suit():
    g = board(PAWNS)
    t = legal_texts(g)
    assert "pawn S A3 A5" in t              # over M2 (a tile of another suit)
    assert "pawn S A3 A1" in t              # over cM, onto S5
    assert g.why_not(P(PAWN, "A3", "C5")) == "C5 is not in line with A3"
    assert g.why_not(P(PAWN, "A3", "A4")) == \
        "A4 is a moons tile; this pawn lands on suns"
    assert g.why_not(P(PAWN, "A3", "D3")) == "the suns pawn may not pass the hole (B3)"
    assert g.why_not(P(PAWN, "B2", "B4")) == "the moons pawn may not pass the hole (B3)"
    assert g.why_not(P(PAWN, "B2", "D2")) == \
        "the moons pawn may not pass a pawn (C2)"
    assert g.why_not(P(PAWN, "A3", "A3")) == "the suns pawn must move"
    assert g.why_not(P(PAWN, "B3", "B4")) == "no pawn on B3"
    assert g.why_not(P(PAWN, "C2", "B2")) == "B2 holds the moons pawn"
    assert g.why_not(P(PAWN, "A3", "B3")) == "B3 is the hole"


def test_pawn_onto_coins_and_stacks_and_freezes_them():
    g = board(PAWNS)
    assert g.why_not(P(PAWN, "E2", "D3")) == "D3 is not in line with E2"
    assert g.why_not(P(PAWN, "C2", "C1")) == \
        "C1 is a arms coin; this pawn lands on crowns"
    g.apply(P(PAWN, "A3", "A5"))
    assert g.why_not(P(PAWN, "A5", "C5")) is None     # over M1 onto S2
    assert g.why_not(P(PAWN, "A5", "D5")) is None     # over M1, S2 onto the coin
    g.apply(P(PAWN, "A5", "D5"))
    d5 = parse_cell("D5")
    assert g.pawn[d5] == S + 1 and g.coin[d5] == S + 1
    g.apply(P(PAWN, "E2", "E3"))                        # onto the arms tile A4
    assert g.why_not(P(PAWN, "E3", "D3")) is None     # onto the stack top A3
    g.apply(P(PAWN, "E3", "D3"))
    d3 = parse_cell("D3")
    assert g.height[d3] == 2 and g.pawn[d3] == A + 1 and g.is_feature(A)
    assert "tops a stack" in g.why_not(P(PAWN, "D3", "E3"))
    assert all(play_from(m) != d3 for m in _legal(g))
    assert d5 != d3


def test_pawns_may_not_pass_over_stacks_unless_the_option():
    rows = [
        "S1  M1  S2  M2  S3",
        "M3  A1  C1  C2  M4",
        "A0+ C3/C4  ..  A2  A3",
        "cM  M0+ C0+ S4  A4",
        "S5  M5  cA  C5  S0+",
    ]
    g = board(rows)
    assert g.why_not(P(PAWN, "A3", "D3")) == "the arms pawn may not pass a stack (B3)"
    g = board(rows, OVER_STACKS)
    assert "may not pass the hole" in g.why_not(P(PAWN, "A3", "D3"))
    rows[2] = "A0+ C3/C4  A2  ..  A3"
    g = board(rows, OVER_STACKS)
    assert g.why_not(P(PAWN, "A3", "C3")) is None
    assert board(rows).why_not(P(PAWN, "A3", "C3")) == \
        "the arms pawn may not pass a stack (B3)"


# -- scoring -----------------------------------------------------------------------


def test_scoring_stacks_features_and_coins():
    g = board([
        "S1/S2       cS  cM  cM  cM",
        "C1/C2/C3    cC  ..  cM  cM",
        "A1/A2/A3/A4 cA  cS  cM  cM",
        "M3/M4/M5+   cC  cC  S0+ cS",
        "C0/C4/C5+   cA  cA  A0+ cM",
    ])
    sc = score(g)
    pts = {cell_name(c): p for c, h, s, f, p in sc.stacks}
    assert pts == {"A5": 2, "A4": 3, "A3": 8, "A2": 6, "A1": 6}
    coins = {cell_name(c): (p, why, cell_name(o) if o != 255 else None)
             for c, s, p, why, o in sc.coins}
    assert {c for c, v in coins.items() if v[0]} == {"C5", "D5", "E5", "D4", "E4",
                                                     "C3", "E3"}
    assert coins["B5"] == (0, 1, "A5") and coins["D3"] == (0, 1, "D2")
    assert coins["E5"] == (3, 0, None)                # next to the hole: fine
    assert sc.total == 25 + 21
    text = results.lines(g, sc)
    assert "A2 moons 3 high 3 x2=6" in text and "B5 coin: 0, next to A5" in text
    assert text[-1] == "total 46 (target 147)"


def test_stack_of_four_and_more_and_a_coin_holding_a_pawn():
    g = board([
        "S1/S2/S3/S4/S5+ cS+ cM  cM  cM",
        "cC  cM  cM  cM  cM",
        "cC  cM  ..  cM  cM",
        "cC  cM  cM  M0+ cM",
        "cC  cM  cM  cM  cM",
    ])
    sc = score(g)
    assert sc.stacks == [(0, 5, 0, True, 20)]
    assert (1, 0, 0, 2, 255) in sc.coins


# -- the end, the bound ----------------------------------------------------------------


def test_game_ends_when_no_play_is_left():
    rows = [
        "..     S1/S2+ cS cS cS",
        "M1/M2+ cM     cM cM cC",
        "C1/C2+ cC     cC cC cA",
        "A1/A2+ cA     cA cA cS",
        "cS     cM     cC cA cS",
    ]
    g = board(rows)
    assert g.over() and _legal(g) == []
    rows[0] = "cS     S1/S2+ cS cS cS"
    rows[1] = "M1/M2+ ..     cM cM cC"
    g = board(rows)
    assert not g.over()
    assert sorted(record.play_text(m) for m in _legal(g)) == [
        "slide B3", "slide C4"]


def test_bound_reasoning():
    assert CLOSED[4] == 8 and CLOSED[1] == 3 and CLOSED[24] == 25
    # base: four 6-stacks with their pawns (4 x 24) + 17 scoring coins
    assert bound(new_game(1)) == 96 + 3 * 17 == 147
    for seed in range(30):
        assert bound(new_game(seed, VAR2)) == 147
        assert bound(new_game(seed, OVER_STACKS)) == 147
        b1 = bound(new_game(seed, VAR1))
        assert 96 <= b1 <= 147
    # the bound is reached by a hand-built end position
    g = board([
        "S0/S1/S2/S3/S4/S5+  M0/M1/M2/M3/M4/M5+ cS cS cS",
        "C0/C1/C2/C3/C4/C5+  A0/A1/A2/A3/A4/A5+ cS cS cM",
        "..  cM  cM  cM  cM",
        "cC  cC  cC  cC  cC",
        "cA  cA  cA  cA  cA",
    ])
    assert score(g).total == 147


# -- records and the referee -------------------------------------------------------------


def _game_record(seed=4, opts=0, plays=40):
    import referee_skyscrapers
    g = referee_skyscrapers.random_game(seed, opts, plays)
    return g, record.write(g)


def test_record_round_trip_and_options():
    for opts in range(8):
        g, text = _game_record(opts + 1, opts)
        rec = record.read(text.splitlines())
        assert rec.options == opts
        g2, bad = record.replay(rec)
        assert bad is None and g2.position() == g.position()
        assert record.write(g2) == text


@pytest.mark.parametrize("lines, msg", [
    ([], "line 1: empty record"),
    (["alien-city 1"], "line 1: a record starts with 'skyscrapers 1'"),
    (["skyscrapers 2"], "line 1: record version 2; this program reads version 1"),
    (["skyscrapers 1", "variant 3"], "line 2: expected 'variant 1' or 'variant 2'"),
    (["skyscrapers 1", "variant 1", "variant 1"],
     "line 3: variant 1 given twice (first on line 2)"),
    (["skyscrapers 1", "option pawns-over-stacks", "# again", "",
      "OPTION Pawns-Over-Stacks"],
     "line 5: option pawns-over-stacks given twice (first on line 2)"),
    (["skyscrapers 1", "option fast"], "line 2: unknown option"),
    (["skyscrapers 1", "cells S1"], "line 2: expected 25 cells, found 1"),
    (["skyscrapers 1", "slide C4"], "line 2: no 'cells' line before the plays"),
])
def test_malformed_records(lines, msg):
    with pytest.raises(record.RecordError) as e:
        record.read(lines)
    assert str(e.value).startswith(msg)


def test_malformed_cells_and_plays():
    _, text = _game_record()
    lines = text.splitlines()
    cells = lines[1].split()
    bad = cells[:]
    bad[1] = "X9"
    with pytest.raises(record.RecordError, match="line 2: cell A5 'X9'"):
        record.read([lines[0], " ".join(bad)])
    bad = cells[:]
    bad[1], bad[13] = bad[13], bad[1]
    with pytest.raises(record.RecordError, match="the hole starts at C3"):
        record.read([lines[0], " ".join(bad)])
    bad = cells[:]
    bad[2] = bad[1]
    with pytest.raises(record.RecordError, match="twice"):
        record.read([lines[0], " ".join(bad)])
    for play, msg in (("stack B2", "a stack is"), ("slide F4", "'F4' is not a cell"),
                      ("pawn X A1 A2", "not a suit"), ("jump A1", "expected a play")):
        with pytest.raises(record.RecordError, match=msg):
            record.read(lines[:2] + [play])


def test_replay_names_the_first_illegal_play():
    g = new_game(4)
    text = record.write(g) + "stack C3 C4\nslide A1\n"
    rec = record.read(text.splitlines())
    _g2, bad = record.replay(rec)
    assert bad == (1, 3, "C3 is the hole")
    pawn_cell = cell_name(g.ppos[0])
    rec = record.read((record.write(g) + "pawn M %s A1\n" % pawn_cell).splitlines())
    assert record.replay(rec)[1][2] == "the pawn on %s is S, not M" % pawn_cell


def _referee(tmp_path, cmd, text):
    f = tmp_path / "rec.txt"
    f.write_text(text)
    p = subprocess.run([sys.executable, os.path.join(paths.ROOT, "tools", "referee.py"),
                        cmd, str(f)], capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def test_referee_check_score_legal(tmp_path):
    g, text = _game_record(5, 0, 30)
    code, out, err = _referee(tmp_path, "check", text)
    assert code == 0 and out.startswith("ok: 30 plays, game not over:"), err
    code, out, err = _referee(tmp_path, "score", text)
    obj = json.loads(out)
    sc = score(g)
    assert obj["score"] == sc.total and obj["target"] == 147 and obj["plays"] == 30
    assert len(obj["stacks"]) == len(sc.stacks) and len(obj["coins"]) == len(sc.coins)
    assert sum(s["points"] for s in obj["stacks"]) + sum(c["points"] for c in obj["coins"]) \
        == sc.total
    code, out, err = _referee(tmp_path, "legal", text)
    kinds = [("stack", "slide", "pawn").index(s.split()[0]) for s in json.loads(out)["moves"]]
    assert kinds == sorted(kinds)   # stacks, then slides, then pawn moves
    assert sorted(json.loads(out)["moves"]) == legal_texts(g)


def test_referee_errors(tmp_path):
    g, text = _game_record(5, 0, 3)
    why = g.why_not(P(STACK, "A1", "E5"))
    code, _out, err = _referee(tmp_path, "check", text + "stack A1 E5\n")
    n = len(text.splitlines()) + 1
    assert code == 1 and err == "move 4: stack A1 E5 (line %d): %s\n" % (n, why)
    code, _out, err = _referee(tmp_path, "score", text + "hop A1\n")
    assert code == 2 and err.startswith("line %d: expected a play" % n)
    code, _out, err = _referee(tmp_path, "legal", "skyscrapers 1\n")
    assert code == 2 and err.strip() == "line 1: no 'cells' line"


def test_referee_refuses_a_repeated_option_and_a_look_alike_word(tmp_path):
    _g, text = _game_record(5, 0, 3)
    n = len(text.splitlines()) + 1
    lines = text.splitlines()
    twice = "\n".join(lines[:1] + ["option pawns-over-stacks"] * 2 + lines[1:]) + "\n"
    # '\u017f' (long s) upper-cases to 'S' in Python: read as a word it
    # would be 'SLIDE'; the shared reader refuses it as non-ASCII.
    for cmd in ("check", "score", "legal"):
        code, out, err = _referee(tmp_path, cmd, twice)
        assert code == 2 and out == "", (cmd, out, err)
        assert err == "line 3: option pawns-over-stacks given twice (first on line 2)\n"
        code, out, err = _referee(tmp_path, cmd, text + "\u017flide C4\n")
        assert code == 2 and out == "", (cmd, out, err)
        assert err.startswith("line %d: unexpected character '\u017f'" % n), err
        assert "Traceback" not in err
    assert "\u017flide".upper() == "SLIDE"   # why it matters
