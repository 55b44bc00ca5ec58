"""tools/playshots.py (issue 43's pictures) still reaches every moment it
names: the whole run into a scratch folder, each picture a 1x PNG; a
moment that never comes fails the run, naming the picture."""

import os
import subprocess
import sys

import pygame

import paths

TOOL = os.path.join(paths.ROOT, "tools", "playshots.py")


def _run(*args):
    env = dict(os.environ, PYTHONPATH=paths.ROOT, SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    return subprocess.run([sys.executable, *args], cwd=paths.ROOT, env=env,
                          capture_output=True, text=True, timeout=300)


def test_every_picture_is_made_at_1x(tmp_path):
    p = _run(TOOL, "--out", str(tmp_path))
    assert p.returncode == 0, p.stderr[-3000:]
    names = _run(TOOL, "--list").stdout.split("\n")
    want = {n.split()[0] for n in names if n.strip()}
    assert len(want) >= 20 and set(os.listdir(tmp_path)) == want
    for name in want:
        assert pygame.image.load(str(tmp_path / name)).get_size() == (160, 144), name


def test_a_moment_never_reached_fails_the_run_naming_it(tmp_path):
    code = ("import sys; sys.path.insert(0, 'tools'); import playshots\n"
            "playshots.SHOTS['alheimur-sel-pass.png'] = lambda path: playshots.alheimur(\n"
            "    path, playshots.HOT, lambda bot: False, resume=(1, 230), max_presses=40)\n"
            "sys.exit(playshots.main(['--out', %r, '--only', 'alheimur-sel-pass.png']))\n"
            % str(tmp_path))
    p = _run("-c", code)
    assert p.returncode == 1, (p.stdout, p.stderr[-2000:])
    assert "FAILED alheimur-sel-pass.png: never reached" in p.stderr
    assert not os.listdir(tmp_path)
