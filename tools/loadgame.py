"""Load an Alien City game into the simulator's save, to open it on the
handheld at any build and step through it (Start, then "replay": left and
right step, down goes to the end, up to the start).

    python tools/loadgame.py GAME [--at N] [--nvm FILE | --board BOARD]

GAME is one of our records (docs/records.md: the device's, the referee's,
``tools/selfplay.py --game aliencity``'s) or a PPN file (read as
``tools/ppn.py import`` reads it; ``--streets`` as there). Its builds must
be legal. The game goes into the store of the NVM file (``--nvm``; default
the simulator window's, ~/.local/state/handheld-city-games/nvm-BOARD.bin)
as Alien City's saved game, both seats human, positioned after build N
(``--at``, default 0: the empty city) with the builds after it ahead for
the replay; the other games' saves and the settings stay. Then
``python -m sim`` (with the same ``--nvm``, if one was given) and
"Continue Alien City" on the launcher.

The store is written as the device writes it (firmware/store.py: the
older of its two slots), and the file replaced whole (a new file renamed
over it), so a run cut short leaves the old file.

Exit codes: 0 loaded; 1 a build of the game is illegal; 2 the game or the
NVM file cannot be read, or a wrong command line.
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ppn

import paths
from aliencity import record
from aliencity.geometry import PLAYER_NAMES

NVM_SIZE = 8192
TAG = 0x61           # aliencity.app.TAG


def default_nvm(board):
    """The simulator window's NVM file for ``board`` (sim/runner.py)."""
    sys.path.insert(0, paths.ROOT)
    from sim.runner import default_nvm as sim_default
    return sim_default(board)


def read_game(path, streets=None):
    """(ppn.Game, engine Game at the end) of a record or PPN file; ppn.Stop
    when it cannot be read or a build is illegal."""
    text = ppn.read_file(path)
    words = next((s.split("#")[0].split() for s in text.split("\n")
                  if s.split("#")[0].strip()), [])
    name = ppn._name(path)
    if words[:1] and words[0].lower() == record.MAGIC:
        try:
            _rec, g = ppn.read_record(text)
        except record.RecordError as e:
            raise ppn.Stop(ppn.EXIT_MALFORMED, "%s: %s" % (name, e)) from None
        except ValueError:
            raise ppn.Stop(ppn.EXIT_MALFORMED, "%s: not an Alien City record "
                           "(tools/referee.py check says where)" % name) from None
        eng, bad = ppn.replay(g)
        if bad:
            t, why = bad
            raise ppn.Stop(ppn.EXIT_ILLEGAL, "%s: line %d: %s %s: %s" % (
                name, t.line, PLAYER_NAMES[ppn.player_of(g, t)],
                record.move_text(t.kind, t.lot, t.cap), why))
        return g, eng
    try:
        g = ppn.read_ppn(text, streets=streets)
    except ppn.PpnError as e:
        raise ppn.Stop(ppn.EXIT_MALFORMED, "%s: %s" % (name, e)) from None
    eng, bad, note = ppn.settle_streets(g)
    if bad:
        raise ppn.Stop(ppn.EXIT_ILLEGAL, "%s: %s (%s)" % (name, ppn.illegal_text(g, bad),
                                                          ppn.options_text(g)))
    if note:
        print(note)
    return g, eng


def save_bytes(eng, at):
    """(Setup, Alien City's save bytes) of the game ``eng`` (at its end)
    positioned after ``at`` builds, the rest ahead; both seats human."""
    from aliencity import save, save2
    st = save.Setup()
    st.seats = [0, 0]
    st.rules = eng.rules
    st.open_streets = eng.open_streets
    st.location_bonus = eng.location_bonus
    st.dealt = 0
    st.city = (eng.tcol, eng.ticon, eng.tval, eng.first)
    ahead = bytearray()
    while eng.nbuilds > at:
        n = eng.nbuilds
        _p, kind, lot, cap = eng.build_at(n - 1)
        while eng.nbuilds == n:
            eng.undo()          # its claim (or none), then the build
        ahead[0:0] = bytes((kind, lot, cap))
    st.ahead = bytes(ahead)
    return st, save2.encode2(st, eng)


def load_into(nvm_path, st, data):
    """Put ``data`` as Alien City's saved game into the store of the NVM
    file (made when missing), keeping everything else; replace the file
    whole."""
    from aliencity import save
    from store import Store
    nvm = bytearray(b"\xff" * NVM_SIZE)
    if os.path.exists(nvm_path):
        with open(nvm_path, "rb") as f:
            old = f.read()
        if len(old) > NVM_SIZE:
            raise ppn.Stop(ppn.EXIT_MALFORMED, "%s: cannot read: %d bytes, more than the "
                           "%d of an NVM" % (nvm_path, len(old), NVM_SIZE))
        nvm[:len(old)] = old
    store = Store(nvm)
    options = store.game(TAG)[0]
    seed = options[-2:] if len(options) >= 2 else b"\0\0"
    store.set_game(TAG, bytes(save.pack_options(st)) + bytes(seed), data)
    store.save()
    d = os.path.dirname(os.path.abspath(nvm_path))
    os.makedirs(d, exist_ok=True)
    tmp = nvm_path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(nvm)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, nvm_path)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="loadgame.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("game", metavar="GAME", help="a record or a PPN file ('-': stdin)")
    ap.add_argument("--at", type=int, default=0, metavar="N",
                    help="open the game after build N (default 0, the empty city)")
    ap.add_argument("--nvm", help="the NVM file (default: the simulator window's for --board)")
    ap.add_argument("--board", default="pybadge",
                    choices=("pybadge", "pybadge-lc", "edgebadge", "pygamer"),
                    help="whose window NVM file, without --nvm (default pybadge)")
    ap.add_argument("--streets", choices=("open", "as-written"),
                    help="PPN only: the street rule (as tools/ppn.py import)")
    args = ap.parse_args(argv)
    try:
        g, eng = read_game(args.game, args.streets)
        total = eng.nbuilds
        if not 0 <= args.at <= total:
            ap.error("--at %d: the game has builds 0 to %d" % (args.at, total))
        over = eng.over()
        st, data = save_bytes(eng, args.at)
        if data is None:
            raise ppn.Stop(ppn.EXIT_MALFORMED, "the game is over after its build %d: "
                           "nothing to continue there; open it earlier (--at %d or less) "
                           "and step to its end with the replay" % (total, total - 1))
        nvm = args.nvm or default_nvm(args.board)
        load_into(nvm, st, data)
    except ppn.Stop as e:
        sys.stderr.write(e.message + "\n")
        return e.code
    print("loaded: %d builds (%s%s), opening at build %d, into %s"
          % (total, ppn.options_text(g), "; the game is over" if over else "", args.at, nvm))
    print("play: python -m sim%s, then 'Continue Alien City'; Start, 'replay': left/right "
          "step, down to the end" % ("" if args.nvm is None else " --nvm " + args.nvm))
    return 0


if __name__ == "__main__":
    sys.exit(main())
