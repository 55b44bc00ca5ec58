"""Names of players, worlds, pieces and actions, as screens and records
write them (docs/records.md, Alheimur).

Players are seats 1-8 with a colour and a letter (CLARIFICATIONS.md 1); a
world is named by its owner's letter, the neutral world N; a territory by
its first tile (A4 .. D1); a ship by size, T (transport) or F (fighter) and
its marine's size: 3T2 is a 3-pip transport carrying a 2-pip marine; with
its owner in front (R3T2) when it may be another player's.
"""

from micropython import const

from alheimur import world
from alheimur.actions import (
    K_AIM,
    K_BOARD,
    K_DIE,
    K_FLIP,
    K_LAUNCH,
    K_MIGRATE,
    K_MOVE,
    K_PASS,
    K_PLACE,
    K_SITE,
    K_SURVIVE,
    K_SWAP,
    K_TARGET,
    P_DEAL,
    P_DICE,
    P_OVER,
    P_PLACE,
    P_SWAP,
    SPACE,
    a_pos,
    a_ship,
    a_size,
    a_terr,
    a_to,
    a_turn,
    a_world,
    kind_of,
)

# consts from alheimur.layout (tools/consts.py; do not edit)
_FIGHTER = const(4)
_MARINE = const(24)
# end consts

PLAYER_LETTERS = "RYGBPOCW"
PLAYER_NAMES = ("red", "yellow", "green", "blue", "purple", "orange", "cyan",
                "white")
NEUTRAL = "N"
SIZE_NAMES = ("none", "small", "medium", "large")
SLOT_NAMES = ("NW", "NE", "SW", "SE")
# Positions 0-8 of the cards around a world's first card (4) while it is
# built, named from the first card.
POS_NAMES = ("NW", "N", "NE", "W", "-", "E", "SW", "S", "SE")
KIND_WORDS = ("pass", "dice", "place", "swap", "start", "expand", "civilize",
              "survive", "migrate", "launch", "board", "return", "unload",
              "flip", "land", "move", "site", "fire", "fire")
POINT_WORDS = (
    "deal the cards", "place the card in hand", "swap in the orbit card",
    "place a start colonist", "expand, civilize or pass", "resolve survival",
    "step 1: migrate or pass", "step 2: launch, return or pass",
    "step 3: change status or pass", "step 4: land or pass",
    "step 5: board or pass", "step 6: move or pass",
    "choose the next battle", "fire a ship or pass", "choose the target",
    "roll the dice", "game over")


def world_letter(g, w):
    return PLAYER_LETTERS[w] if w < g.nplayers() else NEUTRAL


def world_name(g, w):
    """'red' or 'neutral': say 'the %s world'."""
    return PLAYER_NAMES[w] if w < g.nplayers() else "neutral"


def terr_name(g, w, t):
    return world.tile_name(g.tfirst[w * 16 + t])


def ship_text(g, i, owner=True):
    c = g.sb[i]
    s = "%d%s" % (c & 3, "F" if c & _FIGHTER else "T")
    if c & _MARINE:
        s += str((c & _MARINE) >> 3)
    if owner:
        s = PLAYER_LETTERS[g.sl[i] >> 4] + s
    return s


def loc_name(g, loc):
    return "space" if loc == SPACE else world_letter(g, loc)


def action_text(g, a):
    """An action as a record writes it (without the actor), e.g. 'expand
    Y B2 3', 'board R A4 3T', 'fire 3F' (AIM) and 'R2T' (TARGET); needs
    the game as it is before the action."""
    k = kind_of(a)
    if k == K_PASS or k == K_SURVIVE:
        return KIND_WORDS[k]
    if k == K_DIE:
        return str(a & 7)
    if k == K_PLACE:
        return "place %s %d" % (POS_NAMES[a_pos(a)], 180 * a_turn(a))
    if k == K_SWAP:
        return "swap %s %d" % (SLOT_NAMES[a_pos(a)], 180 * a_turn(a))
    if k == K_SITE:
        return "site " + world_letter(g, a_world(a))
    w = a_world(a)
    if w >= 0:
        out = "%s %s %s" % (KIND_WORDS[k], world_letter(g, w),
                            terr_name(g, w, a_terr(a)))
        if k == K_MIGRATE:
            return out + " " + terr_name(g, w, a_to(a))
        if k == K_LAUNCH:
            return out + (" F" if a & 1 else " T")
        return out + " " + str(a_size(a))
    i = a_ship(a)
    if k == K_TARGET:
        return ship_text(g, i)
    if k == K_AIM:
        return "fire " + ship_text(g, i, False)
    loc = g.sl[i] & 15
    if k == K_MOVE:
        return "move %s %s %s" % (loc_name(g, loc), ship_text(g, i, False),
                                  loc_name(g, a_to(a)))
    if k == K_FLIP:
        return "flip %s %s" % (loc_name(g, loc), ship_text(g, i, False))
    t = terr_name(g, loc, a_terr(a))
    if k == K_BOARD:
        return "board %s %s %s" % (loc_name(g, loc), t, ship_text(g, i, False))
    return "%s %s %s %s" % (KIND_WORDS[k], loc_name(g, loc),
                            ship_text(g, i, False), t)


def point_text(g):
    """What the decision point asks, e.g. 'R: step 2: launch, return or
    pass' or 'dice: 2 to roll'."""
    ph = g.phase()
    if ph == P_DICE:
        return "dice: %d to roll" % g.dice_needed()
    if ph == P_OVER or ph == P_DEAL:
        return POINT_WORDS[ph]
    a = g.actor()
    who = PLAYER_LETTERS[a] if a < 8 else "lot"
    if ph == P_PLACE or ph == P_SWAP:
        w = g.site()
        return "%s: %s (world %s)" % (who, POINT_WORDS[ph], world_letter(g, w))
    return "%s: %s" % (who, POINT_WORDS[ph])
