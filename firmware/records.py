"""What every game's record reader shares: the error that names a line,
the walk over a record's lines, a grid square's name. Below the rules
and the shell (both use it; it imports neither).

A record is plain ASCII text; ``#`` starts a comment. Words are compared
upper-cased, so a non-ASCII look-alike (a long s before "lide" upper-cases to
``SLIDE`` in Python) is refused before it could be read as a keyword.
"""


class RecordError(Exception):
    """A malformed record: ``line`` (1-based) and ``problem``."""

    def __init__(self, line, problem):
        super().__init__("line %d: %s" % (line, problem))
        self.line = line
        self.problem = problem


class Words:
    """Iterate (line number, upper-cased words) over every line that holds
    something outside its comment, after the first such line, which must
    be the record's magic line '<magic> <version>' (checked, not yielded);
    ``n`` is the number of lines read so far (blank ones too). RecordError
    for a character outside printable ASCII (tabs count as spaces) or a
    wrong magic line; ``end()`` after the walk says when there was none."""

    def __init__(self, lines, magic, version):
        self._lines = iter(lines)
        self.n = 0
        self.magic = magic
        self.version = version
        self.started = False

    def __iter__(self):
        return self

    def __next__(self):
        while True:
            raw = next(self._lines)     # StopIteration ends the walk
            self.n += 1
            cut = raw.find("#")
            line = raw if cut < 0 else raw[:cut]     # no copy without a comment
            for ch in line:
                o = ord(ch)
                if (o < 32 or o > 126) and ch not in "\t\r\n":
                    raise RecordError(self.n, "unexpected character %r (a record is "
                                      "plain ASCII outside # comments)" % ch)
            toks = line.upper().split()
            if not toks:
                continue
            if self.started:
                return self.n, toks
            check_magic(self.n, toks, self.magic, self.version)
            self.started = True

    def end(self):
        """RecordError when the record had no magic line (it was empty)."""
        if not self.started:
            raise RecordError(max(self.n, 1), "empty record: it starts with '%s %d'"
                              % (self.magic, self.version))


def check_magic(n, toks, magic, version):
    """The first line: '<magic> <version>'; RecordError otherwise."""
    if toks[0] != magic.upper():
        raise RecordError(n, "a record starts with '%s %d'" % (magic, version))
    if len(toks) != 2 or toks[1] != str(version):
        if len(toks) == 2 and toks[1].isdigit():
            raise RecordError(n, "record version %s; this program reads version %d"
                              % (toks[1], version))
        raise RecordError(n, "expected '%s %d'" % (magic, version))


def square(s, cols, rows):
    """A square of a grid named like a chess board ('B2': column letter
    from A on the left, row number from 1 at the bottom) -> its index,
    counted row by row from the top left; -1 if it is not one."""
    if len(s) != 2:
        return -1
    x = "ABCDEFGH".find(s[0].upper())
    y = "123456789".find(s[1])
    if not 0 <= x < cols or not 0 <= y < rows:
        return -1
    return (rows - 1 - y) * cols + x
