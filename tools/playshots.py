"""Issue 43's pictures at 1x (160x128, the NeoPixels below): each point of
the issue shown on the screen where a player meets it, from a hot-seat
Alheimur game (every seat a person), a 3-seat Alheimur game (a person and
two ``hard`` computers), Alien City, Skyscrapers and the launcher, all
through the real app (firmware/code.py) in the headless simulator.

    .venv/bin/python tools/playshots.py [--out docs/img/play] [--only NAME ...] [--list]

Each picture is a moment found by a predicate on the app's state (the
firmware's frames, its screen's texts, the game), never by a count of
presses: Alheimur's are played by tools/bot_alheimur.py (steered toward
the moment where one is needed), the others by scripts whose presses
come from the engine's legal moves, checked against the texts on screen
at the end. A moment never reached, a text not on screen, a firmware
exception or a broken invariant fails the run: exit 1, naming each
picture that failed (the others are still written). docs/img/play/
README.md says what each picture shows.
"""

import argparse
import os
import sys
import tempfile
import time
import traceback
from array import array

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import paths

OUT = os.path.join(paths.ROOT, "docs", "img", "play")
HOT = ("human", "human", "human")       # the hot seat: three people
HARD = ("human", "hard", "hard")        # issue 43's game: a person, two hard computers
SHOTS = {}                              # name -> the function that writes it


class Missed(Exception):
    """A picture's moment was never reached, or not as it should be."""


def shot(name):
    def register(fn):
        SHOTS[name] = fn
        return fn
    return register


# -- Alheimur, played by the bot -----------------------------------------------------


def alheimur(path, seats, reached, resume=None, watch=None, seed=1, max_presses=1500, **kw):
    """One run of the bot (tools/bot_alheimur.py) with ``seats`` until
    ``reached(bot)`` (at a wait for a press) or ``watch(bot)`` (at every
    turn of the simulator's pump) says the moment is there (True; a
    string: it is there but wrong, saying how); the screenshot is of that
    moment. ``resume`` (seed, actions): a seeded game
    (tools/seeded_alheimur.py) after that many actions, saved and
    continued. Raises Missed if the moment never came or came wrong."""
    import bot_alheimur
    import seeded_alheimur
    hit = []

    wrong = []

    def ended(r, b):
        if isinstance(r, str):          # the moment came, not as it should be
            wrong.append(r)
        if r:
            hit.append(on_screen(b))
        return bool(r)

    def until(b):
        return reached is not None and ended(reached(b), b)

    def watching(b):
        return ended(watch(b), b)

    nvm = None
    if resume is not None:
        nvm = os.path.join(tempfile.mkdtemp(), "resume.nvm")
        g = seeded_alheimur.play(resume[0], len(seats), 20, resume[1])
        bot_alheimur.saved_nvm(nvm, g, seats, dealt=resume[0], limit=1)
    kw.setdefault("wander", 0)
    kw.setdefault("undo", 0)
    kw.setdefault("look", 0)
    bot = bot_alheimur.play(seats=seats, seed=seed, nvm=nvm, resume=resume is not None,
                            scale=1, shot=path, until=until,
                            watch=watching if watch is not None else None,
                            max_presses=max_presses, **kw)
    if wrong:
        raise Missed(wrong[0])
    if not hit:
        raise Missed("never reached (%d presses, last on %r)" % (bot.presses, bot.screen))
    return "on screen: " + hit[0]


def turn():
    """The human's turn waiting for a press on the board, else None."""
    from bot_alheimur import waiting_on_board
    b = waiting_on_board()
    return b.human_turn if b is not None else None


def msg(t):
    """The play screen's message (what is said, then the keys' line)."""
    return t.scr.msg.text


def on_screen(bot):
    """The texts on the simulator's screen now, their lines joined."""
    return " ".join(" ".join(texts(bot.runner.display.root_group)).split())


def steer(bot, press):
    """The bot's next press is ``press`` (it presses it before its own)."""
    bot.first = [press]
    return False


def go_for(bot, t, a):
    """The bot goes for action ``a`` (cursor there, A, its choice)."""
    bot.plan_key = (t.g.state(), t.g.phase())
    bot.plan = a


@shot("alheimur-one-element-card.png")
def one_element_card(path):
    """Hot seat, world building of seed 1's deal: the card in hand is one
    element (the same turned) and is shown once."""
    from bot_alheimur import frame_of

    def reached(bot):
        f = frame_of("_human", "build_screen.py")
        if f is None:
            return False
        from alheimur.build import card_in_hand, elem
        g = f.f_locals["g"]
        c = card_in_hand(g)
        return len({elem(g.quads, c, 0, q) for q in range(4)}) == 1
    return alheimur(path, HOT[:2], reached, seed=1)


@shot("alheimur-ask-before-doom.png")
def ask_before_doom(path):
    """Hot seat: the player goes for an expansion that would doom one of
    their own pyramids at the survival check; A asks first."""
    from alheimur.layout import P_EXPAND
    tried = {}

    def reached(bot):
        t = turn()
        if t is None:
            return False
        if t.mode == 1 and t.sure >= 0:
            return "your pyramid on " in msg(t) and "sure?" in msg(t)
        g = t.g
        key = (g.state(), g.phase())
        if t.mode == 0 and g.phase() == P_EXPAND and key not in tried:
            n = g.legal(g.sbuf)
            tried[key] = next((a for a in list(g.sbuf[:n]) if t.kills(a) >= 0), None)
        if tried.get(key) is not None:
            go_for(bot, t, tried[key])
        return False
    return alheimur(path, HOT, reached, resume=(22, 139))


@shot("alheimur-sel-pass.png")
def sel_pass(path):
    """Hot seat: after the player's survival check, the cursor on a
    territory with nothing to do: the keys' line says "Sel: pass"."""
    state = {"survived": False}

    def reached(bot):
        t = turn()
        if t is None:
            return False
        if t.mode == 2:
            state["survived"] = True
            return False
        if t.mode == 0 and state["survived"]:
            state["survived"] = False
            if t.nopt == 0 and t.scr.spot() >= 0 and msg(t).split("\n")[-1].startswith("Sel: pass"):
                return True
        return False
    return alheimur(path, HOT, reached, resume=(22, 130), max_presses=3000)


@shot("alheimur-fire-back-cursor.png")
def fire_back_cursor(path):
    """Hot seat: asked to fire back in another player's battle, before any
    press: the cursor on the player's first ship that can fire."""
    from alheimur.actions import ship_owner, spot_ship
    from alheimur.layout import P_AIM

    def reached(bot):
        t = turn()
        if t is None or t.mode != 0:
            return False
        g = t.g
        if g.phase() != P_AIM or g.actor() == g.current():
            return False
        s = t.scr.spot()
        return s >= 128 and ship_owner(g.sl[spot_ship(s)]) == g.actor() and t.nopt > 0
    return alheimur(path, HOT, reached, resume=(1, 230), max_presses=3000)


@shot("alheimur-last-round-why.png")
def last_round_why(path):
    """Hot seat, the game's last round: its turn begins saying why this
    round is the last."""
    def reached(bot):
        t = turn()
        return t is not None and t.mode == 0 and msg(t).startswith("last round: ")
    return alheimur(path, HOT, reached, resume=(1, 395), max_presses=3000)


@shot("alheimur-handover-pause.png")
def handover_pause(path):
    """Hot seat: Start on "pass the game to" opens the pause menu over
    it (the board still hidden)."""
    from bot_alheimur import frame_of

    def reached(bot):
        if frame_of("hand_over", "hand_over.py") is None or bot.board is None:
            return False
        if frame_of("menu", "pause.py") is not None:
            return True
        return steer(bot, "start")
    return alheimur(path, HOT, reached, resume=(1, 230))


@shot("alheimur-since-no-more.png")
def since_no_more(path):
    """Hot seat: "since your last turn" with nothing below the page: its
    keys' line offers no "more"."""
    from bot_alheimur import frame_of

    def reached(bot):
        f = frame_of("show", "alheimur/since.py")
        return f is not None and f.f_locals["keys"].text == "A: play" and \
            len(f.f_locals["items"]) > 1
    return alheimur(path, HOT, reached, resume=(1, 230), max_presses=3000)


@shot("alheimur-newgame-hard.png")
def newgame_hard(path):
    """The new-game screen set for issue 43's game: three seats, a person
    and two hard computers, 20 rounds."""
    from bot_alheimur import frame_of

    def reached(bot):
        f = frame_of("ask", "newgame.py")
        if f is None:
            return False
        st = f.f_locals["st"]
        return st.nseats == 3 and st.levels() == [None, "hard", "hard"] and st.limit == 1 \
            and st.seed == 1
    return alheimur(path, HARD, reached, seed=1, limit=1)


@shot("alheimur-computer-thinking.png")
def computer_thinking(path):
    """3 seats: a hard computer thinks; the screen says what A, B and
    Select do now (Select skips to the player's turn only here)."""
    from bot_alheimur import frame_of

    def watch(bot):
        f = frame_of("choose", "alheimur/computer.py")
        if f is None:
            return False
        scr = f.f_locals["self"].b.scr
        return scr is not None and "Sel: skip to you" in " ".join(scr.msg.text.split())
    return alheimur(path, HARD, None, watch=watch, resume=(1, 120))


@shot("alheimur-pause-computers-row.png")
def pause_computers(path):
    """3 seats: Start pressed while a hard computer's move is held on
    screen (one that touches the player); once the move is made the pause
    menu comes, in the computer's turn, with its "computers" row (fast,
    the default)."""
    from bot_alheimur import frame_of
    state = {"pressed": 0}

    def watch(bot):
        host = bot.runner.host
        f = frame_of("linger", "alheimur/app.py")
        if state["pressed"] == 0 and f is not None and \
                frame_of("show_for", "ui/session.py") is not None:
            b = f.f_locals["self"]
            if b.seats[b.g.actor()] is not None:
                host.set_button("start", True, host.now_ms())
                state["pressed"] = 1
                state["at"] = host.now_ms()
        elif state["pressed"] == 1 and host.now_ms() - state["at"] >= 40:   # held as the bot holds
            host.set_button("start", False, host.now_ms())
            state["pressed"] = 2
        return False

    def reached(bot):
        if state["pressed"] != 2 or frame_of("menu", "pause.py") is None:
            return False
        if frame_of("step", "alheimur/app.py") is None or frame_of("begin", "alheimur/human.py"):
            return False          # (a human's pause: not this one)
        return "computers: fast" in on_screen(bot)
    return alheimur(path, HARD, reached, watch=watch, resume=(1, 120), max_presses=3000)


@shot("alheimur-since-own-losses.png")
def since_own_losses(path):
    """3 seats: "since your last turn" after the computers' turns, the
    player's own losses first, named."""
    from bot_alheimur import frame_of

    def reached(bot):
        f = frame_of("show", "alheimur/since.py")
        return f is not None and f.f_locals["i"] == 0 and f.f_locals["j"] == 0 and \
            any(k <= -2 for k in f.f_locals["items"])
    return alheimur(path, HARD, reached, resume=(1, 200), max_presses=3000)


@shot("alheimur-battle-heading.png")
def battle_heading(path):
    """3 seats: the player's ship fires; its attack die rolled, the
    heading names who rolls (the firer), the target outlined in cyan."""
    from bot_alheimur import frame_of

    from alheimur import words
    from alheimur.actions import ship_owner
    seen = {}

    def watch(bot):
        f = frame_of("roll", "alheimur/shot.py")
        if f is None or f.f_locals["first"] != 0 or f.f_locals.get("k", 0) < 1 or \
                frame_of("show_for", "ui/session.py") is None:
            return False
        shot = f.f_locals["self"]
        g = shot.g
        who = words.LETTERS[ship_owner(g.sl[g.shot()[0]])]
        seen["heading"] = shot.scr.status.text
        if seen["heading"] != who + " dice":
            return "the heading says %r while %s fires" % (seen["heading"], who)
        return True
    return alheimur(path, HARD, None, watch=watch, resume=(21, 195), max_presses=3000)


@shot("alheimur-overview-sizes.png")
def overview_sizes(path):
    """3 seats: all worlds at once (A on the worlds' tabs), each pyramid's
    size in dots."""
    from bot_alheimur import frame_of

    def reached(bot):
        if frame_of("run", "all_worlds.py") is not None:
            return True
        t = turn()
        if t is None or t.mode != 0:
            return False
        if t.scr.spot() <= -2:
            return steer(bot, "a")
        return steer(bot, bot.path(t, -2 - t.scr.view))
    return alheimur(path, HARD, reached, resume=(1, 289))


@shot("alheimur-world-labels.png")
def world_labels(path):
    """3 seats: the play screen at a decision of red's, the world's columns
    (A4 B C D along the top row) and rows (3 2 1 down the left column)
    labelled; the bottom line names the territory under the cursor so."""
    def reached(bot):
        t = turn()
        if t is None or t.mode != 0 or t.scr.terr() < 0:
            return False
        lab = t.scr.labels
        if [lab[i] != 0 for i in range(16)] != [i in (0, 1, 2, 3, 4, 8, 12) for i in range(16)]:
            return "the labels' grid is not on the top row and the left column"
        return " C3" in msg(t) or steer(bot, "right" if t.scr.tile & 3 < 2 else "down"
                                        if t.scr.tile >> 2 < 1 else "left")
    return alheimur(path, HARD, reached, resume=(1, 289))


@shot("alheimur-pause-rule.png")
def pause_rule(path):
    """3 seats: Start on red's decision: the pause menu's bottom line is the
    rule of that decision (alheimur.rules.now), not "back to the board"."""
    from bot_alheimur import frame_of

    def reached(bot):
        f = frame_of("menu", "pause.py")
        if f is not None and frame_of("key", "ui/session.py") is not None and "msg" in f.f_locals:
            from alheimur import rules
            want = rules.now(f.f_locals["s"].game)
            return f.f_locals["msg"].text == want or "says %r, not %r" % (
                f.f_locals["msg"].text, want)
        t = turn()
        return t is not None and t.mode == 0 and steer(bot, "start")
    return alheimur(path, HARD, reached, resume=(1, 289))


@shot("alheimur-game-over-winner.png")
def game_over_winner(path):
    """3 seats: the game is over; the final worlds, the bottom line names
    the winner and the end (the NeoPixels in the winner's colour)."""
    def reached(bot):
        t = turn()
        return t is not None and t.mode == 3 and " wins" in msg(t)
    return alheimur(path, HARD, reached, resume=(1, 405), max_presses=3000)


# -- the other games and the launcher: scripts, checked by what is on screen ----------


def texts(node, out=None):
    """Every text shown in a displayio tree (ui/text.py's Labels: by name,
    each run imports a fresh firmware)."""
    out = [] if out is None else out
    if getattr(node, "hidden", False):
        return out
    if type(node).__name__ == "Label":
        out.append(node.text)
        return out
    try:
        for child in node:
            texts(child, out)
    except TypeError:
        pass
    return out


def scripted(path, lines, expect, nvm=None, panel=True, absent=()):
    """``lines`` (a sim script's lines) through code.py in this process;
    the screenshot at the end; each of ``expect`` must be in the texts on
    screen then, none of ``absent``."""
    from sim import runner as R
    R.setup_paths()
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    fd, script = tempfile.mkstemp(suffix=".txt")
    with os.fdopen(fd, "w") as f:
        f.write("\n".join(lines) + "\n")
    argv = ["--headless", "--script", script, "--timeout", "120", "--screenshot", path,
            "--shot-scale", "1"] + (["--shot-panel"] if panel else [])
    if nvm:
        argv += ["--nvm", str(nvm)]
    for name, mod in list(sys.modules.items()):    # a fresh firmware each run
        f = getattr(mod, "__file__", None) or ""
        if f.startswith((paths.FIRMWARE + os.sep, os.path.join(paths.ROOT, "boards") + os.sep)):
            del sys.modules[name]
    import _simhost
    _simhost._vnow = 0.0         # the script's times count from 0: an earlier run's clock goes
    runner = R.Runner(R.parse_args(argv))
    try:
        status = runner.main()
    finally:
        os.unlink(script)
    if status != 0 or runner.error or runner.crash_screens:
        raise Missed("code.py stopped: %s %s" % (runner.error, runner.crash_screens[:1]))
    shown = " ".join(" ".join(texts(runner.display.root_group)).split())     # (lines wrap)
    for want in expect:
        if want not in shown:
            raise Missed("%r not on screen; it shows:\n%s" % (want, shown))
    for bad in absent:
        if bad in shown:
            raise Missed("%r on screen:\n%s" % (bad, shown))
    return "on screen: " + shown


# Launcher -> Alien City -> new game: P1 and P2 human, seed 3 (screenshots.py's).
AC_HOTSEAT = ["a", "down", "down", "left", "down", "down", "down", "down", "right", "right",
              "right", "down", "a", "wait 300"]


def to_claim():
    """The presses of a seeded Alien City hot-seat game (seed 3, six
    builds from the engine's legal moves), then a tower built: the claim
    prompt."""
    from appdriver import Driver
    from screenshots import midgame

    from aliencity.engine import MAX_MOVES
    from aliencity.moves import kind_of, lot_of
    d = midgame(6)
    assert isinstance(d, Driver)
    buf = array("H", [0] * MAX_MOVES)
    n = d.g.legal(buf)
    m = next(m for m in buf[:n] if kind_of(m) < 3)
    d.select(kind_of(m))
    d.goto(lot_of(m), kind_of(m))
    return AC_HOTSEAT + d.lines + ["a", "wait 200"]


@shot("aliencity-claim-words.png")
def claim_words(path):
    """Alien City: the claim prompt after a tower is built, its points and
    what they are made of in words."""
    return scripted(path, to_claim(), ["customers", "A yes, B no"])


@shot("aliencity-claim-pause.png")
def claim_pause(path):
    """Alien City: Start in the claim prompt opens the pause menu."""
    return scripted(path, to_claim() + ["start", "wait 200"], ["Paused", "resume", "undo"])


@shot("skyscrapers-refused-slide.png")
def refused_slide(path):
    """Skyscrapers, seed 15: down from C4 (the moons pawn's) toward the
    hole: the slide refused, said so, the cursor stays on C4."""
    from appdriver import sky_open
    return scripted(path, sky_open(15) + ["down", "wait 100"],
             ["no slide: C4 holds the moons pawn"])


@shot("skyscrapers-suits.png")
def suits(path):
    """Skyscrapers, a new game of seed 5: the board's suit signs at 1x."""
    from appdriver import sky_open
    return scripted(path, sky_open(5) + ["wait 100"], ["score"])


QUIT = ["start", "up", "a", "down", "a", "wait 300"]      # pause -> quit -> yes


@shot("launcher-continue-all.png")
def continue_all(path):
    """The launcher with a saved game of each game: a Continue row for
    every one, the one saved last on top."""
    nvm = os.path.join(tempfile.mkdtemp(), "three.nvm")
    scratch = os.path.join(os.path.dirname(nvm), "scratch.png")
    for i in range(3):      # each game's new game of seed 1, quit at once (the quit saves)
        scripted(scratch, ["down"] * (2 * i) + ["a", "wait 300", "up", "right", "down", "a",
                                               "wait 1500"] + QUIT, [], nvm=nvm)
    return scripted(path, ["wait 100"], ["Continue Alheimur", "Continue Skyscrapers",
                                  "Continue Alien City"], nvm=nvm)


@shot("launcher-brightness-lowest.png")
def brightness_lowest(path):
    """The launcher at the lowest brightness, as the screen shows it (the
    backlight dimmed); a further left stays at 1/4."""
    return scripted(path, ["down"] * 4 + ["left"] * 3, ["Brightness: 1/4"], panel=False)


@shot("launcher-first-boot.png")
def first_boot(path):
    """The first boot (a blank save memory): the launcher, no "fresh save
    memory"."""
    nvm = os.path.join(tempfile.mkdtemp(), "blank.nvm")
    with open(nvm, "wb") as f:
        f.write(b"\xff" * 8192)
    return scripted(path, ["wait 100"], ["Alien City", "Skyscrapers", "Alheimur"], nvm=nvm,
             absent=("fresh",))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=OUT)
    ap.add_argument("--only", nargs="+", metavar="NAME", help="only these pictures")
    ap.add_argument("--list", action="store_true", help="the pictures' names, and what each shows")
    args = ap.parse_args(argv)
    if args.list:
        for name, fn in SHOTS.items():
            print("%-36s %s" % (name, " ".join((fn.__doc__ or "").split())))
        return 0
    names = args.only or list(SHOTS)
    unknown = [n for n in names if n not in SHOTS]
    if unknown:
        ap.error("no such picture: %s (--list names them)" % ", ".join(unknown))
    os.makedirs(args.out, exist_ok=True)
    failed = []
    for name in names:
        t0 = time.perf_counter()
        path = os.path.join(args.out, name)
        if os.path.exists(path):
            os.unlink(path)              # no picture of an earlier run stays for a failed one
        try:
            said = SHOTS[name](path)
        except Exception as e:  # noqa: BLE001  (each picture's failure is named, the rest go on)
            failed.append(name)
            if os.path.exists(path):
                os.unlink(path)          # (of whatever the run reached instead)
            print("FAILED %s: %s" % (name, e), file=sys.stderr)
            if not isinstance(e, Missed):
                traceback.print_exc()
            continue
        print("%s  (%.1f s)%s" % (path, time.perf_counter() - t0, "  " + said if said else ""))
    if failed:
        print("playshots: %d picture(s) not made: %s" % (len(failed), ", ".join(failed)),
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
