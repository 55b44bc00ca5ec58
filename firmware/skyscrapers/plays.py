"""Skyscrapers' codec: the one place where what the engine packs is put
together or taken apart (firmware/contract.py; docs/skyscrapers.md,
"Numbers").

- A play (``Game.legal``, ``apply``, ``why_not``) is ``kind << 10 | a << 5
  | b``: ``play_of`` makes one, ``play_kind``, ``play_from`` (the cell of
  the piece that moves) and ``play_to`` take it apart.
- A history entry's first byte (``Game.hist[4 * i]``): the kind, whether a
  tile slid, the tile slides in a row before it: ``entry``,
  ``entry_kind``, ``entry_run``.
"""


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
