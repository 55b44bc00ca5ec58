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

- The last-round register: its stage (0 not yet, 1 triggered, 2 under
  way) | why << 2 (``Game.last_round``, ``end_cause`` read it).

A piece's byte and the last-round register are made by the engine alone;
the desktop's tests and tools that write them for a position of their own
use alheimur/packing.py (never loaded on the board).
- A card's place (a world's slot, the grid of the world being built) is
  world building's: alheimur/deck.py packs it.

Everything outside the engine calls these functions. The engine's hot
loops (engine, build, turn, battle: every legal action and apply, the
AI's search through them) shift and mask by the private numbers below
(``_KIND_AT`` ...), copied into them by tools/consts.py: the layout is
written here once (tests/test_codec_rule.py).
"""

from micropython import const

# consts from alheimur.layout (tools/consts.py; do not edit)
_FIGHTER = const(4)
_INVADER = const(32)
_K_AIM = const(17)
_K_BOARD = const(10)
_K_CIVILIZE = const(6)
_K_DIE = const(1)
_K_FLIP = const(13)
_K_LAND = const(14)
_K_LAUNCH = const(9)
_K_MIGRATE = const(8)
_K_MOVE = const(15)
_K_SITE = const(16)
_K_START = const(4)
_K_TARGET = const(18)
_K_UNLOAD = const(12)
_USED = const(64)
# end consts

# The decision points (P_...), the kinds (K_...), SPACE, NO_SPOT and PASS
# are written in alheimur/layout.py, never loaded during play: here they are
# private copies (tools/consts.py), folded into each use with no global and
# no interned name (a long game's peak from .mpy: about 1 KB less). The
# desktop's tests and tools import them from alheimur.layout. MAX_ACTIONS
# stays public: the engine's too (firmware/contract.py).
MAX_ACTIONS = const(400)  # the largest decision point has 385 (docs/alheimur.md)

# -- the numbers of the layout (private: tools/consts.py copies them) ----------
_KIND_AT = const(11)    # an action: kind << _KIND_AT | payload
_PAYLOAD = const(0x7FF)
_PWORLD_AT = const(6)   # START/EXPAND/CIVILIZE: world << 6 | terr << 2 | size
_PTERR_AT = const(2)
_MWORLD_AT = const(8)   # MIGRATE: world << 8 | from << 4 | to
_MFROM_AT = const(4)
_LWORLD_AT = const(5)   # LAUNCH: world << 5 | terr << 1 | fighter
_LTERR_AT = const(1)
_POS_AT = const(1)      # PLACE/SWAP: pos << 1 | turn
_SHIP_AT = const(4)     # BOARD ... MOVE: ship << 4 | territory or dest
_SHIP = const(127)      # FLIP/AIM/TARGET: the ship; a ship action's ship >> _SHIP_AT
_TERR = const(15)       # a territory, a destination, a ship's place
_DIE = const(7)
_BIT = const(1)         # a turn, a fighter
_PIPS = const(3)        # a piece's or a ship form's pips
_OWNER_AT = const(2)    # a piece: pips | owner << 2 | INVADER | USED
_SEAT = const(7)
_SIZE_OWNER = const(31)  # a piece's pips and owner
_SOWNER_AT = const(4)   # a ship's place byte: place | owner << 4
_MARINE_AT = const(3)   # a ship's form: pips | FIGHTER | marine << 3 | USED
_FORM = const(31)       # ... without USED
_STAGE = const(3)       # the last-round register: stage | why << 2
_CAUSE_AT = const(2)
_TRIGGERED = const(1)   # its stages: the last round begins after this turn
_UNDER_WAY = const(2)   # ... it runs


def act(kind, x=0):
    """PASS, SURVIVE; DIE (x = the value 1-6); SITE (x = world); FLIP,
    AIM, TARGET (x = ship)."""
    return kind << _KIND_AT | x


def card_act(kind, pos, turn):
    """PLACE (pos 0-8 around the first card) or SWAP (slot 0-3), turned
    180 degrees when turn is 1."""
    return kind << _KIND_AT | pos << _POS_AT | turn


def piece_act(kind, world, terr, size):
    """START, EXPAND (size of the new pyramid), CIVILIZE (its new size)."""
    return kind << _KIND_AT | world << _PWORLD_AT | terr << _PTERR_AT | size


def migrate(world, frm, to):
    return _K_MIGRATE << _KIND_AT | world << _MWORLD_AT | frm << _MFROM_AT | to


def launch(world, terr, fighter):
    """The colonist on terr becomes a transport (0) or a fighter (1)."""
    return _K_LAUNCH << _KIND_AT | world << _LWORLD_AT | terr << _LTERR_AT | fighter


def ship_act(kind, ship, arg):
    """BOARD, RETURN, UNLOAD, LAND (arg = territory), MOVE (arg = dest)."""
    return kind << _KIND_AT | ship << _SHIP_AT | arg


def kind_of(a):
    return a >> _KIND_AT


def a_world(a):
    """World of START/EXPAND/CIVILIZE/MIGRATE/LAUNCH/SITE (-1 otherwise;
    a ship action's world is its ship's orbit)."""
    k = a >> _KIND_AT
    p = a & _PAYLOAD
    if _K_START <= k <= _K_CIVILIZE:
        return p >> _PWORLD_AT
    if k == _K_MIGRATE:
        return p >> _MWORLD_AT
    if k == _K_LAUNCH:
        return p >> _LWORLD_AT
    if k == _K_SITE:
        return p
    return -1


def a_terr(a):
    """The territory of START/EXPAND/CIVILIZE, the piece moving in MIGRATE
    and LAUNCH, the piece boarding in BOARD, where RETURN, UNLOAD and LAND
    put theirs; -1 otherwise."""
    k = a >> _KIND_AT
    p = a & _PAYLOAD
    if _K_START <= k <= _K_CIVILIZE:
        return (p >> _PTERR_AT) & _TERR
    if k == _K_MIGRATE:
        return (p >> _MFROM_AT) & _TERR
    if k == _K_LAUNCH:
        return (p >> _LTERR_AT) & _TERR
    if _K_BOARD <= k <= _K_UNLOAD or k == _K_LAND:
        return p & _TERR
    return -1


def a_ship(a):
    """The ship of a ship action, or -1."""
    k = a >> _KIND_AT
    if k == _K_FLIP or k == _K_AIM or k == _K_TARGET:
        return a & _PAYLOAD
    if _K_BOARD <= k <= _K_UNLOAD or k == _K_LAND or k == _K_MOVE:
        return (a & _PAYLOAD) >> _SHIP_AT
    return -1


def a_size(a):
    """Pips of START/EXPAND/CIVILIZE; the value of a DIE."""
    return a & _DIE if a >> _KIND_AT == _K_DIE else a & _PIPS


def a_to(a):
    """MIGRATE: the territory moved to; MOVE: the destination."""
    return a & _TERR


def a_pos(a):
    """PLACE: the position (0-8) around the first card; SWAP: the slot."""
    return (a & _PAYLOAD) >> _POS_AT


def a_turn(a):
    """PLACE/SWAP: 1 when the card is turned 180 degrees; LAUNCH: 1 for a
    fighter."""
    return a & _BIT


# -- the state's bytes: pieces and ships (layout.py says where they are) ------
# A piece: pips | owner << 2 | INVADER (32) | USED (64: it moved this turn).
# A ship: place | owner << 4 in sl; pips | FIGHTER (4) | marine pips << 3 |
# USED (64: it acted this turn) in sb. (INVADER, USED, FIGHTER, MARINE:
# layout.py's, copied above.)


def pips(x):
    """The pips (1-3) of a piece byte or of a ship's form byte (sb); 0 for
    an empty territory."""
    return x & _PIPS


def owner(piece):
    """The seat owning a piece (not 0: a territory's piece byte)."""
    return piece >> _OWNER_AT & _SEAT


def invader(piece):
    """True for an invader (a pyramid lying down)."""
    return piece & _INVADER != 0


def acted(x):
    """True when a piece or a ship already moved (or fired) this turn."""
    return x & _USED != 0


def ship_place(loc):
    """A ship's place (sl): a world's orbit 0-7 or SPACE."""
    return loc & _TERR


def ship_owner(loc):
    """The seat owning a ship (sl)."""
    return loc >> _SOWNER_AT


def ship_loc(place, seat):
    """The place byte (sl) of a ship of ``seat`` at ``place``."""
    return place | seat << _SOWNER_AT


def fighter(form):
    """True for a fighter (sb), False for a transport."""
    return form & _FIGHTER != 0


def marine(form):
    """The pips of the marine a transport carries (sb), 0 none."""
    return form >> _MARINE_AT & _PIPS


def ship_form(form):
    """What a ship looks like (sb without what it did this turn): pips,
    fighter, marine; equal forms are named alike (3T2)."""
    return form & _FORM


def form(size, is_fighter, marine_pips):
    """The form byte of a ship: ``size`` pips, a fighter or a transport
    carrying ``marine_pips`` (0 none)."""
    return size | (_FIGHTER if is_fighter else 0) | marine_pips << _MARINE_AT


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
    return s & _TERR


def spot_ship(s):
    """The ship of a ship's spot (s >= 128)."""
    return s - 128

