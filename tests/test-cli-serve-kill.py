#!/usr/bin/python3
# test-cli-serve-kill.py: the serving process killed mid-submission.
#
# Copyright 2026 The Chouette TD authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: test-cli-serve-kill.py PATH/TO/chouette-td-cli
#
# `serve` on loopback, on an event that leaves confirmed lines to the
# director. The tables' phones enter games and answer them (confirm, or
# send back to enter again, so that the work never runs out) as fast as
# they can while the server is killed with SIGKILL at a random moment,
# again and again (CTD_SERVE_KILLS rounds, 16 by default), serve started
# again each time. Each POST whose answer (303) came back is
# acknowledged. After each kill SQLite itself reads the file: every
# acknowledged send is a row with the very line sent, every acknowledged
# answer is in; a line or an answer not acknowledged is whole or absent;
# no request key twice, no game recorded without the director; and the
# CLI opens the file. Python's standard library only; ends with
# "N passed, N failed".

import http.client
import os
import random
import re
import sqlite3
import subprocess
import sys
import threading
import time
import traceback
import urllib.parse

import ctdtest
from ctdtest import PHONE_SHEET, check, equal, new_event

N_PLAYERS = 64  # 16 chouettes of 4: 192 games, each sent back often, more than the rounds reach
N_CHOUETTES = N_PLAYERS // 4
LINK = re.compile(r"^  (\d+\.\d+)\s+http://127\.0\.0\.1:(\d+)(/t/[0-9a-f]{32})$", re.MULTILINE)
FIELD = r'name="%s" value="([^"]*)"'
ROUND_SECONDS = 20  # a round's bound: its kill comes long before


def start(event):
    """Starts serve; returns the process, its port and each chouette's path."""
    env = dict(os.environ)
    # Under AddressSanitizer, the full stacks tests/lsan.supp needs (see
    # test-cli-serve.py); a plain build ignores the variable.
    env["ASAN_OPTIONS"] = ":".join(filter(None, [env.get("ASAN_OPTIONS"),
                                                 "fast_unwind_on_malloc=0"]))
    proc = subprocess.Popen([ctdtest.CLI, event.path, "serve", "--address", "127.0.0.1",
                             "--port", "0"], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    printed = ""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and len(LINK.findall(printed)) < N_CHOUETTES:
        line = proc.stdout.readline()
        if line == "":
            break
        printed += line
    links = LINK.findall(printed)
    if len(links) != N_CHOUETTES:
        proc.kill()
        raise ctdtest.Failure("serve printed no links:\n%s\n%s" % (printed, proc.stderr.read()))
    return proc, int(links[0][1]), {label: path for label, _, path in links}


def request(port, method, path, fields=None):
    """One request on its own connection: (status, body); OSError when
    the server is gone."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        headers = {}
        body = None
        if fields is not None:
            body = urllib.parse.urlencode(fields)
            headers = {"Content-Type": "application/x-www-form-urlencoded",
                       "Origin": "http://127.0.0.1:%d" % port}
        connection.request(method, path, body=body, headers=headers)
        answer = connection.getresponse()
        return answer.status, answer.read().decode("utf-8")
    except http.client.HTTPException as error:
        raise OSError(str(error))
    finally:
        connection.close()


def field(page, name):
    found = re.search(FIELD % name, page)
    check(found, "no field %s on the page:\n%s" % (name, page))
    return found.group(1).replace("&gt;", ">").replace("&lt;", "<").replace("&amp;", "&")


class Ledger:
    """What the phones sent, and which POSTs were answered."""

    def __init__(self):
        self.sent = {}          # request key -> (chouette, game, line)
        self.acked_sends = set()
        self.answers = {}       # submission id -> (answer, seat)
        self.acked_answers = set()
        self.in_flight_at_kill = 0
        self.error = None       # what went wrong in the phones' thread


def newest(db, chouette):
    """(game, id, state, number) of chouette @chouette's newest line, or
    None: the desk's id, and the number its table knows it by."""
    return db.execute("SELECT s.game, s.id, s.state, s.number FROM submission AS s "
                      "JOIN chouette AS c ON c.id = s.chouette "
                      "WHERE c.round = 1 AND c.number = ? ORDER BY s.game DESC, s.id DESC "
                      "LIMIT 1", (chouette,)).fetchone()


def step(event, port, path, chouette, ledger, rng):
    """The table's next POST: the answer its line waits for, or its
    next game (or the one sent back) entered and sent. Returns False
    when it has no more."""
    db = sqlite3.connect("file:%s?mode=ro" % event.path, uri=True, timeout=10)
    try:
        last = newest(db, chouette)
    finally:
        db.close()
    if last is not None and last[2] == "entered":
        status, page = request(port, "GET", path)
        equal(status, 200, "the table's page")
        form = page[page.index('/answer">'):]
        number, seat = int(field(form, "id")), int(field(form, "by"))
        equal(number, last[3], "the line the page asks to confirm")
        sid = last[1]
        answer = "confirm" if rng.random() < 0.35 else "refuse"
        ledger.answers[sid] = (answer, seat)
        status, _ = request(port, "POST", path + "/answer",
                            {"token": field(form, "token"), "id": number, "by": seat,
                             "answer": answer})
        equal(status, 303, "an answer")
        ledger.acked_answers.add(sid)
        return True
    game = 1 if last is None else last[0] + (last[2] != "refused")
    if game > 12:
        return False
    status, form = request(port, "GET", "%s/enter/%d" % (path, game))
    equal(status, 200, "game %d's form" % game)
    token, seat = field(form, "token"), field(form, "by")
    status, preview = request(port, "POST", path + "/check",
                              {"token": token, "game": game, "by": seat,
                               "notation": PHONE_SHEET[game - 1]})
    equal(status, 200, "game %d's check" % game)
    key, line = field(preview, "request"), field(preview, "line")
    ledger.sent[key] = (chouette, game, line)
    status, _ = request(port, "POST", path + "/send",
                        {"token": token, "game": game, "by": seat, "line": line,
                         "request": key})
    equal(status, 303, "game %d's send" % game)
    ledger.acked_sends.add(key)
    return True


def phones(event, port, paths, ledger, stop, seed):
    """Every table in turn, until the server is gone."""
    rng = random.Random(seed)
    tables = list(range(1, N_CHOUETTES + 1))
    while not stop.is_set() and tables:
        chouette = rng.choice(tables)
        try:
            if not step(event, port, paths["1.%d" % chouette], chouette, ledger, rng):
                tables.remove(chouette)
        except OSError:
            ledger.in_flight_at_kill += 1
            return
        except Exception:  # noqa: BLE001: told to the main thread, which fails
            ledger.error = traceback.format_exc()
            return


def check_file(event, ledger):
    """What SQLite reads after a kill."""
    db = sqlite3.connect(event.path, timeout=10)
    try:
        equal(db.execute("PRAGMA integrity_check").fetchone()[0], "ok", "integrity_check")
        rows = {row[0]: row for row in db.execute(
            "SELECT s.request, c.number, s.game, s.line, s.state, s.entered_by, s.address, "
            "  s.sent, s.revision, s.id, s.confirmed_by, s.confirm_address, s.answered "
            "FROM submission AS s JOIN chouette AS c ON c.id = s.chouette")}
        for key in ledger.acked_sends:
            check(key in rows, "an acknowledged send is lost: %s" % (ledger.sent[key],))
        for key, row in rows.items():
            check(key in ledger.sent, "a line nobody sent: %r" % (row,))
            equal(row[1:4], ledger.sent[key], "the line kept for key %s" % key)
            check(None not in row[4:10], "a partial row: %r" % (row,))
        by_id = {row[9]: row for row in rows.values()}
        for sid, (answer, seat) in ledger.answers.items():
            row = by_id[sid]
            answered = "confirmed" if answer == "confirm" else "refused"
            if sid in ledger.acked_answers:
                equal(row[4], answered, "an acknowledged %s of line %d" % (answer, sid))
            check(row[4] in ("entered", answered), "line %d: %r" % (sid, row))
            if row[4] != "entered":
                equal(row[10], seat if answer == "confirm" else None,
                      "who confirmed line %d" % sid)
                check(row[11] is not None and row[12] is not None, "a partial answer: %r" % (row,))
        equal(db.execute("SELECT count (*) FROM submission GROUP BY request "
                         "HAVING count (*) > 1").fetchall(), [], "request keys twice")
        equal(db.execute("SELECT count (*) FROM game").fetchone()[0], 0,
              "games recorded without the director")
    finally:
        db.close()
    shown = event.json("show", "1.1")
    equal(shown["players"][0]["number"], 1, "show 1.1 after the kill")


def test_killed_mid_submission(folder):
    event = new_event(folder, N_PLAYERS)
    event.run("draw", "--seed", "7")
    db = sqlite3.connect("file:%s?mode=ro" % event.path, uri=True)
    equal(db.execute("SELECT table_auto_accept FROM event").fetchone()[0], 0,
          "the event leaves confirmed lines to the director")
    db.close()
    ledger = Ledger()
    kills = int(os.environ.get("CTD_SERVE_KILLS", "16"))
    rng = random.Random(int(os.environ.get("CTD_SERVE_KILL_SEED", "21")))
    for _ in range(kills):
        proc, port, paths = start(event)
        stop = threading.Event()
        client = threading.Thread(target=phones,
                                  args=(event, port, paths, ledger, stop, rng.random()))
        client.start()
        time.sleep(rng.uniform(0.02, 0.4))
        proc.kill()
        proc.communicate(timeout=30)
        stop.set()
        client.join(ROUND_SECONDS)
        check(not client.is_alive(), "the phones did not stop")
        check(ledger.error is None, "the phones: %s" % ledger.error)
        check_file(event, ledger)
    print("%d kills: %d sends acknowledged of %d, %d answers of %d, %d requests cut off"
          % (kills, len(ledger.acked_sends), len(ledger.sent), len(ledger.acked_answers),
             len(ledger.answers), ledger.in_flight_at_kill))
    # Not vacuous: the phones were busy when most kills came.
    check(ledger.acked_sends and ledger.acked_answers, "nothing was acknowledged")
    check(ledger.in_flight_at_kill >= kills // 2, "few kills came mid-request")


if __name__ == "__main__":
    sys.exit(ctdtest.cli_main(globals(), "ctd-cli-serve-kill-"))
