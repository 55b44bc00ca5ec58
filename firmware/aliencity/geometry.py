"""The city's fixed geometry and names: lots, tiles, neighbours, pieces
(their words and notation, lot_name, piece_name, parse_lot and
parse_kind, are the codec's: aliencity/moves.py).

Lot numbers run row by row from the top left: lot = y * 8 + x with x = 0..7
for columns A..H and y = 0..9 for rows 10..1 (the rulebook's orientation,
row 10 at the top). Tiles are 2x2 lots, numbered the same way (4 wide, 5
tall). Every table is built once at import as a bytes object.
"""

from array import array

from micropython import const

NLOTS = const(80)
NTILES = const(20)
NONE = const(255)  # "no lot" in every table and history entry

# Players: W (white caps) and B (black caps) in records; on the screen
# P1 and P2, which no one mistakes for a colour or a button.
W = const(0)
B = const(1)
PLAYER_NAMES = "WB"
PLAYER_WORDS = ("P1", "P2")

# Colours (tile zoning and structure guilds)
RED = const(0)
BLUE = const(1)
GREEN = const(2)
BLACK = const(3)
COLOUR_LETTERS = "RBGK"
COLOUR_NAMES = ("red", "blue", "green", "black")

# Piece kinds: towers of three colours, domes of four.
NKINDS = const(7)
KIND_NAMES = ("TR", "TB", "TG", "DR", "DB", "DG", "DK")
KIND_COLOUR = b"\x00\x01\x02\x00\x01\x02\x03"
# Starting supply per player, by kind (clarification 2).
START_SUPPLY = (b"\x03\x02\x02\x03\x03\x03\x03", b"\x02\x03\x02\x03\x03\x03\x03")
CAPS = const(3)

CORNERS = ("NW", "NE", "SW", "SE")


def _build():
    tile = bytearray(NLOTS)
    tlots = bytearray(NTILES * 4)
    nbo = array("H", [0] * (NLOTS + 1))  # offsets reach 284
    nbl = bytearray()
    for lot in range(NLOTS):
        x = lot & 7
        y = lot >> 3
        tile[lot] = (y >> 1) * 4 + (x >> 1)
        nbo[lot] = len(nbl)
        if y > 0:
            nbl.append(lot - 8)
        if x > 0:
            nbl.append(lot - 1)
        if x < 7:
            nbl.append(lot + 1)
        if y < 9:
            nbl.append(lot + 8)
    nbo[NLOTS] = len(nbl)
    for t in range(NTILES):
        top = (t >> 2) * 16 + (t & 3) * 2
        tlots[t * 4] = top
        tlots[t * 4 + 1] = top + 1
        tlots[t * 4 + 2] = top + 8
        tlots[t * 4 + 3] = top + 9
    return bytes(tile), bytes(tlots), nbo, bytes(nbl)


# LOT_TILE[lot] -> tile; TILE_LOTS[t*4 + corner] -> lot (corners NW NE SW SE);
# neighbours of lot are NB_LIST[NB_START[lot]:NB_START[lot + 1]].
LOT_TILE, TILE_LOTS, NB_START, NB_LIST = _build()
del _build  # run once: its code need not stay loaded
