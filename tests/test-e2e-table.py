#!/usr/bin/python3
# test-e2e-table.py: a table's games from its phone, accepted at the desk
# in the built chouette-td, by keys and through AT-SPI. The event comes
# from chouette-td-cli; the window starts Table Entry on loopback from
# its menu's dialog; a phone (HTTP as a browser posts the table's forms:
# the browser itself is tests/serve/test-browser-table.mjs) enters 1.1's
# twelve games and the other side confirms each; the director goes to
# 1.1's scoring page from the dialog and accepts each line with Return, the table's line
# waiting in the field; then the window, the phone's page and
# `show 1.1 --json` give the same totals, Ctrl+Z puts the last line back
# to wait, Ctrl+Shift+A accepts it again after a question, and Stop ends
# the serving. The dialog's button for 1.1, counting its lines, opens
# its page.
#
# Copyright 2026 The Chouette TD authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage (under a display and a session bus, as meson runs it):
#   dbus-run-session -- /usr/bin/python3 test-e2e-table.py CHOUETTE-TD CHOUETTE-TD-CLI

import pyatspi  # noqa: F401 (first: it connects to the accessibility bus)

import html
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request

sys.dont_write_bytecode = True  # (no __pycache__ in the source tree)
import e2e  # noqa: E402
from e2e import (check, choose_in_drop_down, cli, find, focus_window, keys, press, toplevel,
                 wait_for)

TITLE = "Table Night"
NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Fay", "Gus", "Lee <b>"]
# tests/ctdtest.py's sheet: twelve legal lines of a 4-player chouette, as
# phones send it (without games 5 and 9's adjustments: a phone sends no A:).
FOUR_SHEET = ["T", "B 3:4", "Bg 2:8 3:4- 4:4+", "- 1:2- 3:1- 4:1-",
              "Tb 1:2- 3:4 4:2- E:1>3:8", "B 1:w 3:16 F:1>2:2", "T 1:2 2:1+ 4:4 !T", "Tg",
              "Bg 1:8 2:4- 4:4- E:4>1:8+", "B 1:2 2:1- F:2>3:0.5", "T 2:8 3:4-", "Bb 1:16 3:8+"]


def points(total):
    return ("%+g" % total) if total else "0"


class Phone:
    """A table's phone at its link: the forms posted as a browser posts
    them, from the desk's own page."""

    def __init__(self, link):
        self.link = link
        parts = urllib.parse.urlsplit(link)
        self.origin = "%s://%s" % (parts.scheme, parts.netloc)

    def get(self, path=""):
        with urllib.request.urlopen(self.link + path, timeout=10) as answer:
            return answer.read().decode("utf-8")

    def post(self, action, fields):
        request = urllib.request.Request(
            self.link + "/" + action, data=urllib.parse.urlencode(fields).encode("ascii"),
            headers={"Origin": self.origin,
                     "Content-Type": "application/x-www-form-urlencoded"})

        class NoRedirect(urllib.request.HTTPRedirectHandler):
            def redirect_request(self, *args):
                return None
        opener = urllib.request.build_opener(NoRedirect)
        try:
            with opener.open(request, timeout=10) as answer:
                return answer.status, answer.read().decode("utf-8")
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode("utf-8")


def hidden(page, name):
    found = re.search(r'name="%s" value="([^"]*)"' % name, page)
    check(found is not None, "no field %s on:\n%s" % (name, page))
    return html.unescape(found.group(1))


def enter_game(phone, game, line):
    """The Box enters @line for @game; the Captain confirms it."""
    form = phone.get("/enter/%d" % game)
    token = hidden(form, "token")
    box = re.search(r'name="by" value="(\d+)"', form).group(1)
    status, checked = phone.post("check", {"token": token, "game": game, "by": box,
                                           "notation": line})
    check(status == 200, "game %d's check: %d\n%s" % (game, status, checked))
    status, _ = phone.post("send", {"token": token, "game": game, "by": box,
                                    "line": hidden(checked, "line"),
                                    "request": hidden(checked, "request")})
    check(status == 303, "game %d sent: %d" % (game, status))
    page = phone.get()
    status, _ = phone.post("answer", {"token": hidden(page, "token"), "id": hidden(page, "id"),
                                      "by": hidden(page, "by"), "answer": "confirm"})
    check(status == 303, "game %d confirmed: %d" % (game, status))


def activate(action):
    """The window's action @name, which takes no parameter."""
    subprocess.run(["gdbus", "call", "--session", "--dest", e2e.APP_ID,
                    "--object-path", "/io/github/chouettetd/ChouetteTD/window/1",
                    "--method", "org.gtk.Actions.Activate", action, "[]", "{}"],
                   check=True, stdout=subprocess.DEVNULL)
    time.sleep(0.3)


def start_serving(root):
    """Table Entry from the window's menu, on loopback, any free port;
    returns the address the window serves at."""
    activate("table-entry")
    dialog = wait_for("the Table Entry dialog", lambda: toplevel(root, "Table Entry"), 10)
    # "All interfaces" first, then the machine's: loopback is the first of these.
    choose_in_drop_down("Table Entry", dialog, "Network interface", 1)
    port = wait_for("the port", lambda: find(dialog, "spin button", "Port"))
    port.queryEditableText().setTextContents("0")
    press(dialog, "Start serving")
    state = wait_for("the dialog serving on loopback",
                     lambda: find(dialog, "label", contains="Serving at http://127.0.0.1:"), 10)
    return dialog, re.search(r"http://127\.0\.0\.1:\d+", state.name).group(0)


def accept_in_window(frame, path, game, line):
    """Game @game's line waits in its field: Return accepts it."""
    e2e.wait_for_focus(frame, ("text", "entry"), "Result notation, game %d" % game)
    wait_for("the table's line for game %d in the bar" % game,
             lambda: find(frame, "label", contains="sent this line for game %d" % game), 10)
    keys("Return")

    def recorded():
        games = json.loads(cli(path, "--json", "show", "1.1"))["games"]
        return games[game - 1]["result"] or None
    wait_for("game %d recorded" % game, recorded, 10)


def main(gui, cli_path):
    folder = tempfile.mkdtemp(prefix="ctd-e2e-table-")
    path = os.path.join(folder, "table-night.chouette")
    cli(path, "init", "--name", TITLE, "--stake", "5")
    for name in NAMES:
        cli(path, "player", "add", "--", name, "--checked-in")
    cli(path, "draw", "--seed", "7")
    app = e2e.App(gui, folder, path)
    try:
        root = app.wait()
        frame = wait_for("the event's window", lambda: toplevel(root, TITLE), 30)
        dialog, base = start_serving(root)
        links = {link["chouette"]: link["url"]
                 for link in json.loads(cli(path, "--json", "links", "--base", base))}
        phone = Phone(links["1.1"])

        for game, line in enumerate(FOUR_SHEET, start=1):
            enter_game(phone, game, line)
        pending = json.loads(cli(path, "--json", "pending"))
        check(len(pending) == 12, "twelve lines wait for the director: %r" % pending)
        check(all(g["result"] is None for g in
                  json.loads(cli(path, "--json", "show", "1.1"))["games"]),
              "nothing recorded before the desk accepts")

        # The dialog counts them on 1.1's button, which opens its page.
        wait_for("1.1's button in the dialog",
                 lambda: find(dialog, "push button",
                              "Open chouette 1.1's scoring page: 12 lines wait"), 10)
        press(dialog, "Open chouette 1.1's scoring page: 12 lines wait")
        press(dialog, "Close") if find(dialog, "push button", "Close") else keys("Escape")
        focus_window(TITLE)
        for game, line in enumerate(FOUR_SHEET, start=1):
            accept_in_window(frame, path, game, line)

        shown = json.loads(cli(path, "--json", "show", "1.1"))
        check(json.loads(cli(path, "--json", "pending")) == [], "nothing waits once accepted")
        # The page's text, as the phone shows it.
        page = html.unescape(re.sub(r"<[^>]+>", "", phone.get()))
        for player in shown["players"]:
            total = shown["totals"][str(player["number"])]
            heard = "Total, player %d, %s" % (player["number"], points(total))
            wait_for("the screen reader hearing \"%s\"" % heard,
                     lambda: find(frame, "label", heard), 10)
            written = "%d (%s): %s" % (player["number"], player["name"], points(total))
            check(written in page, "the phone's page says %r" % written)

        # Undo puts the last accepted line back to wait; Return takes it again.
        focus_window(TITLE)
        keys("ctrl+z")
        wait_for("game 12 waiting again",
                 lambda: json.loads(cli(path, "--json", "pending")) or None, 10)
        # Ctrl+Shift+A accepts what conflicts with nothing, after asking.
        keys("ctrl+shift+a")
        wait_for("the question", lambda: toplevel(root, "Accept 1 table's line, from 1 table?"),
                 10)
        keys("Return")
        wait_for("game 12 recorded again",
                 lambda: json.loads(cli(path, "--json", "show", "1.1"))["games"][11]["result"],
                 10)
        log = cli(path, "log")
        check("from table 1.1's link: entered by " in log and "(127.0.0.1), confirmed by " in log,
              "the log says where lines came from")
        check("1 table's line accepted at once: Chouette 1.1 game 12" in log,
              "the log lists what was accepted at once")

        activate("table-entry")
        dialog = wait_for("the Table Entry dialog", lambda: toplevel(root, "Table Entry"), 10)
        press(dialog, "Stop serving")
        wait_for("serving stopped", lambda: find(dialog, "label", "Not serving."), 10)
    finally:
        app.stop()


if __name__ == "__main__":
    e2e.run(main)
