"""Issue 15's points that a screenshot alone does not show, through the
headless simulator: the scores wait for a press, the claim prompt shows
the tower's value and what it is made of in words (issue 43), Start there
pauses, the NeoPixels end in the winner's colour, undo says what it took
back, the cursor waits on a legal lot."""

from array import array

import appdriver
from appdriver import Driver
from test_app import HOTSEAT, near, read_text, run_sim

from aliencity import scoring
from aliencity.deal import new_game
from aliencity.engine import MAX_MOVES
from aliencity.geometry import COLOUR_NAMES, NONE, PLAYER_WORDS
from aliencity.moves import build, kind_of, lot_name, lot_of, piece_name
from aliencity.screen import M_CLAIM, T_CLAIM, T_CLAIM_FAR
from ui import palette
from ui.text import split_lines


def message(s):
    """The message line's two lines, as shown."""
    return [ln for ln in (read_text(s, 2, 102 + 12 * i, 26).rstrip() for i in range(2)) if ln]


def _game_to_end(seed=1, pick=5):
    g = new_game(seed)
    d = Driver(g)
    buf = array("H", [0] * MAX_MOVES)
    i = 0
    while not g.over():
        n = g.legal(buf)
        m = buf[(i * pick) % n]
        d.build(kind_of(m), lot_of(m), claim_own=i % 3 == 0)
        i += 1
    return g, d


def test_scores_wait_for_a_press(tmp_path):
    """At game over the board stays, however long nobody presses."""
    _g, d = _game_to_end()
    _st, s, _ = run_sim(tmp_path, HOTSEAT + "\n".join(d.lines) + "\nwait 8000\n", name="wait")
    assert read_text(s, 2, 102, 10) == "game over!"
    # A: now the scores
    _st, s, _ = run_sim(tmp_path, HOTSEAT + "\n".join(d.lines) + "\nwait 500\na\n", name="a")
    assert read_text(s, 2, 1, 3) == "P1 "
    # B there: the board again, and it stays until A or Start
    _st, s, _ = run_sim(tmp_path, HOTSEAT + "\n".join(d.lines) + "\nwait 500\na\nb\nwait 8000\n",
                        name="b")
    assert read_text(s, 2, 102, 15) == "the final city."


def test_winner_colour_on_the_neopixels(tmp_path):
    g, d = _game_to_end()
    st, _s, _ = run_sim(tmp_path, HOTSEAT + "\n".join(d.lines) + "\nwait 500\n", name="px")
    win = scoring.score(g).winner()
    want = {0: palette.PX_P1, 1: palette.PX_P2, -1: palette.PX_DRAW}[win]
    r, gg, b = st["pixels"][0]
    scale = max(r, gg, b) / max((want >> 16) & 255, (want >> 8) & 255, want & 255)
    assert near((r, gg, b), tuple(int(((want >> s) & 255) * scale) for s in (16, 8, 0)), 3)


def table(s):
    """The panel's table, three lines of 13 (x 82, y 62)."""
    return [read_text(s, 82, 62 + 12 * i, 13).rstrip() for i in range(3)]


def _to_claim(rival):
    """(the game, the presses, its lot) to the claim prompt after a red tower: the
    first red tower (no other of its colour) or, with ``rival``, a second
    one after P2's reply (its distance is to the first)."""
    g = new_game(1)
    d = Driver(g)
    buf = array("H", [0] * MAX_MOVES)
    if rival:
        n = g.legal(buf)
        first = next(lot_of(m) for m in buf[:n] if kind_of(m) == 0)
        d.build(0, first, claim_own=False)
        n = g.legal(buf)
        m = next(m for m in buf[:n] if kind_of(m) >= 3)         # P2: a dome
        d.build(kind_of(m), lot_of(m), claim_own=False)
    n = g.legal(buf)
    m = next(m for m in buf[:n] if kind_of(m) == 0)
    d.select(0)
    d.goto(lot_of(m), 0)
    d.lines.append("a")
    g.apply(m)
    return g, d, lot_of(m)


def test_claim_prompt_says_its_numbers_in_words(tmp_path):
    """The claim prompt: the points on the message line, what they are
    made of on the panel (customers times the street lots to the nearest
    tower of its colour; with none, the empty lots + 1), not a bare
    "0 x 79 = 0"."""
    for rival in (False, True):
        g, d, lot = _to_claim(rival)
        _st, s, _ = run_sim(tmp_path, HOTSEAT + "\n".join(d.lines) + "\n", name="claim%d" % rival)
        t = scoring.tower(g, lot)
        want = M_CLAIM % (piece_name(0), lot_name(lot), t.points)
        assert message(s) == split_lines(want, 26, 2)[0]
        assert (t.rival != NONE) == rival
        if rival:
            why = T_CLAIM % (t.customers, t.distance, COLOUR_NAMES[t.colour], lot_name(t.rival))
        else:
            why = T_CLAIM_FAR % (t.customers, t.distance - 1)
            assert t.distance - 1 == sum(1 for v in range(80) if g.kind_at(v) < 0)
        assert table(s) == why.split("\n"), (table(s), why)
        assert "customers" in table(s)[0]


def test_start_in_the_claim_prompt_opens_the_pause_menu(tmp_path):
    """Start in the claim prompt: the pause menu (it did nothing, so
    "Start, down, A" capped the tower by accident: now that is undo, and
    the build is taken back, uncapped); resume: the claim prompt again;
    no hint or replay offered while the build is half made."""
    g, d, lot = _to_claim(False)
    script = HOTSEAT + "\n".join(d.lines) + "\n"
    _st, s, _ = run_sim(tmp_path, script + "start\n", name="paused")
    assert read_text(s, 4, 1, 6) == "Paused"
    menu = [read_text(s, 30, 16 + 13 * i, 8).rstrip() for i in range(5)]    # ui/pause.py's rows
    assert menu == ["resume", "undo", "rules", "restart", "quit"], menu
    _st, s, _ = run_sim(tmp_path, script + "start\ndown\na\n", name="undo")
    who = PLAYER_WORDS[g.builder()]
    assert message(s) == split_lines("undone: %s's red tower on %s" % (who, lot_name(lot)), 26, 2)[0]
    assert table(s)[0].startswith("score")
    _st, s, _ = run_sim(tmp_path, script + "start\na\n", name="resume")
    t = scoring.tower(g, lot)
    assert message(s) == split_lines(M_CLAIM % (piece_name(0), lot_name(lot), t.points), 26, 2)[0]
    _st, s, _ = run_sim(tmp_path, script + "start\na\na\n", name="cap")   # and A caps it
    assert message(s) == split_lines("%s capped the red tower on %s" % (who, lot_name(lot)), 26, 2)[0]


def test_undo_says_what_it_took_back(tmp_path):
    g = new_game(1)
    d = Driver(g)
    buf = array("H", [0] * MAX_MOVES)
    n = g.legal(buf)
    m = next(m for m in buf[:n] if kind_of(m) == 4)
    d.build(4, lot_of(m))
    _st, s, _ = run_sim(tmp_path, HOTSEAT + "\n".join(d.lines) + "\nstart\ndown\na\n",
                        name="undo")
    want = "undone: P2's blue dome on %s" % lot_name(lot_of(m))
    assert message(s) == split_lines(want, 26, 2)[0]


def test_the_cursor_waits_on_a_legal_lot(tmp_path):
    """After a build, the next player's cursor is on a lot where their
    selected piece may go (the frame under the cursor)."""
    g = new_game(1)
    d = Driver(g)
    buf = array("H", [0] * MAX_MOVES)
    n = g.legal(buf)
    m = buf[n // 2]
    d.build(kind_of(m), lot_of(m), claim_own=False)
    _st, s, _ = run_sim(tmp_path, HOTSEAT + "\n".join(d.lines) + "\n", name="wait")
    name = read_text(s, 82, 0, 3, scale=2).strip()
    assert name == lot_name(d.cur)
    assert g.why_not(build(d.kind, d.cur)) is None
    assert appdriver  # the model the tests drive the board with
