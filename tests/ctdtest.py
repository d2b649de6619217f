# ctdtest.py: what the Python test scripts share (standard library only).
#
# Copyright 2026 The Chouette TD authors
# SPDX-License-Identifier: GPL-3.0-or-later

import csv
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import traceback
import zipfile


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


def equal(actual, expected, what):
    if actual != expected:
        raise Failure("%s: expected %r, got %r" % (what, expected, actual))


def run(namespace, prefix):
    """Runs every test_* function of @namespace, each in a fresh folder;
    prints "N passed, N failed" last and returns the exit status."""
    tests = [(name, fn) for name, fn in sorted(namespace.items())
             if name.startswith("test_") and callable(fn)]
    passed = failed = 0
    for name, fn in tests:
        folder = tempfile.mkdtemp(prefix=prefix)
        try:
            fn(folder)
            passed += 1
            print("ok   %s" % name)
        except Exception:
            failed += 1
            print("FAIL %s" % name)
            traceback.print_exc(file=sys.stdout)
        finally:
            shutil.rmtree(folder, ignore_errors=True)
        sys.stdout.flush()
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


# ---------------------------------------------------------------------------
# The command-line tool, for the test-cli-*.py scripts


# The chouette-td-cli under test: set by cli_main() from the command line.
CLI = None

# A 4-player chouette: final totals P1 -59, P2 -13.5, P3 +40.5, P4 +32.
# Box and Captain per game, highest-first last segment: scores after game 9
# are P1 -11, P2 -16, P3 +37, so games 10-12 are captained by 3, 1, 2.
# Games 5 and 9 have taken extras, paid for as SPEC 5 says: in game 5 P1
# pays P3 the 2 at which P1 passed (P1 -2 -2 -24, P3 +12 +2 +24), in game 9
# P4 pays P1 4 (P1 -16 +4 +8, P4 -4 -4 -8); so against the sheet without
# that payment, P1 -61 -2 +4 = -59, P3 38.5 +2 = 40.5, P4 36 -4 = 32.
FOUR_SHEET = [
    "T", "B 3:4", "Bg 2:8 3:4- 4:4+", "- 1:2- 3:1- 4:1-",
    "Tb 1:2- 3:4 4:2- E:1>3:8 A:2>4:4", "B 1:w 3:16 F:1>2:2", "T 1:2 2:1+ 4:4 !T", "Tg",
    "Bg 1:8 2:4- 4:4- E:4>1:8+ A:2>3:12", "B 1:2 2:1- F:2>3:0.5", "T 2:8 3:4-", "Bb 1:16 3:8+",
]
FOUR_TOTALS = {"1": -59, "2": -13.5, "3": 40.5, "4": 32}
# The same sheet as the table's phones send it: a phone sends no A: (the
# director's adjustments are the desk's), so games 5 and 9 come without
# theirs; every line is still legal and the last segment's order the same.
PHONE_SHEET = [line.split(" A:")[0] for line in FOUR_SHEET]
FOUR_BOX = [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4]
FOUR_CAPTAIN = [2, 3, 4, 3, 4, 1, 4, 1, 2, 3, 1, 2]
FOUR_CUBE = [1, 2, 4] * 4
FOUR_DECISION = [[2, 3, 4], [3, 4, 2], [4, 2, 3], [1, 4, 3], [1, 4, 3],
                 [3, 4, 1], [4, 2, 1], [4, 2, 1], [4, 2, 1], [3, 1, 2],
                 [3, 1, 2], [3, 2, 1]]

# A 3-player chouette: final totals P1 -12, P2 +50.5, P3 -38.5. With
# highest-first the last segment (games 9-12) is captained 2, 1, 2, 1.
THREE_SHEET = [
    "T", "B 2:4-", "Tg 2:8 3:8 !T", "- 2:4- 3:16- E:2>3:4- A:1>3:8", "Bb 1:2",
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
    """An event of @n_players, everyone checked in: half imported from a
    club's CSV list, half added one by one."""
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


def xlsx_text(path):
    """Every text of an XLSX file (shared and inline strings), joined."""
    with zipfile.ZipFile(path) as book:
        return "".join(book.read(name).decode("utf-8") for name in book.namelist()
                       if name.endswith(".xml"))


def cli_main(namespace, prefix):
    """The main of a test-cli-*.py script: takes the CLI's path from the
    command line, then runs every test_* function of @namespace."""
    global CLI
    if len(sys.argv) < 2 or not os.access(sys.argv[1], os.X_OK):
        print("usage: %s PATH/TO/chouette-td-cli" % os.path.basename(sys.argv[0]),
              file=sys.stderr)
        return 2
    CLI = os.path.abspath(sys.argv[1])
    return run(namespace, prefix)
