"""Tests that run the firmware in their own process (the simulator puts its
virtual clock into ``time``; each run imports a fresh firmware) put the
process back after each test, so later tests and the modules they imported
see it as it was."""

import os
import sys
import time

import paths


def as_it_was():
    """A fixture's body: the clock and the modules kept, then put back."""
    clock = (time.monotonic, time.monotonic_ns, time.sleep)
    modules = dict(sys.modules)
    yield
    time.monotonic, time.monotonic_ns, time.sleep = clock
    firmware = (paths.FIRMWARE + os.sep, os.path.join(paths.ROOT, "boards") + os.sep)
    for name, mod in list(sys.modules.items()):
        if name not in modules and (getattr(mod, "__file__", None) or "").startswith(firmware):
            del sys.modules[name]         # this run's firmware goes
    sys.modules.update(modules)           # the modules imported before come back
