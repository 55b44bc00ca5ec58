"""Alien City's side of the engine protocol (tools/engine.py --game
aliencity; tools/protocol.py has what every game's session shares).

``position FILE`` reads an Alien City record (docs/records.md) and replays
it through the device's engine; ``go`` answers ``bestmove TB E6 cap E6``
(or ``bestmove TB E6``): the level's build for the player to move, with
its claim. Levels and baselines are arena_aliencity.py's players; the
thinking budget is ``--seconds`` per move (hard also stops after its
candidate list, see firmware/aliencity/ai.py).
"""

from arena_aliencity import chooser
from protocol import Protocol, now_us

import paths  # noqa: F401
from aliencity import record
from aliencity.geometry import NONE
from aliencity.moves import kind_of, lot_of
from prng import Rng


class Session(Protocol):
    record = record

    def __init__(self, level, seconds, seed):
        self.pick = chooser(level)
        self.seconds = seconds
        self.rng = Rng(seed)

    def go(self):
        g = self.game
        deadline = now_us() + int(self.seconds * 1e6)
        m = self.pick(g, self.rng, deadline, now_us)
        n = g.nbuilds
        g.apply(m)
        cap = lot_of(self.pick(g, self.rng, deadline, now_us)) if g.claiming() else NONE
        while g.nbuilds > n:
            g.undo()
        return "bestmove " + record.move_text(kind_of(m), lot_of(m), cap)
