#!/usr/bin/python3
# test-e2e.py: the built chouette-td driven as a person (or a screen
# reader) drives it, through AT-SPI: an event created from the welcome
# view through the save dialog, its settings typed, players
# added by keyboard and imported from a CSV, one withdrawn, the rest
# checked in at the desk by typing a few letters of each name and Return
# (the keyboard brought to the search field by Tab, the sidebar one stop
# on the way), the qualifying round drawn with seed 2026, and the draw on
# screen compared with chouette-td-cli's; then chouette 1.1's twelve
# games entered from the keyboard on the scoring page (six in the notation
# field, six in the guided form), the paper totals typed, and the file,
# the totals a screen reader hears and a hand-worked sheet compared.
#
# Copyright 2026 The Chouette TD authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage (under a display and a session bus, as meson runs it):
#   dbus-run-session -- /usr/bin/python3 test-e2e.py CHOUETTE-TD CHOUETTE-TD-CLI

import pyatspi  # first: it connects to the accessibility bus

import json
import os
import shutil
import sys
import tempfile
import time

sys.dont_write_bytecode = True  # (no __pycache__ in the source tree)
import e2e  # noqa: E402
from e2e import (check, cli, find, keys, named, press, show_page, toplevel, type_into,
                 type_path, type_text, wait_for, walk, window_action)


def main(gui, cli_path):
    folder = tempfile.mkdtemp(prefix="ctd-e2e-")
    path = os.path.join(folder, "club-open.chouette")
    csv = os.path.join(folder, "players.csv")
    imported = ["Imported %02d" % (i + 1) for i in range(14)]
    with open(csv, "w") as f:
        f.write("name,club\n" + "".join("%s,Riverside\n" % n for n in imported))
    typed = ["Ann", "Bob", "Cy", "Di", "Ed", "Fay", "Gus", "Hal"]

    app = e2e.App(gui, folder)
    try:
        root = app.wait()
        welcome = wait_for("the welcome window", lambda: find(root, "frame", "Chouette TD"), 20)

        # A new event, from the welcome view: the save dialog names its
        # file, and the event is named after it.
        press(welcome, "New Event")
        wait_for("the save dialog", lambda: toplevel(root, "New Event"))
        type_path("New Event", path)
        wait_for("the event file", lambda: True if os.path.exists(path) else None, 20)
        # GTK 4.8 answers AT-SPI about a dialog it is tearing down with a
        # CRITICAL: let the chooser go before looking at the windows.
        time.sleep(1.0)
        frame = wait_for("the event's window", lambda: toplevel(root, "club-open"), 20)

        # The event's settings, typed and saved.
        show_page("event")
        type_into(frame, "Stake per point", "5")
        type_into(frame, "Entry fee", "110")
        type_into(frame, "Event name", "Club Open")
        press(frame, "Save Settings")
        wait_for("the renamed window", lambda: find(root, "frame", "Club Open"))

        # Eight players typed in the dialog, Enter after each.
        show_page("players")
        press(frame, "Add Player")
        dialog = wait_for("the players dialog", lambda: toplevel(root, "Add Players"))
        check_box = wait_for("Checked in", lambda: find(dialog, "check box", "Checked in"))
        # Ticked through AT-SPI, as a screen reader does (a switch: GTK 4.8
        # gives a check button no action).
        check_box.queryAction().doAction(0)
        wait_for("Checked in ticked",
                 lambda: check_box if check_box.getState().contains(pyatspi.STATE_CHECKED)
                 else None, 5)
        for name in typed:
            type_into(dialog, "Name", name, enter=True)
        press(dialog, "Done")
        # GTK 4.8 answers AT-SPI about a dialog it is tearing down with a
        # CRITICAL, and under the sanitizer once with a crash: let the
        # dialog go before looking at the windows again.
        time.sleep(1.5)

        # Fourteen more from a CSV, through the file chooser.
        press(frame, "Import Players from CSV")
        wait_for("the file chooser", lambda: toplevel(root, "Import Players"))
        # A path typed from "/" opens the chooser's location field.
        type_path("Import Players", csv)
        wait_for("the import's report",
                 lambda: find(frame, "label", contains="Imported 14 players"), 20)

        # One withdraws: found by the search, confirmed.
        type_into(frame, "Search players", "Imported 14")
        e2e.wait_for_rows(frame, "Players", ["Imported 14"])
        press(frame, "Withdraw Player")
        def confirm_button():
            for i in range(root.childCount):
                top = root.getChildAtIndex(i)
                if top is None or top.name == "Club Open":
                    continue
                for node in walk(top):
                    if node.getRoleName() == "push button" and named(node, "Withdraw"):
                        return node
            return None
        wait_for("the confirmation", confirm_button).queryAction().doAction(0)

        # The rest arrive at the desk. The keyboard goes to the search field
        # by Tab: the sidebar is one stop on the way (the players' row), and
        # the page never changes.
        e2e.focus_window("Club Open")
        stops = e2e.tab_to(frame, ("entry", "text"), "Search players")
        sidebar_stops = [s for s in stops if s[0] == "list item"]
        check(all(n == "Players" for _, n in sidebar_stops),
              "Tab stopped in the sidebar on another page's row: %r" % stops)
        check(len(sidebar_stops) <= 1, "Tab walked through the sidebar: %r" % stops)
        row = find(frame, "list item", "Players")
        check(row is not None and row.getState().contains(pyatspi.STATE_SELECTED),
              "the players page is still the one shown after Tab")
        # Escape empties the field (it still holds the withdrawn search).
        keys("Escape")
        wait_for("the empty field",
                 lambda: True if find(frame, ("entry", "text"), "Search players")
                 .queryText().characterCount == 0 else None, 5)
        # A few letters matching several: Return asks for a choice, Down
        # goes to the list's first match, Return checks that one in and
        # sends the keyboard back to the emptied field.
        type_text("Imp")
        keys("Return")
        wait_for("the choice asked for",
                 lambda: find(frame, "label", contains="14 players match “Imp”"), 10)
        keys("Down")
        time.sleep(0.3)  # a pace, not a check: what Return does is awaited below
        keys("Return")
        wait_for("Imported 01 checked in",
                 lambda: find(frame, "label",
                              contains="Imported 01 checked in (9 of 21 present)."), 10)
        # The others: the letters that tell them apart, Return.
        for number in range(2, 14):
            type_text("%02d" % number)
            keys("Return")
            wait_for("Imported %02d checked in" % number,
                     lambda: find(frame, "label", contains="Imported %02d checked in (%d of 21 "
                                  "present)." % (number, 8 + number)), 10)
        # Typed again: already here, said so, not checked out.
        type_text("07")
        keys("Return")
        wait_for("Imported 07 already in",
                 lambda: find(frame, "label", contains="Imported 07 is already checked in"), 10)
        keys("Escape")
        listed = json.loads(cli(path, "--json", "player", "list"))
        present = {p["name"] for p in listed if p["checked_in"]}
        check(all(name in present for name in imported[:13]),
              "the names typed at the desk are checked in: %r" % sorted(present))
        check(imported[13] not in present, "the withdrawn player is not checked in")
        wait_for("the counts", lambda: find(frame, "label", "21 registered, 21 checked in"))

        # The draw, with seed 2026.
        show_page("rounds")
        type_into(frame, "Seed for the next draw", "2026")
        press(frame, "Draw Next Round")
        wait_for("the draw's confirmation",
                 lambda: find(frame, "label", contains="Drew round 1 with seed 2026"))

        shown = json.loads(cli(path, "--json", "show", "1.1"))
        names = [p["name"] if isinstance(p, dict) else p for p in shown["players"]]
        expected = " · ".join("%d %s" % (i + 1, n) for i, n in enumerate(names))
        cell = wait_for("chouette 1.1's players on screen",
                        lambda: find(frame, "label", expected), 10)
        check(cell is not None, "the screen shows 1.1 as " + expected)
        players = json.loads(cli(path, "--json", "player", "list"))
        check(len(players) == 22, "22 players registered, found %d" % len(players))

        # Chouette 1.1's returned sheet, entered from the keyboard alone:
        # the scoring page opens on game 1 with the notation field focused.
        window_action("show-chouette", "1.1")
        wait_for("the notation field",
                 lambda: find(frame, ("text", "entry"), contains="Result notation"))
        e2e.focus_window("Club Open")
        # A line that names nobody at this table: core's message, nothing
        # recorded, the text kept for correction.
        type_text("B 9:4")
        keys("Return")
        wait_for("the refusal naming the player",
                 lambda: find(frame, "label", contains="not in this chouette"), 10)
        shown = json.loads(cli(path, "--json", "show", "1.1"))
        check(all(g["result"] is None for g in shown["games"]),
              "a refused line records nothing")
        # The hand-worked sheet: the Box wins (B) or the team does (T),
        # every cube played at its starting value (1, 2, 4 in each
        # segment; players 1 to 4 Box in turn).
        lines = ["T" if game in (2, 5, 7, 8, 11) else "B" for game in range(1, 13)]
        worked = {p: 0 for p in range(1, 5)}
        for game, line in enumerate(lines, start=1):
            cube, box = (1, 2, 4)[(game - 1) % 3], (game - 1) // 3 + 1
            sign = 1 if line == "B" else -1
            for p in worked:
                worked[p] += 3 * cube * sign if p == box else -cube * sign
        # Games 1-6 typed in the notation field, Enter after each.
        for game, line in enumerate(lines[:6], start=1):
            keys("ctrl+a")
            type_text(line)
            keys("Return")
            wait_for("game %d's field" % (game + 1),
                     lambda: find(frame, "label", "Game %d notation" % (game + 1)), 10)
        # Games 7-12 in the guided form (F4), which starts each game at the
        # Box's win and writes its line into the field: for the team's,
        # Alt+T chooses Team; Alt+R records.
        keys("F4")
        wait_for("the guided form", lambda: find(frame, ("radio button", "check box"), "Team"), 10)
        def recorded(game):
            games = json.loads(cli(path, "--json", "show", "1.1"))["games"]
            return games[game - 1]["result"]
        for game, line in enumerate(lines[6:], start=7):
            # At a person's pace: the page has moved on to this game, and
            # GTK 4.8 emits a button's click 250 ms after its mnemonic.
            wait_for("game %d's field" % game,
                     lambda: find(frame, "label", "Game %d notation" % game), 10)
            time.sleep(0.5)
            if line == "T":
                keys("alt+t")
                time.sleep(0.3)
            keys("alt+r")
            wait_for("game %d recorded from the form" % game,
                     lambda: True if recorded(game) is not None else None, 10)
            check(recorded(game) == line, "the form recorded game %d as %r, not %r"
                  % (game, line, recorded(game)))
        def all_recorded():
            done = json.loads(cli(path, "--json", "show", "1.1"))
            return done if all(g["result"] is not None for g in done["games"]) else None
        done = wait_for("twelve games in the file", all_recorded, 10)
        check([g["result"] for g in done["games"]] == lines,
              "the file holds the lines typed: %r" % [g["result"] for g in done["games"]])
        for number, total in done["totals"].items():
            check(total == worked[int(number)], "player %s's total %r is the hand-worked %r"
                  % (number, total, worked[int(number)]))
            name = "Total, player %s, %s" % (number, ("%+g" % total) if total else "0")
            check(find(frame, "label", contains=name) is not None,
                  "the screen reader hears \"%s\"" % name)

        # The returned sheet's totals, typed into the paper row: they agree.
        for number, total in worked.items():
            type_into(frame, "Paper total, player %d" % number, "%g" % total)
        press(frame, "Check Paper Totals")
        def paper_stored():
            stored = json.loads(cli(path, "--json", "show", "1.1"))["paper_totals"]
            return stored if stored else None
        stored = wait_for("the paper totals in the file", paper_stored, 10)
        check({int(k): v for k, v in stored.items()} == worked,
              "the paper totals stored are the sheet's: %r" % stored)
    finally:
        app.stop()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    e2e.run(main)
