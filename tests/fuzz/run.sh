#!/bin/sh
# Runs the libFuzzer harnesses of tests/fuzz/ for MINUTES each, one after
# another, and copies what they find into the corpus, where the suite's
# replay tests (suite 'fuzz') keep checking it.
#
#   tests/fuzz/run.sh MINUTES [result|csv|layout|event|event-rows|crash]...
#
# With no harness named, all five run. "crash" is not a fuzzer: it runs
# the SIGKILL test (tests/event/test-crash.c) in its long mode, 1,000 kills
# (CTD_CRASH_KILLS overrides), in the plain build build-wt.
#
# The fuzzers build in build-fuzz/ (clang, -Dfuzzing=true); clang and
# libFuzzer are installed with apt when missing and run as root. Each
# harness uses one process (-jobs=1 -workers=1): the machine is shared.
# A finding lands in tests/fuzz/corpus/HARNESS/ as crash-*, leak-*,
# timeout-* or oom-* (libFuzzer's name, the input's SHA-1): rename it to
# say what it found, fix the bug, and commit both. An event harness's
# findings land in corpus/HARNESS-pending/, which the suite does not
# replay: move each to corpus/HARNESS/ once the store refuses it.
set -eu

usage () {
  echo "usage: $0 MINUTES [result|csv|layout|event|event-rows|crash]..." >&2
  exit 2
}

[ $# -ge 1 ] || usage
minutes=$1
shift
case $minutes in
  ''|*[!0-9]*) usage ;;
esac
harnesses=${*:-result csv layout event event-rows}

root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
build=build-fuzz
seconds=$((minutes * 60))

ensure_clang () {
  if command -v clang >/dev/null 2>&1 &&
     ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1; then
    return
  fi
  if [ "$(id -u)" != 0 ]; then
    echo "$0: clang and libFuzzer are missing: apt-get install clang libclang-rt-14-dev (as root)" >&2
    exit 1
  fi
  missing=
  for package in clang libclang-rt-14-dev; do
    dpkg -s "$package" >/dev/null 2>&1 || missing="$missing $package"
  done
  if [ -n "$missing" ]; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $missing
  fi
}

run_crash () {
  [ -d build-wt ] || meson setup build-wt >/dev/null
  ninja -C build-wt tests/test-crash
  echo "== crash: ${CTD_CRASH_KILLS:-1000} kills"
  CTD_CRASH_KILLS=${CTD_CRASH_KILLS:-1000} G_DEBUG=fatal-criticals LC_ALL=C.UTF-8 \
    build-wt/tests/test-crash
}

run_fuzzer () {
  name=$1
  # libFuzzer reads -max_total_time=0 as "no limit".
  if [ "$minutes" -lt 1 ]; then
    echo "$0: a fuzzer runs at least 1 minute" >&2
    exit 2
  fi
  corpus=tests/fuzz/corpus/$name
  # -jobs=1 runs the fuzzer in one child, logging to fuzz-0.log in the
  # current folder, which stops at the first finding. The event
  # harnesses run in libFuzzer's fork mode instead, one child at a time
  # that goes on after a finding: until the store validates what it
  # opens, a mutated event finds the same few holes again and again.
  mode="-jobs=1 -workers=1"
  case $name in
    result) max_len=600 ;;
    csv|layout) max_len=4096 ;;
    event) max_len=131072 ;;
    event-rows) max_len=192 ;;
    *) usage ;;
  esac
  case $name in
    event*)
      mode="-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1"
      # Files the store reads but should refuse: replayed once it does.
      corpus=tests/fuzz/corpus/$name-pending
      ;;
  esac
  work=$build/fuzz-work/$name
  findings=$build/fuzz-findings/$name
  logs=$root/$build/fuzz-logs/$name
  rm -rf "$logs"
  mkdir -p "$work" "$findings" "$logs" "$corpus"
  # The working corpus grows across runs; the committed one stays small.
  cp -n tests/fuzz/corpus/"$name"/* "$work"/ 2>/dev/null || true
  if [ "$name" = event ]; then
    cp -n $build/tests/fuzz/event-seed.chouette "$work"/
  fi
  echo "== $name: $minutes minutes (log: $logs/fuzz-0.log)"
  set +e
  (cd "$logs" &&
   ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
   LSAN_OPTIONS=suppressions=$root/tests/lsan.supp:print_suppressions=0 G_SLICE=always-malloc \
   G_DEBUG=fatal-criticals LC_ALL=C.UTF-8 XDG_CONFIG_HOME=$root/$build/no-config \
     "$root/$build/tests/fuzz/fuzz-$name" $mode -max_total_time="$seconds" \
       -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
       -artifact_prefix="$root/$findings"/ "$root/$work" >>"$logs"/fuzz-0.log 2>&1)
  set -e
  # The inputs run: "stat::number_of_executed_units", or in fork mode
  # the last "#N: ... oom/timeout/crash" line.
  grep -aE '^#[0-9]+.*DONE|^#[0-9]+: .*crash:' "$logs"/fuzz-0.log | tail -n 1 || true
  grep -aE 'stat::number_of_executed_units|ERROR|violated' "$logs"/fuzz-0.log |
    sed 's/^==[0-9]*== //' | sort | uniq -c || true
  for finding in "$findings"/*; do
    [ -f "$finding" ] || continue
    if [ ! -e "$corpus/$(basename "$finding")" ]; then
      cp "$finding" "$corpus"/
      echo "New finding: $corpus/$(basename "$finding")"
    fi
  done
}

targets=
for name in $harnesses; do
  [ "$name" = crash ] || targets="$targets tests/fuzz/fuzz-$name"
done
if [ -n "$targets" ]; then
  ensure_clang
  if [ ! -d $build ]; then
    CC=clang meson setup $build -Dfuzzing=true -Db_lundef=false >/dev/null
  fi
  # Only the harnesses and what they link: not the window.
  ninja -C $build -j2 $targets tests/fuzz/event-seed.chouette
fi
for name in $harnesses; do
  if [ "$name" = crash ]; then
    run_crash
  else
    run_fuzzer "$name"
  fi
done
