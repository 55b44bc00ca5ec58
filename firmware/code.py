"""Boot: pick the board adapter and show the title screen.

A placeholder that proves the path end to end (adapter, display, buttons,
pixels, speaker, NVM); the launcher replaces it.
"""

import time

import displayio
import terminalio
from adafruit_display_text import bitmap_label
from micropython import const

import boards

_SETTINGS = const(0)          # nvm[0:4]: b"AC" b"S" + sound (0/1)
_HIGHLIGHT = const(0x2050A0)
_TEXT = const(0xE0E0E0)
_DIM = const(0x808080)
_PIXELS = (0xFF2000, 0xFFFFFF, 0x0040FF, 0xFFFFFF, 0x00C020)

hw = boards.load()
buttons = hw.buttons()
display = hw.display
nvm = hw.nvm

if nvm[_SETTINGS:_SETTINGS + 3] == b"ACS":
    hw.sound = nvm[_SETTINGS + 3] == 1

root = displayio.Group()
title = bitmap_label.Label(terminalio.FONT, text="Alien City", color=0xFFC040,
                           scale=2, anchor_point=(0.5, 0.5),
                           anchored_position=(80, 24))
root.append(title)
root.append(bitmap_label.Label(terminalio.FONT, text="two builders, one city",
                               color=_DIM, anchor_point=(0.5, 0.5),
                               anchored_position=(80, 44)))
items = []
for row in range(2):
    item = bitmap_label.Label(terminalio.FONT, text=" " * 14, color=_TEXT,
                              padding_left=4, padding_right=4,
                              padding_top=1, padding_bottom=1,
                              anchor_point=(0.5, 0.5),
                              anchored_position=(80, 70 + 16 * row))
    items.append(item)
    root.append(item)
message = bitmap_label.Label(terminalio.FONT, text="", color=0x60E060,
                             anchor_point=(0.5, 0.5), anchored_position=(80, 116))
root.append(message)
display.root_group = root

selected = 0


def show_menu():
    items[0].text = "Play Alien City"
    items[1].text = "Sound: on" if hw.sound else "Sound: off"
    for i, item in enumerate(items):
        item.background_color = _HIGHLIGHT if i == selected else None
    display.refresh()


def show_pixels(lit):
    for i in range(len(hw.pixels)):
        hw.pixels[i] = _PIXELS[i] if i < lit else 0
    hw.pixels.show()


def choose():
    if selected == 0:
        hw.tone(880, 80)
        message.text = "The board comes next"
    else:
        hw.sound = not hw.sound
        nvm[_SETTINGS:_SETTINGS + 4] = bytes((0x41, 0x43, 0x53, 1 if hw.sound else 0))
        hw.tone(660, 60)
        message.text = ""
    show_menu()


show_menu()
show_pixels(len(hw.pixels))

while True:
    ev = buttons.get()
    if ev is None:
        time.sleep(0.01)
        continue
    if not ev.pressed:
        continue
    if ev.key == boards.UP or ev.key == boards.DOWN:
        selected = (selected + (1 if ev.key == boards.DOWN else -1)) % len(items)
        if message.text:
            message.text = ""
        show_menu()
    elif ev.key == boards.A:
        choose()
