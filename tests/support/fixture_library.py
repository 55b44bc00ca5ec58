"""A library for the deploy's tests to copy into lib/: the firmware imports
none today (its NeoPixels are boards/common.py's over CircuitPython's
built-in neopixel_write), but tools/deploy.py's library handling (the
import closure, lib/, .mpy, requirements.txt for circup, circup's own
copies left alone) stays for the day one is needed. ``install`` gives the
firmware one more module that imports NAME, installed in a site folder of
the test's own."""

NAME = "adafruit_fixture"
VERSION = "1.2.3"
SOURCE = ('"""A CircuitPython library as the Adafruit bundle has them."""\n'
          '__version__ = "%s"\n'
          '__repo__ = "https://github.com/adafruit/Adafruit_CircuitPython_Fixture.git"\n'
          "import neopixel_write   # built in: never copied\n\n\n"
          "def show(pin, buf):\n    neopixel_write.neopixel_write(pin, buf)\n" % VERSION)


def install(tmp_path, monkeypatch):
    """deploy sees firmware/ plus lights.py (``import NAME``) and only a
    site folder under tmp_path that holds NAME; returns NAME."""
    import deploy

    site = tmp_path / "site-packages"
    site.mkdir()
    (site / (NAME + ".py")).write_text(SOURCE)
    user = tmp_path / "firmware-extra" / "lights.py"
    user.parent.mkdir()
    user.write_text("import %s\n" % NAME)
    files = deploy.firmware_files
    monkeypatch.setattr(deploy, "firmware_files", lambda: dict(files(), **{"lights.py": str(user)}))
    monkeypatch.setattr(deploy, "site_dirs", lambda: [str(site)])
    return NAME
