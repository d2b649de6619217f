#!/usr/bin/python3
# test-cli-locale.py: chouette-td-cli: numbers in the director's locale.
#
# Copyright 2026 The Chouette TD authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: test-cli-locale.py PATH/TO/chouette-td-cli
#
# Under a locale whose decimal separator is a comma (fr_FR.UTF-8), the
# text a director reads writes "5,00" and "-13,5", and a director may
# type them so; the JSON, for machines, is byte for byte what it is in C.
# Its words are French too under LANG=fr_FR.UTF-8 alone, with no
# variable saying where the build's catalogues are (issue 30).
# Skipped, saying so, when the machine has no fr_FR.UTF-8 (.ci/setup.sh
# generates it).
# Python's standard library only; ends with "N passed, N failed".

import locale
import os
import sys

import ctdtest
from ctdtest import FOUR_SHEET, check, equal, new_event

FRENCH = "fr_FR.UTF-8"


def have_french():
    before = locale.setlocale(locale.LC_ALL)
    try:
        locale.setlocale(locale.LC_ALL, FRENCH)
    except locale.Error:
        return False
    finally:
        locale.setlocale(locale.LC_ALL, before)
    return True


def env_for(name):
    env = dict(os.environ)
    env["LC_ALL"] = name
    return env


def french_event(folder):
    event = new_event(folder, 4)
    event.json("draw", "--seed", "9")
    event.record_sheet("1.1", FOUR_SHEET)
    return event


def test_json_is_locale_free(folder):
    if not have_french():
        print("skipped: no %s locale on this machine" % FRENCH)
        return
    event = french_event(folder)
    for command in (["show", "1.1"], ["standings"], ["standings", "--round", "1"],
                    ["settle", "1.1"], ["settings"]):
        c = event.run("--json", *command, env=env_for("C.UTF-8")).stdout
        fr = event.run("--json", *command, env=env_for(FRENCH)).stdout
        equal(fr, c, "JSON of %s under %s" % (" ".join(command), FRENCH))
    settled = event.json("settle", "1.1")
    equal(settled["stake"], "5.00", "JSON stake")
    check(all("." in p["amount"] for p in settled["players"]), "JSON amounts keep '.'")


def test_text_in_the_locale(folder):
    if not have_french():
        print("skipped: no %s locale on this machine" % FRENCH)
        return
    event = french_event(folder)
    french = env_for(FRENCH)
    settle = event.run("settle", "1.1", env=french).stdout
    check("5,00" in settle and "5.00" not in settle, "the stake in French: %r" % settle)
    check("-295,00" in settle, "an amount in French: %r" % settle)
    check("-295.00" in event.run("settle", "1.1", env=env_for("C.UTF-8")).stdout,
          "an amount in C")
    show = event.run("show", "1.1", env=french).stdout
    check("-13,5" in show and "-13.5" not in show, "a total in French: %r" % show)
    # The result lines are notation, typed with '.': they stay so.
    check("F:" not in show or ":0,5" not in show, "notation stays '.'")

    # A French director types a comma; a point still works.
    event.run("settings", "--entry-fee", "110,50", env=french)
    equal(event.json("settings")["entry_fee"], "110.50", "fee typed 110,50 in French")
    event.run("settings", "--entry-fee", "112.50", env=french)
    equal(event.json("settings")["entry_fee"], "112.50", "fee typed 112.50 in French")
    event.refused("settings", "--entry-fee", "110,50", message="The entry fee “110,50” is not an amount: write it as 110 or 110.50",
                  status=2)
    paper = ("1=-59", "2=-13,5", "3=40,5", "4=32")
    equal(event.run("--json", "crosscheck", "1.1", *paper, env=french).returncode, 0,
          "paper totals typed with commas")


def test_words_in_the_desktop_language(folder):
    # build/app/chouette-td-cli, run as README shows on a French desktop
    # (LANG alone, no LANGUAGE, no LC_*, no CTD_LOCALEDIR): it finds the
    # build's catalogues from its own location and answers in French.
    if not have_french():
        print("skipped: no %s locale on this machine" % FRENCH)
        return
    desktop = {k: v for k, v in os.environ.items()
               if not k.startswith(("LC_", "CTD_")) and k not in ("LANG", "LANGUAGE")}
    desktop["LANG"] = FRENCH
    event = new_event(folder, 4)
    said = event.run("draw", "--seed", "7", env=desktop).stdout
    check("Tour 1 (Finale), graine 7" in said, "the draw in French: %r" % said)
    refused = event.run("record", "1.1", "1", "B 9:4", status=1, env=desktop).stderr
    check("n'est pas dans cette chouette" in refused, "a refusal in French: %r" % refused)
    desktop["LANG"] = "C.UTF-8"
    refused = event.run("record", "1.1", "1", "B 9:4", status=1, env=desktop).stderr
    check("is not in this chouette" in refused, "in C, English: %r" % refused)


def test_workbook_keeps_numbers(folder):
    # The workbook a French desk exports: the texts on the sheet take the
    # comma, its numbers stay numbers and its formulas a spreadsheet's.
    if not have_french():
        print("skipped: no %s locale on this machine" % FRENCH)
        return
    try:
        import openpyxl
    except ImportError:
        print("skipped: no openpyxl")
        return
    event = french_event(folder)
    out = os.path.join(folder, "sheet.xlsx")
    event.run("export", out, "--chouette", "1.1", env=env_for(FRENCH))
    ws = openpyxl.load_workbook(out)["Chouette 1.1"]
    wv = openpyxl.load_workbook(out, data_only=True)["Chouette 1.1"]
    texts = [c.value for row in ws.iter_rows() for c in row if isinstance(c.value, str)]
    check(any("(5,00)" in t for t in texts), "the stake in French: %r" % texts)
    check(not any("2026-11-22" in t for t in texts), "the date in words")
    # The amounts as paid (SPEC 7: rounded to the cent, summing to zero),
    # numbers whatever the locale, no formula of the stake.
    check(not any(isinstance(c.value, str) and c.value.startswith("=") and "*" in c.value
                  for row in ws.iter_rows() for c in row), "no amount formula")
    numbers = [c.value for row in wv.iter_rows() for c in row
               if isinstance(c.value, (int, float))]
    for amount in (-295, -67.5, 202.5, 160):
        check(amount in numbers, "the amount %r is a number: %r" % (amount, numbers))


if __name__ == "__main__":
    sys.exit(ctdtest.cli_main(globals(), "test_"))
