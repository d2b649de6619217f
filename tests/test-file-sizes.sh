#!/bin/sh
# test-file-sizes.sh: every source file is one a person reads in one
# sitting (issue 20): none of core/, ui/, app/ or tests/ is over 800
# lines. A file that grows past it is split by subject, not excused.
#
# Copyright 2026 The Chouette TD authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: test-file-sizes.sh SOURCE-ROOT
set -eu
root=$1
limit=800

files=$(find "$root/core" "$root/ui" "$root/app" "$root/tests" \
          -path "$root/tests/golden" -prune -o \
          -path "$root/tests/fuzz/corpus" -prune -o \
          -path "$root/tests/node_modules" -prune -o \
          -type f \( -name '*.c' -o -name '*.h' -o -name '*.py' -o -name '*.sh' -o -name '*.js' \
                     -o -name '*.mjs' \) -print)
if [ -z "$files" ]; then
  echo "No source found under $root" >&2
  exit 1
fi
# shellcheck disable=SC2086
long=$(wc -l $files | awk -v limit=$limit '$2 != "total" && $1 > limit { print $2 " (" $1 " lines)" }')
if [ -n "$long" ]; then
  echo "Over $limit lines: split these by subject:" >&2
  echo "$long" >&2
  exit 1
fi
echo "$(echo "$files" | wc -l) files, none over $limit lines"
