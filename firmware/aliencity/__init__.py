"""Alien City. The rules engine, pure (no display, no hardware): engine
(the position, legal moves, claims, undo), moves (its codec: what a move
packs, and the names of lots and pieces), geometry (lots, tiles,
neighbours), streets (the street rule and
distances), scoring (with its breakdown), deal (a seeded city), record
(the text form of a game), why (a refusal in words). The computer
opponents: ai (the levels), ai_eval (the tables they search with). The
game in the shell: app (what the shell asks, the board's controller),
screen (the view), sprites (its sheet, drawn once), computer (computer
seats), hint, replay, results (the scoring screen), rows (the new-game
screen's), rules (the rules in short), save and save2 (its store
section: writing, and reading back with version 2)."""
