"""Skyscrapers: the solitaire city puzzle: the rules engine (engine, its
codec plays, cells, scoring, deal, record: pure), and the game in the shell (app, setup, save,
screen, sprites, results, rules)."""
