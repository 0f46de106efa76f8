#!/usr/bin/env bash
# Installs the build into a fresh prefix, builds each example with CANN's own g++ line (build.sh's
# build_single_example) against that prefix only, runs it and compares its output with the spec's.
# RUN, if set, prefixes each run of an example (an emulator in a cross build).
set -euo pipefail
build=$(cd "$1" && pwd)
src=$(cd "$2" && pwd)
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
cmake --install "$build" --prefix "$prefix" >/dev/null
export ASCEND_HOME_PATH=$prefix
INCLUDE_PATH=$ASCEND_HOME_PATH/include
for lib in libascendcl.so libacl_rt.so libnnopbase.so libopapi_nn.so libopapi_math.so libopapi.so; do
  test -e "$prefix/lib64/$lib" || { echo "missing lib64/$lib"; exit 1; }
done
for h in aclnn_layer_norm aclnn_layer_norm_backward aclnn_group_norm_swish aclnn_group_norm_swish_grad \
         aclnn_pad2d_backward aclnn_prelu_backward aclnn_convolution_backward aclnn_prelu aclnn_reflection_pad2d \
         aclnn_replication_pad2d aclnn_convolution aclnn_add aclnn_sub aclnn_mul aclnn_div aclnn_cast aclnn_copy \
         aclnn_zero aclnn_ones aclnn_fill_scalar aclnn_masked_fill_scalar aclnn_neg aclnn_exp aclnn_sqrt aclnn_rsqrt \
         aclnn_tanh aclnn_tanh_backward aclnn_reduce_sum aclnn_mean aclnn_silu aclnn_silu_backward aclnn_gelu \
         aclnn_gelu_backward aclnn_gelu_v2 aclnn_gelu_backward_v2 aclnn_sigmoid aclnn_sigmoid_backward aclnn_relu \
         aclnn_threshold_backward aclnn_softmax aclnn_softmax_backward aclnn_logsoftmax aclnn_logsoftmax_backward; do
  test -f "$prefix/include/aclnnop/level2/$h.h"
done
command -v pkg-config >/dev/null || { echo "pkg-config is missing"; exit 1; }
test -f "$prefix/lib64/pkgconfig/aclnn_cpu.pc"
test -f "$prefix/share/cmake/aclnn_cpu/aclnn_cpuConfig.cmake"

test -f "$prefix/set_env.sh"

# Each example is built with the vendor's g++ line as it stands (compile and link in one) and run.
vendor_line() {  # example, expected output file
  local name=$1 expected=$2 exe=$prefix/test_aclnn_$1
  ${CXX:-g++} "$src/examples/$name.cpp" -I "$INCLUDE_PATH" -I "$INCLUDE_PATH/aclnnop" -I "$INCLUDE_PATH/aclnn" \
    -L "$ASCEND_HOME_PATH/lib64" -lopapi_nn -lopapi_math -lascendcl -lnnopbase -o "$exe"
  LD_LIBRARY_PATH=$ASCEND_HOME_PATH/lib64 ${RUN:-} "$exe" > "$prefix/$name.out"
  diff -u "$expected" "$prefix/$name.out"
}
# The first examples' objects are also linked the other ways a CANN build links. Which libraries a line names is
# what differs, not which example: that every entry point resolves through libopapi.so is the dlopen client's check
# below, so the later examples take the vendor's line alone (each line costs a compile or a link per example).
check() {  # example, expected output file
  local name=$1 expected=$2 exe=$prefix/test_aclnn_$1
  vendor_line "$name" "$expected"
  # pkg-config describes the same flags: its Cflags compile the object the other lines link.
  ${CXX:-g++} -c "$src/examples/$name.cpp" $(PKG_CONFIG_PATH=$prefix/lib64/pkgconfig pkg-config --cflags aclnn_cpu) \
    -o "$exe.o"
  ${CXX:-g++} "$exe.o" $(PKG_CONFIG_PATH=$prefix/lib64/pkgconfig pkg-config --libs aclnn_cpu) -o "$exe.pc"
  ${RUN:-} "$exe.pc" | diff -u "$expected" -
  # The newer runtime's library name links too.
  ${CXX:-g++} "$exe.o" -L "$ASCEND_HOME_PATH/lib64" -lopapi_nn -lopapi_math -lacl_rt -lnnopbase -o "$exe.acl_rt"
  # The older line with CANN's combined operator library.
  ${CXX:-g++} "$exe.o" -L "$ASCEND_HOME_PATH/lib64" -lopapi -lascendcl -lnnopbase -o "$exe.opapi"
  LD_LIBRARY_PATH=$ASCEND_HOME_PATH/lib64 ${RUN:-} "$exe.opapi" | diff -u "$expected" -
}
# Each example of a list (from examples/example_list.cmake, passed by ctest) with its expected output: the first
# COUNT through the full check, the rest through the plain line alone.
each_example() {  # count, full check, plain line, examples...
  local count=$1 full=$2 plain=$3 i=0 name
  shift 3
  for name in "$@"; do
    if ((i++ < count)); then "$full" "$name" "$src/examples/expected/$name.txt"; else "$plain" "$name" "$src/examples/expected/$name.txt"; fi
  done
}
each_example 10 check vendor_line ${NN_EXAMPLES:?the ops-nn example list}

# ops-math samples: build.sh's line for ops-math (pad-prelu-forward.md §0.4) has no -I include/aclnnop
# and no -lopapi_nn, so the pad operators must resolve from libopapi_math alone.
math_line() {  # example, expected output file
  local name=$1 expected=$2 exe=$prefix/test_aclnn_$1
  ${CXX:-g++} "$src/examples/$name.cpp" -I "$INCLUDE_PATH" -I "$INCLUDE_PATH/aclnn" \
    -L "$ASCEND_HOME_PATH/lib64" -lopapi_math -lascendcl -lnnopbase -o "$exe"
  LD_LIBRARY_PATH=$ASCEND_HOME_PATH/lib64 ${RUN:-} "$exe" > "$prefix/$name.out"
  diff -u "$expected" "$prefix/$name.out"
}
check_math() {  # example, expected output file: the line above, then with CANN's combined library
  local name=$1 expected=$2 exe=$prefix/test_aclnn_$1
  math_line "$name" "$expected"
  ${CXX:-g++} "$src/examples/$name.cpp" -I "$INCLUDE_PATH" -I "$INCLUDE_PATH/aclnn" \
    -L "$ASCEND_HOME_PATH/lib64" -lopapi -lascendcl -lnnopbase -o "$exe.opapi"
  LD_LIBRARY_PATH=$ASCEND_HOME_PATH/lib64 ${RUN:-} "$exe.opapi" | diff -u "$expected" -
}
# The pads (the three ops-math pad examples and the ops-nn ReflectionPad2dBackward one, whose function ops-math
# exports too) also with CANN's combined library; the rest with ops-math's line alone.
check_math reflection_pad2d_backward "$src/examples/expected/reflection_pad2d_backward.txt"
each_example 3 check_math math_line ${MATH_EXAMPLES:?the ops-math example list}

# The vendor's documented CMake flow without rpath: the program runs only in the environment of the
# prefix's set_env.sh (relocatable, idempotent), sourced in a shell with none of it set.
sample_build=$prefix/vendor_cmake_build
env -u ASCEND_HOME_PATH -u LD_LIBRARY_PATH bash -c '
  set -euo pipefail
  source "$1/set_env.sh"
  source "$1/set_env.sh"
  test "$ASCEND_HOME_PATH" = "$1" && test "$ASCEND_TOOLKIT_HOME" = "$1" && test "$ASCEND_OPP_PATH" = "$1"
  test "$LD_LIBRARY_PATH" = "$1/lib64"  # prepended once, however often it is sourced
  cmake -S "$2/tests/install/vendor_cmake" -B "$3" -DCMAKE_BUILD_TYPE=Release -DCMAKE_SKIP_RPATH=TRUE \
        -DCMAKE_CXX_COMPILER="$4" -DCMAKE_CXX_FLAGS=-Werror -DSAMPLE_SOURCE="$2/examples/layer_norm_backward.cpp" >/dev/null
  cmake --build "$3" >/dev/null
' _ "$prefix" "$src" "$sample_build" "${CXX:-g++}"
if [ -z "${RUN:-}" ]; then  # (a cross build has no loader path to check)
  if env -u LD_LIBRARY_PATH "$sample_build/opapi_test" >/dev/null 2>&1; then
    echo "the rpath-less sample ran without set_env.sh: it should need it"; exit 1
  fi
fi
env -u LD_LIBRARY_PATH bash -c 'source "$1/set_env.sh" && ${RUN:-} "$2"' _ "$prefix" "$sample_build/opapi_test" |
  diff -u "$src/examples/expected/layer_norm_backward.txt" -

# A framework-style client that only dlopens libopapi.so: by name after set_env.sh and by the prefix
# path with a clean environment; every aclnn entry point of both operator libraries resolves.
# (readelf reads any ELF machine, so a cross build's libraries too)
entry_points=$(readelf -W --dyn-syms "$prefix/lib64/libopapi_nn.so" "$prefix/lib64/libopapi_math.so" |
               awk '$4 == "FUNC" && $5 == "GLOBAL" && $7 != "UND" && $8 ~ /^aclnn/ {print $8}' | sort -u)
test -n "$entry_points"
${CXX:-g++} "$src/tests/install/dlopen_client.cpp" -I "$INCLUDE_PATH" -ldl -o "$prefix/dlopen_client"
env -u LD_LIBRARY_PATH bash -c 'source "$1/set_env.sh" && ${RUN:-} "$1/dlopen_client" libopapi.so ${@:2}' \
  _ "$prefix" $entry_points
env -u LD_LIBRARY_PATH ${RUN:-} "$prefix/dlopen_client" "$prefix/lib64/libopapi.so" $entry_points
# The golden toolkit from the prefix (not in a sanitized or cross build: ACLNN_CPU_PYTHON is set only where an
# ordinary interpreter can load the libraries). `aclnn-cpu` and the module in a shell with nothing but
# set_env.sh's environment, then the module with no environment at all: both use the prefix's own libraries.
if [ -n "${ACLNN_CPU_PYTHON:-}" ]; then
  env -i PATH=/usr/bin:/bin bash -c 'source "$1/set_env.sh" && aclnn-cpu ops' _ "$prefix" > "$prefix/ops.out"
  grep -qx aclnnPrelu "$prefix/ops.out" && grep -qx aclnnConvTbcBackward "$prefix/ops.out"
  run_prelu='
import os, sys, numpy as np, aclnn_cpu
out = aclnn_cpu.prelu(np.array([-2.0, 3.0], np.float32), np.array([0.25], np.float32))
assert out.tolist() == [-0.5, 3.0], out
maps = [l.split()[-1] for l in open("/proc/self/maps") if l.rstrip().endswith("/libopapi_nn.so")]
lib64 = os.path.realpath(os.path.join(sys.argv[1], "lib64"))
assert maps and all(os.path.dirname(os.path.realpath(m)) == lib64 for m in maps), (maps, lib64)'
  env -i PATH=/usr/bin:/bin bash -c 'source "$1/set_env.sh" && "$2" -c "$3" "$1"' _ "$prefix" "$ACLNN_CPU_PYTHON" \
    "$run_prelu"
  env -i "$ACLNN_CPU_PYTHON" -c "import sys; sys.path.insert(0, sys.argv[1] + '/python'); $run_prelu" "$prefix"
  # The round trip of `make demo`, through the installed command.
  env -i PATH=/usr/bin:/bin bash -c 'source "$1/set_env.sh" && ACLNN_CPU_TOOL="$1/bin/aclnn-cpu" "$2" "$3"' \
    _ "$prefix" "$ACLNN_CPU_PYTHON" "$src/examples/golden_round_trip.py" > "$prefix/round_trip.out" ||
    { cat "$prefix/round_trip.out"; exit 1; }
fi
echo "installed prefix OK"
