"""Alheimur property tests over seeded play (tools/seeded_alheimur.py's careful
driver mixed with uniform choices): pieces are conserved per player and
size, one pyramid per territory, marines fit their transports, legal() and
why_not() agree, every reason fits the screen, undo restores the state
exactly."""

from array import array

import seeded_alheimur
from hypothesis import given, settings
from hypothesis import strategies as st

from alheimur import ai
from alheimur.actions import (
    MAX_ACTIONS,
    P_DEAL,
    P_OVER,
    SPACE,
    fighter,
    marine,
    owner,
    pips,
    ship_owner,
    ship_place,
)
from alheimur.deal import new_game, shuffle
from alheimur.engine import CHANCE
from alheimur.layout import FREE, MAX_SHIPS
from alheimur.packing import pyramid
from prng import Rng
from ui.text import wrap


def check(g):
    np = g.nplayers()
    count = [[0, 0, 0] for _ in range(np)]
    for w in range(8):
        n = g.nterr[w] if w < g.nworlds() else 0
        for t in range(16):
            v = g.surf[w * 16 + t]
            if t >= n:
                assert v == 0
                continue
            if v:
                assert v < 128                   # no bit above USED
                p = owner(v)
                assert p < np and 1 <= pips(v) <= 3
                count[p][pips(v) - 1] += 1
    top = g.ship_top()
    for i in range(MAX_SHIPS):
        loc = g.sl[i]
        if loc == FREE:
            assert g.sb[i] == 0
            continue
        assert i < top
        p = ship_owner(loc)
        assert p < np and ship_place(loc) <= SPACE
        if ship_place(loc) < SPACE:
            assert ship_place(loc) < g.nworlds()
        b = g.sb[i]
        s = pips(b)
        m = marine(b)
        assert 1 <= s <= 3
        assert m <= s                            # marine <= transport
        assert not (fighter(b) and m)            # fighters carry none
        count[p][s - 1] += 1
        if m:
            count[p][m - 1] += 1
    for p in range(np):
        for s in range(3):
            assert count[p][s] + g.stash_count(p, s + 1) == 5, (p, s)
    assert top == 0 or g.sl[top - 1] != FREE


def _reason_fits(r):
    return wrap(r, 26, 2).replace("\n", " ") == r


def play_checked(seed, np, steps, mix, undo_every):
    g, drng = new_game(seed, np, 20)
    prng = Rng(seed ^ 0x5A5A)
    buf = array("H", bytes(2 * MAX_ACTIONS))
    k = 0
    while not g.over() and k < steps:
        if g.phase() == P_DEAL:
            g.deal(shuffle(drng))
            continue
        n = g.legal(buf)
        assert 0 < n <= MAX_ACTIONS
        acts = list(buf[:n])
        assert len(set(acts)) == n
        if k % 7 == 0:
            for a in acts:
                assert g.why_not(a) is None
            # random numbers: refused with a reason that fits the screen,
            # or legal exactly when legal() (up to an identical ship) says so
            for _ in range(12):
                a = prng.next16()
                r = g.why_not(a)
                if r is None:
                    assert g.canonical(a) in acts
                else:
                    assert g.canonical(a) not in acts
                    assert _reason_fits(r), r
        if g.actor() == CHANCE:
            a = ai.chance(g, drng, buf, n)
        elif prng.below(mix) == 0:
            a = buf[prng.below(n)]
        else:
            a = seeded_alheimur.careful(g, prng, buf, n)
        before = g.state()
        g.apply(a)
        if undo_every and k % undo_every == 0 and g.can_undo():
            after = g.state()
            g.undo()
            assert g.state() == before
            g.apply(a)
            assert g.state() == after
        check(g)
        k += 1
    return g, k


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**31), np=st.integers(2, 8),
       steps=st.integers(50, 1500), mix=st.integers(2, 6),
       undo_every=st.integers(0, 5))
def test_random_play_keeps_the_invariants(seed, np, steps, mix, undo_every):
    play_checked(seed, np, steps, mix, undo_every)


def test_long_games_reach_every_kind_of_action():
    """The driver above exercises the whole turn: battles, landings ...
    (seed 30 is the first with a marine returned in step 2; the orbit swap
    is rare in play and has its own tests in test_alheimur_world.py)."""
    from alheimur.actions import kind_of
    seen = set()
    for seed in (*range(12), 30):
        g, drng = new_game(seed, 2 + seed % 7, 20)
        prng = Rng(seed)
        buf = array("H", bytes(2 * MAX_ACTIONS))
        while not g.over():
            if g.phase() == P_DEAL:
                g.deal(shuffle(drng))
                continue
            n = g.legal(buf)
            a = (ai.chance(g, drng, buf, n) if g.actor() == CHANCE
                 else seeded_alheimur.careful(g, prng, buf, n))
            seen.add(kind_of(a))
            g.apply(a)
            check(g)
        assert g.phase() == P_OVER
    assert seen >= set(range(19)) - {3}, sorted(set(range(19)) - seen)


def test_undo_back_to_the_start_of_a_stretch():
    """Undo repeatedly: every state on the way back is one seen before."""
    for seed in range(20):
        g, drng = new_game(seed, 3, 20)
        prng = Rng(seed)
        buf = array("H", bytes(2 * MAX_ACTIONS))
        seen = []
        for _ in range(300):
            if g.over():
                break
            if g.phase() == P_DEAL:
                g.deal(shuffle(drng))
                continue
            n = g.legal(buf)
            a = (ai.chance(g, drng, buf, n) if g.actor() == CHANCE
                 else seeded_alheimur.careful(g, prng, buf, n))
            seen.append(g.state())
            g.apply(a)
            if not g.can_undo():
                seen = []
        while g.can_undo():
            g.undo()
            assert g.state() == seen.pop()


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(1, 10 ** 6), np=st.integers(2, 5), steps=st.integers(40, 260))
def test_a_survival_check_of_some_territories_is_the_whole_checks_bits(seed, np, steps):
    """turn.doomed(..., only): the judgement checks one changed territory
    and its neighbours; their bits are the whole check's."""
    from alheimur.turn import doomed
    g = seeded_alheimur.play(seed, np, 20, steps)
    for w in range(g.nworlds()):
        whole = doomed(g, w)
        for t in range(g.nterr[w]):
            k = 1 << t | g.adj[w * 16 + t]
            assert doomed(g, w, False, k) == whole & k, (w, t)
        assert doomed(g, w, False, 0) == 0


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(1, 10 ** 6), np=st.integers(2, 5), steps=st.integers(40, 260))
def test_a_survival_check_told_the_counts_is_the_check_that_counts(seed, np, steps):
    """turn.doomed(..., occ): a judgement trying one new pyramid after
    another counts the world once and adds the new one itself (ai_eval's
    repair); the bits are those of a check that counts for itself."""
    from alheimur.actions import owner
    from alheimur.turn import doomed
    g = seeded_alheimur.play(seed, np, 20, steps)
    tried = 0
    for w in range(g.nworlds()):
        b = w * 16
        n = g.nterr[w]
        occ = 0
        for t in range(n):
            if g.surf[b + t]:
                occ |= 1 << t
        for t in range(n):
            if g.surf[b + t]:
                continue
            for s in (1, 2, 3):
                q = (w + t + s) % np
                g.surf[b + t] = pyramid(s, q)      # a pyramid of q, s pips, tried there
                k = 1 << t | g.adj[b + t]
                want = doomed(g, w, False, k)
                for p in range(8):                  # the counts before it, then q's new one
                    g.cnt[p] = 0
                for u in range(n):
                    if u != t and g.surf[b + u]:
                        g.cnt[owner(g.surf[b + u])] += 1
                g.cnt[q] += 1
                assert doomed(g, w, False, k, occ | 1 << t) == want, (w, t, s)
                g.surf[b + t] = 0
                tried += 1
    assert tried or not g.nworlds()
