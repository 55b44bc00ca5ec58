"""tools/deploy.py on fake drives (temporary folders with boot_out.txt or
INFO_UF2.TXT), and the simulator running from a deployed drive."""

import errno
import io
import os
import shutil
import struct
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout

import deploy
import fixture_library
import mpy_cross_server as mcs
import pytest

import paths

BOOT_OUT = {
    "cp9-pybadge": ("Adafruit CircuitPython 9.2.1 on 2024-11-20; Adafruit PyBadge with samd51j19\r\n"
                    "Board ID:pybadge\r\nUID:C7FD1A0E5E3B3553202020382E2016FF\r\n"),
    "cp10-pygamer": ("Adafruit CircuitPython 10.0.3 on 2025-10-17; Adafruit PyGamer with samd51j19\r\n"
                     "Board ID:pygamer\r\nUID:A1B2C3D4E5F60718293A4B5C6D7E8F90\r\n"
                     "boot.py output:\r\n"),
    "cp10beta-edgebadge": ("Adafruit CircuitPython 10.0.0-beta.2 on 2025-07-30; Adafruit EdgeBadge "
                           "with samd51j19\r\nBoard ID:edgebadge\r\n"),
    "cp8-pybadge": ("Adafruit CircuitPython 8.2.10 on 2024-02-14; Adafruit PyBadge with samd51j19\r\n"
                    "Board ID:pybadge\r\n"),
    "cp9-unknown": ("Adafruit CircuitPython 9.2.8 on 2025-05-28; Adafruit Feather M4 Express with "
                    "samd51j19\r\nBoard ID:feather_m4_express\r\n"),
}
INFO_UF2 = {
    "pybadge": ("UF2 Bootloader v3.14.0 SFHWRO\r\nModel: PyBadge\r\n"
                "Board-ID: SAMD51J19A-PyBadge-M4\r\n"),
    "pygamer": ("UF2 Bootloader v3.14.0 SFHWRO\r\nModel: PyGamer\r\n"
                "Board-ID: SAMD51J19A-PyGamer-M4\r\n"),
    "metro": ("UF2 Bootloader v3.14.0 SFHWRO\r\nModel: Metro M4 Express\r\n"
              "Board-ID: SAMD51J19A-Metro-M4-v0\r\n"),
}
PLAYER = {   # the player's files and others' files: never deleted or changed
    "settings.toml": b'CIRCUITPY_WIFI_SSID = "home"\n',
    "saves/alien-city-1.txt": b"AC1 standalone\nB E5 red tower\n",
    "notes.txt": b"my notes\n",
    "lib/adafruit_lis3dh.mpy": b"C\x06 someone else's library",
}


def make_drive(tmp_path, kind="cp9-pybadge", name="CIRCUITPY", player=True):
    d = tmp_path / name
    d.mkdir(parents=True)
    (d / "boot_out.txt").write_bytes(BOOT_OUT[kind].encode())
    (d / "code.py").write_text('print("Hello World!")\n')   # as on a new board
    if player:
        for rel, data in PLAYER.items():
            (d / rel).parent.mkdir(parents=True, exist_ok=True)
            (d / rel).write_bytes(data)
    return d


def snapshot(d):
    out = {}
    for dirpath, _dirs, files in os.walk(d):
        for fn in files:
            full = os.path.join(dirpath, fn)
            out[os.path.relpath(full, d).replace(os.sep, "/")] = open(full, "rb").read()
    return out


def run(argv, **kw):
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        rc = deploy.main(argv, **kw)
    return rc, out.getvalue(), err.getvalue()


def circup_libraries(requirements):
    """circup's own reading of a requirements.txt (circup/command_utils.py,
    libraries_from_requirements, adafruit/circup at f7f7873), for
    `circup install -r`."""
    import re
    libraries = ()
    for line in requirements.split("\n"):
        line = line.lower().strip()
        if line.startswith("#") or line == "":
            pass
        else:
            line = re.split("[<>=~[;]", line)[0].strip()
            libraries = libraries + (line,)
    return libraries


@pytest.fixture
def library(tmp_path, monkeypatch):
    """The firmware as if it imported a library from lib/ (it imports none
    today): tests/support/fixture_library.py; its name."""
    return fixture_library.install(tmp_path, monkeypatch)


def assert_player_files(d):
    for rel, data in PLAYER.items():
        assert (d / rel).read_bytes() == data, rel


# ------------------------------------------------------------ boot_out.txt

def test_boot_out_samples():
    i = deploy.parse_boot_out(BOOT_OUT["cp9-pybadge"])
    assert (i["version"], i["major"], i["name"], i["board_id"]) == ("9.2.1", 9, "Adafruit PyBadge", "pybadge")
    i = deploy.parse_boot_out(BOOT_OUT["cp10-pygamer"])
    assert (i["version"], i["major"], i["board_id"]) == ("10.0.3", 10, "pygamer")
    i = deploy.parse_boot_out(BOOT_OUT["cp10beta-edgebadge"])
    assert (i["version"], i["major"], i["board_id"]) == ("10.0.0-beta.2", 10, "edgebadge")
    assert deploy.parse_boot_out(BOOT_OUT["cp8-pybadge"])["major"] == 8
    assert deploy.parse_boot_out("")["major"] is None


def test_old_circuitpython_is_refused_with_how_to_update(tmp_path):
    d = make_drive(tmp_path, "cp8-pybadge")
    before = snapshot(d)
    rc, _out, err = run(["--drive", str(d)])
    assert rc == 1
    assert "CircuitPython 8.2.10" in err and "need CircuitPython 9" in err
    assert "https://circuitpython.org/board/pybadge/" in err and "--uf2" in err and "PYBADGEBOOT" in err
    assert snapshot(d) == before


def test_missing_boot_out_is_refused(tmp_path):
    d = make_drive(tmp_path)
    (d / "boot_out.txt").unlink()
    rc, _out, err = run(["--drive", str(d)])
    assert rc == 1 and "boot_out.txt" in err and "reset" in err


def test_unknown_board_warns_and_installs_the_default_adapter(tmp_path):
    d = make_drive(tmp_path, "cp9-unknown")
    rc, out, _err = run(["--drive", str(d)])
    assert rc == 0
    assert "warning: board 'feather_m4_express'" in out and "not one these games were made for" in out
    assert (d / "boards" / "pybadge.py").is_file()


# ------------------------------------------------------------ finding the drive

def test_no_drive_and_two_drives_messages(tmp_path):
    pats = [str(tmp_path / "media" / "*" / "{label}")]
    rc, _out, err = run([], circuitpy_patterns=pats)
    assert rc == 1 and "no CIRCUITPY drive found" in err and "--drive PATH" in err and "--uf2" in err
    # an empty leftover mount folder is not a drive
    (tmp_path / "media" / "ann" / "CIRCUITPY").mkdir(parents=True)
    rc, _out, err = run([], circuitpy_patterns=pats)
    assert rc == 1 and "no CIRCUITPY drive found" in err
    a = make_drive(tmp_path / "media" / "bob", player=False)
    b = make_drive(tmp_path / "media" / "cat", player=False)
    rc, _out, err = run(["--dry-run"], circuitpy_patterns=pats)
    assert rc == 1 and "2 CIRCUITPY drives found" in err
    assert str(a) in err and str(b) in err and "--drive PATH" in err
    import shutil
    shutil.rmtree(b)
    rc, out, _err = run(["--dry-run"], circuitpy_patterns=pats)
    assert rc == 0 and str(a) in out


def test_bootloader_drive_is_not_circuitpy(tmp_path):
    d = tmp_path / "PYBADGEBOOT"
    d.mkdir()
    (d / "INFO_UF2.TXT").write_text(INFO_UF2["pybadge"])
    rc, _out, err = run(["--drive", str(d)])
    assert rc == 1 and "--uf2" in err


# ------------------------------------------------------------ installing

def test_install_layout_pybadge(tmp_path):
    d = make_drive(tmp_path)
    rc, out, err = run(["--drive", str(d)])
    assert rc == 0, err
    fw = deploy.firmware_files()
    for rel, path in fw.items():          # .py: its private const() names folded in
        want = deploy.as_deployed(path) if rel.endswith(".py") else open(path, "rb").read()
        assert (d / rel).read_bytes() == want, rel
    assert b"_FAR = const(" not in (d / "store.py").read_bytes()
    for rel in ("boards/__init__.py", "boards/common.py", "boards/pybadge.py",
                "ui/text.py", "requirements.txt", deploy.MANIFEST):
        assert (d / rel).is_file(), rel
    assert not (d / "boards" / "pygamer.py").exists()
    # The firmware needs no library: lib/ holds only what others put there.
    # Built into CircuitPython on SAMD51 (neopixel_write: our own Pixels
    # over it) or desktop-only: never copied.
    assert sorted(p for p in snapshot(d) if p.startswith("lib/")) == sorted(
        p for p in PLAYER if p.startswith("lib/"))
    reqs = (d / "requirements.txt").read_text()
    assert circup_libraries(reqs) == () and "nothing for `circup install -r` to install" in reqs
    assert (d / "code.py").read_bytes() == open(os.path.join(paths.FIRMWARE, "code.py"), "rb").read()
    assert "replace (not installed by this tool before)" in out      # the stock code.py
    assert_player_files(d)
    assert not [p for p in snapshot(d) if p.endswith(deploy.TMP_SUFFIX)]


def test_a_library_the_firmware_imports_goes_to_lib(tmp_path, library):
    d = make_drive(tmp_path)
    rc, _out, err = run(["--drive", str(d)])
    assert rc == 0, err
    assert (d / "lib" / (library + ".py")).read_text() == fixture_library.SOURCE
    assert (d / "lights.py").is_file()
    # what it imports that is built into CircuitPython is not copied
    assert not (d / "lib" / "neopixel_write.py").exists()
    reqs = (d / "requirements.txt").read_text()
    assert circup_libraries(reqs) == (library,)
    assert "%s==%s" % (library, fixture_library.VERSION) in reqs.split()     # circup freeze's form
    assert_player_files(d)


def test_install_pygamer_takes_pybadge_module_too(tmp_path):
    d = make_drive(tmp_path, "cp10-pygamer")
    rc, _out, err = run(["--drive", str(d)])
    assert rc == 0, err
    assert (d / "boards" / "pygamer.py").is_file()
    assert (d / "boards" / "pybadge.py").is_file()    # pygamer imports ShiftButtons from it


def test_second_deploy_writes_nothing(tmp_path, monkeypatch):
    d = make_drive(tmp_path)
    assert run(["--drive", str(d)])[0] == 0
    before = {rel: os.stat(os.path.join(d, rel)).st_mtime_ns for rel in snapshot(d)}
    calls = []
    monkeypatch.setattr(deploy, "install_file", lambda *a: calls.append(a))
    monkeypatch.setattr(deploy.os, "remove", lambda *a: calls.append(a))
    rc, out, _err = run(["--drive", str(d)])
    assert rc == 0 and calls == []
    assert "is up to date" in out and "nothing written" in out
    assert {rel: os.stat(os.path.join(d, rel)).st_mtime_ns for rel in snapshot(d)} == before


def test_dry_run_changes_nothing(tmp_path):
    d = make_drive(tmp_path)
    before = snapshot(d)
    rc, out, _err = run(["--drive", str(d), "--dry-run"])
    assert rc == 0 and "would write code.py" in out and "nothing was changed" in out
    assert snapshot(d) == before
    # and on an installed drive with one changed file: lists only that one
    run(["--drive", str(d)])
    (d / "prng.py").write_text("# edited\n")
    before = snapshot(d)
    rc, out, _err = run(["--drive", str(d), "--dry-run"])
    assert "would write prng.py" in out and out.count("would write") == 1
    assert snapshot(d) == before


def old_version(bundle):
    """A made-up earlier release: every file different, one file that has gone since."""
    old = {rel: b"# old release\n" + data for rel, data in bundle.items()}
    old["aliencity/retired.py"] = b"# a module the new release no longer has\n"
    old["lib/adafruit_retired.py"] = b"# a library no longer needed\n"
    return old


def _installed_old(tmp_path):
    """A drive with a made-up earlier release installed; (drive, bundle,
    old, libs, info, family)."""
    d = make_drive(tmp_path)
    info, family = deploy.check_board(str(d))
    bundle, libs = deploy.build_bundle(family)
    old = old_version(bundle)
    with redirect_stdout(io.StringIO()):
        deploy.deploy(str(d), old, libs, info, family)
    assert_player_files(d)
    return d, bundle, old, libs, info, family


def assert_game(d, version, bundle):
    """Every file of the game on the drive is of that one version: never a mix."""
    now = snapshot(d)
    for rel in bundle:
        assert now.get(rel) == version.get(rel), rel


def finish(d, bundle, libs, info, family):
    out = io.StringIO()
    with redirect_stdout(out):
        deploy.deploy(str(d), bundle, libs, info, family)
    now = snapshot(d)
    for rel in bundle:
        assert now[rel] == bundle[rel], rel
    assert "aliencity/retired.py" not in now and "lib/adafruit_retired.py" not in now
    assert not [p for p in now if p.endswith(deploy.TMP_SUFFIX)]
    assert_player_files(d)
    with redirect_stdout(io.StringIO()):
        assert deploy.deploy(str(d), bundle, libs, info, family) == 0
    return out.getvalue()


def one_paragraph(msg):
    assert "Traceback" not in msg and "\n\n" not in msg.strip() and msg.strip().count("\n") == 0, msg
    return msg


def test_a_failure_while_writing_leaves_the_old_game_and_recovers(tmp_path, monkeypatch):
    """An I/O error halfway through the 5th new file: every new file was
    going to a temporary name, so the old release is whole; the temporaries
    are cleaned up, and the next run installs the new one."""
    d, bundle, old, libs, info, family = _installed_old(tmp_path)
    real = deploy._write_data
    n = {"calls": 0}

    def flaky(f, data):
        n["calls"] += 1
        if n["calls"] == 5:
            real(f, data[:len(data) // 2])
            raise OSError(errno.EIO, "Input/output error")
        real(f, data)

    monkeypatch.setattr(deploy, "_write_data", flaky)
    with redirect_stdout(io.StringIO()), pytest.raises(deploy.DeployError) as e:
        deploy.deploy(str(d), bundle, libs, info, family)
    monkeypatch.setattr(deploy, "_write_data", real)
    msg = one_paragraph(str(e.value))
    assert "writing to %s failed" % d in msg and "Input/output error" in msg
    assert "the old game is on the drive as it was" in msg
    assert_game(d, old, bundle)
    assert not [p for p in snapshot(d) if p.endswith(deploy.TMP_SUFFIX)]
    assert_player_files(d)
    finish(d, bundle, libs, info, family)


def unplug(d):
    """The drive goes away: its folder is empty (an unmounted mount point)."""
    gone = d.parent / ("unplugged-" + d.name)
    d.rename(gone)
    return gone


def plug(gone, d):
    if d.exists():
        d.rmdir()
    gone.rename(d)


def test_a_drive_that_vanishes_while_writing_keeps_the_old_game(tmp_path, monkeypatch):
    d, bundle, old, libs, info, family = _installed_old(tmp_path)
    real = deploy._write_data
    n = {"calls": 0, "gone": None}

    def vanish(f, data):
        n["calls"] += 1
        if n["calls"] == 7:
            real(f, data[:100])
            n["gone"] = unplug(d)
            raise OSError(errno.EIO, "Input/output error")
        real(f, data)

    monkeypatch.setattr(deploy, "_write_data", vanish)
    rc, _out, err = run(["--drive", str(d)])
    monkeypatch.setattr(deploy, "_write_data", real)
    assert rc == 1
    msg = one_paragraph(err)
    assert "went away while copying" in msg and "Plug the board back in" in msg
    assert "the old game is on the drive as it was" in msg
    plug(n["gone"], d)
    assert_game(d, old, bundle)                       # whole files, all of the old release
    assert any(p.endswith(deploy.TMP_SUFFIX) for p in snapshot(d))   # could not clean up: gone
    assert "left by an interrupted deploy" in finish(d, bundle, libs, info, family)


def test_a_drive_that_vanishes_while_renaming_is_finished_by_the_next_run(tmp_path, monkeypatch):
    """The rename phase (milliseconds) is the one window where old and new
    files meet; the message says so and the next run finishes the job."""
    d, bundle, _old, libs, info, family = _installed_old(tmp_path)
    real = deploy._commit_file
    n = {"calls": 0, "gone": None}

    def vanish(drive, rel):
        n["calls"] += 1
        if n["calls"] == 3:
            n["gone"] = unplug(d)
            raise OSError(errno.ENOENT, "No such file or directory")
        real(drive, rel)

    monkeypatch.setattr(deploy, "_commit_file", vanish)
    rc, _out, err = run(["--drive", str(d)])
    monkeypatch.setattr(deploy, "_commit_file", real)
    assert rc == 1
    msg = one_paragraph(err)
    assert "went away while copying" in msg and "(2 of %d were)" % len(bundle) in msg
    assert "the tool runs again, which finishes the job" in msg
    plug(n["gone"], d)
    finish(d, bundle, libs, info, family)


def test_player_files_are_never_deleted(tmp_path):
    d = make_drive(tmp_path)
    info, family = deploy.check_board(str(d))
    bundle, libs = deploy.build_bundle(family)
    old = old_version(bundle)
    old["settings.toml"] = PLAYER["settings.toml"]     # even if a release once shipped it
    old["aliencity/tinkered.py"] = b"# shipped\n"
    with redirect_stdout(io.StringIO()):
        deploy.deploy(str(d), old, libs, info, family)
    (d / "aliencity" / "tinkered.py").write_bytes(b"# the player changed this\n")
    out = io.StringIO()
    with redirect_stdout(out):
        deploy.deploy(str(d), bundle, libs, info, family)
    assert_player_files(d)                                   # settings.toml stays
    assert "settings.toml (may hold the player's data: never removed)" in out.getvalue()
    assert (d / "aliencity" / "tinkered.py").read_bytes() == b"# the player changed this\n"
    assert not (d / "aliencity" / "retired.py").exists()
    # a release that ships a settings file installs it only where there is none
    bundle2 = dict(bundle)
    bundle2["settings.toml"] = b"# defaults\n"
    with redirect_stdout(io.StringIO()):
        deploy.deploy(str(d), bundle2, libs, info, family)
    assert (d / "settings.toml").read_bytes() == PLAYER["settings.toml"]


def test_not_enough_space_writes_nothing(tmp_path, monkeypatch):
    d = make_drive(tmp_path)
    before = snapshot(d)

    class Usage:
        total, used, free = 2 << 20, (2 << 20) - 10000, 10000

    monkeypatch.setattr(deploy.shutil, "disk_usage", lambda p: Usage)
    rc, _out, err = run(["--drive", str(d)])
    assert rc == 1 and "not enough room" in err
    assert snapshot(d) == before


# ------------------------------------------------------------ mpy-cross

def fake_mpy_cross(tmp_path, magic, version=mcs.CP10_VERSION):
    return mcs.write_fake(tmp_path / ("mpy-cross-" + magic.decode()), magic, version)


def test_micropython_mpy_cross_is_refused(tmp_path):
    d = make_drive(tmp_path)
    before = snapshot(d)
    rc, _out, err = run(["--drive", str(d), "--mpy-cross", fake_mpy_cross(tmp_path, b"M")])
    assert rc == 1
    assert "MicroPython's mpy-cross" in err and "start with 'M'" in err and "'C'" in err
    assert "Incompatible .mpy file" in err
    assert snapshot(d) == before


def test_circuitpython_mpy_cross_compiles_all_but_code_py(tmp_path, library):
    d = make_drive(tmp_path, "cp10-pygamer")
    rc, _out, err = run(["--drive", str(d), "--mpy-cross", fake_mpy_cross(tmp_path, b"C")])
    assert rc == 0, err
    files = snapshot(d)
    lib = "lib/" + library
    assert files["code.py"] == open(os.path.join(paths.FIRMWARE, "code.py"), "rb").read()
    assert files[lib + ".mpy"].startswith(b"C\x06") and lib + ".py" not in files
    assert files["boards/__init__.mpy"].startswith(b"C") and files["aliencity/engine.mpy"].startswith(b"C")
    # back to .py: the tool's own .mpy files go, nobody else's
    rc, _out, _err = run(["--drive", str(d), "--py"])
    files = snapshot(d)
    assert lib + ".py" in files and lib + ".mpy" not in files
    assert "aliencity/engine.mpy" not in files
    assert files["lib/adafruit_lis3dh.mpy"] == PLAYER["lib/adafruit_lis3dh.mpy"]


# ------------------------------------------------------------ UF2

def uf2(n=8, family=deploy.SAMD51_FAMILY, flags=deploy.UF2_FLAG_FAMILY, addr=0x4000,
        end=deploy.UF2_MAGIC_END):
    blocks = []
    for i in range(n):
        payload = bytes((i + j) & 0xFF for j in range(256))
        blk = struct.pack("<8I", deploy.UF2_MAGIC_START0, deploy.UF2_MAGIC_START1, flags,
                          addr + 256 * i, 256, i, n, family)
        blk += payload + bytes(476 - len(payload)) + struct.pack("<I", end)
        assert len(blk) == 512
        blocks.append(blk)
    return b"".join(blocks)


def test_uf2_validation():
    assert deploy.check_uf2(uf2()) == 8
    with pytest.raises(deploy.DeployError, match="wrong magic"):
        deploy.check_uf2(uf2(end=0x12345678))
    bad = bytearray(uf2())
    bad[512:516] = b"\x00\x00\x00\x00"
    with pytest.raises(deploy.DeployError, match="block 1 has the wrong magic"):
        deploy.check_uf2(bytes(bad))
    with pytest.raises(deploy.DeployError, match=r"another chip: family 0xE48BFF56 \(RP2040\)"):
        deploy.check_uf2(uf2(family=0xE48BFF56))
    with pytest.raises(deploy.DeployError, match="SAMD21"):
        deploy.check_uf2(uf2(family=0x68ED2B88))
    with pytest.raises(deploy.DeployError, match="no family ID"):
        deploy.check_uf2(uf2(flags=0))
    with pytest.raises(deploy.DeployError, match="512-byte blocks"):
        deploy.check_uf2(uf2()[:-100])
    with pytest.raises(deploy.DeployError, match="over the bootloader"):
        deploy.check_uf2(uf2(addr=0))


def boot_drive(tmp_path, kind, name="PYBADGEBOOT"):
    d = tmp_path / "media" / "user" / name
    d.mkdir(parents=True)
    (d / "INFO_UF2.TXT").write_text(INFO_UF2[kind])
    (d / "INDEX.HTM").write_text("<html></html>")
    return d


def test_flash_uf2(tmp_path):
    d = boot_drive(tmp_path, "pybadge")
    f = tmp_path / "adafruit-circuitpython-pybadge-en_US-10.0.3.uf2"
    f.write_bytes(uf2())
    pats = [str(tmp_path / "media" / "*" / "*")]
    rc, out, err = run(["--uf2", str(f), "--dry-run"], boot_patterns=pats)
    assert rc == 0 and "would copy" in out and not (d / "NEW.UF2").exists()
    rc, out, err = run(["--uf2", str(f)], boot_patterns=pats)
    assert rc == 0, err
    assert (d / "NEW.UF2").read_bytes() == f.read_bytes()
    assert "When the CIRCUITPY drive appears" in out


def test_flash_uf2_refusals(tmp_path):
    good = tmp_path / "adafruit-circuitpython-pybadge-en_US-10.0.3.uf2"
    good.write_bytes(uf2())
    rp = tmp_path / "adafruit-circuitpython-raspberry_pi_pico-en_US-10.0.3.uf2"
    rp.write_bytes(uf2(family=0xE48BFF56))
    gamer = tmp_path / "adafruit-circuitpython-pygamer-en_US-10.0.3.uf2"
    gamer.write_bytes(uf2())
    badge = boot_drive(tmp_path, "pybadge")
    metro = boot_drive(tmp_path, "metro", "METROM4BOOT")
    for f, drive, msg in ((rp, badge, "another chip"),
                          (good, metro, "Metro M4 Express"),
                          (gamer, badge, "for the board 'pygamer'")):
        rc, _out, err = run(["--uf2", str(f), "--drive", str(drive)])
        assert rc == 1 and msg in err, err
        assert not (drive / "NEW.UF2").exists()
    # no bootloader drive, or two
    pats = [str(tmp_path / "media" / "*" / "*")]
    rc, _out, err = run(["--uf2", str(good)], boot_patterns=pats)
    assert rc == 1 and "2 bootloader (INFO_UF2.TXT) drives found" in err
    assert str(badge) in err and str(metro) in err
    rc, _out, err = run(["--uf2", str(good)], boot_patterns=[str(tmp_path / "nothing" / "*")])
    assert rc == 1 and "no bootloader" in err and "reset" in err
    # the PyGamer's bootloader takes the PyGamer's CircuitPython
    g = boot_drive(tmp_path / "g", "pygamer", "PYGAMERBOOT")
    rc, _out, err = run(["--uf2", str(gamer), "--drive", str(g)])
    assert rc == 0, err


# ------------------------------------------------------------ the simulator on a deployed drive

def sim(args, tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.pop("SIM_BOARD", None)
    return subprocess.run([sys.executable, "-m", "sim", "--headless", "--seed", "3",
                           "--timeout", "60"] + args,
                          cwd=paths.ROOT, env=env, capture_output=True, text=True, timeout=120)


def test_sim_runs_from_a_deployed_drive(tmp_path):
    d = make_drive(tmp_path)
    assert run(["--drive", str(d)])[0] == 0
    shot, ref = tmp_path / "drive.png", tmp_path / "firmware.png"
    p = sim(["--drive", str(d), "--screenshot", str(shot)], tmp_path)
    assert p.returncode == 0, p.stderr
    p = sim(["--screenshot", str(ref)], tmp_path)
    assert p.returncode == 0, p.stderr
    import pygame
    a, b = pygame.image.load(str(shot)), pygame.image.load(str(ref))
    assert a.get_size() == b.get_size()
    assert pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")   # the same title screen
    lit = sum(1 for y in range(0, 128, 2) for x in range(0, 160, 2) if a.get_at((x, y))[:3] != (0, 0, 0))
    assert lit > 50                                                         # and not a blank one


def test_sim_from_drive_uses_the_drive_and_fails_on_a_missing_file(tmp_path):
    d = make_drive(tmp_path)
    assert run(["--drive", str(d)])[0] == 0
    # the drive's adapter is what runs, not boards/ from the repository
    common = d / "boards" / "common.py"
    orig = common.read_bytes()
    common.write_bytes(orig + b"\nraise RuntimeError('adapter from the drive')\n")
    p = sim(["--drive", str(d)], tmp_path)
    assert p.returncode == 1 and "adapter from the drive" in p.stderr
    common.write_bytes(orig)
    for rel, name in (("ui/text.py", "ui.text"),
                      ("boards/pybadge.py", "boards.pybadge")):
        f = d / rel
        data = f.read_bytes()
        f.unlink()
        p = sim(["--drive", str(d)], tmp_path)
        assert p.returncode == 1, rel
        assert ("ModuleNotFoundError" in p.stderr or "ImportError" in p.stderr) \
            and name in p.stderr, p.stderr
        f.write_bytes(data)
    assert sim(["--drive", str(d)], tmp_path).returncode == 0


def test_sim_drive_says_a_compiled_drive_is_for_the_board(tmp_path):
    """The default deploy writes .mpy, which only CircuitPython runs: the
    simulator says to deploy source for it instead of failing on an
    import."""
    d = make_drive(tmp_path, "cp10-pygamer")
    rc, _out, err = run(["--drive", str(d), "--mpy-cross", fake_mpy_cross(tmp_path, b"C")])
    assert rc == 0, err
    p = sim(["--drive", str(d)], tmp_path)
    assert p.returncode == 2 and "holds compiled modules (" in p.stderr
    assert "tools/deploy.py --py --drive PATH" in p.stderr and "Traceback" not in p.stderr
    assert run(["--drive", str(d), "--py"])[0] == 0
    assert sim(["--drive", str(d)], tmp_path).returncode == 0


def test_sim_drive_board_comes_from_boot_out(tmp_path):
    d = make_drive(tmp_path, "cp10-pygamer")
    assert run(["--drive", str(d)])[0] == 0
    state = tmp_path / "s.json"
    p = sim(["--drive", str(d), "--state", str(state)], tmp_path)
    assert p.returncode == 0, p.stderr
    import json
    assert json.loads(state.read_text())["board"] == "pygamer"


def test_no_libs_leaves_lib_to_circup(tmp_path, library):
    d = make_drive(tmp_path)
    assert run(["--drive", str(d)])[0] == 0
    assert (d / "lib" / (library + ".py")).is_file()
    rc, out, _err = run(["--drive", str(d), "--no-libs"])
    assert rc == 0 and "now install the libraries: circup install -r" in out
    assert "remove  lib/%s.py (installed by an earlier deploy, no longer needed)" % library in out
    files = snapshot(d)
    assert not [p for p in files if p.startswith("lib/") and p not in PLAYER]   # only others' libraries
    assert circup_libraries(files["requirements.txt"].decode()) == (library,)
    assert "code.py" in files and "boards/common.py" in files
    assert_player_files(d)


def test_no_libs_says_when_there_is_nothing_for_circup(tmp_path):
    d = make_drive(tmp_path)
    rc, out, _err = run(["--drive", str(d), "--no-libs"])
    assert rc == 0 and "the games need no library in lib/: nothing for circup to install." in out
    assert "circup install -r" not in out


def test_a_library_no_longer_imported_leaves_the_drive(tmp_path, library, monkeypatch):
    """An earlier deploy installed a library the firmware no longer imports
    (as lib/neopixel.py before our own Pixels): the next deploy removes it
    (unchanged since it wrote it) and requirements.txt lists nothing."""
    d = make_drive(tmp_path)
    assert run(["--drive", str(d)])[0] == 0
    monkeypatch.undo()
    rc, out, _err = run(["--drive", str(d)])
    assert rc == 0 and "remove  lib/%s.py" % library in out
    assert not (d / "lib" / (library + ".py")).exists()
    assert circup_libraries((d / "requirements.txt").read_text()) == ()
    assert_player_files(d)


# ------------------------------------------------------------ drives that misbehave

class Mount:
    """A small tmpfs mounted at path when this machine lets us (root, and a
    sandbox that allows mount); .real says whether it is one."""

    def __init__(self, path, kb):
        self.path = path
        path.mkdir(parents=True)
        self.real = False
        if hasattr(os, "geteuid") and os.geteuid() == 0 and sys.platform.startswith("linux"):
            p = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=%dk,mode=0755" % kb, "tmpfs",
                                str(path)], capture_output=True, text=True)
            self.real = p.returncode == 0

    def remount(self, opts):
        subprocess.run(["mount", "-o", "remount," + opts, str(self.path)], check=True)

    def close(self):
        if self.real:
            subprocess.run(["umount", str(self.path)], check=True)
            self.real = False


@pytest.fixture
def mounts():
    made = []

    def make(path, kb):
        m = Mount(path, kb)
        made.append(m)
        return m

    yield make
    for m in made:
        m.close()


def drive_kb(bundle):
    """A drive that holds two releases (the old one and the new one being
    written) with room to spare, in a tmpfs's 4 KB pages: at least the
    PyBadge's 2 MB, more once the release grows (a FAT drive's clusters are
    smaller than a tmpfs's pages, so the board needs less). The spare, 1 MB,
    holds the old release's retired files, the player's files and the
    manifests (half of it was 8 KB short once the release reached 209
    files' pages)."""
    pages = sum((len(v) + 4095) // 4096 for v in bundle.values())
    return max(2048, 2 * 4 * pages + 1024)


def fill_drive(d, kind="cp9-pybadge"):
    (d / "boot_out.txt").write_bytes(BOOT_OUT[kind].encode())
    (d / "code.py").write_text('print("Hello World!")\n')
    for rel, data in PLAYER.items():
        (d / rel).parent.mkdir(parents=True, exist_ok=True)
        (d / rel).write_bytes(data)


def test_read_only_drive_says_what_to_do_and_changes_nothing(tmp_path, mounts, monkeypatch):
    """CircuitPython's boot.py can remount CIRCUITPY for the board to write:
    the computer then sees it read-only. A real read-only mount here when
    the machine allows it, else every write refused as such a drive does."""
    m = mounts(tmp_path / "CIRCUITPY", 2048)
    d = m.path
    fill_drive(d)
    (d / "boot.py").write_text('import storage\nstorage.remount("/", readonly=False)\n')
    if m.real:
        m.remount("ro")
    else:
        real_open = open

        def ro_open(path, mode="r", *a, **k):
            if str(path).startswith(str(d)) and any(c in mode for c in "wax+"):
                raise OSError(errno.EROFS, "Read-only file system")
            return real_open(path, mode, *a, **k)

        monkeypatch.setattr("builtins.open", ro_open)
    before = snapshot(d)
    rc, _out, err = run(["--drive", str(d)])
    monkeypatch.undo()
    assert rc == 1
    msg = one_paragraph(err)
    assert "is read-only for this computer (Read-only file system)" in msg
    assert "boot.py" in msg and "storage.remount" in msg and "safe mode" in msg
    assert "Nothing was changed." in msg
    assert snapshot(d) == before
    if m.real:
        m.remount("rw")
    assert run(["--drive", str(d)])[0] == 0             # writable again: it installs


def test_a_drive_that_fills_up_mid_copy_keeps_the_old_game(tmp_path, mounts, monkeypatch):
    """The space check passes (something else writes to the drive at the
    same time; here: the estimate is made to say 0) and the drive fills up
    while the new files are written: a real full tmpfs when the machine
    allows it, else ENOSPC once the writes pass the 'drive's' size."""
    bundle, libs = deploy.build_bundle("pybadge")
    m = mounts(tmp_path / "CIRCUITPY", drive_kb(bundle))
    d = m.path
    fill_drive(d)
    info, family = deploy.check_board(str(d))
    assert family == "pybadge"
    old = old_version(bundle)
    with redirect_stdout(io.StringIO()):
        deploy.deploy(str(d), old, libs, info, family)
    used = sum(len(v) for v in snapshot(d).values())
    ballast = d / "ballast.bin"          # leaves room for about half the new release
    if m.real:
        free = shutil.disk_usage(d).free
        ballast.write_bytes(b"\0" * (free - used // 2))
    else:
        left = {"bytes": used // 2}
        real = deploy._write_data

        def full(f, data):
            if len(data) > left["bytes"]:
                real(f, data[:left["bytes"]])
                raise OSError(errno.ENOSPC, "No space left on device")
            left["bytes"] -= len(data)
            real(f, data)

        monkeypatch.setattr(deploy, "_write_data", full)
    monkeypatch.setattr(deploy, "space_needed", lambda *a: 0)
    rc, _out, err = run(["--drive", str(d)])
    monkeypatch.undo()
    assert rc == 1
    msg = one_paragraph(err)
    assert "filled up while copying (No space left on device)" in msg
    assert "the old game is on the drive as it was" in msg and "--mpy-cross" in msg
    assert_game(d, old, bundle)
    assert not [p for p in snapshot(d) if p.endswith(deploy.TMP_SUFFIX)]   # room given back
    ballast.unlink(missing_ok=True)
    finish(d, bundle, libs, info, family)


def test_space_check_message_gives_the_figures_it_compares(tmp_path, mounts, monkeypatch):
    """Too little room: refused before writing, with the room needed and
    the room free; and a drive with just the room it asked for takes the
    install (the estimate is enough). Real tmpfs drives when possible."""
    m = mounts(tmp_path / "small" / "CIRCUITPY", 128)
    d = m.path
    fill_drive(d)
    if not m.real:
        class Usage:
            total, used, free = 128 * 1024, 10 * 1024, 118 * 1024
        monkeypatch.setattr(deploy.shutil, "disk_usage", lambda p: Usage)
    before = snapshot(d)
    rc, _out, err = run(["--drive", str(d)])
    assert rc == 1
    msg = one_paragraph(err)
    import re
    need_kb, free_kb = (int(x) for x in re.search(
        r"this update needs (\d+) KB free .* and the drive has (\d+) KB free", msg).groups())
    assert free_kb == deploy.shutil.disk_usage(str(d)).free // 1024
    assert need_kb > free_kb and "Nothing was changed" in msg and "--mpy-cross" in msg
    assert snapshot(d) == before
    monkeypatch.undo()
    # a drive with exactly the room asked for (plus what is on it) takes it
    m2 = mounts(tmp_path / "fits" / "CIRCUITPY", need_kb + 64)
    if m2.real:
        d2 = m2.path
        fill_drive(d2)
        rc, _out, err = run(["--drive", str(d2)])
        assert rc == 0, err


@pytest.mark.parametrize("case", ["missing", "empty", "binary", "a folder", "no version",
                                  "no board id"])
def test_odd_boot_out_txt(tmp_path, case):
    d = make_drive(tmp_path)
    b = d / "boot_out.txt"
    if case == "missing":
        b.unlink()
    elif case == "empty":
        b.write_bytes(b"")
    elif case == "binary":
        b.write_bytes(bytes(range(256)))
    elif case == "a folder":
        b.unlink()
        b.mkdir()
    elif case == "no version":
        b.write_text("Adafruit MicroPython v1.20 on 2023; PyBadge with samd51\r\n")
    else:
        b.write_text("Adafruit CircuitPython 10.0.3 on 2025-10-17\r\n")
    before = snapshot(d)
    rc, out, err = run(["--drive", str(d)])
    if case == "no board id":       # the version is enough: a warning, the default adapter
        assert rc == 0, err
        assert "warning: board None" in out and (d / "boards" / "pybadge.py").is_file()
        return
    assert rc == 1
    msg = one_paragraph(err)
    assert "boot_out.txt" in msg and "reset button" in msg and "--force" in msg
    assert snapshot(d) == before


def test_a_path_that_is_not_a_drive(tmp_path):
    f = tmp_path / "notes.txt"
    f.write_text("x")
    home = tmp_path / "home"
    home.mkdir()
    (home / "photo.jpg").write_bytes(b"\xff\xd8")
    for path, says in ((tmp_path / "nowhere", "does not exist"),
                       (f, "is a file, not a drive"),
                       (home, "does not look like a CIRCUITPY drive")):
        rc, _out, err = run(["--drive", str(path)])
        assert rc == 1
        msg = one_paragraph(err)
        assert says in msg and "--drive" in msg, msg
    assert sorted(os.listdir(home)) == ["photo.jpg"]


def test_files_the_tool_did_not_install_are_backed_up_first(tmp_path):
    d = make_drive(tmp_path)
    stock = (d / "code.py").read_bytes()
    rc, out, err = run(["--drive", str(d)])
    assert rc == 0, err
    backups = list((d / deploy.BACKUP_DIR).glob("*/code.py"))
    assert len(backups) == 1 and backups[0].read_bytes() == stock
    assert "copied code.py (not installed by this tool) to %s" % backups[0].parent in out
    # a file of ours that the player edited since: backed up too; our own unchanged ones not
    (d / "prng.py").write_text("# my tweak\n")
    (d / "code.py").write_text("# my own launcher\n")
    rc, out, _err = run(["--drive", str(d)])
    assert rc == 0
    newest = max((d / deploy.BACKUP_DIR).iterdir())
    assert sorted(p.name for p in newest.iterdir()) == ["code.py", "prng.py"]
    assert (newest / "prng.py").read_text() == "# my tweak\n"
    assert (newest / "code.py").read_text() == "# my own launcher\n"
    assert "to %s" % newest in out
    assert run(["--drive", str(d)])[1].count("copied") == 0     # nothing of the player's left


def test_libraries_circup_installed_or_updated_are_left_alone(tmp_path, library):
    d = make_drive(tmp_path)
    assert run(["--drive", str(d)])[0] == 0
    lib = "lib/" + library
    # `circup update` replaced our copy with the bundle's newer one
    newer = b'__version__ = "1.3.0"\n__repo__ = "https://github.com/adafruit/x.git"\n'
    (d / (lib + ".py")).write_bytes(newer)
    rc, out, _err = run(["--drive", str(d)])
    assert rc == 0 and "keep    %s.py (changed on the drive since the last deploy" % lib in out
    assert (d / (lib + ".py")).read_bytes() == newer
    # `circup install` put the .mpy there itself: ours is not added beside it
    d2 = make_drive(tmp_path / "two")
    (d2 / (lib + ".mpy")).write_bytes(b"C\x06 the bundle's")
    rc, out, _err = run(["--drive", str(d2)])
    assert rc == 0 and "%s.mpy is on the drive and was not installed by this tool" % lib in out
    assert not (d2 / (lib + ".py")).exists()


# ------------------------------------------------------------ X.py beside X.mpy

def _backed_up(d):
    """{path: bytes} of everything under deploy-backup/<date-time>/ (all runs)."""
    out = {}
    for rel, data in snapshot(d).items():
        if rel.startswith(deploy.BACKUP_DIR + "/"):
            out.setdefault(rel.split("/", 2)[2], []).append(data)
    return out


def test_a_stale_py_beside_an_installed_mpy_is_backed_up_and_removed(tmp_path):
    """CircuitPython imports X.py before X.mpy (py/builtinimport.c,
    stat_file_py_or_mpy), so an X.py left beside the X.mpy a deploy
    installs would run instead: anywhere on the drive, whether the tool
    wrote it and it was edited since, or someone else put it there."""
    exe = fake_mpy_cross(tmp_path, b"C")
    d = make_drive(tmp_path, "cp10-pygamer")
    assert run(["--drive", str(d), "--py"])[0] == 0
    edited = b"# my change to the engine\n" + (d / "aliencity" / "engine.py").read_bytes()
    (d / "aliencity" / "engine.py").write_bytes(edited)              # ours, edited
    (d / "ui" / "menu.py").unlink()
    foreign = b"# a copy dragged onto the drive by hand\nX = 1\n"
    (d / "ui" / "menu.py").write_bytes(foreign)                       # ours, replaced by hand
    (d / "boards" / "common.py").write_bytes(foreign)
    dragged = b"# an old release copied by hand\n"
    d2 = make_drive(tmp_path / "two", "cp10-pygamer")                 # never deployed to
    (d2 / "skyscrapers").mkdir()
    (d2 / "skyscrapers" / "engine.py").write_bytes(dragged)
    (d2 / "prng.py").write_bytes(dragged)
    for drive, gone in ((d, {"aliencity/engine.py": edited, "ui/menu.py": foreign,
                             "boards/common.py": foreign}),
                        (d2, {"skyscrapers/engine.py": dragged, "prng.py": dragged})):
        before = snapshot(drive)
        rc, out, err = run(["--drive", str(drive), "--mpy-cross", exe, "--dry-run"])
        assert rc == 0, err
        for rel in gone:
            assert "would remove %s (CircuitPython would import it instead of the new %smpy" % (
                rel, rel[:-2]) in out, out
        assert snapshot(drive) == before
        rc, out, err = run(["--drive", str(drive), "--mpy-cross", exe])
        assert rc == 0, err
        files = snapshot(drive)
        for rel, data in gone.items():
            assert rel not in files and files[rel[:-3] + ".mpy"][:1] == b"C", rel
            assert "remove  %s (CircuitPython would import it instead" % rel in out
            assert data in _backed_up(drive)[rel], rel                 # backed up first
        assert [p for p in files if p.endswith(".py") and not p.startswith(deploy.BACKUP_DIR)] \
            == ["code.py"]
        assert_player_files(drive)
        assert "is up to date" in run(["--drive", str(drive), "--mpy-cross", exe])[1]
        if drive == d:
            assert ("remove  aliencity/engine.py (CircuitPython would import it instead of the new "
                    "aliencity/engine.mpy: changed on the drive since the last deploy; backed up "
                    "first)") in out
            assert ("remove  prng.py (installed by an earlier deploy, no longer needed)") in out
            assert "prng.py" not in _backed_up(d)               # its own unchanged .py: no backup


def test_an_old_mpy_beside_an_installed_py_is_backed_up_and_removed(tmp_path):
    """The other way round: a .py deploy takes away an X.mpy the tool did
    not install, or one of its own that changed since, after a backup (its
    own unchanged ones simply go)."""
    exe = fake_mpy_cross(tmp_path, b"C")
    d = make_drive(tmp_path, "cp10-pygamer")
    assert run(["--drive", str(d), "--mpy-cross", exe])[0] == 0
    changed = b"C\x06 compiled again by hand"
    (d / "aliencity" / "engine.mpy").write_bytes(changed)
    foreign = b"C\x06 someone's old prng"
    d2 = make_drive(tmp_path / "two", "cp10-pygamer")
    (d2 / "prng.mpy").write_bytes(foreign)
    (d2 / "alheimur").mkdir()
    (d2 / "alheimur" / "engine.mpy").write_bytes(foreign)
    for drive, gone in ((d, {"aliencity/engine.mpy": changed}),
                        (d2, {"prng.mpy": foreign, "alheimur/engine.mpy": foreign})):
        rc, out, err = run(["--drive", str(drive), "--py"])
        assert rc == 0, err
        files = snapshot(drive)
        for rel, data in gone.items():
            assert rel not in files and rel[:-4] + ".py" in files, rel
            assert "remove  %s (the new %spy replaces it" % (rel, rel[:-3]) in out, out
            assert data in _backed_up(drive)[rel]
        assert not [p for p in files if p.endswith(".mpy") and p not in PLAYER
                    and not p.startswith(deploy.BACKUP_DIR)]
        assert_player_files(drive)
        if drive == d:
            assert "remove  prng.mpy (installed by an earlier deploy, no longer needed)" in out
            assert "prng.mpy" not in _backed_up(d)              # its own unchanged .mpy: no backup


# ------------------------------------------------------------ a build without terminalio

def uf2_of(image, addr=0x4000, reverse=True):
    """A UF2 file writing `image` at addr, 256 bytes a block (as
    CircuitPython's are), its blocks in reverse order (UF2 allows any)."""
    chunks = [image[i:i + 256] for i in range(0, len(image), 256)]
    blocks = []
    for i, payload in enumerate(chunks):
        blk = struct.pack("<8I", deploy.UF2_MAGIC_START0, deploy.UF2_MAGIC_START1,
                          deploy.UF2_FLAG_FAMILY, addr + 256 * i, len(payload), i, len(chunks),
                          deploy.SAMD51_FAMILY)
        blocks.append(blk + payload + bytes(476 - len(payload)) + struct.pack("<I", deploy.UF2_MAGIC_END))
    return b"".join(reversed(blocks) if reverse else blocks)


def cp_image(version="10.0.3", board="Adafruit Pybadge", terminalio=True):
    """A made-up image holding what a CircuitPython build's image holds as
    C strings: its version line (as boot_out.txt shows it) and the names of
    its built-in modules (the qstr pool), placed so that both run across
    the 256-byte blocks."""
    names = [b"board", b"digitalio", b"displayio", b"fontio", b"keypad", b"neopixel_write"]
    if terminalio:
        names.append(b"terminalio")
    banner = ("Adafruit CircuitPython %s on 2025-10-17; %s with samd51j19" % (version, board)).encode()
    return (bytes(range(256)) * 3)[:700] + banner + b"\0" + b"\0".join(names) + b"\0" + b"\xff" * 300


@pytest.mark.parametrize("name, image, says", [
    ("adafruit-circuitpython-pybadge-ja-10.0.3.uf2", None, "in Japanese (ja), by its name"),
    ("adafruit-circuitpython-pybadge-ko-9.2.8.uf2", None, "in Korean (ko), by its name"),
    ("adafruit-circuitpython-pybadge-ru-10.0.3.uf2", cp_image(terminalio=False),
     "its image, CircuitPython 10.0.3 for the Adafruit Pybadge, has no terminalio module"),
    ("firmware.uf2", cp_image(terminalio=False), "has no terminalio module"),
    ("adafruit-circuitpython-pybadge-en_US-10.0.3.uf2", cp_image(terminalio=False),
     "has no terminalio module"),
], ids=["ja by name", "ko by name", "ru by image", "renamed, by image", "en_US named, by image"])
def test_a_build_without_terminalio_is_not_flashed(tmp_path, name, image, says):
    """Told by the image's strings where they can be read (renamed files
    too), else by circuitpython.org's name for the file."""
    d = boot_drive(tmp_path, "pybadge")
    f = tmp_path / name
    f.write_bytes(uf2_of(image) if image else uf2())
    rc, _out, err = run(["--uf2", str(f), "--drive", str(d)])
    assert rc == 1
    msg = one_paragraph(err)
    assert says in msg and "no room in the flash for those fonts" in msg
    assert "Every other language works: en_US, en_GB," in msg and "zh_Latn_pinyin" in msg
    assert "https://circuitpython.org/board/pybadge/" in msg and "--force" in msg
    assert not (d / "NEW.UF2").exists()
    rc, out, err = run(["--uf2", str(f), "--drive", str(d), "--force"])       # on purpose
    assert rc == 0 and "Flashing it anyway (--force)" in out, err
    assert (d / "NEW.UF2").read_bytes() == f.read_bytes()


@pytest.mark.parametrize("name, image", [
    ("adafruit-circuitpython-pygamer-en_US-10.0.3.uf2", cp_image(board="Adafruit PyGamer")),
    ("firmware.uf2", cp_image(board="Adafruit PyGamer")),
    ("adafruit-circuitpython-pygamer-de_DE-10.0.3.uf2", None),
    ("adafruit-circuitpython-pygamer-ja-9.2.4.uf2", None),        # before 9.2.5 they had it
    ("adafruit-circuitpython-pygamer-ja-10.0.3.uf2", cp_image()),  # the image says it has it
], ids=["en_US", "renamed, by image", "de_DE by name", "ja 9.2.4 by name", "ja named, image has it"])
def test_builds_with_terminalio_are_flashed(tmp_path, name, image):
    d = boot_drive(tmp_path, "pygamer", "PYGAMERBOOT")
    f = tmp_path / name
    f.write_bytes(uf2_of(image) if image else uf2())
    rc, out, err = run(["--uf2", str(f), "--drive", str(d)])
    assert rc == 0 and "leave terminalio out" not in out + err, err
    assert (d / "NEW.UF2").read_bytes() == f.read_bytes()


def test_uf2_names_in_every_language_are_read():
    """circuitpython.org's names: board, language (two or three letters,
    maybe with parts: en_x_pirate, zh_Latn_pinyin, ID), version; a file
    for another board is told in every language."""
    for lang in deploy.LANGUAGES_WITH_TERMINALIO + tuple(deploy.NO_TERMINALIO):
        m = deploy.UF2_NAME.search("adafruit-circuitpython-pygamer-%s-10.0.3.uf2" % lang)
        assert m and m.groups() == ("pygamer", lang, "10", "0", "3"), lang
    m = deploy.UF2_NAME.search("adafruit-circuitpython-feather_m4_express-fil-9.2.1 (1).uf2")
    assert m and m.groups()[:2] == ("feather_m4_express", "fil")


def test_a_pygamer_build_in_any_language_is_refused_for_a_pybadge(tmp_path):
    d = boot_drive(tmp_path, "pybadge")
    f = tmp_path / "adafruit-circuitpython-pygamer-zh_Latn_pinyin-10.0.3.uf2"
    f.write_bytes(uf2())
    rc, _out, err = run(["--uf2", str(f), "--drive", str(d)])
    assert rc == 1 and "for the board 'pygamer'" in err and not (d / "NEW.UF2").exists()


def test_uf2_image_puts_blocks_in_address_order():
    image = cp_image()
    assert deploy.uf2_image(uf2_of(image)) == image
    assert deploy.uf2_image(uf2_of(image, reverse=False)) == image
    two = uf2_of(b"x" * 256, addr=0x4000, reverse=False) + uf2_of(b"y" * 256, addr=0x8000)
    assert deploy.uf2_image(two) == b"x" * 256 + b"\0" + b"y" * 256     # a gap: no string across it


def test_circuitpython_keeps_its_modules_names_as_c_strings(tmp_path):
    """What the image check rests on, in a real CircuitPython build (the
    32-bit unix port of ../shared/circuitpython: no displayio, so no
    terminalio): the name of every module built in is a NUL-ended string
    in the binary, and a module left out leaves no such string."""
    import cplane
    cplane.require_or_skip()
    exe = cplane.directory() / "circuitpython32"
    if not exe.is_file():
        pytest.skip("%s is absent" % exe)
    binary = exe.read_bytes()
    for name in (b"gc", b"micropython", b"struct", b"collections"):
        assert name + b"\0" in binary, name
    for name in (b"terminalio", b"displayio", b"fontio", b"keypad"):
        assert name + b"\0" not in binary, name
    r = cplane.run("import terminalio", files={})
    assert r.returncode == 1 and "no module named 'terminalio'" in r.stdout
