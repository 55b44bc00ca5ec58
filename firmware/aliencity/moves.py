"""Alien City's codec: the one place where what the engine packs is put
together or taken apart (firmware/contract.py; docs/engine.md, "Numbers").

- A move (``Game.legal``, ``apply``, ``why_not``) is ``kind << 7 | lot``:
  a build of kind 0-6 (``build``), or after a build a claim: ``claim(lot)``
  caps the tower on lot, ``NO_CLAIM`` declines. ``kind_of`` (CLAIM for a
  claim or NO_CLAIM), ``lot_of`` (NONE for NO_CLAIM) take it apart.
- A lot byte (``Game.lots[lot]``): 0 empty, else 1 + kind, plus the cap
  bits 0x08 (W's) or 0x10 (B's): ``piece`` (the kind, -1 empty),
  ``capper`` (who capped it, -1 nobody), ``unclaimed`` (a tower nobody
  capped), ``capped`` (the byte with player p's cap on it).
- A history entry (``Game.hist[2 * i]``): lot | player << 7.
- The words and the notation of a move's parts (the records' ``TB C6``,
  the screens' "blue tower on C6"): ``lot_name``, ``piece_name``,
  ``parse_lot``, ``parse_kind``. Here, with the numbers they name, so
  a build's trip enters one module for both (tools/trips.py).

The engine (a hot loop: legal builds, apply and undo, which the AI runs
through thousands of times a search) shifts and masks by the private
numbers below, copied into it by tools/consts.py; everything else calls
these functions (tests/test_codec_rule.py).
"""

from micropython import const

from aliencity.geometry import COLOUR_NAMES, KIND_COLOUR, KIND_NAMES, NKINDS

# consts from aliencity.geometry (tools/consts.py; do not edit)
_NONE = const(255)
# end consts

CLAIM = const(7)        # kind_of() of a claim or of NO_CLAIM
NO_CLAIM = const(1023)  # CLAIM << 7 | 127: no claim with this build

# -- the numbers of the layout (private: tools/consts.py copies them) ----------
_KIND_AT = const(7)     # a move: kind << _KIND_AT | lot
_LOT = const(127)
_KIND = const(7)        # a lot byte: 1 + kind | cap bits
_CAP = const(0x18)      # a lot byte's cap bits: 0x08 W, 0x10 B
_CAP_AT = const(3)      # W's cap 1 << _CAP_AT, B's the next bit
_PLAYER_AT = const(7)   # a history entry: lot | player << _PLAYER_AT


def build(kind, lot):
    """The move building ``kind`` on ``lot``."""
    return kind << _KIND_AT | lot


def claim(lot):
    """The move capping the tower on ``lot`` (after the player's build)."""
    return CLAIM << _KIND_AT | lot


def kind_of(m):
    """The kind a move builds (0-6), or CLAIM."""
    return m >> _KIND_AT


def lot_of(m):
    """The lot a move builds on or caps; NONE for NO_CLAIM."""
    return _NONE if m == NO_CLAIM else m & _LOT


def piece(v):
    """The kind (0-6) of the structure in lot byte v, -1 for an empty lot."""
    return (v & _KIND) - 1


def capper(v):
    """Who capped the tower in lot byte v (0 W, 1 B), -1 if nobody."""
    c = v & _CAP
    return -1 if c == 0 else (c >> _CAP_AT) - 1


def unclaimed(v):
    """Is lot byte v a tower nobody capped?"""
    return 1 <= (v & _KIND) <= 3 and not v & _CAP


def capped(v, p):
    """Lot byte v with player p's cap on it."""
    return v | 1 << _CAP_AT + p


# -- words and notation ---------------------------------------------------------

def lot_name(lot):
    """0 -> 'A10', 79 -> 'H1'."""
    return "ABCDEFGH"[lot & 7] + str(10 - (lot >> 3))


def is_number(text):
    """Only ASCII digits (str.isdigit also accepts '\u00b2', which int() refuses)."""
    if not text:
        return False
    for ch in text:
        if ch < "0" or ch > "9":
            return False
    return True


def parse_lot(text):
    """'c5' or 'C5' -> lot number; -1 if it is not a lot of the city."""
    if len(text) < 2 or len(text) > 3:
        return -1
    x = "ABCDEFGH".find(text[0].upper())
    digits = text[1:]
    if x < 0 or not is_number(digits):
        return -1
    row = int(digits)
    if row < 1 or row > 10:
        return -1
    return (10 - row) * 8 + x


def parse_kind(text):
    """'TB' -> 1, 'dk' -> 6; -1 if unknown (towers are never black)."""
    text = text.upper()
    for k in range(NKINDS):
        if KIND_NAMES[k] == text:
            return k
    return -1


def piece_name(kind):
    """1 -> 'blue tower', 6 -> 'black dome'."""
    return COLOUR_NAMES[KIND_COLOUR[kind]] + (" tower" if kind < 3 else " dome")
