"""Best scores in the store's "R" section (store.py), loaded only for a
call of ``Store.best`` or ``Store.set_best``.

The section is a list of entries: key length (1 byte), the key (UTF-8, at
most MAX_KEY bytes), the score (4 bytes, big-endian, signed).
"""

from micropython import const

# consts from store (tools/consts.py; do not edit)
_BESTS = const(82)
_MAX_BESTS = const(24)
_MAX_KEY = const(24)
# end consts


def unpack(d):
    """{key: score} of a section's bytes (an entry cut short ends it)."""
    out = {}
    i = 0
    while i < len(d):
        k = d[i]
        if i + 1 + k + 4 > len(d):
            break
        key = d[i + 1:i + 1 + k]
        v = d[i + 1 + k] << 24 | d[i + 2 + k] << 16 | d[i + 3 + k] << 8 | d[i + 4 + k]
        if v & 0x80000000:
            v -= 0x100000000
        try:
            out[key.decode()] = v
        except UnicodeError:
            pass
        i += 5 + k
    return out


def pack(b):
    """The section's bytes for {key: score}, keys sorted."""
    out = bytearray()
    for key in sorted(b):
        k = key.encode()
        v = b[key] & 0xFFFFFFFF
        out.append(len(k))
        out.extend(k)
        out.append(v >> 24)
        out.append((v >> 16) & 0xFF)
        out.append((v >> 8) & 0xFF)
        out.append(v & 0xFF)
    return bytes(out)


def best(st, key, _score):
    return unpack(st.get(_BESTS) or b"").get(key)


def set_best(st, key, score):
    b = unpack(st.get(_BESTS) or b"")
    if len(key.encode()) > _MAX_KEY:
        raise ValueError("key too long")
    if key not in b and len(b) >= _MAX_BESTS:
        raise ValueError("too many records")
    if not -0x80000000 <= score <= 0x7FFFFFFF:
        raise ValueError("score out of range")
    b[key] = int(score)
    st.put(_BESTS, pack(b))
