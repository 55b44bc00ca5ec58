"""A shot, shown so it can be followed (``Shot``): the firing ship under
the cursor, its target outlined in cyan, the dice large where the world
is, one at a time (a tick and a flash each; the hits lit): the attack's in
the top row, then, when it hit, the target's defence dice in the bottom
row (its sixes lit), then what is left of the target. The panel says who
rolls. It rolls the dice (the game's dice generator), applies only them
and keeps the shot for the log. The dice stay until the next move.

Loaded for a shot when the game is at its first die, then dropped.
"""

from micropython import const

from alheimur import words
from alheimur.actions import act, fighter, marine, pips, ship_owner, ship_spot
from alheimur.screen import put
from alheimur.world import bits
from ui import palette

# consts from alheimur.actions, alheimur.layout, alheimur.sprites (tools/consts.py; do not edit)
_DIE0 = const(12)
_FREE = const(255)
_K_DIE = const(1)
_P_DICE = const(15)
# end consts

_SHOT_MS = const(1200)       # a shot's result stays in view this long
_DIE_MS = const(250)         # between two dice
DIE = ((1500, 12),)
HIT = ((330, 70),)

# Messages (each fits its place whole: tests/test_messages.py)
TEXTS = (
    "%s fires at %s",                           # 0 ship, ship
    "no hit on %s",                             # 1 ship
    "a hit on %s",                              # 2 ship
    "%d hits on %s",                            # 3 n, ship
    "sixes cancel the hits on %s",              # 4 ship
    "%s: now %s",                               # 5 ship, size
    "%s is destroyed",                          # 6 ship
    "%s: now %s, marine lost",                  # 7 ship, size
)


class Shot:
    """The shot the game is rolling for, on the app's Board ``b``."""

    def __init__(self, b):
        self.b = b
        self.g = b.g
        self.scr = b.scr
        self.mine = False        # a person's ship fires or is fired at: held (app.linger)

    def show(self):
        """Roll its dice, shown; then what the shot did."""
        b = self.b
        g = self.g
        scr = self.scr
        i, j, _ = g.shot()
        sb = g.sb
        c = sb[j]
        loc = g.sl[j]
        q = ship_owner(loc)
        sh = words.ship(sb[i], ship_owner(g.sl[i]))
        tg = words.ship(c, q)
        self.mine = b.seats[q] is None or b.seats[ship_owner(g.sl[i])] is None
        scr.unlit()
        scr.roll(True)
        scr.dship = j
        scr.put_on(ship_spot(i))
        scr.draw_marks()
        b.status(ship_owner(g.sl[i]))
        scr.say(TEXTS[0] % (sh, tg), palette.TITLE)
        need = 6 if not fighter(sb[i]) else 5 if fighter(c) else 4
        self.roll(0, need)
        hits = g.shot()[2] if g.phase() == _P_DICE else 0
        scr.say(TEXTS[3] % (hits, tg) if hits > 1 else TEXTS[2 if hits else 1] % tg,
                palette.BAD if hits else palette.DIM)
        if hits:
            b.linger(_SHOT_MS // 2, True, self.mine)
            b.status(q)
            left = hits - bits(self.roll(6, 6))
            if g.sl[j] == _FREE:
                text = TEXTS[6] % tg
            elif left:
                text = TEXTS[7 if marine(c) and not marine(sb[j]) else 5] % (
                    tg, words.SIZES[pips(sb[j])])
            else:
                text = TEXTS[4] % tg
            if left:
                b.fx.flash(0xFF0000, 400)
                b.fx.sound(HIT)
            scr.dship = -1
            scr.show(scr.view)
            scr.say(text, palette.BAD if left else palette.GOOD)
        b.log(32 | ship_owner(g.sl[i]), sb[i], c, loc,
              255 if g.sl[j] == _FREE else sb[j])
        b.fresh = True
        b.status()
        scr.dship = -1
        scr.draw_marks()
        b.note = scr.msg.text.replace("\n", " ")
        b.linger(_SHOT_MS, False, self.mine)

    def roll(self, first, need):
        """Roll this roll's dice (attack: in the top row, cells 0-2;
        defence: the bottom row, 6-8) one at a time; the mask of those that
        reach ``need``."""
        b = self.b
        g = self.g
        lit = 0
        k = 0
        defence = first > 0
        while g.phase() == _P_DICE and g.defence() == defence:
            v = b.rng.below(6) + 1        # as ai.chance rolls a die
            g.apply(act(_K_DIE, v))
            if v >= need:
                lit |= 1 << k
            put(self.scr.dice, first + k, _DIE0 + v + (6 if v >= need else 0))
            k += 1
            b.fx.sound(DIE)
            b.fx.flash(0xFF8000 if v >= need else 0xFFFFFF, 80)
            b.linger(_DIE_MS, True, self.mine)
        return lit
