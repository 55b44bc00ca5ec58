"""Where the engine keeps the game: one bytearray (so a snapshot is one
copy) cut into named memoryviews by Game. Only the engine's modules
(engine, build, turn, battle) write it; see docs/alheimur.md ("State")."""

from micropython import const

MAX_PLAYERS = const(8)
MAX_WORLDS = const(8)
MAX_TERR = const(16)       # territories on a world (4 quarter cards)
MAX_SHIPS = const(120)     # 8 players x 15 pyramids
FREE = const(255)          # a free ship slot
NOBODY = const(255)

# Transitions (never seen outside the engine: Game's settle loop runs them).
X_SURVIVE = const(20)  # survival: is there a world to check?
X_STEP1 = const(21)    # .. X_STEP1 + 5: enter movement step 1-6
X_BATTLE = const(27)   # find the battle sites
X_ADVANCE = const(28)  # the next firing turn at this site
X_NEXT_SITE = const(29)
X_END = const(30)      # end of a turn
X_TURN = const(31)     # begin the turn of the current player
X_WORLD = const(32)    # begin building a world
X_BUILT = const(33)    # a world is complete: spaceport test
X_START = const(34)    # start colonists

# Scalars (reg[...]).
R_PHASE = const(0)
R_CUR = const(1)       # seat whose turn it is (setup: who places)
R_ROUND = const(2)     # 1.., 201 at most (the last round after round 200)
R_LAST = const(3)      # 0 no last round, 1 triggered this turn, 2 under way;
                       # | why << 2: END_13 .. END_NOBODY
R_ENDER = const(4)     # the seat whose turn ends the game
R_NP = const(5)        # players
R_LIMIT = const(6)     # round limit (0 none)
R_WORLD = const(7)     # world being built / battle site
R_NPLACED = const(8)   # cards placed on the world being built
R_NEXTX = const(9)     # next extra pile
R_STARTN = const(10)   # start colonists placed by R_CUR
R_EXP = const(11)      # expansion: worlds (bits) still to act on
R_STOP = const(12)     # ship slots in use are below this
R_SITES = const(13)    # battle sites (bits) still to fight
R_BSTEP = const(14)    # battle step 0-6 at the site
R_ATT = const(15)      # attacker of the step being answered
R_FIRER = const(16)    # player firing now
R_FIRED = const(17)    # players (bits) fired upon in this attack
R_QA = const(18)       # answers: next seat offset from R_CUR
R_Q5 = const(19)       # step 5: next seat offset from R_CUR
R_SHOOT = const(20)    # the firing ship
R_TARGET = const(21)   # its target
R_DLEFT = const(22)    # dice still to roll in this roll
R_HITS = const(23)     # hits of the shot (less the sixes of defence)
R_DEF = const(24)      # 0 attack roll, 1 defence roll
R_NDICE = const(25)    # dice of the current roll so far
R_DICE = const(26)     # .. 28: their values
R_NWORLDS = const(29)
R_DEALS = const(30)    # deals so far (1 + redeals)
R_TURNS = const(31)    # turns begun (mod 256), for undo's barrier
NREG = const(32)

# Why the last round began (R_LAST >> 2; CLARIFICATIONS.md, Alheimur 16, 20).
END_13 = const(1)      # a player had 13 pyramids in play after survival
END_LIMIT = const(2)   # the round limit's round ended
END_ALONE = const(3)   # no limit: a round ended with one player or none in play
END_200 = const(4)     # no limit: round 200 ended
END_NOBODY = const(5)  # every pyramid back in a stash: over at once
LAST_AT = const(200)   # no limit: the last round begins after this round

# Arrays: offset and length.
O_QUADS = const(32)    # 160: the deal, 4 elements per card, pile by pile
O_WCARD = const(192)   # 32: per world and slot, deal card | turn << 7
O_WORB = const(224)    # 8: per world, its orbit card
O_WPILE = const(232)   # 8: per world, the pile it is built from
O_VGRID = const(240)   # 9: the world being built, 3x3 around its first card
O_BUDGET = const(249)  # 8: step 2, launches/returns left per world
O_SURF = const(257)    # 128: per world and territory, a piece byte
O_STASH = const(385)   # 24: per player and size, pyramids in the stash
O_SL = const(409)      # 120: per ship, loc | owner << 4 (FREE: no ship)
O_SB = const(529)      # 120: per ship, its bits
STATE_BYTES = const(649)

# A piece on a surface: size | owner << 2 | INVADER | USED (0: empty).
INVADER = const(32)
USED = const(64)
# A ship: loc | owner << 4 in sl; size | FIGHTER | marine << 3 | USED in sb.
FIGHTER = const(4)
MARINE = const(24)
