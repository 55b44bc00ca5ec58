"""Alheimur through the real app (firmware/code.py in the headless
simulator), played by tools/bot_alheimur.py pressing buttons as a player would:
the new-game screen's defaults, whole games human vs computer and all
computers, the hot seat's hand-over, Continue after a power-off, the
scoring screen's numbers against the engine's scoring. Every decision
point's game is checked by the fuzzer's AlhChecker on the way.
"""

import sys

import inprocess
import pytest
import saves
from bot_alheimur import board_frame, frame_of, play, waiting_on_board

from alheimur.scoring import quarters_text, score

S3 = ("human", "random", "random")


_process_as_it_was = pytest.fixture(autouse=True, name="_process_as_it_was")(
    inprocess.as_it_was)


def test_new_game_opens_on_start_with_two_seats_human_and_computer():
    seen = {}

    def at_new_game(bot):
        f = frame_of("ask", "newgame.py")
        if f is None:
            return False
        st, menu, rows = f.f_locals["st"], f.f_locals["menu"], f.f_locals["rows"]
        seen["sel"], seen["start"], seen["c"] = menu.sel, rows.start, rows.c
        seen["text"] = menu.texts[menu.sel].strip()
        seen["seats"] = st.levels()
        return True

    play(seats=("human", "random"), seed=5, until=at_new_game)
    assert seen["seats"] == [None, "easy"]            # seat 1 human, seat 2 a computer (easy)
    assert seen["c"] == 0                             # no saved game: no "continue" row
    assert seen["sel"] == seen["start"] and seen["text"] == "start a new game"


def _check_scores(bot, nplayers):
    """The scoring screen's title and lines say what alheimur.scoring says;
    its first line and the board's top line say which end came."""
    title, lines = bot.scored
    sc = score(bot.game)
    best = quarters_text(sc.totals[sc.winners[0]])
    assert title.endswith(": " + best), title
    from alheimur import ending, results, words
    for p in range(nplayers):
        head = "%s %s: %s" % (words.LETTERS[p], words.NAMES[p], quarters_text(sc.totals[p]))
        assert head in lines, (head, lines[:8])
    assert len(lines) == 1 + nplayers * 10
    assert all(len(t) <= 26 for t in lines)
    g = bot.game
    assert g.end_cause() and lines[0] == results.lines(g)[1][0]
    assert lines[0].startswith("end: ")
    assert bot.board.scr.turn.text == ending.S_END == "the end"


@pytest.mark.parametrize("limit,cause,first", [
    (40, 1, "end: 13 pyramids in play"),
    (20, 2, "end: the round limit, 20"),
    (0, 3, "end: one player left"),
    (0, 4, "end: round 200 was played"),
    (0, 5, "end: no pyramid left"),
])
def test_the_scores_say_which_end_came_in_words(limit, cause, first):
    """Clarification 20, issues 28 and 43: the scoring screen's first line
    (and the game-over message) name the end in words; the board's top
    line, 8 characters, says only "the end" (no "13 pyr")."""
    from seeded_alheimur import play as seeded

    from alheimur import results
    from alheimur.layout import R_LAST
    from alheimur.packing import last_reg
    g = seeded(3, 2, limit, stop_at=60)
    g.reg[R_LAST] = last_reg(2, cause)
    assert g.end_cause() == cause and g.last_round() == 2
    assert results.lines(g)[1][0] == first
    assert results.L_END % results.why(g) == first


def test_three_seats_a_person_and_two_computers_to_the_scores():
    """Issue 30's game (a person, two computers, 20 rounds) to the scores;
    at every wait for a press on the way, world building to the scoring
    screen, the panel shows what a fresh redraw would (tools/fresh.py)."""
    bot = play(seats=("human", "random", "random"), seed=3, limit=1, fresh=True,
               until=lambda b: b.scored is not None)
    assert bot.over and bot.game.over()
    assert bot.game.nplayers() == 3
    _check_scores(bot, 3)
    assert bot.fresh.waits >= 200 and bot.fresh.stale == [], bot.fresh.stale[:5]
    assert bot.since > 0               # "since your last turn" came up on the way


def test_eight_computer_seats_play_to_the_end():
    bot = play(seats=("random",) * 8, seed=11, limit=1, careful=False,
               until=lambda b: b.scored is not None, max_presses=4000)
    assert bot.game.over() and bot.game.nplayers() == 8
    assert not bot.handovers                   # no human: nothing to hand over
    _check_scores(bot, 8)


def test_hot_seat_hands_over_between_humans():
    """Two humans: the "pass the game to" screen comes up between their
    decisions, hiding the board, and names the seat that decides next."""
    hidden = []

    def watch(bot):
        f = frame_of("hand_over", "hand_over.py")
        if f is not None:
            s = f.f_locals["s"]
            hidden.append(s.display.root_group is not f.f_locals["back"])
        return False

    bot = play(seats=("human", "human"), seed=5, watch=watch,
               until=lambda b: len(b.handovers) >= 6)
    assert len(bot.handovers) >= 4 and hidden and all(hidden)
    assert bot.since > 0          # after the hand-over: what the other did (issue 30)
    assert all(a != b for a, b in zip(bot.handovers, bot.handovers[1:]))
    assert set(bot.handovers) == {0, 1}


def test_start_on_the_hand_over_opens_the_pause_menu_over_it():
    """Issue 43, item 3: the hot seat's "pass the game to" is a screen
    where a player may stop: Start opens the pause menu there, and resume
    comes back to it with the board still hidden."""
    st = {"t": None, "menu": False, "back": None}

    def watch(bot):
        host = bot.runner.host
        now = host.now_ms()
        if st["t"] is not None and st["t"] >= 0 and now - st["t"] > 30:
            host.set_button("start", False, now)
            st["t"] = -1
        f = frame_of("hand_over", "hand_over.py")
        if f is None:
            return False
        if st["t"] is None and frame_of("key", "ui/session.py") is not None \
                and not bot.runner.release and bot.board is not None:
            host.set_button("start", True, now)
            st["t"] = now
        if frame_of("menu", "pause.py") is not None:
            st["menu"] = True
        elif st["menu"] and st["back"] is None and frame_of("key", "ui/session.py") is not None:
            st["back"] = f.f_locals["s"].display.root_group is f.f_locals["root"]
        return False

    play(seats=("human", "human"), seed=5, watch=watch, max_presses=400,
         until=lambda b: st["back"] is not None)
    assert st["menu"] and st["back"], st


def test_continue_puts_back_the_game_and_its_dice(tmp_path):
    """Into Alheimur's own section, as the shell writes it (ui/saving.py):
    cut the power mid-game (the run just stops), start again, Continue: the
    position and the dice generator of the last write, exactly."""
    import _simhost

    import store
    nvm = tmp_path / "nvm.bin"
    from alheimur import restore
    from alheimur.app import Setup

    def saved_state():
        data = store.Store(bytearray(_simhost.nvm)).game(0x68)[1]
        g = restore.decode(Setup(), data) if data else None
        return g and (bytes(g.state()), g.rng.s0, g.rng.s1)

    # In round 2, on the board, the player stops pressing, until the game as
    # it stands is written (the wait writes 30 s after the last write).
    def written_on_board(b):
        if b.screen != "board" or b.game is None or b.game.round() < 2:
            return False
        b.decide = lambda: None
        g = b.game
        return saved_state() == (bytes(g.state()), g.rng.s0, g.rng.s1)
    play(seats=S3, seed=2, limit=1, nvm=nvm, until=written_on_board)
    s = store.Store(bytearray(nvm.read_bytes()))
    assert saves.last(s) == 0x68 and s.game(0x68)[1] is not None
    saved = restore.decode(Setup(), s.game(0x68)[1])
    assert saved.round() >= 1                 # a write made in play, not at the start
    state, rng = bytes(saved.state()), (saved.rng.s0, saved.rng.s1)
    # The write was made at a wait for a person's press: Continue comes
    # back to that wait, before anything else is played.
    again = play(seats=S3, seed=2, limit=1, nvm=nvm, resume=True,
                 until=lambda b: b.game is not None)
    g2 = again.game
    assert bytes(g2.state()) == state and (g2.rng.s0, g2.rng.s1) == rng


@pytest.mark.parametrize("seed", [4])
def test_three_players_two_computers_as_the_readme_says(seed):
    """The README's game: three seats, seat 1 human, two computers."""
    bot = play(seats=S3, seed=seed, limit=1, until=lambda b: b.scored is not None)
    assert bot.game.over() and bot.game.nplayers() == 3
    _check_scores(bot, 3)


def test_a_where_nothing_may_be_done_says_the_engines_reason(tmp_path):
    """Seeded position: red's step 2 (launch); A on an empty territory
    answers with the engine's words, in the message line, whole, red."""
    import bot_alheimur
    import seeded_alheimur

    from ui import palette
    nvm = tmp_path / "nvm.bin"
    g = seeded_alheimur.play(1, 3, 20, 289)
    bot_alheimur.saved_nvm(nvm, g, S3, dealt=1, limit=1)
    said = []

    def look(bot):
        f = board_frame()
        if f is not None and f.f_locals["self"].scr is not None:
            m = f.f_locals["self"].scr.msg
            said.append((m.text, m.label.color == palette.BAD))
        return bot.presses >= 3 and not bot.first

    play(seats=S3, seed=1, nvm=nvm, resume=True, wander=0, undo=0, look=0,
         first=["down", "left", "a"], until=look)
    assert ("A2: empty", True) in said, said[-4:]


def test_a_computer_move_is_said_with_its_name():
    """While a computer's action stays in view, the message line says who
    did it ("yellow: ..."), not what the human did before."""
    shown = []

    def watch(bot):
        if frame_of("move", "alheimur/computer.py") is not None and \
                frame_of("show_for", "ui/session.py") is not None:
            b = frame_of("move", "alheimur/computer.py").f_locals["b"]
            shown.append(b.scr.msg.text)
        return False

    from pace import settings_nvm
    play(seats=("human", "random"), seed=5, watch=watch, until=lambda b: len(shown) > 40,
         nvm=settings_nvm("each"))      # each move held (by default only what touches a person)
    assert shown and all(t.startswith("yellow: ") or t.startswith("survival") for t in shown), \
        sorted(set(shown))[:5]


def test_the_words_make_room_for_a_search_only_when_loaded_from_mpy(monkeypatch):
    """From .py the words stay through a computer's search (loading them
    again would compile them for every computer action); from .mpy they
    go (loading them again compiles nothing)."""
    import types

    import alheimur
    from alheimur import computer

    for path, kept in (("alheimur/words.py", True), ("alheimur/words.mpy", False)):
        w = types.ModuleType("alheimur.words")
        w.__file__ = path
        monkeypatch.setitem(sys.modules, "alheimur.words", w)
        monkeypatch.setattr(alheimur, "words", w, raising=False)   # forget() drops it too
        computer.room_for_search()
        assert (sys.modules.get("alheimur.words") is w) == kept, path


def test_a_humans_and_a_computers_decision_code_are_never_loaded_at_once():
    """While a computer seat thinks, a human's code (its turn, the survival
    check) and what screens leave behind (layout, menus, drawing helpers)
    are not loaded; while a human decides, the computer's code and search
    are not. Both come back for the next decision of their kind. The words
    stay loaded through play, the same module all along: loading them
    again for each computer action would compile them each time on the
    board (from .py)."""
    human_side = {"alheimur.human", "alheimur.cursor", "alheimur.survival", "alheimur.shot",
                  "alheimur.reasons", "alheimur.layout", "ui.menu", "ui.draw"}
    computer_side = {"alheimur.computer", "alheimur.ai", "alheimur.ai_eval"}
    seen = {"thinking": [], "deciding": [], "words": []}

    def watch(bot):
        think = sys.modules.get("ui.think")
        if think is not None and not hasattr(think.Thinking, "_watched"):
            progress = think.Thinking.progress

            def watched(self, frac):
                f = frame_of("choose", "alheimur/computer.py")
                if f is not None and f.f_locals["self"].g.phase() >= 4:  # in play
                    seen["thinking"].append(human_side & set(sys.modules))
                    seen["words"].append(id(sys.modules.get("alheimur.words")))
                return progress(self, frac)

            think.Thinking.progress = watched
            think.Thinking._watched = True
        b = waiting_on_board()
        if b is not None and b.g.phase() >= 4:              # waiting for a human's key
            seen["deciding"].append(computer_side & set(sys.modules))
        return False

    play(seats=("human", "hard", "easy"), seed=3, watch=watch, max_presses=300)
    assert len(seen["thinking"]) >= 3 and len(seen["deciding"]) >= 10
    assert all(not s for s in seen["thinking"]), seen["thinking"][:3]
    assert all(not s for s in seen["deciding"]), seen["deciding"][:3]
    assert len(set(seen["words"])) == 1 and id(None) not in seen["words"]


@pytest.mark.parametrize("board", ["pybadge", "pygamer"])
def test_a_battle_roll_is_drawn_on_both_boards(tmp_path, board):
    """A game continued just before a fleet battle, played through the
    screen with every refresh drawn (the bot's other games compose no
    pixels until the end), reaches the dice: each die is a 16x16 cell
    where the world is (issue 30: large, clear pips; an 11x11 die once
    crashed the simulator's display); the dice are on the screenshot."""
    import _simhost
    import bot_alheimur
    import seeded_alheimur
    nvm = tmp_path / "nvm.bin"
    bot_alheimur.saved_nvm(nvm, seeded_alheimur.play(21, 3, 20, 198), S3, dealt=21, limit=1)
    dice = set()

    def rolled_two(bot):
        f = frame_of("roll", "alheimur/shot.py")
        if f is None:
            return False
        dice.update(a for a in _simhost.last_areas if a[2] - a[0] == a[3] - a[1] == 16)
        return f.f_locals.get("k", 0) >= 2 and frame_of("show_for", "ui/session.py") is not None

    shot = tmp_path / "roll.png"
    bot = play(seats=S3, seed=1, nvm=nvm, resume=True, board=board, fast=False,
               watch=rolled_two, shot=shot)
    assert bot.runner.error is None and bot.runner.crash_screens == []
    assert len(dice) >= 2, dice
    import pygame
    s = pygame.image.load(str(shot))
    for x1, y1, x2, y2 in dice:
        colours = {tuple(s.get_at((x, y)))[:3] for x in range(x1, x2) for y in range(y1, y2)}
        # a light face with dark pips
        assert any(min(c) > 200 for c in colours) and any(max(c) < 60 for c in colours), \
            (x1, y1, colours)


def _resumed(tmp_path, seed, at, seats=S3, **kw):
    """A seeded game (tools/seeded_alheimur.py) after ``at`` actions, saved and
    continued with three seats (a person, two computers)."""
    import bot_alheimur
    import seeded_alheimur
    nvm = tmp_path / "nvm.bin"
    bot_alheimur.saved_nvm(nvm, seeded_alheimur.play(seed, 3, 20, at), seats, dealt=seed, limit=1)
    return play(seats=seats, seed=1, nvm=nvm, resume=True, **kw)


def test_survival_shows_the_doomed_at_once_and_b_undoes(tmp_path):
    """Issue 30, item 7: at the survival step the doomed pyramids and why
    the one under the cursor dies are on screen before any press, with the
    keys; B undoes (back to expansion) and the header and message are the
    expansion's again."""
    seen = {}

    def until(bot):
        f = board_frame()
        b = f.f_locals["self"] if f is not None else None
        if b is None or b.human_turn is None:
            return False
        t = b.human_turn
        if "doomed" not in seen and bot.screen == "survival" and t.g.can_undo():
            seen["doomed"] = b.scr.doomed
            seen["text"] = b.scr.msg.text
            bot.first = ["b"]
            bot.board = b
            return False
        if "doomed" in seen and bot.screen == "board":
            seen["status"] = b.scr.status.text
            seen["after"] = b.scr.msg.text
            seen["phase"] = t.g.phase()
            return True
        return False

    _resumed(tmp_path, 22, 139, until=until, wander=0, undo=0)
    assert seen["doomed"] and " dies: " in seen["text"], seen
    assert "B: undo" in seen["text"]
    assert seen["phase"] == 4 and seen["status"].endswith("expansion"), seen
    assert seen["after"].startswith("undone: "), seen


# Issue 30 item 6's Select while a computer's move is shown: issue 43 item 3
# keeps the skip only where the screen says so, while a computer thinks
# ("Sel: skip to you"): tests/test_pace.py
# test_select_while_it_thinks_skips_and_start_pauses.


def test_in_a_battle_down_reaches_the_enemy_ship_below(tmp_path):
    """Issue 30, item 7: choosing a target, the d-pad goes from one's own
    ship straight down to the enemy ship below it (the orbit's rows are
    one player's each), and the keys are said on the bottom line."""
    import boards
    from alheimur.actions import ship_owner, spot_ship
    seen = {}

    def until(bot):
        f = board_frame()
        b = f.f_locals["self"] if f is not None else None
        if b is None or b.human_turn is None or b.g.phase() != 14:
            return False
        scr = b.scr
        t = b.human_turn
        for r in range(scr.nrows - 1):
            for c in range(1, 5):
                first = [ship_owner(b.g.sl[scr.cells[k * 4]]) for k in (r, r + 1)]
                if (first[0] == 0 and first[1] != 0
                        and scr.cells[r * 4 + c - 1] != 255
                        and scr.cells[(r + 1) * 4 + c - 1] != 255):
                    scr.point(1, r, c)              # the panel: own ship
                    scr.step(boards.DOWN)
                    t.prompt()
                    seen["at"] = (scr.prow, scr.pcol, r, c)
                    seen["owner"] = ship_owner(b.g.sl[spot_ship(scr.spot())])
                    seen["keys"] = scr.msg.text.split("\n")[-1]
                    return True
        seen["none"] = True
        return True

    _resumed(tmp_path, 21, 195, until=until, wander=0, undo=0)
    assert "at" in seen, seen
    prow, pcol, r, c = seen["at"]
    assert (prow, pcol) == (r + 1, c) and seen["owner"] != 0, seen
    assert seen["keys"].startswith("A: "), seen


def _human_turn(bot, mode=0, phase=None):
    """The Board and the human's turn waiting on the board in ``mode``
    (and ``phase``), else (None, None)."""
    b = waiting_on_board()
    t = b.human_turn if b is not None else None
    if t is None or t.mode != mode or (phase is not None and b.g.phase() != phase):
        return None, None
    return b, t


def test_a_does_what_the_keys_line_said_and_asks_before_a_death(tmp_path):
    """Issue 43, item 4: A on a spot with one action does it only when the
    bottom line said so before the press (after a refusal's words it shows
    the action first, and a second A does it); an action that would doom
    one of the player's own pyramids at a survival check asks first ("would
    die: sure?", A: yes, B: no) and changes nothing until A."""
    import boards
    from alheimur.layout import P_EXPAND
    seen = {}

    def until(bot):
        b, t = _human_turn(bot, 0)
        if t is None:
            return False
        g = b.g
        scr = b.scr
        n = g.legal(g.sbuf)
        for a in [g.sbuf[i] for i in range(n)]:
            s = g.subject(a)
            if "one" not in seen and s >= 0 and g.legal(t.opts, s) == 1:
                scr.put_on(s)
                t.prompt()
                t.refuse("a refusal's words")       # the keys' line is gone
                st = g.state()
                t.on_key(boards.A)
                seen["one"] = (t.mode, g.state() == st, scr.msg.text.split("\n")[-1])
                t.on_key(boards.B)
            if "sure" not in seen and g.phase() == P_EXPAND and t.kills(a) >= 0:
                st = g.state()
                t.act(a)
                seen["sure"] = (t.mode, g.state() == st, scr.msg.text.replace("\n", " "))
                t.on_key(boards.A)
                seen["done"] = g.state() != st
                return "one" in seen
        return "one" in seen and "sure" in seen

    _resumed(tmp_path, 22, 139, until=until, wander=0, undo=0, max_presses=400)
    assert seen["one"][0] == 1 and seen["one"][1], seen           # CHOOSE, nothing done
    assert seen["one"][2].startswith("1/1 A: "), seen
    mode, same, text = seen["sure"]
    assert mode == 1 and same and " would die: sure? A: yes, " in text, seen
    assert seen["done"], seen


def test_the_cursor_stays_after_an_action_and_goes_to_a_ship_to_fire_back(tmp_path):
    """Issue 43, item 4: after the player's own action (a migration here)
    the cursor stays where they left it; asked to fire back in another
    player's battle, the cursor starts on their first ship that can fire,
    not on the tabs where the other's site choice left it."""
    from alheimur.actions import kind_of as kind
    from alheimur.actions import ship_owner, spot_ship
    from alheimur.layout import P_AIM, P_MIGRATE
    seen = {}

    def stays(bot):
        b, t = _human_turn(bot, 0, P_MIGRATE)
        if t is None:
            return False
        g = b.g
        n = g.legal(g.sbuf)
        for a in [g.sbuf[i] for i in range(n)]:
            if kind(a) == 8 and t.kills(a) < 0:        # a migration that dooms nothing
                s = g.subject(a)
                b.scr.put_on(s)
                t.act(a)
                t.prepare()
                seen["at"] = (b.scr.spot(), s)
                return True
        return False

    _resumed(tmp_path, 1, 120, until=stays, wander=0, undo=0, max_presses=600)
    assert seen["at"][0] == seen["at"][1], seen

    def fires_back(bot):
        b, t = _human_turn(bot, 0, P_AIM)
        if t is None or b.g.current() == 0:
            return False
        b.scr.put_on(-2 - b.g.site())                  # where the site's choice left it
        t.prepare()
        s = b.scr.spot()
        seen["fire"] = s >= 128 and ship_owner(b.g.sl[spot_ship(s)]) == 0 and \
            b.g.legal(t.opts, s) > 0
        return True

    _resumed(tmp_path, 1, 236, until=fires_back, wander=0, undo=0, max_presses=100)
    assert seen["fire"], seen


def test_left_from_a_two_tile_territory_reaches_the_tile_beside_it(tmp_path):
    """Issue 30, item 8: a d-pad step goes a whole territory at a time:
    from the right tile of a territory two tiles wide, left lands on the
    tile beside its left one (not on itself, not nowhere)."""
    import boards
    seen = {}

    def until(bot):
        f = board_frame()
        b = f.f_locals["self"] if f is not None else None
        if b is None or b.human_turn is None or b.human_turn.mode != 0:
            return False
        scr = b.scr
        g = b.g
        for w in range(g.nworlds()):
            lab = g.lab[w * 16:w * 16 + 16]
            for tile in range(16):
                c = tile & 3
                if c >= 2 and lab[tile] == lab[tile - 1] and lab[tile - 2] != lab[tile]:
                    scr.show(w)
                    scr.point(0, tile)
                    scr.step(boards.LEFT)
                    seen["to"] = (scr.zone, scr.tile, tile - 2)
                    return True
        seen["none"] = True
        return True

    _resumed(tmp_path, 1, 289, until=until, wander=0, undo=0)
    assert "to" in seen, seen
    zone, got, want = seen["to"]
    assert zone == 0 and got == want, seen


def test_ships_and_dice_read_at_1x():
    """Issue 30, item 2: on the ship sheet (16 x 16 a sprite) each ship
    shows its size as that many 2 x 2 pips in its owner's ink, is at least
    9 px long, and no two forms look alike (a marine: small pyramids on the
    hull); each die (on the dice's sheet, alheimur/shot.py's) is a 15 px
    face with its value in 3 x 3 pips."""
    from alheimur import sprites
    from alheimur.actions import form
    tiles = sprites.ship_tiles()
    bm = sprites.ships(2, tiles)
    S = sprites.SHIP

    def pixels(i):
        return tuple(bm[i * S + x, y] for y in range(S) for x in range(S))

    looks = set()
    for size in (1, 2, 3):
        for fighter in (False, True):
            for m in (0,) if fighter else range(size + 1):
                px = pixels(tiles[form(size, fighter, m)])
                assert px.count(3) == 4 * size, (size, fighter, m)
                cols = [x for x in range(S) if any(px[y * S + x] for y in range(S))]
                assert cols[-1] - cols[0] + 1 >= 9, (size, fighter, m)
                looks.add(px)
    assert len(looks) == 3 + 3 + 6          # transports, fighters, with marines: each its own
    from alheimur import shot
    bm = shot.faces()                       # the dice's own sheet, made for a shot
    for v in range(1, 7):
        for lit in (0, 6):
            px = pixels(lit + v)
            assert px.count(1) == 9 * v, (v, lit)      # v pips of 3 x 3
            assert sum(1 for p in px if p) >= 15 * 15 - 4
