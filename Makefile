# The two commands of the README. Each installs the Debian packages it needs, configures, builds, runs.
#   make demo   every operator's vendor-style example, printing its results, then a Python golden round trip
#   make test   format check, the whole test suite, the unit and parity tests again under ASan+UBSan, the
#               runtime/concurrency tests under TSan, and every libFuzzer harness for 8 s
# Also: make bench (benchmarks vs PyTorch), make fuzz (each harness for FUZZ_SECONDS, the engines' to 1 M executions),
#       make check-arm64 (cross build, tests under qemu), make install PREFIX=/opt/aclnn-cpu, make format,
#       make test-stress (the suites 5 times under a CPU hog), make valgrind (the examples under memcheck),
#       make package (a Debian package of the prefix).

BUILD ?= build
SANITIZE_BUILD ?= build-asan
TSAN_BUILD ?= build-tsan
FUZZ_BUILD ?= $(SANITIZE_BUILD)
FUZZ_SECONDS ?= 300
PREFIX ?= /usr/local/aclnn-cpu
JOBS ?= $(shell nproc)
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

APT_PACKAGES := cmake make g++ pkg-config dpkg-dev valgrind clang-format libhwy-dev libgtest-dev libbenchmark-dev libtorch-dev \
                libopenblas-dev libdnnl-dev clang libclang-rt-14-dev libomp-14-dev \
                python3-numpy python3-openpyxl python3-pytest python3-torch
SOURCES = $(shell find include src tests bench examples fuzz -name '*.h' -o -name '*.cpp')

.PHONY: deps build demo test test-stress stress-release stress-sanitize stress-tsan stress-fuzz-smoke bench install package valgrind format format-check sanitize sanitize-build tsan \
        tsan-build fuzz-build fuzz-smoke fuzz check-arm64

# Installs the Debian packages of the list given that are missing. A name is first asked for with the
# native architecture: once arm64 packages are installed too (make check-arm64), a bare name that has
# both is ambiguous to dpkg.
NATIVE_ARCH := $(shell dpkg --print-architecture)
define install_missing
	@missing=""; for p in $(1); do \
	  dpkg -s $$p:$(NATIVE_ARCH) >/dev/null 2>&1 || dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:$$missing"; \
	  $(SUDO) apt-get update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	fi
endef

deps:
	$(call install_missing,$(APT_PACKAGES))

CONFIGURE = cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release -DACLNN_CPU_BUILD_TESTS=ON -DACLNN_CPU_BUILD_EXAMPLES=ON \
	      -DACLNN_CPU_BUILD_BENCHMARKS=OFF

build: deps
	$(CONFIGURE)
	cmake --build $(BUILD) -j $(JOBS)

# The same configuration as `build` (so `make test` afterwards reuses it), but only the libraries and the examples:
# the test suites are most of the build.
demo: deps
	$(CONFIGURE)
	cmake --build $(BUILD) -j $(JOBS) --target examples
	@for example in $(BUILD)/bin/example_*; do echo "== $${example##*/example_}"; $$example || exit 1; done
	@echo "== golden round trip (Python: aclnn-cpu golden, then aclnn-cpu compare on a correct and a corrupted output)"
	@ACLNN_CPU_LIB_DIR=$(abspath $(BUILD))/lib64 PYTHONPATH=$(CURDIR)/python PYTHONDONTWRITEBYTECODE=1 \
	  /usr/bin/python3 examples/golden_round_trip.py

format-check: deps
	clang-format --dry-run --Werror $(SOURCES)

format: deps
	clang-format -i $(SOURCES)

# The unit, numeric, reliability and install tests under ASan+UBSan. The PyTorch parity suites (random
# shapes, dtypes and strides) run in the release tree; under ASan they add ~6 minutes of compiling and
# running to make test on 2 cores, so they join only on request: make sanitize SANITIZE_TORCH=ON
# (libtorch itself is not instrumented; our libraries and the tests are). The fuzzers run random
# problems of every operator under ASan+UBSan in make test as well. The OnGemmKernels_<ISA> reruns (the
# ConvTbc suites with oneDNN held to AVX2 and to AVX512_CORE) run in the release tree only: the same code paths as the
# default run, minutes longer under ASan.
SANITIZE_TORCH ?= OFF
# ctest runs JOBS test programs at once, each with an OpenMP thread per core: OpenMP threads that spin while they
# wait took the cores the other program needed (release ctest 4:34 -> 3:37 on 2 cores with passive waits). The
# results do not depend on it (the kernels' results are the same for any schedule); their speed is bench/'s.
TEST_ENV = OMP_WAIT_POLICY=passive
RUN_RELEASE = cd $(BUILD) && $(TEST_ENV) ctest --output-on-failure -j $(JOBS) -LE valgrind_more
RUN_SANITIZE = cd $(SANITIZE_BUILD) && $(TEST_ENV) ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
  ctest --output-on-failure -j $(JOBS) -E 'installed_prefix|package_deb|valgrind|OnGemmKernels_'
# The sanitizer trees compile one SIMD target, where the release tree, whose tests run every kernel on each target
# the CPU has, compiles them all: the ASan tree the widest x86 vectors this CPU runs (AVX-512 where it has them,
# else AVX2), the TSan tree, which tests threads, not vectors, AVX2. They are built for this CPU (-march=native on
# x86; -ffp-contract=off keeps scalar code's rounding as in release) so that Highway's portable fallback is not
# compiled: under ASan+UBSan it took 110 of the 117 s that compiling activation_kernels.cpp took, and the tree
# 10 of make test's minutes. (Two x86 targets in the ASan tree took make test to 26 minutes on 2 cores.)
HAS_AVX512 := $(shell grep -qw avx512f /proc/cpuinfo 2>/dev/null && echo yes)
# (Clang: a Highway region whose code this one target leaves empty is no error.)
X86 := $(filter x86_64,$(shell uname -m))
SANITIZE_ARCH_FLAGS ?= $(if $(X86),-march=native -Wno-pragma-clang-attribute)
TSAN_ARCH_FLAGS ?= $(if $(X86),-march=native)
SANITIZE_SIMD_TARGETS_OFF ?= HWY_SSSE3|HWY_SSE4|HWY_AVX3_DL|$(if $(HAS_AVX512),HWY_AVX2,HWY_AVX3)
TSAN_SIMD_TARGETS_OFF ?= HWY_SSSE3|HWY_SSE4|HWY_AVX3|HWY_AVX3_DL
# One Clang tree serves both the sanitized tests and the libFuzzer harnesses (fuzz-build is this
# build): the libraries are compiled once with ASan+UBSan and the fuzzers' coverage, not once per tree. Debug
# information is line tables only, what a report's stacks show (layer_norm_backward_kernels.cpp: 44 -> 33 s).
# -O1, ASan's own advice: the libraries and harnesses compiled in 388 s of CPU instead of 551 at -O2 (~80 s of
# make test on 2 cores), and neither the ASan ctest (83 s against 87) nor the fuzzers' executions per second
# (matmul +12 %, pointwise -16 %, within this host's noise) were slower. The release tree tests the -O3 code.
sanitize-build: deps
	cmake -S . -B $(SANITIZE_BUILD) -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
	      -DCMAKE_BUILD_TYPE=RelWithDebInfo -DACLNN_CPU_SANITIZE=address,undefined -DACLNN_CPU_BUILD_FUZZERS=ON \
	      -DCMAKE_C_FLAGS='$(SANITIZE_ARCH_FLAGS)' -DCMAKE_CXX_FLAGS='$(SANITIZE_ARCH_FLAGS)' \
	      "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only -DNDEBUG" \
	      "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only -DNDEBUG" \
	      -DACLNN_CPU_WITH_TORCH=$(SANITIZE_TORCH) -DACLNN_CPU_BUILD_BENCHMARKS=OFF -DACLNN_CPU_BUILD_EXAMPLES=OFF \
	      -DACLNN_CPU_BUILD_TESTS=ON -DACLNN_CPU_SIMD_TARGETS_OFF='$(SANITIZE_SIMD_TARGETS_OFF)'
	cmake --build $(SANITIZE_BUILD) -j $(JOBS)
sanitize: sanitize-build
	$(RUN_SANITIZE)

# ThreadSanitizer over the runtime, executor, stream and concurrency tests. One OpenMP thread per
# operator: libgomp is not instrumented, so its hand-offs would be reported as races. Debug information is line
# tables only (-g1: what a report's stacks show), a third less compiling than -g; -O1 (ThreadSanitizer's own
# advice) compiles a quarter faster than -O2 and the suite runs in seconds either way.
TSAN_TESTS := Runtime|Executor|Misuse|Concurrency|DebugAids|ViewBounds|FuzzFindings
RUN_TSAN = cd $(TSAN_BUILD) && OMP_NUM_THREADS=1 TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" \
  ctest --output-on-failure -j $(JOBS) -R '$(TSAN_TESTS)'
tsan-build: deps
	cmake -S . -B $(TSAN_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG" \
	      -DACLNN_CPU_SANITIZE=thread -DCMAKE_C_FLAGS='$(TSAN_ARCH_FLAGS)' -DCMAKE_CXX_FLAGS='$(TSAN_ARCH_FLAGS)' \
	      -DACLNN_CPU_WITH_TORCH=OFF -DACLNN_CPU_BUILD_BENCHMARKS=OFF -DACLNN_CPU_BUILD_EXAMPLES=OFF \
	      -DACLNN_CPU_BUILD_TESTS=ON -DACLNN_CPU_SIMD_TARGETS_OFF='$(TSAN_SIMD_TARGETS_OFF)'
	cmake --build $(TSAN_BUILD) -j $(JOBS) --target aclnn_cpu_runtime_tests
tsan: tsan-build
	$(RUN_TSAN)

# libFuzzer harnesses (fuzz/): Clang, with ASan+UBSan and coverage over every library. Each run
# starts from the committed seed corpus (fuzz/corpus/) and fails on a crash, hang, leak or OOM.
# make test's smoke run gives each harness 6 s with a fixed seed (24 harnesses, two at a time: ~1.5 minutes; 8 s
# left make test at 24:45 of its 25 minutes on 2 cores).
# make fuzz gives each harness FUZZ_SECONDS, and the engines' harnesses (pointwise, reduction, activation, matmul)
# 1 M executions at least (run_fuzzers.sh FUZZ_MIN_RUNS): 3-5 minutes each on this machine, too long for make test's
# 25 minutes on 2 cores, so they are make fuzz's, not make test's.
RUN_FUZZ_SMOKE = FUZZ_SEED=1 FUZZ_MIN_RUNS= $(TEST_ENV) fuzz/run_fuzzers.sh $(FUZZ_BUILD) 4 $(JOBS)
fuzz-build: sanitize-build

fuzz-smoke: fuzz-build
	$(RUN_FUZZ_SMOKE)

fuzz: fuzz-build
	fuzz/run_fuzzers.sh $(FUZZ_BUILD) $(FUZZ_SECONDS) $(JOBS)

test: format-check build
	$(RUN_RELEASE)
	$(MAKE) --no-print-directory sanitize
	$(MAKE) --no-print-directory tsan
	$(MAKE) --no-print-directory fuzz-smoke

# The same four suites, STRESS_RUNS times in a row, while a CPU hog occupies every core (tests/stress.sh):
# a test that races shows up here. All builds are made first, without the hog. ~15 minutes a run on 2 cores.
STRESS_RUNS ?= 5
test-stress: format-check build sanitize-build tsan-build
	tests/stress.sh $(STRESS_RUNS) "$(MAKE) --no-print-directory" stress-release stress-sanitize stress-tsan stress-fuzz-smoke
# One suite each on builds that already exist (for test-stress).
stress-release:
	$(RUN_RELEASE)
stress-sanitize:
	$(RUN_SANITIZE)
stress-tsan:
	$(RUN_TSAN)
stress-fuzz-smoke:
	$(RUN_FUZZ_SMOKE)

# ARM64: cross-build the libraries and unit tests, run them under qemu-aarch64 (SVE2 with
# 512- and 2048-bit vectors, and NEON only). Not part of make test (~4 minutes on 2 cores, plus the
# first package installs); see tests/check_arm64.sh.
ARM64_BUILD ?= build-arm64
ARM64_PACKAGES := g++-aarch64-linux-gnu qemu-user libhwy-dev:arm64 libgtest-dev:arm64 libgomp1:arm64 libdnnl2:arm64
check-arm64: deps
	@dpkg --print-foreign-architectures | grep -qx arm64 || $(SUDO) dpkg --add-architecture arm64
	$(call install_missing,$(ARM64_PACKAGES))
	tests/check_arm64.sh $(ARM64_BUILD) $(CURDIR) $(JOBS)

# The benchmarks are built only here (each compiles ATen's headers: minutes that demo and test do not need).
bench: build
	cmake -S . -B $(BUILD) -DACLNN_CPU_BUILD_BENCHMARKS=ON
	cmake --build $(BUILD) -j $(JOBS)
	for b in $(BUILD)/bin/bench_*; do $$b --benchmark_repetitions=5 --benchmark_report_aggregates_only=true || exit 1; done

install: build
	cmake --install $(BUILD) --prefix $(PREFIX)

# A Debian package of the prefix (/opt/aclnn-cpu, Depends from dpkg-shlibdeps) in $(BUILD)/packages/.
package: build
	cd $(BUILD) && cpack -G DEB -B $(CURDIR)/$(BUILD)/packages

# Every example under Debian's valgrind (memcheck, tests/valgrind_test.sh); make test runs these too.
valgrind: build
	cd $(BUILD) && ctest --output-on-failure -R valgrind_memcheck
