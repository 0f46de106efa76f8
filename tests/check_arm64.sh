#!/usr/bin/env bash
# make check-arm64: builds the libraries and the unit tests for ARM64 with Debian's cross compiler and
# runs the suite under qemu-aarch64 three times: with qemu's default CPU (SVE2 with 512-bit vectors,
# so Highway dispatches to its SVE2 code), the same with SVE's widest vectors (2048 bits, 64 fp32
# lanes) and as a Cortex-A72 (NEON only). The suite's installed-prefix test builds every example
# against an install and runs it through the emulator, so each run also checks every example's
# output against examples/expected/. The PyTorch tests, benchmarks and sanitizer runs stay x86-only
# (libtorch-dev is not installable next to the amd64 one).
#   check_arm64.sh BUILD_DIR SOURCE_DIR JOBS
set -euo pipefail
build=$1 src=$2 jobs=${3:-2}
mkdir -p "$build"
build=$(cd "$build" && pwd)

# oneDNN's arm64 headers cannot be installed next to the amd64 ones (dnnl_config.h differs), so the
# arm64 package is unpacked into the build tree; its library comes from libdnnl2:arm64.
dnnl=$build/dnnl-headers
if [ ! -f "$dnnl/usr/include/dnnl.h" ]; then
  (cd "$build" && rm -f libdnnl-dev_*_arm64.deb && apt-get download libdnnl-dev:arm64 2>/dev/null)
  dpkg -x "$build"/libdnnl-dev_*_arm64.deb "$dnnl"
fi

cmake -S "$src" -B "$build" -DCMAKE_TOOLCHAIN_FILE="$src/cmake/aarch64-linux-gnu.cmake" \
      -DCMAKE_BUILD_TYPE=Release -DACLNN_CPU_WITH_TORCH=OFF -DACLNN_CPU_BUILD_BENCHMARKS=OFF \
      -DACLNN_CPU_BUILD_EXAMPLES=OFF -DACLNN_CPU_BUILD_TESTS=ON \
      -DDNNL_INCLUDE_DIR="$dnnl/usr/include" -DDNNL_LIBRARY=/usr/lib/aarch64-linux-gnu/libdnnl.so.2
cmake --build "$build" -j "$jobs"

for cpu in max max,sve-default-vector-length=256 cortex-a72; do
  echo "== qemu-aarch64 -cpu $cpu"
  (cd "$build" && QEMU_CPU=$cpu ctest --output-on-failure -j "$jobs" --timeout 900)
done
