"""Skyscrapers property tests over random legal plays: one hole and 24
occupied cells, 24 tiles on cells or in stacks, a stacked tile never moves
again, legal() agrees with why_not(), undo restores the exact position,
records round-trip, the score never passes the target."""

from array import array

from hypothesis import given, settings
from hypothesis import strategies as st

import paths  # noqa: F401
from skyscrapers import record
from skyscrapers.deal import new_game
from skyscrapers.engine import (
    MAXPLAYS,
    NONE,
    NTILES,
    PAWN,
    SLIDE,
    STACK,
    N,
)
from skyscrapers.scoring import bound, score


def check_invariants(g):
    holes = [c for c in range(N) if g.height[c] == 0 and g.coin[c] == 0]
    assert holes == [g.hole]
    assert sum(1 for c in range(N) if g.height[c] or g.coin[c]) == 24
    assert sum(g.height) == NTILES   # no tile leaves the board
    # every tile is on a cell, and the heights add up to the tiles
    per = bytearray(N)
    for t in range(NTILES):
        c = g.tcell[t]
        assert c < N and (g.height[c] >= 1)
        per[c] += 1
        assert t // 6 == g.top[c] // 6   # a stack holds one suit
    assert list(per) == list(g.height)
    # coins: one per tile that left its cell for a stack
    stacked = sum(h - 1 for h in g.height if h >= 2)
    assert sum(1 for c in range(N) if g.coin[c]) == stacked
    for s in range(4):
        c = g.ppos[s]
        assert g.pawn[c] == s + 1 and g.suit_at(c) == s
    assert sum(1 for c in range(N) if g.pawn[c]) == 4


def all_plays():
    for k in (STACK, SLIDE, PAWN):
        for a in range(N):
            for b in range(N):
                yield k << 10 | a << 5 | b


ALL = list(all_plays())


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**31), opts=st.integers(0, 7),
       picks=st.lists(st.integers(0, 10**6), min_size=1, max_size=120))
def test_random_legal_plays(seed, opts, picks):
    g = new_game(seed, opts)
    buf = array("H", [0] * MAXPLAYS)
    states = [g.position()]
    frozen = {}
    target = bound(g)
    check_invariants(g)
    for i, r in enumerate(picks):
        n = g.legal(buf)
        if n == 0:
            assert g.over()
            break
        legal = set(buf[:n])
        assert len(legal) == n
        if i % 10 == 0:   # legal() is exactly the plays why_not() allows
            assert legal == {m for m in ALL if g.why_not(m) is None}
        m = buf[r % n]
        g.apply(m)
        check_invariants(g)
        for t in range(NTILES):
            c = g.tcell[t]
            if t in frozen:
                assert c == frozen[t]      # a tile in a stack never moves
            elif g.height[c] >= 2:
                frozen[t] = c
        assert score(g).total <= target
        states.append(g.position())
    text = record.write(g)
    rec = record.read(text.splitlines())
    g2, bad = record.replay(rec)
    assert bad is None and g2.position() == g.position() and record.write(g2) == text
    while g.nplays:
        g.undo()
        states.pop()
        assert g.position() == states[-1]
    assert g.position() == states[0]


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**31), opts=st.integers(0, 7))
def test_illegal_plays_change_nothing(seed, opts):
    g = new_game(seed, opts)
    before = g.position()
    for m in ALL[::7]:
        if g.why_not(m) is not None:
            try:
                g.apply(m)
                raise AssertionError("illegal play accepted")
            except ValueError as e:
                assert str(e) == g.why_not(m)
            assert g.position() == before
    assert NONE == 255
