"""The launcher screen: continue any game that has a save (the one saved
last on top), pick a game, change the settings (sound, brightness).
code.py imports it to show it and drops it while a game is played (its
screen and code are not needed then).

    sel, package, resume = launcher.run(hw, store, fx, sel)
"""

import displayio
import terminalio

import boards
from lazy import forget
from store import BESTS, RECORD, SETTINGS
from ui import palette, saving
from ui.fx import ILLEGAL, MOVE
from ui.menu import Menu
from ui.settings import LEVELS, Settings
from ui.text import Label, MessageLine

# (name, package, store tag, one line about it); package None: not yet.
GAMES = (("Alien City", "aliencity", 0x61, "two builders, one city"),
         ("Skyscrapers", "skyscrapers", 0x73, "a solitaire city puzzle"),
         ("Alheimur", "alheimur", 0x68, "2-8 players, many worlds"))
_IDLE = (0xFF2000, 0xFFFFFF, 0x0040FF, 0xFFFFFF, 0x00C020)

def saved_games():
    """(row title, row of GAMES) of every game that has a game to
    continue, the one saved most recently first (the store keeps its
    sections in that order). The launcher's, not the store's: the store
    stays resident while a game runs and needs none of this."""
    out = []
    for tag in store.order:
        if store.game(tag)[1] is None:
            continue
        for i in range(len(GAMES)):
            if GAMES[i][2] == tag and GAMES[i][1]:
                out.append(("Continue " + GAMES[i][0], i))
    return out


def note_text():
    """What the store has to say after loading, in words (None: nothing):
    what a power cut during a save lost, or the store's own note."""
    if not store.lost:
        return store.note
    names = []
    for t in store.lost:
        if t == SETTINGS:
            names.append("settings")
        elif t == BESTS:
            names.append("best scores")
        elif t == RECORD:
            names.append("last record")
        else:
            for g in GAMES:
                if g[2] == t:
                    names.append(g[0] + " game")
    return ("The power went off during a save. Lost: " + ", ".join(names)
            + ". All else is kept.")


def show_note(text):
    """The store's news on a page of its own, until A."""
    from ui.text import split_lines
    from ui.textview import TextView
    tv = TextView()
    lines, _ = split_lines(text, 26, 7)
    tv.show("Saved games", tuple(lines), "A: go on",
            None, palette.BAD if store.note_alarm else palette.TITLE)
    tv.run(hw, fx, (boards.A,))
    TextView = None
    forget("ui.textview")


def idle_pixels():
    n = len(hw.pixels)
    for i in range(n):
        hw.pixels[i] = _IDLE[i] if n > 1 else 0x404040
    hw.pixels.show()


def build(c):
    """c: the number of "Continue" rows on top. Two or more: the title in
    the small font, so that every row still fits above the message line."""
    root = displayio.Group()
    n = c + 5
    if c < 2:
        root.append(Label(terminalio.FONT, text="City Games", color=palette.TITLE,
                          scale=2, anchor_point=(0.5, 0.5),
                          anchored_position=(80, 13)))
        if c:
            menu = Menu(root, 14, 33, n, step=13, width=21)
        else:
            menu = Menu(root, 14, 38, n, step=15, width=21)
        msg = MessageLine(root, 4, 110, width=26, lines=1)
    else:
        root.append(Label(terminalio.FONT, text="City Games", color=palette.TITLE,
                          anchor_point=(0.5, 0), anchored_position=(80, 1)))
        menu = Menu(root, 14, 20, n, step=12, width=21)
        msg = MessageLine(root, 4, 115, width=26, lines=1)
    return root, menu, msg


def show(menu, msg, cont):
    c = len(cont)
    for i in range(c):
        menu.set(i, cont[i][0])
    for i in range(len(GAMES)):
        name, mod = GAMES[i][0], GAMES[i][1]
        if mod:
            menu.set(i + c, name)
        else:
            menu.set(i + c, name + " " * (13 - len(name)) + "coming", enabled=False)
    menu.set(3 + c, "Sound: " + ("on" if settings.sound else "off"))
    menu.set(4 + c, "Brightness: %d/%d" % (settings.light, LEVELS))
    sel = menu.sel - c
    if sel < 0:
        msg.show("A: back to your game", palette.DIM)
    elif sel < len(GAMES):
        msg.show(GAMES[sel][3], palette.DIM)
    elif sel == 3:
        msg.show("left/right or A to change", palette.DIM)
    else:
        msg.show("</>: dimmer / brighter", palette.DIM)
    display.refresh()


def run(hw_, store_, fx_, sel):
    """Run the launcher until a game is picked: (its row in GAMES, its
    package, continue its saved game?). The settings are read from the
    store here (their code is not kept loaded while a game runs)."""
    global hw, settings, store, fx, display
    hw, store, fx = hw_, store_, fx_
    settings = Settings(store)
    display = hw.display
    buttons = hw.buttons()
    note = note_text()
    store.note = None
    store.lost = b""
    if note:
        show_note(note)
    cont = saved_games()
    c = len(cont)
    root, menu, msg = build(c)
    menu.select(0 if c else sel)
    display.root_group = root
    idle_pixels()
    show(menu, msg, cont)
    sound_row = 3 + c
    light_row = 4 + c
    while True:
        ev = fx.next_press(buttons)
        k = ev.key
        if k == boards.UP or k == boards.DOWN:
            d = 1 if k == boards.DOWN else -1
            menu.move(d)
            while not menu.enabled[menu.sel]:   # a row that does nothing
                menu.move(d)
            fx.sound(MOVE)
        elif (menu.sel == sound_row or menu.sel == light_row) and ev.repeat:
            continue          # a held d-pad's repeats: one change a press
        elif menu.sel == sound_row and k in (boards.A, boards.LEFT, boards.RIGHT):
            settings.sound = not settings.sound
            settings.apply(hw)
            settings.keep()
            fx.sound(MOVE)
        elif menu.sel == light_row and k in (boards.A, boards.LEFT, boards.RIGHT):
            # No wrap: left at the dimmest (or right at the brightest)
            # stays there, rather than jumping to the other end.
            v = settings.light + (-1 if k == boards.LEFT else 1)
            if not 1 <= v <= LEVELS:
                fx.sound(ILLEGAL)
                continue
            settings.light = v
            settings.apply(hw)
            settings.keep()
            idle_pixels()
        elif k == boards.A and menu.sel < c:
            fx.sound(((880, 80),))
            saving.write(store)       # the settings, once, as the launcher is left
            i = cont[menu.sel][1]
            return i, GAMES[i][1], True
        elif k == boards.A and menu.sel - c < len(GAMES):
            mod = GAMES[menu.sel - c][1]
            if mod:
                fx.sound(((880, 80),))
                saving.write(store)
                return menu.sel - c, mod, False
            msg.show("not yet: " + GAMES[menu.sel - c][3], palette.BAD)
            display.refresh()
            continue
        show(menu, msg, cont)
