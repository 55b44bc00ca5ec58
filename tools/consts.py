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
modules may import from it). A const() line outside a block that copies
a source module's number is an error (a hand-kept copy).

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

HEAD = re.compile(r"^# consts from ([\w., ]+) \(tools/consts\.py; do not edit\)\n", re.M)
END = "# end consts\n"
# Every module whose numbers are copied into blocks somewhere.
SOURCES = ("alheimur.actions", "alheimur.events", "alheimur.layout", "alheimur.sprites",
           "store")
CONST_LINE = re.compile(r"^(_?)([A-Z][A-Z0-9_]*) = const\((.+?)\)", re.M)


class Problem(Exception):
    pass


def module_path(name):
    return os.path.join(FIRMWARE, *name.split(".")) + ".py"


def numbers(module):
    """{NAME: int} of the module's public ``NAME = const(...)`` lines (an
    expression of earlier ones is worked out)."""
    with open(module_path(module), encoding="utf-8") as f:
        tree = ast.parse(f.read())
    out = {}
    for node in tree.body:
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name)):
            continue
        name = node.targets[0].id
        v = node.value
        if (name.isupper() and not name.startswith("_") and isinstance(v, ast.Call)
                and isinstance(v.func, ast.Name) and v.func.id == "const" and len(v.args) == 1):
            out[name] = _evaluate(v.args[0], out, module, name)
    return out


def _evaluate(node, known, module, name):
    if isinstance(node, ast.Constant) and isinstance(node.value, int):
        return node.value
    if isinstance(node, ast.Name) and node.id in known:
        return known[node.id]
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
    for k in sorted(known):
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
            if under and name in cache[src]:
                out.append("%s: _%s copies %s.%s by hand (use the consts block)"
                           % (os.path.relpath(path, ROOT), name, src, name))
    return out


def firmware_files():
    for d, dirs, files in os.walk(FIRMWARE):
        dirs[:] = sorted(x for x in dirs if x != "__pycache__")
        for f in sorted(files):
            if f.endswith(".py"):
                yield os.path.join(d, f)


def run(check):
    """Write (or check) every block; returns the problems found."""
    cache = {}
    problems = []
    for path in firmware_files():
        with open(path, encoding="utf-8") as f:
            text = f.read()
        try:
            got = block(text, path, cache)
        except Problem as e:
            problems.append(str(e))
            continue
        rel = os.path.relpath(path, ROOT)
        if got is None:
            # no block: it may copy nothing by hand from its package's sources
            pkg = os.path.relpath(os.path.dirname(path), FIRMWARE).replace(os.sep, ".")
            problems += hand_copies(text, path, cache, [m for m in SOURCES if m.startswith(pkg + ".")])
        else:
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
    return problems


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
