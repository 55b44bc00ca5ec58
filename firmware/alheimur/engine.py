"""Alheimur rules engine: the game state, decision points, legal actions,
apply, undo (docs/alheimur.md); it answers the engine contract
(firmware/contract.py).

Every decision is a decision point (``phase()``) answered by a small-int
action (``alheimur.actions``): world building, start colonists, the turn's
four parts, the battle. Chance points (dice; the neutral world's placements,
by lot) are answered the same way by whoever rolls: ``chance()`` says so,
``dice_needed()`` how many dice the roll still needs. The deal itself comes
in through ``deal(quads)``.

The whole state is one bytearray (``alheimur.layout``); only this module and
build, turn and battle write it, and only they read its registers (the
rest ask: ``shot``, ``ender``, ``attacker``, ``to_expand`` ...).
``alheimur.actions`` is the codec: their hot loops (legal actions, apply,
the AI's search through them, ``trial``) shift and mask by its numbers,
everything else calls its functions. ``undo()`` goes back one action
within the current actor's stretch of play, never past a die, a lot or
another actor.
"""

from array import array

from micropython import const

from alheimur import battle, turn, world
from alheimur.actions import a_ship, a_terr, a_world, kind_of
from lazy import forget

# consts from alheimur.actions, alheimur.layout (tools/consts.py; do not edit)
_CAUSE_AT = const(2)
_DIE = const(7)
_END_200 = const(4)
_END_ALONE = const(3)
_END_LIMIT = const(2)
_END_NOBODY = const(5)
_FORM = const(31)
_FREE = const(255)
_KIND_AT = const(11)
_K_AIM = const(17)
_K_BOARD = const(10)
_K_CIVILIZE = const(6)
_K_DIE = const(1)
_K_FLIP = const(13)
_K_LAUNCH = const(9)
_K_MIGRATE = const(8)
_K_PASS = const(0)
_K_SITE = const(16)
_K_START = const(4)
_K_TARGET = const(18)
_LAST_AT = const(200)
MAX_ACTIONS = const(400)
_MAX_SHIPS = const(120)
_NOBODY = const(255)
_NREG = const(32)
_O_BUDGET = const(249)
_O_QUADS = const(32)
_O_SB = const(529)
_O_SL = const(409)
_O_STASH = const(385)
_O_SURF = const(257)
_O_VGRID = const(240)
_O_WCARD = const(192)
_O_WORB = const(224)
_O_WPILE = const(232)
_P_AIM = const(13)
_P_DEAL = const(0)
_P_DICE = const(15)
_P_EXPAND = const(4)
_P_MIGRATE = const(6)
_P_MOVE = const(11)
_P_OVER = const(16)
_P_PLACE = const(1)
_P_START = const(3)
_P_SWAP = const(2)
_P_TARGET = const(14)
_R_ATT = const(15)
_R_CUR = const(1)
_R_DEF = const(24)
_R_DLEFT = const(22)
_R_ENDER = const(4)
_R_EXP = const(11)
_R_FIRER = const(16)
_R_HITS = const(23)
_R_LAST = const(3)
_R_LIMIT = const(6)
_R_NP = const(5)
_R_NWORLDS = const(29)
_R_PHASE = const(0)
_R_ROUND = const(2)
_R_SHOOT = const(20)
_R_STOP = const(12)
_R_TARGET = const(21)
_R_TURNS = const(31)
_R_WORLD = const(7)
_SHIP_AT = const(4)
_STAGE = const(3)
STATE_BYTES = const(649)
_TERR = const(15)
_TRIGGERED = const(1)
_UNDER_WAY = const(2)
_USED = const(64)
_X_ADVANCE = const(28)
_X_BATTLE = const(27)
_X_END = const(30)
_X_STEP1 = const(21)
_X_SURVIVE = const(20)
_X_TURN = const(31)
_X_WORLD = const(32)
# end consts

CHANCE = const(8)      # actor() of a chance point
_MAX_LOG = const(128)   # actions undo can take back in one stretch
ROUND_LIMITS = (40, 20, 60, 0)  # the option's values (0: none); 40 default


class Game:
    """A game of Alheimur for ``nplayers`` (2-8) seats; ``limit`` is the
    round-limit option (0 none). It starts at the deal: call ``deal(quads)``
    (``alheimur.deal``), or pass ``quads`` here."""

    def __init__(self, nplayers, limit=40, quads=None):
        if not 2 <= nplayers <= 8:
            raise ValueError("Alheimur is for 2 to 8 players")
        if not 0 <= limit <= _LAST_AT:
            raise ValueError("round limit 0 (none) to 200")
        self.st = bytearray(STATE_BYTES)
        mv = memoryview(self.st)
        self.reg = mv[0:_NREG]
        self.quads = mv[_O_QUADS:_O_QUADS + 160]
        self.wcard = mv[_O_WCARD:_O_WCARD + 32]
        self.worb = mv[_O_WORB:_O_WORB + 8]
        self.wpile = mv[_O_WPILE:_O_WPILE + 8]
        self.vgrid = mv[_O_VGRID:_O_VGRID + 9]
        self.budget = mv[_O_BUDGET:_O_BUDGET + 8]
        self.surf = mv[_O_SURF:_O_SURF + 128]
        self.stash = mv[_O_STASH:_O_STASH + 24]
        self.sl = mv[_O_SL:_O_SL + _MAX_SHIPS]
        self.sb = mv[_O_SB:_O_SB + _MAX_SHIPS]
        # World geometry, derived from the cards (not in the snapshot).
        self.lab = bytearray(128)      # per world and tile: territory
        self.telem = bytearray(128)    # per world and territory: element
        self.tsize = bytearray(128)    # .. tiles
        self.tfirst = bytearray(128)   # .. first tile
        self.nterr = bytearray(8)
        self.adj = array("H", bytes(256))    # .. territories touching it
        self.edge = array("H", bytes(256))   # .. same element along an edge
        self._el = bytearray(16)
        self._grid = bytearray(9)
        self.cnt = bytearray(8)        # scratch: pieces per player
        # Undo: the state at the last barrier and the actions since.
        self.snap = bytearray(STATE_BYTES)
        self.log = array("H", bytes(2 * _MAX_LOG))
        self.nlog = 0
        self.edits = 0     # position changes (apply, undo, deal, load): the shell saves on a new count
        # The legal actions of the current point (valid when sn >= 0).
        self.sbuf = array("H", bytes(2 * MAX_ACTIONS))
        self.sn = -1
        self.bmod = None   # alheimur.build while worlds are built
        reg = self.reg
        reg[_R_NP] = nplayers
        reg[_R_LIMIT] = limit
        reg[_R_NWORLDS] = nplayers + 1 if nplayers < 8 else 8
        for i in range(24):
            self.stash[i] = 5 if i < 3 * nplayers else 0
        for i in range(_MAX_SHIPS):
            self.sl[i] = _FREE
        reg[_R_PHASE] = _P_DEAL
        self._barrier()
        if quads is not None:
            self.deal(quads)

    # -- the deal ---------------------------------------------------------

    def deal(self, quads):
        """Deal: ``quads`` holds 40 cards (4 elements each, NW NE SW SE)
        in pile order, 8 piles of 5. Allowed at the start and when the
        world building needs a redeal (phase _P_DEAL). Its code is world
        building's (alheimur.build: not loaded during play)."""
        self._setup().deal(self, quads)
        self._settle()
        self._barrier()

    # -- questions --------------------------------------------------------

    def phase(self):
        return self.reg[_R_PHASE]

    def over(self):
        return self.reg[_R_PHASE] == _P_OVER

    def nplayers(self):
        return self.reg[_R_NP]

    def nworlds(self):
        return self.reg[_R_NWORLDS]

    def current(self):
        """Seat whose turn it is (setup: the seat placing)."""
        return self.reg[_R_CUR]

    def actor(self):
        """Who answers the decision point: a seat, CHANCE (dice, the
        neutral world's placements, the deal) or _NOBODY (game over)."""
        ph = self.reg[_R_PHASE]
        if ph == _P_DEAL or ph == _P_DICE:
            return CHANCE
        if ph == _P_PLACE or ph == _P_SWAP:
            w = self.reg[_R_WORLD]
            return w if w < self.reg[_R_NP] else CHANCE
        if ph == _P_AIM or ph == _P_TARGET:
            return self.reg[_R_FIRER]
        if ph == _P_OVER:
            return _NOBODY
        return self.reg[_R_CUR]

    def dice_needed(self):
        """Dice still to roll in the current roll (0 when not rolling)."""
        return self.reg[_R_DLEFT] if self.reg[_R_PHASE] == _P_DICE else 0

    def site(self):
        """The world being built (setup) or the battle site (battle)."""
        return self.reg[_R_WORLD]

    def firer(self):
        """The player firing now (battle)."""
        return self.reg[_R_FIRER]

    def defence(self):
        """Is the current or last roll a hit ship's defence?"""
        return self.reg[_R_DEF] == 1

    def round(self):
        return self.reg[_R_ROUND]

    def last_round(self):
        """0 not yet, 1 triggered in this turn, 2 under way."""
        return self.reg[_R_LAST] & _STAGE

    def end_cause(self):
        """Why the last round began or the game ended (layout.END_*): 0
        not yet, END_13 (13 pyramids in play), END_LIMIT (the round
        limit), END_ALONE (no limit: at most one player left with
        pyramids in play), END_200 (no limit: round 200 ended),
        END_NOBODY (no pyramid left in play: over at once)."""
        return self.reg[_R_LAST] >> _CAUSE_AT

    def ender(self):
        """The seat whose turn ends the game (once the last round began)."""
        return self.reg[_R_ENDER]

    def to_expand(self):
        """Bits of the worlds where the current player's expansion is
        still to come (during expansion)."""
        return self.reg[_R_EXP]

    def attacker(self):
        """The attacker of the battle step being fought or answered."""
        return self.reg[_R_ATT]

    def shot(self):
        """The shot being fired: (the firing ship, its target, the hits so
        far less the defence's sixes)."""
        reg = self.reg
        return reg[_R_SHOOT], reg[_R_TARGET], reg[_R_HITS]

    def limit(self):
        return self.reg[_R_LIMIT]

    def world_built(self, w):
        ph = self.reg[_R_PHASE]
        if ph == _P_DEAL:
            return False
        if ph == _P_PLACE or ph == _P_SWAP or ph >= _X_WORLD:
            cw = self.reg[_R_WORLD]
            return w < cw or (w == cw and ph == _P_SWAP)
        return w < self.reg[_R_NWORLDS]

    def terr_at(self, w, tile):
        return self.lab[w * 16 + tile]

    def piece(self, w, t):
        """The piece byte on territory t of world w (0 empty): size | owner
        << 2 | INVADER (layout)."""
        return self.surf[w * 16 + t]

    def stash_count(self, p, size):
        return self.stash[p * 3 + size - 1]

    def in_play(self, p):
        """Pyramids of p on worlds, in orbits and in space, marines too."""
        s = self.stash
        return 15 - s[3 * p] - s[3 * p + 1] - s[3 * p + 2]

    def ship_top(self):
        """Ship slots in use are below this."""
        return self.reg[_R_STOP]

    def rep(self, i):
        """The lowest slot holding a ship identical to ship i (same place,
        owner, size, status, marine and whether it acted); legal() names
        only such representatives."""
        sl = self.sl
        sb = self.sb
        a = sl[i]
        b = sb[i]
        for j in range(i):
            if sl[j] == a and sb[j] == b:
                return j
        return i

    def state(self):
        """The whole state as bytes (tests: undo restores it exactly)."""
        return bytes(self.st)

    # -- legal actions ----------------------------------------------------

    def _setup(self):
        """The world-building module, loaded while it is needed (an app
        may drop it afterwards: ``drop_setup``)."""
        if self.bmod is None:
            from alheimur import build
            self.bmod = build
        return self.bmod

    def drop_setup(self):
        """Forget the world-building code once play has begun (it comes
        back by itself if a redeal or a new game needs it)."""
        self.bmod = None
        forget("alheimur.build")
        forget("alheimur.deal")
        forget("alheimur.deck")

    def _cached(self):
        if self.sn < 0:
            self.sn = self._gen(self.sbuf)
        return self.sn

    def _gen(self, buf):
        ph = self.reg[_R_PHASE]
        if ph == _P_DICE:
            for v in range(6):
                buf[v] = _K_DIE << _KIND_AT | v + 1
            return 6
        if ph == _P_DEAL or ph == _P_OVER:
            return 0
        if ph <= _P_START:
            return self._setup().gen(self, buf, ph)
        if ph <= _P_MOVE:
            return turn.gen(self, buf, ph)
        return battle.gen(self, buf, ph)

    def legal(self, buf, at=-1):
        """Write the legal actions of the decision point into ``buf`` (an
        array('H') of MAX_ACTIONS) and return how many; with ``at`` (a
        spot: actions.spot(world, terr) or actions.ship_spot(ship)) only the actions
        of the piece there. Allocates nothing once warm."""
        n = self._cached()
        sbuf = self.sbuf
        if at < 0:
            for i in range(n):
                buf[i] = sbuf[i]
            return n
        if at >= 128:
            at = 128 + self.rep(at - 128)
        k = 0
        for i in range(n):
            a = sbuf[i]
            if self.subject(a) == at:
                buf[k] = a
                k += 1
        return k

    def subject(self, a):
        """The spot of the piece an action moves or aims at (-1: none):
        128 + ship for ship actions, else world * 16 + territory."""
        k = kind_of(a)
        if _K_START <= k <= _K_CIVILIZE or k == _K_MIGRATE or k == _K_LAUNCH:
            return a_world(a) * 16 + a_terr(a)
        s = a_ship(a)
        if s < 0:
            return -1
        if k == _K_BOARD:   # the piece boarding, on the ship's world
            return (self.sl[s] & _TERR) * 16 + a_terr(a)
        return 128 + s

    def canonical(self, a):
        """``a`` with its ship replaced by that ship's representative."""
        s = a_ship(a)
        if 0 <= s < _MAX_SHIPS and self.sl[s] != _FREE:
            k = a >> _KIND_AT
            r = self.rep(s)
            if k == _K_FLIP or k == _K_AIM or k == _K_TARGET:
                return k << _KIND_AT | r
            return k << _KIND_AT | r << _SHIP_AT | (a & _TERR)
        return a

    def why_not(self, a):
        """None if action ``a`` is legal now (in the point's cached legal
        actions), else why not in player words (two screen lines at most)."""
        n = self._cached()
        c = self.canonical(a)
        sbuf = self.sbuf
        for i in range(n):
            if sbuf[i] == c:
                return None
        from alheimur import reasons
        return reasons.reason(self, a)

    # -- acting -----------------------------------------------------------

    def apply(self, a):
        """Take action ``a``; ValueError(reason) if it is illegal (the
        state is then unchanged). The check is a scan of the point's
        cached legal actions: a search goes through ``trial``."""
        err = self.why_not(a)
        if err:
            raise ValueError(err)
        a = self.canonical(a)
        self.edits += 1
        who = self.actor()
        turns = self.reg[_R_TURNS]
        self._do(a)
        self.sn = -1
        self._settle()
        if (who == CHANCE or self.actor() != who or self.reg[_R_TURNS] != turns
                or self.nlog >= _MAX_LOG):
            self._barrier()
        else:
            self.log[self.nlog] = a
            self.nlog += 1

    def trial(self, a):
        """Take legal action ``a`` as apply() does, without its check and
        without the undo's snapshot and log: a search's move, which the
        search takes back itself (ai.py keeps a copy of the state)."""
        self._do(a)
        self.sn = -1
        self._settle()

    def score(self):
        """The breakdown (alheimur/scoring.py's Score: six scores a player,
        the regions behind them, ``totals`` in quarters, ``winners``)."""
        from alheimur import scoring
        return scoring.score(self)

    def _do(self, a):
        k = kind_of(a)
        if k == _K_PASS:
            self._pass(self.reg[_R_PHASE])
        elif k == _K_DIE:
            battle.die(self, a & _DIE)
        elif k <= _K_START:
            self._setup().do(self, a)
        elif k < _K_SITE:
            turn.do(self, a)
        else:
            battle.do(self, a)

    def _settle(self):
        """Run transitions and pass through points that offer only PASS."""
        reg = self.reg
        while True:
            ph = reg[_R_PHASE]
            if ph >= _X_SURVIVE:
                if ph >= _X_WORLD:
                    self._setup().transition(self, ph)
                elif ph >= _X_BATTLE and ph != _X_END and ph != _X_TURN:
                    battle.transition(self, ph)
                else:
                    turn.transition(self, ph)
                continue
            if ph == _P_EXPAND or _P_MIGRATE <= ph <= _P_MOVE or ph == _P_AIM:
                n = self._gen(self.sbuf)
                if n == 1:   # PASS alone: this point offers nothing
                    self._pass(ph)
                    continue
                self.sn = n
            return

    def _pass(self, ph):
        if ph == _P_EXPAND:
            self.reg[_R_PHASE] = _X_SURVIVE
        elif ph == _P_AIM:
            self.reg[_R_PHASE] = _X_ADVANCE
        elif ph == _P_MOVE:
            self.reg[_R_PHASE] = _X_BATTLE
        else:
            self.reg[_R_PHASE] = _X_STEP1 + ph - _P_MIGRATE + 1

    # -- undo ---------------------------------------------------------------

    def _barrier(self):
        self.snap[:] = self.st
        self.nlog = 0
        self.edits += 1     # (every deal and load passes here)

    def can_undo(self):
        return self.nlog > 0

    def undo(self):
        """Take back the last action of the current stretch (the actor's
        actions since the last die, lot or change of actor). False if there
        is none."""
        n = self.nlog - 1
        if n < 0:
            return False
        self.edits += 1
        self.st[:] = self.snap
        self.rederive()
        self.sn = -1
        log = self.log
        for i in range(n):
            self._do(log[i])
            self.sn = -1
            self._settle()
        self.nlog = n
        return True

    def rederive(self):
        """Recompute the geometry of every built world (after the state
        was replaced: undo, a saved game)."""
        ph = self.reg[_R_PHASE]
        if ph < _P_START or ph >= _X_WORLD:
            for w in range(self.reg[_R_NWORLDS]):
                if self.world_built(w):
                    world.derive_world(self, w)
                else:
                    self.nterr[w] = 0

    def load(self, data):
        """Replace the state by ``data`` (from state()), e.g. a saved game;
        the players and options come with it. Undo starts afresh."""
        if len(data) != STATE_BYTES:
            raise ValueError("not an Alheimur state")
        self.st[:] = data
        for w in range(self.reg[_R_NWORLDS]):
            if self.world_built(w):
                world.derive_world(self, w)
        self.sn = -1
        self._barrier()

    # -- the turn cycle's end (turn and battle call it) ---------------------

    def end_turn(self):
        reg = self.reg
        p = reg[_R_CUR]
        np = reg[_R_NP]
        for i in range(128):
            self.surf[i] &= ~_USED
        for i in range(reg[_R_STOP]):
            self.sb[i] &= _FORM
        last = reg[_R_LAST]
        if last & _STAGE == _UNDER_WAY and p == reg[_R_ENDER]:
            reg[_R_PHASE] = _P_OVER
            return
        alive = 0
        for q in range(np):
            if self.in_play(q):
                alive += 1
        if not alive:   # every pyramid back in a stash: nothing can happen
            reg[_R_LAST] = _UNDER_WAY | _END_NOBODY << _CAUSE_AT
            reg[_R_PHASE] = _P_OVER
            return
        rnd = reg[_R_ROUND]
        if last & _STAGE == _TRIGGERED:
            reg[_R_LAST] = last + 1
        elif not last and p == np - 1:   # the end of a round (clarifications 16, 20)
            lim = reg[_R_LIMIT]
            why = (_END_LIMIT if rnd >= lim else 0) if lim else (
                _END_ALONE if alive < 2 else _END_200 if rnd >= _LAST_AT else 0)
            if why:
                reg[_R_LAST] = _UNDER_WAY | why << _CAUSE_AT
                reg[_R_ENDER] = p
        q = (p + 1) % np
        if q == 0:   # at most round _LAST_AT + 1: never past a byte
            reg[_R_ROUND] = rnd + 1
        reg[_R_CUR] = q
        reg[_R_PHASE] = _X_TURN
