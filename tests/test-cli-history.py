#!/usr/bin/python3
# test-cli-history.py: chouette-td-cli: undo, redo, closing and archiving.
#
# Copyright 2026 The Chouette TD authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: test-cli-history.py PATH/TO/chouette-td-cli
#
# Undo and redo restore the records exactly and are logged; close
# --archive writes the workbook and a copy, after which every write is
# refused and everything still reads.
# Python's standard library only; ends with "N passed, N failed".

import os
import sqlite3
import sys
import zipfile

import ctdtest
from ctdtest import FOUR_SHEET, FOUR_TOTALS, Event, check, equal, new_event, records


def test_undo_redo(folder):
    event = new_event(folder, 4)
    event.json("draw", "--seed", "12")
    event.run("record", "1.1", "1", "T")
    before = records(event)
    event.run("record", "1.1", "2", "B 3:4")
    after = records(event)
    shown = event.json("show", "1.1")

    out = event.json("undo")
    equal(out["undone"], "Chouette 1.1 game 2: B 3:4", "undone")
    equal(records(event), before, "records after undo")
    equal(event.json("show", "1.1")["games"][1]["result"], None, "game 2 undone")
    out = event.json("redo")
    equal(out["redone"], "Chouette 1.1 game 2: B 3:4", "redone")
    equal(records(event), after, "records after redo")
    equal(event.json("show", "1.1"), shown, "shown after redo")

    # The log says what was undone and redone, and links them.
    log = event.json("log")
    equal([e["action"] for e in log[-2:]], ["undo", "redo"], "last entries")
    equal([e["summary"] for e in log[-2:]],
          ["Undid: Chouette 1.1 game 2: B 3:4", "Redid: Chouette 1.1 game 2: B 3:4"],
          "logged summaries")
    equal(log[-1]["undoes"], log[-2]["id"], "the redo takes back the undo")
    text = event.run("log").stdout
    check("redone by #%d" % log[-1]["id"] in text, "log text: %r" % text)
    proc = event.run("redo", status=1)
    check("nothing to redo" in proc.stderr, "message: %r" % proc.stderr)

    # A new action empties the redo list; the refusal changes nothing.
    event.run("undo")
    event.run("record", "1.1", "2", "T")
    err = event.refused("redo", message="There is nothing to redo")
    check("event.chouette" in err, "the message names the file: %r" % err)
    equal(event.run("undo").stdout.strip(), "Undone: Chouette 1.1 game 2: T", "undo text")
    equal(event.run("redo").stdout.strip(), "Redone: Chouette 1.1 game 2: T", "redo text")


def test_close_and_archive(folder):
    """close --archive DIR: refused until the final is over; then the
    workbook and a copy of the event side by side in DIR, and every write
    refused with the store's message while everything still reads."""
    event = Event(folder)
    event.run("init", "--name", "Club Open", "--date", "2026-11-22")
    equal(event.json("settings")["closed"], None, "open")
    for name in ("Ann", "Bob", "Cy", "Di"):
        event.run("player", "add", name, "--checked-in")
    event.run("draw", "--seed", "3")
    for game, notation in enumerate(FOUR_SHEET[:11], start=1):
        event.run("record", "1.1", game, notation)
    archive = os.path.join(folder, "archive")
    os.mkdir(archive)

    event.run("close", status=2)
    event.refused("close", "--archive", archive,
                  message="The event is not finished: the final (round 1) is not "
                          "complete: 1.1: game 12 to enter")
    event.refused("close", "--archive", os.path.join(folder, "missing"),
                  message="is not a folder")
    equal(os.listdir(archive), [], "nothing written before the end")
    event.run("record", "1.1", 12, FOUR_SHEET[11])

    closed = event.json("close", "--archive", archive)
    equal(sorted(os.listdir(archive)), ["Club Open.chouette", "Club Open.xlsx"],
          "the archive")
    equal(closed["workbook"], os.path.join(archive, "Club Open.xlsx"), "workbook")
    equal(closed["event_file"], os.path.join(archive, "Club Open.chouette"),
          "event copy")
    with zipfile.ZipFile(closed["workbook"]) as workbook:
        check("xl/workbook.xml" in workbook.namelist(), "a real workbook")
    copy = sqlite3.connect("file:%s?mode=ro" % closed["event_file"], uri=True)
    stored = copy.execute("SELECT closed FROM event").fetchone()[0]
    copy.close()
    equal(stored, closed["closed"].replace(".000", ""), "the copy is closed")

    message = "The event was closed on "
    event.refused("record", "1.1", 12, "T", "--replace", message=message)
    event.refused("player", "add", "Late Comer", message=message)
    event.refused("settings", "--venue", "Elsewhere", message=message)
    event.refused("undo", message=message)
    event.refused("redo", message=message)
    event.refused("close", "--archive", archive, message=message)
    equal(len(os.listdir(archive)), 2, "no second archive")

    # Everything still reads, from the event and from its archived copy.
    equal(event.json("show", "1.1")["totals"], FOUR_TOTALS, "totals")
    results = event.json("results")
    check(results["final_complete"], "final complete")
    check(event.run("log").stdout.rstrip().endswith("Closed the event"), "logged")
    equal(event.json("settings")["closed"], closed["closed"], "settings say when")
    check("(read-only)" in event.run("settings").stdout, "settings say it is closed")
    event.run("export", os.path.join(folder, "all.xlsx"), "--all")
    copied = Event(archive, "Club Open.chouette")
    equal(copied.json("show", "1.1")["totals"], FOUR_TOTALS, "the copy's totals")
    copied.refused("player", "add", "Late Comer", message=message)


if __name__ == "__main__":
    sys.exit(ctdtest.cli_main(globals(), "ctd-cli-"))
