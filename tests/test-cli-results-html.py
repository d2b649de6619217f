#!/usr/bin/python3
# test-cli-results-html.py: chouette-td-cli export results.html, read back
# with Python's html.parser.
#
# Copyright 2026 The Chouette TD authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: test-cli-results-html.py PATH/TO/chouette-td-cli
#
# The results to post as one web page: hostile names are letters, no
# script, nothing fetched from anywhere, and the public copy keeps what
# the printed public copy keeps (the same report: rule 1.7), while the
# director's copy shows every score. Ends with "N passed, N failed".

import os
from html.parser import HTMLParser

import openpyxl

import ctdtest
from ctdtest import FOUR_SHEET, FOUR_TOTALS, Event, check, equal

HOSTILE = ["<script>alert(1)</script>", '"><img src=x onerror=alert(1)>',
           '=HYPERLINK("x")', "Ann & Bob"]
PLAIN = ["Eve", "Fay", "Gus", "Hal"]
# The hand-worked sheet's totals, as the standings write them.
SCORES = ["-59", "-13.5", "+40.5", "+32"]


class Page(HTMLParser):
    """Every tag with its attributes, and the text of each cell, heading
    and paragraph as a reader sees it (entities read back)."""

    def __init__(self, text):
        super().__init__(convert_charrefs=True)
        self.tags = []
        self.cells = []
        self.texts = []
        self.style = ""
        self._cell = None
        self._in = []
        self.feed(text)
        self.close()

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        self._in.append(tag)
        if tag in ("td", "th"):
            self._cell = ""

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self._cell is not None:
            self.cells.append(self._cell)
            self._cell = None
        if self._in and self._in[-1] == tag:
            self._in.pop()

    def handle_data(self, data):
        if self._in and self._in[-1] == "style":
            self.style += data
            return
        self.texts.append(data)
        if self._cell is not None:
            self._cell += data

    def tag_names(self):
        return {tag for tag, _ in self.tags}


def make_event(folder):
    """Eight players, four with hostile names; 1.1 played out from the
    hand-worked sheet, 1.2 up to game 5."""
    event = Event(folder)
    event.run("init", "--name", "Club <Open> & Cup", "--date", "2026-11-22",
              "--venue", "Clubhouse", "--stake", "5", "--entry-fee", "110")
    for name in HOSTILE + PLAIN:
        event.run("player", "add", "--checked-in", "--", name)
    event.run("draw", "--seed", "777")
    event.record_sheet("1.1", FOUR_SHEET)
    for game, notation in enumerate(FOUR_SHEET[:5], start=1):
        event.run("record", "1.2", game, notation)
    return event


def export(event, name, *args):
    path = os.path.join(event.folder, name)
    out = event.json("export", path, *args)
    equal(out["format"], "html", "the format named by the extension")
    with open(path, encoding="utf-8") as f:
        return Page(f.read())


def check_stands_alone(page, what):
    """No script, no image, no frame, nothing fetched: the style sheet is
    inline, and a policy forbids the rest even so."""
    names = page.tag_names()
    for tag in ("script", "img", "iframe", "object", "embed", "link", "form", "base"):
        check(tag not in names, "%s: a <%s>" % (what, tag))
    for tag, attrs in page.tags:
        for name, value in attrs.items():
            check(not name.startswith("on"), "%s: <%s %s>" % (what, tag, name))
            check(name not in ("src", "href", "action", "srcset"),
                  "%s: <%s %s=%r>" % (what, tag, name, value))
    check("style" in names and "@media print" in page.style, "%s: the style inline" % what)
    check("url(" not in page.style and "@import" not in page.style, "%s: no resource" % what)
    metas = {a.get("name") or a.get("http-equiv"): a.get("content") for t, a in page.tags
             if t == "meta"}
    check(metas.get("viewport", "").startswith("width=device-width"), "%s: viewport" % what)
    policy = metas.get("Content-Security-Policy", "")
    check(policy.startswith("default-src 'none'; style-src 'sha256-"), "%s: %r" % (what, policy))


def check_names_are_text(page, what):
    texts = "".join(page.texts)
    for name in HOSTILE + PLAIN:
        check(name in page.cells, "%s: %r is not a cell's text" % (what, name))
    check("Club <Open> & Cup" in texts, "%s: the event's name as text" % what)


def xlsx_scores(path, sheet):
    """Every number a worksheet of the XLSX posting prints."""
    ws = openpyxl.load_workbook(path)[sheet]
    return sorted(cell.value for row in ws.iter_rows() for cell in row
                  if isinstance(cell.value, (int, float)))


def test_secret_round(folder):
    event = make_event(folder)
    page = export(event, "results.html", "--round", "1", "--public")
    check_stands_alone(page, "public, in play")
    check_names_are_text(page, "public, in play")
    # Rule 1.7: while 1.2 is in play no score of round 1 is posted, not
    # even 1.1's, which is complete.
    for score in SCORES:
        check(not any(score in cell for cell in page.cells), "score %s posted" % score)
    check("Score" not in page.cells, "a Score column on a secret round")
    check(any("Scores stay secret" in t for t in page.texts), "the page says why")

    # The director's own copy has them.
    mine = export(event, "mine.html", "--round", "1")
    check_stands_alone(mine, "director's")
    check_names_are_text(mine, "director's")
    for score in SCORES:
        check(score in mine.cells, "score %s on the director's copy" % score)


def test_complete_round_follows_the_printed_rule(folder):
    """Complete, not yet released: the public display still waits for
    the release, but a printed posting may show the scores (rule 1.7);
    the web page is a printed posting, the same report as the XLSX."""
    event = make_event(folder)
    for game in range(6, 13):
        event.run("record", "1.2", game, FOUR_SHEET[game - 1])
    page = export(event, "results.html", "--round", "1", "--public")
    xlsx = os.path.join(folder, "post.xlsx")
    event.run("export", xlsx, "--round", "1", "--public")
    posted = sorted(float(c) for c in page.cells if c in SCORES)
    equal(posted, xlsx_scores(xlsx, "Round 1 standings"), "the scores the XLSX posting prints")
    equal(len(posted), 8, "every player's score")


def test_whole_event(folder):
    event = make_event(folder)
    for game in range(6, 13):
        event.run("record", "1.2", game, FOUR_SHEET[game - 1])
    event.run("advance", "--top", "2")
    event.run("draw", "--seed", "5")
    event.record_sheet("2.1", FOUR_SHEET)
    page = export(event, "results.html", "--all", "--public")
    check_stands_alone(page, "the whole event")
    check_names_are_text(page, "the whole event")
    headings = [t for t in page.texts if t.startswith(("Standings", "Final", "Settlements"))]
    check(any(h.startswith("Final results") for h in headings), "final results: %r" % headings)
    check(any(h.startswith("Settlements") for h in headings), "settlements: %r" % headings)
    check("1st" in page.cells and "4th" in page.cells, "the placings")
    # Amounts through the money formatter: the Box of 1.1 lost 59 points
    # at 5.00 a point.
    check("-295.00" in page.cells, "the settlement's amount: %r" % page.cells)
    check(not any("Audit" in t for t in page.texts), "no audit log on a posting")
    check(not any("Scoring sheet" in t for t in page.texts), "no scoring sheet")
    text = event.run("export", os.path.join(folder, "again.html"), "--all").stdout
    check(text.startswith("Wrote ") and "web page" in text, "the text: %r" % text)


def test_refused(folder):
    event = make_event(folder)
    path = os.path.join(folder, "sheet.html")
    for args in (["--chouette", "1.1"], ["--round", "1", "--blank"],
                 ["--round", "1", "--links", "http://127.0.0.1:8080", "--slips"]):
        proc = event.run("export", path, *args, status=2)
        check("web page" in proc.stderr and "--round N" in proc.stderr,
              "%s: %r" % (args, proc.stderr))
        check(not os.path.exists(path), "%s: a file was written" % args)
    proc = event.run("export", os.path.join(folder, "x.htm"), "--all", status=2)
    check(".html" in proc.stderr, "the formats named: %r" % proc.stderr)


if __name__ == "__main__":
    raise SystemExit(ctdtest.cli_main(globals(), "ctd-results-html-"))
