"""What an Alheimur action does, in one line ("expand R B3: a medium"),
said before it is taken (the human's choices, undo, every computer
move), and where to look at it once done. Loaded with what says it
(alheimur/human.py; alheimur/computer.py once it has chosen), dropped
while a computer thinks. Every template fits the message line whole with
the longest names (tests/test_messages.py).
"""

from micropython import const

from alheimur.actions import a_ship, a_size, a_terr, a_to, a_world
from alheimur.words import SIZES, place, ship, ship_kind, terr, tile_name, world_letter

# consts from alheimur.actions, alheimur.layout (tools/consts.py; do not edit)
_FIGHTER = const(4)
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
# end consts

STEPS = ("migrate", "launch", "status", "land", "board", "move")

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


def action(g, a):
    """What action a does, said before it is taken."""
    k = a >> 11
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
        return L_LAUNCH % (t, ship_kind(a & 1))
    i = a_ship(a)
    h = ship(g, i)
    if k == _K_AIM:
        return L_AIM % h
    if k == _K_TARGET:
        return L_TARGET % h
    loc = g.sl[i] & 15
    if k == _K_FLIP:
        return L_FLIP % (h, ship_kind(not g.sb[i] & _FIGHTER))
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
    """Where to look at action a once done: a spot (territory, 128 + ship)
    or a place's tab (-2 - world); -1: stay."""
    k = a >> 11
    if _K_START <= k <= _K_CIVILIZE:
        return a_world(a) * 16 + a_terr(a)
    if k == _K_MIGRATE:
        return a_world(a) * 16 + a_to(a)
    if k == _K_LAUNCH or k == _K_SITE:
        return -2 - a_world(a)
    i = a_ship(a)
    if i < 0:
        return -1
    if k == _K_RETURN or k == _K_UNLOAD or k == _K_LAND:
        return (g.sl[i] & 15) * 16 + a_terr(a)
    if k == _K_BOARD:
        return 128 + i
    return 128 + i
