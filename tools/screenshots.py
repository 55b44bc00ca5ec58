"""Regenerate the README's pictures from seeded scripts (3x scale):

    docs/img/launcher.png   the launcher
    docs/img/board.png      a hot-seat game in its middle, a piece selected
                            (its legal lots framed in yellow)
    docs/img/distance.png   the same position, distance view on a tower
    docs/img/scoring.png    the scoring screen after a computer game
    docs/img/alheimur-*.png Alheimur (3 seats: you and two computers):
                            world building, a world mid-game, a battle
                            roll, survival, the hand-over, the scoring

    .venv/bin/python tools/screenshots.py [--out docs/img] [--only alheimur]

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
from aliencity.geometry import NLOTS

# Launcher -> Alien City -> new game (highlight on "start"): W and B
# human, seed 3 / W easy, B medium, seed 1.
HOTSEAT = ("a\ndown\ndown\nleft\ndown\ndown\ndown\nright\nright\nright\n"
           "down\na\nwait 300\n")
COMPUTERS = "a\ndown\nright\ndown\nright\ndown\ndown\ndown\nright\ndown\na\n"


def shot(script, out):
    run_sim(script, shot=out, shot_scale=3, timeout=120)
    print(out)


def midgame():
    """(script, driver): 14 builds of a seeded hot-seat game on seed 3."""
    g = new_game(3)
    d = Driver(g)
    rng = random.Random(11)
    buf = array("H", [0] * 560)
    for _i in range(14):
        n = g.legal(buf)
        # Prefer towers early, so there is something to score and claim.
        towers = [m for m in buf[:n] if m >> 7 < 3]
        pool = towers if towers and rng.random() < 0.6 else list(buf[:n])
        m = rng.choice(pool)
        d.build(m >> 7, m & 0x7F, claim_own=rng.random() < 0.7)
    return d


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=os.path.join(paths.ROOT, "docs", "img"))
    ap.add_argument("--only", choices=("alheimur",), help="only this game's pictures")
    args = ap.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)
    if args.only == "alheimur":
        alheimur(args.out)
        return
    shot("wait 100\n", os.path.join(args.out, "launcher.png"))

    d = midgame()
    # Select a blue dome and park the cursor on a legal lot.
    g = d.g
    buf = array("H", [0] * 560)
    n = g.legal(buf)
    kind = 4 if any(m >> 7 == 4 for m in buf[:n]) else buf[0] >> 7
    d.select(kind)
    lots = sorted(m & 0x7F for m in buf[:n] if m >> 7 == kind)
    d.goto(lots[len(lots) // 2])
    shot(HOTSEAT + "\n".join(d.lines) + "\n", os.path.join(args.out, "board.png"))

    # Distance view from a claimed tower (or any tower).
    towers = [v for v in range(NLOTS) if 1 <= (g.lots[v] & 7) <= 3]
    capped = [v for v in towers if g.lots[v] & 0x18]
    d.goto((capped or towers)[0])
    shot(HOTSEAT + "\n".join(d.lines) + "\nselect\n", os.path.join(args.out, "distance.png"))

    shot(COMPUTERS + "wait 40000\na\nwait 500\n", os.path.join(args.out, "scoring.png"))
    alheimur(args.out)


def alheimur(out):
    """Alheimur's screens, played by tools/alhbot.py through the real app;
    mid-game positions are seeded games (tools/alhseeded.py) saved into
    the NVM and continued."""
    import tempfile

    import alhbot
    import alhseeded
    from alhbot import frame_of
    seats = ("human", "random", "random")
    tmp = tempfile.mkdtemp()

    def resumed(seed, at, name, **kw):
        nvm = os.path.join(tmp, name + ".nvm")
        alhbot.saved_nvm(nvm, alhseeded.play(seed, 3, 20, at), seats, dealt=seed, limit=1)
        alhbot.play(seats=seats, seed=1, nvm=nvm, resume=True, scale=3,
                    shot=os.path.join(out, name), **kw)
        print(os.path.join(out, name))

    alhbot.play(seats=seats, seed=5, scale=3, shot=os.path.join(out, "alheimur-building.png"),
                until=lambda b: b.screen == "building")
    print(os.path.join(out, "alheimur-building.png"))
    resumed(1, 289, "alheimur-world.png", first=["right", "right"],
            until=lambda b: b.screen == "board" and b.presses > 1)

    def rolling(b):
        f = frame_of("_dice", "shows.py")
        return (f is not None and f.f_locals.get("first") == 3 and f.f_locals.get("k", 0) >= 1
                and frame_of("wait", "app.py") is not None)

    resumed(21, 198, "alheimur-battle.png", watch=rolling)
    resumed(22, 142, "alheimur-survival.png", until=lambda b: b.screen == "survival")
    alhbot.play(seats=("human", "human"), seed=5, scale=3,
                shot=os.path.join(out, "alheimur-pass.png"),
                until=lambda b: b.screen == "hand over" and len(b.handovers) >= 3)
    print(os.path.join(out, "alheimur-pass.png"))
    alhbot.play(seats=seats, seed=2, limit=1, scale=3,
                shot=os.path.join(out, "alheimur-scoring.png"),
                until=lambda b: b.screen == "scores")
    print(os.path.join(out, "alheimur-scoring.png"))


if __name__ == "__main__":
    main()
