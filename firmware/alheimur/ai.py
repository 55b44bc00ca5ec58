"""Computer players and chance for Alheimur: who picks the next action
(docs/alheimur.md, "Computer players"): the levels and a computer's
turn.

``LEVELS`` maps a level name to ``choose(game, rng, buf, n, deadline_us=None,
now_us=None, progress=None, should_stop=None)``: given the n legal actions
in ``buf`` (Game.legal) it returns one; ``rng`` is the seat's own
``prng.Rng`` (never the game's dice). The engine has no clock, so the caller
hands one in: ``now_us()`` in microseconds (device:
``time.monotonic_ns() // 1000``; MicroPython VM: ``lane.ticks_us``;
CPython: ``time.perf_counter_ns() // 1000``) and ``deadline_us`` on that
clock; ``progress(fraction)`` is called while a level searches, and
``should_stop()`` returning True ends the search with the best action so
far.

What each level judges (weights: ``EASY_W``, ``HARD_W``, in ai_eval's
order; docs/alheimur.md, "Computer players", has their strength):

- ``random``: nothing: uniformly among the legal actions.
- ``easy``: each action by the position it leads to, valued by the final
  score projected through every world's next survival check (the checker
  first making the expansion that saves most of its pips), plus a little
  for pyramids a second check would keep; no missions, no battles, some
  noise (``EASY_NOISE`` quarters); the last round begun only when it leads
  by more than ``EASY_W``'s margin (255%: hardly ever); in battle as hard
  with the same noise; builds its world at random.
- ``hard``: the same projected final score, with pyramids a second check
  keeps valued highly, marines aboard worth a share of their best landing
  (more the nearer they are), a transport's lone invader, each contested
  orbit's next battle on the exact odds of the dice; the last round begun
  only when it leads by the margin in ``HARD_W``; every ship fires, each at
  the target whose owner loses most (the leader's losses count double);
  builds the world with most room, spaceport sites and big regions.

``chance(game, rng, buf, n)`` answers a chance point: a die from the
game's generator, or the neutral world's placement by lot.

A decision of play is answered by taking each legal action on the game
itself (the engine's own rules: what ``apply`` does, without touching its
undo snapshot and log), judging the position it leads to (ai_eval.Eval) and
putting the game's state back byte for byte; the best is kept. PASS is
judged the same way (it ends a step, and ending expansion gives up the
chance to save a colony). In fleet battle every ship fires, the strongest
first, each at the target whose owner is expected to lose most by the
dice's exact odds (no dice are rolled).

The heavy modules load on first use (``ai_setup`` only while worlds are
built: it is forgotten at the first decision of play); ``release()``
frees the buffers.
"""

from micropython import const

from alheimur.actions import (
    a_ship,
    a_to,
    a_world,
    act,
    fighter,
    kind_of,
    pips,
    ship_owner,
    ship_place,
)
from lazy import forget

# consts from alheimur.actions, alheimur.layout (tools/consts.py; do not edit)
_K_AIM = const(17)
_K_DIE = const(1)
_K_MOVE = const(15)
_K_SITE = const(16)
_NREG = const(32)
_O_BUDGET = const(249)
_PASS = const(0)
_P_AIM = const(13)
_P_MIGRATE = const(6)
_P_SITE = const(12)
_P_START = const(3)
_P_TARGET = const(14)
# end consts
_WORST = const(-(1 << 29))


# The caller's (deadline_us, now_us, progress, should_stop) for one decision.
_clock = (None, None, None, None)
_e = None      # the judgement (ai_eval.Eval), made at the first decision


def _out(i, n):
    """Report progress at candidate i of n; True when the search must end
    (deadline passed or the player asked to move now)."""
    dl, now, progress, stop = _clock
    if progress is not None:
        progress(i / n)
    if stop is not None and stop():
        return True
    return now is not None and dl is not None and now() - dl >= 0


def search():
    """The judgement, its buffers made at the first call (about 1.9 KB
    with its copy of the game's state)."""
    global _e
    if _e is None:
        from alheimur.ai_eval import Eval
        _e = Eval()
    return _e


def release():
    """Drop the buffers (give the heap back between games; the shell's
    drop_computer)."""
    global _e
    _e = None


def _back(g, v):
    """Put the game's state back from the decision's copy: v is (the
    registers kept, the rest kept, the game's bytes from the budgets on;
    the deal and the worlds' cards before them do not change in play)."""
    g.reg[:] = v[0]
    v[2][:] = v[1]
    g.sn = -1


def decide(g, weights, rng, buf, n, noise=0):
    """The action of the player to move at a turn decision point."""
    e = search()
    e.prepare(g, weights)
    p = g.actor()
    ph = g.phase()
    e.war = ph > _P_MIGRATE   # battles change little with expansion and migration
    if ph == _P_SITE:
        return buf[0]
    st = memoryview(e.st)
    v = (st[:_NREG], st[_NREG:], memoryview(g.st)[_O_BUDGET:])
    v[0][:] = g.reg
    v[1][:] = v[2]
    e.value(g, p, 0)   # every world judged as the game stands
    _back(g, v)
    if ph == _P_AIM:
        return _aim(g, e, p, buf, n)
    if ph == _P_TARGET:
        return _target(g, e, p, buf, n, rng, noise)
    return _greedy(g, e, v, p, buf, n, rng, noise)


def _greedy(g, e, v0, p, buf, n, rng, noise):
    """The legal action whose position is worth most to p (PASS, first in
    the list when offered, wins ties). PASS, which may change every world's
    judgement, is tried last so that the others reuse the decision's.
    Trying actions rewrites the engine's list of legal actions: when
    ``buf`` is that list, it is made again after each."""
    mine = buf is g.sbuf
    first = 1 if buf[0] == _PASS else 0
    best = 0
    bv = _WORST
    k = first
    while k < n + first:
        i = k if k < n else 0
        if k < n and k > first and k & 3 == 0 and _out(k, n):
            if not first:
                break
            i = 0          # out of time: PASS is the last judged
            k = n
        a = buf[i]
        d = _touched(g, a)
        g.trial(a)   # as apply() does, no undo snapshot or log: _back puts it back
        v = e.value(g, p, d)
        _back(g, v0)
        if mine:
            g.legal(buf)
        if noise:
            v += rng.below(noise)
        if v > bv or (v == bv and i == 0):
            bv = v
            best = i
        k += 1
    return buf[best]


def _touched(g, a):
    """Bits of the worlds action a may change (surface, stash of its
    player, ships in the orbit): none for PASS (ending a step or a turn
    changes whose check comes next, which the judgement's keys see, and
    clears the pieces' and ships' flags of having acted, which it does not
    read); all for SURVIVE (the checks) and fleet battle."""
    if a == _PASS:
        return 0
    k = kind_of(a)
    if k >= _K_SITE:
        return 255
    w = a_world(a)
    if w >= 0:
        return 1 << w
    i = a_ship(a)
    if i < 0:
        return 255
    w = ship_place(g.sl[i])
    if k == _K_MOVE:
        return (1 << w | 1 << a_to(a)) & 255
    return (1 << w) & 255


# -- fleet battle ------------------------------------------------------------

def _target(g, e, p, buf, n, rng, noise):
    """The target whose owner ship s firing once is expected to cost most
    (the best other player's losses, by e's totals, count double)."""
    s = g.shot()[0]  # the ship firing
    tot = e.n          # totals first in e.n, the ships followed first in e.m
    lead = p
    for q in range(g.nplayers()):
        if q != p and (lead == p or tot[q] > tot[lead]):
            lead = q
    for w in range(g.nworlds()):   # the marines' landings by the worlds as they stand
        e.judge(g, w, w)
    e.site(g, g.site())
    best = 0
    bv = _WORST
    for i in range(n):
        j = 0
        while e.m[j] != a_ship(buf[i]) and j < e.nloc - 1:
            j += 1
        v = e.harm(g, s, j, 255)
        if ship_owner(g.sl[e.m[j]]) == lead:
            v *= 2
        if noise:
            v += rng.below(noise)
        if v > bv:
            bv = v
            best = i
    return buf[best]


def _aim(g, e, p, buf, n):
    """Fire the strongest ship that has not fired (answers cost nothing;
    opening fire measured no worse than holding it, against exact)."""
    sb = g.sb
    best = 0
    bv = -1
    for i in range(n):
        a = buf[i]
        if kind_of(a) != _K_AIM:
            continue
        s = a_ship(a)
        v = pips(sb[s]) * 2 + (1 if fighter(sb[s]) else 0)
        if v > bv:
            bv = v
            best = i
    return buf[best]


# Weights of ai_eval (W_STABLE, W_ORBIT, W_SPACE, W_OTHER, W_SUPPORT,
# W_MARGIN, W_BATTLE); HARD_W tuned against exact on seeds 3000-3049 only
# (docs/alheimur.md, "Computer players: strength and time").
EASY_W = bytes((8, 0, 0, 0, 0, 255, 0))
HARD_W = bytes((48, 50, 40, 30, 3, 15, 1))
EASY_NOISE = 24


def choose_random(game, rng, buf, n, deadline_us=None, now_us=None,
                  progress=None, should_stop=None):
    return buf[rng.below(n)]


def choose_easy(game, rng, buf, n, deadline_us=None, now_us=None,
                progress=None, should_stop=None):
    return _choose(game, rng, buf, n, (deadline_us, now_us, progress, should_stop), 0)


def choose_hard(game, rng, buf, n, deadline_us=None, now_us=None,
                progress=None, should_stop=None):
    return _choose(game, rng, buf, n, (deadline_us, now_us, progress, should_stop), 1)


def _choose(game, rng, buf, n, clock, hard):
    global _clock
    setup = game.phase() <= _P_START
    if not setup:
        forget("alheimur.ai_setup")     # play has begun: world building is over
    if n == 1:
        a = buf[0]
    elif setup:
        from alheimur import ai_setup
        a = ai_setup.decide(game, rng, buf, n, hard)
    else:
        _clock = clock
        a = decide(game, HARD_W if hard else EASY_W, rng, buf, n,
                   0 if hard else EASY_NOISE)
    if clock[2] is not None:
        clock[2](1)
    return a


def chance(game, rng, buf, n):
    if game.dice_needed():
        return act(_K_DIE, rng.below(6) + 1)
    return buf[rng.below(n)]


LEVELS = {"random": choose_random, "easy": choose_easy, "hard": choose_hard}
ORDER = ("random", "easy", "hard")     # LEVELS' names, cheapest first
