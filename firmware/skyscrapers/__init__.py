"""Skyscrapers, the solitaire city puzzle. The rules engine, pure:
engine (the position, the three plays, undo), plays (its codec, with
the 25 cells, their neighbours and names), scoring (the breakdown and
the target), deal (a seeded board), record (the text form of a game).
The game in the shell: app (what the shell asks, the board's
controller), screen (the view), sprites (its sheets, drawn once),
results (the score explained), rows (the new-game screen's), rules (the
rules in short), save (its store section)."""
