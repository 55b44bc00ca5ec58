"""One codec per game (Alien City and Skyscrapers here; Alheimur in
test_codec_alheimur.py): what an engine packs (a move, a play, a lot byte)
only its engine takes apart (docs: DESIGN, "One codec per engine"). Screens,
the AI, records and tools call the engine's accessors (move_kind,
move_lot, kind_at, owner_at, claimable; play_kind, play_from, play_to);
this test fails when the packing's shifts and masks appear anywhere else.
"""

import os
import re

import pytest

import paths

ROOT = paths.ROOT

# game: (its codec files, the packing's shifts and masks, where to look)
CODECS = {
    # Alien City: a move is kind << 7 | lot; a lot byte is kind + 1 | cap bits 0x18
    "aliencity": (
        {"firmware/aliencity/engine.py"},
        [r">>\s*7\b", r"<<\s*7\b", r"&\s*(?:127|0x7[fF])\b", r"&\s*(?:0x18|CAPPED)\b",
         r"lots\[[^\]]*\]\s*&\s*7\b"],
        ["firmware/aliencity", "firmware/ui", "tools"]),
    # Skyscrapers: a play is kind << 10 | from << 5 | to
    "skyscrapers": (
        {"firmware/skyscrapers/engine.py"},
        [r">>\s*10\b", r"<<\s*10\b", r">>\s*5\)\s*&\s*31\b", r"<<\s*5\s*\|"],
        ["firmware/skyscrapers", "firmware/ui", "tools"]),
}

# Files of another game whose own packing happens to match a pattern above
# (Alheimur's card byte, deal card | turn << 7, is its engine's business).
NOT_THIS_GAME = re.compile(r"(^|/)(alh\w*|alheimur\w*)\.py$|firmware/alheimur/")


def files_under(rel, root):
    top = os.path.join(root, rel)
    for d, dirs, files in os.walk(top):
        dirs[:] = [x for x in dirs if x != "__pycache__"]
        for f in files:
            if f.endswith(".py"):
                yield os.path.relpath(os.path.join(d, f), root).replace(os.sep, "/")


def offenders(game, root=ROOT):
    codec, patterns, where = CODECS[game]
    out = []
    for rel in sorted({f for w in where for f in files_under(w, root)}):
        if rel in codec or NOT_THIS_GAME.search(rel) or rel == "tools/consts.py":
            continue
        with open(os.path.join(root, rel), encoding="utf-8") as fh:
            for n, line in enumerate(fh, 1):
                code = line.split("#", 1)[0]
                if any(re.search(pat, code) for pat in patterns):
                    out.append("%s:%d: %s" % (rel, n, line.strip()))
    return out


@pytest.mark.parametrize("game", sorted(CODECS))
def test_only_the_engine_takes_its_packing_apart(game):
    assert offenders(game) == []


def test_a_decoder_by_hand_is_found(tmp_path):
    """The check bites: a tool that decodes a move or a play by hand is
    reported; the engine itself is not."""
    (tmp_path / "tools").mkdir()
    (tmp_path / "tools" / "bad.py").write_text("def f(m):\n    return m >> 7, m & 0x7F\n"
                                                "def g(m):\n    return (m >> 5) & 31\n")
    (tmp_path / "firmware" / "aliencity").mkdir(parents=True)
    (tmp_path / "firmware" / "aliencity" / "engine.py").write_text("k = m >> 7\n")
    assert offenders("aliencity", str(tmp_path)) == ["tools/bad.py:2: return m >> 7, m & 0x7F"]
    assert offenders("skyscrapers", str(tmp_path)) == ["tools/bad.py:4: return (m >> 5) & 31"]
