#!/usr/bin/env bash
# test.sh: install what is missing, build, and run the whole suite twice:
# a plain build, then an AddressSanitizer + UBSan build. Ends with the line
# "N passed, N failed" counted from meson's test logs.
#
# Copyright 2026 The Chouette TD authors
# SPDX-License-Identifier: GPL-3.0-or-later
set -uo pipefail
cd "$(dirname "$0")"
source .ci/setup.sh

ctd_ensure_packages
ctd_ensure_locales
ctd_ensure_test_modules

ctd_build build
# One xvfb-run for the whole suite: several at once can collide on a display.
xvfb-run -a meson test -C build --print-errorlogs --num-processes 2
plain_status=$?

ctd_build build-asan -Db_sanitize=address,undefined
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
export LSAN_OPTIONS="suppressions=$PWD/tests/lsan.supp:print_suppressions=0"
export G_SLICE=always-malloc
xvfb-run -a meson test -C build-asan --print-errorlogs --num-processes 2
asan_status=$?

/usr/bin/python3 - build/meson-logs/testlog.json build-asan/meson-logs/testlog.json <<'PY'
import json, sys
passed = failed = skipped = 0
for path in sys.argv[1:]:
    with open(path) as log:
        for line in log:
            result = json.loads(line)["result"]
            if result in ("OK", "EXPECTEDFAIL"):
                passed += 1
            elif result == "SKIP":
                skipped += 1
            else:
                failed += 1
print(f"{passed} passed, {failed} failed, {skipped} skipped")
PY

[ $plain_status -eq 0 ] && [ $asan_status -eq 0 ]
