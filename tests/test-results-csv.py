#!/usr/bin/python3
# test-results-csv.py: `export results.csv`, the results for club
# databases and rating lists (issue 22), read back as they would be.
#
# Copyright 2026 The Chouette TD authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: test-results-csv.py PATH/TO/chouette-td-cli
#
# An event played through the CLI, with players, a club and the event
# named as spreadsheet formulas and markup. Each export is read back with
# Python's csv module and checked against what the CLI itself says
# (`standings --json`, `results --json`, `settle --json`): a round in play
# is secret (no score, rank or amount in the file), a complete one is not.
# Then LibreOffice opens the file, as a club's spreadsheet would: every
# hostile name stays a text, no cell is a formula, the numbers are numbers.
# Runs under Debian's /usr/bin/python3 (openpyxl reads LibreOffice's copy).
# Ends with "N passed, N failed"; exits 77 (skipped) after the other
# tests pass if LibreOffice is not installed (.ci/setup.sh installs it).

import csv
import os
import shutil
import subprocess
import sys

import ctdtest
from ctdtest import FOUR_SHEET, Event, check, equal

EVENT_NAME = '=Club "Open", 2026'
HOSTILE = ['=HYPERLINK("http://x")', "+cmd|' /C calc'!A0", "-2+3", "<b>Bold</b>",
           "@SUM(A1)"]
HEADER = ["event", "date", "round", "stage", "chouette", "player", "club", "player_id",
          "score", "rank", "advanced", "final_place", "amount"]
# The characters after which a text is written after a single quote.
FORMULA_STARTS = "=+-@\t\r\n"

SOFFICE = shutil.which("soffice") or shutil.which("libreoffice")
skipped = []


def played_event(folder):
    """8 players (five with hostile names, some with a club named as a
    formula), drawn into two chouettes of four."""
    event = Event(folder)
    event.run("init", "--name", EVENT_NAME, "--date", "2026-11-22", "--venue", "Clubhouse",
              "--stake", "5")
    players = os.path.join(folder, "players.csv")
    with open(players, "w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f)
        writer.writerow(["Name", "Club", "ID"])
        names = HOSTILE + ["Zoë Ægir", "Player 7", "Player 8"]
        for i, name in enumerate(names, start=1):
            writer.writerow([name, "=Club" if i % 2 else "Paris BG", "M%03d" % i])
    event.run("player", "import", players, "--checked-in")
    event.run("draw", "--seed", "7")
    return event


def undefended(text):
    """The text as the director typed it: what an importer does with the
    single quote (chouette-td-cli(1), RESULTS AS CSV)."""
    if len(text) > 1 and text[0] == "'" and text[1] in FORMULA_STARTS:
        return text[1:]
    return text


def export(event, name, *args):
    """Exports @name; returns (raw bytes, header, rows as dicts)."""
    path = os.path.join(event.folder, name)
    out = event.json("export", path, *args)
    equal(out["format"], "csv", "format in the JSON")
    with open(path, "rb") as f:
        raw = f.read()
    check(raw.startswith(b"\xef\xbb\xbf"), "UTF-8 byte order mark")
    body = raw[3:]
    check(body.endswith(b"\r\n"), "the last row ends with CRLF")
    # Every line break outside a quoted field is CRLF.
    with open(path, newline="", encoding="utf-8-sig") as f:
        table = list(csv.reader(f))
    equal(table[0], HEADER, "header row")
    check(all(len(row) == len(HEADER) for row in table), "every row has every field")
    equal(out["rows"], len(table) - 1, "rows in the JSON")
    rows = [dict(zip(HEADER, row)) for row in table[1:]]
    return path, raw, rows


def by_name(rows, round_number):
    return {undefended(r["player"]): r for r in rows if r["round"] == str(round_number)}


def check_common(event, rows):
    """What every row says whatever the round's state."""
    for r in rows:
        equal(undefended(r["event"]), EVENT_NAME, "event")
        equal(r["date"], "2026-11-22", "date")
        label = "%s.%s" % (r["round"], r["chouette"])
        names = event.players_of(label).values()
        check(undefended(r["player"]) in names, "%r is not in %s" % (r["player"], label))
        number = (HOSTILE + ["Zoë Ægir", "Player 7", "Player 8"]).index(
            undefended(r["player"])) + 1
        equal(undefended(r["club"]), "=Club" if number % 2 else "Paris BG", "club")
        equal(r["player_id"], "M%03d" % number, "player ID")
        # The defence, and only where it is needed.
        for field in ("event", "player", "club"):
            value = r[field]
            if undefended(value)[:1] and undefended(value)[0] in FORMULA_STARTS:
                check(value.startswith("'"), "%s %r is not defended" % (field, value))
            else:
                equal(value, undefended(value), "%s written as it is" % field)


def amounts_of(event, label):
    settle = event.json("settle", label)
    names = event.players_of(label)
    return {names[str(p["number"])]: float(p["amount"]) for p in settle["players"]}


def test_results_csv(folder):
    event = played_event(folder)
    event.record_sheet("1.1", FOUR_SHEET)

    # In play: secret (rule 1.7), as `standings --public` posts it.
    path, raw, rows = export(event, "results.csv", "--round", "1")
    public = ctdtest.standings_by_name(event, "--public")
    equal(sorted(undefended(r["player"]) for r in rows), sorted(public), "players listed")
    check_common(event, rows)
    for r in rows:
        equal(r["chouette"], public[undefended(r["player"])]["chouette"].split(".")[1],
              "chouette")
        equal(r["stage"], "qualifying", "stage")
        for field in ("score", "rank", "advanced", "final_place", "amount"):
            equal(r[field], "", "%s of a secret round" % field)
    for secret in (b"40.5", b"-59", b"202.5", b"-295"):
        check(secret not in raw, "a secret score or amount in the file: %r" % secret)

    # Complete: the scores, ranks and amounts are public.
    event.record_sheet("1.2", FOUR_SHEET)
    path, raw, rows = export(event, "results.csv", "--round", "1")
    standings = ctdtest.standings_by_name(event, "--round", "1")
    amounts = {**amounts_of(event, "1.1"), **amounts_of(event, "1.2")}
    check_common(event, rows)
    equal(len(rows), 8, "rows of round 1")
    for name, r in by_name(rows, 1).items():
        equal(float(r["score"]), standings[name]["score"], "score of %s" % name)
        equal(int(r["rank"]), standings[name]["rank"], "rank of %s" % name)
        equal(float(r["amount"]), amounts[name], "amount of %s" % name)
        equal(r["advanced"], "", "nobody chosen to advance yet")
        equal(r["final_place"], "", "no final yet")
    check(b"40.5" in raw and b"\"40.5\"" not in raw, "scores are bare numbers with a dot")

    # The final, then the whole event.
    event.json("advance")
    event.json("draw", "--seed", "1602")
    event.record_sheet("2.1", FOUR_SHEET)
    path, raw, rows = export(event, "results.csv", "--all")
    check_common(event, rows)
    equal(len(rows), 8 + 4, "rows of the event")
    equal([r["round"] for r in rows], ["1"] * 8 + ["2"] * 4, "rounds in order")
    advances = ctdtest.standings_by_name(event, "--round", "1")
    for name, r in by_name(rows, 1).items():
        equal(r["advanced"], "yes" if advances[name]["advances"] else "no",
              "advanced of %s" % name)
    results = {r["name"]: r for r in event.json("results")["results"]}
    final = ctdtest.standings_by_name(event, "--round", "2")
    amounts = amounts_of(event, "2.1")
    for name, r in by_name(rows, 2).items():
        equal(r["stage"], "final", "stage")
        equal(int(r["final_place"]), results[name]["place"], "final place of %s" % name)
        equal(float(r["score"]), final[name]["score"], "final score of %s" % name)
        equal(int(r["rank"]), final[name]["rank"], "final rank of %s" % name)
        equal(float(r["amount"]), amounts[name], "final amount of %s" % name)
        equal(r["advanced"], "", "no round after the final")
    libreoffice_reads(path, rows, folder)


def libreoffice_reads(path, rows, folder):
    """LibreOffice opens the CSV as UTF-8 (its import filter's options:
    comma, double quote, UTF-8, from row 1) and saves it as XLSX, which
    openpyxl reads cell by cell, with each cell's type."""
    if SOFFICE is None:
        skipped.append("LibreOffice is not installed: the spreadsheet check did not run")
        return
    import openpyxl

    profile = "file://" + os.path.join(folder, "lo-profile")
    subprocess.run([SOFFICE, "--headless", "-env:UserInstallation=" + profile,
                    "--infilter=CSV:44,34,76,1", "--convert-to", "xlsx", "--outdir",
                    os.path.join(folder, "lo"), path],
                   capture_output=True, text=True, timeout=180, check=True)
    book = openpyxl.load_workbook(os.path.join(folder, "lo", "results.xlsx"))
    sheet = book.active
    cells = list(sheet.iter_rows(min_row=2, values_only=False))
    equal(len(cells), len(rows), "rows LibreOffice read")
    column = {name: i for i, name in enumerate(HEADER)}
    for row, expected in zip(cells, rows):
        for c in row:
            check(c.data_type != "f", "LibreOffice read a formula at %s: %r"
                  % (c.coordinate, c.value))
        for field in ("event", "player", "club"):
            c = row[column[field]]
            equal((c.data_type, c.value), ("s", expected[field]),
                  "%s in LibreOffice, a text as written" % field)
        for field in ("score", "rank", "amount"):
            c = row[column[field]]
            equal(c.data_type, "n", "%s in LibreOffice is a number" % field)
            equal(float(c.value), float(expected[field]), "%s in LibreOffice" % field)
    names = [row[column["player"]].value for row in cells]
    for name in HOSTILE:
        wanted = "'" + name if name[0] in FORMULA_STARTS else name
        check(wanted in names, "%r is not a text of LibreOffice's copy: %r" % (wanted, names))


def test_refusals(folder):
    event = Event(folder)
    event.run("init", "--name", "Club Open", "--date", "2026-11-22")
    out = os.path.join(folder, "results.csv")
    event.refused("export", out, "--all", message="draw the first round")
    check(not os.path.exists(out), "no file after a refusal")
    for i in range(1, 5):
        event.run("player", "add", "Player %d" % i, "--checked-in")
    event.run("draw", "--seed", "3")
    event.refused("export", out, "--chouette", "1.1", message="not one chouette's sheet",
                  status=2)
    event.refused("export", out, "--round", "1", "--blank", message="results alone", status=2)
    event.refused("export", out, "--round", "3", message="3")
    check(not os.path.exists(out), "no file after a refusal")
    # Before any game: the players, and nothing else.
    text = event.run("export", out, "--all").stdout
    equal(text.strip(), "Wrote %s: 4 rows, one per player per round" % out, "what it says")


if __name__ == "__main__":
    status = ctdtest.cli_main(globals(), "ctd-results-csv-")
    for why in skipped:
        print("SKIP: " + why)
    sys.exit(77 if status == 0 and skipped else status)
