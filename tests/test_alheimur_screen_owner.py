"""Issue 42, item 4: Alheimur's play screen has one owner. The cursor (its
geometry and state) lives in the screen (alheimur/screen.py, its cursor
half in alheimur/cursor.py); a human's turn (alheimur/human.py) asks it
through its methods and never writes one of its members: no assignment,
augmented assignment or deletion of an attribute (or of an item of one)
of the screen, however it is named there (``self.scr``, ``b.scr``, a
local bound to either)."""

import ast
import os

import paths

HUMAN = os.path.join(paths.FIRMWARE, "alheimur", "human.py")


def _is_screen(node, aliases):
    """Is ``node`` the screen: ``scr`` attribute of anything, or a name
    bound to it?"""
    if isinstance(node, ast.Attribute):
        return node.attr == "scr"
    return isinstance(node, ast.Name) and node.id in aliases


def _owner(target):
    """The object whose member ``target`` writes (``x.a = ``, ``x.a[i] = ``,
    ``x.a.b = ``): the innermost base of the attribute chain."""
    node = target
    while isinstance(node, ast.Subscript):
        node = node.value
    if not isinstance(node, ast.Attribute):
        return None
    node = node.value
    while isinstance(node, (ast.Attribute, ast.Subscript)) and not _is_screen(node, ()):
        node = node.value
    return node


def writes_to_screen(text):
    """The line numbers where ``text`` writes a member of the screen."""
    tree = ast.parse(text)
    found = []
    for fn in ast.walk(tree):
        if not isinstance(fn, (ast.FunctionDef, ast.Lambda)):
            continue
        aliases = {"scr"}
        for node in ast.walk(fn):
            if isinstance(node, ast.Assign) and _is_screen(node.value, aliases):
                aliases.update(t.id for t in node.targets if isinstance(t, ast.Name))
        for node in ast.walk(fn):
            if isinstance(node, ast.Assign):
                targets = node.targets
            elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
                targets = [node.target]
            elif isinstance(node, ast.Delete):
                targets = node.targets
            elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                  and node.func.id in ("setattr", "delattr") and node.args):
                if _is_screen(node.args[0], aliases):
                    found.append(node.lineno)
                continue
            else:
                continue
            for t in targets:
                for el in (t.elts if isinstance(t, ast.Tuple) else [t]):
                    base = _owner(el)
                    if base is not None and _is_screen(base, aliases):
                        found.append(node.lineno)
    return sorted(set(found))


def _source():
    with open(HUMAN, encoding="utf-8") as f:
        return f.read()


def test_human_never_writes_the_screens_members():
    assert writes_to_screen(_source()) == []


PLANTED = (
    "    def _planted(self):\n        self.scr.dtile = 3\n",
    "    def _planted(self):\n        scr = self.scr\n        scr.ltab |= 1\n",
    "    def _planted(self, b):\n        b.scr.tdest.x = 4\n",
    "    def _planted(self):\n        view = self.b.scr\n        view.lit[2] = 1\n",
    "    def _planted(self):\n        self.scr.cur, self.scr.view = 0, 1\n",
    "    def _planted(self):\n        setattr(self.scr, 'view', 2)\n",
)


def test_a_planted_write_is_found():
    """Each way of writing a screen member, planted in a copy of human.py's
    HumanTurn, is found on its own line; reading one (``scr.view``) and
    asking one (``scr.step(k)``) pass."""
    text = _source()
    at = text.index("class HumanTurn")
    end = text.index("\n    def ", at)
    lines = text[:end].count("\n") + 1
    for bad in PLANTED:
        planted = text[:end] + "\n\n" + bad + text[end:]
        found = writes_to_screen(planted)
        assert len(found) == 1 and found[0] > lines, (bad, found)
    fine = "    def _planted(self, k):\n        w = self.scr.view\n        self.scr.step(k)\n" \
           "        self.view = w\n"
    assert writes_to_screen(text[:end] + "\n\n" + fine + text[end:]) == []
