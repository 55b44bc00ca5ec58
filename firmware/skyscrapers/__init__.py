"""Skyscrapers: the solitaire city puzzle (engine, records, screens)."""
