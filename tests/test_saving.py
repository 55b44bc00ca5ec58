"""When the shell writes the store (firmware/ui/saving.py), through code.py
in the headless simulator, whose NVM counts every block erase and who made
it (state "erase_log"): the settings once when the launcher is left, a held
d-pad's repeats ignored on Sound and Brightness; the pause menu writes what
is pending at once; a change waits for the wait 30 s after the last write;
a quit writes what is pending."""

import json

from appdriver import run_sim

import store
from ui.saving import GAP

SKY = 0x73
# Launcher rows without a saved game: Alien City, Skyscrapers, Alheimur,
# Sound, Brightness.
TO_LIGHT = "down\ndown\ndown\ndown\n"
TO_SOUND = "down\ndown\ndown\n"


def run(tmp_path, script):
    """(state, the NVM's bytes or None) of a run from a blank NVM."""
    n = len(list(tmp_path.iterdir()))
    state = tmp_path / ("s%d.json" % n)
    nvm = tmp_path / ("n%d.nvm" % n)
    run_sim(script, state=state, nvm=nvm)
    return json.loads(state.read_text()), bytes(nvm.read_bytes()) if nvm.exists() else None


def writers(st):
    """Who made each erase of the run, innermost first."""
    return [who for _t, who in st["erase_log"]]


def test_settings_are_written_once_when_the_launcher_is_left(tmp_path):
    """Brightness held to the right for 2 s (the d-pad repeats about 8 times
    a second): one step, no write; the sound toggled three times: no write;
    then Alien City opened: one write, with the last values."""
    st, nvm = run(tmp_path, TO_LIGHT + "hold right 2000\nwait 300\nup\nright\nright\nright\n"
                  "wait 300\n")
    assert st["nvm_erases"] == 0, writers(st)
    st, nvm = run(tmp_path, TO_LIGHT + "hold right 2000\nwait 300\nup\nright\nright\nright\n"
                  "up\nup\nup\na\nwait 500\n")
    assert st["nvm_erases"] == 1, writers(st)
    assert "launcher.py:run" in writers(st)[0]
    got = store.Store(bytearray(nvm)).get(store.SETTINGS)
    assert got == bytes((0, 4)), got          # sound off (3 toggles), brightness 3 -> 4 once


def test_the_lowest_brightness_is_kept_by_a_held_left(tmp_path):
    """Left held on Brightness: one step down a press, however long held."""
    st, nvm = run(tmp_path, TO_LIGHT + "hold left 3000\nup\nup\nup\nup\na\nwait 500\n")
    assert store.Store(bytearray(nvm)).get(store.SETTINGS)[1] == 2, st["erase_log"]


def test_a_change_waits_for_the_gap_and_the_pause_menu_writes_it(tmp_path):
    """Skyscrapers from a blank NVM: the new game and a slide in the first
    seconds after power-on are not written then (the policy's clock starts
    at boot); opening the pause menu writes them at once; or the wait that
    reaches 30 s after power-on does."""
    from appdriver import sky_goto, sky_open

    from skyscrapers import save
    from skyscrapers.deal import new_game
    from skyscrapers.engine import SLIDE
    from skyscrapers.plays import play_of
    g = new_game(5)
    c, key = next((c, k) for c, k in ((7, "down"), (11, "right"), (13, "left"), (17, "up"))
                  if g.why_not(play_of(SLIDE, c, g.hole)) is None)
    play = "\n".join(sky_open(5) + sky_goto(7, c, g.hole) + [key, "wait 500"]) + "\n"
    st, nvm = run(tmp_path, play)
    assert st["nvm_erases"] == 0, writers(st)
    st, nvm = run(tmp_path, play + "start\nwait 300\n")
    assert st["nvm_erases"] == 1 and "session.py:pause" in writers(st)[0]
    assert save.decode(save.Setup(), store.Store(bytearray(nvm)).game(SKY)[1]).nplays == 1
    st, nvm = run(tmp_path, play + "wait %d\n" % GAP)
    assert st["nvm_erases"] == 1 and "saving.py:tick" in writers(st)[0]
    assert GAP <= st["erase_log"][0][0] < GAP + 200       # 30 s after power-on
    assert save.decode(save.Setup(), store.Store(bytearray(nvm)).game(SKY)[1]).nplays == 1
    # and the next change waits 30 s after that write
    st, nvm = run(tmp_path, play + "wait %d\n" % GAP + "\n".join(
        [{"down": "up", "up": "down", "left": "right", "right": "left"}[key]] * 2)
        + "\nwait 3000\n")
    assert st["nvm_erases"] == 1, writers(st)


def test_no_game_module_marks_its_own_save():
    """The shell marks the save (ui/session.py: at every wait for a press,
    from the engine's ``edits``); no module of a game calls ``autosave``
    or sets the store's ``touched`` (planted in aliencity/app.py, this
    failed)."""
    import ast
    import os

    import paths
    found = []
    for game in ("aliencity", "skyscrapers", "alheimur"):
        top = os.path.join(paths.FIRMWARE, game)
        for name in sorted(os.listdir(top)):
            if not name.endswith(".py"):
                continue
            with open(os.path.join(top, name)) as f:
                tree = ast.parse(f.read())
            found += ["%s/%s:%d %s" % (game, name, n.lineno, n.attr) for n in ast.walk(tree)
                      if isinstance(n, ast.Attribute) and n.attr in ("autosave", "touched")]
    assert found == []
