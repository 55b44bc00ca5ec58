"""Alien City: the rules engine (pure Python, no display, no hardware)."""
