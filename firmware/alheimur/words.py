"""Words on Alheimur's screens: players and their colours, places, ships,
elements, the decision point. A view's helper: it reads the game, never
changes it (what an action does is alheimur/acts.py's).

A territory is named by its world's letter and its first tile ("R B3"),
a ship by its owner's letter, size, T (transport) or F (fighter) and its
marine's size ("Y3T2"), as the records write them.
"""

from micropython import const

from alheimur.world import tile_name

# consts from alheimur.actions, alheimur.layout (tools/consts.py; do not edit)
_FIGHTER = const(4)
_MARINE = const(24)
_SPACE = const(8)
# end consts

LETTERS = "RYGBPOCW"
NAMES = ("red", "yellow", "green", "blue", "purple", "orange", "cyan", "white")
SIZES = ("none", "small", "medium", "large")
ELEMENTS = ("air", "earth", "fire", "water", "ether")

# The decision point in a word or two (the panel's status line)
PHASES = ("deal", "building", "swap card", "start", "expansion", "survival",
          "1 migrate", "2 launch", "3 status", "4 land", "5 board", "6 move",
          "battle", "fire", "target", "dice", "game over")
COLOURS = (0xFF4038, 0xFFE020, 0x38D848, 0x4A86FF, 0xC060FF, 0xFF8C20,
           0x30E0E8, 0xF0F0F0)


def world_letter(g, w):
    return LETTERS[w] if w < g.nplayers() else "N"


def place(g, loc):
    """An orbit by its world's letter, or 'space'."""
    return "space" if loc == _SPACE else world_letter(g, loc)


def terr(g, w, t):
    """'R B3': territory t of world w."""
    return world_letter(g, w) + " " + tile_name(g.tfirst[w * 16 + t])


def ship(g, i):
    """'Y3T2': owner, size, transport or fighter, marine."""
    c = g.sb[i]
    s = "%s%d%s" % (LETTERS[g.sl[i] >> 4], c & 3, "F" if c & _FIGHTER else "T")
    if c & _MARINE:
        s += str((c & _MARINE) >> 3)
    return s


def ship_kind(fighter):
    return "fighter" if fighter else "transport"
