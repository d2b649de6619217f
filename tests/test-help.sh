#!/bin/sh
# test-help.sh: the user guide (data/help/C/) is valid Mallard, every link
# reaches a page, every page is reached from the index, every figure a page
# shows is beside it in the build's copy, and each page of the director's
# day links to the page before and the page after it.
#
# Copyright 2026 The Chouette TD authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: test-help.sh YELP-CHECK SOURCE-C BUILD-C TASKS REFERENCE
# TASKS and REFERENCE: page ids in their order, separated by commas.
set -eu
yelp_check=$1
src=$2
build=$3
tasks=$4
reference=$5

status=0
fail () {
  echo "FAIL: $*"
  status=1
}

# Every page against the Mallard schema (yelp-check exits non-zero on an
# invalid page and says where).
for page in "$src"/*.page; do
  if ! out=$("$yelp_check" validate "$page" 2>&1); then
    fail "$(basename "$page") is not valid Mallard:"
    echo "$out"
  fi
done

# No link to a page or section that does not exist; no page left out of
# the index's tree. Both print what they find.
out=$("$yelp_check" links "$src" 2>&1) || true
[ -z "$out" ] || { fail "broken links (page: missing target):"; echo "$out"; }
out=$("$yelp_check" orphans "$src" 2>&1) || true
[ -z "$out" ] || { fail "pages no guide links to:"; echo "$out"; }

# Every figure a page shows is where the installed guide and the build's
# copy have them (figures/, from data/screenshots/).
out=$("$yelp_check" media "$build" 2>&1) || true
[ -z "$out" ] || { fail "figures missing beside the pages (add them to data/help/meson.build):"; echo "$out"; }

# The pages installed are the pages there are, and the build's copy is
# the source's.
listed=$(printf '%s,%s,index\n' "$tasks" "$reference" | tr ',' '\n' | sort)
present=$(cd "$src" && ls *.page | sed 's/\.page$//' | sort)
[ "$listed" = "$present" ] ||
  fail "data/help/meson.build lists $(echo $listed), the folder holds $(echo $present)"
for id in $present; do
  cmp -s "$src/$id.page" "$build/$id.page" || fail "$build/$id.page is not a copy of the source's"
done

# Each page of a sequence is in the index and links to its neighbours.
check_sequence () {
  group=$1
  set -- $(echo "$2" | tr ',' ' ')
  previous=
  while [ $# -gt 0 ]; do
    id=$1
    shift
    next=${1:-}
    file="$src/$id.page"
    grep -q "<link type=\"guide\" xref=\"index#$group\"/>" "$file" ||
      fail "$id.page is not in the index's section $group"
    if [ -n "$previous" ] && ! grep -q "<link type=\"seealso\" xref=\"$previous\"/>" "$file"; then
      fail "$id.page does not link to the page before it, $previous"
    fi
    if [ -n "$next" ] && ! grep -q "<link type=\"seealso\" xref=\"$next\"/>" "$file"; then
      fail "$id.page does not link to the page after it, $next"
    fi
    previous=$id
  done
}
check_sequence day "$tasks"
check_sequence reference "$reference"

[ $status -eq 0 ] && echo "ok: $(echo $present | wc -w) pages valid, linked, in the index, with their figures"
exit $status
