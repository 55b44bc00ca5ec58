"""Alheimur in words: the one vocabulary of the screens, the records and the
reasons. It reads the game, never changes it.

- Players are seats 1-8, each a letter, a name and a colour (CLARIFICATIONS.md,
  Alheimur 1); a world is named by its owner's letter, the neutral world N.
- A territory by its world's letter and its first tile: "R B3" (records
  and reasons name the tile alone where the world is said: "B3").
- A ship by its owner's letter, pips, T (transport) or F (fighter) and its
  marine's pips: "Y3T2" (records name it without the owner where the
  owner is known: "3T2").
- What an action does, in one line of the message line ("expand R B3: a
  medium"), is ``action``; as a record writes it, ``record.action_text``;
  where to look at it once done (a computer's move), ``look``.

Loaded whenever something is said (a human's decision, a computer's once
it has chosen, the screens of world building, the hand-over, the end);
dropped while a computer thinks. Every template fits the message line
whole with the longest names (tests/test_messages.py).
"""

from micropython import const

from alheimur.actions import (
    a_ship,
    a_size,
    a_terr,
    a_to,
    a_turn,
    a_world,
    fighter,
    kind_of,
    marine,
    pips,
    ship_owner,
    ship_place,
    ship_spot,
    spot,
)
from alheimur.world import tile_name

# consts from alheimur.actions (tools/consts.py; do not edit)
_K_AIM = const(17)
_K_BOARD = const(10)
_K_CIVILIZE = const(6)
_K_EXPAND = const(5)
_K_FLIP = const(13)
_K_LAND = const(14)
_K_LAUNCH = const(9)
_K_MIGRATE = const(8)
_K_MOVE = const(15)
_K_PASS = const(0)
_K_RETURN = const(11)
_K_SITE = const(16)
_K_START = const(4)
_K_SURVIVE = const(7)
_K_TARGET = const(18)
_K_UNLOAD = const(12)
_P_AIM = const(13)
_P_EXPAND = const(4)
_P_MIGRATE = const(6)
_SPACE = const(8)
# end consts

LETTERS = "RYGBPOCW"
NAMES = ("red", "yellow", "green", "blue", "purple", "orange", "cyan", "white")
COLOURS = (0xFF4038, 0xFFE020, 0x38D848, 0x4A86FF, 0xC060FF, 0xFF8C20,
           0x30E0E8, 0xF0F0F0)
NEUTRAL = "N"
SIZES = ("none", "small", "medium", "large")
ELEMENTS = ("air", "earth", "fire", "water", "ether")
SLOTS = ("NW", "NE", "SW", "SE")                 # a card's slot in its world
# Positions 0-8 of the cards around a world's first card (4) while it is
# built, named from the first card.
POSITIONS = ("NW", "N", "NE", "W", "-", "E", "SW", "S", "SE")
# The decision point in a word or two (the panel's status line)
PHASES = ("deal", "building", "swap card", "start", "expansion", "survival",
          "1 migrate", "2 launch", "3 status", "4 land", "5 board", "6 move",
          "battle", "fire", "target", "dice", "game over")
STEPS = ("migrate", "launch", "status", "land", "board", "move")

# The status lines: the turn (top right) and who decides what (the panel)
S_TURN = "%s %d/%d"                                    # letter, round, limit
S_TURN_FREE = "%s %d"                                  # letter, round
S_TURN_LAST = "%s last"                                # letter
S_PHASE = "%s %s"                                      # letter, phase

# What an action does (each fits one line of the message line whole)
L_PASS_EXPAND = "done expanding"
L_PASS_STEP = "done with step %d (%s)"              # step, step word
L_PASS_FIRE = "stop firing"
L_START = "colonist on %s: %s"                     # terr, size
L_EXPAND = "expand %s: a %s"                       # terr, size
L_CIVILIZE = "civilize %s to %s"                   # terr, size
L_MIGRATE = "migrate %s to %s"                     # terr, tile
L_LAUNCH = "launch %s as a %s"                     # terr, shipkind
L_BOARD = "%s boards %s"                           # terr, ship
L_RETURN = "%s returns to %s"                      # ship, terr
L_UNLOAD = "%s: marine back to %s"                 # ship, terr
L_FLIP = "%s becomes a %s"                         # ship, shipkind
L_LAND = "%s: marine lands on %s"                  # ship, terr
L_MOVE = "%s moves: %s to %s"                      # ship, place, place
L_SITE = "battle in the %s orbit"                  # world
L_AIM = "%s fires"                                 # ship
L_TARGET = "fire at %s"                            # ship
L_SURVIVE = "survival check"


# -- names ---------------------------------------------------------------------


def world_letter(g, w):
    return LETTERS[w] if w < g.nplayers() else NEUTRAL


def world_name(g, w):
    """'red' or 'neutral': say 'the %s world'."""
    return NAMES[w] if w < g.nplayers() else "neutral"


def place(g, loc):
    """An orbit by its world's letter, or 'space'."""
    return "space" if loc == _SPACE else world_letter(g, loc)


def terr(g, w, t, with_world=True):
    """'R B3': territory t of world w ('B3' without the world)."""
    tile = tile_name(g.tfirst[w * 16 + t])
    return world_letter(g, w) + " " + tile if with_world else tile


def ship(g, i, with_owner=True):
    """'Y3T2': owner, pips, transport or fighter, its marine ('3T2'
    without the owner)."""
    c = g.sb[i]
    s = "%d%s" % (pips(c), "F" if fighter(c) else "T")
    if marine(c):
        s += str(marine(c))
    return LETTERS[ship_owner(g.sl[i])] + s if with_owner else s


def ship_kind(is_fighter):
    return "fighter" if is_fighter else "transport"


def status(g):
    """The status lines: (the turn: whose and the round, that seat; who
    decides what, that seat)."""
    p = g.current()
    a = g.actor()
    if a >= 8:                   # a chance point, or the game is over
        a = p
    q = LETTERS[p]
    if g.last_round() == 2:
        turn = S_TURN_LAST % q
    elif g.limit():
        turn = S_TURN % (q, g.round(), g.limit())
    else:
        turn = S_TURN_FREE % (q, g.round())
    return turn, p, S_PHASE % (LETTERS[a], PHASES[g.phase()]), a


# -- an action ------------------------------------------------------------------


def action(g, a):
    """What action a does, said before it is taken (the human's choices,
    undo, every computer move)."""
    k = kind_of(a)
    if k == _K_PASS:
        ph = g.phase()
        if ph == _P_EXPAND:
            return L_PASS_EXPAND
        if ph == _P_AIM:
            return L_PASS_FIRE
        return L_PASS_STEP % (ph - _P_MIGRATE + 1, STEPS[ph - _P_MIGRATE])
    if k == _K_SURVIVE:
        return L_SURVIVE
    if k == _K_SITE:
        return L_SITE % world_letter(g, a_world(a))
    w = a_world(a)
    if w >= 0:
        t = terr(g, w, a_terr(a))
        if k == _K_START:
            return L_START % (t, SIZES[a_size(a)])
        if k == _K_EXPAND:
            return L_EXPAND % (t, SIZES[a_size(a)])
        if k == _K_CIVILIZE:
            return L_CIVILIZE % (t, SIZES[a_size(a)])
        if k == _K_MIGRATE:
            return L_MIGRATE % (t, tile_name(g.tfirst[w * 16 + a_to(a)]))
        return L_LAUNCH % (t, ship_kind(a_turn(a)))
    i = a_ship(a)
    h = ship(g, i)
    if k == _K_AIM:
        return L_AIM % h
    if k == _K_TARGET:
        return L_TARGET % h
    loc = ship_place(g.sl[i])
    if k == _K_FLIP:
        return L_FLIP % (h, ship_kind(not fighter(g.sb[i])))
    if k == _K_MOVE:
        return L_MOVE % (h, place(g, loc), place(g, a_to(a)))
    t = terr(g, loc, a_terr(a))
    if k == _K_BOARD:
        return L_BOARD % (t, h)
    if k == _K_RETURN:
        return L_RETURN % (h, t)
    if k == _K_UNLOAD:
        return L_UNLOAD % (h, t)
    return L_LAND % (h, t)


def look(g, a):
    """Where to look at action a once done: a spot (actions.spot,
    ship_spot) or a place's tab (-2 - world); -1: stay."""
    k = kind_of(a)
    if _K_START <= k <= _K_CIVILIZE:
        return spot(a_world(a), a_terr(a))
    if k == _K_MIGRATE:
        return spot(a_world(a), a_to(a))
    if k == _K_LAUNCH or k == _K_SITE:
        return -2 - a_world(a)
    i = a_ship(a)
    if i < 0:
        return -1
    if k == _K_RETURN or k == _K_UNLOAD or k == _K_LAND:
        return spot(ship_place(g.sl[i]), a_terr(a))
    return ship_spot(i)
