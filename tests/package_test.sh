#!/usr/bin/env bash
# make package's Debian package: builds it with CPack from the build tree, checks its Depends against
# what dpkg-shlibdeps says the libraries need, unpacks it (dpkg-deb -x) and builds and runs an example
# against the unpacked tree with the vendor's g++ line, the pkg-config file and the CMake package.
#   package_test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
src=$(cd "$2" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$build" && cpack -G DEB -B "$work/out" >"$work/cpack.log" 2>&1) || { cat "$work/cpack.log"; exit 1; }
deb=$(ls "$work"/out/aclnn-cpu_*.deb)
root=$work/root
dpkg-deb -x "$deb" "$root"
P=$root/opt/aclnn-cpu
test -f "$P/set_env.sh" && test -f "$P/lib64/libopapi.so" && test -f "$P/include/aclnnop/aclnn_prelu_backward.h"

# Depends = what dpkg-shlibdeps finds the unpacked libraries need (order aside), and the third-party
# libraries are among them.
depends=$(dpkg-deb -f "$deb" Depends)
mkdir -p "$work/shlibdeps/debian"
printf 'Source: aclnn-cpu\n\nPackage: aclnn-cpu\nArchitecture: any\n' >"$work/shlibdeps/debian/control"
computed=$(cd "$work/shlibdeps" && dpkg-shlibdeps -O -l"$P/lib64" "$P"/lib64/lib*.so 2>/dev/null |
           sed -n 's/^shlibs:Depends=//p')
normalize() { tr ',' '\n' | sed 's/^ *//; s/ *$//' | sort; }
if [ "$(normalize <<<"$depends")" != "$(normalize <<<"$computed")" ]; then
  echo "Depends: $depends"
  echo "dpkg-shlibdeps: $computed"
  exit 1
fi
for needed in libhwy1 libdnnl2 libgomp1 libstdc++6; do
  grep -q "$needed" <<<"$depends" || { echo "Depends lacks $needed: $depends"; exit 1; }
done
echo "Depends: $depends"

# An example against the unpacked tree: the vendor's line, run in set_env.sh's environment.
expected=$src/examples/expected/prelu_backward.txt
g++ "$src/examples/prelu_backward.cpp" -I "$P/include" -I "$P/include/aclnnop" -I "$P/include/aclnn" -L "$P/lib64" \
  -lopapi_nn -lopapi_math -lascendcl -lnnopbase -o "$work/prelu"
env -u LD_LIBRARY_PATH bash -c 'source "$1/set_env.sh" && "$2"' _ "$P" "$work/prelu" | diff -u "$expected" -
# pkg-config and the CMake package point at the tree they are in (both relocatable).
cflags=$(PKG_CONFIG_PATH=$P/lib64/pkgconfig pkg-config --cflags aclnn_cpu)
case $cflags in *"$P/lib64/pkgconfig/../../include"* | *"$P/include"*) ;; *) echo "pkg-config: $cflags"; exit 1 ;; esac
g++ "$src/examples/prelu_backward.cpp" $(PKG_CONFIG_PATH=$P/lib64/pkgconfig pkg-config --cflags --libs aclnn_cpu) \
  -o "$work/prelu.pc"
"$work/prelu.pc" | diff -u "$expected" -
mkdir -p "$work/consumer"
cat >"$work/consumer/CMakeLists.txt" <<CMAKE
cmake_minimum_required(VERSION 3.22)
project(consumer CXX)
find_package(aclnn_cpu REQUIRED)
add_executable(prelu "$src/examples/prelu_backward.cpp")
target_link_libraries(prelu aclnn_cpu::opapi_nn aclnn_cpu::ascendcl aclnn_cpu::nnopbase)
target_include_directories(prelu PRIVATE "$P/include/aclnnop")
CMAKE
cmake -S "$work/consumer" -B "$work/consumer/build" -DCMAKE_PREFIX_PATH="$P" >/dev/null
cmake --build "$work/consumer/build" >/dev/null
"$work/consumer/build/prelu" | diff -u "$expected" -
echo "package OK: $(basename "$deb")"
