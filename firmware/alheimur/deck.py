"""The 40 Aquarius element cards, as data in one place.

No card list of the real deck is public, so the deck is reconstructed from
its published make-up (CLARIFICATIONS.md, Alheimur 2): two whole cards per
element; for each pair of elements one card split top/bottom and one split
left/right; for each set of four elements two quarter cards with different
diagonals. Replace ``DECK`` by a real card list and nothing else changes.

A card is named by the elements of its quarters NW NE SW SE (clarification
13): A air, E earth, F fire, W water, T ether. ``AAFF`` is split top/bottom,
``AFAF`` left/right, ``AEFW`` a quarter card. Also the codec of a card's
place (below).
"""

from micropython import const

# The codec of a card's place (Game.wcard: a world's slots; the grid of the
# world being built, where it is the card + 1, 0 empty): the deal's card |
# turned << 7, packed by card_place, taken apart by place_card and
# place_turned. World building's: this module is not loaded in play;
# world.py, which derives a world from its cards, shifts by these numbers,
# copied by tools/consts.py (comments here: they cost the test VM no heap).
_CARD = const(127)
_TURN_AT = const(7)
_TURNED = const(128)

ELEMENTS = "AEFWT"
NCARDS = 40
# World building's words (here, not in words.py: a computer's move never
# says them): a card's slot in its world, and the positions 0-8 of the
# cards around a world's first card (4) while it is built, named from the
# first card.
SLOTS = tuple(["NW", "NE", "SW", "SE"])
POSITIONS = tuple(["NW", "N", "NE", "W", "-", "E", "SW", "S", "SE"])

DECK = (
    # whole cards, two per element
    "AAAA AAAA EEEE EEEE FFFF FFFF WWWW WWWW TTTT TTTT "
    # halves: per pair, split top/bottom, then split left/right
    "AAEE AEAE AAFF AFAF AAWW AWAW AATT ATAT EEFF EFEF "
    "EEWW EWEW EETT ETET FFWW FWFW FFTT FTFT WWTT WTWT "
    # quarters: per set of four elements, diagonals a-d b-c, then a-b c-d
    "EFWT EWTF AFWT AWTF AEWT AWTE AEFT AFTE AEFW AFWE"
)


def parse_card(name):
    """Four element numbers (a bytes) for a card name such as 'AEFW', or
    None when it is not one: four letters of AEFWT forming a whole card, a
    half (top/bottom or left/right) or four different elements."""
    if len(name) != 4:
        return None
    q = bytearray(4)
    for i in range(4):
        e = ELEMENTS.find(name[i].upper())
        if e < 0:
            return None
        q[i] = e
    a, b, c, d = q
    if a == b == c == d:
        return bytes(q)
    if a == b and c == d and a != c:    # top/bottom
        return bytes(q)
    if a == c and b == d and a != b:    # left/right
        return bytes(q)
    if a != b and a != c and a != d and b != c and b != d and c != d:
        return bytes(q)
    return None


def card_name(quads, i=0):
    """The name of the card whose four elements start at quads[i]."""
    return "".join(ELEMENTS[quads[i + k]] for k in range(4))


def deck_quads():
    """The deck as 160 element numbers, card by card (order of DECK)."""
    out = bytearray(4 * NCARDS)
    i = 0
    for name in DECK.split():
        q = parse_card(name)
        if q is None:
            raise ValueError("not a card in DECK: " + name)
        out[i:i + 4] = q
        i += 4
    return out


def card_place(card, turned):
    """The place byte of the deal's ``card``, turned 180 degrees when
    ``turned`` is 1."""
    return card | turned << _TURN_AT


def place_card(v):
    """The deal's card in a place byte."""
    return v & _CARD


def place_turned(v):
    """1 when the card in a place byte is turned 180 degrees."""
    return v >> _TURN_AT
