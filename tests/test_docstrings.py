"""The heap figures run our source without docstrings
(mpylane.without_docstrings), because CircuitPython keeps none while the
MicroPython VM of the tests keeps a module's and a class's docstring as
__doc__. Both halves of that claim are checked here, and the stripping
itself: only docstrings go, lines stay where they were."""

import ast

import cplane
import mpylane
import pytest

import paths  # noqa: F401

SOURCE = '''"""Module doc, long enough not to be interned: 0123456789."""
X = "not a docstring"


class Box:
    """Class doc."""

    def f(self):
        """Method doc,
        on two lines."""
        return X


def g():
    """Only a docstring: the body must still be valid."""


def h():  # a comment after
    y = 1
    """a string after the first statement is not a docstring"""
    return y
'''

PROBE = ('import mod\nprint("MOD", getattr(mod, "__doc__", None))\n'
         'print("CLS", getattr(mod.Box, "__doc__", None))\n')


def test_only_docstrings_go_and_lines_stay():
    out = mpylane.without_docstrings(SOURCE)
    assert len(out.splitlines()) == len(SOURCE.splitlines())
    assert "doc" not in out.replace("a docstring", "")
    assert '"not a docstring"' in out and "is not a docstring" in out
    assert out.splitlines()[10] == "        return X"   # same line as before
    tree = ast.parse(out)
    assert [n.name for n in tree.body if isinstance(n, (ast.ClassDef, ast.FunctionDef))] == [
        "Box", "g", "h"]
    ns = {}
    exec(compile(out, "mod", "exec"), ns)
    assert ns["Box"]().f() == "not a docstring" and ns["g"]() is None and ns["h"]() == 1


def test_every_firmware_file_still_compiles_without_docstrings():
    for rel, text in mpylane.firmware_files(docstrings=False).items():
        compile(text, rel, "exec")


def test_the_micropython_vm_keeps_docstrings():
    mpylane.require_or_skip()
    out = mpylane.run_ok(PROBE, files={"mod.py": SOURCE})
    assert "MOD Module doc" in out and "CLS Class doc." in out


def test_circuitpython_keeps_none():
    if not cplane.available():
        pytest.skip("CircuitPython lane unavailable: " + cplane.why_unavailable())
    out = cplane.run_ok(PROBE, files={"mod.py": SOURCE})
    assert "MOD None" in out and "CLS None" in out
