#!/usr/bin/env bash
# run.sh: install what is missing, build, and start Chouette TD.
#
# Copyright 2026 The Chouette TD authors
# SPDX-License-Identifier: GPL-3.0-or-later
set -euo pipefail
cd "$(dirname "$0")"
source .ci/setup.sh

ctd_ensure_packages
ctd_build build

if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  echo "No graphical display (DISPLAY/WAYLAND_DISPLAY unset): start ./run.sh from a desktop session, or use build/app/chouette-td-cli --help."
  exit 0
fi
exec build/app/chouette-td "$@"
