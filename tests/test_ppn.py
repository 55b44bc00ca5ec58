"""tools/ppn.py: Alien City games in Portable Piecepack Notation.

The ppgames game (tests/data/alien-city.ppn, its licence beside it) imports,
is legal with open streets and scores Black 138 - White 74 as its own
comment says; our records go to PPN and back unchanged; malformed PPN gets
one line naming the place; and what we write passes ``their_reader``, a
check written from the ppn R package's reader (R/ppn.R, R/parse_moves.R,
R/default_parser.R; ppdf's piecepack_alien_city and process_tiles), since
R is not installed here.
"""

import os
import random
import re
import subprocess
import sys

import pytest

from aliencity import record, scoring
from aliencity.engine import CLASSIC, STANDALONE
from aliencity.geometry import NONE
from aliencity.moves import lot_name

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "tools"))
import ppn
import seeded

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PPGAMES = os.path.join(ROOT, "tests", "data", "alien-city.ppn")
TOOL = os.path.join(ROOT, "tools", "ppn.py")
_VENV_PY = os.path.join(ROOT, ".venv", "bin", "python")
PYTHON = _VENV_PY if os.path.exists(_VENV_PY) else sys.executable
# Games per option set in the round trips (PPN_ROUNDTRIPS=100 for 400 games).
ROUNDTRIPS = int(os.environ.get("PPN_ROUNDTRIPS", "30"))


def ppgames_text():
    with open(PPGAMES, encoding="utf-8") as f:
        return f.read()


def run(*args, stdin=None):
    p = subprocess.run([PYTHON, TOOL, *args], input=stdin, capture_output=True,
                       text=True, cwd=ROOT, timeout=60)
    return p


def roundtrip(record_text):
    """import(export(r)) as text."""
    _rec, g = ppn.read_record(record_text)
    return ppn.record_text(ppn.read_ppn(ppn.ppn_text(g)))


# -- the ppgames game -----------------------------------------------------------------


def test_ppgames_game_imports_legal_with_open_streets_and_scores_138_74():
    g = ppn.read_ppn(ppgames_text())
    assert (g.rules, g.first, len(g.turns)) == (CLASSIC, 1, 36)   # ranks: classic; K caps first
    eng, bad, note = ppn.settle_streets(g)
    assert bad is None and g.open_streets
    assert "streets=open" in note and "turn 9..." in note and "H9" in note
    sc = scoring.score(eng)
    assert tuple(sc.totals) == (74, 138)
    towers = {lot_name(t.lot): (t.owner, t.customers, t.distance, t.points) for t in sc.towers}
    # The file's own scoring comment: e5 = 4 x 8, e6 = 5 x 9 + 2 bonuses of 8,
    # g4 = 3 x 15 for Black; f1 = 5 x 8 + a bonus of 4, f5 = 3 x 2, f8 = 4 x 6.
    assert towers == {"E5": (1, 4, 8, 32), "E6": (1, 5, 9, 45), "G4": (1, 3, 15, 45),
                      "F1": (0, 5, 8, 40), "F5": (0, 3, 2, 6), "F8": (0, 4, 6, 24)}
    bonuses = sorted((lot_name(b[0]), "WB"[b[2]], b[3], [lot_name(v) for v in b[4]])
                     for b in sc.bonuses)
    assert bonuses == [("B1", "W", 4, ["F1"]), ("C6", "B", 8, ["E6"]), ("E8", "B", 8, ["E6"])]
    # Our rules let B build once more (a blue dome falls back to A10): the
    # recorded game stops one build early; the score is of its last position.
    assert not eng.over() and eng.to_move == 1


def test_ppgames_game_breaks_the_street_rule_as_written():
    g = ppn.read_ppn(ppgames_text(), streets="as-written")
    _eng, bad = ppn.replay(g)
    assert bad is not None
    assert ppn.illegal_text(g, bad) == (
        "turn 9... (line 14): W DB H9: H9: would cut street lot H10 off the network")


def test_ppgames_record_keeps_comments_where_they_belong():
    text = ppn.record_text(ppn.read_ppn(ppgames_text(), streets="open"))
    lines = text.split("\n")
    assert lines[:5] == [
        "alien-city 1", "rules classic", "option streets=open",
        "tiles G3NW R1NW R5SE B1NE K4NE R4NE K3SW B4NW G2SE K1NE K5NE B3SE G1SW R2NW "
        "G5SE G4NW B5SW K2SW B2NW R3SE", "first B"]
    assert lines[5] == "B TB E6 cap E6  # ?!"
    assert "W DB G10  # ? A@f2" in lines
    assert "B TR F3 cap E5  # ? A@b1 this turn" in lines
    end = lines.index("W TR H1")
    assert lines[end + 1:end + 4] == ["# Scoring:", "#     e5 = 4 x 8 = 32",
                                      "#     e6 = 5 x 9 + 2 * (10 - 2*1) = 61"]
    assert "#" in lines                      # the blank line of the scoring block
    assert lines[-2] == "#     White's total = 74 points"
    rec = record.read(lines)
    assert len(rec.moves) == 36 and rec.open_streets


def test_ppgames_import_check_cli(tmp_path):
    out = tmp_path / "game.txt"
    p = run("import", PPGAMES, "--out", str(out))
    assert p.returncode == 0, p.stderr
    assert p.stderr.startswith("note: the game needs option streets=open (turn 9...")
    assert "option streets=open" in out.read_text()
    p = run("check", PPGAMES)
    assert p.returncode == 0
    assert p.stdout.startswith("ok: 36 builds, not over by these rules: B to build; score W 74, "
                               "B 138 (classic rules, streets=open, B first)")
    p = run("check", PPGAMES, "--streets", "as-written")
    assert p.returncode == 1
    assert p.stderr.strip().endswith("turn 9... (line 14): W DB H9: H9: would cut street lot "
                                     "H10 off the network (classic rules, streets as written, "
                                     "B first)")
    # The referee agrees on the imported record.
    r = subprocess.run([PYTHON, os.path.join(ROOT, "tools", "referee.py"), "check", str(out)],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and r.stdout.startswith("ok: 36 moves, game not over")


def test_ppgames_game_round_trips_and_exports_the_same_moves():
    rec_text = ppn.record_text(ppn.read_ppn(ppgames_text(), streets="open"))
    assert roundtrip(rec_text) == rec_text
    _rec, g = ppn.read_record(rec_text)
    exported = ppn.ppn_text(g)
    ours = [s for s in exported.split("...\n", 1)[1].split("\n") if s[:1].isdigit()]
    theirs = [" ".join(s.split()) for s in ppgames_text().split("...\n", 1)[1].split("\n")
              if s[:1].isdigit()]
    assert ours == theirs                    # same turns, tokens and inline comments
    assert "  Tiles: C3^Sa^S5vAa>/M4>S4>M3<A4^/C2vMa>M5>A3v/Ca<S2^C5vC4^/A5<M2<A2^S3v" \
        in exported


# -- round trips --------------------------------------------------------------------------


@pytest.mark.parametrize("rules,open_streets,lb", seeded.OPTIONS)
def test_roundtrip_seeded_games(rules, open_streets, lb):
    for seed in range(ROUNDTRIPS):
        g = seeded.random_game(seed + 100 * rules, rules, open_streets, lb,
                               stop_at=38 - seed % 7)
        text = record.write(g)
        assert roundtrip(text) == text, (seed, rules, open_streets, lb)
        ppn_text = ppn.ppn_text(ppn.read_record(text)[1])
        assert their_reader(ppn_text)["builds"] == g.nbuilds


def test_roundtrip_selfplay_games_of_both_first_players():
    import arena_aliencity
    firsts = set()
    for seed in (1, 2, 3, 7):
        for rules in (STANDALONE, CLASSIC):
            g, text = arena_aliencity.play_game(["random", "easy"], seed, rules, seed % 2 == 0,
                                              rules == CLASSIC and seed > 2)
            firsts.add(g.first)
            assert roundtrip(text) == text
            assert "\n{ tools/selfplay.py --game aliencity" in ppn.ppn_text(
                ppn.read_record(text)[1])
    assert firsts == {0, 1}                  # classic deals let W build first too


def _with_comments(text, rng):
    """The record with comments sprinkled in: after the header, on build
    lines, on lines of their own (some empty, indented, odd)."""
    lines = text.rstrip("\n").split("\n")
    first = next(i for i, s in enumerate(lines) if s.startswith("first "))
    out = []
    words = ["?", "!?", "a fine build", "  indented", "", "{braces}", "50% = half",
             "--- not a game", "... not the end", "1. not a turn", "e6 = 5 x 9", "caf\u00e9"]
    for i, line in enumerate(lines):
        if i > first and rng.random() < 0.3:
            w = rng.choice(words).replace("{", "(").replace("}", ")").strip()
            if w:
                line += "  # " + w
        out.append(line)
        if i >= first and rng.random() < 0.2:
            for _ in range(rng.randint(1, 3)):
                w = rng.choice(words).replace("{", "(").replace("}", ")")
                out.append(("# " + w).rstrip())
    return "\n".join(out) + "\n"


def test_roundtrip_keeps_comments():
    rng = random.Random(5)
    for seed in range(40):
        g = seeded.random_game(seed, seed % 2, seed % 3 == 0, seed % 4 == 1)
        text = _with_comments(record.write(g), rng)
        assert roundtrip(text) == text, text
        their_reader(ppn.ppn_text(ppn.read_record(text)[1]))


def test_export_cli_refuses_illegal_and_malformed(tmp_path):
    g = seeded.random_game(4, 0)
    good = record.write(g)
    f = tmp_path / "r.txt"
    f.write_text(good)
    p = run("export", str(f))
    assert p.returncode == 0 and p.stdout.startswith("---\nGameType:\n  Name: Alien City\n")
    lines = good.split("\n")
    lines[5], lines[6] = lines[6], lines[5]     # two builds of one player in a row
    f.write_text("\n".join(lines))
    p = run("export", str(f))
    assert p.returncode == 1 and p.stderr.count("\n") == 1 and ": line 6: " in p.stderr
    f.write_text(good.replace("rules standalone", "rules sideways"))
    p = run("export", str(f))
    assert p.returncode == 2 and p.stderr.strip().endswith(
        "line 2: expected 'rules standalone' or 'rules classic'")


# -- malformed PPN: one line, naming the place --------------------------------------------


BAD = [
    ("1. B3x@e6 K1x@e6 {?!}", "1. B3x@e9 G1x@e9", "line 6: 'G1x@e9': 'G1x' is no Alien City "
     "pyramid: towers are large (R3x B3x G3x), caps small (W1x K1x)"),
    ("1. B3x@e6", "1. K3x@e6", "line 6: 'K3x@e6': a black tower: there are no black towers"),
    ("1. B3x@e6", "1. Q@e6", "line 6: 'Q@e6': unknown piece 'Q'"),
    ("2. S@c7", "2. S@i7", "line 7: 'S@i7': lot i7 is off the city (a1 to h10)"),
    ("2. S@c7", "2. S@c11", "line 7: 'S@c11': lot c11 is off the city (a1 to h10)"),
    ("2. S@c7", "2. S@C7", "line 7: 'S@C7': PPN lots are lower case (c7)"),
    ("2. S@c7", "2. S@(9,1)", "line 7: 'S@(9,1)': (9,1) is off the city"),
    ("2. S@c7", "2. S@c\u0667", "line 7: 'S@c\u0667': character '\u0667' (U+0667) is not "
     "ASCII"),
    ("2. S@c7", "2. c7-d7", "line 7: 'c7-d7': only placements (PIECE@LOT) happen"),
    ("2. S@c7", "2. S@c7 A@c8", "line 7: 'A@c8': a second build in turn 2."),
    ("3. M@d5", "3. W1x@f5 M@d5", "line 8: 'W1x@f5': a cap before the turn's build"),
    ("3... M@f6 W1x@f5", "3... M@f6 K1x@f5", "line 8: 'K1x@f5' in turn 3...: Black's cap, "
     "but White builds in N... turns"),
    ("4. C@f4", "4. ", "line 9: turn 4. has no build"),
    ("5. B3x@f1", "6. B3x@f1", "line 10: turn 6. after 4...: turns go"),
    ("5. B3x@f1", "5S. B3x@f1", "line 10: '5S.': an Alien City game numbers its turns"),
    ("{?!}", "{?!", "line 14: turn 9. after 1.: turns go 1. 1... 2. 2... (a player who "
     "cannot build is skipped: 7. 8.) (is the comment from line 6 meant to run to line 13?)"),
    ("74 points\n}", "74 points\n", "line 24: a comment '{' that is never closed by '}'"),
    ("{?!}", "?!}", "line 6: '}' without a '{' before it"),
    ("{?!}", "{?!}x", "line 6: '}' followed by 'x': a comment needs a space after its '}'"),
    ("K1x@e6 {?!}", "K1x@e6{?!}", "line 6: '{' right after 'K1x@e6'"),
    ("  Name: Alien City", "  Name: Alien Town", "line 3: GameType 'Alien Town' is not "
     "Alien City"),
    ("C3^Sa^", "C3^Sa<", None),                                  # still 20 tiles: fine
    ("C3^Sa^", "C3^Qa^", "line 4: Tiles: tile 2 'Qa^': suit 'Q' is none of"),
    ("C3^Sa^", "C3^Sa*", "line 4: Tiles: tile 2 'Sa*': angle '*' is none of ^ < v >"),
    ("C3^Sa^", "C3^S7^", "line 4: Tiles: tile 2 'S7^': rank '7' is none of n a 2 3 4 5"),
    ("C3^Sa^", "C3^", "line 4: Tiles: 57 characters"),
    ("C3^Sa^", "C3^Ca^", "line 4: Tiles: 4 red tiles; a city has 5 of each suit"),
    ("  Tiles: ", "  Seed: 42\n  Tiles: ", None),
    ("  Tiles: C3", "  Tile: C3", "line 2: GameType has no Tiles"),
    ("...\n", "...\nSetup. S@a1\n", "line 6: 'Setup.': an Alien City game numbers its turns"),
    ("...\n", "...\nS@a1\n", "line 6: 'S@a1' before the first turn '1.'"),
    ("GameType:", "Rules: sideways\nGameType:", "line 2: metadata: Rules: 'sideways' is "
     "none of"),
    ("GameType:", "First: White\nGameType:", "line 7: 'K1x@e6' in turn 1.: Black's cap, "
     "but White builds in N. turns"),
    ("GameType:", "GameType: Chess\nX:", "line 2: GameType 'Chess' is not Alien City"),
    ("GameType:", "GameType: [a, b]\nX:", "line 2: metadata: cannot read the value [a, b]"),
    ("GameType:", "Game Type", "line 2: metadata: expected 'Key: value', got Game Type"),
]


@pytest.mark.parametrize("old,new,message", BAD, ids=[b[1][:20] for b in BAD])
def test_malformed_ppn_gets_one_line(old, new, message):
    text = ppgames_text()
    assert old in text
    bad = text.replace(old, new, 1)
    try:
        g = ppn.read_ppn(bad, streets="open")
    except ppn.PpnError as e:
        assert message is not None, str(e)
        assert "\n" not in str(e)
        assert str(e).startswith(message), str(e)
        return
    assert message is None, "read: " + message
    assert len(g.turns) == 36


def test_malformed_cli_exit_2_one_line(tmp_path):
    f = tmp_path / "g.ppn"
    f.write_text(ppgames_text().replace("2. S@c7", "2. S@c77"))
    p = run("import", str(f))
    assert p.returncode == 2 and p.stdout == ""
    assert p.stderr == "%s: line 7: 'S@c77': lot c77 is off the city (a1 to h10)\n" % f
    f.write_bytes(b"---\nGameType: \xe9\n")
    p = run("check", str(f))
    assert p.returncode == 2 and p.stderr.endswith("not UTF-8 text (byte 0xe9 at offset 14)\n")
    p = run("check", str(tmp_path / "none.ppn"))
    assert p.returncode == 2 and "cannot read" in p.stderr and p.stderr.count("\n") == 1
    p = run("check", "-", stdin="")
    assert p.returncode == 2 and p.stderr == "<stdin>: line 1: no GameType: an Alien City " \
        "game names it, with its Tiles (GameType: {Name: Alien City, Tiles: ...})\n"


def _mutations(text, rng):
    """The ppgames file with one random change to one movetext token or
    the tiles: a character replaced, dropped, doubled, a non-ASCII one
    put in, two tokens swapped, or a token dropped."""
    head, sep, moves = text.partition("...\n")
    lines = moves.split("\n")
    alphabet = "SMCAKRGBWxa3109@.^<v>{}?!;- \u00e9\u2600"
    i = rng.randrange(len(lines))
    toks = lines[i].split(" ")
    if not toks or lines[i] == "":
        return text
    j = rng.randrange(len(toks))
    t = toks[j]
    how = rng.randrange(6)
    if how == 0 and t:
        k = rng.randrange(len(t))
        toks[j] = t[:k] + rng.choice(alphabet) + t[k + 1:]
    elif how == 1 and t:
        k = rng.randrange(len(t))
        toks[j] = t[:k] + t[k + 1:]
    elif how == 2 and t:
        k = rng.randrange(len(t))
        toks[j] = t[:k] + t[k] + t[k:]
    elif how == 3:
        toks[j] = t + rng.choice("\u00e9\u2600\u0663\u00a0")
    elif how == 4 and len(toks) > 1:
        k = rng.randrange(len(toks))
        toks[j], toks[k] = toks[k], toks[j]
    else:
        del toks[j]
    lines[i] = " ".join(toks)
    if rng.random() < 0.15:
        k = rng.randrange(len(head))
        head = head[:k] + rng.choice(alphabet) + head[k + 1:]
    return head + sep + "\n".join(lines)


def test_mutated_ppn_never_a_traceback():
    """Every mutation reads (then the record reads too, and the builds of
    one in four are replayed: legal, or named) or gets a one-line
    PpnError; nothing else escapes."""
    rng = random.Random(33)
    text = ppgames_text()
    outcomes = {"read": 0, "refused": 0, "illegal": 0}
    for i in range(500):
        bad = _mutations(text, rng)
        try:
            g = ppn.read_ppn(bad)
        except ppn.PpnError as e:
            assert "\n" not in str(e) and re.match(r"^line \d+: ", str(e)), str(e)
            outcomes["refused"] += 1
            continue
        rec_text = ppn.record_text(g)
        record.read(rec_text.split("\n")[:-1])
        outcomes["read"] += 1
        if i % 4 == 0:
            _eng, bad_build, _note = ppn.settle_streets(g)
            if bad_build:
                assert "\n" not in ppn.illegal_text(g, bad_build)
                outcomes["illegal"] += 1
    assert outcomes["refused"] > 200 and outcomes["read"] > 100 and outcomes["illegal"], outcomes


# -- their reader, as read from their sources ------------------------------------------------

_PUNCT = re.escape("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")
_NOT_ALNUM_PUNCT = r"[A-Za-z0-9%s]" % _PUNCT
# parse_moves.R: move numbers, and comments, with their lookarounds.
MOVE_NUMBER_RE = re.compile(r"(?<!%s)[A-Za-z0-9_.]*\.+(?!%s)(?![^{]*\})"
                            % (_NOT_ALNUM_PUNCT, _NOT_ALNUM_PUNCT))
COMMENT_RE = re.compile(r"(?<!%s)\{[^}]*\}(?!%s)" % (_NOT_ALNUM_PUNCT, _NOT_ALNUM_PUNCT))
SEMICOLON_RE = re.compile(r";(?![^{]*\})")


def _simplified_piece(spec):
    """(piece, side, suit, rank, cfg) as parse_piece() completes a piece
    spec (standardize_piece_spec, parse_simplified_piece, complete_piece),
    for the specs an Alien City game can hold."""
    assert "," not in spec and "`" not in spec
    x = spec.replace("n", "0").replace("a", "1")
    colour = re.search(r"[RKGBYW]", x)
    suit = next((i + 1 for i, pat in enumerate(("S|R", "M|K", "C|G", "A|B", "Y", "W"))
                 if re.search(pat, x)), None)
    digit = re.search(r"[0-9]", x)
    rank = int(digit.group()) + 1 if digit else None
    piece = None
    for letter, name in (("t", "tile"), ("c", "coin"), ("d", "die"), ("p", "pawn")):
        if letter in x:
            piece = name
            break
    side = next((name for letter, name in (("f", "face"), ("b", "back"), ("l", "left"),
                                           ("r", "right"), ("x", "top")) if letter in x), None)
    if piece is None:
        if side in ("left", "right", "top"):
            piece = "pyramid"
        elif colour:
            piece = "bit"
        elif suit and rank:
            piece = "tile"
        else:
            piece = "coin"
    cfg = "icehouse_pieces" if piece == "pyramid" and colour else "piecepack"
    if side is None:
        side = {"coin": "face" if suit is None else "back", "pyramid": "top"}.get(piece, "face")
    if rank is None:
        rank = 1
    elif cfg == "icehouse_pieces":       # index_rank_by_one
        rank -= 1
    return piece, side, suit or 1, rank, cfg


def _tiles_ok(tiles):
    """ppdf's process_tiles for 20 tiles (piecepack_alien_city)."""
    flat = re.sub(r"[\s/:;\\|]", "", tiles)
    assert len(flat) in (40, 60), tiles
    step = len(flat) // 20
    for t in range(20):
        s = flat[t * step:t * step + step]
        assert s[0].upper() in "SRMKCGAB", s
        if step == 3:
            assert s[1] in "na012345" and s[2] in "^<v>", s
        else:
            assert s[1] in "^<v>", s          # suits and angles: ranks dealt at random
    return True


def their_reader(text):
    """What read_ppn() of the ppn package does with ``text``, step by step,
    asserting each step succeeds for an Alien City game; returns the moves'
    names, texts and comments."""
    assert text.endswith("\n")          # readLines() warns on an incomplete line: an error
    lines = text[:-1].split("\n")
    assert all(ch != "\0" for ch in text)
    starts = [i for i, s in enumerate(lines) if re.match(r"^-{3}", s)]
    assert starts == [0], "one game, starting at its '---'"
    yaml_end = next(i for i, s in enumerate(lines) if re.match(r"^\.{3}", s))
    meta = lines[1:yaml_end]
    # The YAML mapping: GameType with Name and Tiles (the arguments of
    # ppdf::piecepack_alien_city), other keys plain 'Key: value' lines
    # that read_ppn() keeps but nothing uses.
    assert meta[0] == "GameType:" and meta[1] == "  Name: Alien City"
    assert re.match(r"^  Tiles: [SMCAna2-5^<v>/]+$", meta[2]) and _tiles_ok(meta[2][9:])
    for s in meta[3:]:
        k, v = s.split(": ", 1)
        assert re.match(r"^[A-Z][A-Za-z]+$", k) and re.match(r"^[a-z][a-z ]*$", v.lower())
        assert k not in ("SetUp", "GameType", "MovetextParser", "Macros", "ScalingFactor")
    # parse_moves: squish, brace expansion leaves every token alone (a
    # token is a whole comment or holds no braces), move numbers, comments.
    movetext = " ".join(" ".join(lines[yaml_end + 1:]).split())
    for tok in movetext.split(" "):
        inner = tok[1:-1] if tok.startswith("{") and tok.endswith("}") else tok
        braces = re.sub(r"^\{|\}$", "", inner) if "{" in tok or "}" in tok else inner
        assert "{" not in braces and "}" not in braces, tok
    movetext = SEMICOLON_RE.sub(" . ", movetext)
    spans = [m.span() for m in MOVE_NUMBER_RE.finditer(movetext)]
    setup = movetext[:spans[0][0]] if spans else movetext
    assert COMMENT_RE.sub("", setup).strip() == "", "only comments before move 1"
    names, moves, comments = [], [], []
    for i, (a, b) in enumerate(spans):
        end = spans[i + 1][0] if i + 1 < len(spans) else len(movetext)
        body = movetext[b:end]
        names.append(movetext[a:b])
        comments.append(" ".join(c[1:-1].strip() for c in COMMENT_RE.findall(body)))
        moves.append(" ".join(COMMENT_RE.sub("", body).split()))
    assert len(set(names)) == len(names), "unique move numbers"
    nbuilds = 0
    for move in moves:
        for sub in move.split(" "):
            # process_move: none of the rewrites (* + ! _ n?) applies, and
            # process_submove takes the '@' branch (not $> @> @%).
            assert not re.search(r"[*+!\u035c\u203f`$%#~=:_\\-]|[0-9]\?", sub), sub
            spec, loc = sub.split("@")
            piece, side, suit, rank, cfg = _simplified_piece(spec)
            m = re.match(r"^([a-h])(10|[1-9])$", loc)
            assert m, loc
            if (piece, side, cfg) == ("coin", "back", "piecepack"):
                assert suit in (1, 2, 3, 4) and rank == 1
                nbuilds += 1
            else:
                assert (piece, side, cfg) == ("pyramid", "top", "icehouse_pieces"), sub
                assert (rank, suit) in ((3, 1), (3, 3), (3, 4), (1, 2), (1, 6)), sub
                nbuilds += rank == 3
    return {"names": names, "texts": moves, "comments": comments, "builds": nbuilds}


def test_their_reader_check_accepts_the_ppgames_file():
    """The check itself, on the file their own tests read."""
    text = ppgames_text()
    # Theirs has no keys of ours; put it through the same check.
    r = their_reader(text)
    assert r["builds"] == 36
    assert r["names"][:3] == ["1.", "1...", "2."]
    assert r["comments"][0] == "?!"


def test_their_reader_on_our_export_of_the_ppgames_game():
    g = ppn.read_ppn(ppgames_text(), streets="open")
    _rec, g2 = ppn.read_record(ppn.record_text(g))
    r = their_reader(ppn.ppn_text(g2))
    theirs = their_reader(ppgames_text())
    assert r["names"] == theirs["names"] and r["texts"] == theirs["texts"]
    assert r["comments"][:-1] == theirs["comments"][:-1]
    assert " ".join(r["comments"][-1].split()) == " ".join(theirs["comments"][-1].split())


def test_export_cap_and_pieces_tokens():
    """Every piece token we write, as their parser completes it."""
    assert _simplified_piece("R3x") == ("pyramid", "top", 1, 3, "icehouse_pieces")
    assert _simplified_piece("B3x") == ("pyramid", "top", 4, 3, "icehouse_pieces")
    assert _simplified_piece("G3x") == ("pyramid", "top", 3, 3, "icehouse_pieces")
    assert _simplified_piece("K1x") == ("pyramid", "top", 2, 1, "icehouse_pieces")
    assert _simplified_piece("W1x") == ("pyramid", "top", 6, 1, "icehouse_pieces")
    for s, suit in (("S", 1), ("M", 2), ("C", 3), ("A", 4)):
        assert _simplified_piece(s) == ("coin", "back", suit, 1, "piecepack")
    assert [ppn._piece(k) for k in range(7)] == ["R3x", "B3x", "G3x", "S", "A", "C", "M"]
    assert ppn.CAP_OUT == ("W1x", "K1x")
    assert NONE == 255
