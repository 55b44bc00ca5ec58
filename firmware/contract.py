"""The engine contract: the one interface every game's engine answers, as
OpenSpiel's ``State`` does for its games. Documentation only: no module
imports this one (on the device it would cost heap for nothing;
tests/test_contract.py holds the three engines to it and checks that
nothing imports it).

An engine is its game's ``Game`` (``aliencity.engine``,
``skyscrapers.engine``, ``alheimur.engine``). Its whole position lives in
bytearrays and arrays, so a search makes, judges and takes back moves
without allocating; only the engine writes them.

    n = g.legal(buf)   the legal moves of the decision point written into
                       buf, an array('H') of the game's MAX_MOVES (Alien
                       City), MAXPLAYS (Skyscrapers), MAX_ACTIONS
                       (Alheimur); returns how many, 0 once over. Allocates
                       nothing once warm. (Skyscrapers and Alheimur also
                       take ``at``: the moves of the piece there.)
    g.why_not(m)       None when actor() may make move m now, else why not
                       in player words (two lines of 26 characters: the
                       message line)
    g.apply(m)         make move m for actor(); ValueError(why_not(m)) when
                       it is illegal, the state then unchanged
    g.undo()           take back the last move applied; False when there is
                       none (Alheimur: none within the current actor's
                       stretch, never past a die or a lot: can_undo())
    g.actor()          who decides now: a seat from 0; Alheimur's CHANCE
                       (8) for a die or a lot, which a caller answers with
                       the game's generator; NOBODY (255) once over
    g.over()           no move is left
    g.score()          the breakdown: the game's scoring.Score, what made
                       each total; ``totals[seat]`` each seat's total in
                       the game's unit (Alheimur: quarters)
    g.edits            a count that every change of the position adds to
                       (apply, undo, a deal, load): the shell marks the game
                       to save when it moved (ui/session.py), so no game
                       says so itself
    g.state()          the game as bytes: what a save keeps
    g.load(data)       the game of state()'s bytes (ValueError when they do
                       not hold up); undo starts afresh

A move m is a small int that only its engine's codec packs and unpacks:
``aliencity/moves.py``, ``skyscrapers/plays.py``, ``alheimur/actions.py``
(``build(kind, lot)``, ``play_of(kind, a, b)``, ``piece_act(...)``; their
``kind_of`` ... take one apart), the same for the bytes of the state (a lot
byte, a piece, a ship). A screen, the AI, a tool or a test asks the codec
or the engine, never a shift or a mask of its own:
tests/test_codec_rule.py reads every module of firmware/, tools/ and tests/
for one. Where an engine's hot loop needs the raw shift, it shifts by the
codec's own numbers, copied into the module by tools/consts.py.

How each game answers:

- Alien City: m is a build ``moves.build(kind, lot)``, or a claim. A claim
  is a move of its own, not an argument of the build: after a build that
  leaves its builder a cap and an unclaimed tower, the builder decides
  again (``claiming()``; actor() is the builder): ``moves.claim(lot)`` for
  each unclaimed tower, or ``moves.NO_CLAIM``. Why: the rules make the
  claim a choice after the build, and forbid it on the game's last build,
  where no claim point opens rather than a claim being refused; legal()
  then lists every choice at every point (random players, the engine
  protocol and fuzzers claim with no code of their own); a move stays 10
  bits in the array('H') buffers (a cap packed into it would take 17:
  32-bit buffers, 2.2 KB more for the AI's two, and legal() could not list
  builds x claims, 560 x 38); the screens already ask for the claim after
  showing the build. The cost: one more decision, which a computer answers
  from its plan (its search chose the build with its claim) without
  searching again. undo() takes back the claim (or NO_CLAIM), then the
  build. state() is 3 bytes a build (kind, lot, cap or NONE, as saves and
  records keep it; a claim still to decide as none), ``again(kind, lot,
  cap)`` makes one such build with its claim.
- Skyscrapers: m a play, ``plays.play_of(STACK|SLIDE|PAWN, from, to)``;
  one player (actor() 0 until no play is left); state() the plays, 2
  bytes each; ``position()`` the position as bytes (tests: undo restores
  it).
- Alheimur: m an action (``actions.py``); decision points ``phase()``,
  chance points answered by whoever rolls (``chance()``); apply() always
  checks (a scan of the point's cached legal list: the AI's search does
  not go through apply but through ``trial``, which skips the check and
  the undo's log); state() the 649 bytes of the game.
"""
