"""The codec rule, read from the source: what an engine packs (a move, a
lot or piece byte, a ship's bytes, a card's place, a register) is taken
apart only by that game's codec (firmware/contract.py; DESIGN.md, "One
codec per engine"). tests/test_codec_rule.py runs it over firmware/,
tools/ and tests/.

It reads every module of a game, or that imports one. A value is judged
by where it comes from, not by the number it is shifted or masked with.
Packed are, in each function:

- a read of an engine's packed arrays (``g.lots[l]``, ``self.hist[i]``,
  ``g.sl[i]``, ``g.wcard[j]`` ...: ``ARRAYS``), also through a name bound
  to the array (``lots = g.lots``) or a parameter named as one (``def
  f(wcard, ...)``);
- what an engine answers packed (``g.piece(w, t)``, ``g.play_at(i)``:
  ``READERS``) and what a codec packs (``act(...)``, ``build(...)``:
  ``PACKERS``);
- a move: an entry of a buffer handed to ``legal()`` anywhere in the module
  (``buf[i]``, ``for m in buf[:n]``, ``moves = sorted(buf[:n])``), a
  computer's choice (``ai.choose(...)``, ``LEVELS[level](...)``), a
  parameter named as a move (``MOVE_NAMES``) or annotated as one, an entry
  of a parameter named as a move buffer (``BUFFER_NAMES``);
- a name assigned any of these, a module function returning one (or a
  list of them), an attribute of the module's objects that is stored one
  (``b.rm = m``); and a sum or a bitwise or of them (a mask or a shift
  takes a value apart: what it gives is no longer packed).

Reported, anywhere but in the codec modules (``CODECS``): a shift or mask
(``>> << & | ^``) with a packed operand; a packed value compared with one
packed by hand; a value packed by hand (a shift or mask) stored into an
engine's array or a move buffer; a bit of Alheimur's state by name
(``FIGHTER``, ``MARINE``, ``INVADER``, ``USED``) in a bitwise operation;
and a read of Alheimur's registers (``g.reg[...]``) outside its engine
modules (``ENGINE``), which answer them through methods.

The engines' hot loops (``HOT``: legal actions, apply, the AI's search
through them) may shift and mask their packed bytes, but only by the
codec's own numbers, copied into them by tools/consts.py (``v >>
_OWNER_AT & _SEAT``): a number of its own there (``v >> 2 & 7``) is
reported. A shift by a variable (a bit set: ``m >> w & 1``, ``1 << w``) is
no field of a packed value and passes there.
"""

import ast
import os

# Each game's codec: the one module that packs and unpacks its bytes.
CODECS = {
    "firmware/aliencity/moves.py": "aliencity",
    "firmware/skyscrapers/plays.py": "skyscrapers",
    "firmware/alheimur/actions.py": "alheimur",
    "firmware/alheimur/deck.py": "alheimur",   # a card's place: world building's
    "firmware/alheimur/packing.py": "alheimur",   # the desktop's (tests, tools)
    "firmware/alheimur/events.py": "alheimur",    # the log's records (since.py reads them)
}
# The packed arrays of the three engines (Alien City: lot bytes, history;
# Skyscrapers: history; Alheimur: registers, surfaces, ships, card places,
# the state and its snapshot; the app's log of what happened).
ARRAYS = {
    "lots", "hist",
    "reg", "surf", "sl", "sb", "wcard", "vgrid", "snap", "st",
    "recs",
}
READERS = {"piece", "play_at"}
PACKERS = {
    # Alien City (aliencity/moves.py)
    "build", "claim", "capped", "uncapped", "built", "entry",
    # Skyscrapers (skyscrapers/plays.py)
    "play_of",
    # Alheimur (alheimur/actions.py)
    "act", "card_act", "piece_act", "migrate", "launch", "ship_act", "ship_loc", "form",
    "spot", "ship_spot", "card_place", "last_reg", "pyramid",
}
CHOOSERS = {"choose", "LEVELS"}
COLLECTORS = {"sorted", "list", "tuple", "set", "reversed", "frozenset"}
MOVE_NAMES = {"m", "mv", "move", "action", "a"}
BUFFER_NAMES = {"buf", "moves", "acts", "plays", "sbuf"}   # a parameter holding moves
MOVE_TYPES = ("Move", "Action", "Play")
BITS = {"FIGHTER", "MARINE", "INVADER", "USED"}
# Alheimur's engine: the modules that keep its registers.
ENGINE = {
    "firmware/alheimur/engine.py", "firmware/alheimur/build.py",
    "firmware/alheimur/turn.py", "firmware/alheimur/battle.py",
}
# The hot loops: each module and the codec whose numbers it may use (with
# Alheimur's layout, which names the bits of its state: INVADER ...).
_ALH = ("firmware/alheimur/actions.py", "firmware/alheimur/layout.py")
HOT = {
    "firmware/aliencity/engine.py": ("firmware/aliencity/moves.py",),
    "firmware/alheimur/engine.py": _ALH,
    "firmware/alheimur/build.py": _ALH + ("firmware/alheimur/deck.py",),
    "firmware/alheimur/turn.py": _ALH,
    "firmware/alheimur/battle.py": _ALH,
    "firmware/alheimur/world.py": ("firmware/alheimur/deck.py",),
}
BITWISE = (ast.BitAnd, ast.BitOr, ast.BitXor, ast.RShift, ast.LShift)
# What a packed value stays through (a mask or a shift takes it apart).
_KEEPS = (ast.Add, ast.Sub, ast.BitOr, ast.BitXor)
_FUNCS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
TOPS = ("firmware", "tools", "tests")


def _name(node):
    """The last name of ``x`` / ``a.b.x`` (None for anything else)."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _own_nodes(scope):
    """The nodes of a scope, not those of the functions and classes in it."""
    todo = list(ast.iter_child_nodes(scope))
    while todo:
        n = todo.pop()
        yield n
        if not isinstance(n, _FUNCS + (ast.ClassDef,)):
            todo.extend(ast.iter_child_nodes(n))


def _scopes(tree):
    yield tree
    for node in ast.walk(tree):
        if isinstance(node, _FUNCS + (ast.ClassDef,)):
            yield node


def _constant_like(name):
    return name.lstrip("_").isupper()


class Module:
    """What one module holds packed, found over the whole module first: its
    move buffers, the attributes, and the functions that return a packed
    value or a list of them."""

    def __init__(self, tree, codec_names=frozenset()):
        self.codec_names = codec_names   # the numbers a hot module may use
        self.buffers = set()     # names handed to legal()
        self.attrs = set()       # attributes assigned a packed value
        self.funcs = set()       # functions returning one
        self.lists = set()       # functions returning a list of them
        for n in ast.walk(tree):
            if isinstance(n, ast.Call) and _name(n.func) == "legal" and n.args:
                b = _name(n.args[0])
                if b:
                    self.buffers.add(b)
        for _ in range(4):      # to a fixpoint (a few rounds do)
            before = (len(self.attrs), len(self.funcs), len(self.lists))
            for scope in _scopes(tree):
                self._learn(scope)
            if before == (len(self.attrs), len(self.funcs), len(self.lists)):
                break

    def _learn(self, scope):
        s = Scope(self, scope)
        fn = isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef))
        for n in _own_nodes(scope):
            if isinstance(n, ast.Assign) and s.packed(n.value):
                self.attrs.update(t.attr for t in n.targets if isinstance(t, ast.Attribute))
            elif fn and isinstance(n, ast.Return) and n.value is not None:
                if s.packed(n.value):
                    self.funcs.add(scope.name)
                elif s.collection(n.value):
                    self.lists.add(scope.name)


class Scope:
    """The names of one function (or module body) that hold packed values."""

    def __init__(self, mod, scope):
        self.mod = mod
        self.names = set()       # names holding a packed value
        self.aliases = set()     # names bound to a packed array or a list of them
        self.regs = set()        # names bound to Alheimur's registers
        if isinstance(scope, _FUNCS):
            args = scope.args
            for a in args.posonlyargs + args.args + args.kwonlyargs:
                ann = a.annotation
                typed = ann is not None and any(t in ast.unparse(ann) for t in MOVE_TYPES)
                if a.arg in MOVE_NAMES or typed:
                    self.names.add(a.arg)
                elif a.arg in BUFFER_NAMES or a.arg in ARRAYS:
                    self.aliases.add(a.arg)
        nodes = list(_own_nodes(scope))
        for _ in range(3):
            for n in nodes:
                self._bind(n)

    def _bind(self, n):
        if isinstance(n, ast.Assign):
            for t in n.targets:
                if isinstance(t, ast.Name):
                    if _name(n.value) == "reg" and isinstance(n.value, ast.Attribute):
                        self.regs.add(t.id)
                    if self.collection(n.value):
                        self.aliases.add(t.id)
                    elif self.packed(n.value):
                        self.names.add(t.id)
        elif isinstance(n, ast.AugAssign) and isinstance(n.target, ast.Name):
            if self.packed(n.value):
                self.names.add(n.target.id)
        elif (isinstance(n, (ast.For, ast.comprehension)) and isinstance(n.target, ast.Name)
              and self.collection(n.iter)):
            self.names.add(n.target.id)

    def array(self, node):
        """Is ``node`` an engine's packed array or a move buffer?"""
        name = _name(node)
        if isinstance(node, ast.Attribute):
            return name in ARRAYS or name in self.mod.buffers
        if isinstance(node, ast.Name):
            return name in self.aliases or name in self.mod.buffers
        return False

    def collection(self, node):
        """Does ``node`` hold packed values (an array, a slice or a list of
        one, a function's list of them)?"""
        if self.array(node):
            return True
        if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Slice):
            return self.collection(node.value)
        if isinstance(node, ast.Call):
            name = _name(node.func)
            if name in COLLECTORS:
                return any(self.collection(x) for x in node.args)
            return name in self.mod.lists
        if isinstance(node, (ast.ListComp, ast.GeneratorExp, ast.SetComp)):
            return self.packed(node.elt) or any(
                self.collection(g.iter) and isinstance(node.elt, ast.Name)
                and _name(g.target) == node.elt.id for g in node.generators)
        if isinstance(node, ast.BoolOp):
            return any(self.collection(x) for x in node.values)
        return False

    def packed(self, node):
        """Does ``node`` evaluate to a packed value?"""
        if isinstance(node, ast.Name):
            return node.id in self.names
        if isinstance(node, ast.Attribute):
            return node.attr in self.mod.attrs
        if isinstance(node, ast.Subscript):
            if isinstance(node.slice, ast.Slice):
                return False
            return self.collection(node.value) or self.reg(node)
        if isinstance(node, ast.Call):
            f = node.func
            name = _name(f)
            if isinstance(f, ast.Subscript):     # LEVELS[level](...)
                return _name(f.value) in CHOOSERS
            return name in READERS or name in PACKERS or name in CHOOSERS or (
                name in self.mod.funcs)
        if isinstance(node, ast.BinOp) and isinstance(node.op, _KEEPS):
            return self.packed(node.left) or self.packed(node.right)
        if isinstance(node, ast.IfExp):
            return self.packed(node.body) or self.packed(node.orelse)
        return False

    def reg(self, node):
        """Is ``node`` a read of Alheimur's registers (``g.reg[...]``, or
        through a name bound to them)?"""
        if not isinstance(node, ast.Subscript) or isinstance(node.slice, ast.Slice):
            return False
        v = node.value
        return (isinstance(v, ast.Attribute) and v.attr == "reg") or (
            isinstance(v, ast.Name) and v.id in self.regs)

    def codec_made(self, node):
        """In a hot module: is ``node`` built from the codec's numbers and
        variables only (no number of its own but a bit set's 1)?"""
        if isinstance(node, (ast.Name, ast.Attribute)):
            name = _name(node)
            return not _constant_like(name) or name.lstrip("_") in self.mod.codec_names
        if isinstance(node, ast.Constant):
            return False
        if isinstance(node, ast.BinOp):
            if not isinstance(node.op, BITWISE):
                return True                                    # arithmetic: a value
            if (isinstance(node.op, ast.LShift) and isinstance(node.left, ast.Constant)
                    and node.left.value == 1):
                return self.codec_made(node.right)            # 1 << w: a set's member
            return self.codec_made(node.left) and self.codec_made(node.right)
        if isinstance(node, ast.UnaryOp):
            return self.codec_made(node.operand)
        return True                                            # a call, a subscript: a value

    def holds_packed(self, node):
        """Is a packed value anywhere in ``node``?"""
        return any(self.packed(x) for x in ast.walk(node)
                   if isinstance(x, (ast.Name, ast.Attribute, ast.Subscript, ast.Call)))

    def hot_ok(self, n):
        """In a hot module: does bitwise operation ``n`` (a BinOp or an
        AugAssign) use the codec's numbers only, or a bit set's variable?"""
        if isinstance(n, ast.AugAssign):
            return self.holds_packed(n.value) or self.codec_made(n.value)
        if isinstance(n.op, ast.LShift) and isinstance(n.left, ast.Constant) and n.left.value == 1:
            return True                                        # 1 << w: a set's member
        for x, y in ((n.left, n.right), (n.right, n.left)):
            if self.holds_packed(x) or self.codec_made(x):
                continue
            if (isinstance(n.op, ast.BitAnd) and isinstance(x, ast.Constant) and x.value == 1
                    and isinstance(y, ast.BinOp) and isinstance(y.op, ast.RShift)
                    and not isinstance(y.right, ast.Constant) and self.codec_made(y.right)):
                continue                                       # x >> w & 1: a set's member
            return False
        return True

    def all_hot_ok(self, node):
        """Every bitwise operation in ``node`` hot_ok."""
        return all(self.hot_ok(x) for x in ast.walk(node)
                   if isinstance(x, ast.BinOp) and isinstance(x.op, BITWISE))


def _bit_name(node):
    name = _name(node)
    return name is not None and name.lstrip("_") in BITS


def _bitwise(node):
    return any(isinstance(n, ast.BinOp) and isinstance(n.op, BITWISE) for n in ast.walk(node))


def codec_numbers(root, codecs):
    """The names of the numbers the codec modules define, without their
    underscore."""
    out = set()
    for codec in codecs:
        with open(os.path.join(root, codec), encoding="utf-8") as f:
            tree = ast.parse(f.read())
        for node in tree.body:
            if (isinstance(node, ast.Assign) and len(node.targets) == 1
                    and isinstance(node.targets[0], ast.Name)
                    and isinstance(node.value, ast.Call) and _name(node.value.func) == "const"):
                out.add(node.targets[0].id.lstrip("_"))
    return frozenset(out)


GAMES = ("aliencity", "skyscrapers", "alheimur")


def of_a_game(tree, rel):
    """Is the module a game's, or does it import one (anywhere: a lazy
    import too)? The rule reads only those."""
    if any(rel.startswith("firmware/%s/" % g) for g in GAMES):
        return True
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in GAMES:
            return True
        if isinstance(node, ast.Import) and any(a.name.split(".")[0] in GAMES for a in node.names):
            return True
    return False


def problems(text, rel, root=None):
    """["path:line: what"] for each packed value taken apart by hand, one
    a line."""
    tree = ast.parse(text)
    if rel in CODECS or not of_a_game(tree, rel):
        return []
    hot = rel in HOT
    names = codec_numbers(root, HOT[rel]) if hot and root else frozenset()
    mod = Module(tree, names)
    out = {}
    for scope in _scopes(tree):
        s = Scope(mod, scope)
        for n in _own_nodes(scope):
            what = _offence(s, n, rel, hot)
            if what and n.lineno not in out:
                out[n.lineno] = "%s:%d: %s" % (rel, n.lineno, what)
    return [out[k] for k in sorted(out)]


def _offence(s, n, rel, hot):
    if isinstance(n, ast.BinOp) and isinstance(n.op, BITWISE):
        if hot:
            if (s.holds_packed(n) or _bit_name(n.left) or _bit_name(n.right)) and not s.hot_ok(n):
                return "a packed value shifted or masked by a number of its own (%s)" % (
                    ast.unparse(n))
        elif s.packed(n.left) or s.packed(n.right):
            return "a packed value shifted or masked by hand (%s)" % ast.unparse(n)
        elif _bit_name(n.left) or _bit_name(n.right):
            return "a bit of the state by name (%s)" % ast.unparse(n)
    elif isinstance(n, ast.AugAssign) and isinstance(n.op, BITWISE):
        t = n.target
        if (s.packed(t) or s.packed(n.value) or (
                isinstance(t, ast.Subscript) and s.array(t.value))) and not (hot and s.hot_ok(n)):
            return "a packed value changed by hand (%s)" % ast.unparse(n)
    elif isinstance(n, ast.Assign) and _bitwise(n.value) and not (hot and s.all_hot_ok(n.value)):
        for t in n.targets:
            if isinstance(t, ast.Subscript) and s.array(t.value):
                return "a value packed by hand stored (%s)" % ast.unparse(n)
    elif isinstance(n, ast.Compare) and len(n.comparators) == 1:
        a, b = n.left, n.comparators[0]
        if ((s.packed(a) and _bitwise(b)) or (s.packed(b) and _bitwise(a))) and not (
                hot and s.all_hot_ok(n)):
            return "a packed value compared with one packed by hand (%s)" % ast.unparse(n)
    if (isinstance(n, ast.Subscript) and isinstance(n.ctx, ast.Load) and s.reg(n)
            and rel not in ENGINE):
        return "a register read outside the engine (%s)" % ast.unparse(n)
    return None


def checked_files(root):
    """Repo-relative posix paths of every module the rule reads."""
    out = []
    for top in TOPS:
        for d, dirs, files in os.walk(os.path.join(root, top)):
            dirs[:] = sorted(x for x in dirs if x != "__pycache__" and not x.startswith("."))
            for f in sorted(files):
                if f.endswith(".py"):
                    out.append(os.path.relpath(os.path.join(d, f), root).replace(os.sep, "/"))
    return out


def scan(root):
    """Every problem under ``root``'s firmware/, tools/ and tests/."""
    out = []
    for rel in checked_files(root):
        with open(os.path.join(root, rel), encoding="utf-8") as f:
            out += problems(f.read(), rel, root)
    return out
