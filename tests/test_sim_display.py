"""The simulator's display path (sim/modules/_simdisplay.py): any area the
firmware can dirty refreshes, at any size and anywhere on the screen.

PyGameDisplay 4.0.1 raised "Buffer length does not equal format and
resolution size" on every area with an odd width and an odd height (the
11x11 die of Alheimur's battle roll), and left the display stuck "in
refresh", so nothing drew again. Here every width and every height meets an
odd and an even other side, at each corner of the screen (so at each edge)
and hanging over each edge, and the pixels must come out right: the area
drawn, nothing else touched.
"""

import os

import numpy as np
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import _simhost

W, H = 160, 128
# Colours exact in RGB565, so the panel shows them unchanged.
COLOURS = (0x000000, 0xFF0000, 0x00FF00, 0x0000FF, 0xFFFFFF)
UNTOUCHED = (7, 7, 7)     # the surface before an area is drawn


def rgb(c):
    return ((c >> 16) & 255, (c >> 8) & 255, c & 255)


@pytest.fixture
def display():
    import board
    import displayio
    d = board.DISPLAY
    pal = displayio.Palette(len(COLOURS))
    for i, c in enumerate(COLOURS):
        pal[i] = c
    # A pattern where every pixel differs from its neighbours.
    pattern = np.fromfunction(lambda y, x: (x + 2 * y) % len(COLOURS), (H, W), dtype=int)
    bitmap = displayio.Bitmap(W, H, len(COLOURS))
    for y in range(H):
        for x in range(W):
            bitmap[x, y] = int(pattern[y, x])
    root = displayio.Group()
    root.append(displayio.TileGrid(bitmap, pixel_shader=pal))
    d.root_group = root
    d.refresh()
    want = np.array([rgb(c) for c in COLOURS], dtype=np.uint8)[pattern]    # (H, W, 3)
    yield d, root, pal, want
    d.root_group = None


def screen(d):
    import pygame
    return pygame.surfarray.array3d(d.surface).transpose(1, 0, 2)       # (H, W, 3)


def clip(x1, y1, x2, y2):
    return max(0, x1), max(0, y1), min(W, x2), min(H, y2)


def places(w, h):
    """Top-left corners putting a w x h area at each corner of the screen,
    and one pixel over each edge."""
    return ((0, 0), (W - w, 0), (0, H - h), (W - w, H - h),
            (-1, 0), (W - w + 1, H - h), (0, -1), (W - w, H - h + 1))


def sizes():
    """Every width with an odd and an even height, every height with an odd
    and an even width, and the screen's own size and one less."""
    out = {(w, h) for w in range(1, W + 1) for h in (1, 2, 3)}
    out |= {(w, h) for h in range(1, H + 1) for w in (1, 2, 3)}
    out |= {(11, 11), (21, 33)}
    return sorted(out)


def test_every_area_size_refreshes_at_every_edge(display):
    import pygame
    from displayio._area import Area
    d, _root, _pal, want = display
    surface = d.surface
    untouched = surface.map_rgb(UNTOUCHED)
    want_mapped = pygame.surfarray.map_array(surface, want.transpose(1, 0, 2))   # (W, H)
    n = 0
    for w, h in sizes():
        for x, y in places(w, h):
            surface.fill(UNTOUCHED)
            assert d._refresh_area(Area(x, y, x + w, y + h))
            x1, y1, x2, y2 = clip(x, y, x + w, y + h)
            got = pygame.surfarray.pixels2d(surface)     # a view, (W, H)
            inside = np.array_equal(got[x1:x2, y1:y2], want_mapped[x1:x2, y1:y2])
            outside = int((got == untouched).sum()) == W * H - (x2 - x1) * (y2 - y1)
            del got                                      # unlocks the surface
            assert inside and outside, (w, h, x, y, inside, outside)
            n += 1
    # the screen's size, odd and even, at the top-left corner
    for w, h in ((W, H), (W - 1, H - 1), (W - 1, H), (W, H - 1)):
        surface.fill(UNTOUCHED)
        assert d._refresh_area(Area(0, 0, w, h))
        assert np.array_equal(screen(d)[:h, :w], want[:h, :w]), (w, h)
    assert n == len(sizes()) * 8 > 4000


def test_refresh_draws_odd_areas_dirtied_through_displayio(display):
    """The whole path: a layer dirties an odd or even area (on screen, at an
    edge, or hanging over it), display.refresh() sends exactly that area."""
    import displayio
    d, root, pal, want = display
    for w, h in ((11, 11), (21, 33), (1, 1), (3, 2), (2, 3), (4, 4), (159, 127), (160, 128)):
        for x, y in places(w, h):
            bitmap = displayio.Bitmap(w, h, len(COLOURS))
            bitmap.fill(1)
            layer = displayio.TileGrid(bitmap, pixel_shader=pal, x=x, y=y)
            root.append(layer)
            d.refresh()
            assert _simhost.last_areas == [(x, y, x + w, y + h)]
            x1, y1, x2, y2 = clip(x, y, x + w, y + h)
            assert (screen(d)[y1:y2, x1:x2] == rgb(COLOURS[1])).all(), (w, h, x, y)
            root.remove(layer)
            d.refresh()                     # the pattern under it again
            assert np.array_equal(screen(d), want), (w, h, x, y)


def test_a_failed_refresh_does_not_freeze_the_display(display, monkeypatch):
    """If composing an area raises, the next refresh still draws (a refresh
    left "in progress" made every later one a no-op: a frozen screen)."""
    from _simdisplay import SimDisplay
    d, _root, _pal, want = display
    d.surface.fill(UNTOUCHED)
    d._core.full_refresh = True

    def broken(self, area):
        raise ValueError("broken area")

    monkeypatch.setattr(SimDisplay, "_refresh_area", broken)
    with pytest.raises(ValueError, match="broken area"):
        d.refresh()
    monkeypatch.undo()
    d._core.full_refresh = True
    d.refresh()
    assert np.array_equal(screen(d), want)
