import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tools"))
# What only the tests use (the VM lanes' game modules, the referee's fuzzer)
# sits beside them in tests/support/; the commands people run stay in tools/.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "support"))
import paths  # noqa: F401  (puts firmware/ and sim/modules/ on sys.path)

# The firmware drops modules after use (as on the device, for heap) and
# imports them again the next time: thousands of times in some tests.
# CPython then recompiles the source each time unless it may keep bytecode
# in __pycache__ (which a PYTHONDONTWRITEBYTECODE in the environment
# forbids), here and in the simulator runs the tests start. deploy.py and
# the VM lanes never copy __pycache__.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

# `make soak` (SOAK=1) runs the long forms of the tests that have one:
# every byte of every power cut, many more fuzz cases. `make test` runs
# the short forms, which cover the same code on a sample.
SOAK = os.environ.get("SOAK") == "1"


def pytest_configure(config):
    config.addinivalue_line("markers", "soak: long runs, only under `make soak`")


def pytest_collection_modifyitems(config, items):
    if SOAK:
        return
    skip = pytest.mark.skip(reason="a long run: `make soak` runs it")
    for item in items:
        if "soak" in item.keywords:
            item.add_marker(skip)
