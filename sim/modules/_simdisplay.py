"""The simulated 160x128 TFT behind ``board.DISPLAY``.

A ``blinka_displayio_pygamedisplay.PyGameDisplay`` (so the real Blinka
displayio composes every pixel) that draws into an off-screen pygame
Surface instead of its own window; the runner scales that surface into its
window or a PNG. Like the panel it keeps what was last sent to it, and it
refreshes only the dirty areas displayio reports, so the number of
refreshed pixels can be measured (``_simhost.refreshed_pixels``,
``_simhost.last_areas``). Auto-refresh is driven by the runner's clock, not
by displayio's background thread.
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import _simhost
import busdisplay
import pygame
from blinka_displayio_pygamedisplay import PyGameDisplay

# 1 us of virtual time per pixel sent: a full 160x128 refresh costs ~20 ms,
# about what the SPI transfer costs on the board.
_US_PER_PIXEL = 1.0


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

    def _refresh_display(self):
        if not self._core.start_refresh():
            return False
        areas = self._get_refresh_areas()
        pixels = 0
        done = []
        for area in areas:
            self._refresh_area(area)
            done.append((area.x1, area.y1, area.x2, area.y2))
            pixels += max(0, area.x2 - area.x1) * max(0, area.y2 - area.y1)
        self._core.finish_refresh()
        _simhost.refreshes += 1
        _simhost.refreshed_pixels += pixels
        _simhost.last_areas = done
        _simhost.advance(pixels * _US_PER_PIXEL / 1000.0)
        return True

    def auto_refresh_tick(self):
        """Called by the runner: refresh when auto_refresh is on (60 fps)."""
        if self._auto_refresh and _simhost.now_ms() >= self._next_auto:
            self._next_auto = _simhost.now_ms() + 1000.0 / 60
            self._refresh_display()

    def _background(self):
        pass

    def _release(self):
        pass
