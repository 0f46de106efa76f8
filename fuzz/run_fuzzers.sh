#!/usr/bin/env bash
# Runs every libFuzzer harness of a fuzz build for a bounded time, a few at a time, starting from the
# committed seed corpus (fuzz/corpus/<harness>, read only). Fails if any harness finds a crash, a
# hang (-timeout), a leak or an out-of-memory, and prints each harness's executions.
#   run_fuzzers.sh BUILD_DIR SECONDS_EACH [PARALLEL [HARNESS...]]   (default: every harness)
# FUZZ_SEED fixes libFuzzer's seed (make test does, so that its short runs repeat the same search);
# unset, each run explores afresh.
set -euo pipefail
build=$1 seconds=$2 parallel=${3:-2}
shift $(($# < 3 ? $# : 3))
here=$(cd "$(dirname "$0")" && pwd)
work=$build/fuzz-runs

run_one() {
  local harness=$1 out=$work/$1
  rm -rf "$out"
  mkdir -p "$out/corpus" "$here/corpus/$harness"
  if "$build/bin/fuzz_$harness" "$out/corpus" "$here/corpus/$harness" -max_total_time="$seconds" -timeout=${FUZZ_TIMEOUT:-60} \
       -rss_limit_mb=3072 -print_final_stats=1 ${FUZZ_SEED:+-seed=$FUZZ_SEED} -artifact_prefix="$out/" >"$out/log" 2>&1; then
    echo "$harness: $(grep -o 'stat::number_of_executed_units: *[0-9]*' "$out/log" | grep -o '[0-9]*$') executions" \
         "in ${seconds} s, 0 crashes"
  else
    echo "$harness: FAILED; the input is in $out/, the report follows"
    grep -m1 -A40 -E 'ERROR|FUZZ FAILURE|runtime error|timeout|leak' "$out/log" || tail -40 "$out/log"
    return 1
  fi
}
export -f run_one
export build seconds work here FUZZ_SEED

harnesses=${*:-layer_norm layer_norm_backward group_norm_swish group_norm_swish_grad reflection_pad2d_backward prelu_backward conv_tbc_backward prelu reflection_pad2d replication_pad2d replication_pad2d_backward conv_tbc pointwise reduction runtime}
# OpenMP threads come from each input (1 to 3); idle ones sleep at once instead of spinning, which
# would steal the cores from the other harnesses running alongside.
export KMP_BLOCKTIME=0
printf '%s\n' $harnesses | xargs -P "$parallel" -I{} bash -c 'run_one {}'
