// One full training step (forward, loss, backward, AdamW) of the two example programs at realistic sizes
// (--large: the transformer block with d_model 512, 8 heads, sequence 256, batch 8; the UNet ResBlock with 320
// channels, 32x32, batch 4) against the same model in PyTorch's CPU autograd with torch.optim.AdamW's update, on
// the same threads. Ours is the program itself, run as a user runs it; its per-operator breakdown comes from the
// runtime's trace aid (ACLNN_CPU_DEBUG=trace: every launch's time). PyTorch runs with warm memory (glibc keeps
// freed blocks, as a caching allocator does), its cold figure beside it.
//
//   bench_train_step            (ACLNN_BENCH_THREADS=N for other than 2 threads)
#include <ATen/ATen.h>
#include <ATen/Parallel.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "common/bench_util.h"
#include "common/torch_bench.h"
#include "train/train_models.h"

namespace {

using aclcpu_bench::BenchThreads;
using aclcpu_bench::UseColdMalloc;
using aclcpu_bench::UseWarmMalloc;
using aclcpu_test::Lcg;

constexpr int kSteps = 6;  // the first is not timed (pages touched, caches filled)

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0.0 : v[v.size() / 2];
}

// Our step time: the program's own per-step wall times (--time), median of the steps after the first.
double OurStepMs(const std::string &program, int threads) {
  const std::string command = "OMP_NUM_THREADS=" + std::to_string(threads) + " " + program +
                              " --large --time --steps " + std::to_string(kSteps);
  FILE *pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return 0.0;
  std::vector<double> ms;
  char line[512];
  while (fgets(line, sizeof line, pipe) != nullptr) {
    int step = 0;
    double loss = 0, took = 0;
    if (sscanf(line, "step %d loss %lf %lf ms", &step, &loss, &took) == 3 && step > 1) ms.push_back(took);
  }
  pclose(pipe);
  return Median(ms);
}

// Where our step's time goes: the trace aid's per-launch times (stderr, written as each launch ends) summed per
// function over the steps after the first (every step makes the same launches, so the first step's are the first
// 1/steps of them).
std::vector<std::pair<std::string, double>> OurBreakdown(const std::string &program, int threads, int steps) {
  const std::string command = "OMP_NUM_THREADS=" + std::to_string(threads) + " ACLNN_CPU_DEBUG=trace " + program +
                              " --large --steps " + std::to_string(steps) + " 2>&1 >/dev/null";
  FILE *pipe = popen(command.c_str(), "r");
  std::vector<std::pair<std::string, double>> launches;
  char line[4096];
  while (pipe != nullptr && fgets(line, sizeof line, pipe) != nullptr) {
    const std::string text = line;
    const size_t name = text.find("aclnn"), paren = text.find('(', name), took = text.rfind(" took ");
    if (name == std::string::npos || paren == std::string::npos || took == std::string::npos) continue;
    launches.emplace_back(text.substr(name, paren - name), std::atof(text.c_str() + took + 6));
  }
  if (pipe != nullptr) pclose(pipe);
  std::map<std::string, double> total;
  for (size_t i = launches.size() / static_cast<size_t>(steps); i < launches.size(); ++i) {
    total[launches[i].first] += launches[i].second;
  }
  std::vector<std::pair<std::string, double>> rows;
  for (const auto &[op, ms] : total) rows.emplace_back(op, ms / std::max(1, steps - 1));
  std::sort(rows.begin(), rows.end(), [](const auto &a, const auto &b) { return a.second > b.second; });
  return rows;
}

// PyTorch's step: forward, loss, backward, the AdamW update; median over the steps after the first.
double TorchStepMs(const std::function<at::Tensor(const std::vector<at::Tensor> &)> &model,
                   std::vector<at::Tensor> params) {
  for (at::Tensor &p : params) p = p.clone().detach().set_requires_grad(true);  // a copy: the update is in place
  aclcpu_test::AdamW optimizer;
  std::vector<double> ms;
  for (int s = 0; s < kSteps; ++s) {
    const auto start = std::chrono::steady_clock::now();
    model(params).backward();
    optimizer.Step(params);
    const std::chrono::duration<double, std::milli> took = std::chrono::steady_clock::now() - start;
    if (s > 0) ms.push_back(took.count());
  }
  return Median(ms);
}

struct Result {
  std::string name;
  double ours, warm, cold;
  std::vector<std::pair<std::string, double>> breakdown;
};

Result Measure(const char *name, const std::string &program, int threads,
               const std::function<at::Tensor(const std::vector<at::Tensor> &)> &model,
               const std::vector<at::Tensor> &init) {
  Result r{name, OurStepMs(program, threads), 0, 0, OurBreakdown(program, threads, 3)};
  UseWarmMalloc();
  r.warm = TorchStepMs(model, init);
  UseColdMalloc();
  r.cold = TorchStepMs(model, init);
  UseWarmMalloc();
  return r;
}

}  // namespace

int main() {
  const int threads = BenchThreads();
  at::set_num_threads(threads);
  std::vector<Result> results;
  {
    const auto z = aclcpu_test::kTransformerLarge;
    Lcg lcg{20261127};
    const auto init = aclcpu_test::DrawParameters(aclcpu_test::TransformerSpecs(z), &lcg);
    results.push_back(Measure(
        "transformer block (d 512, 8 heads, seq 256, batch 8)", ACLNN_CPU_TRANSFORMER_PROGRAM, threads,
        [z](const std::vector<at::Tensor> &p) { return aclcpu_test::TransformerLoss(z, p); }, init));
  }
  {
    const auto z = aclcpu_test::kUnetLarge;
    Lcg lcg{20261127};
    const auto init = aclcpu_test::DrawParameters(aclcpu_test::UnetSpecs(z), &lcg);
    const auto data = aclcpu_test::UnetData(z, &lcg);
    results.push_back(Measure(
        "UNet ResBlock (320 ch, 32x32, batch 4)", ACLNN_CPU_UNET_PROGRAM, threads,
        [z, data](const std::vector<at::Tensor> &p) { return aclcpu_test::UnetLoss(z, data, p); }, init));
  }
  printf("one training step, %d threads: ours, PyTorch autograd + AdamW with warm and cold memory\n\n", threads);
  printf("| model | ours (ms) | PyTorch warm (ms) | PyTorch cold (ms) | speed-up vs warm |\n|---|---|---|---|---|\n");
  for (const Result &r : results) {
    printf("| %s | %.1f | %.1f | %.1f | %.2fx |\n", r.name.c_str(), r.ours, r.warm, r.cold, r.warm / r.ours);
  }
  for (const Result &r : results) {
    printf("\nwhere our %s step goes (trace aid, ms per step):\n\n| function | ms | share |\n|---|---|---|\n",
           r.name.c_str());
    double sum = 0;
    for (const auto &row : r.breakdown) sum += row.second;
    for (const auto &row : r.breakdown) {
      printf("| %s | %.2f | %.0f %% |\n", row.first.c_str(), row.second, 100 * row.second / sum);
    }
  }
  return 0;
}
