"""Play Alheimur through the real app: firmware/code.py, unchanged, in the
headless simulator (this process, virtual clock), with a seeded bot
pressing the buttons the way a player would (tests, screenshots).

    from bot_alheimur import play
    bot = play(seats=("human", "random"), seed=7, until=lambda b: ...,
               shot="x.png")
    bot.over, bot.scored, bot.handovers, bot.board ...

Whenever the app waits for a press the bot looks at what is on screen
(the firmware's frames on the stack: launcher, new-game screen, world
building, the board and its mode, the pause menu, the scoring screen) and
presses one button: the launcher's Alheimur row; the new-game rows until
they say the seats, round limit and seed wanted, then Start; on the board
A on what is lit (the cursor starts on it), a choice among its actions,
Select to pass when nothing is lit, now and then a d-pad step, an undo
(B), a look at all worlds; A through survival, the hand-over and the
scores. Every decision point's game is checked with the fuzzer's
AlhChecker. ``until(bot)`` (called before each press) ends the run when
it returns True; the screenshot is taken then.
"""

import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import paths

ROOT = paths.ROOT


def frame_of(name, filename):
    """The frame of firmware function ``name`` (file ending ``filename``)
    on the stack, or None."""
    f = sys._getframe(2)
    while f is not None:
        if f.f_code.co_name == name and f.f_code.co_filename.endswith(filename):
            return f
        f = f.f_back
    return None


def board_frame():
    """The frame of the Alheimur board's loop (ui/session.py's Board.run,
    its ``self`` alheimur/app.py's Board) on the stack, or None."""
    f = sys._getframe(1)
    while f is not None:
        if f.f_code.co_name == "run" and f.f_code.co_filename.endswith("ui/session.py"):
            b = f.f_locals.get("self")
            if type(b).__module__ == "alheimur.app":
                return f
        f = f.f_back
    return None


def waiting_on_board():
    """The Alheimur board waits for a press on its own screen (the loop's
    wait, not a menu's or another screen's): its Board, else None."""
    f = sys._getframe(1)
    while f is not None:
        if f.f_code.co_name == "key" and f.f_code.co_filename.endswith("ui/session.py"):
            up = f.f_back
            if up is not None and up.f_code.co_name == "run" and \
                    type(up.f_locals.get("self")).__module__ == "alheimur.app":
                return up.f_locals["self"]
            return None
        f = f.f_back
    return None


class Bot:
    def __init__(self, seats, seed, limit=0, rng=1, until=None, undo=0.03, wander=0.08,
                 look=0.01, passes=0.15, resume=False, max_presses=20000, careful=True,
                 first=(), at_end=()):
        self.seats = list(seats)
        self.seed = seed
        self.limit = limit            # index into alheimur.engine.ROUND_LIMITS
        self.rng = random.Random(rng)
        self.until = until
        self.p_undo = undo
        self.p_wander = wander
        self.p_look = look
        self.p_pass = passes
        self.resume = resume
        self.max_presses = max_presses
        self.presses = 0
        self.board = None             # the app's Board, once seen
        self.game = None
        self.over = False
        self.scored = None            # the scoring screen's (title, lines) when shown
        self.handovers = []           # seats the "pass to" screen was shown for
        self.undos = 0
        self.survivals = 0
        self.rolls = 0
        self.checker = None
        self.screen = ""              # what the bot saw last
        self.careful = careful
        self.first = list(first)      # presses made first, once on the board
        self.at_end = list(at_end)    # presses made first once the game is over
        self.fresh = None             # tools/fresh.py's checker (play(fresh=True))
        self.since = 0                # presses on "since your last turn"
        self.plan = 0                 # the action the bot goes for
        self.plan_key = None
        from array import array

        from prng import Rng
        self.prng = Rng(self.rng.randrange(1 << 30))
        self.buf = array("H", bytes(800))

    # -- deciding ---------------------------------------------------------------

    def look(self):
        """What is on screen now (``screen``), from the firmware's frames."""
        for name, fn, what in (("show", "ui/crash.py", "crash"), ("run", "launcher.py", "launcher"),
                               ("ask", "newgame.py", "new game"),
                               ("hand_over", "hand_over.py", "hand over"),
                               ("show", "alheimur/since.py", "since"),
                               ("_sure", "pause.py", "pause"),
                               ("menu", "pause.py", "pause"), ("run", "textview.py", "scores"),
                               ("run", "all_worlds.py", "overview"),
                               ("_human", "build_screen.py", "building")):
            if frame_of(name, fn) is not None:
                self.screen = what
                return
        f = board_frame()
        if f is not None:
            b = f.f_locals["self"]
            t = b.human_turn
            if t is not None:
                self.screen = ("board", "choose", "survival", "game over")[t.mode]

    def decide(self):
        """The button to press now (None: none)."""
        if self.first and self.board is not None:
            return self.first.pop(0)
        f = frame_of("show", "ui/crash.py")
        if f is not None:
            from invariants import Failure
            raise Failure("the crash screen: %r" % (f.f_locals.get("e"),))
        f = frame_of("run", "launcher.py")
        if f is not None:
            self.screen = "launcher"
            menu, c = f.f_locals["menu"], f.f_locals.get("c", 0)
            row = 0 if self.resume and c else c + 2
            return "a" if menu.sel == row else ("down" if menu.sel < row else "up")
        f = frame_of("ask", "newgame.py")
        if f is not None:
            self.screen = "new game"
            return self.new_game(f.f_locals)
        f = frame_of("hand_over", "hand_over.py")
        if f is not None:
            self.screen = "hand over"
            p = f.f_locals["p"]
            if not self.handovers or self.handovers[-1] != p:
                self.handovers.append(p)
            return "a"
        f = frame_of("show", "alheimur/since.py")
        if f is not None:                       # "since your last turn": read, then play
            self.screen = "since"
            self.since += 1
            return self.rng.choice(("down", "up")) if self.rng.random() < 0.2 else "a"
        if frame_of("_sure", "pause.py") is not None or frame_of("menu", "pause.py") is not None:
            self.screen = "pause"
            return "b"
        f = frame_of("run", "textview.py")
        if f is not None:
            self.screen = "scores"
            tv = f.f_locals["self"]
            self.scored = (tv.title.text, list(tv.lines))
            return "b"
        if frame_of("run", "all_worlds.py") is not None:
            self.screen = "overview"
            return "b"
        f = frame_of("_human", "build_screen.py")
        if f is not None:
            self.screen = "building"
            r = self.rng.random()
            return "a" if r < 0.7 else self.rng.choice(("left", "right", "b", "select"))
        f = board_frame()
        if f is not None:
            b = f.f_locals["self"]
            if b.scr is None or b.human_turn is None:
                return None
            if Turn is None:
                _borrow()
            self.board = b
            return self.on_board(b.human_turn)
        return None

    def new_game(self, loc):
        st = loc["st"]
        rows = loc["rows"]
        sel = loc["sel"]             # the row highlighted (ui/newgame.py)
        c = rows.c
        n = len(self.seats)

        def go(row, key):
            if sel != row:
                return "down" if sel < row else "up"
            return key

        # the rows: players, a row per seat, the round limit (alheimur/rows.py)
        if st.nseats != n:
            return go(c, "right" if st.nseats < n else "left")
        for i in range(n):
            if st.seats[i] != self.seats[i]:
                return go(c + 1 + i, "right")
        if st.limit != self.limit:
            return go(c + 1 + n, "right")
        if st.seed != self.seed:
            d = (self.seed - st.seed) % 1000
            return go(rows.seed, "right" if d <= 500 else "left")
        return "start"

    def on_board(self, b):
        """The press on the board: ``b`` is the human's turn (its modes,
        options, the play screen ``b.scr``)."""
        from alheimur.actions import PASS
        g = b.g
        mode = b.mode
        r = self.rng.random()
        if mode == 3:                           # OVER
            self.over = True
            self.screen = "game over"
            if self.at_end:
                return self.at_end.pop(0)
            return "down" if b.scr.zone == 2 else "a"
        if mode == 2:                           # SURVIVE
            self.screen = "survival"
            return "a" if r > self.p_wander else self.rng.choice(("left", "right", "up", "down"))
        key = (g.state(), g.phase())
        if key != self.plan_key:
            self.plan_key = key
            self.plan = self.pick(b)
        a = self.plan
        if mode == 1:                           # CHOOSE
            self.screen = "choose"
            for i in range(b.nopt):
                if b.opts[i] == a:
                    return "a" if b.iopt == i else "right"
            return "b"                          # not among these: back
        self.screen = "board"
        if r < self.p_wander:
            return self.rng.choice(("left", "right", "up", "down"))
        r -= self.p_wander
        if r < self.p_undo and g.can_undo():
            self.undos += 1
            return "b"
        r -= self.p_undo
        if r < self.p_look:
            return "start"
        if a == PASS:
            return "select"
        spot = self.spot_of(g, a)
        if self.at(b, spot):
            return "a"
        return self.path(b, spot)

    def pick(self, b):
        """The action to play at this decision point."""
        from seeded_alheimur import careful

        from alheimur.actions import P_EXPAND, P_START, PASS
        g = b.g
        n = g.legal(self.buf)
        if self.careful:
            if g.phase() not in (P_START, P_EXPAND):
                return careful(g, self.prng, self.buf, n)
            from alheimur.engine import Game
            f = Game(g.nplayers(), g.limit())    # careful tries actions: on a copy
            f.load(g.state())
            return careful(f, self.prng, self.buf, f.legal(self.buf))
        if self.buf[0] == PASS and self.rng.random() < self.p_pass:
            return PASS
        return self.buf[self.rng.randrange(n)]

    def spot_of(self, g, a):
        """Where the cursor must be for action a: a spot, or -2 - world (a
        tab: the battle sites)."""
        from alheimur.actions import K_SITE, a_world, kind_of
        if kind_of(a) == K_SITE:
            return -2 - a_world(a)
        return g.subject(a)

    def at(self, b, spot):
        scr = b.scr
        if spot <= -2:
            return scr.zone == 2 and scr.loc_of(scr.tab) == -2 - spot
        here = scr.spot()
        if spot >= 128 and here >= 128:
            return b.g.rep(here - 128) == b.g.rep(spot - 128)
        return here == spot

    def path(self, b, spot):
        """The first d-pad press of the shortest way to ``spot`` (the
        cursor's own moves, alheimur/human.py's, on a shadow of the play
        screen)."""
        start = Shadow(b.scr)
        seen = {start.key()}
        todo = [(start, None)]
        keys = ((0, "up"), (1, "down"), (2, "left"), (3, "right"))
        while todo:
            nxt = []
            for sh, first in todo:
                for k, name in keys:
                    c = sh.copy()
                    Turn.move(_Mover(c), k)
                    kk = c.key()
                    if kk in seen:
                        continue
                    seen.add(kk)
                    f = first or name
                    if c.at(spot):
                        return f
                    nxt.append((c, f))
            todo = nxt
        return self.rng.choice(("left", "right", "up", "down"))


class _Mover:
    """What HumanTurn.move reads: the game and the (shadow) screen."""

    def __init__(self, scr):
        self.scr = scr
        self.g = scr.g

    def _world_step(self, key):
        Turn._world_step(self, key)

    def _panel_step(self, key):
        Turn._panel_step(self, key)

    def _last(self, r):
        return Turn._last(self, r)


class Shadow:
    """The play screen's cursor without the drawing: alheimur/human.py's
    HumanTurn.move runs on it."""

    def __init__(self, scr=None):
        if scr is None:
            return
        self.g = scr.g
        self.ntabs = scr.ntabs
        for k in ("view", "zone", "tile", "prow", "pcol", "tab", "ptop", "nrows"):
            setattr(self, k, getattr(scr, k))
        self.cells = bytearray(scr.cells)
        self.rowner = bytearray(scr.rowner)

    def copy(self):
        c = Shadow()
        c.__dict__.update(self.__dict__)
        c.cells = bytearray(self.cells)
        return c

    def key(self):
        return (self.view, self.zone, self.tile if self.zone == 0 else 0,
                self.prow if self.zone == 1 else 0, self.pcol if self.zone == 1 else 0,
                self.tab if self.zone == 2 else 0)

    def at(self, spot):
        if spot <= -2:
            return self.zone == 2 and self.loc_of(self.tab) == -2 - spot
        here = self.spot()
        if spot >= 128 and here >= 128:
            return self.g.rep(here - 128) == self.g.rep(spot - 128)
        return here == spot

    def show(self, loc):
        self.view = loc
        self.ptop = 0
        if loc == 8 and self.zone == 0:
            self.zone = 1
        self.draw_panel()

    def _panel_rows(self):
        if self.prow < self.ptop:
            self.ptop = self.prow
        elif self.prow >= self.ptop + 5:
            self.ptop = self.prow - 4

    def draw_world(self):
        pass

    def draw_marks(self):
        pass

    def draw_cursor(self):
        pass


def _borrow():
    """Shadow takes the Screen's methods the cursor's moves use; the moves
    are alheimur/human.py's HumanTurn's (the firmware's, loaded with it)."""
    global Turn
    from alheimur.human import HumanTurn
    from alheimur.screen import Screen
    Turn = HumanTurn
    for name in ("tab_of", "loc_of", "terr", "ship", "spot", "draw_panel", "point"):
        setattr(Shadow, name, getattr(Screen, name))


Turn = None   # alheimur.human's HumanTurn, once borrowed


def saved_nvm(path, game, seats, seed=0, dealt=1, limit=0, rng_seed=1):
    """Write an NVM file (``--nvm``) holding ``game`` as Alheimur's saved
    game (the launcher then offers "Continue Alheimur"), with these seats
    (names), the setup's seed, the dealt seed and the round-limit option."""
    from alheimur import save
    from prng import Rng
    from store import Store
    st = save.Setup()
    st.nseats = len(seats)
    st.seats[:len(seats)] = list(seats)
    st.seed = seed
    st.dealt = dealt
    st.limit = limit
    if getattr(game, "rng", None) is None:
        game.rng = Rng(rng_seed)
    nvm = bytearray(b"\xff" * 8192)
    store = Store(nvm)
    opts = bytearray(save.pack_options(st) + b"\0\0")
    opts[-2] = seed >> 8
    opts[-1] = seed & 255
    store.set_game(0x68, bytes(opts), save.encode(st, game))
    store.save()
    with open(path, "wb") as f:
        f.write(nvm)
    return st


def play(seats=("human", "random"), seed=7, limit=0, rng=1, until=None, shot=None,
         board="pybadge", nvm=None, timeout=600, check=True, fast=True, watch=None, scale=1,
         fresh=False, pace=40, **kw):
    """Run code.py with the bot until ``until(bot)`` or the press budget;
    returns the Bot. A firmware exception or a broken invariant raises.
    ``fast``: the simulated panel composes no pixels (displayio still
    tracks every change) until the end, when the screen is drawn whole
    for the screenshot. ``watch(bot)``, called at every turn of the
    simulator's pump (also while the app rolls dice or shows a computer's
    move), ends the run when it returns True (the screenshot is of that
    moment). ``fresh``: at every wait for a press and every moment's view
    the panel is compared with a fresh redraw (tools/fresh.py; every
    refresh is then composed): ``bot.fresh`` holds the checker. ``pace``:
    the ms from one press to the next wait's press (a person's: seconds)."""
    if ROOT not in sys.path:
        sys.path.append(ROOT)
    from sim import runner as R
    R.setup_paths()
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    argv = ["--headless", "--seed", str(seed), "--board", board, "--timeout", str(timeout),
            "--shot-scale", str(scale), "--shot-panel"]
    if nvm:
        argv += ["--nvm", str(nvm)]
    args = R.parse_args(argv)
    bot = Bot(seats, seed, limit, rng, until, **kw)
    if fresh:
        import fresh as fresh_check
        fast = False               # the panel must hold what each refresh sent
        bot.fresh = fresh_check.Checker()
    from invariants import AlhChecker, Failure

    class BotRunner(R.Runner):
        def start(self):
            R.Runner.start(self)
            self.next_t = 300.0
            self.release = None

        def _pump_script(self):
            host = self.host
            now = host.now_ms()
            if bot.fresh is not None:
                bot.fresh.install()
            if self.crash_screens:           # code.py caught an exception: a failure
                raise Failure("the crash screen: %s\n%s" % (self.crash_screens[0]["text"],
                                                            self.crash_screens[0]["traceback"]))
            self.display.auto_refresh_tick()
            if watch is not None and watch(bot):
                raise host.Done()
            if now < self.next_t:
                return
            if self.release is not None:
                host.set_button(self.release, False, now)
                self.release = None
                self.next_t = now + max(20, pace - 40)   # (a press is held 40 ms)
                return
            if frame_of("next_press", "ui/session.py") is None:
                return                       # not waiting for a press
            sess = sys.modules.get("ui.session")
            g = getattr(sess, "game", None) if sess else None
            b = None
            if sess is not None and getattr(sess.observer, "bot", None) is not bot:
                def observe(game):
                    bot.game = game
                observe.bot = bot
                sess.observer = observe
            if bot.game is not None and check:
                if bot.checker is None:
                    bot.checker = AlhChecker()
                bot.checker.check(bot.game)
            del g, b
            bot.look()
            if bot.until is not None and bot.until(bot):
                raise host.Done()
            if bot.presses >= bot.max_presses:
                raise host.Done()
            try:
                key = bot.decide()
            except Exception:  # noqa: BLE001  (the bot's own bug: not the firmware's)
                import traceback
                raise Failure("the bot failed:\n" + traceback.format_exc()) from None
            if key is None:
                self.next_t = now + 50
                return
            bot.presses += 1
            host.set_button(key, True, now)
            self.release = key
            self.next_t = now + 40

    for name, mod in list(sys.modules.items()):    # a fresh firmware each run
        f = getattr(mod, "__file__", None) or ""
        if f.startswith((paths.FIRMWARE + os.sep, os.path.join(ROOT, "boards") + os.sep)):
            del sys.modules[name]
    global cursor
    cursor = None
    import _simdisplay
    real = _simdisplay.SimDisplay._refresh_area
    if fast:
        _simdisplay.SimDisplay._refresh_area = lambda self, area: None
    runner = BotRunner(args)
    bot.runner = runner
    try:
        status = runner.main()
    finally:
        _simdisplay.SimDisplay._refresh_area = real
    if shot:
        d = runner.display
        if fast and d.root_group is not None:
            d._core.full_refresh = True
            d._refresh_display()
        runner.screenshot(str(shot))
    if status != 0 or runner.error:
        raise Failure("code.py stopped: %s" % runner.error)
    return bot


if __name__ == "__main__":
    import json
    b = play(seats=sys.argv[1].split(",") if len(sys.argv) > 1 else ("human", "random"),
             seed=int(sys.argv[2]) if len(sys.argv) > 2 else 7,
             until=lambda bot: bot.scored is not None, shot="/tmp/bot_alheimur.png")
    print(json.dumps({"presses": b.presses, "over": b.over, "scored": b.scored,
                      "handovers": b.handovers[:20], "undos": b.undos}))
