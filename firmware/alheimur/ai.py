"""Computer players and chance for Alheimur: who picks the next action
(docs/alheimur.md, "Computer players").

``LEVELS`` maps a level name to ``choose(game, rng, buf, n, deadline_us=None,
now_us=None, progress=None, should_stop=None)``: given the n legal actions
in ``buf`` (Game.legal) it returns one; ``rng`` is the seat's own
``prng.Rng`` (never the game's dice). The engine has no clock, so the caller
hands one in: ``now_us()`` in microseconds (device:
``time.monotonic_ns() // 1000``; MicroPython VM: ``lane.ticks_us``;
CPython: ``time.perf_counter_ns() // 1000``) and ``deadline_us`` on that
clock; ``progress(fraction)`` is called while a level searches, and
``should_stop()`` returning True ends the search with the best action so
far.

- ``random``: uniformly among the legal actions.
- ``easy``: judges each action by the position it leads to (ai_eval: the
  final score projected through the next survival checks), without
  missions or battles, with some noise; ends the game only when far
  ahead; builds its world at random.
- ``hard``: the full judgement: survival projection, pyramids that keep
  living, marines' missions, battles on the exact odds, the last round
  begun only when clearly ahead; builds the world with most room,
  spaceport sites and big regions.

``chance(game, rng, buf, n)`` answers a chance point: a die from the
game's generator, or the neutral world's placement by lot.

The heavy modules load on first use (``ai_setup`` only while worlds are
built: it is forgotten at the first decision of play); ``release()``
frees the buffers.
"""

from alheimur.actions import K_DIE, P_START, act
from lazy import forget

# Weights of ai_eval (W_STABLE, W_ORBIT, W_SPACE, W_OTHER, W_SUPPORT,
# W_MARGIN, W_BATTLE).
EASY_W = bytes((8, 0, 0, 0, 0, 255, 0))
HARD_W = bytes((24, 38, 29, 19, 3, 15, 1))
EASY_NOISE = 24


def choose_random(game, rng, buf, n, deadline_us=None, now_us=None,
                  progress=None, should_stop=None):
    return buf[rng.below(n)]


def choose_easy(game, rng, buf, n, deadline_us=None, now_us=None,
                progress=None, should_stop=None):
    return _choose(game, rng, buf, n, (deadline_us, now_us, progress, should_stop), 0)


def choose_hard(game, rng, buf, n, deadline_us=None, now_us=None,
                progress=None, should_stop=None):
    return _choose(game, rng, buf, n, (deadline_us, now_us, progress, should_stop), 1)


def _choose(game, rng, buf, n, clock, hard):
    setup = game.phase() <= P_START
    if not setup:
        forget("alheimur.ai_setup")     # play has begun: world building is over
    if n == 1:
        a = buf[0]
    elif setup:
        from alheimur import ai_setup
        a = ai_setup.decide(game, rng, buf, n, hard)
    else:
        from alheimur import ai_turn
        ai_turn.set_clock(*clock)
        a = ai_turn.decide(game, HARD_W if hard else EASY_W, rng, buf, n,
                           0 if hard else EASY_NOISE)
    if clock[2] is not None:
        clock[2](1)
    return a


def chance(game, rng, buf, n):
    if game.dice_needed():
        return act(K_DIE, rng.below(6) + 1)
    return buf[rng.below(n)]


def release():
    import sys
    t = sys.modules.get("alheimur.ai_turn")
    if t is not None:
        t.release()


LEVELS = {"random": choose_random, "easy": choose_easy, "hard": choose_hard}
ORDER = ("random", "easy", "hard")     # LEVELS' names, cheapest first
