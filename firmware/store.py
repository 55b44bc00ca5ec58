"""The save store in ``microcontroller.nvm``: one record, written whole.

On a SAMD51 the 8 KB of ``nvm`` are one flash erase block, and every
write to it, however short, copies the block to RAM, erases it and
rewrites its 16 pages of 512 bytes in order (CircuitPython's
ports/atmel-samd/common-hal/nvm/ByteArray.c -> asf4 hpl_nvmctrl.c
``_flash_write``). Two copies inside one block protect nothing: a power
cut during the erase loses the whole block, and one between two page
rewrites loses every page after it. So the store keeps one copy of each
thing with its own check, the things that matter most first:

    nvm[0:2]     b"HG"
    nvm[2]       format (3)
    nvm[3]       n, the number of sections
    nvm[4:8]     writes so far (big-endian): this block's erases by the store
    nvm[8:8+5n]  the directory: per section its tag, length (2), CRC-16 (2)
    then 2 bytes, CRC-16/CCITT-FALSE of nvm[2:8+5n], then the sections'
    bytes in directory order; what lies beyond is not read.

The order: settings "S", best scores "R", a developer's faults "F", then
each game's section ("a" Alien City, "s" Skyscrapers, "h" Alheimur), the
game saved most recently first, then any unknown tag, and last the
record text of the last finished game "T". A cut after page k leaves
pages 0..k-1 rewritten: every section wholly inside them is the new one,
every other is lost, and the directory (in page 0) still names it, so
loading says what was lost (``lost``, tags) and keeps every section whose
check holds. A cut in the erase or in page 0 loses everything; a cut in
the erase leaves the block blank, which no check can tell from a first
boot. docs/app.md has the table of what each cut loses.

A game's section: the length of its new-game options (1 byte), the
options, then the game in progress in the game's own bytes (none: no
game to continue). A section longer than 64 bytes is not kept on the heap
once written: the store remembers where it is in the block and reads it
from there when asked, or when the next write copies it over.

Writing is the shell's decision (ui/saving.py): ``put``, ``set_game``,
``set_best`` and ``keep_record`` only change what the next ``save``
writes; ``touched`` says the game in play changed without giving its
bytes (``fill``, set by the shell, gives them at the write). Older formats
(format 2's two slots, format 1, the firmware before the store) are moved
over on the first load (store_first.py, loaded only then).
"""

import sys

from micropython import const

VERSION = const(3)
HEAD = const(8)           # bytes before the directory
ENTRY = const(5)          # a directory entry: tag, length (2), CRC (2)
MAX_SECTIONS = const(24)
SIZE = const(8192)        # the block: all of nvm on a SAMD51
PAGE = const(512)         # what one page rewrite writes (the asf4 driver's page)

SETTINGS = const(0x53)  # "S"
BESTS = const(0x52)     # "R"
FAULTS = const(0x46)    # "F"
RECORD = const(0x54)    # "T"

FAR = const(64)         # longer sections stay in nvm only (see above)

MAX_RECORD = const(2048)  # bytes of record text kept
MAX_KEY = const(24)     # bytes of a best-score key
MAX_BESTS = const(24)   # keys in the records area


def _drop(name):
    """Forget a module loaded for a moment, and the checksum's code it
    loaded (only loading and writing check)."""
    sys.modules.pop(name, None)
    sys.modules.pop("crc", None)


class Store:
    """Settings, each game's options and saved game, best scores and the
    last record, kept in ``nvm``.

    After loading: ``note``, a short line about the memory (None: nothing
    to say), ``note_alarm`` (it tells of something lost: shown in red),
    ``lost`` (the tags of the sections a power cut tore) and ``readonly``
    (the block is a newer firmware's: kept, never written).
    """

    def __init__(self, nvm):
        self.nvm = nvm
        self.note = None
        self.note_alarm = False
        self.lost = b""
        self.readonly = False
        self.sections = {}     # tag -> bytes: sections kept on the heap
        self.far = {}          # tag -> (nvm offset, length): sections kept in nvm only
        self.order = []        # the games' tags, saved most recently first
        self.seq = 0           # writes so far (in the block's head)
        self.dirty = False     # something to write
        self.touched = False   # the game in play changed: ``fill`` gives its bytes
        self.fill = None       # the shell's: put the game in play's bytes (ui/session.py)
        self.writes = 0        # writes since boot
        self.written = None    # supervisor.ticks_ms() of the last write (ui/saving.py)
        self.load()

    # -- loading ---------------------------------------------------------

    def load(self):
        """Read the block (True), or start as store_first.py says
        (False). The loading code is loaded only for this."""
        import store_load
        ok = store_load.load(self)
        store_load = None
        _drop("store_load")
        return ok

    # -- sections ----------------------------------------------------------

    def get(self, tag):
        d = self.sections.get(tag)
        if d is None and tag in self.far:
            a, n = self.far[tag]
            d = bytes(self.nvm[a:a + n])
        return d

    def put(self, tag, data):
        """Set (or with None, remove) a section; the next ``save`` writes
        it if it changed."""
        had = tag in self.sections or tag in self.far
        if data is None:
            if had:
                self.sections.pop(tag, None)
                self.far.pop(tag, None)
                self.dirty = True
            return
        data = bytes(data)
        if had and self.get(tag) == data:
            return
        self.far.pop(tag, None)
        self.sections[tag] = data
        self.dirty = True

    # -- writing -------------------------------------------------------------

    def save(self, whole=False):
        """Write the block now if anything changed: True when it wrote.
        ValueError if it does not fit. When to call it is the shell's
        (ui/saving.py). ``whole``: the block's unused end is erased in the
        same write (after another format). The writing code
        (store_write.py) is loaded only for a write."""
        f = self.fill
        if self.touched and f is not None:
            f()
        self.touched = False
        if not self.dirty or self.readonly:
            return False
        import store_write
        try:
            store_write.write(self, whole)
        finally:
            store_write = None
            _drop("store_write")
        self.writes += 1
        self.dirty = False
        return True

    # -- each game's section: its new-game options and its saved game ---------

    def game(self, tag):
        """(options, the saved game or None) of the game tagged ``tag``."""
        d = self.get(tag)
        if not d or d[0] + 1 > len(d):
            return b"", None
        n = d[0]
        return d[1:1 + n], (d[1 + n:] or None)

    def set_game(self, tag, options, data):
        """Keep a game's options and its game in progress (``data`` None:
        no game to continue); the game moves to the front of the block."""
        order = self.order
        if tag in order:
            if order[0] != tag:
                order.remove(tag)
                order.insert(0, tag)
                self.dirty = True
        else:
            order.insert(0, tag)
        self.put(tag, bytes((len(options),)) + options + (data or b""))

    # -- the last finished game, as record text ---------------------------------

    def keep_record(self, text):
        """Keep ``text`` (a finished game's record) for the next write;
        False if it does not fit beside the rest."""
        data = text.encode()
        if len(data) > MAX_RECORD:
            return False
        self.put(RECORD, data)
        return True

    # -- best scores -------------------------------------------------------------

    def best(self, key):
        """The best score kept under ``key`` (a short str), or None."""
        return self._bests_call("best", key, 0)

    def set_best(self, key, score):
        """Keep ``score`` (an int fitting 32 bits) under ``key`` for the
        next write. The caller decides what "best" means (higher or
        lower). ValueError for a key too long or one key too many."""
        return self._bests_call("set_best", key, score)

    def _bests_call(self, name, key, score):
        # The best scores' code (store_bests.py) is loaded only for a call.
        import store_bests
        try:
            return getattr(store_bests, name)(self, key, score)
        finally:
            store_bests = None
            _drop("store_bests")
