"""How often the games write the save store, and what that costs the flash.

Every write to ``microcontroller.nvm`` erases its one 8 KB flash block
(firmware/store.py), and the SAMD51's flash is rated for 10,000 erases
(docs/app.md has the source). This plays seeded whole games through
``code.py`` in the headless simulator, as fast as the players press, and
counts the block's erases on the simulator's virtual clock: per game, per
hour of play, the hours of play before 10,000 and 25,000 erases, and the
longest stretch of play between two writes (the most a power cut can lose).

    .venv/bin/python tools/wear.py                 # every row (several minutes)
    .venv/bin/python tools/wear.py --rows sky,ac-hard --json out.json

The players: Alien City's presses A at every wait (a build where the piece
may go, the cursor jumps there first, then caps the tower shown), so a
whole game goes by; Skyscrapers' makes 60 plays picked by the prng through
the plays menu (tools/appdriver.py), then finishes from the pause menu;
Alheimur's is tools/bot_alheimur.py's. Each starts from a store holding
the game's new-game options, goes from the launcher to the game and stops
on its scoring screen. "Play" is the virtual time from the new-game screen
left to the scores; writes are counted over the same time, the game's
first and its end included.
"""

import argparse
import itertools
import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import paths

RATED = (10000, 25000)     # erases: the SAMD51's rating, and the SAM D2x's (docs/app.md)
PACE = 1500                # ms from a press to the next: a person's pace (a bot's: 40)
CODE = None                # another program than firmware/code.py (the tests' planted faults)

# name: (words, game, options, seed)
ROWS = {
    "ac-hard": ("Alien City, a person against hard", "aliencity", ("human", "hard"), 3),
    "ac-hot": ("Alien City, hot seat", "aliencity", ("human", "human"), 4),
    "sky": ("Skyscrapers, 60 plays then finish", "skyscrapers", 60, 5),
    "alh2": ("Alheimur, a person and easy, 20 rounds", "alheimur", ("human", "easy"), 6),
    "alh4": ("Alheimur, a person and 3 easy, 20 rounds", "alheimur", ("human",) + ("easy",) * 3, 7),
    "alh8": ("Alheimur, a person and 7 easy, 20 rounds", "alheimur", ("human",) + ("easy",) * 7, 8),
}


class Clock:
    """The writes and the game's start and end, seen from the simulator's
    pump (``watch``): every write, with the virtual time it came at."""

    def __init__(self):
        self.writes = []       # virtual ms of each write
        self.who = []          # the code that made it (the page model's log)
        self.presses = []      # virtual ms of each press
        self._held = False
        self.start = None
        self.end = None
        self._n = None
        self._seen_new = False
        self._look = 0.0

    def watch(self):
        import _simhost
        from bot_alheimur import frame_of
        n = _simhost.nvm_writes
        if self._n is None:
            self._n = n
        now = _simhost.now_ms()
        log = getattr(_simhost, "erase_log", None)    # (the page model's: not before it)
        while self._n < n:
            self._n += 1
            self.writes.append(now)
            if log:
                self.who.append(log[-(n - self._n) - 1][1])
        held = bool(_simhost.held)
        if held and not self._held:
            self.presses.append(now)
        self._held = held
        if now < self._look:
            return False
        self._look = now + 20          # the screens, every 20 ms of the clock
        if self.start is None:
            if frame_of("ask", "newgame.py") is not None:
                self._seen_new = True
            elif self._seen_new:
                self.start = now
        if self.start is not None and self.end is None and frame_of("run", "textview.py"):
            self.end = now
        return self.end is not None

    def row(self, words):
        a, b = self.start, self.end
        if a is None or b is None:
            raise RuntimeError("%s: the game did not reach its scores" % words)
        w = [t for t in self.writes if a <= t <= b]
        minutes = (b - a) / 60000.0
        times = [a] + w + [b]
        gap = max(y - x for x, y in itertools.pairwise(times))
        # A cut loses every press since the last write: the most of a
        # person's play it can lose is the longest from a write to a press
        # made before the next one.
        lost = 0.0
        for p in self.presses:
            if a <= p <= b:
                last = max([t for t in w if t <= p] or [a])
                lost = max(lost, p - last)
        per_hour = len(w) / (minutes / 60.0) if minutes else 0.0
        return {"row": words, "minutes": round(minutes, 2), "erases": len(w),
                "per_hour": round(per_hour, 1),
                "hours": [round(r / per_hour, 1) if per_hour else None for r in RATED],
                "max_lost_s": round(lost / 1000.0, 1), "max_gap_s": round(gap / 1000.0, 1),
                "who": [s for s, t in zip(self.who, self.writes) if a <= t <= b]}


def _nvm_with(game, options, seed):
    """An NVM file holding the game's new-game options (no game saved)."""
    import store
    nvm = bytearray(b"\xff" * 8192)
    s = store.Store(nvm)
    if game == "aliencity":
        from aliencity.save import Setup, pack_options
        levels = (None, "easy", "medium", "hard", "random")
        st = Setup()
        st.seats[0], st.seats[1] = (0 if o == "human" else levels.index(o) for o in options)
        opts = pack_options(st)
        tag = 0x61
    else:
        from skyscrapers.save import Setup, pack_options
        st = Setup()
        opts = pack_options(st)
        tag = 0x73
    s.set_game(tag, bytes(opts) + bytes((seed >> 8, seed & 255)), None)
    if not hasattr(s, "slot"):     # (format 2's store, measured for "before", wrote in set_game)
        s.save()
    with tempfile.NamedTemporaryFile(suffix=".nvm", delete=False) as f:
        f.write(nvm)
    return f.name


def _presses(game, options, seed):
    """The keys the player presses at each wait, in order (None: any time
    after: A)."""
    if game == "aliencity":
        return []
    from appdriver import sky_finish, sky_plays
    plays, _g, _cur = sky_plays(seed, 0, options)
    return ["down", "a", "a"] + [k for k in plays if not k.startswith("wait")] + sky_finish()


def play_presser(game, options, seed, clock, pace, timeout=900):
    """Alien City or Skyscrapers through code.py, a press at every wait
    (``pace`` ms after the one before)."""
    if paths.ROOT not in sys.path:
        sys.path.append(paths.ROOT)
    from bot_alheimur import frame_of

    from sim import runner as R
    R.setup_paths()
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    nvm = _nvm_with(game, options, seed)
    keys = _presses(game, options, seed)
    args = R.parse_args(["--headless", "--seed", str(seed), "--timeout", str(timeout),
                         "--nvm", nvm] + (["--code", CODE] if CODE else []))

    class Presser(R.Runner):
        def start(self):
            R.Runner.start(self)
            self.next_t = 300.0
            self.release = None

        def _pump_script(self):
            host = self.host
            now = host.now_ms()
            if self.crash_screens:
                raise RuntimeError("the crash screen: %s" % self.crash_screens[0]["text"])
            if clock.watch():
                raise host.Done()
            if now < self.next_t:
                return
            if self.release is not None:
                host.set_button(self.release, False, now)
                self.release = None
                self.next_t = now + max(20, pace - 40)   # (a press is held 40 ms)
                return
            if frame_of("next_press", "ui/session.py") is None:
                return
            key = keys.pop(0) if keys else "a"
            host.set_button(key, True, now)
            self.release = key
            self.next_t = now + 40

    ours = (paths.FIRMWARE + os.sep, os.path.join(paths.ROOT, "boards") + os.sep)
    for name, mod in list(sys.modules.items()):    # a fresh firmware and board each run
        if (getattr(mod, "__file__", None) or "").startswith(ours):
            del sys.modules[name]
    try:
        status = Presser(args).main()
    finally:
        os.unlink(nvm)
    if status != 0:
        raise RuntimeError("code.py stopped (%s)" % status)


def play_row(key, pace=PACE):
    """The figures of one row, the players pressing ``pace`` ms apart."""
    words, game, options, seed = ROWS[key]
    clock = Clock()
    if game == "alheimur":
        from bot_alheimur import play
        play(seats=options, seed=seed, limit=1, watch=lambda bot: clock.watch(),
             until=lambda bot: bot.scored is not None, max_presses=100000, pace=pace)
    else:
        play_presser(game, options, seed, clock, pace)
    out = clock.row(words)
    out["pace_ms"] = pace
    return out


def table(rows):
    out = ["| game | play (min) | erases | erases an hour | hours to %s / %s erases "
           "| a person's play a cut can lose (s) | longest between two writes (s) |"
           % tuple("{:,}".format(r) for r in RATED),
           "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for r in rows:
        h = r["hours"]
        out.append("| %s | %.1f | %d | %.0f | %s / %s | %.1f | %.1f |" % (
            r["row"], r["minutes"], r["erases"], r["per_hour"],
            "-" if h[0] is None else "{:,.0f}".format(h[0]),
            "-" if h[1] is None else "{:,.0f}".format(h[1]), r["max_lost_s"], r["max_gap_s"]))
    return "\n".join(out)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rows", default=",".join(ROWS), help="which rows: " + ", ".join(ROWS))
    ap.add_argument("--pace", type=int, default=PACE,
                    help="ms from a press to the next (default %(default)s, a person's "
                    "pace; 40: as fast as the bot presses)")
    ap.add_argument("--json", help="write the figures (and who wrote each time) here")
    args = ap.parse_args(argv)
    rows = []
    for key in args.rows.split(","):
        if key not in ROWS:
            ap.error("no row %r (rows: %s)" % (key, ", ".join(ROWS)))
        rows.append(play_row(key, args.pace))
        print("%s: %d erases in %.1f min" % (rows[-1]["row"], rows[-1]["erases"],
                                              rows[-1]["minutes"]), file=sys.stderr)
    print(table(rows))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
