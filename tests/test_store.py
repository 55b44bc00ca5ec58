"""The save store (firmware/store.py) and the games' saves
(firmware/aliencity/save.py, firmware/skyscrapers/save.py,
firmware/alheimur/save.py): one block, each section with its own check,
the most important first; writes only on change; blank, torn, corrupt,
newer and older memory; format 2 moved over; best scores; and a power
cut at every point of every kind of write the firmware makes, on the
simulator's model of the SAMD51's flash (_simhost.cut_power_at: the
erase, then 16 pages of 512 bytes in order)."""

import json
import os
import random

import conftest
import pytest
import saves
import seeded
import store_write
from crc import crc16

import paths
import store
from aliencity import record, save
from aliencity.save import Setup, pack_options

AC = 0x61        # aliencity.app.TAG
SKY = 0x73       # skyscrapers.app.TAG
ALH = 0x68       # alheimur.app.TAG
DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")

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


def layout(b):
    """[(tag, offset, length)] of the block ``b`` (store_load.layout)."""
    import store_load
    got = store_load.layout(b)
    assert got is not None
    return [(t, a, n) for t, a, n, _c in got]


def test_crc16_check_value():
    assert crc16(b"123456789") == 0x29B1        # CRC-16/CCITT-FALSE
    assert crc16(b"") == 0xFFFF


def test_a_blank_block_is_a_first_boot_said_and_written_nothing():
    nvm = CountingNVM()
    s = store.Store(nvm)
    assert s.note is None and not s.note_alarm and not s.lost
    assert nvm.writes == []                    # nothing to keep: no erase
    assert not s.save()
    s.put(store.SETTINGS, b"\x01\x03")
    assert s.save()
    assert nvm.writes == [(0, nvm.writes[0][1])]    # one write, from the block's start
    again = store.Store(nvm)
    assert again.note is None and again.seq == 1
    assert again.get(store.SETTINGS) == b"\x01\x03"


def test_only_a_change_is_written_and_each_save_is_one_write():
    nvm = CountingNVM()
    s = store.Store(nvm)
    s.put(store.SETTINGS, b"\x01\x03")
    assert s.save()
    assert not s.save()                     # nothing changed: no write
    s.put(store.SETTINGS, b"\x01\x03")      # the same bytes: no change
    assert not s.save()
    s.set_game(AC, b"\x01", bytes(200))
    s.set_game(AC, b"\x01", bytes(200))
    assert s.save() and not s.save()
    s.set_game(AC, b"\x01", bytes(range(200)))     # same length, new bytes
    assert s.save()
    assert len(nvm.writes) == 3 and all(w[0] == 0 for w in nvm.writes)
    assert store.Store(nvm).seq == 3


def test_the_block_puts_what_matters_most_first():
    """Settings, bests, then the games saved most recently first, the
    record text last: a cut loses the end of the block first."""
    nvm = CountingNVM()
    s = store.Store(nvm)
    s.keep_record("alien-city 1\n" + "x" * 300)
    s.set_game(AC, b"\x01", bytes(100))
    s.set_game(SKY, b"\x02", bytes(300))
    s.set_best("sky:4", 9)
    s.put(store.SETTINGS, b"\x01\x02")
    s.set_game(ALH, b"\x03", bytes(700))
    s.save()
    tags = [t for t, _a, _n in layout(nvm.b)]
    assert tags == [store.SETTINGS, store.BESTS, ALH, SKY, AC, store.RECORD]
    s.set_game(AC, b"\x01", bytes(101))           # Alien City saved: to the front
    s.save()
    assert [t for t, _a, _n in layout(nvm.b)] == [store.SETTINGS, store.BESTS, AC, ALH, SKY,
                                                  store.RECORD]
    t = store.Store(nvm)
    assert t.order == [AC, ALH, SKY] and saves.last(t) == AC
    t.set_game(AC, b"\x01", None)                 # Alien City over: Continue is Alheimur's
    assert saves.last(t) == ALH


def test_the_store_keeps_no_copy_of_its_block():
    """A long section (a game in progress) leaves the heap once written and
    at load: get() reads it from the block, and the next write copies it
    over whole; the Store holds no second copy of what it wrote."""
    nvm = CountingNVM()
    s = store.Store(nvm)
    game = bytes(range(256)) * 3
    s.set_game(AC, b"\x01\x02", game)
    s.put(store.SETTINGS, b"\x01\x02")
    assert s.save()
    assert AC not in s.sections and store.SETTINGS in s.sections       # short ones stay
    assert s.game(AC) == (b"\x01\x02", game)
    s.set_game(SKY, b"", bytes(100))                               # another game's save
    s.save()
    assert s.game(AC) == (b"\x01\x02", game)                       # copied over
    s2 = store.Store(nvm)
    assert AC not in s2.sections and SKY not in s2.sections
    assert s2.game(AC) == (b"\x01\x02", game) and s2.game(SKY) == (b"", bytes(100))
    assert not s2.save()                                           # nothing changed
    for st in (s, s2):
        for v in vars(st).values():
            assert not (isinstance(v, (bytes, bytearray)) and len(v) >= 200), v[:8]
    s2.set_game(AC, b"\x01\x02", None)                             # the game is over
    s2.save()
    assert store.Store(nvm).game(AC) == (b"\x01\x02", None)


def test_a_touched_game_gives_its_bytes_at_the_write():
    """The shell says a game changed (touched); its bytes are made once,
    at the write (fill), not at every move."""
    nvm = CountingNVM()
    s = store.Store(nvm)
    made = []

    def fill():
        made.append(1)
        s.set_game(AC, b"", bytes((len(made),)))
    s.fill = fill
    s.touched = True
    s.touched = True
    assert made == [] and nvm.writes == []
    assert s.save() and made == [1]
    assert not s.save() and made == [1]          # not touched since: no fill, no write
    assert store.Store(nvm).game(AC) == (b"", b"\x01")


def test_older_settings_are_migrated():
    nvm = CountingNVM()
    nvm.b[0:7] = b"HCS\x01\x00\x02" + bytes(((0 + 2 + 0x5A) & 0xFF,))
    s = store.Store(nvm)
    assert s.note is None                     # nothing lost: nothing to say
    from ui.settings import Settings
    st = Settings(s)
    assert st.sound is False and st.light == 2
    assert len(nvm.writes) == 1 and nvm.writes[0] == (0, 8192)    # moved over, the rest erased
    assert nvm.b[0:3] == b"HG\x03"
    assert Settings(store.Store(nvm)).light == 2


def test_format_2_of_todays_firmware_is_moved_over():
    """tests/data/store-format2.nvm was written by the store of b9c636b
    (format 2, two slots and the record area): every section comes over,
    the game saved last is first, in one write over the whole block."""
    with open(os.path.join(DATA, "store-format2.nvm"), "rb") as f:
        old = f.read()
    with open(os.path.join(DATA, "store-format2.json")) as f:
        want = json.load(f)
    nvm = CountingNVM(old)
    s = store.Store(nvm)
    assert s.note is None and not s.lost
    assert nvm.writes == [(0, 8192)]
    for t in (s, store.Store(nvm)):
        for tag, hexed in want["sections"].items():
            if tag == "L":
                continue                      # format 2's "saved last": the order now
            assert t.get(ord(tag)) == bytes.fromhex(hexed), tag
        assert t.get(ord("L")) is None
        assert saves.last(t) == ord(want["last"]) == SKY
        assert t.get(store.RECORD).decode() == want["record"]
        assert t.best("sky:9:3") == 27 and t.best("sky:4") == -3
        g = save.decode(Setup(), t.game(AC)[1])
        assert g.nbuilds == 12
    assert not store.Store(nvm).save()
    # Nothing of format 2 stays behind the new block (it would be read again
    # were the new one ever torn in page 0).
    used = max(a + n for _t, a, n in layout(nvm.b))
    assert nvm.b[used:] == b"\xff" * (8192 - used)


def test_format_1_is_moved_over():
    ac = save.encode(setup_for(), seeded.random_game(3, stop_at=8))
    opts = bytes((0, 2, 0, 0, 0, 0, 5))
    sections = {0x53: b"\x00\x02" + opts, 0x47: b"aliencity\x00" + ac,
                0x52: b"\x05sky:4\x00\x00\x00\x1f", 0x5A: b"unknown kept"}
    nvm = CountingNVM(_v1_store(sections))
    s = store.Store(nvm)
    assert s.note is None
    assert nvm.writes == [(0, 8192)]
    for t in (s, store.Store(nvm)):
        assert t.get(store.SETTINGS) == b"\x00\x02"
        assert t.game(AC) == (opts, ac) and saves.last(t) == AC
        assert t.best("sky:4") == 31 and t.get(0x5A) == b"unknown kept"
        assert t.get(0x47) is None


def _v1_store(sections, seq=7):
    """Bytes of an NVM in format 1 (two 1 KB slots at 16; slot 1 newest)."""
    nvm = bytearray(b"\xff" * 8192)
    payload = bytearray()
    for tag in sorted(sections):
        d = sections[tag]
        payload += bytes((tag, len(d) >> 8, len(d) & 0xFF)) + d
    head = bytearray(b"HG\x01\x00") + seq.to_bytes(4, "big") + len(payload).to_bytes(2, "big")
    body = bytes(head) + b"\x00\x00" + bytes(payload)
    c = crc16(body, 12, len(body), crc16(body, 2, 10))
    body = body[:10] + c.to_bytes(2, "big") + body[12:]
    nvm[16 + 1024:16 + 1024 + len(body)] = body
    return nvm


def test_a_newer_format_is_kept_and_never_written():
    nvm = CountingNVM()
    nvm.b[0:12] = b"HG\x09\x00" + bytes(8)
    s = store.Store(nvm)
    assert s.readonly and s.note and "newer" in s.note
    s.put(store.SETTINGS, b"\x01\x01")
    s.set_game(AC, b"", b"x" * 10)
    assert not s.save() and nvm.writes == []
    assert nvm.b[0:4] == b"HG\x09\x00"


def test_unreadable_memory_is_said_once():
    nvm = CountingNVM(bytes(random.Random(3).getrandbits(8) for _ in range(8192)))
    s = store.Store(nvm)
    assert s.note_alarm and s.note == "Save memory unreadable: a fresh start."
    assert len(nvm.writes) == 1          # written afresh: the next boot says nothing
    t = store.Store(nvm)
    assert t.note is None and not t.note_alarm


def test_a_section_that_fails_its_check_is_lost_alone():
    """Bits flipped in one section (bit rot, or a cut's torn page): that
    section alone is set aside and named; every good one is kept; the
    block is written again at once, so the loss is told once."""
    nvm = CountingNVM()
    s = store.Store(nvm)
    s.put(store.SETTINGS, b"\x00\x04")
    s.set_best("sky:4", 5)
    s.set_game(SKY, b"\x01", bytes(300))
    s.set_game(ALH, b"\x02", bytes(range(200)))
    s.save()
    (_t, a, n), = [x for x in layout(nvm.b) if x[0] == ALH]
    nvm.b[a + n // 2] ^= 0x10
    t = store.Store(nvm)
    assert t.lost == bytes((ALH,)) and t.note_alarm and t.note is None
    assert t.game(ALH) == (b"", None) and t.game(SKY) == (b"\x01", bytes(300))
    assert t.get(store.SETTINGS) == b"\x00\x04" and t.best("sky:4") == 5
    assert len(nvm.writes) == 2
    u = store.Store(nvm)
    assert not u.lost and not u.note_alarm and u.game(SKY) == (b"\x01", bytes(300))


def test_garbage_never_crashes():
    rng = random.Random(5)
    good = CountingNVM()
    s = store.Store(good)
    s.put(store.SETTINGS, b"\x01\x02")
    s.set_game(AC, pack_options(setup_for()),
               save.encode(setup_for(), seeded.random_game(3, stop_at=10)))
    s.set_best("sky:4", 31)
    s.save()
    base = bytes(good.b)
    from aliencity.save import unpack_options
    from ui.settings import Settings
    for i in range(400):
        b = bytearray(base)
        mode = i % 4
        if mode == 0:                         # random bytes everywhere
            b[0:3200] = bytes(rng.getrandbits(8) for _ in range(3200))
        elif mode == 1:                       # a few flipped bits
            for _ in range(rng.randint(1, 6)):
                j = rng.randrange(0, 600)
                b[j] ^= 1 << rng.randrange(8)
        elif mode == 2:                       # a plausible head, odd counts and lengths
            b[3] = rng.getrandbits(8)
            b[9] = rng.getrandbits(8)
        else:                                 # zeros (an erased-to-0 flash)
            j = rng.randrange(0, 600)
            k = rng.randint(1, 300)
            b[j:j + k] = bytes(len(b[j:j + k]))
        st = store.Store(CountingNVM(b))
        options, data = st.game(AC)
        unpack_options(Setup(), options)        # odd options leave the defaults
        if data is not None:
            try:
                save.decode(Setup(), data)
            except ValueError:
                pass
        saves.last(st)
        st.best("sky:4")
        Settings(st)


def test_bests_round_trip():
    nvm = CountingNVM()
    s = store.Store(nvm)
    assert s.best("sky:5:easy") is None
    s.set_best("sky:5:easy", 123)
    s.set_best("sky:4", -7)
    assert nvm.writes == []                   # kept for the next write
    s.save()
    s.set_best("sky:4", -7)                   # same value: nothing to write
    assert not s.save()
    s2 = store.Store(nvm)
    assert s2.best("sky:5:easy") == 123 and s2.best("sky:4") == -7
    with pytest.raises(ValueError):
        s2.set_best("x" * 40, 1)
    for i in range(store.MAX_BESTS - 2):
        s2.set_best("k%d" % i, i)
    with pytest.raises(ValueError):
        s2.set_best("one-more", 1)


def worst_store():
    """A store with the most every section can hold: 24 longest best keys,
    the longest game of each game, eight 12-character Alheimur seats, the
    longest record text."""
    s = store.Store(CountingNVM())
    for i in range(store.MAX_BESTS):
        s.set_best(("%02d" % i) * (store.MAX_KEY // 2), -1)
    s.put(store.SETTINGS, bytes(2))
    st = setup_for()
    g = seeded.random_game(11, stop_at=20)
    blob = save.encode(st, g)
    full = blob[:7] + bytes((38,)) + bytes(3 * 38)    # 38 builds: the most there are
    s.set_game(AC, pack_options(st), full)
    # Skyscrapers: a long game of 400 plays (2 bytes each)
    s.set_game(SKY, bytes(3), bytes(8 + 2 * 400))
    # Alheimur: eight seats with 12-character names, the whole state
    from alheimur import save as hsave
    from alheimur.app import Setup as HSetup
    from alheimur.layout import STATE_BYTES
    names = 8 * 12 + 7
    s.set_game(ALH, bytes(2 + names + 2), bytes(12 + names + STATE_BYTES))
    assert len(hsave.pack_options(HSetup())) <= 2 + names
    assert s.keep_record("r" * store.MAX_RECORD)
    assert not s.keep_record("r" * (store.MAX_RECORD + 1))
    return s


def test_worst_case_fits():
    s = worst_store()
    assert s.save()
    used = max(a + n for _t, a, n in layout(s.nvm.b))
    assert used <= 8192, used
    print("the fullest block:", used, "bytes,", -(-used // 512), "pages")


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
        g.again(kind, lot, cap)
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
            g.apply(buf[rng.randrange(n)])
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
    from alheimur.app import Setup as HSetup
    from prng import Rng
    st = HSetup()
    st.nseats, st.limit, st.seed, st.dealt = 8, 1, 4, 4
    st.seats[:] = ["human"] + ["abcdefghijkl"] * 7     # 12 characters: the longest name
    blobs = []
    for k in list(range(30, 34)) + list(range(400, 404)):
        g = play(4, 8, 20, stop_at=k)
        g.rng = Rng(k)
        blobs.append(hsave.encode(st, g))
    return hsave.pack_options(st), blobs


BLOBS = {AC: _ac_blobs, SKY: _sky_blobs, ALH: _alh_blobs}


# -- power cuts, on the SAMD51's flash (sim/modules/_simhost.py) -------------

def cut_points():
    """Where the power is cut in a write: every point of the model (the
    erase, and each of the 16 pages half done and done)."""
    import _simhost
    return range(_simhost.CUT_POINTS)


def survivors(new_block, point):
    """What a cut at ``point`` in the write of ``new_block`` leaves: the
    tags of the sections wholly inside the pages programmed before it
    (None: nothing, the head gone)."""
    import _simhost
    if point < 2:
        return None
    page, half = divmod(point - 2, 2)
    done = (page + 1 if half else page) * _simhost.PAGE_SIZE
    head_end = min(a for _t, a, _n in layout(new_block)) if layout(new_block) else 10
    if head_end > done:
        return None
    return {t for t, a, n in layout(new_block) if a + n <= done}


def check_cuts(write, expect_note=True, seeds=(1,)):
    """Cut the power at every point of the one write ``write(store)``
    makes, on the simulator's NVM as it stands; after each, a store loads
    and must hold exactly the sections of the new block that lie in the
    pages programmed before the cut, as the new block has them, and name
    the others; the next load says nothing more. Returns the table of
    what each cut kept."""
    import _simhost
    import microcontroller
    nvm = microcontroller.nvm
    before = bytes(_simhost.nvm)
    s = store.Store(nvm)
    write(s)                             # the write, made whole once: the new block
    assert _simhost.nvm_erases, "the write wrote nothing"
    new = bytes(_simhost.nvm)
    whole = store.Store(nvm)
    new_secs = {t: whole.get(t) for t in store_write.tags(whole)}
    table = []
    for point in cut_points():
        for seed in seeds:
            _simhost.nvm[:] = before
            s = store.Store(nvm)
            e0 = _simhost.nvm_erases
            _simhost.cut_power_at(point, seed)
            with pytest.raises(_simhost.PowerCut):
                write(s)
            assert _simhost.nvm_erases == e0 + 1          # one write, one erase
            erased = bytes(_simhost.nvm) == b"\xff" * len(_simhost.nvm)
            got = store.Store(nvm)
            kept = survivors(new, point)
            have = {t: got.get(t) for t in store_write.tags(got)}
            if kept is None:
                assert have == {}, (point, sorted(have))
                if erased:                     # a first boot, to the store
                    assert got.note is None and not got.note_alarm
                else:
                    assert got.note_alarm and got.note, point
            else:
                assert have == {t: new_secs[t] for t in kept}, (point, sorted(have), sorted(kept))
                lost = set(new_secs) - kept
                assert set(got.lost) == lost, (point, got.lost, lost)
                assert got.note_alarm == bool(lost)
            again = store.Store(nvm)                   # the loss is said once
            assert not again.note_alarm and not again.lost and again.note is None, point
            assert {t: again.get(t) for t in store_write.tags(again)} == have
        table.append((point, "all" if kept is None else "".join(sorted(chr(t) for t in kept))))
    _simhost.cut_power_at(None)
    return table


@pytest.fixture
def sim_nvm():
    import _simhost
    _simhost.configure("pybadge")
    try:
        yield _simhost
    finally:
        _simhost.cut_power_at(None)
        _simhost.configure("pybadge")


def _full_store(s, tag_last=ALH):
    """Settings, bests, a record and a game of each: the store a player has."""
    s.put(store.SETTINGS, b"\x00\x02")
    s.set_best("sky:4", 99)
    s.keep_record(record.write(seeded.random_game(3)))
    for tag in BLOBS:
        if tag != tag_last:
            options, blobs = BLOBS[tag]()
            s.set_game(tag, options, blobs[len(blobs) // 2])
    options, blobs = BLOBS[tag_last]()
    s.set_game(tag_last, options, blobs[0])
    s.save()


@pytest.mark.parametrize("tag", [AC, SKY, ALH], ids=["aliencity", "skyscrapers", "alheimur"])
def test_a_power_cut_in_a_games_save(sim_nvm, tag):
    """A game's save beside the other games', settings, bests and a record:
    at every point of the write, the store keeps exactly the sections in
    the pages rewritten before the cut (the new ones), names the rest, and
    settings, bests and the game just saved, in the first pages, are kept
    by a cut after the first pages."""
    s = store.Store(__import__("microcontroller").nvm)
    _full_store(s, tag)
    options, blobs = BLOBS[tag]()
    picks = blobs[1:2] + blobs[-1:] if not conftest.SOAK else blobs[1:]
    for new in picks:
        table = check_cuts(lambda st, new=new: (st.set_game(tag, options, new), st.save()))
        # the first point from which each section is kept: settings, bests,
        # the game just saved, the other games, the record, in that order
        first = {}
        for point, kept in table:
            for t in ("" if kept == "all" else kept):
                first.setdefault(t, point)
        others = [first[chr(t)] for t in BLOBS if t != tag]
        assert first["S"] <= first["R"] <= first[chr(tag)] <= min(others) <= first["T"], first
        print(chr(tag), table)


def test_a_power_cut_in_a_settings_write(sim_nvm):
    import microcontroller
    _full_store(store.Store(microcontroller.nvm))
    from ui.settings import Settings

    def write(st):
        se = Settings(st)
        se.light = 1
        se.keep()
        st.save()
    print(check_cuts(write))


def test_a_power_cut_in_a_best_scores_write(sim_nvm):
    import microcontroller
    _full_store(store.Store(microcontroller.nvm))
    print(check_cuts(lambda st: (st.set_best("sky:5:easy", 40), st.save())))


def test_a_power_cut_in_a_games_end(sim_nvm):
    """The end of a game: its record, a best and the cleared save in one
    write."""
    import microcontroller
    _full_store(store.Store(microcontroller.nvm), AC)

    def write(st):
        st.keep_record(record.write(seeded.random_game(8)))
        st.set_best("sky:9", 1)
        st.set_game(AC, b"\x00", None)
        st.save()
    print(check_cuts(write))


def test_a_power_cut_in_the_first_write_and_a_new_game(sim_nvm):
    """The first write of a blank block, and a game's first save beside
    older sections (a new section)."""
    print(check_cuts(lambda st: (st.put(store.SETTINGS, b"\x01\x04"), st.save())))
    options, blobs = BLOBS[SKY]()
    print(check_cuts(lambda st: (st.set_game(SKY, options, blobs[0]), st.save())))


def test_a_power_cut_in_the_move_from_format_2(sim_nvm):
    """Moving today's saves over is one write like any other: a cut in it
    keeps what it had rewritten (in the new format) and names the rest."""
    import microcontroller
    nvm = microcontroller.nvm
    with open(os.path.join(DATA, "store-format2.nvm"), "rb") as f:
        old = f.read()
    sim_nvm.nvm[:] = old
    full = store.Store(nvm)                  # the move, made whole
    block = bytes(sim_nvm.nvm)
    new = {t: full.get(t) for t in store_write.tags(full)}
    assert len(new) == 6             # settings, bests, record, three games
    for point in cut_points():
        sim_nvm.nvm[:] = old
        sim_nvm.cut_power_at(point, 1)
        with pytest.raises(sim_nvm.PowerCut):
            store.Store(nvm)
        got = store.Store(nvm)
        kept = survivors(block, point)
        have = {t: got.get(t) for t in store_write.tags(got)}
        assert have == ({} if kept is None else {t: new[t] for t in kept}), point


def test_what_a_cut_can_lose_is_the_docs_table():
    """docs/app.md's table of what a cut loses names the pages the fullest
    block uses."""
    s = worst_store()
    s.save()
    used = max(a + n for _t, a, n in layout(s.nvm.b))
    with open(os.path.join(paths.ROOT, "docs", "app.md")) as f:
        doc = f.read()
    assert "%d pages" % -(-used // 512) in doc


def test_store_and_autosave_in_micropython():
    """The store, the settings and the game codec in the MicroPython VM
    (device heap): move older settings over, save, reload, a section torn."""
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
        "print(s.note, Settings(s).light, Settings(s).sound, s.seq)\n"
        "gc.collect(); await asyncio.sleep(0)\n"
        "st = Setup(); st.dealt = 5\n"
        "g = seeded.random_game(5, stop_at=20)\n"
        "s.set_game(0x61, b'', save.encode(st, g))\n"
        "s.set_best('sky:4', -3)\n"
        "s.save()\n"
        "gc.collect(); await asyncio.sleep(0)\n"
        "t = store.Store(nvm)\n"
        "g2 = save.decode(st, t.game(0x61)[1])\n"
        "print(record.write(g2) == record.write(g), t.best('sky:4'), t.seq)\n"
        "gc.collect(); await asyncio.sleep(0)\n"
        "import store_load\n"
        "a = [x for x in store_load.layout(nvm) if x[0] == 0x61][0][1]\n"
        "nvm[a + 20] ^= 1\n"
        "u = store.Store(nvm)\n"
        "print(u.lost == b'a', u.game(0x61)[1] is None, u.best('sky:4'), u.seq)\n"
        "import crc\n"
        "print(hex(crc.crc16(b'123456789')))\n",
        files=dict(mpylane.firmware_files(), **{"seeded.py": open(
            paths.ROOT + "/tools/seeded.py").read()}))
    assert out.split("\n")[:4] == ["None 2 False 1", "True -3 2",
                                   "True True -3 3", "0x29b1"], out


def test_continuing_a_game_leaves_the_deal_unloaded():
    """Continue rebuilds the city from its seed, then drops the deal's code
    (as a new game does): only the game's own modules stay loaded."""
    import sys

    from aliencity.deal import new_game
    g = new_game(5)
    g.apply(seeded_first_build(g))
    st = Setup()
    st.dealt = 5
    g2 = save.decode(st, save.encode(st, g))
    assert g2.nbuilds == 1 and record.write(g2) == record.write(g)
    assert "aliencity.deal" not in sys.modules


def seeded_first_build(g):
    from array import array

    from aliencity.engine import MAX_MOVES
    buf = array("H", [0] * MAX_MOVES)
    assert g.legal(buf)
    return buf[0]
