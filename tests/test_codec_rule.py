"""The codec rule (firmware/contract.py): what an engine packs is taken
apart by its game's codec alone (aliencity/moves.py, skyscrapers/plays.py,
alheimur/actions.py). tests/support/codec_rule.py reads the source of
firmware/, tools/ and tests/ and judges a shift or a mask by where its
operand comes from; here it runs over the tree, and each way of breaking
the rule, planted in a copy of a firmware, a tools and a tests module, is
found on its own line, while a harmless mask passes."""

import os
import shutil

import pytest
from codec_rule import CODECS, HOT, checked_files, problems, scan

import paths

ROOT = paths.ROOT


def test_nothing_is_taken_apart_by_hand():
    found = scan(ROOT)
    assert found == [], "\n".join(found) + "\n(ask the game's codec or its engine)"


def test_the_rule_reads_every_game_module_tools_and_tests():
    files = set(checked_files(ROOT))
    for rel in ("firmware/aliencity/screen.py", "firmware/alheimur/ai_setup.py",
                "firmware/alheimur/build_screen.py", "firmware/skyscrapers/app.py",
                "tools/referee_aliencity.py", "tools/exact_alheimur.py", "tests/test_referee.py",
                "tests/alheimur_positions.py"):
        assert rel in files, rel
    for codec in CODECS:
        assert os.path.exists(os.path.join(ROOT, codec)), codec
    for hot, codecs in HOT.items():
        assert all(os.path.exists(os.path.join(ROOT, p)) for p in (hot,) + codecs), hot


# Each way of breaking the rule the issue names, and a few more; each in a
# function of its own, appended to a module the rule passes.
VIOLATIONS = {
    "a play's cell, from legal() (m >> 5 & 31)":
        "def _planted(g, buf):\n    n = g.legal(buf)\n    for m in buf[:n]:\n"
        "        print(m >> 5 & 31)\n",
    "a play's target (m & 31)":
        "def _planted(g, buf):\n    n = g.legal(buf)\n    for m in buf[:n]:\n"
        "        print(m & 31)\n",
    "a lot byte's kind (v = g.lots[l]; (v & 7) - 1)":
        "def _planted(g, l):\n    v = g.lots[l]\n    return (v & 7) - 1\n",
    "an action's card position ((a >> 1) & 3)":
        "def _planted(g, buf, n):\n    for i in range(n):\n        a = buf[i]\n"
        "        print((a >> 1) & 3)\n",
    "an action's territory ((a >> 2) & 15)":
        "def _planted(a):\n    return (a >> 2) & 15\n",
    "a card byte's card (v & 127)":
        "def _planted(g, w, s):\n    v = g.wcard[w * 4 + s]\n    return v & 127\n",
    "a card byte's turn (v >> 7)":
        "def _planted(g, p):\n    v = g.vgrid[p]\n    return v >> 7\n",
    "a register read outside the engine (g.reg[...])":
        "def _planted(g):\n    return g.reg[2]\n",
    "a register read through a name":
        "def _planted(g):\n    reg = g.reg\n    return reg[4]\n",
    "a move typed as one":
        "def _planted(x: 'Move'):\n    return x >> 10\n",
    "a computer's choice":
        "def _planted(g, brain, rng):\n    best = brain.choose(g, 'hard', rng)\n"
        "    return best & 127\n",
    "a move from a list of the legal ones":
        "def _planted(g, mbuf):\n    ms = sorted(mbuf[:g.legal(mbuf)])\n"
        "    return [x >> 7 for x in ms]\n",
    "a move kept in an attribute":
        "class _Planted:\n    def keep(self, g, mbuf):\n        g.legal(mbuf)\n"
        "        self.planted_best = mbuf[0]\n\n    def kind(self):\n"
        "        return self.planted_best >> 7\n",
    "a piece byte the engine answers":
        "def _planted(g, w, t):\n    x = g.piece(w, t)\n    return x >> 2 & 7\n",
    "a ship byte compared with one packed by hand":
        "def _planted(g, i, loc, q):\n    return g.sl[i] == loc | q << 4\n",
    "a play packed by hand into a move buffer":
        "def _planted(g, mbuf, k, f, t):\n    g.legal(mbuf)\n    mbuf[0] = k << 10 | f << 5 | t\n",
    "a state bit by name":
        "def _planted(x):\n    return x & _FIGHTER\n",
}
HARMLESS = (
    "def _planted():\n    t = 0\n    for x in range(64):\n        t += x & 31\n    return t\n\n\n"
    "def _planted2(tile, mask, w):\n    return tile & 3, tile >> 2, mask >> w & 1\n")
# One module of each kind the rule reads (each imports a game).
HOSTS = ("firmware/aliencity/screen.py", "tools/referee_aliencity.py", "tests/test_referee.py")


def _copy(tmp_path, rel):
    dst = tmp_path / rel
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(os.path.join(ROOT, rel), dst)
    return dst


@pytest.mark.parametrize("host", HOSTS)
@pytest.mark.parametrize("what", sorted(VIOLATIONS))
def test_a_planted_decoding_is_found(tmp_path, host, what):
    dst = _copy(tmp_path, host)
    clean = dst.read_text()
    lines = clean.count("\n")
    dst.write_text(clean + "\n\n" + VIOLATIONS[what])
    found = scan(str(tmp_path))
    assert len(found) == 1, (what, found)
    assert found[0].startswith(host + ":") and int(found[0].split(":")[1]) > lines, found


@pytest.mark.parametrize("host", HOSTS)
def test_a_harmless_mask_passes(tmp_path, host):
    dst = _copy(tmp_path, host)
    dst.write_text(dst.read_text() + "\n\n" + HARMLESS)
    assert scan(str(tmp_path)) == []


def _hot(tmp_path, text):
    """Alheimur's turn.py (an engine hot loop) with ``text`` appended,
    beside its codec: what the rule says."""
    for rel in ("firmware/alheimur/actions.py", "firmware/alheimur/layout.py"):
        _copy(tmp_path, rel)
    dst = _copy(tmp_path, "firmware/alheimur/turn.py")
    dst.write_text(dst.read_text() + "\n\n" + text)
    return problems(dst.read_text(), "firmware/alheimur/turn.py", str(tmp_path))


def test_a_hot_loop_shifts_by_the_codecs_numbers_only(tmp_path):
    """In the engine's hot loops a piece byte is taken apart by the codec's
    numbers (their copies from tools/consts.py), not by numbers of their
    own; a bit set's variable shift is no field and passes."""
    assert _hot(tmp_path, "def _planted(g, i):\n    v = g.surf[i]\n"
                          "    return v >> _OWNER_AT & _SEAT, v & _PIPS, g.reg[_R_EXP] >> i & 1\n") == []
    for bad in ("def _planted(g, i):\n    v = g.surf[i]\n    return v >> 2 & 7\n",
                "def _planted(g, i):\n    return g.sl[i] & 15\n",
                "def _planted(a):\n    return a >> 11\n",
                "def _planted(g, buf, w, t):\n    buf[0] = _K_EXPAND << 11 | w << 6 | t\n",
                "def _planted(g, i):\n    g.surf[i] &= 63\n"):
        assert len(_hot(tmp_path, bad)) == 1, bad


def test_the_codec_alone_takes_its_bytes_apart():
    """The codec's own text passes as the codec; under another module's
    name its decodings are found, the one planted among them."""
    with open(os.path.join(ROOT, "firmware/alheimur/actions.py"), encoding="utf-8") as f:
        text = f.read() + "\ndef f(a):\n    return a >> 11\n"
    assert problems(text, "firmware/alheimur/actions.py") == []
    found = problems(text, "firmware/alheimur/words.py")
    assert len(found) > 10 and found[-1].endswith("(a >> 11)"), found
