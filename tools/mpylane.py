"""The MicroPython lane: run firmware code under the real MicroPython VM.

The VM is the WebAssembly build from npm (@micropython/micropython-webassembly-
pyscript, pinned in package.json), driven by tools/mpy_run.mjs under Node.
Each run() is a fresh VM: the firmware files are copied to the VM's "/" (as on
the CIRCUITPY drive, "/" is on sys.path), then the script runs as __main__.

    import mpylane
    out = mpylane.run_ok("import aliencity.engine as e; print(e.__name__)")

Memory and stack are set like the board (a SAMD51 running CircuitPython):
- heapsize=130 KB, fixed: the VM's heap would otherwise grow on demand, so
  mpy_run.mjs pins it and a too-big program gets MemoryError. Catch: this VM
  only frees garbage when the script returns to JavaScript, so within one run
  garbage counts against the heap too (stricter than the board). A top-level
  `gc.collect(); await asyncio.sleep(0)` in the script is a collection point;
  fixed_heap=False lifts the cap for tests that are about rules, not memory.
  gc.mem_free() includes the 128 MiB the VM would like to grow into; use
  gc.mem_alloc() or micropython.mem_info() ("GC: total").
- pystack=1536 bytes: CircuitPython's default CIRCUITPY_PYSTACK_SIZE. Python
  frames live on that stack in both VMs and mp_obj_t is 4 bytes in both, so
  recursion runs out at about the same depth ("RuntimeError: pystack
  exhausted"); the VM option counts words, mpy_run.mjs converts.

Timing inside the VM: time.ticks_ms/ticks_us/ticks_diff/ticks_add, time.time
and time.time_ns exist but all tick in whole milliseconds (ticks_cpu is always
0; no time.monotonic). For finer timing: `import lane; lane.ticks_us()`.
"""

import base64
import json
import os
import shutil
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
RUNNER = REPO / "tools" / "mpy_run.mjs"
PACKAGE = (REPO / "node_modules" / "@micropython"
           / "micropython-webassembly-pyscript" / "micropython.mjs")

HEAPSIZE = 130 * 1024   # free heap of the board

# Script lines for import-heap figures: intern 200 names first, so that the
# VM's qstr pool takes its step at about 620 names (+4.5 KB at once) here,
# as in the app (over 1,000 names when such modules load), and not inside
# whichever module's figure happens to cross it.
def past_qstr_step(n=200):
    """The padding's script lines, n names (a script whose own modules
    intern fewer names than the app's needs more to pass the step first)."""
    return """class _Pad:
    pass
for i in range(%d):
    setattr(_Pad, "pad%%d" %% i, 0)
del _Pad
""" % n


PAST_QSTR_STEP = past_qstr_step()
# Alheimur's engine in play interns about 40 names fewer since its action
# numbers moved to alheimur/layout.py: 300 names put the step before world
# building's figure again (the bench's and tests/test_alheimur_mpy.py's).
ALH_PAD = 300
PYSTACK = 1536          # bytes; CircuitPython's CIRCUITPY_PYSTACK_SIZE
# mpy_run.mjs runs V8's collector and the proxies' finalizers itself at every
# `await`, so that a script's heap figures do not depend on the host's load.
NODE_FLAGS = ("--expose-gc", "--harmony-weak-refs-with-cleanup-some")
# For timing: V8 first runs the VM's WebAssembly from a quick baseline
# compile and optimises its hot functions later, so the VM gets about twice
# as fast during its first second or two. Without that baseline the speed
# is the optimised one from the start (tools/boardtime.py).
STEADY = ("--no-liftoff", "--no-wasm-lazy-compilation")


def firmware_files(root="firmware", docstrings=True, deployed=False):
    """Every *.py under root (relative to the repo unless absolute), as
    {"pkg/mod.py": text}, the paths the device sees. docstrings=False:
    each file as CircuitPython compiles it, its docstrings left out (see
    without_docstrings). deployed: as tools/deploy.py writes it to a
    board, its private const() names folded in (tools/constfold.py)."""
    base = Path(root)
    if not base.is_absolute():
        base = REPO / base
    files = {}
    for path in sorted(base.rglob("*.py")):
        rel = path.relative_to(base)
        if "__pycache__" in rel.parts:
            continue
        text = path.read_text(encoding="utf-8")
        if deployed:
            import constfold
            text = constfold.fold(text)
        files[rel.as_posix()] = text if docstrings else without_docstrings(text)
    return files


def without_docstrings(text):
    """text with every module, class and function docstring replaced by
    `pass` (line numbers kept). CircuitPython builds without doc strings
    (MICROPY_ENABLE_DOC_STRING 0: no __doc__ is kept), while this VM keeps
    a module's and a class's docstring as __doc__ on the heap; heap figures
    meant for the board measure the source this way."""
    import ast

    lines = text.splitlines(True)
    spans = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if (body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
                    and isinstance(body[0].value.value, str)):
                spans.append(body[0])
    for d in sorted(spans, key=lambda n: n.lineno, reverse=True):
        first = lines[d.lineno - 1].encode("utf-8")
        last = lines[d.end_lineno - 1].encode("utf-8")
        joined = (first[:d.col_offset] + b"pass" + last[d.end_col_offset:]).decode("utf-8")
        lines[d.lineno - 1:d.end_lineno] = [joined] + ["\n"] * (d.end_lineno - d.lineno)
    return "".join(lines)


def _node():
    return shutil.which("node")


def available():
    """True when node and the npm package are installed."""
    return _node() is not None and PACKAGE.is_file() and RUNNER.is_file()


def why_unavailable():
    if _node() is None:
        return "node is not on PATH"
    if not PACKAGE.is_file():
        return f"{PACKAGE} is missing; run `npm ci` in {REPO} (or `make test`)"
    if not RUNNER.is_file():
        return f"{RUNNER} is missing"
    return ""


def require_or_skip():
    """For tests: skip with a clear reason when the lane is missing, but fail
    under CI (env CI set), where a missing lane must not pass silently."""
    if available():
        return
    import pytest
    msg = "MicroPython lane unavailable: " + why_unavailable()
    if os.environ.get("CI"):
        pytest.fail(msg + " (CI is set, so this is an error)")
    pytest.skip(msg)


def run(script, files=None, heapsize=HEAPSIZE, timeout=120, pystack=PYSTACK,
        fixed_heap=True, node_flags=()):
    """Run script under MicroPython; returns subprocess.CompletedProcess with
    text .stdout, .stderr and .returncode (0 ok, 1 the script raised, 2 the
    lane itself failed). files defaults to firmware_files(); a value that
    is bytes is written as such (a .mpy file), text as UTF-8. node_flags:
    more flags for node (timing runs pass STEADY)."""
    if not available():
        raise RuntimeError("MicroPython lane unavailable: " + why_unavailable())
    if files is None:
        files = firmware_files()
    files = {rel: {"b64": base64.b64encode(data).decode("ascii")}
             if isinstance(data, bytes) else data for rel, data in files.items()}
    request = {"files": files, "script": script, "heapsize": heapsize,
               "pystack": pystack, "fixed_heap": fixed_heap}
    return subprocess.run(
        [_node(), *NODE_FLAGS, *node_flags, str(RUNNER)], input=json.dumps(request), text=True,
        encoding="utf-8", capture_output=True, timeout=timeout, cwd=REPO)


def run_ok(script, **kw):
    """run(); raise AssertionError carrying the VM's stderr unless it
    succeeded; return stdout."""
    r = run(script, **kw)
    if r.returncode != 0:
        raise AssertionError(
            f"MicroPython run failed (exit {r.returncode}):\n{r.stderr}"
            + (f"\n--- stdout ---\n{r.stdout}" if r.stdout else ""))
    return r.stdout
