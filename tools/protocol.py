"""What every game's engine session shares (tools/engine.py): the commands
(``position FILE``, ``go``, ``quit``), reading a position with the
referee's reading of the file (tools/recordtext.py: a BOM, any line
ending; NUL bytes and text that is not UTF-8 refused by name) and the
game's own record module (``self.record``: ``read`` and ``replay``), and
the loop over standard input. A game's Session (engine_aliencity.py,
engine_alheimur.py) fills in ``go``.
"""

import time

from recordtext import Stop, read_lines


def now_us():
    return time.perf_counter_ns() // 1000


class Protocol:
    record = None
    game = None

    def command(self, line):
        """Answer one line; None for nothing to say (a blank line, or a
        position read)."""
        toks = line.split()
        if not toks:
            return None
        cmd = toks[0].lower()
        if cmd == "position":
            if len(toks) < 2:
                return "error position needs a FILE"
            return self.position(line.strip()[len(toks[0]):].strip())
        if cmd == "go":
            if self.game is None:
                return "error no position (send: position FILE)"
            if self.game.over():
                return "error the game is over"
            return self.go()
        return "error unknown command '%s' (position FILE, go, quit)" % toks[0]

    def position(self, path):
        """Read and replay the record at ``path``: None when it is fine,
        else the error line."""
        rec_mod = self.record
        try:
            lines = read_lines(path)
        except Stop as e:
            return "error " + e.message
        try:
            rec = rec_mod.read(lines)
        except rec_mod.RecordError as e:
            return "error %s: line %d: %s" % (path, e.line, e.problem)
        game, bad = rec_mod.replay(rec)
        if bad:
            return "error %s: move %d (line %d): %s" % (path, bad[0], bad[1], bad[2])
        self.game = game
        return None

    def go(self):
        raise NotImplementedError


def serve(session, lines):
    """Answer each line of ``lines`` (standard input) until ``quit``: one
    answer line a command, flushed; never stops on an error."""
    for line in lines:
        if line.strip().lower() == "quit":
            break
        try:
            out = session.command(line)
        except Exception as e:  # noqa: BLE001 (never crash on input)
            out = "error internal: %s: %s" % (type(e).__name__, e)
        if out is not None:
            print(out, flush=True)
