"""The store's first load when no slot of the current format holds: move
format 1 or the settings of the firmware before the store over, or start
fresh, with the note the launcher shows. Loaded only then (store.py)."""

from micropython import const

# consts from store (tools/consts.py; do not edit)
_SETTINGS = const(83)
_V1_SIZE = const(1024)
# end consts

_OLD = b"HCS"
_V1_GAME = const(0x47)   # "G": format 1's autosave


def start(st, blank, newer, newest):
    """Fill the new store ``st`` from what the NVM holds, and set its note;
    ``newest`` is store_load's slot reader (it loaded this module)."""
    old, blank1, _ = newest(st, 1, _V1_SIZE)
    if old is not None:
        _from_v1(st, old)
        st.note = "save moved to a new format"
    elif _from_hcs(st):
        st.note = "settings moved to new save"
    elif newer:
        st.note = "newer save set aside"
        st.note_alarm = True
    elif blank and blank1:
        st.note = "fresh save memory"
    else:
        st.note = "save unreadable: new start"
        st.note_alarm = True


def _from_v1(st, old):
    """Format 1's sections, in this format's places. The first save goes to
    slot 1, which lies beyond format 1's slots."""
    seq, _, secs, _ = old
    st.seq = seq
    st.slot = 0
    for tag in secs:
        if tag != _V1_GAME and tag != _SETTINGS:
            st.sections[tag] = secs[tag]
    old_settings = secs.get(_SETTINGS) or b""
    st.sections[_SETTINGS] = old_settings[:2]
    g = secs.get(_V1_GAME) or b""
    if g.startswith(b"aliencity\x00") or old_settings[2:]:
        save = g[10:] if g.startswith(b"aliencity\x00") else None
        st.set_game(0x61, old_settings[2:], save, write=False)


def _from_hcs(st):
    old = st.nvm[0:7]
    if (old[0:3] == _OLD and old[3] == 1 and old[4] <= 1 and 1 <= old[5] <= 4
            and old[6] == (old[4] + old[5] + 0x5A) & 0xFF):
        st.sections[_SETTINGS] = bytes((old[4], old[5]))
        return True
    return False
