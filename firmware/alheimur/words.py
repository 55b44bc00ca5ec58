"""Alheimur in words: the one vocabulary of the screens and the reasons
(records keep their codes: alheimur/record.py). It reads the game, never
changes it.

- Players are seats 1-8, each a name, a colour and a letter on the screen
  (CLARIFICATIONS.md, Alheimur 1); no letter reads as a button: blue is U
  (as in blUe), where records write B. A world is named by its owner ("the
  red world"), or "neutral".
- A territory by its world and its first tile: "red C3".
- A ship by its owner, size and kind: "red's medium fighter" (and its
  marine where it matters: "with a small marine").
- What an action does, in at most two lines of the message line ("expand
  red B3: a medium"), is ``action``; the key's word for it ("expand"),
  ``verb``; where to look at it once done (a computer's move), ``look``.

Loaded whenever something is said (a human's decision, a computer's once
it has chosen, the screens of world building, the hand-over, the log, the
end), and kept through play from .py: a computer's turn says each
action, and loading the words again for each would compile them again
(from .mpy they make room for a computer's search: computer.py's
``room_for_search``). Every text is one of ``TEXTS``,
filled; each fits its place whole with the longest names
(tests/test_messages.py lists the kinds of each).
"""

from micropython import const

from alheimur import actions  # the codec (one global here: the words stay loaded)
from alheimur.world import tile_name

# consts from alheimur.actions, alheimur.layout (tools/consts.py; do not edit)
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

# The names below are interned strings made tuples from lists: a constant
# tuple's strings would each be an object on the heap from .mpy (about 1 KB
# more for these), a list's are the interned names.
LETTERS = "RYGUPOCW"
NAMES = tuple(["red", "yellow", "green", "blue", "purple", "orange", "cyan", "white"])
COLOURS = (0xFF4038, 0xFFE020, 0x38D848, 0x4A86FF, 0xC060FF, 0xFF8C20,
           0x30E0E8, 0xF0F0F0)
SIZES = tuple(["none", "small", "medium", "large"])
ELEMENTS = tuple(["air", "earth", "fire", "water", "ether"])
# The decision point in a word or two (the panel's status line)
PHASES = tuple(["deal", "building", "swap card", "start", "expansion", "survival",
                "1 migrate", "2 launch", "3 status", "4 land", "5 board", "6 move",
                "battle", "fire", "target", "dice", "game over"])
STEPS = tuple(["migrate", "launch", "status", "land", "board", "move"])
TEXTS = (
    # the status lines: the turn (top right), who decides what (the panel)
    "%s %d/%d\n"                          # 0 letter, round, limit
    "%s %d\n"                             # 1 letter, round
    "%s last\n"                           # 2 letter
    "%s %s\n"                             # 3 letter, phase
    # what an action does (two lines at most)
    "done expanding\n"                    # 4
    "done with step %d (%s)\n"            # 5 step, step word
    "stop firing\n"                       # 6
    "a %s colonist on %s\n"               # 7 size, terr
    "expand %s: a %s\n"                   # 8 terr, size
    "civilize %s to %s\n"                 # 9 terr, size
    "migrate %s to %s\n"                  # 10 terr, tile
    "launch %s as a %s\n"                 # 11 terr, ship kind
    "%s boards %s\n"                      # 12 terr, ship
    "%s returns to %s\n"                  # 13 ship, terr
    "%s's %s marine back to %s\n"         # 14 name, size, terr
    "%s becomes a %s\n"                   # 15 ship, ship kind
    "%s's %s marine lands on %s\n"        # 16 name, size, terr
    "%s goes to %s\n"                     # 17 ship, place
    "battle in the %s orbit\n"            # 18 world
    "%s fires\n"                          # 19 ship
    "fire at %s\n"                        # 20 ship
    "survival check\n"                    # 21
    # names
    "%s's %s %s\n"                        # 22 name, size, ship kind (a ship)
    " with a %s marine\n"                 # 23 size (after a ship)
    "the %s orbit\n"                      # 24 world (a place)
    "%s %s"                             # 25 world, tile (a territory)
)


def line(texts, i):
    """Line i of ``texts``: a module's texts are one string, a text a line
    (one object costs less heap than one each)."""
    a = 0
    for _ in range(i):
        a = texts.index("\n", a) + 1
    b = texts.find("\n", a)
    return texts[a:b] if b >= 0 else texts[a:]


# -- names ---------------------------------------------------------------------


def world(g, w):
    """'red' (the red world), or 'neutral'."""
    return NAMES[w] if w < g.nplayers() else "neutral"


def terr(g, w, t):
    """'red C3': territory t of world w, by its first tile."""
    return line(TEXTS, 25) % (world(g, w), tile_name(g.tfirst[w * 16 + t]))


def place(g, loc):
    """'the red orbit', or 'space'."""
    return "space" if loc == _SPACE else line(TEXTS, 24) % world(g, loc)


def ship(c, q, with_marine=False):
    """Ship form byte c (Game.sb) of player q: "red's medium transport"
    (``with_marine``: and what it carries)."""
    s = line(TEXTS, 22) % (NAMES[q], SIZES[actions.pips(c)], "fighter" if actions.fighter(c) else "transport")
    if with_marine and actions.marine(c):
        s += line(TEXTS, 23) % SIZES[actions.marine(c)]
    return s


def status(g):
    """The status lines: (the turn: whose and the round, that seat; who
    decides what, that seat)."""
    p = g.current()
    a = g.actor()
    if a >= 8:                   # a chance point, or the game is over
        a = p
    q = LETTERS[p]
    if g.last_round() == 2:
        turn = line(TEXTS, 2) % q
    elif g.limit():
        turn = line(TEXTS, 0) % (q, g.round(), g.limit())
    else:
        turn = line(TEXTS, 1) % (q, g.round())
    return turn, p, line(TEXTS, 3) % (LETTERS[a], PHASES[g.phase()]), a


# -- an action ------------------------------------------------------------------


def action(g, a, c=-1, loc=-1):
    """What action a does, said before it is taken (the human's choices,
    undo, every computer move); a ship action's ship as it is (or as its
    form byte c and place byte loc were, for the log)."""
    k = actions.kind_of(a)
    if k == _K_PASS:
        ph = g.phase()
        if ph == _P_EXPAND:
            return line(TEXTS, 4)
        if ph == _P_AIM:
            return line(TEXTS, 6)
        return line(TEXTS, 5) % (ph - _P_MIGRATE + 1, STEPS[ph - _P_MIGRATE])
    if k == _K_SURVIVE:
        return line(TEXTS, 21)
    if k == _K_SITE:
        return line(TEXTS, 18) % world(g, actions.a_world(a))
    w = actions.a_world(a)
    if w >= 0:
        t = terr(g, w, actions.a_terr(a))
        if k == _K_START:
            return line(TEXTS, 7) % (SIZES[actions.a_size(a)], t)
        if k == _K_EXPAND:
            return line(TEXTS, 8) % (t, SIZES[actions.a_size(a)])
        if k == _K_CIVILIZE:
            return line(TEXTS, 9) % (t, SIZES[actions.a_size(a)])
        if k == _K_MIGRATE:
            return line(TEXTS, 10) % (t, tile_name(g.tfirst[w * 16 + actions.a_to(a)]))
        return line(TEXTS, 11) % (t, "fighter" if actions.a_turn(a) else "transport")
    i = actions.a_ship(a)
    if c < 0:
        c = g.sb[i]
        loc = g.sl[i]
    q = actions.ship_owner(loc)
    h = ship(c, q)
    if k == _K_AIM:
        return line(TEXTS, 19) % h
    if k == _K_TARGET:
        return line(TEXTS, 20) % h
    if k == _K_FLIP:
        return line(TEXTS, 15) % (h, "transport" if actions.fighter(c) else "fighter")
    if k == _K_MOVE:
        return line(TEXTS, 17) % (h, place(g, actions.a_to(a)))
    t = terr(g, actions.ship_place(loc), actions.a_terr(a))
    if k == _K_BOARD:
        return line(TEXTS, 12) % (t, h)
    if k == _K_RETURN:
        return line(TEXTS, 13) % (h, t)
    return line(TEXTS, 14 if k == _K_UNLOAD else 16) % (NAMES[q], SIZES[actions.marine(c)], t)


def look(g, a):
    """Where to look at action a once done: a spot (actions.spot,
    ship_spot) or a place's tab (-2 - world); -1: stay."""
    k = actions.kind_of(a)
    if _K_START <= k <= _K_CIVILIZE:
        return actions.spot(actions.a_world(a), actions.a_terr(a))
    if k == _K_MIGRATE:
        return actions.spot(actions.a_world(a), actions.a_to(a))
    if k == _K_LAUNCH or k == _K_SITE:
        return -2 - actions.a_world(a)
    i = actions.a_ship(a)
    if i < 0:
        return -1
    if k == _K_RETURN or k == _K_UNLOAD or k == _K_LAND:
        return actions.spot(actions.ship_place(g.sl[i]), actions.a_terr(a))
    return actions.ship_spot(i)
