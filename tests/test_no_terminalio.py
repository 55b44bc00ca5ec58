"""code.py on a CircuitPython build without terminalio (the ja, ko and ru
builds for the PyBadge and PyGamer): not a blank board but ui/nofont.py's
lights, red and blue alternating from pixel to pixel and swapping twice a
second, the screen's halves the same, and the reason on the console. The
simulator runs firmware/code.py headless with terminalio made
unimportable, every NeoPixel write logged on the virtual clock."""

import itertools
import json
import os
import subprocess
import sys

import pytest

import paths

WRAPPER = '''
import json, runpy, sys
import _simhost
import neopixel_write
if %(blocked)r:
    sys.modules["terminalio"] = None     # as on a ja, ko or ru build: the import fails
log = []
real = neopixel_write.neopixel_write
def logged(pin, buf):
    log.append([round(_simhost.now_ms()), list(bytes(buf))])
    real(pin, buf)
neopixel_write.neopixel_write = logged
try:
    runpy.run_path(%(code)r, run_name="__main__")
finally:
    with open(%(out)r, "w") as f:
        json.dump(log, f)
'''


def run(tmp_path, board, blocked=True, ms=3000):
    log = tmp_path / "pixels.json"
    wrapper = tmp_path / "code_wrapper.py"
    wrapper.write_text(WRAPPER % {"blocked": blocked, "code": os.path.join(paths.FIRMWARE, "code.py"),
                                  "out": str(log)})
    script = tmp_path / "script.txt"
    script.write_text("wait %d\n" % ms)
    shot, state = tmp_path / "shot.png", tmp_path / "state.json"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    p = subprocess.run([sys.executable, "-m", "sim", "--headless", "--board", board,
                        "--code", str(wrapper), "--script", str(script), "--screenshot", str(shot),
                        "--shot-panel", "--state", str(state), "--timeout", "50"],
                       cwd=paths.ROOT, env=env, capture_output=True, text=True, timeout=90)
    assert p.returncode == 0, p.stderr
    return p, json.loads(log.read_text()), json.loads(state.read_text()), shot


def colours(buf):
    """The pixels of one write (GRB bytes, scaled by the brightness) as
    'R', 'B', '.' (off) or '?' (anything else)."""
    out = ""
    for j in range(0, len(buf), 3):
        g, r, b = buf[j:j + 3]
        out += "R" if r and not g and not b else "B" if b and not g and not r else \
            "." if not (r or g or b) else "?"
    return out


@pytest.mark.parametrize("board, n", [("pybadge", 5), ("pybadge-lc", 1), ("pygamer", 5)])
def test_no_terminalio_shows_red_and_blue(tmp_path, board, n):
    p, log, state, shot = run(tmp_path, board)
    assert "This CircuitPython has no terminalio" in p.stdout and "docs/deploy.md" in p.stdout
    assert not state["crash_screens"] and state["error"] is None
    lit = [(t, colours(buf)) for t, buf in log if colours(buf).strip(".")]
    assert len(lit) >= 5, log                                   # 3 s: about six
    a = ("RB" * n)[:n]
    b = ("BR" * n)[:n]
    assert [c for _t, c in lit] == [(a, b)[i % 2] for i in range(len(lit))]
    gaps = [t2 - t1 for (t1, _c), (t2, _d) in itertools.pairwise(lit)]
    assert all(450 <= g <= 600 for g in gaps), gaps              # twice a second
    assert state["pixels"] and all(c != [0, 0, 0] for c in state["pixels"])
    import pygame
    img = pygame.image.load(str(shot))
    left, right = img.get_at((40, 64))[:3], img.get_at((120, 64))[:3]
    assert {left, right} == {(255, 0, 0), (0, 0, 255)}, (left, right)


def test_with_terminalio_the_launcher_comes_and_no_such_lights(tmp_path):
    """The same run with terminalio there: the check above is of the
    missing font, not of something the wrapper does."""
    p, log, state, _shot = run(tmp_path, "pybadge", blocked=False, ms=1500)
    assert "no terminalio" not in p.stdout and not state["crash_screens"]
    patterns = {colours(buf) for _t, buf in log}
    assert "RBRBR" not in patterns and "BRBRB" not in patterns
    assert state["screen"]["max"] != [0, 0, 0]                   # the launcher is drawn
