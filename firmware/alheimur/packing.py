"""Alheimur's bytes made for a position of the desktop's own: the part of
the codec (alheimur/actions.py) that only tests and tools need (a test
putting a pyramid on a world, a tool's search trying one, a test's last
round); the board never loads it, so it costs the device no heap.
"""

from micropython import const

# consts from alheimur.actions, alheimur.layout (tools/consts.py; do not edit)
_CAUSE_AT = const(2)
_INVADER = const(32)
_OWNER_AT = const(2)
# end consts


def pyramid(size, seat, invader=False):
    """The piece byte of ``seat``'s pyramid of ``size`` pips (lying down:
    ``invader``)."""
    return size | seat << _OWNER_AT | (_INVADER if invader else 0)


def last_reg(stage, why):
    """The last-round register: its stage (1 triggered, 2 under way) and
    why (layout.END_*)."""
    return stage | why << _CAUSE_AT
