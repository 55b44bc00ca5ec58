"""The type check (make types) is live: code that calls what CircuitPython's
displayio or the board does not have fails it, in a temporary copy of the
firmware checked with the repository's own configuration and venv."""

import json
import os
import shutil
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TYPES_VENV = os.path.join(ROOT, ".venv-types")
CHECKER = os.path.join(TYPES_VENV, "bin", "basedpyright")

# Appended to a copy of firmware/prng.py; each line marked "# bad: WORD"
# must get exactly one error naming WORD, and no other line any.
PROBE = '''

def _typecheck_probe():
    import board
    import displayio

    group = displayio.Group()
    board.DISPLAY.root_group = group
    board.DISPLAY.show(group)  # bad: show
    bitmap = displayio.Bitmap(8, 8, 2)
    bitmap.fill(1)
    bitmap.blit(0, 0, bitmap)  # bad: blit
    group.append(displayio.TileGrid(bitmap, pixel_shader=displayio.Palette(2)))
    displayio.FourWire(None, command=None)  # bad: FourWire
    return board.JOYSTICK_X  # bad: JOYSTICK_X
'''


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    if not os.path.exists(CHECKER):
        pytest.fail("no .venv-types: run `make types` (make test does) to set up the type check")
    tmp = tmp_path_factory.mktemp("types")
    shutil.copy(os.path.join(ROOT, "pyproject.toml"), tmp)
    for d in ("firmware", "boards", "typings"):
        shutil.copytree(os.path.join(ROOT, d), tmp / d,
                        ignore=shutil.ignore_patterns("__pycache__"))
    os.symlink(TYPES_VENV, tmp / ".venv-types")
    with open(tmp / "firmware" / "prng.py", "a") as f:
        f.write(PROBE)
    return tmp


def check(project, *args):
    out = subprocess.run([CHECKER, "--outputjson", *args], cwd=project,
                         capture_output=True, text=True, timeout=300)
    report = json.loads(out.stdout)
    errors = {}
    for d in report["generalDiagnostics"]:
        assert d["file"].endswith(os.path.join("firmware", "prng.py")), d
        if d["severity"] == "error":
            errors.setdefault(d["range"]["start"]["line"] + 1, []).append(d)
    return out.returncode, errors


def bad_lines(path):
    with open(path) as f:
        return {n: line.split("# bad: ")[1].strip()
                for n, line in enumerate(f, 1) if "# bad: " in line}


def test_pybadge_check_fails_on_what_circuitpython_lacks(project):
    rc, errors = check(project, "firmware/prng.py")
    want = bad_lines(project / "firmware" / "prng.py")
    assert rc == 1
    assert sorted(errors) == sorted(want), errors
    for line, word in want.items():
        (err,) = errors[line]
        assert word in err["message"], err
    assert errors[min(want)][0]["rule"] == "reportAttributeAccessIssue"


def test_pygamer_check_knows_the_stick(project):
    rc, errors = check(project, "-p", "typings/pygamer.json", "firmware/prng.py")
    want = bad_lines(project / "firmware" / "prng.py")
    assert rc == 1
    assert sorted(errors) == sorted(n for n, w in want.items() if w != "JOYSTICK_X"), errors


def test_only_targeted_ignores_count(project):
    path = project / "firmware" / "prng.py"
    text = path.read_text()
    path.write_text(text.replace("# bad: show", "# type: ignore  # bad: show")
                    .replace("# bad: blit", "# pyright: ignore  # bad: blit")
                    .replace("# bad: FourWire", "# pyright: ignore[reportAttributeAccessIssue]"))
    try:
        rc, errors = check(project, "firmware/prng.py")
    finally:
        path.write_text(text)
    want = bad_lines(path)
    # A bare type: ignore is not honoured; a bare pyright: ignore is an error
    # of its own; only the targeted one hides its line.
    assert rc == 1
    assert sorted(errors) == sorted(n for n, w in want.items() if w != "FourWire"), errors
