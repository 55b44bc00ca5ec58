"""The replay on the handheld (pause menu "replay": ui/replay.py and
aliencity/replay.py), save version 2 (aliencity/save2.py) and loading a game
from the desktop into the simulator's save (tools/loadgame.py)."""

import os
import subprocess
import sys

import pytest
import saves
import seeded
from appdriver import WRITTEN, Driver
from test_app import HOTSEAT, read_text, run_sim

import paths
import store
from aliencity import record, save, save2
from aliencity.app import TAG
from aliencity.deal import new_game
from aliencity.engine import CLASSIC, STANDALONE
from aliencity.moves import kind_of, lot_name, lot_of

ROOT = paths.ROOT
PPGAMES = os.path.join(ROOT, "tests", "data", "alien-city.ppn")
LOADGAME = os.path.join(ROOT, "tools", "loadgame.py")
_VENV_PY = os.path.join(ROOT, ".venv", "bin", "python")
PYTHON = _VENV_PY if os.path.exists(_VENV_PY) else sys.executable
CONTINUE = "a\nwait 500\n"                 # the launcher's top row: Continue Alien City
REPLAY = "start\ndown\ndown\ndown\na\nwait 200\n"   # pause menu: resume undo hint replay


def loadgame(*args):
    return subprocess.run([PYTHON, LOADGAME, *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=60)


def saved_game(nvm):
    """(Setup, Game) of Alien City's save in an NVM image."""
    st = save.Setup()
    data = store.Store(bytearray(nvm)).game(TAG)[1]
    return st, (None if data is None else save.decode(st, data))


def builds(g):
    return [g.build_at(i) for i in range(g.nbuilds)]


# -- save version 2 ------------------------------------------------------------------------


def _stepped_back(g, m):
    """Take m builds back into an 'ahead' list, as a replay does."""
    ahead = b""
    for _ in range(m):
        n = g.nbuilds
        _p, kind, lot, cap = g.build_at(n - 1)
        while g.nbuilds == n:
            g.undo()            # its claim (or none), then the build
        ahead = bytes((kind, lot, cap)) + ahead
    return ahead


@pytest.mark.parametrize("rules,open_streets,lb", seeded.OPTIONS)
@pytest.mark.parametrize("own_city", [False, True])
def test_version2_round_trip(rules, open_streets, lb, own_city):
    for seed in (3, 4, 5):
        g = seeded.random_game(seed, rules, open_streets, lb)
        whole = builds(g)
        st = save.Setup()
        st.dealt = 0 if own_city else seed
        st.seats = [2, 0]
        st.rules, st.open_streets, st.location_bonus = rules, open_streets, lb
        st.ahead = _stepped_back(g, 5 + seed)
        data = save.encode(st, g)
        assert data[0] == 2 and data[8] == 5 + seed
        assert len(data) == 9 + (21 if own_city else 0) + 3 * len(whole)
        st2 = save.Setup()
        g2 = save.decode(st2, data)
        assert builds(g2) == builds(g) and st2.ahead == st.ahead
        assert (st2.dealt, st2.seats, st2.rules, st2.open_streets, st2.location_bonus) == (
            st.dealt, [2, 0], rules, open_streets, lb)
        assert bytes(g2.tcol) == bytes(g.tcol) and bytes(g2.tval) == bytes(g.tval)
        assert g2.first == g.first


def test_version1_stays_for_ordinary_games():
    g = new_game(7)
    g.again(*next((kind_of(m), lot_of(m)) for m in _legal(g)), 255)
    st = save.Setup()
    st.dealt = 7
    data = save.encode(st, g)
    assert data[0] == 1 and len(data) == 8 + 3
    g2 = save.decode(save.Setup(), data)
    assert builds(g2) == builds(g)


def _legal(g):
    from array import array
    buf = array("H", [0] * 560)
    return buf[:g.legal(buf)]


def test_version2_refuses_what_does_not_hold():
    g = seeded.random_game(8, CLASSIC, True, False)
    st = save.Setup()
    st.dealt = 0
    st.rules = CLASSIC
    st.open_streets = True
    st.ahead = _stepped_back(g, 10)
    good = save.encode(st, g)
    save.decode(save.Setup(), good)
    bad = []
    b = bytearray(good)
    b[-2] = b[9 + 21 + 1]                          # the last build ahead on the first's lot
    bad.append(b)
    b = bytearray(good)
    b[9] = (b[9] & 0xFC) | ((b[9] + 1) & 3)        # a tile of another colour: 6 and 4
    bad.append(b)
    b = bytearray(good)
    b[9] = (b[9] & 0x0F) | 0x70                     # a value 7
    bad.append(b)
    b = bytearray(good)
    b[29] = 2                                       # first player 2
    bad.append(b)
    bad.append(good[:-1])                           # cut short
    b = bytearray(good)
    b[8] += 1                                       # one more build ahead than there is
    bad.append(b)
    b = bytearray(good)
    b[3] = 9                                        # flags
    bad.append(b)
    for data in bad:
        with pytest.raises(ValueError):
            save.decode(save.Setup(), bytes(data))
    st = save.Setup()
    st.dealt = 0
    g = seeded.random_game(9, CLASSIC, stop_at=20)
    data = bytearray(save2.encode2(st, g))
    save.decode(save.Setup(), bytes(data))
    data[3] &= 0xFE                                 # standalone, yet tiles with values
    with pytest.raises(ValueError):
        save.decode(save.Setup(), bytes(data))


def test_finished_game_with_nothing_ahead_is_not_saved():
    g = seeded.random_game(10, CLASSIC)
    assert g.over()
    st = save.Setup()
    st.dealt = 0
    assert save.encode(st, g) is None
    st.ahead = _stepped_back(g, 1)
    assert save.encode(st, g)[8] == 1


# -- loading from the desktop ---------------------------------------------------------------


def test_loadgame_keeps_the_rest_of_the_store(tmp_path):
    nvm = bytearray(b"\xff" * 8192)
    s = store.Store(nvm)
    s.put(store.SETTINGS, b"\x01\x03")
    s.set_game(0x73, b"\x00", b"skyscrapers game")
    s.save()
    f = tmp_path / "n.nvm"
    f.write_bytes(nvm)
    p = loadgame(PPGAMES, "--at", "12", "--nvm", str(f))
    assert p.returncode == 0, p.stderr
    assert "loaded: 36 builds (classic rules, streets=open, B first), opening at build 12" \
        in p.stdout
    data = f.read_bytes()
    s2 = store.Store(bytearray(data))
    assert s2.get(store.SETTINGS) == b"\x01\x03"
    assert s2.game(0x73) == (b"\x00", b"skyscrapers game")
    assert saves.last(s2) == TAG
    st, g = saved_game(data)
    assert g.nbuilds == 12 and len(st.ahead) == 3 * 24
    assert (st.dealt, st.seats, st.rules, st.open_streets) == (0, [0, 0], CLASSIC, True)
    assert lot_name(g.build_at(0)[2]) == "E6"


def test_loadgame_record_from_selfplay_and_refusals(tmp_path):
    rec = tmp_path / "g.txt"
    p = subprocess.run([PYTHON, os.path.join(ROOT, "tools", "selfplay.py"), "--game",
                        "aliencity", "--seats", "random,easy", "--seed", "5", "--out",
                        str(rec)], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert p.returncode == 0, p.stderr
    n = len(record.read(rec.read_text().split("\n")).moves)
    f = tmp_path / "n.nvm"
    p = loadgame(str(rec), "--nvm", str(f), "--at", str(n - 1))
    assert p.returncode == 0, p.stderr
    st, g = saved_game(f.read_bytes())
    assert g.nbuilds == n - 1 and len(st.ahead) == 3
    p = loadgame(str(rec), "--nvm", str(f), "--at", str(n))
    assert p.returncode == 2 and "nothing to continue there" in p.stderr
    p = loadgame(str(rec), "--nvm", str(f), "--at", str(n + 1))
    assert p.returncode == 2 and "--at %d: the game has builds 0 to %d" % (n + 1, n) in p.stderr
    lines = rec.read_text().split("\n")
    lines[6], lines[7] = lines[7], lines[6]
    rec.write_text("\n".join(lines))
    p = loadgame(str(rec), "--nvm", str(f))
    assert p.returncode == 1 and p.stderr.count("\n") == 1 and "line 7" in p.stderr
    p = loadgame(PPGAMES, "--nvm", str(f), "--streets", "as-written")
    assert p.returncode == 1 and "turn 9... (line 14)" in p.stderr
    (tmp_path / "big.nvm").write_bytes(b"\0" * 9000)
    p = loadgame(PPGAMES, "--nvm", str(tmp_path / "big.nvm"))
    assert p.returncode == 2 and "more than the 8192 of an NVM" in p.stderr


# -- the replay on the simulator ----------------------------------------------------------


def _ppgames_nvm(tmp_path, name, at=0):
    f = tmp_path / (name + ".nvm")
    p = loadgame(PPGAMES, "--at", str(at), "--nvm", str(f))
    assert p.returncode == 0, p.stderr


def test_replay_of_the_ppgames_game_to_its_end(tmp_path):
    _ppgames_nvm(tmp_path, "end")
    _st, s, nvm = run_sim(tmp_path, CONTINUE + REPLAY + "down\nwait 300\n", name="end",
                          nvm=True)
    assert read_text(s, 82, 25, 12) == "replay 36/36"
    assert read_text(s, 2, 102, 26).rstrip() == "P1 built a red tower on H1"
    assert read_text(s, 82, 0, 2, scale=2) == "H1"
    assert read_text(s, 82, 74, 13) == "now    74 138"
    # Nothing is saved while stepping: the save still opens at the start.
    st, g = saved_game(nvm)
    assert g.nbuilds == 0 and len(st.ahead) == 3 * 36


def test_replay_steps_back_and_leaves_at_the_build_shown(tmp_path):
    _ppgames_nvm(tmp_path, "steps0", at=20)
    script = CONTINUE + REPLAY + "left\nleft\nright\nleft\nleft\nwait 200\n"
    _st, s, _nvm = run_sim(tmp_path, script, name="steps0", nvm=True)
    assert read_text(s, 82, 25, 12) == "replay 17/36"
    # The same, then A: the game goes on after build 17 (P1 to build), saved so.
    _ppgames_nvm(tmp_path, "steps", at=20)
    _st, s, nvm = run_sim(tmp_path, script + "a\nwait 300\n" + WRITTEN, name="steps", nvm=True)
    assert read_text(s, 82, 25, 9) == "P1 builds"
    st, g = saved_game(nvm)
    assert g.nbuilds == 17 and len(st.ahead) == 3 * 19
    # Up goes to the start; right at the start steps on.
    _ppgames_nvm(tmp_path, "up", at=20)
    _st, s, _nvm = run_sim(tmp_path, CONTINUE + REPLAY + "up\nwait 200\n", name="up",
                           nvm=True)
    assert read_text(s, 82, 25, 12) == "replay 0/36 "
    assert read_text(s, 2, 102, 26) == "the start: right steps on,"


def test_replay_in_a_game_played_here_then_a_new_build_drops_the_rest(tmp_path):
    g = new_game(1)                              # HOTSEAT's seed
    d = Driver(g)
    for _ in range(6):
        m = _legal(g)[0]
        d.build(kind_of(m), lot_of(m))
    played = builds(g)
    back3 = (HOTSEAT + "\n".join(d.lines) + "\n" + REPLAY + "left\nleft\nleft\na\nwait 300\n"
             + WRITTEN)
    _st, _s, nvm = run_sim(tmp_path, back3, name="here", nvm=True)
    st, g2 = saved_game(nvm)
    assert builds(g2) == played[:3] and len(st.ahead) == 9 and st.dealt == 1
    # Back into the replay: down brings all six back.
    _st, _s, nvm = run_sim(tmp_path, back3 + REPLAY + "down\na\nwait 300\n" + WRITTEN,
                          name="here2", nvm=True)
    st, g3 = saved_game(nvm)
    assert builds(g3) == played and st.ahead == b""
    # Three back, then a build of the player to move: what was ahead is
    # gone and the save is version 1 again.
    g4 = new_game(1)
    for _p, kind, lot, cap in played[:3]:
        g4.again(kind, lot, cap)
    d4 = Driver(g4)
    d4.cur, d4.kind = played[2][2], d.kind       # where the replay left the screen
    d4.first_kind()
    d4.to_legal()
    m = _legal(g4)[-1]
    d4.build(kind_of(m), lot_of(m), claim_own=False)
    _st, _s, nvm = run_sim(tmp_path, back3 + "\n".join(d4.lines) + "\nwait 300\n" + WRITTEN,
                          name="here3", nvm=True)
    raw = store.Store(bytearray(nvm)).game(TAG)[1]
    st, g5 = saved_game(nvm)
    assert raw[0] == 1 and st.ahead == b"" and builds(g5) == builds(g4)


def test_game_over_start_opens_the_pause_menu_and_replay(tmp_path):
    rec = tmp_path / "g.txt"
    g = seeded.random_game(12, STANDALONE)
    rec.write_text(record.write(g))
    f = tmp_path / "over.nvm"
    n = g.nbuilds
    p = loadgame(str(rec), "--nvm", str(f), "--at", str(n - 1))
    assert p.returncode == 0, p.stderr
    # Step to the end and leave: the final city, then Start: the pause menu.
    script = CONTINUE + REPLAY + "right\na\nwait 300\n"
    _st, s, nvm = run_sim(tmp_path, script, name="over", nvm=True)
    assert read_text(s, 2, 102, 15) == "the final city."
    assert saved_game(nvm)[1] is None            # a finished game is not kept to continue
    p = loadgame(str(rec), "--nvm", str(f), "--at", str(n - 1))
    assert p.returncode == 0, p.stderr
    _st, s, _nvm = run_sim(tmp_path, script + "start\nwait 200\n", name="over", nvm=True)
    assert read_text(s, 4, 1, 6) == "Paused"
    # Replay from there: the last build back, then A: the game goes on.
    assert loadgame(str(rec), "--nvm", str(f), "--at", str(n - 1)).returncode == 0
    _st, s, nvm = run_sim(tmp_path, script + REPLAY + "left\na\nwait 300\n" + WRITTEN,
                          name="over", nvm=True)
    st, g2 = saved_game(nvm)
    assert g2.nbuilds == n - 1 and len(st.ahead) == 3


def test_version2_and_stepping_in_micropython():
    """save2 and the replay's steps run in the MicroPython VM and give the
    bytes CPython gives."""
    import mpylane
    mpylane.require_or_skip()
    files = mpylane.firmware_files()
    with open(os.path.join(ROOT, "tools", "seeded.py")) as f:
        files["seeded.py"] = f.read()
    script = """
from seeded import random_game
from aliencity import save, replay

class S:
    pass

g = random_game(21, 1, True, True)
b = S()
b.g = g
b.s = S()
b.s.setup = save.Setup()
st = b.s.setup
st.dealt = 0
st.rules, st.open_streets, st.location_bonus = 1, True, True
n = 0
while replay.step(b, -1):
    n += 1
data = save.encode(st, g)
print(n, data.hex())
st2 = save.Setup()
g2 = save.decode(st2, data)
while replay.step(b, 1):
    pass
print(g2.nbuilds, len(st2.ahead), g.nbuilds, st.ahead == b"")
"""
    out = mpylane.run_ok(script, files=files).split("\n")
    g = seeded.random_game(21, 1, True, True)
    st = save.Setup()
    st.dealt = 0
    st.rules, st.open_streets, st.location_bonus = 1, True, True
    st.ahead = _stepped_back(g, g.nbuilds)
    n = len(st.ahead) // 3
    assert out[0] == "%d %s" % (n, save.encode(st, g).hex())
    assert out[1] == "0 %d %d True" % (3 * n, n)
