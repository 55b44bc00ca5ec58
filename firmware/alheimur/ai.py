"""Computer players and chance for Alheimur: who picks the next action.

``LEVELS`` maps a level name to ``choose(game, rng, buf, n)``: given the n
legal actions in ``buf`` (Game.legal) it returns one. Stronger levels are
added here by name; ``random`` picks uniformly. ``chance(game, rng, buf,
n)`` answers a chance point: a die from the generator, or the neutral
world's placement by lot (uniform among the legal ones).
"""

from alheimur.actions import K_DIE


def choose_random(game, rng, buf, n):
    return buf[rng.below(n)]


def chance(game, rng, buf, n):
    if game.dice_needed():
        return K_DIE << 11 | rng.below(6) + 1
    return buf[rng.below(n)]


LEVELS = {"random": choose_random}
