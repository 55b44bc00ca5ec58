"""A human decision crosses at most tools/trips.LIMIT (8) firmware files
(issue 42, item 5): one scripted decision per game, played through the
real app (code.py in the headless simulator), traced from the press of
the deciding key to the game waiting for the next press. Each case
prints its files in order with their entries (``pytest -s``) and says
its count when it fails."""

import os
import sys
import time

import pytest
import trips

import paths

# Alheimur's trips are mostly its own files (human, screen, app, engine,
# actions, words, world, turn, battle, shot, survival), which other
# branches restructure at the same time: alhscreen (human, screen, cursor,
# since, events), pace (computer, app's pacing).
ALHEIMUR = ("%d files for %s, the shell's part cut; the rest are Alheimur's own (human, "
            "screen, app, the rules' engine, actions, turn, world, battle, words, survival, "
            "shot, and lazy.py by app.py's drop_reasons), restructured on the alhscreen and "
            "pace branches at the same time")


@pytest.fixture(autouse=True)
def _process_as_it_was():
    """The runs are in this process: its clock and the firmware each run
    loaded are put back afterwards (as tests/test_alheimur_app.py does)."""
    clock = (time.monotonic, time.monotonic_ns, time.sleep)
    modules = dict(sys.modules)
    yield
    time.monotonic, time.monotonic_ns, time.sleep = clock
    firmware = (paths.FIRMWARE + os.sep, os.path.join(paths.ROOT, "boards") + os.sep)
    for name, mod in list(sys.modules.items()):
        if name not in modules and (getattr(mod, "__file__", None) or "").startswith(firmware):
            del sys.modules[name]
    sys.modules.update(modules)




@pytest.mark.parametrize("game", [
    "aliencity",
    "skyscrapers",
    pytest.param("alheimur-expand", marks=pytest.mark.xfail(
        strict=True, reason=ALHEIMUR % (12, "a human's expansion (15 before)"))),
    pytest.param("alheimur-shot", marks=pytest.mark.xfail(
        strict=True, reason=ALHEIMUR % (14, "a battle shot (17 before)"))),
])
def test_a_decision_crosses_at_most_eight_files(game):
    trip = trips.trip(game)
    text = "%s: %d files\n%s" % (game, len(trip), "\n".join("  %-36s %d" % t for t in trip))
    print(text)
    assert trip and all(n.startswith(("firmware/", "boards/")) for n, _ in trip)
    assert len(trip) <= trips.LIMIT, text
