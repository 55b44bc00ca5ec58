"""Seeded Alheimur games, the same on CPython and MicroPython.

Shared by the benchmarks, the MicroPython-lane tests and the property
tests: every choice and die comes from the project's ``prng.Rng``, so a
seed gives the same game in both VMs. MicroPython-compatible (it is sent
into the VM as a file).

``careful`` is a test driver, not a computer level: a random player that
keeps its colonies alive long enough for games to reach movement and
battles (uniform random play dies out in the first survival check).
"""

from array import array

from alheimur import ai
from alheimur.actions import MAX_ACTIONS, owner
from alheimur.deal import new_game, shuffle
from alheimur.engine import CHANCE
from alheimur.layout import P_DEAL, P_EXPAND, P_MIGRATE, P_START, PASS
from alheimur.turn import doomed
from prng import Rng


def _alive(g, p):
    """p's pyramids on the surface that would live through a survival
    check now, over all worlds."""
    k = 0
    for w in range(g.nworlds()):
        d = doomed(g, w)
        for t in range(g.nterr[w]):
            v = g.piece(w, t)
            if v and owner(v) == p and not d >> t & 1:
                k += 1
    return k


def careful(g, rng, buf, n):
    ph = g.phase()
    if ph == P_START or ph == P_EXPAND:
        # try a few actions (PASS included) and keep the one that leaves
        # the most pyramids alive
        p = g.actor()
        best = buf[0]
        top = -1
        for _ in range(8):
            a = buf[rng.below(n)]
            if ph == P_START:
                st = g.state()
                g.apply(a)
                v = _alive(g, p) * 8 + rng.below(8)
                g.load(st)
            else:
                g.apply(a)
                v = _alive(g, p) * 8 + rng.below(8)
                g.undo()
            if v > top:
                top = v
                best = a
        return best
    if n > 1 and buf[0] == PASS:
        # migrating breaks colonies up: mostly pass there
        if ph == P_MIGRATE:
            return PASS if rng.below(8) else buf[1 + rng.below(n - 1)]
        return buf[1 + rng.below(n - 1)] if rng.below(4) else PASS
    return buf[rng.below(n)]


def decisions(g, drng, buf, rec=None):
    """The game's course between its players' decisions: deals the cards
    and rolls the dice from ``drng`` when the game asks (``rec``, a
    record.Recorder, gets each), and yields the number of legal actions
    (in ``buf``) whenever a player decides; the caller takes one action
    before asking for the next. Ends when the game is over. The one copy
    of this loop for the tools and tests that play seeded games."""
    while not g.over():
        if g.phase() == P_DEAL:
            q = shuffle(drng)
            g.deal(q)
            if rec is not None:
                rec.deal(q)
            continue
        n = g.legal(buf)
        if g.actor() == CHANCE:
            a = ai.chance(g, drng, buf, n)
            if rec is not None:
                rec.before(g, a)
            g.apply(a)
            continue
        yield n


def play(seed, nplayers, limit=20, stop_at=-1, choose=careful, rec=None, buf=None):
    """Play a seeded game until it is over or ``stop_at`` actions were
    taken (the dice's count too: positions in the tests rest on it);
    ``rec`` (a record.Recorder) gets the deal and every action. Returns
    the game."""
    g, drng = new_game(seed, nplayers, limit)
    if rec is not None:
        rec.deal(g.quads)
    prng = Rng(seed * 7919 + 17)
    if buf is None:
        buf = array("H", bytes(2 * MAX_ACTIONS))
    steps = 0
    while not g.over() and steps != stop_at:
        if g.phase() == P_DEAL:
            q = shuffle(drng)
            g.deal(q)
            if rec is not None:
                rec.deal(q)
            continue
        n = g.legal(buf)
        a = ai.chance(g, drng, buf, n) if g.actor() == CHANCE else choose(g, prng, buf, n)
        if rec is not None:
            rec.before(g, a)
        g.apply(a)
        steps += 1
    return g
