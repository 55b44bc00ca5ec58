"""The shell every game shares: the game runner with the lights, sounds
and the wait for a press (session; the sound effects named in fx), the
new-game screen (newgame), the pause menu (pause), the computer's
thinking (think), text (text with the message line, textview, menu),
drawing helpers (draw), when the store is written (saving), palette,
settings, and the crash screen (crash)."""
