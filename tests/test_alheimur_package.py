"""The Alheimur package as its map (alheimur/__init__.py) says: every module
is on the map, and the rules side imports nothing of the shell or the
hardware (records and the referee run it without a display)."""

import ast
import os
import re

import paths

ALH = os.path.join(paths.FIRMWARE, "alheimur")
RULES = ("engine", "actions", "layout", "world", "build", "turn", "battle", "scoring",
         "deck", "deal", "reasons", "words", "record")


def _modules():
    return sorted(n[:-3] for n in os.listdir(ALH) if n.endswith(".py") and n != "__init__.py")


def _map():
    with open(os.path.join(ALH, "__init__.py"), encoding="utf-8") as f:
        return f.read()


def test_every_module_is_on_the_map():
    text = _map()
    on_map = set(re.findall(r"\b(\w+)\.py\b", text))
    missing = [m for m in _modules() if m not in on_map]
    assert not missing, missing
    assert not on_map - set(_modules()) - {"session"}, on_map - set(_modules())


def test_the_rules_import_no_shell_and_no_hardware():
    for m in RULES:
        with open(os.path.join(ALH, m + ".py"), encoding="utf-8") as f:
            tree = ast.parse(f.read())
        for node in ast.walk(tree):
            names = ([node.module or ""] if isinstance(node, ast.ImportFrom)
                     else [a.name for a in node.names] if isinstance(node, ast.Import) else [])
            for name in names:
                top = name.split(".")[0]
                assert top not in ("ui", "boards", "displayio", "terminalio", "board"), (m, name)
                if top == "alheimur" and name != "alheimur":
                    assert name.split(".")[1] in RULES, (m, name)
                if isinstance(node, ast.ImportFrom) and name == "alheimur":
                    for a in node.names:
                        assert a.name in RULES, (m, a.name)
