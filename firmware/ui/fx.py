"""The sound effects every screen plays: (frequency, ms) pairs, named.

The lights and the speaker themselves (queued tones, a steady colour,
flashes, the thinking bar) are the shell's ``Fx`` (ui/session.py), which
every wait for a press goes through.
"""

# Sound effects: (frequency, ms) pairs.
PLACE = ((660, 40),)
CLAIM = ((880, 50), (1320, 70))
ILLEGAL = ((180, 140),)
END = ((523, 90), (659, 90), (784, 90), (1047, 200))
MOVE = ((1200, 8),)
