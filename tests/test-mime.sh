#!/bin/sh
# test-mime.sh: the desktop knows an event file by its name and by its
# content (SQLite with our application id), and not any SQLite file.
#
# Copyright 2026 The Chouette TD authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: test-mime.sh MIME.xml CHOUETTE-TD-CLI
set -eu
xml=$1
cli=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

mkdir -p "$dir/mime/packages"
cp "$xml" "$dir/mime/packages/"
update-mime-database "$dir/mime" >/dev/null 2>&1
export XDG_DATA_DIRS="$dir:/usr/share" XDG_DATA_HOME="$dir/home"

"$cli" "$dir/open.chouette" init --name "Open" >/dev/null
cp "$dir/open.chouette" "$dir/renamed"
sqlite3 "$dir/other.db" "CREATE TABLE t (x); INSERT INTO t VALUES (1);"

type_of () {
  gio info -a standard::content-type "$1" | sed -n 's/^ *standard::content-type: //p'
}

status=0
check () {
  got=$(type_of "$1")
  if [ "$got" = "$2" ]; then
    echo "ok: $(basename "$1") is $got"
  else
    echo "FAIL: $(basename "$1") is $got, expected $2"
    status=1
  fi
}
check "$dir/open.chouette" application/x-chouette-td
check "$dir/renamed" application/x-chouette-td
check "$dir/other.db" application/vnd.sqlite3
exit $status
