// The matmul family against PyTorch (at::matmul, at::mm, at::bmm, at::addmm) on 200 random problems per
// function and dtype: random shapes (Matmul: ranks 1-5 with NumPy batch broadcast; BatchMatMul: a batch of 1 on
// either side), transposed and padded views with offsets, Addmm's self shapes and scalars. FLOAT (cubeMathType
// 0): our largest error against a float64 reference is at most PyTorch's plus one ulp of the output dtype.
// FLOAT16 / BF16 (PyTorch 1.13's CPU may lack the kernel): every element within the fp32 accumulation bound plus
// one ulp of the 16-bit dtype of the float64 reference, and no worse than PyTorch where PyTorch runs.
#include <ATen/ATen.h>
#include <ATen/Parallel.h>

#include <cmath>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "aclnnop/aclnn_addmm.h"
#include "aclnnop/aclnn_batch_matmul.h"
#include "aclnnop/aclnn_matmul.h"
#include "aclnnop/aclnn_mm.h"
#include "common/test_tensor.h"
#include "common/torch_convert.h"

namespace aclcpu_test::matmul_torch_test {
namespace {

enum class Fn { kMatmul, kMm, kBatchMatMul, kAddmm };
const char *FnName(Fn f) {
  static const char *const names[] = {"Matmul", "Mm", "BatchMatMul", "Addmm"};
  return names[static_cast<int>(f)];
}

using ScalarHandle = std::unique_ptr<aclScalar, aclnnStatus (*)(const aclScalar *)>;
ScalarHandle FloatScalar(double v) {
  float f = static_cast<float>(v);
  return ScalarHandle(aclCreateScalar(&f, ACL_FLOAT), aclDestroyScalar);
}

// Both phases; self / beta / alpha only for Addmm.
aclnnStatus RunOp(Fn fn, aclTensor *self, aclTensor *a, aclTensor *b, double beta, double alpha, aclTensor *out) {
  uint64_t ws = 0;
  aclOpExecutor *exec = nullptr;
  const int8_t cmt = 0;
  const ScalarHandle sb = FloatScalar(beta), sa = FloatScalar(alpha);
  aclnnStatus st = -1;
  switch (fn) {
    case Fn::kMatmul: st = aclnnMatmulGetWorkspaceSize(a, b, out, cmt, &ws, &exec); break;
    case Fn::kMm: st = aclnnMmGetWorkspaceSize(a, b, out, cmt, &ws, &exec); break;
    case Fn::kBatchMatMul: st = aclnnBatchMatMulGetWorkspaceSize(a, b, out, cmt, &ws, &exec); break;
    case Fn::kAddmm: st = aclnnAddmmGetWorkspaceSize(self, a, b, sb.get(), sa.get(), out, cmt, &ws, &exec); break;
  }
  if (st != ACLNN_SUCCESS) return st;
  switch (fn) {
    case Fn::kMatmul: return RunPhase2(aclnnMatmul, ws, exec);
    case Fn::kMm: return RunPhase2(aclnnMm, ws, exec);
    case Fn::kBatchMatMul: return RunPhase2(aclnnBatchMatMul, ws, exec);
    case Fn::kAddmm: return RunPhase2(aclnnAddmm, ws, exec);
  }
  return -1;
}

// PyTorch's function; BatchMatMul's size-1 batch is expanded (at::bmm does not broadcast).
at::Tensor Torch(Fn fn, const at::Tensor &self, const at::Tensor &a, const at::Tensor &b, double beta, double alpha) {
  switch (fn) {
    case Fn::kMatmul: return at::matmul(a, b);
    case Fn::kMm: return at::mm(a, b);
    case Fn::kBatchMatMul: {
      const int64_t batch = std::max(a.size(0), b.size(0));
      return at::bmm(a.expand({batch, a.size(1), a.size(2)}), b.expand({batch, b.size(1), b.size(2)}));
    }
    case Fn::kAddmm: return at::addmm(self, a, b, beta, alpha);
  }
  return a;
}

bool TorchRuns(Fn fn, aclDataType t) {
  try {
    const at::Tensor x = at::rand({2, 2}).to(TorchType(t)), y = at::rand({1, 2, 2}).to(TorchType(t));
    Torch(fn, x, fn == Fn::kBatchMatMul ? y : x, fn == Fn::kBatchMatMul ? y : x, 1, 1);
    return true;
  } catch (const std::exception &) {
    return false;
  }
}

int64_t Dim(std::mt19937_64 &rng, int64_t hi) { return 1 + static_cast<int64_t>(rng() % static_cast<uint64_t>(hi)); }

struct Problem {
  std::vector<int64_t> self, a, b;
  double beta = 1, alpha = 1;
};

// Random shapes: m, n up to 40; k up to 80, one problem in eight up to 1500.
Problem RandomProblem(Fn fn, std::mt19937_64 &rng) {
  const int64_t m = Dim(rng, 40), n = Dim(rng, 40), k = rng() % 8 == 0 ? Dim(rng, 1500) : Dim(rng, 80);
  Problem p;
  switch (fn) {
    case Fn::kMm: p.a = {m, k}, p.b = {k, n}; break;
    case Fn::kBatchMatMul: {
      const int64_t batch = Dim(rng, 6);
      const uint64_t side = rng() % 3;  // 0: equal, 1: self's batch 1, 2: mat2's batch 1
      p.a = {side == 1 ? 1 : batch, m, k};
      p.b = {side == 2 ? 1 : batch, k, n};
      break;
    }
    case Fn::kMatmul: {
      const std::vector<int64_t> common = {Dim(rng, 3), Dim(rng, 3), Dim(rng, 4)};
      const auto side = [&](int64_t rows, int64_t cols, bool vectorIsRows) {
        const int rank = 1 + static_cast<int>(rng() % 5);
        if (rank == 1) return std::vector<int64_t>{vectorIsRows ? cols : rows};
        std::vector<int64_t> s(common.end() - (rank - 2), common.end());
        for (int64_t &d : s)
          if (rng() % 3 == 0) d = 1;
        s.push_back(rows);
        s.push_back(cols);
        return s;
      };
      p.a = side(m, k, true);
      p.b = side(k, n, false);
      // Keep the biggest problems small enough for the float64 references.
      if (NumelOf(p.a) * n > 3000000 || NumelOf(p.b) * m > 3000000) return RandomProblem(fn, rng);
      break;
    }
    case Fn::kAddmm: {
      p.a = {m, k}, p.b = {k, n};
      const std::vector<std::vector<int64_t>> selves = {{n}, {1, n}, {m, 1}, {m, n}, {1}, {1, 1}};
      p.self = selves[rng() % selves.size()];
      const double betas[] = {1, 0.5, -1.5, 0}, alphas[] = {1, 2.25, -0.75};
      p.beta = betas[rng() % 4];
      p.alpha = alphas[rng() % 3];
      break;
    }
  }
  return p;
}

// A random layout; its letter (T transposed, P padded with an offset, D dense) is appended to *label.
Layout RandomLayout(std::mt19937_64 &rng, size_t rank, std::string *label) {
  switch (rng() % 3) {
    case 0: *label += 'T'; return Layout::Transposed(rank);
    case 1: *label += 'P'; return Layout::Padded(rank, 1 + static_cast<int64_t>(rng() % 4));
    default: *label += 'D'; return Layout::Dense();
  }
}

class MatmulTorchParity : public ::testing::TestWithParam<std::tuple<Fn, aclDataType>> {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

TEST_P(MatmulTorchParity, RandomCasesAgainstFloat64AndTorch) {
  const auto [fn, dtype] = GetParam();
  const bool torchRuns = TorchRuns(fn, dtype);
  at::set_num_threads(2);
  std::mt19937_64 rng(777 + 31 * static_cast<int>(fn) + static_cast<int>(dtype));
  for (int c = 0; c < 200; ++c) {
    const Problem p = RandomProblem(fn, rng);
    std::string layouts;  // a, b, self, out
    DeviceTensor a(p.a, dtype, RandomLayout(rng, p.a.size(), &layouts)),
        b(p.b, dtype, RandomLayout(rng, p.b.size(), &layouts));
    const std::vector<int64_t> selfShape = p.self.empty() ? std::vector<int64_t>{1} : p.self;
    DeviceTensor self(selfShape, dtype, RandomLayout(rng, selfShape.size(), &layouts));
    a.Fill(RandomValues(rng, a.numel(), -1, 1));
    b.Fill(RandomValues(rng, b.numel(), -1, 1));
    self.Fill(RandomValues(rng, self.numel(), -1, 1));
    const std::vector<double> va = a.Read(), vb = b.Read(), vs = self.Read();
    const at::Tensor da = ToTorch(va, p.a, ACL_DOUBLE), db = ToTorch(vb, p.b, ACL_DOUBLE),
                     ds = ToTorch(vs, selfShape, ACL_DOUBLE);
    const at::Tensor refT = Torch(fn, ds, da, db, p.beta, p.alpha);
    const std::vector<int64_t> outShape(refT.sizes().begin(), refT.sizes().end());
    DeviceTensor out(outShape, dtype, RandomLayout(rng, outShape.size(), &layouts));
    ASSERT_EQ(RunOp(fn, self.get(), a.get(), b.get(), p.beta, p.alpha, out.get()), ACLNN_SUCCESS)
        << FnName(fn) << " case " << c << ": " << aclGetRecentErrMsg();
    const std::vector<double> ours = out.Read(), ref = FromTorch(refT);
    const std::string what = std::string(FnName(fn)) + " case " + std::to_string(c) + " a " +
                             ::testing::PrintToString(p.a) + " b " + ::testing::PrintToString(p.b) + " self " +
                             ::testing::PrintToString(p.self) + " layouts (a, b, self, out) " + layouts;
    if (torchRuns) {
      const at::Tensor theirs =
          Torch(fn, ToTorch(vs, selfShape, dtype), ToTorch(va, p.a, dtype), ToTorch(vb, p.b, dtype), p.beta, p.alpha);
      EXPECT_TRUE(NoWorseThanTorch(ours, FromTorch(theirs), ref, dtype)) << what;
    }
    if (dtype == ACL_FLOAT) continue;
    // The 16-bit bound: fp32 accumulation (k * 2^-23 * sum |a_i b_i|) and one ulp of the dtype.
    const int64_t k = p.a.back();
    const std::vector<double> absRef =
        FromTorch(Torch(fn, ds.abs(), da.abs(), db.abs(), std::fabs(p.beta), std::fabs(p.alpha)));
    int bad = 0;
    for (size_t i = 0; i < ours.size(); ++i) {
      // Addmm: also a 16-bit rounding of alpha * P or beta * self before the combination (§6 step 5 routes).
      const double rounding = fn == Fn::kAddmm ? 3 * UlpAt(dtype, absRef[i]) : UlpAt(dtype, std::fabs(ref[i]));
      const double tol = static_cast<double>(k) * std::ldexp(1.0, -23) * absRef[i] + rounding +
                         std::ldexp(1.0, dtype == ACL_FLOAT16 ? -24 : -133);
      if (!(std::fabs(ours[i] - ref[i]) <= tol) && bad++ < 3)
        ADD_FAILURE() << what << " [" << i << "] got " << ours[i] << ", float64 " << ref[i] << ", tolerance " << tol;
    }
    EXPECT_EQ(bad, 0) << what;
  }
}

INSTANTIATE_TEST_SUITE_P(AllDtypes, MatmulTorchParity,
                         ::testing::Combine(::testing::Values(Fn::kMatmul, Fn::kMm, Fn::kBatchMatMul, Fn::kAddmm),
                                            ::testing::Values(ACL_FLOAT, ACL_FLOAT16, ACL_BF16)),
                         [](const auto &info) {
                           return std::string(FnName(std::get<0>(info.param))) + "_" +
                                  DTypeLabel(std::get<1>(info.param));
                         });

}  // namespace
}  // namespace aclcpu_test::matmul_torch_test
