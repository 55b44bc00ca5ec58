"""The new-game screen: who plays each seat, rule set, options, seed."""

import displayio
import terminalio
from micropython import const

import boards
from aliencity.engine import CLASSIC, STANDALONE
from ui import palette
from ui.fx import MOVE
from ui.menu import Menu
from ui.message import MessageLine
from ui.text import Label

SEATS = ("human", "easy", "medium", "hard")
_W = const(0)
_B = const(1)
_RULES = const(2)
_STREETS = const(3)
_BONUS = const(4)
_SEED = const(5)
_START = const(6)
_ROWS = const(7)
_HELP = (
    "left/right: who plays W",
    "left/right: who plays B",
    "standalone or classic rules",
    "open: dead ground allowed",
    "classic: tile values pay",
    "left/right; hold for speed",
    "A: deal the city and play",
)


class Setup:
    """What the new-game screen decides."""

    def __init__(self):
        self.seats = [0, 1]        # indexes into SEATS (W human, B easy)
        self.rules = STANDALONE
        self.open_streets = False
        self.location_bonus = False
        self.seed = 0              # 0: shuffle (a fresh seed each game)
        self.dealt = 1             # the seed of the city being played

    def levels(self):
        """Per player: None for a human, else the AI level."""
        return [None if s == 0 else SEATS[s] for s in self.seats]


def _texts(st):
    bonus = "on" if st.location_bonus else "off"
    return (
        "W: " + SEATS[st.seats[0]],
        "B: " + SEATS[st.seats[1]],
        "rules: " + ("classic" if st.rules == CLASSIC else "standalone"),
        "streets: " + ("open" if st.open_streets else "as written"),
        "location bonus: " + (bonus if st.rules == CLASSIC else "-"),
        "seed: " + (str(st.seed) if st.seed else "shuffle"),
        "start the game",
    )


def _change(st, row, d):
    if row == _W or row == _B:
        st.seats[row] = (st.seats[row] + d) % len(SEATS)
    elif row == _RULES:
        st.rules = CLASSIC if st.rules == STANDALONE else STANDALONE
    elif row == _STREETS:
        st.open_streets = not st.open_streets
    elif row == _BONUS:
        if st.rules == CLASSIC:
            st.location_bonus = not st.location_bonus
    elif row == _SEED:
        st.seed = (st.seed + d) % 1000


def ask(hw, fx, st):
    """Run the screen. True to play with ``st``, False to go back."""
    root = displayio.Group()
    root.append(Label(terminalio.FONT, text="Alien City: new game",
                      color=palette.TITLE, anchor_point=(0, 0),
                      anchored_position=(4, 1)))
    menu = Menu(root, 6, 22, _ROWS, step=13, width=24)
    msg = MessageLine(root, 4, 112, width=26, lines=1)
    menu.select(_START)
    display = hw.display
    display.root_group = root
    buttons = hw.buttons()

    def show():
        t = _texts(st)
        for i in range(_ROWS):
            menu.set(i, t[i], enabled=(i != _BONUS or st.rules == CLASSIC))
        msg.show(_HELP[menu.sel] if menu.sel < _START else "A start, B back",
                 palette.DIM)
        display.refresh()

    show()
    while True:
        ev = fx.next_press(buttons)
        k = ev.key
        if k == boards.UP or k == boards.DOWN:
            menu.move(1 if k == boards.DOWN else -1)
        elif k == boards.LEFT or k == boards.RIGHT:
            if menu.sel != _START:
                _change(st, menu.sel, 1 if k == boards.RIGHT else -1)
                fx.sound(MOVE)
        elif k == boards.A:
            if menu.sel == _START:
                return True
            _change(st, menu.sel, 1)
        elif k == boards.B:
            return False
        elif k == boards.START:
            return True
        show()
