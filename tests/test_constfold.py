"""tools/constfold.py: what a .py deploy writes to the board, our private
const() names folded into their values (fewer names interned by the
board's compiler); the code must do exactly what the repository's does."""

import ast
import importlib
import re

import constfold
import cplane
import mpylane
import pytest

import paths

SRC = '''"""Doc."""
from micropython import const

PUBLIC = const(7)               # importable: stays a name
_A = const(3)   # a comment (it goes with the line)
_B = const(1 << 4)
_C = const((_B << 1) - _A)
_D = const(-(1 << 29))
_LOCAL = const(9)               # bound again below: left alone


def f(x, obj):
    s = "_A stays in a string"  # and _A in a comment
    obj._A = _A                 # an attribute of the same name stays
    return x + _A + _B * _C + _D + PUBLIC + obj._A + len(s)


def g(_LOCAL=1):
    return _LOCAL + 1
'''


def test_fold_replaces_each_private_constant_and_keeps_the_lines():
    out = constfold.fold(SRC)
    assert out.count("\n") == SRC.count("\n")                        # tracebacks' line numbers
    assert not re.search(r"^_[ABCD] = const", out, re.M)
    assert "PUBLIC = const(7)" in out and "_LOCAL = const(9)" in out
    assert "return x + 3 + (1 << 4) * (((1 << 4) << 1) - 3) + (-(1 << 29)) + PUBLIC" in out
    assert '"_A stays in a string"' in out and "# and _A in a comment" in out
    assert "obj._A = 3" in out
    ns_in, ns_out = {"const": lambda v: v}, {"const": lambda v: v}
    src = SRC.replace("from micropython import const\n", "\n")
    exec(compile(src, "src", "exec"), ns_in)
    exec(compile(constfold.fold(src), "out", "exec"), ns_out)

    class Obj:
        pass

    assert ns_in["f"](5, Obj()) == ns_out["f"](5, Obj())
    assert ns_out["g"]() == 2


def test_nothing_to_fold_or_no_python_leaves_the_text_as_it_is():
    for text in ("x = 1\n", "def broken(:\n", "_X = const(1)\n_X = 2\n"):
        assert constfold.fold(text) == text


def test_every_module_folds_to_python_with_the_same_lines():
    files = mpylane.firmware_files() | {"boards/" + k: v for k, v in
                                         mpylane.firmware_files("boards").items()}
    folded = 0
    for rel, text in files.items():
        out = constfold.fold(text)
        assert out.count("\n") == text.count("\n"), rel
        ast.parse(out, rel)
        left = re.findall(r"^(_\w+) = const\(", out, re.M)
        assert not left, (rel, left)          # none of ours is bound twice
        folded += len(re.findall(r"^_\w+ = const\(", text, re.M))
    assert folded > 300


def test_deploy_writes_the_folded_files():
    import deploy

    bundle, _libs = deploy.build_bundle("pybadge")
    store = bundle["store_load.py"].decode()
    with open(paths.FIRMWARE + "/store_load.py") as f:
        source = f.read()
    assert "_FAR = const(64)" in source and "if ln > _FAR:" in source
    assert "_FAR = const" not in store and "if ln > 64:" in store
    assert store == constfold.fold(source) and store.count("\n") == source.count("\n")


@pytest.mark.parametrize("engine", cplane.ENGINES, ids=[e[0] for e in cplane.ENGINES])
def test_the_folded_engines_play_as_the_repository(engine):
    """Each engine's first seeded game in the MicroPython VM from the
    folded files equals CPython's from the repository's."""
    mpylane.require_or_skip()
    _pkg, _mods, modname = engine
    mod = importlib.import_module(modname)
    seed = mod.SEEDS[0]
    files = mpylane.firmware_files(deployed=True)
    files.update(cplane.tool_files("seeded", "seeded_alheimur", modname))
    out = mpylane.run_ok("import %s as g\nprint(g.game(%r))\n" % (modname, seed), files=files,
                         fixed_heap=False, timeout=300)
    assert out.strip("\n") == mod.game(seed).strip("\n")
