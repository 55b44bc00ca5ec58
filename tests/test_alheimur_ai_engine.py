"""The computer players keep no copy of the rules (issue 29, item 5): they
try each action on the game itself (``Game.trial``: the engine's own
``_do`` and ``_settle``, what ``apply`` does without its undo), and judge
with the engine's survival rule (``turn.doomed``) and scoring.py's formula
(tests/test_alheimur_exact.py holds those two). What the judgement still
works out itself is held against the engine here, on the positions of a
seeded game between two hard players:

- a trial leaves the state ``Game.apply`` leaves, for actions of every
  kind of play (expansion, survival, the six steps of movement, battle);
- a shot's chances (``Eval.shot``: the hit and defence dice, the stash
  rule, with the target owner's stash lacking sizes) are the engine's,
  every roll of the dice played out on it.
"""

from array import array

import pytest
import seeded_alheimur

from alheimur import ai, ai_eval
from alheimur.actions import (
    MAX_ACTIONS,
    a_ship,
    act,
    invader,
    kind_of,
    owner,
    pips,
    ship_form,
    ship_owner,
)
from alheimur.deal import new_game, shuffle
from alheimur.engine import CHANCE
from alheimur.layout import (
    FREE,
    K_AIM,
    K_BOARD,
    K_CIVILIZE,
    K_DIE,
    K_EXPAND,
    K_FLIP,
    K_LAND,
    K_LAUNCH,
    K_MIGRATE,
    K_MOVE,
    K_PASS,
    K_RETURN,
    K_SITE,
    K_SURVIVE,
    K_TARGET,
    K_UNLOAD,
    P_DEAL,
    P_EXPAND,
    P_MIGRATE,
    P_MOVE,
    P_START,
    P_SURVIVE,
    P_TARGET,
)
from prng import Rng

PLAY_KINDS = {K_PASS, K_EXPAND, K_CIVILIZE, K_SURVIVE, K_MIGRATE, K_LAUNCH, K_BOARD,
              K_RETURN, K_UNLOAD, K_FLIP, K_LAND, K_MOVE, K_SITE, K_AIM, K_TARGET}


def _points(seed=11, nplayers=3):
    """(game, legal actions) at each decision point of play of a seeded
    game between hard players (the game is put back after each)."""
    g, drng = new_game(seed, nplayers, 20)
    rngs = [Rng(seed * 31 + k + 1) for k in range(nplayers)]
    buf = array("H", bytes(2 * MAX_ACTIONS))
    while not g.over():
        if g.phase() == P_DEAL:
            g.deal(shuffle(drng))
            continue
        n = g.legal(buf)
        if g.actor() == CHANCE:
            g.apply(ai.chance(g, drng, buf, n))
            continue
        if g.phase() > P_START:
            before = g.state()
            yield g, list(buf[:n])
            g.load(before)
            n = g.legal(buf)
        g.apply(ai.LEVELS["hard"](g, rngs[g.actor()], buf, n))


@pytest.fixture(scope="module")
def points():
    return [(g.state(), acts) for g, acts in _points()]


def test_a_trial_is_what_apply_does(points):
    g, _ = new_game(11, 3, 20)
    kinds = set()
    for state, acts in points:
        for a in acts[:: max(1, len(acts) // 6)]:   # a few of each point's actions
            g.load(state)
            g.trial(a)
            tried = g.state()
            g.load(state)
            g.apply(a)
            assert tried == g.state(), (hex(a), kind_of(a))
            kinds.add(kind_of(a))
    assert kinds == PLAY_KINDS


def _engine_sizes(g, a, target):
    """{size after the shot (0 destroyed): chance} with the engine rolling
    every die of the shot (TARGET a) each way (equal states merged)."""
    out = {}
    g.apply(a)
    level = {g.state(): 1.0}
    while level:
        nxt = {}
        for state, p in level.items():
            g.load(state)
            if not g.dice_needed():
                s = 0 if g.sl[target] == FREE else pips(g.sb[target])
                out[s] = out.get(s, 0.0) + p
                continue
            for v in range(1, 7):
                g.load(state)
                g.apply(act(K_DIE, v))
                k = g.state()
                nxt[k] = nxt.get(k, 0.0) + p / 6
        level = nxt
    return out


def test_a_shots_chances_are_the_engines_dice(points):
    g, _ = new_game(11, 3, 20)
    e = ai_eval.Eval()
    shots = 0
    seen = set()
    for state, acts in points:
        g.load(state)
        if g.phase() != P_TARGET or shots >= 4:
            continue
        shooter = g.shot()[0]
        for a in acts:
            # each kind of shot once: the ships' forms
            target = a_ship(a)
            key = (ship_form(g.sb[shooter]), ship_form(g.sb[target]))
            if key in seen or pips(g.sb[shooter]) + pips(g.sb[target]) > 4:
                continue      # (more dice than that: long to play out)
            seen.add(key)
            q = ship_owner(g.sl[target]) * 3
            # the target owner's stash as it is, without 2s, without 1s and 2s
            for lack in ((), (1,), (0, 1)):
                g.load(state)
                for i in lack:
                    g.stash[q + i] = 0
                e.prepare(g, ai.HARD_W)
                e.site(g, g.site())
                j = next(j for j in range(e.nloc) if e.m[j] == target)   # followed ships first
                e.shot(g, shooter, j, 255)
                got = [e.m[ai_eval._DIST + j * 4 + x] for x in range(4)]
                want = _engine_sizes(g, a, target)
                assert sum(want.values()) == pytest.approx(1.0)
                for x in range(4):
                    assert abs(got[x] - 255 * want.get(x, 0.0)) <= 3, (x, lack, got, want)
            shots += 1
    assert shots >= 4


def test_the_kept_projections_judge_as_a_judgement_made_afresh():
    """A decision's judgement keeps each world's projection and judges again
    only the worlds an action touches (ai._touched; those in spare slots,
    the worlds as found kept): every action's value and projected surfaces
    (as the judgement reads them: a piece's pips, owner, lying down) are
    those of a judgement made afresh, at decisions of each step of play,
    actions in the legal order (PASS first: it touches no world, though
    it may end a step or a turn) and reversed."""
    buf = array("H", bytes(2 * MAX_ACTIONS))
    kept, fresh = ai_eval.Eval(), ai_eval.Eval()
    steps = set()
    for seed, np in ((3, 2), (37, 4), (5, 3)):
        g, drng = new_game(seed, np, 40)
        rng = Rng(seed)
        for k, n in enumerate(seeded_alheimur.decisions(g, drng, buf), 1):
            ph = g.phase()
            if P_EXPAND <= ph <= P_MOVE and n > 1 and k % 5 == 0:
                _judge_each_action_both_ways(g, buf, n, kept, fresh)
                steps.add(ph)
            g.apply(ai.LEVELS["hard"](g, rng, buf, n))
    assert steps == set(range(P_EXPAND, P_MOVE + 1)) - {P_SURVIVE}, steps   # a decision of each step


def _judge_each_action_both_ways(g, buf, n, kept, fresh):
    acts = list(buf[:n])
    p = g.actor()
    at = g.state()
    kept.prepare(g, ai.HARD_W)
    kept.war = fresh.war = g.phase() > P_MIGRATE
    kept.value(g, p, 0)
    g.load(at)
    for a in acts + acts[::-1]:
        touched = ai._touched(g, a)
        g.trial(a)
        v = kept.value(g, p, touched)
        surf = _as_judged(g)
        g.load(at)
        g.trial(a)
        fresh.prepare(g, ai.HARD_W)
        assert (v, surf) == (fresh.value(g, p), _as_judged(g)), a
        g.load(at)


def _as_judged(g):
    return [(pips(v), owner(v), invader(v)) for v in g.surf]
