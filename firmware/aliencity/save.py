"""What Alien City keeps in its store section: the new-game options
(``Setup``, ``pack_options``) and the game in progress (``encode``).

    options: W seat, B seat, rules, open streets, location bonus

Why binary and not the record text: the city comes back from the seed
(``deal``), so a save is 8 bytes of setup plus 3 bytes a build: a full
game (38 builds) is 122 bytes, where its record text is about 900. Fewer
bytes keep the store's block small, so more of it lies in the pages a
save rewrites first (store.py: a write erases the whole block however
short it is, so the size does not change the wear). Loading replays the builds through the engine
(``Game.load``), so a save that does not hold up is refused as a whole,
never half-restored.

    [0] version 1      [1:3] dealt seed      [3] rules | open << 1 | bonus << 2
    [4] W seat | B seat << 2 (SEATS)   [5:7] the setup's seed (0: shuffle)
    [7] builds n       then n x (kind, lot, cap or NONE): Game.state()

Reading a save back (``decode``) and version 2 (a game whose city is not
dealt from a seed: a game loaded from the desktop by tools/loadgame.py; or
one with builds ahead of the position shown, after a replay stepped back)
are in aliencity/save2.py, loaded only for them.
"""

from micropython import const

from aliencity.engine import CLASSIC, STANDALONE
from lazy import forget
from savehead import save_head

SEATS = ("human", "easy", "medium", "hard")

_VERSION = const(1)
_HEAD = const(8)


class Setup:
    """What the new-game screen decides."""

    def __init__(self):
        self.seats = [0, 1]        # indexes into SEATS (W human, B easy)
        self.rules = STANDALONE
        self.open_streets = False
        self.location_bonus = False
        self.seed = 0              # 0: shuffle (a fresh seed each game)
        self.dealt = 1             # the seed of the city being played (0: ``city``)
        self.city = None           # (tiles, icons, values, first) of a loaded game
        self.ahead = b""           # builds after the position (kind, lot, cap each)

    def levels(self):
        """Per player: None for a human, else the AI level."""
        return [None if s == 0 else SEATS[s] for s in self.seats]


def pack_options(st):
    """The new-game options as 5 bytes (the session keeps them, and the
    seed after them, in the game's store section)."""
    return bytes((st.seats[0], st.seats[1], st.rules,
                  1 if st.open_streets else 0, 1 if st.location_bonus else 0))


def unpack_options(st, d):
    """Set ``st`` from pack_options bytes; anything odd leaves it alone."""
    if len(d) != 5 or d[0] >= len(SEATS) or d[1] >= len(SEATS) or d[2] > CLASSIC \
            or d[3] > 1 or d[4] > 1:
        return False
    st.seats[0] = d[0]
    st.seats[1] = d[1]
    st.rules = d[2]
    st.open_streets = d[3] == 1
    st.location_bonus = d[4] == 1 and d[2] == CLASSIC
    return True


def encode(st, game):
    """The save bytes of ``game`` (None once it is over: nothing to
    continue)."""
    if st.dealt == 0 or st.ahead:
        return _save2("encode2", st, game)
    if game.over():
        return None
    n = game.nbuilds
    out = save_head(st, _VERSION, game.rules | (game.open_streets << 1)
                    | (game.location_bonus << 2), st.seats[0] | st.seats[1] << 2, 1 + 3 * n)
    out[7] = n
    out[_HEAD:] = game.state()
    return bytes(out)


def decode(st, data):
    """Fill ``st`` (a Setup) and return the Game from ``encode``'s
    bytes; ValueError if they do not make a game (bad header, an illegal
    build; ``st`` may then be half filled)."""
    return _save2("decode", st, data)


def _save2(name, st, x):
    """A function of aliencity/save2.py, loaded for this call."""
    from aliencity import save2
    try:
        return getattr(save2, name)(st, x)
    finally:
        save2 = None
        forget("aliencity.save2")
