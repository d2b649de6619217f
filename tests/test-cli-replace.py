#!/usr/bin/python3
# test-cli-replace.py: `record --replace` says what the replacement changed,
# in the words the chouette's page asks with before one.
#
# Copyright 2026 The Chouette TD authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: test-cli-replace.py PATH/TO/chouette-td-cli
#
# The 4-player sheet of tests/rules/test-chouette.c, worked out by hand: running
# totals after game 3 are P1 +21, P2 -17, P3 -7, P4 +3; after game 9 P1 -11,
# P2 -16, P3 +37, so the last segment is captained 3, 1, 2; final totals
# P1 -59, P2 -13.5, P3 +40.5, P4 +32. Python's standard library only; ends
# with "N passed, N failed".

import json
import os
import subprocess
import sys

import ctdtest
from ctdtest import Failure, check, equal

CLI = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else None

FOUR_SHEET = [
    "T", "B 3:4", "Bg 2:8 3:4- 4:4+", "- 1:2- 3:1- 4:1-",
    "Tb 1:2- 3:4 4:2- E:1>3:8 A:2>4:4", "B 1:w 3:16 F:1>2:2", "T 1:2 2:1+ 4:4 !T", "Tg",
    "Bg 1:8 2:4- 4:4- E:4>1:8+ A:2>3:12", "B 1:2 2:1- F:2>3:0.5", "T 2:8 3:4-", "Bb 1:16 3:8+",
]


def cli(path, *args, status=0):
    proc = subprocess.run([CLI, path] + [str(a) for a in args],
                          capture_output=True, text=True, timeout=60)
    if proc.returncode != status:
        raise Failure("%s: exit %d, expected %d\nstdout: %s\nstderr: %s"
                      % (" ".join(str(a) for a in args), proc.returncode, status,
                         proc.stdout, proc.stderr))
    return proc


def cli_json(path, *args, status=0):
    return json.loads(cli(path, "--json", *args, status=status).stdout)


def new_chouette(folder, games):
    """A 4-player event drawn into chouette 1.1, the sheet's first
    @games games entered; returns the file and the players' names by
    seat."""
    path = os.path.join(folder, "event.chouette")
    cli(path, "init", "--name", "Club Open", "--date", "2026-11-22",
        "--venue", "Clubhouse", "--stake", "5", "--entry-fee", "110")
    for name in ("Ann Lee", "Bo Berg", "Cid Moss", "Dee Vale"):
        cli(path, "player", "add", name, "--checked-in")
    cli(path, "draw", "--seed", "9")
    for game in range(1, games + 1):
        cli(path, "record", "1.1", game, FOUR_SHEET[game - 1])
    names = {p["number"]: p["name"] for p in cli_json(path, "show", "1.1")["players"]}
    return path, names


def test_different_winner(folder):
    """The Team's single becomes the Box's: the Box gains 6, each crew
    member loses 2; the text says so after the scores."""
    path, names = new_chouette(folder, 3)
    out = cli(path, "record", "1.1", 1, "B", "--replace").stdout.splitlines()
    equal(out[0], "1.1 game 1: B  (replaced T)", "the first line")
    equal(out[3:], [
        "Game 1: “T” is replaced by “B”.",
        "Totals: player 1 (%s) +27 instead of +21, player 2 (%s) -19 instead of -17, "
        "player 3 (%s) -9 instead of -7, player 4 (%s) +1 instead of +3."
        % (names[1], names[2], names[3], names[4]),
        "No later game's cube-decision order changes.",
    ], "what the replacement changed")


def test_json_changes(folder):
    """JSON lists the sentences; a game entered for the first time and a
    line recorded again unchanged say so too."""
    path, names = new_chouette(folder, 2)
    out = cli_json(path, "record", "1.1", 3, FOUR_SHEET[2])
    equal(out["changes"], None, "a new game replaces nothing")
    out = cli_json(path, "record", "1.1", 3, "B 2:8 3:4- 4:4+", "--replace")
    equal(out["replaced"], "Bg 2:8 3:4- 4:4+", "replaced")
    # The gammon on P2's cube of 8 was a single: 8, not 16.
    equal(out["changes"], [
        "Game 3: “Bg 2:8 3:4- 4:4+” is replaced by “B 2:8 3:4- 4:4+”.",
        "Totals: player 1 (%s) +13 instead of +21, player 2 (%s) -9 instead of -17."
        % (names[1], names[2]),
        "No later game's cube-decision order changes.",
    ], "changes")
    out = cli_json(path, "record", "1.1", 3, "B 2:8 3:4- 4:4+", "--replace")
    equal(out["changes"], ["Game 3 already has the result “B 2:8 3:4- 4:4+”: "
                           "nothing changes."], "unchanged")


def test_fixed_order_and_paper(folder):
    """Game 3 corrected once the last segment is played: the fixed order
    stays, with SPEC 3's warning, and typed paper totals stop agreeing."""
    path, names = new_chouette(folder, 12)
    cli(path, "crosscheck", "1.1", "1=-59", "2=-13.5", "3=40.5", "4=32")
    out = cli(path, "record", "1.1", 3, "T", "--replace").stdout
    check("Game 3: “Bg 2:8 3:4- 4:4+” is replaced by “T”.\n" in out, out)
    check("Cube-decision orders that change: game 4 becomes 4 3 1 (was 1 4 3)" in out, out)
    check("\nWarning: the last-segment order 3 1 2 is fixed and stays so (the last "
          "segment is played in it), but the scores after game 9 would then give "
          "3 2 1: it no longer matches the scores.\n" in out, out)
    check(out.endswith("\nThe paper totals will no longer agree with the entered games.\n"),
          out)


def test_refused_replacement(folder):
    """A line refused says nothing of changes and changes nothing."""
    path, names = new_chouette(folder, 3)
    proc = cli(path, "record", "1.1", 3, "T 3:3", "--replace", status=1)
    equal(proc.stdout, "", "output of a refused replacement")
    check("cube value 3" in proc.stderr, proc.stderr)
    equal(cli_json(path, "show", "1.1")["games"][2]["result"], FOUR_SHEET[2], "kept")


def main():
    if CLI is None or not os.access(CLI, os.X_OK):
        print("usage: test-cli-replace.py PATH/TO/chouette-td-cli", file=sys.stderr)
        return 2
    return ctdtest.run(globals(), "ctd-cli-replace-")


if __name__ == "__main__":
    sys.exit(main())
