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
