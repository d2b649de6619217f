#!/usr/bin/python3
# test-cli-pending.py: chouette-td-cli pending, accept and reject: the
# lines tables send from their links, waiting for the director.
#
# Copyright 2026 The Chouette TD authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: test-cli-pending.py PATH/TO/chouette-td-cli PATH/TO/ctd-test-submit
#
# ctd-test-submit sends and confirms a line through a chouette's link as
# the phones would. pending lists what waits (text and JSON), with what
# the line gives and where it came from; accept records it as record
# does, once; a line that disagrees with the desk's needs --replace;
# reject sends it back with a reason; the event's setting records
# confirmed lines at once; the log says where an accepted line came
# from, and undo puts it back in the queue.
# Python's standard library only; ends with "N passed, N failed".

import os
import subprocess
import sys

import ctdtest
from ctdtest import FOUR_BOX, FOUR_CAPTAIN, PHONE_SHEET, check, equal, new_event

SUBMIT = None


def drawn_event(folder):
    event = new_event(folder, 8)
    event.run("draw", "--seed", "7")
    return event


def send(event, label, game, line, by=None, confirm_by=None, address="192.168.1.23",
         status=0, same_phone=False):
    """The table's line for @game, entered by its Box and confirmed by its
    Captain unless told otherwise (on another phone, or with
    @same_phone on the one that entered it, with the Captain's code)."""
    by = by or FOUR_BOX[game - 1]
    confirm_by = confirm_by or FOUR_CAPTAIN[game - 1]
    # "--": a line may start with "-".
    proc = subprocess.run([SUBMIT, "--by", str(by), "--confirm-by", str(confirm_by),
                           "--address", address] + (["--same-phone"] if same_phone else []) +
                          ["--", event.path, label, str(game), line],
                          capture_output=True, text=True, timeout=60)
    equal(proc.returncode, status, "ctd-test-submit %s %d %r: %s" % (label, game, line,
                                                                     proc.stderr))
    return proc


def show_games(event, label):
    return {g["game"]: g["result"] for g in event.json("show", label)["games"]
            if g.get("result")}


def test_empty(folder):
    event = drawn_event(folder)
    equal(event.json("pending"), [], "nothing waits")
    equal(event.run("pending").stdout, "No line from the tables waits for the director.\n",
          "the text says so")


def test_listed_and_accepted(folder):
    event = drawn_event(folder)
    names = event.players_of("1.1")
    before = ctdtest.records(event)
    send(event, "1.2", 1, "B", address="10.0.0.9")
    send(event, "1.1", 1, "T")
    send(event, "1.1", 2, "B 3:4")
    # Waiting lines move nothing but the queue.
    after = ctdtest.records(event)
    del before["submission"], after["submission"]
    equal(after, before, "records while lines wait")

    pending = event.json("pending")
    equal([(p["chouette"], p["game"], p["line"]) for p in pending],
          [("1.1", 1, "T"), ("1.1", 2, "B 3:4"), ("1.2", 1, "B")], "round/chouette/game order")
    first = pending[0]
    equal(first["state"], "pending", "state")
    equal(first["deltas"], {"1": -3, "2": 1, "3": 1, "4": 1}, "what record would give")
    equal(first["address"], "192.168.1.23", "from where")
    equal(first["entered_by"], {"player": 1, "name": names["1"]}, "entered by the Box")
    equal(first["confirmed_by"], {"player": 2, "name": names["2"]}, "confirmed by the Captain")
    check(first["confirmed"].endswith("Z") and "T" in first["confirmed"], first["confirmed"])
    equal(first["recorded"], None, "the desk has nothing")
    equal(first["changes"], None, "no replacement")
    equal(pending[2]["address"], "10.0.0.9", "the other phone")

    text = event.run("pending").stdout
    check("1.1 game 1: T\n" in text, text)
    check("entered by %s from 192.168.1.23; confirmed by %s from 192.168.1.23, "
          % (names["1"], names["2"]) in text, text)
    equal(first["entered_from"], "192.168.1.23", "where it was entered")
    equal(first["one_device"], False, "two phones")
    # The players named: no seat number reads as a game's.
    check("  the line gives: 1 %s -3, 2 %s +1, 3 %s +1, 4 %s +1\n"
          % (names["1"], names["2"], names["3"], names["4"]) in text, text)
    check("game   1:" not in text, text)
    equal(first["players"], names, "each seat's player")
    check("1.2 game 1: B\n" in text, text)

    out = event.json("accept", "1.1", 1)
    equal(out["result"], "T", "accepted line")
    equal(out["changes"], None, "nothing replaced")
    equal(out["totals"], {"1": -3, "2": 1, "3": 1, "4": 1}, "totals")
    equal(show_games(event, "1.1"), {1: "T"}, "show has the game")
    equal([(p["chouette"], p["game"]) for p in event.json("pending")],
          [("1.1", 2), ("1.2", 1)], "accepted: no longer pending")
    # Recorded once, never twice.
    event.refused("accept", "1.1", 1, message="Chouette 1.1 game 1: no line from the table "
                                              "waits for the director")
    event.refused("accept", "1.1", 3, message="no line from the table waits")
    event.refused("accept", "1.1", 13, message="There is no game 13")
    event.refused("accept", "1.9", 1, message="There is no chouette 1.9")
    event.refused("accept", "1.1", "x", status=2, message="“x” is not a game number")
    event.refused("accept", "1.1", status=2, message="missing arguments")

    # The log says where it came from; undo puts it back in the queue.
    log = event.run("log").stdout
    check("Table's line accepted: Chouette 1.1 game 1: T (from table 1.1's link: "
          "entered by %s (192.168.1.23), confirmed by %s (192.168.1.23))"
          % (names["1"], names["2"]) in log, log)
    event.run("undo")
    equal(show_games(event, "1.1"), {}, "undone: the game is gone")
    equal([(p["chouette"], p["game"]) for p in event.json("pending")],
          [("1.1", 1), ("1.1", 2), ("1.2", 1)], "undone: waits again")
    event.run("redo")
    equal(show_games(event, "1.1"), {1: "T"}, "redone")
    text = event.run("accept", "1.1", 2).stdout
    check(text.startswith("1.1 game 2: B 3:4  from the table: entered by "), text)
    check("(192.168.1.23), confirmed by " in text, text)


def test_disagreement(folder):
    event = drawn_event(folder)
    event.run("record", "1.1", 1, "T")
    send(event, "1.1", 1, "B")
    pending = event.json("pending")
    equal(len(pending), 1, "one waits")
    equal(pending[0]["state"], "disagrees", "state")
    equal(pending[0]["recorded"], "T", "the desk's line")
    equal(pending[0]["line"], "B", "the table's line")
    check(any("“T” is replaced by “B”" in c for c in pending[0]["changes"]),
          pending[0]["changes"])
    text = event.run("pending").stdout
    check("1.1 game 1: B  (disagrees with the desk's T" in text, text)

    event.refused("accept", "1.1", 1, message="Chouette 1.1 game 1 already has the result “T”, "
                                              "and the table sent “B”")
    err = event.refused("accept", "1.1", 1, message="(--replace)")
    out = event.json("accept", "1.1", 1, "--replace")
    equal(out["replaced"], "T", "replaced")
    equal(out["changes"], pending[0]["changes"], "what the replacement changed")
    equal(show_games(event, "1.1"), {1: "B"}, "the table's line")
    check("--replace" in err, err)


def test_reject(folder):
    event = drawn_event(folder)
    send(event, "1.1", 1, "T")
    event.refused("reject", "1.1", 1, status=2, message="reject needs --reason")
    event.refused("reject", "1.1", 1, "--reason", "   ", message="The reason cannot be empty")
    event.refused("reject", "1.1", 1, "--reason", "x" * 201, message="reason")
    out = event.json("reject", "1.1", 1, "--reason", "The Box doubled first")
    equal(out["reason"], "The Box doubled first", "reason")
    equal(event.json("pending"), [], "sent back: gone from pending")
    equal(show_games(event, "1.1"), {}, "nothing recorded")
    event.refused("accept", "1.1", 1, message="no line from the table waits")
    event.refused("reject", "1.1", 1, "--reason", "again", message="no line from the table waits")
    # The table enters the game again.
    send(event, "1.1", 1, "B")
    equal([p["line"] for p in event.json("pending")], ["B"], "entered again")


def test_auto_accept(folder):
    event = drawn_event(folder)
    equal(event.json("settings")["table_auto_accept"], False, "off by default")
    check("wait for the director" in event.run("settings").stdout, "the text says so")
    event.refused("settings", "--table-auto-accept", "yes", status=2,
                  message="--table-auto-accept is on or off")
    out = event.json("settings", "--table-auto-accept", "on")
    equal(out["table_auto_accept"], True, "on")
    check("recorded once confirmed at the table" in event.run("settings").stdout, "shown")
    send(event, "1.1", 1, "T", address="10.1.1.1")
    equal(show_games(event, "1.1"), {1: "T"}, "recorded at once")
    equal(event.json("pending"), [], "nothing waits")
    log = event.run("log").stdout
    check("Chouette 1.1 game 1: T (from table 1.1's link: entered by " in log, log)
    check("(10.1.1.1), confirmed by " in log, log)
    # Undo puts it back in the queue, where the director decides.
    event.run("undo")
    equal([(p["chouette"], p["game"]) for p in event.json("pending")], [("1.1", 1)], "undone")
    # One phone entered and confirmed game 2: it waits, and the desk is told.
    send(event, "1.1", 2, "B", address="10.1.1.2", same_phone=True)
    equal(show_games(event, "1.1"), {}, "one phone: not recorded")
    waiting = event.json("pending")
    equal([(p["game"], p["one_device"], p["entered_from"]) for p in waiting],
          [(1, False, "10.1.1.1"), (2, True, "10.1.1.2")], "game 2 waits")
    text = event.run("pending").stdout
    check("One phone entered and confirmed it, with a seat code: check it before you accept"
          in text, text)
    event.run("accept", "1.1", 1)
    event.run("accept", "1.1", 2)
    log = event.run("log").stdout
    check("on the same phone, with a seat code)" in log, log)
    event.run("settings", "--table-auto-accept", "off")
    equal(event.json("settings")["table_auto_accept"], False, "off again")


def test_not_yet(folder):
    """Game 10 sent after the table's own games 1-9, none accepted: the
    desk cannot record it yet, and pending says why."""
    event = drawn_event(folder)
    for game in range(1, 10):
        send(event, "1.1", game, PHONE_SHEET[game - 1])
    send(event, "1.1", 10, PHONE_SHEET[9], by=4, confirm_by=3)
    pending = event.json("pending")
    equal(len(pending), 10, "ten wait")
    equal(pending[9]["deltas"], None, "no preview for game 10")
    check("whose order comes from the scores after games 1-9" in pending[9]["refused"], pending[9]["refused"])
    check("The desk cannot record it now:" in event.run("pending").stdout, "the text says so")
    event.refused("accept", "1.1", 10, message="whose order comes from the scores after games 1-9")
    for game in range(1, 11):
        event.run("accept", "1.1", game)
    equal(len(show_games(event, "1.1")), 10, "all ten recorded")


def file_bytes(event):
    with open(event.path, "rb") as f:
        return f.read()


def test_accept_all(folder):
    """accept --all: every line whose game has no result, in one action
    that one undo takes back; a line that differs from the desk's stays,
    and so does one the desk cannot record yet; with nothing to accept,
    the file is not touched."""
    event = drawn_event(folder)
    for game in range(1, 11):
        send(event, "1.1", game, PHONE_SHEET[game - 1],
             by=4 if game == 10 else None, confirm_by=3 if game == 10 else None)
    event.run("reject", "1.1", 5, "--reason", "Ask the director")
    event.run("record", "1.2", 1, "T")
    send(event, "1.2", 1, "B")
    send(event, "1.2", 2, "B 3:4")
    log_before = event.run("log").stdout.count("\n")

    event.refused("accept", "--all", "1.1", status=2, message="accept --all takes every line")
    event.refused("accept", "--all", "--replace", status=2, message="accept --all takes every line")
    event.refused("accept", "1.1", 1, "--round", 1, status=2, message="--round goes with --all")
    event.refused("accept", "--all", "--round", 2, message="round 2")
    event.refused("accept", "--all", "--round", -1, status=2, message="--round takes a round")

    out = event.json("accept", "--all", "--round", 1)
    # Games 1-4 and 6-9 of 1.1, game 2 of 1.2; game 10 waits for game 5.
    equal(out, {"accepted": 9, "tables": 2, "differ": 1, "refused": 1}, "the tally")
    equal(show_games(event, "1.1"), {g: PHONE_SHEET[g - 1] for g in (1, 2, 3, 4, 6, 7, 8, 9)},
          "recorded")
    equal(show_games(event, "1.2"), {1: "T", 2: "B 3:4"}, "the desk's own line kept")
    equal([(p["chouette"], p["game"], p["state"]) for p in event.json("pending")],
          [("1.1", 10, "pending"), ("1.2", 1, "disagrees")], "left for one-by-one decisions")
    log = event.run("log").stdout
    equal(log.count("\n"), log_before + 1, "one log entry: " + log)
    check("9 tables' lines accepted at once: Chouette 1.1 game 1: " in log, log)
    check("; Chouette 1.2 game 2: B 3:4 (from table 1.2's link" in log, log)

    # One undo puts every line back to wait.
    event.run("undo")
    equal(show_games(event, "1.1"), {}, "undone")
    equal(len(event.json("pending")), 11, "all wait again")
    event.run("redo")
    equal(len(show_games(event, "1.1")), 8, "redone")

    # Nothing left to accept: the text says what is left, the file is untouched.
    before = file_bytes(event)
    text = event.run("accept", "--all").stdout
    check("Nothing to accept at once" in text, text)
    check("1 line differs from the desk's and waits for you" in text, text)
    check("1 line cannot be recorded yet and waits: pending says why." in text, text)
    equal(file_bytes(event), before, "the file is unchanged")

    # Game 5 entered again: game 10 can follow it in the same batch.
    send(event, "1.1", 5, PHONE_SHEET[4])
    text = event.run("accept", "--all").stdout
    check(text.startswith("2 tables' lines accepted, from 1 table.\n"), text)
    equal(len(show_games(event, "1.1")), 10, "all ten")

if __name__ == "__main__":
    if len(sys.argv) < 3 or not os.access(sys.argv[2], os.X_OK):
        print("usage: test-cli-pending.py PATH/TO/chouette-td-cli PATH/TO/ctd-test-submit",
              file=sys.stderr)
        sys.exit(2)
    SUBMIT = os.path.abspath(sys.argv[2])
    sys.exit(ctdtest.cli_main(globals(), "ctd-cli-pending-"))
