// The loss family against float64 references (docs/ops/loss.md): random shapes, dtypes, strided views,
// reductions, weights and ignoreIndex, one table row per case; each case also runs on 1 and 2 threads and must
// give the same bits. Then the phase-2 failure of an out-of-range target, the empty and all-ignored exits, and
// the vendor examples' values.
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "loss/loss_test_util.h"

namespace aclcpu_test::loss_numeric_test {
namespace {

// |got - ref| within `ulps` ulps of dtype t at |ref| (NaN only for NaN).
void ExpectNear(const std::vector<double> &got, const std::vector<double> &ref, aclDataType t, double ulps,
                const std::string &what) {
  ASSERT_EQ(got.size(), ref.size()) << what;
  for (size_t i = 0; i < ref.size(); ++i) {
    if (std::isnan(ref[i])) {
      EXPECT_TRUE(std::isnan(got[i])) << what << " [" << i << "]";
      continue;
    }
    EXPECT_LE(std::fabs(got[i] - ref[i]), ulps * UlpAt(t, std::fabs(ref[i])) + 1e-300)
        << what << " [" << i << "] " << got[i] << " vs " << ref[i];
  }
}

// The dtype whose ulps bound a result: the vendor computes in `kernel` and casts to `out`, so an out wider than
// `kernel` (or the other 16-bit dtype) still holds a value rounded to `kernel`.
aclDataType TolDtype(aclDataType kernel, aclDataType out) {
  if (out == kernel) return out;
  const bool kernel16 = kernel == ACL_FLOAT16 || kernel == ACL_BF16;
  return (kernel16 || aclDataTypeSize(out) > aclDataTypeSize(kernel)) ? kernel : out;
}

// Element of `shape` (right-aligned broadcast) that flat index i of the broadcast shape `out` reads.
int64_t BroadcastIndex(const std::vector<int64_t> &out, const std::vector<int64_t> &shape, int64_t i) {
  int64_t index = 0, stride = 1;
  for (size_t k = 0; k < out.size(); ++k) {
    const size_t d = out.size() - 1 - k;
    const int64_t coord = i % out[d];
    i /= out[d];
    if (k < shape.size()) {
      const size_t sd = shape.size() - 1 - k;
      if (shape[sd] != 1) index += coord * stride;
      stride *= shape[sd];
    }
  }
  return index;
}

std::vector<int64_t> BroadcastOf(const std::vector<int64_t> &a, const std::vector<int64_t> &b) {
  std::vector<int64_t> out(std::max(a.size(), b.size()), 1);
  for (size_t k = 0; k < out.size(); ++k) {
    const int64_t x = k < a.size() ? a[a.size() - 1 - k] : 1, y = k < b.size() ? b[b.size() - 1 - k] : 1;
    out[out.size() - 1 - k] = x == 1 ? y : x;
  }
  return out;
}

Layout LayoutOf(int kind, size_t rank) {
  if (kind == 1) return Layout::Padded(rank);
  if (kind == 2) return Layout::Transposed(rank);
  return Layout::Dense();
}

// ---- MseLoss / MseLossBackward ---------------------------------------------------------------------------------

struct MseCase {
  std::vector<int64_t> self, target, grad;  // grad: backward only (empty = forward)
  aclDataType dtype, targetDtype, outDtype;
  int64_t reduction;
  int layout;  // 0 dense, 1 padded, 2 transposed
};

class MseNumeric : public ::testing::TestWithParam<MseCase> {};

TEST_P(MseNumeric, MatchesFloat64AndThreads) {
  const MseCase &c = GetParam();
  const bool backward = !c.grad.empty();
  std::vector<int64_t> shape = BroadcastOf(c.self, c.target);
  if (backward) shape = BroadcastOf(BroadcastOf(c.grad, c.self), c.target);
  std::mt19937_64 rng(static_cast<uint64_t>(NumelOf(shape) * 31 + c.reduction));
  DeviceTensor self(c.self, c.dtype, LayoutOf(c.layout, c.self.size()));
  DeviceTensor target(c.target, c.targetDtype, LayoutOf(c.layout, c.target.size()));
  DeviceTensor grad(backward ? c.grad : std::vector<int64_t>{1}, c.dtype, LayoutOf(c.layout, c.grad.size()));
  self.Fill(RandomValues(rng, self.numel(), -2, 2));
  target.Fill(RandomValues(rng, target.numel(), -2, 2));
  grad.Fill(RandomValues(rng, grad.numel(), -1, 1));
  const std::vector<int64_t> outShape = (backward || c.reduction == 0) ? shape : std::vector<int64_t>{};
  const std::vector<double> x = self.Read(), y = target.Read(), g = grad.Read();
  const int64_t n = NumelOf(shape);
  std::vector<double> ref;
  double sum = 0.0;
  for (int64_t i = 0; i < n; ++i) {
    const double d = x[BroadcastIndex(shape, c.self, i)] - y[BroadcastIndex(shape, c.target, i)];
    if (backward) {
      const double norm = c.reduction == 1 ? 2.0 / static_cast<double>(n) : 2.0;
      ref.push_back(norm * d * g[BroadcastIndex(shape, c.grad, i)]);
    } else if (c.reduction == 0) {
      ref.push_back(d * d);
    } else {
      sum += d * d;
    }
  }
  if (!backward && c.reduction != 0) ref = {c.reduction == 1 ? sum / static_cast<double>(n) : sum};
  std::vector<double> results[2];
  for (int threads : {1, 2}) {
    DeviceTensor out(outShape, c.outDtype);
    const aclnnStatus st =
        backward ? RunLoss(
                       threads,
                       [&](uint64_t *ws, aclOpExecutor **e) {
                         return aclnnMseLossBackwardGetWorkspaceSize(grad.get(), self.get(), target.get(), c.reduction,
                                                                     out.get(), ws, e);
                       },
                       aclnnMseLossBackward)
                 : RunLoss(
                       threads,
                       [&](uint64_t *ws, aclOpExecutor **e) {
                         return aclnnMseLossGetWorkspaceSize(self.get(), target.get(), c.reduction, out.get(), ws, e);
                       },
                       aclnnMseLoss);
    ASSERT_EQ(st, ACLNN_SUCCESS) << aclGetRecentErrMsg();
    results[threads - 1] = out.Read();
  }
  // 16-bit self computed in double and rounded once: within one ulp of the output dtype (sums: the double
  // sum's own error is far below that).
  const aclDataType promoted =
      c.dtype == c.targetDtype ? c.dtype : ACL_FLOAT;  // the table mixes only 16-bit with FLOAT or the two 16-bit
  ExpectNear(results[0], ref, TolDtype(promoted, c.outDtype), 1.0, backward ? "MseLossBackward" : "MseLoss");
  EXPECT_TRUE(SameBits(results[0], results[1])) << "1 vs 2 threads";
}

const aclDataType F32 = ACL_FLOAT, F16 = ACL_FLOAT16, BF16 = ACL_BF16;

INSTANTIATE_TEST_SUITE_P(
    Table, MseNumeric,
    ::testing::Values(
        MseCase{{7, 5}, {7, 5}, {}, F32, F32, F32, 0, 0}, MseCase{{7, 5}, {5}, {}, F32, F32, F32, 1, 1},
        MseCase{{3, 1, 6}, {4, 1}, {}, F16, F16, F16, 0, 1}, MseCase{{64, 300}, {64, 300}, {}, F32, F32, F32, 1, 2},
        MseCase{{70, 257}, {70, 257}, {}, BF16, BF16, BF16, 2, 0}, MseCase{{33, 1000}, {1000}, {}, F16, F32, F32, 1, 1},
        MseCase{{4, 9}, {4, 9}, {}, F16, BF16, F32, 2, 0}, MseCase{{2, 3, 4}, {2, 3, 4}, {}, F32, F32, F16, 0, 2},
        MseCase{{}, {}, {}, F32, F32, F32, 1, 0},
        // backward: grad, self, target broadcast; mean divides by the broadcast count.
        MseCase{{6, 5}, {6, 5}, {6, 5}, F32, F32, F32, 0, 0},
        MseCase{{2, 3, 2}, {3, 2}, {1, 3, 2}, F16, F16, F16, 1, 1},
        MseCase{{40, 513}, {40, 513}, {40, 513}, BF16, BF16, F32, 2, 2},
        MseCase{{5, 4}, {5, 4}, {5, 4}, F32, F32, F16, 1, 2}, MseCase{{9000}, {1}, {}, F32, F32, F32, 1, 0}));

// ---- NLLLoss / NLLLossBackward -----------------------------------------------------------------------------------

struct NllCase {
  int64_t rows;  // -1: a 1-D self (C) with a 0-d target
  int64_t classes;
  aclDataType dtype, targetDtype, outDtype;
  int64_t reduction, ignoreIndex;
  double ignoredShare;
  int layout;
  bool stridedTarget;
};

class NllNumeric : public ::testing::TestWithParam<NllCase> {};

TEST_P(NllNumeric, ForwardAndBackwardMatchFloat64AndThreads) {
  const NllCase &c = GetParam();
  const bool batch = c.rows >= 0;
  const int64_t rows = batch ? c.rows : 1;
  std::mt19937_64 rng(static_cast<uint64_t>(rows * 131 + c.classes + c.reduction));
  const std::vector<int64_t> selfShape =
      batch ? std::vector<int64_t>{rows, c.classes} : std::vector<int64_t>{c.classes};
  DeviceTensor self(selfShape, c.dtype, LayoutOf(c.layout, selfShape.size()));
  DeviceTensor weight({c.classes}, c.dtype, LayoutOf(c.layout == 2 ? 0 : c.layout, 1));
  self.Fill(RandomValues(rng, self.numel(), -3, 0));
  weight.Fill(RandomValues(rng, c.classes, 0.1, 2));
  const std::vector<int64_t> t = RandomTargets(rng, rows, c.classes, c.ignoredShare, c.ignoreIndex);
  IndexTensor target(t, batch ? std::vector<int64_t>{rows} : std::vector<int64_t>{}, c.targetDtype, c.stridedTarget);
  const std::vector<double> x = self.Read(), w = weight.Read();
  // float64 reference
  std::vector<double> losses;
  double lossSum = 0.0, weightSum = 0.0;
  for (int64_t n = 0; n < rows; ++n) {
    double l = 0.0;
    if (t[n] != c.ignoreIndex) {
      l = -w[t[n]] * x[n * c.classes + t[n]];
      weightSum += w[t[n]];
    }
    losses.push_back(l);
    lossSum += l;
  }
  const bool none = c.reduction == 0;
  const std::vector<double> lossRef =
      none ? losses : std::vector<double>{c.reduction == 1 ? lossSum / weightSum : lossSum};
  const std::vector<int64_t> outShape = (none && batch) ? std::vector<int64_t>{rows} : std::vector<int64_t>{};
  std::vector<double> fwd[2], tw[2], bwd[2];
  DeviceTensor grad(outShape, c.dtype);
  grad.Fill(RandomValues(rng, grad.numel(), -2, 2));
  const std::vector<double> g = grad.Read();
  for (int threads : {1, 2}) {
    DeviceTensor out(outShape, c.outDtype), totalWeight({1}, c.outDtype);
    ASSERT_EQ(RunLoss(
                  threads,
                  [&](uint64_t *ws, aclOpExecutor **e) {
                    return aclnnNLLLossGetWorkspaceSize(self.get(), target.get(), weight.get(), c.reduction,
                                                        c.ignoreIndex, out.get(), totalWeight.get(), ws, e);
                  },
                  aclnnNLLLoss),
              ACLNN_SUCCESS)
        << aclGetRecentErrMsg();
    fwd[threads - 1] = out.Read();
    tw[threads - 1] = totalWeight.Read();
    // Backward with the forward's total weight (in self's dtype, as a training step passes it).
    DeviceTensor total({1}, c.dtype);
    total.Fill({weightSum});
    DeviceTensor gradIn(selfShape, c.outDtype, LayoutOf(c.layout, selfShape.size()));
    ASSERT_EQ(RunLoss(
                  threads,
                  [&](uint64_t *ws, aclOpExecutor **e) {
                    return aclnnNLLLossBackwardGetWorkspaceSize(grad.get(), self.get(), target.get(), weight.get(),
                                                                c.reduction, c.ignoreIndex, total.get(), gradIn.get(),
                                                                ws, e);
                  },
                  aclnnNLLLossBackward),
              ACLNN_SUCCESS)
        << aclGetRecentErrMsg();
    bwd[threads - 1] = gradIn.Read();
    if (threads == 1) {
      const double totalValue = total.Read()[0];
      std::vector<double> ref(static_cast<size_t>(rows * c.classes), 0.0);
      for (int64_t n = 0; n < rows; ++n) {
        if (t[n] == c.ignoreIndex) continue;
        const double gn = g[(none && batch) ? n : 0];
        ref[n * c.classes + t[n]] = -w[t[n]] * (c.reduction == 1 ? gn / totalValue : gn);
      }
      ExpectNear(bwd[0], ref, TolDtype(c.dtype == BF16 ? BF16 : F32, c.outDtype), 1.0, "NLLLossBackward");
    }
  }
  // The A2 kernel computes BF16 in BF16, FLOAT16 and FLOAT in fp32.
  const aclDataType tol = TolDtype(c.dtype == BF16 ? BF16 : F32, c.outDtype);
  ExpectNear(fwd[0], lossRef, tol, 1.0, "NLLLoss out");
  if (!none) ExpectNear(tw[0], {weightSum}, tol, 1.0, "NLLLoss totalWeight");
  EXPECT_TRUE(SameBits(fwd[0], fwd[1]) && SameBits(tw[0], tw[1]) && SameBits(bwd[0], bwd[1])) << "1 vs 2 threads";
}

constexpr aclDataType I64 = ACL_INT64, I32 = ACL_INT32, U8 = ACL_UINT8;

INSTANTIATE_TEST_SUITE_P(Table, NllNumeric,
                         ::testing::Values(NllCase{5, 7, F32, I64, F32, 0, -100, 0.2, 0, false},
                                           NllCase{64, 10, F32, I32, F32, 1, 3, 0.0, 1, true},
                                           NllCase{33, 100, F16, U8, F16, 2, 255, 0.3, 2, false},
                                           NllCase{300, 50, BF16, I64, BF16, 1, -1, 0.5, 0, true},
                                           NllCase{-1, 9, F32, I64, F32, 0, -100, 0.0, 0, false},
                                           NllCase{-1, 9, F16, I32, F32, 1, -100, 0.0, 1, false},
                                           NllCase{2000, 40, F32, I64, F32, 2, 7, 0.1, 0, false},
                                           NllCase{17, 6, BF16, I32, F32, 0, -100, 0.2, 0, false},
                                           NllCase{12, 3, F32, I64, ACL_DOUBLE, 1, -100, 0.0, 0, false}));

// ---- CrossEntropyLoss ------------------------------------------------------------------------------------------

struct CeCase {
  int64_t rows, classes;
  aclDataType dtype;
  bool weight;
  const char *reduction;
  double smoothing, ignoredShare;
  int layout;
};

class CrossEntropyNumeric : public ::testing::TestWithParam<CeCase> {};

TEST_P(CrossEntropyNumeric, MatchesFloat64AndThreads) {
  const CeCase &c = GetParam();
  std::mt19937_64 rng(static_cast<uint64_t>(c.rows * 7 + c.classes));
  const int64_t ignoreIndex = -100;
  DeviceTensor input({c.rows, c.classes}, c.dtype, LayoutOf(c.layout, 2));
  input.Fill(RandomValues(rng, input.numel(), -6, 6));
  DeviceTensor weight({c.classes}, F32);
  weight.Fill(RandomValues(rng, c.classes, 0.2, 2));
  const std::vector<int64_t> t = RandomTargets(rng, c.rows, c.classes, c.ignoredShare, ignoreIndex);
  IndexTensor target(t, {c.rows}, I64);
  const std::vector<double> x = input.Read();
  std::vector<double> w = weight.Read();
  if (!c.weight) w.assign(static_cast<size_t>(c.classes), 1.0);
  const double eps = static_cast<float>(c.smoothing);
  // float64 reference
  std::vector<double> logProb, losses;
  double nll = 0.0, smooth = 0.0, weightSum = 0.0;
  for (int64_t n = 0; n < c.rows; ++n) {
    double m = -INFINITY;
    for (int64_t k = 0; k < c.classes; ++k) m = std::max(m, x[n * c.classes + k]);
    double s = 0.0;
    for (int64_t k = 0; k < c.classes; ++k) s += std::exp(x[n * c.classes + k] - m);
    const double lse = m + std::log(s);
    double sm = 0.0;
    for (int64_t k = 0; k < c.classes; ++k) {
      logProb.push_back(x[n * c.classes + k] - lse);
      sm -= w[k] * logProb.back();
    }
    double l = 0.0;
    if (t[n] != ignoreIndex) {
      const double ln = -w[t[n]] * logProb[n * c.classes + t[n]];
      l = (1 - eps) * ln + eps / c.classes * sm;
      nll += ln;
      smooth += sm;
      weightSum += w[t[n]];
    }
    losses.push_back(l);
  }
  const std::string r = c.reduction;
  const double total = (1 - eps) * nll + eps / c.classes * smooth;
  const std::vector<double> lossRef =
      r == "none" ? losses : std::vector<double>{r == "mean" ? total / weightSum : total};
  std::vector<double> loss[2], lp[2];
  for (int threads : {1, 2}) {
    DeviceTensor lossOut(r == "none" ? std::vector<int64_t>{c.rows} : std::vector<int64_t>{1}, c.dtype);
    DeviceTensor logProbOut({c.rows, c.classes}, c.dtype, LayoutOf(c.layout, 2));
    DeviceTensor zloss({1}, c.dtype), lse({c.rows}, c.dtype);
    ASSERT_EQ(RunLoss(
                  threads,
                  [&](uint64_t *ws, aclOpExecutor **e) {
                    return aclnnCrossEntropyLossGetWorkspaceSize(
                        input.get(), target.get(), c.weight ? weight.get() : nullptr, const_cast<char *>(c.reduction),
                        ignoreIndex, c.smoothing, 0.0, false, lossOut.get(), logProbOut.get(), zloss.get(), lse.get(),
                        ws, e);
                  },
                  aclnnCrossEntropyLoss),
              ACLNN_SUCCESS)
        << aclGetRecentErrMsg();
    loss[threads - 1] = lossOut.Read();
    lp[threads - 1] = logProbOut.Read();
  }
  ExpectNear(loss[0], lossRef, c.dtype, 1.0, "CrossEntropyLoss loss");
  ExpectNear(lp[0], logProb, c.dtype, 1.0, "CrossEntropyLoss logProb");
  EXPECT_TRUE(SameBits(loss[0], loss[1]) && SameBits(lp[0], lp[1])) << "1 vs 2 threads";
}

INSTANTIATE_TEST_SUITE_P(Table, CrossEntropyNumeric,
                         ::testing::Values(CeCase{2, 5, F32, false, "mean", 0.0, 0.0, 0},
                                           CeCase{64, 33, F32, true, "mean", 0.0, 0.2, 1},
                                           CeCase{40, 17, F16, true, "sum", 0.1, 0.1, 2},
                                           CeCase{100, 1000, BF16, false, "none", 0.0, 0.0, 0},
                                           CeCase{513, 70, F32, true, "none", 0.3, 0.3, 0},
                                           CeCase{9, 5000, F32, false, "mean", 1.0, 0.0, 1},
                                           CeCase{3000, 8, F16, true, "mean", 0.05, 0.5, 0}));

// ---- Edges: out-of-range targets, all ignored, empty inputs, the vendor examples ----------------------------------

TEST(LossEdges, OutOfRangeTargetFailsPhase2AndWritesNothing) {
  DeviceTensor self({3, 4}, F32), weight({4}, F32), out({3}, F32), tw({1}, F32);
  self.Fill({0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11});
  weight.Fill({1, 1, 1, 1});
  IndexTensor target({0, 4, 1}, {3}, I64);
  const aclnnStatus st = RunLoss(
      1,
      [&](uint64_t *ws, aclOpExecutor **e) {
        return aclnnNLLLossGetWorkspaceSize(self.get(), target.get(), weight.get(), 0, -100, out.get(), tw.get(), ws,
                                            e);
      },
      aclnnNLLLoss);
  EXPECT_NE(st, ACLNN_SUCCESS);
  for (double v : out.Read()) EXPECT_TRUE(std::isnan(v));  // the poison fill: nothing written
  DeviceTensor grad({3}, F32), gradIn({3, 4}, F32);
  grad.Fill({1, 1, 1});
  IndexTensor negative({0, -5, 1}, {3}, I32);
  EXPECT_NE(RunLoss(
                1,
                [&](uint64_t *ws, aclOpExecutor **e) {
                  return aclnnNLLLossBackwardGetWorkspaceSize(grad.get(), self.get(), negative.get(), weight.get(), 0,
                                                              -100, tw.get(), gradIn.get(), ws, e);
                },
                aclnnNLLLossBackward),
            ACLNN_SUCCESS);
  DeviceTensor loss({1}, F32), lp({3, 4}, F32), z({1}, F32), lse({3}, F32);
  EXPECT_NE(RunLoss(
                1,
                [&](uint64_t *ws, aclOpExecutor **e) {
                  return aclnnCrossEntropyLossGetWorkspaceSize(self.get(), target.get(), nullptr, nullptr, -100, 0.0,
                                                               0.0, false, loss.get(), lp.get(), z.get(), lse.get(), ws,
                                                               e);
                },
                aclnnCrossEntropyLoss),
            ACLNN_SUCCESS);
  for (double v : lp.Read()) EXPECT_TRUE(std::isnan(v));
}

TEST(LossEdges, AllIgnoredMeanIsNaNAndSumIsZero) {
  DeviceTensor self({2, 3}, F32), weight({3}, F32), out({}, F32), tw({1}, F32);
  self.Fill({-1, -2, -3, -4, -5, -6});
  weight.Fill({1, 2, 3});
  IndexTensor target({-100, -100}, {2}, I64);
  for (int64_t reduction : {1, 2}) {
    ASSERT_EQ(RunLoss(
                  1,
                  [&](uint64_t *ws, aclOpExecutor **e) {
                    return aclnnNLLLossGetWorkspaceSize(self.get(), target.get(), weight.get(), reduction, -100,
                                                        out.get(), tw.get(), ws, e);
                  },
                  aclnnNLLLoss),
              ACLNN_SUCCESS);
    EXPECT_EQ(std::isnan(out.Read()[0]), reduction == 1);
    if (reduction == 2) {
      EXPECT_EQ(out.Read()[0], 0.0);
    }
    EXPECT_EQ(tw.Read()[0], 0.0);
    DeviceTensor loss({1}, F32), lp({2, 3}, F32), z({1}, F32), lse({2}, F32);
    ASSERT_EQ(RunLoss(
                  1,
                  [&](uint64_t *ws, aclOpExecutor **e) {
                    return aclnnCrossEntropyLossGetWorkspaceSize(
                        self.get(), target.get(), nullptr, const_cast<char *>(reduction == 1 ? "mean" : "sum"), -100,
                        0.0, 0.0, false, loss.get(), lp.get(), z.get(), lse.get(), ws, e);
                  },
                  aclnnCrossEntropyLoss),
              ACLNN_SUCCESS);
    EXPECT_EQ(std::isnan(loss.Read()[0]), reduction == 1);
    EXPECT_TRUE(std::isnan(z.Read()[0]) && std::isnan(lse.Read()[0])) << "z-loss outputs are not written";
  }
}

TEST(LossEdges, EmptyInputsFillMeanWithNaNAndSumWithZero) {
  DeviceTensor self({0, 3}, F32), weight({3}, F32), tw({1}, F32);
  IndexTensor target({}, {0}, I64);
  DeviceTensor mseSelf({4, 0}, F32);
  for (int64_t reduction : {1, 2}) {
    DeviceTensor out({}, F32);
    ASSERT_EQ(RunLoss(
                  1,
                  [&](uint64_t *ws, aclOpExecutor **e) {
                    return aclnnNLLLossGetWorkspaceSize(self.get(), target.get(), weight.get(), reduction, -100,
                                                        out.get(), tw.get(), ws, e);
                  },
                  aclnnNLLLoss),
              ACLNN_SUCCESS);
    EXPECT_EQ(std::isnan(out.Read()[0]), reduction == 1);
    EXPECT_EQ(tw.Read()[0], 0.0);
    DeviceTensor mse({}, F32);
    ASSERT_EQ(RunLoss(
                  1,
                  [&](uint64_t *ws, aclOpExecutor **e) {
                    return aclnnMseLossGetWorkspaceSize(mseSelf.get(), mseSelf.get(), reduction, mse.get(), ws, e);
                  },
                  aclnnMseLoss),
              ACLNN_SUCCESS);
    EXPECT_EQ(std::isnan(mse.Read()[0]), reduction == 1);
    if (reduction == 2) {
      EXPECT_EQ(mse.Read()[0], 0.0);
    }
  }
}

// logProbOut exactly input's view (in place) is computed row by row; a logProbOut over other rows of input is refused.
TEST(LossEdges, LogProbInPlaceOrOverlapping) {
  DeviceTensor input({3, 4}, F32), copy({2, 4}, F32);
  const std::vector<double> values = {1, 2, 3, 4, -1, 0, 1, 2, 5, 5, 5, 9};
  input.Fill(values);
  copy.Fill({1, 2, 3, 4, -1, 0, 1, 2});
  IndexTensor target({0, 3}, {2}, I64);
  const int64_t shape[] = {2, 4}, strides[] = {4, 1}, storage[] = {12};
  aclTensor *rows01 = aclCreateTensor(shape, 2, F32, strides, 0, ACL_FORMAT_ND, storage, 1, input.device());
  aclTensor *rows12 = aclCreateTensor(shape, 2, F32, strides, 4, ACL_FORMAT_ND, storage, 1, input.device());
  DeviceTensor loss({1}, F32), z({1}, F32), lse({2}, F32), separate({2, 4}, F32);
  const auto run = [&](aclTensor *in, aclTensor *lp) {
    return RunLoss(
        1,
        [&](uint64_t *ws, aclOpExecutor **e) {
          return aclnnCrossEntropyLossGetWorkspaceSize(in, target.get(), nullptr, nullptr, -100, 0.0, 0.0, false,
                                                       loss.get(), lp, z.get(), lse.get(), ws, e);
        },
        aclnnCrossEntropyLoss);
  };
  EXPECT_EQ(run(rows01, rows12), ACLNN_ERR_PARAM_INVALID);
  ASSERT_EQ(run(copy.get(), separate.get()), ACLNN_SUCCESS);
  const double separateLoss = loss.Read()[0];
  ASSERT_EQ(run(rows01, rows01), ACLNN_SUCCESS);
  const std::vector<double> inPlace = input.Read(), expected = separate.Read();
  EXPECT_TRUE(SameBits(std::vector<double>(inPlace.begin(), inPlace.begin() + 8), expected));
  EXPECT_EQ(loss.Read()[0], separateLoss);
  EXPECT_EQ(inPlace[8], 5.0);  // row 2 is outside both views
  aclDestroyTensor(rows01);
  aclDestroyTensor(rows12);
}

// The vendor example programs' inputs (docs/ops/loss.md §1–§5) and the values they print.
TEST(LossEdges, VendorExamples) {
  DeviceTensor x({2, 2}, F32), y({2, 2}, F32), mean({}, F32), grad({2, 2}, F32);
  x.Fill({0, 1, 2, 3});
  y.Fill({1, 1, 1, 1});
  ASSERT_EQ(RunLoss(
                1,
                [&](uint64_t *ws, aclOpExecutor **e) {
                  return aclnnMseLossGetWorkspaceSize(x.get(), y.get(), 1, mean.get(), ws, e);
                },
                aclnnMseLoss),
            ACLNN_SUCCESS);
  EXPECT_EQ(mean.Read()[0], 1.5);
  ASSERT_EQ(RunLoss(
                1,
                [&](uint64_t *ws, aclOpExecutor **e) {
                  return aclnnMseLossBackwardGetWorkspaceSize(x.get(), x.get(), y.get(), 1, grad.get(), ws, e);
                },
                aclnnMseLossBackward),
            ACLNN_SUCCESS);
  EXPECT_EQ(grad.Read(), (std::vector<double>{0, 0, 1, 3}));

  DeviceTensor self({2, 3}, F32), weight({3}, F32), out({2}, F32), tw({1}, F32);
  self.Fill({0, 1, 2, 3, 4, 5});
  weight.Fill({1.1, 1.2, 1.3});
  tw.Fill({0});
  IndexTensor target({0, 2}, {2}, I32);
  ASSERT_EQ(RunLoss(
                1,
                [&](uint64_t *ws, aclOpExecutor **e) {
                  return aclnnNLLLossGetWorkspaceSize(self.get(), target.get(), weight.get(), 0, -100, out.get(),
                                                      tw.get(), ws, e);
                },
                aclnnNLLLoss),
            ACLNN_SUCCESS);
  EXPECT_EQ(out.Read(), (std::vector<double>{-0.0, static_cast<float>(-1.3f * 5.0f)}));
  DeviceTensor g({2}, F32), gradIn({2, 3}, F32);
  g.Fill({3.1, 6.5});
  ASSERT_EQ(RunLoss(
                1,
                [&](uint64_t *ws, aclOpExecutor **e) {
                  return aclnnNLLLossBackwardGetWorkspaceSize(g.get(), self.get(), target.get(), weight.get(), 0, -100,
                                                              tw.get(), gradIn.get(), ws, e);
                },
                aclnnNLLLossBackward),
            ACLNN_SUCCESS);
  const std::vector<double> gi = gradIn.Read();
  EXPECT_NEAR(gi[0], -3.41, 1e-6);
  EXPECT_NEAR(gi[5], -8.45, 1e-6);
  EXPECT_EQ(gi[1], 0.0);

  DeviceTensor input({2, 5}, F32), loss({1}, F32), lp({2, 5}, F32), z({1}, F32), lse({2}, F32);
  input.Fill({5, 0, 3, 3, 7, 9, 3, 5, 2, 4});
  IndexTensor ceTarget({0, 0}, {2}, I64);
  ASSERT_EQ(RunLoss(
                1,
                [&](uint64_t *ws, aclOpExecutor **e) {
                  return aclnnCrossEntropyLossGetWorkspaceSize(input.get(), ceTarget.get(), nullptr,
                                                               const_cast<char *>("mean"), -100, 0.0, 0.0, false,
                                                               loss.get(), lp.get(), z.get(), lse.get(), ws, e);
                },
                aclnnCrossEntropyLoss),
            ACLNN_SUCCESS);
  EXPECT_NEAR(loss.Read()[0], 1.0937543, 1e-6);
  EXPECT_NEAR(lp.Read()[0], -2.159461, 1e-6);
  EXPECT_NEAR(lp.Read()[5], -0.0280476, 1e-6);
}

}  // namespace
}  // namespace aclcpu_test::loss_numeric_test
