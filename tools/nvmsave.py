"""8 KB of NVM holding a saved game, as the autosave leaves it: the
benches' and the board-time measurements' starting points (tools/bench.py,
tools/boardtime.py)."""

import paths  # noqa: F401  (puts firmware/ on sys.path)


def nvm_with_save(package, game=None, seats=None):
    """8 KB of nvm whose store holds package's game (default: a new game
    of seed 1) as its saved game, as the autosave leaves it."""
    import importlib

    from store import Store
    app = importlib.import_module(package + ".app")
    st = app.Setup()
    st.dealt = 1
    if seats is not None:
        st.nseats = len(seats)
        st.seats[:len(seats)] = list(seats)
    if game is None:
        game = app.new_game(st)
    if getattr(game, "rng", None) is None and package == "alheimur":
        from prng import Rng
        game.rng = Rng(1)
    nvm = bytearray(b"\xff" * 8192)
    opts = bytes(app.pack_options(st)) + b"\0\0"
    store = Store(nvm)
    store.set_game(app.TAG, opts, app.encode(st, game))
    store.save()
    return bytes(nvm)
