#!/usr/bin/env bash
# make test-stress: runs the given test commands RUNS times in a row while a CPU hog keeps every core
# busy (one spinning process per core, at the same priority as the tests), so that a test depending
# on one thread overtaking another, or on a sleep being long enough, shows up here and not in CI.
#   stress.sh RUNS MAKE TARGET...   (MAKE runs each TARGET; all must pass in every run)
set -euo pipefail
runs=$1 make=$2
shift 2
hogs=()
stop_hogs() { ((${#hogs[@]} == 0)) || kill "${hogs[@]}" 2>/dev/null || true; }
trap stop_hogs EXIT
for ((core = 0; core < $(nproc); ++core)); do
  bash -c 'while :; do :; done' &
  hogs+=($!)
done
log=${STRESS_LOG:-/tmp/aclnn-cpu-stress.log}
echo "stress: ${#hogs[@]} CPU hogs running; $runs runs of $# suites (output of the current one in $log)"
start=$SECONDS
for ((run = 1; run <= runs; ++run)); do
  for target in "$@"; do
    run_start=$SECONDS
    if ! $make "$target" >"$log" 2>&1; then
      tail -60 "$log"
      echo "stress: run $run FAILED: $target"
      exit 1
    fi
    echo "stress: run $run/$runs: $target passed in $((SECONDS - run_start)) s"
  done
done
echo "stress: all $runs runs passed under load in $((SECONDS - start)) s"
