"""A number is written once: the device's const() copies are generated.

On the device a module that needs another module's numbers compiled in
keeps a copy of each as a ``const()``: a private name (``_K_SITE``) costs
no global, no lookup and no interned name, and the other module need not
even be loaded. Such copies are never typed by hand. A module declares
where its numbers come from in a marked block, and this tool writes the
block:

    # consts from alheimur.actions, alheimur.layout (tools/consts.py; do not edit)
    _K_SITE = const(16)
    _SPACE = const(8)
    # end consts

It holds one line for every name of those modules that the rest of the
module uses: ``_NAME`` for a private copy, or ``NAME`` itself when the
module uses the name bare (a copy under the same name, which other
modules may import from it). A source's private ``_NAME`` is copied too,
as ``_NAME`` (a codec's field numbers for an engine's hot loop, a save's
version for the module that reads it back): private costs no heap.

A number is written once: a const() line outside a block that writes
again a number another module of the same package (the top-level modules
are one) defines under the same name, public or private, is an error (a
hand-kept copy), whether or not a block names that module.

    .venv/bin/python tools/consts.py            # write every block
    .venv/bin/python tools/consts.py --check    # exit 1 when one is not as written (make test)
"""

import argparse
import ast
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
BOARDS = os.path.join(ROOT, "boards")

HEAD = re.compile(r"^# consts from ([\w., ]+) \(tools/consts\.py; do not edit\)\n", re.M)
END = "# end consts\n"
CONST_LINE = re.compile(r"^(_?)([A-Z][A-Z0-9_]*) = const\((.+?)\)", re.M)


class Problem(Exception):
    pass


def module_path(name):
    """firmware/a/b.py for ``a.b``; boards/x.py for ``boards.x``."""
    parts = name.split(".")
    if parts[0] == "boards":
        return os.path.join(BOARDS, *(parts[1:] or ["__init__"])) + ".py"
    return os.path.join(FIRMWARE, *parts) + ".py"


def _definitions(text, module):
    """{NAME: int} of the module's own ``NAME = const(...)`` and
    ``_NAME = const(...)`` lines at module level, outside its consts block
    (an expression of earlier ones is worked out; one that cannot be is
    left out)."""
    m = HEAD.search(text)
    if m is not None:
        end = text.find(END, m.end())
        if end >= 0:
            text = text[:m.start()] + "\n" * text.count("\n", m.start(), end + len(END)) + text[
                end + len(END):]
    out = {}
    for node in ast.parse(text).body:
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name)):
            continue
        name = node.targets[0].id
        v = node.value
        if (name.lstrip("_").isupper() and isinstance(v, ast.Call)
                and isinstance(v.func, ast.Name) and v.func.id == "const" and len(v.args) == 1):
            try:
                out[name] = _evaluate(v.args[0], out, module, name)
            except Problem:
                pass
    return out


def numbers(module):
    """{NAME: int} of the module's ``NAME = const(...)`` lines, private
    ``_NAME`` ones too (an expression of earlier ones is worked out)."""
    with open(module_path(module), encoding="utf-8") as f:
        text = f.read()
    return _definitions(text, module)


def _evaluate(node, known, module, name):
    if isinstance(node, ast.Constant) and isinstance(node.value, int):
        return node.value
    if isinstance(node, ast.Name) and node.id in known:
        return known[node.id]
    if isinstance(node, ast.Name) and node.id.startswith("_") and node.id[1:] in known:
        return known[node.id[1:]]
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return -_evaluate(node.operand, known, module, name)
    if isinstance(node, ast.BinOp):
        a = _evaluate(node.left, known, module, name)
        b = _evaluate(node.right, known, module, name)
        ops = {ast.Add: a + b, ast.Sub: a - b, ast.Mult: a * b, ast.LShift: a << b,
               ast.BitOr: a | b, ast.BitAnd: a & b}
        for op, v in ops.items():
            if isinstance(node.op, op):
                return v
    raise Problem("%s: %s = const(...) is not a number this tool can work out" % (module, name))


def block(text, path, cache):
    """(start, end, new block text) of the module's consts block, or None."""
    m = HEAD.search(text)
    if m is None:
        return None
    end = text.find(END, m.end())
    if end < 0:
        raise Problem("%s: a consts block without its '%s'" % (path, END.strip()))
    sources = [s.strip() for s in m.group(1).split(",")]
    known = {}
    for src in sources:
        if src not in cache:
            cache[src] = numbers(src)
        for k, v in cache[src].items():
            if known.get(k, v) != v:
                raise Problem("%s: %s differs between its sources" % (path, k))
            known[k] = v
    rest = text[:m.start()] + text[end + len(END):]
    tree = ast.parse(rest)
    used = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    imported = {a.asname or a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)
                for a in n.names}
    lines = []
    for k in sorted(known, key=lambda k: k.lstrip("_")):
        if k.startswith("_"):        # a source's private number: copied as it is
            if k in used and k[1:] not in known:
                lines.append("%s = const(%d)\n" % (k, known[k]))
            continue
        if "_" + k in used:
            lines.append("_%s = const(%d)\n" % (k, known[k]))
        if k in used and k not in imported:
            lines.append("%s = const(%d)\n" % (k, known[k]))
    return m.start(), end + len(END), m.group(0) + "".join(lines) + END


def hand_copies(text, path, cache, sources):
    """const() lines outside the block that copy a source's number."""
    m = HEAD.search(text)
    if m is not None:
        text = text[:m.start()] + text[text.find(END, m.end()) + len(END):]
    out = []
    for src in sources:
        if module_path(src) == path:
            continue
        if src not in cache:
            cache[src] = numbers(src)
        for under, name, _v in CONST_LINE.findall(text):
            if name in cache[src] or "_" + name in cache[src]:
                out.append("%s: %s%s copies %s.%s by hand (use the consts block)"
                           % (os.path.relpath(path, ROOT), under, name, src, name))
    return out


def module_name(path):
    """'firmware/alheimur/save.py' -> 'alheimur.save'; boards/ -> 'boards.x'."""
    if path.startswith(BOARDS + os.sep):
        rel = "boards." + os.path.relpath(path, BOARDS)[:-3].replace(os.sep, ".")
        return rel[:-len(".__init__")] if rel.endswith(".__init__") else rel
    return os.path.relpath(path, FIRMWARE)[:-3].replace(os.sep, ".")


def _kin(a, b):
    """Do modules a and b share their numbers' names (so the same name and
    value in both is one number written twice)? The same package (the
    top-level modules are one): across packages a name may mean another
    thing (Alien City's NONE, no lot; Skyscrapers', no cell)."""
    return a.rpartition(".")[0] == b.rpartition(".")[0]


def written_twice(defs):
    """Problems for each number two kin modules both write by hand (the
    same name, public or private, and the same value), once a pair: one
    keeps it, the other copies it in its consts block. ``defs``: {module:
    {NAME: value}} of what each writes by hand."""
    out = []
    mods = sorted(defs)
    for i, a in enumerate(mods):
        for b in mods[i + 1:]:
            if not _kin(a, b):
                continue
            for na, va in sorted(defs[a].items()):
                for nb, vb in defs[b].items():
                    if na.lstrip("_") == nb.lstrip("_") and va == vb:
                        out.append("%s = const(%d) in %s and %s = const(%d) in %s: one number "
                                   "written twice (keep one; the other module copies it in a "
                                   "consts block)" % (na, va, a, nb, vb, b))
    return out


def firmware_files():
    for top in (FIRMWARE, BOARDS):
        for d, dirs, files in os.walk(top):
            dirs[:] = sorted(x for x in dirs if x != "__pycache__")
            for f in sorted(files):
                if f.endswith(".py"):
                    yield os.path.join(d, f)


def run(check):
    """Write (or check) every block; returns the problems found."""
    cache = {}
    problems = []
    defs = {}
    for path in firmware_files():
        with open(path, encoding="utf-8") as f:
            text = f.read()
        defs[module_name(path)] = _definitions(text, module_name(path))
        try:
            got = block(text, path, cache)
        except Problem as e:
            problems.append(str(e))
            continue
        rel = os.path.relpath(path, ROOT)
        if got is not None:
            start, end, new = got
            sources = [s.strip() for s in HEAD.search(text).group(1).split(",")]
            problems += hand_copies(text, path, cache, sources)
            if text[start:end] != new:
                if check:
                    problems.append("%s: its consts block is not as tools/consts.py writes it" % rel)
                else:
                    with open(path, "w", encoding="utf-8") as f:
                        f.write(text[:start] + new + text[end:])
                    print("wrote", rel)
    return problems + written_twice(defs)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="change nothing; exit 1 when a block "
                    "is not as this tool writes it or a copy is kept by hand")
    args = ap.parse_args(argv)
    problems = run(args.check)
    for p in problems:
        print(p, file=sys.stderr)
    if problems and args.check:
        print("run .venv/bin/python tools/consts.py to write the blocks", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
