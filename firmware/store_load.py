"""The store's loading code (store.py), loaded only while the store loads
at boot: read the block, keep every section whose check holds, name the
ones a power cut tore; or, for a block of another format, start as
store_first.py says."""

import sys

from crc import crc16
from micropython import const

# consts from store (tools/consts.py; do not edit)
_BESTS = const(82)
_ENTRY = const(5)
_FAR = const(64)
_FAULTS = const(70)
_HEAD = const(8)
_MAX_SECTIONS = const(24)
_RECORD = const(84)
_SETTINGS = const(83)
_SIZE = const(8192)
_VERSION = const(3)
# end consts
_H = const(0x48)                 # the block's magic, b"HG"
_G = const(0x47)
_SCAN = const(256)               # bytes read at a time to see a blank block

TORN_ALL = "The power went off during a save: every save was lost."
NEWER = "Saves of a newer firmware: kept, and this one saves nothing."


def load(st):
    """Fill ``st`` from the block (True); else start it as store_first.py
    says (False): a blank block is a first boot, and nothing is said or
    written."""
    nvm = st.nvm
    head = nvm[0:_HEAD]
    if head[0] == _H and head[1] == _G and head[2] != 0xFF:
        if head[2] == _VERSION:
            return _read(st, head)
        if head[2] > _VERSION:
            st.readonly = True        # a newer firmware's: never overwritten
            st.note = NEWER
            return False
    if blank(nvm):
        return False
    import store_first  # only when the block is of no format this reads
    store_first.start(st)
    store_first = None
    del sys.modules["store_first"]
    wipe(st)
    return False


def blank(nvm):
    """Every byte erased (0xFF): a board whose store was never written,
    or a power cut during the erase (the two look the same)."""
    ff = b"\xff" * _SCAN
    for a in range(0, len(nvm), _SCAN):
        if nvm[a:a + _SCAN] != ff:
            return False
    return True


def layout(nvm, head=None):
    """[(tag, offset, length, CRC)] of a format-3 block's sections, in
    its order, from its directory; None when the head or the directory
    does not hold (a cut in page 0, or another format)."""
    if head is None:
        head = nvm[0:_HEAD]
    n = head[3]
    if head[0] != _H or head[1] != _G or head[2] != _VERSION or n > _MAX_SECTIONS:
        return None
    e = _ENTRY * n
    d = nvm[_HEAD:_HEAD + e + 2]
    if crc16(d, 0, e, crc16(head, 2, _HEAD)) != (d[e] << 8 | d[e + 1]):
        return None
    out = []
    i = _HEAD + e + 2
    for k in range(0, e, _ENTRY):
        ln = d[k + 1] << 8 | d[k + 2]
        out.append((d[k], i, ln, d[k + 3] << 8 | d[k + 4]))
        i += ln
    return out


def _read(st, head):
    nvm = st.nvm
    secs = layout(nvm, head)
    if secs is None:
        _torn_all(st)
        return False
    st.seq = head[4] << 24 | head[5] << 16 | head[6] << 8 | head[7]
    lost = bytearray()
    for t, i, ln, c in secs:
        data = nvm[i:i + ln] if i + ln <= _SIZE else None
        if data is None or crc16(data) != c:
            lost.append(t)
            continue
        if ln > _FAR:
            st.far[t] = (i, ln)
        else:
            st.sections[t] = bytes(data)
        if t != _SETTINGS and t != _BESTS and t != _FAULTS and t != _RECORD:
            st.order.append(t)
        data = None
    if lost:
        st.lost = bytes(lost)
        st.note_alarm = True
        st.dirty = True
        st.save()           # what was kept, written whole: the loss is told once
    return True


def _torn_all(st):
    """The head or the directory is torn (a cut in page 0): nothing can
    be trusted. The block is written afresh (so this is said once)."""
    st.note = TORN_ALL
    st.note_alarm = True
    wipe(st)


def wipe(st):
    """Write the store's sections over the whole block, the rest erased,
    so no older format's bytes stay behind it (one write)."""
    st.dirty = True
    st.save(whole=True)
