"""Skyscrapers' board: its 25 cells, their neighbours and names (below the
engine and the scoring, which both use them).

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
