"""CRC-16/CCITT-FALSE: the check of a save slot (store.py writes it,
store_load.py checks it)."""

# CRC-16/CCITT-FALSE a nibble at a time: 16 entries (a tuple in the code)
# rather than a 256-entry table kept on the heap (528 bytes) for ever.
_NIBBLE = (0x0000, 0x1021, 0x2042, 0x3063, 0x4084, 0x50A5, 0x60C6, 0x70E7,
           0x8108, 0x9129, 0xA14A, 0xB16B, 0xC18C, 0xD1AD, 0xE1CE, 0xF1EF)


def crc16(data, start=0, end=None, crc=0xFFFF):
    """CRC-16/CCITT-FALSE of data[start:end] (no allocation per byte)."""
    t = _NIBBLE
    if end is None:
        end = len(data)
    for i in range(start, end):
        b = data[i]
        crc = ((crc << 4) & 0xFFFF) ^ t[(crc >> 12) ^ (b >> 4)]
        crc = ((crc << 4) & 0xFFFF) ^ t[(crc >> 12) ^ (b & 15)]
    return crc
