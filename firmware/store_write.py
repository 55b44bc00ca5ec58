"""The store's writing code (store.py), loaded only for a write: the
block's order, its bytes, and then which sections leave the heap."""

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


def _rank(tag, order):
    """Where a section goes in the block: settings, bests, faults, then
    the games by ``order`` (most recent first), any other, the record last."""
    if tag == _SETTINGS:
        return 0
    if tag == _BESTS:
        return 1
    if tag == _FAULTS:
        return 2
    if tag == _RECORD:
        return 999
    if tag in order:
        return 3 + order.index(tag)
    return 500 + tag


def tags(st):
    """Every section's tag, in the block's order."""
    out = list(st.sections)
    out.extend(st.far)      # (a tag is in one of the two, never both)
    order = st.order
    out.sort(key=lambda t: _rank(t, order))
    return out


def write(st, whole):
    """The store's sections into the block, in one write."""
    order = tags(st)
    n = len(order)
    if n > _MAX_SECTIONS:
        raise ValueError("save too big")
    at = _HEAD + _ENTRY * n + 2
    size = at
    for t in order:
        d = st.sections.get(t)
        size += len(d) if d is not None else st.far[t][1]
    if size > _SIZE:
        raise ValueError("save too big")
    buf = bytearray(_SIZE if whole else size)
    for i in range(size, len(buf)):
        buf[i] = 0xFF
    _fill(st, buf, order, at)
    st.nvm[0:len(buf)] = buf    # the one write: one erase of the block
    _spill(st, buf, order, at)


def _fill(st, buf, order, at):
    seq = (st.seq + 1) & 0xFFFFFFFF
    buf[0] = 0x48
    buf[1] = 0x47
    buf[2] = _VERSION
    buf[3] = len(order)
    buf[4] = seq >> 24
    buf[5] = (seq >> 16) & 0xFF
    buf[6] = (seq >> 8) & 0xFF
    buf[7] = seq & 0xFF
    e = _HEAD
    i = at
    for t in order:
        d = st.get(t) or b""      # (every tag listed has its bytes; a far
        n = len(d)                # one is copied from the block as it is)
        buf[i:i + n] = d
        c = crc16(buf, i, i + n)
        buf[e] = t
        buf[e + 1] = n >> 8
        buf[e + 2] = n & 0xFF
        buf[e + 3] = c >> 8
        buf[e + 4] = c & 0xFF
        e += _ENTRY
        i += n
    c = crc16(buf, 2, e)
    buf[e] = c >> 8
    buf[e + 1] = c & 0xFF
    st.seq = seq


def _spill(st, buf, order, at):
    """The block now holds ``buf``: sections longer than _FAR leave the
    heap (``far`` says where they are)."""
    st.far.clear()
    i = at
    e = _HEAD
    for t in order:
        n = buf[e + 1] << 8 | buf[e + 2]
        if n > _FAR:
            st.far[t] = (i, n)
            st.sections.pop(t, None)
        e += _ENTRY
        i += n
