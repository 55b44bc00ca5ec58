"""Alheimur's codec: the one place where what the engine packs is put
together or taken apart (docs/alheimur.md, "Actions" and "State").

- An action is a 16-bit int ``kind << 11 | payload`` (``act`` ...
  ``ship_act`` make one; ``kind_of``, ``a_world`` ... ``a_turn`` take it
  apart). A ship is its slot number (0-119) in the engine's ship table; a
  territory is its number on its world (0-15); a world is 0-7 (seat
  number, the neutral world after the players'); sizes are pips 1-3; DEST
  is a world's orbit 0-7 or SPACE (8).
- A piece byte (``Game.piece(w, t)``, 0: an empty territory): ``pips``,
  ``owner``, ``invader``, ``acted`` (it moved this turn).
- A ship's place byte (``Game.sl[i]``, FREE 255: no ship): ``ship_place``,
  ``ship_owner``; ``ship_loc(place, owner)`` is the byte of a ship there.
  Its form byte (``Game.sb[i]``): ``pips``, ``fighter``, ``marine``,
  ``acted`` (it moved, flipped or fired this turn);
  ``ship_form`` is what a ship looks like (a record's 3T2), ``form`` makes
  one.
- A spot (what ``Game.subject`` answers, ``Game.legal``'s ``at``): a
  territory ``spot(world, terr)`` or a ship ``ship_spot(ship)``;
  ``spot_world``, ``spot_terr``, ``spot_ship`` take it apart.

The engine's own hot loops (engine, build, turn, battle) unpack these
bytes by hand, for speed; everything else uses the functions here.
"""

from micropython import const

# -- decision points (Game.phase()) -------------------------------------------
P_DEAL = const(0)      # chance: the cards must be dealt (Game.deal)
P_PLACE = const(1)     # place the next card of the world being built
P_SWAP = const(2)      # put the orbit card into the world (spaceport test)
P_START = const(3)     # place a start colonist
P_EXPAND = const(4)    # expansion: expand / civilize on a world, or pass
P_SURVIVE = const(5)   # survival: resolve it
P_MIGRATE = const(6)   # movement step 1
P_LAUNCH = const(7)    # movement step 2: launch or return
P_FLIP = const(8)      # movement step 3: change status
P_LAND = const(9)      # movement step 4: land a marine
P_BOARD = const(10)    # movement step 5: an invader boards
P_MOVE = const(11)     # movement step 6: orbit <-> space
P_SITE = const(12)     # fleet battle: choose the next battle site
P_AIM = const(13)      # fleet battle: choose a ship to fire, or pass
P_TARGET = const(14)   # fleet battle: choose its target
P_DICE = const(15)     # chance: the next die of a roll
P_OVER = const(16)

# -- kinds --------------------------------------------------------------------
K_PASS = const(0)      # end this step / stop firing
K_DIE = const(1)       # a die's value 1-6
K_PLACE = const(2)     # pos << 1 | turn (pos 0-8 around the first card)
K_SWAP = const(3)      # slot << 1 | turn (slot 0-3: NW NE SW SE)
K_START = const(4)     # world, terr, size
K_EXPAND = const(5)    # world, terr, size
K_CIVILIZE = const(6)  # world, terr, new size
K_SURVIVE = const(7)
K_MIGRATE = const(8)   # world, from terr, to terr
K_LAUNCH = const(9)    # world, terr, fighter (0 transport, 1 fighter)
K_BOARD = const(10)    # ship (an empty transport), terr of the piece boarding
K_RETURN = const(11)   # ship, terr it lands on as a colonist
K_UNLOAD = const(12)   # ship, terr its marine returns to (step 2)
K_FLIP = const(13)     # ship
K_LAND = const(14)     # ship, terr its marine lands on (step 4)
K_MOVE = const(15)     # ship, dest
K_SITE = const(16)     # world
K_AIM = const(17)      # ship
K_TARGET = const(18)   # ship
NKINDS = const(19)

SPACE = const(8)
NO_SPOT = const(-1)
MAX_ACTIONS = const(400)  # the largest decision point has 385 (docs/alheimur.md)

PASS = const(0)


def act(kind, x=0):
    """PASS, SURVIVE; DIE (x = the value 1-6); SITE (x = world); FLIP,
    AIM, TARGET (x = ship)."""
    return kind << 11 | x


def card_act(kind, pos, turn):
    """PLACE (pos 0-8 around the first card) or SWAP (slot 0-3), turned
    180 degrees when turn is 1."""
    return kind << 11 | pos << 1 | turn


def piece_act(kind, world, terr, size):
    """START, EXPAND (size of the new pyramid), CIVILIZE (its new size)."""
    return kind << 11 | world << 6 | terr << 2 | size


def migrate(world, frm, to):
    return K_MIGRATE << 11 | world << 8 | frm << 4 | to


def launch(world, terr, fighter):
    """The colonist on terr becomes a transport (0) or a fighter (1)."""
    return K_LAUNCH << 11 | world << 5 | terr << 1 | fighter


def ship_act(kind, ship, arg):
    """BOARD, RETURN, UNLOAD, LAND (arg = territory), MOVE (arg = dest)."""
    return kind << 11 | ship << 4 | arg


def kind_of(a):
    return a >> 11


def a_world(a):
    """World of START/EXPAND/CIVILIZE/MIGRATE/LAUNCH/SITE (-1 otherwise;
    a ship action's world is its ship's orbit)."""
    k = a >> 11
    p = a & 0x7FF
    if K_START <= k <= K_CIVILIZE:
        return p >> 6
    if k == K_MIGRATE:
        return p >> 8
    if k == K_LAUNCH:
        return p >> 5
    if k == K_SITE:
        return p
    return -1


def a_terr(a):
    """The territory of START/EXPAND/CIVILIZE, the piece moving in MIGRATE
    and LAUNCH, the piece boarding in BOARD, where RETURN, UNLOAD and LAND
    put theirs; -1 otherwise."""
    k = a >> 11
    p = a & 0x7FF
    if K_START <= k <= K_CIVILIZE:
        return (p >> 2) & 15
    if k == K_MIGRATE:
        return (p >> 4) & 15
    if k == K_LAUNCH:
        return (p >> 1) & 15
    if K_BOARD <= k <= K_UNLOAD or k == K_LAND:
        return p & 15
    return -1


def a_ship(a):
    """The ship of a ship action, or -1."""
    k = a >> 11
    if k == K_FLIP or k == K_AIM or k == K_TARGET:
        return a & 0x7FF
    if K_BOARD <= k <= K_UNLOAD or k == K_LAND or k == K_MOVE:
        return (a & 0x7FF) >> 4
    return -1


def a_size(a):
    """Pips of START/EXPAND/CIVILIZE; the value of a DIE."""
    return a & 7 if a >> 11 == K_DIE else a & 3


def a_to(a):
    """MIGRATE: the territory moved to; MOVE: the destination."""
    return a & 15


def a_pos(a):
    """PLACE: the position (0-8) around the first card; SWAP: the slot."""
    return (a & 0x7FF) >> 1


def a_turn(a):
    """PLACE/SWAP: 1 when the card is turned 180 degrees; LAUNCH: 1 for a
    fighter."""
    return a & 1


# -- the state's bytes: pieces and ships (layout.py says where they are) ------
# A piece: pips | owner << 2 | INVADER (32) | USED (64: it moved this turn).
# A ship: place | owner << 4 in sl; pips | FIGHTER (4) | marine pips << 3 |
# USED (64: it acted this turn) in sb.


def pips(x):
    """The pips (1-3) of a piece byte or of a ship's form byte (sb); 0 for
    an empty territory."""
    return x & 3


def owner(piece):
    """The seat owning a piece (not 0: a territory's piece byte)."""
    return piece >> 2 & 7


def invader(piece):
    """True for an invader (a pyramid lying down)."""
    return piece & 32 != 0


def acted(x):
    """True when a piece or a ship already moved (or fired) this turn."""
    return x & 64 != 0


def ship_place(loc):
    """A ship's place (sl): a world's orbit 0-7 or SPACE."""
    return loc & 15


def ship_owner(loc):
    """The seat owning a ship (sl)."""
    return loc >> 4


def ship_loc(place, seat):
    """The place byte (sl) of a ship of ``seat`` at ``place``."""
    return place | seat << 4


def fighter(form):
    """True for a fighter (sb), False for a transport."""
    return form & 4 != 0


def marine(form):
    """The pips of the marine a transport carries (sb), 0 none."""
    return form >> 3 & 3


def ship_form(form):
    """What a ship looks like (sb without what it did this turn): pips,
    fighter, marine; equal forms are named alike (3T2)."""
    return form & 31


def form(size, is_fighter, marine_pips):
    """The form byte of a ship: ``size`` pips, a fighter or a transport
    carrying ``marine_pips`` (0 none)."""
    return size | (4 if is_fighter else 0) | marine_pips << 3


# -- spots: a territory or a ship, as Game.subject and legal's ``at`` name them --


def spot(world, terr):
    """The spot of territory ``terr`` of ``world``."""
    return world * 16 + terr


def ship_spot(ship):
    return 128 + ship


def spot_world(s):
    """The world of a territory's spot (s < 128)."""
    return s >> 4


def spot_terr(s):
    return s & 15


def spot_ship(s):
    """The ship of a ship's spot (s >= 128)."""
    return s - 128
