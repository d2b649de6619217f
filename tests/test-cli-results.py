#!/usr/bin/python3
# test-cli-results.py: chouette-td-cli: results recorded, corrected, checked.
#
# Copyright 2026 The Chouette TD authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: test-cli-results.py PATH/TO/chouette-td-cli
#
# Results recorded and corrected (--replace), paper totals cross-checked,
# the last-segment order fixed by hand, and a table of bad notation and
# labels that must be refused with its message and change nothing.
# Python's standard library only; ends with "N passed, N failed".

import sqlite3
import sys

import ctdtest
from ctdtest import (FOUR_CAPTAIN, FOUR_DECISION, FOUR_SHEET, FOUR_TOTALS, check, equal,
                     new_event)


def test_record_names_players(folder):
    """record's text names each player beside their score: "1: +3, 2: -1"
    read the seat 2 as a game."""
    event = new_event(folder, 4)
    event.json("draw", "--seed", "9")
    names = {str(p["number"]): p["name"] for p in event.json("show", "1.1")["players"]}
    text = event.run("record", "1.1", 1, "T").stdout
    check("  the game gives: 1 %s -3, 2 %s +1, 3 %s +1, 4 %s +1\n"
          % (names["1"], names["2"], names["3"], names["4"]) in text, text)
    check("1: -3" not in text, text)


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
        # SPEC 5: an extra played to the end keeps its offerer in the game.
        (("record", "1.1", "2", "B 2:2- 3:2- 4:4 E:2>4:8 F:2>1:1"),
         "Game 2: %s cannot pay a penalty ('F:2>1:1'): rule 2.5's penalty is "
         "for a player already out of the game, whose cube was passed or "
         "washed, but the extra from %s to %s was played to the end "
         "('E:2>4:8'), which keeps %s in the game; " % (who[2], who[2], who[4], who[2])),
        # SPEC 5: extras only for the lone taker of the initial offering.
        (("record", "1.1", "2", "B 2:4- 3:2- 4:2- E:3>2:8"),
         "Game 2: 'E:3>2:8': only the crew member who took the Box's "
         "initial double can take an extra (rules 3.3 and 3.7), but %s's "
         "cube was passed by %s at 4, which is not that take at a starting "
         "cube of 2; " % (who[2], who[2])),
        (("record", "1.1", "2", "B 2:2- 3:4 4:4 E:2>3:8 E:2>4:8"),
         "but the extras are taken by %s ('E:2>3:8') and by %s ('E:2>4:8'); "
         "expected one taker" % (who[3], who[4])),
        (("record", "1.1", "2", "B 2:8- 3:4 4:2- E:2>3:16"),
         "when every other crew member passed it at the starting value 2, "
         "but %s's cube was passed by %s at 8; expected '2:2-'" % (who[2], who[2])),
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
    # Letters in any case are read, and stored canonical (SPEC 5).
    event.run("record", "1.1", "2", "tg 2:W 3:4 4:8 !t")
    equal(event.json("show", "1.1")["games"][1]["result"], "Tg 2:w 3:4 4:8 !T",
          "lower case stored canonical")
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


if __name__ == "__main__":
    sys.exit(ctdtest.cli_main(globals(), "ctd-cli-"))
