"""Widgets and helpers every game shares: palette, menu, message line,
settings, lights and sounds."""
