"""The simulator: stand-ins, board adapters, and headless runs of code.py."""

import importlib
import json
import os
import subprocess
import sys

import pytest

import paths

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
if paths.ROOT not in sys.path:
    sys.path.append(paths.ROOT)   # the `boards` package

import _simhost

STANDINS = ("board", "keypad", "digitalio", "analogio", "microcontroller",
            "supervisor", "neopixel_write", "audioio", "audiocore", "micropython",
            "terminalio", "displayio", "bitmaptools")
BG = (0, 0, 0)
HIGHLIGHT = (0x20, 0x50, 0xA0)   # the launcher's menu highlight (ui/palette.py)
ROW0, ROW1 = 38, 53              # the launcher's first two menu rows (centres)


# ------------------------------------------------------------ helpers

def run_sim(tmp_path, script=None, board="pybadge", nvm=None, name="run", panel=True):
    """python -m sim --headless ...; returns (state dict, PNG path). The
    screenshot holds the panel's own pixels unless not ``panel`` (then the
    screen as the window shows it, dimmed by the brightness setting)."""
    shot = tmp_path / (name + ".png")
    state = tmp_path / (name + ".json")
    cmd = [sys.executable, "-m", "sim", "--headless", "--board", board,
           "--screenshot", str(shot), "--state", str(state), "--timeout", "30"]
    if panel:
        cmd.append("--shot-panel")
    if script is not None:
        sf = tmp_path / (name + ".txt")
        sf.write_text(script)
        cmd += ["--script", str(sf)]
    if nvm is not None:
        cmd += ["--nvm", str(nvm)]
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    p = subprocess.run(cmd, cwd=paths.ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    with open(state) as f:
        return json.load(f), shot


def load_png(path):
    import pygame
    return pygame.image.load(str(path))


def count(surface, box, pred):
    x1, y1, x2, y2 = box
    n = 0
    for y in range(y1, y2):
        for x in range(x1, x2):
            if pred(tuple(surface.get_at((x, y)))[:3]):
                n += 1
    return n


def row_has_highlight(surface, y):
    # RGB565 on the panel: compare colours to within a few steps.
    def near(c):
        return all(abs(a - b) <= 8 for a, b in zip(c, HIGHLIGHT))
    return count(surface, (0, y - 5, 160, y + 5), near) > 100


@pytest.fixture
def sim_board():
    """Switch the in-process simulated board (and reload `board` for it)."""
    import board

    def use(name):
        _simhost.configure(name)
        _simhost.reset_hardware()
        importlib.reload(board)
        return board

    yield use
    use("pybadge")


# ------------------------------------------------------------ stand-ins

def standin_file(path):
    """A module or a package (displayio) of sim/modules."""
    here = os.path.join(paths.ROOT, "sim", "modules")
    d = os.path.dirname(os.path.abspath(path))
    return d == here or (os.path.dirname(d) == here and path.endswith("__init__.py"))


def test_standins_win_over_blinka():
    for name in STANDINS:
        mod = importlib.import_module(name)
        assert standin_file(mod.__file__), (name, mod.__file__)


def test_standins_win_in_the_runner(tmp_path):
    state, _ = run_sim(tmp_path)
    assert set(STANDINS) <= set(state["modules"])
    for name, f in state["modules"].items():
        assert f and standin_file(f), (name, f)


def test_shift_register_key_numbers_pybadge(sim_board):
    board = sim_board("pybadge")
    import keypad

    keys = keypad.ShiftRegisterKeys(clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT,
                                    latch=board.BUTTON_LATCH, key_count=8,
                                    value_when_pressed=True)
    try:
        order = ("b", "a", "start", "select", "right", "down", "up", "left")
        for name in order:
            _simhost.set_button(name, True)
            _simhost.set_button(name, False)
        ev = keypad.Event()
        got = []
        while keys.events.get_into(ev):
            got.append((ev.key_number, ev.pressed))
        want = []
        for i in range(8):
            want += [(i, True), (i, False)]
        assert got == want
        _simhost.set_button("a", True)
        e = keys.events.get()
        assert (e.key_number, e.pressed, e.released) == (1, True, False)
        assert e == keypad.Event(1, True) and keys.events.get() is None
    finally:
        keys.deinit()


def test_adapter_logical_events_pybadge(sim_board):
    sim_board("pybadge")
    import boards

    hw = boards.load()
    assert type(hw).__module__ == "boards.pybadge" and len(hw.pixels) == 5
    b = hw.buttons()
    assert hw.buttons() is b
    for name in boards.NAMES:
        _simhost.set_button(name, True)
        _simhost.set_button(name, False)
    got = []
    ev = b.get()
    while ev is not None:
        assert ev is b.event   # one preallocated event
        got.append((ev.name, ev.key, ev.pressed))
        ev = b.get()
    want = []
    for k, name in enumerate(boards.NAMES):
        want += [(name, k, True), (name, k, False)]
    assert got == want


def test_pybadge_lc_has_one_pixel(sim_board):
    sim_board("pybadge-lc")
    import boards

    assert len(boards.load().pixels) == 1


def test_adapter_stick_pygamer(sim_board):
    board = sim_board("pygamer")
    import boards

    assert board.board_id == "pygamer"
    hw = boards.load()
    assert type(hw).__module__ == "boards.pygamer"
    b = hw.buttons()
    seen = []
    for name in ("up", "down", "left", "right", "a", "b", "start", "select"):
        _simhost.set_button(name, True)
        ev = b.get()
        seen.append((ev.name, ev.pressed))
        _simhost.set_button(name, False)
        ev = b.get()
        seen.append((ev.name, ev.pressed))
    assert seen == [(n, p) for n in ("up", "down", "left", "right", "a", "b", "start", "select")
                    for p in (True, False)]
    assert b.get() is None


def test_dpad_auto_repeat(sim_board):
    sim_board("pybadge")
    import boards

    b = boards.load().buttons()
    _simhost.virtual = True
    try:
        _simhost.set_button("right", True)
        ev = b.get()
        assert (ev.name, ev.pressed, ev.repeat) == ("right", True, False)
        _simhost.advance(300)
        assert b.get() is None
        _simhost.advance(120)
        ev = b.get()
        assert (ev.name, ev.pressed, ev.repeat) == ("right", True, True)
        assert b.get() is None
        _simhost.advance(125)
        assert b.get().repeat
        _simhost.set_button("right", False)
        ev = b.get()
        assert (ev.name, ev.released) == ("right", True)
        _simhost.advance(1000)
        assert b.get() is None
        # A and B never repeat.
        _simhost.set_button("a", True)
        assert b.get().name == "a"
        _simhost.advance(1000)
        assert b.get() is None
    finally:
        _simhost.virtual = False


def test_nvm_slices(tmp_path):
    import microcontroller

    f = tmp_path / "nvm.bin"
    _simhost.configure("pybadge", str(f))
    try:
        nvm = microcontroller.nvm
        assert len(nvm) == 8192 and nvm[0] == 0xFF
        nvm[10:14] = b"city"
        nvm[8191] = 7
        assert nvm[10:14] == bytearray(b"city") and nvm[-1] == 7
        with pytest.raises(ValueError):
            nvm[0:2] = b"abc"
        with pytest.raises(IndexError):
            nvm[8192]
        data = f.read_bytes()
        assert len(data) == 8192 and data[10:14] == b"city"
        _simhost.configure("pybadge", str(f))   # "power cycle"
        assert microcontroller.nvm[10:14] == b"city"
    finally:
        _simhost.configure("pybadge")


def test_real_neopixel_colours_reach_the_host(sim_board):
    board = sim_board("pybadge")
    import neopixel

    px = neopixel.NeoPixel(board.NEOPIXEL, 5, brightness=1.0, auto_write=False)
    px[0] = (255, 0, 0)
    px[3] = 0x0000FF
    px.show()
    assert _simhost.pixel_colors() == [(255, 0, 0), (0, 0, 0), (0, 0, 0), (0, 0, 255), (0, 0, 0)]
    px.deinit()


def test_script_errors_name_the_line(tmp_path):
    sf = tmp_path / "bad.txt"
    sf.write_text("right\n# fine\njump 3\n")
    p = subprocess.run([sys.executable, "-m", "sim", "--headless", "--script", str(sf)],
                       cwd=paths.ROOT, capture_output=True, text=True, timeout=60)
    assert p.returncode == 2 and "line 3" in p.stderr


# ------------------------------------------------------------ code.py, headless

def test_title_screen_and_highlight(tmp_path):
    state, shot = run_sim(tmp_path, name="title")
    assert state["error"] is None
    s = load_png(shot)
    assert s.get_size() == (160, 128 + 16)
    # The title "City Games" is drawn at the top (scale 2).
    assert count(s, (20, 2, 140, 26), lambda c: c != BG) > 150
    assert row_has_highlight(s, ROW0) and not row_has_highlight(s, ROW1)

    state, shot = run_sim(tmp_path, script="down\n", name="down")
    s = load_png(shot)
    assert not row_has_highlight(s, ROW0) and row_has_highlight(s, ROW1)
    # Moving the cursor redrew only the menu rows and the message line,
    # not the title.
    assert state["last_areas"] and all(y1 >= 28 for x1, y1, x2, y2 in state["last_areas"])


def test_pixels_reach_the_runner(tmp_path):
    state, shot = run_sim(tmp_path, name="pixels")
    # The launcher lights 5 pixels at the default brightness (0.1).
    want = [0xFF2000, 0xFFFFFF, 0x0040FF, 0xFFFFFF, 0x00C020]
    got = state["pixels"]
    assert len(got) == 5
    for (r, g, b), c in zip(got, want):
        assert (r, g, b) == tuple(int(((c >> s) & 0xFF) * 0.1) for s in (16, 8, 0))
    s = load_png(shot)
    r, g, b = tuple(s.get_at((16, 128 + 8)))[:3]   # first pixel: red-orange
    assert r > 60 and r > 2 * g and b < 20


def test_brightness_dims_the_window_as_the_backlight(tmp_path):
    """The launcher's brightness setting reaches the display's backlight;
    the window, the screenshot and --state's "screen" show the screen that
    much darker (--shot-panel and "panel": the panel's own pixels). The
    backlight scales light, so pixel values go down by the duty to the
    power 1 / 2.2 (runner.shown_level)."""
    from sim.runner import shown_level
    state, shot3 = run_sim(tmp_path, name="b3", panel=False)
    assert state["backlight"] == 0.8                  # level 3 of 4, the default
    state1, shot1 = run_sim(tmp_path, script="up\nleft\nleft\n", name="b1", panel=False)
    assert state1["backlight"] == 0.5                 # brightness row, two steps down
    _, panel1 = run_sim(tmp_path, script="up\nleft\nleft\n", name="p1")
    for st, level in ((state, 0.8), (state1, 0.5)):
        for key in ("mean", "max"):
            shown, own = st["screen"][key], st["panel"][key]
            assert max(own) > (100 if key == "max" else 10)
            assert all(abs(a - b * shown_level(level)) <= 2 for a, b in zip(shown, own)), (
                key, shown, own)
    # the screenshots: the title's brightest pixel, dimmed as the backlight
    def brightest(path):
        s = load_png(path)
        return max(max(tuple(s.get_at((x, y)))[:3]) for x in range(160) for y in range(128))
    full = brightest(panel1)
    assert abs(brightest(shot1) - full * shown_level(0.5)) <= 2
    assert abs(brightest(shot3) - full * shown_level(0.8)) <= 2
    import pygame

    from sim import runner

    class Fake:
        backlight = staticmethod(lambda: 0.25)

        class display:
            surface = pygame.Surface((160, 128))

        class host:
            pixel_colors = staticmethod(list)

    Fake.display.surface.fill((200, 100, 40))
    lit = runner.Runner.compose(Fake, 1, backlight=True).get_at((10, 10))[:3]
    full = runner.Runner.compose(Fake, 1).get_at((10, 10))[:3]
    assert tuple(full) == (200, 100, 40)
    # a quarter of the light: the values at 0.25 ** (1 / 2.2), about 53%
    assert all(abs(a - b * 0.5325) <= 1.5 for a, b in zip(lit, full)), (lit, full)


def test_a_beeps(tmp_path):
    state, _ = run_sim(tmp_path, script="a\n", name="beep")
    plays = [e for e in state["audio"] if e["op"] == "play"]
    stops = [e for e in state["audio"] if e["op"] == "stop"]
    assert len(plays) == 1 and plays[0]["freq"] == 880 and plays[0]["loop"]
    assert stops and 70 <= stops[0]["t"] - plays[0]["t"] <= 120
    assert state["levels"]["SPEAKER_ENABLE"] is False   # amplifier off again


def test_stick_moves_the_highlight_on_pygamer(tmp_path):
    state, shot = run_sim(tmp_path, script="down\n", board="pygamer", name="gamer")
    assert state["board_id"] == "pygamer"
    s = load_png(shot)
    assert row_has_highlight(s, ROW1) and not row_has_highlight(s, ROW0)


def test_nvm_persists_across_runs(tmp_path):
    nvm = tmp_path / "nvm.bin"
    # Sound is the fourth row of the launcher, three presses down past the
    # three games (moving there ticks; A then switches the sound off, so
    # nothing plays from then on).
    # (written when the launcher has waited 30 s: tools/appdriver.WRITTEN)
    state, _ = run_sim(tmp_path, script="down\ndown\ndown\na\nwait 31000\n", nvm=nvm,
                       name="first")
    import store
    saved = store.Store(bytearray(nvm.read_bytes()))    # settings live in the save store
    assert saved.note is None and saved.get(store.SETTINGS)[:2] == b"\x00\x03"
    t_off = 500 + 3 * 200                  # the 'a' tap
    assert [e for e in state["audio"] if e["op"] == "play" and e["t"] >= t_off] == []
    # Second power-on: still off, so A on "Alien City" is silent.
    state, _ = run_sim(tmp_path, script="a\n", nvm=nvm, name="second")
    assert state["audio"] == []
    # Without the file the sound is on again.
    state, _ = run_sim(tmp_path, script="a\n", name="fresh")
    assert [e["op"] for e in state["audio"]][:1] == ["play"]


def test_reset_restarts_code_and_crashes_are_reported(tmp_path):
    code = tmp_path / "prog.py"
    code.write_text(
        "import microcontroller\n"
        "import boards\n"
        "hw = boards.load()\n"   # pins are free again after the reset
        "if microcontroller.nvm[100] == 0xFF:\n"
        "    microcontroller.nvm[100] = 1\n"
        "    microcontroller.reset()\n"
        "raise ValueError('boom')\n")
    state = tmp_path / "s.json"
    p = subprocess.run([sys.executable, "-m", "sim", "--headless", "--code", str(code),
                        "--state", str(state)],
                       cwd=paths.ROOT, capture_output=True, text=True, timeout=60)
    assert p.returncode == 1 and "ValueError: boom" in p.stderr
    s = json.loads(state.read_text())
    assert s["resets"] == 1 and "boom" in s["error"]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11/Wayland displays only")
def test_no_display_says_how_to_run_headless():
    """`make play` (python -m sim) on a machine with no display: one line
    that says how to run headless, at once, instead of an invisible window
    waiting for keys (issue 31)."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    p = subprocess.run([sys.executable, "-m", "sim"], cwd=paths.ROOT, env=env,
                       capture_output=True, text=True, timeout=30)
    assert p.returncode == 2
    lines = p.stderr.splitlines()
    assert len(lines) == 1 and "--headless" in lines[0] and "sim/README.md" in lines[0]
    assert p.stdout == ""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11/Wayland displays only")
def test_make_play_without_a_display_exits_0():
    """`make play` there sets up, says how to run headless and exits 0
    (python -m sim --no-window-ok): no "make: *** Error 2" after the hint
    (issue 43). The venv is taken as made (-o): nothing is installed."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "MAKEFLAGS", "MFLAGS")}
    p = subprocess.run(["make", "--no-print-directory", "-s", "-o", ".venv/.installed", "play"],
                       cwd=paths.ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    hint = [ln for ln in p.stderr.splitlines() if ln.startswith("sim:")]
    assert len(hint) == 1 and "--headless" in hint[0]
    assert "Error" not in p.stderr and "***" not in p.stderr
