"""Alien City on the handheld: new game -> board -> scoring, and back.

``run(hw, settings, fx, resume)`` is what the launcher calls; it returns
when the player quits to the launcher. The game is autosaved in the save
store (``store.py``, ``aliencity/save.py``) after every move and undo, and
forgotten when it ends; ``resume`` (the saved bytes) continues it. The
last finished game's record is kept in the NVM (see ``save_record``) so it
can be read back (tests, a later export).

Memory: ``ai`` (code and buffers, about 24 KB) is imported at the first
computer move or hint and dropped when the game ends; ``record``, the pause
menu, the text view and the scoring screen only while they are used. A
hot-seat game never loads the AI.
"""

import gc
import os
import sys
import time

from micropython import const

import boards
from aliencity import save, sprites
from aliencity.deal import deal
from aliencity.engine import CLASSIC, OVER, Game
from aliencity.geometry import KIND_NAMES, NONE, PLAYER_NAMES, lot_name
from aliencity.newgame import Setup, ask
from aliencity.screen import CLAIMING, DISTANCE, PLAY, Screen
from prng import Rng
from ui import palette
from ui.fx import END, MOVE

# The last finished game: nvm[RECORD_AT:] = b"ACR" + 2-byte length + text.
RECORD_AT = const(4096)
_THINK_MS = {"easy": 600, "medium": 1500, "hard": 3000}
_SHOW_MS = const(350)       # a computer's build stays in view this long
_CHEAPER = {"hard": "medium", "medium": "easy", "easy": "random"}
NAME = "aliencity"          # the autosave's game name in the store

# The game being played and where it is saved (set by run()).
current = None
_store = None
_setup = None


def now_us():
    return time.monotonic_ns() // 1000


def _forget(full):
    """Drop a loaded module ("pkg.name") so its code can be collected (the
    package keeps an attribute too); the next import loads it again."""
    if full in sys.modules:
        del sys.modules[full]
        i = full.rfind(".")
        pkg = sys.modules.get(full[:i])
        if pkg is not None and hasattr(pkg, full[i + 1:]):
            delattr(pkg, full[i + 1:])


def _drop_ai():
    """Give back the AI's buffers and code, if it was ever loaded (never
    imports it just to release it)."""
    ai = sys.modules.get("aliencity.ai")
    if ai is None:
        return
    ai.release()
    ai = None
    _forget("aliencity.ai")
    _forget("aliencity.ai_eval")
    gc.collect()


def save_record(nvm, game):
    from aliencity import record  # only at the end of a game
    text = record.write(game).encode()
    record = None
    _forget("aliencity.record")
    n = len(text)
    if n + 5 > len(nvm) - RECORD_AT:
        return False
    nvm[RECORD_AT:RECORD_AT + 5 + n] = b"ACR" + bytes((n >> 8, n & 255)) + text
    return True


def load_record(nvm):
    head = nvm[RECORD_AT:RECORD_AT + 5]
    if head[0:3] != b"ACR":
        return None
    n = head[3] << 8 | head[4]
    if n > len(nvm) - RECORD_AT - 5:
        return None
    try:
        return bytes(nvm[RECORD_AT + 5:RECORD_AT + 5 + n]).decode()
    except UnicodeError:
        return None


def autosave(game):
    """Save the game in the store after a change (only changed bytes are
    written); a finished game is forgotten."""
    if _store is None:
        return
    if game.over():
        _store.set_game(NAME, None)
    else:
        _store.set_game(NAME, save.encode(_setup, game))


def fault(name):
    """A developer's injected fault (store.Store.fault)."""
    return _store is not None and _store.fault(name)


def _fresh_seed():
    try:
        b = os.urandom(2)
        s = (b[0] << 8 | b[1]) % 999 + 1
    except (AttributeError, NotImplementedError, OSError):
        s = time.monotonic_ns() % 999 + 1
    return s


def run(hw, settings, fx, resume=None):
    global _store, _setup, current
    sheet = sprites.make()
    gc.collect()
    st = Setup()
    save.unpack_options(st, settings.options)
    _store = settings.store
    game = None
    if resume is not None:
        try:
            game = save.decode(resume, st)
        except (ValueError, IndexError):
            _store.set_game(NAME, None)   # set aside: the new-game screen
            st = Setup()
            save.unpack_options(st, settings.options)
            game = None
    try:
        while True:
            if game is None:
                if not ask(hw, fx, st):
                    return
                settings.options = save.pack_options(st)
                settings.save()
                st.dealt = st.seed or _fresh_seed()
            _setup = st
            while True:
                out = play(hw, fx, sheet, st, game)
                game = None
                if out != "restart":
                    break
            if out == "quit":
                return
    finally:
        _drop_ai()
        current = None


def _turn_pixels(fx, game, seats):
    p = game.to_move
    if p == OVER:
        fx.steady(palette.PX_WIN)
    else:
        fx.steady(palette.PX_W if p == 0 else palette.PX_B)


def play(hw, fx, sheet, st, game=None):
    """One game (``game``: a restored one). Returns 'quit', 'restart' or
    'new'."""
    global current
    tiles, icons, values, first, rolls = deal(st.dealt, st.rules)
    if game is None:
        game = Game(tiles, icons, values, st.rules, st.open_streets,
                    st.location_bonus and st.rules == CLASSIC, first)
    else:
        rolls = None
    current = game
    autosave(game)
    seats = st.levels()
    scr = Screen(hw, fx, sheet, game, seats)
    rng = Rng(st.dealt * 7 + 1)
    display = hw.display
    buttons = hw.buttons()
    display.root_group = scr.root
    scr.first_kind()
    scr.redraw()
    intro = "seed %d" % st.dealt
    if game.nbuilds:
        intro = "continued at build %d" % (game.nbuilds + 1)
    elif rolls:
        dw, db = rolls[-1]
        intro = "dice W %d, B %d: %s first" % (sum(dw), sum(db), PLAYER_NAMES[first])
    prompt(scr, intro)
    _turn_pixels(fx, game, seats)
    display.refresh()
    buttons.clear()
    over_at = None
    while True:
        fx.update()
        g = game
        if g.to_move == OVER and scr.mode != CLAIMING:
            if over_at is None:
                over_at = time.monotonic()
                _drop_ai()          # room for the record and the scores
                save_record(hw.nvm, g)
                fx.steady(palette.PX_WIN)
                fx.sound(END)
                scr.show_state("game over", palette.TITLE)
                scr.say("game over! A: the scores", palette.TITLE)
                scr.redraw()
                display.refresh()
            elif time.monotonic() - over_at > 4:
                out = scores(hw, fx, scr)
                if out != "board":
                    return out
                display.root_group = scr.root
                display.refresh()
                over_at = time.monotonic()
        elif scr.mode == PLAY and seats[g.to_move] is not None:
            computer_turn(hw, fx, scr, rng)
            continue
        ev = buttons.get()
        if ev is None:
            time.sleep(0.01)
            continue
        if not ev.pressed:
            continue
        k = ev.key
        if g.to_move == OVER and scr.mode != CLAIMING and scr.mode != DISTANCE:
            if k == boards.SELECT:
                scr.toggle_distance()
            elif k == boards.A or k == boards.START:
                over_at = -100.0   # straight to the scores
                continue
            elif k <= boards.RIGHT:
                scr.move_cursor(k)
            display.refresh()
            continue
        if scr.mode == CLAIMING:
            if k == boards.A:
                scr.claim(scr.cur)
                after_build(scr, "%s claimed %s" % (PLAYER_NAMES[scr.claimer], lot_name(scr.cur)))
            elif k == boards.B:
                after_build(scr, "no claim")
            elif k == boards.LEFT or k == boards.UP:
                scr.next_claim(-1)
            elif k == boards.RIGHT or k == boards.DOWN:
                scr.next_claim(1)
            display.refresh()
            continue
        if scr.mode == DISTANCE:
            if k <= boards.RIGHT:
                scr.move_cursor(k)
                scr.show_distance()
            elif k == boards.SELECT or k == boards.B:
                scr.toggle_distance()
                scr.update_legal()
                scr.draw_lots()
                if g.to_move == OVER:
                    scr.say("game over! A: the scores", palette.TITLE)
                else:
                    prompt(scr)
            display.refresh()
            continue
        # PLAY, a human to move
        if k <= boards.RIGHT:
            scr.move_cursor(k)
            if scr.msg.text and scr.msg.label.color == palette.BAD:
                prompt(scr)
        elif k == boards.A:
            if fault("crash"):
                raise RuntimeError("injected fault (crash)")
            if scr.try_build() and scr.mode != CLAIMING:
                after_build(scr, "")
        elif k == boards.B:
            scr.next_kind()
            scr.update_legal()
            scr.draw_lots()
            scr.draw_panel()
            prompt(scr)
            fx.sound(MOVE)
        elif k == boards.SELECT:
            scr.toggle_distance()
        elif k == boards.START:
            out = pause(hw, fx, scr, st, rng)
            if out in ("quit", "restart"):
                return out
        display.refresh()


def prompt(scr, extra=""):
    g = scr.game
    if g.to_move == OVER:
        return
    if scr.seats[g.to_move] is None:
        scr.human_prompt()
        if extra:
            scr.say(extra, palette.DIM)
    else:
        scr.show_state("%s: %s" % (PLAYER_NAMES[g.to_move], scr.seats[g.to_move]),
                       palette.W_TEXT if g.to_move == 0 else palette.B_TEXT)
        scr.say(extra, palette.DIM)


def after_build(scr, text):
    """The position changed: redraw, pixels, prompt the next player."""
    scr.end_claim()
    autosave(scr.game)
    scr.first_kind()
    scr.redraw()
    _turn_pixels(scr.fx, scr.game, scr.seats)
    prompt(scr, text)


def _load_ai():
    """The AI module, imported at its first use (a hot-seat game never
    pays for it); collect first so its code finds room in one piece."""
    if "aliencity.ai" not in sys.modules:
        gc.collect()
    from aliencity import ai
    return ai


def _thinking(fx, buttons, keys):
    """(progress, should_stop, hit) for ai.choose while it thinks: the
    NeoPixels follow the search, and should_stop() is True once one of
    ``keys`` (a bit mask of buttons) was pressed; hit[0] says so
    afterwards. It reads every event queued meanwhile, so no press made
    while thinking acts on the board later."""
    hit = [False]

    def progress(frac):
        fx.progress(frac)

    def stop():
        fx.update()             # queued sounds and flashes go on
        while True:
            ev = buttons.get()
            if ev is None:
                return hit[0]
            if ev.pressed and keys >> ev.key & 1:
                hit[0] = True

    return progress, stop, hit


def computer_turn(hw, fx, scr, rng):
    g = scr.game
    p = g.to_move
    level = scr.seats[p]
    scr.show_state("%s thinks" % PLAYER_NAMES[p], palette.TITLE)
    scr.say("computer (%s) is thinking - B: move now" % level, palette.DIM)
    scr.selector.hidden = True
    fx.progress(0.0)
    hw.display.refresh()
    ai = _load_ai()
    buttons = hw.buttons()
    buttons.clear()     # a press made before thinking was meant for the board
    # A or B: move now, with the best build found so far.
    progress, stop, _hit = _thinking(fx, buttons, 1 << boards.A | 1 << boards.B)
    t0 = now_us()
    budget = _THINK_MS.get(level, 1000) * 1000
    n0 = g.nbuilds
    note = ""
    while True:
        try:
            if fault("oom"):
                raise MemoryError("injected fault (oom)")
            kind, lot, cap = ai.choose(g, level, rng, t0 + budget, now_us, progress, stop)
            break
        except MemoryError:
            # A search cut short may leave its trial builds on the board.
            while g.nbuilds > n0:
                g.undo()
            ai.release()
            gc.collect()
            level = _CHEAPER.get(level)
            if level is None:
                raise
            scr.seats[p] = level    # for the rest of this game
            note = "low memory: %s now %s. " % (PLAYER_NAMES[p], level)
    g.play(kind, lot, cap)
    fx.progress(1.0)
    scr.cur = lot
    scr.place_cursor()
    text = note + "%s built %s %s" % (PLAYER_NAMES[p], KIND_NAMES[kind], lot_name(lot))
    if cap != NONE:
        text += ", claimed " + lot_name(cap)
        fx.flash(palette.PX_CLAIM, 400)
        fx.sound(((880, 50), (1320, 70)))
    else:
        fx.sound(((660, 40),))
    after_build(scr, text)
    hw.display.refresh()
    end = time.monotonic() + _SHOW_MS / 1000
    while time.monotonic() < end:
        fx.update()
        time.sleep(0.01)
    buttons.clear()


def pause(hw, fx, scr, st, rng):
    from aliencity import pause as pm
    g = scr.game
    while True:
        choice = pm.menu(hw, fx, "Paused  (seed %d)" % st.dealt)
        if choice == "rules":
            from ui.textview import TextView
            tv = TextView()
            tv.show("Alien City rules", pm.RULES, "up/down scroll, B back")
            tv.run(hw, fx, (boards.A, boards.B, boards.START))
            tv = None
            TextView = None
            _forget("ui.textview")
            continue
        break
    # The menu's code, its screen and the rules text are not needed on the
    # board: let go of all three before collecting.
    hw.display.root_group = scr.root
    pm = None
    _forget("aliencity.pause")
    gc.collect()
    if choice in ("quit", "restart"):
        return choice
    text = ""
    if choice == "undo":
        if g.nbuilds == 0:
            text = "nothing to undo"
        else:
            g.undo()
            while g.nbuilds and scr.seats[g.to_move] is not None:
                g.undo()
            text = "undone"
            autosave(g)
        scr.mode = PLAY
        scr.first_kind()
        scr.redraw()
        _turn_pixels(fx, g, scr.seats)
    elif choice == "hint" and g.to_move != OVER:
        scr.say("thinking of a hint - B: cancel", palette.DIM)
        fx.progress(0.0)
        hw.display.refresh()
        ai = _load_ai()
        buttons = hw.buttons()
        buttons.clear()
        progress, stop, hit = _thinking(fx, buttons, 1 << boards.B)
        t0 = now_us()
        n0 = g.nbuilds
        try:
            if fault("oomhint"):
                raise MemoryError("injected fault (oomhint)")
            kind, lot, cap = ai.choose(g, "medium", rng, t0 + 1500000, now_us, progress, stop)
        except MemoryError:
            # No hint is worth the game: put back any trial builds, give
            # the buffers back and say so.
            while g.nbuilds > n0:
                g.undo()
            ai.release()
            ai = None
            gc.collect()
            _turn_pixels(fx, g, scr.seats)
            prompt(scr)
            scr.say("no hint: not enough memory", palette.BAD)
            hw.display.refresh()
            return "resume"
        stop()      # a B after the search's last look still cancels
        if scr.seats[0] is None and scr.seats[1] is None:
            ai.release()    # hot seat: the buffers go back until the next hint
        ai = None
        _turn_pixels(fx, g, scr.seats)
        if hit[0]:
            # Nothing changed: the search leaves the game as it found it.
            prompt(scr)
            scr.say("hint cancelled", palette.DIM)
            hw.display.refresh()
            return "resume"
        scr.kind = kind
        scr.cur = lot
        scr.place_cursor()
        scr.redraw()
        text = "hint: %s %s" % (KIND_NAMES[kind], lot_name(lot))
        if cap != NONE:
            text += ", claim " + lot_name(cap)
        prompt(scr)
        scr.say(text, palette.GOOD)
        hw.display.refresh()
        return "resume"
    prompt(scr, text)
    hw.display.refresh()
    return "resume"


def scores(hw, fx, scr):
    """The scoring screen. Returns 'new', 'quit' or 'board'."""
    from aliencity import results, scoring
    from ui.textview import TextView
    sc = scoring.score(scr.game)
    rows, cols = results.lines(scr.game, sc)
    win = sc.winner()
    tv = TextView()
    tv.show(results.title(sc), rows, "A new  B board  Start quit", cols,
            palette.W_TEXT if win == 0 else palette.B_TEXT if win == 1 else palette.TITLE)
    fx.steady(palette.PX_W if win == 0 else palette.PX_B if win == 1 else palette.PX_WIN)
    k = tv.run(hw, fx, (boards.A, boards.B, boards.START))
    # Not kept for the next game: it would carry them through its play.
    tv = TextView = results = None
    _forget("aliencity.results")
    _forget("ui.textview")
    gc.collect()
    return "new" if k == boards.A else "board" if k == boards.B else "quit"
