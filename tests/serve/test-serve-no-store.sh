#!/bin/sh
# test-serve-no-store.sh: the server reads the event through the document
# (HACKING, "The layers"). No source of core/serve/ names a store header
# (nor the document's private ones, which hand the store out), a
# CtdStore, a function of the store's (ctd_store_*, or the
# ctd_submission_* it defines behind the plain records), or
# ctd_document_get_store(). The records themselves (CtdStoreSubmission,
# its states, the store's error domain) are plain values a page may read.
#
# Copyright 2026 The Chouette TD authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: test-serve-no-store.sh SERVE-SOURCE-DIR
set -eu
dir=$1
pattern='#[[:space:]]*include[[:space:]]*[<"](ctd-store[^">]*|ctd-document-store|ctd-document-private)\.h|\<CtdStore\>|\<ctd_(store|submission)_[a-z_]+[[:space:]]*\(|\<ctd_document_get_store\>'

sources=$(find "$dir" -name '*.c' -o -name '*.h')
if [ -z "$sources" ]; then
  echo "No source found in $dir" >&2
  exit 1
fi
# shellcheck disable=SC2086
if grep -nE "$pattern" $sources; then
  echo "core/serve/ reaches the store: read the event through ctd-document.h instead" >&2
  exit 1
fi
exit 0
