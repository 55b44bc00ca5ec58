"""The save store in ``microcontroller.nvm``: two slots written alternately.

    nvm[0:16]        the settings of firmware before the store (b"HCS" ...):
                     read once to move them over, never written again
    nvm[16:3088]     slot 0 \\  each: a 12-byte header, then the payload
    nvm[3088:6160]   slot 1 /   (only header + payload are written)
    nvm[6160:8192]   the last finished game's record text (``keep_record``),
                     not part of the slots

Slot header (big-endian): b"HG", format version, 0, sequence number (4),
payload length (2), CRC-16/CCITT-FALSE (2) of bytes 2..9 and the payload.
The payload is a list of sections: tag (1 byte), length (2), data, sorted
by tag. Tags: "S" settings (sound, brightness), "L" the game saved last
(one game tag), "R" best scores, "F" faults to inject (a developer's list,
see ``fault``), and one section per game, tagged by the game ("a" Alien
City, "s" Skyscrapers, "h" Alheimur): the length of its new-game options
(1 byte), the options, then the game in progress in the game's own bytes
(none: no game to continue). A game writes only its own section, so one
game's autosave never touches another's. Unknown tags are kept as they are.
A section longer than 64 bytes (a game in progress) is not kept on the heap
once written: the store remembers where it is in the newest slot and reads
it from there when asked, or when the next save copies it over.

Loading takes the valid slot (magic, version, length, CRC) with the highest
sequence number. ``save`` writes the other slot, sequence + 1, as one slice
assignment, and only when the payload differs from the last one written:
power lost at any byte of a write leaves the older slot whole, so loading
gives either the previous save or the new one.

Format 1 (two 1 KB slots at nvm[16:2064], the autosave in one "G" section
for every game, Alien City's options after the settings) is moved over on
the first load (store_first.py, loaded only then): the new slot 1 lies
beyond the old slots, so a power cut while moving leaves the old save to
move again.
"""

import sys

from crc import crc16
from micropython import const

SLOT0 = const(16)
SLOT_SIZE = const(3072)
HEADER = const(12)
VERSION = const(2)
MAX_PAYLOAD = const(3060)   # SLOT_SIZE - HEADER
RECORD_AT = const(6160)     # SLOT0 + 2 * SLOT_SIZE
MAGIC = b"HG"
V1_SIZE = const(1024)       # format 1's slots (store_first.py moves them over)

SETTINGS = const(0x53)  # "S"
LAST = const(0x4C)      # "L"
BESTS = const(0x52)     # "R"
FAULTS = const(0x46)    # "F"

_FAR = const(64)        # longer sections stay in nvm only (see above)

MAX_KEY = const(24)     # bytes of a best-score key
MAX_BESTS = const(24)   # keys in the records area

def slot_at(i, size=SLOT_SIZE):
    return SLOT0 + i * size


class Store:
    """Settings, the autosave and best scores, kept in ``nvm``.

    ``note`` is a short line (at most 26 characters, one message line) for
    the screen after loading (blank or unreadable memory, an older save
    moved over or set aside), else None; ``note_alarm`` says it tells of
    something lost (shown in red), not just news.
    """

    def __init__(self, nvm):
        self.nvm = nvm
        self.note = None
        self.note_alarm = False    # the note tells of something lost
        self.sections = {}
        self.far = {}          # tag -> (nvm offset, length): sections kept in nvm only
        self.seq = 0
        self.slot = 1          # the slot holding the newest save
        self._size = -1        # bytes of the payload last read or written
        self.writes = 0
        self.load()

    # -- loading ---------------------------------------------------------

    def load(self):
        """Read the newest valid slot (True), or start as store_first.py
        says (False). The loading code is loaded only for this."""
        import store_load
        ok = store_load.load(self)
        store_load = None
        del sys.modules["store_load"]
        return ok

    # -- sections ----------------------------------------------------------

    def get(self, tag):
        d = self.sections.get(tag)
        if d is None and tag in self.far:
            a, n = self.far[tag]
            d = bytes(self.nvm[a:a + n])
        return d

    def put(self, tag, data):
        """Set (or with None, remove) a section; ``save`` writes it."""
        self.far.pop(tag, None)
        if data is None:
            if tag in self.sections:
                del self.sections[tag]
        else:
            self.sections[tag] = bytes(data)

    def payload(self):
        out = bytearray()
        tags = list(self.sections)
        tags.extend(self.far)     # (a tag is in one of the two, never both)
        tags.sort()
        for t in tags:
            d = self.get(t) or b""     # (every tag listed has its bytes)
            out.append(t)
            out.append(len(d) >> 8)
            out.append(len(d) & 0xFF)
            out.extend(d)
        return bytes(out)

    def save(self):
        """Write the store to the older slot if anything changed. Returns
        True when it wrote; raises ValueError if the payload is too big."""
        p = self.payload()
        n = len(p)
        if n == self._size:
            # Unchanged? Compare with the slot itself rather than keep a
            # copy of the payload (up to 3 KB) on the heap for ever.
            a = slot_at(self.slot) + HEADER
            if self.nvm[a:a + n] == p:
                self._spill(p, a)
                return False
        if n > MAX_PAYLOAD:
            raise ValueError("save too big")
        seq = (self.seq + 1) & 0xFFFFFFFF
        buf = bytearray(HEADER + n)
        buf[0] = 0x48
        buf[1] = 0x47
        buf[2] = VERSION
        buf[4] = seq >> 24
        buf[5] = (seq >> 16) & 0xFF
        buf[6] = (seq >> 8) & 0xFF
        buf[7] = seq & 0xFF
        buf[8] = n >> 8
        buf[9] = n & 0xFF
        buf[HEADER:] = p
        c = crc16(buf, HEADER, HEADER + n, crc16(buf, 2, 10))
        buf[10] = c >> 8
        buf[11] = c & 0xFF
        slot = 1 - self.slot
        a = slot_at(slot)
        self.nvm[a:a + HEADER + n] = buf      # the one write
        self.writes += 1
        self.seq = seq
        self.slot = slot
        self._size = n
        self._spill(p, a + HEADER)
        return True

    def _spill(self, p, at):
        """Payload p is in nvm from ``at``: its sections longer than _FAR
        leave the heap (``far`` says where they are)."""
        self.far.clear()
        i = 0
        while i + 3 <= len(p):
            t = p[i]
            n = p[i + 1] << 8 | p[i + 2]
            if n > _FAR:
                self.far[t] = (at + i + 3, n)
                self.sections.pop(t, None)
            i += 3 + n

    # -- each game's section: its new-game options and its autosave ----------

    def game(self, tag):
        """(options, the saved game or None) of the game tagged ``tag``."""
        d = self.get(tag)
        if not d or d[0] + 1 > len(d):
            return b"", None
        n = d[0]
        return d[1:1 + n], (d[1 + n:] or None)

    def set_game(self, tag, options, data, write=True):
        """Keep a game's options and its game in progress (``data`` None:
        no game to continue), then write the store (only if it changed).
        The game saved last is the launcher's "Continue"."""
        if data:
            self.put(LAST, bytes((tag,)))
        elif self.last() == tag:
            self.put(LAST, None)
        self.put(tag, bytes((len(options),)) + options + (data or b""))
        return self.save() if write else False

    def last(self):
        """The tag of the game saved last, if it has a game to continue."""
        d = self.get(LAST)
        if d and self.game(d[0])[1] is not None:
            return d[0]
        return None

    # -- the last finished game, as record text (outside the slots) ----------

    def keep_record(self, text):
        """Keep ``text`` (a finished game's record) at RECORD_AT as
        b"ACR" + 2-byte length + text; False if it does not fit."""
        data = text.encode()
        n = len(data)
        if n + 5 > len(self.nvm) - RECORD_AT:
            return False
        self.nvm[RECORD_AT:RECORD_AT + 5 + n] = b"ACR" + bytes((n >> 8, n & 255)) + data
        return True

    # -- best scores -------------------------------------------------------------

    def best(self, key):
        """The best score kept under ``key`` (a short str), or None."""
        return self._bests_call("best", key, 0, False)

    def set_best(self, key, score, save=True):
        """Keep ``score`` (an int fitting 32 bits) under ``key`` and write it.
        The caller decides what "best" means (higher or lower). ValueError
        for a key too long or one key too many."""
        return self._bests_call("set_best", key, score, save)

    def _bests_call(self, name, key, score, save):
        # The best scores' code (store_bests.py) is loaded only for a call.
        import store_bests
        try:
            return getattr(store_bests, name)(self, key, score, save)
        finally:
            store_bests = None
            del sys.modules["store_bests"]

    # -- developer fault injection -------------------------------------------

    def fault(self, name):
        """True once if ``name`` is in the fault list ("F": names, one per
        line), which it then leaves (and the store is written). Nothing is
        ever in that list unless a developer put it there."""
        d = self.get(FAULTS)
        if not d:
            return False
        names = d.split(b"\n")
        key = name.encode()
        if key not in names:
            return False
        names.remove(key)
        self.put(FAULTS, b"\n".join(names) if names else None)
        self.save()
        return True
