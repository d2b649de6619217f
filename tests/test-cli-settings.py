#!/usr/bin/python3
# test-cli-settings.py: chouette-td-cli: event settings and usage errors.
#
# Copyright 2026 The Chouette TD authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: test-cli-settings.py PATH/TO/chouette-td-cli
#
# The paper size (given, or the locale's) used by every export, the
# bounds of the stake and the entry fee, and command lines the CLI does
# not understand (exit 2).
# Python's standard library only; ends with "N passed, N failed".

import json
import os
import re
import subprocess
import sys

import ctdtest
from ctdtest import Event, check, equal, new_event


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
    event.refused("settings", "--stake", "9" * 40, message="is not an amount", status=2)
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


def test_language(folder):
    # The language the sheets print in: the director's for a new event,
    # a setting changed, logged and shown; "" for whoever prints.
    for language, lc_all, code in (("fr_FR.UTF-8:en", "C.UTF-8", "fr_FR"),
                                   (None, "de_DE.UTF-8", "de_DE"),
                                   (None, "C.UTF-8", "en")):
        other = Event(folder, "%s.chouette" % code)
        env = dict(os.environ, LC_ALL=lc_all)
        env.pop("LANGUAGE", None)
        if language:
            env["LANGUAGE"] = language
        out = json.loads(other.run("--json", "init", "--name", "Open", env=env).stdout)
        equal(out["language"], code, "language for %s %s" % (language, lc_all))

    event = new_event(folder, 4)
    out = event.json("settings", "--language", "pt_BR")
    equal(out["language"], "pt_BR", "language set")
    equal(event.json("settings")["language"], "pt_BR", "language stored")
    check("sheets in language pt_BR" in event.json("log")[-1]["summary"], "logged")
    event.refused("settings", "--language", "French", message="“French” is not a language code")

    # A language no locale is installed for: said in the settings and,
    # once, in an export's warnings; the sheets print all the same.
    event.run("settings", "--language", "zz")
    shown = event.run("settings").stdout
    check(re.search(r"language +zz \(not installed here", shown), "shown: " + shown)
    equal(event.json("settings")["language_locale"], None, "no locale for zz")
    event.json("draw", "--seed", "4")
    pdf = os.path.join(folder, "sheets.pdf")
    out = event.run("export", pdf, "--round", "1", "--blank").stdout
    warnings = [line for line in out.splitlines() if line.startswith("Warning: ")]
    equal(len(warnings), 1, "one warning: " + out)
    check("not in the event's (zz)" in warnings[0], warnings[0])
    check(os.path.getsize(pdf) > 0, "printed all the same")

    # English is installed wherever the program is (C): no warning.
    out = event.json("settings", "--language", "en")
    check(out["language_locale"] is not None, "a locale for en")
    out = event.run("export", pdf, "--round", "1", "--blank").stdout
    check("Warning" not in out, out)

    # A workbook's numbers are XML's, with a point, in every language and
    # under every locale (French writes 13,5 elsewhere).
    out = event.json("settings", "--language", "fr")
    if out["language_locale"] is None:
        print("# skip: fr_FR.UTF-8 is not installed (.ci/setup.sh installs it)")
    else:
        event.record_sheet("1.1", ctdtest.FOUR_SHEET)
        book = os.path.join(folder, "sheets.xlsx")
        for language in ("fr", ""):
            event.run("settings", "--language", language)
            event.run("export", book, "--round", "1",
                      env=dict(os.environ, LC_ALL="fr_FR.UTF-8"))
            values = re.findall(r"<v>([^<]*)</v>", ctdtest.xlsx_text(book))
            check("-13.5" in values and not any("," in v for v in values),
                  "numbers of a workbook in %r: %s" % (language, values))

    out = event.json("settings", "--language", "")
    equal(out["language"], None, "whoever prints")
    check("language of whoever prints" in event.json("log")[-1]["summary"], "logged")
    shown = event.run("settings").stdout
    check(re.search(r"language +this computer's", shown), shown)


def test_forced_direction(folder):
    # Issue 28, SPEC 7: games 1-10 of chouette 1.1 entered (its order
    # fixed highest-first), a change of direction is refused and changes
    # nothing; forced, it is logged naming the chouette that keeps its
    # order, and nothing reports that order stale: no correction was made.
    event = new_event(folder, 4)
    event.json("draw", "--seed", "4")
    for game, notation in enumerate(ctdtest.FOUR_SHEET[:10], start=1):
        event.json("record", "1.1", game, notation)
    before = event.run("show", "1.1").stdout
    check("correction" not in before, before)
    event.refused("settings", "--last-segment", "lowest-first",
                  message="The last-segment direction is fixed once a result is entered")
    event.run("settings", "--last-segment", "lowest-first", "--force")
    equal(event.json("settings")["last_segment"], "lowest-first", "direction forced")
    summary = event.json("log")[-1]["summary"]
    check("chouette 1.1 keeps its last-segment order, fixed highest-first" in summary, summary)
    after = event.run("show", "1.1").stdout
    check("correction" not in after and "Warning" not in after, after)
    equal(after, before, "show 1.1 as before the force")
    # The segment goes on in its order, to the sheet's totals.
    for game in (11, 12):
        event.json("record", "1.1", game, ctdtest.FOUR_SHEET[game - 1])
    check("Warning" not in event.run("show", "1.1").stdout, "no warning after game 12")
    event.run("undo")
    event.run("undo")
    event.run("undo")
    equal(event.json("settings")["last_segment"], "highest-first", "force undone")
    equal(event.run("show", "1.1").stdout, before, "show 1.1 after the undo")


def test_usage_errors(folder):
    event = new_event(folder, 4)
    event.json("draw", "--seed", "4")
    for args in [("frobnicate",), ("record", "1.1"), ("player",),
                 ("draw", "--seed", "minus"), ("init",), ("standings", "--bogus"),
                 ("record", "1.1", "one", "T"), ("crosscheck", "1.1", "9=3")]:
        event.refused(*args, message="", status=2)
    proc = subprocess.run([ctdtest.CLI], capture_output=True, text=True)
    equal(proc.returncode, 2, "no arguments")
    proc = subprocess.run([ctdtest.CLI, "--help"], capture_output=True, text=True)
    equal(proc.returncode, 0, "--help")


if __name__ == "__main__":
    sys.exit(ctdtest.cli_main(globals(), "ctd-cli-"))
