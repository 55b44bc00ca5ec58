"""The tools' game registry (tools/games.py): every game's row names real
modules with the interface its commands call, the commands take --game
through it for every game, and a game they do not know, or Skyscrapers
(no computer levels) where levels are needed, is refused in one line."""

import importlib
import os
import subprocess
import sys

import games
import pytest

import paths

PY = sys.executable
# What each command calls on a game's module (tools/games.py's TOOLS).
INTERFACE = {
    "referee": ("run", "demo", "demo_options"),
    "engine": ("Session",),
    "arena": ("add_options", "check", "jobs", "play_one", "line", "report", "SECONDS_HELP"),
    "selfplay": ("selfplay_options", "selfplay", "play_game"),
}
# The command line of a short game for each game that has self-play.
SELFPLAY = {"aliencity": ["--seats", "random,easy"],
            "alheimur": ["--players", "2", "--seats", "random,easy", "--rounds", "20"]}


def tool(name, *args, stdin=None):
    return subprocess.run([PY, os.path.join(paths.ROOT, "tools", name), *args], text=True,
                          capture_output=True, input=stdin, timeout=300, cwd=paths.ROOT)


@pytest.mark.parametrize("key", games.NAMES)
def test_a_row_names_real_modules(key):
    g = games.get(key)
    engine = importlib.import_module(g.engine)
    rec = importlib.import_module(g.record)
    assert hasattr(engine, "Game") and all(hasattr(rec, f) for f in ("MAGIC", "read", "replay"))
    assert g.title and g.about          # the launcher's words
    assert g.title == importlib.import_module(g.engine.split(".")[0] + ".app").TITLE
    for t in games.TOOLS:
        if t not in g.modules:
            continue
        mod = g.module(t)
        missing = [f for f in INTERFACE[t] if not hasattr(mod, f)]
        assert not missing, (key, t, missing)


def test_levels_are_the_computer_players_and_skyscrapers_has_none():
    from alheimur import ai as alh
    from aliencity import ai as ac
    assert games.get("aliencity").levels() == tuple(ac.LEVELS)
    assert games.get("alheimur").levels() == tuple(alh.LEVELS)
    sky = games.get("skyscrapers")
    assert sky.levels() == () and sky.alone
    for t in ("engine", "arena", "selfplay"):
        with pytest.raises(games.Refused, match="skyscrapers has no .*played alone"):
            sky.module(t)
        assert games.serving(t) == ("aliencity", "alheimur")
    assert games.serving("referee") == games.NAMES


def test_a_game_object_finds_its_row():
    from alheimur.deal import new_game as alh
    from aliencity.deal import new_game as ac
    from skyscrapers.deal import new_game as sky
    assert games.of(ac(1)).key == "aliencity"
    assert games.of(sky(1)).key == "skyscrapers"
    assert games.of(alh(1, 2, 20)[0]).key == "alheimur"
    with pytest.raises(games.Refused):
        games.of(object())


def test_an_unknown_name_is_refused():
    with pytest.raises(games.Refused, match="unknown game 'chess'"):
        games.get("chess")
    assert games.game_arg(["--a", "x", "--game=alheimur"]) == "alheimur"
    assert games.game_arg(["--game", "a", "--game", "b"], "c") == "b"
    assert games.game_arg([], "c") == "c"


@pytest.mark.parametrize("key", sorted(SELFPLAY))
def test_selfplay_then_referee_then_engine_for_each_game(tmp_path, key):
    """One game through the registry end to end: selfplay writes it, the
    referee checks it (and refuses it as another game's), the engine
    protocol answers a position of it."""
    out = tmp_path / "game.txt"
    r = tool("selfplay.py", "--game", key, *SELFPLAY[key], "--seed", "3", "--out", str(out))
    assert r.returncode == 0 and r.stdout.startswith(key + ":"), r.stderr
    r = tool("referee.py", "check", "--game", key, str(out))
    assert r.returncode == 0 and r.stdout.startswith("ok: "), r.stderr
    other = next(k for k in games.NAMES if k != key)
    r = tool("referee.py", "check", "--game", other, str(out))
    assert r.returncode == 2 and "a record of %s, not of %s" % (key, other) in r.stderr
    part = tmp_path / "part.txt"
    part.write_text("".join(out.read_text().splitlines(True)[:20]))
    r = tool("engine.py", "--game", key, "--level", "easy", "--seconds", "0.2",
             stdin="position %s\ngo\nquit\n" % part)
    assert r.returncode == 0 and r.stdout.startswith("bestmove "), (r.stdout, r.stderr)


@pytest.mark.parametrize("key", games.NAMES)
def test_referee_demo_for_each_game(key):
    r = tool("referee.py", "demo", "--game", key, "--seed", "4")
    assert r.returncode == 0 and games.get(key).title in r.stdout.splitlines()[0], r.stderr


@pytest.mark.parametrize("key", sorted(SELFPLAY))
def test_arena_for_each_game(key):
    extra = ["--players", "2", "--rounds", "20"] if key == "alheimur" else []
    r = tool("arena.py", "--game", key, "--a", "easy", "--b", "random", "--games", "2",
             "--jobs", "1", "--quiet", *extra)
    assert r.returncode == 0 and ("A wins" in r.stdout or "A win share" in r.stdout), r.stderr


@pytest.mark.parametrize("cmd", [
    ("arena.py", "--a", "easy", "--b", "random"),
    ("selfplay.py", "--seats", "easy", "--out", "-"),
    ("engine.py",),
])
def test_skyscrapers_has_no_levels_in_one_line(cmd):
    r = tool(cmd[0], "--game", "skyscrapers", *cmd[1:])
    lines = r.stderr.splitlines()
    assert r.returncode == 2 and r.stdout == "" and len(lines) == 1, r.stderr
    assert lines[0].startswith(cmd[0] + ": skyscrapers has no ") and "played alone" in lines[0]


@pytest.mark.parametrize("cmd", [
    ("arena.py", "--a", "easy", "--b", "random"),
    ("selfplay.py", "--seats", "easy", "--out", "-"),
    ("engine.py",),
    ("referee.py", "demo"),
    ("fuzz_app.py", "--events", "1", "--board", "pybadge"),
])
def test_an_unknown_game_in_one_line(cmd):
    r = tool(cmd[0], *cmd[1:], "--game", "chess")
    assert r.returncode == 2 and r.stderr.splitlines() == [
        "%s: unknown game 'chess' (the games: %s)" % (cmd[0], ", ".join(games.NAMES))], r.stderr
