"""Alheimur's computer players (firmware/alheimur/ai.py, docs/alheimur.md
"Computer players"): every level plays legal actions only through whole
2-, 5- and 8-player games (the referee checks the records) and answers
every kind of decision point; the same seed plays the same game; the
anytime controls work (should_stop, the deadline, progress); the search
leaves the game as it found it. The MicroPython lane is in
test_alheimur_ai_mpy.py."""

import os
import subprocess
import sys
from array import array

import pytest
import seeded_alheimur
from alheimur_positions import deal_of
from arena_alheimur import play_game as play_alheimur

from alheimur import ai, record
from alheimur.actions import (
    MAX_ACTIONS,
    P_AIM,
    P_EXPAND,
    P_LAND,
    P_LAUNCH,
    P_MIGRATE,
    P_MOVE,
    P_PLACE,
    P_START,
    P_SURVIVE,
    P_SWAP,
    P_TARGET,
    PASS,
)
from alheimur.deal import new_game
from alheimur.engine import Game
from prng import Rng

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_VENV_PY = os.path.join(ROOT, ".venv", "bin", "python")
PYTHON = _VENV_PY if os.path.exists(_VENV_PY) else sys.executable
LEVELS = ("random", "easy", "hard")


def test_levels():
    assert set(ai.LEVELS) == set(LEVELS)


def _play(seats, seed, limit=40, seen=None):
    """A whole game; seen collects (level, phase) of every choice made
    among two or more actions. Returns the game and its record."""
    np = len(seats)
    g, drng = new_game(seed, np, limit)
    rec = record.Recorder(np, limit)
    rec.deal(g.quads)
    rngs = [Rng(seed * 31 + k + 1) for k in range(np)]
    buf = array("H", bytes(2 * MAX_ACTIONS))
    for n in seeded_alheimur.decisions(g, drng, buf, rec):
        p = g.actor()
        if seen is not None and n > 1:
            seen.add((seats[p], g.phase()))
        st = g.state()
        a = ai.LEVELS[seats[p]](g, rngs[p], buf, n)
        assert g.state() == st, "the search changed the game"
        assert a in buf[:n] or g.why_not(a) is None
        rec.before(g, a)
        g.apply(a)   # checked: ValueError(reason) if illegal
    return g, rec.text()


GAMES = {2: ("hard", "easy"),
         5: ("easy", "hard", "random", "hard", "easy"),
         8: ("hard", "easy", "random", "hard", "easy", "random", "hard", "easy")}


@pytest.mark.parametrize("np", sorted(GAMES))
def test_levels_play_whole_games_the_referee_accepts(tmp_path, np):
    seen = set()
    g, text = _play(GAMES[np], 40 + np, seen=seen)
    assert g.over()
    f = tmp_path / "g.txt"
    f.write_text(text)
    p = subprocess.run([PYTHON, os.path.join(ROOT, "tools", "referee.py"), "check", str(f)],
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0 and p.stdout.startswith("ok: ") and "game over" in p.stdout
    # the computer levels answered the turn's decision points
    for level in ("easy", "hard"):
        for ph in (P_PLACE, P_START, P_EXPAND, P_MIGRATE, P_LAUNCH, P_MOVE):
            assert (level, ph) in seen, (level, ph)


def test_every_kind_of_decision_is_answered():
    """Over a few games between the real levels: world building, start,
    expansion, every movement step, battle sites, aims and targets."""
    seen = set()
    for seed, seats in ((11, ("hard", "easy", "easy", "hard")),
                        (12, ("hard", "hard", "easy")),
                        (13, ("easy", "hard", "easy", "easy", "hard", "easy"))):
        _play(seats, seed, 20, seen)
    phases = {ph for (_lv, ph) in seen}
    for ph in range(P_PLACE, P_TARGET + 1):
        if ph in (P_SWAP, P_SURVIVE):   # the swap: below; survival is no choice
            continue
        assert ph in phases, ph
    assert ("hard", P_AIM) in seen and ("hard", P_LAND) in seen


@pytest.mark.parametrize("level", ("easy", "hard"))
def test_the_orbit_swap_is_chosen(level):
    g = Game(2, 40)
    g.deal(deal_of(["AAAA EEEE FFFF WWWW AEFW"]))
    buf = array("H", bytes(2 * MAX_ACTIONS))
    rng = Rng(3)
    while g.phase() == P_PLACE and g.site() == 0:
        n = g.legal(buf)
        g.apply(ai.LEVELS[level](g, rng, buf, n))
    assert g.phase() == P_SWAP
    n = g.legal(buf)
    assert n > 1
    a = ai.LEVELS[level](g, rng, buf, n)
    assert g.why_not(a) is None
    g.apply(a)
    assert g.phase() != P_SWAP


@pytest.mark.parametrize("seats", [("hard", "easy", "hard"), ("easy", "random")])
def test_the_same_seed_plays_the_same_game(seats):
    assert _play(seats, 21, 20)[1] == _play(seats, 21, 20)[1]


def test_selfplay_plays_the_levels(tmp_path):
    g, text = play_alheimur(3, ["hard", "easy", "random"], 5, 20)
    assert g.over() and "# selfplay --seed 5 --seats hard,easy,random" in text
    _g2, bad = record.replay(record.read(text.splitlines()))
    assert bad is None


def test_hard_wins_against_random():
    """Not a strength claim (tools/arena.py makes those): a hard seat
    keeps its colony and outscores a random one."""
    from alheimur.scoring import score
    for seed in (1, 2):
        g, _ = _play(("random", "hard"), seed, 20)
        assert score(g).winners == [1]


# -- anytime --------------------------------------------------------------------


def _expansion(np=4, seed=37):
    """A position where a hard player chooses among many expansions."""
    buf = array("H", bytes(2 * MAX_ACTIONS))
    for cut in range(60, 400, 7):
        g = seeded_alheimur.play(seed, np, 20, cut)
        if g.phase() == P_EXPAND and g.legal(buf) > 20:
            return g, buf, g.legal(buf)
    raise AssertionError("no expansion with choices")


def test_should_stop_ends_the_search_with_a_legal_action():
    g, buf, n = _expansion()
    asked = []
    shown = []

    def stop():
        asked.append(1)
        return True

    a = ai.choose_hard(g, Rng(1), buf, n, progress=shown.append, should_stop=stop)
    assert g.why_not(a) is None
    assert len(asked) == 1                  # asked once, then it stopped
    # it judged at most the first few actions (PASS, or one of them)
    assert a == PASS or list(buf[:n]).index(a) < 4
    assert shown == sorted(shown) and shown[-1] == 1 and len(shown) == 2


def test_progress_rises_to_one_without_a_stop():
    g, buf, n = _expansion()
    shown = []
    a = ai.choose_hard(g, Rng(1), buf, n, progress=shown.append, should_stop=lambda: False)
    assert g.why_not(a) is None
    assert len(shown) >= n // 4 and shown == sorted(shown) and shown[-1] == 1
    assert all(0 <= x <= 1 for x in shown)


def test_the_deadline_ends_the_search():
    g, buf, n = _expansion()
    ticks = [0]

    def now():
        ticks[0] += 1000
        return ticks[0]

    a = ai.choose_hard(g, Rng(1), buf, n, deadline_us=500, now_us=now)
    assert g.why_not(a) is None
    assert ticks[0] == 1000                 # one look at the clock: past the deadline
    full = ai.choose_hard(g, Rng(1), buf, n)
    b = ai.choose_hard(g, Rng(1), buf, n, deadline_us=10 ** 12, now_us=now)
    assert b == full                        # a deadline far off changes nothing


def test_release_frees_and_the_levels_still_play():
    g, buf, n = _expansion()
    a = ai.choose_hard(g, Rng(1), buf, n)
    ai.release()
    assert ai.choose_hard(g, Rng(1), buf, n) == a
