"""Alheimur game records, ``alheimur 1`` (docs/records.md, "Alheimur"):

    alheimur 1
    players 3
    option rounds 40              # 20, 40, 60 or none; 40 when missing
    pile 1 AAFF EEEE AEFW TWTW FFTT   # piles 1-8: the deal, in order
    ...
    R place E 180                 # the actor's letter, then the action
    N place NE 0                  # the neutral world: placed by lot
    R start R A4 3
    R expand R B2 1
    R pass
    R survive
    Y fire 3F R2T                 # a ship and its target
    dice 6 5 1                    # every die of a roll

``read`` checks the form and names the line of a problem (RecordError);
``replay`` plays it through the engine and names the first illegal move;
``Recorder`` writes one while a game is played.
"""

from micropython import const

from alheimur import words, world
from alheimur.actions import (
    a_pos,
    a_ship,
    a_size,
    a_terr,
    a_to,
    a_turn,
    a_world,
    act,
    card_act,
    fighter,
    form,
    kind_of,
    launch,
    marine,
    migrate,
    piece_act,
    pips,
    ship_act,
    ship_form,
    ship_loc,
    ship_owner,
    ship_place,
)
from alheimur.deck import POSITIONS, SLOTS, card_name, parse_card
from alheimur.engine import CHANCE, Game
from records import RecordError, Words

# consts from alheimur.actions, alheimur.layout (tools/consts.py; do not edit)
_K_AIM = const(17)
_K_BOARD = const(10)
_K_CIVILIZE = const(6)
_K_DIE = const(1)
_K_FLIP = const(13)
_K_LAUNCH = const(9)
_K_MIGRATE = const(8)
_K_MOVE = const(15)
_K_PASS = const(0)
_K_PLACE = const(2)
_K_SITE = const(16)
_K_SURVIVE = const(7)
_K_SWAP = const(3)
_K_TARGET = const(18)
_P_DEAL = const(0)
_SPACE = const(8)
# end consts

MAGIC = "alheimur"
VERSION = 1
# The players' codes in records (the screen writes blue U: words.py), the
# neutral world's and a world's.
CODES = "RYGBPOCW"
NEUTRAL = "N"
# The verb of each kind of action (K_*); 'fire' is AIM and TARGET at once.
KIND_WORDS = ("pass", "dice", "place", "swap", "start", "expand", "civilize",
              "survive", "migrate", "launch", "board", "return", "unload",
              "flip", "land", "move", "site", "fire", "fire")
# Per kind of action
# the words after the verb: o position, p slot, r turn, w world, t tile,
# s size, f T/F, h ship, x ship with its owner, l world or space.
_WORDS = ("", "", "or", "pr", "wts", "wts", "wts", "", "wtt", "wtf", "wth",
          "wht", "wht", "wh", "wht", "lhl", "w", "hx")
_EXAMPLE = ("a position such as NE", "a slot, NW NE SW or SE", "a turn, 0 or 180",
            "a world letter", "a tile, A1 to D4", "a size 1-3", "T or F",
            "a ship such as 3T2", "a ship with its owner, R2F",
            "a world letter or space")


class Record:
    """Players, round limit, and the items: ("deal", line, quads), ("act",
    line, actor, words) with actor a seat or 8 for N, ("dice", line,
    values)."""

    def __init__(self):
        self.nplayers = 0
        self.limit = 40
        self.items = []

    def new_game(self):
        return Game(self.nplayers, self.limit)


def _word_ok(kind, tok, np):
    if kind == "o":
        return tok in POSITIONS and tok != "-"
    if kind == "p":
        return tok in SLOTS
    if kind == "r":
        return tok in ("0", "180")
    if kind == "w" or kind == "l":
        return ((len(tok) == 1 and ((tok == NEUTRAL and np < 8)
                                    or 0 <= CODES.find(tok) < np))
                or (kind == "l" and tok == "SPACE"))
    if kind == "t":
        return world.parse_tile(tok) >= 0
    if kind == "s":
        return tok in ("1", "2", "3")
    if kind == "f":
        return tok in ("T", "F")
    if kind == "x":
        return 0 <= CODES.find(tok[:1]) < np and _ship_bits(tok[1:]) >= 0
    return _ship_bits(tok) >= 0


def _ship_bits(tok):
    """'3T2' -> its ship form (actions.form), or -1."""
    if len(tok) < 2 or len(tok) > 3 or tok[0] not in "123" or tok[1] not in "TF":
        return -1
    m = 0
    if len(tok) == 3:
        if tok[1] == "F" or tok[2] not in "123" or tok[2] > tok[0]:
            return -1
        m = int(tok[2])
    return form(int(tok[0]), tok[1] == "F", m)


def read(lines):
    """Parse a record's lines into a Record; RecordError when malformed."""
    rec = Record()
    state = 1            # 1 header, 2 play
    pile = 0             # piles of the deal being read
    quads = bytearray(160)   # the deal being read (a new one at its first pile)
    seen_opt = False
    walk = Words(lines, MAGIC, VERSION)
    for n, toks in walk:
        word = toks[0]
        if word == "PLAYERS" or word == "OPTION":
            if state == 2 or pile:
                raise RecordError(n, "'%s' belongs before the first pile" % word.lower())
            if word == "PLAYERS":
                if rec.nplayers:
                    raise RecordError(n, "players given twice")
                if len(toks) != 2 or toks[1] not in "2345678" or len(toks[1]) != 1:
                    raise RecordError(n, "expected 'players N' with N 2 to 8")
                rec.nplayers = int(toks[1])
            else:
                if len(toks) != 3 or toks[1] != "ROUNDS" or toks[2] not in (
                        "20", "40", "60", "NONE"):
                    raise RecordError(n, "expected 'option rounds 20', 40, 60 or none")
                if seen_opt:
                    raise RecordError(n, "option rounds given twice")
                seen_opt = True
                rec.limit = 0 if toks[2] == "NONE" else int(toks[2])
            continue
        if word == "PILE":
            if not rec.nplayers:
                raise RecordError(n, "no 'players N' line before the piles")
            want = pile + 1
            if len(toks) != 7 or toks[1] != str(want):
                raise RecordError(n, "expected 'pile %d' and its 5 cards" % want)
            if pile == 0:
                quads = bytearray(160)
            for i in range(5):
                q = parse_card(toks[2 + i])
                if q is None:
                    raise RecordError(n, "'%s' is not a card: four letters of "
                                      "AEFWT, whole, half or quarters" % toks[2 + i])
                quads[20 * pile + 4 * i:20 * pile + 4 * i + 4] = q
            pile += 1
            if pile == 8:
                rec.items.append(("deal", n, quads))
                pile = 0
                state = 2
            continue
        if pile:
            raise RecordError(n, "expected 'pile %d'" % (pile + 1))
        if state != 2:
            raise RecordError(n, "the deal (pile 1 to pile 8) comes first")
        rec.items.append(_action(toks, n, rec.nplayers))
    walk.end()
    if pile:
        raise RecordError(walk.n, "the deal stops after pile %d" % pile)
    if state != 2:
        raise RecordError(max(walk.n, 1), "no deal (pile 1 to pile 8)")
    return rec


def _action(toks, n, np):
    word = toks[0]
    if word == "DICE":
        if not 2 <= len(toks) <= 4:
            raise RecordError(n, "a roll is 'dice' and 1 to 3 dice")
        v = bytearray(len(toks) - 1)
        for i in range(1, len(toks)):
            if toks[i] not in ("1", "2", "3", "4", "5", "6"):
                raise RecordError(n, "'%s' is not a die (1 to 6)" % toks[i])
            v[i - 1] = int(toks[i])
        return ("dice", n, bytes(v))
    actor = CODES.find(word)
    if len(word) != 1 or actor >= np:
        actor = -1
    if word == NEUTRAL and np < 8:
        actor = CHANCE
    if actor < 0 or len(toks) < 2:
        raise RecordError(n, "expected a player's letter and an action, "
                          "a 'dice' line or a header line; got '%s'" % word.lower())
    verb = toks[1].lower()
    if actor == CHANCE and verb != "place":
        raise RecordError(n, "N only places the neutral world's cards: 'N place POS 0|180'")
    if verb == "dice":
        raise RecordError(n, "a roll is a line of its own: 'dice D1 [D2 [D3]]'")
    k = KIND_WORDS.index(verb) if verb in KIND_WORDS else _K_DIE
    if k == _K_DIE:
        raise RecordError(n, "unknown action '%s'" % verb)
    kinds = _WORDS[k]
    if len(toks) != 2 + len(kinds):
        raise RecordError(n, "'%s' takes %d word%s" % (
            verb, len(kinds), "" if len(kinds) == 1 else "s"))
    for i in range(len(kinds)):
        if not _word_ok(kinds[i], toks[2 + i], np):
            raise RecordError(n, "'%s': expected %s" % (
                _shown(toks[2 + i]), _EXAMPLE["oprwtsfhxl".index(kinds[i])]))
    return ("act", n, actor, toks[1:])


def _shown(tok):
    """A word as a message quotes it: 'space', not 'SPACE' (the reader
    upper-cases every word; names of tiles and ships stay as written)."""
    return tok.lower() if len(tok) > 3 and tok.isalpha() else tok


# -- replay -----------------------------------------------------------------


def _world(g, tok):
    if tok == "SPACE":
        return _SPACE
    if tok == NEUTRAL:
        return g.nplayers()
    return CODES.find(tok)


def _terr(g, w, tok):
    return g.terr_at(w, world.parse_tile(tok))


def _ships(g, loc, owner, tok):
    """Representatives of the ships matching a descriptor, lowest first."""
    b = _ship_bits(tok)
    want = ship_loc(loc, owner)
    out = []
    for i in range(g.ship_top()):
        if g.sl[i] == want and ship_form(g.sb[i]) == b and g.rep(i) == i:
            out.append(i)
    return out


def _resolve(g, actor, w):
    """The actions a record line stands for: a list of candidate lists
    (one per action; any candidate that is legal will do), or a reason."""
    k = KIND_WORDS.index(w[0].lower())
    if k == _K_PASS or k == _K_SURVIVE:
        return [[act(k)]]
    if k == _K_PLACE or k == _K_SWAP:
        pos = (POSITIONS if k == _K_PLACE else SLOTS).index(w[1])
        return [[card_act(k, pos, w[2] == "180")]]
    if k == _K_SITE:
        return [[act(k, _world(g, w[1]))]]
    if k == _K_MOVE:
        c = [ship_act(k, i, _world(g, w[3])) for i in _ships(g, _world(g, w[1]), actor, w[2])]
        return [c] if c else "no %s %s" % (w[2], _at(w[1]))
    if k == _K_AIM:
        site_ = g.site()
        mine = _ships(g, site_, actor, w[1])
        theirs = _ships(g, site_, CODES.find(w[2][0]), w[2][1:])
        if not mine or not theirs:
            return "no %s in this orbit" % (w[1] if not mine else w[2])
        return [[act(_K_AIM, i) for i in mine], [act(_K_TARGET, i) for i in theirs]]
    wd = _world(g, w[1])
    if not g.world_built(wd):
        return "world %s is not built" % w[1]
    if k <= _K_CIVILIZE:   # START, EXPAND, CIVILIZE
        return [[piece_act(k, wd, _terr(g, wd, w[2]), int(w[3]))]]
    if k == _K_MIGRATE:
        return [[migrate(wd, _terr(g, wd, w[2]), _terr(g, wd, w[3]))]]
    if k == _K_LAUNCH:
        return [[launch(wd, _terr(g, wd, w[2]), w[3] == "F")]]
    if k == _K_BOARD:
        sh, t = w[3], w[2]
    else:
        sh, t = w[2], w[3] if len(w) > 3 else None
    arg = _terr(g, wd, t) if t else 0
    c = [act(k, i) if k == _K_FLIP else ship_act(k, i, arg)
         for i in _ships(g, wd, actor, sh)]
    return [c] if c else "no %s %s" % (sh, _at(w[1]))


def _at(tok):
    return "in space" if tok == "SPACE" else "in the orbit of world " + tok


def replay(rec, game=None):
    """Play the record. Returns (game, None), or at the first illegal move
    (game before it, (move number, line, reason)); every deal, action line
    and dice line is a move."""
    g = game or rec.new_game()
    for m, item in enumerate(rec.items, 1):
        kind = item[0]
        line = item[1]
        if kind == "deal":
            if g.phase() != _P_DEAL:
                return g, (m, line, "no deal is due now")
            g.deal(item[2])
            continue
        if g.phase() == _P_DEAL:
            return g, (m, line, "the cards must be dealt (pile 1 to pile 8)")
        if kind == "dice":
            need = g.dice_needed()
            if not need:
                return g, (m, line, "no dice to roll now")
            if len(item[2]) != need:
                return g, (m, line, "this roll needs %d dice, not %d" % (need, len(item[2])))
            for v in item[2]:
                g.apply(act(_K_DIE, v))
            continue
        actor = item[2]
        who = g.actor()
        if g.over():
            return g, (m, line, "the game is over")
        if g.dice_needed():
            return g, (m, line, "a roll is due: a 'dice' line with %d dice" % g.dice_needed())
        if who != actor:
            return g, (m, line, "%s is to act, not %s" % (
                _who(who), _who(actor)))
        steps = _resolve(g, actor, item[3])
        if isinstance(steps, str):
            return g, (m, line, steps)
        for cands in steps:
            err = None
            for a in cands:
                err = g.why_not(a)
                if err is None:
                    g.apply(a)
                    break
            if err:
                return g, (m, line, err)
    return g, None


def _who(x):
    if x == CHANCE:
        return "N (the lot)"
    return words.NAMES[x]


# -- writing ------------------------------------------------------------------


def world_letter(g, w):
    """A world's code: its owner's, N neutral."""
    return CODES[w] if w < g.nplayers() else NEUTRAL


def tile_code(g, w, t):
    """Territory t of world w by its first tile ("B3")."""
    return world.tile_name(g.tfirst[w * 16 + t])


def place_code(g, loc):
    """An orbit by its world's code, or 'space'."""
    return "space" if loc == _SPACE else world_letter(g, loc)


def ship_code(g, i):
    """'3T2': pips, transport or fighter, its marine (a target adds its
    owner's code: 'Y3T2')."""
    c = g.sb[i]
    s = "%d%s" % (pips(c), "F" if fighter(c) else "T")
    return s + str(marine(c)) if marine(c) else s


def action_text(g, a):
    """An action as a record writes it (without the actor), e.g. 'expand
    Y B2 3', 'board R A4 3T', 'fire 3F' (AIM) and 'R2T' (TARGET); needs
    the game as it is before the action."""
    k = kind_of(a)
    if k == _K_PASS or k == _K_SURVIVE:
        return KIND_WORDS[k]
    if k == _K_DIE:
        return str(a_size(a))
    if k == _K_PLACE:
        return "place %s %d" % (POSITIONS[a_pos(a)], 180 * a_turn(a))
    if k == _K_SWAP:
        return "swap %s %d" % (SLOTS[a_pos(a)], 180 * a_turn(a))
    if k == _K_SITE:
        return "site " + world_letter(g, a_world(a))
    w = a_world(a)
    if w >= 0:
        out = "%s %s %s" % (KIND_WORDS[k], world_letter(g, w),
                            tile_code(g, w, a_terr(a)))
        if k == _K_MIGRATE:
            return out + " " + tile_code(g, w, a_to(a))
        if k == _K_LAUNCH:
            return out + (" F" if a_turn(a) else " T")
        return out + " " + str(a_size(a))
    i = a_ship(a)
    h = ship_code(g, i)
    if k == _K_TARGET:
        return CODES[ship_owner(g.sl[i])] + h
    if k == _K_AIM:
        return "fire " + h
    loc = place_code(g, ship_place(g.sl[i]))
    if k == _K_MOVE:
        return "move %s %s %s" % (loc, h, place_code(g, a_to(a)))
    if k == _K_FLIP:
        return "flip %s %s" % (loc, h)
    t = tile_code(g, ship_place(g.sl[i]), a_terr(a))
    if k == _K_BOARD:
        return "board %s %s %s" % (loc, t, h)
    return "%s %s %s %s" % (KIND_WORDS[k], loc, h, t)


class Recorder:
    """Writes the record of a game as it is played: call ``deal`` after
    each deal, ``before(game, a)`` before applying a, ``undo()`` after the
    game's undo(); ``text()`` is the record."""

    def __init__(self, nplayers, limit=40, comment=None):
        self.lines = ["%s %d" % (MAGIC, VERSION)]
        if comment:
            self.lines.append("# " + comment)
        self.lines.append("players %d" % nplayers)
        self.lines.append("option rounds %s" % (limit or "none"))
        self.joined = []   # per action: did it continue the line before?
        self.rolling = False   # the next die continues the roll on the last line

    def deal(self, quads):
        for p in range(8):
            self.lines.append("pile %d %s" % (p + 1, " ".join(
                card_name(quads, 20 * p + 4 * i) for i in range(5))))
        self.joined = []

    def before(self, g, a):
        k = kind_of(a)
        t = action_text(g, a)
        rolling = self.rolling
        self.rolling = k == _K_DIE and g.dice_needed() > 1   # the roll goes on after it
        if k == _K_DIE:
            if rolling:   # a die of a roll already begun
                self.lines[-1] += " " + t
                self.joined.append(True)
                return
            t = "dice " + t
        elif k == _K_TARGET:
            self.lines[-1] += " " + t
            self.joined.append(True)
            return
        else:
            who = g.actor()
            t = (NEUTRAL if who == CHANCE else CODES[who]) + " " + t
            if k == _K_PLACE:
                from alheimur.build import card_in_hand
                t += "   # " + card_name(g.quads, 4 * card_in_hand(g))
        self.lines.append(t)
        self.joined.append(False)

    def undo(self):
        if self.joined.pop():
            self.lines[-1] = self.lines[-1].rsplit(" ", 1)[0]
        else:
            self.lines.pop()

    def comment(self, text):
        self.lines.append("# " + text)

    def text(self):
        return "\n".join(self.lines) + "\n"
