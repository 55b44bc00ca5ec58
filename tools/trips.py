"""How far one human decision travels through the firmware: the files of
firmware/ and boards/ whose code its calls enter, from the press of the
deciding key to the game waiting for the next press (issue 42, item 5).

    .venv/bin/python tools/trips.py [--game aliencity|skyscrapers|alheimur-expand|alheimur-shot]

Each decision is scripted and played through the real app (firmware/code.py
in the headless simulator, in this process): Alien City a build and its
claim (hot seat), Skyscrapers a slide (a d-pad press toward the hole),
Alheimur a human's expansion and a battle shot (a person and two
``random`` computers, continued from a seeded position). A profile
function (``sys.setprofile``) opens a window when ``Fx.next_press`` (every
screen's one wait for a press) returns and closes it at the next call of
it; each call entering a firmware file in the window is counted. The
decision's windows are those in which the engine's ``apply`` took the
human's move. Prints each file in the order first entered, with its
entries, and the count; exits 1 past ``LIMIT`` files.
tests/test_trips.py holds every game to it.
"""

import argparse
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import paths

if paths.ROOT not in sys.path:
    sys.path.append(paths.ROOT)     # boards/ and sim/
LIMIT = 8       # files a decision may cross (issue 42, item 5)
ROOTS = (paths.FIRMWARE + os.sep, os.path.join(paths.ROOT, "boards") + os.sep)
_FX = os.path.join("firmware", "ui", "session.py")   # Fx.next_press: the wait


class Window:
    """The calls from one press to the next wait: entries per file (in the
    order first entered) and the engine moves applied."""

    def __init__(self, key):
        self.key = key
        self.files = {}
        self.applied = []      # (the engine's file, phase or None, the move)


class Tracer:
    """sys.setprofile's function: a Window per press (``windows``)."""

    def __init__(self):
        self.windows = []
        self.cur = None
        self.names = {}        # code's filename -> its path from the root ('' outside)

    def name(self, filename):
        n = self.names.get(filename)
        if n is None:
            n = ""
            if filename.startswith(ROOTS):
                n = os.path.relpath(filename, paths.ROOT)
            self.names[filename] = n
        return n

    def __call__(self, frame, event, arg):
        if event == "call":
            code = frame.f_code
            n = self.name(code.co_filename)
            if not n:
                return
            if code.co_name == "next_press" and n == _FX:
                self.cur = None            # the wait: the window closes
                return
            w = self.cur
            if w is None:
                return
            w.files[n] = w.files.get(n, 0) + 1
            if code.co_name == "apply" and n.endswith("engine.py"):
                g = frame.f_locals.get("self")
                ph = g.phase() if hasattr(g, "phase") else None
                args = [v for k, v in frame.f_locals.items() if k != "self"]
                w.applied.append((n, ph, args[0] if args else None))
        elif event == "return" and self.cur is None and frame.f_code.co_name == "next_press" \
                and self.name(frame.f_code.co_filename) == _FX:
            self.cur = Window(getattr(arg, "key", None))
            self.windows.append(self.cur)

    def run(self, fn, *a, **kw):
        sys.setprofile(self)
        try:
            return fn(*a, **kw)
        finally:
            sys.setprofile(None)


def merged(windows):
    """The windows' files as one trip: (file, entries) in the order first
    entered."""
    out = {}
    for w in windows:
        for n, c in w.files.items():
            out[n] = out.get(n, 0) + c
    return list(out.items())


def _fresh_firmware():
    """Forget firmware modules loaded by an earlier run in this process."""
    for name, mod in list(sys.modules.items()):
        f = getattr(mod, "__file__", None) or ""
        if f.startswith(ROOTS):
            del sys.modules[name]


def _run_script(lines, nvm=None):
    """code.py in the headless simulator, in this process, with a script."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from sim import runner as R
    R.setup_paths()
    _fresh_firmware()
    import _simhost
    _simhost._vnow = 0.0      # the script's times count from boot (an earlier run moved the clock)
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(lines) + "\n")
        name = f.name
    try:
        argv = ["--headless", "--script", name, "--timeout", "120"]
        if nvm:
            argv += ["--nvm", str(nvm)]
        runner = R.Runner(R.parse_args(argv))
        status = runner.main()
    finally:
        os.unlink(name)
    if status != 0 or runner.error:
        raise RuntimeError("code.py stopped: %s" % runner.error)


def _with_apply(tr):
    return [w for w in tr.windows if w.applied]


# -- the decisions ----------------------------------------------------------------------

def aliencity():
    """Hot seat, seed 1: builds without claims until one opens a claim;
    that build (A) and its claim (A on the tower): two windows."""
    from array import array

    from appdriver import Driver

    from aliencity.deal import new_game
    from aliencity.moves import CLAIM, kind_of, lot_of
    hotseat = ["a", "down", "down", "left", "down", "down", "down", "down", "right",
               "down", "a", "wait 300"]
    g = new_game(1)
    d = Driver(g)
    buf = array("H", [0] * 560)
    while True:
        n = g.legal(buf)
        m = next(buf[i] for i in range(n) if kind_of(buf[i]) != CLAIM)
        probe = new_game(1)
        probe.load(g.state())
        probe.apply(m)
        if lot_of(m) in Driver(probe).claimable():
            d.build(kind_of(m), lot_of(m), claim_own=True)
            break
        d.build(kind_of(m), lot_of(m), claim_own=False)
    tr = Tracer()
    tr.run(_run_script, hotseat + d.lines + ["wait 500"])
    ws = _with_apply(tr)[-2:]
    assert [w.key for w in ws] == [4, 4], "not a build and its claim: %r" % ws
    return ws


def skyscrapers():
    """Seed 5: the first piece next to the hole that may slide, from the
    cursor's start (C4); the d-pad press toward the hole slides it."""
    from appdriver import sky_goto, sky_open

    from skyscrapers.deal import new_game
    from skyscrapers.engine import SLIDE
    from skyscrapers.plays import play_of
    g = new_game(5)
    c, key = next((c, k) for c, k in ((7, "down"), (11, "right"), (13, "left"), (17, "up"))
                  if g.why_not(play_of(SLIDE, c, g.hole)) is None)
    tr = Tracer()
    tr.run(_run_script, sky_open(5) + sky_goto(7, c, g.hole) + [key, "wait 500"])
    ws = _with_apply(tr)
    assert len(ws) == 1, ws
    return ws


_S3 = ("human", "random", "random")


def _alheimur(seed, at, phase):
    """A seeded game (tools/seeded_alheimur.py) after ``at`` actions,
    continued with a person and two ``random`` computers; the first window
    in which the person's move was applied at ``phase``."""
    import bot_alheimur
    import seeded_alheimur
    found = []

    def mine(w):
        return w.applied and w.applied[0][1] == phase

    def until(bot):
        done = [w for w in tr.windows if mine(w) and w is not tr.cur]
        if done:
            found.append(done[0])
        return bool(found)

    with tempfile.TemporaryDirectory() as tmp:
        nvm = os.path.join(tmp, "nvm.bin")
        bot_alheimur.saved_nvm(nvm, seeded_alheimur.play(seed, 3, 20, at), _S3,
                               dealt=seed, limit=1)
        tr = Tracer()
        tr.run(bot_alheimur.play, seats=_S3, seed=1, nvm=nvm, resume=True, until=until,
               wander=0, undo=0, look=0, max_presses=400)
    assert found, "no such decision of the person's"
    return found[:1]


def alheimur_expand():
    from alheimur.actions import P_EXPAND
    return _alheimur(22, 139, P_EXPAND)


def alheimur_shot():
    from alheimur.actions import P_TARGET
    return _alheimur(21, 195, P_TARGET)


GAMES = {"aliencity": aliencity, "skyscrapers": skyscrapers,
         "alheimur-expand": alheimur_expand, "alheimur-shot": alheimur_shot}


def trip(game):
    """(file, entries) of the game's scripted decision, in order."""
    return merged(GAMES[game]())


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", choices=sorted(GAMES), action="append")
    a = ap.parse_args(argv)
    bad = 0
    for game in a.game or list(GAMES):
        t = trip(game)
        print("%s: %d files" % (game, len(t)))
        for n, c in t:
            print("  %-36s %d" % (n, c))
        bad += len(t) > LIMIT
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
