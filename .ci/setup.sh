# .ci/setup.sh: the set-up shared by ./run.sh and ./test.sh (sourced).
#
# Copyright 2026 The Chouette TD authors
# SPDX-License-Identifier: GPL-3.0-or-later

# Every Debian package the project needs to build, test and run. CI starts
# from a clean machine: nothing may be installed by hand.
CTD_PACKAGES=(
  meson ninja-build pkg-config gcc
  libglib2.0-dev libgtk-4-dev libsqlite3-dev libxlsxwriter-dev libjson-glib-dev
  libcairo2-dev libpango1.0-dev libcmocka-dev
  # The QR codes of the tables' links, and reading them back in the tests.
  libqrencode-dev zbar-tools unzip
  # The desk's server for the tables' phones (core/serve).
  libsoup-3.0-dev
  xvfb xauth
  desktop-file-utils appstream shared-mime-info libglib2.0-bin sqlite3
  # The manual pages rendered and checked (tests/test-man.py).
  man-db groff-base
  python3-openpyxl poppler-utils libreoffice-calc
  # The translations: the template and catalogues checked (gettext's
  # tools), and the locales the translated runs use (ctd_ensure_locales).
  gettext locales
  # The user guide checked (yelp-check: tests/test-help.sh) and its
  # translators' targets (itstool, which yelp-tools brings).
  yelp-tools
  # Letters of every script a player's name may use, for the PDFs.
  fonts-noto-core fonts-noto-cjk
  # The window driven through AT-SPI (tests/test-e2e.py).
  python3-pyatspi gir1.2-atspi-2.0 at-spi2-core dbus-daemon dbus-x11 xdotool
  # The tables' pages on a phone, in a real browser
  # (tests/serve/test-browser-table.mjs), driven from Node.js.
  chromium nodejs
)

ctd_ensure_packages () {
  local missing=()
  local pkg
  for pkg in "${CTD_PACKAGES[@]}"; do
    dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
  done
  # npm comes with some builds of nodejs (whose package then conflicts
  # with Debian's npm) and apart from Debian's: the command is what counts.
  command -v npm >/dev/null 2>&1 || missing+=(npm)
  [ ${#missing[@]} -eq 0 ] && return 0

  if [ "$(id -u)" -ne 0 ]; then
    echo "Missing Debian packages. Install them as root, then run this again:" >&2
    echo "  sudo apt-get update && sudo apt-get install -y --no-install-recommends ${missing[*]}" >&2
    exit 1
  fi
  echo "Installing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq || { echo "apt-get update failed" >&2; exit 1; }
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null ||
    { echo "apt-get install ${missing[*]} failed" >&2; exit 1; }
}

# The locales the tests run in besides C.UTF-8 (the French translation's,
# issue 22). A clean Debian machine has only C.UTF-8, and gettext ignores
# LANGUAGE under the C locale.
CTD_LOCALES=(fr_FR.UTF-8)

# ctd_ensure_locales: each of CTD_LOCALES enabled in /etc/locale.gen and
# generated (locale-gen, a few seconds), only when `locale -a` lacks it
# (it names fr_FR.UTF-8 "fr_FR.utf8"), so a warm machine does nothing.
# Not root: one message says what to run, and the tests in that locale
# fail saying what they miss.
ctd_ensure_locales () {
  local available missing=() loc
  available=$(locale -a 2>/dev/null)
  for loc in "${CTD_LOCALES[@]}"; do
    grep -qix "${loc%%.*}.utf-\?8" <<<"$available" || missing+=("$loc")
  done
  [ ${#missing[@]} -eq 0 ] && return 0

  if [ "$(id -u)" -ne 0 ]; then
    echo "Missing locales ${missing[*]} (the translation tests need them). As root:" >&2
    for loc in "${missing[@]}"; do
      echo "  sudo sed -i 's/^# *\\($loc UTF-8\\)/\\1/' /etc/locale.gen" >&2
    done
    echo "  sudo locale-gen" >&2
    return 0
  fi
  echo "Generating locales: ${missing[*]}"
  for loc in "${missing[@]}"; do
    if grep -q "^# *$loc UTF-8" /etc/locale.gen 2>/dev/null; then
      sed -i "s/^# *\($loc UTF-8\)/\1/" /etc/locale.gen
    elif ! grep -q "^$loc UTF-8" /etc/locale.gen 2>/dev/null; then
      echo "$loc UTF-8" >>/etc/locale.gen
    fi
  done
  locale-gen >/dev/null || { echo "locale-gen failed" >&2; exit 1; }
  available=$(locale -a 2>/dev/null)
  for loc in "${missing[@]}"; do
    grep -qix "${loc%%.*}.utf-\?8" <<<"$available" ||
      { echo "locale-gen ran but $loc is still missing (locale -a)" >&2; exit 1; }
  done
}

# ctd_ensure_test_modules: the browser test's npm packages (playwright-core,
# pinned in tests/package-lock.json), installed again whenever the lock is
# newer than them. Without the registry (offline), one line says so and
# the browser test fails saying what it misses.
CTD_TESTS_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/../tests" && pwd)"
ctd_ensure_test_modules () {
  local tests=$CTD_TESTS_DIR
  if [ -f "$tests/node_modules/.package-lock.json" ] &&
     [ ! "$tests/package-lock.json" -nt "$tests/node_modules/.package-lock.json" ]; then
    return 0
  fi
  echo "Installing the browser test's npm packages (npm ci in tests/)"
  (cd "$tests" && npm ci --no-audit --no-fund --loglevel=error >/dev/null 2>&1) ||
    echo "npm ci in tests/ failed (no network? run it there to see why):" \
         "the browser test fails until it succeeds" >&2
}

# ctd_build DIR [MESON OPTIONS...]: configure once, then build.
ctd_build () {
  local dir=$1
  shift
  if [ ! -f "$dir/build.ninja" ]; then
    meson setup "$dir" "$@" >/dev/null || { echo "meson setup $dir failed" >&2; exit 1; }
  fi
  meson compile -C "$dir" >"$dir/meson-logs/compile.log" 2>&1 || {
    cat "$dir/meson-logs/compile.log" >&2
    echo "The build in $dir failed (log above)" >&2
    exit 1
  }
}
