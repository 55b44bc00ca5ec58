"""Private ``const()`` names folded into their values, as the deploy writes
our ``.py`` files to a board.

MicroPython's compiler already folds ``_NAME = const(EXPR)`` (a private
name at module level) into each use, but compiling from source it interns
every name it reads first, folded away or not: a name a module-level
constant costs the board about 10 bytes of heap for good, and a long
Alheimur game's 160-odd such names were what pushed it past the VM's next
qstr pool (about 9 KB at once; docs/memory.md). The repository keeps the
names (``tools/consts.py`` writes the copies); ``fold`` gives the board
the numbers. ``.mpy`` files need none of this (mpy-cross keeps no such
name).

What ``fold`` changes: each such definition line becomes empty (so a
traceback's line numbers are the repository's), and every later use of the
name becomes the expression (in parentheses unless a plain number). A
name also bound anywhere else in the module (assigned, a parameter, a
loop variable, imported as, global ...) is left as it is, definition and
uses, as is a definition that is not on one line of its own.
"""

import ast
import io
import re
import tokenize

_NUMBER = re.compile(r"-?(0[xXoObB])?[0-9A-Fa-f_]+$")


def _definitions(tree, text):
    """{name: (line, expression text)} for each ``_NAME = const(EXPR)``
    statement at module level on one line of its own."""
    out = {}
    lines = text.splitlines()
    for node in tree.body:
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name)
                and node.targets[0].id.startswith("_")
                and isinstance(node.value, ast.Call) and isinstance(node.value.func, ast.Name)
                and node.value.func.id == "const" and len(node.value.args) == 1
                and node.lineno == node.end_lineno and node.col_offset == 0):
            continue
        arg = node.value.args[0]
        out[node.targets[0].id] = (node.lineno, lines[node.lineno - 1][arg.col_offset:arg.end_col_offset])
    return out


def _bound_twice(tree, names):
    """Those of ``names`` bound more than once anywhere in the module
    (assigned, a parameter, a loop variable, imported as, global ...)."""
    count = dict.fromkeys(names, 0)

    def bind(name):
        if name in count:
            count[name] += 1

    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            bind(node.id)
        elif isinstance(node, ast.arg):
            bind(node.arg)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bind(node.name)
        elif isinstance(node, ast.alias):
            bind(node.asname or node.name)
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            for n in node.names:
                bind(n)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            bind(node.name)
    return {n for n, c in count.items() if c > 1}


def fold(text):
    """``text`` (a module's source) with its private const() names folded
    in; line numbers kept."""
    try:
        tree = ast.parse(text)
        toks = list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (SyntaxError, tokenize.TokenError, ValueError):
        return text
    defs = _definitions(tree, text)
    for name in _bound_twice(tree, set(defs)):
        del defs[name]
    if not defs:
        return text
    values = {}
    for name, (_row, expr) in sorted(defs.items(), key=lambda kv: kv[1][0]):
        for k, v in values.items():      # an earlier constant in this one
            expr = re.sub(r"(?<![\w.])%s\b" % k, v, expr)
        values[name] = expr if _NUMBER.match(expr) else "(%s)" % expr
    blank = {row for row, _e in defs.values()}
    edits = []        # (row, col start, col end, text)
    for i, t in enumerate(toks):
        if t.type != tokenize.NAME or t.string not in values or t.start[0] in blank:
            continue
        if i and toks[i - 1].string == ".":
            continue
        edits.append((t.start[0], t.start[1], t.end[1], values[t.string]))
    lines = text.splitlines(keepends=True)
    for row, a, b, new in sorted(edits, reverse=True):
        s = lines[row - 1]
        lines[row - 1] = s[:a] + new + s[b:]
    for row in blank:
        s = lines[row - 1]
        lines[row - 1] = s[len(s.rstrip("\r\n")):]
    return "".join(lines)
