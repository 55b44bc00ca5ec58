"""Writes store-format2.nvm and store-format2.json: run from a checkout of
b9c636b (format 2's store), see store-format2.md."""

import json
import random
import sys
from array import array

sys.path.insert(0, "tools")
sys.path.insert(0, "tests/support")
import seeded
from seeded_alheimur import play

import paths  # noqa: F401  (firmware/ on sys.path)
import store
from alheimur import save as hsave
from aliencity import record
from aliencity import save as asave
from aliencity.save import Setup, pack_options
from prng import Rng
from skyscrapers import save as ssave
from skyscrapers.deal import new_game
from skyscrapers.engine import MAXPLAYS

nvm = bytearray(b"\xff" * 8192)
s = store.Store(nvm)
s.put(store.SETTINGS, b"\x00\x02")
st = Setup()
st.seats[0], st.seats[1] = 0, 2
st.dealt = 7
s.set_game(0x61, pack_options(st) + b"\x00\x07", asave.encode(st, seeded.random_game(7, stop_at=12)))
full = seeded.random_game(3)
s.keep_record(record.write(full))
sst = ssave.Setup()
sst.dealt, sst.options, sst.seed = 9, 3, 9
sg = new_game(9, 3)
buf = array("H", [0] * MAXPLAYS)
rng = random.Random(9)
for _ in range(12):
    sg.play(buf[rng.randrange(sg.legal(buf))])
s.set_game(0x73, ssave.pack_options(sst) + b"\x00\x09", ssave.encode(sst, sg))
s.set_best("sky:9:3", 27)
s.set_best("sky:4", -3)
hst = hsave.Setup()
hst.nseats, hst.limit, hst.seed, hst.dealt = 3, 1, 4, 4
hst.seats[:] = ["human", "easy", "hard"]
hg = play(4, 3, 20, stop_at=60)
hg.rng = Rng(60)
s.set_game(0x68, hsave.pack_options(hst) + b"\x00\x04", hsave.encode(hst, hg))
# the game saved last: Skyscrapers (its save written again)
s.set_game(0x73, ssave.pack_options(sst) + b"\x00\x09", ssave.encode(sst, sg))
s.put(store.SETTINGS, b"\x01\x01")
s.save()
out = {"sections": {chr(t): (s.get(t)).hex() for t in sorted(list(s.sections) + list(s.far))},
       "last": chr(s.last()), "record": record.write(full),
       "made_by": "firmware/store.py of b9c636b (format 2): tests/data/store-format2.md"}
with open("/tmp/store-format2.nvm", "wb") as f:
    f.write(nvm)
with open("/tmp/store-format2.json", "w") as f:
    json.dump(out, f, indent=1, sort_keys=True)
