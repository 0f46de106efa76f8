#!/usr/bin/env bash
# Runs every libFuzzer harness of a fuzz build for a bounded time, a few at a time, starting from the
# committed seed corpus (fuzz/corpus/<harness>, read only). Fails if any harness finds a crash, a
# hang (-timeout), a leak or an out-of-memory, and prints each harness's executions.
#   run_fuzzers.sh BUILD_DIR SECONDS_EACH [PARALLEL [HARNESS...]]   (default: every harness)
# FUZZ_SEED fixes libFuzzer's seed (make test does, so that its short runs repeat the same search);
# unset, each run explores afresh.
# FUZZ_MIN_RUNS gives harnesses a number of executions to reach as well as SECONDS_EACH, as
# "harness=executions ..." (default: 1 M for each harness of the engines, pointwise, reduction, activation and matmul,
# which carry dozens of functions and every dtype pair; empty: none). Such a harness that has
# fewer after SECONDS_EACH goes on from the corpus it grew until it has them (-runs), for at most
# FUZZ_MAX_SECONDS (default 600) more. These harnesses start first, so that the others share the
# remaining slots meanwhile.
set -euo pipefail
build=$1 seconds=$2 parallel=${3:-2}
shift $(($# < 3 ? $# : 3))
here=$(cd "$(dirname "$0")" && pwd)
work=$build/fuzz-runs
min_runs_list=${FUZZ_MIN_RUNS-pointwise=1000000 reduction=1000000 activation=1000000 matmul=1000000}

# The executions a harness must reach (0: SECONDS_EACH alone).
min_runs() {
  local entry
  for entry in $min_runs_list; do
    [ "${entry%%=*}" = "$1" ] && { echo "${entry#*=}"; return; }
  done
  echo 0
}

# One libFuzzer process over the harness's corpus: the log's executions on success.
fuzz_once() {  # harness, out dir, log, libFuzzer options...
  local harness=$1 out=$2 log=$3
  shift 3
  "$build/bin/fuzz_$harness" "$out/corpus" "$here/corpus/$harness" -timeout=${FUZZ_TIMEOUT:-60} -rss_limit_mb=3072 \
    -print_final_stats=1 ${FUZZ_SEED:+-seed=$FUZZ_SEED} -artifact_prefix="$out/" "$@" >"$log" 2>&1 || return 1
  grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$'
}

run_one() {
  local harness=$1 out=$work/$1 need executions more start=$SECONDS
  need=$(min_runs "$harness")
  rm -rf "$out"
  mkdir -p "$out/corpus" "$here/corpus/$harness"
  if executions=$(fuzz_once "$harness" "$out" "$out/log" -max_total_time="$seconds") &&
     { [ "$executions" -ge "$need" ] ||
       { more=$(fuzz_once "$harness" "$out" "$out/log.more" -runs=$((need - executions)) \
                  -max_total_time=${FUZZ_MAX_SECONDS:-600}) && executions=$((executions + more)); }; }; then
    echo "$harness: $executions executions in $((SECONDS - start)) s, 0 crashes"
  else
    local log=$out/log
    [ -f "$out/log.more" ] && log=$out/log.more
    echo "$harness: FAILED; the input is in $out/, the report follows"
    grep -m1 -A40 -E 'ERROR|FUZZ FAILURE|runtime error|timeout|leak' "$log" || tail -40 "$log"
    return 1
  fi
}
export -f min_runs fuzz_once run_one
export build seconds work here min_runs_list FUZZ_SEED

harnesses=${*:-layer_norm layer_norm_backward group_norm_swish group_norm_swish_grad reflection_pad2d_backward prelu_backward conv_tbc_backward prelu reflection_pad2d replication_pad2d replication_pad2d_backward conv_tbc pointwise reduction activation matmul rms_norm batch_norm convolution runtime dropout loss embedding optim}
# Those with executions to reach first (the longest runs), then the rest in their order.
ordered=""
for h in $harnesses; do [ "$(min_runs "$h")" -gt 0 ] && ordered="$ordered $h"; done
for h in $harnesses; do [ "$(min_runs "$h")" -gt 0 ] || ordered="$ordered $h"; done
# OpenMP threads come from each input (1 to 3); idle ones sleep at once instead of spinning, which
# would steal the cores from the other harnesses running alongside.
export KMP_BLOCKTIME=0
printf '%s\n' $ordered | xargs -P "$parallel" -I{} bash -c 'run_one {}'
