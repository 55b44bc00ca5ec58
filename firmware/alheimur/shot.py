"""A shot, shown so it can be followed (``Shot``): the firing ship under
the cursor, its target outlined in cyan, the dice large where the world
is (their sheet and grid made here, for the shot: no other moment holds
them), one at a time (a tick and a flash each; the hits lit): the
attack's in the top row, then, when it hit, the target's defence dice in
the bottom row (its sixes lit), then what is left of the target. The
panel says who rolls. It rolls the dice (the game's dice generator),
applies only them and keeps the shot for the log. The dice stay until
the next move (a computer's: as it starts thinking).

Loaded for a shot when the game is at its first die, then dropped.
"""

import displayio
from micropython import const

from alheimur import words
from alheimur.actions import act, fighter, marine, pips, ship_owner, ship_spot
from alheimur.events import SHOT
from alheimur.screen import put
from alheimur.world import bits
from ui import palette
from ui.draw import rect

# consts from alheimur.actions, alheimur.layout, alheimur.sprites (tools/consts.py; do not edit)
_DICE_X = const(16)
_DICE_Y = const(28)
_FREE = const(255)
_K_DIE = const(1)
_P_DICE = const(15)
_SHIP = const(16)
_YELLOW = const(16767008)
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


_DOTS = (0, 0b000010000, 0b001000100, 0b001010100, 0b101000101, 0b101010101, 0b101101101)


def faces():
    """The dice's sheet: sprite v (1-6) die v, 6 + v the same lit (a hit,
    a six): a 15 px face, white (lit: yellow), its value in 3 x 3 pips."""
    bm = displayio.Bitmap(13 * _SHIP, _SHIP, 4)
    for k in range(1, 13):
        ox = k * _SHIP
        rect(bm, ox, 0, ox + 14, 14, 2 if k > 6 else 3)
        bm[ox, 0] = bm[ox + 14, 0] = bm[ox, 14] = bm[ox + 14, 14] = 0
        m = _DOTS[k - 6 if k > 6 else k]
        for j in range(9):
            if m >> (8 - j) & 1:
                x = ox + 2 + j % 3 * 4
                y = 2 + j // 3 * 4
                rect(bm, x, y, x + 2, y + 2, 1)
    return bm


def _dice():
    """The dice's grid where the world is: attack in the top row, defence
    in the bottom one (the screen holds it while they stand)."""
    pal = displayio.Palette(4)
    pal[1] = 0x000000
    pal[2] = _YELLOW
    pal[3] = 0xF0F0F0
    pal.make_transparent(0)
    return displayio.TileGrid(faces(), pixel_shader=pal, width=3, height=3, tile_width=_SHIP,
                              tile_height=_SHIP, x=_DICE_X, y=_DICE_Y)


class Shot:
    """The shot the game is rolling for, on the app's Board ``b``."""

    def __init__(self, b):
        self.b = b
        self.g = b.g
        self.scr = b.scr
        self.dice = None         # the dice's grid (the screen shows it until the next move)
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
        self.dice = _dice()
        scr.roll(self.dice)
        scr.put_on(ship_spot(i))
        scr.mark(-1, j)
        self.rolls(ship_owner(g.sl[i]))
        scr.say(TEXTS[0] % (sh, tg), palette.TITLE)
        need = 6 if not fighter(sb[i]) else 5 if fighter(c) else 4
        self.roll(0, need)
        hits = g.shot()[2] if g.phase() == _P_DICE else 0
        scr.say(TEXTS[3] % (hits, tg) if hits > 1 else TEXTS[2 if hits else 1] % tg,
                palette.BAD if hits else palette.DIM)
        if hits:
            b.linger(_SHOT_MS // 2, True, self.mine)
            self.rolls(q)
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
            scr.unlit()
            scr.show(scr.view)
            scr.say(text, palette.BAD if left else palette.GOOD)
        b.events.put(SHOT, ship_owner(g.sl[i]), sb[i], c, loc,
                     255 if g.sl[j] == _FREE else sb[j])
        b.fresh = True
        b.status()
        scr.mark()
        b.note = scr.msg.text.replace("\n", " ")
        b.linger(_SHOT_MS, False, self.mine)

    def rolls(self, who):
        """The status lines while seat ``who`` rolls: whose turn, and
        "Y dice" in who's colour."""
        st = words.status(self.g)
        self.scr.set_status(st[0], words.COLOURS[st[1]], words.line(words.TEXTS, 3) % (
            words.LETTERS[who], words.PHASES[15]), words.COLOURS[who])

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
            put(self.dice, first + k, v + (6 if v >= need else 0))
            k += 1
            b.fx.sound(DIE)
            b.fx.flash(0xFF8000 if v >= need else 0xFFFFFF, 80)
            b.linger(_DIE_MS, True, self.mine)
        return lit
