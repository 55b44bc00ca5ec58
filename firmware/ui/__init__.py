"""The shell every game shares: the game runner (session), when the store
is written (saving), the new-game screen (newgame), the pause menu
(pause), replay (replay), the computer's thinking (think), text (text,
textview, message, menu), drawing helpers (draw), palette, settings,
lights and sounds (fx), the crash screen (crash) and the lights of a
build without terminalio (nofont)."""
