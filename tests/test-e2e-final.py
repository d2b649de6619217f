#!/usr/bin/python3
# test-e2e-final.py: the end of a 12-player event, driven in the built
# chouette-td as a director drives it, by keys and through AT-SPI. The
# event and its players come from chouette-td-cli; the window opens the
# file and does the rest: the qualifying round drawn with a typed seed,
# its 36 games typed in the scoring page's notation field (one chouette
# with a tie for the top), the posting secret until the round is done,
# the round released, the tie at the cut settled by a typed roll-off,
# the advancers drawn into the Final, its 12 games typed, the placings
# and every chouette's settlement read off the "Final and Money" page and
# compared with `results` and `settle` and a hand-worked sheet; then the
# event closed into an archive folder, and a write through the command
# line refused.
#
# Copyright 2026 The Chouette TD authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage (under a display and a session bus, as meson runs it):
#   dbus-run-session -- /usr/bin/python3 test-e2e-final.py CHOUETTE-TD CHOUETTE-TD-CLI

import pyatspi  # noqa: F401 (first: it connects to the accessibility bus)

import csv
import itertools
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True  # (no __pycache__ in the source tree)
import e2e  # noqa: E402
from e2e import (check, choose, choose_in_drop_down, cli, find, find_all, focus_window, keys,
                 press, save_as, show_page, toplevel, type_into, type_path, type_text, wait_for,
                 window_action, window_named)
import openpyxl  # noqa: E402

TITLE = "Club Final"
STAKE = 5
# Names are data: one that looks like markup shows as itself.
NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lee <b>"]
# What each player's segment in the Box comes to, in starting cubes won
# (+) or lost (-), by player number: chouette 1.2 ties players 1 and 3
# for the top; 1.1 and 1.3 have one leader, and so has the Final.
SEGMENTS = {"1.1": (-1, 7, 1, -5), "1.2": (5, -1, 5, -3), "1.3": (3, -3, 1, -1),
            "2.1": (-1, 9, -3)}


# ---- the hand-worked sheets ----------------------------------------------

def cubes(size):
    """The starting cubes of a Box segment (SPEC 3)."""
    return (1, 2, 4) if size == 4 else (1, 2, 4, 4)


def segment_lines(size, won):
    """The lines of one Box segment ("B": the Box wins every cube at its
    start, "T": the team does) whose cubes come to @won for the Box."""
    for signs in itertools.product((1, -1), repeat=len(cubes(size))):
        if sum(s * c for s, c in zip(signs, cubes(size))) == won:
            return ["B" if s > 0 else "T" for s in signs]
    raise ValueError("no segment comes to %d" % won)


def sheet(label):
    """The twelve lines of chouette @label and each player's total, worked
    by hand: every cube played at its starting value, the Box paid or
    paying each crew member."""
    segments = SEGMENTS[label]
    size = len(segments)
    lines = [line for won in segments for line in segment_lines(size, won)]
    totals = {p: 0 for p in range(1, size + 1)}
    for game, line in enumerate(lines):
        box = game // len(cubes(size)) + 1
        cube = cubes(size)[game % len(cubes(size))]
        sign = 1 if line == "B" else -1
        for p in totals:
            totals[p] += (size - 1) * cube * sign if p == box else -cube * sign
    return lines, totals


def points(total):
    return ("%+g" % total) if total else "0"


def money(amount):
    return "%s%d.%02d" % ("-" if amount < 0 else "", abs(amount) // 100, abs(amount) % 100)


# ---- the screen ------------------------------------------------------------

def rows(table):
    """The texts of a column view's rows, cell by cell (its title row
    left out)."""
    found = []
    for row in find_all(table, "table row"):
        cells = [cell for cell in find_all(row, "table cell")]
        if cells:
            found.append([(find(cell, "label").name or "") for cell in cells])
    return found


def page(frame, name):
    return wait_for("the page " + name, lambda: find(frame, "panel", name), 10)


def enter_chouette(frame, path, label):
    """Types chouette @label's sheet in the notation field, Enter after
    each line, then its paper totals; returns the hand-worked totals."""
    lines, totals = sheet(label)
    wait_for("chouette %s on the scoring page" % label,
             lambda: find(page(frame, "Scoring"), "label", contains="Chouette " + label), 10)
    for game, line in enumerate(lines, start=1):
        wait_for("game %d's field in %s" % (game, label),
                 lambda: find(frame, "label", "Game %d notation" % game), 10)
        e2e.wait_for_focus(frame, ("text", "entry"), "Result notation, game %d" % game)
        keys("ctrl+a")
        type_text(line)
        keys("Return")
    def recorded():
        shown = json.loads(cli(path, "--json", "show", label))
        return shown if all(g["result"] is not None for g in shown["games"]) else None
    shown = wait_for("%s's twelve games in the file" % label, recorded, 15)
    check([g["result"] for g in shown["games"]] == lines,
          "%s holds the lines typed: %r" % (label, [g["result"] for g in shown["games"]]))
    check({int(k): v for k, v in shown["totals"].items()} == totals,
          "%s's totals %r are the hand-worked %r" % (label, shown["totals"], totals))
    for number, total in totals.items():
        heard = "Total, player %d, %s" % (number, points(total))
        wait_for("the screen reader hearing \"%s\"" % heard,
                 lambda: find(page(frame, "Scoring"), "label", heard), 10)
        type_into(frame, "Paper total, player %d" % number, "%g" % total)
    press(frame, "Check Paper Totals")
    def stored():
        paper = json.loads(cli(path, "--json", "show", label))["paper_totals"]
        return paper if paper else None
    paper = wait_for("%s's paper totals in the file" % label, stored, 10)
    check({int(k): v for k, v in paper.items()} == totals,
          "%s's paper totals stored are the sheet's: %r" % (label, paper))
    return totals


# ---- the steps -------------------------------------------------------------

def set_up(path):
    """The event and its players, checked in, through the command line."""
    cli(path, "init", "--name", TITLE, "--date", "2026-11-23", "--stake", str(STAKE),
        "--entry-fee", "110")
    for name in NAMES:
        cli(path, "player", "add", "--checked-in", "--", name)
    plan = cli(path, "plan", "--players", "12")
    check("3 chouettes of 4; top 1 of each advances" in plan and "Final: 3 players" in plan,
          "the plan for 12 players: %r" % plan)


def draw_qualifying(frame, path):
    show_page("rounds")
    type_into(frame, "Seed for the next draw", "1123")
    press(frame, "Draw Next Round")
    wait_for("the draw's confirmation",
             lambda: find(frame, "label", contains="Drew round 1 with seed 1123"), 10)
    seats = {}
    for number in (1, 2, 3):
        shown = json.loads(cli(path, "--json", "show", "1.%d" % number))
        seats["1.%d" % number] = [p["name"] if isinstance(p, dict) else p
                                  for p in shown["players"]]
        on_screen = " · ".join("%d %s" % (i + 1, n)
                               for i, n in enumerate(seats["1.%d" % number]))
        check(find(page(frame, "Rounds"), "label", on_screen) is not None,
              "the Rounds page shows 1.%d as %s" % (number, on_screen))
    return seats


def public_table(frame):
    return find(page(frame, "Standings"), "tree table", "Standings as posted")


def check_secret(frame, totals):
    """The posting while chouette 1.3 is unplayed: progress, no score."""
    show_page("standings")
    press(page(frame, "Standings"), "Public posting")
    wait_for("the posting's progress",
             lambda: find(frame, "label", contains="Scores stay secret"), 10)
    shown = rows(public_table(frame))
    check(len(shown) == 12, "the posting lists 12 players: %r" % shown)
    scores = {points(t) for label in totals for t in totals[label].values()} - {"0"}
    leaked = [row for row in shown if set(row) & scores]
    check(not leaked, "no score is posted before the round is done: %r" % leaked)
    press(page(frame, "Standings"), "Director's view")


def release(root, frame, seats, totals):
    show_page("standings")
    standings = page(frame, "Standings")
    press(standings, "Release Round")
    # Asked once, saying what becomes public.
    question = wait_for("the release's question",
                        lambda: toplevel(root, "Release Qualifying round 1?"), 10)
    press(question, "Release")
    wait_for("the release", lambda: find(frame, "label", contains="Released round 1"), 10)
    press(standings, "Public posting")
    expected = {(n, points(totals[label][i + 1]))
                for label, names in seats.items() for i, n in enumerate(names)}
    def posted():
        shown = {(row[1], row[3]) for row in rows(public_table(frame)) if len(row) >= 4}
        return shown if shown == expected else None
    wait_for("every score on the posting", posted, 10)
    press(standings, "Director's view")


def roll_off(frame, path, seats, totals):
    """The tie at the cut in 1.2, shown with its two players, settled by
    the roll-off typed in its field: player 3 wins it."""
    tied = [seats["1.2"][0], seats["1.2"][2]]
    tie = wait_for("the tie at the cut",
                   lambda: find(frame, "label", contains="Tie at the cut:"), 10)
    for name in tied:
        check("%s (%s)" % (name, points(totals["1.2"][1])) in tie.name,
              "the tie names %s: %r" % (name, tie.name))
    check(tie.name.count("#") == 2, "the tie holds two players: %r" % tie.name)
    director = find(page(frame, "Standings"), "tree table", "Standings, director's view")
    marked = sorted(row[1] for row in rows(director) if row[-1] == "tie at the cut")
    check(marked == sorted(tied), "the director's view marks %r at the cut, not %r"
          % (sorted(tied), marked))
    focus_window(TITLE)
    keys("alt+u")
    e2e.wait_for_focus(frame, ("text", "entry"), "Roll-off result, winner first")
    type_text(", ".join(reversed(tied)))
    keys("Return")
    wait_for("the roll-off recorded",
             lambda: find(frame, "label", contains="Recorded the roll-off of round 1"), 10)
    standings = json.loads(cli(path, "--json", "standings", "--round", "1"))
    places = {row["name"]: row["roll_off"] for row in standings if row["name"] in tied}
    check(places == {tied[1]: 1, tied[0]: 2}, "the roll-off stored, winner first: %r" % places)
    return sorted([seats["1.1"][1], tied[1], seats["1.3"][0]])


def advance(root, frame, path, advancers):
    press(page(frame, "Standings"), "Advance")
    dialog = wait_for("the Advance dialog", lambda: toplevel(root, "Advance"), 10)
    type_into(dialog, "Draw seed of the next round", "77")
    press(dialog, "Advance and Draw")
    wait_for("the Final drawn",
             lambda: find(frame, "label", contains="Drew round 2 from the advancers with seed 77"),
             10)
    shown = json.loads(cli(path, "--json", "show", "2.1"))
    final = [p["name"] if isinstance(p, dict) else p for p in shown["players"]]
    check(sorted(final) == advancers, "the Final seats %r" % final)
    standings = json.loads(cli(path, "--json", "standings", "--round", "1"))
    goes_on = sorted(row["name"] for row in standings if row["advances"])
    check(goes_on == advancers, "the advancers %r are %r" % (goes_on, advancers))
    return final


def check_placings(frame, path, final, totals):
    show_page("results")
    results = page(frame, "Final and Money")
    table = wait_for("the placings",
                     lambda: find(results, "tree table", contains="Placings, 1st"), 10)
    by_score = sorted(range(3), key=lambda k: -totals[k + 1])
    hand = [(place + 1, final[k], points(totals[k + 1])) for place, k in enumerate(by_score)]
    def shown():
        got = [(row[0], row[1], row[2]) for row in rows(table)]
        return got if len(got) == 3 else None
    got = wait_for("three placings", shown, 10)
    check([(name, score) for _, name, score in got] == [(n, s) for _, n, s in hand],
          "the placings on screen %r are the hand-worked %r" % (got, hand))
    check([place for place, _, _ in got] == ["1st", "2nd", "3rd"], "1st to 3rd: %r" % got)
    official = json.loads(cli(path, "--json", "results"))
    check(official["final_complete"], "results: the final is complete")
    check([(r["place"], r["name"]) for r in official["results"]] ==
          [(place, name) for place, name, _ in hand],
          "results %r are the hand-worked %r" % (official["results"], hand))


def expected_settlement(path, label):
    """Chouette @label's settlement in the page's words, from `settle`."""
    settled = json.loads(cli(path, "--json", "settle", label))
    names = {p["number"]: p["name"] for p in settled["players"]}
    amounts = "\n".join("%s: %s points, %s" % (p["name"], points(p["score"]), p["amount"])
                        for p in settled["players"])
    payments = "\n".join("%s pays %s %s" % (names[t["from"]], names[t["to"]], t["amount"])
                         for t in settled["payments"]) or "Nobody owes anything."
    return settled, [label, amounts, payments]


def check_settlements(frame, path, round_number, seats, totals):
    results = page(frame, "Final and Money")
    table = find(results, "tree table", "Settlements of the round's chouettes")
    labels = sorted(label for label in seats if label.startswith("%d." % round_number))
    expected = []
    for label in labels:
        settled, row = expected_settlement(path, label)
        check([p["name"] for p in settled["players"]] == seats[label],
              "settle %s names the players drawn: %r" % (label, settled["players"]))
        for p in settled["players"]:
            check(p["score"] == totals[label][p["number"]] and
                  p["amount"] == money(totals[label][p["number"]] * STAKE * 100),
                  "settle %s: %r is the hand-worked %r" % (label, p, totals[label]))
        expected.append(row)
    def shown():
        got = rows(table)
        return got if got == expected else None
    try:
        wait_for("round %d's settlements on screen" % round_number, shown, 10)
    except RuntimeError:
        check(False, "the settlements on screen %r are settle's %r" % (rows(table), expected))


def choose_round(frame, title):
    """The Money part's round chosen by keys: its mnemonic, the list,
    the round."""
    results = page(frame, "Final and Money")
    # (the drop-down's button shows the chosen round; its list is apart)
    shown = find(find(results, "combo box", "Round to settle"), "push button")
    if find(shown, "label", title) is not None:
        return
    focus_window(TITLE)
    keys("alt+o")
    time.sleep(0.3)
    keys("space")
    # A pace, not a check (the drop-down's list opens in a popover a
    # moment later): the round it comes to is awaited below.
    time.sleep(0.5)
    keys("Home", "Down" if title.startswith("Round 2") else "Home", "Return")
    wait_for(title + " chosen", lambda: find(shown, "label", title), 10)


def pdf_text(path):
    return subprocess.run(["pdftotext", "-layout", path, "-"], capture_output=True, text=True,
                          check=True).stdout


def sheet_names(path):
    return openpyxl.load_workbook(path, read_only=True).sheetnames


def export_each_kind(root, folder, final):
    """Every kind of export chosen in Print or Export through AT-SPI
    (its choices are toggle buttons, the public copy a switch), written
    by Export… to a file typed in the chooser, and each file read back:
    it holds what was chosen, in the format chosen."""
    focus_window(TITLE)
    keys("ctrl+e")
    dialog = wait_for("the Print or Export dialog", lambda: toplevel(root, "Print or Export"), 10)
    # The round at hand, played: its filled sheets are offered first.
    check(e2e.is_pressed(find(dialog, "push button", "Filled sheets of the round")),
          "the final's filled sheets are offered first")
    no_score = re.compile(r"(^|\s)[+-][0-9]", re.MULTILINE)

    def blank(path):
        text = pdf_text(path)
        check("Official scoring sheet" in text and "Chouette 2.1" in text and
              all(name in text for name in final) and not no_score.search(text),
              "the blank sheets are the final's sheet, its players and no score: %r" % text[:300])

    def filled(path):
        check(sheet_names(path) == ["Chouette 1.1", "Chouette 1.2", "Chouette 1.3"],
              "the filled sheets of round 1 are its three chouettes: %r" % sheet_names(path))

    def standings(path):
        text = pdf_text(path)
        check("Standings: round 1" in text and "Official scoring sheet" not in text,
              "the standings of round 1, no sheet: %r" % text[:300])

    def chouette(path):
        check(sheet_names(path) == ["Chouette 1.1"], "one chouette's sheet is 1.1's alone: %r"
              % sheet_names(path))

    def results(path):
        text = pdf_text(path)
        check("Final results" in text and "Standings:" not in text and final[0] in text,
              "the final results and settlements: %r" % text[:300])

    def whole(path):
        names = sheet_names(path)
        check("Round 1 standings" in names and "Chouette 2.1" in names and
              "Final results" in names and "Audit log" not in names,
              "the whole event's public copy: every round, the results, no log: %r" % names)

    def web_page(path):
        with open(path, encoding="utf-8") as f:
            text = f.read()
        check(text.startswith("<!DOCTYPE html>") and "<h2>Final results</h2>" in text and
              "<h2>Settlements" in text and "Standings:" not in text and "<script" not in text,
              "the final results and settlements as a web page: %r" % text[:300])

    def results_csv(path):
        with open(path, newline="", encoding="utf-8-sig") as f:
            rows = list(csv.DictReader(f))
        check(rows and all(r["round"] == "1" and r["score"] != "" for r in rows) and
              all(any(r["player"] == name for r in rows) for name in final),
              "round 1's results, one row per player, with their scores: %r" % rows[:2])

    kinds = [("Blank sheets of the round", "PDF", "blank.pdf", blank),
             ("Filled sheets of the round", "Spreadsheet (XLSX)", "filled.xlsx", filled),
             ("Round standings", "PDF", "standings.pdf", standings),
             ("One chouette", "Spreadsheet (XLSX)", "chouette.xlsx", chouette),
             ("Final results and settlements", "PDF", "results.pdf", results),
             ("The whole event", "Spreadsheet (XLSX)", "event.xlsx", whole),
             ("Final results and settlements", "Web page (HTML)", "results.html", web_page),
             # Round 1's results for a club database (the round chosen above).
             ("Round standings", "Results for a club database (CSV)", "results.csv",
              results_csv)]
    for kind, form, name, read in kinds:
        choose(dialog, kind)
        if kind.startswith("Filled"):
            # Round 1: three chouettes, where one chouette's sheet is one.
            choose_in_drop_down("Print or Export", dialog, "Round", 0)
            wait_for("round 1 chosen", lambda: find(find(dialog, "combo box", "Round"),
                                                    "label", "Round 1 · Qualifying"), 10)
        if kind.startswith("The whole"):
            public = find(dialog, "check box", "Public copy")
            public.queryAction().doAction(0)
            wait_for("the public copy chosen",
                     lambda: True if public.getState().contains(pyatspi.STATE_CHECKED) else None,
                     10)
        choose(dialog, form)
        target = os.path.join(folder, name)
        press(dialog, "Export…")
        wait_for("the export chooser", lambda: window_named(root, "Export"), 10)
        save_as("Export", target)
        wait_for(name + " written", lambda: find(dialog, "label", contains="Wrote " + target), 60)
        check(os.path.exists(target), "%s exported as %s" % (kind, target))
        read(target)
    press(dialog, "Close")
    wait_for("the dialog closed",
             lambda: True if toplevel(root, "Print or Export") is None else None, 10)
    # A fixed wait on purpose: GTK 4.8 answers AT-SPI about a dialog it is
    # tearing down with a CRITICAL, and says to no one when it is done.
    time.sleep(1.0)


def close_event(root, frame, path, archive):
    focus_window(TITLE)
    keys("F10")
    # A pace, not a check (the menu opens in a popover a moment later):
    # what its item does is awaited below.
    time.sleep(0.5)
    keys("c")
    wait_for("the folder chooser", lambda: toplevel(root, "Choose the Folder"), 10)
    type_path("Choose the Folder", archive)
    def confirm():
        for i in range(root.childCount):
            top = root.getChildAtIndex(i)
            if top is not None and "Close" in (top.name or "") and "Club Final" in top.name:
                return find(top, "push button", "Close Event")
        return None
    wait_for("the confirmation", confirm, 10).queryAction().doAction(0)
    wait_for("the banner", lambda: find(frame, "label", contains="The event was closed on"), 10)
    banner = find(frame, "label", contains="The event was closed on")
    check(archive in banner.name, "the banner says where the archive went: %r" % banner.name)
    files = os.listdir(archive)
    check(any(f.endswith(".xlsx") for f in files) and any(f.endswith(".chouette") for f in files),
          "the archive holds the workbook and the event file: %r" % files)
    copy = os.path.join(archive, [f for f in files if f.endswith(".chouette")][0])
    check(cli(copy, "--json", "results") == cli(path, "--json", "results"),
          "the archived copy gives the same results")


def contents(path):
    """Every row of the event file (SQLite may move pages between the
    file and its write-ahead log without changing a row)."""
    with sqlite3.connect("file:%s?mode=ro" % path, uri=True) as db:
        return list(db.iterdump())


def check_refused(path):
    before = contents(path)
    for args in (("record", "2.1", "1", "B", "--replace"), ("player", "add", "Late Larry")):
        done = e2e.cli_status(path, *args)
        check(done.returncode == 1, "%s on a closed event exits 1, not %d"
              % (args[0], done.returncode))
        check("The event was closed on" in done.stderr and "it can no longer change" in done.stderr,
              "the refusal of %s says the event is closed: %r" % (args[0], done.stderr))
    check(contents(path) == before, "the refused writes changed nothing in the file")


def main(gui, cli_path):
    folder = tempfile.mkdtemp(prefix="ctd-e2e-final-")
    path = os.path.join(folder, "club-final.chouette")
    archive = os.path.join(folder, "archive")
    os.mkdir(archive)
    set_up(path)
    app = e2e.App(gui, folder, path)
    try:
        root = app.wait()
        frame = wait_for("the event's window", lambda: toplevel(root, TITLE), 30)
        seats = draw_qualifying(frame, path)
        totals = {}
        window_action("show-chouette", "1.1")
        focus_window(TITLE)
        for label in ("1.1", "1.2"):
            totals[label] = enter_chouette(frame, path, label)
            focus_window(TITLE)
            keys("ctrl+Next")
        check_secret(frame, totals)
        window_action("show-chouette", "1.3")
        focus_window(TITLE)
        totals["1.3"] = enter_chouette(frame, path, "1.3")
        release(root, frame, seats, totals)
        advancers = roll_off(frame, path, seats, totals)
        final = advance(root, frame, path, advancers)

        focus_window(TITLE)
        keys("ctrl+g")
        e2e.wait_for_focus(frame, ("text", "entry"), "Go to chouette")
        type_text("2.1")
        keys("Return")
        totals["2.1"] = enter_chouette(frame, path, "2.1")
        seats["2.1"] = final

        check_placings(frame, path, final, totals["2.1"])
        choose_round(frame, "Round 2")
        check_settlements(frame, path, 2, seats, totals)
        choose_round(frame, "Round 1")
        check_settlements(frame, path, 1, seats, totals)

        exports = os.path.join(folder, "exports")
        os.mkdir(exports)
        export_each_kind(root, exports, final)

        close_event(root, frame, path, archive)
        check_refused(path)
    finally:
        app.stop()
        if e2e.failures:
            print("The event's folder is kept: " + folder)
        else:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    e2e.run(main)
