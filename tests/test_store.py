"""The save store (firmware/store.py) and the games' autosaves
(firmware/aliencity/save.py, firmware/skyscrapers/save.py): slots, CRC,
sequence, writes only on change, blank/corrupt/older memory, format 1
moved over, one section per game, best scores, and power cut at every
byte of every save of both games (the simulator's nvm stand-in,
_simhost.cut_power_after)."""

import random

import conftest
import pytest
import seeded

import paths
import store
from aliencity import record, save
from aliencity.save import Setup, pack_options

AC = 0x61        # aliencity.app.TAG
SKY = 0x73       # skyscrapers.app.TAG
ALH = 0x68       # alheimur.app.TAG


class CountingNVM:
    """A bytearray NVM that counts slice writes (one per save expected)."""

    def __init__(self, data=None):
        self.b = bytearray(data if data is not None else b"\xff" * 8192)
        self.writes = []

    def __len__(self):
        return len(self.b)

    def __getitem__(self, i):
        v = self.b[i]
        return bytearray(v) if isinstance(i, slice) else v

    def __setitem__(self, i, v):
        assert isinstance(i, slice), "the store writes whole slices only"
        self.writes.append((i.start, len(v)))
        self.b[i] = v


def setup_for(dealt=7, seats=(0, 2), rules=0):
    st = Setup()
    st.seats[0], st.seats[1] = seats
    st.rules = rules
    st.dealt = dealt
    return st


def test_crc16_check_value():
    assert store.crc16(b"123456789") == 0x29B1        # CRC-16/CCITT-FALSE
    assert store.crc16(b"") == 0xFFFF


def test_blank_memory_starts_fresh_and_writes_one_slot():
    nvm = CountingNVM()
    s = store.Store(nvm)
    assert s.note == "fresh save memory"
    assert nvm.writes == [(store.SLOT0, store.HEADER)]
    again = store.Store(nvm)
    assert again.note is None and again.seq == 1 and again.sections == {}


def test_slots_alternate_and_only_changed_bytes_are_written():
    nvm = CountingNVM()
    s = store.Store(nvm)
    s.put(store.SETTINGS, b"\x01\x03")
    assert s.save()
    assert not s.save()                     # nothing changed: no write
    s.put(store.SETTINGS, b"\x01\x03")
    assert not s.save()
    s.put(store.SETTINGS, b"\x00\x03")
    assert s.save()
    starts = [w[0] for w in nvm.writes]
    assert starts == [store.slot_at(0), store.slot_at(1), store.slot_at(0)]
    s2 = store.Store(nvm)
    assert s2.seq == 3 and s2.get(store.SETTINGS) == b"\x00\x03"
    # The newest slot corrupted: the older one (seq 2) is taken.
    nvm.b[store.slot_at(0) + store.HEADER + 4] ^= 0x40
    s3 = store.Store(nvm)
    assert s3.seq == 2 and s3.get(store.SETTINGS) == b"\x01\x03"
    assert s3.note is None
    # The next save goes over the corrupt slot, never over the good one.
    s3.put(store.SETTINGS, b"\x01\x01")
    s3.save()
    assert nvm.writes[-1][0] == store.slot_at(0)


def test_the_store_keeps_no_copy_of_its_payload():
    """A same-length change is still written, an unchanged payload is not,
    and the Store holds the sections only, not a second copy of what it
    wrote (up to 3 KB of heap on the device)."""
    nvm = CountingNVM()
    s = store.Store(nvm)
    s.put(ord("a"), bytes(range(200)))
    assert s.save()
    s.put(ord("a"), bytes(range(1, 201)))     # same length, new bytes
    assert s.save()
    assert not s.save()
    s2 = store.Store(nvm)
    assert not s2.save()                      # read back: nothing to write
    p = s2.payload()
    for st in (s, s2):
        for v in vars(st).values():
            assert not (isinstance(v, (bytes, bytearray)) and v == p)


def test_a_game_in_progress_is_read_from_the_nvm_not_kept_on_the_heap():
    """A section longer than 64 bytes (a game's autosave) leaves the heap
    once written and at load: get() reads it from the newest slot, and the
    next save (to the other slot) copies it over whole."""
    nvm = CountingNVM()
    s = store.Store(nvm)
    game = bytes(range(256)) * 3
    s.set_game(AC, b"\x01\x02", game)
    s.put(ord("S"), b"\x01\x02")
    assert s.save()
    assert AC not in s.sections and ord("S") in s.sections       # short ones stay
    assert s.game(AC) == (b"\x01\x02", game)
    s.set_game(SKY, b"", bytes(100))                              # another game's save
    assert s.game(AC) == (b"\x01\x02", game)                   # copied to the other slot
    s2 = store.Store(nvm)
    assert not s2.sections.get(AC) and not s2.sections.get(SKY)
    assert s2.game(AC) == (b"\x01\x02", game) and s2.game(SKY) == (b"", bytes(100))
    assert not s2.save()                                          # nothing changed
    s2.set_game(AC, b"\x01\x02", None)                          # the game is over
    assert store.Store(nvm).game(AC) == (b"\x01\x02", None)


def test_older_settings_are_migrated():
    nvm = CountingNVM()
    nvm.b[0:7] = b"HCS\x01\x00\x02" + bytes(((0 + 2 + 0x5A) & 0xFF,))
    s = store.Store(nvm)
    assert s.note == "settings moved to new save"
    from ui.settings import Settings
    st = Settings(s)
    assert st.sound is False and st.light == 2
    assert store.Store(nvm).note is None       # moved once, then read from the store
    assert Settings(store.Store(nvm)).light == 2


def test_record_area_and_newer_formats_are_set_aside():
    nvm = CountingNVM()
    text = b"alien-city 1\n"
    at = store.RECORD_AT
    nvm.b[at:at + 5 + len(text)] = b"ACR" + bytes((0, len(text))) + text
    s = store.Store(nvm)
    assert s.game(AC) == (b"", None) and s.note == "fresh save memory"
    assert nvm.b[at:at + 3] == b"ACR"          # not touched
    assert s.keep_record("alien-city 1\nrules classic\n")
    assert nvm.b[at:at + 5] == b"ACR\x00\x1b"
    assert store.slot_at(2) <= store.RECORD_AT  # beyond both slots
    nvm2 = CountingNVM()
    nvm2.b[16:28] = b"HG\x09\x00" + bytes(8)
    assert store.Store(nvm2).note == "newer save set aside"


def test_garbage_never_crashes():
    rng = random.Random(5)
    good = CountingNVM()
    s = store.Store(good)
    s.put(store.SETTINGS, b"\x01\x02")
    s.set_game(AC, pack_options(setup_for()),
               save.encode(setup_for(), seeded.random_game(3, stop_at=10)))
    s.set_best("sky:4", 31)
    base = bytes(good.b)
    for i in range(400):
        b = bytearray(base)
        mode = i % 4
        if mode == 0:                         # random bytes everywhere
            b[0:3200] = bytes(rng.getrandbits(8) for _ in range(3200))
        elif mode == 1:                       # a few flipped bits
            for _ in range(rng.randint(1, 6)):
                j = rng.randrange(0, 3200)
                b[j] ^= 1 << rng.randrange(8)
        elif mode == 2:                       # a plausible header, odd length
            a = store.slot_at(rng.randrange(2))
            b[a + 8] = rng.getrandbits(8)
            b[a + 9] = rng.getrandbits(8)
        else:                                 # zeros (an erased-to-0 flash)
            j = rng.randrange(0, 3200)
            k = rng.randint(1, 300)
            b[j:j + k] = bytes(len(b[j:j + k]))
        st = store.Store(CountingNVM(b))
        options, data = st.game(AC)
        from aliencity.save import unpack_options
        unpack_options(Setup(), options)        # odd options leave the defaults
        if data is not None:
            try:
                save.decode(Setup(), data)
            except ValueError:
                pass
        st.last()
        st.best("sky:4")
        from ui.settings import Settings
        Settings(st)


def test_bests_round_trip():
    nvm = CountingNVM()
    s = store.Store(nvm)
    assert s.best("sky:5:easy") is None
    s.set_best("sky:5:easy", 123)
    s.set_best("sky:4", -7)
    n = len(nvm.writes)
    s.set_best("sky:4", -7)                   # same value: no write
    assert len(nvm.writes) == n
    s2 = store.Store(nvm)
    assert s2.best("sky:5:easy") == 123 and s2.best("sky:4") == -7
    with pytest.raises(ValueError):
        s2.set_best("x" * 40, 1)
    for i in range(store.MAX_BESTS - 2):
        s2.set_best("k%d" % i, i)
    with pytest.raises(ValueError):
        s2.set_best("one-more", 1)
    g = seeded.random_game(11, stop_at=37)
    assert not g.over() and g.nbuilds >= 30
    s2.set_game(AC, pack_options(setup_for()), save.encode(setup_for(), g))
    assert len(s2.payload()) < store.MAX_PAYLOAD


def test_worst_case_payload_fits():
    s = store.Store(CountingNVM())
    for i in range(store.MAX_BESTS):
        s.set_best(("%02d" % i) * (store.MAX_KEY // 2), -1, save=False)
    s.put(store.SETTINGS, bytes(2))
    st = setup_for()
    g = seeded.random_game(11, stop_at=20)
    blob = save.encode(st, g)
    full = blob[:7] + bytes((38,)) + bytes(3 * 38)    # 38 builds: the most there are
    s.set_game(AC, pack_options(st), full, write=False)
    # Skyscrapers: a long game of 400 plays (2 bytes each)
    s.set_game(SKY, bytes(3), bytes(8 + 2 * 400), write=False)
    # Alheimur: eight seats with 12-character names, the whole state
    from alheimur import save as hsave
    from alheimur.layout import STATE_BYTES
    names = 8 * 12 + 7
    s.set_game(ALH, bytes(2 + names + 2), bytes(12 + names + STATE_BYTES), write=False)
    s.save()
    n = len(s.payload())
    assert n <= store.MAX_PAYLOAD, n
    assert len(hsave.pack_options(hsave.Setup())) <= 2 + names


def test_game_codec_round_trip():
    for seed, rules, opn, lb in ((3, 0, False, False), (8, 1, True, True), (21, 1, False, True)):
        g = seeded.random_game(seed, rules, opn, lb)
        st = setup_for(seed, (1, 3), rules)
        st.seed = 0
        assert g.over() and save.encode(st, g) is None     # nothing to continue
        g = seeded.random_game(seed, rules, opn, lb, stop_at=g.nbuilds - 1)
        blob = save.encode(st, g)
        assert len(blob) == 8 + 3 * g.nbuilds <= 8 + 3 * 38
        st2 = Setup()
        g2 = save.decode(st2, blob)
        assert record.write(g2) == record.write(g)
        assert st2.levels() == ["easy", "hard"] and st2.dealt == seed
        assert g2.to_move == g.to_move
        half = seeded.random_game(seed, rules, opn, lb, stop_at=13)
        g3 = save.decode(Setup(), save.encode(st, half))
        assert record.write(g3) == record.write(half) and g3.to_move == half.to_move
    bad = bytearray(save.encode(setup_for(3), seeded.random_game(3, stop_at=6)))
    bad[-2] = (bad[-2] + 1) % 80                # some build moved: illegal or not, never a crash
    try:
        save.decode(Setup(), bytes(bad))
    except ValueError:
        pass
    with pytest.raises(ValueError):
        save.decode(Setup(), b"\x01\x00")
    with pytest.raises(ValueError):
        save.decode(Setup(), b"\x02" + bytes(7))


def _ac_blobs():
    """(options, every autosave of a seeded classic game of Alien City)."""
    st = setup_for(5, (0, 1), 1)
    full = seeded.random_game(5, 1, False, False)
    from aliencity.deal import new_game
    g = new_game(5, 1)
    blobs = [save.encode(st, g)]
    for i in range(full.nbuilds - 1):
        _p, kind, lot, cap = full.build_at(i)
        g.play(kind, lot, cap)
        blobs.append(save.encode(st, g))
    return pack_options(st), blobs


def _sky_blobs():
    """(options, every autosave of a seeded Skyscrapers game, undos too)."""
    from array import array

    from skyscrapers import save as ssave
    from skyscrapers.deal import new_game
    from skyscrapers.engine import MAXPLAYS
    st = ssave.Setup()
    st.dealt, st.options, st.seed = 9, 3, 9
    g = new_game(9, 3)
    buf = array("H", [0] * MAXPLAYS)
    rng = random.Random(9)
    blobs = [ssave.encode(st, g)]
    for i in range(40):
        n = g.legal(buf)
        if not n:
            break
        if i % 7 == 6:
            g.undo()
        else:
            g.play(buf[rng.randrange(n)])
        b = ssave.encode(st, g)
        if b is not None:
            blobs.append(b)
    return ssave.pack_options(st), blobs


def _alh_blobs():
    """(options, the autosaves of a seeded 8-seat Alheimur game: the
    first decisions after the deal and a stretch in the middle, the
    longest seat names there can be)."""
    from seeded_alheimur import play

    from alheimur import save as hsave
    from prng import Rng
    st = hsave.Setup()
    st.nseats, st.limit, st.seed, st.dealt = 8, 1, 4, 4
    st.seats[:] = ["human"] + ["abcdefghijkl"] * 7     # 12 characters: the longest name
    blobs = []
    for k in list(range(30, 34)) + list(range(400, 404)):
        g = play(4, 8, 20, stop_at=k)
        g.rng = Rng(k)
        blobs.append(hsave.encode(st, g))
    return hsave.pack_options(st), blobs


BLOBS = {AC: _ac_blobs, SKY: _sky_blobs, ALH: _alh_blobs}


def cut_points(length):
    """Where the power is cut in a write of ``length`` bytes: after every
    byte under `make soak`; in `make test` every byte of the first and last
    24 (the slot's header, its CRC and the end of the payload) and every
    11th byte in between (where a cut can only leave a CRC that fails)."""
    if conftest.SOAK:
        return range(length + 1)
    return sorted(set(range(min(length + 1, 24))) | set(range(max(0, length - 23), length + 1))
                  | set(range(0, length + 1, 11)))


@pytest.mark.parametrize("tag", [AC, SKY, ALH], ids=["aliencity", "skyscrapers", "alheimur"])
def test_power_cut_at_every_byte_of_every_save(tag):
    """A seeded game autosaved after every move, beside the other games'
    saves; before each save the power is cut after 0, 1, 2 ... n bytes of
    that save's write (outside `make soak`, a sample: every 4th save,
    cut_points of each).
    Loading must give the previous game or the new one, whole, every time,
    and the other games' saves untouched."""
    import _simhost
    import microcontroller
    _simhost.configure("pybadge")
    nvm = microcontroller.nvm
    options, blobs = BLOBS[tag]()
    others = {}
    for other in BLOBS:
        if other != tag:
            o_options, o_blobs = BLOBS[other]()
            others[other] = (o_options, o_blobs[len(o_blobs) // 2])
    try:
        s = store.Store(nvm)
        s.put(store.SETTINGS, b"\x00\x02")
        s.set_best("sky:4", 99)
        for other, saved in others.items():
            s.set_game(other, *saved)
        s.set_game(tag, options, blobs[0])
        cuts = 0
        for k in range(1, len(blobs)):
            if not conftest.SOAK and k % 4 != 1 and k != len(blobs) - 1:
                # make test: every 4th save and the last; make soak: all
                s = store.Store(nvm)
                s.set_game(tag, options, blobs[k])
                continue
            before = bytes(_simhost.nvm)
            old, new = blobs[k - 1], blobs[k]
            s = store.Store(nvm)
            s.set_game(tag, options, new, write=False)
            length = store.HEADER + len(s.payload())    # the one write of this save
            for n in cut_points(length):
                _simhost.nvm[:] = before
                s = store.Store(nvm)
                assert s.game(tag) == (options, old)
                w0 = _simhost.nvm_writes
                _simhost.cut_power_after(n)
                with pytest.raises(_simhost.PowerCut):
                    s.set_game(tag, options, new)
                assert _simhost.nvm_writes == w0 + 1
                got = store.Store(nvm)
                opts, data = got.game(tag)
                assert opts == options and data in (old, new), (k, n)
                if n == length:
                    assert data == new
                for other, saved in others.items():
                    assert got.game(other) == saved
                assert got.get(store.SETTINGS) == b"\x00\x02" and got.best("sky:4") == 99
                assert got.note is None
                assert got.last() == tag
                cuts += 1
            assert store.Store(nvm).game(tag)[1] == new    # power on after the whole write
        if conftest.SOAK:
            assert cuts > (1500 if tag != ALH else 7 * 900), cuts
        else:
            assert cuts > (1000 if tag != ALH else 300), cuts
        print("power cuts tested:", cuts)
    finally:
        _simhost.cut_power_after(None)
        _simhost.configure("pybadge")


def test_each_game_keeps_its_own_section():
    """A new game of one never touches the other's save; the launcher's
    Continue is the game saved last that still has a game."""
    nvm = CountingNVM()
    s = store.Store(nvm)
    ac = save.encode(setup_for(), seeded.random_game(3, stop_at=8))
    s.set_game(AC, b"\x00\x01\x00\x00\x00\x00\x07", ac)
    s.set_game(SKY, b"\x03\x00\x09", b"sky-save")
    assert s.last() == SKY
    s.set_game(SKY, b"\x01\x00\x00", None)      # Skyscrapers finished: no save
    t = store.Store(nvm)
    assert t.game(AC) == (b"\x00\x01\x00\x00\x00\x00\x07", ac)
    assert t.game(SKY) == (b"\x01\x00\x00", None)
    assert t.last() is None                      # the last one saved has nothing
    t.set_game(AC, b"\x00\x01\x00\x00\x00\x00\x07", ac)
    assert store.Store(nvm).last() == AC


def _v1_store(sections, seq=7):
    """Bytes of an NVM in format 1 (two 1 KB slots at 16; slot 1 newest)."""
    nvm = bytearray(b"\xff" * 8192)
    payload = bytearray()
    for tag in sorted(sections):
        d = sections[tag]
        payload += bytes((tag, len(d) >> 8, len(d) & 0xFF)) + d
    head = bytearray(b"HG\x01\x00") + seq.to_bytes(4, "big") + len(payload).to_bytes(2, "big")
    body = bytes(head) + b"\x00\x00" + bytes(payload)
    c = store.crc16(body, 12, len(body), store.crc16(body, 2, 10))
    body = body[:10] + c.to_bytes(2, "big") + body[12:]
    nvm[16 + 1024:16 + 1024 + len(body)] = body
    return nvm


def test_format_1_is_moved_over():
    ac = save.encode(setup_for(), seeded.random_game(3, stop_at=8))
    opts = bytes((0, 2, 0, 0, 0, 0, 5))
    sections = {0x53: b"\x00\x02" + opts, 0x47: b"aliencity\x00" + ac,
                0x52: b"\x05sky:4\x00\x00\x00\x1f", 0x5A: b"unknown kept"}
    nvm = CountingNVM(_v1_store(sections))
    old = bytes(nvm.b[16:2064])
    s = store.Store(nvm)
    assert s.note == "save moved to a new format"
    # The first write goes to the new slot 1, beyond format 1's slots.
    assert nvm.writes == [(store.slot_at(1), nvm.writes[0][1])]
    assert bytes(nvm.b[16:2064]) == old
    for t in (s, store.Store(nvm)):
        assert t.get(store.SETTINGS) == b"\x00\x02"
        assert t.game(AC) == (opts, ac) and t.last() == AC
        assert t.best("sky:4") == 31 and t.get(0x5A) == b"unknown kept"
        assert t.get(0x47) is None
    assert store.Store(nvm).note is None
    # A power cut during that first write leaves format 1 to move again.
    nvm2 = CountingNVM(_v1_store(sections))
    nvm2.b[store.slot_at(1):store.slot_at(1) + 40] = b"HG\x02" + bytes(37)
    assert store.Store(CountingNVM(bytes(nvm2.b))).game(AC) == (opts, ac)


def test_store_and_autosave_in_micropython():
    """The store, the settings and the game codec in the MicroPython VM
    (device heap): save, reload, corrupt the newest slot, migrate."""
    import mpylane
    mpylane.require_or_skip()
    out = mpylane.run_ok(
        # this VM frees garbage (compiling the modules the store loads on
        # demand makes some) only at a yield: one after each step
        "import asyncio, gc, store, seeded\n"
        "from aliencity import save, record\n"
        "gc.collect(); await asyncio.sleep(0)\n"
        "from ui.settings import Settings\n"
        "class Setup:\n"          # setup.Setup
        "    def __init__(self):\n"
        "        self.seats = [0, 1]; self.rules = 0; self.open_streets = False\n"
        "        self.location_bonus = False; self.seed = 0; self.dealt = 1\n"
        "        self.city = None; self.ahead = b''\n"
        "nvm = bytearray(b'\\xff' * 8192)\n"
        "nvm[0:7] = b'HCS\\x01\\x00\\x02' + bytes(((2 + 0x5A) & 0xFF,))\n"
        "s = store.Store(nvm)\n"
        "print(s.note, Settings(s).light, Settings(s).sound)\n"
        "gc.collect(); await asyncio.sleep(0)\n"
        "st = Setup(); st.dealt = 5\n"
        "g = seeded.random_game(5, stop_at=20)\n"
        "s.set_game(0x61, b'', save.encode(st, g))\n"
        "s.set_best('sky:4', -3)\n"
        "gc.collect(); await asyncio.sleep(0)\n"
        "t = store.Store(nvm)\n"
        "g2 = save.decode(st, t.game(0x61)[1])\n"
        "print(record.write(g2) == record.write(g), t.best('sky:4'), t.seq)\n"
        "gc.collect(); await asyncio.sleep(0)\n"
        "nvm[store.slot_at(t.slot) + 20] ^= 1\n"
        "u = store.Store(nvm)\n"
        "print(u.seq, u.game(0x61)[1] is None, u.best('sky:4'))\n"  # seq 2: the game, no record yet
        "print(hex(store.crc16(b'123456789')))\n",
        files=dict(mpylane.firmware_files(), **{"seeded.py": open(
            paths.ROOT + "/tools/seeded.py").read()}))
    assert out.split("\n")[:4] == ["settings moved to new save 2 False", "True -3 3",
                                   "2 False None", "0x29b1"], out


def test_continuing_a_game_leaves_the_deal_unloaded():
    """Continue rebuilds the city from its seed, then drops the deal's code
    (as a new game does): only the game's own modules stay loaded."""
    import sys

    from aliencity.deal import new_game
    g = new_game(5)
    g.play(*seeded_first_build(g))
    st = Setup()
    st.dealt = 5
    g2 = save.decode(st, save.encode(st, g))
    assert g2.nbuilds == 1 and record.write(g2) == record.write(g)
    assert "aliencity.deal" not in sys.modules


def seeded_first_build(g):
    from array import array

    from aliencity.engine import MAX_MOVES, move_kind, move_lot
    buf = array("H", [0] * MAX_MOVES)
    assert g.legal(buf)
    return move_kind(buf[0]), move_lot(buf[0])
