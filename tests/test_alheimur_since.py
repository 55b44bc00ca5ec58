"""Issue 43, item 2: "since your last turn" loses nothing the player needs.
The log (alheimur/events.py) keeps its records with counts that never
wrap; the page (alheimur/since.py) scrolls a line at a time to the last
line of the last event however long, says "more" only when there is more,
puts the reader's own losses first and named, and a Start opens the pause
menu without dismissing the page."""

import seeded_alheimur

import boards
from alheimur import since
from alheimur.actions import form, ship_loc
from alheimur.events import DIED, SHOT, Log


class _Display:
    root_group = None


class _Buttons:
    def clear(self):
        pass


class _Session:
    """What the page asks of the shell: the display, the presses."""

    def __init__(self, keys):
        self.display = _Display()
        self.buttons = _Buttons()
        self.keys = list(keys)
        self.kept = -1
        self.pages = []           # (body, keys' line) at every wait for a press

    def refresh(self):
        root = self.display.root_group
        self.pages.append((root[1].text, root[2].text))

    def key(self):
        return self.keys.pop(0)


class _Board:
    def __init__(self, g, keys):
        self.g = g
        self.s = _Session(keys)
        self.events = Log()
        self.paused = 0

    def pause(self):
        self.paused += 1
        return None

    def show_for(self, ms, keys):
        """The page's first moment (ui/session.Board.show_for): what is
        pressed in it is kept, and the page forgets it."""
        self.held = (ms, keys)
        self.s.kept = boards.A
        return None


def _long_shots(b, n):
    """n shots at the end of the log, each four lines on the page."""
    big = form(2, False, 2)
    for _ in range(n):
        b.events.put(SHOT, 1, big, big, ship_loc(4, 1), form(2, False, 0))


def test_the_page_scrolls_to_the_last_line_of_a_long_last_event():
    g = seeded_alheimur.play(1, 8, 20, 200)
    b = _Board(g, [boards.DOWN] * 60 + [boards.A])
    for _ in range(3):
        b.events.put(DIED, 2, 0, 0, 0x41)
    _long_shots(b, 3)
    first, end, gone = b.events.take(0)
    items = list(range(first, end))
    last = since.split_lines(since.text(g, b.events, items[-1]), 26, 99)[0]
    assert len(last) >= 4                          # a long event, at the end
    assert since.show(b, 0, items, gone) is None
    bodies = [body.split("\n") for body, _ in b.s.pages]
    assert bodies[-1][-len(last):] == last         # its last line shown, on the last page
    keys = [k for _, k in b.s.pages]
    assert keys[0] == "down: more  A: play"
    assert keys[-1] == "up: back  A: play"         # nothing more below: no "more"
    moved = [i for i in range(1, len(bodies)) if bodies[i] != bodies[i - 1]]
    assert len(moved) == sum(len(since.split_lines(since.text(g, b.events, i), 26, 99)[0])
                             for i in items) - 8  # a line a press, and no further


def test_the_readers_own_losses_come_first_named():
    """Red reads: what it lost to others (a pyramid at green's check, a
    transport with its marine to yellow's fighter) comes first, in its own
    words, then every event in order; red's own doings are not repeated."""
    g = seeded_alheimur.play(1, 8, 20, 200)
    b = _Board(g, [boards.A])
    b.scr = _Screen()
    b.events.put(DIED, 2, 0, 0, 0x42)                # green's check: red's medium
    b.events.put(SHOT, 0, form(1, True, 0), form(1, True, 0), ship_loc(1, 1), 255)  # red's own
    b.events.put(SHOT, 1, form(3, True, 0), form(3, False, 2), ship_loc(1, 0), 255)
    assert since.since(b, 0, False) is None
    body = b.s.pages[0][0].replace("\n", " ")
    assert body.startswith("you lost: your medium colonist on red A4 (green's check) "
                           "you lost: your large transport and its medium marine, destroyed, "
                           "in the yellow orbit red's medium colonist on"), body
    assert "red's small fighter" not in body


class _Screen:
    root = None


def test_no_count_wraps_and_what_went_is_said():
    g = seeded_alheimur.play(1, 8, 20, 200)
    log = Log()
    for _ in range(700):                          # more than a byte, more than the ring
        log.put(DIED, 1, 0, 0, 0x41)
    first, end, gone = log.take(0)
    assert end == 700 and end - first == since_ring() and gone == 700 - since_ring()
    assert log.take(0) == (700, 700, 0)           # read now
    assert since.text(g, log, -1, gone) == "(%d earlier events gone)" % gone


def since_ring():
    from alheimur import events
    return events._N


def test_start_opens_the_pause_menu_and_never_dismisses_the_page():
    g = seeded_alheimur.play(1, 8, 20, 200)
    b = _Board(g, [boards.START, boards.SELECT, boards.START, boards.A])
    _long_shots(b, 1)
    first, end, gone = b.events.take(0)
    assert since.show(b, 0, list(range(first, end)), gone) is None
    assert b.paused == 2 and len(b.s.pages) == 4   # still there after each, until A
    assert b.held == (400, 0) and b.s.kept == -1     # its first moment: a press is no answer


class _Pieces:
    """A game as Log.undo asks it: the pieces on the surfaces, the actor."""

    def __init__(self, on):
        self.on = on

    def piece(self, w, t):
        return self.on.get((w, t), 0)

    def actor(self):
        return 1


def test_an_undone_check_takes_back_its_own_deaths_only():
    """Undo of a survival check removes the deaths it kept (each pyramid
    back on its territory), none of an earlier check's when it removed
    none; an undone action's record goes, and a seat that had read it reads
    on from where the log now ends."""
    from alheimur.actions import act
    from alheimur.layout import K_SURVIVE
    log = Log()
    log.put(DIED, 2, 0, 3, 0x41)              # green's check, earlier: still dead
    log.undo(_Pieces({}), act(K_SURVIVE))     # yellow's check removed nothing
    assert log.n == 1
    log.put(DIED, 1, 1, 4, 0x42)
    log.put(DIED, 1, 1, 5, 0x43)
    assert log.take(0) == (0, 3, 0)
    log.undo(_Pieces({(1, 4): 0x42, (1, 5): 0x43}), act(K_SURVIVE))
    assert log.n == 1 and log.take(0) == (1, 1, 0)
