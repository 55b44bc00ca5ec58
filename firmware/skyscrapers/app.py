"""Skyscrapers on the handheld: new game -> board -> scoring, and back.

``run(hw, settings, fx, resume)`` is what the launcher calls; it returns
when the player quits. Best scores are kept per seed and options in the
save store (``store.best`` / ``set_best``, key ``sky<seed>/<options>``).
"""

import gc
import os
import time

import displayio
import terminalio

import boards
from skyscrapers import sprites
from skyscrapers.deal import new_game
from skyscrapers.engine import OVER_STACKS, VAR1, VAR2, play_text
from skyscrapers.scoring import bound
from skyscrapers.screen import CHOOSE, Screen
from ui import palette
from ui.fx import END, ILLEGAL, MOVE, PLACE
from ui.menu import Menu
from ui.message import MessageLine
from ui.text import Label
from ui.textview import TextView

RULES = (
    "Make the city score high.",
    "Stack: a single tile onto",
    "a tile or stack of its",
    "suit next to it, with a",
    "pawn (work crew) next to",
    "the moving tile. Its cell",
    "becomes a coin. Stacks",
    "never move; no pawn on",
    "either tile.",
    "Slide: a tile or coin next",
    "to the hole into it (not",
    "one holding a pawn).",
    "Pawn: straight, any",
    "distance, onto its suit;",
    "never over pawns, the",
    "hole or stacks. On a stack",
    "it stays for good.",
    "Score: stack of 2-3: 1 a",
    "tile; 4+: 2 a tile; pawn",
    "on top x2. Coin: 3 if no",
    "tile or stack next to it",
    "and no pawn on it.",
    "Variant 1: nulls never",
    "move. Variant 2: at most",
    "3 tile slides in a row.",
    "Target: the most any",
    "position could score.",
)
PAUSE = ("resume", "undo", "finish", "rules", "restart", "quit")


def best_key(seed, options):
    """The store key of the best score for ``seed`` and ``options``:
    'sky<seed>/<options>', and 'sky<seed>/<options>d2' (deal 2) with
    variant 1, whose deal changed (issue 21): a best of the old deal is
    never read for the new one."""
    if options & VAR1:
        return "sky%d/%dd2" % (seed, options)
    return "sky%d/%d" % (seed, options)


def _fresh_seed():
    try:
        b = os.urandom(2)
        return (b[0] << 8 | b[1]) % 999 + 1
    except (AttributeError, NotImplementedError, OSError):
        return time.monotonic_ns() % 999 + 1


def _wait(hw, fx):
    buttons = hw.buttons()
    while True:
        fx.update()
        ev = buttons.get()
        if ev is None:
            time.sleep(0.01)
            continue
        if ev.pressed:
            return ev.key


class Setup:
    def __init__(self):
        self.seed = 0        # 0: a fresh seed each game
        self.options = 0
        self.dealt = 1


def ask(hw, fx, st):
    """The new-game screen. True to start, False to go back."""
    root = displayio.Group()
    root.append(Label(terminalio.FONT, text="Skyscrapers", color=palette.TITLE,
                      scale=2, anchor_point=(0.5, 0), anchored_position=(80, 0)))
    m = Menu(root, 10, 34, 5, step=14, width=23)
    msg = MessageLine(root, 4, 104, width=26, lines=2)
    m.select(4)
    flags = (VAR1, VAR2, OVER_STACKS)
    names = ("Variant 1 (nulls stay)", "Variant 2 (3 slides)", "Pawns over stacks")
    while True:
        m.set(0, "Seed: " + (str(st.seed) if st.seed else "random"))
        for i in range(3):
            m.set(i + 1, names[i][:17] + (" on" if st.options & flags[i] else " off"))
        m.set(4, "Start")
        msg.show("up/down rows, left/right change, A start, B back", palette.DIM)
        hw.display.root_group = root
        hw.display.refresh()
        k = _wait(hw, fx)
        if k == boards.UP or k == boards.DOWN:
            m.move(1 if k == boards.DOWN else -1)
            fx.sound(MOVE)
        elif k == boards.B:
            return False
        elif k == boards.START or (k == boards.A and m.sel == 4):
            return True
        elif m.sel == 0 and k in (boards.LEFT, boards.RIGHT):
            st.seed = (st.seed + (1 if k == boards.RIGHT else -1)) % 1000
        elif 1 <= m.sel <= 3 and k in (boards.LEFT, boards.RIGHT, boards.A):
            st.options ^= flags[m.sel - 1]


def run(hw, settings, fx, resume=None):
    store = getattr(settings, "store", None)
    sheet = sprites.make()
    gc.collect()
    st = Setup()
    while True:
        if not ask(hw, fx, st):
            return
        st.dealt = st.seed or _fresh_seed()
        while True:
            out = play(hw, fx, sheet, st, store)
            if out != "restart":
                break
        if out == "quit":
            return


def _best(store, st):
    if store is None:
        return None
    return store.best(best_key(st.dealt, st.options))


def play(hw, fx, sheet, st, store):
    """One game. Returns 'quit', 'restart' or 'new'."""
    game = new_game(st.dealt, st.options)
    scr = Screen(hw, sheet, game, _best(store, st))
    scr.target = bound(game)
    display = hw.display
    buttons = hw.buttons()
    display.root_group = scr.root
    scr.redraw()
    scr.say("seed %d. A: plays of the piece under the cursor" % st.dealt, palette.DIM)
    fx.steady(palette.PX_W)
    display.refresh()
    buttons.clear()
    while True:
        ev = fx.next_press(buttons)
        k = ev.key
        if scr.mode == CHOOSE:
            if k == boards.A:
                m = scr.chosen()
                text = play_text(m, game)
                game.play(m)
                fx.sound(PLACE)
                scr.close_plays(to_home=False)
                after(scr, fx, text)
            elif k == boards.B:
                scr.close_plays()
                scr.say("", palette.DIM)
            elif k <= boards.RIGHT:
                scr.next_pick(1 if k in (boards.RIGHT, boards.DOWN) else -1)
                fx.sound(MOVE)
            display.refresh()
            continue
        if k <= boards.RIGHT:
            scr.move_cursor(k)
            if scr.msg.label.color == palette.BAD:
                scr.say("", palette.DIM)
        elif k == boards.A:
            if game.over():
                out = finish(hw, fx, scr, st, store)
                if out != "board":
                    return out
                display.root_group = scr.root
            elif not scr.open_plays():
                fx.sound(ILLEGAL)
                fx.flash(palette.PX_BAD)
        elif k == boards.B:
            undo(scr)
        elif k == boards.START:
            out = pause(hw, fx, scr, st, store)
            if out != "resume":
                return out
            display.root_group = scr.root
        display.refresh()


def undo(scr):
    if scr.game.undo():
        scr.redraw()
        scr.say("undone", palette.DIM)
    else:
        scr.say("nothing to undo", palette.DIM)


def after(scr, fx, text):
    scr.redraw()
    if scr.game.over():
        fx.sound(END)
        fx.steady(palette.PX_WIN)
        scr.say("%s. No play left: A for the score" % text, palette.TITLE)
    else:
        scr.say(text, palette.DIM)


def pause(hw, fx, scr, st, store):
    root = displayio.Group()
    root.append(Label(terminalio.FONT, text="Paused  (seed %d)" % st.dealt,
                      color=palette.TITLE, anchor_point=(0, 0),
                      anchored_position=(4, 1)))
    m = Menu(root, 30, 24, len(PAUSE), step=14, width=14)
    for i in range(len(PAUSE)):
        m.set(i, PAUSE[i])
    while True:
        hw.display.root_group = root
        hw.display.refresh()
        k = _wait(hw, fx)
        if k == boards.UP or k == boards.DOWN:
            m.move(1 if k == boards.DOWN else -1)
            continue
        if k == boards.B or k == boards.START:
            choice = "resume"
        elif k == boards.A:
            choice = PAUSE[m.sel]
        else:
            continue
        if choice == "rules":
            tv = TextView()
            tv.show("Skyscrapers rules", RULES, "up/down scroll, B back")
            tv.run(hw, fx, (boards.A, boards.B, boards.START))
            tv = None
            continue
        break
    root = None
    gc.collect()
    if choice == "undo":
        hw.display.root_group = scr.root
        undo(scr)
        return "resume"
    if choice == "finish":
        out = finish(hw, fx, scr, st, store)
        return "resume" if out == "board" else out
    return choice


def finish(hw, fx, scr, st, store):
    """The scoring screen; keeps the best score. Returns 'new', 'quit' or
    'board'."""
    from skyscrapers import results
    g = scr.game
    rows = results.lines(g)
    total = scr.total
    best = _best(store, st)
    if store is not None and (best is None or total > best):
        try:
            store.set_best(best_key(st.dealt, st.options), total)
            rows.append("a new best for this seed!")
        except ValueError:
            rows.append("(best scores full)")
        scr.best = total
    elif best is not None:
        rows.append("best for this seed: %d" % best)
    rows = tuple(rows)
    tv = TextView()
    tv.show("Score %d of %d" % (total, scr.target), rows, "A new  B board  Start quit")
    fx.steady(palette.PX_WIN)
    k = tv.run(hw, fx, (boards.A, boards.B, boards.START))
    tv = None
    results = None
    gc.collect()
    if k == boards.B:
        hw.display.root_group = scr.root
        scr.draw_panel()
        return "board"
    return "new" if k == boards.A else "quit"
