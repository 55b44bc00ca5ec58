"""How long a player waits for the computers, round by round (issue 43):
a person and two ``hard`` computers, seeded 3-seat Alheimur games played
through code.py (tools/bot_alheimur.py's player, in the headless simulator
on its virtual clock), every round from world building to the end.

    .venv/bin/python tools/pace.py [--seeds 1,2,3] [--limit 1] [--show fast]
    .venv/bin/python tools/bench.py --round-table      # the same table

A *wait* is the time from one of the player's presses to the app's next
wait for a press (the player's next decision: the board, a battle they
answer, "since your last turn"). A round's figure is the sum of the waits
in it that hold a computer's decision (the round a wait is counted in:
the one under way at the press), so a round split by the player's own
answers (firing back, a survival check) counts all its waiting.

Two clocks:

- **virtual**: the simulator's, which moves as the firmware sleeps
  (every moment an action is held on screen, the dice) and reads the
  clock; the desktop's thinking costs it next to nothing.
- **board**: the virtual figure with the computers' thinking as the
  board would take it: each decision's position is decided again in the
  MicroPython VM (tools/mpylane.py) under the level's deadline scaled to
  the VM (``computer._THINK_MS`` / 33), and its VM time x 33 (the VM runs
  about 33 times a SAMD51: docs/bench.md, "Time on the board") replaces
  the simulator's. The rest of the app's own work on the board (drawing,
  words, from .py the modules compiled at the first computer decision of
  a round, up to about 1.1 s: docs/bench.md's press table) is not in it.
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import paths

RUN_FACTOR = 33          # the VM against a SAMD51 (docs/bench.md, tools/boardtime.py)
SHOWS = ("fast", "each", "step")   # ui/settings.py PACES, in order


class Meter:
    """Hooks on ui.fx and ui.think (installed at the first pump: both stay
    loaded once imported) that keep the waits and the decisions."""

    def __init__(self):
        self.host = None
        self.installed = False
        self.last_press = None      # (virtual ms, round) at the last press
        self.waits = []             # (round at the press, press ms, wait ms, [decision index])
        self.decisions = []         # [level, nplayers, state, sim ms, round, start ms, seat]
        self.open = []              # decisions since the last press
        self.t0 = None

    def install(self):
        import _simhost

        from ui import fx, think
        self.host = _simhost
        meter = self
        next_press = fx.Fx.next_press
        progress = fx.Fx.progress
        init = think.Thinking.__init__

        def timed_press(fxself, buttons):
            meter.wait_begins()
            ev = next_press(fxself, buttons)
            meter.pressed()
            return ev

        def timed_progress(fxself, frac, *a):
            if frac >= 1.0 and meter.t0 is not None:
                meter.decisions[-1][3] = meter.host.now_ms() - meter.t0
                meter.t0 = None
            return progress(fxself, frac, *a)

        def timed_init(tself, *a):
            f = sys._getframe(1)
            b = f.f_locals.get("b")
            level = f.f_locals.get("level")
            if b is not None and getattr(b, "g", None) is not None and level in ("easy", "hard"):
                g = b.g
                meter.decisions.append([level, g.nplayers(), g.state(), 0.0, g.round(),
                                        meter.host.now_ms(), f.f_locals.get("p", 0)])
                meter.open.append(len(meter.decisions) - 1)
                meter.t0 = meter.host.now_ms()
            init(tself, *a)

        fx.Fx.next_press = timed_press
        fx.Fx.progress = timed_progress
        think.Thinking.__init__ = timed_init
        self.installed = True

    def game_round(self):
        sess = sys.modules.get("ui.session")
        g = getattr(sess, "_paced_game", None)
        return g.round() if g is not None else 0

    def wait_begins(self):
        if self.last_press is not None and self.open:
            t, r = self.last_press
            self.waits.append((r, t, self.host.now_ms(), list(self.open)))
        self.open = []

    def pressed(self):
        self.last_press = (self.host.now_ms(), self.round_now())

    def round_now(self):
        f = sys._getframe(0)
        while f is not None:
            b = f.f_locals.get("self")
            if type(b).__module__ == "alheimur.app" and getattr(b, "g", None) is not None:
                return b.g.round()
            f = f.f_back
        g = getattr(self, "game", None)
        return g.round() if g is not None else 0


def settings_nvm(show):
    """An NVM file whose settings say how computers are shown (None: none)."""
    if show is None:
        return None
    import tempfile

    from store import SETTINGS, Store
    nvm = bytearray(b"\xff" * 8192)
    st = Store(nvm)
    st.put(SETTINGS, bytes((SHOWS.index(show) << 1 | 1, 3)))
    st.save()
    fd, path = tempfile.mkstemp(suffix=".nvm")
    with os.fdopen(fd, "wb") as f:
        f.write(nvm)
    return path


def play(seed, limit=1, show=None, pace=400):
    """One game (a person, two hard computers) through code.py: the Meter.
    ``show``: one of SHOWS (None: the firmware's default)."""
    import bot_alheimur
    meter = Meter()
    nvm = settings_nvm(show)

    def watch(bot):
        if not meter.installed and "boards" in sys.modules:
            meter.install()
        meter.game = bot.game
        return False

    bot_alheimur.play(seats=("human", "hard", "hard"), seed=seed, limit=limit, rng=seed,
                      until=lambda b: b.scored is not None, watch=watch, look=0, undo=0,
                      pace=pace, max_presses=6000, nvm=nvm)
    if nvm:
        os.remove(nvm)
    return meter


_VM_SCRIPT = r"""
import lane
from array import array
from alheimur import ai
from alheimur.actions import MAX_ACTIONS
from alheimur.engine import Game
from prng import Rng
THINK = {"easy": 1500, "hard": 3000}
buf = array("H", bytes(2 * MAX_ACTIONS))
data = open("states.bin", "rb").read()
n = len(data) // (SIZE + 4)
out = []
turn = -1
spent = 0
for i in range(n):
    o = i * (SIZE + 4)
    level = ("easy", "hard")[data[o]]
    t = data[o + 2] << 4 | data[o + 3]
    if t != turn:
        turn = t
        spent = 0
    ms = min(THINK[level], max(LEAST, (TURN - spent) // 2)) if TURN else THINK[level]
    g = Game(data[o + 1], 20)
    g.load(data[o + 4:o + 4 + SIZE])
    k = g.legal(buf)
    t0 = lane.ticks_us()
    ai.LEVELS[level](g, Rng(i + 1), buf, k, t0 + ms * 1000 // FACTOR, lane.ticks_us)
    us = lane.ticks_us() - t0
    spent += us * FACTOR // 1000
    out.append(us)
print("RESULT", " ".join(str(x) for x in out))
"""


def vm_times(decisions):
    """Each decision's thinking in the MicroPython VM, microseconds, under
    the deadline the firmware gives it (computer.py: the level's time, and
    from the firmware that has one, half what is left of the turn's)."""
    import re

    import mpylane
    if not decisions:
        return []
    size = len(decisions[0][2])
    data = bytearray()
    for d in decisions:
        data += bytes((("easy", "hard").index(d[0]), d[1], d[4] & 255, d[6])) + d[2]
    files = mpylane.firmware_files(docstrings=False, deployed=True)
    files["states.bin"] = bytes(data)
    with open(os.path.join(paths.FIRMWARE, "alheimur", "computer.py")) as f:
        src = f.read()
    turn = re.search(r"_TURN_MS = const\((\d+)\)", src)
    least = re.search(r"_LEAST_MS = const\((\d+)\)", src)
    script = (_VM_SCRIPT.replace("SIZE", str(size)).replace("FACTOR", str(RUN_FACTOR))
              .replace("TURN", turn.group(1) if turn else "0")
              .replace("LEAST", least.group(1) if least else "0"))
    r = mpylane.run(script, files=files, fixed_heap=False, timeout=1800)
    if r.returncode != 0:
        raise RuntimeError("MicroPython run failed:\n" + r.stderr)
    line = [x for x in r.stdout.splitlines() if x.startswith("RESULT")][-1]
    return [int(x) for x in line.split()[1:]]


def rounds(meters, board=True):
    """Per round: (virtual ms, board ms) of the worst game, over the games."""
    out = {}
    for m in meters:
        us = vm_times(m.decisions) if board else [0] * len(m.decisions)
        per = {}

        def add(r, ms, board_ms, per=per):
            v, b = per.get(r, (0.0, 0.0))
            per[r] = (v + ms, b + board_ms)

        for r, t, end, ds in m.waits:
            # a wait that runs into later rounds (the person out of play)
            # is split where the rounds change
            for i in ds:
                d = m.decisions[i]
                if d[4] != r:
                    add(r, d[5] - t, d[5] - t)
                    r, t = d[4], d[5]
                add(r, 0, us[i] * RUN_FACTOR / 1000.0 - d[3])
            add(r, end - t, end - t)
        for r, (v, b) in per.items():
            ov, ob = out.get(r, (0.0, 0.0))
            out[r] = (max(ov, v), max(ob, b))
    return out


def table(seeds=(1, 2, 3), limit=1, show=None, board=True):
    """The markdown table of every round (the worst of the seeded games)."""
    meters = [play(s, limit, show) for s in seeds]
    per = rounds(meters, board)
    lines = ["| round | virtual s (worst game) | board s, thinking from the VM (worst game) |"
             " within 10 s / 15 s |", "| ---: | ---: | ---: | --- |"]
    for r in sorted(per):
        v, b = per[r]
        name = "world building" if r == 0 else str(r)
        ok = "yes" if v <= 10000 and b <= 15000 else "no"
        lines.append("| %s | %.1f | %.1f | %s |" % (name, v / 1000, b / 1000, ok))
    worst_v = max(v for v, _ in per.values())
    worst_b = max(b for _, b in per.values())
    lines.append("| **worst** | **%.1f** | **%.1f** | %s |" % (
        worst_v / 1000, worst_b / 1000, "yes" if worst_v <= 10000 and worst_b <= 15000 else "no"))
    return "\n".join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seeds", default="1,2,3")
    ap.add_argument("--limit", type=int, default=1, help="round limit option (1: 20 rounds)")
    ap.add_argument("--show", choices=SHOWS, default=None,
                    help="how computers are shown (default: the setting's default)")
    ap.add_argument("--no-board", action="store_true", help="skip the VM replay")
    args = ap.parse_args(argv)
    if paths.ROOT not in sys.path:
        sys.path.append(paths.ROOT)
    if paths.FIRMWARE not in sys.path:
        sys.path.append(paths.FIRMWARE)
    print(table(tuple(int(s) for s in args.seeds.split(",")), args.limit, args.show,
                not args.no_board))


if __name__ == "__main__":
    main()
