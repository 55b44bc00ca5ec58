"""tools/referee.py, run as a program (subprocess) the way players run it.

Games are made here with the engine itself (deal.new_game, moves picked by
prng.Rng), written with record.write, and the referee's answers are compared
with the engine's: scoring.score, Game.legal, record.replay.
"""

import json
import os
import re
import subprocess
import sys
from array import array

import pytest

from aliencity import record, scoring
from aliencity.deal import new_game
from aliencity.engine import CLASSIC, STANDALONE
from aliencity.geometry import COLOUR_NAMES, KIND_NAMES, NKINDS, NLOTS, NONE, PLAYER_NAMES
from aliencity.moves import NO_CLAIM, build, claim, kind_of, lot_name, lot_of
from prng import Rng

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REFEREE = os.path.join(ROOT, "tools", "referee.py")
_VENV_PY = os.path.join(ROOT, ".venv", "bin", "python")
PYTHON = _VENV_PY if os.path.exists(_VENV_PY) else sys.executable


def run(*args, stdin=None, cwd=None):
    """Run the referee; stdin may be str or bytes."""
    if isinstance(stdin, str):
        stdin = stdin.encode("utf-8")
    p = subprocess.run([PYTHON, REFEREE, *args], input=stdin, cwd=cwd or ROOT,
                       capture_output=True, timeout=120)
    p.out = p.stdout.decode("utf-8")
    p.err = p.stderr.decode("utf-8")
    return p


# -- games made with the engine ------------------------------------------------


def play(seed, rules=STANDALONE, open_streets=False, location_bonus=False,
         moves=None, claims=True, prefer=None):
    """A game on the city of ``seed``: builds picked by prng.Rng among the
    legal ones (``prefer(game, kind, lot)`` moves a build to the front when
    true), a claim now and then when ``claims``. Stops after ``moves``
    builds, or at the end."""
    g = new_game(seed, rules, open_streets, location_bonus)
    rng = Rng(seed * 7 + 3)
    buf = array("H", [0] * 560)
    while not g.over() and (moves is None or g.nbuilds < moves):
        n = g.legal(buf)
        cand = list(buf[:n])
        if prefer:
            good = [m for m in cand if prefer(g, kind_of(m), lot_of(m))]
            cand = good or cand
        m = cand[rng.below(len(cand))]
        kind, lot = kind_of(m), lot_of(m)
        cap = NONE
        if claims and g.caps[g.to_move] and rng.below(3) == 0:
            towers = [v for v in range(NLOTS) if g.claimable(v)]
            if kind < 3:
                towers.append(lot)
            if towers:
                cap = towers[rng.below(len(towers))]
        g.apply(m)
        if g.claiming():     # none after the last build of the game
            g.apply(NO_CLAIM if cap == NONE else claim(cap))
    return g


def lines_of(game):
    return record.write(game).splitlines()


def text(lines):
    return "\n".join(lines) + "\n"


def write(tmp_path, content, name="game.txt"):
    p = tmp_path / name
    if isinstance(content, bytes):
        p.write_bytes(content)
    else:
        p.write_text(content, encoding="utf-8")
    return str(p)


def expected_score(game):
    """The score JSON the referee must print, built from scoring.score."""
    sc = scoring.score(game)
    w = sc.winner()
    out = {
        "over": game.over(),
        "winner": (("draw" if w < 0 else PLAYER_NAMES[w]) if game.over() else None),
        "scores": {"W": sc.totals[0], "B": sc.totals[1]},
        "towers": [{
            "lot": lot_name(t.lot), "owner": PLAYER_NAMES[t.owner],
            "color": COLOUR_NAMES[t.colour], "customers": t.customers,
            "distance": t.distance, "points": t.points,
            "customer_lots": [lot_name(v) for v in t.customer_lots],
            "competitor": None if t.rival == NONE else lot_name(t.rival),
        } for t in sc.towers],
        "bonuses": [{
            "green": lot_name(g), "color": COLOUR_NAMES[c],
            "owner": PLAYER_NAMES[o], "points": p,
            "towers": [lot_name(v) for v in ts],
        } for g, c, o, p, ts in sc.bonuses],
    }
    if game.rules == CLASSIC and game.location_bonus:
        out["location"] = [{"lot": lot_name(v), "owner": PLAYER_NAMES[o],
                            "value": val, "points": val}
                           for v, o, val in sc.location]
    return out, sc


def engine_legal(game):
    """The engine's legal() as text, in the referee's documented order:
    kind (TR TB TG DR DB DG DK), then column A-H, then row 1-10."""
    buf = array("H", [0] * 560)
    n = game.legal(buf)
    ms = sorted(buf[:n], key=lambda m: (kind_of(m), lot_of(m) % 8, -(lot_of(m) // 8)))
    return ["%s %s" % (KIND_NAMES[kind_of(m)], lot_name(lot_of(m))) for m in ms]


# -- legal complete games ---------------------------------------------------------

GAMES = [
    (11, STANDALONE, False, False),
    (12, STANDALONE, True, False),
    (13, CLASSIC, False, True),
    (14, CLASSIC, True, False),
]


@pytest.mark.parametrize("seed,rules,open_streets,lb", GAMES)
def test_complete_game_checks_and_scores(tmp_path, seed, rules, open_streets, lb):
    g = play(seed, rules, open_streets, lb)
    assert g.over()
    path = write(tmp_path, record.write(g))
    want, sc = expected_score(g)
    assert want["towers"], "the game should have claimed towers to score"

    p = run("check", path)
    assert p.returncode == 0, p.err
    win = sc.winner()
    res = "a draw" if win < 0 else "%s wins" % PLAYER_NAMES[win]
    assert p.out == "ok: %d moves, game over: %s (W %d, B %d)\n" % (
        g.nbuilds, res, sc.totals[0], sc.totals[1])
    assert p.err == ""

    p = run("score", path)
    assert p.returncode == 0, p.err
    got = json.loads(p.out)
    assert got["scores"] == {"W": sc.totals[0], "B": sc.totals[1]}
    assert got["winner"] == ("draw" if win < 0 else PLAYER_NAMES[win])
    assert got["over"] is True
    assert got == want
    assert ("location" in got) == bool(lb)


def test_location_bonus_is_paid_in_some_classic_game(tmp_path):
    """The location list is not always empty (so the check above bites)."""
    for seed in range(20, 40):
        g = play(seed, CLASSIC, location_bonus=True)
        want, sc = expected_score(g)
        if sc.location:
            got = json.loads(run("score", write(tmp_path, record.write(g))).out)
            assert got["location"] == want["location"]
            assert got["scores"] == want["scores"]
            return
    pytest.fail("no classic game in 20 paid a location bonus")


def test_unfinished_game_scores_with_no_winner(tmp_path):
    g = play(21, moves=20)
    assert not g.over()
    path = write(tmp_path, record.write(g))
    p = run("score", path)
    assert p.returncode == 0, p.err
    got = json.loads(p.out)
    want, _ = expected_score(g)
    assert got == want
    assert got["over"] is False and got["winner"] is None

    p = run("check", path)
    assert p.returncode == 0
    assert p.out == "ok: 20 moves, game not over: %s to build\n" % (
        PLAYER_NAMES[g.to_move])


def test_score_text_words(tmp_path):
    g = play(11)
    _, sc = expected_score(g)
    p = run("score", "--text", write(tmp_path, record.write(g)))
    assert p.returncode == 0, p.err
    assert "Totals: P1 (W) %d, P2 (B) %d." % tuple(sc.totals) in p.out
    t = sc.towers[0]
    assert ("%s tower on %s: " % (COLOUR_NAMES[t.colour], lot_name(t.lot))) in p.out


def test_header_only_record(tmp_path):
    g = play(5, moves=0)
    p = run("check", write(tmp_path, record.write(g)))
    assert p.returncode == 0
    assert p.out == "ok: 0 moves, game not over: B to build\n"


# -- illegal moves -----------------------------------------------------------------

HEADER = 4  # lines before the first move in record.write's output


def supply_left(g, kind):
    return g.supply[g.to_move * NKINDS + kind]


def case_taken_lot():
    """Move 9 of a finished game rebuilt on the lot of move 2 (later moves
    are then wrong too: the first wrong one must be named)."""
    g = play(31)
    ls = lines_of(g)
    g8 = play(31, moves=8)
    lot = lot_name(g8.build_at(1)[2])
    p = PLAYER_NAMES[g8.to_move]
    kind = next(k for k in range(NKINDS) if supply_left(g8, k))
    ls[HEADER + 8] = "%s %s %s" % (p, KIND_NAMES[kind], lot)
    return ls, 9, "%s: already built on" % lot


def case_wrong_player():
    g = play(32, moves=6)
    buf = array("H", [0] * 560)
    g.legal(buf)
    m = buf[0]
    other = PLAYER_NAMES[1 - g.to_move]
    ls = lines_of(g) + ["%s %s %s" % (other, KIND_NAMES[kind_of(m)], lot_name(lot_of(m)))]
    return ls, 7, "it is %s's turn, not %s's" % (PLAYER_NAMES[g.to_move], other)


def case_no_supply():
    """W builds red towers whenever it can; once W has none left, one more."""
    def red_for_w(game, kind, lot):
        return game.to_move == 0 and kind == 0

    g = play(33, moves=0)
    while True:
        g = play(33, moves=g.nbuilds + 1, prefer=red_for_w, claims=False)
        if g.to_move == 0 and g.supply[0] == 0:
            break
        assert not g.over()
    empty = next(v for v in range(NLOTS) if g.lots[v] == 0)
    ls = lines_of(g) + ["W TR " + lot_name(empty)]
    return ls, g.nbuilds + 1, "P1 has no red towers left"


def case_claim_on_last_build():
    g = play(34, claims=False)
    assert g.over()
    tower = next(v for v in range(NLOTS) if 0 <= g.kind_at(v) < 3)
    ls = lines_of(g)
    ls[-1] += " cap " + lot_name(tower)
    return ls, g.nbuilds, "no claim on the last build of the game"


def case_cap_on_dome():
    g = play(35, moves=5)
    buf = array("H", [0] * 560)
    n = g.legal(buf)
    m = next(m for m in buf[:n] if kind_of(m) >= 3)
    lot = lot_name(lot_of(m))
    ls = lines_of(g) + ["%s %s %s cap %s" % (PLAYER_NAMES[g.to_move],
                                            KIND_NAMES[kind_of(m)], lot, lot)]
    return ls, 6, "%s: no tower to claim there" % lot


def case_move_after_end():
    g = play(36)
    ls = lines_of(g) + ["W DK A1"]
    return ls, g.nbuilds + 1, "the game is over"


def case_black_tower():
    g = play(37, moves=3)
    ls = lines_of(g) + ["%s TK A1" % PLAYER_NAMES[g.to_move]]
    return ls, 4, "there are no black towers"


ILLEGAL = [case_taken_lot, case_wrong_player, case_no_supply,
           case_claim_on_last_build, case_cap_on_dome, case_move_after_end,
           case_black_tower]


@pytest.mark.parametrize("case", ILLEGAL, ids=lambda c: c.__name__[5:])
def test_illegal_move_named(tmp_path, case):
    ls, n, reason = case()
    path = write(tmp_path, text(ls))
    line = HEADER + n
    move = re.sub(r"\s+", " ", ls[line - 1].strip())
    want = "move %d: %s (line %d): %s" % (n, move, line, reason)
    for cmd in ("check", "score", "legal"):
        p = run(cmd, path)
        assert p.returncode == 1, (cmd, p.out, p.err)
        assert p.err.startswith(want), (cmd, p.err)
        assert p.err.count("\n") == 1
        assert p.out == ""


def test_illegal_street_move_gives_engine_reason(tmp_path):
    """A build the engine refuses for the streets: the reason is why_not's."""
    g = play(38, moves=12)
    buf = array("H", [0] * 560)
    ok = set(buf[:g.legal(buf)])
    kind = next(k for k in range(NKINDS) if supply_left(g, k))
    lot = next(v for v in range(NLOTS)
               if g.lots[v] == 0 and build(kind, v) not in ok)
    why = g.why_not(build(kind, lot))
    ls = lines_of(g) + ["%s %s %s" % (PLAYER_NAMES[g.to_move], KIND_NAMES[kind],
                                      lot_name(lot))]
    p = run("check", write(tmp_path, text(ls)))
    assert p.returncode == 1
    assert p.err == "move 13: %s (line %d): %s\n" % (ls[-1], len(ls), why)


# -- malformed records -------------------------------------------------------------


def good_lines():
    return lines_of(play(41, moves=6))  # lines 1-4 header, 5-10 moves


def m_bad_tile():
    ls = good_lines()
    toks = ls[2].split()
    toks[5] = "XNW"
    ls[2] = " ".join(toks)
    return ls, 3, "tile 5 'XNW'"


def m_19_tiles():
    ls = good_lines()
    ls[2] = " ".join(ls[2].split()[:-1])
    return ls, 3, "expected 20 tiles, found 19"


def m_unknown_option():
    ls = good_lines()
    ls.insert(2, "option fast-streets")
    return ls, 3, "unknown option 'fast-streets'"


def m_option_twice():
    ls = good_lines()
    ls.insert(2, "option streets=open")
    ls.insert(3, "option streets=open  # again")
    return ls, 4, "option streets=open given twice"


def m_bad_lot():
    ls = good_lines()
    ls[6] = ls[6].split()[0] + " DK Z9"
    return ls, 7, "'Z9' is not a lot"


def m_garbage():
    ls = good_lines()
    ls.insert(7, "hello world")
    return ls, 8, "got 'hello'"


def m_comments_and_blanks_count():
    ls = good_lines()
    ls[5:5] = ["", "# a comment line", "   ", "B DK A1 cap"]
    return ls, 9, "a move is: player, structure, lot"


def m_crlf():
    ls = [x + "\r" for x in good_lines()]
    ls.insert(4, "W QQ A1\r")
    return ls, 5, "'QQ' is not a structure"


def m_colour_count():
    ls = good_lines()
    toks = ls[2].split()
    i = next(i for i, t in enumerate(toks[1:], 1) if t[0] != "R")
    toks[i] = "R" + toks[i][1:]
    ls[2] = " ".join(toks)
    return ls, 3, "6 red tiles"


def m_location_bonus_standalone():
    ls = good_lines()
    ls.insert(2, "option location-bonus")
    return ls, 3, "location-bonus is an option of the classic rules"


def m_header_after_move():
    ls = good_lines()
    ls.insert(6, "option streets=open")
    return ls, 7, "'option' belongs before the first move"


def m_standalone_w_first():
    ls = good_lines()
    ls[3] = "first W"
    return ls, 4, "B builds first"


def m_no_magic():
    ls = good_lines()[1:]
    return ls, 1, "a record starts with 'alien-city 1'"


def m_no_tiles():
    ls = good_lines()
    del ls[2]
    return ls, 4, "no 'tiles' line"


def m_unicode_digit():
    """'D²': str.isdigit() is true for '²' but int() refuses it; a record
    is ASCII, so the character itself is named."""
    ls = good_lines()
    ls[7] = ls[7].split()[0] + " DK D\u00b2"
    return ls, 8, "unexpected character '\u00b2'"


MALFORMED = [m_bad_tile, m_19_tiles, m_unknown_option, m_option_twice, m_bad_lot, m_garbage,
             m_comments_and_blanks_count, m_crlf, m_colour_count,
             m_location_bonus_standalone, m_header_after_move,
             m_standalone_w_first, m_no_magic, m_no_tiles, m_unicode_digit]


@pytest.mark.parametrize("case", MALFORMED, ids=lambda c: c.__name__[2:])
def test_malformed_record_names_line(tmp_path, case):
    ls, n, problem = case()
    path = write(tmp_path, text(ls))
    for cmd in ("check", "score", "legal"):
        p = run(cmd, path)
        assert p.returncode == 2, (cmd, p.out, p.err)
        assert p.err.startswith("line %d: " % n), (cmd, p.err)
        assert problem in p.err, (cmd, p.err)
        assert "Traceback" not in p.err
        assert p.out == ""


def test_record_read_rejects_unicode_digits_with_record_error():
    """'²'.isdigit() is true but int() refuses it: the reader must still
    answer with a RecordError naming the line, not a bare ValueError."""
    ls = good_lines()
    ls[7] = ls[7].split()[0] + " DK D\u00b2"
    with pytest.raises(record.RecordError) as e:
        record.read(ls)
    assert e.value.line == 8
    with pytest.raises(record.RecordError) as e:
        record.read(["alien-city \u00b9"])
    assert e.value.line == 1


def test_empty_file(tmp_path):
    p = run("check", write(tmp_path, ""))
    assert p.returncode == 2
    assert p.err.startswith("line 1: empty record")


def test_only_comments(tmp_path):
    p = run("check", write(tmp_path, "# nothing yet\n\n# still nothing\n"))
    assert p.returncode == 2
    assert p.err.startswith("line 3: empty record")


def test_missing_file(tmp_path):
    path = str(tmp_path / "nope.txt")
    p = run("check", path)
    assert p.returncode == 2
    assert p.err == "%s: cannot read: No such file or directory\n" % path


def test_binary_file(tmp_path):
    path = write(tmp_path, bytes(range(256)) * 4, "game.bin")
    p = run("check", path)
    assert p.returncode == 2
    assert p.err.startswith("%s: cannot read: not a text file" % path)
    assert p.out == ""


def test_not_utf8(tmp_path):
    path = write(tmp_path, b"alien-city 1\nrules caf\xe9\n")
    p = run("score", path)
    assert p.returncode == 2
    assert p.err == ("%s: cannot read: not UTF-8 text (byte 0xe9 at offset 22)\n"
                     % path)


def test_utf8_bom_and_comment_accepted(tmp_path):
    g = play(42, moves=4)
    body = "# café notes: ça va\n" + record.write(g)
    p = run("check", write(tmp_path, b"\xef\xbb\xbf" + body.encode("utf-8")))
    assert p.returncode == 0, p.err
    assert p.out.startswith("ok: 4 moves, game not over")


def test_case_insensitive(tmp_path):
    g = play(43, moves=5)
    p = run("check", write(tmp_path, record.write(g).lower()))
    assert p.returncode == 0, p.err
    assert p.out.startswith("ok: 5 moves")


# -- legal ---------------------------------------------------------------------------


@pytest.mark.parametrize("seed,moves,rules", [(51, 0, STANDALONE), (52, 9, STANDALONE),
                                              (53, 24, CLASSIC), (54, 33, STANDALONE)])
def test_legal_equals_engine(tmp_path, seed, moves, rules):
    g = play(seed, rules, moves=moves)
    assert not g.over()
    p = run("legal", write(tmp_path, record.write(g)))
    assert p.returncode == 0, p.err
    got = json.loads(p.out)
    assert got["to_move"] == PLAYER_NAMES[g.to_move]
    want = engine_legal(g)
    assert want
    assert got["moves"] == want


def test_legal_order_documented():
    """kind order first, then column A..H, then row 1..10."""
    g = play(51, moves=0)
    ms = engine_legal(g)
    kinds = [KIND_NAMES.index(m.split()[0]) for m in ms]
    assert kinds == sorted(kinds)
    same = [m.split()[1] for m in ms if m.startswith("DK ")]
    keys = [("ABCDEFGH".index(x[0]), int(x[1:])) for x in same]
    assert keys == sorted(keys)


def test_legal_near_the_end(tmp_path):
    """One build before the end: few moves left, to_move is the engine's."""
    for seed in range(60, 70):
        g = play(seed, moves=37)
        if not g.over():
            got = json.loads(run("legal", write(tmp_path, record.write(g))).out)
            assert got["to_move"] == PLAYER_NAMES[g.to_move]
            assert got["moves"] == engine_legal(g)
            return
    pytest.fail("no game was still running after 37 builds")


def test_legal_on_finished_game(tmp_path):
    g = play(55)
    assert g.over()
    p = run("legal", write(tmp_path, record.write(g)))
    assert p.returncode == 0, p.err
    assert json.loads(p.out) == {"to_move": None, "moves": []}


# -- standard input, working directory ---------------------------------------------


def test_stdin(tmp_path):
    g = play(61)
    rec = record.write(g)
    p = run("score", "-", stdin=rec)
    assert p.returncode == 0, p.err
    assert json.loads(p.out) == expected_score(g)[0]
    p = run("check", "-", stdin=rec.replace("first B", "first X"))
    assert p.returncode == 2
    assert p.err.startswith("line 4: expected 'first W' or 'first B'")


def test_stdin_unreadable():
    p = run("check", "-", stdin=b"\x00\x01\x02")
    assert p.returncode == 2
    assert p.err.startswith("<stdin>: cannot read: not a text file")


def test_runs_from_any_directory(tmp_path):
    g = play(62, moves=7)
    write(tmp_path, record.write(g))
    p = run("check", "game.txt", cwd=str(tmp_path))
    assert p.returncode == 0, p.err
    assert p.out.startswith("ok: 7 moves")


# -- demo and help ---------------------------------------------------------------------


def demo_record(out):
    """The record printed by demo: from 'alien-city 1' to the blank line."""
    ls = out.splitlines()
    i = ls.index("alien-city 1")
    j = ls.index("", i)
    return text(ls[i:j])


@pytest.mark.parametrize("args", [["--seed", "5"],
                                  ["--seed", "6", "--rules", "classic",
                                   "--location-bonus"]])
def test_demo(args):
    p = run("demo", *args)
    assert p.returncode == 0, p.err
    assert run("demo", *args).out == p.out  # seeded: the same game again
    rec = demo_record(p.out)
    q = run("check", "-", stdin=rec)
    assert q.returncode == 0, q.err
    assert q.out.startswith("ok: ") and "game over" in q.out
    sc = json.loads(run("score", "-", stdin=rec).out)
    assert "Totals: P1 (W) %d, P2 (B) %d." % (sc["scores"]["W"], sc["scores"]["B"]) in p.out
    # the board: rows 10 to 1, columns A-H, the game's structures
    rows = [int(m.group(1)) for m in re.finditer(r"^\s*(\d+) \|", p.out, re.M)]
    assert rows == list(range(10, 0, -1))
    assert re.search(r"^\s+A\s+B\s+C\s+D\s+E\s+F\s+G\s+H$", p.out, re.M)
    first = next(x for x in rec.splitlines() if x[:2] in ("W ", "B ")).split()
    lot = first[2]
    col = "ABCDEFGH".index(lot[0])
    row = next(line for line in p.out.splitlines()
               if re.match(r"^\s*%s \|" % lot[1:], line))
    cells = re.findall(r"\S+", row.replace("|", " "))[1:]
    assert cells[col].startswith(first[1][0].lower() + first[1][1])
    for t in sc["towers"]:
        c = "ABCDEFGH".index(t["lot"][0])
        row = next(line for line in p.out.splitlines()
                   if re.match(r"^\s*%s \|" % t["lot"][1:], line))
        cells = re.findall(r"\S+", row.replace("|", " "))[1:]
        assert cells[c] == "t%s:%s" % (t["color"][0].upper(), t["owner"])


@pytest.mark.parametrize(("game", "magic", "verdict"), [
    ("skyscrapers", "skyscrapers 1", "ok: 150 plays"),
    ("alheimur", "alheimur 1", "ok: "),
])
def test_demo_of_each_game(game, magic, verdict):
    """demo --game G: the same seed the same game, whose printed record the
    referee checks (to the verdict the demo printed, for Alheimur)."""
    p = run("demo", "--game", game, "--seed", "4")
    assert p.returncode == 0, p.err
    assert run("demo", "--game", game, "--seed", "4").out == p.out
    ls = p.out.splitlines()
    i = ls.index(magic)
    rec = text(ls[i:ls.index("", i)])
    q = run("check", "--game", game, "-", stdin=rec)
    assert q.returncode == 0, q.err
    assert q.out.startswith(verdict)
    if game == "alheimur":
        assert q.out.strip() == ls[-1]


def test_game_option_refuses_another_games_record(tmp_path):
    rec = text(good_lines())
    path = write(tmp_path, rec)
    assert run("check", "--game", "aliencity", path).returncode == 0
    for cmd in ("check", "score", "legal"):
        p = run(cmd, "--game", "skyscrapers", path)
        assert p.returncode == 2
        assert p.err == "%s: a record of aliencity, not of skyscrapers (--game skyscrapers)\n" % path
    p = run("legal", "--game", "alheimur", "-", stdin=rec)
    assert (p.returncode, p.err) == (2, "<stdin>: a record of aliencity, not of alheimur "
                                        "(--game alheimur)\n")


def test_demo_classic_shows_dice():
    p = run("demo", "--seed", "9", "--rules", "classic")
    assert p.returncode == 0, p.err
    assert re.search(r"P1 \(W\) rolls( \d){4} = \d+, P2 \(B\) rolls( \d){4} = \d+", p.out)
    assert "rules classic" in p.out


def test_help_explains_each_command():
    p = run("--help")
    assert p.returncode == 0
    for cmd in ("check", "score", "legal", "demo"):
        assert re.search(r"^\s+%s\s+\S" % cmd, p.out, re.M), cmd
        q = run(cmd, "--help")
        assert q.returncode == 0
        assert "usage: referee.py %s" % cmd in q.out
    assert "exit codes" in p.out


def test_no_command_is_a_usage_error():
    p = run()
    assert p.returncode == 2
    assert "usage:" in p.err


# -- the documentation ------------------------------------------------------------------


def doc_blocks():
    with open(os.path.join(ROOT, "docs", "records.md"), encoding="utf-8") as f:
        return re.findall(r"```(\w*)\n(.*?)```", f.read(), re.S)


def test_doc_example_is_true():
    """docs/records.md: its example record checks as the doc says, and its
    score JSON is what the referee prints for it."""
    blocks = doc_blocks()
    example = blocks[0][1]
    assert example.startswith("alien-city 1\n")
    p = run("check", "-", stdin=example)
    assert p.returncode == 0, p.err
    assert p.out == "ok: 7 moves, game not over: W to build\n"
    assert p.out.strip() in [ln.strip() for _, b in blocks for ln in b.splitlines()]
    doc_json = next(json.loads(b) for lang, b in blocks
                    if lang == "json" and '"scores"' in b)
    p = run("score", "-", stdin=example)
    assert json.loads(p.out) == doc_json
    p = run("legal", "-", stdin=example)
    doc_legal = next(b for lang, b in blocks if lang == "json" and '"moves"' in b)
    first = re.findall(r'"(T[RBG] [A-H]\d+)"', doc_legal)
    assert json.loads(p.out)["moves"][:len(first)] == first


def test_test_games_cover_bonuses_and_both_winners():
    """The complete games above pay green and location bonuses and are won
    by each player, so the score comparisons cover those fields."""
    scores = [scoring.score(play(*a)) for a in GAMES]
    assert any(sc.bonuses for sc in scores)
    assert any(sc.location for sc in scores)
    assert {sc.winner() for sc in scores} >= {0, 1}
