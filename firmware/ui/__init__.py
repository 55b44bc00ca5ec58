"""The shell every game shares: the game runner (session), the new-game
screen (newgame), the pause menu (pause), the computer's thinking (think),
text (text, textview, message, menu), drawing helpers (draw), the record
reader's common parts (records), palette, settings, lights and sounds
(fx), and the crash screen (crash)."""
