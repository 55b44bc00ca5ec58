"""When something goes wrong anyway (headless simulator): an exception shows
the crash screen, A restarts, and the autosave is still there; a
MemoryError during a computer move falls back to a cheaper level and says
so; one during a hint says there is no hint and leaves the game as it
was. Faults are injected through the store's developer fault list ("F" in
the NVM), which the firmware reads like any other saved data; Continue
restores a game saved by the store."""

import json
import os
import subprocess
import sys

import pytest
import seeded
from appdriver import WRITTEN

import paths
import store
from aliencity import record, save
from aliencity.save import Setup, pack_options

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


def make_nvm(path, seats, builds, faults=b"", seed=9):
    st = Setup()
    st.seats[0], st.seats[1] = seats
    st.dealt = seed
    g = seeded.random_game(seed, stop_at=builds)
    nvm = bytearray(b"\xff" * 8192)
    s = store.Store(nvm)
    s.put(store.SETTINGS, b"\x01\x03")
    if faults:
        s.put(store.FAULTS, faults)
    s.set_game(0x61, pack_options(st) + b"\0\0", save.encode(st, g))
    s.save()
    path.write_bytes(bytes(nvm))
    return g


def run(tmp_path, name, script, nvm, status=0):
    sf = tmp_path / (name + ".txt")
    sf.write_text(script)
    shot = tmp_path / (name + ".png")
    state = tmp_path / (name + ".json")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    p = subprocess.run([sys.executable, "-m", "sim", "--headless", "--script", str(sf),
                        "--screenshot", str(shot), "--shot-panel", "--state", str(state),
                        "--nvm", str(nvm), "--timeout", "50"], cwd=paths.ROOT, env=env, capture_output=True,
                       text=True, timeout=60)
    assert p.returncode == status, p.stderr
    import pygame
    return json.loads(state.read_text()), pygame.image.load(str(shot)), p.stdout


_GLYPHS = {}


def read_text(surf, x, y, n, lit=300):
    """n characters of terminalio text whose top-left is near (x, y)."""
    if not _GLYPHS:
        import terminalio
        for c in range(32, 127):
            bm = terminalio.FONT.get_glyph(c).bitmap
            _GLYPHS.setdefault(frozenset((i, j) for j in range(12) for i in range(6)
                                         if bm[i, j]), chr(c))
    best = None
    for dy in range(-3, 4):
        s = ""
        for i in range(n):
            m = frozenset((gx, gy) for gy in range(12) for gx in range(6)
                          if 0 <= x + i * 6 + gx < 160 and 0 <= y + dy + gy < 128
                          and sum(tuple(surf.get_at((x + i * 6 + gx, y + dy + gy)))[:3]) > lit)
            s += _GLYPHS.get(m, "?")
        if best is None or s.count("?") < best.count("?"):
            best = s
    return best


def screen_text(surf, x, y0, rows, n=26, step=12):
    return [read_text(surf, x, y0 + step * i, n).rstrip() for i in range(rows)]


def test_crash_screen_then_restart_with_the_autosave_intact(tmp_path):
    nvm = tmp_path / "crash.nvm"
    g = make_nvm(nvm, (0, 0), 6, faults=b"crash")
    want = record.write(g)
    # Continue (the top row), then A on the board: the injected fault. The
    # run says so: exit status 3, the error and the crash screen in its state.
    st, s, out = run(tmp_path, "crash", "a\nwait 300\na\nwait 300\n", nvm, status=3)
    assert st["resets"] == 0
    assert "RuntimeError: injected fault (crash)" in out       # the console has the traceback
    assert "Traceback" in out
    [shown] = st["crash_screens"]
    assert shown["text"].startswith("RuntimeError: injected fault (crash) (in ")
    assert shown["traceback"].startswith("Traceback (most recent call last):")
    assert "RuntimeError: injected fault (crash)" in shown["traceback"]
    assert st["error"] == shown["traceback"]
    assert 900 < shown["t_ms"] < st["time_ms"]      # after the second A (at 900 ms)
    rows = screen_text(s, 2, 2, 3)
    assert rows[0] == "Something went wrong."
    assert rows[1].startswith("RuntimeError: injected")
    assert read_text(s, 50, 114, 10) == "A: restart"
    # The autosave is intact; the fault was used up.
    saved = store.Store(bytearray(nvm.read_bytes()))
    assert saved.get(store.FAULTS) is None
    st2 = Setup()
    g2 = save.decode(st2, saved.game(0x61)[1])
    assert record.write(g2) == want
    # Again from the same save, now pressing A on the crash screen: it
    # restarts (supervisor.reload) into the launcher, which offers the same
    # game, and Continue brings it back where it was.
    make_nvm(nvm, (0, 0), 6, faults=b"crash")
    st, s, _ = run(tmp_path, "again", "a\nwait 300\na\nwait 500\na\nwait 500\na\nwait 300\n",
                   nvm, status=3)
    assert len(st["crash_screens"]) == 1 and st["resets"] == 1
    assert screen_text(s, 2, 102, 1) == ["continued at build 7"]
    saved = store.Store(bytearray(nvm.read_bytes()))
    g3 = save.decode(Setup(), saved.game(0x61)[1])
    assert record.write(g3) == want        # nothing lost, nothing new built


def test_memory_error_in_a_computer_move_falls_back(tmp_path):
    nvm = tmp_path / "oom.nvm"
    # W human, B hard; an even number of builds on the standalone rules
    # (B first) leaves B, the computer, to move.
    g = make_nvm(nvm, (0, 3), 4, faults=b"oom")
    assert g.to_move == 1
    st, s, _ = run(tmp_path, "oom", "a\nwait 4000\n" + WRITTEN, nvm)
    assert st["error"] is None and st["resets"] == 0
    lines = screen_text(s, 2, 102, 2)
    assert lines == ["memory ran low: P2 plays", "medium from now on"], lines
    saved = store.Store(bytearray(nvm.read_bytes()))
    assert saved.get(store.FAULTS) is None
    st2 = Setup()
    g2 = save.decode(st2, saved.game(0x61)[1])
    assert g2.nbuilds == 5 and st2.levels() == [None, "hard"]   # the seat's level is kept


def test_memory_error_in_a_hint_says_so_and_changes_nothing(tmp_path):
    nvm = tmp_path / "oomhint.nvm"
    g = make_nvm(nvm, (0, 0), 4, faults=b"oomhint")     # hot seat
    # Continue, then pause menu: down, down is "hint".
    st, s, _ = run(tmp_path, "oomhint", "a\nwait 300\nstart\ndown\ndown\na\nwait 1500\n", nvm)
    assert st["error"] is None and st["resets"] == 0
    assert screen_text(s, 2, 102, 1) == ["no hint: not enough memory"]
    saved = store.Store(bytearray(nvm.read_bytes()))
    assert saved.get(store.FAULTS) is None          # the fault was taken
    g2 = save.decode(Setup(), saved.game(0x61)[1])
    assert g2.nbuilds == g.nbuilds == 4 and g2.to_move == g.to_move


def note_page(s):
    """The title and lines of the launcher's page about the save memory."""
    return [read_text(s, 2, 1, 26).rstrip()] + [
        read_text(s, 2, 16 + 13 * i, 26, lit=60).rstrip() for i in range(7)]


def test_blank_torn_and_unreadable_memory(tmp_path):
    """A blank block is a first boot: the launcher at once, nothing said.
    Unreadable memory and a save torn by a power cut each get a page of
    their own, in words, once (the store is written again at once)."""
    nvm = tmp_path / "blank.nvm"
    st, s, _ = run(tmp_path, "blank", "wait 100\n", nvm)
    assert st["error"] is None and read_text(s, 4, 1, 13).strip() != "Saved games"
    assert read_text(s, 4, 110, 26, lit=60).rstrip() == "two builders, one city"
    assert not nvm.exists() or nvm.read_bytes() == b"\xff" * 8192     # nothing written
    nvm = tmp_path / "junk.nvm"
    nvm.write_bytes(bytes((i * 7 + 3) & 0xFF for i in range(8192)))
    st, s, _ = run(tmp_path, "junk", "wait 100\n", nvm)
    assert st["error"] is None
    assert note_page(s)[:3] == ["Saved games", "Save memory unreadable: a", "fresh start."]
    assert store.Store(bytearray(nvm.read_bytes())).note is None    # fresh store written
    st, s, _ = run(tmp_path, "junk2", "wait 200\n", nvm)          # said once: the launcher
    assert read_text(s, 4, 110, 26, lit=60).rstrip() == "two builders, one city"
    # A save torn after its first page: the games after it are named.
    make_nvm(nvm, (0, 0), 6)
    b = bytearray(nvm.read_bytes())
    s2 = store.Store(b)
    s2.set_game(0x73, b"\x03\x00\x09", bytes(900))       # Skyscrapers, saved last
    s2.save()
    b[512:] = b"\xff" * (8192 - 512)                      # the cut: pages 1.. erased
    nvm.write_bytes(bytes(b))
    st, s, _ = run(tmp_path, "torn", "wait 100\n", nvm)
    page = note_page(s)
    assert page[0] == "Saved games" and " ".join(page[1:]).split() == (
        "The power went off during a save. Lost: Skyscrapers game, Alien City "
        "game. All else is kept.").split(), page
    kept = store.Store(bytearray(nvm.read_bytes()))
    assert kept.note is None and not kept.lost and kept.get(store.SETTINGS) == b"\x01\x03"


PLANTED = ("import boards\n"
           "from ui import crash\n"
           "crash.show(boards.load(), ValueError('planted'))\n")


@pytest.mark.parametrize("window", [False, True])
def test_a_crash_screen_makes_the_run_fail(tmp_path, window):
    """Headless, and in a window with --exit-when-done (automation): the
    crash screen is drawn, and the run exits 3 with the error in its state."""
    code = tmp_path / "planted.py"
    code.write_text(PLANTED)
    state = tmp_path / "s.json"
    shot = tmp_path / "s.png"
    cmd = [sys.executable, "-m", "sim", "--code", str(code), "--state", str(state),
           "--nvm", str(tmp_path / "nvm.bin")]
    cmd += ["--exit-when-done", "--scale", "1"] if window else [
        "--headless", "--screenshot", str(shot), "--shot-panel"]
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    p = subprocess.run(cmd, cwd=paths.ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert p.returncode == 3, p.stderr
    assert "sim: the crash screen is up" in p.stderr and "ValueError: planted" in p.stderr
    if window:
        return          # a window run writes no state
    st = json.loads(state.read_text())
    assert [c["text"] for c in st["crash_screens"]] == ["ValueError: planted"]
    assert "ValueError: planted" in st["error"]
    assert st["pixels"] and all(r > 0 and g == b == 0 for r, g, b in st["pixels"])   # red
    import pygame
    s = pygame.image.load(str(shot))
    assert screen_text(s, 2, 2, 2) == ["Something went wrong.", "ValueError: planted"]
