"""Alien City games in Portable Piecepack Notation (PPN), the notation of the
piecepack community's ``ppn`` / ``ppgames`` R packages: read one into our
record, write one of ours for their tools.

    python tools/ppn.py import GAME.ppn [--out RECORD]    PPN -> record
    python tools/ppn.py export RECORD [--out GAME.ppn]    record -> PPN
    python tools/ppn.py check GAME.ppn                    is the PPN game legal? its score

The PPN this reads and writes (docs/records.md, "Alien City in PPN"):

    ---
    GameType:
      Name: Alien City
      Tiles: C3^Sa^S5vAa>/M4>S4>M3<A4^/C2vMa>M5>A3v/Ca<S2^C5vC4^/A5<M2<A2^S3v
    Rules: classic          # ours (their reader ignores these keys):
    Streets: open           #   rule set, options, who builds first
    First: Black
    ...
    1. B3x@e6 K1x@e6 {?!} 1... R3x@f5
    2. S@c7 2... B3x@e5

Tiles: 20 tiles from the top left, row by row, each suit (S/R red, M/K
black, C/G green, A/B blue), rank (n a 2-5: classic values 0-5; none for
the standalone rules) and the icon's corner (^ NW, < SW, v SE, > NE).
Towers are large pyramids seen from the top (R3x B3x G3x), domes coins suit
side up (S red, A blue, C green, M black), caps small pyramids on the
tower's lot (W1x White's = our W, K1x Black's = our B; R1x and B1x, the
classic rules' red and blue caps, are read as W's and B's). Turn N of the
first builder is ``N.``, of the other ``N...``. Comments ``{...}`` and
annotations (``?``, ``!`` ...) become record comments: on the build's line
when they follow it on the same line, on lines of their own otherwise.

Exit codes: 0 fine; 1 a build of the game is illegal (``turn N. (line L):
...``; import still writes the record); 2 the file cannot be read as an
Alien City PPN game or record (one line saying where and why), or a wrong
command line. CPython 3.11, standard library only; the rules are the
device's engine (firmware/aliencity).
"""

import argparse
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from recordtext import EXIT_ILLEGAL, EXIT_MALFORMED, EXIT_OK, Stop, read_text  # the referee's

import paths  # noqa: F401  (puts firmware/ on sys.path)
from aliencity import record, scoring
from aliencity.engine import CLASSIC, RULES_NAMES, STANDALONE
from aliencity.geometry import COLOUR_LETTERS, CORNERS, NONE, NTILES, PLAYER_NAMES
from aliencity.moves import lot_name, parse_lot

# Piecepack suits in colour order R B G K (geometry.COLOUR_LETTERS): the
# suit letter we write, and every letter their tile reader takes for it.
SUIT_OUT = "SACM"
SUIT_IN = {"S": 0, "R": 0, "A": 1, "B": 1, "C": 2, "G": 2, "M": 3, "K": 3}
RANK_OUT = "na2345"                     # value 0..5 (null, ace, 2..5)
RANK_IN = {"n": 0, "a": 1, "0": 0, "1": 1, "2": 2, "3": 3, "4": 4, "5": 5}
ANGLE_OUT = "^><v"                      # corner NW NE SW SE (geometry.CORNERS)
PYRAMID_COLOURS = "RBG"                 # tower kinds 0-2
DOME_SUITS = "SACM"                     # dome kinds 3-6 (red blue green black)
CAP_OUT = ("W1x", "K1x")                # W's and B's caps
CAP_IN = {"W": 0, "R": 0, "K": 1, "B": 1}   # small pyramid colour -> player
PLAYER_WORDS = ("White", "Black")
GAME_NAME = "alien_city"
OUR_KEYS = ("Rules", "Streets", "LocationBonus", "First")


class PpnError(Exception):
    """A file that cannot be read: ``where`` (e.g. 'line 7') and why."""

    def __init__(self, line, problem):
        super().__init__("line %d: %s" % (line, problem))
        self.line = line


# -- the metadata (a YAML mapping; the subset PPN games use) ------------------


def normalize_name(s):
    """Their normalize_name (snake case): 'Alien City', 'AlienCity',
    'alien-city' -> 'alien_city'."""
    s = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", s.strip())
    return re.sub(r"[^a-z0-9]+", "_", s.lower()).strip("_")


def _scalar(text, n):
    """A YAML scalar: plain (a ' #' comment cut off) or quoted."""
    t = text.strip()
    if t[:1] in ("'", '"'):
        q = t[0]
        end = t.find(q, 1)
        while q == "'" and end > 0 and t[end + 1:end + 2] == "'":
            end = t.find(q, end + 2)
        if end < 0 or t[end + 1:].strip()[:1] not in ("", "#"):
            raise PpnError(n, "metadata: unclosed or odd quotes in %s" % t)
        body = t[1:end]
        return body.replace("''", "'") if q == "'" else body.replace('\\"', '"')
    cut = t.find(" #")
    if cut >= 0:
        t = t[:cut].rstrip()
    if t[:1] in ("[", "|", ">", "&", "*", "!", "%", "@", "`"):
        raise PpnError(n, "metadata: cannot read the value %s (this reader knows "
                       "plain and quoted text and {Key: value} mappings)" % t)
    return t


def _flow_map(text, n):
    """'{Name: Alien City, Tiles: ...}' -> dict."""
    t = text.strip()
    cut = t.rfind("}")
    if not t.startswith("{") or cut < 0 or t[cut + 1:].strip()[:1] not in ("", "#"):
        raise PpnError(n, "metadata: cannot read the mapping %s" % t)
    out = {}
    for part in t[1:cut].split(","):
        if not part.strip():
            continue
        k, sep, v = part.partition(":")
        if not sep:
            raise PpnError(n, "metadata: expected 'Key: value' in %s" % part.strip())
        out[k.strip()] = _scalar(v, n)
    return out


def read_metadata(lines, first_line):
    """({key: str or dict}, {key or (key, subkey): line}) from YAML lines:
    'Key: value', 'Key:' followed by more indented 'Key: value' lines, or
    'Key: {A: b, C: d}'."""
    meta = {}
    where = {}
    parent = None
    parent_indent = 0
    for i, raw in enumerate(lines):
        n = first_line + i
        line = raw.rstrip()
        if (not line.strip() or line.strip().startswith("#") or line.startswith("---")
                or line.startswith("...")):
            continue
        indent = len(line) - len(line.lstrip())
        key, sep, value = line.strip().partition(":")
        if not sep or not key or (value and not value.startswith((" ", "\t"))):
            raise PpnError(n, "metadata: expected 'Key: value', got %s" % line.strip())
        key = key.strip().strip("'\"")
        if parent is not None and indent > parent_indent:
            meta[parent][key] = _scalar(value, n)
            where[(parent, key)] = n
            continue
        if indent and parent is None:
            raise PpnError(n, "metadata: unexpected indent before %s" % key)
        parent = None
        parent_indent = indent
        v = value.strip()
        where[key] = n
        if not v or v.startswith("#"):
            meta[key] = {}
            parent = key
        elif v.startswith("{"):
            meta[key] = _flow_map(v, n)
            for k in meta[key]:
                where[(key, k)] = n
        else:
            meta[key] = _scalar(v, n)
    return meta, where


def split_game(text, game):
    """(metadata lines, their first line number, movetext lines, their first
    line number) of game number ``game`` (1-based) of a PPN file, split as
    their reader does: a game starts at a line '---'; its metadata ends at
    the first line starting '...' (else at the first blank or indented
    line)."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    starts = [i for i, s in enumerate(lines) if s.startswith("---")]
    if not starts or starts[0] != 0:
        starts.insert(0, 0)
    if game > len(starts):
        raise PpnError(1, "the file holds %d game%s, not %d" % (
            len(starts), "" if len(starts) == 1 else "s", game))
    a = starts[game - 1]
    b = starts[game] if game < len(starts) else len(lines)
    body = lines[a:b]
    end = next((i for i, s in enumerate(body) if s.startswith("...")), None)
    if end is None:
        end = next((i for i, s in enumerate(body) if s == "" or s[:1] in " \t"), None)
    if end is None:
        return [], a + 1, body, a + 1
    return body[:end + 1], a + 1, body[end + 1:], a + end + 2


# -- the city --------------------------------------------------------------------


def read_tiles(s, n):
    """The Tiles string -> (colours, corners, values or None)."""
    flat = re.sub(r"[\s/:;\\|]", "", s)
    if len(flat) == 3 * NTILES:
        parts = [flat[i:i + 3] for i in range(0, len(flat), 3)]
    elif len(flat) == 2 * NTILES:
        pairs = [flat[i:i + 2] for i in range(0, len(flat), 2)]
        if pairs[0][1] in ANGLE_OUT:          # suits and angles: no ranks
            parts = [p[0] + "-" + p[1] for p in pairs]
        else:                                  # suits and ranks, all upright
            parts = [p + "^" for p in pairs]
    else:
        raise PpnError(n, "Tiles: %d characters (without / : ; | and spaces); 20 tiles "
                       "are 60 (suit, rank, angle each, e.g. S3^) or 40 (e.g. S^)"
                       % len(flat))
    colours = bytearray(NTILES)
    corners = bytearray(NTILES)
    values = bytearray(NTILES)
    ranked = parts[0][1] != "-"
    count = [0, 0, 0, 0]
    for t, (suit, rank, angle) in enumerate(parts):
        tok = (suit + rank + angle).replace("-", "")
        c = SUIT_IN.get(suit.upper())
        if c is None:
            raise PpnError(n, "Tiles: tile %d '%s': suit '%s' is none of S/R (red), "
                           "A/B (blue), C/G (green), M/K (black)" % (t + 1, tok, suit))
        if ranked and rank not in RANK_IN:
            raise PpnError(n, "Tiles: tile %d '%s': rank '%s' is none of n a 2 3 4 5 "
                           "(0-5)" % (t + 1, tok, rank))
        if angle not in ANGLE_OUT:
            raise PpnError(n, "Tiles: tile %d '%s': angle '%s' is none of ^ < v >"
                           % (t + 1, tok, angle))
        colours[t] = c
        corners[t] = ANGLE_OUT.index(angle)
        values[t] = RANK_IN[rank] if ranked else 0
        count[c] += 1
    for c in range(4):
        if count[c] != 5:
            raise PpnError(n, "Tiles: %d %s tiles; a city has 5 of each suit"
                           % (count[c], ("red", "blue", "green", "black")[c]))
    return colours, corners, (values if ranked else None)


def tiles_string(colours, corners, values):
    """Their Tiles string, rows separated by '/' (as ppgames writes it)."""
    rows = []
    for r in range(5):
        row = ""
        for t in range(r * 4, r * 4 + 4):
            row += SUIT_OUT[colours[t]]
            if values is not None:
                row += RANK_OUT[values[t]]
            row += ANGLE_OUT[corners[t]]
        rows.append(row)
    return "/".join(rows)


# -- the movetext ---------------------------------------------------------------------


class Token:
    """A word of the movetext, or a comment, with where it starts;
    ``alone``: a comment with nothing before it on its first line."""

    def __init__(self, kind, text, line, alone=False, lines=None):
        self.kind = kind      # "word", "comment" or ";"
        self.text = text
        self.line = line
        self.alone = alone
        self.lines = lines    # a comment's lines (text inside the braces)
        self.end = line       # a comment's last line


def tokenize(lines, first_line):
    """Words, ';' and {comments} (which may span lines) of the movetext."""
    out = []
    comment = None
    for i, line in enumerate(lines):
        n = first_line + i
        j = 0
        if comment is not None:
            end = line.find("}")
            if end < 0:
                comment.lines.append(line)
                continue
            comment.lines.append(line[:end])
            comment.end = n
            _comment_end(line, end, n)
            out.append(comment)
            comment = None
            j = end + 1
        while j < len(line):
            ch = line[j]
            if ch in " \t\r":
                j += 1
            elif ch == "{":
                if j and line[j - 1] not in " \t":
                    raise PpnError(n, "'{' right after '%s': a comment needs a space "
                                   "before its '{'" % line[:j].split()[-1])
                end = line.find("}", j + 1)
                tok = Token("comment", "", n, not line[:j].strip(), [])
                if end < 0:
                    tok.lines.append(line[j + 1:])
                    comment = tok
                    break
                tok.lines.append(line[j + 1:end])
                _comment_end(line, end, n)
                out.append(tok)
                j = end + 1
            elif ch == "}":
                raise PpnError(n, "'}' without a '{' before it")
            elif ch == ";":
                out.append(Token(";", ";", n))
                j += 1
            else:
                k = j
                while k < len(line) and line[k] not in " \t\r{};":
                    k += 1
                word = line[j:k]
                if k < len(line) and line[k] == "{":
                    raise PpnError(n, "'{' right after '%s': a comment needs a space "
                                   "before its '{'" % word)
                out.append(Token("word", word, n))
                j = k
    if comment is not None:
        raise PpnError(comment.line, "a comment '{' that is never closed by '}'")
    return out


def _comment_end(line, end, n):
    if end + 1 < len(line) and line[end + 1] not in " \t\r;":
        raise PpnError(n, "'}' followed by '%s': a comment needs a space after its '}'"
                       % line[end + 1:].split()[0])


MOVE_NUMBER = re.compile(r"^(\d+)(\.|\.\.\.)$")
PLACEMENT = re.compile(r"^([^@]*)@([^@]*)$")


def _ascii(word, n):
    for ch in word:
        if not 32 < ord(ch) < 127:
            raise PpnError(n, "'%s': character %r (U+%04X) is not ASCII; moves are "
                           "written in ASCII (comments may hold any text)"
                           % (word, ch, ord(ch)))


def read_lot(text, word, n):
    """'e6' or '(5,6)' -> lot number."""
    m = re.match(r"^\((\d+),(\d+)\)$", text)
    if m:
        x, y = int(m.group(1)), int(m.group(2))
        if 1 <= x <= 8 and 1 <= y <= 10:
            return (10 - y) * 8 + x - 1
        raise PpnError(n, "'%s': (%d,%d) is off the city (columns 1-8, rows 1-10)"
                       % (word, x, y))
    m = re.match(r"^([a-z]+)(\d+)$", text)
    if m:
        lot = parse_lot(text) if len(m.group(1)) == 1 else -1
        if lot >= 0:
            return lot
        raise PpnError(n, "'%s': lot %s is off the city (a1 to h10)" % (word, text))
    if re.match(r"^[A-Z]\d+$", text):
        raise PpnError(n, "'%s': PPN lots are lower case (%s)" % (word, text.lower()))
    raise PpnError(n, "'%s': '%s' is not a lot (a1 to h10)" % (word, text))


def read_piece(spec, word, n):
    """('build', kind) or ('cap', player) for a piece spec."""
    m = re.match(r"^([A-Z])(\d)x$", spec)
    if m:
        colour, size = m.group(1), m.group(2)
        if size == "3":
            if colour in PYRAMID_COLOURS:
                return "build", PYRAMID_COLOURS.index(colour)
            if colour == "K":
                raise PpnError(n, "'%s': a black tower: there are no black towers" % word)
        if size == "1" and colour in CAP_IN:
            return "cap", CAP_IN[colour]
        raise PpnError(n, "'%s': '%s' is no Alien City pyramid: towers are large "
                       "(R3x B3x G3x), caps small (W1x K1x)" % (word, spec))
    if len(spec) == 1 and spec in DOME_SUITS:
        return "build", 3 + DOME_SUITS.index(spec)
    raise PpnError(n, "'%s': unknown piece '%s': a dome is a coin suit side up "
                   "(S A C M), a tower a large pyramid (R3x B3x G3x), a cap a small "
                   "one (W1x K1x)" % (word, spec))


class Turn:
    """One numbered turn of the movetext: a build and maybe a cap."""

    def __init__(self, number, side, line, label):
        self.number = number
        self.side = side          # 0: 'N.' (first builder), 1: 'N...'
        self.line = line
        self.label = label
        self.kind = -1
        self.lot = NONE
        self.cap = NONE
        self.cap_player = -1
        self.cap_word = ""
        self.build_line = line
        self.notes = []           # comments and annotations on its line
        self.after = []           # comment lines of their own after it


def read_movetext(toks):
    """(header comment lines, [Turn])."""
    header = []
    turns = []
    cur = None
    long_comment = None       # the last comment, when it spans lines
    for tok in toks:
        if tok.kind == "comment":
            long_comment = tok if len(tok.lines) > 1 else None
            if tok.alone:
                (header if cur is None else cur.after).extend(comment_block(tok.lines))
            else:
                note = " ".join(" ".join(tok.lines).split())
                if note:
                    (header if cur is None else cur.notes).append(note)
            continue
        if tok.kind == ";":
            continue
        w = tok.text
        if not MOVE_NUMBER.match(w):
            long_comment = None
        n = tok.line
        _ascii(w, n)
        m = MOVE_NUMBER.match(w)
        if m:
            t = Turn(int(m.group(1)), 0 if m.group(2) == "." else 1, n, w)
            if cur is not None and cur.kind < 0:
                raise PpnError(cur.line, "turn %s has no build" % cur.label)
            if cur is None and (t.number, t.side) != (1, 0):
                raise PpnError(n, "the first turn is '1.', not '%s'" % w)
            if cur is not None and t.number != cur.number + (t.side <= cur.side):
                hint = ""
                if long_comment is not None:
                    hint = " (is the comment from line %d meant to run to line %d?)" % (
                        long_comment.line, long_comment.end)
                raise PpnError(n, "turn %s after %s: turns go 1. 1... 2. 2... (a player "
                               "who cannot build is skipped: 7. 8.)%s" % (w, cur.label, hint))
            cur = t
            turns.append(t)
            continue
        if w.endswith("."):
            raise PpnError(n, "'%s': an Alien City game numbers its turns 'N.' (the "
                           "first builder) and 'N...' (the other)" % w)
        if cur is None:
            raise PpnError(n, "'%s' before the first turn '1.' (the city is set "
                           "up by GameType's Tiles, not by moves)" % w)
        stem = w.rstrip("?!")
        if stem != w:
            cur.notes.append(w[len(stem):])
            if not stem:
                continue
        m = PLACEMENT.match(stem)
        if not m:
            raise PpnError(n, "'%s': only placements (PIECE@LOT) happen in Alien City"
                           % w)
        what, arg = read_piece(m.group(1), w, n)
        lot = read_lot(m.group(2), w, n)
        if what == "build":
            if cur.kind >= 0:
                raise PpnError(n, "'%s': a second build in turn %s" % (w, cur.label))
            cur.kind = arg
            cur.lot = lot
            cur.build_line = n
        else:
            if cur.kind < 0:
                raise PpnError(n, "'%s': a cap before the turn's build" % w)
            if cur.cap != NONE:
                raise PpnError(n, "'%s': a second cap in turn %s" % (w, cur.label))
            cur.cap = lot
            cur.cap_player = arg
            cur.cap_word = w
    if cur is not None and cur.kind < 0:
        raise PpnError(cur.line, "turn %s has no build" % cur.label)
    return header, turns


def comment_block(body):
    """A comment that starts a line: one record comment line per line of
    it; a first or last line left empty by the braces is dropped."""
    lines = [s.rstrip() for s in body]
    if lines and lines[0].startswith(" "):
        lines[0] = lines[0][1:]
    if len(lines) > 1 and not lines[0].strip():
        lines = lines[1:]
    if len(lines) > 1 and not lines[-1].strip():
        lines = lines[:-1]
    return lines


def _first_from_caps(turns):
    """Who builds first, read off the first cap's colour (None: no cap)."""
    for t in turns:
        if t.cap != NONE:
            return t.cap_player if t.side == 0 else 1 - t.cap_player
    return None


def _word_value(meta, where, key, allowed):
    v = meta.get(key)
    if v is None:
        return None
    if not isinstance(v, str) or v.lower() not in allowed:
        raise PpnError(where[key], "metadata: %s: '%s' is none of %s"
                       % (key, v, ", ".join(allowed)))
    return allowed[v.lower()]


class Game:
    """An Alien City game as read from PPN: the setup, the turns, the
    comments, and for each build where it came from."""

    def __init__(self):
        self.rules = STANDALONE
        self.open_streets = False
        self.location_bonus = False
        self.first = 1
        self.colours = None
        self.corners = None
        self.values = None
        self.header = []
        self.turns = []
        self.streets_given = False


def read_ppn(text, game=1, rules=None, streets=None, location_bonus=None):
    """A PPN file's text -> Game. ``rules``, ``streets`` ('open' or
    'as-written') and ``location_bonus`` override the metadata."""
    meta_lines, meta_at, move_lines, move_at = split_game(text, game)
    meta, where = read_metadata(meta_lines, meta_at)
    setup = meta.get("SetUp", meta.get("GameType"))
    key = "SetUp" if "SetUp" in meta else "GameType"
    if setup is None:
        raise PpnError(meta_at, "no GameType: an Alien City game names it, with its "
                       "Tiles (GameType: {Name: Alien City, Tiles: ...})")
    at = where[key]
    if isinstance(setup, str):
        setup = {"Name": setup}
    fields = {}
    for k, v in setup.items():
        fields[normalize_name(k)] = v
        where[normalize_name(k)] = where.get((key, k), at)
    name = fields.get("name", "")
    if normalize_name(name) != GAME_NAME:
        raise PpnError(where.get("name", at), "%s '%s' is not Alien City" % (key, name))
    if fields.get("system", "piecepack").lower() != "piecepack":
        raise PpnError(where["system"], "%s: System %s: Alien City is played with a "
                       "piecepack" % (key, fields["system"]))
    if "tiles" not in fields:
        raise PpnError(at, "%s has no Tiles: without them their reader deals a random "
                       "city (Seed) that no record can name" % key)
    g = Game()
    g.colours, g.corners, g.values = read_tiles(fields["tiles"], where["tiles"])
    ranked = g.values is not None
    if meta.get("MovetextParser", "default").lower() not in ("default", "piecepack"):
        raise PpnError(where["MovetextParser"], "MovetextParser %s: Alien City uses the "
                       "default parser" % meta["MovetextParser"])
    r = rules if rules is not None else _word_value(
        meta, where, "Rules", {"standalone": STANDALONE, "classic": CLASSIC})
    g.rules = r if r is not None else (CLASSIC if ranked else STANDALONE)
    at_rules = where.get("Rules", where["tiles"])
    if g.rules == CLASSIC and not ranked:
        raise PpnError(at_rules, "classic rules need the tiles' values: Tiles gives no "
                       "ranks (write each tile as suit, rank, angle: S3^)")
    if g.rules == STANDALONE and ranked:
        raise PpnError(at_rules, "Tiles gives ranks (values): a classic game, not "
                       "standalone (write Tiles without ranks, e.g. S^, for standalone)")
    s = streets if streets is not None else _word_value(
        meta, where, "Streets", {"open": "open", "as written": "as-written",
                                 "as-written": "as-written"})
    g.streets_given = s is not None
    g.open_streets = s == "open"
    lb = location_bonus if location_bonus is not None else _word_value(
        meta, where, "LocationBonus", {"true": True, "yes": True, "false": False, "no": False})
    g.location_bonus = bool(lb)
    if g.location_bonus and g.rules != CLASSIC:
        raise PpnError(where.get("LocationBonus", at), "LocationBonus is an option of the "
                       "classic rules")
    first = _word_value(meta, where, "First", {"white": 0, "w": 0, "black": 1, "b": 1})
    for k, v in meta.items():
        if k not in ("GameType", "SetUp", "MovetextParser") + OUR_KEYS:
            g.header.append("%s: %s" % (k, v if isinstance(v, str) else
                                        ", ".join("%s: %s" % kv for kv in v.items())))
    header, g.turns = read_movetext(tokenize(move_lines, move_at))
    g.header.extend(header)
    caps_first = _first_from_caps(g.turns)
    g.first = first if first is not None else caps_first if caps_first is not None else 1
    if g.rules == STANDALONE and g.first != 1:
        raise PpnError(where.get("First", at), "under the standalone rules Black (B) "
                       "builds first")
    for t in g.turns:
        p = g.first if t.side == 0 else 1 - g.first
        if t.cap != NONE and t.cap_player != p:
            raise PpnError(t.line, "'%s' in turn %s: %s's cap, but %s builds in %s turns"
                           % (t.cap_word, t.label, PLAYER_WORDS[t.cap_player],
                              PLAYER_WORDS[p], "N." if t.side == 0 else "N..."))
    return g


def player_of(g, t):
    return g.first if t.side == 0 else 1 - g.first


# -- records ---------------------------------------------------------------------------


def record_text(g):
    """The record of a Game (our canonical form: record.write's header,
    then comments of the header, then a line per build)."""
    out = ["%s %d" % (record.MAGIC, record.VERSION), "rules " + RULES_NAMES[g.rules]]
    if g.open_streets:
        out.append("option streets=open")
    if g.location_bonus:
        out.append("option location-bonus")
    toks = []
    for t in range(NTILES):
        v = str(g.values[t]) if g.rules == CLASSIC else ""
        toks.append(COLOUR_LETTERS[g.colours[t]] + v + CORNERS[g.corners[t]])
    out.append("tiles " + " ".join(toks))
    out.append("first " + PLAYER_NAMES[g.first])
    out.extend(_comment_line(c) for c in g.header)
    for t in g.turns:
        line = "%s %s" % (PLAYER_NAMES[player_of(g, t)],
                          record.move_text(t.kind, t.lot, t.cap))
        if t.notes:
            line += "  # " + " ".join(t.notes)
        out.append(line)
        out.extend(_comment_line(c) for c in t.after)
    return "\n".join(out) + "\n"


def _comment_line(c):
    return ("# " + c).rstrip()


def read_record(text):
    """Our record text -> Game (record.read checks it; comments are taken
    from the lines: on a move's line, own lines before the first move (the
    header's) or after a move)."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    rec = record.read(lines)
    g = Game()
    g.rules = rec.rules
    g.open_streets = rec.open_streets
    g.location_bonus = rec.location_bonus
    g.first = rec.first
    g.colours = rec.tiles
    g.corners = rec.icons
    g.values = rec.values if rec.rules == CLASSIC else None
    by_line = {m[0]: m for m in rec.moves}
    cur = None
    for n, raw in enumerate(lines, 1):
        code, sep, note = raw.partition("#")
        note = note[1:] if note.startswith(" ") else note
        if n in by_line:
            _, p, kind, lot, cap = by_line[n]
            side = 0 if p == rec.first else 1
            if cur is None:
                number = 1
            else:
                number = cur.number + (1 if side <= cur.side else 0)
            t = Turn(number, side, n, "%d%s" % (number, "." if side == 0 else "..."))
            t.kind, t.lot, t.cap = kind, lot, cap
            if sep and note.strip():
                t.notes.append(note.strip())
            g.turns.append(t)
            cur = t
        elif sep:
            if code.strip() or cur is None:
                g.header.append(note.rstrip() if not code.strip() else note.strip())
            else:
                cur.after.append(note.rstrip())
    return rec, g


def ppn_text(g):
    """The PPN of a Game (their reader's grammar: docs/records.md)."""
    out = ["---", "GameType:", "  Name: Alien City",
           "  Tiles: " + tiles_string(g.colours, g.corners, g.values),
           "Rules: " + RULES_NAMES[g.rules]]
    if g.open_streets:
        out.append("Streets: open")
    if g.location_bonus:
        out.append("LocationBonus: true")
    out.append("First: " + PLAYER_WORDS[g.first])
    out.append("...")
    out.extend(_block(g.header))
    line = ""
    for t in g.turns:
        word = "%s %s@%s" % (t.label, _piece(t.kind), lot_name(t.lot).lower())
        if t.cap != NONE:
            word += " %s@%s" % (CAP_OUT[player_of(g, t)], lot_name(t.cap).lower())
        if t.notes:
            word += " {%s}" % _clean(" ".join(t.notes))
        if line and t.side == 1 and line.startswith("%d. " % t.number):
            line += " " + word
        else:
            if line:
                out.append(line)
            line = word
        if t.after:
            out.append(line)
            line = ""
            out.extend(_block(t.after))
    if line:
        out.append(line)
    return "\n".join(out) + "\n"


def _piece(kind):
    return PYRAMID_COLOURS[kind] + "3x" if kind < 3 else DOME_SUITS[kind - 3]


def _clean(c):
    """A comment's text inside braces: no braces in it (their reader ends a
    comment at the first '}')."""
    return c.replace("{", "(").replace("}", ")")


def _block(lines):
    """Comment lines of their own as one brace block (``comment_block``
    reads it back), or a block per line when the one block would not read
    back the same (an empty first or last line) or a line of it could be
    taken for a game's start ('---') or the metadata's end ('...')."""
    lines = [_clean(c) for c in lines]
    if not lines:
        return []
    if (len(lines) == 1 or not lines[0].strip() or not lines[-1].strip()
            or any(c.startswith(("---", "...")) for c in lines[1:])):
        return ["{ %s }" % c for c in lines]
    return ["{ " + lines[0]] + lines[1:-1] + [lines[-1] + " }"]


# -- legality ---------------------------------------------------------------------------


def replay(g):
    """Play the turns on a Game of the engine: (game, None) or (game, (turn,
    reason)) at the first illegal build."""
    from aliencity.engine import Game as Engine
    eng = Engine(g.colours, g.corners, g.values, g.rules, g.open_streets,
                 g.location_bonus, g.first)
    for t in g.turns:
        p = player_of(g, t)
        if eng.over():
            return eng, (t, "the game is over; nobody can build")
        if p != eng.to_move:
            return eng, (t, "it is %s's turn, not %s's" % (
                PLAYER_NAMES[eng.to_move], PLAYER_NAMES[p]))
        n = eng.nbuilds
        try:
            eng.again(t.kind, t.lot, t.cap)
        except ValueError as e:
            while eng.nbuilds > n:    # a refused claim takes its build back too
                eng.undo()
            return eng, (t, str(e))
    return eng, None


def illegal_text(g, bad):
    t, why = bad
    p = player_of(g, t)
    return "turn %s (line %d): %s %s: %s" % (
        t.label, t.build_line, PLAYER_NAMES[p], record.move_text(t.kind, t.lot, t.cap), why)


def settle_streets(g):
    """Replay under the rules read; when the streets were not given and
    the game breaks the street rule as written but holds with open
    streets, take open streets (the option the game needs). Returns
    (engine game, bad, note)."""
    eng, bad = replay(g)
    if bad and not g.streets_given and not g.open_streets:
        g.open_streets = True
        eng2, bad2 = replay(g)
        if bad2 is None:
            return eng2, None, ("note: the game needs option streets=open (%s under the "
                                "street rule as written)" % illegal_text(g, bad))
        g.open_streets = False
    return eng, bad, None


def summary(eng):
    """'36 builds; not over (B to build); W 74, B 138' and the like."""
    sc = scoring.score(eng)
    w, b = sc.totals
    if eng.over():
        win = sc.winner()
        state = "game over: " + ("a draw" if win < 0 else "%s wins" % PLAYER_NAMES[win])
    else:
        state = "not over by these rules: %s to build" % PLAYER_NAMES[eng.to_move]
    return "%d builds, %s; score W %d, B %d" % (eng.nbuilds, state, w, b)


def options_text(g):
    words = [RULES_NAMES[g.rules] + " rules"]
    words.append("streets=open" if g.open_streets else "streets as written")
    if g.location_bonus:
        words.append("location-bonus")
    words.append("%s first" % PLAYER_NAMES[g.first])
    return ", ".join(words)


# -- files and commands --------------------------------------------------------------------


def read_file(path):
    """The file's text, its lines ended by \\n; Stop for what cannot be read
    (as the referee reads a record)."""
    return read_text(path, "").replace("\r\n", "\n").replace("\r", "\n")


def write_out(path, text):
    if path in (None, "-"):
        sys.stdout.write(text)
        return
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    os.replace(tmp, path)


def load_ppn(args):
    text = read_file(args.file)
    streets = None
    if args.streets is not None:
        streets = args.streets
    rules = None if args.rules is None else RULES_NAMES.index(args.rules)
    try:
        return read_ppn(text, args.game, rules, streets,
                        True if args.location_bonus else None)
    except PpnError as e:
        raise Stop(EXIT_MALFORMED, "%s: %s" % (_name(args.file), e)) from None


def _name(path):
    return "<stdin>" if path == "-" else path


def cmd_import(args):
    g = load_ppn(args)
    _eng, bad, note = settle_streets(g)
    write_out(args.out, record_text(g))
    if note:
        sys.stderr.write(note + "\n")
    if bad:
        raise Stop(EXIT_ILLEGAL, "%s: %s (%s)" % (_name(args.file), illegal_text(g, bad),
                                                  options_text(g)))
    return EXIT_OK


def cmd_check(args):
    g = load_ppn(args)
    eng, bad, note = settle_streets(g)
    if bad:
        raise Stop(EXIT_ILLEGAL, "%s: %s (%s)" % (_name(args.file), illegal_text(g, bad),
                                                  options_text(g)))
    print("ok: %s (%s)" % (summary(eng), options_text(g)))
    if note:
        print(note)
    return EXIT_OK


def cmd_export(args):
    text = read_file(args.file)
    try:
        _rec, g = read_record(text)
    except record.RecordError as e:
        raise Stop(EXIT_MALFORMED, "%s: %s" % (_name(args.file), e)) from None
    except ValueError:
        raise Stop(EXIT_MALFORMED, "%s: not an Alien City record (tools/referee.py check "
                   "says where)" % _name(args.file)) from None
    _eng, bad = replay(g)
    if bad:
        t, why = bad
        raise Stop(EXIT_ILLEGAL, "%s: line %d: %s %s: %s" % (
            _name(args.file), t.line, PLAYER_NAMES[player_of(g, t)],
            record.move_text(t.kind, t.lot, t.cap), why))
    write_out(args.out, ppn_text(g))
    return EXIT_OK


def parser():
    ap = argparse.ArgumentParser(
        prog="ppn.py", description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="Exit codes: 0 fine; 1 an illegal build (the message names the turn and "
               "line); 2 a file that cannot be read (one line: where and why) or a wrong "
               "command line. Format: docs/records.md.")
    sub = ap.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for name, helptext, func in (
            ("import", "a PPN game -> our record (written even when a build is illegal)",
             cmd_import),
            ("check", "is a PPN game legal? prints the builds, the state and the score",
             cmd_check)):
        p = sub.add_parser(name, help=helptext, description=helptext)
        p.add_argument("file", metavar="FILE.ppn", help="the PPN file ('-': stdin)")
        p.add_argument("--game", type=int, default=1, metavar="N",
                       help="which game of the file (default 1)")
        p.add_argument("--rules", choices=RULES_NAMES,
                       help="the rule set (default: the file's Rules, else classic when "
                            "the tiles carry ranks, standalone when not)")
        p.add_argument("--streets", choices=("open", "as-written"),
                       help="the street rule (default: the file's Streets, else as written, "
                            "or open when only that makes the game legal)")
        p.add_argument("--location-bonus", action="store_true",
                       help="classic only: the location bonus")
        if name == "import":
            p.add_argument("--out", help="the record to write (default: stdout)")
        p.set_defaults(func=func)
    p = sub.add_parser("export", help="our record -> PPN for the community's tools",
                       description="Write a record (docs/records.md) as PPN that the ppn "
                                   "R package reads; its builds must be legal.")
    p.add_argument("file", metavar="RECORD", help="the record ('-': stdin)")
    p.add_argument("--out", help="the PPN file to write (default: stdout)")
    p.set_defaults(func=cmd_export)
    return ap


def main(argv=None):
    args = parser().parse_args(argv)
    if getattr(args, "game", 1) < 1:
        parser().error("--game counts from 1")
    try:
        return args.func(args)
    except Stop as e:
        sys.stderr.write(e.message + "\n")
        return e.code
    except BrokenPipeError:
        return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
