"""Game records: the plain-text form of a game (see docs/records.md).

    alien-city 1
    rules standalone            # or classic
    option streets=open         # optional; classic also: option location-bonus
    tiles RNW BSE GNE KSW ...   # 20 tiles, top row first, left to right
    first B
    B TB E6 cap E6              # player, structure, lot, optional claim
    W DK F6

``read`` checks the form only and names the line of any problem;
``replay`` plays the moves through the engine and names the first illegal
one. Both run on the device too (saves, shared games).
"""

from aliencity.engine import CLASSIC, RULES_NAMES, STANDALONE, Game
from aliencity.geometry import COLOUR_LETTERS, COLOUR_NAMES, CORNERS, KIND_NAMES, NONE, NTILES, PLAYER_NAMES
from aliencity.moves import lot_name, parse_kind, parse_lot
from records import RecordError, Words

MAGIC = "alien-city"
VERSION = 1
BLACK_TOWER = -2  # kind code for "TK": well formed, but no such piece


class Record:
    """What a record says: the setup and the moves, not yet checked for
    legality. ``moves`` holds (line, player, kind, lot, cap) tuples."""

    def __init__(self):
        self.rules = STANDALONE
        self.open_streets = False
        self.location_bonus = False
        self.tiles = bytearray(NTILES)
        self.icons = bytearray(NTILES)
        self.values = bytearray(NTILES)
        self.first = 1
        self.moves = []

    def new_game(self):
        return Game(self.tiles, self.icons, self.values, self.rules,
                    self.open_streets, self.location_bonus, self.first)


def _tile(tok, classic, n, err):
    """'R3NW' -> (colour, value, corner); err(msg) raises."""
    c = COLOUR_LETTERS.find(tok[:1])
    corner = tok[-2:]
    mid = tok[1:-2]
    if c < 0 or corner not in CORNERS or len(tok) < 3:
        err("tile %d '%s': expected colour R/B/G/K, %sand a corner NW/NE/SW/SE"
            % (n, tok, "a value 0-5 " if classic else ""))
    if classic:
        if len(mid) != 1 or mid not in "012345":
            err("tile %d '%s': a classic tile carries a value 0-5, e.g. R3NW"
                % (n, tok))
        return c, int(mid), CORNERS.index(corner)
    if mid:
        err("tile %d '%s': standalone tiles have no value (is this a classic "
            "game? add 'rules classic')" % (n, tok))
    return c, 0, CORNERS.index(corner)


def read(lines):
    """Parse an iterable of text lines into a ``Record``; RecordError on a
    malformed line."""
    rec = Record()
    state = 1  # 1 header, 2 moves
    tiles_line = 0
    tiles_toks = None
    rules_line = 0
    first_seen = 0  # line of the 'first' header, 0 if none
    lb_line = 0
    walk = Words(lines, MAGIC, VERSION)
    for n, toks in walk:
        word = toks[0]

        def err(msg, n=n):
            raise RecordError(n, msg)

        if word in ("RULES", "OPTION", "TILES", "FIRST"):
            if state == 2:
                err("'%s' belongs before the first move" % word.lower())
            if word == "RULES":
                if len(toks) != 2 or toks[1].lower() not in RULES_NAMES:
                    err("expected 'rules standalone' or 'rules classic'")
                if rules_line:
                    err("rules given twice (first on line %d)" % rules_line)
                rec.rules = RULES_NAMES.index(toks[1].lower())
                rules_line = n
            elif word == "OPTION":
                if len(toks) != 2:
                    err("expected one option per line, e.g. 'option streets=open'")
                if toks[1] == "STREETS=OPEN":
                    if rec.open_streets:
                        err("option streets=open given twice")
                    rec.open_streets = True
                elif toks[1] == "LOCATION-BONUS":
                    if lb_line:
                        err("option location-bonus given twice (first on line %d)" % lb_line)
                    rec.location_bonus = True
                    lb_line = n
                else:
                    err("unknown option '%s' (known: streets=open, location-bonus)"
                        % toks[1].lower())
            elif word == "TILES":
                if tiles_toks is not None:
                    err("tiles given twice (first on line %d)" % tiles_line)
                if len(toks) != NTILES + 1:
                    err("expected %d tiles, found %d" % (NTILES, len(toks) - 1))
                tiles_toks = toks[1:]
                tiles_line = n
            else:
                if len(toks) != 2 or toks[1] not in ("W", "B"):
                    err("expected 'first W' or 'first B'")
                if first_seen:
                    err("first given twice (first on line %d)" % first_seen)
                rec.first = PLAYER_NAMES.index(toks[1])
                first_seen = n
            continue
        # A move line.
        if state == 1:
            _finish_header(rec, tiles_toks, tiles_line, lb_line, first_seen, n)
            state = 2
        if word not in ("W", "B"):
            err("expected a move like 'B TB E6 cap E6', or a header line; "
                "got '%s'" % toks[0].lower())
        if len(toks) not in (3, 5):
            err("a move is: player, structure, lot, and optionally 'cap LOT'")
        kind = parse_kind(toks[1])
        if kind < 0:
            if toks[1] == "TK":
                kind = BLACK_TOWER
            else:
                err("'%s' is not a structure: T or D, then a colour R/B/G/K "
                    "(e.g. TB, DK)" % toks[1])
        lot = parse_lot(toks[2])
        if lot < 0:
            err("'%s' is not a lot (A1 to H10)" % toks[2])
        cap = NONE
        if len(toks) == 5:
            if toks[3] != "CAP":
                err("expected 'cap LOT' after the lot, got '%s'" % toks[3].lower())
            cap = parse_lot(toks[4])
            if cap < 0:
                err("'%s' is not a lot (A1 to H10)" % toks[4])
        rec.moves.append((n, PLAYER_NAMES.index(word), kind, lot, cap))
    walk.end()
    if state == 1:
        _finish_header(rec, tiles_toks, tiles_line, lb_line, first_seen, walk.n)
    return rec


def _finish_header(rec, toks, tiles_line, lb_line, first_seen, n):
    if toks is None:
        raise RecordError(n, "no 'tiles' line before the moves")
    classic = rec.rules == CLASSIC

    def err(msg):
        raise RecordError(tiles_line, msg)

    count = bytearray(4)
    for i in range(NTILES):
        c, v, corner = _tile(toks[i], classic, i + 1, err)
        rec.tiles[i] = c
        rec.values[i] = v
        rec.icons[i] = corner
        count[c] += 1
    for c in range(4):
        if count[c] != 5:
            err("%d %s tiles; a city has 5 of each colour"
                % (count[c], COLOUR_NAMES[c]))
    if rec.location_bonus and not classic:
        raise RecordError(lb_line, "location-bonus is an option of the "
                          "classic rules")
    if not classic and first_seen and rec.first != 1:
        raise RecordError(first_seen, "under the standalone rules B builds first")


def replay(rec, game=None):
    """Play the record's moves. Returns (game, None) or, at the first
    illegal move, (game with the moves before it, (move number, line,
    reason))."""
    if game is None:
        game = rec.new_game()
    for i, (line, p, kind, lot, cap) in enumerate(rec.moves, 1):
        if game.over():
            return game, (i, line, "the game is over; nobody can build")
        if p != game.to_move:
            q = PLAYER_NAMES[game.to_move]
            why = "it is %s's turn, not %s's" % (q, PLAYER_NAMES[p])
            if game.nbuilds and game.build_at(game.nbuilds - 1)[0] == game.to_move:
                why += " (%s cannot build)" % PLAYER_NAMES[p]
            return game, (i, line, why)
        if kind == BLACK_TOWER:
            return game, (i, line, "there are no black towers")
        n = game.nbuilds
        try:
            game.again(kind, lot, cap)
        except ValueError as e:
            while game.nbuilds > n:    # the build whose claim was refused too
                game.undo()
            return game, (i, line, str(e))
    return game, None


def move_text(kind, lot, cap=NONE):
    """'TB E6' or 'TB E6 cap E6'."""
    s = KIND_NAMES[kind] + " " + lot_name(lot)
    if cap != NONE:
        s += " cap " + lot_name(cap)
    return s


def write(game):
    """The record of ``game`` as text (one line per build)."""
    out = ["%s %d" % (MAGIC, VERSION), "rules " + RULES_NAMES[game.rules]]
    if game.open_streets:
        out.append("option streets=open")
    if game.location_bonus:
        out.append("option location-bonus")
    toks = []
    for t in range(NTILES):
        v = str(game.tval[t]) if game.rules == CLASSIC else ""
        toks.append(COLOUR_LETTERS[game.tcol[t]] + v + CORNERS[game.ticon[t]])
    out.append("tiles " + " ".join(toks))
    out.append("first " + PLAYER_NAMES[game.first])
    for i in range(game.nbuilds):
        p, kind, lot, cap = game.build_at(i)
        out.append(PLAYER_NAMES[p] + " " + move_text(kind, lot, cap))
    return "\n".join(out) + "\n"
