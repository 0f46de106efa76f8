#!/usr/bin/env bash
# Installs the build into a fresh prefix, builds each example with CANN's own g++ line (build.sh's
# build_single_example) against that prefix only, runs it and compares its output with the spec's.
# RUN, if set, prefixes each run of an example (an emulator in a cross build).
set -euo pipefail
build=$1
src=$2
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
cmake --install "$build" --prefix "$prefix" >/dev/null
export ASCEND_HOME_PATH=$prefix
INCLUDE_PATH=$ASCEND_HOME_PATH/include
for lib in libascendcl.so libacl_rt.so libnnopbase.so libopapi_nn.so libopapi_math.so; do
  test -e "$prefix/lib64/$lib" || { echo "missing lib64/$lib"; exit 1; }
done
for h in aclnn_layer_norm_backward aclnn_group_norm_swish_grad aclnn_pad2d_backward aclnn_prelu_backward \
         aclnn_convolution_backward; do
  test -f "$prefix/include/aclnnop/level2/$h.h"
done
command -v pkg-config >/dev/null || { echo "pkg-config is missing"; exit 1; }
test -f "$prefix/lib64/pkgconfig/aclnn_cpu.pc"
test -f "$prefix/lib64/cmake/aclnn_cpu/aclnn_cpuConfig.cmake"

check() {  # example, expected output file
  local name=$1 expected=$2 exe=$prefix/test_aclnn_$1
  ${CXX:-g++} "$src/examples/$name.cpp" -I "$INCLUDE_PATH" -I "$INCLUDE_PATH/aclnnop" -I "$INCLUDE_PATH/aclnn" \
    -L "$ASCEND_HOME_PATH/lib64" -lopapi_nn -lopapi_math -lascendcl -lnnopbase -o "$exe"
  LD_LIBRARY_PATH=$ASCEND_HOME_PATH/lib64 ${RUN:-} "$exe" > "$prefix/$name.out"
  diff -u "$expected" "$prefix/$name.out"
  # The newer runtime's library name links too.
  ${CXX:-g++} "$src/examples/$name.cpp" -I "$INCLUDE_PATH" -I "$INCLUDE_PATH/aclnnop" -I "$INCLUDE_PATH/aclnn" \
    -L "$ASCEND_HOME_PATH/lib64" -lopapi_nn -lopapi_math -lacl_rt -lnnopbase -o "$exe.acl_rt"
  # And pkg-config describes the same flags.
  ${CXX:-g++} "$src/examples/$name.cpp" $(PKG_CONFIG_PATH=$prefix/lib64/pkgconfig pkg-config --cflags --libs aclnn_cpu) \
    -o "$exe.pc"
  ${RUN:-} "$exe.pc" | diff -u "$expected" -
}
check layer_norm_backward "$src/examples/expected/layer_norm_backward.txt"
check group_norm_swish_grad "$src/examples/expected/group_norm_swish_grad.txt"
check reflection_pad2d_backward "$src/examples/expected/reflection_pad2d_backward.txt"
check prelu_backward "$src/examples/expected/prelu_backward.txt"
check conv_tbc_backward "$src/examples/expected/conv_tbc_backward.txt"
echo "installed prefix OK"
