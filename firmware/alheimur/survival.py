"""The survival check, shown so it can be followed (``SurvivalCheck``): each
world where pyramids will die is shown at once with them grey and rimmed
in red before they leave, the cursor on the first of them and why it dies
(its neighbours against what its size stands, or the transport an invader
needs); the d-pad says it for any other pyramid. A human goes on with A (B
undoes the last expansion); a computer's check stays in view a moment per
world (A or B: go on; Select: fast-forward). It reads the game and applies
only the check itself (kept for the log).

Loaded for the check by the human's turn or the computer's, then dropped.
"""

from micropython import const

from alheimur import words
from alheimur.actions import act, invader, owner, pips, spot, spot_terr, spot_world
from alheimur.events import DIED
from alheimur.turn import doomed, worlds_of
from alheimur.words import line
from alheimur.world import bits, tile_name
from ui import palette
from ui.fx import ILLEGAL

# consts from alheimur.actions, alheimur.layout (tools/consts.py; do not edit)
_K_SURVIVE = const(7)
# end consts

_FATE_MS = const(2000)       # a computer's survival check, per world
DEATH = ((260, 80), (196, 140))

# Messages (each fits its place whole: tests/test_messages.py)
TEXTS = (
    "%s %s on %s lives: %d neighbours (%d-%d)\n"          # 0 name, size, tile, n, lo, hi
    "%s %s on %s dies: %d neighbours, not %d-%d\n"        # 1 name, size, tile, n, lo, hi
    "%s invader on %s lives: a transport fits it\n"       # 2 name, tile
    "%s invader on %s dies: no empty transport %d+\n"     # 3 name, tile, pips
    "survival on the %s world: %d to die\n"               # 4 world, n
    "survival: every pyramid lives\n"                     # 5
    "survival: %d pyramids died\n"                        # 6 n
    "survival: %s %s on %s died\n"                        # 7 name, size, terr
    "%s has %d pyramids in play: one more round\n"        # 8 name, n
    "A: go on  B: undo  <>: why"                        # 9
)


class SurvivalCheck:
    """The check of the current player's turn on the app's Board ``b``."""

    def __init__(self, b):
        self.b = b
        self.g = b.g
        self.scr = b.scr
        self.worlds = 0          # worlds (bits) with dying pyramids still to show
        self.auto = False        # a computer's check (no keys to say)
        self.mine = False        # the world shown holds a person's pyramids (app.linger)

    def start(self, auto=False):
        """Show the worlds where pyramids die (a human: the first, then
        A; ``auto``, a computer: each a moment), or check at once when
        none die. True when the human is to go on (the turn's SURVIVE)."""
        b = self.b
        g = self.g
        self.auto = auto
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
            b.linger(_FATE_MS, False, self.mine)
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
                scr.roll()
                scr.show(w, d)
                t = 0
                while not d >> t & 1:
                    t += 1
                scr.put_on(spot(w, t))
                self.mine = False
                for q in range(g.nplayers()):
                    self.mine |= self.b.seats[q] is None and worlds_of(g, q) >> w & 1 == 1
                self.say_fate()
                self.b.fx.sound(ILLEGAL)
                return True
        return False

    def run(self):
        """The check itself, and what it did (each pyramid it removed kept
        for the log)."""
        b = self.b
        g = self.g
        p = g.current()
        was = bytes(g.surf)
        g.apply(act(_K_SURVIVE))
        total = spot_died = 0      # how many died; the spot and piece of the last
        for w in range(g.nworlds()):
            for t in range(g.nterr[w]):
                v = was[w * 16 + t]
                if v and not g.piece(w, t):
                    total += 1
                    spot_died = spot(w, t)
                    b.events.put(DIED, p, w, t, v)
        if total:
            b.fx.sound(DEATH)
        if total == 1:            # the one that died, named
            v = was[spot_died]
            text = line(TEXTS, 7) % (words.NAMES[owner(v)], words.SIZES[pips(v)],
                                     words.terr(g, spot_world(spot_died), spot_terr(spot_died)))
        else:
            text = line(TEXTS, 6) % total if total else line(TEXTS, 5)
        if g.last_round() == 1:
            text = line(TEXTS, 8) % (words.NAMES[p], g.in_play(p))
        b.after(text)

    def say_fate(self):
        """Why the pyramid under the cursor lives or dies."""
        g = self.g
        scr = self.scr
        t = scr.terr()
        w = scr.view
        v = g.piece(w, t) if t >= 0 else 0
        dies = False
        if not v:
            text = line(TEXTS, 4) % (words.world(g, w), bits(scr.doomed))
        else:
            dies = scr.doomed >> t & 1
            tile = tile_name(g.tfirst[w * 16 + t])
            q = words.NAMES[owner(v)]
            s = pips(v)
            if invader(v):
                text = line(TEXTS, 3) % (q, tile, s) if dies else line(TEXTS, 2) % (q, tile)
            else:
                occ = 0
                for u in range(g.nterr[w]):
                    if g.piece(w, u):
                        occ |= 1 << u
                k = bits(g.adj[w * 16 + t] & occ)
                text = line(TEXTS, 1 if dies else 0) % (q, words.SIZES[s], tile, k, s + 1, s + 2)
        colour = palette.BAD if dies else palette.GOOD if v else palette.TITLE
        if self.auto:
            scr.say(text, colour)
        else:
            scr.say(text, colour, line(TEXTS, 9))
