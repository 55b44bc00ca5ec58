"""Alheimur's deck, deal, world geometry and world building (rule text
"Setup" and "World-Building"; CLARIFICATIONS.md, Alheimur 2-5, 12-14)."""

from array import array
from itertools import combinations

import pytest
from alheimur_positions import deal_of, legal, pieces

from alheimur import world
from alheimur.actions import MAX_ACTIONS, a_pos, card_act
from alheimur.deal import new_game, shuffle
from alheimur.deck import DECK, ELEMENTS, card_name, deck_quads, parse_card, place_card
from alheimur.engine import CHANCE, Game
from alheimur.layout import K_PLACE, P_DEAL, P_EXPAND, P_PLACE, P_START, P_SWAP
from prng import Rng

# -- the deck (clarifications 2, 13) ---------------------------------------------


def test_the_deck_is_made_as_clarification_2_says():
    cards = DECK.split()
    assert len(cards) == 40
    whole = [c for c in cards if len(set(c)) == 1]
    halves = [c for c in cards if len(set(c)) == 2]
    quarters = [c for c in cards if len(set(c)) == 4]
    assert len(whole) == 10 and len(halves) == 20 and len(quarters) == 10
    for e in ELEMENTS:
        assert whole.count(e * 4) == 2
    for a, b in combinations(ELEMENTS, 2):
        pair = [c for c in halves if set(c) == {a, b}]
        tb = [c for c in pair if c[0] == c[1]]       # split top/bottom
        lr = [c for c in pair if c[0] == c[2]]       # split left/right
        assert len(tb) == 1 and len(lr) == 1, (a, b, pair)
    for out in ELEMENTS:
        two = [c for c in quarters if out not in c]
        assert len(two) == 2
        # different quadrant orders: not the same card, nor one turned
        diag = [{frozenset((c[0], c[3])), frozenset((c[1], c[2]))} for c in two]
        assert diag[0] != diag[1]
        assert two[0] != two[1][::-1]


@pytest.mark.parametrize("name,ok", [
    ("AAAA", True), ("AAFF", True), ("AFAF", True), ("AEFW", True), ("aefw", True),
    ("AAAE", False), ("AEEA", False), ("AFFA", False), ("ABCD", False),
    ("AAA", False), ("AAEEF", False), ("AAEF", False),
])
def test_card_names(name, ok):
    q = parse_card(name)
    assert (q is not None) == ok
    if ok:
        assert card_name(q) == name.upper()


def test_deck_quads_follow_the_deck():
    q = deck_quads()
    assert [card_name(q, 4 * i) for i in range(40)] == DECK.split()


# -- the deal ----------------------------------------------------------------------


def test_the_deal_uses_every_card_once_and_a_seed_gives_one_deal():
    a = shuffle(Rng(7))
    assert a == shuffle(Rng(7)) and a != shuffle(Rng(8))
    names = sorted(card_name(a, 4 * i) for i in range(40))
    assert names == sorted(DECK.split())


@pytest.mark.parametrize("np", [2, 5, 7, 8])
def test_piles_players_neutral_and_extras(np):
    g, _ = new_game(3, np)
    assert g.nworlds() == (np + 1 if np < 8 else 8)
    # piles in order: players, the neutral world unless 8 play, extras
    assert [g.wpile[w] for w in range(g.nworlds())] == list(range(g.nworlds()))
    assert g.nplayers() == np      # worlds 0 to np - 1 the players', np the neutral one


# -- geometry (clarification 3) ------------------------------------------------------


def _world(cards):
    """A game with world R made of ``cards`` (slots NW NE SW SE)."""
    from alheimur_positions import game
    return game(2, {"R": cards})


def test_territories_adjacency_and_regions():
    g = _world("AAAA EEFF AFAF AEFW")
    tb = 0
    n = g.nterr[0]
    assert n == 1 + 2 + 2 + 4
    first = [world.tile_name(g.tfirst[tb + t]) for t in range(n)]
    assert first == ["A4", "C4", "C3", "A2", "B2", "C2", "D2", "C1", "D1"]
    assert [g.tsize[tb + t] for t in range(n)] == [4, 2, 2, 2, 2, 1, 1, 1, 1]
    assert [ELEMENTS[g.telem[tb + t]] for t in range(n)] == list("AEFAFAEFW")
    # the whole air card touches C2 at a corner only: adjacent, no region
    adj = g.adj[tb + 0]
    assert [first[t] for t in range(n) if adj >> t & 1] == ["C4", "C3", "A2", "B2", "C2"]
    assert world.has_spaceport_site(g.adj, tb, n)
    edge = g.edge
    assert edge[tb + 0] == 1 << 3            # air joins air A2 along an edge
    assert edge[tb + 5] == 0                 # C2's air touches no air along an edge
    assert edge[tb + 4] == 1 << 7            # fire B2-B1 joins fire C1 (B1|C1)


def test_turned_cards():
    g = _world("AAEE AAEE* AEFW AEFW*")
    els = [ELEMENTS[g.telem[g.lab[t]]] for t in range(16)]
    assert "".join(els[0:4]) == "AAEE"    # row 4: NW top, NE turned: bottom on top
    assert "".join(els[4:8]) == "EEAA"
    assert "".join(els[8:12]) == "AEWF"   # SW AEFW; SE turned: W F on top
    assert "".join(els[12:16]) == "FWEA"


def test_spaceport_test_needs_a_territory_with_four_neighbours():
    g = _world("AAAA EEEE FFFF WWWW")
    assert not world.has_spaceport_site(g.adj, 0, g.nterr[0])   # 3 each
    g = _world("AAAA EEEE FFFF WWTT")
    assert world.has_spaceport_site(g.adj, 0, g.nterr[0])


def test_l_shaped_zone_of_a_real_card_is_one_territory():
    """A real card list might hold shapes the reconstruction has not."""
    el = bytearray(16)
    lab = bytearray(16)
    for t in range(16):
        el[t] = 0
    el[0] = 1                    # NW card: E A / A A (an L of air)
    out = [bytearray(16) for _ in range(3)]
    adj = array("H", [0] * 16)
    edge = array("H", [0] * 16)
    n = world.derive(el, lab, 0, out[0], out[1], out[2], adj, edge)
    assert n == 1 + 1 + 3        # E; the L of air; three whole air cards
    assert lab[1] == lab[4] == lab[5]


# -- world building (text "World-Building"; clarifications 4, 12) ---------------------


def _building(piles, np=2):
    g = Game(np, 40)
    g.deal(deal_of(piles))
    return g


def _places(g):
    return sorted(a.split(" ", 1)[1] for a in legal(g))


def test_first_card_down_then_the_owner_places_the_next():
    g = _building(["AAAA EEFF FFWW TTWW AEFW"])
    assert g.phase() == P_PLACE and g.actor() == 0
    # no element of EEFF meets air: every side, both turns
    assert _places(g) == sorted("place %s %d" % (s, t) for s in ("N", "E", "S", "W")
                                for t in (0, 180))


def test_forced_rule_a_card_forms_a_region_when_it_can():
    g = _building(["AAAA AAEE FFWW TTWW AEFW"])
    # AAEE's air meets the first card's air: N only turned, S only upright
    assert _places(g) == ["place E 0", "place E 180", "place N 180", "place S 0",
                          "place W 0", "place W 180"]
    assert g.why_not(card_act(K_PLACE, 1, 0)) == \
        "a card must form a region when it can: here it can"


def test_third_and_fourth_cards_complete_a_2x2_world():
    g = _building(["AAAA EEEE WWWW TTTT AEFW"])
    g.apply(card_act(K_PLACE, 5, 0))                    # E of the first card
    assert {p.split()[1] for p in _places(g)} == {"N", "NE", "S", "SE"}
    assert g.why_not(card_act(K_PLACE, 3, 0)) == "W: not beside the cards, or no 2x2 world"
    g.apply(card_act(K_PLACE, 1, 0))                    # N
    assert {p.split()[1] for p in _places(g)} == {"NE"}
    g.apply(card_act(K_PLACE, 2, 0))
    # N (WWWW) NE (TTTT) / first (AAAA) E (EEEE); the orbit card AEFW
    assert [card_name(g.quads, 4 * place_card(g.wcard[s])) for s in range(4)] == \
        ["WWWW", "TTTT", "AAAA", "EEEE"]
    assert card_name(g.quads, 4 * g.worb[0]) == "AEFW"
    assert g.phase() == P_SWAP          # four whole cards: no spaceport site


def test_the_neutral_world_is_placed_by_lot():
    g, _rng = new_game(4, 2)
    buf = array("H", bytes(2 * MAX_ACTIONS))
    while g.phase() == P_PLACE and g.site() < g.nplayers():     # the players' worlds
        g.apply(buf[0] if g.legal(buf) else 0)
    assert g.phase() == P_PLACE and g.site() == 2
    assert g.actor() == CHANCE
    assert legal(g)[0].startswith("N place ")


def _build_all(g):
    """Place every card of every world with its first legal placement."""
    buf = array("H", bytes(2 * MAX_ACTIONS))
    while g.phase() in (P_PLACE, P_SWAP):
        g.legal(buf)
        g.apply(buf[0])


def test_unplayable_world_swaps_in_its_orbit_card():
    g = _building(["AAAA EEEE FFFF WWWW AEFW"])
    buf = array("H", bytes(2 * MAX_ACTIONS))
    for _ in range(3):
        g.legal(buf)
        g.apply(buf[0])
    assert g.phase() == P_SWAP and g.actor() == 0      # the owner chooses
    # the quarter card touches the same element along an edge wherever it
    # goes: only such placements (slot and turn) are legal
    opts = _places(g)
    assert opts and all(o.startswith("swap ") for o in opts)
    g.legal(buf)
    before = [place_card(g.wcard[s]) for s in range(4)]
    slot = a_pos(buf[0])
    g.apply(buf[0])
    assert place_card(g.wcard[slot]) == 4                     # the orbit card is in
    assert g.worb[0] == before[slot]                    # the replaced card is the orbit
    assert world.has_spaceport_site(g.adj, 0, g.nterr[0])
    assert g.site() == 1                                # next world


def test_still_unplayable_rebuilds_from_an_extra_pile():
    g = _building(["AAAA EEEE FFFF WWWW TTTT", "AEFW AFWE EFWT EWTF AWTE",
                   "AEFT AFTE AEWT AWTE AFWT", "EFWT EWTF AEFW AFWE AAEE"])
    _build_all(g)   # world R: swap cannot help; rebuilt from pile 4
    assert g.wpile[0] == 3
    assert sorted(card_name(g.quads, 4 * place_card(g.wcard[s])) for s in range(4)) == \
        sorted("EFWT EWTF AEFW AFWE".split())
    assert g.phase() == P_START


def test_no_extra_pile_left_deals_again():
    # 7 players: 8 worlds, no extra pile
    g = _building(["AAAA EEEE FFFF WWWW TTTT"], np=7)
    _build_all(g)
    assert g.phase() == P_DEAL and g.actor() == CHANCE
    g.deal(shuffle(Rng(1)))
    assert g.phase() == P_PLACE and g.site() == 0


def test_start_colonists_three_each_in_seat_order_any_sizes():
    g = _building(["AEFW AFWE EFWT EWTF AWTE", "AEFT AFTE AEWT AWTE AFWT"])
    _build_all(g)
    assert g.phase() == P_START and g.actor() == 0
    assert {a.split()[-1] for a in legal(g)} == {"1", "2", "3"}
    assert all(a.startswith("R start R ") for a in legal(g))
    from alheimur_positions import do, why
    assert why(g, "R start Y A4 1") == "start colonists go on your own world"
    do(g, "R start R A4 3")
    assert why(g, "R start R A4 1") == "A4: taken"
    do(g, "R start R B4 3")
    do(g, "R start R C4 3")
    assert g.actor() == 1 and pieces(g, "R") == {"A4": "R3", "B4": "R3", "C4": "R3"}
    for t in ("A4", "B4", "C4"):
        do(g, "Y start Y %s 1" % t)
    assert g.phase() == P_EXPAND and g.current() == 0 and g.round() == 1


def test_undo_of_a_placement_within_the_owners_building():
    g = _building(["AAAA EEEE WWWW TTTT AEFW"])
    s0 = g.state()
    g.apply(card_act(K_PLACE, 5, 0))
    g.apply(card_act(K_PLACE, 1, 0))
    g.undo()
    g.undo()
    assert g.state() == s0 and not g.can_undo()


def test_world_building_code_can_be_dropped_and_comes_back():
    import sys
    g = _building(["AEFW AFWE EFWT EWTF AWTE", "AEFT AFTE AEWT AWTE AFWT"])
    _build_all(g)
    g.drop_setup()
    assert "alheimur.build" not in sys.modules
    assert g.phase() == P_START
    from alheimur_positions import do
    do(g, legal(g)[0])                                  # loaded again
    assert "alheimur.build" in sys.modules and g.phase() == P_START


def test_region_is_the_tiles_of_one_element_joined_along_edges():
    """world.region (the one flood fill: scoring, the computers'
    judgement and world building ask it) against a flood fill of the
    tiles themselves, for every territory of seeded deals' worlds."""
    import seeded_alheimur

    from alheimur.world import region
    for seed in (1, 4, 21):
        g = seeded_alheimur.play(seed, 4, 20, 60)
        for w in range(g.nworlds()):
            b = w * 16
            el = [g.telem[b + g.lab[b + tile]] for tile in range(16)]
            for t in range(g.nterr[w]):
                todo = [g.tfirst[b + t]]
                tiles = set(todo)
                while todo:
                    tile = todo.pop()
                    r, c = divmod(tile, 4)
                    for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                        u = rr * 4 + cc
                        if 0 <= rr < 4 and 0 <= cc < 4 and u not in tiles and el[u] == el[tile]:
                            tiles.add(u)
                            todo.append(u)
                want = 0
                for tile in tiles:
                    want |= 1 << g.lab[b + tile]
                assert region(g.edge, b, t) == want, (seed, w, t)
