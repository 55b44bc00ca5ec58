"""The crash screen: what went wrong, in words, then "A: restart".

code.py catches any exception that reaches it and calls ``show``; the
traceback goes to the serial console as well, and once the screen is up
one line "crash screen: <error> (<where>)" follows it there (the simulator
reads it: its state JSON and exit status report the crash screen). The
store is not written now (the game may be half-way through a change): the
save is what the shell last wrote (ui/saving.py: at most about 30 s of
play before), and after the restart the launcher offers "Continue". Loaded only when it is needed:
code.py first drops the game's modules and collects, so even after a
MemoryError there is room.
"""

import gc
import sys
import time

_W = 26   # characters a line


def describe(e):
    """(one line naming the error, the traceback text)."""
    name = type(e).__name__
    msg = str(e)
    line = name + (": " + msg if msg else "")
    text = ""
    try:
        import io
        buf = io.StringIO()
        pe = getattr(sys, "print_exception", None)
        if pe is not None:
            pe(e, buf)
        else:
            import traceback
            traceback.print_exception(type(e), e, e.__traceback__, file=buf)
        text = buf.getvalue()
    except Exception:  # noqa: BLE001  (the description must not fail)
        text = line + "\n"
    return line, text


def _where(text):
    """'in app.py line 120' from the last traceback frame, or ''."""
    last = ""
    for ln in text.split("\n"):
        ln = ln.strip()
        if ln.startswith("File "):
            last = ln
    if not last:
        return ""
    try:
        parts = last.split('"')
        f = parts[1].replace("\\", "/").split("/")[-1]
        rest = parts[2]
        i = rest.find("line ")
        n = rest[i + 5:].split(",")[0]
        return "in %s line %s" % (f, n)
    except (IndexError, ValueError):
        return ""


def _lines(text, n):
    out = []
    while text and len(out) < n:
        out.append(text[:_W])
        text = text[_W:]
    return out


def show(hw, e):
    """Show the error on the screen, wait for A (or Start), restart.
    Never returns."""
    line, text = describe(e)
    print(text)                     # the serial console
    try:
        if hw is not None:
            hw.display.root_group = None
    except Exception:  # noqa: BLE001
        pass
    gc.collect()
    try:
        _screen(hw, line, _where(text))
    except Exception as e2:  # noqa: BLE001
        # No screen to show it on (a library or the board adapter is
        # missing): restarting would only loop, so let CircuitPython stop
        # with the original traceback on its console.
        print("crash screen failed:", e2)
        raise e from None
    _restart()


def _screen(hw, line, where):
    import displayio
    import terminalio

    import boards
    from ui import palette
    from ui.text import Label

    rows = ["Something went wrong."]
    rows.extend(_lines(line, 3))
    if where:
        rows.extend(_lines(where, 1))
    rows.append("")
    rows.append("Your game was saved at")
    rows.append("most half a minute ago.")
    root = displayio.Group()
    root.append(Label(terminalio.FONT, text="\n".join(rows),
                      color=palette.TEXT, anchor_point=(0, 0),
                      anchored_position=(2, 2), line_spacing=1.0))
    root.append(Label(terminalio.FONT, text="A: restart",
                      color=palette.TITLE, anchor_point=(0.5, 1.0),
                      anchored_position=(80, 126)))
    hw.display.root_group = root
    try:
        n = len(hw.pixels)
        for i in range(n):
            hw.pixels[i] = 0x400000
        hw.pixels.show()
    except Exception:  # noqa: BLE001
        pass
    hw.display.refresh()
    # one console line, however the message is broken
    print("crash screen: " + line.replace("\n", " ") + (" (" + where + ")" if where else ""))
    buttons = hw.buttons()
    buttons.clear()
    while True:
        ev = buttons.get()
        if ev is None:
            time.sleep(0.02)
            continue
        if ev.pressed and (ev.key == boards.A or ev.key == boards.START):
            return


def _restart():
    try:
        import supervisor
        supervisor.reload()
    except (ImportError, AttributeError):
        import microcontroller
        microcontroller.reset()
