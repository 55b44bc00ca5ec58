"""Fuzz the handheld app: random button events through every screen.

    .venv/bin/python tools/fuzz_app.py --events 100000 [--seed S] [--board both] [--game G]

Runs firmware/code.py, unchanged, in the headless simulator (in this
process, virtual clock; every refresh drawn) and feeds it seeded random
button events: taps, presses and releases on their own, holds long enough
to auto-repeat, two buttons at once, and on the PyGamer the stick in both
directions (left and right, up and down held together). Events come
whenever the firmware touches the hardware, so also while the computer
thinks. Each time the launcher is on screen the fuzzer opens the next in
turn of: a planted Alheimur game, Alien City, Skyscrapers, Alheimur
(``--game G``, repeatable: only those games, the planted one with
Alheimur; tools/games.py's table names them and their checkers); inside
a game everything is random again, until the game has had its share of
the events and the fuzzer quits it through the pause menu.

The planted game is what random presses alone seldom reach: a seeded
Alheimur game (tools/seeded_alheimur.py, 2-4 players, humans and computers)
stopped at its first fleet battle (every other time at a shot's first
die, so the dice roll at once), saved into a fresh NVM; the board is
switched off and on (a reset) and the launcher's Continue opens it. The run
counts what it saw of Alheimur's turn (``alheimur``: survival checks,
battle sites, aims, targets, battle rolls), so a test can tell the battles
and survival were reached.

Without --seed the seed is new each run (printed first, on stderr); a
failure prints it with the command that replays the run.

After every event the engine's invariants are checked on the game being
played (the shell's test hook ``ui.session.observer`` hands it over;
tools/invariants.py has the checks):

Alien City
- the street rule (``Streets.holds`` on a separate Streets object, so the
  check never disturbs the engine's or the AI's scratch buffers);
- supplies and caps left = what the history says, every structure on the
  board is in the history, each cap sits on a tower of its owner's build
  history, lots and tile counts agree;
- whose turn: a fresh game replaying the history has the same position
  and the same player to move (replayed once per new position).

Skyscrapers
- 24 tiles on the board, one hole, a coin for every tile that left its
  cell for a stack, every stack of one suit, the tile cells agree;
- four pawns, one per suit, each on a cell of its suit;
- the position equals a fresh game replaying the plays made;
- the score equals a fresh count written here from the rules.

Alheimur (``AlhChecker``)
- pieces conserved: per player and size, the stash plus the pyramids on
  worlds, ships and marines make five;
- one pyramid a territory, only on territories that exist, of a player in
  the game; never two invaders of one player on a world;
- ships: in an orbit of a world in play or in space, sizes 1-3, a marine
  only on a transport and no bigger than it; no ship beyond the table's top;
- the state loads back into a fresh game as it was (what a save holds).

Any exception (also one the crash screen catches: its traceback goes to
the console, and the crash screen itself) or broken invariant stops the
run with exit status 1. Prints one JSON line: the seed, events, events per
second, checks per game, games, moves, screens seen (by the firmware
function on the stack), Alheimur's turn, planted games, crash screens,
resets; with --count the display writes too (``writes``).

The display stand-ins refuse what CircuitPython refuses (sim/modules/
displayio, bitmaptools): a pixel outside its bitmap, a tile past the sheet,
a fill outside its bitmap is an exception, so it stops the run like any.
"""

import argparse
import io
import json
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import games
import invariants
from invariants import Failure

import paths

ROOT = paths.ROOT
BUTTONS = ("up", "down", "left", "right", "a", "b", "start", "select")
# How often each button is picked: A (the game moves on) and the d-pad most.
WEIGHTS = (10, 10, 9, 9, 22, 9, 6, 5)
# Firmware functions that tell which screen is up (the game's folder is
# added for the game's own screens).
SCREENS = {
    "launcher": "launcher", "ask": "new game", "run": "board", "move": "computer move",
    "hint": "hint", "menu": "pause menu", "_sure": "sure?", "scores": "scoring",
    "finish": "scoring", "rules": "rules", "_screen": "crash screen",
}
# The launcher's game rows, in its order (tools/games.py's table is in it).
GAME_ROWS = tuple(games.get(k).title for k in games.NAMES)
PLANTED = -1                   # in visits: the planted Alheimur game (Continue)
_ALHEIMUR = games.NAMES.index("alheimur")


def visits(keys=games.NAMES):
    """What the fuzzer opens from the launcher, in turn (rows of GAME_ROWS):
    the games of ``keys``, and the planted Alheimur game first when
    Alheimur is among them."""
    rows = [games.NAMES.index(k) for k in keys]
    return ([PLANTED] if _ALHEIMUR in rows else []) + rows
# Alheimur's decision points the run counts (alheimur/actions.py P_*).
ALH_PHASES = {5: "survival", 12: "battle site", 13: "aim", 14: "target", 15: "battle roll"}


class Console(io.TextIOBase):
    """stdout while the firmware runs: keeps what it prints (tracebacks)."""

    def __init__(self):
        self.text = []

    def write(self, s):
        self.text.append(s)
        return len(s)



def screens_on_stack(found):
    f = sys._getframe(2)
    while f is not None:
        code = f.f_code
        name = SCREENS.get(code.co_name)
        if code.co_name == "run" and code.co_filename.endswith("textview.py"):
            name = "text view (rules, scores)"
        elif code.co_name == "_run" and code.co_filename.endswith("replay.py"):
            name = "replay"
        elif code.co_name == "run" and code.co_filename.endswith("launcher.py"):
            name = "launcher"
        elif code.co_name == "run" and not code.co_filename.endswith("ui/session.py"):
            name = None
        elif code.co_name == "move" and not code.co_filename.endswith("computer.py"):
            name = None             # a cursor's move, not a computer's
        if name and ("firmware" in code.co_filename or "crash" in code.co_filename):
            # the board's loop is the shell's (ui/session.py): its game is its Board's
            where = code.co_filename.replace("\\", "/")
            if code.co_name == "run":
                where = "/" + type(f.f_locals.get("self")).__module__.replace(".", "/")
            for game in ("aliencity", "skyscrapers", "alheimur"):
                if "/%s/" % game in where:
                    name = game + " " + name
            found[name] = found.get(name, 0) + 1
            return
        f = f.f_back


def frame_locals(name, filename):
    """The locals of the firmware function ``name`` (in a file ending with
    ``filename``) on the stack, or None."""
    f = sys._getframe(2)
    while f is not None:
        if f.f_code.co_name == name and f.f_code.co_filename.endswith(filename):
            return f.f_locals
        f = f.f_back
    return None


def launcher_menu():
    """(the launcher's Menu, its row of the first game) while the launcher
    waits for a press, else None (read off the firmware's stack)."""
    loc = frame_locals("run", "launcher.py")
    if loc is None or "menu" not in loc:
        return None
    return loc["menu"], loc.get("c", 0)


def battle_nvm(rng, dice):
    """NVM bytes holding an Alheimur game saved at its first fleet battle
    (a seeded game of 2-4 careful players, tools/seeded_alheimur.py): with
    ``dice`` at the first die of a shot (as the autosave after choosing
    the target leaves it: Continue rolls at once), else where a battle site
    is picked or a ship aimed (by a human or a computer); the seats are
    humans and computers, at least one human. The launcher offers to
    continue it. Returns (the bytes, a line saying which game)."""
    import tempfile
    from array import array

    import bot_alheimur
    import seeded_alheimur

    from alheimur import ai
    from alheimur.actions import MAX_ACTIONS, P_AIM, P_DEAL, P_DICE, P_SITE
    from alheimur.deal import new_game, shuffle
    from alheimur.engine import CHANCE
    from prng import Rng
    stops = (P_DICE,) if dice else (P_SITE, P_AIM)
    buf = array("H", bytes(2 * MAX_ACTIONS))
    for _ in range(100):        # about one seeded game in three has a battle by round 20
        seed, n = rng.randrange(1, 1000), rng.randrange(2, 5)   # seeds 1-999, as a save
        g, drng = new_game(seed, n, 20)
        choices = Rng(seed * 7919 + 17)
        while not g.over() and g.phase() not in stops and g.round() < 20:
            if g.phase() == P_DEAL:
                g.deal(shuffle(drng))
                continue
            k = g.legal(buf)
            g.apply(ai.chance(g, drng, buf, k) if g.actor() == CHANCE
                    else seeded_alheimur.careful(g, choices, buf, k))
        if g.phase() in stops and not g.over():
            break
    else:
        raise Failure("no seeded Alheimur game came to a battle")
    seats = [rng.choice(("human", "random", "easy")) for _ in range(n)]
    if not dice:
        seats[g.actor()] = rng.choice(("human", "random"))
    if "human" not in seats:
        seats[rng.randrange(n)] = "human"
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "nvm.bin")
        bot_alheimur.saved_nvm(path, g, seats, dealt=seed, limit=1, rng_seed=seed)
        with open(path, "rb") as f:
            data = f.read()
    return data, "game %d (%s), round %d, %s" % (
        seed, " ".join(seats), g.round(),
        "a shot's dice" if dice else "seat %d %s" % (
            g.actor() + 1, "picks a battle site" if g.phase() == P_SITE else "aims"))


class Counted:
    """--count: the display writes of a run, counted by wrapping the
    stand-ins' methods (an extra call each, so only when asked): Bitmap
    pixels, TileGrid tiles, Palette colours, bitmaptools.fill_region
    calls. Put back by ``restore``."""

    WHAT = (("displayio", "Bitmap", "__setitem__", "pixels"),
            ("displayio", "TileGrid", "__setitem__", "tiles"),
            ("displayio", "Palette", "__setitem__", "colours"),
            ("bitmaptools", None, "fill_region", "fills"))

    def __init__(self):
        import importlib
        self.n = {}
        self.saved = []
        for mod, cls, name, key in self.WHAT:
            owner = importlib.import_module(mod)
            if cls:
                owner = getattr(owner, cls)
            f = getattr(owner, name)
            self.saved.append((owner, name, f))
            self.n[key] = 0
            setattr(owner, name, self._counting(f, key))

    def _counting(self, f, key):
        n = self.n

        def counted(*a):
            n[key] += 1
            return f(*a)
        return counted

    def restore(self):
        for owner, name, f in self.saved:
            setattr(owner, name, f)


def fuzz(events, seed, board, log=None, count=False, keys=games.NAMES):
    """Run code.py under random events; returns the stats dict (raises
    Failure on an exception or a broken invariant). ``count``: the stats
    say how many display writes the run made ("writes", see Counted);
    ``keys``: the games the launcher opens (default all)."""
    VISITS = visits(keys)
    if ROOT not in sys.path:
        sys.path.append(ROOT)
    from sim import runner as R
    R.setup_paths()
    counted = Counted() if count else None    # before the firmware binds fill_region
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    args = R.parse_args(["--headless", "--seed", str(seed), "--board", board,
                         "--timeout", "0"])
    rng = random.Random(seed)
    stats = {"board": board, "seed": seed, "events": 0, "games": {}, "moves": 0,
             "screens": {}, "checks": {}, "alheimur": dict.fromkeys(ALH_PHASES.values(), 0),
             "planted": [], "visits": [], "crash_screens": 0}
    checkers = {}
    seen = {"game": None}
    console = Console()
    visit = {"next": 0}

    def observe(game):
        seen["game"] = game

    class FuzzRunner(R.Runner):
        def start(self):
            R.Runner.start(self)
            self.next_t = 300.0
            self.pending = []           # (t, button) releases due
            self.last_game = None
            self.last_n = 0
            self.alh_phase = None
            self.alh_app = None          # alheimur.app as loaded now
            self.alh_game = None         # the game of its Board on the stack
            self.planted = False        # this visit's game is planted (then Continue)
            self.asked = False          # this visit has seen its new-game screen

        def find_alheimur(self):
            """The Alheimur game whose Board is on the stack (True: found)."""
            import bot_alheimur
            f = bot_alheimur.board_frame()      # the shell's loop with Alheimur's Board
            if f is None:
                return False
            self.alh_game = f.f_locals["self"].g
            return True

        def _launcher_step(self, host, now):
            """On the launcher: walk to the next game's row, then A."""
            lm = launcher_menu()
            if lm is None:
                return False
            if self.pending:     # no random presses here: let go of everything
                _t, b = self.pending.pop(0)
                host.set_button(b, False, now)
                return True
            if host.held:
                host.set_button(min(host.held), False, now)
                return True
            menu, c = lm
            target = VISITS[visit["next"] % len(VISITS)]
            if target == PLANTED and not self.planted:
                # switch off, put the game in the NVM, switch on: Continue
                data, what = battle_nvm(rng, dice=len(stats["planted"]) % 2 == 0)
                host.nvm[:] = data
                stats["planted"].append(what)
                self.planted = True
                raise host.Reset()
            row = 0 if target == PLANTED and c else c + (_ALHEIMUR if target == PLANTED else target)
            b = "a" if menu.sel == row else ("down" if menu.sel < row else "up")
            if b == "a":
                visit["next"] += 1
                self.planted = False
                stats["visits"].append((stats["events"], (("planted",) + GAME_ROWS)[target + 1]))
            host.set_button(b, True, now)
            self.pending.append((now + 40, b))
            return True

        def _count_alheimur(self):
            """Each decision point of ALH_PHASES the game comes to (seen at
            any turn of the pump: computers' turns and dice too). The game
            is the one of the Board on the stack (a computer may play, or
            dice roll, before the session's observer is first called)."""
            app = sys.modules.get("alheimur.app")
            if app is not self.alh_app:
                self.alh_app = app
                self.alh_game = None
            if app is not None and self.alh_game is None:
                self.find_alheimur()
            g = self.alh_game
            ph = g.phase() if g is not None else None
            if ph != self.alh_phase:
                self.alh_phase = ph
                name = ALH_PHASES.get(ph)
                if name:
                    stats["alheimur"][name] += 1

        def _leave_step(self, host, now):
            """Back to the launcher (pause -> quit -> yes), a press at a
            time, once a game has had its share of the events."""
            if self.pending:
                return True
            if host.held:                      # let go of what is held first
                host.set_button(min(host.held), False, now)
                return True
            sure = frame_locals("_sure", "pause.py")
            menu = frame_locals("menu", "pause.py")
            if frame_locals("run", "launcher.py") is not None:
                self.leaving = False
                return False
            if sure is not None:
                b = "down" if sure["m"].sel == 0 else "a"
            elif menu is not None:
                row = menu["items"].index("quit")
                b = "a" if menu["m"].sel == row else "down"
            elif frame_locals("ask", "newgame.py") is not None:
                b = "b"
            elif frame_locals("run", "textview.py") is not None:
                b = "start"          # leaves the rules, and quits from the scores
            elif frame_locals("hand_over", "hand_over.py") is not None:
                b = "a"              # the hot seat's hand-over waits for A only
            else:
                self.alt = not getattr(self, "alt", False)
                b = "start" if self.alt else "b"
            host.set_button(b, True, now)
            self.pending.append((now + 40, b))
            return True

        def _pump_script(self):
            host = self.host
            now = host.now_ms()
            if self.crash_screens:
                raise Failure("the crash screen: %s\n%s" % (
                    self.crash_screens[0]["text"], self.crash_screens[0]["traceback"]))
            self.display.auto_refresh_tick()
            self._count_alheimur()
            if now < self.next_t:
                return
            sess = sys.modules.get("ui.session")
            if sess is not None and sess.observer is None:
                sess.observer = observe
            if self.find_alheimur():
                seen["game"] = self.alh_game
            # one event: a release that is due, or a new press/release
            if self.pending and self.pending[0][0] <= now:
                _t, b = self.pending.pop(0)
                host.set_button(b, False, now)
            elif getattr(self, "leaving", False) and self._leave_step(host, now):
                pass
            elif self._launcher_step(host, now):
                self.in_game = 0
                self.asked = False
            elif not self.asked and frame_locals("ask", "newgame.py") is not None:
                # the new-game screen a visit opens on: mostly A on the row
                # it offers (start or continue), else random presses there
                self.asked = True
                if rng.random() < 0.7:
                    host.set_button("a", True, now)
                    self.pending.append((now + 60, "a"))
                    self.pending.sort()
            elif self.pending and self.pending[0][0] <= now:
                _t, b = self.pending.pop(0)
                host.set_button(b, False, now)
            else:
                b = rng.choices(BUTTONS, WEIGHTS)[0]
                r = rng.random()
                if b in host.held:
                    host.set_button(b, False, now)
                    self.pending = [x for x in self.pending if x[1] != b]
                else:
                    host.set_button(b, True, now)
                    if r < 0.75:             # a tap
                        d = rng.uniform(20, 150)
                    elif r < 0.9:            # a hold (auto-repeat)
                        d = rng.uniform(400, 1800)
                    else:                    # released by a later event
                        d = None
                    if d is not None:
                        self.pending.append((now + d, b))
                        self.pending.sort()
                    if host.config["stick"] and b in ("left", "right", "up", "down") \
                            and rng.random() < 0.15:
                        other = {"left": "right", "right": "left",
                                 "up": "down", "down": "up"}[b]
                        host.set_button(other, True, now)    # both directions at once
                        self.pending.append((now + rng.uniform(30, 400), other))
                        self.pending.sort()
            stats["events"] += 1
            self.in_game = getattr(self, "in_game", 0) + 1
            if self.in_game > max(150, events // 8):
                self.leaving = True
                self.in_game = 0
            r = rng.random()
            self.next_t = now + (0 if r < 0.1 else rng.uniform(5, 250) if r < 0.97
                                 else rng.uniform(1000, 5000))
            g = seen["game"]
            if g is not None:
                row = games.of(g)
                kind = row.key
                if kind not in checkers:
                    checkers[kind] = getattr(invariants, row.checker)()
                n = checkers[kind].progress(g)
                if g is not self.last_game:
                    stats["games"][kind] = stats["games"].get(kind, 0) + 1
                    self.last_game = g
                    self.last_n = n
                if n > self.last_n:
                    stats["moves"] += n - self.last_n
                self.last_n = n
                checkers[kind].check(g)
            screens_on_stack(stats["screens"])
            text = "".join(console.text)
            if "Traceback" in text:
                if frame_locals("show", "crash.py") is not None:
                    return   # the crash screen is coming: it is reported once up
                raise Failure("the firmware raised:\n" + text)
            if log and stats["events"] % 5000 == 0:
                log("%d events" % stats["events"])
            if stats["events"] >= events:
                raise host.Done()

    runner = FuzzRunner(args)
    old = sys.stdout
    sys.stdout = console
    t0 = time.perf_counter()
    try:
        status = runner.main()
    except Failure as e:
        raise Failure("at event %d: %s" % (stats["events"], e)) from None
    finally:
        sys.stdout = old
        if counted:
            counted.restore()
    dt = time.perf_counter() - t0
    if status != 0 or runner.error:
        raise Failure("code.py stopped: %s" % (runner.error or runner.crash_screens))
    stats["seconds"] = round(dt, 2)
    stats["events_per_s"] = round(stats["events"] / dt, 1)
    stats["checks"] = {k: c.checks for k, c in checkers.items()}
    stats["replays"] = sum(getattr(c, "replays", 0) for c in checkers.values())
    stats["resets"] = runner.resets
    stats["crash_screens"] = stats["screens"].get("crash screen", 0)
    if counted:
        stats["writes"] = counted.n
    return stats


def game_flags(keys):
    """The --game options that name ``keys`` (none for every game)."""
    return [] if tuple(keys) == games.NAMES else [w for k in keys for w in ("--game", k)]


def replay_command(events, seed, board, keys=games.NAMES):
    return " ".join([".venv/bin/python tools/fuzz_app.py --events %d --seed %d --board %s" % (
        events, seed, board)] + game_flags(keys))


def both_boards(events, seed, quiet, count=False, keys=games.NAMES):
    """Half the events on each board, one process each, side by side: the
    PyBadge with ``seed``, the PyGamer with ``seed + 1``. Returns (exit
    status, the JSON of every run that passed, the output of those that failed)."""
    import subprocess
    procs = []
    for i, b in enumerate(("pybadge", "pygamer")):
        n = events // 2 + (events % 2 if i == 0 else 0)
        cmd = [sys.executable, os.path.abspath(__file__), "--events", str(n),
               "--seed", str(seed + i), "--board", b] + (["--quiet"] if quiet else []) + (
            ["--count"] if count else []) + game_flags(keys)
        procs.append(subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True))
    total = {"seed": seed, "events": 0, "seconds": 0.0, "runs": []}
    failed = ""
    for p in procs:
        out = p.communicate()[0]
        if p.wait() != 0:
            failed += out
            continue
        st = json.loads(out.strip().splitlines()[-1])
        total["runs"].append(st)
        total["events"] += st["events"]
        total["seconds"] += st["seconds"]
    total["seconds"] = round(total["seconds"], 2)
    if total["seconds"]:
        total["events_per_s"] = round(total["events"] / total["seconds"], 1)
    return (1 if failed else 0), total, failed


def main(argv=None):
    argv = sys.argv[1:] if argv is None else list(argv)
    games.known("fuzz_app.py", argv)
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--events", type=int, default=100000)
    ap.add_argument("--seed", type=int,
                    help="default: a new seed each run (printed on stderr first)")
    ap.add_argument("--board", default="both", choices=("pybadge", "pygamer", "both"),
                    help="both: half the events on each, one process each (seed, seed + 1)")
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("--count", action="store_true",
                    help="count the display writes (pixels, tiles, colours, fills; slower)")
    ap.add_argument("--game", action="append", choices=games.NAMES, metavar="GAME",
                    help="open only this game from the launcher (repeatable; default every "
                         "game: %s)" % ", ".join(games.NAMES))
    a = ap.parse_args(argv)
    keys = tuple(k for k in games.NAMES if k in a.game) if a.game else games.NAMES
    if a.seed is None:
        a.seed = random.SystemRandom().randrange(1, 1000000)
        sys.stderr.write("fuzz_app: seed %d\n" % a.seed)
    if a.board == "both":
        status, total, failed = both_boards(a.events, a.seed, a.quiet, a.count, keys)
        if total["runs"] or not failed:
            print(json.dumps(total))
        sys.stdout.write(failed)
        return status
    log = None if a.quiet else (lambda s: sys.stderr.write(s + "\n"))
    try:
        st = fuzz(a.events, a.seed, a.board, log, a.count, keys)
    except Failure as e:
        print("FAIL (%s, seed %d): %s" % (a.board, a.seed, e))
        print("replay: " + replay_command(a.events, a.seed, a.board, keys))
        return 1
    print(json.dumps(st))
    return 0


if __name__ == "__main__":
    sys.exit(main())
