"""Every text a screen can show fits its place whole (issue 15).

The message line shows two lines of 26 characters (word-wrapped by
ui/text.py), one-line help and status texts have their own widths, and
the text view (rules, scores) 26 characters a line. Every reason and
message is a named template in its module (R_ reasons in the engines, M_
messages, S_ panel states, L_ scoring lines); this test knows what each %s
and %d holds, fills them with the longest names and biggest numbers there
are, and fails when one would be cut. A new template without an entry
here fails too, so none can be forgotten.
"""

import importlib

import pytest

import paths
from ui.text import split_lines

WIDTH = 26        # characters a line (160 px of the 6 px built-in font)
PANEL = 13        # the Alien City panel's state line (78 px)
ROW = 24          # a menu row (ui/newgame.py, Menu width)

# The longest value of each kind of slot.
LONGEST = {
    "lot": "H10", "player": "P2", "piece": "green tower", "colour": "green",
    "level": "medium", "cell": "E5", "suit": "crowns", "what": "stack",
    "cust": 12, "dist": 81, "pts": 972, "build": 38, "seed": 999, "sum": 24,
    "n": 37, "value": 5, "plays": 999, "bonus": 10,
}

# Alien City: (module, template) -> the kinds of its slots, in order.
ALIEN = {
    ("aliencity.why", "R_OVER"): (),
    ("aliencity.why", "R_PIECE"): (),
    ("aliencity.why", "R_LOT"): (),
    ("aliencity.why", "R_NONE_LEFT"): ("player", "piece"),
    ("aliencity.why", "R_TAKEN"): ("lot",),
    ("aliencity.why", "R_SPLIT"): ("lot", "lot"),
    ("aliencity.why", "R_ISOLATE"): ("lot", "piece", "lot"),
    ("aliencity.why", "R_LAST"): ("lot",),
    ("aliencity.why", "R_DEAD"): ("lot",),
    ("aliencity.why", "R_NOGROUP"): ("lot",),
    ("aliencity.why", "R_ICON"): ("lot", "lot"),
    ("aliencity.why", "R_DOME"): ("lot", "colour", "colour", "lot"),
    ("aliencity.why", "R_FIRST"): ("lot", "colour", "colour"),
    ("aliencity.why", "R_NO_CAPS"): ("player",),
    ("aliencity.why", "R_CAP_LOT"): (),
    ("aliencity.why", "R_NO_TOWER"): ("lot",),
    ("aliencity.why", "R_CLAIMED"): ("lot", "player"),
    ("aliencity.why", "R_LAST_BUILD"): (),
    ("aliencity.why", "R_NOTHING"): (),
    ("aliencity.why", "R_DECLINED"): ("player",),
    ("aliencity.why", "R_CLAIM_FIRST"): ("player",),
    ("aliencity.why", "R_CLAIMED_NOW"): ("player",),
    ("aliencity.screen", "M_PROMPT"): ("piece",),
    ("aliencity.screen", "M_CLAIM"): ("piece", "lot", "pts"),
    ("aliencity.screen", "M_DIST"): ("piece", "lot", "cust", "dist", "pts"),
    ("aliencity.screen", "M_DIST_FROM"): ("piece", "lot"),
    ("aliencity.screen", "M_DIST_NONE"): (),
    ("aliencity.app", "M_SEED"): ("seed",),
    ("aliencity.app", "M_CONTINUED"): ("build",),
    ("aliencity.app", "M_DICE"): ("sum", "sum", "player"),
    ("aliencity.app", "M_CLAIMED"): ("player", "piece", "lot"),
    ("aliencity.app", "M_NO_CLAIM"): (),
    ("aliencity.app", "M_OVER"): (),
    ("aliencity.app", "M_FINAL"): (),
    ("aliencity.app", "M_UNDONE"): ("player", "piece", "lot"),
    ("aliencity.app", "M_UNDONE_CAP"): ("player", "piece", "lot", "lot"),
    ("aliencity.app", "M_UNDONE_TWO"): ("player", "piece", "lot", "player", "piece", "lot"),
    ("aliencity.app", "M_UNDONE_MORE"): ("player", "piece", "lot", "n"),
    ("aliencity.app", "M_AHEAD"): ("build",),
    ("aliencity.replay", "M_START"): (),
    ("aliencity.replay", "M_STEP"): ("player", "piece", "lot"),
    ("aliencity.replay", "M_STEP_CAP"): ("player", "piece", "lot", "lot"),
    ("aliencity.replay", "S_REPLAY"): ("build", "build"),
    ("aliencity.computer", "M_THINKING"): ("level",),
    ("aliencity.computer", "M_BUILT"): ("player", "piece", "lot"),
    ("aliencity.computer", "M_BUILT_CAP"): ("player", "piece", "lot", "lot"),
    ("aliencity.hint", "M_HINT_THINKING"): (),
    ("aliencity.hint", "M_HINT_NO_MEMORY"): (),
    ("aliencity.hint", "M_HINT_CANCELLED"): (),
    ("aliencity.hint", "M_HINT"): ("piece", "lot"),
    ("aliencity.hint", "M_HINT_CAP"): ("piece", "lot", "lot"),
    ("aliencity.screen", "S_BUILDS"): ("player",),
    ("aliencity.screen", "S_CLAIMS"): ("player",),
    ("aliencity.screen", "S_DIST"): (),
    ("aliencity.app", "S_OVER"): (),
    ("aliencity.app", "S_SEAT"): ("player", "level"),
    ("aliencity.computer", "S_THINKS"): ("player",),
    ("aliencity.results", "L_TITLE"): ("pts", "pts", "wins"),
    ("aliencity.results", "L_WINS"): ("player",),
    ("aliencity.results", "L_DRAW"): (),
    ("aliencity.results", "L_TOWERS"): (),
    ("aliencity.results", "L_TOWER"): ("player", "colour", "lot", "cust", "dist", "pts"),
    ("aliencity.results", "L_NO_TOWERS"): (),
    ("aliencity.results", "L_GREEN"): (),
    ("aliencity.results", "L_BONUS"): ("player", "bonus", "colour", "lot", "lot"),
    ("aliencity.results", "L_LOCATION"): ("player", "value", "lot"),
    ("aliencity.results", "L_TOTAL"): ("pts", "pts"),
}

SKY = {
    ("skyscrapers.engine", "R_CELL"): (),
    ("skyscrapers.engine", "R_PLAY"): (),
    ("skyscrapers.engine", "R_INTO_HOLE"): ("cell",),
    ("skyscrapers.engine", "R_HOLE"): ("cell",),
    ("skyscrapers.engine", "R_COIN_STACKED"): ("cell",),
    ("skyscrapers.engine", "R_STACK_STAYS"): ("cell",),
    ("skyscrapers.engine", "R_NULL_STAYS"): ("cell",),
    ("skyscrapers.engine", "R_NOT_NEXT"): ("cell", "cell"),
    ("skyscrapers.engine", "R_ONTO_COIN"): ("cell",),
    ("skyscrapers.engine", "R_HOLDS_PAWN"): ("cell", "suit"),
    ("skyscrapers.engine", "R_OTHER_SUIT"): ("cell", "suit", "cell", "suit"),
    ("skyscrapers.engine", "R_NO_CREW"): ("cell",),
    ("skyscrapers.engine", "R_NOT_BY_HOLE"): ("cell", "cell"),
    ("skyscrapers.engine", "R_THREE_SLIDES"): (),
    ("skyscrapers.engine", "R_NO_PAWN"): ("cell",),
    ("skyscrapers.engine", "R_FEATURE"): ("suit",),
    ("skyscrapers.engine", "R_MUST_MOVE"): ("suit",),
    ("skyscrapers.engine", "R_NOT_LINE"): ("cell", "cell"),
    ("skyscrapers.engine", "R_OVER_HOLE"): ("suit", "cell"),
    ("skyscrapers.engine", "R_OVER_PAWN"): ("suit", "cell"),
    ("skyscrapers.engine", "R_OVER_STACK"): ("suit", "cell"),
    ("skyscrapers.engine", "R_WRONG_SUIT"): ("cell", "suit", "what", "suit"),
    ("skyscrapers.engine", "R_PICK"): ("cell",),
    ("skyscrapers.engine", "R_NOWHERE"): ("suit",),
    ("skyscrapers.engine", "R_COIN_MOVES"): ("cell",),
    ("skyscrapers.engine", "R_ALONE"): ("cell",),
    ("skyscrapers.screen", "M_PICK"): ("cell", "play", "n", "n"),
    ("skyscrapers.screen", "P_STACK"): ("cell",),
    ("skyscrapers.screen", "P_SLIDE"): ("cell",),
    ("skyscrapers.screen", "P_PAWN"): ("suit", "cell"),
    ("skyscrapers.screen", "M_DONE_STACK"): ("cell", "cell"),
    ("skyscrapers.screen", "M_DONE_SLIDE"): ("cell",),
    ("skyscrapers.screen", "M_DONE_PAWN"): ("suit", "cell"),
    ("skyscrapers.app", "M_SEED"): ("seed",),
    ("skyscrapers.app", "M_CONTINUED"): ("plays",),
    ("skyscrapers.app", "M_NO_PLAY"): ("done",),
    ("skyscrapers.app", "M_FINISHED"): ("stotal",),
    ("skyscrapers.app", "M_NO_MORE"): (),
    ("skyscrapers.app", "M_NO_SLIDE"): ("slidewhy",),
    ("skyscrapers.app", "M_NO_4TH"): (),
    ("skyscrapers.results", "L_STACKS"): (),
    ("skyscrapers.results", "L_STACKS2"): (),
    ("skyscrapers.results", "L_NO_STACKS"): (),
    ("skyscrapers.results", "L_STACK_PAWN"): ("cell", "suit", "height", "spts", "spts"),
    ("skyscrapers.results", "L_STACK"): ("cell", "suit", "height", "spts"),
    ("skyscrapers.results", "L_COINS"): (),
    ("skyscrapers.results", "L_COINS2"): (),
    ("skyscrapers.results", "L_COIN"): ("cell",),
    ("skyscrapers.results", "L_COIN_NEXT"): ("cell", "cell"),
    ("skyscrapers.results", "L_COIN_PAWN"): ("cell",),
    ("skyscrapers.results", "L_SUM"): ("stotal", "stotal"),
    ("skyscrapers.results", "L_TOTAL"): ("stotal", "stotal"),
}

# Alheimur: words of an action (one line), the board, survival and dice,
# computer seats, world building, the hand-over, all worlds, the scores.
ALH = {
    ("alheimur.app", "M_SEED"): ("seed", "n"),
    ("alheimur.app", "M_CONTINUED"): ("round",),
    ("alheimur.hand_over", "L_PASS_TO"): (),
    ("alheimur.hand_over", "L_PASS"): ("name",),
    ("alheimur.hand_over", "L_NAME"): ("name", "letter"),
    ("alheimur.build_screen", "L_TITLE"): ("letter", "n"),
    ("alheimur.build_screen", "L_TITLE_SWAP"): ("letter",),
    ("alheimur.build_screen", "L_NEUTRAL"): (),
    ("alheimur.build_screen", "L_HAND"): (),
    ("alheimur.build_screen", "L_LEGEND"): (),
    ("alheimur.build_screen", "M_PLACE"): (),
    ("alheimur.build_screen", "M_SWAP"): (),
    ("alheimur.build_screen", "M_BUILT"): ("letter", "tile", "n"),
    ("alheimur.build_screen", "M_REBUILD"): ("letter",),
    ("alheimur.build_screen", "M_REDEAL"): (),
    ("alheimur.build_screen", "M_THINKS"): ("name",),
    ("alheimur.results", "L_WINS"): ("name", "total"),
    ("alheimur.results", "L_SHARED"): ("n", "total"),
    ("alheimur.results", "L_PLAYER"): ("letter", "name", "total"),
    ("alheimur.results", "L_ELEM"): ("element", "escore", "pips", "tiles", "code"),
    ("alheimur.results", "L_NONE"): ("element",),
    ("alheimur.results", "L_PROGRESS"): ("n", "n", "n"),
    ("alheimur.results", "L_HILO"): ("element", "element"),
    ("alheimur.results", "L_PRODUCT"): ("score", "score", "n", "total"),
    ("alheimur.results", "L_REST"): ("others", "total"),
    ("alheimur.results", "L_END"): ("why",),
    ("alheimur.results", "L_END_13"): (),
    ("alheimur.results", "L_END_LIMIT"): ("limit",),
    ("alheimur.results", "L_END_ALONE"): (),
    ("alheimur.results", "L_END_200"): (),
    ("alheimur.results", "L_END_NOBODY"): (),
    ("alheimur.ending", "S_END"): (),
}
LONGEST.update({
    "terr": "neutral D4",       # words.terr: the world, the territory's first tile
    "code": "N D4",             # a territory as the scores write it
    "tile": "D4", "size": "medium", "element": "earth", "letter": "R",
    "name": "yellow", "ship": "yellow's medium transport", "shipkind": "transport",
    "place": "the neutral orbit", "world": "neutral", "verb": "civilize",
    "stepword": "migrate", "phase": "expansion", "round": 201, "score": "0.5",
    "step": 6,                  # the six steps of a turn's second half
    "limit": 60,                # the longest round limit (engine.ROUND_LIMITS)
    "escore": 48, "pips": 3, "tiles": 16,   # a region's score: pips x tiles
    "others": "96.5",           # three element scores (48 + 48 + 0.5)
    "total": "96912.75",        # 48 x 48 x 42 progress + 3 x 48, in quarters at most
    "alevel": "a" * 12,         # a computer level's name (alheimur/save.py keeps 12 at most)
    "act": "yellow's medium transport goes to the neutral orbit",   # words' longest action
})
LONGEST["shipm"] = LONGEST["ship"] + " with a medium marine"   # words.ship(.., True)
# Alheimur's places other than the message line: the turn (top right, 8
# characters; which end came, once over), the hand-over's name (scale 2).
ALH_PLACE = {("alheimur.ending", "S_END"): (8, 1),
             ("alheimur.hand_over", "L_NAME"): (13, 1),
             ("alheimur.build_screen", "L_LEGEND"): (8, 5)}   # beside the swatches

# Alheimur's modules that keep their texts in one tuple, TEXTS (a name
# each would cost the board heap): per text, the kinds of its slots and its
# place (characters a line, lines), None for a piece of a longer text
# (checked filled into those). The message area has three lines: a human's
# step shows what is said on two and its keys on the third; a computer's
# move, a shot, the game's end may use all three.
MSG2 = (WIDTH, 2)
MSG3 = (WIDTH, 3)
KEYS = (WIDTH, 1)
ALH_TEXTS = {
    "alheimur.words": (
        (("letter", "limit", "limit"), (8, 1)), (("letter", "round"), (8, 1)),
        (("letter",), (8, 1)), (("letter", "phase"), (11, 1)),
        ((), MSG2), (("step", "stepword"), MSG2), ((), MSG2), (("size", "terr"), MSG2),
        (("terr", "size"), MSG2), (("terr", "size"), MSG2), (("terr", "tile"), MSG2),
        (("terr", "shipkind"), MSG2), (("terr", "ship"), MSG2), (("ship", "terr"), MSG2),
        (("name", "size", "terr"), MSG2), (("ship", "shipkind"), MSG2),
        (("name", "size", "terr"), MSG2), (("ship", "place"), MSG2), (("world",), MSG2),
        (("ship",), MSG2), (("ship",), MSG2), ((), MSG2),
        (("name", "size", "shipkind"), None), (("size",), None), (("world",), None),
        (("world", "tile"), None)),
    "alheimur.human": (
        (("won", "end"), MSG2), (("n", "n", "verb"), KEYS), (("verb",), KEYS), (("n",), KEYS),
        ((), KEYS), (("verb",), KEYS), (("n",), KEYS), ((), KEYS), ((), KEYS),
        (("terr", "element"), MSG2), (("terr", "element", "name", "size"), MSG2),
        (("terr", "element", "name", "size"), MSG2), (("place",), MSG2), ((), MSG2),
        ((), MSG2), ((), KEYS), (("terr",), MSG2), (("verb",), KEYS), (("why",), MSG2)),
    "alheimur.survival": (
        (("name", "size", "tile", "nb", "lohi", "lohi"), MSG2),
        (("name", "size", "tile", "nb", "lohi", "lohi"), MSG2), (("name", "tile"), MSG2),
        (("name", "tile", "pips"), MSG2), (("world", "n"), MSG2), ((), MSG2), (("n",), MSG2),
        (("name", "size", "terr"), MSG2), (("name", "n"), MSG2), ((), KEYS)),
    "alheimur.shot": (
        (("ship", "ship"), MSG3), (("ship",), MSG2), (("ship",), MSG2), (("n", "ship"), MSG2),
        (("ship",), MSG2), (("ship", "size"), MSG2), (("ship",), MSG2),
        (("ship", "size"), MSG2)),
    "alheimur.computer": (
        (("name", "act"), MSG3), (("name", "alevel"), MSG3), (("letter",), (11, 1)),
        (("name", "alevel"), MSG3)),
    "alheimur.since": (
        (("name",), KEYS), ((), KEYS), (("name", "act"), MSG3),
        (("ship", "ship", "shot"), (WIDTH, 4)), ((), None), ((), None), (("size",), None),
        (("size",), None), (("name", "size", "pyramid", "terr", "name"), MSG3),
        (("size", "shipkind", "marine", "shot", "place"), (WIDTH, 4)),
        (("size", "pyramid", "terr", "name"), MSG3), (("n",), KEYS), ((), KEYS), ((), KEYS),
        ((), KEYS), (("size",), None)),
    "alheimur.all_worlds": (((), KEYS), ((), KEYS)),
}
LONGEST["nb"] = 15           # a territory's neighbours (16 territories at most)
LONGEST["lohi"] = 4          # what a pyramid stands: its pips + 1 to + 2
LONGEST["shot"] = "now medium, marine lost"      # since.py's longest end of a shot
LONGEST["why"] = "round 200 was played"          # results.why: which end came
LONGEST["won"] = "3 share the win: 96912.75"     # results' title
LONGEST["end"] = "end: round 200 was played"
LONGEST["pyramid"] = "colonist"                  # since.py: a pyramid that died
LONGEST["marine"] = " and its medium marine"     # .. a transport's marine lost with it
# The shell's own (ui/session.py, ui/think.py): what every game says alike.
SHELL = {
    ("ui.pause", "M_PAUSED"): ("seed",),
    ("ui.pause", "M_PAUSED_LOADED"): (),
    ("ui.session", "M_UNDONE"): ("undone",),
    ("ui.session", "M_NOTHING"): (),
    ("alheimur.app", "M_NOTHING"): (),
    ("ui.think", "M_LOW_MEMORY"): ("name", "level"),
}
LONGEST["undone"] = "P2 green tower H10 and the 37 builds after it"  # aliencity.app's longest

TEMPLATES = {**ALIEN, **SKY, **ALH, **SHELL}
LONGEST["wins"] = "P2 wins"
LONGEST["height"] = 6        # a suit has 6 tiles
LONGEST["spts"] = 24         # a stack's points: 6 tiles x 2, doubled by a pawn
LONGEST["stotal"] = 999      # Skyscrapers' totals (147 at most in the standard game)
# The longest play words and what a play did (filled templates).
LONGEST["play"] = "slide into the hole E5"
LONGEST["done"] = "the crowns pawn went to E5"
LONGEST["slidewhy"] = "E5 is a stack; stacks never move"   # a d-pad slide's longest reason

# Where each kind of template is shown: (characters a line, lines).
PLACE = {"R": (WIDTH, 2), "M": (WIDTH, 2), "L": (WIDTH, 1), "P": (WIDTH, 1)}


def place(module, name):
    if (module, name) in ALH_PLACE:
        return ALH_PLACE[module, name]
    if name.startswith("S_"):
        return (PANEL, 1)
    return PLACE[name[0]]


def fill(template, kinds):
    return template % tuple(LONGEST[k] for k in kinds)


def fits(text, width, lines):
    shown, rest = split_lines(text, width, lines)
    return not rest and all(len(s) <= width for s in shown)


def test_every_template_has_its_slots_described():
    """Every R_/M_/S_/L_ template of the modules is in the table, and
    only those: a new message cannot go unchecked."""
    modules = {m for m, _ in TEMPLATES}
    found = set()
    for m in modules:
        mod = importlib.import_module(m)
        for name in dir(mod):
            if name[:2] in ("R_", "M_", "S_", "L_", "P_") and isinstance(getattr(mod, name), str):
                found.add((m, name))
    assert found == set(TEMPLATES), (sorted(found - set(TEMPLATES)),
                                     sorted(set(TEMPLATES) - found))


@pytest.mark.parametrize("key", sorted(TEMPLATES), ids=lambda k: "%s.%s" % k)
def test_template_fits_whole(key):
    module, name = key
    template = getattr(importlib.import_module(module), name)
    text = fill(template, TEMPLATES[key])
    width, lines = place(module, name)
    assert fits(text, width, lines), (text, split_lines(text, width, lines))


def _texts(module):
    """A module's TEXTS as a list (one string, a text a line: words.line;
    or a tuple)."""
    t = importlib.import_module(module).TEXTS
    return t.split("\n") if isinstance(t, str) else list(t)


@pytest.mark.parametrize("module", sorted(ALH_TEXTS))
def test_alheimur_texts_fit_whole(module):
    """Each of a module's TEXTS has its slots described, and fits its
    place filled with the longest names."""
    texts = _texts(module)
    table = ALH_TEXTS[module]
    assert len(texts) == len(table)
    bad = []
    for i, (t, (kinds, where)) in enumerate(zip(texts, table)):
        assert t.count("%") == len(kinds), (i, t)
        text = fill(t, kinds)
        if where is not None and not fits(text, *where):
            bad.append((i, text, split_lines(text, *where)))
    assert not bad, bad


def test_alheimur_names_fit_their_slots():
    """words' names are no longer than the slots' longest: a ship with its
    marine, a territory, an orbit (filled with the longest names there are)."""
    from alheimur import words
    from alheimur.actions import act
    from alheimur.human import verb as human_verb
    texts = _texts("alheimur.words")
    ship = max((texts[22] % (n, s, k) for n in words.NAMES for s in words.SIZES
                for k in ("fighter", "transport")), key=len)
    assert ship == LONGEST["ship"]
    assert len(ship + texts[23] % "medium") == len(LONGEST["shipm"])
    assert len(texts[25] % ("neutral", "D4")) == len(LONGEST["terr"])
    assert len(texts[24] % "neutral") == len(LONGEST["place"])
    assert max(len(human_verb(act(k))) for k in range(19)) <= len(LONGEST["verb"])


def test_the_longest_words_are_the_longest():
    """The "play", "done", "undone" and "act" slots hold the longest filled
    texts of their kind."""
    from skyscrapers import screen
    plays = [fill(getattr(screen, n), SKY[("skyscrapers.screen", n)])
             for n in ("P_STACK", "P_SLIDE", "P_PAWN")]
    done = [fill(getattr(screen, n), SKY[("skyscrapers.screen", n)])
            for n in ("M_DONE_STACK", "M_DONE_SLIDE", "M_DONE_PAWN")]
    assert max(len(p) for p in plays) == len(LONGEST["play"])
    assert max(len(d) for d in done) == len(LONGEST["done"])
    from skyscrapers import engine
    slide = [fill(getattr(engine, n), SKY[("skyscrapers.engine", n)])   # _why_slide's, but the
             for n in ("R_STACK_STAYS", "R_HOLDS_PAWN", "R_NULL_STAYS")]  # three slides' (M_NO_4TH)
    assert max(len(w) for w in slide) == len(LONGEST["slidewhy"])
    undone = [fill(getattr(importlib.import_module(m), n), k) for (m, n), k in ALIEN.items()
              if n.startswith("M_UNDONE")]
    assert max(len(u) for u in undone) == len(LONGEST["undone"])
    from alheimur import words
    acts = [fill(_texts("alheimur.words")[i], k)
            for i, (k, _) in enumerate(ALH_TEXTS["alheimur.words"]) if 4 <= i <= 21]
    assert max(len(a) for a in acts) == len(LONGEST["act"])
    ends = [fill(_texts("alheimur.since")[i], ALH_TEXTS["alheimur.since"][i][0])
            for i in range(4, 8)]
    assert max(len(e) for e in ends) == len(LONGEST["shot"])
    assert len(words.ship(0xFF, 1, True)) <= len(LONGEST["shipm"])


def test_the_panel_table_fits():
    """Alien City's panel table: three lines of 13 characters at most,
    with the biggest numbers, during the game and at its end."""
    from aliencity.screen import T_CLAIM, T_CLAIM_FAR, T_FINAL, T_NOW, T_TABLE
    for when in (T_NOW, T_FINAL):
        for line in (T_TABLE % (when, 972, 972, 3, 3)).split("\n"):
            assert len(line) <= PANEL, line
    # and while a tower may be capped: what its points are made of
    for text in (T_CLAIM % (12, 81, LONGEST["colour"], LONGEST["lot"]), T_CLAIM_FAR % (12, 80)):
        lines = text.split("\n")
        assert len(lines) == 3 and all(len(line) <= PANEL for line in lines), lines


def test_the_check_can_fail():
    """An over-long text is caught (the test above is not vacuous)."""
    assert not fits("H10: would leave no street group that every structure touches", 26, 2)
    assert fits("H10: would cut street lot H10 off the network", 26, 2)
    assert not fits("x" * 27, 26, 1)


@pytest.mark.parametrize("module", ["aliencity.rules", "skyscrapers.rules", "alheimur.rules"])
def test_rules_lines_fit_the_text_view(module):
    for line in importlib.import_module(module).RULES:
        assert len(line) <= WIDTH, line


@pytest.mark.parametrize("module", ["aliencity.rows", "skyscrapers.rows", "alheimur.rows"])
def test_new_game_rows_and_help_fit(module):
    rows = importlib.import_module(module)
    if module.startswith("aliencity"):
        from aliencity.save import Setup
    elif module.startswith("alheimur"):
        from alheimur.app import Setup
    else:
        from skyscrapers.save import Setup
    st = Setup()
    if hasattr(rows, "rows"):            # rows that come and go: the most there can be
        st.nseats = 8
    helps = rows.rows(st) if hasattr(rows, "rows") else rows.ROWS
    for help_line in helps:
        assert len(help_line) <= WIDTH, help_line
    for i in range(len(helps)):
        for _ in range(8):               # every value each row can take
            # one character short where a scroll mark may go (ui/newgame.py)
            assert len(rows.row_text(st, i)) <= (ROW - 1 if hasattr(rows, "rows") else ROW), \
                rows.row_text(st, i)
            if i:                        # the players row stays at 8
                rows.change(st, i, 1)


def test_shell_texts_fit():
    """The launcher's lines, the pause menu's help, the store's notes, the
    new-game screen's own rows and help."""
    import ast
    import os
    src = open(os.path.join(paths.FIRMWARE, "launcher.py")).read()
    games = ast.literal_eval(src[src.index("GAMES = ") + 8:src.index(")\n", src.index(
        "GAMES = ")) + 1])
    for name, _pkg, _tag, blurb in games:
        assert len(blurb) <= WIDTH and len(name) <= 13, (name, blurb)
    from ui import newgame, pause
    for text in pause._HELP.values():
        assert len(text) <= WIDTH, text
    for text in ("continue the saved game", "seed: ", "start a new game"):
        assert len(text) <= ROW and text in open(newgame.__file__).read()
    # The store's notes are shown on a page of their own (launcher.show_note):
    # each fits its 7 lines, the longest loss there can be too.
    import launcher
    import store_first
    import store_load

    from ui.text import split_lines

    class Lost:
        lost = b"SRTash"
        note = None
    launcher.store = Lost
    for note in (store_first.UNREADABLE, store_load.TORN_ALL, store_load.NEWER,
                 launcher.note_text()):
        _lines, rest = split_lines(note, WIDTH, 7)
        assert not rest, note
    assert "Alheimur game" in launcher.note_text()
