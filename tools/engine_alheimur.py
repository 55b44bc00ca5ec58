"""Alheimur's side of the engine protocol (tools/engine.py --game alheimur;
tools/protocol.py has what every game's session shares).

A ``Session`` answers the protocol's commands: ``position FILE`` reads an
Alheimur record (docs/records.md) and replays it through the device's
engine, the game up to its end; ``go`` answers ``bestmove LINE``, the
record line the level plays for whoever decides now: a player's action
(a shot with its target: ``R fire 3F Y2T``), a roll (``dice 4 2``, every die
of it) or the neutral world's placement by lot (``N place E 0``). Appending
the answer to the record gives the next position, so outside programs can
play our levels seat by seat. A problem is one ``error ...`` line.
"""

from array import array

from arena_alheimur import player
from protocol import Protocol, now_us

import paths  # noqa: F401
from alheimur import ai, record
from alheimur.actions import K_AIM, MAX_ACTIONS, P_DEAL, a_size, kind_of
from alheimur.engine import CHANCE
from prng import Rng


class Session(Protocol):
    """A level (or a baseline: tools/games.py's players) answering ``go``."""

    record = record

    def __init__(self, level, seconds, seed):
        self.choose = player(level)
        self.seconds = seconds
        self.rng = Rng(seed)
        self.game = None
        self.buf = array("H", bytes(2 * MAX_ACTIONS))

    def go(self):
        g = self.game
        if g.phase() == P_DEAL:
            return ("error the cards must be dealt again: send the record with "
                    "the new deal (pile 1 to pile 8)")
        buf = self.buf
        n = g.legal(buf)
        if g.actor() == CHANCE:
            if g.dice_needed():   # every die of the roll, none applied
                return "bestmove dice " + " ".join(
                    str(a_size(ai.chance(g, self.rng, buf, n))) for _ in range(g.dice_needed()))
            return "bestmove %s %s" % (record.NEUTRAL, record.action_text(
                g, ai.chance(g, self.rng, buf, n)))
        who = g.actor()
        a = self._decide(n)
        text = record.action_text(g, a)
        if kind_of(a) == K_AIM:   # the record line names the target too
            state = g.state()
            g.apply(a)
            text += " " + record.action_text(g, self._decide(g.legal(buf)))
            g.load(state)
        return "bestmove %s %s" % (record.CODES[who], text)

    def _decide(self, n):
        return self.choose(self.game, self.rng, self.buf, n,
                           now_us() + int(self.seconds * 1e6), now_us)
