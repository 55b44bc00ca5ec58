"""Alheimur records (docs/records.md, "Alheimur"), the referee on them
(tools/referee.py -> tools/referee_alheimur.py, run as a program) and selfplay."""

import json
import os
import subprocess
import sys
from array import array

import pytest
import seeded_alheimur
from alheimur_positions import deal_of

from alheimur import record
from alheimur.actions import K_DIE, MAX_ACTIONS, P_DEAL, act
from alheimur.deal import shuffle
from alheimur.engine import Game
from alheimur.scoring import score
from prng import Rng

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_VENV_PY = os.path.join(ROOT, ".venv", "bin", "python")
PYTHON = _VENV_PY if os.path.exists(_VENV_PY) else sys.executable


def tool(name, *args, stdin=None):
    p = subprocess.run([PYTHON, os.path.join(ROOT, "tools", name), *args],
                       input=stdin, capture_output=True, text=True, timeout=300)
    return p


def recorded(seed, np, limit=20, stop_at=-1):
    rec = record.Recorder(np, limit)
    g = seeded_alheimur.play(seed, np, limit, stop_at, rec=rec)
    return g, rec.text()


# -- round trip --------------------------------------------------------------


@pytest.mark.parametrize("seed,np", [(1, 2), (2, 3), (3, 5), (30, 4), (5, 8)])
def test_replay_gives_the_same_game(seed, np):
    g, text = recorded(seed, np)
    assert g.over()
    g2, bad = record.replay(record.read(text.splitlines()))
    assert bad is None and g2.state() == g.state()
    assert score(g2).totals == score(g).totals


def test_a_record_cut_anywhere_replays_to_that_point():
    g, text = recorded(37, 4, stop_at=250)
    assert not g.over()
    g2, bad = record.replay(record.read(text.splitlines()))
    assert bad is None and g2.state() == g.state()


def test_rewriting_a_replayed_game_gives_the_same_text():
    _, text = recorded(7, 4)
    lines = text.splitlines()
    rec = record.read(lines)
    out = record.Recorder(rec.nplayers, rec.limit)
    g = rec.new_game()
    buf = array("H", bytes(2 * MAX_ACTIONS))
    # replay through the recorder: what each line stood for, written again
    for item in rec.items:
        if item[0] == "deal":
            g.deal(item[2])
            out.deal(item[2])
            continue
        if item[0] == "dice":
            for v in item[2]:
                out.before(g, act(K_DIE, v))
                g.apply(act(K_DIE, v))
            continue
        for cands in record._resolve(g, item[2], item[3]):
            a = next(a for a in cands if g.why_not(a) is None)
            out.before(g, a)
            g.apply(a)
    assert out.text() == text
    assert g.legal(buf) == 0


def test_records_hold_every_die_and_every_pass():
    _, text = recorded(37, 4)       # a game with every kind of action
    assert " pass" in text and "\nR survive" in text
    assert "\ndice " in text and " fire " in text
    for verb in (" migrate ", " launch ", " board ", " unload ",
                 " flip ", " land ", " move ", " expand ", " civilize "):
        assert verb in text, verb
    assert "\nN place " in text      # the neutral world's placements, by lot


def test_a_redeal_is_recorded_and_replayed():
    g = Game(7, 20)
    piles = ["AAAA EEEE FFFF WWWW TTTT"]   # unplayable; 7 players: no extras
    g.deal(deal_of(piles))
    rec = record.Recorder(7, 20)
    rec.deal(g.quads)
    buf = array("H", bytes(2 * MAX_ACTIONS))
    rng = Rng(5)
    while g.phase() != P_DEAL:
        n = g.legal(buf)
        a = buf[rng.below(n)]
        rec.before(g, a)
        g.apply(a)
    q = shuffle(rng)
    g.deal(q)
    rec.deal(q)
    text = rec.text()
    assert text.count("pile 1 ") == 2
    g2, bad = record.replay(record.read(text.splitlines()))
    assert bad is None and g2.state() == g.state()


# -- malformed and illegal ---------------------------------------------------------

HEAD = "alheimur 1\nplayers 2\n" + "".join(
    "pile %d AAAA EEEE WWWW TTTT FFFF\n" % i for i in range(1, 9))


@pytest.mark.parametrize("text,line,what", [
    ("", 1, "empty record"),
    ("alien-city 1\n", 1, "starts with 'alheimur 1'"),
    ("alheimur 2\n", 1, "record version 2"),
    ("alheimur 1\nplayers 9\n", 2, "players N"),
    ("alheimur 1\nplayers 2\npile 1 AEFW\n", 3, "pile 1"),
    ("alheimur 1\npile 1 AEFW AEFW AEFW AEFW AEFW\n", 2, "no 'players N'"),
    ("alheimur 1\nplayers 2\npile 1 AEFW AEFW AEFW AEFW AEFA\n", 3, "not a card"),
    ("alheimur 1\nplayers 2\npile 2 AEFW AEFW AEFW AEFW AEFW\n", 3, "pile 1"),
    ("alheimur 1\nplayers 2\nR pass\n", 3, "the deal"),
    ("alheimur 1\nplayers 2\noption rounds 30\n", 3, "option rounds"),
    (HEAD + "R fly R A4\n", 11, "unknown action 'fly'"),
    (HEAD + "R expand R A4\n", 11, "takes 3 words"),
    (HEAD + "R expand R E5 1\n", 11, "a tile"),
    (HEAD + "R expand R A4 4\n", 11, "a size"),
    (HEAD + "G pass\n", 11, "a player's letter"),
    (HEAD + "R move R 3T4 space\n", 11, "a ship"),
    (HEAD + "R move R 2F2 space\n", 11, "a ship"),
    (HEAD + "dice 7\n", 11, "not a die"),
    (HEAD + "dice 1 2 3 4\n", 11, "1 to 3 dice"),
    (HEAD + "players 2\n", 11, "before the first pile"),
    ("alheimur 1\nplayers 2\npile 1 AEFW AEFW AEFW AEFW AEFW\n", 3, "stops after pile 1"),
    (HEAD + "R pass # \u00e9\nR p\u00e4ss\n", 12, "unexpected character"),
])
def test_malformed_records_name_the_line(text, line, what):
    with pytest.raises(record.RecordError) as e:
        record.read(text.splitlines())
    assert e.value.line == line and what in e.value.problem, str(e.value)


def test_illegal_moves_are_reported_with_the_move_number():
    rec = record.read((HEAD + "R place E 0\nR place N 0\nY place NE 0\n").splitlines())
    _, bad = record.replay(rec)
    assert bad is not None
    assert bad[:2] == (4, 13) and "is to act, not yellow" in bad[2]
    rec = record.read((HEAD + "R place W 0\nR place E 0\n").splitlines())
    _, bad = record.replay(rec)
    assert bad[:2] == (3, 12) and bad[2] == "E: not beside the cards, or no 2x2 world"


# -- the referee and selfplay, run as programs --------------------------------------


def test_referee_check_score_legal(tmp_path):
    g, text = recorded(37, 4)
    f = tmp_path / "g.txt"
    f.write_text(text)
    p = tool("referee.py", "check", str(f))
    assert p.returncode == 0 and p.stdout.startswith("ok: ") and "game over" in p.stdout
    p = tool("referee.py", "score", str(f))
    assert p.returncode == 0
    js = json.loads(p.stdout)
    sc = score(g)
    assert js["over"] is True
    assert js["winners"] == [record.CODES[w] for w in sc.winners]
    for pl in range(4):
        row = js["scores"][record.CODES[pl]]
        assert row["total"] * 4 == sc.totals[pl]
        assert set(row) >= {"air", "earth", "fire", "water", "ether", "progress",
                            "total", "regions"}
        for e, el in enumerate(("air", "earth", "fire", "water", "ether")):
            assert row[el] * 2 == sc.elem2[pl * 5 + e]
            assert (row["regions"][el] is None) == (sc.world[pl * 5 + e] == 255)
    p = tool("referee.py", "legal", str(f))
    assert json.loads(p.stdout) == {"over": True, "point": "game over", "moves": []}


def test_referee_legal_lists_lines_that_replay(tmp_path):
    _, text = recorded(37, 4, stop_at=250)
    f = tmp_path / "g.txt"
    f.write_text(text)
    js = json.loads(tool("referee.py", "legal", str(f)).stdout)
    assert js["over"] is False and js["moves"]
    for line in js["moves"][:25]:
        _g2, bad = record.replay(record.read((text + line + "\n").splitlines()))
        assert bad is None, (line, bad)


def test_referee_exit_codes(tmp_path):
    f = tmp_path / "g.txt"
    f.write_text(HEAD + "R place W 0\nR place E 0\n")
    p = tool("referee.py", "check", str(f))
    assert p.returncode == 1
    assert p.stderr.strip() == ("move 3: R place E 0 (line 12): "
                                "E: not beside the cards, or no 2x2 world")
    f.write_text(HEAD + "R fly\n")
    p = tool("referee.py", "score", str(f))
    assert p.returncode == 2 and p.stderr.startswith("line 11: ")
    p = tool("referee.py", "check", "-", stdin=HEAD)
    assert p.returncode == 0 and "game not over: R: place the card in hand" in p.stdout


@pytest.mark.parametrize("np", [2, 5, 8])
def test_selfplay_random_games_to_the_end(tmp_path, np):
    f = tmp_path / "g.txt"
    p = tool("selfplay.py", "--game", "alheimur", "--players", str(np),
             "--seats", ",".join(["random"] * np), "--seed", str(np), "--out", str(f))
    assert p.returncode == 0, p.stderr
    assert tool("referee.py", "check", str(f)).stdout.startswith("ok: ")
    js = json.loads(tool("referee.py", "score", str(f)).stdout)
    assert js["over"] is True and js["winners"]
    # the same seed plays the same game
    f2 = tmp_path / "g2.txt"
    tool("selfplay.py", "--players", str(np), "--seats", ",".join(["random"] * np),
         "--seed", str(np), "--out", str(f2))
    assert f.read_text() == f2.read_text()


def test_selfplay_refuses_a_bad_command_line(tmp_path):
    p = tool("selfplay.py", "--players", "3", "--seats", "random,random",
             "--out", str(tmp_path / "x"))
    assert p.returncode == 2 and "2 levels for 3 players" in p.stderr
    p = tool("selfplay.py", "--players", "2", "--seats", "random,genius",
             "--out", str(tmp_path / "x"))
    assert p.returncode == 2 and "unknown level 'genius'" in p.stderr


def test_the_example_in_the_docs_replays():
    with open(os.path.join(ROOT, "docs", "records.md")) as f:
        doc = f.read()
    part = doc[doc.index("# Alheimur game records"):]
    block = part[part.index("```\n") + 4:]
    block = block[:block.index("```")]
    rec = record.read(block.splitlines())
    g, bad = record.replay(rec)
    assert bad is None and not g.over()
    assert block.rstrip().endswith("destroyed")   # it ends after a whole shot


# -- every game ends (issue 28; CLARIFICATIONS.md, Alheimur 20) -----------------------


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_five_seat_selfplay_without_a_round_limit_ends(seed):
    """Three random seats lose everything early; easy and hard may go on
    side by side with neither reaching 13 pyramids (before clarification
    20 such a game never ended). Now it ends: 13 pyramids, one player
    left, or round 200 at the latest."""
    import arena_alheimur

    from alheimur.layout import END_13, END_200, END_ALONE, END_NOBODY
    seats = ["random", "random", "random", "easy", "hard"]
    g, text = arena_alheimur.play_game(5, seats, seed, 0)
    assert g.over() and g.round() <= 201
    assert g.end_cause() in (END_13, END_ALONE, END_200, END_NOBODY)
    g2, bad = record.replay(record.read(text.splitlines()))
    assert bad is None and g2.state() == g.state()


def test_an_old_save_past_round_201_continues_and_ends():
    """A no-limit game saved by a version whose round count stuck at 255
    loads at round 200: the last round begins when that round ends."""
    from alheimur import restore, save
    g = seeded_alheimur.play(2, 4, 0, stop_at=300)
    assert not g.over() and g.last_round() == 0
    g.rng = Rng(9)
    st = save.Setup()
    st.nseats, st.limit = 4, 3                     # ROUND_LIMITS[3]: none
    data = bytearray(save.encode(st, g))
    state_at = len(data) - len(g.state())
    data[state_at + 2] = 255                       # layout.R_ROUND
    g2 = restore.decode(save.Setup(), bytes(data))
    assert g2.round() == 200 and g2.limit() == 0
    buf = array("H", bytes(2 * MAX_ACTIONS))
    rng = Rng(4)
    while not g2.over():
        n = g2.legal(buf)
        g2.apply(buf[rng.below(n)] if not g2.dice_needed() else act(K_DIE, 1 + rng.below(6)))
        assert g2.round() <= 201
    assert g2.end_cause() != 0
