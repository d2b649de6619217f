#!/bin/sh
# test-ui-no-store.sh: the document is the only door (issue 20). No
# source of ui/ reaches the store: it names no store header (nor the
# document's private ones, which hand the store out), no CtdStore, no
# ctd_store_* function and no ctd_document_get_store(). The store's error
# domain (CTD_STORE_ERROR) is a value a page may compare, not a door.
# The build proves the same for what is included indirectly: ui/ is
# compiled with CTD_COMPILING_UI, which ctd-store.h refuses with #error;
# this test also fails if either half of that guard is taken away.
#
# Copyright 2026 The Chouette TD authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: test-ui-no-store.sh UI-SOURCE-DIR
set -eu
dir=$1
pattern='#[[:space:]]*include[[:space:]]*[<"](ctd-store[^">]*|ctd-document-store|ctd-document-private)\.h|\<CtdStore\>|\<ctd_store_[a-z_]+[[:space:]]*\(|\<ctd_document_get_store\>'

sources=$(find "$dir" -name '*.c' -o -name '*.h')
if [ -z "$sources" ]; then
  echo "No source found in $dir" >&2
  exit 1
fi
# shellcheck disable=SC2086
if grep -nE "$pattern" $sources; then
  echo "ui/ reaches the store above: read the event through ctd-document.h instead" >&2
  exit 1
fi
if ! grep -q -- "-DCTD_COMPILING_UI" "$dir/meson.build"; then
  echo "ui/meson.build no longer compiles ui/ with -DCTD_COMPILING_UI" >&2
  exit 1
fi
if ! grep -q "^#ifdef CTD_COMPILING_UI" "$dir/../core/store/ctd-store.h"; then
  echo "core/store/ctd-store.h no longer refuses to be compiled into ui/" >&2
  exit 1
fi
exit 0
