"""Skyscrapers on the handheld, through the headless simulator: the
launcher opens it, a scripted game is played from the engine's own legal
plays (cursor, plays menu, undo), finished from the pause menu, and the
best score kept in the NVM equals the engine's score of the same plays."""

import json
import os
import subprocess
import sys
from array import array

import saves
from appdriver import WRITTEN, sky_finish, sky_goto, sky_open, sky_plays

import paths
from skyscrapers.deal import new_game
from skyscrapers.engine import MAXPLAYS, VAR2
from skyscrapers.scoring import score
from store import Store

SEED = 5


def run_sim(tmp_path, script, name="run", fresh=False):
    """(state, screenshot path, nvm bytes). ``fresh``: code.py runs under
    tools/fresh.py (the panel against a fresh redraw at every wait for a
    press); its report is state["fresh"]."""
    shot = tmp_path / (name + ".png")
    state = tmp_path / (name + ".json")
    sf = tmp_path / (name + ".txt")
    nvm = tmp_path / (name + ".nvm")
    sf.write_text(script)
    cmd = [sys.executable, "-m", "sim", "--headless", "--script", str(sf),
           "--screenshot", str(shot), "--shot-panel", "--state", str(state), "--timeout", "100",
           "--nvm", str(nvm)]
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    report = tmp_path / (name + ".fresh")
    if fresh:
        cmd += ["--code", os.path.join(paths.ROOT, "tools", "fresh.py")]
        env["FRESH_OUT"] = str(report)
    p = subprocess.run(cmd, cwd=paths.ROOT, env=env, capture_output=True, text=True,
                       timeout=150)
    assert p.returncode == 0, p.stderr
    with open(state) as f:
        st = json.load(f)
    assert not st.get("error"), st.get("error")
    if fresh:
        st["fresh"] = json.loads(report.read_text().splitlines()[-1])
    return st, shot, (nvm.read_bytes() if nvm.exists() else None)   # (None: never written)


def test_full_scripted_game_to_the_scoring_screen(tmp_path):
    plays, g, _cur = sky_plays(SEED, 0, 30)
    script = sky_open(SEED) + plays + sky_finish() + ["wait 300", "b", "wait 200"]
    st, _shot, nvm = run_sim(tmp_path, "\n".join(script) + "\n", "full", fresh=True)
    # issue 30: no wait for a press shows a stale screen (tools/fresh.py)
    assert st["fresh"]["waits"] >= 60 and st["fresh"]["stale"] == [], st["fresh"]["stale"][:3]
    want = score(g).total
    assert g.nplays == 30 and want > 0
    store = Store(bytearray(nvm))
    assert store.best("sky%d/0" % SEED) == want


def test_variant2_and_an_illegal_piece(tmp_path):
    g = new_game(SEED, VAR2)
    # A piece with no play: A says why in red (and the pixels flash red).
    buf = array("H", [0] * MAXPLAYS)
    stuck = next(c for c in range(25) if c != g.hole and not g.legal(buf, c))
    script = sky_open(SEED, var2=True) + sky_goto(7, stuck, g.hole) + ["a", "wait 100"]
    _st, shot, _nvm = run_sim(tmp_path, "\n".join(script) + "\n", "stuck")
    import pygame
    surf = pygame.image.load(str(shot))
    reds = 0
    for y in range(104, 128):
        for x in range(160):
            r, gg, b = tuple(surf.get_at((x, y)))[:3]
            if r > 200 and gg < 140 and b < 140:
                reds += 1
    assert reds > 20


def test_a_dpad_press_toward_the_hole_slides(tmp_path):
    """From a piece next to the hole, one press toward the hole slides it in
    (the cursor follows it); the repeats of a held press never slide."""
    from skyscrapers import save
    from skyscrapers.engine import SLIDE
    from skyscrapers.plays import play_of
    g = new_game(SEED)
    assert g.hole == 12
    # the first of the hole's neighbours that may slide; the cursor starts on C4
    c, key = next((c, k) for c, k in ((7, "down"), (11, "right"), (13, "left"), (17, "up"))
                  if g.why_not(play_of(SLIDE, c, 12)) is None)
    script = sky_open(SEED) + sky_goto(7, c, g.hole) + [key, "wait 200", WRITTEN.strip()]
    _st, _shot, nvm = run_sim(tmp_path, "\n".join(script) + "\n", "slide")
    saved = save.decode(save.Setup(), Store(bytearray(nvm)).game(0x73)[1])
    assert saved.nplays == 1 and saved.play_at(0) == play_of(SLIDE, c, 12)
    # held: the press slides once, its repeats only move the cursor on
    script = sky_open(SEED) + sky_goto(7, c, g.hole) + ["hold %s 900" % key, "wait 200", WRITTEN.strip()]
    _st, _shot, nvm = run_sim(tmp_path, "\n".join(script) + "\n", "held")
    assert Store(bytearray(nvm)).game(0x73)[1] is not None
    assert save.decode(save.Setup(), Store(bytearray(nvm)).game(0x73)[1]).nplays == 1


def test_autosave_continue_and_the_other_games_save(tmp_path):
    """Skyscrapers saves as it is played: quit mid-game, and the launcher
    offers "Continue Skyscrapers", which brings back the same position;
    its seed and options come back on the new-game screen; a new Alien
    City game beside it never touches its save."""
    from skyscrapers import save
    plays, g, _cur = sky_plays(SEED, VAR2, 6)
    quit_ = ["start", "up", "a", "down", "a", "wait 200"]        # pause -> quit -> yes
    script = sky_open(SEED, var2=True) + plays + quit_
    _st, _shot, nvm = run_sim(tmp_path, "\n".join(script) + "\n", "quit")
    s = Store(bytearray(nvm))
    options, data = s.game(0x73)
    assert saves.last(s) == 0x73 and options == bytes((VAR2, 0, SEED))
    st = save.Setup()
    g2 = save.decode(st, data)
    assert g2.position() == g.position() and st.dealt == SEED and st.options == VAR2
    # Launcher: A on "Continue Skyscrapers"; the board is that position.
    nvm_file = tmp_path / "cont.nvm"
    nvm_file.write_bytes(nvm)
    cont = tmp_path / "cont.txt"
    cont.write_text("a\nwait 300\nb\nwait 200\n" + WRITTEN)   # continue, undo one play
    subprocess.run([sys.executable, "-m", "sim", "--headless", "--script", str(cont),
                    "--nvm", str(nvm_file), "--timeout", "30"], cwd=paths.ROOT,
                   env=dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy"),
                   check=True, capture_output=True, timeout=60)
    after = Store(bytearray(nvm_file.read_bytes()))
    g3 = save.decode(save.Setup(), after.game(0x73)[1])
    g.undo()
    assert g3.position() == g.position()                  # continued, and the undo saved
    # A new Alien City game (launcher: down past Continue to Alien City, start).
    nvm_file.write_bytes(nvm)
    cont.write_text("down\na\nwait 300\nstart\nwait 300\nright\na\n" + WRITTEN)
    subprocess.run([sys.executable, "-m", "sim", "--headless", "--script", str(cont),
                    "--nvm", str(nvm_file), "--timeout", "30"], cwd=paths.ROOT,
                   env=dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy"),
                   check=True, capture_output=True, timeout=60)
    both = Store(bytearray(nvm_file.read_bytes()))
    assert both.game(0x73) == (options, data)       # untouched
    assert both.game(0x61)[1] is not None and saves.last(both) == 0x61


def message(shot):
    """The message line as shown (its two lines joined)."""
    import pygame
    from test_app import read_text
    surf = pygame.image.load(str(shot))
    lines = (read_text(surf, 2, 104 + 12 * i, 26).rstrip() for i in range(2))
    return " ".join(ln for ln in lines if ln)


def toward(c, hole):
    """The d-pad key from cell c toward the hole next to it."""
    return {-5: "up", 5: "down", -1: "left", 1: "right"}[hole - c]


def test_finish_asks_and_a_finished_game_looks_finished(tmp_path):
    """Finish asks "sure?" first; after the scores the board says it is
    finished (its final score), refuses an undo and a slide, and stays
    unsaved (a finished game is not continued)."""
    import pygame
    from test_app import read_text

    from skyscrapers.app import M_FINISHED, M_NO_MORE
    from skyscrapers.engine import SLIDE
    from skyscrapers.plays import play_of
    plays, g, cur = sky_plays(SEED, 0, 8)
    start = sky_open(SEED) + plays
    _st, shot, nvm = run_sim(tmp_path, "\n".join(start + sky_finish()[:4] + ["wait 200"]) + "\n",
                             "sure")
    assert read_text(pygame.image.load(str(shot)), 4, 1, 13) == "finish: sure?"
    # B there: back to the game, nothing finished
    _st, shot, nvm = run_sim(tmp_path, "\n".join(start + sky_finish()[:4] + ["b", "b", "wait 200"])
                             + "\n", "no")
    assert Store(bytearray(nvm)).game(0x73)[1] is not None
    # yes, then B on the scores: the finished board
    done = start + sky_finish() + ["wait 300", "b", "wait 200"]
    _st, shot, nvm = run_sim(tmp_path, "\n".join(done) + "\n", "done")
    assert message(shot) == M_FINISHED % score(g).total
    assert read_text(pygame.image.load(str(shot)), 106, 1, 5) == "final"
    assert Store(bytearray(nvm)).game(0x73)[1] is None
    # B (undo) is refused and says so
    _st, shot, nvm = run_sim(tmp_path, "\n".join(done + ["b", "wait 100"]) + "\n", "undo")
    assert message(shot) == M_NO_MORE
    assert Store(bytearray(nvm)).game(0x73)[1] is None
    # a press toward the hole from a piece that could slide: no slide
    c = next(c for c in range(25) if c != g.hole and g.why_not(play_of(SLIDE, c, g.hole)) is None)
    moves = sky_goto(cur, c, g.hole) + [toward(c, g.hole), "wait 100"]
    _st, shot, nvm = run_sim(tmp_path, "\n".join(done + moves) + "\n", "slide")
    assert Store(bytearray(nvm)).game(0x73)[1] is None


def test_a_refused_dpad_slide_says_why(tmp_path):
    """Variant 2: after three tile slides, a d-pad press toward the hole
    from a fourth tile does not slide it, and the message says so and why."""
    from skyscrapers.app import M_NO_4TH
    from skyscrapers.engine import R_THREE_SLIDES, SLIDE
    from skyscrapers.plays import play_of, play_to
    g = new_game(SEED, VAR2)
    cur = 7
    script = sky_open(SEED, var2=True)
    for _ in range(3):
        c = next(c for c in range(25) if c != g.hole and g.height[c] == 1
                 and g.why_not(play_of(SLIDE, c, g.hole)) is None)
        script += sky_goto(cur, c, g.hole) + [toward(c, g.hole)]
        m = play_of(SLIDE, c, g.hole)
        g.apply(m)
        cur = play_to(m)
    c = next(c for c in range(25) if c != g.hole and g.height[c] == 1
             and g.why_not(play_of(SLIDE, c, g.hole)) == R_THREE_SLIDES)
    script += sky_goto(cur, c, g.hole) + [toward(c, g.hole), "wait 100"]
    st, shot, nvm = run_sim(tmp_path, "\n".join(script) + "\n" + WRITTEN, "refused")
    assert message(shot) == M_NO_4TH
    assert [e for e in st["audio"] if e["op"] == "play"][-1]["freq"] == 180   # the low beep
    from skyscrapers import save
    assert save.decode(save.Setup(), Store(bytearray(nvm)).game(0x73)[1]).nplays == 3


def test_a_refused_slide_says_so_and_the_cursor_stays(tmp_path):
    """Seed 15: C4 (where the cursor starts) holds the moons pawn, next to
    the hole; down, toward it: "no slide: C4 holds the moons pawn" (it
    said only the reason, and the cursor went on onto the hole), the
    cursor still on C4, the low beep, nothing played."""
    import pygame
    from test_app import read_text

    from skyscrapers.engine import SLIDE, cell_name
    from skyscrapers.plays import play_of
    g = new_game(15)
    assert g.hole == 12 and g.why_not(play_of(SLIDE, 7, 12)) == "C4 holds the moons pawn"
    st, shot, nvm = run_sim(tmp_path, "\n".join(sky_open(15) + ["down", "wait 100"]) + "\n",
                            "pawn")
    assert message(shot) == "no slide: C4 holds the moons pawn"
    surf = pygame.image.load(str(shot))
    assert read_text(surf, 106, 81, 2) == cell_name(7)        # the panel's cursor cell
    assert [e for e in st["audio"] if e["op"] == "play"][-1]["freq"] == 180
    saved = Store(bytearray(nvm)).game(0x73)[1] if nvm else None
    from skyscrapers import save
    assert saved is None or save.decode(save.Setup(), saved).nplays == 0


def test_no_tile_shows_a_button_letter_and_pawns_leave_values_whole():
    """Suits are signs, the ace is 1: no sprite shows an "A" or a "B" (the
    buttons' letters) where a value goes, the signs are pictures; a pawn
    stands above a tile's value and never covers it (issue 31)."""
    from skyscrapers import screen, sprites
    from ui.draw import GLYPHS
    bm, _pal = sprites.make()
    S = screen.S

    def glyph_bits(i, x0, y0, colour):
        ox, oy = (i % screen.COLS) * S, (i // screen.COLS) * S
        return sum(1 << (14 - r * 3 - c) for r in range(5) for c in range(3)
                   if bm[ox + x0 + c, oy + y0 + r] == colour)

    buttons = {GLYPHS["A"], GLYPHS["B"]}
    for t in range(24):
        v = t % 6
        value = glyph_bits(1 + t, 5, 4, 12)
        assert value not in buttons, t
        assert value == (GLYPHS[str(v)] if v else 0), t
    for p in range(4):
        pawn = {(x, y) for x in range(S) for y in range(S)
                if bm[(screen.PAWN + p) % screen.COLS * S + x,
                      (screen.PAWN + p) // screen.COLS * S + y]}
        assert pawn and all(y < 4 for _x, y in pawn)      # the value is on rows 4-8


def _sign_pixels(sbm, i):
    """The lit pixels of sign i of the signs' sheet, (x, y) in its cell."""
    return {(x, y) for y in range(20) for x in range(20) if sbm[i * 20 + x, y]}


def test_suit_signs_are_pictures_apart_at_1x():
    """Issue 43: the signs were 3x5 pictures drawn at scale 2 (6x10 px of
    2x2 blocks, in a shade of the tile's own colour) and read as blobs at
    1x. Now each is 7x7 of the screen's own pixels, white on tiles and
    stacks (black on coins), over the cell: four shapes that differ in
    many pixels (at least 12 of 49 from any other), the same on a tile, a
    stack and a coin, clear of the value, the pawn and the stack's height."""
    from skyscrapers import screen, sprites
    sbm, spal = sprites.signs()
    assert _sign_pixels(sbm, 0) == set()                     # the hole: none
    shapes = []
    for kind, first, at in (("tile", screen.SIGN_TILE, (2, 2)), ("stack", screen.SIGN_STACK, (4, 2)),
                            ("coin", screen.SIGN_COIN, (6, 6))):
        for s in range(4):
            px = _sign_pixels(sbm, first + s)
            assert {sbm[(first + s) * 20 + x, y] for x, y in px} == {2 if kind == "coin" else 1}
            shape = frozenset((x - at[0], y - at[1]) for x, y in px)
            assert all(0 <= x < 7 and 0 <= y < 7 for x, y in shape), (kind, s)
            if kind == "tile":
                shapes.append(shape)
                # a tile's value is at screen x 10-15, y 8-17, the pawn at x 10-19, y 0-7
                assert all(x <= 8 for x, _y in px), s
            elif kind == "stack":
                # the stack's height box: x 10-17, y 10-19
                assert all(y <= 8 for _x, y in px), s
            assert shape == shapes[s], (kind, s)
    for a in range(4):
        for b in range(a + 1, 4):
            assert len(shapes[a] ^ shapes[b]) >= 12, (a, b, len(shapes[a] ^ shapes[b]))
    assert spal[1] == 0xF8F8F8 and spal[2] == 0x080808


def test_the_board_shows_each_cells_sign(tmp_path):
    """On the board (seed 5 after 12 plays: tiles, stacks, coins), every
    cell shows its suit's sign at the screen's own pixels: in white on a
    tile or stack where its sign's pixels are, and none on the hole."""
    import pygame
    from appdriver import sky_plays

    from skyscrapers import screen, sprites
    sbm, _spal = sprites.signs()
    plays, g, _cur = sky_plays(SEED, 0, 12)
    assert any(g.height[c] >= 2 for c in range(25)) and any(g.coin[c] for c in range(25))
    _st, shot, _nvm = run_sim(tmp_path, "\n".join(sky_open(SEED) + plays + ["wait 200"]) + "\n",
                              "signs")
    surf = pygame.image.load(str(shot))
    for c in range(25):
        i = screen.sign_sprite(g, c)
        px = _sign_pixels(sbm, i)
        assert (i == 0) == (c == g.hole and not g.coin[c]), c
        want = (0xF8, 0xF8, 0xF8) if i < screen.SIGN_COIN else (0x08, 0x08, 0x08)
        x0, y0 = 2 + (c % 5) * 20, 2 + (c // 5) * 20
        pawn = g.pawn[c]
        for x, y in px:
            if pawn and x >= 10 and y <= 7:
                continue                        # under the pawn
            got = tuple(surf.get_at((x0 + x, y0 + y)))[:3]
            assert all(abs(a - b) <= 12 for a, b in zip(got, want)), (c, x, y, got)
