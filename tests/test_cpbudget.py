"""tools/cpbudget.py: the heap a game has on a PyBadge or a PyGamer, from
CircuitPython's source. Needs clones of adafruit/circuitpython and
espressif/tlsf (the environment's CIRCUITPYTHON_GIT and TLSF_GIT) and gcc
with 32-bit support; skips, saying why, without them."""

import os
import subprocess

import cpbudget
import cplane
import pytest

import paths  # noqa: F401


def _sources():
    git, tlsf = os.environ.get("CIRCUITPYTHON_GIT"), os.environ.get("TLSF_GIT")
    if not (git and tlsf and os.path.isdir(git) and os.path.isdir(tlsf)):
        pytest.skip("set CIRCUITPYTHON_GIT and TLSF_GIT to clones of adafruit/circuitpython "
                    "and espressif/tlsf")
    probe = subprocess.run(["gcc", "-m32", "-x", "c", "-", "-o", os.devnull],
                           input="int main(void){return 0;}", capture_output=True, text=True)
    if probe.returncode != 0:
        pytest.skip("gcc cannot build 32-bit programs (Debian: gcc-multilib)")
    return cpbudget.Source(git, "HEAD"), tlsf


@pytest.fixture(scope="module")
def pybadge():
    src, tlsf = _sources()
    return cpbudget.budget(src, "pybadge", tlsf, 98304)


def test_the_parts_add_up_to_the_port_heap(pybadge):
    b = pybadge
    assert b["pool"] == 158780      # the README's layout: _ebss to the stack's limit
    parts = (b["tlsf_control"] + 8 + b["held"] + b["takes"]["pystack"] + b["heap_take"]
             + b["areas_takes"] + b["free_left"])
    assert abs(parts - b["pool"]) <= 4      # TLSF's first block starts a header early
    assert 140_000 < b["total_pool"] < b["pool"]


def test_the_first_areas_hold_what_circuitpythons_own_gc_gives():
    """The simulator's copy of gc_setup_area against CircuitPython's own
    py/gc.c: the 32-bit VM's gc_init over a heap of the same size."""
    src, tlsf = _sources()
    if not cplane.available32():
        pytest.skip("CircuitPython 32-bit VM unavailable: " + cplane.why_unavailable32())
    for size in (8192, 16432, 65536):
        out = subprocess.run([str(cplane.vm32()), "-X", "heapsize=%d" % size, "-c",
                              "import micropython\nmicropython.mem_info()"],
                             capture_output=True, text=True, check=True).stdout
        vm = int(out.split("GC: total:")[1].split(",")[0])
        # the VM's heap is a malloc()'ed block, 16-byte aligned: pad until
        # the simulated one is too
        for pad in range(4, 68, 4):
            sim, _ = cpbudget.run_sim(["pool 200000 0", "m pad %d" % pad, "m h %d" % size,
                                       "gc h", "fill 0 16"], tlsf, src)
            at = int(next(ln for ln in sim.splitlines() if ln.startswith("m h ")).split()[4])
            if at % 16 == 0:
                break
        area = next(ln.split() for ln in sim.splitlines() if ln.startswith("area 0 "))
        assert int(area[7]) == vm, (size, sim)
