"""The survival check, shown so it can be followed (``SurvivalCheck``): each
world where pyramids will die is shown with them grey and rimmed in red
before they leave; the message says why the pyramid under the cursor lives
or dies (its neighbours against what its size stands, or the transport an
invader needs). A human goes on with A (B undoes the last expansion); a
computer's check stays in view a moment per world (A or B: go on). It
reads the game and applies only the check itself.

Loaded for the check by the human's turn or the computer's, then dropped.
"""

from micropython import const

from alheimur import words
from alheimur.actions import act, invader, owner, pips, spot
from alheimur.turn import doomed, worlds_of
from alheimur.world import bits
from ui import palette
from ui.fx import ILLEGAL

# consts from alheimur.actions (tools/consts.py; do not edit)
_K_SURVIVE = const(7)
# end consts

_FATE_MS = const(1600)       # a computer's survival check, per world
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


class SurvivalCheck:
    """The check of the current player's turn on the app's Board ``b``."""

    def __init__(self, b):
        self.b = b
        self.g = b.g
        self.scr = b.scr
        self.worlds = 0          # worlds (bits) with dying pyramids still to show

    def start(self, auto=False):
        """Show the worlds where pyramids die (a human: the first, then
        A; ``auto``, a computer: each a moment), or check at once when
        none die. True when the human is to go on (the turn's SURVIVE)."""
        b = self.b
        g = self.g
        m = worlds_of(g, g.current())
        for w in range(g.nworlds()):
            if m >> w & 1 and not doomed(g, w):
                m &= ~(1 << w)
        self.worlds = m
        b.status()
        b.pixels()
        if not m:
            self.run()
            return False
        self.scr.unlit()
        if not auto:
            self.next_world()
            return True
        while self.next_world():
            b.s.refresh()
            b.show_for(_FATE_MS)
        self.run()
        return False

    def next_world(self):
        """Show the next world with dying pyramids (False: none left)."""
        g = self.g
        scr = self.scr
        for w in range(g.nworlds()):
            if self.worlds >> w & 1:
                self.worlds &= ~(1 << w)
                d = doomed(g, w)
                scr.doomed = d
                scr.show(w)
                t = 0
                while not d >> t & 1:
                    t += 1
                scr.put_on(spot(w, t))
                self.say_fate()
                self.b.fx.sound(ILLEGAL)
                return True
        return False

    def run(self):
        """The check itself, and what it did."""
        b = self.b
        g = self.g
        p = g.current()
        total = 0
        for q in range(g.nplayers()):
            total += g.in_play(q)
        g.apply(act(_K_SURVIVE), False)
        for q in range(g.nplayers()):
            total -= g.in_play(q)
        self.scr.doomed = 0
        if total:
            b.fx.sound(DEATH)
        text = M_DIED % total if total > 1 else M_DIED1 if total else M_SURV_NONE
        if g.last_round() == 1:
            text = M_LAST % (words.NAMES[p], g.in_play(p))
        b.after(text)

    def say_fate(self):
        """Why the pyramid under the cursor lives or dies."""
        g = self.g
        scr = self.scr
        t = scr.terr()
        w = scr.view
        v = g.piece(w, t) if t >= 0 else 0
        if not v:
            scr.say(M_SURV_GO % (words.world_letter(g, w), bits(scr.doomed)), palette.TITLE)
            return
        dies = scr.doomed >> t & 1
        name = words.terr(g, w, t)
        q = words.LETTERS[owner(v)]
        s = pips(v)
        if invader(v):
            text = M_INV_DIES % (name, q, s) if dies else M_INV_LIVES % (name, q)
        else:
            occ = 0
            for u in range(g.nterr[w]):
                if g.piece(w, u):
                    occ |= 1 << u
            k = bits(g.adj[w * 16 + t] & occ)
            text = (M_DIES if dies else M_LIVES) % (name, q, words.SIZES[s], k, s + 1, s + 2)
        scr.say(text, palette.BAD if dies else palette.GOOD)
