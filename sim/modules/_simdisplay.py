"""The simulated 160x128 TFT behind ``board.DISPLAY``.

A ``blinka_displayio_pygamedisplay.PyGameDisplay`` (so the real Blinka
displayio composes every pixel) that draws into an off-screen pygame
Surface instead of its own window; the runner scales that surface into its
window or a PNG. Like the panel it keeps what was last sent to it, and it
refreshes only the dirty areas displayio reports, so the number of
refreshed pixels can be measured (``_simhost.refreshed_pixels``,
``_simhost.last_areas``). Auto-refresh is driven by the runner's clock, not
by displayio's background thread.

An area is drawn here, not by PyGameDisplay._refresh_area: that one (4.0.1,
and 4.1.0 is the same) sizes its buffer one 32-bit word short when the area
has an odd number of pixels (an odd width and an odd height), splits the
area into row bands for it, and hands pygame the last, shorter band with a
buffer sized for a full one: "ValueError: Buffer length does not equal
format and resolution size" on every odd-by-odd area (Alheimur's 11x11
die). Blinka's own BusDisplay rounds the buffer up and slices what it sends;
this does the same: the whole area in one buffer, exactly w*h pixels
converted. The surface keeps the panel's raw pixels; the backlight
(``brightness``) is applied by whoever shows them (sim/runner.py compose).
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import _simhost
import busdisplay
import numpy as np
import pygame
from blinka_displayio_pygamedisplay import PyGameDisplay
from displayio._area import Area

# 1 us of virtual time per pixel sent: a full 160x128 refresh costs ~20 ms,
# about what the SPI transfer costs on the board.
_US_PER_PIXEL = 1.0
# The buffer holds RGB565 words with their bytes swapped (as sent over SPI).
_SWAPPED_565 = np.dtype(np.uint16).newbyteorder("S")


def rgb565_to_rgb(words, n):
    """The first n pixels of a byte-swapped RGB565 buffer as RGB bytes
    (each channel scaled to 0..255 and truncated, as PyGameDisplay does, so
    pictures are the same as before)."""
    arr = np.frombuffer(words, dtype=np.uint16, count=n).view(_SWAPPED_565)
    r = (((arr & 0xF800) >> 11) * 255.0 / 31.0).astype(np.uint8)
    g = (((arr & 0x07E0) >> 5) * 255.0 / 63.0).astype(np.uint8)
    b = ((arr & 0x001F) * 255.0 / 31.0).astype(np.uint8)
    return np.column_stack((r, g, b)).tobytes()


class SimDisplay(PyGameDisplay):
    def __init__(self, width, height):
        super().__init__(width=width, height=height, caption=None,
                         auto_refresh=True)
        self._next_auto = 0.0

    def _initialize(self, init_sequence):
        self._pygame_screen = pygame.Surface((self.width, self.height))
        self._pygame_screen.fill((0, 0, 0))

    @property
    def surface(self):
        return self._pygame_screen

    def _get_refresh_areas(self):
        core = self._core
        if core.full_refresh and core.current_group is not None:
            # Blinka leaves the layers' change flags set after a full refresh
            # (its refresh may run on another thread), so the next refresh
            # would redraw everything again. Here refreshes run in the main
            # thread: consume the flags, as the C core does.
            core.current_group._get_refresh_areas([])
        return busdisplay.BusDisplay._get_refresh_areas(self)

    def _refresh_area(self, area):
        """Compose the area (clipped to the screen) in one buffer and blit it."""
        clipped = Area()
        if not self._core.clip_area(area, clipped):
            return True
        w, h = clipped.width(), clipped.height()
        n = w * h
        if n <= 0:
            return True
        # 16-bit pixels in 32-bit words, rounded up; the mask: a bit a pixel.
        buffer = memoryview(bytearray(((n + 1) // 2) * 4))
        mask = memoryview(bytearray((n // 32 + 1) * 4)).cast("I")
        self._core.fill_area(clipped, mask, buffer)
        image = pygame.image.frombuffer(rgb565_to_rgb(buffer, n), (w, h), "RGB")
        self._pygame_screen.blit(image, (clipped.x1, clipped.y1))
        return True

    def _refresh_display(self):
        if not self._core.start_refresh():
            return False
        pixels = 0
        done = []
        try:
            for area in self._get_refresh_areas():
                self._refresh_area(area)
                done.append((area.x1, area.y1, area.x2, area.y2))
                pixels += max(0, area.x2 - area.x1) * max(0, area.y2 - area.y1)
        finally:
            # Even if an area failed: a refresh left "in progress" would make
            # every later refresh a no-op (a frozen screen, crash screen too).
            self._core.finish_refresh()
        _simhost.refreshes += 1
        _simhost.refreshed_pixels += pixels
        _simhost.last_areas = done
        _simhost.advance(pixels * _US_PER_PIXEL / 1000.0)
        return True

    def fresh(self):
        """The whole screen composed afresh from the displayio tree shown
        now (what a full refresh would send), as RGB bytes; None when no
        group is shown. It changes nothing: the layers' change flags and
        the panel stay as they are."""
        if self._core.current_group is None:
            return None
        n = self.width * self.height
        buffer = memoryview(bytearray(((n + 1) // 2) * 4))
        mask = memoryview(bytearray((n // 32 + 1) * 4)).cast("I")
        self._core.fill_area(Area(0, 0, self.width, self.height), mask, buffer)
        return rgb565_to_rgb(buffer, n)

    def panel(self):
        """What the panel shows (the pixels last sent), as RGB bytes."""
        return pygame.image.tostring(self._pygame_screen, "RGB")

    def stale_pixels(self):
        """How many pixels the panel shows other than a fresh redraw of
        the tree would (0: the screen is up to date; tools/fresh.py asks
        at every wait for a press)."""
        now = self.fresh()
        if now is None:
            return 0
        a = np.frombuffer(now, dtype=np.uint8).reshape(-1, 3)
        b = np.frombuffer(self.panel(), dtype=np.uint8).reshape(-1, 3)
        return int(np.count_nonzero((a != b).any(axis=1)))

    def pending_pixels(self):
        """How many pixels a refresh now would change on the panel (0: it
        shows the tree as it is). The areas a refresh would send are
        composed and compared, not sent (the cheap form of
        ``stale_pixels``: nothing is composed when nothing changed). Their
        change flags are consumed as a refresh consumes them, so when any
        pixel differs the next refresh redraws the whole screen: the panel
        still catches up when the firmware refreshes."""
        core = self._core
        if core.current_group is None or core.refresh_in_progress:
            return 0
        core.refresh_in_progress = True   # start_refresh without its clock reads
        n = 0
        try:
            for area in self._get_refresh_areas():
                clipped = Area()
                if not core.clip_area(area, clipped):
                    continue
                w, h = clipped.width(), clipped.height()
                if w <= 0 or h <= 0:
                    continue
                buffer = memoryview(bytearray(((w * h + 1) // 2) * 4))
                mask = memoryview(bytearray((w * h // 32 + 1) * 4)).cast("I")
                core.fill_area(clipped, mask, buffer)
                now = np.frombuffer(rgb565_to_rgb(buffer, w * h), dtype=np.uint8)
                old = pygame.image.tostring(self._pygame_screen.subsurface(
                    (clipped.x1, clipped.y1, w, h)), "RGB")
                was = np.frombuffer(old, dtype=np.uint8)
                n += int(np.count_nonzero((now != was).reshape(-1, 3).any(axis=1)))
        finally:
            core.current_group._finish_refresh()
            core.full_refresh = bool(n)
            core.refresh_in_progress = False
        return n

    def auto_refresh_tick(self):
        """Called by the runner: refresh when auto_refresh is on (60 fps)."""
        if self._auto_refresh and _simhost.now_ms() >= self._next_auto:
            self._next_auto = _simhost.now_ms() + 1000.0 / 60
            self._refresh_display()

    def _background(self):
        pass

    def _release(self):
        pass
