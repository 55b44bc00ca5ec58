"""The store's loading code (store.py), loaded only while the store loads
at boot: check both slots, take the newest valid one, or start as
store_first.py says."""

import sys

from crc import crc16
from micropython import const

# consts from store (tools/consts.py; do not edit)
_HEADER = const(12)
_MAX_PAYLOAD = const(3060)
_SLOT0 = const(16)
_SLOT_SIZE = const(3072)
_VERSION = const(2)
# end consts
_H = const(0x48)                # the slot's magic, b"HG" (store.MAGIC)
_G = const(0x47)


def load(st):
    """Fill ``st`` from the newest valid slot (True), else start it fresh
    (False; store_first.py sets its note and moves older formats over)."""
    got, blank, newer = newest(st, _VERSION, _SLOT_SIZE)
    if got is not None:
        st.seq, last, st.sections, st.slot = got
        st._size = len(last)
        st._spill(last, _SLOT0 + st.slot * _SLOT_SIZE + _HEADER)
        return True
    st.sections = {}
    st.seq = 0
    st.slot = 1
    st._size = -1
    import store_first  # only when no slot of this format holds
    store_first.start(st, blank, newer, newest)
    store_first = None
    del sys.modules["store_first"]
    st.save()
    return False


def newest(st, version, size):
    """((seq, payload, sections, slot) of the newest valid slot of a
    format or None, both slot headers blank?, a newer format seen?)"""
    best = None
    blank = True
    newer = False
    nvm = st.nvm
    for i in range(2):
        a = _SLOT0 + i * size
        head = nvm[a:a + _HEADER]
        for b in head:
            if b != 0xFF:
                blank = False
                break
        if head[0] == _H and head[1] == _G and head[2] > _VERSION:
            newer = True
        n = head[8] << 8 | head[9]
        if n > size - _HEADER:
            continue
        got = parse_slot(nvm[a:a + _HEADER + n], version)
        if got is None:
            continue
        secs = parse_sections(got[1])
        if secs is not None and (best is None or got[0] > best[0]):
            best = (got[0], got[1], secs, i)
    return best, blank, newer


def parse_slot(raw, version):
    """(seq, payload) of a slot's bytes, or None if it is not valid.
    raw: the slot's bytes (at least HEADER)."""
    if len(raw) < _HEADER or raw[0] != _H or raw[1] != _G or raw[2] != version:
        return None
    n = raw[8] << 8 | raw[9]
    if n > _MAX_PAYLOAD or _HEADER + n > len(raw):
        return None
    c = crc16(raw, _HEADER, _HEADER + n, crc16(raw, 2, 10))
    if c != (raw[10] << 8 | raw[11]):
        return None
    seq = raw[4] << 24 | raw[5] << 16 | raw[6] << 8 | raw[7]
    return seq, bytes(raw[_HEADER:_HEADER + n])


def parse_sections(payload):
    """{tag: bytes}; None when the sections do not add up."""
    out = {}
    i = 0
    n = len(payload)
    while i < n:
        if i + 3 > n:
            return None
        tag = payload[i]
        ln = payload[i + 1] << 8 | payload[i + 2]
        i += 3
        if i + ln > n:
            return None
        out[tag] = bytes(payload[i:i + ln])
        i += ln
    return out

