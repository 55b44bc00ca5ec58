"""What happens to the pieces, shown so it can be followed (part of the
app; it reads the game and applies only the survival check and the dice):

- the survival check: each world where pyramids will die is shown with
  them grey and rimmed in red before they leave; the message says why
  the pyramid under the cursor lives or dies (its neighbours against what
  its size stands, or the transport an invader needs). A human goes on
  with A (B undoes the last expansion); a computer's check stays in view
  a moment (A or B: go on).
- a shot: the firing ship under the cursor, its target outlined in cyan,
  the dice one at a time (a tick and a flash each; hits lit), the hits,
  the target's defence dice (its sixes lit), then what is left of it.
"""

from micropython import const

from alheimur import words
from alheimur.screen import put
from alheimur.turn import doomed, worlds_of
from alheimur.world import bits
from ui import palette
from ui.fx import ILLEGAL

# consts from alheimur.actions, alheimur.layout (tools/consts.py; do not edit)
_FIGHTER = const(4)
_FREE = const(255)
_INVADER = const(32)
_K_DIE = const(1)
_K_SURVIVE = const(7)
_MARINE = const(24)
_P_DICE = const(15)
_R_HITS = const(23)
_R_SHOOT = const(20)
_R_TARGET = const(21)
# end consts

_SHOT_MS = const(900)        # a shot's result stays in view this long
_DIE_MS = const(220)         # between two dice
_FATE_MS = const(1600)       # a computer's survival check, per world
DIE = ((1500, 12),)
HIT = ((330, 70),)
DEATH = ((260, 80), (196, 140))

# Messages (each fits the message line whole: tests/test_messages.py)
M_LIVES = "%s %s %s lives: %d neighbours (%d-%d)"      # terr, letter, size, n, lo, hi
M_DIES = "%s %s %s dies: %d neighbours, not %d-%d"     # terr, letter, size, n, lo, hi
M_INV_LIVES = "%s %s invader lives: a transport holds it"   # terr, letter
M_INV_DIES = "%s %s invader dies: no empty transport %d+"  # terr, letter, size
M_SURV_GO = "survival on %s: %d to die. A: go on"     # world, n
M_SURV_NONE = "survival: every pyramid lives"
M_DIED = "survival: %d pyramids died"                  # n
M_DIED1 = "survival: a pyramid died"
M_LAST = "%s has %d pyramids in play: one more round"  # name, n
M_SHOT = "%s fires at %s"                              # ship, ship
M_MISS = "%s fires at %s: no hit"                      # ship, ship
M_HIT = "%s fires at %s: a hit"                        # ship, ship
M_HITS = "%s fires at %s: %d hits"                     # ship, ship, n
M_SAVED = "%s: its sixes cancel every hit"             # ship
M_SHRINKS = "%s is hit: now %s"                        # ship, ship
M_DESTROYED = "%s is destroyed"                        # ship
M_MARINE_LOST = "%s is hit: now %s, its marine lost"   # ship, ship


# -- survival ------------------------------------------------------------------------

def survival(b, auto=False):
    """Show the worlds where pyramids die (a human: the first, then A;
    a computer: each a moment), or check at once when none die. Returns
    True when the human is to go on (the board's SURVIVE mode)."""
    g = b.g
    m = worlds_of(g, g.current())
    for w in range(g.nworlds()):
        if m >> w & 1 and not doomed(g, w):
            m &= ~(1 << w)
    b.sworlds = m
    b.status()
    b.pixels()
    if not m:
        survive(b)
        return False
    b.scr.unlit()
    if not auto:
        next_world(b)
        return True
    while next_world(b):
        b.s.refresh()
        b.show_for(_FATE_MS)
    survive(b)
    return False


def next_world(b):
    """Show the next world with dying pyramids (False: none left)."""
    g = b.g
    scr = b.scr
    m = b.sworlds
    for w in range(g.nworlds()):
        if m >> w & 1:
            b.sworlds &= ~(1 << w)
            d = doomed(g, w)
            scr.doomed = d
            scr.show(w)
            t = 0
            while not d >> t & 1:
                t += 1
            scr.put_on(w * 16 + t)
            say_fate(b)
            b.fx.sound(ILLEGAL)
            return True
    return False


def survive(b):
    """The check itself, and what it did."""
    g = b.g
    p = g.current()
    total = 0
    for q in range(g.nplayers()):
        total += g.in_play(q)
    g.apply(_K_SURVIVE << 11, False)
    for q in range(g.nplayers()):
        total -= g.in_play(q)
    b.scr.doomed = 0
    if total:
        b.fx.sound(DEATH)
    text = M_DIED % total if total > 1 else M_DIED1 if total else M_SURV_NONE
    if g.last_round() == 1:
        text = M_LAST % (words.NAMES[p], g.in_play(p))
    b.after(text)


def say_fate(b):
    """Why the pyramid under the cursor lives or dies."""
    g = b.g
    scr = b.scr
    t = scr.terr()
    w = scr.view
    v = g.piece(w, t) if t >= 0 else 0
    if not v:
        scr.say(M_SURV_GO % (words.world_letter(g, w), bits(scr.doomed)), palette.TITLE)
        return
    dies = scr.doomed >> t & 1
    name = words.terr(g, w, t)
    q = words.LETTERS[(v >> 2) & 7]
    s = v & 3
    if v & _INVADER:
        text = M_INV_DIES % (name, q, s) if dies else M_INV_LIVES % (name, q)
    else:
        occ = 0
        for u in range(g.nterr[w]):
            if g.piece(w, u):
                occ |= 1 << u
        k = bits(g.adj[w * 16 + t] & occ)
        text = (M_DIES if dies else M_LIVES) % (name, q, words.SIZES[s], k, s + 1, s + 2)
    scr.say(text, palette.BAD if dies else palette.GOOD)


# -- a shot ------------------------------------------------------------------------------

def roll(b):
    """A shot's dice (the game is at its first die)."""
    g = b.g
    scr = b.scr
    shooter = g.reg[_R_SHOOT]
    target = g.reg[_R_TARGET]
    sh = words.ship(g, shooter)
    tg = words.ship(g, target)
    scr.unlit()
    scr.dship = target
    scr.put_on(128 + shooter)
    scr.draw_marks()
    b.status()
    _clear_dice(scr)
    scr.say(M_SHOT % (sh, tg), palette.TITLE)
    b.s.refresh()
    sb = g.sb
    need = 6 if not sb[shooter] & _FIGHTER else 5 if sb[target] & _FIGHTER else 4
    lit = _dice(b, 0, need)
    hits = g.reg[_R_HITS] if g.phase() == _P_DICE else 0
    scr.say(M_HITS % (sh, tg, hits) if hits > 1 else M_HIT % (sh, tg) if hits
            else M_MISS % (sh, tg), palette.BAD if hits else palette.DIM)
    b.s.refresh()
    if hits:
        b.show_for(_SHOT_MS // 2)
        marine = sb[target] & _MARINE
        lit = _dice(b, 3, 6)
        left = hits - bits(lit)
        if g.sl[target] == _FREE:
            text = M_DESTROYED % tg
        elif left:
            text = (M_MARINE_LOST if marine and not sb[target] & _MARINE
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
    _clear_dice(scr)
    scr.dship = -1
    b.note = scr.msg.text.replace("\n", " ")


def _dice(b, first, need):
    """Roll this roll's dice (attack: first 0; defence: 3) one at a time;
    the mask of those that reach ``need``."""
    g = b.g
    vals = bytearray(3)
    lit = 0
    k = 0
    defence = first > 0
    while g.phase() == _P_DICE and g.defence() == defence:
        v = b.rng.below(6) + 1        # as ai.chance rolls a die
        g.apply(_K_DIE << 11 | v, False)
        vals[k] = v
        if v >= need:
            lit |= 1 << k
        k += 1
        _show_dice(b.scr, first, vals[:k], lit)
        b.fx.sound(DIE)
        b.fx.flash(0xFF8000 if v >= need else 0xFFFFFF, 80)
        b.s.refresh()
        b.show_for(_DIE_MS)
    return lit


def _show_dice(scr, first, vals, lit):
    """Dice ``vals`` (bytes of 1-6) in the screen's cells first..; ``lit``
    a mask of those drawn lit."""
    for i in range(len(vals)):
        v = vals[i]
        put(scr.dice, first + i, v + (6 if lit >> i & 1 else 0) if v else 0)


def _clear_dice(scr):
    for i in range(6):
        put(scr.dice, i, 0)
