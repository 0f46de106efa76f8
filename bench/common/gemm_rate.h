// The compute bound of the ConvTbc benchmarks: the GEMM library's own rate measured in the same run,
// and which BLAS PyTorch's fp32 GEMMs reach on this machine.
#pragma once

#include <dlfcn.h>
#include <omp.h>

#include <chrono>
#include <cstdint>
#include <dnnl.hpp>
#include <filesystem>
#include <string>
#include <vector>

namespace aclcpu_bench {

// Whether oneDNN has a bf16 matmul kernel on this CPU.
inline bool HasBf16Matmul() {
  try {
    dnnl::engine engine(dnnl::engine::kind::cpu, 0);
    const dnnl::memory::desc in({64, 64}, dnnl::memory::data_type::bf16, dnnl::memory::format_tag::ab);
    const dnnl::memory::desc out({64, 64}, dnnl::memory::data_type::f32, dnnl::memory::format_tag::ab);
    dnnl::matmul::primitive_desc(dnnl::matmul::desc(in, in, out), engine);
    return true;
  } catch (const dnnl::error &) {
    return false;
  }
}

// The library's plain GEMM rate on a large square product with the benchmark's threads, best of 4:
// fp32 through dnnl_sgemm, bf16 through a matmul primitive (fp32 output). On a CPU where oneDNN has
// no bf16 matmul (no AVX-512), the ops widen bf16 to fp32: the bf16 rate is then the fp32 one.
inline double GemmGflops(bool bf16, int threads) {
  if (bf16 && !HasBf16Matmul()) return GemmGflops(false, threads);
  const int64_t n = 2048;
  omp_set_num_threads(threads);
  std::vector<float> a(static_cast<size_t>(n * n), 0.5f), b(a), c(a);
  std::vector<uint16_t> a16(a.size(), 0x3F00), b16(a.size(), 0x3F00);
  dnnl::engine engine(dnnl::engine::kind::cpu, 0);
  dnnl::stream stream(engine);
  using dt = dnnl::memory::data_type;
  const dnnl::memory::desc in({n, n}, dt::bf16, dnnl::memory::format_tag::ab);
  const dnnl::memory::desc out({n, n}, dt::f32, dnnl::memory::format_tag::ab);
  dnnl::matmul matmul;
  if (bf16) matmul = dnnl::matmul(dnnl::matmul::primitive_desc(dnnl::matmul::desc(in, in, out), engine));
  double best = 1e30;
  for (int rep = 0; rep < 5; ++rep) {
    const auto t0 = std::chrono::steady_clock::now();
    if (bf16) {
      matmul.execute(stream, {{DNNL_ARG_SRC, dnnl::memory(in, engine, a16.data())},
                              {DNNL_ARG_WEIGHTS, dnnl::memory(in, engine, b16.data())},
                              {DNNL_ARG_DST, dnnl::memory(out, engine, c.data())}});
      stream.wait();
    } else {
      dnnl_sgemm('N', 'N', n, n, n, 1.0f, a.data(), n, b.data(), n, 0.0f, c.data(), n);
    }
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (rep > 0) best = std::min(best, s);  // rep 0 JIT-compiles and faults pages in
  }
  return 2.0 * n * n * n / best / 1e9;
}

// The first line of a compute-bound bench's note: the library and the two rates measured in this run.
inline std::string GemmRateNote(double f32Rate, double bf16Rate) {
  return "GEMM library rate (oneDNN " + std::to_string(dnnl_version()->major) + "." +
         std::to_string(dnnl_version()->minor) + ", 2048^3, all threads, this run): fp32 " + std::to_string(f32Rate) +
         " GFLOP/s, bf16 " + std::to_string(bf16Rate) + " GFLOP/s.";
}

// Which BLAS PyTorch's fp32 GEMMs reach here: the library behind libblas.so.3 and, for OpenBLAS,
// the kernel set it picked for this CPU.
inline std::string TorchBlas() {
  std::string name = "libblas.so.3";
  std::error_code ec;
  const auto target = std::filesystem::canonical("/usr/lib/x86_64-linux-gnu/libblas.so.3", ec);
  if (!ec) name = target.string();
  if (void *lib = dlopen("libblas.so.3", RTLD_LAZY | RTLD_NOLOAD)) {
    using CoreName = char *(*)();
    if (auto core = reinterpret_cast<CoreName>(dlsym(lib, "openblas_get_corename")))
      name += ", core " + std::string(core());
    dlclose(lib);
  }
  return name;
}

}  // namespace aclcpu_bench
