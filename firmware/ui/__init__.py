"""The shell every game shares: the game runner with the lights, sounds
and the wait for a press (session; the sound effects named in fx), when
the store is written (saving), the new-game screen (newgame), the pause
menu (pause), replay (replay), the computer's thinking (think), text
(text with the message line, textview, menu), drawing helpers (draw),
palette, settings, the crash screen (crash) and the lights of a build
without terminalio (nofont)."""
