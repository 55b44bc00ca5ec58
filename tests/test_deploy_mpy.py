"""tools/deploy.py's .mpy by default: the board's release read from
boot_out.txt, CircuitPython's mpy-cross for it found (--mpy-cross PATH,
the per-user cache, Adafruit's download fetched once into the cache),
checked, used; and every way that fails ending in one line and a .py
deploy. No network: a web server on the loopback (tests/support/
mpy_cross_server.py) stands in for Adafruit's, and conftest.py's
no_network fixture refuses everything beyond the loopback."""

import functools
import os
import pathlib
import re
import time

import deploy
import mpy_cross_server as mcs
import pytest
from test_deploy import BOOT_OUT, PLAYER, make_drive, run, snapshot

import paths

TAG = "10.0.3"                      # BOOT_OUT["cp10-pygamer"]
PATH = mcs.form_path(TAG)           # where the server keeps its mpy-cross
PY_LINE = "warning: deploying .py, not .mpy: "


@pytest.fixture(autouse=True)
def linux_amd64(monkeypatch):
    """Every test here as on a Linux x86-64 computer (the server's layout);
    test_host_forms covers the others."""
    monkeypatch.setattr(deploy, "host_platform", lambda: ("Linux", "x86_64"))


def cached(name="mpy-cross-linux-amd64-%s.static" % TAG):
    return os.path.join(deploy.cache_dir(), name)


def py_lines(out):
    return [ln for ln in out.splitlines() if "deploying .py, not .mpy" in ln
            or "would deploy .py, not .mpy" in ln]


@functools.cache
def py_bundle():
    """What a .py deploy puts on a PyGamer's drive (computed once)."""
    return deploy.build_bundle("pygamer")[0]


def assert_py_deploy(d, out, reason):
    """A .py deploy, said in one line (with its cost) that names the reason."""
    lines = py_lines(out)
    assert len(lines) == 1, out
    line = lines[0]
    assert line.startswith(PY_LINE) and reason in line, line
    assert "%.1f to %.1f s" % deploy.PY_START_S in line and "%.1f KB" % deploy.PY_HEAP_KB in line
    files = snapshot(d)
    assert not [p for p in files if p.endswith(".mpy") and p not in PLAYER]
    for rel, data in py_bundle().items():
        assert files[rel] == data, rel


def assert_mpy_deploy(d, exe):
    files = {p: data for p, data in snapshot(d).items() if not p.startswith(deploy.BACKUP_DIR + "/")}
    assert [p for p in files if p.endswith(".py")] == ["code.py"]
    for rel in ("aliencity/engine.mpy", "boards/pygamer.mpy", "ui/text.mpy", "prng.mpy"):
        assert files[rel][:2] == b"C\x06", rel
    assert os.path.isfile(exe) and os.access(exe, os.X_OK)


# ------------------------------------------------------------ where it looks

def test_host_forms():
    """The file each host is published under (circuitpython-build-tools'
    names, and CircuitPython's own upload workflow's), and none for a host
    with none."""
    urls = {}
    for host in (("Linux", "x86_64"), ("Linux", "AMD64"), ("Linux", "aarch64"), ("Linux", "armv7l"),
                 ("Darwin", "arm64"), ("Darwin", "x86_64"), ("Windows", "AMD64"),
                 ("Linux", "riscv64"), ("Windows", "ARM64"), ("FreeBSD", "amd64")):
        urls[host] = ["BASE/%s/%s" % (folder, name.format(tag="10.0.3"))
                      for folder, name in deploy.mpy_cross_forms(*host)]
    assert urls == {
        ("Linux", "x86_64"): ["BASE/linux-amd64/mpy-cross-linux-amd64-10.0.3.static"],
        ("Linux", "AMD64"): ["BASE/linux-amd64/mpy-cross-linux-amd64-10.0.3.static"],
        ("Linux", "aarch64"): ["BASE/linux-aarch64/mpy-cross-linux-aarch64-10.0.3.static-aarch64"],
        ("Linux", "armv7l"): ["BASE/linux-raspbian/mpy-cross-linux-raspbian-10.0.3.static-raspbian"],
        ("Darwin", "arm64"): ["BASE/macos/mpy-cross-macos-10.0.3-universal",
                              "BASE/macos/mpy-cross-macos-10.0.3-arm64"],
        ("Darwin", "x86_64"): ["BASE/macos/mpy-cross-macos-10.0.3-universal",
                               "BASE/macos/mpy-cross-macos-10.0.3-x64"],
        ("Windows", "AMD64"): ["BASE/windows/mpy-cross-windows-10.0.3.static.exe"],
        ("Linux", "riscv64"): [], ("Windows", "ARM64"): [], ("FreeBSD", "amd64"): [],
    }
    assert deploy.MPY_CROSS_FROM == "https://adafruit-circuit-python.s3.amazonaws.com/bin/mpy-cross"


def circup_version(boot_out):
    """circup's own reading of boot_out.txt (circup/backends.py,
    parse_boot_out_file, adafruit/circup at f7f7873): the release tag."""
    return boot_out.split("\n")[0].split(";")[0].split(" ")[-3]


def test_the_release_is_read_from_boot_out_as_circup_reads_it():
    for kind, text in BOOT_OUT.items():
        assert deploy.parse_boot_out(text)["version"] == circup_version(text), kind


def test_the_cache_folder_follows_xdg(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "c"))
    assert deploy.cache_dir() == str(tmp_path / "c" / "handheld-city-games" / "mpy-cross")
    for value in ("", "relative/cache"):            # the XDG spec: absolute paths only
        monkeypatch.setenv("XDG_CACHE_HOME", value)
        monkeypatch.setenv("HOME", str(tmp_path / "home"))
        assert deploy.cache_dir() == str(tmp_path / "home" / ".cache" / "handheld-city-games" / "mpy-cross")


# ------------------------------------------------------------ fetched once, then kept

def test_default_deploy_fetches_once_and_compiles(tmp_path):
    """The default deploy onto a CircuitPython 10.0.3 board: the server's
    mpy-cross for 10.0.3 (the real CircuitPython 10.3 one when
    ../shared/circuitpython has it) is fetched into the cache, made
    executable, checked and used; the second deploy takes it from the
    cache without a request, and so does one with no server at all."""
    with mcs.Server({PATH: mcs.good_binary()}) as srv:
        d = make_drive(tmp_path / "one", "cp10-pygamer")
        rc, out, err = run(["--drive", str(d), "--mpy-cross-from", srv.url])
        assert rc == 0, err
        assert srv.requests == ["/mirror" + PATH]
        assert "fetching CircuitPython 10.0.3's mpy-cross" in out and srv.url + PATH in out
        assert "compiling to .mpy with %s" % cached() in out and not py_lines(out)
        assert_mpy_deploy(d, cached())
        assert os.listdir(deploy.cache_dir()) == [os.path.basename(cached())]   # nothing half-written
        assert open(cached(), "rb").read() == srv.files[PATH]
        d2 = make_drive(tmp_path / "two", "cp10-pygamer")
        rc, out, err = run(["--drive", str(d2), "--mpy-cross-from", srv.url])
        assert rc == 0, err
        assert srv.requests == ["/mirror" + PATH]                  # no second request
        assert "fetching" not in out and "compiling to .mpy with %s" % cached() in out
        assert_mpy_deploy(d2, cached())
    d3 = make_drive(tmp_path / "three", "cp10-pygamer")
    rc, out, err = run(["--drive", str(d3), "--mpy-cross-from", "http://127.0.0.1:%d" % mcs.closed_port()])
    assert rc == 0 and "compiling to .mpy with %s" % cached() in out, err
    assert_mpy_deploy(d3, cached())


def test_a_bad_compiler_in_the_cache_is_fetched_again(tmp_path):
    os.makedirs(deploy.cache_dir())
    mcs.write_fake(pathlib.Path(cached()), b"M", mcs.MICROPYTHON_VERSION)
    with mcs.Server({PATH: mcs.fake_script()}) as srv:
        d = make_drive(tmp_path, "cp10-pygamer")
        rc, out, err = run(["--drive", str(d), "--mpy-cross-from", srv.url])
        assert rc == 0, err
        assert "the mpy-cross kept in %s is MicroPython's mpy-cross" % cached() in out
        assert srv.requests == ["/mirror" + PATH]
    assert open(cached(), "rb").read() == mcs.fake_script()
    assert_mpy_deploy(d, cached())


def test_an_explicit_mpy_cross_and_py_ask_for_nothing(tmp_path):
    with mcs.Server({PATH: mcs.fake_script()}) as srv:
        d = make_drive(tmp_path / "a", "cp10-pygamer")
        exe = mcs.write_fake(tmp_path / "my-mpy-cross")
        rc, out, err = run(["--drive", str(d), "--mpy-cross", exe, "--mpy-cross-from", srv.url])
        assert rc == 0 and "compiling to .mpy with %s" % exe in out, err
        assert_mpy_deploy(d, exe)
        d2 = make_drive(tmp_path / "b", "cp10-pygamer")
        rc, out, err = run(["--drive", str(d2), "--py", "--mpy-cross-from", srv.url])
        assert rc == 0, err
        assert_py_deploy(d2, out, "--py asks for source")
        assert srv.requests == []
    assert not os.path.exists(deploy.cache_dir())
    with pytest.raises(SystemExit) as e:                           # one or the other
        run(["--drive", str(d2), "--py", "--mpy-cross", exe])
    assert e.value.code == 2


# ------------------------------------------------------------ and when it cannot: .py, in one line

def _bad_servers():
    good = mcs.good_binary()
    return {
        "micropython": ({PATH: mcs.fake_script(b"M", mcs.MICROPYTHON_VERSION)},
                        "is MicroPython's mpy-cross"),
        "circuitpython 9": ({PATH: mcs.fake_script(b"C", mcs.CP9_VERSION)},
                            "is CircuitPython 9's mpy-cross, but the board runs CircuitPython 10"),
        "cut short": ({PATH: ("cut", good)}, "cut short: %d of %d bytes" % (len(good) // 2, len(good))),
        "truncated file": ({PATH: good[:len(good) // 2]}, "failed on a one-line probe file"),
        "404": ({}, "Adafruit publishes no mpy-cross for CircuitPython 10.0.3 on this computer (HTTP 404"),
    }


@pytest.mark.parametrize("case", ["micropython", "circuitpython 9", "cut short", "truncated file", "404"])
def test_a_wrong_or_missing_download_means_py(tmp_path, case):
    files, reason = _bad_servers()[case]
    with mcs.Server(files) as srv:
        d = make_drive(tmp_path, "cp10-pygamer")
        rc, out, err = run(["--drive", str(d), "--mpy-cross-from", srv.url])
    assert rc == 0 and err == "", err
    assert_py_deploy(d, out, reason)
    assert srv.requests == ["/mirror" + PATH]
    assert not os.listdir(deploy.cache_dir())                     # nothing bad is kept


def test_no_server_at_all_means_py_at_once(tmp_path):
    """Nothing listening on the mirror's port, and Adafruit's own address
    with the network gone (conftest.py refuses it): .py, one line, no
    waiting."""
    d = make_drive(tmp_path / "a", "cp10-pygamer")
    t0 = time.monotonic()
    rc, out, err = run(["--drive", str(d), "--mpy-cross-from", "http://127.0.0.1:%d" % mcs.closed_port()])
    assert rc == 0, err
    assert_py_deploy(d, out, "failed (cannot reach it: Connection refused)")
    d2 = make_drive(tmp_path / "b", "cp10-pygamer")
    rc, out, err = run(["--drive", str(d2)])
    assert rc == 0, err
    assert_py_deploy(d2, out, "fetching %s%s failed (cannot reach it: tests: no name lookups"
                     % (deploy.MPY_CROSS_FROM, PATH))
    assert time.monotonic() - t0 < 30           # the deploys' own work; no timeout waited out


def test_hosts_and_versions_with_nothing_published_mean_py(tmp_path, monkeypatch):
    with mcs.Server({PATH: mcs.fake_script()}) as srv:
        monkeypatch.setattr(deploy, "host_platform", lambda: ("Linux", "riscv64"))
        d = make_drive(tmp_path / "a", "cp10-pygamer")
        rc, out, _err = run(["--drive", str(d), "--mpy-cross-from", srv.url])
        assert rc == 0
        assert_py_deploy(d, out, "Adafruit publishes no mpy-cross for this computer (Linux riscv64)")
        monkeypatch.setattr(deploy, "host_platform", lambda: ("Linux", "x86_64"))
        d2 = make_drive(tmp_path / "b", "cp10-pygamer")
        (d2 / "boot_out.txt").write_text(BOOT_OUT["cp10-pygamer"].replace("10.0.3", "10.0.3/../x"))
        rc, out, _err = run(["--drive", str(d2), "--mpy-cross-from", srv.url])
        assert rc == 0
        assert_py_deploy(d2, out, "is not one Adafruit names its downloads by")
        assert srv.requests == []


def test_dry_run_says_which(tmp_path):
    with mcs.Server({PATH: mcs.fake_script()}) as srv:
        d = make_drive(tmp_path, "cp10-pygamer")
        before = snapshot(d)
        rc, out, _err = run(["--drive", str(d), "--dry-run", "--mpy-cross-from", srv.url])
        assert rc == 0 and "dry run: would compile to .mpy with %s" % cached() in out
        assert "would write aliencity/engine.mpy" in out and "would write aliencity/engine.py" not in out
        assert snapshot(d) == before
    rc, out, _err = run(["--drive", str(d), "--dry-run", "--py"])
    assert rc == 0 and "would write aliencity/engine.py" in out
    lines = py_lines(out)
    assert len(lines) == 1 and lines[0].startswith("warning: would deploy .py, not .mpy: --py")
    assert snapshot(d) == before


def test_the_py_line_is_one_line_with_the_docs_figures():
    """The figures the .py line gives are docs/bench.md's (Time on the
    board: the SAMD51 estimates, every game's launcher to its first
    playable screen or board, power-on to the launcher) and
    docs/memory.md's (playing Alheimur: the peak), within their rounding."""
    line = deploy.py_cost("a reason")
    assert "\n" not in line and "a reason" in line
    bench = open(os.path.join(paths.ROOT, "docs", "bench.md"), encoding="utf-8").read()

    def samd51(row):
        cells = [c.strip().strip("*").replace(",", "") for c in row.split("|")]
        return int(cells[5]), int(cells[6])        # SAMD51 .py, SAMD51 .mpy (ms)

    starts = [samd51(r) for r in bench.splitlines()
              if r.startswith("| **") and ("launcher -> first playable screen" in r
                                           or "launcher -> board, Continue" in r)]
    assert len(starts) == 6                       # three games, new and continued
    on = [samd51(r) for r in bench.splitlines() if r.startswith("| **power-on -> launcher drawn**")]
    assert len(on) == 1

    def near(figure, ms, within=0.1):
        return abs(figure - ms / 1000.0) <= within + 0.05

    assert near(deploy.PY_START_S[0], min(p for p, _m in starts))
    assert near(deploy.PY_START_S[1], max(p for p, _m in starts))
    assert near(deploy.MPY_START_S[0], min(m for _p, m in starts))
    assert near(deploy.MPY_START_S[1], max(m for _p, m in starts))
    assert near(deploy.PY_POWER_ON_S, on[0][0] - on[0][1])
    memory = open(os.path.join(paths.ROOT, "docs", "memory.md"), encoding="utf-8").read()
    m = re.search(r"^\| \*\*playing Alheimur: the peak\*\* \|[^|]*\| \*\*(\d+)\*\* \| \*\*(\d+)\*\* \|",
                  memory, re.M)
    assert m, "docs/memory.md: the row 'playing Alheimur: the peak' is gone"
    assert abs(deploy.PY_HEAP_KB * 1024 - (int(m.group(1)) - int(m.group(2)))) <= 300
    # docs/deploy.md shows the line as the tool prints it
    cost = line[line.index(". From .py"):]
    assert cost in open(os.path.join(paths.ROOT, "docs", "deploy.md"), encoding="utf-8").read()


def test_a_mirror_folder_serves_as_well(tmp_path):
    """--mpy-cross-from file:///folder: a copy of Adafruit's layout on disk."""
    mirror = tmp_path / "mirror"
    (mirror / "linux-amd64").mkdir(parents=True)
    mcs.write_fake(mirror / PATH.lstrip("/"))
    d = make_drive(tmp_path, "cp10-pygamer")
    rc, out, err = run(["--drive", str(d), "--mpy-cross-from", mirror.as_uri()])
    assert rc == 0 and "compiling to .mpy with %s" % cached() in out, err
    assert_mpy_deploy(d, cached())


def test_a_compiler_that_fails_on_a_module_is_one_paragraph(tmp_path):
    """It passed the probe but fails on one of our files: nothing is
    written (the bundle is made before the drive is touched), and the
    message says so and how to go on."""
    exe = tmp_path / "picky-mpy-cross"
    exe.write_bytes(mcs.fake_script().replace(
        b"while [", b"for a in \"$@\"; do case \"$a\" in *prng.py) echo 'prng.py:3: SyntaxError:"
                    b" invalid' >&2; exit 1;; esac; done\nwhile [", 1))
    exe.chmod(0o755)
    d = make_drive(tmp_path, "cp10-pygamer")
    before = snapshot(d)
    rc, _out, err = run(["--drive", str(d), "--mpy-cross", str(exe)])
    assert rc == 1
    assert "Traceback" not in err and err.strip().count("\n") == 0, err
    assert "mpy-cross failed on prng.py: prng.py:3: SyntaxError: invalid." in err
    assert "Nothing was changed; --py deploys the games as source instead." in err
    assert snapshot(d) == before
