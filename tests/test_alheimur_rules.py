"""Alheimur rules, clause by clause (rule text alheimur-v1.1 and
CLARIFICATIONS.md, Alheimur 5-11, 14-21) on hand-built positions.

Unless a test says otherwise every world is four quarter cards: each tile a
territory of its own, adjacency a king's move (alheimur_positions).
"""

import pytest
from alheimur_positions import (
    begin,
    do,
    game,
    legal,
    letter,
    pieces,
    put,
    ship,
    ships,
    stash,
    why,
)

from alheimur import record
from alheimur.layout import (
    END_13,
    END_200,
    END_ALONE,
    END_LIMIT,
    END_NOBODY,
    P_AIM,
    P_BOARD,
    P_DICE,
    P_EXPAND,
    P_FLIP,
    P_LAND,
    P_LAUNCH,
    P_MIGRATE,
    P_MOVE,
    P_OVER,
    P_SITE,
    P_SURVIVE,
    P_TARGET,
    X_BATTLE,
    X_STEP1,
)

NEIGHBOURS_OF_B3 = ("A4", "B4", "C4", "A3", "C3", "A2", "B2", "C2")


# -- expansion (text "Expansion"; clarification 6, 14) -------------------------


def test_expand_on_any_empty_territory_of_a_world_with_your_pyramids():
    g = game(2)
    put(g, "R", "R", "A4", 1)
    put(g, "R", "Y", "D1", 1, invader=True)
    begin(g, "R")
    acts = legal(g)
    assert "R expand R D1 3" in acts and "R expand Y A4 2" in acts
    assert "R expand R A4 1" not in acts            # taken
    assert why(g, "R expand R A4 1") == "A4: taken"
    # the neutral world (N) holds none of R's pyramids
    assert why(g, "R expand N A4 1") == "you have no pyramid on the neutral world"


def test_one_action_per_world_in_any_order_then_pass():
    g = game(2)
    put(g, "R", "R", "A4", 1)
    put(g, "R", "Y", "D1", 1)
    begin(g, "R")
    do(g, "R expand Y C1 1")       # the player picks the order of worlds
    assert why(g, "R expand Y B1 1") == "you already acted on the yellow world this turn"
    do(g, "R civilize R A4 2")
    # nothing left to do in expansion: survival is next
    assert g.phase() == P_SURVIVE


def test_pass_ends_expansion_on_every_world():
    g = game(2)
    put(g, "R", "R", "A4", 1)
    put(g, "R", "Y", "D1", 1)
    begin(g, "R")
    do(g, "R pass")
    assert g.phase() == P_SURVIVE


def test_expand_needs_the_size_in_the_stash():
    g = game(2)
    put(g, "R", "R", "A4", 1)
    for t in ("A1", "B1", "C1", "D1", "A2"):
        put(g, "R", "Y", t, 3)
    begin(g, "R")
    assert stash(g, "R") == (4, 5, 0)
    assert "R expand R D4 3" not in legal(g)
    assert why(g, "R expand R D4 3") == "no large pyramid left in your stash"


def test_civilize_one_size_up_or_down_with_the_stash():
    g = game(2)
    put(g, "R", "R", "A4", 1)
    put(g, "R", "R", "B4", 2)
    begin(g, "R")
    acts = legal(g)
    assert "R civilize R B4 1" in acts and "R civilize R B4 3" in acts
    assert "R civilize R A4 2" in acts
    assert why(g, "R civilize R A4 3") == "civilize changes one size up or down"
    assert why(g, "R civilize R C4 2") == "C4: empty"
    do(g, "R civilize R B4 3")
    assert pieces(g, "R")["B4"] == "R3"
    assert stash(g, "R") == (4, 5, 4)


def test_civilize_needs_the_new_size_in_the_stash():
    g = game(2)
    put(g, "R", "R", "A4", 2)
    for t in ("A1", "B1", "C1", "D1", "A2"):
        put(g, "R", "Y", t, 3)
    begin(g, "R")
    assert "R civilize R A4 3" not in legal(g)
    assert why(g, "R civilize R A4 3") == "no large pyramid left in your stash"


def test_civilize_other_players_pyramid_refused():
    g = game(2)
    put(g, "R", "R", "A4", 2)
    put(g, "Y", "R", "B4", 2)
    begin(g, "R")
    assert why(g, "R civilize R B4 1") == "B4: not your pyramid"


def test_a_civilized_invader_stays_an_invader():
    g = game(2)
    put(g, "R", "Y", "A4", 1, invader=True)
    ship(g, "R", "Y", "3T")
    begin(g, "R")
    do(g, "R civilize Y A4 2")
    assert pieces(g, "Y")["A4"] == "R2i"


def test_sacrifice_allowed_expand_where_it_will_die():
    g = game(2)
    put(g, "R", "R", "A4", 1)
    begin(g, "R")
    do(g, "R expand R D1 3")     # alone: dies at survival, but legal
    do(g, "R survive")
    assert pieces(g, "R") == {}


# -- survival (text "Survival"; clarifications 7, 15) ------------------------------


@pytest.mark.parametrize("size,alive", [
    (1, (False, False, True, True, False, False)),
    (2, (False, False, False, True, True, False)),
    (3, (False, False, False, False, True, True)),
])
def test_survival_windows_at_the_edges(size, alive):
    """Small needs 2-3 neighbours, medium 3-4, large 4-5: k = 0..5."""
    for k in range(6):
        g = game(2)
        put(g, "R", "R", "B3", size)
        for t in NEIGHBOURS_OF_B3[:k]:
            put(g, "Y", "R", t, 1)      # colour and size of neighbours do not matter
        begin(g, "R")
        do(g, "R pass")
        do(g, "R survive")
        assert ("B3" in pieces(g, "R")) == alive[k], (size, k)


def test_neighbours_count_invaders_and_any_colour():
    g = game(3)
    put(g, "R", "R", "B3", 1)
    put(g, "Y", "R", "A4", 3, invader=True)
    put(g, "G", "R", "C2", 2)
    ship(g, "Y", "R", "3T")      # keeps Y's invader alive
    begin(g, "R")
    do(g, "R pass")
    do(g, "R survive")
    assert "B3" in pieces(g, "R")


def test_dying_pyramids_count_while_evaluated_then_leave_together():
    """A large on B3 with 6 neighbours dies (too many); its small neighbours
    at A4 count it as present, so they survive this check."""
    g = game(2)
    put(g, "R", "R", "B3", 3)
    for t in ("A4", "B4", "C4", "A3", "C3"):
        put(g, "R", "R", t, 1)
    put(g, "R", "R", "A2", 2)
    begin(g, "R")
    do(g, "R pass")
    assert g.phase() == P_SURVIVE
    do(g, "R survive")
    p = pieces(g, "R")
    assert "B3" not in p                      # 6 neighbours: too many
    assert p["A4"] == "R1"                    # B4, A3, B3 (dying): 3, fine
    assert stash(g, "R")[2] == 5              # the large went back to the stash


def test_only_worlds_where_the_current_player_has_pyramids_are_checked():
    g = game(2)
    put(g, "R", "R", "A4", 1)
    put(g, "R", "R", "B4", 1)
    put(g, "R", "R", "A3", 1)
    put(g, "Y", "Y", "D1", 3)        # alone: would die if checked
    begin(g, "R")
    do(g, "R pass")
    do(g, "R survive")
    assert pieces(g, "Y") == {"D1": "Y3"}


def test_all_pyramids_on_a_checked_world_regardless_of_owner():
    g = game(2)
    put(g, "R", "Y", "A4", 1, invader=True)
    ship(g, "R", "Y", "1T")
    put(g, "Y", "Y", "D1", 3)        # alone on a checked world: dies
    begin(g, "R")
    do(g, "R pass")
    do(g, "R survive")
    assert pieces(g, "Y") == {"A4": "R1i"}


@pytest.mark.parametrize("desc,alive", [
    ("2T", True), ("3T", True), ("1T", False), ("2F", False), ("3T1", False),
])
def test_invader_support_from_an_empty_transport_big_enough(desc, alive):
    g = game(2)
    put(g, "R", "Y", "A4", 2, invader=True)
    ship(g, "R", "Y", desc)
    begin(g, "R")
    do(g, "R pass")
    do(g, "R survive")
    assert ("A4" in pieces(g, "Y")) == alive


def test_a_transport_elsewhere_or_of_another_colour_supports_nothing():
    g = game(3)
    put(g, "R", "Y", "A4", 1, invader=True)
    ship(g, "R", "G", "3T")
    ship(g, "G", "Y", "3T")
    ship(g, "R", "space", "3T")
    begin(g, "R")
    do(g, "R pass")
    do(g, "R survive")
    assert pieces(g, "Y") == {}


def test_invaders_live_by_support_not_by_neighbours():
    """An invader alone but supported lives; one with a colonist's fill of
    neighbours but no transport dies. (Two invaders of a colour on one
    checked world are never invaders: see the next tests; so clarification
    7's one transport for several invaders cannot arise in a check.)"""
    g = game(3)
    put(g, "R", "Y", "A4", 1, invader=True)      # no neighbour, supported
    ship(g, "R", "Y", "1T")
    put(g, "G", "Y", "C2", 1, invader=True)      # 2 neighbours, no transport
    put(g, "Y", "Y", "B2", 1)
    put(g, "Y", "Y", "C1", 1)
    begin(g, "R")
    do(g, "R pass")
    do(g, "R survive")
    p = pieces(g, "Y")
    assert p.get("A4") == "R1i" and "C2" not in p
    assert ships(g) == ["Y:R1T"]                # support uses nothing up


def test_two_pyramids_turn_invaders_upright_and_check_them_as_colonists():
    g = game(2)
    put(g, "R", "Y", "A4", 1, invader=True)
    put(g, "R", "Y", "B4", 1, invader=True)
    put(g, "Y", "Y", "A3", 1)
    begin(g, "R")          # no transport: as invaders both would die
    do(g, "R pass")
    do(g, "R survive")
    p = pieces(g, "Y")
    assert p["A4"] == "R1" and p["B4"] == "R1"      # upright, 2 neighbours each


def test_two_pyramid_rule_for_every_player_on_a_checked_world():
    g = game(3)
    put(g, "R", "Y", "A4", 1)                         # R's pyramid: Y is checked
    put(g, "R", "Y", "B4", 1)
    put(g, "G", "Y", "A3", 1, invader=True)
    put(g, "G", "Y", "B3", 1, invader=True)
    begin(g, "R")
    do(g, "R pass")
    do(g, "R survive")
    p = pieces(g, "Y")
    assert p["A3"] == "G1" and p["B3"] == "G1"       # for good: upright


def _twelve(g, p):
    """p: three smalls on its world (A4 B4 A3), in space two 3T3, two 2T2
    and a 1F: 12 pyramids in play, one of each size left."""
    for t in ("A4", "B4", "A3"):
        put(g, p, p, t, 1)
    for d in ("3T3", "3T3", "2T2", "2T2", "1F"):
        ship(g, p, "space", d)
    assert g.in_play(letter(p)) == 12


@pytest.mark.parametrize("expand,last", [
    (None, 0),          # 12 in play
    ("B3", 1),          # a medium with 3 neighbours survives: 13
    ("D1", 0),          # alone it dies in survival: 12 after the checks
])
def test_last_round_trigger_after_survival_counts_ships_and_marines(expand, last):
    g = game(2)
    _twelve(g, "R")
    begin(g, "R")
    do(g, "R expand R %s 2" % expand if expand else "R pass")
    do(g, "R survive")
    assert g.last_round() == last


def _pass_turn(g, p):
    """Pass every decision of p's turn (survive when asked)."""
    while not g.over() and g.actor() == letter(p):
        acts = legal(g)
        do(g, "%s survive" % p if "%s survive" % p in acts else "%s pass" % p)


def test_last_round_with_two_players():
    g = game(2)
    _twelve(g, "R")
    for t in ("A4", "B4", "A3"):
        put(g, "Y", "Y", t, 1)
    begin(g, "R")
    do(g, "R expand R B3 2")
    do(g, "R survive")
    assert g.last_round() == 1            # triggered: finish this turn
    _pass_turn(g, "R")
    assert g.last_round() == 2 and g.current() == 1
    _pass_turn(g, "Y")                    # one more turn each ...
    assert not g.over() and g.current() == 0
    _pass_turn(g, "R")                    # ... ending with the one who triggered
    assert g.over() and g.phase() == P_OVER and g.round() == 2


def test_last_round_with_eight_players():
    g = game(8)
    letters = record.CODES
    for L in letters:
        for t in ("A4", "B4", "A3"):
            put(g, L, L, t, 1)
    for d in ("1F", "1F", "2F", "2F", "2F", "2F", "2F", "3F", "3F", "3F"):
        ship(g, "B", "space", d)          # B (seat 4): 13 in play
    begin(g, "R")
    turns = []
    while not g.over():
        p = letters[g.current()]
        turns.append(p)
        _pass_turn(g, p)
        assert len(turns) < 40
    # B triggers in round 1; everyone after B gets one more turn, B last
    assert turns == list("RYGBPOCW") + list("RYGB")
    assert g.round() == 2


@pytest.mark.parametrize("np", [2, 8])
def test_round_limit_ends_the_game(np):
    g = game(np, limit=2)
    for L in record.CODES[:np]:
        for t in ("A4", "B4", "A3"):
            put(g, L, L, t, 1)
    begin(g, "R")
    turns = 0
    while not g.over():
        _pass_turn(g, record.CODES[g.current()])
        turns += 1
    # rounds 1 and 2, then the last round: one more turn each
    assert turns == 3 * np and g.round() == 3


def test_no_round_limit_option():
    g = game(2, limit=0)
    for L in "RY":
        for t in ("A4", "B4", "A3"):
            put(g, L, L, t, 1)
    begin(g, "R")
    for _ in range(2 * 45):
        _pass_turn(g, record.CODES[g.current()])
    assert not g.over() and g.round() == 46 and g.end_cause() == 0


# -- the end without a round limit (clarification 20) ----------------------------


def test_no_round_limit_ends_after_round_200_counting_every_round():
    """Two players who never reach 13: rounds count 1, 2, ... 200 without a
    cap or a wrap; round 200's end begins the last round (201), then the
    game is over (issue 28: the counter stuck at 255 and the game never
    ended)."""
    g = game(2, limit=0)
    for L in "RY":
        for t in ("A4", "B4", "A3"):
            put(g, L, L, t, 1)
    begin(g, "R")
    rounds = []
    while not g.over():
        if g.current() == 0:
            rounds.append(g.round())
        assert g.last_round() == (2 if g.round() == 201 else 0)
        _pass_turn(g, record.CODES[g.current()])
        assert len(rounds) <= 201
    assert rounds == list(range(1, 202))
    assert g.round() == 201 and g.end_cause() == END_200 and g.current() == 1


@pytest.mark.parametrize("limit,over_after", [(0, 2), (40, None)])
def test_one_player_left_begins_the_last_round_without_a_limit(limit, over_after):
    """Y loses its last pyramid in R's turn of round 1 (survival on Y's
    world). The round ends with R alone in play: with no limit the last
    round begins (one more turn each) and the game ends after round 2;
    with a round limit nothing changes."""
    g = game(3, limit=limit)
    for t in ("A4", "B4", "A3"):
        put(g, "R", "R", t, 1)
    put(g, "R", "Y", "D1", 1)        # alone: dies in R's survival check
    put(g, "Y", "Y", "A1", 1)        # alone too
    begin(g, "R")
    do(g, "R pass")
    do(g, "R survive")
    assert g.in_play(1) == 0 and g.in_play(2) == 0
    assert g.last_round() == 0           # not in the middle of a round
    while not g.over() and g.round() < 5:
        acts = legal(g)                  # R's turns (Y and G have nothing to do)
        do(g, "R survive" if "R survive" in acts else "R pass")
        if g.round() == 2 and limit == 0:
            assert g.last_round() == 2 and g.end_cause() == END_ALONE
    if over_after is None:
        assert not g.over() and g.end_cause() == 0
    else:
        assert g.over() and g.round() == over_after and g.current() == 2
        assert g.end_cause() == END_ALONE


def test_two_players_left_go_on():
    g = game(3, limit=0)
    for L in "RY":
        for t in ("A4", "B4", "A3"):
            put(g, L, L, t, 1)
    begin(g, "R")
    while g.round() < 6:                 # G (nothing in play) is skipped
        _pass_turn(g, record.CODES[g.current()])
    assert not g.over() and g.last_round() == 0 and g.end_cause() == 0


def test_nobody_left_ends_the_game_at_once():
    g = game(2, limit=0)
    put(g, "R", "R", "A4", 1)            # alone: dies in survival
    begin(g, "R")
    do(g, "R pass")
    do(g, "R survive")
    assert g.over() and g.end_cause() == END_NOBODY and g.round() == 1


def test_the_cause_of_the_last_round_is_kept():
    """13 pyramids and the round limit say so too (end_cause), and the
    last round's stage is read as before (last_round)."""
    g = game(2, limit=1)
    for L in "RY":
        for t in ("A4", "B4", "A3"):
            put(g, L, L, t, 1)
    begin(g, "R")
    _pass_turn(g, "R")
    _pass_turn(g, "Y")
    assert g.last_round() == 2 and g.end_cause() == END_LIMIT
    g = game(2)
    _twelve(g, "R")
    begin(g, "R")
    do(g, "R expand R B3 2")
    do(g, "R survive")
    assert g.last_round() == 1 and g.end_cause() == END_13
    _pass_turn(g, "R")
    assert g.last_round() == 2 and g.end_cause() == END_13


# -- movement (text "Movement"; clarifications 9, 17) ---------------------------


def _mover(step, np=2):
    g = game(np)
    return g, (lambda: begin(g, "R", X_STEP1, step))


def test_step1_migration_to_an_adjacent_empty_territory_corner_included():
    g, go = _mover(1)
    put(g, "R", "R", "B3", 1)
    put(g, "R", "R", "A4", 2)
    put(g, "R", "R", "D1", 3)                  # a spaceport does not migrate
    put(g, "R", "Y", "A4", 1, invader=True)    # nor does an invader
    put(g, "Y", "R", "C4", 1)                  # taken
    go()
    assert g.phase() == P_MIGRATE
    acts = legal(g)
    assert "R migrate R B3 C2" in acts         # corner
    assert "R migrate R B3 C4" not in acts
    assert why(g, "R migrate R B3 C4") == "C4: taken"
    assert why(g, "R migrate R B3 D3") == "D3 is not next to B3"
    assert why(g, "R migrate R D1 C1") == "D1: a spaceport does not migrate"
    assert why(g, "R migrate Y A4 B4") == "A4: invaders do not migrate"
    do(g, "R migrate R B3 C2")
    assert why(g, "R migrate R C2 C1") == "C2: already migrated this turn"
    do(g, "R migrate R A4 B4")
    do(g, "R pass")
    assert g.phase() != P_MIGRATE


def test_step2_launch_as_transport_fighter_or_marine():
    g, go = _mover(2)
    put(g, "R", "R", "A4", 3)                  # one spaceport: one action
    put(g, "R", "R", "B4", 2)
    ship(g, "R", "R", "2T")
    go()
    assert g.phase() == P_LAUNCH
    acts = legal(g)
    assert {"R launch R B4 T", "R launch R B4 F", "R board R B4 2T",
            "R launch R A4 T", "R return R 2T C4"} <= set(acts)
    assert "R board R A4 2T" not in acts       # a 3-pip marine needs a 3-pip transport
    assert why(g, "R board R A4 2T") == "the medium transport: too small for a large pyramid"
    do(g, "R board R B4 2T")
    assert ships(g) == ["R:R2T2"]
    assert g.phase() != P_LAUNCH                # the one action is used


def test_step2_each_spaceport_one_action_itself_included():
    g, go = _mover(2)
    put(g, "R", "R", "A4", 3)
    put(g, "R", "R", "B4", 3)
    put(g, "R", "R", "C4", 1)
    go()
    do(g, "R launch R A4 F")          # a spaceport launches itself
    do(g, "R launch R C4 T")          # the other launches a colonist
    assert g.phase() != P_LAUNCH
    assert ships(g) == ["R:R1T", "R:R3F"]


def test_step2_return_ship_or_marine_but_not_a_loaded_transport():
    g, go = _mover(2)
    put(g, "R", "R", "A4", 3)
    ship(g, "R", "R", "3T1")
    go()
    acts = legal(g)
    assert "R unload R 3T1 B4" in acts
    assert not any(a.startswith("R return R 3T1") for a in acts)
    assert why(g, "R return R 3T1 B4") == "a loaded transport stays; its marine may return"
    do(g, "R unload R 3T1 B4")
    assert pieces(g, "R")["B4"] == "R1" and ships(g) == ["R:R3T"]


def test_step2_needs_a_spaceport_on_that_world():
    g, go = _mover(2)
    put(g, "R", "R", "A4", 2)
    put(g, "R", "R", "B4", 3)
    put(g, "R", "Y", "A4", 2)
    ship(g, "R", "Y", "2T")
    go()
    assert why(g, "R launch Y A4 T") == "no spaceport action left on the yellow world"
    assert why(g, "R return Y 2T B4") == "no spaceport action left on the yellow world"
    assert "R launch R A4 F" in legal(g)


def test_step2_spaceport_made_by_a_return_does_not_act():
    g, go = _mover(2)
    put(g, "R", "R", "A4", 3)
    ship(g, "R", "R", "3F")
    ship(g, "R", "R", "1F")
    go()
    do(g, "R launch R A4 T")               # the only spaceport acts
    assert g.phase() != P_LAUNCH
    g, go = _mover(2)
    put(g, "R", "R", "A4", 3)
    ship(g, "R", "R", "3F")
    ship(g, "R", "R", "1F")
    go()
    do(g, "R return R 3F B4")              # a new spaceport on B4: no action
    assert g.phase() != P_LAUNCH


def test_step2_a_colonist_boards_only_its_owners_transport():
    g, go = _mover(2)
    put(g, "R", "R", "A4", 3)
    put(g, "R", "R", "B4", 1)
    ship(g, "Y", "R", "3T")
    go()
    assert why(g, "R board R B4 3T") == "no 3T in the orbit of world R"


def test_step3_status_change_in_orbit_once_not_loaded_not_in_space():
    g, go = _mover(3)
    ship(g, "R", "R", "2T")
    ship(g, "R", "R", "3T1")
    ship(g, "R", "space", "1F")
    ship(g, "R", "R", "2F")
    go()
    assert g.phase() == P_FLIP
    acts = legal(g)
    assert set(acts) == {"R pass", "R flip R 2T", "R flip R 2F"}
    assert why(g, "R flip R 3T1") == "the large transport: land its marine first"
    do(g, "R flip R 2T")
    assert ships(g) == ["R:R2F", "R:R2F", "R:R3T1", "space:R1F"]
    # the flipped ship has acted; the other 2F still may
    assert legal(g) == ["R pass", "R flip R 2F"] or "R flip R 2F" in legal(g)
    do(g, "R flip R 2F")
    assert "R flip R 2T" not in legal(g)


def test_step4_marine_lands_as_invader_where_its_owner_has_no_other_pyramid():
    g, go = _mover(4)
    ship(g, "R", "R", "3T2")            # even on its owner's home world
    go()
    assert g.phase() == P_LAND
    do(g, "R land R 3T2 B3")
    assert pieces(g, "R") == {"B3": "R2i"} and ships(g) == ["R:R3T"]


def test_step4_marine_lands_as_colonist_beside_its_owners_colonists():
    g, go = _mover(4)
    put(g, "R", "Y", "A4", 1)
    ship(g, "R", "Y", "3T2")
    go()
    do(g, "R land Y 3T2 D1")
    assert pieces(g, "Y")["D1"] == "R2"


def test_step4_a_second_invader_turns_both_upright():
    g, go = _mover(4)
    put(g, "R", "Y", "A4", 1, invader=True)
    ship(g, "R", "Y", "3T2")
    go()
    do(g, "R land Y 3T2 D1")
    assert pieces(g, "Y") == {"A4": "R1", "D1": "R2"}


def test_step4_no_landing_from_space():
    g, go = _mover(4)
    ship(g, "R", "space", "3T2")
    ship(g, "R", "Y", "1T1")
    go()
    assert legal(g) == ["R pass"] + ["R land Y 1T1 %s" % t for t in (
        "A4", "B4", "C4", "D4", "A3", "B3", "C3", "D3", "A2", "B2", "C2", "D2",
        "A1", "B1", "C1", "D1")]


def test_step5_invader_boards_an_empty_transport_big_enough():
    g, go = _mover(5)
    put(g, "R", "Y", "A4", 2, invader=True)
    put(g, "R", "Y", "B1", 1)          # a colonist: does not board in step 5
    ship(g, "R", "Y", "1T")
    ship(g, "R", "Y", "2T")
    ship(g, "R", "Y", "3F")
    go()
    assert g.phase() == P_BOARD
    assert set(legal(g)) == {"R pass", "R board Y A4 2T"}
    assert why(g, "R board Y A4 1T") == "the small transport: too small for a medium pyramid"
    assert why(g, "R board Y B1 2T") == "B1 is not an invader"
    do(g, "R board Y A4 2T")
    assert ships(g) == ["Y:R1T", "Y:R2T2", "Y:R3F"] and "A4" not in pieces(g, "Y")


def test_a_marine_landed_in_step4_may_board_again_in_step5():
    g, go = _mover(4)
    ship(g, "R", "Y", "3T2")
    go()
    do(g, "R land Y 3T2 B3")           # nothing else to land: step 5
    assert g.phase() == P_BOARD
    do(g, "R board Y B3 3T")
    assert ships(g) == ["Y:R3T2"]


def test_step6_orbit_to_space_and_space_to_any_orbit_once_with_marine():
    g, go = _mover(6)
    ship(g, "R", "Y", "3T2")
    ship(g, "R", "space", "1F")
    go()
    assert g.phase() == P_MOVE
    acts = set(legal(g))
    assert acts == {"R pass", "R move Y 3T2 space", "R move space 1F R",
                    "R move space 1F Y", "R move space 1F N"}
    do(g, "R move Y 3T2 space")
    assert why(g, "R move space 3T2 R") == "the large transport already moved this turn"
    do(g, "R move space 1F N")
    assert ships(g) == ["N:R1F", "space:R3T2"]


def test_movement_steps_run_in_strict_order():
    g, go = _mover(1)
    put(g, "R", "R", "A4", 1)
    put(g, "R", "R", "D1", 3)
    ship(g, "R", "R", "1T")
    go()
    assert g.phase() == P_MIGRATE
    assert why(g, "R flip R 1T") == "not now: step 1: migrate or pass"
    do(g, "R pass")
    assert g.phase() == P_LAUNCH
    do(g, "R pass")
    assert g.phase() == P_FLIP
    assert why(g, "R migrate R A4 B4") == "not now: step 3: change status or pass"
    do(g, "R pass")
    assert g.phase() == P_MOVE          # steps 4 and 5 offer nothing: skipped


# -- fleet battle (text "Fleet Battle"; clarifications 10, 18, 19) ----------------


def _battle(np=3):
    g = game(np)
    return g, (lambda p="R": begin(g, p, X_BATTLE))


def test_battle_sites_in_the_order_the_current_player_chooses():
    g, go = _battle()
    ship(g, "R", "Y", "1F")
    ship(g, "Y", "Y", "1F")
    ship(g, "R", "G", "1F")
    ship(g, "G", "G", "1F")
    ship(g, "R", "space", "1F")
    ship(g, "G", "space", "1F")            # no battle in space
    go()
    assert g.phase() == P_SITE
    assert set(legal(g)) == {"R site Y", "R site G"}
    do(g, "R site G")
    assert g.site() == 2


def test_step1_owner_fires_first_then_those_fired_upon_answer():
    g, go = _battle()
    a = ship(g, "Y", "Y", "2F")            # Y owns world Y
    ship(g, "R", "Y", "1F")
    ship(g, "G", "Y", "1F")
    go()
    assert g.phase() == P_AIM and g.actor() == 1
    do(g, "Y fire 2F R1F")                 # R is fired upon
    assert g.phase() == P_DICE and g.dice_needed() == 2
    do(g, "dice 1 1")                      # a miss: still "fired upon"
    # Y's only ship has fired: Y's turn to fire ends by itself
    # step 2: R answers, at Y's ships only
    assert g.actor() == 0 and g.phase() == P_AIM
    do(g, "R fire 1F")
    assert g.phase() == P_TARGET
    assert legal(g) == ["R Y2F"]
    assert a == 0


def test_answers_in_turn_order_from_the_current_player():
    g, go = _battle(4)
    ship(g, "G", "G", "3F")               # G (seat 2) owns the site
    ship(g, "R", "G", "1F")
    ship(g, "Y", "G", "1F")
    ship(g, "B", "G", "1F")
    go("Y")                                # Y's turn
    do(g, "G fire 3F R1F")
    do(g, "dice 1 1 1")                    # G's only ship fired: G is done
    # only R was fired upon: R answers; Y and B do not (yet)
    assert g.actor() == 0
    do(g, "R pass")
    # step 3: Y (current, not owner) attacks
    assert g.actor() == 1


def test_step3_and_4_current_player_attacks_and_is_answered():
    g, go = _battle()
    ship(g, "R", "Y", "2F")
    ship(g, "Y", "Y", "1F")
    ship(g, "G", "Y", "1F")
    go()
    do(g, "Y pass")                        # step 1: the owner does not fire
    assert g.actor() == 0                  # step 3
    do(g, "R fire 2F G1F")
    do(g, "dice 1 1")
    assert g.actor() == 2                  # step 4: G answers, at R only
    do(g, "G fire 1F")
    assert legal(g) == ["G R2F"]


def test_step5_others_with_a_spaceport_attack_and_are_answered():
    g, go = _battle(4)
    ship(g, "R", "Y", "1F")
    ship(g, "Y", "Y", "1F")
    ship(g, "G", "Y", "2F")
    ship(g, "B", "Y", "1F")
    put(g, "G", "Y", "A4", 3)              # G: a spaceport on Y
    put(g, "B", "Y", "D1", 2)              # B: no spaceport
    go()
    do(g, "Y pass")
    do(g, "R pass")
    assert g.actor() == 2                  # step 5: G, any other colour
    assert set(legal(g)) == {"G pass", "G fire 2F"}
    do(g, "G fire 2F B1F")
    do(g, "dice 1 1")
    assert g.actor() == 3                  # step 6: B answers G
    do(g, "B fire 1F")
    assert legal(g) == ["B G2F"]


def test_neutral_world_has_no_owner_step():
    g, go = _battle()
    ship(g, "R", "N", "1F")
    ship(g, "Y", "N", "1F")
    go()
    assert g.actor() == 0                  # straight to step 3


def test_each_ship_fires_once_per_step_and_no_one_must_fire():
    g, go = _battle(2)
    ship(g, "R", "Y", "1F")
    ship(g, "R", "Y", "1F")
    ship(g, "Y", "Y", "3T")
    go()
    do(g, "Y pass")
    do(g, "R fire 1F Y3T")
    do(g, "dice 1")
    assert "R fire 1F" in legal(g)         # the other 1F
    assert why(g, "R fire 1F Y3T") is None
    do(g, "R fire 1F Y3T")
    do(g, "dice 2")
    # both fired: R's firing is over, Y (fired upon) answers
    assert g.actor() == 1 and g.phase() == P_AIM


def test_a_transport_is_shielded_while_its_owner_has_a_fighter_there():
    g, go = _battle(2)
    ship(g, "R", "Y", "3F")
    ship(g, "R", "Y", "1T")
    ship(g, "Y", "Y", "2T")
    ship(g, "Y", "Y", "1F")
    go()
    do(g, "Y pass")
    assert why(g, "R fire 3F Y2T") == "yellow has a fighter here: transports are shielded"
    do(g, "R fire 3F")
    assert legal(g) == ["R Y1F"]
    g.undo()
    do(g, "R fire 3F Y1F")
    do(g, "dice 6 1 1")                    # hit (5+ vs a fighter)
    do(g, "dice 1")                        # no six: destroyed
    assert ships(g) == ["Y:R1T", "Y:R3F", "Y:Y2T"]
    # judged again at the next shot: the transport is open now
    do(g, "R fire 1T")
    assert legal(g) == ["R Y2T"]


@pytest.mark.parametrize("shooter,target,die,hit", [
    ("3T", "3T", 5, False), ("3T", "3T", 6, True),
    ("3F", "3F", 4, False), ("3F", "3F", 5, True),
    ("3F", "3T", 3, False), ("3F", "3T", 4, True),
])
def test_hit_dice(shooter, target, die, hit):
    g, go = _battle(2)
    ship(g, "R", "Y", shooter)
    ship(g, "Y", "Y", target)
    go()
    do(g, "Y pass")
    do(g, "R fire %s Y%s" % (shooter, target))
    do(g, "dice %d 1 1" % die)
    if hit:
        assert g.phase() == P_DICE and g.dice_needed() == 3   # defence: 3 pips
        do(g, "dice 1 1 1")
        assert ships(g) == sorted(["Y:R" + shooter, "Y:Y2" + target[1]])
    else:
        assert g.phase() != P_DICE                           # no defence roll
        assert ships(g) == sorted(["Y:R" + shooter, "Y:Y" + target])


def test_defence_sixes_cancel_hits_and_the_rest_apply_at_once():
    g, go = _battle(2)
    ship(g, "R", "Y", "3T")
    ship(g, "Y", "Y", "3T")
    go()
    do(g, "Y pass")
    do(g, "R fire 3T Y3T")
    do(g, "dice 6 6 6")                   # three hits
    do(g, "dice 6 2 2")                   # one cancelled: two apply, 3 -> 1
    assert ships(g) == ["Y:R3T", "Y:Y1T"]
    assert stash(g, "Y") == (4, 5, 5)


def test_shrinking_past_a_missing_size():
    g, go = _battle(2)
    ship(g, "R", "Y", "3T")
    ship(g, "Y", "Y", "3T")
    for t in ("A4", "B4", "C4", "D4", "A3"):
        put(g, "Y", "Y", t, 2)            # Y has no medium pyramid left
    go()
    do(g, "Y pass")
    do(g, "R fire 3T Y3T")
    do(g, "dice 6 1 1")                   # one hit: 3 -> 2 missing -> 1
    do(g, "dice 1 1 1")
    assert ships(g) == ["Y:R3T", "Y:Y1T"]


def test_destroyed_below_one_pip_and_pieces_back_to_the_stash():
    g, go = _battle(2)
    ship(g, "R", "Y", "3F")
    ship(g, "Y", "Y", "2T1")
    go()
    do(g, "Y pass")
    do(g, "R fire 3F Y2T1")
    do(g, "dice 4 5 6")                   # three hits on a transport
    do(g, "dice 6 1")                     # one cancelled: two, 2 -> 0
    assert ships(g) == ["Y:R3F"]
    assert stash(g, "Y") == (5, 5, 5)


def test_marine_lost_when_its_transport_gets_too_small():
    g, go = _battle(2)
    ship(g, "R", "Y", "3F")
    ship(g, "Y", "Y", "3T2")
    go()
    do(g, "Y pass")
    do(g, "R fire 3F Y3T2")
    do(g, "dice 4 1 1")                   # one hit: 3 -> 2, the 2 stays
    do(g, "dice 1 1 1")
    assert ships(g) == ["Y:R3F", "Y:Y2T2"]
    g2, go2 = _battle(2)
    ship(g2, "R", "Y", "3F")
    ship(g2, "Y", "Y", "3T3")
    go2()
    do(g2, "Y pass")
    do(g2, "R fire 3F Y3T3")
    do(g2, "dice 4 1 1")                  # 3 -> 2: too small for a 3-pip marine
    do(g2, "dice 1 1 1")
    assert ships(g2) == ["Y:R3F", "Y:Y2T"]
    assert stash(g2, "Y") == (5, 4, 5)


def test_a_ship_with_no_legal_target_is_skipped():
    g, go = _battle(2)
    ship(g, "R", "Y", "1F")
    ship(g, "Y", "Y", "1F")
    go()
    do(g, "Y fire 1F R1F")
    do(g, "dice 5")
    do(g, "dice 1")                       # R's only ship destroyed
    # R answers with nothing; no step 3 for R; the turn ends
    assert g.phase() not in (P_AIM, P_TARGET)


# -- setup order and undo (clarifications 5, 14) ---------------------------------


def test_undo_within_the_turn_but_not_past_a_die():
    g, go = _battle(2)
    ship(g, "R", "Y", "3T")
    ship(g, "Y", "Y", "3T")
    go()
    do(g, "Y pass")
    before = g.state()
    do(g, "R fire 3T")
    assert g.phase() == P_TARGET and g.can_undo()
    g.undo()
    assert g.state() == before and g.phase() == P_AIM
    do(g, "R fire 3T Y3T")
    assert not g.can_undo()               # the dice are next: another actor
    do(g, "dice 1 1 1")
    assert not g.can_undo() and not g.undo()


def test_undo_never_goes_back_into_another_players_turn():
    g = game(2)
    for L in "RY":
        for t in ("A4", "B4", "A3"):
            put(g, L, L, t, 1)
    begin(g, "R")
    do(g, "R expand R C4 1")
    do(g, "R survive")
    assert g.can_undo()
    g.undo()
    g.undo()
    assert g.phase() == P_EXPAND and not g.can_undo()
    _pass_turn(g, "R")
    assert g.current() == 1 and not g.can_undo()


# -- the seam: legal(at=...), state and load ------------------------------------


def test_legal_at_a_spot_lists_the_actions_of_that_piece():
    from array import array

    from alheimur.actions import MAX_ACTIONS, ship_spot, spot
    g, go = _mover(2)
    put(g, "R", "R", "A4", 3)
    put(g, "R", "R", "B4", 1)
    s1 = ship(g, "R", "R", "2T")
    s2 = ship(g, "R", "R", "2T")        # identical: the same actions
    go()
    assert legal(g, spot(0, g.terr_at(0, 1))) == [          # B4
        "R launch R B4 T", "R launch R B4 F", "R board R B4 2T"]
    ret = legal(g, ship_spot(s1))
    assert ret and all(a.startswith("R return R 2T ") for a in ret)
    assert legal(g, ship_spot(s2)) == ret
    # every action has one spot or none; the spots cover the whole list
    buf = array("H", bytes(2 * MAX_ACTIONS))
    n = g.legal(buf)
    spots = {g.subject(a) for a in buf[:n]}
    total = sum(g.legal(array("H", bytes(2 * MAX_ACTIONS)), s) for s in spots if s >= 0)
    assert total + sum(1 for a in buf[:n] if g.subject(a) < 0) == n


def test_state_and_load_resume_a_game_exactly():
    import seeded_alheimur

    from alheimur.engine import Game
    g = seeded_alheimur.play(37, 4, 20, 200)
    saved = g.state()
    g2 = Game(2)                          # the state brings its own players
    g2.load(saved)
    assert g2.state() == saved and g2.nplayers() == 4
    assert legal(g2) == legal(g)
    assert not g2.can_undo()
