"""Alheimur: the rules engine, its records, and the handheld's screens
(docs/alheimur.md; "Where the code is" follows a human's decision)."""

# The map of the package (comments: they cost no heap on the board or in
# the test VM, which keeps docstrings).
#
# The rules (pure Python, no display, no hardware; never import ui/):
#
#     engine.py     Game: the state, decision points, legal, apply, undo, why_not
#     actions.py    the codec: actions, piece and ship bytes, spots made and taken apart
#                   (packing.py: a pyramid's byte and the last-round register for the
#                   desktop's own positions: tests, tools; never loaded on the board)
#     layout.py     where the state lives in the game's bytearray (engine modules only)
#     world.py      geometry of a built world: tiles, territories, adjacency, regions
#     build.py      world building and start colonists   (loaded while worlds are built)
#     turn.py       expansion, survival, the six movement steps
#     battle.py     fleet battle: sites, firing turns, shots, dice, shrinking
#     scoring.py    the six scores and the regions behind them      (at the end)
#     deck.py       the 40 cards as data, the codec of a card's place; deal.py:
#                   shuffle, new_game                              (while built)
#     reasons.py    why an action, or a press on a piece, is refused (for a refusal)
#     words.py      the one vocabulary: players, places, pieces, ships, what an action
#                   does in a line, the status lines   (whenever something is said;
#                   kept through play from .py, computers' turns too)
#     record.py     records "alheimur 1": read, replay, Recorder      (tools, tests)
#
# The handheld (ui/session.py's shell runs the loop; one job per module):
#
#     app.py        the shell's plug-in and the Board: who decides, what every
#                   action shows                                   (while playing)
#     screen.py     the play screen: a world, its orbit, the tabs, the cursor (playing)
#     sprites.py    the play screen's sheets and objects, made once (then dropped)
#     human.py      a human's turn: the cursor, choosing, acting, undo, the final
#                   worlds                         (while a human decides)
#     computer.py   a computer's turn: thinking, then the move shown (while a
#                   computer decides; never loaded with human.py)
#     ai.py         the computer levels and a computer's turn (loaded by computer.py);
#                   ai_eval.py: its judgement of a position; ai_setup.py: its world
#                   building                           (while worlds are built)
#     survival.py   the survival check shown                      (for the check)
#     shot.py       a shot's dice shown                           (for a shot)
#     build_screen.py  world building on screen          (while worlds are built)
#     hand_over.py  the hot seat's "pass the game to"             (while it is up)
#     since.py      "since your last turn": the log in words   (while it is up)
#     all_worlds.py every world at a glance                       (while it is up)
#     ending.py     the end: which end came, the winners' lights, the scores screen;
#                   results.py: the scoring screen's lines        (at the end)
#     rows.py       the new-game rows; save.py: the store section (resident);
#                   restore.py: reading it back        (for a moment)
#     rules.py      the rules text for the pause menu             (while read)
