"""Hand-built Alien City positions for the rule tests.

A city is made with ``city`` (tile colours and icon corners as text) or
``city_map`` (a 10 x 8 picture of the tile colours, the icon lot in upper
case). Structures then get on the board in one of two ways:

* ``play(game, "TR C5", "DK D4 +C5")`` plays real builds through the
  engine for whoever is to move (``+C5`` = claim C5 after the build, else
  no claim at the claim point when one opens), and
  ``setup(game, picture)`` plays every structure of a board picture as real
  builds, in an order the engine accepts. Prefer these.
* ``put(game, "TR C5", by=W)`` and ``claim(game, "C5", W)`` write the lot,
  the tile count, the supply and the caps directly, for positions that
  cannot be reached legally (or not in a few builds). ``drain(game, p,
  "TR DK")`` sets what a player has left, ``turn(game, p)`` whose turn it
  is. Every direct write sets ``game._fresh = False``.

``unplay(game)`` takes the last build back (its claim first). Looking at
a position: ``why(game, "TR C5")``, ``legal_lots(game, "TR")``,
``dist(game, "C5", "E5")``, ``picture(game)``, ``snapshot(game)``.

A board picture has 10 rows (row 10 first) of 8 cells (columns A..H),
separated by white space::

    .  .  .  .  .  .  .  .      .   empty lot
    .  Rw .  .  .  .  .  .      R B G   a red / blue / green tower
    .  .  k  .  .  .  .  .      r b g k a red / blue / green / black dome
    ...                         a trailing w / b: capped by W / by B
"""

from array import array

from aliencity import moves
from aliencity.engine import CLASSIC, OVER, STANDALONE, Game  # noqa: F401
from aliencity.geometry import KIND_NAMES, LOT_TILE, NKINDS, NLOTS, NTILES, TILE_LOTS, B, W
from aliencity.moves import lot_name, parse_kind, parse_lot

COLOURS = "RBGK"
CORNER_NAMES = ("NW", "NE", "SW", "SE")
_PIECES = {"R": 0, "B": 1, "G": 2, "r": 3, "b": 4, "g": 5, "k": 6}
_PIECE_CHARS = "RBGrbgk"


# -- names ---------------------------------------------------------------------


def lot(name):
    """'C5' -> lot number (asserts that it is a lot of the city)."""
    v = parse_lot(name)
    assert v >= 0, "not a lot: %r" % name
    return v


def lots(*names):
    return [lot(n) for n in names]


def names(lot_numbers):
    """Lot numbers -> sorted list of lot names (for exact comparisons)."""
    return sorted(lot_name(v) for v in lot_numbers)


def kind(text):
    k = parse_kind(text)
    assert k >= 0, "not a piece: %r" % text
    return k


def _corner(c):
    if isinstance(c, int):
        return c
    c = c.strip().upper()
    if c in CORNER_NAMES:
        return CORNER_NAMES.index(c)
    return int(c)


# -- cities --------------------------------------------------------------------


def city(tiles="KKKK/KKKK/KKKK/KKKK/KKKK", icons="SE", values=None,
         icon_lots=(), rules=STANDALONE, open_streets=False,
         location_bonus=False, first=B):
    """A Game on a hand-made city, nothing built yet.

    ``tiles``: 20 letters of RBGK, tile 0 (A10 B10 A9 B9) first, row by row;
    '/' and spaces are ignored. ``icons``: one corner name (NW NE SW SE) for
    every tile, or 20 corner digits 0-3 ('/' and spaces ignored).
    ``icon_lots``: lot names that override the icon of their tile.
    ``values``: 20 tile values (classic), as a string of digits or a list.
    """
    cols = [COLOURS.index(ch) for ch in tiles if ch not in "/ \n"]
    assert len(cols) == NTILES, "need 20 tiles, got %d" % len(cols)
    if icons.strip().upper() in CORNER_NAMES:
        ic = [CORNER_NAMES.index(icons.strip().upper())] * NTILES
    else:
        ic = [int(ch) for ch in icons if ch not in "/ \n"]
    assert len(ic) == NTILES
    for name in icon_lots:
        v = lot(name)
        t = LOT_TILE[v]
        ic[t] = [TILE_LOTS[4 * t + c] for c in range(4)].index(v)
    if values is not None:
        if isinstance(values, str):
            values = [int(ch) for ch in values if ch not in "/ \n"]
        assert len(values) == NTILES
        values = bytes(values)
    return Game(bytes(cols), bytes(ic), values, rules, open_streets,
                location_bonus, first)


def city_map(text, **kw):
    """A Game from a 10 x 8 picture of tile colours (letters RBGK, the icon
    lot of each tile in upper case, every other lot in lower case)."""
    rows = [r.split() if " " in r.strip() else list(r.strip())
            for r in text.strip().splitlines() if r.strip()]
    assert len(rows) == 10 and all(len(r) == 8 for r in rows), rows
    cols = [None] * NTILES
    icons = [None] * NTILES
    for y in range(10):
        for x in range(8):
            ch = rows[y][x]
            v = y * 8 + x
            t = LOT_TILE[v]
            c = COLOURS.index(ch.upper())
            assert cols[t] in (None, c), "tile %d has two colours" % t
            cols[t] = c
            if ch.isupper():
                assert icons[t] is None, "tile %d has two icons" % t
                icons[t] = [TILE_LOTS[4 * t + k] for k in range(4)].index(v)
    assert None not in icons, "every tile needs one icon lot (upper case)"
    tiles = "".join(COLOURS[c] for c in cols)
    return city(tiles, "".join(str(i) for i in icons), **kw)


def quiet_icons(picture):
    """Icon corners (20 digits) that stay out of the way of ``picture``:
    each tile's icon goes on a lot the picture leaves empty when there is
    one (so building the picture never waits for the icon rule)."""
    want = parse_picture(picture)
    out = []
    for t in range(NTILES):
        corner = 3
        for c in (3, 2, 1, 0):
            if TILE_LOTS[4 * t + c] not in want:
                corner = c
                break
        out.append(str(corner))
    return "".join(out)


# -- pictures --------------------------------------------------------------------


def parse_picture(text):
    """Board picture -> {lot: (kind, cap owner or -1)}."""
    rows = [r.split() for r in text.strip().splitlines() if r.strip()]
    assert len(rows) == 10 and all(len(r) == 8 for r in rows), rows
    want = {}
    for y in range(10):
        for x in range(8):
            tok = rows[y][x]
            if tok == ".":
                continue
            k = _PIECES[tok[0]]
            owner = -1
            if len(tok) == 2:
                assert k < 3, "only towers take caps: %r" % tok
                owner = "wb".index(tok[1])
            else:
                assert len(tok) == 1, tok
            want[y * 8 + x] = (k, owner)
    return want


def picture(game):
    """The position as a board picture (the inverse of ``parse_picture``)."""
    out = []
    for y in range(10):
        cells = []
        for x in range(8):
            v = y * 8 + x
            if game.kind_at(v) < 0:
                cells.append(". ")
                continue
            o = game.owner_at(v)
            tok = _PIECE_CHARS[game.kind_at(v)] + ("wb"[o] if o >= 0 else "")
            cells.append(tok.ljust(2))
        out.append(" ".join(cells).rstrip())
    return "\n".join(out)


# -- real builds -----------------------------------------------------------------


def _move(spec):
    """'TR C5' or 'TR C5 +D4' -> (kind, lot, cap lot or 255)."""
    parts = spec.split()
    k = kind(parts[0])
    v = lot(parts[1])
    cap = 255
    if len(parts) == 3:
        assert parts[2].startswith("+"), spec
        cap = lot(parts[2][1:])
    else:
        assert len(parts) == 2, spec
    return k, v, cap


def build_turn(game, kind, lot, cap=255):
    """Build ``kind`` on ``lot`` for the player to move, then cap ``cap``
    (255: none) at the claim point after it, as a record line does; the
    engine raises ValueError on an illegal build or claim, the position
    then as before it."""
    n = game.nbuilds
    try:
        game.again(kind, lot, cap)
    except ValueError:
        while game.nbuilds > n:
            game.undo()
        raise
    return game


def turn_of(game, pick):
    """A player's turn as (kind, lot, cap or 255): ``pick(game)``'s build
    and, at the claim point after it, its claim; the game left as found."""
    n = game.nbuilds
    m = pick(game)
    game.apply(m)
    cap = moves.lot_of(pick(game)) if game.claiming() else 255
    while game.nbuilds > n:
        game.undo()
    return moves.kind_of(m), moves.lot_of(m), cap


def play(game, *specs):
    """Play each build ('TR C5', 'TR C5 +C5') through the engine for the
    player to move, and its claim (or none) at the claim point after it;
    the engine raises ValueError on an illegal build or claim, the
    position then as before it."""
    for spec in specs:
        build_turn(game, *_move(spec))
    return game


def unplay(game):
    """Take back the last build: its claim (or NO_CLAIM) first, each
    one move of the engine's."""
    n = game.nbuilds
    while game.nbuilds == n:
        game.undo()
    return game


def why(game, spec):
    """game.why_not for 'TR C5' (the player to move)."""
    k, v, _ = _move(spec)
    return game.why_not(moves.build(k, v))


def legal_lots(game, kind_name):
    """Sorted names of the lots where the player to move may build kind."""
    k = kind(kind_name)
    buf = array("H", [0] * 560)
    n = game.legal(buf)
    return sorted((lot_name(moves.lot_of(m)) for m in buf[:n] if moves.kind_of(m) == k),
                  key=lambda s: (s[0], int(s[1:])))


def setup(game, pic, legal=True):
    """Get the structures (and caps) of the board picture ``pic`` onto the
    board by real builds through the engine, in an order the rules allow,
    the players taking turns as the engine says.

    With ``legal=True`` (the default) an AssertionError says when the
    picture could not be reached that way; with ``legal=False`` whatever is
    left is written directly (``put``/``claim``).
    """
    want = parse_picture(pic)
    pending = {v: k for v, (k, _) in want.items() if game.lots[v] == 0}
    caps = {v: o for v, (_, o) in want.items() if o >= 0}
    for v in list(caps):
        if game.owner_at(v) >= 0:
            del caps[v]
    while pending and game.to_move != OVER:
        p = game.to_move
        q = 1 - p
        need = [0] * NKINDS
        for k in pending.values():
            need[k] += 1
        best = None
        for v, k in pending.items():
            if not game.supply[p * NKINDS + k]:
                continue
            if game.why_not(moves.build(k, v)) is not None:
                continue
            t = LOT_TILE[v]
            key = (
                v == game.icon_lot[t],  # icon lots as late as possible
                # claimed towers early, the mover's own claims first
                (0 if caps.get(v, -1) == p else 1 if v in caps else 2),
                need[k] <= game.supply[q * NKINDS + k],  # pieces only p has
                v,
            )
            if best is None or key < best[0]:
                best = (key, v, k)
        if best is None:
            break
        _, v, k = best
        del pending[v]
        cap = 255
        if game.caps[p]:
            for c, o in sorted(caps.items()):
                if o == p and (c == v or game.lots[c]):
                    cap = c
                    break
        try:
            play(game, "%s %s" % (KIND_NAMES[k], lot_name(v))
                 + ("" if cap == 255 else " +" + lot_name(cap)))
            if cap != 255:
                del caps[cap]
        except ValueError:
            play(game, "%s %s" % (KIND_NAMES[k], lot_name(v)))
    if legal:
        assert not pending and not caps, (
            "not reachable by real builds; left: %s, caps %s\n%s" % (
                ["%s %s" % (KIND_NAMES[k], lot_name(v))
                 for v, k in sorted(pending.items())],
                ["%s by %s" % (lot_name(v), "WB"[o])
                 for v, o in sorted(caps.items())], picture(game)))
    for v, k in sorted(pending.items()):
        put(game, "%s %s" % (KIND_NAMES[k], lot_name(v)))
    for v, o in sorted(caps.items()):
        claim(game, lot_name(v), o)
    return game


# -- direct writes ---------------------------------------------------------------


def put(game, spec, by=None):
    """Write a structure directly: lot, tile count and the supply of ``by``
    (default: W if W has one of that kind left, else B). For positions the
    rules cannot reach; the builds do not enter the history."""
    k, v, cap = _move(spec)
    assert game.lots[v] == 0, "%s is taken" % lot_name(v)
    if by is None:
        by = W if game.supply[W * NKINDS + k] else B
    assert game.supply[by * NKINDS + k], "%s has no %s left" % (
        "WB"[by], KIND_NAMES[k])
    game.lots[v] = k + 1        # the lot byte of a structure of kind k (moves.py)
    game.tcount[LOT_TILE[v]] += 1
    game.supply[by * NKINDS + k] -= 1
    game._fresh = False
    if cap != 255:
        claim(game, lot_name(cap), by)
    return game


def claim(game, name, p):
    """Write a cap of player p on the tower at ``name`` directly."""
    v = lot(name)
    assert game.claimable(v)
    assert game.caps[p], "%s has no caps left" % "WB"[p]
    game.lots[v] = moves.capped(game.lots[v], p)
    game.caps[p] -= 1
    game._fresh = False
    return game


def drain(game, p, keep=""):
    """Write player p's supply directly: nothing left but the pieces named
    in ``keep`` (e.g. 'TR TR DK')."""
    for k in range(NKINDS):
        game.supply[p * NKINDS + k] = 0
    for name in keep.split():
        game.supply[p * NKINDS + kind(name)] += 1
    game._fresh = False
    return game


def mover_piece(game):
    """Name of a kind the player to move still has (towers first)."""
    p = game.to_move
    for k in range(NKINDS):
        if game.supply[p * NKINDS + k]:
            return KIND_NAMES[k]
    return None


def turn(game, p):
    """Write whose turn it is directly."""
    game.to_move = p
    game._fresh = False
    return game


# -- looking at a position -------------------------------------------------------


def dist(game, a, b):
    """Street distance between the structures on lots a and b (255: none)."""
    game.analyse()
    sd = bytearray(NLOTS)
    game.streets.distances(game.lots, lot(a), sd, bytearray(NLOTS))
    return sd[lot(b)]


def snapshot(game):
    """Everything a rejected move must leave unchanged."""
    return (bytes(game.lots), bytes(game.tcount), bytes(game.supply),
            bytes(game.caps), bytes(game.hist[:2 * game.nbuilds]),
            game.nbuilds, game.to_move)
