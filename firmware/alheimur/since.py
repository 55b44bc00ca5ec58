"""Since your last turn (``since``): what the other seats did since a seat
last looked, from the app's log (alheimur/events.py), in words, on one
page: first what the seat itself lost, named, then every event in order.
Up/down scroll a line at a time, to the last line of the last event
however long; A or B play on; Start opens the pause menu and comes back
here. Shown at the start of a human's turn (in hot seat after the
hand-over) and after a fast-forward through computer seats. Loaded for
it, then dropped.
"""

import displayio
import terminalio
from micropython import const

import boards
from alheimur import words
from alheimur.actions import (
    fighter,
    invader,
    marine,
    owner,
    pips,
    ship_form,
    ship_owner,
    ship_place,
)
from ui import palette
from ui.text import Label, split_lines

# consts from alheimur.events (tools/consts.py; do not edit)
_ACTED = const(1)
_DIED = const(3)
_SHOT = const(2)
# end consts

_LINES = const(8)            # lines of the page
_FRESH_MS = const(400)       # the page's first moment: no press reads it away
_GONE = const(-1)            # the page's items: -1 the note of what went, -2 - i the
                             # seat's loss in record i, i record i

# What the page says (each fits its place: tests/test_messages.py)
TEXTS = (
    "since %s's last turn\n"            # 0 name
    "up/down: more  A: play\n"          # 1
    "%s: %s\n"                          # 2 name, what the action did
    "%s fires at %s: %s\n"              # 3 ship, ship, what happened
    "no hit\n"                          # 4
    "destroyed\n"                       # 5
    "now %s\n"                          # 6 size
    "now %s, marine lost\n"             # 7 size
    "%s's %s %s on %s died (%s's check)\n"   # 8 name, size, piece, terr, name
    "you lost: your %s %s%s, %s, in %s\n"    # 9 size, ship kind, marine, what, place
    "you lost: your %s %s on %s (%s's check)\n"   # 10 size, piece, terr, name
    "(%d earlier events gone)\n"        # 11 n
    "down: more  A: play\n"             # 12
    "up: back  A: play\n"               # 13
    "A: play\n"                         # 14
    " and its %s marine"              # 15 size
)


def since(b, p, new):
    """Seat p's turn begins (``new``: its own world, nothing of earlier
    turns lit or outlined, no dice) or a fast-forward ends: what the other
    seats did since it last looked, when they did anything. None, or what
    the shell does next (the pause menu's restart or quit)."""
    scr = b.scr
    log = b.events
    if new:
        scr.unlit()
        scr.roll()
        scr.show(p)
    first, end, gone = log.take(p)
    items = [_GONE] if gone else []
    for i in range(first, end):
        if _lost(log.get(i), p):
            items.append(-2 - i)
    for i in range(first, end):
        if log.get(i)[1] != p:            # not its own doings: it saw those
            items.append(i)
    if len(items) > (1 if gone else 0):
        out = show(b, p, items, gone)
        b.s.display.root_group = scr.root
        return out
    return None


def _lost(r, p):
    """Is record r a loss of seat p's made by another seat?"""
    if r[1] == p:
        return False
    if r[0] == _SHOT:
        return ship_owner(r[4]) == p and r[5] != r[3]
    return r[0] == _DIED and owner(r[4]) == p


def text(g, log, k, gone=0):
    """Item k of the page in words (see _GONE)."""
    line = words.line
    if k == _GONE:
        return line(TEXTS, 11) % gone
    r = log.get(k if k >= 0 else -2 - k)
    x = r[0]
    who = words.NAMES[r[1]]
    if x == _ACTED:
        return line(TEXTS, 2) % (who, words.action(g, r[2], r[3], r[4]))
    if x == _DIED:
        v = r[4]
        size = words.SIZES[pips(v)]
        piece = "invader" if invader(v) else "colonist"
        at = words.terr(g, r[2], r[3])
        if k < 0:
            return line(TEXTS, 10) % (size, piece, at, who)
        return line(TEXTS, 8) % (words.NAMES[owner(v)], size, piece, at, who)
    c = r[3]
    after = r[5]
    if after == 255:
        what = line(TEXTS, 5)
    elif ship_form(after) == ship_form(c):
        what = line(TEXTS, 4)
    else:
        what = line(TEXTS, 7 if marine(c) and not marine(after) else 6) % words.SIZES[pips(after)]
    if k >= 0:
        return line(TEXTS, 3) % (words.ship(r[2], r[1]), words.ship(c, ship_owner(r[4])), what)
    m = line(TEXTS, 15) % words.SIZES[marine(c)] if marine(c) and after == 255 else ""
    return line(TEXTS, 9) % (words.SIZES[pips(c)], "fighter" if fighter(c) else "transport", m,
                             what, words.place(g, ship_place(r[4])))


def _lines(g, log, items, k, gone):
    """The page's lines of item k (its whole text, wrapped)."""
    return split_lines(text(g, log, items[k], gone), 26, 99)[0]


def show(b, p, items, gone):
    """The page of ``items`` (the board's Board ``b``, seat p), until A or
    B; None, or what the shell does next (the pause menu's restart or
    quit). The top of the page is a line of an item: (i, j)."""
    g = b.g
    s = b.s
    log = b.events
    root = displayio.Group()
    root.append(Label(terminalio.FONT, text=words.line(TEXTS, 0) % words.NAMES[p],
                      color=words.COLOURS[p], anchor_point=(0, 0), anchored_position=(2, 0)))
    body = Label(terminalio.FONT, text=" ", color=palette.TEXT, line_spacing=1.0,
                 anchor_point=(0, 0), anchored_position=(2, 14))
    root.append(body)
    keys = Label(terminalio.FONT, text=" ", color=palette.DIM, anchor_point=(0, 0),
                 anchored_position=(2, 116))
    root.append(keys)
    n = len(items)
    i = j = 0
    fresh = True
    while True:
        out = []
        k = i
        here = _lines(g, log, items, i, gone)[j:]
        while True:
            out += here
            k += 1
            if len(out) > _LINES or k >= n:
                break
            here = _lines(g, log, items, k, gone)
        more = len(out) > _LINES
        back = i > 0 or j > 0
        body.text = "\n".join(out[:_LINES])
        keys.text = words.line(TEXTS, 1 if more and back else 12 if more else 13 if back else 14)
        s.display.root_group = root
        s.refresh()
        if fresh:                 # a press made before the page or as it came is no answer
            fresh = False
            b.show_for(_FRESH_MS, 0)
            s.kept = -1
            s.buttons.clear()
        key = s.key()
        if key == boards.DOWN and more:
            j += 1
            if j >= len(_lines(g, log, items, i, gone)):
                i += 1
                j = 0
        elif key == boards.UP and back:
            if j:
                j -= 1
            else:
                i -= 1
                j = len(_lines(g, log, items, i, gone)) - 1
        elif key == boards.START:
            out = b.pause()
            if out is not None:
                return out
        elif key == boards.A or key == boards.B:
            return None
