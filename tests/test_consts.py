"""tools/consts.py: the device's const() copies of another module's numbers
are generated into marked blocks, never typed by hand."""

import consts


def test_every_block_is_as_the_tool_writes_it():
    assert consts.run(check=True) == []


def test_a_block_lists_what_the_module_uses_and_nothing_else():
    text = ("from micropython import const\n\n"
            "# consts from alheimur.actions, alheimur.layout (tools/consts.py; do not edit)\n"
            "_K_SITE = const(15)\n"          # wrong: K_SITE is 16
            "_K_AIM = const(17)\n"           # no longer used
            "# end consts\n\n"
            "def f(a):\n    return a >> 11 == _K_SITE or a == _SPACE or MAX_ACTIONS\n")
    start, end, new = consts.block(text, "x.py", {})
    assert new.splitlines()[1:-1] == ["_K_SITE = const(16)", "MAX_ACTIONS = const(400)",
                                      "_SPACE = const(8)"]
    assert text[start:end] != new


def test_a_copy_kept_by_hand_is_refused():
    text = ("from micropython import const\n\n"
            "# consts from alheimur.actions (tools/consts.py; do not edit)\n"
            "# end consts\n\n"
            "_K_PASS = const(0)\n")
    problems = consts.hand_copies(text, "x.py", {}, ["alheimur.actions"])
    assert problems and "by hand" in problems[0]


def test_an_imported_name_gets_no_copy():
    text = ("from alheimur.actions import (\n    K_PASS,\n)\n"
            "# consts from alheimur.actions (tools/consts.py; do not edit)\n"
            "# end consts\n"
            "x = K_PASS\n")
    assert consts.block(text, "x.py", {})[2].count("\n") == 2     # the head and the end only


def test_a_private_number_of_a_source_is_copied_as_it_is():
    """A codec's private field number (alheimur.actions' _KIND_AT) reaches
    a module naming it in its block, private."""
    text = ("from micropython import const\n\n"
            "# consts from alheimur.actions (tools/consts.py; do not edit)\n"
            "# end consts\n\n"
            "def f(a):\n    return a >> _KIND_AT\n")
    assert consts.block(text, "x.py", {})[2].splitlines()[1] == "_KIND_AT = const(11)"


def test_a_number_written_twice_in_a_package_is_refused():
    """The same name and value written by hand in two modules of one
    package (public or private: aliencity/ai_eval.py's GREEN was
    geometry's, alheimur/restore.py's _VERSION save.py's) is one number
    written twice; in two packages a name may mean two things."""
    found = consts.written_twice({"aliencity.geometry": {"GREEN": 2, "NONE": 255},
                                  "aliencity.ai_eval": {"GREEN": 2, "FAR": 255},
                                  "alheimur.save": {"_VERSION": 2},
                                  "alheimur.restore": {"_VERSION": 2, "_HEAD": 12},
                                  "skyscrapers.plays": {"NONE": 255}})
    assert len(found) == 2, found
    assert "GREEN" in found[1] and "aliencity.ai_eval" in found[1] and "aliencity.geometry" in found[1]
    assert "_VERSION" in found[0] and "restore" in found[0] and "save" in found[0]


def test_a_planted_hand_copy_in_the_tree_is_found(tmp_path, monkeypatch):
    """run() over a copy of the firmware with alheimur/restore.py's
    _VERSION typed by hand again fails; as the tree is, nothing."""
    import shutil
    fw = tmp_path / "firmware"
    shutil.copytree(consts.FIRMWARE, fw, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(consts.BOARDS, tmp_path / "boards", ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(consts, "ROOT", str(tmp_path))
    monkeypatch.setattr(consts, "FIRMWARE", str(fw))
    monkeypatch.setattr(consts, "BOARDS", str(tmp_path / "boards"))
    assert consts.run(check=True) == []
    restore = fw / "alheimur" / "restore.py"
    restore.write_text(restore.read_text() + "\n_VERSION = const(2)\n")
    assert any("_VERSION" in p and "alheimur.restore" in p for p in consts.run(check=True))
