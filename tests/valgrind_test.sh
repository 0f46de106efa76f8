#!/usr/bin/env bash
# A vendor-style sample under Debian's valgrind (memcheck): no memory errors and no leaks from our
# libraries, and the same output as without it. Also checks the reason it can run at all on CPUs
# whose CPUID hides RDTSCP: libhwy's static initializer binds hwy::platform::TimerResolution to
# libnnopbase's definition, not its own RDTSCP code (src/base/hwy_init_under_valgrind.cpp).
#   valgrind_test.sh EXAMPLE EXPECTED_OUTPUT
set -euo pipefail
example=$1 expected=$2
bindings=$(LD_DEBUG=bindings "$example" 2>&1 >/dev/null | grep 'TimerResolution' || true)
case $bindings in
  *"libhwy.so"*"to "*"libnnopbase.so"*) ;;
  *) echo "libhwy's TimerResolution is not bound to libnnopbase:"; echo "$bindings"; exit 1 ;;
esac
log=$(mktemp)
trap 'rm -f "$log"' EXIT
# A fresh stream's worker thread and libgomp's pool stay reachable at exit by design; only definite
# and indirect leaks count, and every other memcheck error fails the run.
valgrind --tool=memcheck --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect \
  --log-file="$log" "$example" | diff -u "$expected" -
grep -q 'ERROR SUMMARY: 0 errors' "$log" || { cat "$log"; exit 1; }
echo "valgrind: $(grep -o 'ERROR SUMMARY: .*' "$log")"
