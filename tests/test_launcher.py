"""The launcher through the headless simulator (issue 43): a Continue row
for every game that has a save, the one saved last on top; brightness
that stops at its ends and whose dimmest level is still readable."""

import json

import appdriver
import pygame
from test_app import near, read_text

from store import Store
from ui import palette

QUIT = "start\nup\na\ndown\na\nwait 300\n"     # pause -> quit -> yes


def _run(tmp_path, name, script, nvm=None, panel=True):
    shot = tmp_path / (name + ".png")
    state = tmp_path / (name + ".json")
    appdriver.run_sim(script, shot=shot, state=state, nvm=nvm, panel=panel)
    return json.loads(state.read_text()), pygame.image.load(str(shot))


def _saved(nvm):
    s = Store(bytearray(nvm.read_bytes()))
    return [chr(t) for t in s.order if s.game(t)[1] is not None]


def three_saves(tmp_path):
    """An NVM file with a game in progress of each game: Alien City
    saved first, then Skyscrapers, Alheimur last (each a new game of seed
    1, the row above "start", quit at once: the quit writes it)."""
    nvm = tmp_path / "three.nvm"
    for i in range(3):
        # past the Continue rows there are (one per game saved so far) to game i
        _run(tmp_path, "make%d" % i, "down\n" * (2 * i) + "a\nwait 300\nup\nright\ndown\na\nwait 1500\n"
             + QUIT, nvm)
    assert _saved(nvm) == ["h", "s", "a"]
    return nvm


def rows(s, n):
    """The launcher's rows as shown (its compact layout: 12 px apart from
    y 20)."""
    return [read_text(s, 14, 14 + 12 * i, 20).rstrip() for i in range(n)]


def test_continue_for_every_saved_game(tmp_path):
    """Three saved games: three Continue rows, the game saved last first;
    each continues its own game; the one continued and left comes to the
    top. (Before, only the game saved last had one: after a Skyscrapers
    game, "Continue Alien City" was gone though its save was kept.)"""
    nvm = three_saves(tmp_path)
    keep = nvm.read_bytes()
    _st, s = _run(tmp_path, "launcher", "wait 100\n", nvm)
    assert rows(s, 8) == ["Continue Alheimur", "Continue Skyscrapers", "Continue Alien City",
                          "Alien City", "Skyscrapers", "Alheimur", "Sound: on", "Brightness: 3/4"]
    assert read_text(s, 4, 115, 20).rstrip() == "A: back to your game"
    # The second row: Skyscrapers' board (its panel), the game as saved.
    _st, s = _run(tmp_path, "sky", "down\na\nwait 500\n", nvm)
    assert read_text(s, 106, 1, 5) == "score"
    # The third: Alien City's board (the cursor's lot, big, on the panel);
    # left again, it is the game saved last.
    nvm.write_bytes(keep)
    _st, s = _run(tmp_path, "ac", "down\ndown\na\nwait 500\n", nvm)
    assert read_text(s, 2, 102, 15) == "continued at bu"
    nvm.write_bytes(keep)
    _run(tmp_path, "ac2", "down\ndown\na\nwait 500\n" + QUIT, nvm)
    assert _saved(nvm) == ["a", "h", "s"]
    _st, s = _run(tmp_path, "after", "wait 100\n", nvm)
    assert rows(s, 3) == ["Continue Alien City", "Continue Alheimur", "Continue Skyscrapers"]


def test_one_saved_game_keeps_the_big_title(tmp_path):
    """One save: one Continue row under the big title, as before."""
    nvm = tmp_path / "one.nvm"
    _run(tmp_path, "make", "a\nwait 300\nup\nright\ndown\na\nwait 1500\n" + QUIT, nvm)
    _st, s = _run(tmp_path, "one", "wait 100\n", nvm)
    assert read_text(s, 14, 27, 19) == "Continue Alien City"
    assert read_text(s, 14, 27 + 13, 10) == "Alien City"


def _beeps(st):
    return [e["freq"] for e in st["audio"] if e["op"] == "play" and e.get("freq")]


def test_brightness_stops_at_its_ends(tmp_path):
    """Left from 1/4 stays at 1/4 (it wrapped to 4/4), right from 4/4 stays
    at 4/4, each with the low beep of a refusal."""
    down = "down\n" * 4                        # past the games and Sound
    st, s = _run(tmp_path, "low", down + "left\nleft\nleft\n")
    assert read_text(s, 14, 92, 15) == "Brightness: 1/4"
    assert st["backlight"] == 0.5 and _beeps(st)[-1] == 180
    st, s = _run(tmp_path, "lowest", down + "left\nleft\n")
    assert read_text(s, 14, 92, 15) == "Brightness: 1/4" and 180 not in _beeps(st)
    st, s = _run(tmp_path, "high", down + "right\nright\n")
    assert read_text(s, 14, 92, 15) == "Brightness: 4/4"
    assert st["backlight"] == 1.0 and _beeps(st)[-1] == 180
    st, s = _run(tmp_path, "a", down + "a\na\n")      # A goes up, and stops too
    assert read_text(s, 14, 92, 15) == "Brightness: 4/4"


def contrast(rgb):
    """WCAG's contrast ratio of an sRGB colour against black."""
    def lin(v):
        v /= 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (lin(v) for v in rgb)
    return (0.2126 * r + 0.7152 * g + 0.0722 * b + 0.05) / 0.05


def test_the_dimmest_level_is_readable(tmp_path):
    """At 1/4, as the screen is shown (the backlight dims its light), the
    launcher's text keeps WCAG's 4.5:1 against its black ground and the
    grey help line 3:1 (at the old quarter duty, shown as it lights, the
    grey was 2.1:1)."""
    script = "down\n" * 4 + "left\nleft\n"
    _st, panel = _run(tmp_path, "panel", script)
    _st, shown = _run(tmp_path, "shown", script, panel=False)
    assert read_text(panel, 14, 92, 15) == "Brightness: 1/4"
    want = {palette.TEXT: 4.5, palette.DIM: 3.0}
    seen = {}
    for y in range(128):
        for x in range(160):
            c = tuple(panel.get_at((x, y)))[:3]
            for rgb in want:        # the panel's 16-bit colour of it
                if near(c, (rgb >> 16, rgb >> 8 & 255, rgb & 255), 12):
                    seen.setdefault(rgb, []).append(contrast(tuple(shown.get_at((x, y)))[:3]))
    assert set(seen) == set(want)
    for rgb, least in want.items():
        assert min(seen[rgb]) >= least, (hex(rgb), min(seen[rgb]))
