"""What happened, kept for "since your last turn" (alheimur/since.py): the
app's log (``Log``). This module alone packs its records, names their
kinds and unpacks them: whoever acts says what happened (``action``, or
``put`` a SHOT or a death, DIED, with its fields), since.py reads it back
(``take``, ``get``).

A record is five bytes, its kind and seat, then:

    ACTED   the seat that acted: the action (its two bytes, kept whole),
            its ship's form and place bytes before it (Game.sb, Game.sl;
            0 when it moves no ship). Passes are not kept, nor aiming and
            targeting: the shot that follows says who fired at whom.
    SHOT    the shooter's owner: the shooter's form, the target's form
            and place before it, the target's form after (255: destroyed)
    DIED    whose survival check it was: the world, territory and piece
            byte of a pyramid that died

The last _N records are kept in a ring: one 8-seat round of the games
measured needs at most 126 (docs/alheimur.md, "Since your last turn"); a
seat that has not read for longer is told how many went. Counts are
ints: none wraps.
"""

from micropython import const

from alheimur.actions import a_ship, kind_of

# consts from alheimur.actions, alheimur.layout (tools/consts.py; do not edit)
_K_AIM = const(17)
_K_SURVIVE = const(7)
_K_TARGET = const(18)
_PASS = const(0)
# end consts

ACTED = const(1)            # the record kinds
SHOT = const(2)
DIED = const(3)
_N = const(160)              # records kept (the worst 8-seat round measured: 126)
_SIZE = const(5)             # bytes a record
_REC_KIND = const(4)          # a record's first byte: kind << 4 | seat
_REC_SEAT = const(15)


def kept(a):
    """Is action a kept (not a pass, an aim or a target)?"""
    k = kind_of(a)
    return a != _PASS and k != _K_AIM and k != _K_TARGET


class Log:
    def __init__(self):
        self.recs = bytearray(_N * _SIZE)
        self.n = 0                   # records so far
        self.seen = [0] * 8          # per seat: the records it has read

    def put(self, x, p, b1, b2, b3, b4=0):
        """A record of kind x (SHOT, DIED: its fields in their order
        above) for seat p."""
        o = self.n % _N * _SIZE
        r = self.recs
        r[o] = x << _REC_KIND | p
        r[o + 1] = b1
        r[o + 2] = b2
        r[o + 3] = b3
        r[o + 4] = b4
        self.n += 1

    def action(self, g, p, a):
        """Seat p takes action a on game g (before it is applied)."""
        if kept(a):
            i = a_ship(a)
            self.put(ACTED, p, a >> 8, a & 255, g.sb[i] if i >= 0 else 0,
                     g.sl[i] if i >= 0 else 0)

    def undo(self, g, a):
        """Action a was undone on game g: its record goes (a survival
        check: the deaths it kept, each pyramid now back on its territory;
        none when it removed none)."""
        if kind_of(a) == _K_SURVIVE:
            while self.n:
                r = self.get(self.n - 1)
                if r[0] != DIED or g.piece(r[2], r[3]) != r[4]:
                    break
                self.n -= 1
        elif kept(a) and self.n and self.get(self.n - 1)[:3] == (ACTED, g.actor(), a):
            self.n -= 1
        for p in range(8):           # a seat that read the record reads on from here
            if self.seen[p] > self.n:
                self.seen[p] = self.n

    # -- reading it back ---------------------------------------------------------------

    def take(self, p):
        """The records seat p has not read, as (first, end, gone): those
        kept from ``first`` to ``end``, ``gone`` earlier ones no longer
        kept. They are read now."""
        end = self.n
        first = max(self.seen[p], end - _N)
        gone = first - self.seen[p]
        self.seen[p] = end
        return first, end, gone

    def get(self, i):
        """Record i: (kind, seat, then its fields: ACTED a, c, loc; SHOT
        c, t, loc, after; DIED w, t, v)."""
        o = i % _N * _SIZE
        r = self.recs
        x = r[o] >> _REC_KIND
        p = r[o] & _REC_SEAT
        if x == ACTED:
            return x, p, r[o + 1] << 8 | r[o + 2], r[o + 3], r[o + 4]
        return x, p, r[o + 1], r[o + 2], r[o + 3], r[o + 4]
