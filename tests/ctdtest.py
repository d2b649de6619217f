# ctdtest.py: what the Python test scripts share (standard library only).
#
# Copyright 2026 The Chouette TD authors
# SPDX-License-Identifier: GPL-3.0-or-later

import shutil
import sys
import tempfile
import traceback


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


def equal(actual, expected, what):
    if actual != expected:
        raise Failure("%s: expected %r, got %r" % (what, expected, actual))


def run(namespace, prefix):
    """Runs every test_* function of @namespace, each in a fresh folder;
    prints "N passed, N failed" last and returns the exit status."""
    tests = [(name, fn) for name, fn in sorted(namespace.items())
             if name.startswith("test_") and callable(fn)]
    passed = failed = 0
    for name, fn in tests:
        folder = tempfile.mkdtemp(prefix=prefix)
        try:
            fn(folder)
            passed += 1
            print("ok   %s" % name)
        except Exception:
            failed += 1
            print("FAIL %s" % name)
            traceback.print_exc(file=sys.stdout)
        finally:
            shutil.rmtree(folder, ignore_errors=True)
        sys.stdout.flush()
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0
