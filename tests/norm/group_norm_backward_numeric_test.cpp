// aclnnGroupNormBackward against a float64 reference (docs/ops/group_norm.md §2.2): with xhat = (x - mean) rstd,
// gradBeta = sum dy, gradGamma = sum dy xhat, gradInput = rstd (gamma dy - c1 - xhat c2). The vendor example, every
// dtype, ranks 1-8, one group / C groups / in between, every outputMask, null gamma, strided and transposed views,
// sizes around vector widths and pieces, a group too large to stash, non-finite values, every SIMD target, and
// 1 vs 2 threads bitwise.
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "aclnnop/aclnn_group_norm_backward.h"
#include "common/simd_targets.h"
#include "common/test_tensor.h"

namespace aclcpu_test::group_norm_backward_numeric_test {
namespace {

const aclDataType kDTypes[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};

struct GnbOutputs {
  aclnnStatus status = -1;
  std::vector<double> dx, dgamma, dbeta;
  std::vector<double> refDx, refDgamma, refDbeta;        // float64, unrounded
  std::vector<double> dxScale, dgammaScale, dbetaScale;  // sums of |terms|: what rounding errors scale with
  std::vector<unsigned char> dxBytes, dgammaBytes, dbetaBytes;
};

class GnbRunner {
 public:
  // The data shape (gradOut, input, gradInput); N = dim 0, C = dim 1, HxW = the rest (rank 1: C = HxW = 1).
  GnbRunner &Shape(std::vector<int64_t> s) {
    shape_ = std::move(s);
    return *this;
  }
  GnbRunner &Groups(int64_t g) {
    groups_ = g;
    return *this;
  }
  GnbRunner &DType(aclDataType t) {
    dtype_ = t;
    return *this;
  }
  GnbRunner &Mask(bool dx, bool dgamma, bool dbeta) {
    mask_[0] = dx;
    mask_[1] = dgamma;
    mask_[2] = dbeta;
    return *this;
  }
  GnbRunner &NoGamma() {
    gamma_ = false;
    return *this;
  }
  GnbRunner &DataLayout(Layout l) {
    dataLayout_ = std::move(l);
    return *this;
  }
  GnbRunner &OutLayout(Layout l) {
    outLayout_ = std::move(l);
    return *this;
  }
  // Shapes of mean/rstd (default [N, G]) and of gamma/gradGamma/gradBeta (default [C]); layouts of both.
  GnbRunner &StatsShape(std::vector<int64_t> s, Layout l = Layout::Dense()) {
    statsShape_ = std::move(s);
    statsLayout_ = std::move(l);
    return *this;
  }
  GnbRunner &ParamShape(std::vector<int64_t> s, Layout l = Layout::Dense()) {
    paramShape_ = std::move(s);
    paramLayout_ = std::move(l);
    return *this;
  }
  GnbRunner &Seed(uint64_t s) {
    seed_ = s;
    return *this;
  }
  GnbRunner &Threads(int t) {
    threads_ = t;
    return *this;
  }
  GnbRunner &PokeX(int64_t index, double value) {
    xPokes_.emplace_back(index, value);
    return *this;
  }
  GnbRunner &PokeDy(int64_t index, double value) {
    dyPokes_.emplace_back(index, value);
    return *this;
  }
  // Explicit values instead of random ones (statistics then as given, not from x).
  GnbRunner &Values(std::vector<double> dy, std::vector<double> x, std::vector<double> mean, std::vector<double> rstd,
                    std::vector<double> gamma) {
    dyValues = std::move(dy);
    xValues = std::move(x);
    meanValues = std::move(mean);
    rstdValues = std::move(rstd);
    gammaValues = std::move(gamma);
    fixed_ = true;
    return *this;
  }
  aclDataType dtype() const { return dtype_; }
  const bool *mask() const { return mask_; }

  std::vector<double> dyValues, xValues, meanValues, rstdValues, gammaValues;  // as stored (gamma 1 when null)

  GnbOutputs Run() {
    GnbOutputs o;
    const int64_t n = shape_[0], c = shape_.size() > 1 ? shape_[1] : 1,
                  hw = NumelOf(shape_) / std::max<int64_t>(n * c, 1);
    const std::vector<int64_t> stats = statsShape_.empty() ? std::vector<int64_t>{n, groups_} : statsShape_;
    const std::vector<int64_t> params = paramShape_.empty() ? std::vector<int64_t>{c} : paramShape_;
    std::mt19937_64 rng(seed_);
    DeviceTensor dy(shape_, dtype_, dataLayout_), x(shape_, dtype_, dataLayout_), dx(shape_, dtype_, outLayout_);
    DeviceTensor mean(stats, dtype_, statsLayout_), rstd(stats, dtype_, statsLayout_);
    DeviceTensor gamma(params, dtype_, paramLayout_), dgamma(params, dtype_, paramLayout_),
        dbeta(params, dtype_, paramLayout_);
    if (!fixed_) {
      dyValues = Rounded(RandomValues(rng, NumelOf(shape_), -3, 3));
      xValues = Rounded(RandomValues(rng, NumelOf(shape_), -3, 3));
      gammaValues = Rounded(RandomValues(rng, c, -2, 2));
      ForwardStats(n, c, hw);
    }
    if (!gamma_) gammaValues.assign(static_cast<size_t>(c), 1.0);
    for (const auto &[index, value] : xPokes_) xValues.at(static_cast<size_t>(index)) = value;
    for (const auto &[index, value] : dyPokes_) dyValues.at(static_cast<size_t>(index)) = value;
    dy.Fill(dyValues);
    x.Fill(xValues);
    mean.Fill(meanValues);
    rstd.Fill(rstdValues);
    gamma.Fill(gammaValues);
    aclBoolArray *mask = aclCreateBoolArray(mask_, 3);
    uint64_t ws = 0;
    aclOpExecutor *executor = nullptr;
    o.status = Phase1WithThreads(threads_, [&] {
      return aclnnGroupNormBackwardGetWorkspaceSize(dy.get(), x.get(), mean.get(), rstd.get(),
                                                    gamma_ ? gamma.get() : nullptr, n, c, hw, groups_, mask, dx.get(),
                                                    dgamma.get(), dbeta.get(), &ws, &executor);
    });
    aclDestroyBoolArray(mask);
    if (o.status != 0) return o;
    o.status = RunPhase2(aclnnGroupNormBackward, ws, executor);
    if (o.status != 0) return o;
    o.dx = dx.Read();
    o.dgamma = dgamma.Read();
    o.dbeta = dbeta.Read();
    o.dxBytes = dx.Bytes();
    o.dgammaBytes = dgamma.Bytes();
    o.dbetaBytes = dbeta.Bytes();
    Reference(n, c, hw, &o);
    return o;
  }

 private:
  std::vector<double> Rounded(std::vector<double> v) const {
    for (double &e : v) e = RoundTo(dtype_, e);
    return v;
  }

  // Mean and 1/sqrt(var + 1e-5) of each group, rounded to the dtype as the forward pass saves them.
  void ForwardStats(int64_t n, int64_t c, int64_t hw) {
    const int64_t size = c / groups_ * hw;
    meanValues.assign(static_cast<size_t>(n * groups_), 0.0);
    rstdValues.assign(static_cast<size_t>(n * groups_), 0.0);
    for (int64_t ng = 0; ng < n * groups_; ++ng) {
      const double *v = xValues.data() + ng * size;
      double sum = 0, sq = 0;
      for (int64_t i = 0; i < size; ++i) sum += v[i];
      const double mu = sum / static_cast<double>(size);
      for (int64_t i = 0; i < size; ++i) sq += (v[i] - mu) * (v[i] - mu);
      meanValues[static_cast<size_t>(ng)] = RoundTo(dtype_, mu);
      rstdValues[static_cast<size_t>(ng)] = RoundTo(dtype_, 1.0 / std::sqrt(sq / static_cast<double>(size) + 1e-5));
    }
  }

  void Reference(int64_t n, int64_t c, int64_t hw, GnbOutputs *o) const {
    const int64_t d = c / groups_, size = d * hw;
    const auto total = static_cast<size_t>(n * c * hw);
    std::vector<double> xhat(total);
    o->refDx.assign(total, 0.0);
    o->dxScale.assign(total, 0.0);
    for (auto *v : {&o->refDgamma, &o->refDbeta, &o->dgammaScale, &o->dbetaScale}) v->assign(static_cast<size_t>(c), 0);
    for (int64_t ni = 0; ni < n; ++ni) {
      for (int64_t g = 0; g < groups_; ++g) {
        const double mu = meanValues[static_cast<size_t>(ni * groups_ + g)];
        const double r = rstdValues[static_cast<size_t>(ni * groups_ + g)];
        double c1 = 0, c2 = 0, abs1 = 0, abs2 = 0;
        for (int64_t ch = g * d; ch < (g + 1) * d; ++ch) {
          const double gm = gammaValues[static_cast<size_t>(ch)];
          for (int64_t k = 0; k < hw; ++k) {
            const auto i = static_cast<size_t>((ni * c + ch) * hw + k);
            const double dyi = dyValues[i];
            xhat[i] = (xValues[i] - mu) * r;
            o->refDbeta[static_cast<size_t>(ch)] += dyi;
            o->refDgamma[static_cast<size_t>(ch)] += dyi * xhat[i];
            o->dbetaScale[static_cast<size_t>(ch)] += std::fabs(dyi);
            o->dgammaScale[static_cast<size_t>(ch)] += std::fabs(dyi * xhat[i]);
            c1 += gm * dyi;
            c2 += gm * dyi * xhat[i];
            abs1 += std::fabs(gm * dyi);
            abs2 += std::fabs(gm * dyi * xhat[i]);
          }
        }
        c1 /= static_cast<double>(size);
        c2 /= static_cast<double>(size);
        abs1 /= static_cast<double>(size);
        abs2 /= static_cast<double>(size);
        for (int64_t ch = g * d; ch < (g + 1) * d; ++ch) {
          const double gm = gammaValues[static_cast<size_t>(ch)];
          for (int64_t k = 0; k < hw; ++k) {
            const auto i = static_cast<size_t>((ni * c + ch) * hw + k);
            o->refDx[i] = r * (gm * dyValues[i] - c1 - xhat[i] * c2);
            o->dxScale[i] = std::fabs(r) * (std::fabs(gm * dyValues[i]) + std::fabs(c1) + abs1 +
                                            std::fabs(xhat[i]) * (std::fabs(c2) + abs2));
          }
        }
      }
    }
  }

  std::vector<int64_t> shape_ = {2, 4, 3, 5}, statsShape_, paramShape_;
  int64_t groups_ = 2;
  aclDataType dtype_ = ACL_FLOAT;
  bool mask_[3] = {true, true, true};
  bool gamma_ = true, fixed_ = false;
  Layout dataLayout_, outLayout_, statsLayout_, paramLayout_;
  std::vector<std::pair<int64_t, double>> xPokes_, dyPokes_;
  uint64_t seed_ = 1;
  int threads_ = 0;
};

// Each output within a few fp32 roundings of its terms plus one rounding to the dtype; unselected outputs untouched
// (DeviceTensor's NaN fill).
void ExpectMatchesReference(const GnbRunner &t, const GnbOutputs &o) {
  ASSERT_EQ(o.status, 0) << aclGetRecentErrMsg();
  const std::vector<double> *got[3] = {&o.dx, &o.dgamma, &o.dbeta};
  const std::vector<double> *ref[3] = {&o.refDx, &o.refDgamma, &o.refDbeta};
  const std::vector<double> *scale[3] = {&o.dxScale, &o.dgammaScale, &o.dbetaScale};
  const char *names[3] = {"gradInput", "gradGamma", "gradBeta"};
  for (int k = 0; k < 3; ++k) {
    ASSERT_EQ(got[k]->size(), ref[k]->size());
    for (size_t i = 0; i < got[k]->size(); ++i) {
      const double v = (*got[k])[i], r = (*ref[k])[i];
      if (!t.mask()[k]) {
        ASSERT_TRUE(std::isnan(v)) << names[k] << "[" << i << "] written although unselected";
        continue;
      }
      const double tol = 32 * Epsilon(ACL_FLOAT) * (*scale[k])[i] + UlpAt(t.dtype(), std::fabs(r));
      ASSERT_LE(std::fabs(v - r), tol) << names[k] << "[" << i << "] = " << v << ", expected " << r;
    }
  }
}

TEST(GroupNormBackwardNumeric, VendorExampleValues) {
  std::vector<double> ramp(24);
  for (size_t i = 0; i < ramp.size(); ++i) ramp[i] = static_cast<double>(i + 1);
  GnbRunner t;
  t.Shape({2, 3, 4}).Groups(1).Values(ramp, ramp, {6.5, 18.5}, {0.2896827, 0.2896827}, {1, 1, 1});
  const GnbOutputs o = t.Run();
  ExpectMatchesReference(t, o);
  const double dgamma[] = {-75.896866, 2.896827, 155.849289}, dbeta[] = {68, 100, 132};
  for (int c = 0; c < 3; ++c) {
    EXPECT_NEAR(o.dgamma[static_cast<size_t>(c)], dgamma[c], 2e-5 * std::fabs(dgamma[c]));
    EXPECT_EQ(o.dbeta[static_cast<size_t>(c)], dbeta[c]);
  }
  for (double v : o.dx) EXPECT_NEAR(v, 0.0, 1e-5);
}

TEST(GroupNormBackwardNumeric, RanksOneToEightAllDtypesAndGroupings) {
  struct Case {
    std::vector<int64_t> shape;
    int64_t groups;
  };
  const Case cases[] = {{{6}, 1},
                        {{2, 3}, 1},
                        {{2, 3}, 3},
                        {{3, 6, 7}, 2},
                        {{2, 4, 3, 5}, 4},
                        {{1, 6, 2, 3, 2}, 3},
                        {{2, 2, 1, 3, 1, 2}, 1},
                        {{2, 4, 2, 1, 2, 1, 3}, 2},
                        {{1, 2, 2, 1, 2, 1, 2, 3}, 2}};
  for (aclDataType t : kDTypes) {
    for (const Case &c : cases) {
      GnbRunner r;
      r.Shape(c.shape).Groups(c.groups).DType(t).Seed(static_cast<uint64_t>(c.shape.size()) * 7 + 3);
      SCOPED_TRACE(std::string(DTypeLabel(t)) + " rank " + std::to_string(c.shape.size()));
      ExpectMatchesReference(r, r.Run());
    }
  }
}

TEST(GroupNormBackwardNumeric, EveryOutputMaskWithAndWithoutGamma) {
  for (aclDataType t : kDTypes) {
    for (int bits = 1; bits < 8; ++bits) {
      for (bool withGamma : {true, false}) {
        GnbRunner r;
        r.Shape({3, 6, 41})
            .Groups(3)
            .DType(t)
            .Seed(11 + static_cast<uint64_t>(bits))
            .Mask(bits & 1, bits & 2, bits & 4);
        if (!withGamma) r.NoGamma();
        SCOPED_TRACE(std::string(DTypeLabel(t)) + " mask " + std::to_string(bits) + (withGamma ? "" : " no gamma"));
        ExpectMatchesReference(r, r.Run());
      }
    }
  }
}

TEST(GroupNormBackwardNumeric, NothingSelectedWritesNothing) {
  GnbRunner r;
  r.Shape({2, 4, 9}).Mask(false, false, false);
  ExpectMatchesReference(r, r.Run());
}

TEST(GroupNormBackwardNumeric, StridedAndTransposedViewsOfEveryTensor) {
  for (aclDataType t : kDTypes) {
    for (int variant = 0; variant < 5; ++variant) {
      GnbRunner r;
      r.Shape({2, 6, 5, 7}).Groups(3).DType(t).Seed(21 + static_cast<uint64_t>(variant));
      if (variant == 0) r.DataLayout(Layout::Padded(4));
      if (variant == 1) r.OutLayout(Layout::Transposed(4));
      if (variant == 2) r.DataLayout(Layout::Transposed(4)).OutLayout(Layout::Padded(4, 5));
      if (variant == 3) r.StatsShape({3, 2}, Layout::Transposed(2)).ParamShape({2, 3}, Layout::Padded(2));
      // mean/rstd flat [N * G] and gamma [1, C]: only their element counts matter
      if (variant == 4) r.StatsShape({6}, Layout::Padded(1)).ParamShape({1, 6}, Layout::Transposed(2));
      SCOPED_TRACE(std::string(DTypeLabel(t)) + " variant " + std::to_string(variant));
      ExpectMatchesReference(r, r.Run());
    }
  }
}

TEST(GroupNormBackwardNumeric, PlaneSizesAroundVectorWidthsAndPieces) {
  for (aclDataType t : kDTypes) {
    for (int64_t hw : {1, 3, 7, 8, 15, 16, 17, 31, 33, 64, 2047, 2049}) {
      GnbRunner r;
      r.Shape({2, 4, hw}).Groups(2).DType(t).Seed(31 + static_cast<uint64_t>(hw));
      SCOPED_TRACE(std::string(DTypeLabel(t)) + " HxW " + std::to_string(hw));
      ExpectMatchesReference(r, r.Run());
    }
  }
}

TEST(GroupNormBackwardNumeric, LargeGroupRecomputesFromGradOut) {
  // S = 2 x 140001 > the stash limit: sweep B re-reads gradOut piece by piece.
  for (aclDataType t : kDTypes) {
    for (int variant = 0; variant < 2; ++variant) {
      GnbRunner r;
      r.Shape({1, 2, 140001}).Groups(1).DType(t).Seed(41);
      if (variant == 1) r.OutLayout(Layout::Padded(3));
      SCOPED_TRACE(std::string(DTypeLabel(t)) + " variant " + std::to_string(variant));
      ExpectMatchesReference(r, r.Run());
    }
  }
}

TEST(GroupNormBackwardNumeric, SdUnetShape) {
  for (aclDataType t : kDTypes) {
    GnbRunner r;
    r.Shape({2, 320, 16, 16}).Groups(32).DType(t).Seed(5);
    SCOPED_TRACE(DTypeLabel(t));
    ExpectMatchesReference(r, r.Run());
  }
}

TEST(GroupNormBackwardNumeric, NonFiniteValuesReachExactlyTheOutputsTheyFeed) {
  // An infinite gradOut (group 1 of sample 1, a tail) feeds its group's gradInput (c1 is infinite), its channel's
  // gradBeta and gradGamma. A NaN input (group 0 of sample 0) feeds its group's gradInput (c2) and its channel's
  // gradGamma only: gradBeta sums gradOut alone. Every other output stays finite and accurate.
  const std::vector<int64_t> shape = {2, 4, 70};
  for (aclDataType t : kDTypes) {
    GnbRunner r;
    r.Shape(shape).Groups(2).DType(t).Seed(61).PokeX(3, std::nan("")).PokeDy(280 + 2 * 70 + 68, INFINITY);
    const GnbOutputs o = r.Run();
    ASSERT_EQ(o.status, 0) << aclGetRecentErrMsg();
    SCOPED_TRACE(DTypeLabel(t));
    const std::vector<double> *got[3] = {&o.dx, &o.dgamma, &o.dbeta};
    const std::vector<double> *ref[3] = {&o.refDx, &o.refDgamma, &o.refDbeta};
    const std::vector<double> *scale[3] = {&o.dxScale, &o.dgammaScale, &o.dbetaScale};
    int nonFinite = 0;
    for (int k = 0; k < 3; ++k) {
      for (size_t i = 0; i < got[k]->size(); ++i) {
        const double v = (*got[k])[i], rv = (*ref[k])[i];
        if (!std::isfinite(rv)) {
          ++nonFinite;
          EXPECT_FALSE(std::isfinite(v)) << "output " << k << " [" << i << "] = " << v << ", reference " << rv;
          if (std::isinf(rv)) {
            EXPECT_EQ(v, rv) << "output " << k << " [" << i << "]";
          }
        } else {
          const double tol = 32 * Epsilon(ACL_FLOAT) * (*scale[k])[i] + UlpAt(t, std::fabs(rv));
          EXPECT_LE(std::fabs(v - rv), tol) << "output " << k << " [" << i << "] = " << v << ", reference " << rv;
        }
      }
    }
    EXPECT_EQ(nonFinite, 2 * 140 + 2 + 1);  // two groups of gradInput, two gradGamma channels, one gradBeta
  }
}

TEST(GroupNormBackwardNumeric, EverySimdTarget) {
  ForEachSimdTarget([] {
    for (aclDataType t : kDTypes) {
      GnbRunner r;
      r.Shape({2, 4, 37}).Groups(2).DType(t).Seed(51);
      SCOPED_TRACE(DTypeLabel(t));
      ExpectMatchesReference(r, r.Run());
    }
  });
}

TEST(GroupNormBackwardNumeric, BitIdenticalForOneAndTwoThreads) {
  for (aclDataType t : kDTypes) {
    for (const std::vector<int64_t> &shape : {std::vector<int64_t>{5, 12, 33}, std::vector<int64_t>{3, 320, 8, 8}}) {
      GnbRunner one, two;
      const int64_t groups = shape[1] == 12 ? 3 : 32;
      one.Shape(shape).Groups(groups).DType(t).Seed(61).Threads(1);
      two.Shape(shape).Groups(groups).DType(t).Seed(61).Threads(2);
      const GnbOutputs a = one.Run(), b = two.Run();
      ASSERT_EQ(a.status, 0);
      ASSERT_EQ(b.status, 0);
      EXPECT_EQ(a.dxBytes, b.dxBytes) << DTypeLabel(t);
      EXPECT_EQ(a.dgammaBytes, b.dgammaBytes) << DTypeLabel(t);
      EXPECT_EQ(a.dbetaBytes, b.dbetaBytes) << DTypeLabel(t);
    }
  }
}

TEST(GroupNormBackwardNumeric, EmptyInputWritesNothing) {
  // §2.2: success, workspace 0, and the selected gradGamma/gradBeta are left as they were (PyTorch would zero them).
  aclInit(nullptr);
  for (const std::vector<int64_t> &shape : {std::vector<int64_t>{0, 4, 3}, std::vector<int64_t>{2, 4, 0}}) {
    DeviceTensor dy(shape, ACL_FLOAT), x(shape, ACL_FLOAT), dx(shape, ACL_FLOAT), mean({shape[0], 2}, ACL_FLOAT),
        rstd({shape[0], 2}, ACL_FLOAT), dgamma({4}, ACL_FLOAT), dbeta({4}, ACL_FLOAT);
    const std::vector<unsigned char> before = dgamma.Bytes();
    const bool maskValues[3] = {true, true, true};
    aclBoolArray *mask = aclCreateBoolArray(maskValues, 3);
    uint64_t ws = 99;
    aclOpExecutor *exec = nullptr;
    ASSERT_EQ(
        aclnnGroupNormBackwardGetWorkspaceSize(dy.get(), x.get(), mean.get(), rstd.get(), nullptr, shape[0], 4,
                                               shape[2], 2, mask, dx.get(), dgamma.get(), dbeta.get(), &ws, &exec),
        0)
        << aclGetRecentErrMsg();
    aclDestroyBoolArray(mask);
    EXPECT_EQ(ws, 0u);
    EXPECT_EQ(RunPhase2(aclnnGroupNormBackward, ws, exec), 0);
    EXPECT_EQ(dgamma.Bytes(), before);
    EXPECT_EQ(dbeta.Bytes(), before);
  }
}

}  // namespace
}  // namespace aclcpu_test::group_norm_backward_numeric_test
