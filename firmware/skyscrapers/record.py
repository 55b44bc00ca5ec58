"""Skyscrapers game records (docs/skyscrapers.md):

    skyscrapers 1
    variant 1                  # optional; also 'variant 2'
    option pawns-over-stacks   # optional
    cells S3 M0 A2 ... . ...   # 25 cells, top row first; '.' the hole (C3)
    stack B2 B3                # the single tile on B2 onto B3
    slide C4                   # C4 into the hole
    pawn S A1 A4               # the suns pawn from A1 to A4

``read`` checks the form and names the line of any problem; ``replay``
plays the moves through the engine and names the first illegal one.
"""

from records import RecordError, Words
from skyscrapers.engine import (
    CENTER,
    NTILES,
    OVER_STACKS,
    PAWN,
    SLIDE,
    STACK,
    SUITS,
    VAR1,
    VAR2,
    Game,
    N,
    cell_name,
    parse_cell,
    play_text,
    tile_name,
)
from skyscrapers.plays import play_from, play_kind, play_of

MAGIC = "skyscrapers"
VERSION = 1
OPTION_WORDS = ("pawns-over-stacks",)


class Record:
    """The options, the starting cells and the plays (line, play, suit),
    not yet checked for legality; suit is the pawn's suit (or -1)."""

    def __init__(self):
        self.options = 0
        self.cells = bytearray(N)
        self.plays = []

    def new_game(self):
        return Game(self.cells, self.options)


def _cells(toks, n):
    cells = bytearray(N)
    seen = bytearray(NTILES)
    for i in range(N):
        tok = toks[i]
        name = cell_name(i)
        if tok == ".":
            if i != CENTER:
                raise RecordError(n, "the hole starts at C3, not %s" % name)
            continue
        s = SUITS.find(tok[:1])
        if len(tok) != 2 or s < 0 or tok[1] not in "012345":
            raise RecordError(n, "cell %s '%s': expected a suit S/M/C/A and a "
                              "value 0-5 (0 null, 1 ace), or '.' for the hole"
                              % (name, tok))
        t = s * 6 + int(tok[1])
        if seen[t]:
            raise RecordError(n, "tile %s twice (again on %s)" % (tok, name))
        seen[t] = 1
        cells[i] = t + 1
    if cells[CENTER]:
        raise RecordError(n, "the hole starts at C3")
    nulls = 0
    for c in (7, 11, 13, 17):
        if cells[c] and (cells[c] - 1) % 6 == 0:
            nulls += 1
    if nulls == 4:
        raise RecordError(n, "four nulls around the hole: at setup the crowns "
                          "null and the crowns ace change places")
    return cells


def read(lines):
    """Parse text lines into a ``Record``; RecordError when malformed."""
    rec = Record()
    state = 1            # 1 header, 2 plays
    cells_line = 0
    seen_var = [0, 0, 0]    # line of 'variant 1' / 'variant 2'
    seen_opt = 0            # line of 'option pawns-over-stacks'
    walk = Words(lines, MAGIC, VERSION)
    for n, toks in walk:
        word = toks[0]
        if word in ("VARIANT", "OPTION", "CELLS"):
            if state == 2:
                raise RecordError(n, "'%s' belongs before the first play"
                                  % word.lower())
            if word == "VARIANT":
                if len(toks) != 2 or toks[1] not in ("1", "2"):
                    raise RecordError(n, "expected 'variant 1' or 'variant 2'")
                v = int(toks[1])
                if seen_var[v]:
                    raise RecordError(n, "variant %d given twice (first on line %d)"
                                      % (v, seen_var[v]))
                seen_var[v] = n
                rec.options |= VAR1 if v == 1 else VAR2
            elif word == "OPTION":
                if len(toks) != 2 or toks[1].lower() not in OPTION_WORDS:
                    raise RecordError(n, "unknown option (known: %s)"
                                      % ", ".join(OPTION_WORDS))
                if seen_opt:
                    raise RecordError(n, "option %s given twice (first on line %d)"
                                      % (OPTION_WORDS[0], seen_opt))
                seen_opt = n
                rec.options |= OVER_STACKS
            else:
                if cells_line:
                    raise RecordError(n, "cells given twice (first on line %d)"
                                      % cells_line)
                if len(toks) != N + 1:
                    raise RecordError(n, "expected 25 cells, found %d"
                                      % (len(toks) - 1))
                rec.cells = _cells(toks[1:], n)
                cells_line = n
            continue
        if state == 1:
            if not cells_line:
                raise RecordError(n, "no 'cells' line before the plays")
            state = 2
        rec.plays.append(_play(toks, n))
    walk.end()
    if not cells_line:
        raise RecordError(max(walk.n, 1), "no 'cells' line")
    return rec


def _cell(tok, n):
    c = parse_cell(tok)
    if c < 0:
        raise RecordError(n, "'%s' is not a cell (A1 to E5)" % tok)
    return c


def _play(toks, n):
    word = toks[0]
    if word == "STACK":
        if len(toks) != 3:
            raise RecordError(n, "a stack is 'stack FROM ONTO', e.g. 'stack B2 B3'")
        return (n, play_of(STACK, _cell(toks[1], n), _cell(toks[2], n)), -1)
    if word == "SLIDE":
        if len(toks) != 2:
            raise RecordError(n, "a slide is 'slide CELL', e.g. 'slide C4'")
        return (n, play_of(SLIDE, _cell(toks[1], n), 0), -1)
    if word == "PAWN":
        if len(toks) != 4:
            raise RecordError(n, "a pawn move is 'pawn SUIT FROM TO', e.g. "
                              "'pawn S A1 A4'")
        s = SUITS.find(toks[1])
        if len(toks[1]) != 1 or s < 0:
            raise RecordError(n, "'%s' is not a suit (S, M, C, A)" % toks[1])
        return (n, play_of(PAWN, _cell(toks[2], n), _cell(toks[3], n)), s)
    raise RecordError(n, "expected a play ('stack B2 B3', 'slide C4', "
                      "'pawn S A1 A4') or a header line; got '%s'" % word.lower())


def replay(rec, game=None):
    """Play the record. Returns (game, None) or, at the first illegal play,
    (game before it, (play number, line, reason))."""
    if game is None:
        game = rec.new_game()
    for i, (line, m, s) in enumerate(rec.plays, 1):
        k = play_kind(m)
        if k == SLIDE:
            m = play_of(SLIDE, play_from(m), game.hole)
        elif k == PAWN:
            a = play_from(m)
            p = game.pawn[a]
            if p and p - 1 != s:
                return game, (i, line, "the pawn on %s is %s, not %s" % (
                    cell_name(a), SUITS[p - 1], SUITS[s]))
        err = game.why_not(m)
        if err:
            return game, (i, line, err)
        game.apply(m)
    return game, None


def write(game, comment=None):
    """The record of ``game`` as text."""
    out = ["%s %d" % (MAGIC, VERSION)]
    if comment:
        out.append("# " + comment)
    if game.options & VAR1:
        out.append("variant 1")
    if game.options & VAR2:
        out.append("variant 2")
    if game.options & OVER_STACKS:
        out.append("option pawns-over-stacks")
    toks = []
    for c in range(N):
        v = game.start[c]
        toks.append(tile_name(v - 1) if v else ".")
    out.append("cells " + " ".join(toks))
    # Replay from the start to name each pawn's suit.
    g = Game(game.start, game.options)
    for i in range(game.nplays):
        m = game.play_at(i)
        out.append(play_text(m, g))
        g.apply(m)
    return "\n".join(out) + "\n"
