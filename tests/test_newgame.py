"""The shared new-game screen through the headless simulator (issue 43):
the highlight moves one row as drawn (a dim row too), a row's value
changes with left/right (or A) in every game, Alheimur's seats one row
each, scrolling when they outgrow the screen; and the README's recipe
for three Alheimur players with two `hard` computers, press for press."""

import json

import appdriver
import pygame
from test_app import read_text

from store import Store

ALIEN = "a\nwait 200\n"                     # launcher -> Alien City's new-game screen
ALHEIMUR = "down\ndown\na\nwait 200\n"      # launcher -> Alheimur's


def _run(tmp_path, name, script, nvm=None):
    shot = tmp_path / (name + ".png")
    state = tmp_path / (name + ".json")
    appdriver.run_sim(script, shot=shot, state=state, nvm=nvm)
    return json.loads(state.read_text()), pygame.image.load(str(shot))


def rows(s, n=8):
    """The rows as drawn (12 px apart from y 20, text from x 6)."""
    return [read_text(s, 6, 14 + 12 * i, 24).rstrip() for i in range(n)]


def help_line(s):
    return read_text(s, 4, 115, 26).rstrip()


def _beeps(st):
    return [e["freq"] for e in st["audio"] if e["op"] == "play" and e.get("freq")]


def test_alien_city_rows_move_as_drawn(tmp_path):
    """Up five times from "start" is the fifth row drawn above it, P2 (the
    dim location-bonus row was skipped: P1); on the dim row left/right
    change nothing and say so with the low beep."""
    _st, s = _run(tmp_path, "up5", ALIEN + "up\n" * 5)
    assert rows(s, 7) == ["P1: human", "P2: easy", "rules: standalone", "streets: as written",
                          "location bonus: -", "seed: shuffle", "start a new game"]
    assert help_line(s) == "left/right: who plays P2"
    st, s = _run(tmp_path, "dim", ALIEN + "up\nup\nright\nleft\n")
    assert help_line(s) == "classic: tile values pay"
    assert read_text(s, 6, 14 + 12 * 4, 24).rstrip() == "location bonus: -"
    assert _beeps(st)[-2:] == [180, 180]


def test_alheimur_seats_change_with_left_right_as_alien_city_s(tmp_path):
    """A seat's row: left/right change who plays it, as P1/P2's in Alien
    City; A does what right does (it used to change the seat's player
    while left/right picked the seat)."""
    _st, s = _run(tmp_path, "seat2", ALHEIMUR + "up\nup\nup\nright\n")
    assert rows(s, 6) == ["players: 2 (1 human)", "seat 1 R: human", "seat 2 Y: hard",
                          "round limit: 40", "seed: shuffle", "start a new game"]
    assert help_line(s) == "left/right: who plays Y"
    _st, s = _run(tmp_path, "seat2a", ALHEIMUR + "up\nup\nup\na\n")
    assert rows(s, 3)[2] == "seat 2 Y: hard"
    _st, s = _run(tmp_path, "seat1", ALHEIMUR + "up\nup\nup\nup\nleft\n")
    assert rows(s, 3)[1:] == ["seat 1 R: hard", "seat 2 Y: easy"]     # human <- hard


def test_the_readme_recipe_for_three_players_and_hard_computers(tmp_path):
    """README: "press down once (round to players), right (3 players),
    down twice to seat 2 and right (hard), down and right (seat 3 hard),
    Start": 8 presses from the new-game screen; the game starts with
    those seats."""
    import re

    import paths
    readme = open(paths.ROOT + "/README.md").read()
    recipe = re.search(r"For three players with two `hard` computers: (.*?Start)", readme, re.S)
    assert recipe, "the README's recipe"
    nvm = tmp_path / "alh.nvm"
    presses = "down\nright\ndown\ndown\nright\ndown\nright\nstart\n"
    seed1 = "up\nright\ndown\n"            # seed 1 (a deal the same every run), back on "start"
    _run(tmp_path, "recipe", ALHEIMUR + seed1 + presses + "wait 3000\n" + appdriver.WRITTEN, nvm)
    options = Store(bytearray(nvm.read_bytes())).game(0x68)[0]
    assert options[0] == 3 and options[2:].split(b"\0")[0].split()[:3] == [b"human", b"hard", b"hard"]
    words = recipe.group(1)
    assert "down once" in words and "twice" in words and "`hard`" in words and "Start" in words


def test_alheimur_rows_scroll_with_eight_seats(tmp_path):
    """Eight seats: 13 rows, 8 drawn; a mark at the edge where more are
    (v below, ^ above); down to "start" brings it into view."""
    eight = ALHEIMUR + "down\n" + "right\n" * 6      # players: 8
    _st, s = _run(tmp_path, "top", eight)
    shown = rows(s)
    assert shown[0] == "players: 8 (1 human)" and shown[7].startswith("seat 7 C: easy")
    assert shown[7].endswith("v") and not shown[0].endswith("^")
    _st, s = _run(tmp_path, "bottom", eight + "up\n")      # round the top: "start"
    shown = rows(s)
    assert shown[7] == "start a new game" and shown[0].startswith("seat 4 U") and shown[0].endswith("^")
    assert help_line(s) == "A: deal and play, B: back"
    _st, s = _run(tmp_path, "fewer", eight + "left\n" * 5)    # back to 3: no marks
    assert rows(s) == ["players: 3 (1 human)", "seat 1 R: human", "seat 2 Y: easy",
                       "seat 3 G: easy", "round limit: 40", "seed: shuffle", "start a new game", ""]
