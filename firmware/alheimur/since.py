"""Since your last turn (``show``): what the other seats did since a seat
last looked, from the app's log (alheimur/app.py keeps the last 40
events, six bytes each), in words, on one screen: up/down scroll an event
at a time, any other key plays on. Shown at the start of a human's turn
(in hot seat after the hand-over) and after a fast-forward through
computer seats. Loaded for it, then dropped.

An event's bytes: its kind << 4 | the seat; then
    1 an action: the action (2 bytes), its ship's form and place bytes
    2 a shot (the seat: the shooter's owner): 0, the shooter's form, the
      target's form and place,
      the target's form after it (255: destroyed)
    3 survival: the pyramids each player lost, a nibble each (4 bytes)
"""

import displayio
import terminalio
from micropython import const

import boards
from alheimur import words
from alheimur.actions import marine, pips, ship_form, ship_owner
from ui import palette
from ui.text import Label, split_lines

_LINES = const(8)            # lines of the page

# What the page says (each line fits 26 characters: tests/test_messages.py)
TEXTS = (
    "since %s's last turn",            # 0 name
    "up/down: more  A: play",          # 1
    "%s: %s",                          # 2 name, what the action did
    "%s fires at %s: %s",              # 3 ship, ship, what happened
    "no hit",                          # 4
    "destroyed",                       # 5
    "now %s",                          # 6 size
    "now %s, marine lost",             # 7 size
    "survival (%s's turn):",           # 8 name
    " %s lost %d",                     # 9 name, n
    "(earlier ones are gone)",       # 10
)


def text(g, ev, i):
    """Event i of the log ``ev`` in words."""
    o = i % ((len(ev) - 16) // 6) * 6
    x = ev[o] >> 4
    who = ev[o] & 15
    if x == 1:
        return TEXTS[2] % (words.NAMES[who], words.action(g, ev[o + 1] << 8 | ev[o + 2],
                                                          ev[o + 3], ev[o + 4]))
    if x == 2:
        c = ev[o + 3]
        after = ev[o + 5]
        if after == 255:
            what = TEXTS[5]
        elif ship_form(after) == ship_form(c):
            what = TEXTS[4]
        else:
            what = TEXTS[7 if marine(c) and not marine(after) else 6] % words.SIZES[pips(after)]
        return TEXTS[3] % (words.ship(ev[o + 2], who),
                           words.ship(c, ship_owner(ev[o + 4])), what)
    out = TEXTS[8] % words.NAMES[who]
    lost = ev[o + 1] << 24 | ev[o + 2] << 16 | ev[o + 3] << 8 | ev[o + 4]
    for q in range(g.nplayers()):
        k = lost >> 4 * q & 15
        if k:
            out += TEXTS[9] % (words.NAMES[q], k)
    return out


def since(b, p, new):
    """Seat p's turn begins (``new``: its own world, nothing of earlier
    turns lit or outlined, no dice) or a fast-forward ends: what the other
    seats did since it last looked, when they did anything."""
    g = b.g
    scr = b.scr
    ev = b.ev
    seen = len(ev) - 16          # the app's log: 6 bytes an event, then 8 + 8
    if new:
        ev[seen + 8 + p] = g.round() & 255
        scr.unlit()
        if scr.rolling:
            scr.roll(False)
        scr.show(p)
    n = (b.nev - ev[seen + p]) & 255
    ev[seen + p] = b.nev & 255
    first = b.nev - min(n, seen // 6)
    todo = []
    for i in range(first, b.nev):
        if ev[i % (seen // 6) * 6] & 15 != p:      # not its own doings: it saw those
            todo.append(i)
    if todo:
        show(b, p, todo, first > b.nev - n)
        b.s.display.root_group = scr.root


def show(b, p, todo, gone):
    """Events ``todo`` of the log (their numbers; ``gone``: earlier ones
    were dropped), until a key other than up/down (the board's Board
    ``b``)."""
    g = b.g
    s = b.s
    root = displayio.Group()
    root.append(Label(terminalio.FONT, text=TEXTS[0] % words.NAMES[p],
                      color=words.COLOURS[p], anchor_point=(0, 0), anchored_position=(2, 0)))
    body = Label(terminalio.FONT, text=" ", color=palette.TEXT, line_spacing=1.0,
                 anchor_point=(0, 0), anchored_position=(2, 14))
    root.append(body)
    root.append(Label(terminalio.FONT, text=TEXTS[1], color=palette.DIM,
                      anchor_point=(0, 0), anchored_position=(2, 116)))
    s.display.root_group = root
    top = 0
    n = len(todo)
    while True:
        out = [TEXTS[10]] if top == 0 and gone else []
        i = top
        while i < n and len(out) < _LINES:
            out += split_lines(text(g, b.ev, todo[i]), 26, 4)[0]
            i += 1
        body.text = "\n".join(out[:_LINES])
        s.refresh()
        k = s.key()
        if k == boards.DOWN and i < n:
            top += 1
        elif k == boards.UP and top:
            top -= 1
        elif k != boards.UP and k != boards.DOWN:
            return
