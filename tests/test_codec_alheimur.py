"""One codec per game: what Alheimur's engine packs (an action number, a
piece byte, a ship's place and form bytes, a spot) is put together and
taken apart in ``alheimur/actions.py`` alone; everything else calls its
named functions (``kind_of(a)``, ``owner(piece)``, ``marine(form)``, ...).

The check reads the source (Python's ast) of every Alheimur module and of
every tool, test and simulator module that imports Alheimur, and fails on:

- an action's packing: ``>> 11``, ``<< 11``, ``& 0x7FF``;
- the bits of a piece or a ship by name: ``FIGHTER``, ``MARINE``,
  ``INVADER``, ``USED`` (``_FIGHTER`` ..., ``layout.FIGHTER`` ...) in a
  bitwise operation;
- a shift or mask of a piece or ship byte: an operand read from a game's
  ``surf``, ``sl`` or ``sb`` (``g.sl[i] & 15``), from ``piece(...)``, or a
  name bound to one in the same function (``v = g.piece(w, t)`` then
  ``v >> 2 & 7``); and a comparison of such a byte with a value packed by
  hand (``g.sl[i] == loc | q << 4``).

A shift of something else (a tile's column ``tile & 3``, a bit set
``m >> w & 1``) is not such a byte and passes; modules that do not import
Alheimur (the simulator's RGB565 ``>> 11``) are not read.
"""

import ast
import os

import paths

ROOT = paths.ROOT
ALH = os.path.join("firmware", "alheimur")

# The codec, and the engine's own modules: their hot loops (legal actions,
# apply, the AI's search through them) unpack by hand, as each says.
ALLOWED = {
    os.path.join(ALH, "actions.py"): "the codec",
    os.path.join(ALH, "engine.py"): "hot: legal(at), canonical, apply",
    os.path.join(ALH, "build.py"): "hot: world building's legal actions",
    os.path.join(ALH, "turn.py"): "hot: expansion, survival, movement",
    os.path.join(ALH, "battle.py"): "hot: battle's legal actions, shots",
    os.path.join(ALH, "layout.py"): "defines the bits (no operations)",
}
BITS = {"FIGHTER", "MARINE", "INVADER", "USED"}
BYTES = {"surf", "sl", "sb"}
BITWISE = (ast.BitAnd, ast.BitOr, ast.BitXor, ast.RShift, ast.LShift)


def checked_files():
    """Repo-relative paths of every module the rule covers."""
    out = []
    for name in sorted(os.listdir(os.path.join(ROOT, ALH))):
        rel = os.path.join(ALH, name)
        if name.endswith(".py") and rel not in ALLOWED:
            out.append(rel)
    for top in ("tools", "tests", "sim", "boards", "firmware"):
        for dirpath, dirnames, files in os.walk(os.path.join(ROOT, top)):
            dirnames[:] = [d for d in dirnames if d not in ("__pycache__", "alheimur")]
            for name in sorted(files):
                path = os.path.join(dirpath, name)
                rel = os.path.relpath(path, ROOT)
                if name.endswith(".py") and rel != os.path.join("tests", "test_codecs.py"):
                    with open(path, encoding="utf-8") as f:
                        text = f.read()
                    if _imports_alheimur(text):
                        out.append(rel)
    return out


def _imports_alheimur(text):
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("alheimur"):
            return True
        if isinstance(node, ast.Import) and any(a.name.startswith("alheimur") for a in node.names):
            return True
    return False


def _is_bit_name(node):
    name = node.id if isinstance(node, ast.Name) else (
        node.attr if isinstance(node, ast.Attribute) else None)
    return name is not None and name.lstrip("_") in BITS


def _is_byte(node, bound):
    """Is ``node`` a piece or ship byte: g.sl[i], sb[i], g.piece(w, t), or
    a name bound to one?"""
    if isinstance(node, ast.Subscript):
        v = node.value
        return (isinstance(v, ast.Attribute) and v.attr in BYTES) or (
            isinstance(v, ast.Name) and v.id in BYTES)
    if isinstance(node, ast.Call):
        f = node.func
        return isinstance(f, ast.Attribute) and f.attr == "piece"
    if isinstance(node, ast.IfExp):      # v = g.piece(w, t) if t >= 0 else 0
        return _is_byte(node.body, bound) or _is_byte(node.orelse, bound)
    return isinstance(node, ast.Name) and node.id in bound


def _packed(node, packed):
    """Is ``node`` a value packed by hand: a shift, or a name bound to one?"""
    if isinstance(node, ast.Name):
        return node.id in packed
    return any(isinstance(n, ast.BinOp) and isinstance(n.op, (ast.LShift, ast.RShift))
               for n in ast.walk(node))


def _scopes(tree):
    yield tree
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            yield node


def _own_nodes(scope):
    """The nodes of a scope, not those of the functions inside it."""
    todo = list(ast.iter_child_nodes(scope))
    while todo:
        n = todo.pop()
        yield n
        if not isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            todo.extend(ast.iter_child_nodes(n))


def problems(text, rel="<text>"):
    """[(path:line, what)] for each hand-made packing in ``text``."""
    tree = ast.parse(text)
    out = []
    for scope in _scopes(tree):
        nodes = list(_own_nodes(scope))
        bound = set()       # names holding a piece or ship byte
        packed = set()      # names holding a value packed by hand
        for n in nodes:
            if isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(
                    n.targets[0], ast.Name):
                if _is_byte(n.value, ()):
                    bound.add(n.targets[0].id)
                elif isinstance(n.value, ast.BinOp) and _packed(n.value, ()):
                    packed.add(n.targets[0].id)
        for n in nodes:
            where = "%s:%d" % (rel, getattr(n, "lineno", 0))
            if isinstance(n, ast.BinOp) and isinstance(n.op, BITWISE):
                r = n.right
                if isinstance(r, ast.Constant) and r.value == 11 and isinstance(
                        n.op, (ast.RShift, ast.LShift)):
                    out.append((where, "an action's kind by hand (%s 11)"
                                % ("<<" if isinstance(n.op, ast.LShift) else ">>")))
                elif isinstance(r, ast.Constant) and r.value == 0x7FF and isinstance(
                        n.op, ast.BitAnd):
                    out.append((where, "an action's payload by hand (& 0x7FF)"))
                elif _is_bit_name(n.left) or _is_bit_name(r):
                    out.append((where, "a piece's or ship's bit by name"))
                elif _is_byte(n.left, bound) or _is_byte(r, bound):
                    out.append((where, "a piece or ship byte taken apart by hand"))
            elif isinstance(n, ast.Compare) and len(n.comparators) == 1:
                a, b = n.left, n.comparators[0]
                if (_is_byte(a, bound) and _packed(b, packed)) or (
                        _is_byte(b, bound) and _packed(a, packed)):
                    out.append((where, "a ship or piece byte packed by hand"))
    return out


def test_packed_values_are_taken_apart_by_the_codec_only():
    found = []
    for rel in checked_files():
        with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
            found += problems(f.read(), rel)
    assert not found, "\n".join("%s: %s" % p for p in found) + \
        "\n(use alheimur/actions.py's functions)"


def test_the_check_covers_screens_records_tools_and_tests():
    files = set(checked_files())
    for rel in (os.path.join(ALH, "screen.py"), os.path.join(ALH, "record.py"),
                os.path.join(ALH, "words.py"), os.path.join("tools", "referee_alheimur.py"),
                os.path.join("tools", "fuzz_app.py"), os.path.join("tests", "alheimur_positions.py")):
        assert rel in files, rel
    assert not files & set(ALLOWED)
    for name in ("ai.py", "ai_eval.py", "ai_setup.py"):   # the AI too
        assert os.path.join(ALH, name) in files, name


# Each line breaks the rule once, in a function of its own.
MUTATIONS = (
    "def f(a):\n    return a >> 11\n",
    "def f(k, x):\n    return k << 11 | x\n",
    "def f(a):\n    return a & 0x7FF\n",
    "def f(g, i):\n    return g.sl[i] & 15\n",
    "def f(g, i):\n    return g.sl[i] >> 4\n",
    "def f(g, w, t):\n    v = g.piece(w, t)\n    return (v >> 2) & 7\n",
    "def f(g, w, t):\n    v = g.piece(w, t)\n    return v & 3\n",
    "def f(g, i):\n    c = g.sb[i]\n    return (c >> 3) & 3\n",
    "def f(sb, i):\n    return sb[i] & 3\n",
    "def f(g, i):\n    return g.sb[i] & _FIGHTER\n",
    "def f(c):\n    return c & _MARINE\n",
    "def f(L, v):\n    return v & L.INVADER\n",
    "def f(g, i, loc, q):\n    return g.sl[i] == loc | q << 4\n",
    "def f(g, i, loc, q):\n    want = loc | q << 4\n    return g.sl[i] == want\n",
    "def f(g, w, t):\n    v = g.piece(w, t) if t >= 0 else 0\n    return v & 3\n",
)


def test_a_single_hand_made_unpacking_in_a_checked_file_fails():
    """Each mutation, appended to a module the check passes (the play
    screen), is found, on its own line."""
    rel = os.path.join(ALH, "screen.py")
    with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
        clean = f.read()
    assert problems(clean, rel) == []
    lines = clean.count("\n")
    for m in MUTATIONS:
        found = problems(clean + "\n\n" + m, rel)
        assert len(found) == 1, (m, found)
        assert int(found[0][0].rsplit(":", 1)[1]) > lines, (m, found)


def test_other_shifts_pass():
    """Shifts and masks of what is not a piece or ship byte."""
    ok = ("def f(tile):\n    return tile & 3, tile >> 2\n"
          "def g(m, w):\n    return m >> w & 1\n"
          "def h(g, i, v):\n    return g.sl[i] == 255 or g.sb[i] == g.sb[0] or g.sl[i] == v\n"
          "def k(g, a):\n    s = g.subject(a)\n    return s & 1\n")
    assert problems(ok) == []
