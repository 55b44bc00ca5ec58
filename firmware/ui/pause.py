"""The pause menu every game shares (Start on the board).

The game names its items, in order, from: resume, undo, hint, finish,
all worlds, computers, replay, rules, restart, quit. Finish, restart and quit
ask "sure?" first (No is highlighted), so a stray press never ends a game. B
or Start resumes. Under "resume" a game's rules module may say, in one
line, the rule of the decision at hand (its ``now(game)``, where the app
module says ``RULES_NOW = True``): the rules one key (Start) away.
"computers" is a setting, changed in place (left/right or A; a held
button's repeats change nothing): how computer players are shown, kept
with the settings and written with the next save.
"""

import displayio
import terminalio

import boards
from ui import palette
from ui.menu import Menu
from ui.text import Label, MessageLine

# The items that ask "sure?" first, and what the question's screen says.
_SURE = {"finish": "no plays after it", "restart": "this game is lost",
         "quit": "the game stays saved"}
_HELP = {
    "resume": "back to the board",
    "undo": "take back the last move",
    "hint": "a move the computer likes",
    "finish": "end the game and score it",
    "all worlds": "every world at a glance",
    "computers": "</>: fast, each, step by A",
    "replay": "step through the game",
    "rules": "the rules in short",
    "restart": "the same deal, from move 1",
    "quit": "back to the launcher",
}


# The menu's title (fits the title line whole: tests/test_messages.py)
M_PAUSED = "Paused  (seed %d)"                         # the dealt seed
M_PAUSED_LOADED = "Paused  (loaded game)"              # dealt seed 0: from the desktop


def _screen(s, title, items):
    root = displayio.Group()
    root.append(Label(terminalio.FONT, text=title, color=palette.TITLE,
                      anchor_point=(0, 0), anchored_position=(4, 1)))
    m = Menu(root, 30, 22, len(items), step=13, width=14)
    msg = MessageLine(root, 4, 115, width=26, lines=1)
    for i in range(len(items)):
        m.set(i, items[i] if items[i] != "computers" else _pace_row(s))
    s.display.root_group = root
    return root, m, msg


def menu(s, items):
    """Run the menu for session ``s``; the chosen word ('resume' for B or
    Start). "rules" is shown here and the menu comes back."""
    d = s.setup.dealt
    title = M_PAUSED % d if d else M_PAUSED_LOADED
    root, m, msg = _screen(s, title, items)
    now = _now(s)
    while True:
        word = items[m.sel]
        msg.show(now if word == "resume" and now else _HELP.get(word, ""), palette.DIM)
        s.display.root_group = root
        s.refresh()
        k = s.key()
        if k == boards.UP or k == boards.DOWN:
            m.move(1 if k == boards.DOWN else -1)
        elif k == boards.B or k == boards.START:
            return "resume"
        elif word == "computers":
            if not s.repeat and k in (boards.A, boards.LEFT, boards.RIGHT):
                _change_pace(s, -1 if k == boards.LEFT else 1)
                m.set(m.sel, _pace_row(s))
        elif k == boards.A:
            if word == "rules":
                rules(s)
            elif word not in _SURE or _sure(s, word):
                return word
            sel = m.sel
            root, m, msg = _screen(s, title, items)
            m.select(sel)


def _now(s):
    """The rules module's line about the decision at hand ("" without one);
    the module is loaded for it and dropped (as the rules screen does).
    Only an app that says it has one loads it (from .py each load compiles)."""
    if not getattr(s.app, "RULES_NOW", False):
        return ""
    from lazy import forget
    mod = __import__(s.app.RULES_MODULE, None, None, ["RULES"])
    text = mod.now(s.game)
    mod = None
    forget(s.app.RULES_MODULE)
    return text


def _pace_row(s):
    from lazy import forget
    from ui.settings import PACES
    text = "computers: " + PACES[s.hw.pace]
    PACES = None
    forget("ui.settings")
    return text


def _change_pace(s, d):
    """The next way of showing computers (wrapping), into the settings
    (the store writes them with the next save, not now)."""
    from lazy import forget
    from ui.settings import PACES, Settings
    st = Settings(s.store)
    st.pace = s.hw.pace = (s.hw.pace + d) % len(PACES)
    st.keep()
    st = Settings = PACES = None
    forget("ui.settings")


def _sure(s, word):
    """'sure? restart' / 'sure? quit': True only for A on "yes"."""
    root = displayio.Group()
    root.append(Label(terminalio.FONT, text=word + ": sure?", color=palette.TITLE,
                      anchor_point=(0, 0), anchored_position=(4, 1)))
    m = Menu(root, 30, 40, 2, step=16, width=14)
    m.set(0, "no, go back")
    m.set(1, "yes, " + word)
    msg = MessageLine(root, 4, 115, width=26, lines=1)
    msg.show(_SURE[word], palette.DIM)
    s.display.root_group = root
    while True:
        s.refresh()
        k = s.key()
        if k == boards.UP or k == boards.DOWN:
            m.move(1)
        elif k == boards.A:
            return m.sel == 1
        elif k == boards.B or k == boards.START:
            return False


def rules(s):
    """The game's rules (its RULES_MODULE), scrolled until B, A or Start."""
    from lazy import forget
    from ui.textview import TextView
    mod = __import__(s.app.RULES_MODULE, None, None, ["RULES"])
    tv = TextView()
    tv.show(s.app.TITLE + " rules", mod.RULES, "up/down scroll, B back")
    tv.run(s.hw, s.fx, (boards.A, boards.B, boards.START))
    tv = mod = None
    forget(s.app.RULES_MODULE)
    forget("ui.textview")
