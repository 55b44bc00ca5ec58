"""Alheimur scoring (rule text "Scoring"; CLARIFICATIONS.md 11): element
scores from the best occupied region, 0.5 for none, progress, the total
formula with exact halves, shared wins, and the region behind each score."""

from alheimur_positions import game, put, ship

from alheimur import world
from alheimur.scoring import quarters_text, score

# Tiles of world R:        A A A A   (NW whole air | NE air on top)
#                          A A E E   (             | NE earth below)
#                          F F W W   (SW whole fire | SE water on top)
#                          F F T T   (             | SE ether below)
WORLD = "AAAA AAEE FFFF WWTT"
AIR, EARTH, FIRE, WATER, ETHER = range(5)


def _game():
    return game(2, {"R": WORLD, "Y": WORLD})


def test_element_scores_regions_and_the_total():
    g = _game()
    put(g, "R", "R", "A4", 1)
    put(g, "R", "R", "C4", 3)      # air region: whole air + NE top: 6 tiles
    put(g, "R", "R", "C3", 2)      # earth: 2 tiles
    put(g, "R", "R", "D2", 1)      # water: 2 tiles
    ship(g, "R", "R", "1F")
    ship(g, "R", "space", "3T2")   # a marine is no ship
    sc = score(g)
    e = [sc.elem2[e] / 2 for e in range(5)]
    assert e == [18, 4, 0.5, 2, 0.5]
    assert sc.ships[0] == 2 and sc.worlds[0] == 1 and sc.progress[0] == 5
    assert sc.hi[0] == AIR and sc.lo[0] in (FIRE, ETHER)
    # 18 x 0.5 x 5 + (4 + 2 + 0.5)
    assert sc.totals[0] == 4 * 51.5 and quarters_text(sc.totals[0]) == "51.5"
    # the region behind the air score: world R, territories A4 and C4
    assert sc.world[AIR] == 0 and sc.tiles[AIR] == 6 and sc.pips[AIR] == 3
    terrs = [world.tile_name(g.tfirst[t]) for t in range(16) if sc.terrs[AIR] >> t & 1]
    assert terrs == ["A4", "C4"]
    assert sc.world[FIRE] == 255                    # none: 0.5
    assert sc.winners == [0]


def test_no_pyramids_anywhere_scores_in_quarters():
    g = _game()
    ship(g, "Y", "space", "1F")
    sc = score(g)
    # 0.5 x 0.5 x 1 + 3 x 0.5
    assert sc.totals[1] == 7 and quarters_text(sc.totals[1]) == "1.75"
    assert sc.totals[0] == 6 and quarters_text(sc.totals[0]) == "1.5"


def test_two_players_in_one_region_score_their_own_largest_pyramid():
    g = _game()
    put(g, "R", "R", "A4", 3)
    put(g, "Y", "R", "D4", 1, invader=True)       # an invader occupies too
    sc = score(g)
    assert sc.elem2[AIR] == 2 * 3 * 6
    assert sc.elem2[5 + AIR] == 2 * 1 * 6


def test_a_corner_touch_makes_no_region():
    g = game(2, {"R": "AAAA EEEE FFFF AEFW"})
    put(g, "R", "R", "C2", 3)      # air of the SE quarter card: 1 tile
    sc = score(g)
    assert sc.elem2[AIR] == 2 * 3 * 1


def test_best_region_of_an_element_across_worlds():
    g = _game()
    put(g, "R", "R", "C3", 1)      # earth 2 tiles x 1
    put(g, "R", "Y", "D3", 3)      # earth on Y's world: 2 tiles x 3
    sc = score(g)
    assert sc.elem2[EARTH] == 12 and sc.world[EARTH] == 1
    assert sc.worlds[0] == 2


def test_equal_totals_share_the_win():
    g = _game()
    for p in "RY":
        put(g, p, p, "A4", 2)
        put(g, p, p, "A2", 1)
    sc = score(g)
    assert sc.totals[0] == sc.totals[1] and sc.winners == [0, 1]


def test_quarters_text():
    assert [quarters_text(q) for q in (0, 1, 2, 3, 4, 49)] == \
        ["0", "0.25", "0.5", "0.75", "1", "12.25"]
