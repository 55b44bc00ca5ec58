"""The referee on Alheimur records without a crack (issue 28): every word
of every line kind checked for its kind (exit 2, ``line N: ...``), lines
that do not fit the game named as illegal moves (exit 1, ``move N:
...``), never a traceback (a fuzz of mutated real records); ``legal``
lists each record line once. The referee runs in this process
(tests/support/fuzz_referee_alheimur.py's ``run_referee``: ``referee.main`` with its output
captured, any exception caught as a failure). Then the engine protocol
(tools/engine.py --game alheimur): a whole game played seat by seat, each
answer checked by the referee."""

import json
import os
import subprocess
import sys

import fuzz_referee_alheimur
import pytest
import referee_alheimur
import seeded_alheimur
from alheimur_positions import begin, deal_of, do, game, legal, put, ship

import paths
from alheimur import record
from alheimur.deal import shuffle
from alheimur.deck import card_name
from alheimur.layout import X_BATTLE
from prng import Rng

HEAD2 = "alheimur 1\nplayers 2\n" + "".join(
    "pile %d AAAA EEEE WWWW TTTT FFFF\n" % i for i in range(1, 9))
HEAD8 = HEAD2.replace("players 2", "players 8")


def referee(tmp_path, text, cmd="check", name="r.txt"):
    """(exit code, stdout, stderr) of ``referee.py CMD`` on ``text`` (written
    to ``name``); the answer must be one of the three clean forms."""
    path = str(tmp_path / name)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    code, out, err, tb = fuzz_referee_alheimur.run_referee([cmd, path])
    assert tb is None, tb
    assert fuzz_referee_alheimur._wrong(cmd, path, code, out, err, tb) is None, (code, out, err)
    return code, out, err


# -- every word of every line kind (read: exit 2) ------------------------------------

WRONG_WORDS = [
    # the report's crash: a position where swap wants a slot
    ("R swap E 0", "'E': expected a slot, NW NE SW or SE"),
    ("R swap N 180", "'N': expected a slot"),
    ("R swap NE 90", "'90': expected a turn, 0 or 180"),
    ("R place - 0", "'-': expected a position such as NE"),
    ("R place A4 0", "'A4': expected a position"),
    ("R place E 1", "'1': expected a turn, 0 or 180"),
    # worlds that do not exist (2 players: R and Y, and N)
    ("R expand G A4 1", "'G': expected a world letter"),
    ("R move R 1T G", "'G': expected a world letter or space"),
    ("R move space 1T moon", "'moon': expected a world letter or space"),
    ("R site space", "'space': expected a world letter"),
    ("R flip space 1T", "'space': expected a world letter"),
    # tiles, sizes, sides
    ("R start R A5 1", "'A5': expected a tile, A1 to D4"),
    ("R migrate R A4 E1", "'E1': expected a tile"),
    ("R expand R A4 0", "'0': expected a size 1-3"),
    ("R civilize R A4 4", "'4': expected a size 1-3"),
    ("R expand R A4 T", "'T': expected a size 1-3"),
    ("R launch R A4 X", "'X': expected T or F"),
    ("R launch R A4 1", "'1': expected T or F"),
    # a ship where a territory is wanted, and the reverse
    ("R board R 1T A4", "'1T': expected a tile"),
    ("R land R A4 1T", "'A4': expected a ship such as 3T2"),
    ("R return R 2T 3T", "'3T': expected a tile"),
    ("R unload R B2 A4", "'B2': expected a ship"),
    # ships that cannot be: a fighter with a marine, a marine bigger than
    # its transport, size 0 or 4
    ("R flip R 2F1", "'2F1': expected a ship"),
    ("R move R 1T2 space", "'1T2': expected a ship"),
    ("R move R 4T space", "'4T': expected a ship"),
    ("R move R 0F space", "'0F': expected a ship"),
    # a target needs its owner (a seat's letter: not N, not a missing seat)
    ("R fire 1F 1T", "'1T': expected a ship with its owner"),
    ("R fire 1F N1T", "'N1T': expected a ship with its owner"),
    ("R fire 1F G1T", "'G1T': expected a ship with its owner"),
    ("R fire Y1F R1T", "'Y1F': expected a ship such as 3T2"),
    # words too few, too many, repeated
    ("R pass now", "'pass' takes 0 words"),
    ("R civilize R A4", "'civilize' takes 3 words"),
    ("R expand R A4 1 1", "'expand' takes 3 words"),
    ("R fire 1F", "'fire' takes 2 words"),
    # actors and verbs
    ("G pass", "expected a player's letter"),
    ("N pass", "N only places the neutral world's cards"),
    ("N expand N A4 1", "N only places the neutral world's cards"),
    ("R dice 3", "a roll is a line of its own"),
    ("R roll 3", "unknown action 'roll'"),
    ("dice 0", "'0' is not a die (1 to 6)"),
    ("dice 7 1", "'7' is not a die"),
    ("dice", "a roll is 'dice' and 1 to 3 dice"),
    ("dice 1 2 3 4", "1 to 3 dice"),
    ("R expand R A4 \u00b2", "unexpected character"),
    ("R expand R \uff21\uff14 1", "unexpected character"),
]


@pytest.mark.parametrize("line,problem", WRONG_WORDS)
def test_a_word_of_the_wrong_kind_is_a_malformed_line(tmp_path, line, problem):
    code, _, err = referee(tmp_path, HEAD2 + line + "\n")
    assert code == 2 and err.startswith("line 11: ") and problem in err, err


def test_no_neutral_world_with_eight_players(tmp_path):
    for line in ("N place E 0", "R expand N A4 1", "R move N 1T space"):
        code, _, err = referee(tmp_path, HEAD8 + line + "\n")
        assert code == 2 and err.startswith("line 11: "), (line, err)


# -- lines that do not fit the game (replay: exit 1) ----------------------------------


@pytest.fixture(scope="module")
def real():
    """A real game (the careful test player, 4 seats, no round limit; it
    reaches battles): its lines and, per kind of line, the first one."""
    rec = record.Recorder(4, 0)
    seeded_alheimur.play(1, 4, 0, 700, rec=rec)
    lines = rec.text().splitlines()
    first = {}
    for i, line in enumerate(lines):
        toks = line.split("#")[0].split()
        key = "dice" if toks[:1] == ["dice"] else " ".join(toks[:2])
        first.setdefault(key, i)
    return lines, first


def _at(real, key, line):
    """The record up to its first line of ``key``, then ``line`` in its place."""
    lines, first = real
    i = first[key]
    return "\n".join(lines[:i] + [line]) + "\n", i + 1


@pytest.mark.parametrize("key,line,reason", [
    # a dice line where none is due, and the reverse
    ("R expand", "dice 3", "no dice to roll now"),
    ("N place", "dice 3", "no dice to roll now"),
    ("dice", "R pass", "a roll is due: a 'dice' line with"),
    ("dice", "N place E 0", "a roll is due"),
    # the lot and the players
    ("N place", "R place E 0", "N (the lot) is to act, not red"),
    ("R expand", "N place E 0", "red is to act, not N (the lot)"),
    ("R expand", "Y pass", "red is to act, not yellow"),
    # a kind of action the decision point does not take
    ("R expand", "R swap NE 0", "not now: expand, civilize or pass"),
    ("R place", "R swap NE 0", "not now: place the card in hand"),
    ("R place", "R site R", "not now: place the card in hand"),
    ("R survive", "R pass", "not now: resolve survival"),
    # a world not built yet, a ship that is not there
    ("R place", "R start Y A4 1", "world Y is not built"),
    ("R expand", "R land R 3T2 A4", "no 3T2 in the orbit of world R"),
    ("R expand", "R move space 1T R", "no 1T in space"),
    ("R expand", "R fire 1F Y1T", "no 1F in this orbit"),
    ("R expand", "R expand N A4 1", "you have no pyramid on the neutral world"),
])
def test_a_line_that_does_not_fit_the_game_is_an_illegal_move(tmp_path, real, key, line,
                                                             reason):
    text, n = _at(real, key, line)
    code, _, err = referee(tmp_path, text)
    assert code == 1 and (" (line %d): " % n) in err and reason in err, err


def test_a_roll_with_the_wrong_number_of_dice(tmp_path, real):
    lines, first = real
    need = len(lines[first["dice"]].split()) - 1
    for k in {1, 2, 3} - {need}:
        text, _ = _at(real, "dice", "dice" + " 6" * k)
        code, _, err = referee(tmp_path, text)
        assert code == 1 and "this roll needs %d dice, not %d" % (need, k) in err, err


def test_a_line_after_the_end_is_an_illegal_move(tmp_path):
    rec = record.Recorder(2, 20)
    g = seeded_alheimur.play(2, 2, 20, rec=rec)
    assert g.over()
    for line in ("R pass", "dice 4"):
        code, _, err = referee(tmp_path, rec.text() + line + "\n")
        assert code == 1 and ("game is over" in err or "no dice" in err), err


def _swap_record():
    """A record at a swap point: R's first four cards leave no spaceport
    site, so R puts the orbit card (AEFW) into the world."""
    q = deal_of(["AAAA EEEE FFFF WWWW AEFW"])
    lines = ["alheimur 1", "players 2"]
    for p in range(8):
        lines.append("pile %d %s" % (p + 1, " ".join(
            card_name(q, 20 * p + 4 * i) for i in range(5))))
    rec = record.read(lines)
    g, _ = record.replay(rec)
    for _ in range(3):                       # the first legal placement, three times
        opts = [x for x in legal(g) if x.startswith("R place ")]
        lines.append(opts[0])
        g, bad = record.replay(record.read(lines))
        assert bad is None
    return "\n".join(lines) + "\n", legal(g)


def test_swap_words_at_a_real_swap_point(tmp_path):
    text, opts = _swap_record()
    assert opts and all(o.startswith("R swap ") for o in opts)
    code, out, _ = referee(tmp_path, text, "legal")
    assert code == 0 and json.loads(out)["moves"] == opts
    code, _, err = referee(tmp_path, text + "R swap E 0\n")
    assert code == 2 and err.startswith("line 14: 'E': expected a slot"), err
    code, _, err = referee(tmp_path, text + "R place E 0\n")
    assert code == 1 and "not now: swap in the orbit card" in err, err
    code, out, _ = referee(tmp_path, text + opts[0] + "\n")
    assert code == 0 and out.startswith("ok: "), out
    illegal = {"R swap %s %s" % (s, t) for s in ("NW", "NE", "SW", "SE")
               for t in ("0", "180")} - set(opts)
    for line in sorted(illegal)[:2]:
        code, _, err = referee(tmp_path, text + line + "\n")
        assert code == 1 and "move " in err, err


# -- legal: each record line once ----------------------------------------------------


def test_legal_lists_a_target_once_when_two_differ_only_in_having_fired():
    """R's two 1-pip fighters in R's orbit: one fired at Y's transport
    (step 1), one did not. Answering (step 2), Y may aim at either: two
    actions to the engine, one record line ('Y fire 2T R1F')."""
    g = game(2)
    for t in ("A4", "B4", "A3"):
        put(g, "R", "R", t, 1)
        put(g, "Y", "Y", t, 1)
    ship(g, "R", "R", "1F")
    ship(g, "R", "R", "1F")
    ship(g, "Y", "R", "2T")
    begin(g, "R", at=X_BATTLE)
    do(g, "R fire 1F Y2T")
    do(g, "dice 1")                       # a miss
    do(g, "R pass")
    assert g.actor() == 1                 # Y answers
    do(g, "Y fire 2T")
    assert legal(g) == ["Y R1F", "Y R1F"]   # the engine: two targets
    g.undo()
    lines = referee_alheimur.legal_list(g)
    assert lines == ["Y pass", "Y fire 2T R1F"]
    do(g, lines[1])                       # the line plays


def test_legal_lines_are_distinct_over_real_games(tmp_path, real):
    lines, _ = real
    points = 0
    for i in range(20, len(lines), 37):
        text = "\n".join(lines[:i]) + "\n"
        code, out, _ = referee(tmp_path, text, "legal")
        moves = json.loads(out)["moves"]
        assert code == 0 and len(moves) == len(set(moves)), (i, moves)
        points += 1
    assert points > 10


# -- the fuzz: mutations of real records, never a traceback ----------------------------


def test_fuzzed_records_never_crack_the_referee(tmp_path):
    """A short run of tests/support/fuzz_referee_alheimur.py on the careful player's games (the
    long run, with the computer levels' games too: by hand)."""
    bases = fuzz_referee_alheimur.base_records(seeds=(1,), levels=False)
    counts, bad = fuzz_referee_alheimur.fuzz(120, 5, quiet=True, bases=bases, workdir=tmp_path)
    assert bad is None, bad
    # the mutations reach every answer: fine, illegal and malformed
    assert counts[0] > 3 and counts[1] > 10 and counts[2] > 50, counts


def test_the_fuzz_finds_a_traceback_when_there_is_one(tmp_path, monkeypatch):
    """The fuzz's check can fail: with the reader's old swap bug put back
    (a slot checked as a position), the report's line cracks the referee
    and check_case says so."""
    monkeypatch.setattr(record, "_WORDS", tuple("or" if w == "pr" else w
                                                for w in record._WORDS))
    text, _ = _swap_record()
    code, bad = fuzz_referee_alheimur.check_case(text + "R swap E 0\n", str(tmp_path / "r.txt"))
    assert code is None and "a traceback" in bad and "ValueError" in bad, bad


# -- the engine protocol: tools/engine.py --game alheimur ------------------------------

ENGINE = os.path.join(paths.ROOT, "tools", "engine.py")


class Engine:
    """One tools/engine.py --game alheimur process, spoken to line by line."""

    def __init__(self, level, seed):
        self.p = subprocess.Popen([sys.executable, ENGINE, "--game", "alheimur", "--level",
                                   level, "--seed", str(seed), "--seconds", "0.5"],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def ask(self, *commands):
        """Send the commands; the one answer line (position answers nothing
        when it reads the record)."""
        self.p.stdin.write("".join(c + "\n" for c in commands))
        self.p.stdin.flush()
        return self.p.stdout.readline().rstrip("\n")

    def close(self):
        self.p.stdin.write("quit\n")
        self.p.stdin.close()
        assert self.p.wait(timeout=30) == 0


def _deal_lines(np, limit, seed):
    q = shuffle(Rng(seed))
    lines = ["alheimur 1", "players %d" % np, "option rounds %s" % (limit or "none")]
    for p in range(8):
        lines.append("pile %d %s" % (p + 1, " ".join(card_name(q, 20 * p + 4 * i)
                                                    for i in range(5))))
    return lines


def play_seat_by_seat(tmp_path, levels, seed, limit=0):
    """A whole game: seat k's decisions come from its own engine process
    (level levels[k]), rolls and lots from another; after every answer
    the record, the answer appended, must pass referee.py check, whose
    'game not over: X: ...' says who decides next. Returns the record's
    lines and the last check line."""
    engines = [Engine(lv, seed + k) for k, lv in enumerate(levels)]
    chance = Engine("random", seed + 99)
    path = str(tmp_path / "game.txt")
    lines = _deal_lines(len(levels), limit, seed)
    try:
        while True:
            code, out, err = referee(tmp_path, "\n".join(lines) + "\n", name="game.txt")
            assert code == 0, (lines[-1], err)
            if "game over" in out:
                assert chance.ask("position " + path, "go") == "error the game is over"
                return lines, out
            who = out.split("game not over: ", 1)[1].split(":", 1)[0]
            eng = (engines[record.CODES.index(who)] if len(who) == 1
                   else chance)          # 'dice: 2 to roll', 'lot: place ...'
            answer = eng.ask("position " + path, "go")
            assert answer.startswith("bestmove "), (who, answer)
            line = answer[len("bestmove "):]
            assert line.split()[0] == ("dice" if who == "dice" else
                                       "N" if who == "lot" else who), (who, line)
            lines.append(line)
            assert len(lines) < 3000
    finally:
        for e in engines + [chance]:
            e.close()


def test_a_whole_game_seat_by_seat_through_the_protocol(tmp_path):
    """Three seats (hard, random, random) and the neutral world's lots:
    random seats lose their colonies, hard is left alone, the round ends
    and so does the game (clarification 20)."""
    lines, out = play_seat_by_seat(tmp_path, ["hard", "random", "random"], 4)
    assert any(w in out for w in ("(one player left)", "(13 pyramids in play)",
                                  "(no pyramids left)")), out
    kinds = {ln.split()[1] for ln in lines if ln[:1] in "RYG" and len(ln.split()) > 1}
    assert {"place", "start", "expand", "survive"} <= kinds, kinds
    assert any(ln.startswith("N place ") for ln in lines)


def test_protocol_answers_shots_rolls_and_lots(tmp_path, real):
    """At a shot, a roll, the neutral world's lot and a swap the answer
    is a line that checks: a shot names its target, a roll all its dice."""
    path = str(tmp_path / "p.txt")
    eng = Engine("easy", 3)
    try:
        for key in ("R fire", "Y fire", "dice", "N place", "R expand", "R survive"):
            text, _ = _at(real, key, "")
            with open(path, "w") as f:
                f.write(text)
            answer = eng.ask("position " + path, "go")
            assert answer.startswith("bestmove "), (key, answer)
            line = answer[len("bestmove "):]
            if key.endswith("fire") and line.split()[1] == "fire":
                assert len(line.split()) == 4, line
            if key == "dice":
                need = len(real[0][real[1]["dice"]].split()) - 1
                assert len(line.split()) == need + 1, line
            code, _, err = referee(tmp_path, text + line + "\n")
            assert code == 0, (key, line, err)
        text, opts = _swap_record()
        with open(path, "w") as f:
            f.write(text)
        answer = eng.ask("position " + path, "go")
        assert answer[len("bestmove "):] in opts, answer
    finally:
        eng.close()


def test_protocol_errors_are_one_line_and_it_goes_on(tmp_path):
    good = tmp_path / "good.txt"
    good.write_text(HEAD2)
    bad = tmp_path / "bad.txt"
    bad.write_text(HEAD2 + "R swap E 0\n")
    illegal = tmp_path / "illegal.txt"
    illegal.write_text(HEAD2 + "Y place E 0\n")
    binary = tmp_path / "bin.txt"
    binary.write_bytes(b"alheimur 1\n\x00\xff\n")
    cmds = ["go", "position %s" % bad, "position %s" % illegal, "position %s" % binary,
            "position /no/such/file", "position", "hello", "position %s" % good, "go", "quit"]
    p = subprocess.run([sys.executable, ENGINE, "--game", "alheimur", "--level", "random"],
                       input="\n".join(cmds) + "\n", capture_output=True, text=True,
                       timeout=60)
    assert p.returncode == 0 and p.stderr == "", p.stderr
    out = p.stdout.splitlines()
    assert out[0] == "error no position (send: position FILE)"
    assert out[1] == "error %s: line 11: 'E': expected a slot, NW NE SW or SE" % bad
    assert out[2] == ("error %s: move 2 (line 11): red is to act, not yellow" % illegal)
    assert out[3].startswith("error %s: cannot read: not a text file" % binary)
    assert out[4].startswith("error /no/such/file: cannot read:")
    assert out[5:7] == ["error position needs a FILE",
                        "error unknown command 'hello' (position FILE, go, quit)"]
    assert out[7].startswith("bestmove R place ") and len(out) == 8
    p = subprocess.run([sys.executable, ENGINE, "--game", "alheimur", "--level", "medium"],
                       input="quit\n", capture_output=True, text=True, timeout=60)
    assert p.returncode == 2 and "alheimur levels: random, easy, hard" in p.stderr


def test_the_protocol_session_in_the_docs(tmp_path):
    """docs/records.md's example session, on its example record, gives
    the answers it shows."""
    with open(os.path.join(paths.ROOT, "docs", "records.md")) as f:
        doc = f.read()
    part = doc[doc.index("# Alheimur game records"):]
    block = part[part.index("```\n") + 4:]
    rec = block[:block.index("```")].splitlines()
    session = part[part.rindex("$ .venv/bin/python tools/engine.py --game alheimur --level"):]
    session = session[:session.index("```")].splitlines()
    (tmp_path / "g.txt").write_text("\n".join(rec) + "\n")
    (tmp_path / "g2.txt").write_text("\n".join(rec[:-3]) + "\n")
    (tmp_path / "g3.txt").write_text("\n".join(rec[:-2]) + "\n")
    args = session[0].split()[3:]
    said = [ln for ln in session[1:] if ln.split()[0] in ("position", "go", "quit")]
    answers = [ln for ln in session[1:] if ln not in said]
    p = subprocess.run([sys.executable, ENGINE, *args], input="\n".join(said) + "\n",
                       capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert p.returncode == 0 and p.stdout.splitlines() == answers, p.stdout + p.stderr
