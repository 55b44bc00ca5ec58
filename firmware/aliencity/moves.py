"""Alien City's codec: the one place where what the engine packs is put
together or taken apart (firmware/contract.py; docs/engine.md, "Numbers").

- A move (``Game.legal``, ``apply``, ``why_not``) is ``kind << 7 | lot``:
  a build of kind 0-6 (``build``), or after a build a claim: ``claim(lot)``
  caps the tower on lot, ``NO_CLAIM`` declines. ``kind_of`` (CLAIM for a
  claim or NO_CLAIM), ``lot_of`` (NONE for NO_CLAIM) take it apart.
- A lot byte (``Game.lots[lot]``): 0 empty, else 1 + kind, plus the cap
  bits 0x08 (W's) or 0x10 (B's): ``piece`` (the kind, -1 empty),
  ``capper`` (who capped it, -1 nobody), ``unclaimed`` (a tower nobody
  capped), ``built`` (the byte of a new structure), ``capped`` and
  ``uncapped`` (the byte with or without a cap).
- A history entry (``Game.hist[2 * i]``): ``entry(lot, player)``,
  ``entry_lot``, ``entry_player``.
"""

from micropython import const

# consts from aliencity.geometry (tools/consts.py; do not edit)
_NONE = const(255)
# end consts

CLAIM = const(7)        # kind_of() of a claim or of NO_CLAIM
NO_CLAIM = const(1023)  # CLAIM << 7 | 127: no claim with this build
_CAP = const(0x18)      # a lot byte's cap bits: 0x08 W, 0x10 B


def build(kind, lot):
    """The move building ``kind`` on ``lot``."""
    return kind << 7 | lot


def claim(lot):
    """The move capping the tower on ``lot`` (after the player's build)."""
    return CLAIM << 7 | lot


def kind_of(m):
    """The kind a move builds (0-6), or CLAIM."""
    return m >> 7


def lot_of(m):
    """The lot a move builds on or caps; NONE for NO_CLAIM."""
    return _NONE if m == NO_CLAIM else m & 127


def piece(v):
    """The kind (0-6) of the structure in lot byte v, -1 for an empty lot."""
    return (v & 7) - 1


def capper(v):
    """Who capped the tower in lot byte v (0 W, 1 B), -1 if nobody."""
    c = v & _CAP
    return -1 if c == 0 else (c >> 3) - 1


def unclaimed(v):
    """Is lot byte v a tower nobody capped?"""
    return 1 <= (v & 7) <= 3 and not v & _CAP


def built(kind):
    """The lot byte of a new structure of ``kind``."""
    return kind + 1


def capped(v, p):
    """Lot byte v with player p's cap on it."""
    return v | 8 << p


def uncapped(v):
    """Lot byte v without its cap."""
    return v & ~_CAP


def entry(lot, p):
    """The history entry of player p's build on ``lot``."""
    return lot | p << 7


def entry_lot(h):
    return h & 127


def entry_player(h):
    return h >> 7
