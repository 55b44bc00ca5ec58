"""What every board adapter shares: logical buttons (one preallocated event,
auto-repeat on the d-pad), the NeoPixels and the Board base class (with
the speaker's tones).

CircuitPython / MicroPython code: no allocation in the per-frame path
(Buttons.get, Board.tick).
"""

import array

import supervisor
from micropython import const

# Logical buttons: the same numbers and names on every board.
UP = const(0)
DOWN = const(1)
LEFT = const(2)
RIGHT = const(3)
A = const(4)
B = const(5)
START = const(6)
SELECT = const(7)
# (a list made a tuple: its strings stay the interned names from .mpy too,
# where a constant tuple's would each be an object on the heap)
NAMES = tuple(["up", "down", "left", "right", "a", "b", "start", "select"])

REPEAT_DELAY = const(400)  # ms a d-pad button is held before it repeats
REPEAT_RATE = const(120)   # ms between repeats

QUEUE_LEN = const(16)   # logical events waiting (public: const names with _ are not importable)

# The display's SPI bus on every board here (board.DISPLAY, set up by
# CircuitPython's ports/atmel-samd/boards/pybadge/board.c and pygamer/board.c):
# they ask for 60 MHz, and a SAMD51 SERCOM clocked at 48 MHz gives at most
# half of that, so the panel gets 24 MHz: 16 bits a pixel, a whole 160x128
# screen in about 14 ms. Not used at run time (a private const: no heap);
# tools/boardtime.py reads it for the bus time of each press.
_DISPLAY_SPI_HZ = const(24000000)
_TICKS_PERIOD = const(1 << 29)
_TICKS_MAX = const((1 << 29) - 1)
_TICKS_HALF = const(1 << 28)


def ticks_add(t, delta):
    return (t + delta) & _TICKS_MAX


def ticks_diff(a, b):
    """a - b for supervisor.ticks_ms() values (they wrap at 2**29)."""
    return ((a - b + _TICKS_HALF) & _TICKS_MAX) - _TICKS_HALF


class ButtonEvent:
    """The one event Buttons.get() hands out (filled in again on each call)."""

    def __init__(self):
        self.key = 0
        self.name = NAMES[0]
        self.pressed = False
        self.released = False
        self.repeat = False
        self.timestamp = 0

    def _set(self, key, pressed, repeat, timestamp):
        self.key = key
        self.name = NAMES[key]
        self.pressed = pressed
        self.released = not pressed
        self.repeat = repeat
        self.timestamp = timestamp


class Buttons:
    """Logical button events. get() returns the preallocated ButtonEvent or
    None; a held d-pad button repeats (pressed=True, repeat=True) after
    REPEAT_DELAY ms, every REPEAT_RATE ms. Subclasses read the hardware in
    _scan() and call _push(key, pressed, timestamp); _reset() makes the
    hardware report every key still down again as a fresh press.

    When a change was lost (keypad's queue or ours overflowed: a long task
    while buttons were mashed), every key is taken as released, the queues
    are emptied and the hardware rescanned, as Adafruit's PyBadger does: a
    lost release never leaves a key held or the d-pad repeating."""

    def __init__(self, tick=None):
        self.event = ButtonEvent()
        self._qk = bytearray(QUEUE_LEN)   # key | 0x80 when pressed
        self._qt = [0] * QUEUE_LEN        # timestamps
        self._head = 0
        self._n = 0
        self._held = 0
        self._rep_key = -1
        self._rep_at = 0
        self._lost = False
        self._tick = tick

    def _push(self, key, pressed, timestamp):
        if self._n >= QUEUE_LEN:
            self._lost = True
            return
        i = (self._head + self._n) % QUEUE_LEN
        self._qk[i] = (key | 0x80) if pressed else key
        self._qt[i] = timestamp
        self._n += 1

    def _scan(self):
        pass

    def _reset(self):
        pass

    def _restart(self):
        """Events were lost: all keys released, then read afresh."""
        self._lost = False
        self._n = 0
        self._held = 0
        self._rep_key = -1
        self._reset()
        self._scan()

    def _pop(self):
        """Take the oldest queued change into the held state (and the
        d-pad's repeat); returns its queue slot."""
        i = self._head
        self._head = (i + 1) % QUEUE_LEN
        self._n -= 1
        v = self._qk[i]
        key = v & 0x7F
        if v >= 0x80:
            self._held |= 1 << key
            if key <= RIGHT:
                self._rep_key = key
                self._rep_at = ticks_add(self._qt[i], REPEAT_DELAY)
        else:
            self._held &= ~(1 << key)
            if key == self._rep_key:
                self._rep_key = -1
        return i

    def get(self):
        if self._tick is not None:
            self._tick()
        self._scan()
        if self._lost:
            self._restart()
        ev = self.event
        if self._n:
            i = self._pop()
            v = self._qk[i]
            ev._set(v & 0x7F, v >= 0x80, False, self._qt[i])
            return ev
        if self._rep_key >= 0:
            now = supervisor.ticks_ms()
            if ticks_diff(now, self._rep_at) >= 0:
                self._rep_at = ticks_add(now, REPEAT_RATE)
                ev._set(self._rep_key, True, True, now)
                return ev
        return None

    def held(self, key):
        """True while the logical button is down."""
        return bool(self._held >> key & 1)

    def clear(self):
        """Forget queued events and stop repeating (e.g. after a long task);
        held() still follows the buttons."""
        self._scan()
        while self._n or self._lost:
            if self._lost:
                self._restart()
            while self._n:
                self._pop()
            self._scan()
        self._rep_key = -1


class Pixels:
    """The board's NeoPixels over CircuitPython's core ``neopixel_write``:
    what the firmware uses of Adafruit's ``neopixel`` library (``len``, a
    pixel set to 0xRRGGBB, ``fill``, ``show``, ``brightness``) without its
    heap (about 2 KB with adafruit_pixelbuf's Python side) or a lib/ on the
    drive. Colours are kept as set, in the strip's order (GRB, every board
    here), and scaled by ``brightness`` only when sent: a new brightness
    shows at the next ``show``."""

    def __init__(self, pin, n, brightness=1.0):
        import digitalio
        self.pin = digitalio.DigitalInOut(pin)
        self.pin.switch_to_output()
        self.grb = bytearray(3 * n)   # the colours as set, GRB
        self.out = bytearray(3 * n)   # .. scaled by brightness, as last sent
        self.brightness = brightness

    def __len__(self):
        return len(self.grb) // 3

    def __setitem__(self, i, colour):
        j = 3 * i
        grb = self.grb
        grb[j] = colour >> 8 & 255
        grb[j + 1] = colour >> 16 & 255
        grb[j + 2] = colour & 255

    def fill(self, colour):
        for i in range(len(self.grb) // 3):
            self[i] = colour

    def show(self):
        from neopixel_write import neopixel_write
        k = self.brightness
        grb = self.grb
        out = self.out
        for j in range(len(grb)):
            out[j] = int(grb[j] * k)
        neopixel_write(self.pin, out)


class Board:
    """The one interface of every adapter (subclasses set the buttons and
    the number of pixels): display, pixels, buttons(), tone()/stop() (the
    speaker's square-wave tones, its amplifier on while one plays), nvm."""

    def __init__(self, pixel_count):
        import audiocore
        import board
        import digitalio
        import microcontroller
        try:
            from audioio import AudioOut
        except ImportError:
            from audiopwmio import PWMAudioOut as AudioOut
        self.display = board.DISPLAY
        self.display.auto_refresh = False
        self.nvm = microcontroller.nvm
        self.pixels = Pixels(board.NEOPIXEL, pixel_count, 0.1)
        self.pixels.show()            # all off
        self._enable = digitalio.DigitalInOut(board.SPEAKER_ENABLE)
        self._enable.switch_to_output(False)
        self._out = AudioOut(board.SPEAKER)
        wave = array.array("H", [0x8000] * 16)
        for i in range(16):
            wave[i] = 0xA000 if i < 8 else 0x6000
        self._sample = audiocore.RawSample(wave, sample_rate=8000)
        self._timed = False           # a tone with an end (tick() stops it)
        self._end = 0
        self.sound = True
        self.pace = 0            # how computers are shown (ui/settings.py PACES)
        self._buttons = None

    def _make_buttons(self):
        raise NotImplementedError

    def buttons(self):
        """The Buttons object (the same one every time): get() each frame."""
        if self._buttons is None:
            self._buttons = self._make_buttons()
        return self._buttons

    def tick(self):
        """Ends timed tones; Buttons.get() calls it, so most loops need not."""
        if self._timed and ticks_diff(supervisor.ticks_ms(), self._end) >= 0:
            self.stop()

    def tone(self, freq, ms=0):
        """Play freq Hz for ms milliseconds (0: until stop()), if sound is on."""
        if self.sound:
            self._out.stop()
            self._sample.sample_rate = int(freq * 16)
            self._enable.value = True
            self._out.play(self._sample, loop=True)
            self._timed = ms > 0
            self._end = ticks_add(supervisor.ticks_ms(), ms)

    def stop(self):
        self._out.stop()
        self._enable.value = False
        self._timed = False
