"""Run firmware/code.py unchanged on the desktop: in a pygame window, or
headless from a script of button presses (see sim/README.md).

One thread. code.py runs in the main thread exactly as on a board; every
stand-in calls _simhost.pump() whenever the firmware touches the hardware
(polls keys, reads the clock or the stick, sleeps, refreshes the display,
writes pixels). The pump is the runner's turn: in a window it reads the
keyboard and redraws; headless it applies the script's presses that are due
on the virtual clock and, once the script is over, raises _simhost.Done,
which unwinds code.py (a BaseException, so `except Exception` in firmware
does not swallow it).
"""

import argparse
import importlib.machinery
import importlib.util
import io
import json
import os
import random
import runpy
import signal
import sys
import time
import traceback

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
STANDINS = os.path.join(ROOT, "sim", "modules")
BOARDS_DIR = os.path.join(ROOT, "boards")
CODE = os.path.join(FIRMWARE, "code.py")

SCREEN_W = 160
SCREEN_H = 128
STRIP_H = 16          # NeoPixel strip under the screen (at scale 1)
BOOT_MS = 500         # the script starts this long after code.py does
TAP_MS = 80           # a plain `right` holds the button this long ...
STEP_MS = 200         # ... and the next line starts this long after it
SETTLE_MS = 500       # after the last line, before the screenshot
FRAMES_MS = 1000      # headless run without a script
WINDOW_TITLE = ("Alien City (simulator): arrows = d-pad, Z = A, X = B, "
                "Enter = Start, Space = Select, Esc = quit")

# The line firmware/ui/crash.py prints on the console once its screen is up.
CRASH_MARK = "crash screen: "
EXIT_CRASH_SCREEN = 3     # exit status of a run that showed the crash screen

BUTTONS = ("up", "down", "left", "right", "a", "b", "start", "select")
STANDIN_NAMES = ("board", "keypad", "digitalio", "analogio", "microcontroller",
                 "supervisor", "neopixel_write", "audioio", "audiocore",
                 "audiopwmio", "micropython", "terminalio", "displayio", "bitmaptools")


class ScriptError(Exception):
    def __init__(self, line, problem):
        Exception.__init__(self, "line %d: %s" % (line, problem))


class Quit(BaseException):
    """The window was closed."""


class NoDisplay(Exception):
    """SDL could not open a window, or chose an invisible one (why)."""


class Timeout(BaseException):
    """A headless run took longer (in real time) than --timeout."""


class Console(io.TextIOBase):
    """sys.stdout while code.py runs (the board's serial console): passes
    everything on, and hands each complete line to ``on_line``."""

    def __init__(self, out, on_line):
        self.out = out
        self.on_line = on_line
        self.partial = ""

    def writable(self):
        return True

    def write(self, s):
        self.out.write(s)
        lines = (self.partial + s).split("\n")
        self.partial = lines.pop()
        for line in lines:
            self.on_line(line)
        return len(s)

    def flush(self):
        self.out.flush()


def parse_script(text, start_ms=BOOT_MS):
    """Script lines -> ([(t_ms, button, down)], end_ms).

    `right` / `a` ...    tap (held TAP_MS, next line STEP_MS later)
    `hold a 800`         held 800 ms
    `press a`, `release a`
    `wait 500`
    `# comment`, blank lines
    """
    events = []
    t = start_ms
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip().lower()
        if not line:
            continue
        words = line.split()
        cmd = words[0]

        def button(word, n=n):
            if word not in BUTTONS:
                raise ScriptError(n, "unknown button %r (one of %s)" % (word, ", ".join(BUTTONS)))
            return word

        def ms(word, n=n):
            try:
                v = int(word)
            except ValueError:
                raise ScriptError(n, "%r is not a number of milliseconds" % word) from None
            if v < 0:
                raise ScriptError(n, "negative time")
            return v

        if cmd in BUTTONS and len(words) == 1:
            events.append((t, cmd, True))
            events.append((t + TAP_MS, cmd, False))
            t += STEP_MS
        elif cmd == "hold" and len(words) == 3:
            b = button(words[1])
            d = ms(words[2])
            events.append((t, b, True))
            events.append((t + d, b, False))
            t += d + STEP_MS - TAP_MS
        elif cmd in ("press", "release") and len(words) == 2:
            events.append((t, button(words[1]), cmd == "press"))
            t += 20
        elif cmd == "wait" and len(words) == 2:
            t += ms(words[1])
        else:
            raise ScriptError(n, "cannot read %r" % raw.strip())
    events.sort(key=lambda e: e[0])
    return events, t


def setup_paths():
    """sim/modules first (the stand-ins beat Blinka's modules of the same
    name); firmware/ and the root (for the `boards` package, a folder beside
    code.py as on the drive) last, so firmware's code.py cannot hide the
    standard library's `code` module (as in tools/paths.py)."""
    for p in (STANDINS, FIRMWARE, ROOT):
        while p in sys.path:
            sys.path.remove(p)
    sys.path.insert(0, STANDINS)
    sys.path.append(FIRMWARE)
    sys.path.append(ROOT)


def setup_drive_paths(drive):
    """--drive: nothing from firmware/ or the repository (so `boards` and the
    game must come from the drive); the drive's root and lib/ last, as
    firmware/ is otherwise (its code.py must not hide the stdlib's `code`)."""
    for p in list(sys.path):
        if os.path.abspath(p or os.curdir) in (FIRMWARE, ROOT):
            sys.path.remove(p)
    for p in (drive, os.path.join(drive, "lib")):
        if p not in sys.path:
            sys.path.append(p)


def compiled_modules(drive):
    """The .mpy modules tools/deploy.py installed on the drive (its
    manifest: what a default deploy writes), which the simulator cannot
    import; others' .mpy libraries in lib/ are not the games'."""
    try:
        with open(os.path.join(drive, ".deploy-manifest.json")) as f:
            files = json.load(f).get("files", {})
    except (OSError, ValueError, AttributeError):
        return []
    return sorted(rel for rel in files if rel.endswith(".mpy")
                  and os.path.isfile(os.path.join(drive, *rel.split("/"))))


def drive_libraries(drive):
    """The libraries the deploy tool put in lib/ (its manifest, and the
    drive's requirements.txt for circup)."""
    names = set()
    try:
        with open(os.path.join(drive, ".deploy-manifest.json")) as f:
            names.update(json.load(f).get("libraries", []))
    except (OSError, ValueError, AttributeError):
        pass
    try:
        with open(os.path.join(drive, "requirements.txt")) as f:
            for line in f:
                name = line.split("#", 1)[0].strip()
                if name:
                    names.add(name.split("=")[0].split("<")[0].split(">")[0].strip())
    except OSError:
        pass
    return names


class DriveFinder:
    """--drive: a top-level module on the drive (root, then lib/) wins over
    everything but the stand-ins, as a file on CIRCUITPY does on the board.
    A library the drive should hold (drive_libraries) and does not is an
    ImportError: it is never taken from the desktop's site-packages."""

    def __init__(self, drive, libraries):
        self.paths = [drive, os.path.join(drive, "lib")]
        self.libraries = set(libraries)

    def find_spec(self, name, path=None, target=None):
        if "." in name or name in STANDIN_NAMES or name in ("code", "boot", "main"):
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, self.paths)
        if spec is not None:
            return spec
        if name in self.libraries:
            raise ModuleNotFoundError(
                "No module named %r on the drive %s (sim --drive never takes it from "
                "site-packages)" % (name, self.paths[0]), name=name)
        return None


def board_from_drive(drive):
    """The simulated board for the drive's boot_out.txt (None if unknown)."""
    import _simhost
    try:
        with open(os.path.join(drive, "boot_out.txt"), errors="replace") as f:
            text = f.read()
    except OSError:
        return None
    for line in text.splitlines():
        if line.startswith("Board ID:"):
            bid = line.split(":", 1)[1].strip()
            return bid if bid in _simhost.BOARDS else None
    return None


def _origin(name):
    """Where `import name` comes from (loaded or not)."""
    mod = sys.modules.get(name)
    if mod is not None:
        return getattr(mod, "__file__", None)
    spec = importlib.util.find_spec(name)
    return spec.origin if spec else None


def _lit(r, g, b):
    """A lit LED looks brighter than its PWM duty: lift the brightest
    channel along a gamma curve and scale the others with it (same hue)."""
    m = max(r, g, b)
    if not m:
        return (0, 0, 0)
    f = 255 * (m / 255.0) ** 0.33 / m
    return (min(255, int(r * f)), min(255, int(g * f)), min(255, int(b * f)))


class Runner:
    def __init__(self, args):
        self.args = args
        self.headless = args.headless
        self.schedule = []
        self.end_ms = None
        self.in_pump = False
        self.window = None
        self.deadline = None
        self.last_events = 0.0
        self.last_draw = 0.0
        self.drawn = None
        self.error = None
        self.crash_screens = []     # {"t_ms", "text", "traceback"} for each one shown
        self.console = []           # console lines since the last crash screen
        self.resets = 0
        self.power_cuts = 0
        self.quit = False
        self.drive = getattr(args, "drive", None)
        # modules from these folders are forgotten on a reset
        self.code_dirs = (self.drive,) if self.drive else (FIRMWARE, BOARDS_DIR)

    # ------------------------------------------------------------ setup

    def start(self):
        import _simhost
        self.host = _simhost
        _simhost.configure(self.args.board, self.args.nvm)
        _simhost.virtual = self.headless
        import displayio
        displayio._stop_background()   # the runner drives auto-refresh
        if self.headless:
            self._virtual_time()
        if self.args.seed is not None:
            random.seed(self.args.seed)
            rng = random.Random(self.args.seed)
            os.urandom = lambda n: bytes(rng.getrandbits(8) for _ in range(n))
        if "board" in sys.modules:
            # a run before this one in this process, maybe of another board:
            # its pins and board_id are this board's again
            importlib.reload(sys.modules["board"])
        import board  # noqa: F401  (builds board.DISPLAY)
        self.display = _simhost.display
        if not self.headless:
            import pygame
            chosen = os.environ.get("SDL_VIDEODRIVER")
            try:
                pygame.display.init()
            except pygame.error as e:
                raise NoDisplay(str(e)) from None
            if not chosen and pygame.display.get_driver() in ("offscreen", "dummy"):
                raise NoDisplay("SDL fell back to " + pygame.display.get_driver())
            pygame.display.set_caption(WINDOW_TITLE)
            s = self.args.scale
            self.window = pygame.display.set_mode(
                (SCREEN_W * s, (SCREEN_H + STRIP_H) * s))
        _simhost.pump_hook = self.pump

    def _virtual_time(self):
        host = self.host

        def monotonic():
            host.advance(0.01)
            return host.now_ms() / 1000.0

        def monotonic_ns():
            host.advance(0.01)
            return int(host.now_ms() * 1000000)

        time.monotonic = monotonic
        time.monotonic_ns = monotonic_ns
        time.sleep = host.sleep

    # ------------------------------------------------------------ the pump

    def pump(self):
        if self.in_pump:
            return
        self.in_pump = True
        try:
            if self.headless:
                self._pump_script()
            else:
                self._pump_window()
        finally:
            self.in_pump = False

    def _pump_script(self):
        now = self.host.now_ms()
        while self.schedule and self.schedule[0][0] <= now:
            t, b, down = self.schedule.pop(0)
            self.host.set_button(b, down, t)
        self.display.auto_refresh_tick()
        if now >= self.end_ms:
            raise self.host.Done()
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise Timeout()

    def _pump_window(self):
        import pygame
        if self.crash_screens and self.args.exit_when_done:
            raise Quit()        # a crash screen ends a run that automation watches
        now = time.perf_counter()
        if now - self.last_events >= 0.01:
            self.last_events = now
            for ev in pygame.event.get():
                if ev.type == pygame.QUIT:
                    raise Quit()
                if ev.type in (pygame.KEYDOWN, pygame.KEYUP):
                    if ev.key == pygame.K_ESCAPE:
                        raise Quit()
                    b = KEYMAP.get(ev.key)
                    if b is not None:
                        self.host.set_button(b, ev.type == pygame.KEYDOWN)
        self.display.auto_refresh_tick()
        state = (self.host.refreshes, self.host.pixels.get("NEOPIXEL"))
        if (state != self.drawn and now - self.last_draw >= 1 / 60.0) or now - self.last_draw > 0.25:
            self.drawn = state
            self.last_draw = now
            self.window.blit(self.compose(self.args.scale, backlight=True), (0, 0))
            pygame.display.flip()

    # ------------------------------------------------------------ pictures

    def compose(self, scale, backlight=False):
        """The screen scaled up, with the NeoPixels drawn under it. With
        ``backlight`` (the window, and screenshots unless --shot-panel)
        the screen is as bright as the display's ``brightness`` makes the
        board's backlight; without, the panel's own pixels (full
        backlight), whose colours tests compare with the palette."""
        import pygame
        out = pygame.Surface((SCREEN_W * scale, (SCREEN_H + STRIP_H) * scale))
        out.fill((40, 40, 44))
        screen = self.display.surface
        if scale != 1:
            screen = pygame.transform.scale(screen, (SCREEN_W * scale, SCREEN_H * scale))
        level = self.backlight() if backlight else 1.0
        if level < 1.0:
            screen = screen.copy()
            v = int(255 * shown_level(level) + 0.5)
            screen.fill((v, v, v), special_flags=pygame.BLEND_MULT)
        out.blit(screen, (0, 0))
        colors = self.host.pixel_colors()
        n = len(colors)
        for i, (r, g, b) in enumerate(colors):
            cx = (SCREEN_W * (2 * i + 1) // (2 * n)) * scale if n > 1 else SCREEN_W * scale // 2
            cy = (SCREEN_H + STRIP_H // 2) * scale
            pygame.draw.circle(out, (15, 15, 15), (cx, cy), 6 * scale)
            pygame.draw.circle(out, _lit(r, g, b), (cx, cy), 5 * scale)
        return out

    def backlight(self):
        """The display's brightness, 0..1 (the backlight's share of light)."""
        try:
            return max(0.0, min(1.0, float(self.display.brightness)))
        except (AttributeError, TypeError, ValueError):
            return 1.0

    def screenshot(self, path):
        """The screen as the window shows it (dimmed by the brightness
        setting), or with --shot-panel the panel's own pixels."""
        import pygame
        d = os.path.dirname(path)
        if d and not os.path.isdir(d):
            os.makedirs(d)
        lit = not getattr(self.args, "shot_panel", False)
        pygame.image.save(self.compose(self.args.shot_scale, backlight=lit), path)

    def screen_levels(self, backlight):
        """The screen's mean and brightest colour ([r, g, b] each), as
        shown (``backlight``: dimmed by the brightness) or as the panel
        holds it."""
        import pygame
        a = pygame.surfarray.array3d(self.compose(1, backlight=backlight))[:SCREEN_W, :SCREEN_H]
        a = a.reshape(-1, 3)
        return {"mean": [round(float(v), 2) for v in a.mean(axis=0)],
                "max": [int(v) for v in a.max(axis=0)]}

    def state(self):
        host = self.host
        return {
            "board": host.name,
            "board_id": host.config["board_id"],
            "time_ms": round(host.now_ms(), 3),
            "pixels": [list(c) for c in host.pixel_colors()],
            "backlight": self.backlight(),
            "screen": self.screen_levels(True),      # as shown: dimmed by the backlight
            "panel": self.screen_levels(False),      # the panel's own pixels
            "audio": host.audio_log,
            "levels": host.levels,
            "refreshes": host.refreshes,
            "refreshed_pixels": host.refreshed_pixels,
            "last_areas": host.last_areas,
            "crash_screens": self.crash_screens,
            "resets": self.resets,
            "power_cuts": self.power_cuts,
            "nvm_writes": host.nvm_writes,
            "nvm_erases": host.nvm_erases,
            "erase_log": host.erase_log,
            "error": self.error or (self.crash_screens[0]["traceback"]
                                    if self.crash_screens else None),
            "modules": {m: _origin(m) for m in STANDIN_NAMES},
        }

    # ------------------------------------------------------------ running code.py

    def console_line(self, line):
        """A line code.py printed. The crash screen's line records it, with
        the traceback printed before it."""
        if not line.startswith(CRASH_MARK):
            self.console.append(line)
            del self.console[:-200]
            return
        starts = [i for i, ln in enumerate(self.console) if ln.startswith("Traceback")]
        tb = self.console[starts[-1]:] if starts else self.console[-20:]
        text = line[len(CRASH_MARK):]
        self.crash_screens.append({"t_ms": round(self.host.now_ms(), 3), "text": text,
                                   "traceback": "\n".join(tb).rstrip("\n") + "\n"})
        self.console = []
        sys.stderr.write("sim: the crash screen is up (%.0f ms): %s\n"
                         % (self.host.now_ms(), text))

    def _use_drive(self):
        """--drive: imports of code.py's modules and libraries go to the drive;
        forget any the simulator itself has loaded from elsewhere."""
        finder = DriveFinder(self.drive, drive_libraries(self.drive))
        sys.meta_path.insert(0, finder)
        for name in list(sys.modules):
            top = name.split(".")[0]
            if top in finder.libraries or (top not in STANDIN_NAMES and top not in ("code", "boot", "main")
                                           and importlib.machinery.PathFinder.find_spec(top, finder.paths)):
                del sys.modules[name]

    def soft_reset(self):
        """microcontroller.reset(): forget the firmware's modules and peripherals."""
        self.resets += 1
        for name, mod in list(sys.modules.items()):
            f = getattr(mod, "__file__", None) or ""
            if any(f.startswith(d + os.sep) for d in self.code_dirs):
                del sys.modules[name]
        self.host.reset_hardware()
        self.display.root_group = None
        self.display.auto_refresh = True

    def run_code(self):
        """Run code.py until it ends or the run is over. Returns an exit status."""
        host = self.host
        while True:
            try:
                runpy.run_path(self.args.code, run_name="__main__")
                return 0
            except host.Reset:
                self.soft_reset()
            except host.PowerCut:
                self.power_cuts += 1    # power on again: code.py from the top
                self.soft_reset()
            except host.Done:
                return 0
            except Quit:
                self.quit = True
                return 0
            except Timeout:
                self.error = "timeout after %s s (real time)" % self.args.timeout
                sys.stderr.write("sim: %s\n" % self.error)
                return 1
            except Exception:  # noqa: BLE001  (the firmware crashed: show it)
                self.error = traceback.format_exc()
                sys.stderr.write(self.error)
                return 1

    def wait_for_close(self):
        """Code done (or crashed): keep the window up until it is closed."""
        import pygame
        if self.error:
            pygame.display.set_caption("code.py stopped: %s" % self.error.strip().splitlines()[-1])
        else:
            pygame.display.set_caption("code.py done running (close the window)")
        try:
            while True:
                self.pump()
                time.sleep(0.02)
        except Quit:
            pass

    def main(self):
        """Run the firmware; the clock and urandom patched for a headless
        run are put back afterwards, so a later run in the same process
        (the tests) starts from the real ones."""
        saved = (time.monotonic, time.monotonic_ns, time.sleep, os.urandom)
        try:
            return self._main()
        finally:
            (time.monotonic, time.monotonic_ns, time.sleep,
             os.urandom) = saved

    def _main(self):
        args = self.args
        if self.headless:
            if args.script:
                with open(args.script) as f:
                    self.schedule, last = parse_script(f.read())
                self.end_ms = last + SETTLE_MS
            else:
                self.end_ms = FRAMES_MS
        self.start()
        if self.headless and args.timeout:
            self.deadline = time.perf_counter() + args.timeout

            def alarm(signum, frame):
                raise Timeout()
            if hasattr(signal, "SIGALRM"):
                signal.signal(signal.SIGALRM, alarm)
                signal.alarm(int(args.timeout) + 5)
        if self.drive:
            self._use_drive()
        old = os.getcwd()
        os.chdir(self.drive or FIRMWARE)   # relative paths in firmware resolve as on the drive
        stdout = sys.stdout
        sys.stdout = Console(stdout, self.console_line)
        try:
            status = self.run_code()
        finally:
            sys.stdout = stdout
            os.chdir(old)
            if hasattr(signal, "SIGALRM"):
                signal.alarm(0)
        self.host.pump_hook = None
        if status == 0 and self.crash_screens:
            status = EXIT_CRASH_SCREEN
        if not self.headless:
            if not self.quit and (status or not args.exit_when_done):
                self.wait_for_close()
            return status
        self.display.auto_refresh_tick()
        if args.screenshot:
            self.screenshot(args.screenshot)
        if args.state:
            with open(args.state, "w") as f:
                json.dump(self.state(), f, indent=1)
        return status


# The panel's gamma (sRGB's, about 2.2): its pixels' light goes as
# (value / 255) ** GAMMA.
GAMMA = 2.2


def shown_level(backlight):
    """What a backlight at ``backlight`` (0..1, the PWM duty the display's
    ``brightness`` sets) does to the pixel values a desktop monitor shows.
    The backlight scales the panel's light, not its pixel values: light
    at duty d is d times the light, and a monitor shows that light with
    every value times d ** (1 / GAMMA) (a duty of 1/4 shows values at 53%,
    not 25%, which was four times too dark)."""
    return backlight ** (1 / GAMMA) if backlight > 0 else 0.0


KEYMAP = {}


def _keymap():
    import pygame
    KEYMAP.update({
        pygame.K_UP: "up", pygame.K_DOWN: "down", pygame.K_LEFT: "left",
        pygame.K_RIGHT: "right", pygame.K_z: "a", pygame.K_x: "b",
        pygame.K_RETURN: "start", pygame.K_KP_ENTER: "start",
        pygame.K_SPACE: "select",
    })


def default_nvm(board_name):
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
    return os.path.join(base, "handheld-city-games", "nvm-%s.bin" % board_name)


def parse_args(argv):
    import _simhost
    p = argparse.ArgumentParser(prog="python -m sim", description=__doc__.split("\n\n")[0])
    p.add_argument("--board", choices=sorted(_simhost.BOARDS),
                   help="default: $SIM_BOARD, the --drive's boot_out.txt, or pybadge")
    p.add_argument("--headless", action="store_true", help="no window; virtual clock")
    p.add_argument("--script", help="button script to play (headless)")
    p.add_argument("--screenshot", help="save the screen and pixels to this PNG at the end")
    p.add_argument("--state", help="write pixels, sounds, refresh counts ... as JSON at the end")
    p.add_argument("--seed", type=int, help="seed Python's random and os.urandom")
    p.add_argument("--nvm", help="file behind microcontroller.nvm (headless default: none, "
                                 "window default: ~/.local/state/handheld-city-games/nvm-BOARD.bin)")
    p.add_argument("--scale", type=int, default=4, help="window scale (default 4)")
    p.add_argument("--shot-scale", type=int, default=1, help="screenshot scale (default 1)")
    p.add_argument("--shot-panel", action="store_true",
                   help="screenshot the panel's own pixels (full backlight), not as the "
                        "window shows them (dimmed by the brightness setting)")
    p.add_argument("--timeout", type=float, default=60.0, help="headless: real seconds before giving up")
    p.add_argument("--code", help="the program to run (default firmware/code.py, or the drive's)")
    p.add_argument("--drive", help="run code.py, the game and lib/ from this deployed CIRCUITPY "
                                   "drive or folder (tools/deploy.py), not from firmware/ and the venv")
    p.add_argument("--no-window-ok", action="store_true",
                   help="no display for a window: the hint to run headless, then exit 0, not 2 "
                        "(make play: setting up there is not a failure)")
    p.add_argument("--exit-when-done", action="store_true",
                   help="window: close when code.py returns or shows its crash screen "
                        "(the exit status says which; headless runs always end)")
    args = p.parse_args(argv)
    for name in ("script", "screenshot", "state", "nvm", "code", "drive"):
        v = getattr(args, name)
        if v:
            setattr(args, name, os.path.abspath(v))
    if args.drive:
        if not os.path.isfile(os.path.join(args.drive, "code.py")):
            p.error("--drive %s: no code.py there (deploy with tools/deploy.py --drive)" % args.drive)
        compiled = compiled_modules(args.drive)
        if compiled:
            p.error("--drive %s holds compiled modules (%s%s), which only CircuitPython runs: "
                    "deploy source for the simulator with tools/deploy.py --py --drive PATH"
                    % (args.drive, ", ".join(compiled[:3]), ", ..." if len(compiled) > 3 else ""))
        args.code = args.code or os.path.join(args.drive, "code.py")
    args.code = args.code or CODE
    if not args.board:
        args.board = (os.environ.get("SIM_BOARD") or (args.drive and board_from_drive(args.drive))
                      or "pybadge")
    if not args.headless and not args.nvm:
        args.nvm = default_nvm(args.board)
    if args.script and not args.headless:
        p.error("--script needs --headless")
    return args


NO_DISPLAY = ("sim: no display for a window here (%s); run it headless: "
              ".venv/bin/python -m sim --headless --script FILE --screenshot OUT.png "
              "(sim/README.md)\n")


def no_display():
    """Why a window cannot open on this machine (None: it may), before
    SDL tries: with no X or Wayland display it would fall back to an
    invisible "offscreen" window and wait for keys forever. A video
    driver chosen in SDL_VIDEODRIVER is the user's choice (automation runs
    the window with "dummy")."""
    if (not os.environ.get("SDL_VIDEODRIVER") and sys.platform.startswith("linux")
            and not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY")):
        return "no DISPLAY or WAYLAND_DISPLAY"
    return None


def main(argv=None):
    if argv is None:
        argv = sys.argv[1:]
    headless = "--headless" in argv
    no_window = 0 if "--no-window-ok" in argv else 2     # the exit status then
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
    elif "-h" not in argv and "--help" not in argv and no_display():
        sys.stderr.write(NO_DISPLAY % no_display())
        return no_window
    setup_paths()
    args = parse_args(argv)
    if args.drive:
        setup_drive_paths(args.drive)
    if not headless:
        _keymap()
    try:
        return Runner(args).main()
    except NoDisplay as e:
        sys.stderr.write(NO_DISPLAY % e)
        return no_window
    except ScriptError as e:
        sys.stderr.write("sim: %s: %s\n" % (args.script, e))
        return 2
