"""Regenerate the README's and docs' pictures from seeded scripts (3x
scale):

    docs/img/launcher.png        the launcher
    docs/img/board.png           Alien City, a hot-seat game in its middle, a
                                 piece selected (its legal lots framed)
    docs/img/claim.png           the same game just after a build: the claim
                                 prompt with the tower's value now
    docs/img/distance.png        the distance view on a tower
    docs/img/classic.png         a classic game: the tile values in the corners
    docs/img/scoring.png         the scoring screen after a computer game
    docs/img/newgame.png         Alien City's new-game screen
    docs/img/pause.png           the pause menu
    docs/img/replay.png          the piecepack community's recorded game
                                 (tests/data/alien-city.ppn) loaded by
                                 tools/loadgame.py and replayed to its end
    docs/img/skyscrapers-mid.png Skyscrapers: the plays menu of a piece
    docs/img/skyscrapers-end.png Skyscrapers: the scoring screen
    docs/img/alheimur-*.png      Alheimur (3 seats: you and two computers):
                                 the new-game screen, world building, a world
                                 mid-game, all worlds at once, a battle roll,
                                 survival, "since your last turn", the
                                 hand-over, the final worlds, the scoring

    .venv/bin/python tools/screenshots.py [--out docs/img] [--only alheimur|replay]

Each picture is one headless run of the simulator (python -m sim); the
board scripts are computed from the engine's legal moves.
"""

import argparse
import os
import random
import sys
from array import array

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from appdriver import Driver, run_sim

import paths
from aliencity.deal import new_game
from aliencity.engine import MAX_MOVES
from aliencity.moves import kind_of, lot_of

# Launcher -> Alien City -> new game (highlight on "start"): P1 and P2
# human, seed 3 / P1 easy, P2 medium, seed 1 / classic rules, computers.
HOTSEAT = ("a\ndown\ndown\nleft\ndown\ndown\ndown\ndown\nright\nright\nright\n"
           "down\na\nwait 300\n")
COMPUTERS = "a\ndown\nright\ndown\nright\ndown\ndown\ndown\ndown\nright\ndown\na\n"
CLASSIC = "a\ndown\nright\ndown\nright\ndown\nleft\ndown\ndown\ndown\nright\ndown\na\n"


def shot(script, out):
    run_sim(script, shot=out, shot_scale=3, timeout=120)
    print(out)


def midgame(builds=14):
    """(driver): builds of a seeded hot-seat game on seed 3."""
    g = new_game(3)
    d = Driver(g)
    rng = random.Random(11)
    buf = array("H", [0] * MAX_MOVES)
    for _i in range(builds):
        n = g.legal(buf)
        # Prefer towers early, so there is something to score and claim.
        towers = [m for m in buf[:n] if kind_of(m) < 3]
        pool = towers if towers and rng.random() < 0.6 else list(buf[:n])
        m = rng.choice(pool)
        d.build(kind_of(m), lot_of(m), claim_own=rng.random() < 0.7)
    return d


def skyscrapers(out):
    """The plays menu after a few plays, and the scoring screen."""
    from appdriver import sky_finish, sky_goto, sky_open, sky_plays
    seed = 5
    plays, g, cur = sky_plays(seed, 0, 12)
    from skyscrapers.engine import MAXPLAYS
    from skyscrapers.plays import play_from
    buf = array("H", [0] * MAXPLAYS)
    n = g.legal(buf)
    a = play_from(buf[0])
    script = sky_open(seed) + plays + sky_goto(cur, a, g.hole) + ["a", "wait 200"]
    shot("\n".join(script) + "\n", os.path.join(out, "skyscrapers-mid.png"))
    script = sky_open(seed) + plays + sky_finish() + ["wait 300"]
    shot("\n".join(script) + "\n", os.path.join(out, "skyscrapers-end.png"))
    assert n


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=os.path.join(paths.ROOT, "docs", "img"))
    ap.add_argument("--only", choices=("alheimur", "replay"), help="only these pictures")
    args = ap.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)
    if args.only == "alheimur":
        alheimur(args.out)
        return
    if args.only == "replay":
        replay(args.out)
        return
    sys.path.insert(0, os.path.join(paths.ROOT, "tests"))
    shot("wait 100\n", os.path.join(args.out, "launcher.png"))
    shot("a\nwait 200\n", os.path.join(args.out, "newgame.png"))

    d = midgame()
    g = d.g
    buf = array("H", [0] * MAX_MOVES)
    n = g.legal(buf)
    # Select a blue dome if one may be built (the cursor goes to a lot where
    # it may go, as on the board).
    kind = 4 if any(kind_of(m) == 4 for m in buf[:n]) else kind_of(buf[0])
    d.select(kind)
    shot(HOTSEAT + "\n".join(d.lines) + "\n", os.path.join(args.out, "board.png"))
    shot(HOTSEAT + "\n".join(d.lines) + "\nstart\n", os.path.join(args.out, "pause.png"))

    # The claim prompt: a few builds in (caps left), build a tower, stop
    # before deciding.
    d2 = midgame(6)
    n2 = d2.g.legal(buf)
    m = next(m for m in buf[:n2] if kind_of(m) < 3)
    d2.select(kind_of(m))
    d2.goto(lot_of(m), kind_of(m))
    shot(HOTSEAT + "\n".join(d2.lines) + "\na\n", os.path.join(args.out, "claim.png"))

    # Distance view from a claimed tower (or any tower).
    towers = [v for v in range(80) if 0 <= g.kind_at(v) < 3]
    capped = [v for v in towers if g.owner_at(v) >= 0]
    d.goto((capped or towers)[0])
    shot(HOTSEAT + "\n".join(d.lines) + "\na\n", os.path.join(args.out, "distance.png"))

    shot(CLASSIC + "wait 8000\n", os.path.join(args.out, "classic.png"))
    shot(COMPUTERS + "wait 40000\na\nwait 500\n", os.path.join(args.out, "scoring.png"))
    skyscrapers(args.out)
    replay(args.out)
    alheimur(args.out)


def replay(out):
    """The ppgames game, loaded into a fresh NVM at its start, continued
    from the launcher, then Start, "replay", down: its final position."""
    import tempfile

    import loadgame
    nvm = os.path.join(tempfile.mkdtemp(), "replay.nvm")
    g, eng = loadgame.read_game(os.path.join(paths.ROOT, "tests", "data", "alien-city.ppn"),
                                streets="open")
    st, data = loadgame.save_bytes(eng, 0)
    loadgame.load_into(nvm, st, data)
    script = "a\nwait 500\nstart\ndown\ndown\ndown\na\nwait 200\ndown\nwait 300\n"
    run_sim(script, shot=os.path.join(out, "replay.png"), shot_scale=3, nvm=nvm, timeout=120)
    print(os.path.join(out, "replay.png"))
    assert len(g.turns) == 36


def alheimur(out):
    """Alheimur's screens, played by tools/bot_alheimur.py through the real app;
    mid-game positions are seeded games (tools/seeded_alheimur.py) saved into
    the NVM and continued."""
    import tempfile

    import bot_alheimur
    import seeded_alheimur
    from bot_alheimur import frame_of
    seats = ("human", "random", "random")
    tmp = tempfile.mkdtemp()

    def resumed(seed, at, name, **kw):
        nvm = os.path.join(tmp, name + ".nvm")
        bot_alheimur.saved_nvm(nvm, seeded_alheimur.play(seed, 3, 20, at), seats, dealt=seed, limit=1)
        bot_alheimur.play(seats=seats, seed=1, nvm=nvm, resume=True, scale=3,
                    shot=os.path.join(out, name), **kw)
        print(os.path.join(out, name))

    def seats_set(b):
        f = frame_of("ask", "newgame.py")
        return b.screen == "new game" and f is not None and f.f_locals["st"].nseats == 3

    bot_alheimur.play(seats=seats, seed=5, scale=3, shot=os.path.join(out, "alheimur-newgame.png"),
                until=seats_set)
    print(os.path.join(out, "alheimur-newgame.png"))
    bot_alheimur.play(seats=seats, seed=5, scale=3, shot=os.path.join(out, "alheimur-building.png"),
                until=lambda b: b.screen == "building")
    print(os.path.join(out, "alheimur-building.png"))
    resumed(1, 289, "alheimur-world.png", first=["right", "right"],
            until=lambda b: b.screen == "board" and b.presses > 1)

    def rolling(b):
        f = frame_of("roll", "alheimur/shot.py")
        if f is None or f.f_locals.get("first") != 6 or f.f_locals.get("k", 0) < 2:
            return False
        dice = f.f_locals["self"].scr.dice       # two attack dice or more shown, then defence
        return (dice[1] != 0 and frame_of("show_for", "ui/session.py") is not None)

    resumed(1, 289, "alheimur-overview.png", first=["up"] * 6 + ["a"],
            until=lambda b: b.screen == "overview")
    resumed(21, 195, "alheimur-battle.png", watch=rolling)   # (198 is mid-roll)
    resumed(22, 142, "alheimur-survival.png", until=lambda b: b.screen == "survival")
    resumed(1, 289, "alheimur-since.png", until=lambda b: b.screen == "since")
    bot_alheimur.play(seats=("human", "human"), seed=5, scale=3,
                shot=os.path.join(out, "alheimur-pass.png"),
                until=lambda b: b.screen == "hand over" and len(b.handovers) >= 3)
    print(os.path.join(out, "alheimur-pass.png"))
    resumed(1, 405, "alheimur-over.png", at_end=["select"],      # seeded game 1 ends at 416
            until=lambda b: b.screen == "overview" and b.over)
    bot_alheimur.play(seats=seats, seed=2, limit=1, scale=3,
                shot=os.path.join(out, "alheimur-scoring.png"),
                until=lambda b: b.screen == "scores")
    print(os.path.join(out, "alheimur-scoring.png"))


if __name__ == "__main__":
    main()
