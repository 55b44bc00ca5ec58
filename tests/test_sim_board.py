"""The simulator's board, as on the boards: the pin names and aliases of
CircuitPython's pins.c (read here from circuitpython-stubs' board definitions,
typings/<board>/board.pyi, which `make types` keeps equal to the pinned
stubs), pins taken under one name taken under all."""

import importlib
import os
import re
import sys

import pytest

import paths

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
if paths.ROOT not in sys.path:
    sys.path.append(paths.ROOT)   # the `boards` package

import _simhost

# Simulated board kind -> the CircuitPython build it runs (its stub file).
BUILDS = {"pybadge": "pybadge", "pybadge-lc": "pybadge", "edgebadge": "pybadge",
          "pygamer": "pygamer"}
PIN_LINE = re.compile(r"^(\w+): microcontroller\.Pin  # (P[A-Z]\d\d)$")


def stub_pins(build):
    """[(name, port pin)] in the stub's (pins.c's) order."""
    path = os.path.join(paths.ROOT, "typings", build, "board.pyi")
    with open(path) as f:
        pins = [m.groups() for m in map(PIN_LINE.match, f.read().splitlines()) if m]
    assert len(pins) > 40, path
    return pins


@pytest.fixture
def sim_board():
    import board

    def use(name):
        _simhost.configure(name)
        _simhost.reset_hardware()
        importlib.reload(board)
        return board

    yield use
    use("pybadge")


def pin_names(board):
    import microcontroller

    return {n for n in dir(board) if isinstance(getattr(board, n), microcontroller.Pin)}


def alias_groups(pairs):
    groups = {}
    for name, key in pairs:
        groups.setdefault(key, set()).add(name)
    return sorted(sorted(g) for g in groups.values())


@pytest.mark.parametrize("kind", sorted(BUILDS))
def test_pin_names_and_aliases_match_the_board(sim_board, kind):
    board = sim_board(kind)
    want = stub_pins(BUILDS[kind])
    assert pin_names(board) == {n for n, _ in want}
    # Names on one port pin are one object; names on two ports are two.
    assert alias_groups((n, id(getattr(board, n))) for n in pin_names(board)) == \
        alias_groups(want)
    for name, port in want:
        assert getattr(board, name)._port == port
    assert board.board_id == BUILDS[kind]


def test_stand_in_tables_are_the_stubs():
    assert list(_simhost.PYBADGE_PINS) == stub_pins("pybadge")
    assert list(_simhost.PYGAMER_PINS) == stub_pins("pygamer")
    with open(os.path.join(paths.ROOT, "typings", "pygamer", "board.pyi")) as f:
        assert " - board_id: pygamer\n" in f.read()


def test_the_pins_the_issue_named(sim_board):
    board = sim_board("pybadge")
    assert board.LIGHT is board.A7 and board.LIGHT is not board.A6
    assert board.D8 is board.NEOPIXEL and board.D2 is board.A8 and board.A0 is board.SPEAKER
    assert not hasattr(board, "L") and not hasattr(board, "JOYSTICK_X")
    assert repr(board.NEOPIXEL) == "board.D8"     # CircuitPython prints the first name
    board = sim_board("edgebadge")
    assert not [n for n in dir(board) if n.startswith("MICROPHONE")]
    board = sim_board("pygamer")
    assert board.SD_CS is board.D4 and board.JOYSTICK_X is not board.TFT_CS
    board = sim_board("pybadge")                  # and back: the stick is gone again
    assert not hasattr(board, "JOYSTICK_X") and not hasattr(board, "SD_CS")


def test_a_pin_taken_through_an_alias_is_in_use(sim_board):
    board = sim_board("pybadge")
    import digitalio
    import neopixel

    d8 = digitalio.DigitalInOut(board.D8)
    with pytest.raises(ValueError, match="^D8 in use$"):
        neopixel.NeoPixel(board.NEOPIXEL, 5)
    d8.deinit()
    neopixel.NeoPixel(board.NEOPIXEL, 5).deinit()
    import audioio

    speaker = audioio.AudioOut(board.SPEAKER)
    with pytest.raises(ValueError, match="^A0 in use$"):
        digitalio.DigitalInOut(board.A0)
    speaker.deinit()
    digitalio.DigitalInOut(board.A0).deinit()


def test_the_display_holds_its_pins(sim_board):
    board = sim_board("pygamer")
    import digitalio

    for name in ("TFT_CS", "TFT_DC", "TFT_RST", "TFT_LITE", "TFT_MOSI", "TFT_SCK"):
        with pytest.raises(ValueError, match="^%s in use$" % name):
            digitalio.DigitalInOut(getattr(board, name))
    # The PyBadge's TFT_CS is the PyGamer's JOYSTICK_X, which is free there.
    digitalio.DigitalInOut(board.JOYSTICK_X).deinit()
