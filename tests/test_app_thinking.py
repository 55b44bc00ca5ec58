"""The buttons while the computer thinks (headless simulator): A or B during
a computer move makes it move at once with its best build so far; B during
a hint cancels it and leaves the game, the cursor and the selected piece as
they were; the press that stops a search never acts on the board.

The simulator's clock only moves when the firmware sleeps, polls or draws,
so a search takes a few virtual milliseconds there: too short to press a
button into. The test program below wraps ``ai.choose`` so that each look
at ``should_stop`` first sleeps SLOWAI_S (virtual) seconds, as a slower CPU
would take, and logs what ``should_stop`` and ``progress`` said. The app's
own polling is not touched.
"""

import json
import os
import subprocess
import sys
from array import array

from appdriver import WRITTEN
from test_crash import make_nvm, read_text, screen_text

import paths
import store
from aliencity import save
from aliencity.moves import kind_of, lot_of
from aliencity.save import Setup

SLOW_S = 0.15      # virtual seconds per look at should_stop (hard: 11 looks)

WRAPPER = r'''
import json, os, runpy, sys, time

LOG = []
SNAP = {}
_sleep = time.sleep


def sleep(s):
    # What is loaded while the app idles (its loops sleep between polls).
    ai = sys.modules.get("aliencity.ai")
    SNAP["modules"] = sorted(m for m in sys.modules
                             if m.startswith("aliencity.") or m in ("ui.textview", "ui.pause"))
    SNAP["brain"] = ai is not None and ai._brain is not None
    _sleep(s)


time.sleep = sleep

if os.environ.get("SLOWAI_S"):
    from aliencity import ai
    SLOW = float(os.environ["SLOWAI_S"])
    _choose = ai.choose

    def choose(game, level, rng, deadline_us=None, now_us=None, progress=None,
               should_stop=None):
        if game.claiming():     # the claim chosen with the build: no search to log
            return _choose(game, level, rng, deadline_us, now_us, progress, should_stop)
        rec = {"level": level, "stops": [], "progress": [], "nbuilds": game.nbuilds}
        LOG.append(rec)

        def stop():
            time.sleep(SLOW)          # the pump delivers the presses due by now
            r = should_stop()
            rec["stops"].append(r)
            return r

        def prog(f):
            rec["progress"].append(f)
            progress(f)

        m = _choose(game, level, rng, deadline_us, now_us, prog if progress else None,
                    stop if should_stop else None)
        rec["move"] = m
        return m

    ai.choose = choose
    ai = None

try:
    runpy.run_path(os.environ["SLOWAI_CODE"], run_name="__main__")
finally:
    with open(os.environ["SLOWAI_OUT"], "w") as f:
        json.dump({"log": LOG, "snap": SNAP}, f)
'''


def run(tmp_path, name, script, nvm_src, slow=SLOW_S, snap=None):
    nvm = tmp_path / (name + ".nvm")
    nvm.write_bytes(nvm_src.read_bytes())
    code = tmp_path / "slowai.py"
    code.write_text(WRAPPER)
    sf = tmp_path / (name + ".txt")
    sf.write_text(script)
    shot = tmp_path / (name + ".png")
    state = tmp_path / (name + ".json")
    log = tmp_path / (name + ".log.json")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               SLOWAI_S=str(slow or ""), SLOWAI_OUT=str(log),
               SLOWAI_CODE=os.path.join(paths.ROOT, "firmware", "code.py"))
    p = subprocess.run([sys.executable, "-m", "sim", "--headless", "--script", str(sf),
                        "--screenshot", str(shot), "--shot-panel", "--state", str(state),
                        "--nvm", str(nvm), "--code", str(code), "--timeout", "50"], cwd=paths.ROOT, env=env,
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    import pygame
    st = json.loads(state.read_text())
    assert st["error"] is None, st["error"]
    saved = store.Store(bytearray(nvm.read_bytes())).game(0x61)
    out = json.loads(log.read_text())
    if snap is not None:
        snap.update(out["snap"])
        snap["nvm"] = nvm.read_bytes()
    return st, pygame.image.load(str(shot)), out["log"], saved


def board_diff(a, b):
    """Pixels that differ above the message line (board and panel)."""
    return [(x, y) for y in range(100) for x in range(160) if a.get_at((x, y)) != b.get_at((x, y))]


def saved_game(saved):
    st = Setup()
    return save.decode(st, saved[1]), st     # replays every build through the engine


def test_b_during_a_hard_move_makes_the_computer_move_now(tmp_path):
    src = tmp_path / "hard.nvm"
    # W human, B hard; four builds on the standalone rules leave B to move.
    g = make_nvm(src, (0, 3), 4)
    assert g.to_move == 1
    buf = array("H", [0] * 560)
    legal = set(buf[:g.legal(buf)])

    # Left alone, hard looks at every candidate (no stop asked for).
    _, _, full, saved = run(tmp_path, "full", "a\nwait 3000\n" + WRITTEN, src)
    assert [c["level"] for c in full] == ["hard"]
    assert full[0]["stops"] and not any(full[0]["stops"])
    assert saved_game(saved)[0].nbuilds == 5

    # While it thinks: the message says B moves now, the pixels show progress.
    st, s, log, _ = run(tmp_path, "thinking", "a\nwait 300\n", src)
    from aliencity.computer import M_THINKING
    from ui.text import split_lines
    assert screen_text(s, 2, 102, 2) == split_lines(M_THINKING % "hard", 26, 2)[0]
    lit = [c for c in st["pixels"] if any(c)]
    assert 0 < len(lit) < len(st["pixels"])                 # part of the bar
    assert all(c[0] > c[1] > c[2] for c in lit)              # orange
    assert len(log) == 1 and "move" not in log[0]            # still thinking

    # B in the middle of the search: it stops at the next look and moves.
    st, s, log, saved = run(tmp_path, "cut", "a\nwait 300\nb\nwait 2000\n" + WRITTEN, src)
    assert len(log) == 1
    stops = log[0]["stops"]
    assert stops[-1] is True and not any(stops[:-1])
    assert len(stops) < len(full[0]["stops"])               # candidates left unseen
    m = log[0]["move"]
    assert m in legal
    g2, setup = saved_game(saved)
    assert g2.nbuilds == 5 and g2.to_move == 0               # the game goes on: W's turn
    assert setup.levels() == [None, "hard"]
    assert g2.build_at(4)[1:3] == (kind_of(m), lot_of(m))   # what it chose
    # The B that stopped the search did not also act on the board ("next
    # piece" would have replaced this line with the build prompt).
    assert screen_text(s, 2, 102, 1)[0].startswith("P2 built ")
    r, gg, bb = st["pixels"][0]
    assert r > bb and gg > bb                                # W to move: white-ish


def test_b_cancels_a_hint_and_nothing_changes(tmp_path):
    src = tmp_path / "hot.nvm"
    g = make_nvm(src, (0, 0), 4)            # hot seat, B to move
    cont = "a\nwait 300\n"
    # Baseline: pause and resume.
    _, base, log, saved0 = run(tmp_path, "base", cont + "start\na\nwait 600\n", src)
    assert log == []
    # Hint, left to finish: it moves the cursor and says what to build.
    _, shown, log, _ = run(tmp_path, "hint", cont + "start\ndown\ndown\na\nwait 1500\n", src)
    assert [c["level"] for c in log] == ["medium"]
    full = log[0]["stops"]
    assert full and not any(full)
    assert read_text(shown, 2, 102, 6) == "hint: "
    # Hint, B while it thinks.
    _st, s, log, saved = run(tmp_path, "cancel",
                            cont + "start\ndown\ndown\npress a\nrelease a\nb\nwait 600\n", src)
    assert [c["level"] for c in log] == ["medium"]
    assert log[0]["stops"] == [True]                 # cut at its first look ...
    assert len(full) == 2                            # ... of the two it would take
    assert log[0]["progress"]                        # the pixels were told
    assert screen_text(s, 2, 102, 1) == ["hint cancelled"]
    # Board, cursor, lot name, panel and selected piece: as before the hint
    # (a hint that went through changes them: the comparison can tell).
    assert board_diff(shown, base)
    assert board_diff(s, base) == []
    assert saved == saved0
    g2, _ = saved_game(saved)
    assert g2.nbuilds == g.nbuilds == 4 and g2.to_move == g.to_move


# -- what is loaded when (the AI, records, menus: only while used) -------------

def test_modules_are_loaded_only_while_used(tmp_path):
    ai = ["aliencity.ai", "aliencity.ai_eval"]
    # Hot seat: no AI, no records, no pause menu after it closed.
    src = tmp_path / "hot.nvm"
    make_nvm(src, (0, 0), 4)
    snap = {}
    run(tmp_path, "hot", "a\nwait 300\nstart\na\nwait 300\nright\n", src, slow=None, snap=snap)
    mods = snap["modules"]
    assert "aliencity.screen" in mods                        # the board is up
    for m in ai + ["aliencity.record", "ui.pause", "aliencity.results", "ui.textview"]:
        assert m not in mods, m
    # A hint loads the AI; in a hot-seat game its code and buffers go back at once.
    _st, s, *_ = run(tmp_path, "hint", "a\nwait 300\nstart\ndown\ndown\na\nwait 500\n", src,
                     slow=None, snap=snap)
    assert read_text(s, 2, 102, 6) == "hint: "              # the hint came
    assert not set(ai) & set(snap["modules"]) and not snap["brain"]
    assert "ui.pause" not in snap["modules"]
    # A computer seat: the AI stays while the game goes on.
    src = tmp_path / "hard.nvm"
    make_nvm(src, (0, 3), 4)
    run(tmp_path, "hard", "a\nwait 1500\n", src, slow=None, snap=snap)
    assert set(ai) <= set(snap["modules"]) and snap["brain"]
    assert "aliencity.record" not in snap["modules"]
    # At the end: the AI is dropped, the record written (and its module
    # dropped); the scoring screen has what it needs.
    src = tmp_path / "end.nvm"
    make_nvm(src, (1, 1), 34)
    _st, _s, _log, saved = run(tmp_path, "end", "a\nwait 7000\na\nwait 500\n", src, slow=None, snap=snap)
    assert saved[1] is None                                  # a finished game is forgotten
    assert store.Store(bytearray(snap["nvm"])).get(store.RECORD)              # its record is kept
    mods = snap["modules"]
    assert "ui.textview" in mods                             # the scores are shown
    assert "aliencity.results" not in mods                   # (their lines made, it went)
    for m in ai + ["aliencity.record", "aliencity.computer"]:
        assert m not in mods, m
    assert not snap["brain"]
