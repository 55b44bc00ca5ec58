"""When the save store is written: the shell's one write policy.

Every write erases the NVM's one flash block (store.py), which wears out
after some ten thousand erases (docs/app.md: the figures and their
source). So a change is not written when it is made but at the wait for
a press (``Fx.next_press``, which every screen's wait goes through)
when the last write is at least ``GAP`` ago: at once at the first wait
after that, or when a wait reaches it, so an idle board still writes
and a power cut loses at most about ``GAP`` of play. A computer's moves
are written with what follows them. A quit, the pause menu, a game's end
and leaving the launcher write what is pending at once (``write``).
"""

import supervisor
from micropython import const

from boards import ticks_diff

GAP = const(30000)      # ms of play between two writes


def begin(store):
    """At boot: the policy's clock starts as if the store had just been
    written (the first change is written GAP later, or when the launcher
    is left, the pause menu opened, a game quit or ended)."""
    store.written = supervisor.ticks_ms()


def tick(store):
    """At a wait for a press: write what is pending if it is due."""
    w = store.written
    if w is not None and ticks_diff(supervisor.ticks_ms(), w) >= GAP:
        store.written = w = None    # long enough ago (and safe from the ticks' wrap)
    if w is None and (store.dirty or store.touched) and not store.readonly:
        write(store)


def write(store):
    """Write what is pending now."""
    if store.save():
        store.written = supervisor.ticks_ms()
