#!/usr/bin/python3
# test-cli-serve.py: chouette-td-cli serve: the tables' pages, headless.
#
# Copyright 2026 The Chouette TD authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: test-cli-serve.py PATH/TO/chouette-td-cli
#
# serve on loopback, any free port: it prints its address and every
# chouette's whole link; a link opens its chouette's page (players and
# games), a wrong secret answers 404, nothing is written to the event
# file, and Ctrl+C (SIGINT) stops it cleanly. A bad port is refused.
# Python's standard library only; ends with "N passed, N failed".

import os
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request

import ctdtest
from ctdtest import check, equal, new_event

LINK = re.compile(r"^  (\d+\.\d+)\s+(http://127\.0\.0\.1:\d+/t/[0-9a-f]{32})$", re.MULTILINE)


def start(event, *args):
    """Starts serve; returns the process and what it printed up to its last link."""
    env = dict(os.environ)
    # Under AddressSanitizer, the full stacks tests/lsan.supp needs to
    # tell libsoup's own leak of accepted sockets from ours (see there);
    # a plain build ignores the variable.
    env["ASAN_OPTIONS"] = ":".join(filter(None, [env.get("ASAN_OPTIONS"),
                                                 "fast_unwind_on_malloc=0"]))
    proc = subprocess.Popen([ctdtest.CLI, event.path, "serve", "--address", "127.0.0.1",
                             "--port", "0"] + list(args), env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lines = []
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if line == "":
            break
        lines.append(line)
        # The links come last, one a chouette; the first round has two.
        if len(LINK.findall("".join(lines))) == 2:
            break
    return proc, "".join(lines)


def fetch(url):
    try:
        with urllib.request.urlopen(url, timeout=10) as answer:
            return answer.status, answer.read().decode("utf-8"), dict(answer.headers)
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8"), dict(error.headers)


def test_serve(folder):
    event = new_event(folder, 8)
    event.run("draw", "--seed", "7")
    before = event.snapshot()
    proc, printed = start(event)
    try:
        check(re.search(r"^Serving the tables' pages at http://127\.0\.0\.1:(\d+) \(port \1\)",
                        printed, re.MULTILINE), printed)
        links = dict(LINK.findall(printed))
        equal(sorted(links), ["1.1", "1.2"], "the links printed")
        # The posting's address too: no link, what the public display shows.
        posting = re.search(r"^The posting, for everyone \(no link\): "
                            r"(http://127\.0\.0\.1:\d+/standings)$", printed, re.MULTILINE)
        check(posting, printed)
        status, page, _ = fetch(posting.group(1))
        equal(status, 200, "the posting")
        check("Round 1" in page and "Chouette 1.2" in page, page)
        # The links printed are those `links` gives.
        paths = {l["chouette"]: l["path"] for l in event.json("links")}
        for label, url in links.items():
            check(url.endswith(paths[label]), "%s: %s" % (label, url))
        # Listed in the same words as `links --base`: one printer for both.
        base = re.search(r"^Serving the tables' pages at (\S+) ", printed, re.MULTILINE).group(1)
        listed = event.run("links", "--base", base).stdout
        check(printed.endswith(listed), "serve printed:\n%s\nlinks lists:\n%s" % (printed, listed))

        status, page, headers = fetch(links["1.1"])
        equal(status, 200, "the page of 1.1")
        check("Chouette 1.1" in page, page)
        check("Player " in page and "Next: game 1" in page, page)
        equal(headers.get("Referrer-Policy"), "same-origin", "Referrer-Policy")
        check("default-src 'none'" in headers.get("Content-Security-Policy", ""), str(headers))

        wrong = re.sub(r"/t/[0-9a-f]{32}$", "/t/" + "0" * 32, links["1.1"])
        status, wrong_page, _ = fetch(wrong)
        equal(status, 404, "a wrong secret")
        status, missing_page, _ = fetch(re.sub(r"/t/.*$", "/nothing", links["1.1"]))
        equal(status, 404, "a missing page")
        equal(wrong_page, missing_page, "a wrong secret answers as a missing page")
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    equal(proc.returncode, 0, "exit after SIGINT (stderr: %s)" % err)
    check("The server stopped; the event is saved." in out, out)
    check("closed" not in out, out)
    equal(event.snapshot(), before, "the event after serving")


def test_refused(folder):
    event = new_event(folder, 4)
    event.refused("serve", "--port", "70000", status=2, message="--port takes a port")
    event.refused("serve", "--address", "not an address", "--port", "0",
                  message="is not a network address of this computer")


if __name__ == "__main__":
    sys.exit(ctdtest.cli_main(globals(), "ctd-cli-serve-"))
