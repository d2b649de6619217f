#!/usr/bin/python3
# test-cli-players.py: chouette-td-cli: registering players.
#
# Copyright 2026 The Chouette TD authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: test-cli-players.py PATH/TO/chouette-td-cli
#
# Players imported from a club's CSV list (commas, semicolons, tabs) or
# added one by one, told apart by club and ID, checked in, edited,
# withdrawn and reinstated; bad lists refused line by line.
# Python's standard library only; ends with "N passed, N failed".

import os
import sys

import ctdtest
from ctdtest import Event, check, equal, new_event, standings_by_name, xlsx_text


def display_column(line, text):
    """Where @text starts in @line, in terminal columns."""
    import unicodedata
    before = line[:line.index(text)]
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else
               0 if unicodedata.combining(c) else 1 for c in before)


def test_registration(folder):
    event = Event(folder)
    event.run("init", "--name", "Club Open")
    # A spreadsheet's list with semicolons, another with tabs.
    semi = os.path.join(folder, "semicolons.csv")
    with open(semi, "w", encoding="utf-8") as f:
        f.write("Name;Club;ID\nAnn;Riga;LV-1\nBob;\"Oslo; North\";\nCid;;\n")
    out = event.json("player", "import", semi)
    equal((out["added"], out["checked_in"]), (3, False), "imported, not checked in")
    tabs = os.path.join(folder, "tabs.csv")
    with open(tabs, "w", encoding="utf-8") as f:
        f.write("Player\tClub\nDan\tRiga\nZoë\t\n日本語\tTokyo\n")
    equal(event.json("player", "import", tabs)["added"], 3, "tabs")
    players = {p["name"]: p for p in event.json("player", "list")}
    equal(players["Bob"]["club"], "Oslo; North", "a quoted separator")
    check(not any(p["checked_in"] for p in players.values()), "nobody checked in yet")
    err = event.refused("draw", message="Nobody is checked in")
    check("6 players are registered" in err, "message: %r" % err)

    # Two players may share a name when club or ID tells them apart.
    event.run("player", "add", "Ann", "--club", "Oslo")
    event.refused("player", "add", "ann", "--club", "RIGA", "--id", "lv-1",
                  message="There is already a player #1 Ann (Riga, ID LV-1)")
    err = event.refused("player", "checkin", "ANN", message="“ANN” is 2 players")
    check("#1 Ann (Riga, ID LV-1), #7 Ann (Oslo)" in err and "#7" in err, "message: %r" % err)
    event.run("player", "checkin", "#1")
    event.run("player", "checkin", "#7")
    event.run("player", "checkin", "Bob")
    event.refused("player", "checkin", "#99", message="There is no player #99")
    # Options after the name are options; "--" quotes one name.
    out = event.json("player", "add", "--", "-Dash", "--club", "C", "--checked-in")
    equal((out["name"], out["club"], out["checked_in"]), ("-Dash", "C", True), "-- NAME")
    event.refused("player", "add", "Eve", "--colour", "red", message="colour", status=2)

    # The list aligns its columns however wide the names are.
    text = event.run("player", "list").stdout.splitlines()
    columns = {display_column(line, club) for line, club in
               zip(text[1:], ["Riga", "Oslo; North", "", "Riga", "", "Tokyo", "Oslo", "C"])
               if club}
    equal(len(columns), 1, "Club column aligned: %r" % text)

    # Only checked-in players are drawn; the others are named.
    out = event.json("draw", "--seed", "7")
    equal(sorted(out["not_checked_in"]), sorted(["Cid", "Dan", "Zoë", "日本語"]), "left out")
    seated = sorted(p["name"] for c in out["chouettes"] for p in c["players"])
    equal(seated, sorted(["Ann", "Ann", "Bob", "-Dash"]), "drawn")
    log = event.json("log")[-1]["summary"]
    check(log.endswith("; 4 registered players are not checked in: Cid, Dan, Zoë and 日本語"),
          "draw logged with who was left out: %r" % log)

    # A drawn player cannot simply withdraw: redraw, or the Captain acts.
    err = event.refused("player", "withdraw", "Bob", message="Bob is drawn in chouette 1.1")
    check("redraw" in err and "--force" in err, "options: %r" % err)
    event.run("player", "withdraw", "Bob", "--force")
    event.run("player", "checkin", "Cid")
    text = event.run("redraw", "--seed", "7").stdout
    check("Not drawn: 3 registered players are not checked in: Dan, Zoë and 日本語" in text,
          "redraw text: %r" % text)
    equal(sorted(event.players_of("1.1").values()), sorted(["Ann", "Ann", "Cid", "-Dash"]),
          "redrawn without Bob")
    event.run("record", "1.1", "1", "T")
    err = event.refused("player", "withdraw", "Cid", message="which is in play (1 of 12 games")
    check("rule 3.1" in err, "the Captain acts: %r" % err)

    # A withdrawn player comes back, not checked in.
    out = event.json("player", "reinstate", "bob")
    equal((out["withdrawn"], out["checked_in"]), (False, False), "reinstated")
    event.refused("player", "reinstate", "Bob", message="Bob has not withdrawn")
    summaries = [e["summary"] for e in event.json("log")]
    check("Withdrew Bob (forced)" in summaries and "Reinstated Bob" in summaries,
          "log: %r" % summaries)
    check("Checked in Ann (Riga, ID LV-1)" in summaries, "names told apart: %r" % summaries)


def test_edit_player(folder):
    event = new_event(folder, 4)
    event.run("player", "add", "Ann Lee", "--club", "Riga")
    # A new name, found by the old one; what is not given stays.
    out = event.json("player", "edit", "ann lee", "--name", "Ann Lee-Smith")
    equal((out["id"], out["name"], out["club"], out["player_id"]),
          (5, "Ann Lee-Smith", "Riga", None), "edited")
    equal(event.json("log")[-1]["summary"],
          "Edited Ann Lee: name “Ann Lee” -> “Ann Lee-Smith”", "logged")
    # "" clears the club; --member-id is --id.
    text = event.run("player", "edit", "#5", "--club", "", "--member-id", "LV-7").stdout
    equal(text, "#5  Ann Lee-Smith (ID LV-7): not checked in\n", "text output")
    # The same details again: done, nothing logged.
    n_log = len(event.json("log"))
    event.run("player", "edit", "LV-7", "--name", "Ann Lee-Smith", "--club", "")
    equal(len(event.json("log")), n_log, "log after an edit that changed nothing")

    # Refused, naming the player; the file unchanged.
    event.refused("player", "edit", "#5", "--name", " ",
                  message="Ann Lee-Smith: The player's name cannot be only spaces")
    event.refused("player", "edit", "#5", "--name", "Player 01", "--club", "Club 1",
                  "--id", "M001", message="Ann Lee-Smith cannot take these details: #1 "
                  "Player 01 (Club 1, ID M001) has the same name, club and player ID")
    event.refused("player", "edit", "#99", "--name", "X", message="There is no player #99")
    event.refused("player", "edit", "#5", message="nothing to change", status=2)
    event.refused("player", "edit", "#5", "--colour", "red", message="colour", status=2)

    # Seated: the chouette, the standings and the exports show the new name.
    event.json("draw", "--seed", "3")
    event.run("player", "edit", "Player 02", "--name", "Zoë Renamed")
    check("Zoë Renamed" in event.players_of("1.1").values(), "shown in the chouette")
    check("Zoë Renamed" in standings_by_name(event), "shown in the standings")
    book = os.path.join(folder, "round.xlsx")
    event.run("export", book, "--round", "1")
    text = xlsx_text(book)
    check("Zoë Renamed" in text and "Player 02<" not in text, "exported with the new name")

    # Undo takes the name back, redo makes the edit again.
    equal(event.json("undo")["undone"], "Edited Player 02: name “Player 02” -> “Zoë Renamed”",
          "undone")
    check("Player 02" in event.players_of("1.1").values(), "name back after undo")
    event.json("redo")
    check("Zoë Renamed" in event.players_of("1.1").values(), "name again after redo")


def test_bad_csv(folder):
    event = new_event(folder, 2)
    files = {
        "no-name.csv": (b"Club,ID\nA,1\n",
                        "it has “Club”, “ID” (columns separated by commas); expected a column "
                        "“name”"),
        "no-name-semicolons.csv": (b"Nom;Club\nA;1\n", "it has “Nom”, “Club” (columns "
                                   "separated by semicolons)"),
        "bad-utf8.csv": (b"Name\nZo\xeb\n", "UTF-8"),
        "empty.csv": (b"", "empty"),
        "only-header.csv": (b"Name,Club\n", "no player"),
    }
    for name, (content, message) in files.items():
        path = os.path.join(folder, name)
        with open(path, "wb") as f:
            f.write(content)
        event.refused("player", "import", path, message=message)
    event.refused("player", "import", os.path.join(folder, "absent.csv"),
                  message="absent.csv")
    # Good rows go in; a bad row is reported with its line and reason.
    path = os.path.join(folder, "mixed.csv")
    with open(path, "w", encoding="utf-8") as f:
        f.write("Name,Club\nZoë,A\n,B\nŁukasz,C\nZOË,a\nZoë,D\n")
    out = event.json("player", "import", path)
    # A second Zoë of another club is another player; of the same club,
    # the same one.
    equal(out["added"], 3, "good rows added")
    equal([s["line"] for s in out["skipped"]], [3, 5], "skipped lines")
    check("There is already a player #" in out["skipped"][1]["reason"],
          "reason: %r" % out["skipped"][1])


if __name__ == "__main__":
    sys.exit(ctdtest.cli_main(globals(), "ctd-cli-"))
