"""Alheimur's rules in short, for the pause menu's rules screen, and the
rule of the decision at hand under its "resume" (``now``); loaded only
while they are read. Every line fits 26 characters."""

RULES = (
    "Build an empire rich in",
    "all five elements: air,",
    "earth, fire, water, ether.",
    "Each player: 15 pyramids",
    "(5 of 1, 2, 3 pips) in a",
    "colour and a letter.",
    "WORLDS: 4x4 tiles from",
    "element cards; a zone of",
    "one card is a territory.",
    "Upright = colonist, lying",
    "= invader; 3 pips upright",
    "= spaceport.",
    "A TURN:",
    "1 Expansion: on each world",
    "with your pyramids place",
    "one on an empty territory",
    "or change one by a size.",
    "2 Survival: neighbours =",
    "pyramids on touching",
    "territories. Small needs",
    "2-3, medium 3-4, large",
    "4-5. An invader needs an",
    "empty transport of yours",
    "with its pips in orbit.",
    "Two of yours on a world:",
    "no invaders, they stand.",
    "3 Movement, in order:",
    " 1 1-2 pip colonists move",
    "   to a touching empty one",
    " 2 each spaceport: launch",
    "   a colonist to orbit",
    "   (transport, fighter or",
    "   marine) or return one",
    " 3 ships in orbit flip",
    "   transport <-> fighter",
    " 4 marines land",
    " 5 invaders board",
    " 6 ships: orbit <-> space",
    "4 Battle in each orbit",
    "with your ships and",
    "another's: owner fires,",
    "those hit answer, you",
    "fire, they answer, then",
    "others with a spaceport.",
    "A shot: a die a pip.",
    "Transport hits on 6,",
    "fighter 5-6 on fighters,",
    "4-6 on transports. The",
    "target's 6s cancel hits;",
    "a hit takes a size off.",
    "No transport is a target",
    "while its fighter is",
    "there.",
    "END: 13 pyramids in play",
    "or the round limit: one",
    "more round for everyone.",
    "No limit: also when a",
    "round ends with one player",
    "left with pyramids, and",
    "after round 200 at last.",
    "No pyramid left at all:",
    "over at once. The last",
    "round's first words and",
    "the end's say which came.",
    "SCORE: per element your",
    "best region: largest pips",
    "x tiles (none: 0.5).",
    "Progress: ships + 3 per",
    "world you are on.",
    "Total: high x low x",
    "progress + the other 3.",
    "KEYS: d-pad cursor; A the",
    "actions of what it is on;",
    "B undo; Select pass; up",
    "to the tabs: other worlds",
    "(A there: all worlds);",
    "Start: menu. Select while",
    "a computer moves: skip to",
    "your next decision.",
    "All the rules:",
    "docs/rules/alheimur.md",
)

# Per decision point (layout's P_*: the panel's words, words.PHASES), its
# rule in one line (one string: one object).
NOW = ("the cards are dealt\n"
       "a world: 4 cards, 2 by 2\n"
       "swap in the orbit card\n"
       "place 3 start colonists\n"
       "per world: place or resize\n"
       "pyramids need neighbours\n"
       "1-2 pips move next door\n"
       "spaceport: launch, return\n"
       "status: transport/fighter\n"
       "a marine lands, any empty\n"
       "an invader boards its ship\n"
       "ships: orbit <-> space\n"
       "choose the next battle\n"
       "each ship fires once\n"
       "a ship of another colour\n"
       "the dice are rolled\n"
       "the game is over")


def now(g):
    """The rule of game g's decision point, in one line."""
    from alheimur.words import line
    return line(NOW, g.phase())
