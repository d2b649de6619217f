#!/usr/bin/python3
# test-french.py: chouette-td-cli under LANGUAGE=fr leaves no English
# phrase of ours in what a French director or table reads (issue 22).
#
# Copyright 2026 The Chouette TD authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: test-french.py PATH/TO/chouette-td-cli SOURCE-ROOT PATH/TO/xgettext
# with LANGUAGE=fr, LC_ALL=fr_FR.UTF-8 and CTD_LOCALEDIR=BUILD/data/po
# (meson sets them). An event built through the CLI: its human outputs
# (init, player add, draw, record, show, standings, a refusal), a
# scoring sheet and the round's standings as PDF (pdftotext), the table
# page of a chouette, its form for the next game and the posting from
# `serve` on loopback; none may hold an English phrase of the template
# (english.py), each holds the French words expected. Without the catalogue the same check finds
# English: it can fail. Skipped (77) without the fr_FR.UTF-8 locale.

import html.parser
import os
import re
import signal
import subprocess
import sys
import time
import urllib.request

sys.dont_write_bytecode = True  # (no __pycache__ in the source tree)
import ctdtest  # noqa: E402
import english  # noqa: E402
from ctdtest import Event, check  # noqa: E402

ROOT = XGETTEXT = None
LINK = re.compile(r"^  (\d+\.\d+)\s+(http://127\.0\.0\.1:\d+/t/[0-9a-f]{32})$", re.MULTILINE)
POSTING = re.compile(r"(http://127\.0\.0\.1:\d+/standings)$", re.MULTILINE)
# French players' names: a typed name is never one of our phrases.
NAMES = ["Anne", "Bruno", "Chloé", "Denis", "Élodie", "Fabien", "Gaston", "Hélène"]


class PageText(html.parser.HTMLParser):
    """What a phone shows of a page: its text and the attributes a
    person or a screen reader meets (labels, placeholders, titles)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts, self.skip = [], 0

    def handle_starttag(self, tag, attrs):
        self.skip += tag in ("style", "script")
        for name, value in attrs:
            if name in ("aria-label", "title", "placeholder", "alt") and value:
                self.parts.append(value)
            if name == "value" and value and dict(attrs).get("type") in ("submit", "button"):
                self.parts.append(value)

    def handle_endtag(self, tag):
        self.skip -= tag in ("style", "script") and self.skip > 0

    def handle_data(self, data):
        if not self.skip:
            self.parts.append(data)


def page_text(page):
    parser = PageText()
    parser.feed(page)
    return "\n".join(parser.parts)


def fetch(url):
    with urllib.request.urlopen(url, timeout=10) as answer:
        return answer.read().decode("utf-8")


def pdf_text(path):
    return subprocess.run(["pdftotext", "-layout", path, "-"], capture_output=True,
                          text=True, check=True, timeout=60).stdout


def served(event):
    """What serve on loopback printed, the table page of 1.1, its form
    for game 5 and the posting."""
    proc = subprocess.Popen([ctdtest.CLI, event.path, "serve", "--address", "127.0.0.1",
                             "--port", "0"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    printed = ""
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and len(LINK.findall(printed)) < 2:
            line = proc.stdout.readline()
            if line == "":
                break
            printed += line
        links = dict(LINK.findall(printed))
        check("1.1" in links, "serve printed no link for 1.1:\n" + printed)
        posting = POSTING.search(printed)
        check(posting, "serve printed no posting address:\n" + printed)
        # The table page, the form of its next game (5), the posting.
        return (printed, fetch(links["1.1"]), fetch(links["1.1"] + "/enter/5"),
                fetch(posting.group(1)))
    finally:
        proc.send_signal(signal.SIGINT)
        proc.communicate(timeout=30)


def build_event(folder):
    """A French club's event through the CLI; the human outputs by name."""
    event = Event(folder)
    said = {}
    said["init"] = event.run("init", "--name", "Open de Paris", "--date", "2026-11-22",
                             "--venue", "Cercle", "--stake", "5", "--entry-fee", "110").stdout
    said["player add"] = "".join(event.run("player", "add", name, "--checked-in").stdout
                                 for name in NAMES)
    said["draw"] = event.run("draw", "--seed", "7").stdout
    said["record"] = "".join(event.run("record", "1.1", game, line).stdout
                             for game, line in enumerate(ctdtest.FOUR_SHEET[:4], start=1))
    # A line naming a player who is not at the table: refused, in French.
    said["refusal"] = event.run("record", "1.1", 5, "B 9:4", status=1).stderr
    said["show"] = event.run("show", "1.1").stdout
    said["standings"] = event.run("standings").stdout
    return event, said


def left_in(finder, texts):
    found = []
    for where, text in texts.items():
        found += finder.left(text, where)
    return found


def test_french(folder):
    event, said = build_event(folder)
    sheet, standings = (os.path.join(folder, n) for n in ("sheet.pdf", "round.pdf"))
    said["export"] = event.run("export", sheet, "--chouette", "1.1").stdout
    said["export"] += event.run("export", standings, "--round", "1").stdout
    said["scoring sheet PDF"] = pdf_text(sheet)
    said["standings PDF"] = pdf_text(standings)
    said["serve"], table, form, posting = served(event)
    said["table page"], said["entry form"] = page_text(table), page_text(form)
    said["posting page"] = page_text(posting)

    finder = english.Finder(english.template_phrases(ROOT, XGETTEXT))
    found = left_in(finder, said)
    check(not found, "English left under LANGUAGE=fr:\n" + "\n".join(found))

    # show's columns hold their French words: a cube-decision order not
    # known yet stays in its 8 characters ("en attente" pushed the
    # results and the players' columns two to the right).
    rows = [line for line in said["show"].splitlines() if re.match(r" *[0-9]+ +[0-9]+ +[0-9]+ ", line)]
    check(len(rows) == 12, "show's twelve games:\n" + said["show"])
    for row in rows:
        check(len(row) <= 39 or row[39] == " ", "a column overflows in French:\n" + said["show"])

    # And French is there: the catalogue was read, not merely English avoided.
    expected = {
        "init": ["Créé"],
        "player add": ["pointé"],
        # The stage and state in words, not the command line's nicks.
        "draw": ["Tour 1 (Qualification), graine 7"],
        "record": ["partie 1", "totaux"],
        "refusal": ["Partie 5", "n'est pas dans cette chouette"],
        "show": ["Totaux", "Décision"],
        "standings": ["Tour 1 (Qualification) : en cours"],
        "export": ["écrit"],
        # The colon after a layout's heading spaced as French spaces it.
        "scoring sheet PDF": ["Feuille de marque", "Boîte", "Cap.", "Videau", "Règlement : "],
        "standings PDF": ["Classement", "Rang", "Tour suivant"],
        "table page": ["Chouette 1.1", "partie", "Boîte", "Capitaine"],
        "entry form": ["Chouette 1.1, partie 5", "Qui saisit cette partie", "Videau : Bruno",
                       "Gammon"],
        "posting page": ["Tour 1"],
    }
    # "ci-dessus" is one word on the sheet: no line ends at its hyphen.
    check(re.search("ci[-\u2011]dessus", said["scoring sheet PDF"]),
          "“ci-dessus” broken on the sheet:\n" + said["scoring sheet PDF"])
    for where, words in expected.items():
        # (French sets a no-break space before a colon; a page isolates
        # each name in its own element, bdi, which page_text() splits at)
        plain = said[where].replace("\u00a0", " ").replace("\u202f", " ").replace("\n", "")
        for word in words:
            check(word in plain, "%s: “%s” expected in:\n%s" % (where, word, said[where]))


def test_french_words_not_the_file_words(folder):
    # What a French director reads names the settings, the log's actions
    # and the advancement in French words and French sentences; the file
    # and the JSON keep their nicks (highest-first, letter, add-player).
    event = ctdtest.new_event(folder, 16)
    event.run("settings", "--paper", "letter", "--last-segment", "lowest-first")
    settings = event.run("settings").stdout
    for nick in ("highest-first", "lowest-first", "Letter\n", "a point"):
        check(nick not in settings, "the nick %r in French settings:\n%s" % (nick, settings))
    check("le plus bas d'abord" in settings and "Lettre US" in settings,
          "the direction and the paper in French:\n" + settings)
    # Each value starts in the same column, after the widest label
    # ("droit d'inscription"), not at 13 bytes.
    values = ("5,00 par point", "110,00", "le plus bas d'abord")
    lines = [line for line in settings.splitlines() if line.endswith(values)]
    check(len(lines) == 3, "the stake's, fee's and direction's lines:\n" + settings)
    starts = {line.rindex(value) for line in lines for value in values if line.endswith(value)}
    check(len(starts) == 1, "the values' columns in French:\n" + settings)
    ctdtest.equal(event.json("settings")["last_segment"], "lowest-first", "JSON keeps the nick")

    # A player's line is one French sentence, its colon spaced as French
    # spaces it ("Lyon: pointé" was written in code).
    out = event.run("player", "checkout", "Player 01").stdout
    ctdtest.equal(out, "#1  Player 01, Club 1 (n° M001)\u00a0: non pointé\n", "checkout")
    event.run("player", "checkin", "Player 01")
    out = event.run("player", "checkin", "Player 16").stdout
    ctdtest.equal(out, "#16  Player 16\u00a0: pointé\n", "checkin")

    # An amount refused in a whole sentence that agrees with its setting
    # ("ne convient pas comme mise" was built from pieces).
    error = event.run("settings", "--stake", "cinq", status=2).stderr
    check("La mise «\u00a0cinq\u00a0» n'est pas un montant" in error, error)
    error = event.run("settings", "--entry-fee", "-3", status=2).stderr
    check("Le droit d'inscription «\u00a0-3\u00a0» n'est pas un montant" in error, error)

    # An edit's log line is one French sentence ("Modification : Player
    # 01: nom …" had its colon and its list written in code).
    event.run("player", "edit", "Player 01", "--name", "Zoé Durand", "--club", "Lyon")
    log = event.run("log").stdout
    check("Modification\u00a0: Player 01 (nom «\u00a0Player 01\u00a0» -> «\u00a0Zoé Durand\u00a0», "
          "club «\u00a0Club 1\u00a0» -> «\u00a0Lyon\u00a0»)" in log, "the edit in French:\n" + log)
    check("Joueur ajouté" in log and "Tournoi créé" in log, "the actions in French:\n" + log)
    for nick in (" create", " add-player", " import-players", " set-settings"):
        check(nick + ":" not in log and nick + " :" not in log,
              "the nick %r in the French log:\n%s" % (nick, log))
    ctdtest.equal(event.json("log")[1]["action"], "import-players", "JSON keeps the nick")

    # The sheets were worked out with the highest score first.
    event.run("settings", "--last-segment", "highest-first")
    event.json("draw", "--seed", "1601")
    for n in range(1, 5):
        event.record_sheet("1.%d" % n, ctdtest.FOUR_SHEET)
    # A player's payments on the settlements page are notes on one line:
    # French spaces their semicolon.
    settlements = os.path.join(folder, "all.pdf")
    event.run("export", settlements, "--all")
    text = pdf_text(settlements)
    check(re.search("[0-9],[0-9]{2}[\u00a0 ]; paie", text),
          "payments joined with a French semicolon:\n" + text)

    advanced = event.run("advance", "--top", "1", "--wildcards", "0").stdout
    first = advanced.splitlines()[0]
    ctdtest.equal(first, "Tour 1\u00a0: 4 joueurs se qualifient pour la finale (top 1 de "
                  "chaque chouette\u00a0; repêchés\u00a0: 0)\u00a0:", "advance in French")
    notes = event.run("standings", "--round", "1").stdout
    check("se qualifie pour la finale" in notes and "Finale" not in notes,
          "the stage inside a sentence, in lower case:\n" + notes)
    # And none of these outputs holds an English phrase of ours.
    finder = english.Finder(english.template_phrases(ROOT, XGETTEXT))
    found = left_in(finder, {"settings": settings, "log": log, "advance": advanced,
                             "standings": notes})
    check(not found, "English left under LANGUAGE=fr:\n" + "\n".join(found))


def test_usage_placeholders_in_french(folder):
    # The words in capitals a director replaces are French, and the same
    # word everywhere: --help's summaries and a usage error's synopsis
    # (issue 30: NAME, FILE, PLAYER, OUT, DIR, ADDRESS beside ADRESSE).
    proc = subprocess.run([ctdtest.CLI, "--help"], capture_output=True, text=True, timeout=60)
    text = proc.stdout + proc.stderr
    for word in ("NAME", "FILE", "COMMAND", "PLAYER", "OUT", "DIR", "ADDRESS", "ROUND", "GAME",
                 "ORDER", "TEXT"):
        check(not re.search(r"\b%s\b" % word, text),
              "the placeholder %s left in English in --help:\n%s" % (word, text))
    for word in ("FICHIER", "TOUR.N", "NOM", "JOUEUR", "SORTIE.pdf", "DOSSIER", "ADRESSE:PORT"):
        check(word in text, "%s expected in --help:\n%s" % (word, text))
    event = Event(folder)
    event.run("init", "--name", "Open de Paris")
    error = event.run("record", "1.1", status=2).stderr
    check("record CHOUETTE PARTIE 'NOTATION'" in error, "the synopsis in French: " + error)


def test_the_check_finds_english(folder):
    # The same outputs without the build's catalogue are English, and the
    # check says so: it is not blind.
    os.environ["CTD_LOCALEDIR"] = os.path.join(folder, "no-catalogue")
    try:
        event, said = build_event(folder)
    finally:
        os.environ["CTD_LOCALEDIR"] = LOCALEDIR
    found = left_in(english.Finder(english.template_phrases(ROOT, XGETTEXT)), said)
    check(any(line.startswith("refusal: ") for line in found), "\n".join(found))
    for where in ("init", "player add", "show", "standings"):
        check(any(line.startswith(where + ": ") for line in found),
              "no English found in %s without the catalogue:\n%s" % (where, "\n".join(found)))


if __name__ == "__main__":
    if len(sys.argv) < 4:
        print("usage: test-french.py PATH/TO/chouette-td-cli SOURCE-ROOT PATH/TO/xgettext",
              file=sys.stderr)
        sys.exit(2)
    locales = subprocess.run(["locale", "-a"], capture_output=True, text=True).stdout.split()
    if not {"fr_FR.utf8", "fr_FR.UTF-8"} & set(locales):
        print("SKIP: the fr_FR.UTF-8 locale is not installed (.ci/setup.sh's "
              "ctd_ensure_locales installs it)")
        sys.exit(77)
    LOCALEDIR = os.environ.get("CTD_LOCALEDIR", "")
    check(os.path.isfile(os.path.join(LOCALEDIR, "fr", "LC_MESSAGES", "chouette-td.mo")),
          "CTD_LOCALEDIR=%r holds no fr/LC_MESSAGES/chouette-td.mo" % LOCALEDIR)
    ROOT, XGETTEXT = sys.argv[2], sys.argv[3]
    sys.exit(ctdtest.cli_main(globals(), "ctd-french-"))
