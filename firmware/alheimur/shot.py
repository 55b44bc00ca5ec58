"""A shot, shown so it can be followed (``Shot``): the firing ship under
the cursor, its target outlined in cyan, the dice one at a time (a tick
and a flash each; the hits lit), the hits, the target's defence dice (its
sixes lit), then what is left of it. It rolls the dice (the game's dice
generator) and applies only them.

Loaded for a shot when the game is at its first die, then dropped.
"""

from micropython import const

from alheimur import words
from alheimur.actions import act, fighter, marine, ship_spot
from alheimur.screen import put
from alheimur.world import bits
from ui import palette

# consts from alheimur.actions, alheimur.layout (tools/consts.py; do not edit)
_FREE = const(255)
_K_DIE = const(1)
_P_DICE = const(15)
_R_HITS = const(23)
_R_SHOOT = const(20)
_R_TARGET = const(21)
# end consts

_SHOT_MS = const(900)        # a shot's result stays in view this long
_DIE_MS = const(220)         # between two dice
DIE = ((1500, 12),)
HIT = ((330, 70),)

# Messages (each fits the message line whole: tests/test_messages.py)
M_SHOT = "%s fires at %s"                              # ship, ship
M_MISS = "%s fires at %s: no hit"                      # ship, ship
M_HIT = "%s fires at %s: a hit"                        # ship, ship
M_HITS = "%s fires at %s: %d hits"                     # ship, ship, n
M_SAVED = "%s: its sixes cancel every hit"             # ship
M_SHRINKS = "%s is hit: now %s"                        # ship, ship
M_DESTROYED = "%s is destroyed"                        # ship
M_MARINE_LOST = "%s is hit: now %s, its marine lost"   # ship, ship


class Shot:
    """The shot the game is rolling for, on the app's Board ``b``."""

    def __init__(self, b):
        self.b = b
        self.g = b.g
        self.scr = b.scr
        self.shooter = b.g.reg[_R_SHOOT]
        self.target = b.g.reg[_R_TARGET]

    def show(self):
        """Roll its dice, shown; then what the shot did."""
        b = self.b
        g = self.g
        scr = self.scr
        target = self.target
        sh = words.ship(g, self.shooter)
        tg = words.ship(g, target)
        scr.unlit()
        scr.dship = target
        scr.put_on(ship_spot(self.shooter))
        scr.draw_marks()
        b.status()
        self.clear_dice()
        scr.say(M_SHOT % (sh, tg), palette.TITLE)
        b.s.refresh()
        sb = g.sb
        need = 6 if not fighter(sb[self.shooter]) else 5 if fighter(sb[target]) else 4
        self.roll(0, need)
        hits = g.reg[_R_HITS] if g.phase() == _P_DICE else 0
        scr.say(M_HITS % (sh, tg, hits) if hits > 1 else M_HIT % (sh, tg) if hits
                else M_MISS % (sh, tg), palette.BAD if hits else palette.DIM)
        b.s.refresh()
        if hits:
            b.show_for(_SHOT_MS // 2)
            had_marine = marine(sb[target])
            left = hits - bits(self.roll(3, 6))
            if g.sl[target] == _FREE:
                text = M_DESTROYED % tg
            elif left:
                text = (M_MARINE_LOST if had_marine and not marine(sb[target])
                        else M_SHRINKS) % (tg, words.ship(g, target))
            else:
                text = M_SAVED % tg
            if left:
                b.fx.flash(0xFF0000, 400)
                b.fx.sound(HIT)
            scr.dship = -1
            scr.show(scr.view)
            scr.say(text, palette.BAD if left else palette.GOOD)
        b.s.autosave()
        b.fresh = True
        b.status()
        b.s.refresh()
        b.show_for(_SHOT_MS)
        self.clear_dice()
        scr.dship = -1
        b.note = scr.msg.text.replace("\n", " ")

    def roll(self, first, need):
        """Roll this roll's dice (attack: in the cells from first 0;
        defence: 3) one at a time; the mask of those that reach ``need``."""
        b = self.b
        g = self.g
        vals = bytearray(3)
        lit = 0
        k = 0
        defence = first > 0
        while g.phase() == _P_DICE and g.defence() == defence:
            v = b.rng.below(6) + 1        # as ai.chance rolls a die
            g.apply(act(_K_DIE, v), False)
            vals[k] = v
            if v >= need:
                lit |= 1 << k
            k += 1
            self.draw_dice(first, vals[:k], lit)
            b.fx.sound(DIE)
            b.fx.flash(0xFF8000 if v >= need else 0xFFFFFF, 80)
            b.s.refresh()
            b.show_for(_DIE_MS)
        return lit

    def draw_dice(self, first, vals, lit):
        """Dice ``vals`` (bytes of 1-6) in the screen's cells first..;
        ``lit`` a mask of those drawn lit (the sheet's 7-12)."""
        for i in range(len(vals)):
            v = vals[i]
            put(self.scr.dice, first + i, v + (6 if lit >> i & 1 else 0) if v else 0)

    def clear_dice(self):
        for i in range(6):
            put(self.scr.dice, i, 0)
