"""Where the engine keeps the game: one bytearray (so a snapshot is one
copy) cut into named memoryviews by Game. Only the engine's modules
(engine, build, turn, battle) write it; see docs/alheimur.md ("State").
Below, the numbers of the actions (decision points, kinds) that
alheimur/actions.py packs. Never loaded during play: the firmware keeps
private const() copies (tools/consts.py), the desktop imports them here."""

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

# The codec's numbers (alheimur/actions.py packs and reads the actions;
# its copies are private, so the board keeps no global of them).

# -- decision points (Game.phase()) -------------------------------------------
P_DEAL = const(0)       # chance: the cards must be dealt (Game.deal)
P_PLACE = const(1)      # place the next card of the world being built
P_SWAP = const(2)       # put the orbit card into the world (spaceport test)
P_START = const(3)      # place a start colonist
P_EXPAND = const(4)     # expansion: expand / civilize on a world, or pass
P_SURVIVE = const(5)    # survival: resolve it
P_MIGRATE = const(6)    # movement step 1
P_LAUNCH = const(7)     # movement step 2: launch or return
P_FLIP = const(8)       # movement step 3: change status
P_LAND = const(9)       # movement step 4: land a marine
P_BOARD = const(10)     # movement step 5: an invader boards
P_MOVE = const(11)      # movement step 6: orbit <-> space
P_SITE = const(12)      # fleet battle: choose the next battle site
P_AIM = const(13)       # fleet battle: choose a ship to fire, or pass
P_TARGET = const(14)    # fleet battle: choose its target
P_DICE = const(15)      # chance: the next die of a roll
P_OVER = const(16)

# -- kinds --------------------------------------------------------------------
K_PASS = const(0)       # end this step / stop firing
K_DIE = const(1)        # a die's value 1-6
K_PLACE = const(2)      # pos << 1 | turn (pos 0-8 around the first card)
K_SWAP = const(3)       # slot << 1 | turn (slot 0-3: NW NE SW SE)
K_START = const(4)      # world, terr, size
K_EXPAND = const(5)     # world, terr, size
K_CIVILIZE = const(6)   # world, terr, new size
K_SURVIVE = const(7)
K_MIGRATE = const(8)    # world, from terr, to terr
K_LAUNCH = const(9)     # world, terr, fighter (0 transport, 1 fighter)
K_BOARD = const(10)     # ship (an empty transport), terr of the piece boarding
K_RETURN = const(11)    # ship, terr it lands on as a colonist
K_UNLOAD = const(12)    # ship, terr its marine returns to (step 2)
K_FLIP = const(13)      # ship
K_LAND = const(14)      # ship, terr its marine lands on (step 4)
K_MOVE = const(15)      # ship, dest
K_SITE = const(16)      # world
K_AIM = const(17)       # ship
K_TARGET = const(18)    # ship
NKINDS = const(19)

SPACE = const(8)
NO_SPOT = const(-1)

PASS = const(0)
