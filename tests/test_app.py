"""The app through the headless simulator: launcher, new game, the board
(highlights, cursor, lot name, a placed tower, distances), a hot-seat game
driven from the engine's legal moves, and a computer game to the scoring
screen, whose numbers must equal tools/referee.py score."""

import json
import os
import random
import subprocess
import sys
from array import array

import appdriver
from appdriver import START_LOT, WRITTEN, Driver

import paths
import store

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from aliencity import record
from aliencity.deal import new_game
from aliencity.geometry import NLOTS
from aliencity.moves import NO_CLAIM, build, claim, kind_of, lot_name, lot_of, parse_lot
from ui.text import split_lines

YELLOW = (0xFF, 0xD8, 0x20)      # legal-lot frame (sprites.py)
RED_PIECE = (0xF0, 0x40, 0x40)

# Launcher -> Alien City -> new game: rows W, B, rules, streets, bonus (dim
# under the standalone rules, but a row the highlight stops on, as drawn),
# seed, start (the highlight starts on "start"); seed 1.
HOTSEAT = "a\ndown\ndown\nleft\ndown\ndown\ndown\ndown\nright\ndown\na\nwait 300\n"
COMPUTERS = "a\ndown\nright\ndown\ndown\ndown\ndown\ndown\nright\ndown\na\n"


def run_sim(tmp_path, script, name="run", nvm=False, board=None, fresh=False):
    """(state, screenshot, nvm bytes). ``fresh``: code.py runs under
    tools/fresh.py, which checks at every wait for a press that the panel
    shows what a fresh redraw would; its report is state["fresh"]."""
    shot = tmp_path / (name + ".png")
    state = tmp_path / (name + ".json")
    nvm_file = tmp_path / (name + ".nvm")
    report = tmp_path / (name + ".fresh")
    appdriver.run_sim(script, shot=shot, state=state, nvm=nvm_file if nvm else None,
                      board=board, code=os.path.join(paths.ROOT, "tools", "fresh.py") if fresh
                      else None, env={"FRESH_OUT": str(report)} if fresh else None)
    with open(state) as f:
        st = json.load(f)
    if fresh:
        st["fresh"] = json.loads(report.read_text().splitlines()[-1])
    import pygame
    surf = pygame.image.load(str(shot))
    return st, surf, (nvm_file.read_bytes() if nvm and nvm_file.exists() else None)


def score_title(ref):
    """The scoring screen's title for the referee's JSON scores."""
    w, b = ref["scores"]["W"], ref["scores"]["B"]
    tail = "a draw" if w == b else {"W": "P1", "B": "P2"}[ref["winner"]] + " wins"
    return "P1 %d : P2 %d  %s" % (w, b, tail)


def near(c, want, tol=10):
    return all(abs(a - b) <= tol for a, b in zip(c, want))


def count_in_lot(surf, lot, want):
    x0 = (lot & 7) * 10
    y0 = (lot >> 3) * 10
    n = 0
    for y in range(y0, y0 + 10):
        for x in range(x0, x0 + 10):
            if near(tuple(surf.get_at((x, y)))[:3], want):
                n += 1
    return n


# -- reading text back from the screen (terminalio.FONT is 6x12, fixed) --------

_GLYPHS = None


def glyphs():
    global _GLYPHS
    if _GLYPHS is None:
        import terminalio
        f = terminalio.FONT
        _GLYPHS = {}
        for c in range(32, 127):
            bm = f.get_glyph(c).bitmap
            mask = frozenset((x, y) for y in range(12) for x in range(6) if bm[x, y])
            _GLYPHS.setdefault(mask, chr(c))
    return _GLYPHS


def read_text(surf, x, y, n, scale=1):
    """n characters of a label whose top-left glyph cell is near (x, y)."""
    table = glyphs()
    best = ""
    for dy in range(-3, 4):
        out = []
        for i in range(n):
            mask = set()
            for gy in range(12):
                for gx in range(6):
                    px = x + (i * 6 + gx) * scale
                    py = y + dy + gy * scale
                    if 0 <= px < 160 and 0 <= py < 128:
                        c = tuple(surf.get_at((px, py)))[:3]
                        if sum(c) > 300:   # text, not the highlight bar
                            mask.add((gx, gy))
            out.append(table.get(frozenset(mask), "?"))
        s = "".join(out)
        if s.count("?") < best.count("?") or not best:
            best = s
    return best


def nvm_record(nvm):
    """The last finished game's record text, as the store keeps it."""
    text = store.Store(bytearray(nvm)).get(store.RECORD)
    assert text is not None
    return text.decode()


def referee_score(tmp_path, text):
    f = tmp_path / "game.txt"
    f.write_text(text)
    p = subprocess.run([sys.executable, os.path.join(paths.ROOT, "tools", "referee.py"),
                        "score", str(f)], capture_output=True, text=True, timeout=30)
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout)


# -- tests ----------------------------------------------------------------------

def test_launcher_lists_the_games_and_settings(tmp_path):
    # Down past the three games and the sound row to the brightness row,
    # right: one step brighter; written once the launcher has waited 30 s.
    st, s, nvm = run_sim(tmp_path, "down\ndown\ndown\ndown\nright\n" + WRITTEN, nvm=True)
    assert st["error"] is None
    assert read_text(s, 14, 32, 11) == "Alien City "
    assert read_text(s, 14, 47, 19) == "Skyscrapers        "   # playable now
    assert read_text(s, 14, 62, 19) == "Alheimur           "   # playable now
    assert read_text(s, 14, 92, 15) == "Brightness: 4/4"
    import store  # settings live in the save store
    assert store.Store(bytearray(nvm)).get(store.SETTINGS)[:2] == b"\x01\x04"


def test_board_highlights_exactly_the_legal_lots(tmp_path):
    st, s, _ = run_sim(tmp_path, HOTSEAT, name="start")
    assert st["error"] is None
    g = new_game(1)
    buf = array("H", [0] * 560)
    n = g.legal(buf)
    legal = {lot_of(m) for m in buf[:n] if kind_of(m) == 0}   # TR is selected
    assert legal
    lit = {v for v in range(NLOTS) if count_in_lot(s, v, YELLOW) >= 5}
    assert lit == legal
    # The cursor's lot name, scale 2, top right of the board: the first
    # turn too starts on a lot where the selected piece may go, the one
    # nearest D6 on the board (issue 31).
    start = start_lot()
    assert START_LOT not in legal and start in legal
    assert read_text(s, 82, 0, 3, scale=2) == "%-3s" % lot_name(start)
    assert abs((start & 7) - (START_LOT & 7)) + abs((start >> 3) - (START_LOT >> 3)) == min(
        abs((v & 7) - (START_LOT & 7)) + abs((v >> 3) - (START_LOT >> 3)) for v in legal)
    # P2 (B in records) builds first (standalone): the pixels are pink.
    r, gg, b = st["pixels"][0]
    assert r > b > gg


def start_lot(seed=1):
    """Where the board's cursor waits at the first turn of seed's game."""
    return Driver(new_game(seed)).cur


def test_cursor_move_redraws_two_lots_and_the_name(tmp_path):
    st, s, _ = run_sim(tmp_path, HOTSEAT + "right\n", name="move")
    v = start_lot()
    assert read_text(s, 82, 0, 3, scale=2) == "%-3s" % lot_name(v - (v & 7) + (v + 1) % 8)
    total = sum((x2 - x1) * (y2 - y1) for x1, y1, x2, y2 in st["last_areas"])
    assert total <= 2 * 100 + 40 * 24


def test_placed_tower_illegal_reason_and_distances(tmp_path):
    g = new_game(1)
    d = Driver(g)
    buf = array("H", [0] * 560)
    n = g.legal(buf)
    lot = min(lot_of(m) for m in buf[:n] if kind_of(m) == 0)
    d.build(0, lot, claim_own=False)                    # B: TR, no claim
    script = HOTSEAT + "\n".join(d.lines) + "\n"
    st, s, _ = run_sim(tmp_path, script, name="placed")
    assert count_in_lot(s, lot, RED_PIECE) >= 10
    assert count_in_lot(s, lot, YELLOW) == 0
    # The next turn's cursor waits on a lot where the piece may go.
    assert g.why_not(build(d.kind, d.cur)) is None
    # A on a structure: street distances from it; the lots next to it read 1
    # (yellow), and the message line says what the tower would score.
    back = "\n".join(Driver.path(d.cur, lot)) + "\n"
    st, s, _ = run_sim(tmp_path, script + back + "a\n", name="dist")
    nb = [v for v in range(NLOTS) if g.kind_at(v) < 0 and
          abs((v & 7) - (lot & 7)) + abs((v >> 3) - (lot >> 3)) == 1]
    assert nb and all(count_in_lot(s, v, YELLOW) >= 5 for v in nb)
    assert read_text(s, 2, 102, 14) == "red tower %s:" % lot_name(lot).ljust(3)[:3]
    # A on an empty lot where the piece may not go: the engine's reason in
    # red, a low beep, and the cursor on the nearest lot where it may go.
    kind = d.kind
    bad = next(v for v in range(NLOTS) if g.kind_at(v) < 0 and g.why_not(build(kind, v))
               and "already" not in g.why_not(build(kind, v)))
    d2 = Driver(g)
    d2.cur, d2.kind, d2.lines = d.cur, d.kind, []
    d2.goto(bad)
    st, s, _ = run_sim(tmp_path, script + "\n".join(d2.lines) + "\na\n", name="illegal")
    why = g.why_not(build(kind, bad))
    first = split_lines(why, 26, 2)[0]
    assert read_text(s, 2, 102, len(first[0])) == first[0]
    assert st["audio"][-2]["freq"] == 180
    buf = array("H", [0] * 560)
    n = g.legal(buf)
    legal = {lot_of(m) for m in buf[:n] if kind_of(m) == kind}
    name = read_text(s, 82, 0, 3, scale=2).strip()
    assert name != lot_name(bad) and parse_lot(name) in legal
    # Select: the previous piece (B the next one).
    st, s, _ = run_sim(tmp_path, script + "select\n", name="prev")
    assert count_in_lot(s, lot, RED_PIECE) >= 10


def test_hot_seat_game_to_the_scoring_screen(tmp_path):
    g = new_game(1)
    d = Driver(g)
    rng = random.Random(5)
    buf = array("H", [0] * 560)
    while not g.over():
        n = g.legal(buf)
        m = buf[rng.randrange(n)]
        d.build(kind_of(m), lot_of(m), claim_own=rng.random() < 0.5)
    script = HOTSEAT + "\n".join(d.lines) + "\nwait 500\na\nwait 500\n"
    st, s, nvm = run_sim(tmp_path, script, name="hotseat", nvm=True, fresh=True)
    assert st["error"] is None
    # issue 30: no wait for a press shows a stale screen (tools/fresh.py)
    assert st["fresh"]["waits"] >= len(d.lines) // 2 and st["fresh"]["stale"] == []
    text = nvm_record(nvm)
    assert text == record.write(g)
    ref = referee_score(tmp_path, text)
    assert read_text(s, 2, 1, 24).rstrip() == score_title(ref)


def test_computer_game_scores_like_the_referee(tmp_path):
    script = COMPUTERS + "wait 40000\na\nwait 500\n"   # game over: A for the scores
    st, top, nvm = run_sim(tmp_path, script, name="ai", nvm=True)
    assert st["error"] is None
    text = nvm_record(nvm)
    ref = referee_score(tmp_path, text)
    assert ref["over"]
    w, b = ref["scores"]["W"], ref["scores"]["B"]
    who = {"W": "P1", "B": "P2"}
    want = ["towers: customers x dist"]
    for t in ref["towers"]:
        want.append("%s %s %s %dx%d = %d" % (who[t["owner"]], t["color"], t["lot"],
                                             t["customers"], t["distance"], t["points"]))
    if ref["bonuses"]:
        want.append("green bonus: 10 - 2 x dist")
    for bo in ref["bonuses"]:
        want.append("%s +%d %s %s near %s" % (who[bo["owner"]], bo["points"], bo["color"],
                                             bo["towers"][0], bo["green"]))
    want.append("total: P1 %d, P2 %d" % (w, b))
    assert read_text(top, 2, 1, 24).rstrip() == score_title(ref)
    seen = [read_text(top, 2, 16 + 13 * i, 26).rstrip() for i in range(7)]
    # The rest of the list: scroll down (same seed, same game).
    _st2, bottom, nvm2 = run_sim(tmp_path, script + "down\n" * 10, name="ai2", nvm=True)
    assert nvm_record(nvm2) == text
    rest = [read_text(bottom, 2, 16 + 13 * i, 26).rstrip() for i in range(7)]
    if len(want) <= 7:
        assert seen[:len(want)] == want
    else:
        assert seen == want[:7]
        assert rest == want[-7:]
    # Game over: the winner's colour on the pixels, the end jingle played.
    assert any(e.get("freq") == 1047 for e in st["audio"])


def test_pause_menu_undo_and_quit(tmp_path):
    g = new_game(1)
    d = Driver(g)
    buf = array("H", [0] * 560)
    n = g.legal(buf)
    lot = min(lot_of(m) for m in buf[:n] if kind_of(m) == 0)
    d.build(0, lot, claim_own=True)
    script = HOTSEAT + "\n".join(d.lines) + "\n"
    # Start, down to "undo", A: the tower and its cap are gone.
    _st, s, _ = run_sim(tmp_path, script + "start\ndown\na\n", name="undo")
    assert count_in_lot(s, lot, RED_PIECE) == 0
    assert read_text(s, 2, 102, 6) == "undone"
    # Start, up to "quit" (the last row), A: "sure?" with "no" highlighted;
    # A on it keeps the game.
    _st, s, _ = run_sim(tmp_path, script + "start\nup\na\n", name="sure")
    assert read_text(s, 4, 1, 11) == "quit: sure?"
    _st, s, _ = run_sim(tmp_path, script + "start\nup\na\na\n", name="no")
    assert read_text(s, 4, 1, 6) == "Paused"
    # "yes": back in the launcher, which offers to continue the autosaved game.
    _st, s, _ = run_sim(tmp_path, script + "start\nup\na\ndown\na\n", name="quit")
    assert read_text(s, 14, 27, 19) == "Continue Alien City"


def test_scoring_lines_are_the_same_in_micropython():
    import mpylane
    mpylane.require_or_skip()
    from aliencity import results, scoring
    from aliencity.engine import OVER
    g = new_game(4)
    rng = random.Random(2)
    buf = array("H", [0] * 560)
    while g.to_move != OVER:
        n = g.legal(buf)
        m = buf[rng.randrange(n)]
        g.apply(m)
        if g.claiming():
            g.apply(claim(lot_of(m)) if g.claimable(lot_of(m)) and rng.random() < 0.6
                    else NO_CLAIM)
    text = record.write(g)
    rows, _ = results.lines(g)
    want = results.title(scoring.score(g)) + "\n" + "\n".join(rows)
    out = mpylane.run_ok("TEXT = %r\n" % text + (
        "from aliencity import record, results, scoring\n"
        "g, err = record.replay(record.read(TEXT.split('\\n')))\n"
        "rows, cols = results.lines(g)\n"
        "print(results.title(scoring.score(g)))\n"
        "for r in rows: print(r)\n"), fixed_heap=False)
    assert out.strip() == want.strip()


def test_pygamer_stick_moves_the_cursor_on_the_board(tmp_path):
    # The same game screens on a PyGamer: the launcher and the new-game
    # rows follow the stick, then the stick moves the board's cursor.
    st, s, _ = run_sim(tmp_path, HOTSEAT + "right\nright\nup\nleft\n", name="gamer",
                       board="pygamer")
    assert st["error"] is None and st["board"] == "pygamer"
    lot = start_lot() + 1 - 8                         # right, right, up, left
    assert read_text(s, 82, 0, 3, scale=2) == "%-3s" % lot_name(lot)
    x0, y0 = (lot & 7) * 10, (lot >> 3) * 10
    white = sum(near(tuple(s.get_at((x, y)))[:3], (0xF8, 0xF8, 0xF8))
                for x in range(x0, x0 + 10) for y in (y0, y0 + 9))
    assert white >= 16                                # the cursor frame is there
    g = new_game(1)
    buf = array("H", [0] * 560)
    n = g.legal(buf)
    legal = {lot_of(m) for m in buf[:n] if kind_of(m) == 0}
    lit = {v for v in range(NLOTS) if v != lot and count_in_lot(s, v, YELLOW) >= 5}
    assert lit == legal - {lot}
