# Cross build for ARM64 on an x86-64 Debian host (make check-arm64): Debian's aarch64-linux-gnu cross
# compiler, the arm64 multiarch libraries under /usr/lib/aarch64-linux-gnu, and qemu-aarch64 to run
# the tests. qemu gets the root / as its library prefix: the multiarch glibc there is the one the
# arm64 libraries were built against (the cross compiler's own copy under /usr/aarch64-linux-gnu is
# a different build, and mixing the two hangs the first pthread_create).
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64 -L /)
