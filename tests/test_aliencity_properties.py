"""Property tests for the Alien City engine over random legal games.

Hypothesis draws the city (a seed, or a tile layout of its own), the rules
(standalone / classic), the options (streets=open, location-bonus) and every
choice of the game: which legal build (an index into the legal list) and
whether and which tower to cap. After every build the engine is checked
against an independent model written here from the rule texts
(``/work/shared/rules/CLARIFICATIONS.md``, Alien City part):

* its own geometry, its own flood fill for the street rule (rule 4), its own
  brute-force legal list (rules 4-7: every empty lot is tried on a copy of
  the board), its own bookkeeping of supplies and caps, its own whose-turn
  rule (rules 13-14) and its own street BFS for scoring (rules 8-12).

Nothing here imports the engine's street or scoring code for the reference
side: the only engine imports are the things under test.

Runs derandomized with no example database, so CI sees the same examples on
every run.
"""

import itertools
from array import array
from contextlib import contextmanager

import conftest
import pytest
from aliencity_positions import build_turn, unplay
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from aliencity import record
from aliencity.deal import new_game
from aliencity.engine import CLASSIC, OVER, STANDALONE, Game
from aliencity.geometry import NONE
from aliencity.moves import build, kind_of, lot_of
from aliencity.scoring import score

# ---------------------------------------------------------------------------
# The reference model: plain Python, from the rule texts.
# ---------------------------------------------------------------------------

COLS, ROWS = 8, 10  # lot = y * 8 + x, x = column A..H, y = 0 for row 10
RED, BLUE, GREEN, BLACK = 0, 1, 2, 3
# kinds: towers red, blue, green; domes red, blue, green, black
KIND_COL = (RED, BLUE, GREEN, RED, BLUE, GREEN, BLACK)
IS_TOWER = (True, True, True, False, False, False, False)
# Clarification 2: W 3 red, 2 blue, 2 green towers; B 2 red, 3 blue, 2 green;
# each 3 domes of every colour and 3 caps.
START = ((3, 2, 2, 3, 3, 3, 3), (2, 3, 2, 3, 3, 3, 3))
NCAPS = 3


def _nbrs(v):
    x, y = v % COLS, v // COLS
    out = []
    for dx, dy in ((0, -1), (-1, 0), (1, 0), (0, 1)):
        nx, ny = x + dx, y + dy
        if 0 <= nx < COLS and 0 <= ny < ROWS:
            out.append(ny * COLS + nx)
    return out


NB = [_nbrs(v) for v in range(80)]
TILE = [(v // COLS // 2) * 4 + (v % COLS) // 2 for v in range(80)]
# Corners NW, NE, SW, SE: row 10 is at the top (y = 0), so south is y + 1.
TLOTS = [[(2 * (t // 4) + dy) * COLS + 2 * (t % 4) + dx
          for dy, dx in ((0, 0), (0, 1), (1, 0), (1, 1))] for t in range(20)]


def groups_of(occ):
    """Orthogonally connected groups of empty lots: (label per lot, count)."""
    label = [-1] * 80
    n = 0
    for root in range(80):
        if occ[root] or label[root] >= 0:
            continue
        label[root] = n
        todo = [root]
        while todo:
            v = todo.pop()
            for w in NB[v]:
                if not occ[w] and label[w] < 0:
                    label[w] = n
                    todo.append(w)
        n += 1
    return label, n


def main_groups(occ, open_streets):
    """The street groups: rule 4 holds iff this is not empty.

    Default: the one group of empty lots, when there is exactly one and
    every structure touches it. Open: every group that every structure
    touches.
    """
    label, n = groups_of(occ)
    if n == 0:
        return label, set()
    touched = [{label[w] for w in NB[v] if not occ[w]}
               for v in range(80) if occ[v]]
    if not open_streets:
        if n == 1 and all(touched):
            return label, {0}
        return label, set()
    return label, {g for g in range(n) if all(g in t for t in touched)}


def streets_hold(occ, open_streets):
    return bool(main_groups(occ, open_streets)[1])


class Model:
    """The game as the rules describe it, kept move by move by the test."""

    def __init__(self, tiles, icons, values, rules, open_streets,
                 location_bonus, first):
        self.tiles = list(tiles)
        self.icon_lot = [TLOTS[t][icons[t]] for t in range(20)]
        self.values = list(values)
        self.rules = rules
        self.open_streets = open_streets
        self.location_bonus = location_bonus
        self.kind = [-1] * 80
        self.capper = [-1] * 80
        self.supply = [list(START[0]), list(START[1])]
        self.caps = [NCAPS, NCAPS]
        self.moves = []  # (player, kind, lot, cap or None)
        self.to_move = first
        self._cache = {}

    # -- position ------------------------------------------------------------

    def occ(self):
        return [k >= 0 for k in self.kind]

    def lot_bytes(self):
        """The position in the engine's lot-byte encoding (docs/engine.md)."""
        out = bytearray(80)
        for v in range(80):
            if self.kind[v] >= 0:
                out[v] = self.kind[v] + 1
                if self.capper[v] >= 0:
                    out[v] |= 0x08 << self.capper[v]
        return bytes(out)

    def tcount(self):
        c = [0] * 20
        for v in range(80):
            if self.kind[v] >= 0:
                c[TILE[v]] += 1
        return bytes(c)

    # -- legality ------------------------------------------------------------

    def placeable(self):
        """Lots where *some* structure may go by rules 1, 4 and 7 (cached)."""
        key = (bytes(self.lot_bytes()), self.open_streets)
        hit = self._cache.get(key)
        if hit is not None:
            return hit
        occ = self.occ()
        street_ok = [False] * 80
        for v in range(80):
            if not occ[v]:
                occ[v] = True
                street_ok[v] = streets_hold(occ, self.open_streets)
                occ[v] = False
        ok = list(street_ok)
        for t in range(20):
            il = self.icon_lot[t]
            if any(street_ok[j] for j in TLOTS[t] if j != il):
                ok[il] = False  # rule 7: icon last
        res = (street_ok, ok)
        self._cache[key] = res
        return res

    def legal(self, p):
        """Brute-force legal builds of p, sorted, as ``kind << 7 | lot``."""
        _, ok = self.placeable()
        tcount = self.tcount()
        out = []
        for kind in range(7):
            if not self.supply[p][kind]:
                continue
            c = KIND_COL[kind]
            if IS_TOWER[kind]:
                for v in range(80):
                    t = TILE[v]
                    tc = self.tiles[t]
                    # rule 6: first two on a tile match its colour, black
                    # tiles take any tower
                    if ok[v] and (tc == c or tc == BLACK or tcount[t] >= 2):
                        out.append(kind << 7 | v)
            else:
                # rule 5: own colour tile; fallback anywhere (no first-two)
                home = [v for v in range(80)
                        if ok[v] and self.tiles[TILE[v]] == c]
                for v in home or [v for v in range(80) if ok[v]]:
                    out.append(kind << 7 | v)
        return sorted(out)

    def next_player(self, p):
        """Rule 14 after p built: the other if able, else p, else OVER."""
        if self.legal(1 - p):
            return 1 - p
        if self.legal(p):
            return p
        return OVER

    def apply(self, kind, lot, cap=None):
        p = self.to_move
        assert kind << 7 | lot in self.legal(p)
        self.kind[lot] = kind
        self.supply[p][kind] -= 1
        if cap is not None:
            assert IS_TOWER[self.kind[cap]] and self.capper[cap] < 0
            assert self.caps[p] > 0
            self.capper[cap] = p
            self.caps[p] -= 1
        self.moves.append((p, kind, lot, cap))
        self.to_move = self.next_player(p)

    def unclaimed_towers(self):
        return [v for v in range(80)
                if self.kind[v] >= 0 and IS_TOWER[self.kind[v]]
                and self.capper[v] < 0]

    def ends_after(self, kind, lot):
        """Would this build by the player to move end the game?"""
        p = self.to_move
        self.kind[lot] = kind
        self.supply[p][kind] -= 1
        try:
            return not self.legal(0) and not self.legal(1)
        finally:
            self.kind[lot] = -1
            self.supply[p][kind] += 1

    # -- scoring (rules 8-12) ------------------------------------------------

    def street_distances(self, src):
        """Street distance from the structure on src to every other
        structure it reaches: the number of street lots on the shortest
        path over street lots (main street groups only)."""
        occ = self.occ()
        label, mains = main_groups(occ, self.open_streets)
        street = [not occ[v] and label[v] in mains for v in range(80)]
        dist = {}
        frontier = [w for w in NB[src] if street[w]]
        for w in frontier:
            dist[w] = 1
        while frontier:
            nxt = []
            for v in frontier:
                for w in NB[v]:
                    if street[w] and w not in dist:
                        dist[w] = dist[v] + 1
                        nxt.append(w)
            frontier = nxt
        out = {}
        for w in range(80):
            if occ[w] and w != src:
                ds = [dist[b] for b in NB[w] if b in dist]
                if ds:
                    out[w] = min(ds)
        return out

    def colour(self, v):
        return KIND_COL[self.kind[v]]

    def is_tower(self, v):
        return self.kind[v] >= 0 and IS_TOWER[self.kind[v]]

    def score(self):
        """(towers, bonuses, location, totals) as comparable sets/lists."""
        nempty = sum(1 for v in range(80) if self.kind[v] < 0)
        towers, bonuses, location = set(), set(), set()
        totals = [0, 0]
        for v in range(80):
            if not self.is_tower(v):
                continue
            c = self.colour(v)
            sd = self.street_distances(v)
            if self.capper[v] >= 0:
                cust = sorted(w for w, d in sd.items()
                              if d <= 2 and self.colour(w) != c)
                rivals = [d for w, d in sd.items()
                          if self.is_tower(w) and self.colour(w) == c]
                dist = min(rivals) if rivals else nempty + 1
                pts = len(cust) * dist
                towers.add((v, self.capper[v], c, len(cust), dist, pts,
                            tuple(cust)))
                totals[self.capper[v]] += pts
            elif c == GREEN:
                for oc in (RED, BLUE):
                    ds = {w: d for w, d in sd.items()
                          if self.is_tower(w) and self.colour(w) == oc}
                    if not ds:
                        continue
                    d = min(ds.values())
                    if d > 4:
                        continue
                    nearest = sorted(w for w in ds if ds[w] == d)
                    owners = {self.capper[w] for w in nearest}
                    if self.rules == CLASSIC:
                        paid = len(nearest) == 1 and -1 not in owners
                    else:
                        paid = len(owners) == 1 and -1 not in owners
                    if paid:
                        o = owners.pop()
                        bonuses.add((v, oc, o, 10 - 2 * d, tuple(nearest)))
                        totals[o] += 10 - 2 * d
        if self.rules == CLASSIC and self.location_bonus:
            claimed = [v for v in range(80)
                       if self.is_tower(v) and self.capper[v] >= 0]
            for v in claimed:
                val = self.values[TILE[v]]
                others = [w for w in claimed
                          if w != v and self.values[TILE[w]] == val]
                if not others and val:
                    location.add((v, self.capper[v], val))
                    totals[self.capper[v]] += val
        return towers, bonuses, location, totals


# ---------------------------------------------------------------------------
# Hypothesis: the city, the options, the choices.
# ---------------------------------------------------------------------------

SETTINGS = dict(
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@st.composite
def setups(draw):
    """A fresh Game and the matching Model."""
    rules = draw(st.sampled_from((STANDALONE, CLASSIC)))
    open_streets = draw(st.booleans())
    lb = rules == CLASSIC and draw(st.booleans())
    if draw(st.booleans()):
        g = new_game(draw(st.integers(0, 2**32 - 1)), rules, open_streets, lb)
    else:
        # A city of the test's own: any layout, classic values 0-5 (a record
        # may carry any), either player first in classic.
        tiles = draw(st.permutations([c for c in range(4) for _ in range(5)]))
        icons = draw(st.lists(st.integers(0, 3), min_size=20, max_size=20))
        if rules == CLASSIC:
            values = draw(st.lists(st.integers(0, 5), min_size=20,
                                   max_size=20))
            first = draw(st.integers(0, 1))
        else:
            values, first = [0] * 20, 1
        g = Game(bytes(tiles), bytes(icons), bytes(values), rules,
                 open_streets, lb, first)
    m = Model(g.tcol, g.ticon, g.tval, g.rules, g.open_streets,
              g.location_bonus, g.first)
    # Play style: domes first (players then run out of room for towers and
    # get skipped more often), and from which build on claims are made
    # (late claimers, or players who never claim, still hold caps on the
    # last build).
    m.domes_first = draw(st.booleans())
    m.claims_from = draw(st.sampled_from((0, 10, 30, 99)))
    # Claim only towers of one colour (or any): collectors of red or blue
    # towers leave the greens unclaimed and own ties near them (rule 11).
    m.claim_colour = draw(st.sampled_from((None, RED, BLUE)))
    return g, m


@contextmanager
def record_on_failure(g):
    """On a failure, show the game so far as a record (replayable with
    ``record.read`` / ``record.replay``)."""
    try:
        yield
    except BaseException:
        try:
            note("game record at the failure:\n" + record.write(g))
        except Exception as e:  # noqa: BLE001 (the engine may be too broken to write)
            note("(no record: %r)" % e)
        raise


def new_buf():
    return array("H", [0] * 560)


def engine_legal(g, buf, naive=False):
    n = g.legal(buf, naive=naive)
    return sorted(buf[:n])


def draw_move(data, g, m, buf):
    """Draw one legal build and a claim: (kind, lot, cap lot or NONE)."""
    moves = engine_legal(g, buf)
    if m.domes_first:
        moves = [mv for mv in moves if kind_of(mv) >= 3] or moves
    mv = moves[data.draw(st.integers(0, len(moves) - 1), label="build")]
    kind, lot = kind_of(mv), lot_of(mv)
    cap = NONE
    pick = data.draw(st.integers(0, 3), label="cap")
    if pick and m.caps[m.to_move] and len(m.moves) >= m.claims_from:
        m.kind[lot] = kind  # the towers standing once the build is made
        cands = [v for v in m.unclaimed_towers()
                 if m.claim_colour in (None, m.colour(v))]
        m.kind[lot] = -1
        if cands and not m.ends_after(kind, lot):  # rule 13
            cap = cands[(pick - 1) * len(cands) // 3]
    return kind, lot, cap


def snapshot(g, buf):
    """Everything undo must restore (scratch state excluded)."""
    return (bytes(g.lots), bytes(g.tcount), bytes(g.supply), bytes(g.caps),
            bytes(g.hist[:2 * g.nbuilds]), g.nbuilds, g.to_move,
            engine_legal(g, buf))


def check_model_state(g, m):
    assert bytes(g.lots) == m.lot_bytes()
    assert bytes(g.tcount) == m.tcount()
    assert list(g.supply) == m.supply[0] + m.supply[1]
    assert list(g.caps) == m.caps
    assert g.nbuilds == len(m.moves)
    assert g.to_move == m.to_move
    for i, (p, kind, lot, cap) in enumerate(m.moves):
        assert g.build_at(i) == (p, kind, lot, NONE if cap is None else cap)


def play_both(g, m, kind, lot, cap):
    build_turn(g, kind, lot, cap)
    m.apply(kind, lot, None if cap == NONE else cap)


# ---------------------------------------------------------------------------
# The properties.
# ---------------------------------------------------------------------------


@settings(max_examples=40, **SETTINGS)
@given(st.data())
def test_streets_legal_lists_and_turns(data):
    """Street rule, fast == naive == brute-force legal lists, whose turn."""
    g, m = data.draw(setups())
    with record_on_failure(g):
        buf = new_buf()
        assert g.to_move == m.to_move
        assert m.legal(0) and m.legal(1)
        while True:
            occ = m.occ()
            # The street rule holds, by the engine and by our flood fill.
            assert g.streets.holds(g.lots, g.open_streets)
            assert streets_hold(occ, m.open_streets)
            mine = [m.legal(0), m.legal(1)]
            for p in (0, 1):
                assert g.can_build(p) == bool(mine[p]), p
            if g.over():
                assert m.to_move == OVER
                assert not mine[0] and not mine[1]
                assert engine_legal(g, buf) == []
                break
            fast = engine_legal(g, buf)
            assert len(set(fast)) == len(fast), "duplicate legal builds"
            naive = engine_legal(g, buf, naive=True)
            assert fast == naive
            assert fast == mine[g.to_move]
            # Every legal build passes why_not; every other build of a kind in
            # supply is refused with a reason. A reason loads aliencity/why.py
            # (dropped after, as on the device): outside `make soak` the
            # refusals of one kind per position are asked, a different kind
            # each build, so a game asks them all.
            p = g.to_move
            legal_set = set(fast)
            for a in fast:
                assert g.why_not(a) is None, a
            for kind in range(7):
                if not m.supply[p][kind]:
                    assert g.why_not(build(kind, 0)) is not None
                    continue
                if not conftest.SOAK and kind != len(m.moves) % 7:
                    continue
                for lot in range(80):
                    ok = g.why_not(build(kind, lot)) is None
                    assert ok == (build(kind, lot) in legal_set), (kind, lot)
            kind, lot, cap = draw_move(data, g, m, buf)
            play_both(g, m, kind, lot, cap)
            # Rule 14: the other player if able, else the same, else over.
            assert g.to_move == m.to_move
            check_model_state(g, m)


@settings(max_examples=20, **SETTINGS)
@given(st.data())
def test_supplies_claims_undo(data):
    """Supplies and caps add up; undo restores, redo replays; refused
    claims (last build, no caps left, not an unclaimed tower) change
    nothing."""
    g, m = data.draw(setups())
    with record_on_failure(g):
        buf = new_buf()
        assert not g.undo()
        forward = [snapshot(g, buf)]
        while not g.over():
            before = snapshot(g, buf)
            kind, lot, cap = draw_move(data, g, m, buf)
            p = g.to_move
            # Rule 13: no claim on the build that ends the game.
            if m.ends_after(kind, lot):
                m.kind[lot] = kind
                targets = m.unclaimed_towers()
                m.kind[lot] = -1
                if targets:
                    with pytest.raises(ValueError):
                        build_turn(g, kind, lot, targets[0])
                    assert snapshot(g, buf) == before
                cap = NONE
            # A claim with no caps left is refused and changes nothing.
            if not m.caps[p]:
                m.kind[lot] = kind
                targets = m.unclaimed_towers()
                m.kind[lot] = -1
                if targets:
                    with pytest.raises(ValueError):
                        build_turn(g, kind, lot, targets[-1])
                    assert snapshot(g, buf) == before
            # A claim on anything but an unclaimed tower is refused: try a
            # claimed tower, a dome (maybe the one being built), an empty
            # lot and a number that is no lot.
            m.kind[lot] = kind
            claimed = [v for v in range(80) if m.capper[v] >= 0]
            domes = [v for v in range(80)
                     if m.kind[v] >= 0 and not IS_TOWER[m.kind[v]]]
            empty = [v for v in range(80) if m.kind[v] < 0]
            m.kind[lot] = -1
            for bad in (claimed, domes, empty, [80, 127, 200]):
                if bad:
                    target = bad[data.draw(st.integers(0, len(bad) - 1),
                                           label="bad claim")]
                    with pytest.raises(ValueError):
                        build_turn(g, kind, lot, target)
                    assert snapshot(g, buf) == before
            play_both(g, m, kind, lot, cap)
            after = snapshot(g, buf)
            check_model_state(g, m)
            # Supplies: pieces on the board (by the history's builders) plus
            # supply = the starting supply, per player and kind.
            built = [[0] * 7, [0] * 7]
            caps_on = [0, 0]
            for i in range(g.nbuilds):
                bp, bkind, blot, bcap = g.build_at(i)
                assert g.kind_at(blot) == bkind
                built[bp][bkind] += 1
                if bcap != NONE:
                    assert g.owner_at(bcap) == bp, "cap not the builder's"
            for q in (0, 1):
                for k in range(7):
                    assert built[q][k] + g.supply[q * 7 + k] == START[q][k]
            # Caps: on the board + left = 3 each; every cap sits on a tower.
            for v in range(80):
                o = g.owner_at(v)
                if o >= 0:
                    assert o < 2, "two caps on one lot"
                    assert 0 <= g.kind_at(v) < 3, "cap on a non-tower"
                    caps_on[o] += 1
            for q in (0, 1):
                assert caps_on[q] + g.caps[q] == NCAPS
            assert sum(1 for v in range(80) if g.lots[v]) == g.nbuilds
            # Undo (the claim or none, then the build) restores the exact
            # previous state; redo the same build.
            unplay(g)
            assert snapshot(g, buf) == before
            build_turn(g, kind, lot, cap)
            assert snapshot(g, buf) == after
            forward.append(after)
        assert not g.can_build(0) and not g.can_build(1)
        # Undo all the way back: every earlier state comes back in turn.
        for want in reversed(forward[:-1]):
            n = g.nbuilds
            unplay(g)
            assert g.nbuilds == n - 1 and snapshot(g, buf) == want
        assert not g.undo()
        assert g.to_move == g.first


def record_text_state(g):
    return (bytes(g.lots), bytes(g.tcount), bytes(g.supply), bytes(g.caps),
            bytes(g.hist[:2 * g.nbuilds]), g.nbuilds, g.to_move,
            bytes(g.tcol), bytes(g.ticon), bytes(g.tval), g.rules,
            g.open_streets, g.location_bonus, g.first)


@settings(max_examples=12, **SETTINGS)
@given(st.data())
def test_record_round_trip_every_prefix(data):
    """write -> read -> replay gives the same text and state at every
    prefix of the game."""
    g, m = data.draw(setups())
    with record_on_failure(g):
        buf = new_buf()
        texts = []
        while True:
            text = record.write(g)
            texts.append(text)
            rec = record.read(text.splitlines())
            assert rec.rules == g.rules
            assert rec.open_streets == g.open_streets
            assert rec.location_bonus == g.location_bonus
            assert rec.first == g.first
            assert [(p, k, v, c) for _, p, k, v, c in rec.moves] == [
                g.build_at(i) for i in range(g.nbuilds)]
            g2, err = record.replay(rec)
            assert err is None
            assert record.write(g2) == text
            assert record_text_state(g2) == record_text_state(g)
            assert engine_legal(g2, buf) == engine_legal(g, buf)
            if g.over():
                break
            kind, lot, cap = draw_move(data, g, m, buf)
            play_both(g, m, kind, lot, cap)
        # Each prefix's text is the previous one plus one move line.
        for a, b in itertools.pairwise(texts):
            assert b.startswith(a) and b.count("\n") == a.count("\n") + 1


def check_score(g, m):
    res = score(g)
    towers, bonuses, location, totals = m.score()
    got_towers = {(t.lot, t.owner, t.colour, t.customers, t.distance,
                   t.points, tuple(sorted(t.customer_lots)))
                  for t in res.towers}
    assert got_towers == towers
    assert len(res.towers) == len(towers)
    for t in res.towers:
        assert t.points == t.customers * t.distance
        assert t.customers == len(t.customer_lots)
        if t.rival != NONE:
            assert m.street_distances(t.lot)[t.rival] == t.distance
            assert m.colour(t.rival) == t.colour and m.is_tower(t.rival)
    got_bonuses = {(gl, c, o, pts, tuple(sorted(near)))
                   for gl, c, o, pts, near in res.bonuses}
    assert got_bonuses == bonuses
    assert len(res.bonuses) == len(bonuses)
    assert {loc for loc in res.location if loc[2]} == location
    for q in (0, 1):
        parts = (sum(t.points for t in res.towers if t.owner == q)
                 + sum(b[3] for b in res.bonuses if b[2] == q)
                 + sum(loc[2] for loc in res.location if loc[1] == q))
        assert res.totals[q] == parts
    assert list(res.totals) == totals
    w, b = totals
    assert res.winner() == (0 if w > b else 1 if b > w else -1)
    return res


@settings(max_examples=40, **SETTINGS)
@given(st.data())
def test_scoring_matches_independent_bfs(data):
    """Tower points, green bonuses, location bonuses, totals and winner
    after every build agree with the test's own street BFS."""
    g, m = data.draw(setups())
    with record_on_failure(g):
        buf = new_buf()
        check_score(g, m)
        while not g.over():
            kind, lot, cap = draw_move(data, g, m, buf)
            play_both(g, m, kind, lot, cap)
            check_score(g, m)
