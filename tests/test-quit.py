#!/usr/bin/python3
# test-quit.py: however the built chouette-td ends, the event file alone
# holds everything done in its window, and no FILE-wal or FILE-shm is
# left beside it: Ctrl+Q's action (app.quit), the window's close button,
# SIGTERM and SIGHUP (a session ending), SIGINT (Ctrl+C in a terminal).
# And while the window is open, a copy of the file alone taken after a
# quiet moment holds the window's last change.
#
# The window makes the changes itself (undo, then redo, activated on the
# session bus as a script would): the point is the window's writes.
# Nothing here opens the event for writing while the window has it (a
# program closing the file would checkpoint it for the window): the
# window's writes are watched through read-only connections, and checked
# in copies of the file alone.
#
# Copyright 2026 The Chouette TD authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage (under a display and a session bus, as meson runs it):
#   dbus-run-session -- /usr/bin/python3 test-quit.py CHOUETTE-TD CHOUETTE-TD-CLI

import pyatspi  # first: it connects to the accessibility bus

import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True  # (no __pycache__ in the source tree)
import e2e  # noqa: E402
from e2e import check, cli, find, toplevel, wait_for  # noqa: E402

APP_PATH = "/io/github/chouettetd/ChouetteTD"
WINDOW_PATH = APP_PATH + "/window/1"
WAYS = ["app.quit", "close button", "SIGTERM", "SIGHUP", "SIGINT"]


def activate(object_path, action):
    subprocess.run(["gdbus", "call", "--session", "--dest", e2e.APP_ID,
                    "--object-path", object_path, "--method", "org.gtk.Actions.Activate",
                    action, "[]", "{}"], check=True, stdout=subprocess.DEVNULL)


def actions_live(path):
    """The audit log's actions as the window has committed them (a
    read-only connection, which never checkpoints)."""
    db = sqlite3.connect("file:%s?mode=ro" % path, uri=True)
    try:
        return [row[0] for row in db.execute("SELECT action FROM audit ORDER BY id")]
    finally:
        db.close()


def actions_alone(path, folder):
    """The audit log's actions in a copy of the event file alone, as a
    director copies it to a stick, read as it lies."""
    copy = os.path.join(folder, "copy.chouette")
    shutil.copyfile(path, copy)
    db = sqlite3.connect("file:%s?immutable=1" % copy, uri=True)
    try:
        return [row[0] for row in db.execute("SELECT action FROM audit ORDER BY id")]
    finally:
        db.close()
        os.unlink(copy)


def committed(path, action):
    return lambda: True if actions_live(path)[-1] == action else None


def end_one_way(gui, folder, way):
    """An event opened in the window, changed there, the program ended by
    @way: it ends at once with status 0, leaving the file alone whole."""
    path = os.path.join(folder, "event-%s.chouette" % way.replace(" ", "-").replace(".", "-"))
    cli(path, "init", "--name", "Spring Open")
    cli(path, "player", "add", "Ann")
    cli(path, "player", "add", "Bob")
    check(not os.path.exists(path + "-wal"), "%s: the commands left the file alone" % way)

    app = e2e.App(gui, folder, path)
    try:
        root = app.wait()
        frame = wait_for("the event's window", lambda: toplevel(root, "Spring Open"), 20)

        # A change, then a quiet moment: a copy of the file alone taken
        # while the window is open holds it.
        activate(WINDOW_PATH, "undo")
        wait_for("the window's undo in the file", committed(path, "undo"), 10)
        # A fixed wait on purpose: that one quiet second is enough for the
        # window to checkpoint (so a copy of the file alone holds the undo)
        # is what is tested, and nothing the window shows marks it.
        time.sleep(2.0)
        check(os.path.exists(path + "-wal"), "%s: the copy was taken with the event open" % way)
        alone = actions_alone(path, folder)
        check(alone[-1] == "undo",
              "%s: a copy taken after a quiet second holds the window's undo: %r" % (way, alone))

        # A change just before the end: only closing can bring it in.
        activate(WINDOW_PATH, "redo")
        wait_for("the window's redo in the file", committed(path, "redo"), 10)
        if way == "app.quit":
            activate(APP_PATH, "quit")
        elif way == "close button":
            close = wait_for("the window's close button",
                             lambda: find(frame, "push button", "Close"))
            close.queryAction().doAction(0)
        else:
            app.process.send_signal(getattr(signal, way))
        try:
            status = app.process.wait(10)
        except subprocess.TimeoutExpired:
            app.process.kill()
            status = "still running after 10 s"
        check(status == 0, "%s: the program ended with status %r" % (way, status))
    finally:
        if app.process.poll() is None:
            app.process.kill()
            app.process.wait()
        app.log.close()
        with open(app.log_path) as written:
            for line in written:
                sys.stderr.write(line)
                if (("CRITICAL" in line or "WARNING" in line)
                        and e2e.KNOWN_GTK_CRITICAL not in line):
                    check(False, "%s: the program said: %s" % (way, line.strip()))

    for suffix in ("-wal", "-shm"):
        check(not os.path.exists(path + suffix), "%s: no %s is left beside the file" % (way, suffix))
    alone = actions_alone(path, folder)
    check(alone == ["create", "add-player", "add-player", "undo", "redo"],
          "%s: the file alone holds the window's last change: %r" % (way, alone))
    # The file opens as a whole event.
    check("Bob" in cli(path, "player", "list"), "%s: the event reads back" % way)


def main(gui, cli_path):
    # Ending well now means ending through exit(), where a sanitizer build
    # looks for leaks: GTK 4.8's recent-files manager loses two GDateTimes
    # (64 bytes) when the window adds its event to Recent, which is not
    # ours to fix and not what this test is about (the UI tests look for
    # the window's own leaks).
    if "ASAN_OPTIONS" in os.environ:
        os.environ["ASAN_OPTIONS"] += ":detect_leaks=0"
    folder = tempfile.mkdtemp(prefix="ctd-quit-")
    try:
        for way in WAYS:
            end_one_way(gui, folder, way)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    e2e.run(main)
