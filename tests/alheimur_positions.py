"""Hand-built Alheimur positions for the rule tests.

``game(np, worlds)`` makes a game past world building: each world's four
cards by name in slots NW NE SW SE (a trailing ``*`` turns a card 180
degrees); worlds not given are four quarter cards, so every tile is a
territory of its own and adjacency is a king's move. Then pieces go on with
``put`` (a pyramid on a territory) and ``ship`` (a ship in an orbit or in
space), written straight into the state with the stash kept right, and
``begin(g, "R", at)`` starts a turn (or a movement step, or the battle).

Actions are written as record lines: ``do(g, "R expand R B2 3")`` applies
one (AssertionError with the engine's reason if it is refused),
``why(g, line)`` gives the reason (None when legal), ``legal(g)`` lists
the legal actions as record lines.
"""

from array import array

from alheimur import record, world
from alheimur.actions import MAX_ACTIONS, act, form, invader, owner, pips, ship_owner, ship_place
from alheimur.deal import shuffle
from alheimur.deck import DECK, card_place, parse_card
from alheimur.engine import CHANCE, Game
from alheimur.layout import (
    K_AIM,
    K_DIE,
    R_CUR,
    R_PHASE,
    R_ROUND,
    X_STEP1,
    X_TURN,
)
from alheimur.packing import pyramid
from alheimur.turn import new_ship
from prng import Rng

QUARTERS = "AEFW AFWE EFWT EWTF"


def quads_of(cards):
    """Element bytes of card names (a list or a space-separated string)."""
    if isinstance(cards, str):
        cards = cards.split()
    out = bytearray()
    for c in cards:
        q = parse_card(c)
        assert q is not None, c
        out += q
    return out


def deal_of(piles):
    """160 bytes: the given piles (each five card names) first, then cards
    of the deck in order for the rest."""
    out = bytearray()
    for p in piles:
        cards = p.split()
        assert len(cards) == 5, p
        out += quads_of(cards)
    rest = DECK.split()
    i = 0
    while len(out) < 160:
        out += quads_of([rest[i]])
        i += 1
    return out


def letter(s, g=None):
    """'R' -> 0 .. 'W' -> 7, 'N' -> the neutral world, 'space' -> 8."""
    if s.upper() == "SPACE":
        return 8
    if s == "N":
        return g.nplayers()
    return record.CODES.index(s)


def game(np=2, worlds=None, limit=40, seed=1):
    """A game whose worlds are built as given; nobody has pieces yet."""
    g = Game(np, limit)
    g.deal(shuffle(Rng(seed)))
    worlds = worlds or {}
    nw = g.nworlds()
    for w in range(nw):
        spec = worlds.get(w, worlds.get(record.CODES[w] if w < np else "N",
                                        QUARTERS)).split()
        assert len(spec) == 4
        for slot in range(4):
            c = spec[slot]
            turn = c.endswith("*")
            q = parse_card(c.rstrip("*"))
            assert q is not None, c
            card = 4 * w + slot   # deal cards 0-31: the worlds' cards
            g.quads[4 * card:4 * card + 4] = q
            g.wcard[w * 4 + slot] = card_place(card, 1 if turn else 0)
        g.worb[w] = 32 + w
        world.derive_world(g, w)
    g.reg[R_PHASE] = 3   # P_START: built, nobody placed (park here)
    g.reg[R_ROUND] = 1
    for i in range(3 * np):
        g.stash[i] = 5
    g.sn = -1
    return g


def terr(g, w, tile):
    return g.terr_at(w, world.parse_tile(tile))


def put(g, owner, w, tile, size, invader=False):
    """A pyramid of ``owner`` (letter) on the territory at ``tile`` of
    world ``w`` (letter)."""
    p = letter(owner)
    wi = letter(w, g)
    t = terr(g, wi, tile)
    assert g.surf[wi * 16 + t] == 0, "%s %s is taken" % (w, tile)
    g.surf[wi * 16 + t] = pyramid(size, p, invader)
    g.stash[p * 3 + size - 1] -= 1
    g.sn = -1


def ship(g, owner, loc, desc):
    """A ship such as '3T2' (3-pip transport, 2-pip marine) or '2F' of
    ``owner`` in the orbit of world ``loc`` or in 'space'. Returns its slot."""
    p = letter(owner)
    size = int(desc[0])
    m = int(desc[2]) if len(desc) == 3 else 0
    g.stash[p * 3 + size - 1] -= 1
    if m:
        g.stash[p * 3 + m - 1] -= 1
    g.sn = -1
    return new_ship(g, letter(loc, g), p, form(size, desc[1] == "F", m))


def begin(g, p, at=X_TURN, step=1):
    """Start seat p's turn (letter), or go straight to movement step
    ``step`` (at=X_STEP1) or to the battle (at=X_BATTLE)."""
    g.reg[R_CUR] = letter(p)
    g.reg[R_PHASE] = X_STEP1 + step - 1 if at == X_STEP1 else at
    g.sn = -1
    g._settle()
    g._barrier()
    return g


def _steps(g, line):
    toks = line.upper().split()
    if len(toks) == 3 and toks[1] == "FIRE":   # the ship alone: AIM
        p = letter(toks[0])
        c = [act(K_AIM, i) for i in record._ships(g, g.site(), p, toks[2])]
        return [c] if c else "no %s in this orbit" % toks[2]
    item = record._action(toks, 0, g.nplayers())
    assert item[0] == "act", line
    actor = item[2]
    assert g.actor() == actor, "%s is to act, not %s (%s)" % (g.actor(), actor, line)
    return record._resolve(g, actor, item[3])


def why(g, line):
    """None if the record line is legal now, else the engine's reason."""
    steps = _steps(g, line)
    if isinstance(steps, str):
        return steps
    cands = steps[0]
    reasons = [g.why_not(a) for a in cands]
    if None in reasons:
        if len(steps) == 1:
            return None
        st = g.state()
        g.apply(cands[reasons.index(None)])
        r = min((g.why_not(a) for a in steps[1]), key=lambda x: x is not None)
        g.load(st)
        return r
    return reasons[0]


def do(g, line):
    """Apply a record line (an action, or 'dice 6 5'); AssertionError with
    the reason when refused."""
    toks = line.split()
    if toks[0] == "dice":
        assert g.dice_needed() == len(toks) - 1, (g.dice_needed(), line)
        for v in toks[1:]:
            g.apply(act(K_DIE, int(v)))
        return g
    steps = _steps(g, line)
    assert not isinstance(steps, str), steps
    for cands in steps:
        errs = []
        for a in cands:
            e = g.why_not(a)
            if e is None:
                g.apply(a)
                break
            errs.append(e)
        else:
            raise AssertionError("%s: %s" % (line, errs[0] if errs else "no candidate"))
    return g


def legal(g, at=-1):
    """The legal actions as record lines (fire lines name only the ship:
    'R fire 3F')."""
    buf = array("H", bytes(2 * MAX_ACTIONS))
    n = g.legal(buf, at)
    who = g.actor()
    pre = "" if g.dice_needed() else (record.NEUTRAL if who == CHANCE else
                                      record.CODES[who]) + " "
    return [pre + record.action_text(g, buf[i]) for i in range(n)]


def pieces(g, w):
    """{tile name of the territory: 'R3' / 'R3i'} on world w (letter)."""
    wi = letter(w, g)
    out = {}
    for t in range(g.nterr[wi]):
        v = g.piece(wi, t)
        if v:
            out[record.tile_code(g, wi, t)] = "%s%d%s" % (
                record.CODES[owner(v)], pips(v), "i" if invader(v) else "")
    return out


def ships(g):
    """Sorted 'loc:R3T2' of every ship (loc a world letter or space)."""
    out = []
    for i in range(g.ship_top()):
        if g.sl[i] != 255:
            out.append("%s:%s%s" % (record.place_code(g, ship_place(g.sl[i])),
                                     record.CODES[ship_owner(g.sl[i])], record.ship_code(g, i)))
    return sorted(out)


def stash(g, p):
    q = letter(p)
    return tuple(g.stash_count(q, s) for s in (1, 2, 3))
