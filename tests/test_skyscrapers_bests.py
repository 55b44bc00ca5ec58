"""Skyscrapers' best-score keys (skyscrapers/app.py best_key): variant 1's
deal changed (issue 21), so its bests live under a new key form and a best
kept for the old deal is never read for the new one."""

import os
import sys

import paths

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
if paths.ROOT not in sys.path:
    sys.path.append(paths.ROOT)   # the `boards` package the app imports

import store
from skyscrapers.app import best_key
from skyscrapers.engine import OVER_STACKS, VAR1, VAR2


def old_key(seed, options):
    """The key form before issue 21, for every option."""
    return "sky%d/%d" % (seed, options)


def test_keys_fit_are_distinct_and_variant1_never_takes_an_old_key():
    old = {old_key(seed, o) for seed in range(1000) for o in range(8)}
    new = {}
    for seed in range(1000):
        for o in range(8):
            k = best_key(seed, o)
            assert len(k.encode()) <= store.MAX_KEY and k.isascii()
            assert k not in new, (k, new.get(k), (seed, o))
            new[k] = (seed, o)
            if o & VAR1:
                assert k == "sky%d/%dd2" % (seed, o) and k not in old
            else:           # deals without variant 1 did not change
                assert k == old_key(seed, o)


def test_an_old_variant1_best_is_not_compared_with_the_new_deal():
    nvm = bytearray(8192)       # microcontroller.nvm's size
    s = store.Store(nvm)
    s.set_best(old_key(15, VAR1), 99)               # kept by the old deal
    s.set_best(old_key(15, VAR1 | VAR2), 98)
    s.set_best(old_key(15, 0), 42)
    s.set_best(old_key(15, VAR2 | OVER_STACKS), 41)
    s.save()
    s = store.Store(nvm)
    assert s.best(best_key(15, VAR1)) is None
    assert s.best(best_key(15, VAR1 | VAR2)) is None
    assert s.best(best_key(15, 0)) == 42            # unchanged deals keep theirs
    assert s.best(best_key(15, VAR2 | OVER_STACKS)) == 41
    s.set_best(best_key(15, VAR1), 30)
    s.save()
    s = store.Store(nvm)
    assert s.best(best_key(15, VAR1)) == 30 and s.best(old_key(15, VAR1)) == 99
