# e2e.py: what the end-to-end programs (test-e2e*.py) share: the built
# chouette-td started on the accessibility bus, widgets found by role and
# accessible name, real keys through xdotool, chouette-td-cli, and the
# program's log read for criticals at the end.
#
# Copyright 2026 The Chouette TD authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# A program imports pyatspi first (it connects to the accessibility bus),
# then this module, and ends with e2e.run(main): main(gui, cli) returns
# nothing and records its failures with check().

import pyatspi

import os
import subprocess
import sys
import time
import traceback

APP_ID = "io.github.chouettetd.ChouetteTD"
KNOWN_GTK_CRITICAL = "g_variant_is_object_path: assertion 'string != NULL' failed"
CLI = None
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print("FAIL: " + message, flush=True)


def wait_for(what, find, seconds=20.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = find()
        if found is not None:
            return found
        time.sleep(0.1)
    raise RuntimeError("gave up waiting for " + what)


def walk(node, depth=0):
    if node is None or depth > 60:
        return
    yield node
    for i in range(node.childCount):
        try:
            child = node.getChildAtIndex(i)
        except Exception:
            continue
        yield from walk(child, depth + 1)


def named(node, name):
    # GTK 4.8 joins an accessible label and the visible label it is
    # labelled by: "Event name Name", "Add Player Add Player…".
    text = node.name or ""
    return text == name or text.startswith(name + " ")


def find(root, role=None, name=None, contains=None):
    roles = (role,) if isinstance(role, str) else role
    for node in walk(root):
        try:
            if roles is not None and node.getRoleName() not in roles:
                continue
            if name is not None and not named(node, name):
                continue
            if contains is not None and contains not in (node.name or ""):
                continue
            return node
        except Exception:
            continue
    return None


def find_all(root, role=None, contains=None):
    """Every node under @root of @role whose name contains @contains."""
    roles = (role,) if isinstance(role, str) else role
    found = []
    for node in walk(root):
        try:
            if roles is not None and node.getRoleName() not in roles:
                continue
            if contains is not None and contains not in (node.name or ""):
                continue
            found.append(node)
        except Exception:
            continue
    return found


def app_node():
    desktop = pyatspi.Registry.getDesktop(0)
    for i in range(desktop.childCount):
        app = desktop.getChildAtIndex(i)
        if app is not None and app.name in ("chouette-td", "Chouette TD"):
            return app
    return None


def toplevel(root, contains):
    """A window of the application whose name contains @contains (GTK 4.8
    gives dialogs various roles: dialog, alert, filler)."""
    for i in range(root.childCount):
        top = root.getChildAtIndex(i)
        if top is not None and contains in (top.name or ""):
            return top
    return None


def press(root, name):
    button = wait_for("button " + name, lambda: find(root, "push button", name))
    button.queryAction().doAction(0)


def type_into(root, name, text, enter=False):
    entry = wait_for("entry " + name, lambda: find(root, ("text", "entry"), name))
    entry.queryEditableText().setTextContents(text)
    if enter:
        # The field holds the keyboard focus (GTK 4.8 does not implement
        # AT-SPI's grabFocus): Return is what the director presses.
        time.sleep(0.2)
        subprocess.run(["xdotool", "key", "Return"], check=True)
        time.sleep(0.3)


def window_action(name, parameter):
    """Activates the window's action @name with a string, as a script
    would: GTK exports the window's actions on the session bus."""
    subprocess.run(["gdbus", "call", "--session", "--dest", APP_ID,
                    "--object-path", "/io/github/chouettetd/ChouetteTD/window/1",
                    "--method", "org.gtk.Actions.Activate", name,
                    "[<'%s'>]" % parameter, "{}"], check=True, stdout=subprocess.DEVNULL)
    time.sleep(0.3)


def show_page(page):
    window_action("show-page", page)


def keys(*names):
    subprocess.run(["xdotool", "key", "--delay", "30", *names], check=True)


def type_text(text):
    subprocess.run(["xdotool", "type", "--delay", "20", text], check=True)


def focus_window(title):
    """Gives the keyboard to the window titled @title (there is no window
    manager under Xvfb to do it)."""
    subprocess.run(["xdotool", "search", "--sync", "--name", title,
                    "windowfocus", "--sync"], check=True)
    time.sleep(0.5)


def cli(path, *args):
    done = subprocess.run([CLI, path, *args], capture_output=True, text=True, check=True)
    return done.stdout


def cli_status(path, *args):
    """chouette-td-cli's whole answer, a refusal included."""
    return subprocess.run([CLI, path, *args], capture_output=True, text=True)


def type_path(title, path):
    """Types @path into the file chooser titled @title, and Return."""
    # (GTK 4.8's file chooser window has the role "filler")
    # A path typed from "/" opens the chooser's location field.
    focus_window(title)
    subprocess.run(["xdotool", "type", "--delay", "20", path], check=True)
    time.sleep(0.5)
    subprocess.run(["xdotool", "key", "Return"], check=True)


class App:
    """The built chouette-td, started with @args on the accessibility bus,
    its log kept in @folder."""

    def __init__(self, gui, folder, *args):
        env = dict(os.environ, GDK_BACKEND="x11", GSK_RENDERER="cairo",
                   GDK_DEBUG="gl-disable", GSETTINGS_BACKEND="memory",
                   XDG_DATA_HOME=os.path.join(folder, "data"),
                   XDG_CONFIG_HOME=os.path.join(folder, "config"))
        env.pop("GTK_A11Y", None)
        # GTK 4.8 answers an AT-SPI question about a window it is tearing
        # down with a CRITICAL of its own (KNOWN_GTK_CRITICAL): the program
        # runs without fatal criticals, and every other one fails the test
        # in stop().
        env.pop("G_DEBUG", None)
        self.log_path = os.path.join(folder, "chouette-td.log")
        self.log = open(self.log_path, "w")
        self.process = subprocess.Popen([gui, *args], env=env, stderr=self.log)
        self.root = None

    def wait(self):
        """The application's node on the accessibility bus."""
        self.root = wait_for("the application on the accessibility bus", app_node, 40)
        return self.root

    def stop(self):
        """Ends the program; each line of its log that warns fails the test,
        and so does a program that ended before it was asked to."""
        status = self.process.poll()
        check(status is None, "the program ended on its own, with status %r" % status)
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.log.close()
        with open(self.log_path) as written:
            for line in written:
                sys.stderr.write(line)
                if ("CRITICAL" in line or "WARNING" in line) and KNOWN_GTK_CRITICAL not in line:
                    check(False, "the program said: " + line.strip())


def run(main):
    """Calls main(GUI, CLI) from the command line's two paths; prints
    "N passed, N failed" and exits 1 on any failure."""
    global CLI
    gui, CLI = sys.argv[1], sys.argv[2]
    try:
        main(gui, CLI)
    except Exception as error:
        traceback.print_exc()
        print("FAIL: %s" % error)
        failures.append(str(error))
    print("%d passed, %d failed" % (1 if not failures else 0, 1 if failures else 0))
    sys.exit(1 if failures else 0)


def focused(root):
    """The node under @root that holds the keyboard focus, or None."""
    for node in walk(root):
        try:
            if node.getState().contains(pyatspi.STATE_FOCUSED):
                return node
        except Exception:
            continue
    return None


def tab_to(root, role, name, limit=40):
    """Presses Tab, as a person looking for a field does, until the node of
    @role named @name under @root holds the focus; returns the (role,
    name) of every node the focus stopped on, that one last."""
    roles = (role,) if isinstance(role, str) else role
    stops = []
    for _ in range(limit):
        keys("Tab")
        time.sleep(0.2)
        node = focused(root)
        if node is None:
            stops.append((None, None))
            continue
        stops.append((node.getRoleName(), node.name))
        if node.getRoleName() in roles and named(node, name):
            return stops
    raise RuntimeError("Tab never reached %s %s: %r" % (role, name, stops))


def window_named(root, name):
    """The application's window named exactly @name (toplevel() matches
    a part: "Export" would find "Print or Export" too)."""
    for i in range(root.childCount):
        top = root.getChildAtIndex(i)
        if top is not None and top.name == name:
            return top
    return None


def is_pressed(node):
    """Whether a toggle button (GTK 4.8: a "push button") is pressed."""
    return node.getState().contains(pyatspi.STATE_PRESSED)


def choose(root, name):
    """Presses the toggle button @name through AT-SPI ("click") and waits
    until it shows as pressed: one choice of a group."""
    press(root, name)
    wait_for(name + " chosen",
             lambda: True if is_pressed(find(root, "push button", name)) else None, 10)


def choose_in_drop_down(window_title, root, name, index):
    """Item @index of the drop-down @name: its button pressed through
    AT-SPI, the item chosen by keys (GTK 4.8's drop-down takes no
    AT-SPI selection: its list's selection is not the drop-down's)."""
    combo = wait_for("drop-down " + name, lambda: find(root, "combo box", name))
    find(combo, "push button").queryAction().doAction(0)
    time.sleep(0.5)
    focus_window(window_title)
    keys("Home", *(["Down"] * index), "Return")
    time.sleep(0.3)


def save_as(title, path):
    """Types @path over the name a save chooser titled exactly @title
    suggests (GTK selects only its stem: Ctrl+A takes the extension
    too), and Return."""
    focus_window("^%s$" % title)
    keys("ctrl+a")
    type_path("^%s$" % title, path)


def table_rows(table):
    """The texts of a column view's rows, cell by cell (its title row
    left out); [] when @table is None."""
    found = []
    for row in find_all(table, "table row") if table is not None else []:
        cells = [cell for cell in find_all(row, "table cell")]
        if cells:
            found.append([(find(cell, "label").name or "") for cell in cells])
    return found


def wait_for_rows(root, table_name, expected, column=1, seconds=10.0):
    """Waits until the column view named @table_name under @root shows
    exactly the rows whose column @column reads @expected (a filter or a
    change applied a moment later); raises, naming what it saw, if not."""
    seen = []

    def shown():
        seen[:] = [row[column] for row in table_rows(find(root, "tree table", table_name))
                   if len(row) > column]
        return True if seen == list(expected) else None
    try:
        return wait_for("the table %s to show %r" % (table_name, list(expected)), shown, seconds)
    except RuntimeError as error:
        raise RuntimeError("%s; it showed %r" % (error, seen)) from None


def wait_for_focus(root, role, name, seconds=10.0):
    """Waits until the node of @role named @name under @root holds the
    keyboard focus (a shortcut or a mnemonic moves it a moment later),
    and returns it: what is typed next goes there."""
    roles = (role,) if isinstance(role, str) else role

    def holds():
        node = focused(root)
        return (node if node is not None and node.getRoleName() in roles and named(node, name)
                else None)
    return wait_for("%s to hold the focus" % name, holds, seconds)


def screenshot(title, path):
    """Saves the window titled @title (an xdotool pattern) as the PNG
    @path, read from the X server (Xvfb draws every window: no
    compositor) through libX11, with no image program needed."""
    import ctypes
    import ctypes.util
    import struct
    import zlib

    class XImage(ctypes.Structure):
        # The head of Xlib's XImage, up to the fields read here.
        _fields_ = [("width", ctypes.c_int), ("height", ctypes.c_int),
                    ("xoffset", ctypes.c_int), ("format", ctypes.c_int),
                    ("data", ctypes.POINTER(ctypes.c_ubyte)), ("byte_order", ctypes.c_int),
                    ("bitmap_unit", ctypes.c_int), ("bitmap_bit_order", ctypes.c_int),
                    ("bitmap_pad", ctypes.c_int), ("depth", ctypes.c_int),
                    ("bytes_per_line", ctypes.c_int), ("bits_per_pixel", ctypes.c_int)]

    window = int(subprocess.run(["xdotool", "search", "--onlyvisible", "--name", title],
                                check=True, capture_output=True, text=True).stdout.split()[0])
    x11 = ctypes.CDLL(ctypes.util.find_library("X11"))
    x11.XOpenDisplay.restype = ctypes.c_void_p
    x11.XGetImage.restype = ctypes.POINTER(XImage)
    x11.XGetImage.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int,
                              ctypes.c_uint, ctypes.c_uint, ctypes.c_ulong, ctypes.c_int]
    x11.XGetGeometry.argtypes = [ctypes.c_void_p, ctypes.c_ulong] + \
        [ctypes.c_void_p] * 7
    display = x11.XOpenDisplay(None)
    try:
        root, x, y = ctypes.c_ulong(), ctypes.c_int(), ctypes.c_int()
        width, height, border, depth = (ctypes.c_uint() for _ in range(4))
        x11.XGetGeometry(display, window, ctypes.byref(root), ctypes.byref(x), ctypes.byref(y),
                         ctypes.byref(width), ctypes.byref(height), ctypes.byref(border),
                         ctypes.byref(depth))
        # (XDestroyImage is a macro: the image is left to the process's end)
        image = x11.XGetImage(display, window, 0, 0, width.value, height.value,
                              ctypes.c_ulong(-1).value, 2)  # AllPlanes, ZPixmap
        if not image or image.contents.bits_per_pixel != 32:
            raise RuntimeError("no 32-bit image of window %d" % window)
        shot = image.contents
        data = ctypes.string_at(shot.data, shot.bytes_per_line * shot.height)
        rows = []
        for row in range(shot.height):
            pixels = data[row * shot.bytes_per_line:row * shot.bytes_per_line + shot.width * 4]
            rgb = bytearray(shot.width * 3)
            # Xvfb's 24-bit visual, little-endian: blue, green, red, unused.
            rgb[0::3], rgb[1::3], rgb[2::3] = pixels[2::4], pixels[1::4], pixels[0::4]
            rows.append(b"\0" + bytes(rgb))
        w, h = shot.width, shot.height
    finally:
        x11.XCloseDisplay(ctypes.c_void_p(display))

    def chunk(kind, body):
        return (struct.pack(">I", len(body)) + kind + body
                + struct.pack(">I", zlib.crc32(kind + body) & 0xffffffff))
    with open(path, "wb") as png:
        header = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)  # 8-bit RGB
        png.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
                  + chunk(b"IDAT", zlib.compress(b"".join(rows), 6)) + chunk(b"IEND", b""))


def names_under(root):
    """The accessible names of @root and every node under it, in tree
    order (GTK 4.8 shows none as hidden: @root is the page to read)."""
    names = []
    for node in walk(root):
        try:
            if node.name:
                names.append(node.name)
        except Exception:
            continue
    return names
