"""A developer's injected faults (the store's "F" section: names, one a
line), loaded only when that section is there (ui/session.py Session.fault)."""

from micropython import const

# consts from store (tools/consts.py; do not edit)
_FAULTS = const(70)
# end consts


def take(st, name):
    """True once if ``name`` is in the list, which it then leaves (and
    the store is written at once, so it fires once)."""
    names = (st.get(_FAULTS) or b"").split(b"\n")
    key = name.encode()
    if key not in names:
        return False
    names.remove(key)
    st.put(_FAULTS, b"\n".join(names) if names else None)
    st.save()
    return True
