#!/usr/bin/python3
# test-cli-serve-conn.py: chouette-td-cli serve under a room's traffic
# and an attacker's, as a real process.
#
# Copyright 2026 The Chouette TD authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: test-cli-serve-conn.py PATH/TO/chouette-td-cli
#
# serve raises its soft limit on open files to the hard one; a phone
# that leaves its connection idle 15 s (past the 10 s request timeout)
# and sends again is answered or told to reconnect, never left hanging;
# 2,000 connections closed by their clients leave serve's descriptors
# where they were, under a limit of 1,024; 1,100 connections held from
# 127.0.0.1 leave 127.0.0.2 answered within a second, and the flood is
# printed; wrong links are printed too, the right link answered at once;
# SIGTERM says the server stopped and the event is saved. Python's
# standard library only; ends with "N passed, N failed".

import os
import re
import resource
import signal
import socket
import subprocess
import sys
import time

import ctdtest
from ctdtest import check, equal, new_event

LINK = re.compile(r"^  (\d+\.\d+)\s+http://127\.0\.0\.1:(\d+)(/t/[0-9a-f]{32})$", re.MULTILINE)


def start(event, soft=None, hard=None):
    """serve on 127.0.0.1; returns the process, its port and a link's path."""
    def limit():
        if soft is not None:
            resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    # Under AddressSanitizer, the full stacks tests/lsan.supp needs to
    # tell libsoup's own leak of accepted sockets (test-cli-serve.py).
    env = dict(os.environ)
    env["ASAN_OPTIONS"] = ":".join(filter(None, [env.get("ASAN_OPTIONS"),
                                                 "fast_unwind_on_malloc=0"]))
    proc = subprocess.Popen([ctdtest.CLI, event.path, "serve", "--address", "127.0.0.1",
                             "--port", "0"], preexec_fn=limit, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    printed = ""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and len(LINK.findall(printed)) < 2:
        line = proc.stdout.readline()
        if line == "":
            break
        printed += line
    links = LINK.findall(printed)
    check(links, printed)
    return proc, int(links[0][1]), links[0][2]


def stop(proc, sig=signal.SIGINT):
    proc.send_signal(sig)
    out, err = proc.communicate(timeout=30)
    equal(proc.returncode, 0, "exit (stderr: %s)" % err)
    return out


def descriptors(proc):
    return len(os.listdir("/proc/%d/fd" % proc.pid))


def wait_for(condition, seconds, what):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    raise ctdtest.Failure("waited %d s for %s" % (seconds, what))


def connect(port, source="127.0.0.1"):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.bind((source, 0))
    s.connect(("127.0.0.1", port))
    return s


def request(s, port, path):
    s.sendall(("GET %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n" % (path, port)).encode())


def answer(s, timeout=10):
    """The status of the answer on @s, 0 if the server closed first,
    None if nothing came within @timeout; and its headers."""
    s.settimeout(timeout)
    data = b""
    try:
        while b"\r\n\r\n" not in data:
            chunk = s.recv(65536)
            if not chunk:
                return 0, ""
            data += chunk
    except (ConnectionResetError, BrokenPipeError):
        return 0, ""
    except socket.timeout:
        return None, ""
    head, body = data.split(b"\r\n\r\n", 1)
    head = head.decode()
    length = re.search(r"Content-Length: (\d+)", head)
    try:
        while length and len(body) < int(length.group(1)):
            chunk = s.recv(65536)
            if not chunk:
                break
            body += chunk
    except socket.timeout:
        return None, head
    return int(head.split()[1]), head


def get(port, path, source="127.0.0.1"):
    """The status of one request on a connection of its own."""
    s = connect(port, source)
    try:
        request(s, port, path)
        return answer(s)[0]
    finally:
        s.close()


def test_limit_and_sigterm(folder):
    event = new_event(folder, 8)
    event.run("draw", "--seed", "7")
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    if hard != resource.RLIM_INFINITY and hard <= 1024:
        print("SKIP: the hard limit on open files is %d" % hard)
        return
    proc, port, path = start(event, 1024, hard)
    try:
        with open("/proc/%d/limits" % proc.pid) as f:
            line = [l for l in f if l.startswith("Max open files")][0]
        soft_now = line.split()[3]
        equal(soft_now, "unlimited" if hard == resource.RLIM_INFINITY else str(hard),
              "serve's soft limit on open files: " + line)
    finally:
        out = stop(proc, signal.SIGTERM)
    check("The server stopped; the event is saved." in out, out)
    check("The event was closed" not in out, out)


def test_idle(folder):
    """The real timeout (10 s): a phone idle 15 s on its connection."""
    event = new_event(folder, 8)
    event.run("draw", "--seed", "7")
    proc, port, path = start(event)
    try:
        s = connect(port)
        request(s, port, path)
        status, head = answer(s)
        equal(status, 200, "the page")
        check("Connection: close" in head, head)
        time.sleep(15)   # the player fills in the form: the pause is the scenario
        try:
            request(s, port, path)
            again, _ = answer(s)
        except (BrokenPipeError, ConnectionResetError):
            again = 0
        check(again in (200, 0), "reused after 15 s: %r (None: no answer)" % again)
        s.close()
        # A new connection, as the browser opens, is answered.
        equal(get(port, path), 200, "a new connection after the pause")
    finally:
        stop(proc)


def test_closed_by_clients(folder):
    """2,000 one-request connections under a limit of 1,024 it cannot raise."""
    event = new_event(folder, 8)
    event.run("draw", "--seed", "7")
    proc, port, path = start(event, 1024, 1024)
    try:
        before = descriptors(proc)
        for i in range(2000):
            equal(get(port, "/static/table.css"), 200, "connection %d" % i)
        wait_for(lambda: descriptors(proc) <= before + 2, 20, "serve's descriptors back")
        equal(get(port, path), 200, "a page after the 2,000")
    finally:
        stop(proc)


def test_flood(folder):
    event = new_event(folder, 8)
    event.run("draw", "--seed", "7")
    proc, port, path = start(event, 1024, 1024)
    flood = []
    try:
        for _ in range(1100):
            flood.append(connect(port))
        began = time.monotonic()
        s = connect(port, "127.0.0.2")
        request(s, port, path)
        status, _ = answer(s)
        took = time.monotonic() - began
        s.close()
        equal(status, 200, "127.0.0.2 during the flood")
        # A second, the room's bound; the sanitizer's build, unwinding
        # every allocation in full, is given five.
        bound = 5 if "detect_leaks" in os.environ.get("ASAN_OPTIONS", "") else 1
        check(took < bound, "127.0.0.2 answered after %.2f s" % took)
        # The flood leaves; the attacker's own address is answered again.
        for s in flood:
            s.close()
        flood = []
        equal(get(port, path), 200, "127.0.0.1 after the flood")
        # Wrong links: the first ones free, then slowed, and printed.
        for i in range(5):
            equal(get(port, "/t/%032x" % i), 404, "a wrong link")
        began = time.monotonic()
        equal(get(port, path), 200, "the right link among the guesses")
        check(time.monotonic() - began < bound, "the right link waited")
    finally:
        for s in flood:
            s.close()
        out = stop(proc)
    check(re.search(r"^\d\d:\d\d:\d\d  127\.0\.0\.1 opens too many connections at once: "
                    r"\d+ refused so far\.$", out, re.MULTILINE), out)
    check(re.search(r"^\d\d:\d\d:\d\d  127\.0\.0\.1 tried 4 wrong links: ", out, re.MULTILINE),
          out)


if __name__ == "__main__":
    sys.exit(ctdtest.cli_main(globals(), "ctd-cli-serve-conn-"))
