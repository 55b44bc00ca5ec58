"""A record file read as the referee reads it, and the referee's answers:
shared by tools/referee.py, each game's referee module (referee_*.py) and
the engine protocol (tools/engine.py), so every game's file is read, and
every problem reported, the same way.

Exit codes: 0 fine; 1 a move of the record is illegal (``move N: ...``);
2 the record is malformed (``line N: ...``) or cannot be read
(``FILE: cannot read: ...``), or the command line is wrong.
"""

import json
import sys

EXIT_OK = 0
EXIT_ILLEGAL = 1
EXIT_MALFORMED = 2


class Stop(Exception):
    """Ends a command with a message on stderr and an exit code."""

    def __init__(self, code, message):
        super().__init__(message)
        self.code = code
        self.message = message


def read_text(path, hint="; is it a game record?"):
    """The record's text, or Stop(2) when it cannot be read as text (``hint``
    ends the NUL bytes' message)."""
    name = "<stdin>" if path == "-" else path
    try:
        if path == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as f:
                data = f.read()
    except OSError as e:
        raise Stop(EXIT_MALFORMED, "%s: cannot read: %s" % (name, e.strerror or e)) from None
    if b"\0" in data:
        raise Stop(EXIT_MALFORMED, "%s: cannot read: not a text file "
                   "(it holds NUL bytes%s)" % (name, hint))
    try:
        text = data.decode("utf-8-sig")  # a BOM from a Windows editor is fine
    except UnicodeDecodeError as e:
        raise Stop(EXIT_MALFORMED, "%s: cannot read: not UTF-8 text "
                   "(byte 0x%02x at offset %d)" % (name, data[e.start], e.start)) from None
    return text


def split_lines(text):
    """Lines as an editor numbers them (\\n, \\r\\n or \\r endings)."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if lines and lines[-1] == "":
        lines.pop()  # the newline that ends the last line starts no line
    return lines


def read_lines(path):
    """The record's lines (read_text, then split_lines)."""
    return split_lines(read_text(path))


def odd_character(lines):
    """(line number, character) of the first non-ASCII character outside a
    comment that is not white space, or (None, None)."""
    for n, line in enumerate(lines, 1):
        for ch in line.split("#", 1)[0]:
            if ord(ch) > 127 and not ch.isspace():
                return n, ch
    return None, None


def to_json(obj, indent=0, width=79):
    """JSON for people: one key per line, short lists of numbers and lot
    names inline (wrapped at ``width``). Plain JSON for any parser."""
    pad = " " * indent
    if isinstance(obj, dict):
        if not obj:
            return "{}"
        if not any(isinstance(v, (dict, list)) for v in obj.values()):
            one = "{" + ", ".join("%s: %s" % (json.dumps(k), json.dumps(v))
                                  for k, v in obj.items()) + "}"
            if len(one) + indent + 12 <= width:
                return one
        items = ['%s  %s: %s' % (pad, json.dumps(k), to_json(v, indent + 2, width))
                 for k, v in obj.items()]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if isinstance(obj, list):
        if not obj:
            return "[]"
        if any(isinstance(v, (dict, list)) for v in obj):
            items = [pad + "  " + to_json(v, indent + 2, width) for v in obj]
            return "[\n" + ",\n".join(items) + "\n" + pad + "]"
        words = [json.dumps(v) for v in obj]
        one = "[" + ", ".join(words) + "]"
        if len(one) + indent + 20 <= width:
            return one
        lines = []
        cur = ""
        for w in words:
            if cur and len(pad) + 2 + len(cur) + len(w) + 2 > width:
                lines.append(cur.rstrip())
                cur = ""
            cur += w + ", "
        lines.append(cur[:-2])
        return ("[\n" + "\n".join(pad + "  " + line for line in lines)
                + "\n" + pad + "]")
    return json.dumps(obj)


def dump(obj):
    sys.stdout.write(to_json(obj) + "\n")
