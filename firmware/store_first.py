"""The store's first load when the block is of no format store_load.py
reads: move an older format over (format 2's two slots, format 1's, the
settings of the firmware before the store), or start afresh and say the
memory was unreadable. Loaded only then (store_load.py).

Format 2 (nvm[16:3088] and nvm[3088:6160], each a 12-byte header: b"HG",
2, 0, sequence (4), payload length (2), CRC-16 of bytes 2..9 and the
payload; the payload a list of tag, length (2), data; the record text at
6160 as b"ACR", length (2), text), format 1 (the same with 1 KB slots
and version 1, the autosave in one "G" section for every game, Alien
City's options after the settings) and b"HCS" at nvm[0:7] are read here
only. What is moved over is written at once, in format 3, over the whole
block (store_load.wipe).
"""

from crc import crc16
from micropython import const

# consts from store (tools/consts.py; do not edit)
_RECORD = const(84)
_SETTINGS = const(83)
# end consts
_OLD = b"HCS"
_SLOT0 = const(16)
_HEADER = const(12)
_V2_SIZE = const(3072)
_V1_SIZE = const(1024)
_V2_RECORD = const(6160)
_LAST = const(0x4C)      # "L": format 2's game saved last
_V1_GAME = const(0x47)   # "G": format 1's autosave
_AC = const(0x61)        # Alien City's tag (aliencity/app.py)

UNREADABLE = "Save memory unreadable: a fresh start."


def start(st):
    """Fill the new store ``st`` from what the block holds (store_load
    writes it), or set the note that nothing could be read."""
    old = newest(st.nvm, 2, _V2_SIZE)
    if old is not None:
        _from_v2(st, old)
    else:
        old = newest(st.nvm, 1, _V1_SIZE)
        if old is not None:
            _from_v1(st, old)
        elif not _from_hcs(st):
            st.note = UNREADABLE
            st.note_alarm = True


def _from_v2(st, secs):
    last = secs.pop(_LAST, b"")
    for tag in secs:
        st.put(tag, secs[tag])
        if tag >= 0x61:              # a game's section (lower-case tag)
            st.order.append(tag)
    if last and last[0] in st.order:    # the game saved last first
        st.order.remove(last[0])
        st.order.insert(0, last[0])
    nvm = st.nvm
    a = _V2_RECORD
    if nvm[a:a + 3] == b"ACR":
        n = nvm[a + 3] << 8 | nvm[a + 4]
        if a + 5 + n <= len(nvm):
            st.put(_RECORD, bytes(nvm[a + 5:a + 5 + n]))


def _from_v1(st, secs):
    for tag in secs:
        if tag != _V1_GAME and tag != _SETTINGS:
            st.put(tag, secs[tag])
    old_settings = secs.get(_SETTINGS) or b""
    st.put(_SETTINGS, old_settings[:2])
    g = secs.get(_V1_GAME) or b""
    if g.startswith(b"aliencity\x00") or old_settings[2:]:
        save = g[10:] if g.startswith(b"aliencity\x00") else None
        st.set_game(_AC, old_settings[2:], save)


def _from_hcs(st):
    old = st.nvm[0:7]
    if (old[0:3] == _OLD and old[3] == 1 and old[4] <= 1 and 1 <= old[5] <= 4
            and old[6] == (old[4] + old[5] + 0x5A) & 0xFF):
        st.put(_SETTINGS, bytes((old[4], old[5])))
        return True
    return False


def newest(nvm, version, size):
    """{tag: bytes} of the newest valid slot of an older format, or None."""
    best = None
    seq = -1
    for i in range(2):
        a = _SLOT0 + i * size
        head = nvm[a:a + _HEADER]
        n = head[8] << 8 | head[9]
        if head[0] != 0x48 or head[1] != 0x47 or head[2] != version or n > size - _HEADER:
            continue
        raw = nvm[a:a + _HEADER + n]
        c = crc16(raw, _HEADER, _HEADER + n, crc16(raw, 2, 10))
        if c != (raw[10] << 8 | raw[11]):
            continue
        s = raw[4] << 24 | raw[5] << 16 | raw[6] << 8 | raw[7]
        secs = _sections(raw, _HEADER, _HEADER + n)
        if secs is not None and s > seq:
            best, seq = secs, s
    return best


def _sections(raw, i, end):
    """{tag: bytes} of an older format's payload; None when they do not
    add up."""
    out = {}
    while i < end:
        if i + 3 > end:
            return None
        tag = raw[i]
        ln = raw[i + 1] << 8 | raw[i + 2]
        i += 3
        if i + ln > end:
            return None
        out[tag] = bytes(raw[i:i + ln])
        i += ln
    return out
