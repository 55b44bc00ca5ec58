"""Alheimur: the rules engine, deal, scoring and records (pure Python, no
display, no hardware). See docs/alheimur.md."""
