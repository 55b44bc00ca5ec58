"""No import cycles anywhere in the tree (the house rule): the shared
checker, ../shared/tools/import_cycles.py, over firmware/, boards/, tools/,
sim/ and tests/ finds none, and it is shown to find one planted in a copy
of tools/. Skips, saying why, where ../shared/tools has no checker."""

import os
import shutil
import subprocess
import sys

import pytest

import paths

SCRIPT = os.path.join(os.path.dirname(paths.ROOT), "shared", "tools", "import_cycles.py")
ROOTS = ("firmware", "boards", "tools", "sim", "tests")

pytestmark = pytest.mark.skipif(not os.path.exists(SCRIPT),
                                reason="no %s beside the repository" % SCRIPT)


def cycles(where, roots=ROOTS):
    r = subprocess.run([sys.executable, SCRIPT, *roots], cwd=where, text=True,
                       capture_output=True, timeout=120)
    return r.returncode, r.stdout + r.stderr


def test_the_tree_has_no_import_cycle():
    code, out = cycles(paths.ROOT)
    assert code == 0 and "0 import cycle(s)" in out, out


def test_a_planted_cycle_is_found(tmp_path):
    """The registry imported back by a module it names (importlib is no
    edge, so the plant is a plain import): the checker must say so."""
    shutil.copytree(os.path.join(paths.ROOT, "tools"), tmp_path / "tools",
                    ignore=shutil.ignore_patterns("__pycache__"))
    assert cycles(tmp_path, ("tools",))[0] == 0
    games = tmp_path / "tools" / "games.py"
    games.write_text(games.read_text() + "\n\ndef _planted():\n    import referee\n")
    code, out = cycles(tmp_path, ("tools",))
    assert code == 1 and "games <-> referee" in out, out
