"""The MicroPython lane itself (tools/mpylane.py + tools/mpy_run.mjs).

Each limit is checked from both sides (fails at the device setting, passes
with room), so a lane that silently ran CPython, or ignored a setting, fails.
"""

import re

import mpylane
import pytest

PKG = {"pkg/__init__.py": "", "pkg/mod.py": "X = 41"}

RECURSE = """
def f(n):
    return f(n - 1) + 1 if n else 0
print(f({}))
"""


@pytest.fixture
def lane():
    """mpylane, once the lane is known to be there (skip or, under CI, fail)."""
    mpylane.require_or_skip()
    return mpylane


def test_runs_micropython_not_cpython(lane):
    out = lane.run_ok("import sys\nprint(sys.implementation.name)", files={})
    assert out.strip() == "micropython"


def test_const_from_micropython(lane):
    out = lane.run_ok(
        "from micropython import const\nN = const(7)\nprint(N * 6)", files={})
    assert out.strip() == "42"


def test_files_are_importable(lane):
    out = lane.run_ok("from pkg.mod import X\nprint(X + 1)", files=PKG)
    assert out.strip() == "42"


def test_default_files_are_the_firmware(lane):
    files = lane.firmware_files()
    assert files and all(p.endswith(".py") for p in files)
    some = sorted(files)[0]
    out = lane.run_ok(f"print(len(open({some!r}, 'rb').read()))")
    assert int(out) == len(files[some].encode("utf-8"))


def test_firmware_files_skips_pycache(tmp_path):
    (tmp_path / "a" / "__pycache__").mkdir(parents=True)
    (tmp_path / "a" / "__init__.py").write_text("")
    (tmp_path / "a" / "__pycache__" / "x.py").write_text("junk")
    (tmp_path / "a" / "notes.txt").write_text("not python")
    (tmp_path / "top.py").write_text("T = 1")
    assert mpylane.firmware_files(tmp_path) == {"a/__init__.py": "", "top.py": "T = 1"}


def test_exception_fails_with_traceback(lane):
    r = lane.run("print('before')\nraise ValueError('boom 17')", files={})
    assert r.returncode == 1
    assert r.stdout.strip() == "before"
    assert "ValueError: boom 17" in r.stderr and "Traceback" in r.stderr
    with pytest.raises(AssertionError, match="boom 17"):
        lane.run_ok("raise ValueError('boom 17')", files={})


def test_syntax_error_fails(lane):
    r = lane.run("def f(:\n    pass", files={})
    assert r.returncode == 1 and "SyntaxError" in r.stderr


def test_sys_exit_code(lane):
    assert lane.run("import sys\nsys.exit(3)", files={}).returncode == 3
    assert lane.run("import sys\nsys.exit(0)", files={}).returncode == 0


def test_mem_alloc_counts_an_allocation(lane):
    out = lane.run_ok(
        "import gc\na = gc.mem_alloc()\nb = bytearray(10000)\nprint(gc.mem_alloc() - a)",
        files={})
    assert int(out) >= 10000


def test_default_heap_is_the_boards(lane):
    out = lane.run_ok("import micropython\nmicropython.mem_info()", files={})
    total = int(re.search(r"GC: total: (\d+)", out).group(1))
    assert 120 * 1024 <= total <= lane.HEAPSIZE


def test_deep_recursion_fails_on_device_stack(lane):
    r = lane.run(RECURSE.format(200), files={})
    assert r.returncode != 0
    assert "RuntimeError" in r.stderr and "pystack exhausted" in r.stderr
    # 1536 bytes hold about 35 of these frames; the limit is the setting's
    # (the VM's C stack would stop this function near depth 150 anyway):
    assert lane.run_ok(RECURSE.format(30), files={}).strip() == "30"
    assert lane.run(RECURSE.format(100), files={}).returncode != 0
    assert lane.run_ok(RECURSE.format(100), files={}, pystack=8192).strip() == "100"


def test_small_heap_gives_memory_error(lane):
    script = "b = bytearray(200 * 1024)\nprint(len(b))"
    r = lane.run(script, files={}, heapsize=64 * 1024)
    assert r.returncode != 0 and "MemoryError" in r.stderr
    assert lane.run(script, files={}).returncode != 0  # nor at the board's 130 KB
    assert lane.run_ok(script, files={}, heapsize=1024 * 1024).strip() == str(200 * 1024)


def test_full_heap_reports_instead_of_hanging(lane):
    r = lane.run("l = []\nwhile True:\n    l.append(bytearray(100))", files={},
                    timeout=30)
    assert r.returncode == 1 and "MemoryError" in r.stderr


def test_garbage_is_freed_only_at_gc_points(lane):
    # 1 MB of garbage in 1 KB pieces through the 130 KB heap.
    plain = "for i in range(1000):\n    b = bytearray(1000)\nprint('ok')"
    r = lane.run(plain, files={})
    assert r.returncode == 1 and "MemoryError" in r.stderr
    yielding = ("import asyncio, gc\n"
                "for j in range(10):\n"
                "    for i in range(100):\n"
                "        b = bytearray(1000)\n"
                "    gc.collect()\n"
                "    await asyncio.sleep(0)\n"
                "print('ok')")
    assert lane.run_ok(yielding, files={}).strip() == "ok"
    assert lane.run_ok(plain, files={}, fixed_heap=False).strip() == "ok"


def test_clocks(lane):
    out = lane.run_ok(
        "import time, lane\n"
        "print(all(hasattr(time, n) for n in ('ticks_ms', 'ticks_us', 'ticks_diff', 'ticks_add')))\n"
        "t = lane.ticks_us()\n"
        "time.sleep_ms(5)\n"
        "print(time.ticks_diff(lane.ticks_us(), t))", files={})
    has_ticks, waited = out.split()
    assert has_ticks == "True"
    assert 4000 <= int(waited) < 1_000_000


def test_missing_lane_skips_locally_but_fails_under_ci(monkeypatch, tmp_path):
    monkeypatch.setattr(mpylane, "PACKAGE", tmp_path / "nope.mjs")
    assert not mpylane.available()
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="lane unavailable"):
        mpylane.require_or_skip()
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI is set"):
        mpylane.require_or_skip()


def test_binary_files_arrive_byte_for_byte(lane):
    data = bytes(range(256)) * 3
    out = lane.run_ok("d = open('blob.bin', 'rb').read()\nprint(len(d), d[0], d[255], d[-1])",
                      files={"blob.bin": data})
    assert out.split() == ["768", "0", "255", "255"]
