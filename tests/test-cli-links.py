#!/usr/bin/python3
# test-cli-links.py: chouette-td-cli links: each chouette's private link.
#
# Copyright 2026 The Chouette TD authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: test-cli-links.py PATH/TO/chouette-td-cli
#
# links lists every chouette's link (/t/SECRET, or the whole address
# with --base), as text and JSON; --reissue replaces one, which the old
# secret no longer opens; a bad chouette, a bad address and a closed
# event are refused with one line, the file unchanged.
# Python's standard library only; ends with "N passed, N failed".

import re
import sqlite3
import sys

import ctdtest
from ctdtest import check, equal, new_event

SECRET = re.compile(r"^/t/[0-9a-f]{32}$")


def drawn_event(folder, n_players=8):
    event = new_event(folder, n_players)
    event.run("draw", "--seed", "7")
    return event


def test_list(folder):
    event = drawn_event(folder, 12)
    links = event.json("links")
    equal([l["chouette"] for l in links], ["1.1", "1.2", "1.3"], "chouettes")
    for link in links:
        check(SECRET.match(link["path"]), "a secret's path: %r" % link["path"])
        check("url" not in link, "no address without --base")
        check(link["accepts_entry"], "a drawn round's links open for entry")
        check(re.match(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$", link["issued"]),
              "issued: %r" % link["issued"])
    equal(len({l["path"] for l in links}), 3, "three different secrets")

    # The text says the same, one chouette a line.
    text = event.run("links").stdout
    check("Round 1: the links open their chouettes for entry" in text, text)
    for link in links:
        check(re.search(r"^  %s\s+%s$" % (re.escape(link["chouette"]), link["path"]), text,
                        re.MULTILINE), "%s in %r" % (link["chouette"], text))

    # Listing changes nothing, and shows the same links again.
    before = event.snapshot()
    equal(event.json("links", "--round", "1"), links, "--round 1")
    equal(event.snapshot(), before, "the file after listing")
    event.refused("links", "--round", "2", message="There is no round 2 in this event")


def test_base(folder):
    event = drawn_event(folder)
    links = event.json("links", "--base", "http://192.168.1.20:8080/")
    for link in links:
        equal(link["url"], "http://192.168.1.20:8080" + link["path"], "url")
    text = event.run("links", "--base", "http://192.168.1.20:8080").stdout
    check("  1.1    http://192.168.1.20:8080/t/" in text, text)
    for bad in ["192.168.1.20:8080", "ftp://desk", "http://", "http://desk/?a=1"]:
        event.refused("links", "--base", bad, status=2,
                      message="is not the desk's address: write it as http://ADDRESS:PORT")


def test_reissue(folder):
    event = drawn_event(folder)
    before = event.json("links")
    out = event.json("links", "--reissue", "1.2", "--base", "http://desk:8080")
    equal(out["chouette"], "1.2", "reissued chouette")
    check(SECRET.match(out["path"]), "new path %r" % out["path"])
    equal(out["url"], "http://desk:8080" + out["path"], "new url")
    after = event.json("links")
    equal(after[0], before[0], "1.1 keeps its link")
    equal(after[1]["path"], out["path"], "1.2's link is the new one")
    check(after[1]["path"] != before[1]["path"], "1.2's old link is gone")
    log = event.json("log")
    equal(log[-1]["summary"],
          "Issued a new link for chouette 1.2: the old one no longer opens it", "logged")

    # The text prints the new path; undo puts the old link back.
    text = event.run("links", "--reissue", "1.1").stdout
    check("Chouette 1.1 has a new link; the old one no longer opens it" in text, text)
    path = text.strip().splitlines()[-1]
    check(SECRET.match(path), "printed path %r" % path)
    equal(event.json("links")[0]["path"], path, "1.1's new link")
    # The log names the chouette, never a link.
    log_text = event.run("log", "--json").stdout
    check(before[1]["path"][3:] not in log_text, "no old secret in log --json")
    check(path[3:] not in log_text, "no new secret in log --json")
    # Undo leaves the replaced link revoked: 1.1 gets another, and says so.
    out = event.run("undo").stdout
    check("stays revoked: a new one was issued" in out, out)
    undone = event.json("links")[0]["path"]
    check(SECRET.match(undone), "undone path %r" % undone)
    check(undone not in (before[0]["path"], path), "undo gives 1.1 a third link")


def test_refused(folder):
    event = drawn_event(folder)
    event.refused("links", "--reissue", "1.9", message="There is no chouette 1.9 in this event")
    event.refused("links", "--reissue", "2.1", message="There is no chouette 2.1 in this event")
    event.refused("links", "--reissue", "one", message="“one” is not a chouette")
    event.refused("links", "--reissue", "1.1", "--round", "1", status=2,
                  message="--reissue replaces one chouette's link and takes no --round")
    event.refused("links", "extra", status=2, message="too many arguments")

    # A closed event: its links open nothing and none can be reissued.
    db = sqlite3.connect(event.path)
    db.execute("UPDATE event SET closed = '2026-11-22T21:00:00Z'")
    db.commit()
    db.close()
    links = event.json("links")
    check(not any(l["accepts_entry"] for l in links), "closed: no link opens")
    check("the event is closed: the links open nothing" in event.run("links").stdout,
          "the text says so")
    event.refused("links", "--reissue", "1.1", message="The event was closed on 2026-11-2")


def test_before_any_draw(folder):
    event = new_event(folder, 4)
    equal(event.json("links"), [], "no links before the draw")
    check("No chouette is drawn yet" in event.run("links").stdout, "the text says so")


if __name__ == "__main__":
    sys.exit(ctdtest.cli_main(globals(), "ctd-cli-links-"))
