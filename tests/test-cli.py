#!/usr/bin/python3
# test-cli.py: chouette-td-cli end to end, as a director or a script uses it.
#
# Copyright 2026 The Chouette TD authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: test-cli.py PATH/TO/chouette-td-cli
#
# Whole events from init to final placings, with every game recorded from
# sheets worked out by hand (the same sheets as tests/rules/test-chouette.c), and a
# table of bad input that must be refused with its message and change nothing.
# Python's standard library only; ends with "N passed, N failed".

import csv
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import time
import zipfile

import ctdtest
from ctdtest import Failure, check, equal

CLI = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else None

# A 4-player chouette: final totals P1 -59, P2 -13.5, P3 +40.5, P4 +32.
# Box and Captain per game, highest-first last segment: scores after game 9
# are P1 -11, P2 -16, P3 +37, so games 10-12 are captained by 3, 1, 2.
# Games 5 and 9 have taken extras, paid for as SPEC 5 says: in game 5 P1
# pays P3 the 2 at which P1 passed (P1 -2 -2 -24, P3 +12 +2 +24), in game 9
# P4 pays P1 4 (P1 -16 +4 +8, P4 -4 -4 -8); so against the sheet without
# that payment, P1 -61 -2 +4 = -59, P3 38.5 +2 = 40.5, P4 36 -4 = 32.
FOUR_SHEET = [
    "T", "B 3:4", "Bg 2:8 3:4- 4:4+", "- 1:2- 3:1- 4:1-",
    "Tb 1:2- 3:4 E:1>3:8", "B 1:w 3:16 F:1>2:2", "T 1:2 2:1+ 4:4 !T", "Tg",
    "Bg 1:8 2:8 4:4- E:4>1:8+", "B 1:2 2:1- F:2>3:0.5", "T 2:8 3:4-", "Bb 1:16 3:8+",
]
FOUR_TOTALS = {"1": -59, "2": -13.5, "3": 40.5, "4": 32}
FOUR_BOX = [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4]
FOUR_CAPTAIN = [2, 3, 4, 3, 4, 1, 4, 1, 2, 3, 1, 2]
FOUR_CUBE = [1, 2, 4] * 4
FOUR_DECISION = [[2, 3, 4], [3, 4, 2], [4, 2, 3], [1, 4, 3], [1, 4, 3],
                 [3, 4, 1], [4, 2, 1], [4, 2, 1], [4, 2, 1], [3, 1, 2],
                 [3, 1, 2], [3, 2, 1]]

# A 3-player chouette: final totals P1 -12, P2 +50.5, P3 -38.5. With
# highest-first the last segment (games 9-12) is captained 2, 1, 2, 1.
THREE_SHEET = [
    "T", "B 2:4-", "Tg 2:8 3:8 !T", "- 2:4- 3:8- E:2>3:4-", "Bb 1:2",
    "- 1:2+ 3:w", "T 1:4+ 3:16 F:1>2:2", "B 1:8", "T 1:4 2:1+ F:2>3:0.5", "Bg",
    "T 1:8 2:8", "Tg 2:16",
]
THREE_TOTALS = {"1": -12, "2": 50.5, "3": -38.5}
THREE_CUBE = [1, 2, 4, 4] * 3




class Event:
    """One event file in a private folder, driven through the CLI."""

    def __init__(self, folder, name="event.chouette"):
        self.folder = folder
        self.path = os.path.join(folder, name)

    def run(self, *args, status=0, user=None, env=None):
        """Runs the CLI on this file; checks the exit status it gave."""
        proc = subprocess.run([CLI, self.path] + [str(a) for a in args],
                              capture_output=True, text=True, timeout=60,
                              user=user, env=env)
        if status is not None and proc.returncode != status:
            raise Failure("%s: exit %d, expected %d\nstdout: %s\nstderr: %s"
                          % (" ".join(str(a) for a in args), proc.returncode,
                             status, proc.stdout, proc.stderr))
        return proc

    def json(self, *args, status=0):
        return json.loads(self.run("--json", *args, status=status).stdout)

    def refused(self, *args, message, status=1):
        """The command is refused with one line naming the problem, and the
        event file holds exactly what it held before."""
        before = self.snapshot()
        proc = self.run(*args, status=status)
        err = proc.stderr.strip()
        check(message.lower() in err.lower(), "%s: %r not in the message %r"
              % (" ".join(str(a) for a in args), message, err))
        if status == 1:
            equal(len(err.splitlines()), 1, "lines of the refusal " + err)
        equal(proc.stdout, "", "output of a refused command")
        equal(self.snapshot(), before, "event after a refused command")
        return err

    def snapshot(self):
        """Every row of the event, read-only, for before/after comparisons."""
        if not os.path.exists(self.path):
            return None
        with open(self.path, "rb") as f:
            if f.read(16) != b"SQLite format 3\x00":
                with open(self.path, "rb") as g:
                    return g.read()
        db = sqlite3.connect("file:%s?mode=ro" % self.path, uri=True)
        try:
            return list(db.iterdump())
        except sqlite3.DatabaseError:
            with open(self.path, "rb") as f:
                return f.read()
        finally:
            db.close()

    def record_sheet(self, label, sheet):
        totals = None
        for game, notation in enumerate(sheet, start=1):
            out = self.json("record", label, game, notation)
            equal(out["game"], game, "recorded game")
            totals = out["totals"]
        return totals

    def players_of(self, label):
        shown = self.json("show", label)
        return {str(p["number"]): p["name"] for p in shown["players"]}


def new_event(folder, n_players, stake="5", fee="110"):
    event = Event(folder)
    event.run("init", "--name", "Club Open", "--date", "2026-11-22",
              "--venue", "Clubhouse", "--stake", stake, "--entry-fee", fee)
    # Half the field from a CSV file, as the club's list arrives.
    csv_path = os.path.join(folder, "players.csv")
    half = n_players // 2
    with open(csv_path, "w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f)
        writer.writerow(["Name", "Club", "ID"])
        for i in range(1, half + 1):
            writer.writerow(["Player %02d" % i, "Club %d" % (i % 3), "M%03d" % i])
    # Everyone registered is here: checked in as they are registered.
    out = event.json("player", "import", csv_path, "--checked-in")
    equal(out["added"], half, "players imported")
    for i in range(half + 1, n_players + 1):
        event.run("player", "add", "Player %02d" % i, "--checked-in")
    equal(len(event.json("player", "list")), n_players, "players registered")
    return event


def standings_by_name(event, *args):
    return {row["name"]: row for row in event.json("standings", *args)}


def standings_notes(event, *args):
    """The text standings' last column, by name: the Standings page's
    notes (where a player goes or would go, ties and roll-offs)."""
    text = event.run("standings", *args).stdout
    notes = {}
    for name in standings_by_name(event, *args):
        line = [l for l in text.splitlines() if "  %s  " % name in l][0]
        columns = re.split(r"\s{2,}", line.strip())
        notes[name] = columns[4] if len(columns) > 4 else ""
    return notes


# ---------------------------------------------------------------------------
# End to end


def test_sixteen_players(folder):
    event = new_event(folder, 16)
    equal([(r["stage"], r["players"], r["fours"], r["threes"], r["top_k"],
            r["wildcards"]) for r in event.json("plan")["rounds"]],
          [("qualifying", 16, 4, 0, 1, 0), ("final", 4, 1, 0, 0, 0)], "plan")

    draw = event.json("draw", "--seed", "1601")
    equal(draw["seed"], "1601", "stored seed")
    labels = ["1.%d" % n for n in range(1, 5)]
    seated = []
    for label in labels:
        seated += event.players_of(label).values()
    equal(sorted(seated), ["Player %02d" % i for i in range(1, 17)],
          "every player seated once")

    # The schedule of SPEC section 3, game by game, before any result.
    shown = event.json("show", "1.1")
    equal(shown["size"], 4, "size")
    equal([g["box"] for g in shown["games"]], FOUR_BOX, "Box per game")
    equal([g["captain"] for g in shown["games"][:9]], FOUR_CAPTAIN[:9],
          "Captain per game")
    equal([g["cube"] for g in shown["games"]], FOUR_CUBE, "cube starts")
    equal(shown["games"][0]["decision_order"], [2, 3, 4], "game 1 decides")
    equal(shown["games"][1]["decision_order"], None, "game 2 pending")
    equal(shown["last_segment_order"], None, "last segment not yet known")

    for i, label in enumerate(labels):
        equal(event.record_sheet(label, FOUR_SHEET), FOUR_TOTALS, label)
        if i < len(labels) - 1:
            # Secret until the round completes: public rows carry no score.
            for row in event.json("standings", "--public"):
                check("score" not in row and row["rank"] is None,
                      "public standings leak a score: %r" % row)
            # What may be posted instead: which chouettes hold the round up.
            posted = event.run("standings", "--public").stdout
            check("%s: no game entered yet" % labels[-1] in posted,
                  "the posted progress names the chouettes to come:\n" + posted)

    shown = event.json("show", "1.3")
    equal([g["captain"] for g in shown["games"]], FOUR_CAPTAIN, "captains")
    equal([g["decision_order"] for g in shown["games"]], FOUR_DECISION,
          "decision orders")
    equal(shown["last_segment_order"], [3, 1, 2], "last segment order")
    equal(shown["totals"], FOUR_TOTALS, "totals")

    # Complete: four players tied on +40.5 share first place, and so on.
    public = event.json("standings", "--public")
    equal(sorted((r["rank"], r["score"]) for r in public),
          sorted([(1, 40.5)] * 4 + [(5, 32)] * 4 + [(9, -13.5)] * 4
                 + [(13, -59)] * 4), "ranks and scores")
    check(all(r["tied"] for r in public), "ties flagged")

    # Before the director chooses, the plan's cut (top 1 of each): no
    # tie at it, so there is nothing to roll off.
    winners = [event.players_of(label)["3"] for label in labels]
    notes = standings_notes(event)
    equal(sorted(n for n, note in notes.items() if note == "in line to advance"),
          sorted(winners), "in line to advance: %r" % notes)
    equal(sorted(set(notes.values())), ["", "in line to advance"], "no other note")
    equal(sorted(set(standings_notes(event, "--public").values())), [""],
          "the posting says only what is decided")
    event.refused("tiebreak", "1", "--roll", message="Nothing is tied at the cut of round 1 "
                  "(top 1 of each chouette, 0 wildcards)")
    advanced = event.json("advance")
    equal(sorted(advanced["advancers"]), sorted(winners), "top 1 of each")
    equal(advanced["next_stage"], "final", "next stage")
    rows = standings_by_name(event, "--round", "1")
    equal(sorted(n for n, r in rows.items() if r["advances"]), sorted(winners),
          "advances flags")

    notes = standings_notes(event, "--round", "1")
    equal(sorted(n for n, note in notes.items() if note == "advances to the Final"),
          sorted(winners), "advancers before the draw: %r" % notes)

    event.json("draw", "--seed", "1602")
    final = event.players_of("2.1")
    equal(sorted(final.values()), sorted(winners), "finalists")
    equal(set(standings_notes(event, "--round", "1", "--public")[w] for w in winners),
          {"advances to the Final (2.1)"}, "advancers seated")
    partial = event.json("results")
    check(not partial["final_complete"], "results before the final ends")
    event.record_sheet("2.1", FOUR_SHEET)

    results = event.json("results")
    equal([(r["place"], r["name"]) for r in results["results"]],
          [(1, final["3"]), (2, final["4"]), (3, final["2"]), (4, final["1"])],
          "placings")
    text = event.run("results").stdout
    equal([line.split()[0] for line in text.splitlines()], ["1st", "2nd", "3rd", "4th"],
          "places in words: %r" % text)
    check(results["final_complete"], "final complete")

    settle = event.json("settle", "2.1")
    # At 5.00 a point: -59 x 5, -13.5 x 5, 40.5 x 5, 32 x 5.
    equal({p["number"]: p["amount"] for p in settle["players"]},
          {1: "-295.00", 2: "-67.50", 3: "202.50", 4: "160.00"}, "amounts")
    paid = {}
    for p in settle["payments"]:
        paid[p["from"]] = paid.get(p["from"], 0) - float(p["amount"])
        paid[p["to"]] = paid.get(p["to"], 0) + float(p["amount"])
    equal({k: round(v, 2) for k, v in paid.items()},
          {1: -295.0, 2: -67.5, 3: 202.5, 4: 160.0}, "payments settle")
    check(len(settle["payments"]) <= 3, "fewest payments")
    event.refused("advance", message="final")


def test_twenty_six_players(folder):
    event = new_event(folder, 26)
    # Rule 1.7 alone (SPEC 6): the winners of 7 chouettes play a semi-final
    # of 7 (a four and a three), whose top 2 each make a final of 4.
    equal([(r["stage"], r["players"], r["fours"], r["threes"], r["top_k"],
            r["wildcards"]) for r in event.json("plan")["rounds"]],
          [("qualifying", 26, 5, 2, 1, 0), ("semi-final", 7, 1, 1, 2, 0),
           ("final", 4, 1, 0, 0, 0)], "plan")
    draw = event.json("draw", "--seed", "2601")
    sizes = {}
    for n in range(1, 8):
        sizes["1.%d" % n] = event.json("show", "1.%d" % n)["size"]
    equal(sorted(sizes.values()), [3, 3, 4, 4, 4, 4, 4], "chouette sizes")
    check(draw["round"] == 1, "round 1")

    for label, size in sizes.items():
        if size == 4:
            equal(event.record_sheet(label, FOUR_SHEET), FOUR_TOTALS, label)
        else:
            shown = event.json("show", label)
            equal([g["cube"] for g in shown["games"]], THREE_CUBE, "3-cubes")
            equal(event.record_sheet(label, THREE_SHEET), THREE_TOTALS, label)
            shown = event.json("show", label)
            equal(shown["last_segment_order"], [2, 1], "3-player last order")
            equal([g["captain"] for g in shown["games"][8:]], [2, 1, 2, 1],
                  "3-player last segment captains")

    # The director goes beyond the plan (and the ABA rules) with one
    # wildcard, for semi-finals of two fours. Top 1 of each chouette is
    # clear; the wildcard goes to the best of the rest: five P4s of the
    # 4-player chouettes tied on +32.
    cut = ("--top", "1", "--wildcards", "1")
    fours = [l for l, s in sizes.items() if s == 4]
    threes = [l for l, s in sizes.items() if s == 3]
    tied = sorted(event.players_of(l)["4"] for l in fours)
    # The plan's cut has no wildcard: the tie for one is not flagged.
    check(not any("tie" in note for note in standings_notes(event).values()),
          "no tie at the plan's cut")
    event.refused("tiebreak", "1", "--roll", message="Nothing is tied at the cut")
    err = event.refused("advance", *cut, message="tie")
    for name in tied:
        check(name in err, "%s missing from the tie message %r" % (name, err))

    rolled = event.json("tiebreak", "1", "--roll", "--seed", "77", *cut)
    equal(sorted(rolled["order"]), tied, "roll-off among the tied")
    equal(rolled["seed"], "77", "roll-off seed stored")
    again = standings_by_name(event, "--round", "1")
    equal(again[rolled["order"][0]]["rank"] < again[rolled["order"][1]]["rank"],
          True, "roll-off order applied to ranks")
    notes = standings_notes(event, "--round", "1")
    equal([notes[name] for name in rolled["order"]],
          ["roll-off won", "2nd in roll-off", "3rd in roll-off", "4th in roll-off",
           "5th in roll-off"][:len(tied)], "roll-off places")

    advanced = event.json("advance", *cut)
    expected = ([event.players_of(l)["3"] for l in fours]
                + [event.players_of(l)["2"] for l in threes]
                + [rolled["order"][0]])
    equal(sorted(advanced["advancers"]), sorted(expected), "semi-finalists")
    equal(advanced["next_stage"], "semi-final", "next stage")
    # The log speaks a director's language: names, points, the seed.
    log = event.json("log")
    rolloff = [e["summary"] for e in log if e["action"] == "add-rolloff"]
    equal(rolloff, ["Round 1: roll-off, best first: %s (rolled with seed 77)"
                    % ", ".join(rolled["order"])], "roll-off logged")
    advancement = [e["summary"] for e in log if e["action"] == "set-advancement"][0]
    check(advancement.startswith("Round 1: top 1 and 1 wildcard advance: ")
          and all(name in advancement for name in expected), "advancement: %r" % advancement)

    event.json("draw", "--seed", "2602")
    semis = ["2.1", "2.2"]
    seated = []
    for label in semis:
        seated += event.players_of(label).values()
    equal(sorted(seated), sorted(expected), "semi-final seats")
    event.record_sheet("2.1", FOUR_SHEET)
    for row in event.json("standings", "--public"):
        check("score" not in row, "semi-final scores leak: %r" % row)
    event.record_sheet("2.2", FOUR_SHEET)

    rows = event.json("standings")
    equal(sorted(r["score"] for r in rows), sorted([40.5, 32, -13.5, -59] * 2),
          "semi-final scores start at zero")
    advanced = event.json("advance")
    finalists = sorted(event.players_of(l)[k] for l in semis for k in "34")
    equal(sorted(advanced["advancers"]), finalists, "top 2 of each semi")
    equal(advanced["next_stage"], "final", "final next")

    event.json("draw", "--seed", "2603")
    final = event.players_of("3.1")
    event.record_sheet("3.1", FOUR_SHEET)
    equal([r["name"] for r in event.json("results")["results"]],
          [final["3"], final["4"], final["2"], final["1"]], "placings")

    # The whole event is in the log, and undo takes back the last action.
    log = event.json("log")
    actions = {}
    for entry in log:
        actions[entry["action"]] = actions.get(entry["action"], 0) + 1
    equal((actions["import-players"], actions["add-player"],
           actions["draw-round"], actions["record-game"],
           actions["add-rolloff"], actions["set-advancement"]),
          (1, 13, 3, (7 + 2 + 1) * 12, 1, 2), "actions in the log")
    event.run("undo")
    equal(event.json("show", "3.1")["games"][11]["result"], None, "undone")
    event.run("record", "3.1", "12", FOUR_SHEET[11])
    equal(event.json("results")["results"][0]["name"], final["3"], "redone")


def test_correction_and_crosscheck(folder):
    event = new_event(folder, 4)
    event.json("draw", "--seed", "9")
    event.record_sheet("1.1", FOUR_SHEET[:11] + ["T"])
    # The paper says what the real game 12 gives: the mismatch is stored,
    # named game by game, and the exit status tells a script (3).
    paper = ("1=-59", "2=-13.5", "3=40.5", "4=32")
    out = event.json("crosscheck", "1.1", *paper, status=3)
    check(not out["agrees"], "crosscheck should disagree")
    equal(sorted(m["player"] for m in out["mismatches"]), [1, 2, 3, 4],
          "mismatched players")
    # After game 11: P1 -11, P2 -9.5, P3 32.5, P4 -12; game 12 as "T" at a
    # starting cube of 4 gives each crew member +4 and the Box (P4) -12.
    equal({m["player"]: m["computed"] for m in out["mismatches"]},
          {1: -7, 2: -5.5, 3: 36.5, 4: -24}, "computed totals")
    by_player = {m["player"]: m for m in out["mismatches"]}
    check(12 in by_player[2]["suspect_games"], "game 12 suspected for P2")
    equal(out["running_totals"][11]["totals"]["4"], -24, "running total")
    text = event.run("crosscheck", "1.1", *paper, status=3).stdout
    check("disagree" in text and "look first at game" in text, "text: %r" % text)
    # show says why the chouette holds the round up.
    shown = event.json("show", "1.1")
    equal(shown["hold_up"]["mismatched_players"], [1, 2, 3, 4], "held up by")
    equal(shown["hold_up"]["missing_games"], [], "no game missing")
    equal(shown["paper_totals"], FOUR_TOTALS, "paper totals shown")
    check("Holds up round 1: the paper totals of" in event.run("show", "1.1").stdout,
          "show text names the hold-up")

    # Recording over a result is refused unless the director says so.
    err = event.refused("record", "1.1", "12", FOUR_SHEET[11],
                        message="Chouette 1.1 game 12 already has the result “T”")
    check("--replace" in err, "the refusal says how: %r" % err)
    out = event.json("record", "1.1", "12", FOUR_SHEET[11], "--replace")
    equal(out["replaced"], "T", "what was replaced")
    equal(event.json("show", "1.1")["totals"], FOUR_TOTALS, "corrected")
    equal(event.json("show", "1.1")["hold_up"], None, "nothing holds the round up")
    out = event.json("crosscheck", "1.1", *paper)
    check(out["agrees"], "crosscheck agrees after the correction")
    check("Complete: all 12 games entered, and the paper totals agree"
          in event.run("show", "1.1").stdout, "show says complete")
    log = event.json("log")
    actions = [entry["action"] for entry in log]
    equal(actions.count("record-game"), 13, "the correction is audited")
    corrections = [e["summary"] for e in log if "->" in e["summary"]]
    equal(corrections, ["Chouette 1.1 game 12: “T” -> “%s”" % FOUR_SHEET[11]],
          "the log shows the old and the new line")
    check("paper totals %s -59, %s -13.5" % (shown["players"][0]["name"],
                                             shown["players"][1]["name"])
          in event.run("log").stdout, "paper totals logged in points, with names")

    # Paper totals that cannot be right are refused, changing nothing.
    event.refused("crosscheck", "1.1", "1=-59", "2=-13.5", "3=40.5", "4=33",
                  message="the paper totals add up to +1, not 0")
    event.refused("crosscheck", "1.1", "1=-59", "2=-13.5", "3=40.5",
                  message="missing: player 4")
    event.refused("crosscheck", "1.1", "1=-59", "1=-59", "3=40.5", "4=32",
                  message="player 1 is given twice", status=2)
    event.refused("crosscheck", "1.1", "1=-59", "2=-13.5", "3=40.5", "5=32",
                  message="a player from 1 to 4", status=2)
    # Nor can a total no 12 games come to, balanced or not.
    event.refused("crosscheck", "1.1", "1=0", "2=400000000", "3=-400000000", "4=0",
                  message="the paper total of player 2 (%s), +400,000,000, is more than 12 "
                  "games can come to (at most 364,904,448 points either way)"
                  % shown["players"][1]["name"])
    # Leading zeros are the number they are.
    out = event.json("crosscheck", "1.1", "1=-059", "2=-0013.5", "3=040.50",
                     "4=000000000000000000000032")
    check(out["agrees"], "totals with leading zeros agree")
    # A paper that left game 1 off: game 1 is named like any other game.
    out = event.json("crosscheck", "1.1", "1=-56", "2=-14.5", "3=39.5", "4=31", status=3)
    by_player = {m["player"]: m for m in out["mismatches"]}
    equal(by_player[1]["suspect_games"], [1], "game 1 suspected for P1")
    equal(by_player[4]["suspect_games"], [1], "game 1 suspected for P4")
    check("look first at game 1" in event.run("crosscheck", "1.1", "1=-56", "2=-14.5",
                                              "3=39.5", "4=31", status=3).stdout,
          "the text names game 1")


def test_last_segment_order(folder):
    event = new_event(folder, 4)
    event.json("draw", "--seed", "9")
    event.record_sheet("1.1", FOUR_SHEET[:9])
    # Known after game 9, not fixed yet: show fills in the last segment.
    shown = event.json("show", "1.1")
    equal(shown["last_segment_order"], [3, 1, 2], "order the scores give")
    check(not shown["last_segment_order_fixed"], "not fixed yet")
    equal([g["captain"] for g in shown["games"]], FOUR_CAPTAIN, "every Captain")
    equal([g["playing_order"] for g in shown["games"][9:]], [[3, 1, 2], [1, 2, 3], [2, 3, 1]],
          "last segment playing orders")
    equal(shown["games"][9]["decision_order"], FOUR_DECISION[9], "game 10 decides")
    equal(shown["games"][10]["decision_order"], None, "game 11 pending")
    for line in event.run("show", "1.1").stdout.splitlines():
        check(not line.strip().startswith(("10 ", "11 ", "12 ")) or "?" not in line,
              "no ? in %r" % line)

    # By hand: the crew of the last segment, in the scores' order unless
    # forced.
    names = event.players_of("1.1")
    err = event.refused("fix-order", "1.1", "1,3,2",
                        message="give the last-segment order 3, 1, 2 (%s, %s, %s), not 1, 3, 2"
                        % (names["3"], names["1"], names["2"]))
    check("--force" in err, "the refusal says how: %r" % err)
    event.refused("fix-order", "1.1", "1,2,4", message="1.1")
    event.refused("fix-order", "1.1", "1,2", message="names the 3 of the crew")
    event.refused("fix-order", "1.1", "1,two,3", message="not an order", status=2)
    out = event.json("fix-order", "1.1", "1,3,2", "--force")
    equal(out["last_segment_order"], [1, 3, 2], "forced order")
    check(not out["matches_scores"], "forced against the scores")
    equal([g["captain"] for g in event.json("show", "1.1")["games"][9:]], [1, 3, 2],
          "captains follow the fixed order")
    summary = event.json("log")[-1]["summary"]
    equal(summary, "Chouette 1.1: fixed the last-segment order 1, 3, 2 (%s, %s, %s) by hand; "
          "the scores give 3, 1, 2 (%s, %s, %s)"
          % (names["1"], names["3"], names["2"], names["3"], names["1"], names["2"]),
          "logged with names")
    event.run("undo")
    text = event.run("fix-order", "1.1").stdout
    check("captained by 3 %s, 1 %s, 2 %s (fixed)" % (names["3"], names["1"], names["2"])
          in text, "text: %r" % text)
    check(event.json("show", "1.1")["last_segment_order_fixed"], "fixed")


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
    check(log.endswith("; 4 registered players are not checked in: Cid, Dan, Zoë, 日本語"),
          "draw logged with who was left out: %r" % log)

    # A drawn player cannot simply withdraw: redraw, or the Captain acts.
    err = event.refused("player", "withdraw", "Bob", message="Bob is drawn in chouette 1.1")
    check("redraw" in err and "--force" in err, "options: %r" % err)
    event.run("player", "withdraw", "Bob", "--force")
    event.run("player", "checkin", "Cid")
    text = event.run("redraw", "--seed", "7").stdout
    check("Not drawn: 3 registered players are not checked in: Dan, Zoë, 日本語" in text,
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


def xlsx_text(path):
    """Every text of an XLSX file (shared and inline strings), joined."""
    with zipfile.ZipFile(path) as book:
        return "".join(book.read(name).decode("utf-8") for name in book.namelist()
                       if name.endswith(".xml"))


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


def media_boxes(path):
    """The page sizes of a PDF, in points, as cairo writes them."""
    with open(path, "rb") as f:
        data = f.read()
    return sorted(set(tuple(float(x) for x in m.split()[2:])
                      for m in re.findall(rb"/MediaBox \[([^\]]*)\]", data)))


def test_paper(folder):
    # The paper is an event setting, A4 or Letter, used by every export.
    event = Event(folder)
    event.run("init", "--name", "US Open", "--paper", "letter")
    equal(event.json("settings")["paper"], "letter", "stored paper")
    for i in range(1, 5):
        event.run("player", "add", "--checked-in", "Player %d" % i)
    event.run("draw", "--seed", "5")
    sheets = os.path.join(folder, "sheets.pdf")
    event.run("export", sheets, "--round", "1", "--blank")
    equal(media_boxes(sheets), [(612.0, 792.0), (792.0, 612.0)], "Letter pages")
    event.run("settings", "--paper", "A4")
    event.run("export", sheets, "--round", "1", "--blank")
    equal(media_boxes(sheets), [(595.276, 841.89), (841.89, 595.276)], "A4 pages")
    check("paper A4" in event.json("log")[-1]["summary"], "logged")
    event.refused("settings", "--paper", "legal", message="a4 or letter", status=2)

    # A stake or an entry fee past what any settlement can hold is
    # refused at init and in the settings, naming the bound; at the bound
    # it is accepted, and leading zeros are the number they are.
    event.refused("settings", "--stake", "1000000.01",
                  message="The stake can be at most 1,000,000.00 a point, not 1,000,000.01")
    event.refused("settings", "--entry-fee", "25000000.01",
                  message="The entry fee can be at most 25,000,000.00")
    event.refused("settings", "--stake", "9" * 40, message="is not a stake", status=2)
    equal(event.json("settings", "--stake", "0001000000", "--entry-fee",
                     "0000000000000000000025000000.00")["stake"], "1000000.00", "stake at the bound")
    equal(event.json("settings")["entry_fee"], "25000000.00", "fee at the bound")
    other = Event(folder, "other.chouette")
    other.refused("init", "--name", "High Rollers", "--stake", "1000000.01",
                  message="The stake can be at most 1,000,000.00 a point")
    check(not os.path.exists(other.path), "a refused init creates no file")

    # Without --paper, the locale's: Letter in the US, A4 elsewhere.
    for locale, paper in (("en_US.UTF-8", "letter"), ("fr_CA.UTF-8", "letter"),
                          ("de_DE.UTF-8", "a4"), ("C.UTF-8", "a4")):
        other = Event(folder, "%s.chouette" % locale)
        env = dict(os.environ, LC_ALL=locale)
        out = json.loads(other.run("--json", "init", "--name", "Open", env=env).stdout)
        equal(out["paper"], paper, "paper for " + locale)


def records(event):
    """The director's records, without the audit log that every command
    (undo and redo included) adds to."""
    db = sqlite3.connect("file:%s?mode=ro" % event.path, uri=True)
    try:
        tables = [row[0] for row in db.execute(
            "SELECT name FROM sqlite_schema WHERE type = 'table' "
            "AND name NOT LIKE 'audit%' AND name NOT LIKE 'sqlite_%' ORDER BY name")]
        return {t: db.execute('SELECT * FROM "%s" ORDER BY id' % t).fetchall()
                for t in tables}
    finally:
        db.close()


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


# ---------------------------------------------------------------------------
# Bad input: refused, one line, exit 1, nothing changed


def test_bad_notation_and_labels(folder):
    event = new_event(folder, 8)
    event.json("draw", "--seed", "5")
    event.run("record", "1.1", "1", "T")
    # Game 2: Box 1, Captain 3, starting cube 2; players named as the
    # window's preview names them, "2 Player 08".
    who = {p["number"]: "%d %s" % (p["number"], p["name"])
           for p in event.json("show", "1.1")["players"]}
    cases = [
        (("record", "1.1", "2", "Q"), "Game 2"),
        (("record", "1.1", "2", "B 1:2"), "Game 2"),      # the Box's own cube
        (("record", "1.1", "2", "T 2:3"),                 # not a cube value
         "Game 2: %s's cube value 3 cannot arise from a starting cube of 2; "
         "expected 2, 4, 8, 16, … (in '2:3')" % who[2]),
        # Rule 2.5's penalty: only from a player already out of the game.
        (("record", "1.1", "2", "T 3:4 F:3>1:1"),
         "Game 2: %s cannot pay a penalty ('F:3>1:1'): rule 2.5's penalty is "
         "for a player already out of the game, whose cube was passed or "
         "washed, but %s's cube was played to the end at 4; " % (who[3], who[3])),
        (("record", "1.1", "2", "T F:1>3:1"),
         "but %s is the Box; a player still in the game loses their cube to "
         "the aggrieved player or has it washed (write how it ended), or the "
         "director records another payment with A:1>3:V" % who[1]),
        (("record", "1.1", "2", "T T"), "Game 2"),
        (("record", "1.1", "2", ""), "Game 2"),
        (("record", "1.1", "1", "B"), "game 1 already has the result “T”"),
        (("record", "1.1", "13", "T"), "13"),
        (("record", "1.1", "0", "T"), "0"),
        (("record", "1.9", "1", "T"), "1.9"),
        (("record", "7.1", "1", "T"), "7"),
        (("record", "x.y", "1", "T"), "x.y"),
        (("show", "1.3"), "1.3"),
        (("settle", "1.1"), "1.1"),
        (("redraw",), "result"),
        (("draw",), "round 1"),
        (("advance",), "complete"),
        (("player", "add", "Player 01", "--club", "club 1", "--id", "m001"),
         "There is already a player #1 Player 01 (Club 1, ID M001)"),
        (("player", "add", "  "), "name"),
        (("player", "withdraw", "Nobody"), "Nobody"),
        (("tiebreak", "1", "Player 01", "Player 02"), "in play"),
        # SPEC 7: the stake and the direction are fixed by the first result.
        (("settings", "--stake", "10"),
         "The stake is fixed once a result is entered, since settlements are "
         "paid at the table: chouette 1.1 has results entered at it; a stake "
         "of 10.00 would change those settlements. Force the change to make "
         "it anyway (--force)"),
        (("settings", "--last-segment", "lowest-first"),
         "chouette 1.1 has results entered under it; with lowest-first their "
         "last-segment orders would no longer follow the scores. Force the "
         "change to make it anyway (--force)"),
        (("undo",), None),
        (("redo",), "nothing to redo"),
    ]
    for args, message in cases:
        if message is None:
            continue
        event.refused(*args, message=message)
    # A refused record keeps the earlier result of that game.
    event.refused("record", "1.1", "1", "B 1:2", message="Game 1")
    equal(event.json("show", "1.1")["games"][0]["result"], "T", "kept")
    # Forced, the stake changes, and the log says which results it touches.
    equal(event.json("settings", "--stake", "10", "--force")["stake"], "10.00",
          "forced stake")
    check("(forced after results: chouette 1.1 has results entered at it; "
          "their settlements now count 10.00 a point)"
          in event.run("log").stdout, "forced stake logged")
    event.refused("init", "--name", "Again", "--force", message="--force",
                  status=2)


def test_penalty_recorded_before_the_rule(folder):
    """A game recorded before rule 2.5's offender was read strictly (the
    Box paying a penalty) still opens with its payments, and is corrected
    with --replace; typed again as it was, it is refused."""
    event = new_event(folder, 4)
    event.json("draw", "--seed", "4")
    event.run("record", "1.1", "1", "T A:1>2:0.5")
    db = sqlite3.connect(event.path)
    db.execute("UPDATE game SET entered = 'T F:1>2:0.5', canonical = 'T F:1>2:0.5'")
    db.commit()
    db.close()
    shown = event.json("show", "1.1")
    equal(shown["games"][0]["result"], "T F:1>2:0.5", "the old line")
    equal(event.json("record", "1.1", "2", "T")["game"], 2, "the next game")
    event.refused("record", "1.1", "1", "T F:1>2:0.5", "--replace",
                  message="cannot pay a penalty ('F:1>2:0.5')")
    event.run("record", "1.1", "1", "T A:1>2:0.5", "--replace")
    equal(event.json("show", "1.1")["games"][0]["result"], "T A:1>2:0.5", "corrected")


def test_usage_errors(folder):
    event = new_event(folder, 4)
    event.json("draw", "--seed", "4")
    for args in [("frobnicate",), ("record", "1.1"), ("player",),
                 ("draw", "--seed", "minus"), ("init",), ("standings", "--bogus"),
                 ("record", "1.1", "one", "T"), ("crosscheck", "1.1", "9=3")]:
        event.refused(*args, message="", status=2)
    proc = subprocess.run([CLI], capture_output=True, text=True)
    equal(proc.returncode, 2, "no arguments")
    proc = subprocess.run([CLI, "--help"], capture_output=True, text=True)
    equal(proc.returncode, 0, "--help")


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


def test_bad_templates(folder):
    """--templates names a folder that is there, and a layout in it that
    GKeyFile cannot read is refused with its file and line (issue 13)."""
    event = new_event(folder, 4)
    event.json("draw", "--seed", "4")
    out = os.path.join(folder, "round.pdf")
    missing = os.path.join(folder, "layuots")
    event.refused("export", out, "--round", "1", "--templates", missing,
                  message="The layout folder %s does not exist" % missing)
    check(not os.path.exists(out), "no file for a missing layout folder")
    layouts = os.path.join(folder, "layouts")
    os.mkdir(layouts)
    path = os.path.join(layouts, "standings.ini")
    standings = event.run("export", out, "--round", "1", "--templates", layouts)
    check(os.path.exists(out), "an empty layout folder prints the built-in layouts")
    os.unlink(out)
    with open(path, "w", encoding="utf-8") as f:
        f.write("[Page]\nPaper=A4\nOrientation=portrait\nMargin=0.5\n"
                "Header=C:\\Club\\{event}\nFooter=\n")
    event.refused("export", out, "--round", "1", "--templates", layouts,
                  message="%s:5: Header has “\\C”, which is no escape" % path)
    with open(path, "w", encoding="utf-8") as f:
        f.write("[Page]\nPaper=A4\n[Fo[nts]\n")
    event.refused("export", out, "--round", "1", "--templates", layouts,
                  message="%s:3: [Fo[nts] is not a group name" % path)
    check(not os.path.exists(out), "no file for a broken layout")
    check(standings.stdout.startswith("Wrote "), "export wrote: %r" % standings.stdout)


def test_bad_files(folder):
    good = new_event(folder, 4)
    good.json("draw", "--seed", "3")
    good.run("record", "1.1", "1", "T")

    missing = Event(folder, "missing.chouette")
    missing.refused("player", "list", message="init")
    check(not os.path.exists(missing.path), "a missing file stays missing")
    good.refused("init", "--name", "Again", message="exists")

    text = Event(folder, "notes.chouette")
    with open(text.path, "w") as f:
        f.write("Table 3 needs a new clock.\n" * 100)
    text.refused("show", "1.1", message="not")
    text.refused("record", "1.1", "1", "T", message="not")

    other = Event(folder, "other.chouette")
    db = sqlite3.connect(other.path)
    db.execute("CREATE TABLE t (x)")
    db.commit()
    db.close()
    other.refused("player", "list", message="not")

    truncated = Event(folder, "truncated.chouette")
    shutil.copy(good.path, truncated.path)
    size = os.path.getsize(truncated.path)
    with open(truncated.path, "r+b") as f:
        f.truncate(size // 2)
    truncated.refused("player", "list", message="truncated.chouette")

    newer = Event(folder, "newer.chouette")
    shutil.copy(good.path, newer.path)
    db = sqlite3.connect(newer.path)
    db.execute("PRAGMA user_version = 99")
    db.commit()
    db.close()
    newer.refused("record", "1.1", "2", "T", message="newer")

    # A second writer: the file is locked by another program right now.
    locker = sqlite3.connect(good.path, timeout=0, isolation_level=None)
    locker.execute("BEGIN IMMEDIATE")
    try:
        started = time.monotonic()
        proc = good.run("record", "1.1", "2", "T", status=1)
        check("another" in proc.stderr or "locked" in proc.stderr,
              "locked message: %r" % proc.stderr)
        check(time.monotonic() - started < 10, "no endless wait")
    finally:
        locker.execute("ROLLBACK")
        locker.close()
    equal(good.json("show", "1.1")["games"][1]["result"], None, "not written")

    # Read-only: as root permissions do not stop writes, so run as nobody.
    readonly = Event(folder, "readonly.chouette")
    shutil.copy(good.path, readonly.path)
    os.chmod(readonly.path, 0o444)
    user = None
    if os.geteuid() == 0:
        os.chmod(folder, 0o755)
        user = 65534
    before = readonly.snapshot()
    proc = readonly.run("record", "1.1", "2", "T", status=1, user=user)
    check("read-only" in proc.stderr or "cannot be written" in proc.stderr
          or "permission" in proc.stderr.lower(),
          "read-only message: %r" % proc.stderr)
    equal(readonly.snapshot(), before, "read-only file unchanged")


def test_read_commands_leave_the_file(folder):
    """A command that only reads opens the file read-only: a file that
    came in rollback-journal mode stays byte for byte as it was, with no
    -wal or -shm beside it; the first command that writes turns it to
    WAL, after the file was checked."""
    good = new_event(folder, 4)
    good.json("draw", "--seed", "3")
    good.run("record", "1.1", "1", "T")
    travelled = Event(folder, "travelled.chouette")
    shutil.copy(good.path, travelled.path)
    db = sqlite3.connect(travelled.path)
    equal(db.execute("PRAGMA journal_mode = DELETE").fetchone()[0], "delete", "journal")
    db.close()

    def state():
        with open(travelled.path, "rb") as f:
            data = f.read()
        return data, [n for n in os.listdir(folder) if n.startswith("travelled")]

    before = state()
    equal(before[1], ["travelled.chouette"], "a file at rest")
    out = os.path.join(folder, "out")
    os.mkdir(out)
    # settle refuses a chouette still in play: reading it changes nothing.
    for args in (["show", "1.1"], ["standings"], ["results"], ["settle", "1.1"],
                 ["log"], ["player", "list"], ["settings"], ["plan"],
                 ["export", os.path.join(out, "round.xlsx"), "--round", "1"],
                 ["--json", "show", "1.1"]):
        travelled.run(*args, status=1 if args[0] == "settle" else 0)
        equal(state(), before, "after " + " ".join(args))

    travelled.run("record", "1.1", "2", "T")
    with open(travelled.path, "rb") as f:
        equal(f.read(20)[18:20], b"\x02\x02", "WAL after a write")

    # A file of an older format is upgraded only by a command that writes:
    # a read command says so and leaves it, without a backup.
    old = Event(folder, "old.chouette")
    schema = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data",
                          "ctd-schema.sql")
    db = sqlite3.connect(old.path)
    with open(schema, encoding="utf-8") as f:
        db.executescript(f.read())
    db.execute("PRAGMA application_id = 1129595973")
    db.execute("PRAGMA user_version = 1")
    db.commit()
    db.close()
    with open(old.path, "rb") as f:
        old_bytes = f.read()
    old.refused("standings", message="open it for writing once")
    with open(old.path, "rb") as f:
        equal(f.read(), old_bytes, "the old file as it was")
    equal(sorted(n for n in os.listdir(folder) if n.startswith("old")),
          ["old.chouette"], "no backup for a read")
    old.run("player", "add", "Zoë")
    check(os.path.exists(old.path + ".bak-v1"), "backed up by the first write")
    equal(len(old.json("player", "list")), 1, "read after the upgrade")

    # A trigger stored in the file never runs: every command refuses it.
    crafted = Event(folder, "crafted.chouette")
    shutil.copy(good.path, crafted.path)
    db = sqlite3.connect(crafted.path)
    db.execute("PRAGMA journal_mode = DELETE")
    db.execute("CREATE TRIGGER stamp AFTER INSERT ON audit BEGIN "
               "UPDATE event SET name = 'Hijacked'; END")
    db.commit()
    db.close()
    with open(crafted.path, "rb") as f:
        crafted_bytes = f.read()
    crafted.refused("player", "list", message="trigger “stamp”")
    crafted.refused("record", "1.1", "2", "T", message="cannot be used")
    with open(crafted.path, "rb") as f:
        equal(f.read(), crafted_bytes, "the crafted file as it was")
    equal(sorted(n for n in os.listdir(folder) if n.startswith("crafted")),
          ["crafted.chouette"], "nothing beside the crafted file")


def test_log_kept_for_a_window(folder):
    """A window keeps its event open while the CLI runs. If the window's
    process read the file by other means (GTK's file chooser sniffs the
    files of the folder it lists, the event among them), POSIX dropped
    its locks; the CLI, closing, must still not take itself for the last
    user and delete the write-ahead log the window goes on writing to."""
    event = Event(folder)
    event.run("init", "--name", "Spring Open")
    window = sqlite3.connect(event.path, isolation_level=None)
    window.execute("BEGIN IMMEDIATE")
    window.execute("UPDATE event SET venue = 'Hall A'")
    window.execute("COMMIT")
    for suffix in ("", "-wal", "-shm"):
        with open(event.path + suffix, "rb") as sniffed:
            sniffed.read(4096)
    event.run("settings")
    check(os.path.exists(event.path + "-wal"), "the write-ahead log is still there")
    window.execute("BEGIN IMMEDIATE")
    window.execute("UPDATE event SET venue = 'Hall B'")
    window.execute("COMMIT")
    out = event.run("settings").stdout
    check("Hall B" in out, "the window's change reached the file: %r" % out)
    window.close()
    # The file alone holds every change once the CLI last had it.
    event.run("settings")
    single = os.path.join(folder, "alone.chouette")
    shutil.copyfile(event.path, single)
    out = Event(folder, "alone.chouette").run("settings").stdout
    check("Hall B" in out, "the event file alone holds the change: %r" % out)


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


def main():
    if CLI is None or not os.access(CLI, os.X_OK):
        print("usage: test-cli.py PATH/TO/chouette-td-cli", file=sys.stderr)
        return 2
    return ctdtest.run(globals(), "ctd-cli-")


if __name__ == "__main__":
    sys.exit(main())
