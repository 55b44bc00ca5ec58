"""tools/boardtime.py (time on the board, issue 32): journeys of presses
through code.py in the MicroPython VM and in the simulator, the SAMD51
estimates and the tables' bookkeeping. The long measurements are the
bench's (tools/bench.py --board-time); these runs are short."""

import boardtime
import mpylane
import pytest
import vmboard


def test_labels_name_the_wait_after_a_steps_last_press():
    keys, labels = boardtime.keys_and_labels((("a b", "two"), ("up", None), ("start", "end")))
    assert keys == ["a", "b", "up", "start"]
    assert labels == {1: "two", 3: "end"}


def test_the_bus_clock_comes_from_boards():
    assert boardtime.spi_hz() == 24000000
    # a whole screen of 16-bit pixels at 24 MHz
    assert boardtime.spi_ms(160 * 128) == pytest.approx(13.65, abs=0.01)


def test_kinds_of_press():
    k = boardtime.kind_of
    assert k("aliencity board", "left", [(0, 0, 10, 10)], False) == "cursor move"
    assert k("alheimur board", "right", [(0, 0, 10, 10)], True) == \
        "cursor move, another world shown"
    assert k("skyscrapers board", "left", [(0, 0, 10, 10)], False, moved=True) == \
        "action (d-pad: a play)"
    assert k("aliencity board", "a", [(2, 102, 140, 115)], False) == "message only"
    assert k("pause menu", "down", [(0, 20, 60, 40)], False) == "menu step"
    assert k("text view", "down", [(0, 0, 160, 128)], False) == "scroll"


def _data(stand=([1.0, 2.0], 0.25)):
    return {"compile": {"mp": {"m": (2000, 10240)}}, "standin": {"mp": stand}}


def test_estimates_add_compiling_to_py_only_and_take_the_stand_ins_off():
    data = _data()
    py = {"us": 5000, "calls": [0, 0], "new": ["m"]}
    mpy = {"us": 3000, "calls": [0, 0], "new": ["m"]}
    est_py, est_mpy = boardtime.estimate(data, "mp", py, mpy, 0)
    rf = boardtime.run_factor("mp")
    assert est_mpy == pytest.approx(3.0 * rf)
    # 10 KB compiled at the board's rate
    assert est_py == pytest.approx(3.0 * rf + 10 * boardtime.SAMD51_COMPILE_MS_PER_KB)
    # a thousand calls into stand-ins, each 0.75 us dearer than the native store
    mpy["calls"] = [1000, 0]
    assert boardtime.estimate(data, "mp", py, mpy, 0)[1] == pytest.approx(2.25 * rf)
    # and four hundred of another kind, each 1.75 us dearer
    mpy["calls"] = [600, 400]
    assert boardtime.estimate(data, "mp", py, mpy, 0)[1] == pytest.approx(1.85 * rf)
    mpy["calls"] = [1000, 0]
    # the bus: a whole screen adds its 13.65 ms to both
    both = boardtime.estimate(data, "mp", py, mpy, 160 * 128)
    assert both[1] == pytest.approx(2.25 * rf + boardtime.spi_ms(160 * 128))


def test_compile_factor_is_the_published_rate_over_this_vms():
    # 10 KB in 2 ms here: 0.2 ms a KB against the board's ~19.4
    data = _data()
    assert boardtime.compile_factor(data, "mp") == pytest.approx(
        boardtime.SAMD51_COMPILE_MS_PER_KB / 0.2)


def test_write_doc_replaces_only_between_the_markers(tmp_path, monkeypatch):
    doc = tmp_path / "bench.md"
    doc.write_text("# x\n\nprose\n\n%s\nold\n%s\n\nafter\n" % (boardtime.BEGIN, boardtime.END))
    monkeypatch.setattr(boardtime, "tables", lambda data: "NEW TABLES")
    boardtime.write_doc({}, str(doc))
    text = doc.read_text()
    assert "old" not in text and "NEW TABLES" in text
    assert text.startswith("# x\n\nprose\n") and text.endswith("\nafter\n")
    doc.write_text("no markers\n")
    with pytest.raises(RuntimeError, match="no <!-- board-time"):
        boardtime.write_doc({}, str(doc))


def test_a_journey_in_the_micropython_vm():
    """Power-on to the launcher, then a menu step: the first wait loaded
    the boot and launcher modules, the step loads nothing and is quick."""
    mpylane.require_or_skip()
    waits = boardtime.run_mp(["down"], boardtime.journey_nvm("fresh"), passes=1)
    assert [w["i"] for w in waits] == [-1, 0]
    assert {"entry", "launcher", "store", "ui.menu"} <= set(waits[0]["new"])
    assert waits[1]["new"] == [] and sum(waits[1]["calls"]) > 0
    assert len(waits[1]["calls"]) == len(vmboard.KINDS)
    assert 0 < waits[1]["us"] < waits[0]["us"]


def test_a_journey_in_the_simulator_counts_each_presses_pixels():
    log = boardtime.sim_journey(["down", "down"], boardtime.journey_nvm("fresh"))
    assert [w["i"] for w in log] == [-1, 0, 1]
    assert log[0]["px"] == 160 * 128              # power-on: the launcher, whole
    for w in log[1:]:
        assert w["screen"] == "launcher" and w["key"] == "down"
        assert 0 < w["first"] == w["px"] < 160 * 128 // 2   # a menu step: two rows


def test_a_world_building_cursor_step_redraws_no_whole_screen():
    """BuildView.draw writes a cell only when it changes (CircuitPython
    redraws every written cell): a step of the cursor redrew more than the
    whole screen before."""
    keys, _ = boardtime.keys_and_labels(boardtime.ALH_NEW[:3])
    log = boardtime.sim_journey(keys + ["left"], boardtime.journey_nvm("fresh"))
    step = log[-1]
    assert step["screen"] == "world building" and step["key"] == "left"
    assert 0 < step["first"] < 160 * 128 * 2 // 3


def _pixels(bm):
    return bytes(bm[x, y] for y in range(bm.height) for x in range(bm.width))


def test_sheets_are_the_same_filled_by_bitmaptools_or_pixel_by_pixel(monkeypatch):
    """ui.draw fills rectangles with bitmaptools.fill_region (C on the
    board) where there is one; every game's sprite sheet comes out the
    same pixels as drawn pixel by pixel (a build without bitmaptools)."""
    import sys

    from ui import draw

    sys.path.append(boardtime.ROOT)   # the sheets' screens import boards
    from aliencity import sprites as ac
    from skyscrapers import sprites as sky
    assert draw.fill_region is not None       # the simulator's Blinka has it
    filled = [_pixels(f()[0]) for f in (ac.make, ac.frames, ac.values, sky.make)]
    monkeypatch.setattr(draw, "fill_region", None)
    drawn = [_pixels(f()[0]) for f in (ac.make, ac.frames, ac.values, sky.make)]
    assert filled == drawn
