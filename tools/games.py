"""The games the tools serve, in one table: each game's engine, records,
computer levels and words, and the module behind each command for it.

A command that takes ``--game`` asks this table for the game's module
(``command``), so no command carries a branch per game, and a game the
command has no meaning for is refused in one line (Skyscrapers is played
alone: it has no computer levels, so no engine protocol, arena or
self-play). The modules are imported only when asked for (an Alien City
command loads none of Alheimur's code).

The words (a game's title and its line in the launcher) are the
launcher's own, read from firmware/launcher.py's GAMES without importing
it (it needs the board's display).
"""

import ast
import importlib
import os
import sys

import paths

# What a command asks a game's module for: referee (check, score, legal,
# demo; tools/referee.py), engine (the text protocol; tools/engine.py),
# arena (matches, tools/arena.py; one game, tools/selfplay.py).
TOOLS = ("referee", "engine", "arena", "selfplay")


class Refused(Exception):
    """A game unknown, or without what a command needs: one line to show."""


class Game:
    """One row of the table.

    key       the name on command lines (``--game KEY``) and the firmware package
    engine    its rules engine's module (firmware/contract.py)
    record    its record module (docs/records.md)
    ai        its computer players' module (``LEVELS``), None when it has none
    baselines desktop-only players the arena and the engine protocol also seat
    alone     why it has no computer levels (None when it has them)
    modules   tool -> the module of tools/ that serves it for this game
    checker   its invariants' class in tools/invariants.py (the fuzzer's)
    """

    def __init__(self, key, engine, record, modules, checker, ai=None, baselines=(),
                 alone=None):
        self.key = key
        self.engine = engine
        self.record = record
        self.ai = ai
        self.baselines = baselines
        self.alone = alone
        self.modules = modules
        self.checker = checker

    @property
    def title(self):
        return words()[self.key][0]

    @property
    def about(self):
        return words()[self.key][1]

    def levels(self):
        """The computer levels the handheld plays, weakest first (() for none)."""
        if self.ai is None:
            return ()
        return tuple(importlib.import_module(self.ai).LEVELS)

    def players(self):
        """Every player a match can seat: the levels, then the baselines."""
        return self.levels() + tuple(self.baselines)

    def module(self, tool):
        """The module of tools/ behind ``tool`` for this game; Refused
        (one line) when the game has none."""
        name = self.modules.get(tool)
        if name is None:
            why = self.alone or "no %s" % tool
            raise Refused("%s has no %s: %s" % (self.key, _WHAT[tool], why))
        return importlib.import_module(name)

    def is_record(self, lines):
        """Does the first line that is not blank or a comment name this game?"""
        magic = importlib.import_module(self.record).MAGIC
        for raw in lines:
            line = raw.split("#", 1)[0].strip()
            if line:
                return line.split()[0].lower() == magic
        return False


_WHAT = {"referee": "referee", "engine": "engine protocol", "arena": "matches",
         "selfplay": "self-play"}
_ALONE = "it is played alone, with no computer levels"

GAMES = (
    Game("aliencity", "aliencity.engine", "aliencity.record",
         {"referee": "referee_aliencity", "engine": "engine_aliencity",
          "arena": "arena_aliencity", "selfplay": "arena_aliencity"},
         "AliencityChecker", ai="aliencity.ai", baselines=("greedy", "exact", "exact2")),
    Game("skyscrapers", "skyscrapers.engine", "skyscrapers.record",
         {"referee": "referee_skyscrapers"}, "SkyChecker", alone=_ALONE),
    Game("alheimur", "alheimur.engine", "alheimur.record",
         {"referee": "referee_alheimur", "engine": "engine_alheimur",
          "arena": "arena_alheimur", "selfplay": "arena_alheimur"},
         "AlhChecker", ai="alheimur.ai", baselines=("exact", "exactg")),
)
NAMES = tuple(g.key for g in GAMES)
_WORDS = {}


def words():
    """key -> (title, one line about it), from the launcher's GAMES."""
    if not _WORDS:
        path = os.path.join(paths.FIRMWARE, "launcher.py")
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read(), path)
        for node in tree.body:
            if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "GAMES":
                for title, key, _tag, about in ast.literal_eval(node.value):
                    _WORDS[key] = (title, about)
        if set(_WORDS) != set(NAMES):
            raise RuntimeError("launcher.py's GAMES name %s, this table %s"
                               % (sorted(_WORDS), sorted(NAMES)))
    return _WORDS


def get(key):
    """The game named ``key``; Refused (one line) for a name it does not know."""
    for g in GAMES:
        if g.key == key:
            return g
    raise Refused("unknown game %r (the games: %s)" % (key, ", ".join(NAMES)))


def serving(tool):
    """The names of the games that have a module for ``tool``."""
    return tuple(g.key for g in GAMES if tool in g.modules)


def of(game):
    """The row of an engine's Game object (by the module its class is in)."""
    mod = type(game).__module__
    for g in GAMES:
        if g.engine == mod:
            return g
    raise Refused("no game's engine is %s" % mod)


def game_arg(argv, default=None):
    """The value of ``--game`` on a command line (its last), or ``default``.
    Read before the parser is built: the game's module adds its options."""
    keys = game_args(argv)
    return keys[-1] if keys else default


def game_args(argv):
    """Every value of ``--game`` on a command line, in order."""
    out = []
    for i, a in enumerate(argv):
        if a == "--game" and i + 1 < len(argv):
            out.append(argv[i + 1])
        elif a.startswith("--game="):
            out.append(a[len("--game="):])
    return out


def known(prog, argv):
    """End the program (one line on stderr, exit status 2) when a ``--game``
    of the command line names no game; else nothing."""
    try:
        for key in game_args(argv):
            get(key)
    except Refused as e:
        sys.stderr.write("%s: %s\n" % (prog, e))
        raise SystemExit(2) from None


def command(prog, tool, argv, default=None):
    """(game, its module for ``tool``) for a command line; an unknown game,
    or one without that tool, ends the program with one line on stderr and
    exit status 2 (argparse's status for a wrong command line)."""
    try:
        key = game_arg(argv, default)
        if key is None:
            raise Refused("which game? --game %s" % "|".join(serving(tool)))
        g = get(key)
        return g, g.module(tool)
    except Refused as e:
        sys.stderr.write("%s: %s\n" % (prog, e))
        raise SystemExit(2) from None
