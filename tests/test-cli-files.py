#!/usr/bin/python3
# test-cli-files.py: chouette-td-cli: the event file and the files given with it.
#
# Copyright 2026 The Chouette TD authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: test-cli-files.py PATH/TO/chouette-td-cli
#
# Files that are no event, truncated, newer, locked or read-only are
# refused and left as they were; commands that only read leave the file
# byte for byte; a window's write-ahead log survives the CLI; layout
# folders (--templates) that are missing or broken are named.
# Python's standard library only; ends with "N passed, N failed".

import os
import shutil
import sqlite3
import sys
import time

import ctdtest
from ctdtest import Event, check, equal, new_event


def test_bad_files(folder):
    good = new_event(folder, 4)
    good.json("draw", "--seed", "3")
    good.run("record", "1.1", "1", "T")

    missing = Event(folder, "missing.chouette")
    missing.refused("player", "list", message="init")
    check(not os.path.exists(missing.path), "a missing file stays missing")
    good.refused("init", "--name", "Again", message="exists")

    text = Event(folder, "notes.chouette")
    with open(text.path, "w") as f:
        f.write("Table 3 needs a new clock.\n" * 100)
    text.refused("show", "1.1", message="not")
    text.refused("record", "1.1", "1", "T", message="not")

    other = Event(folder, "other.chouette")
    db = sqlite3.connect(other.path)
    db.execute("CREATE TABLE t (x)")
    db.commit()
    db.close()
    other.refused("player", "list", message="not")

    truncated = Event(folder, "truncated.chouette")
    shutil.copy(good.path, truncated.path)
    size = os.path.getsize(truncated.path)
    with open(truncated.path, "r+b") as f:
        f.truncate(size // 2)
    truncated.refused("player", "list", message="truncated.chouette")

    newer = Event(folder, "newer.chouette")
    shutil.copy(good.path, newer.path)
    db = sqlite3.connect(newer.path)
    db.execute("PRAGMA user_version = 99")
    db.commit()
    db.close()
    newer.refused("record", "1.1", "2", "T", message="newer")

    # A second writer: the file is locked by another program right now.
    locker = sqlite3.connect(good.path, timeout=0, isolation_level=None)
    locker.execute("BEGIN IMMEDIATE")
    try:
        started = time.monotonic()
        proc = good.run("record", "1.1", "2", "T", status=1)
        check("another" in proc.stderr or "locked" in proc.stderr,
              "locked message: %r" % proc.stderr)
        check(time.monotonic() - started < 10, "no endless wait")
    finally:
        locker.execute("ROLLBACK")
        locker.close()
    equal(good.json("show", "1.1")["games"][1]["result"], None, "not written")

    # Read-only: as root permissions do not stop writes, so run as nobody.
    readonly = Event(folder, "readonly.chouette")
    shutil.copy(good.path, readonly.path)
    os.chmod(readonly.path, 0o444)
    user = None
    if os.geteuid() == 0:
        os.chmod(folder, 0o755)
        user = 65534
    before = readonly.snapshot()
    proc = readonly.run("record", "1.1", "2", "T", status=1, user=user)
    check("read-only" in proc.stderr or "cannot be written" in proc.stderr
          or "permission" in proc.stderr.lower(),
          "read-only message: %r" % proc.stderr)
    equal(readonly.snapshot(), before, "read-only file unchanged")


def test_read_commands_leave_the_file(folder):
    """A command that only reads opens the file read-only: a file that
    came in rollback-journal mode stays byte for byte as it was, with no
    -wal or -shm beside it; the first command that writes turns it to
    WAL, after the file was checked."""
    good = new_event(folder, 4)
    good.json("draw", "--seed", "3")
    good.run("record", "1.1", "1", "T")
    travelled = Event(folder, "travelled.chouette")
    shutil.copy(good.path, travelled.path)
    db = sqlite3.connect(travelled.path)
    equal(db.execute("PRAGMA journal_mode = DELETE").fetchone()[0], "delete", "journal")
    db.close()

    def state():
        with open(travelled.path, "rb") as f:
            data = f.read()
        return data, [n for n in os.listdir(folder) if n.startswith("travelled")]

    before = state()
    equal(before[1], ["travelled.chouette"], "a file at rest")
    out = os.path.join(folder, "out")
    os.mkdir(out)
    # settle refuses a chouette still in play: reading it changes nothing.
    for args in (["show", "1.1"], ["standings"], ["results"], ["settle", "1.1"],
                 ["log"], ["player", "list"], ["settings"], ["plan"],
                 ["export", os.path.join(out, "round.xlsx"), "--round", "1"],
                 ["--json", "show", "1.1"]):
        travelled.run(*args, status=1 if args[0] == "settle" else 0)
        equal(state(), before, "after " + " ".join(args))

    travelled.run("record", "1.1", "2", "T")
    with open(travelled.path, "rb") as f:
        equal(f.read(20)[18:20], b"\x02\x02", "WAL after a write")

    # A file of an older format is upgraded only by a command that writes:
    # a read command says so and leaves it, without a backup.
    old = Event(folder, "old.chouette")
    schema = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data",
                          "ctd-schema.sql")
    db = sqlite3.connect(old.path)
    with open(schema, encoding="utf-8") as f:
        db.executescript(f.read())
    db.execute("PRAGMA application_id = 1129595973")
    db.execute("PRAGMA user_version = 1")
    db.commit()
    db.close()
    with open(old.path, "rb") as f:
        old_bytes = f.read()
    old.refused("standings", message="open it for writing once")
    with open(old.path, "rb") as f:
        equal(f.read(), old_bytes, "the old file as it was")
    equal(sorted(n for n in os.listdir(folder) if n.startswith("old")),
          ["old.chouette"], "no backup for a read")
    old.run("player", "add", "Zoë")
    check(os.path.exists(old.path + ".bak-v1"), "backed up by the first write")
    equal(len(old.json("player", "list")), 1, "read after the upgrade")

    # A trigger stored in the file never runs: every command refuses it.
    crafted = Event(folder, "crafted.chouette")
    shutil.copy(good.path, crafted.path)
    db = sqlite3.connect(crafted.path)
    db.execute("PRAGMA journal_mode = DELETE")
    db.execute("CREATE TRIGGER stamp AFTER INSERT ON audit BEGIN "
               "UPDATE event SET name = 'Hijacked'; END")
    db.commit()
    db.close()
    with open(crafted.path, "rb") as f:
        crafted_bytes = f.read()
    crafted.refused("player", "list", message="trigger “stamp”")
    crafted.refused("record", "1.1", "2", "T", message="cannot be used")
    with open(crafted.path, "rb") as f:
        equal(f.read(), crafted_bytes, "the crafted file as it was")
    equal(sorted(n for n in os.listdir(folder) if n.startswith("crafted")),
          ["crafted.chouette"], "nothing beside the crafted file")


def test_log_kept_for_a_window(folder):
    """A window keeps its event open while the CLI runs. If the window's
    process read the file by other means (GTK's file chooser sniffs the
    files of the folder it lists, the event among them), POSIX dropped
    its locks; the CLI, closing, must still not take itself for the last
    user and delete the write-ahead log the window goes on writing to."""
    event = Event(folder)
    event.run("init", "--name", "Spring Open")
    window = sqlite3.connect(event.path, isolation_level=None)
    window.execute("BEGIN IMMEDIATE")
    window.execute("UPDATE event SET venue = 'Hall A'")
    window.execute("COMMIT")
    for suffix in ("", "-wal", "-shm"):
        with open(event.path + suffix, "rb") as sniffed:
            sniffed.read(4096)
    event.run("settings")
    check(os.path.exists(event.path + "-wal"), "the write-ahead log is still there")
    window.execute("BEGIN IMMEDIATE")
    window.execute("UPDATE event SET venue = 'Hall B'")
    window.execute("COMMIT")
    out = event.run("settings").stdout
    check("Hall B" in out, "the window's change reached the file: %r" % out)
    window.close()
    # The file alone holds every change once the CLI last had it.
    event.run("settings")
    single = os.path.join(folder, "alone.chouette")
    shutil.copyfile(event.path, single)
    out = Event(folder, "alone.chouette").run("settings").stdout
    check("Hall B" in out, "the event file alone holds the change: %r" % out)


def test_bad_templates(folder):
    """--templates names a folder that is there, and a layout in it that
    GKeyFile cannot read is refused with its file and line (issue 13)."""
    event = new_event(folder, 4)
    event.json("draw", "--seed", "4")
    out = os.path.join(folder, "round.pdf")
    missing = os.path.join(folder, "layuots")
    event.refused("export", out, "--round", "1", "--templates", missing,
                  message="The layout folder %s does not exist" % missing)
    check(not os.path.exists(out), "no file for a missing layout folder")
    layouts = os.path.join(folder, "layouts")
    os.mkdir(layouts)
    path = os.path.join(layouts, "standings.ini")
    standings = event.run("export", out, "--round", "1", "--templates", layouts)
    check(os.path.exists(out), "an empty layout folder prints the built-in layouts")
    os.unlink(out)
    with open(path, "w", encoding="utf-8") as f:
        f.write("[Page]\nPaper=A4\nOrientation=portrait\nMargin=0.5\n"
                "Header=C:\\Club\\{event}\nFooter=\n")
    event.refused("export", out, "--round", "1", "--templates", layouts,
                  message="%s:5: Header has “\\C”, which is no escape" % path)
    with open(path, "w", encoding="utf-8") as f:
        f.write("[Page]\nPaper=A4\n[Fo[nts]\n")
    event.refused("export", out, "--round", "1", "--templates", layouts,
                  message="%s:3: [Fo[nts] is not a group name" % path)
    check(not os.path.exists(out), "no file for a broken layout")
    check(standings.stdout.startswith("Wrote "), "export wrote: %r" % standings.stdout)


if __name__ == "__main__":
    sys.exit(ctdtest.cli_main(globals(), "ctd-cli-"))
