"""The engine contract (firmware/contract.py): the three engines answer the
one interface, and the same code plays all three through it (legal,
why_not, apply, undo, actor, over, score, state/load), as a tool built on
the contract would. Nothing on the board imports the contract or the
desktop's packers."""

import ast
import os
import re
from array import array

import pytest

import paths
from prng import Rng

CONTRACT = os.path.join(paths.FIRMWARE, "contract.py")


def _methods():
    """The methods the contract's docstring lists (``g.name(``)."""
    with open(CONTRACT, encoding="utf-8") as f:
        doc = ast.get_docstring(ast.parse(f.read()))
    return sorted(set(re.findall(r"\bg\.(\w+)\(", doc)))


def _new(game, seed):
    """A fresh game of ``game`` and a buffer for its legal moves."""
    if game == "aliencity":
        from aliencity.deal import new_game
        from aliencity.engine import MAX_MOVES
        return new_game(seed), array("H", bytes(2 * MAX_MOVES))
    if game == "skyscrapers":
        from skyscrapers.deal import new_game
        from skyscrapers.engine import MAXPLAYS
        return new_game(seed, 2), array("H", bytes(2 * MAXPLAYS))
    from alheimur.actions import MAX_ACTIONS
    from alheimur.deal import new_game
    return new_game(seed, 3, 20)[0], array("H", bytes(2 * MAX_ACTIONS))


GAMES = ("aliencity", "skyscrapers", "alheimur")


def test_the_contract_lists_the_interface():
    assert _methods() == ["actor", "apply", "legal", "load", "over", "score", "state",
                          "undo", "why_not"]


def _missing(g):
    return [name for name in _methods() if not callable(getattr(g, name, None))]


@pytest.mark.parametrize("game", GAMES)
def test_each_engine_has_every_method(game):
    g, _buf = _new(game, 1)
    assert _missing(g) == []


def test_an_engine_without_a_method_is_found():
    from skyscrapers.engine import Game

    class Planted(Game):
        undo = None                     # a planted gap: no undo
    g, _buf = _new("skyscrapers", 1)
    g.__class__ = Planted
    assert _missing(g) == ["undo"]


def _fingerprint(g):
    return g.state(), g.actor(), g.over()


@pytest.mark.parametrize("game", GAMES)
def test_one_loop_plays_every_game_through_the_contract(game):
    """Random legal moves (dice and lots too: Alheimur's chance points
    are moves of the actor CHANCE), each checked the contract's way: legal
    moves pass why_not, an illegal one is refused with why_not's words and
    changes nothing, undo takes a move back exactly (where the game
    allows), state()/load() give the game back; the score has a total per
    seat."""
    g, buf = _new(game, 3)
    rng = Rng(11)
    moves = 0
    while not g.over() and moves < 400:
        if game == "alheimur" and g.phase() == 0:   # P_DEAL: the deal comes from outside
            from alheimur.deal import shuffle
            g.deal(shuffle(rng))
            continue
        n = g.legal(buf)
        assert n > 0 and g.actor() != 255
        legal = set(buf[:n])
        m = buf[rng.below(n)]
        assert g.why_not(m) is None
        bad = next(x for x in range(65536) if x not in legal and g.why_not(x) is not None)
        before = _fingerprint(g)
        with pytest.raises(ValueError) as e:
            g.apply(bad)
        assert str(e.value) == g.why_not(bad) and _fingerprint(g) == before
        g.apply(m)
        after = _fingerprint(g)
        if g.undo():
            assert _fingerprint(g) == before
            g.apply(m)
            assert _fingerprint(g) == after
        moves += 1
    g2, _ = _new(game, 3)
    g2.load(g.state())
    assert _fingerprint(g2) == _fingerprint(g)
    sc = g.score()
    assert len(sc.totals) == (1 if game == "skyscrapers" else 2 if game == "aliencity" else 3)
    assert moves > 30
    if g.over():
        assert g.actor() == 255 and g.legal(buf) == 0


def test_nothing_on_the_board_imports_what_only_the_desktop_uses():
    """contract.py is documentation and alheimur/packing.py the desktop's:
    no firmware or board module imports either, and the deploy leaves
    them out."""
    import deploy
    for top in (paths.FIRMWARE, os.path.join(paths.ROOT, "boards")):
        for d, _dirs, files in os.walk(top):
            for f in files:
                if not f.endswith(".py"):
                    continue
                with open(os.path.join(d, f), encoding="utf-8") as fh:
                    tree = ast.parse(fh.read())
                for node in ast.walk(tree):
                    names = ([node.module or ""] + [a.name for a in node.names]
                             if isinstance(node, ast.ImportFrom)
                             else [a.name for a in node.names] if isinstance(node, ast.Import) else [])
                    assert "contract" not in names and not any(
                        n.endswith("packing") for n in names), (f, names)
    assert not set(deploy.DESKTOP_ONLY) & set(deploy.firmware_files())
