// Shared benchmark machinery: thread setup, the in-run bandwidth probe, and a reporter that turns
// the "ours" and "torch" rows into one comparison table.
#pragma once

#include <benchmark/benchmark.h>
#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

namespace aclcpu_bench {

// Threads for both libraries (ACLNN_BENCH_THREADS, default 2: the project's reference machine).
inline int BenchThreads() {
  const char *env = std::getenv("ACLNN_BENCH_THREADS");
  return env != nullptr ? std::max(1, std::atoi(env)) : 2;
}

// Triad arrays a[i] = b[i] + s * c[i], n floats each, and the seconds of one pass over them with
// `threads` threads and regular stores, as the kernels store.
struct TriadArrays {
  std::vector<float> a, b, c;
  explicit TriadArrays(size_t n) : a(n), b(n, 1.0f), c(n, 2.0f) {}
  double TimePass(int threads) {
    const size_t n = a.size();
    float *out = a.data();
    const float *x = b.data(), *y = c.data();
    const auto t0 = std::chrono::steady_clock::now();
#pragma omp parallel for num_threads(threads) schedule(static)
    for (size_t i = 0; i < n; ++i) out[i] = x[i] + 0.5f * y[i];
    benchmark::DoNotOptimize(out);
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  }
};

// The triad over arrays far larger than the caches: useful bytes (3 x 4 per element) per second,
// best of 5.
inline double MeasureTriadGBs(int threads) {
  const size_t n = size_t{64} << 20;  // 256 MiB per array
  TriadArrays arrays(n);
  double best = 0;
  for (int rep = 0; rep < 6; ++rep) {
    const double s = arrays.TimePass(threads);
    if (rep > 0) best = std::max(best, 3.0 * 4.0 * static_cast<double>(n) / s / 1e9);  // rep 0 faults pages in
  }
  return best;
}

// The same triad over arrays that together hold `bytes` (two read, one written), run repeatedly on
// the same arrays as a benchmark loop runs an op: whatever part of them fits stays in L2/L3. Its
// median time is what moving that many bytes costs from that cache tier with regular stores, which
// the DRAM triad above overstates for rows that fit in the 32 MiB L3. (A kernel that streams a large
// output past the caches with non-temporal stores can beat it on rows larger than L3.)
inline double MeasureWarmTriadSeconds(double bytes, int threads) {
  TriadArrays arrays(static_cast<size_t>(bytes / 12.0));
  std::vector<double> times;
  double total = 0;
  for (int rep = 0; rep < 300 && (rep < 23 || total < 0.2); ++rep) {
    const double s = arrays.TimePass(threads);
    if (rep >= 3) times.push_back(s);  // the first passes fault pages in and fill the caches
    total += s;
  }
  std::nth_element(times.begin(), times.begin() + times.size() / 2, times.end());
  return times[times.size() / 2];
}

struct Row {
  std::string op, shape, dtype;
  double bytes = 0;  // minimal DRAM traffic of the op (peers-and-limits.md §8)
  // Compute-bound ops instead give their FLOPs and the FLOP rate they are held against (GFLOP/s
  // measured in the same run); the table then reports GFLOP/s and the fraction of that rate.
  double flops = 0, boundGflops = 0;
  // The benchmark names are Name() + "/ours" and Name() + "/torch".
  std::string Name() const { return op + "/" + shape + "/" + dtype; }
};

// Collects real times per benchmark name while printing the usual console output.
class TableReporter : public benchmark::ConsoleReporter {
 public:
  // With --benchmark_repetitions=N the table takes each benchmark's median, which this VM's
  // noisy neighbours move far less than a single run.
  void ReportRuns(const std::vector<Run> &runs) override {
    for (const Run &r : runs) {
      if (r.error_occurred) continue;
      const double seconds = r.GetAdjustedRealTime() / benchmark::GetTimeUnitMultiplier(r.time_unit);
      if (r.run_type == Run::RT_Iteration) {
        seconds_[r.run_name.str()] = seconds;
      } else if (r.aggregate_name == "median") {
        medians_[r.run_name.str()] = seconds;
      }
    }
    ConsoleReporter::ReportRuns(runs);
  }
  // Our time and PyTorch's for a table row (0 for a benchmark that did not run).
  double OursSeconds(const std::string &row) const { return Seconds(row + "/ours/real_time"); }
  double TorchSeconds(const std::string &row) const { return Seconds(row + "/torch/real_time"); }
  double TorchColdSeconds(const std::string &row) const { return Seconds(row + "/torch_cold/real_time"); }
  double Seconds(const std::string &name) const {
    auto median = medians_.find(name);
    if (median != medians_.end()) return median->second;
    auto it = seconds_.find(name);
    return it == seconds_.end() ? 0 : it->second;
  }

 private:
  std::map<std::string, double> seconds_, medians_;
};

// For each byte-bound row that ran: the cache-warm triad over the row's bytes (see
// MeasureWarmTriadSeconds) and our time and PyTorch's as multiples of it. Near 1: the op moves its
// bytes about as fast as a plain copy-like loop could; well above 1: it is bound by compute.
inline void PrintWarmTriads(const std::vector<Row> &rows, const TableReporter &reporter, int threads) {
  bool header = false;
  for (const Row &row : rows) {
    const double ours = reporter.OursSeconds(row.Name()), torch = reporter.TorchSeconds(row.Name());
    if (row.flops > 0 || ours <= 0) continue;
    if (!header) {
      std::printf(
          "\nwarm triad: a triad over each row's bytes, repeated on the same arrays (median, regular stores)\n");
      std::printf(
          "| op | shape | dtype | warm triad (ms) | ours / triad | PyTorch / triad |\n|---|---|---|---|---|---|\n");
      header = true;
    }
    const double triad = MeasureWarmTriadSeconds(row.bytes, threads);
    std::printf("| %s | %s | %s | %.3f | %.2f | %.2f |\n", row.op.c_str(), row.shape.c_str(), row.dtype.c_str(),
                triad * 1e3, ours / triad, torch / triad);
  }
}

// Prints the markdown table of docs/performance.md: ours vs PyTorch with warm memory (its cold figure
// beside it; see UseWarmMalloc), GB/s and fraction of the measured bound, then the geometric mean of
// the speed-ups over warm PyTorch.
inline void PrintTable(const std::vector<Row> &rows, const TableReporter &reporter, double boundGBs, int threads,
                       const char *torchNote) {
  std::printf("\nthreads %d, triad bound %.1f GB/s (measured in this run)\n", threads, boundGBs);
  std::printf(
      "| op | shape | dtype | ours (ms) | PyTorch warm (ms) | PyTorch cold (ms) | speed-up | ours | of bound |\n");
  std::printf("|---|---|---|---|---|---|---|---|---|\n");
  double logSum = 0;
  int counted = 0;
  for (const Row &row : rows) {
    const std::string base = row.Name();
    const double ours = reporter.OursSeconds(base), torch = reporter.TorchSeconds(base);
    const double torchCold = reporter.TorchColdSeconds(base);
    const bool flopBound = row.flops > 0;
    const double rate = ours > 0 ? (flopBound ? row.flops : row.bytes) / ours / 1e9 : 0;
    const double bound = flopBound ? row.boundGflops : boundGBs;
    char speedup[32] = "n/a";
    if (ours > 0 && torch > 0) {
      std::snprintf(speedup, sizeof speedup, "%.2fx", torch / ours);
      logSum += std::log(torch / ours);
      ++counted;
    }
    std::printf("| %s | %s | %s | %.3f | %.3f | %.3f | %s | %.1f %s | %.0f%% |\n", row.op.c_str(), row.shape.c_str(),
                row.dtype.c_str(), ours * 1e3, torch * 1e3, torchCold * 1e3, speedup, rate,
                flopBound ? "GFLOP/s" : "GB/s", 100 * rate / bound);
  }
  if (counted > 0)
    std::printf("\ngeometric-mean speed-up over PyTorch (warm memory): %.2fx (%d rows)\n", std::exp(logSum / counted),
                counted);
  if (torchNote != nullptr) std::printf("%s\n", torchNote);
}

}  // namespace aclcpu_bench
