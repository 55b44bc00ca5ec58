"""Alien City: the rules engine (engine, its codec moves, streets, geometry,
scoring, deal, record: pure, no display, no hardware), the computer opponents (ai,
ai_eval), and the game in the shell (app, setup, save, screen, sprites,
computer, results, rules)."""
