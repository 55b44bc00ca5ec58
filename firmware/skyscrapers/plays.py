"""Skyscrapers' codec: the one place where what the engine packs is put
together or taken apart (firmware/contract.py; docs/skyscrapers.md,
"Numbers").

- A play (``Game.legal``, ``apply``, ``why_not``) is ``kind << 10 | a << 5
  | b``: ``play_of`` makes one, ``play_kind``, ``play_from`` (the cell of
  the piece that moves) and ``play_to`` take it apart.
- A history entry's first byte (``Game.hist[4 * i]``): the kind, whether a
  tile slid, the tile slides in a row before it: ``entry``,
  ``entry_kind``, ``entry_run``.

and the board the plays are made on: its 25 cells, their neighbours and
names (below the engine and the scoring, which both use them; here, with
the numbers that name them, so a slide enters one module for both:
tools/trips.py)::

    cell = y * 5 + x   x 0-4 = columns A-E, y 0-4 = rows 5-1 (top first)
"""

from micropython import const

from records import square

N = const(25)
NONE = const(255)

# Orthogonal neighbours: up, left, right, down (NONE off the board).
NB = bytearray(4 * N)
for _c in range(N):
    _x = _c % 5
    _y = _c // 5
    NB[4 * _c] = _c - 5 if _y > 0 else NONE
    NB[4 * _c + 1] = _c - 1 if _x > 0 else NONE
    NB[4 * _c + 2] = _c + 1 if _x < 4 else NONE
    NB[4 * _c + 3] = _c + 5 if _y < 4 else NONE


def cell_name(c):
    return "ABCDE"[c % 5] + str(5 - c // 5)


def parse_cell(s):
    """'B2' -> cell, or -1."""
    return square(s, 5, 5)


def adjacent(a, b):
    i = 4 * a
    return NB[i] == b or NB[i + 1] == b or NB[i + 2] == b or NB[i + 3] == b



def play_of(kind, a, b):
    """The play number: ``kind`` (STACK, SLIDE, PAWN) of the piece on a to b."""
    return kind << 10 | a << 5 | b


def play_kind(m):
    return m >> 10


def play_from(m):
    return (m >> 5) & 31


def play_to(m):
    return m & 31


def entry(kind, tslide, run):
    """A play's history byte: its kind, 1 if a tile slid, the run before."""
    return kind | tslide << 2 | run << 4


def entry_kind(h):
    return h & 3


def entry_run(h):
    return h >> 4
