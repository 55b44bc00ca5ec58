"""Board adapters: one per board family, one interface (see common.py).

    import boards
    hw = boards.load()          # picks the adapter from board.board_id
    buttons = hw.buttons()
    ev = buttons.get()          # a ButtonEvent (ev.key, ev.name, ev.pressed, ...) or None
    hw.pixels[0] = 0x00FF00; hw.pixels.show()
    hw.tone(880, 60)
    hw.display.root_group = group; hw.display.refresh()
    hw.nvm[0:4] = b"ACS1"
"""

from boards.common import DOWN, LEFT, NAMES, RIGHT, SELECT, START, UP, A, B, ticks_add, ticks_diff  # noqa: F401


def load():
    """The adapter for the board this runs on (from board.board_id)."""
    import board

    if "pygamer" in board.board_id:
        from boards.pygamer import Board
    else:  # pybadge, pybadge LC, edgebadge
        from boards.pybadge import Board
    return Board()
