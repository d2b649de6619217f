#!/usr/bin/python3
# test-cli-events.py: chouette-td-cli end to end, whole events.
#
# Copyright 2026 The Chouette TD authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: test-cli-events.py PATH/TO/chouette-td-cli
#
# A 16-player event (qualifying, final) and a 26-player one (qualifying,
# semi-final, final, with a roll-off for a wildcard), every game recorded
# from sheets worked out by hand (the same sheets as tests/rules/test-chouette.c).
# Python's standard library only; ends with "N passed, N failed".

import sys

import ctdtest
from ctdtest import (FOUR_BOX, FOUR_CAPTAIN, FOUR_CUBE, FOUR_DECISION, FOUR_SHEET,
                     FOUR_TOTALS, THREE_CUBE, THREE_SHEET, THREE_TOTALS, check, equal,
                     new_event, standings_by_name, standings_notes)


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
    equal(sorted(n for n, note in notes.items() if note == "advances to the final"),
          sorted(winners), "advancers before the draw: %r" % notes)

    event.json("draw", "--seed", "1602")
    final = event.players_of("2.1")
    equal(sorted(final.values()), sorted(winners), "finalists")
    equal(set(standings_notes(event, "--round", "1", "--public")[w] for w in winners),
          {"advances to the final (2.1)"}, "advancers seated")
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


if __name__ == "__main__":
    sys.exit(ctdtest.cli_main(globals(), "ctd-cli-"))
