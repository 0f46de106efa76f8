// Builder-style tester for aclnnGroupNormSwish: device tensors of any dtype combination and layout,
// both phases on a stream, and the float64 reference of norm-forward.md §2.2.
#pragma once

#include <cmath>
#include <optional>
#include <utility>
#include <vector>

#include "aclnnop/aclnn_group_norm_swish.h"
#include "common/test_tensor.h"

namespace aclcpu_test {

struct GroupNormSwishOutputs {
  aclnnStatus status = -1;
  uint64_t workspaceSize = 0;
  std::vector<double> y, mean, rstd;
  std::vector<double> refY, refMean, refRstd;  // float64, unrounded
  std::vector<double> yScale;                  // per element: |gamma xhat| + |beta| (the size of z's terms)
  std::vector<double> refZ;                    // the GroupNorm output before the swish
  std::vector<unsigned char> yBytes, meanBytes, rstdBytes;
};

class GroupNormSwishTester {
 public:
  GroupNormSwishTester &Shape(std::vector<int64_t> s) {
    shape_ = std::move(s);
    return *this;
  }
  GroupNormSwishTester &Groups(int64_t g) {
    groups_ = g;
    return *this;
  }
  // x (and y) dtype; gamma (beta, mean, rstd) default to the same.
  GroupNormSwishTester &DType(aclDataType t) {
    dtype_ = t;
    return *this;
  }
  GroupNormSwishTester &GammaDType(aclDataType t) {
    gammaDtype_ = t;
    return *this;
  }
  GroupNormSwishTester &Eps(double e) {
    eps_ = e;
    return *this;
  }
  GroupNormSwishTester &Swish(bool on, double scale = 1.0) {
    swish_ = on;
    scale_ = scale;
    return *this;
  }
  GroupNormSwishTester &XLayout(Layout l) {
    xLayout_ = std::move(l);
    return *this;
  }
  GroupNormSwishTester &YLayout(Layout l) {
    yLayout_ = std::move(l);
    return *this;
  }
  GroupNormSwishTester &AffineLayout(Layout l) {
    affineLayout_ = std::move(l);
    return *this;
  }
  // Shape and layout of meanOut and rstdOut (default [N, G], dense); only their element count matters.
  GroupNormSwishTester &StatsShape(std::vector<int64_t> s, Layout l = Layout::Dense()) {
    statsShape_ = std::move(s);
    statsLayout_ = std::move(l);
    return *this;
  }
  // x uniform in [lo, hi] (plus `offset`), gamma in [-2, 2], beta in [-1, 1].
  GroupNormSwishTester &Values(double lo, double hi, double offset = 0.0) {
    lo_ = lo;
    hi_ = hi;
    offset_ = offset;
    return *this;
  }
  GroupNormSwishTester &Seed(uint64_t s) {
    seed_ = s;
    return *this;
  }
  GroupNormSwishTester &PokeX(int64_t index, double value) {
    xPokes_.emplace_back(index, value);
    return *this;
  }
  GroupNormSwishTester &Threads(int t) {
    threads_ = t;
    return *this;
  }
  aclDataType dtype() const { return dtype_; }
  aclDataType gammaDtype() const { return gammaDtype_.value_or(dtype_); }
  const std::vector<int64_t> &shape() const { return shape_; }
  int64_t groups() const { return groups_; }
  double eps() const { return eps_; }
  bool swish() const { return swish_; }
  double scale() const { return scale_; }

  std::vector<double> xValues, gammaValues, betaValues;  // as stored

  GroupNormSwishOutputs Run() {
    GroupNormSwishOutputs out;
    const int64_t n = shape_[0], c = shape_[1], hw = NumelOf(shape_) / std::max<int64_t>(n * c, 1);
    const aclDataType gt = gammaDtype();
    const std::vector<int64_t> statsShape = statsShape_.empty() ? std::vector<int64_t>{n, groups_} : statsShape_;
    std::mt19937_64 rng(seed_);
    DeviceTensor x(shape_, dtype_, xLayout_), gamma({c}, gt, affineLayout_), beta({c}, gt, affineLayout_);
    DeviceTensor y(shape_, dtype_, yLayout_), mean(statsShape, gt, statsLayout_), rstd(statsShape, gt, statsLayout_);
    xValues = RandomValues(rng, NumelOf(shape_), lo_, hi_);
    for (double &v : xValues) v = RoundTo(dtype_, v + offset_);
    gammaValues = RandomValues(rng, c, -2, 2);
    betaValues = RandomValues(rng, c, -1, 1);
    for (double &v : gammaValues) v = RoundTo(gt, v);
    for (double &v : betaValues) v = RoundTo(gt, v);
    for (const auto &[index, value] : xPokes_) xValues.at(static_cast<size_t>(index)) = value;
    x.Fill(xValues);
    gamma.Fill(gammaValues);
    beta.Fill(betaValues);
    aclOpExecutor *executor = nullptr;
    out.status = Phase1WithThreads(threads_, [&] {
      return aclnnGroupNormSwishGetWorkspaceSize(x.get(), gamma.get(), beta.get(), groups_, nullptr, eps_, swish_,
                                                 scale_, y.get(), mean.get(), rstd.get(), &out.workspaceSize,
                                                 &executor);
    });
    if (out.status != 0) return out;
    out.status = RunPhase2(aclnnGroupNormSwish, out.workspaceSize, executor);
    if (out.status != 0) return out;
    out.y = y.Read();
    out.mean = mean.Read();
    out.rstd = rstd.Read();
    out.yBytes = y.Bytes();
    out.meanBytes = mean.Bytes();
    out.rstdBytes = rstd.Bytes();
    Reference(n, c, hw, &out);
    return out;
  }

 private:
  void Reference(int64_t n, int64_t c, int64_t hw, GroupNormSwishOutputs *out) const {
    const int64_t d = c / groups_, size = d * hw;
    const double s = static_cast<float>(scale_), eps = static_cast<float>(eps_);  // the op narrows both
    const auto total = static_cast<size_t>(n * c * hw);
    out->refY.assign(total, 0.0);
    out->refZ.assign(total, 0.0);
    out->yScale.assign(total, 0.0);
    out->refMean.assign(static_cast<size_t>(n * groups_), 0.0);
    out->refRstd.assign(static_cast<size_t>(n * groups_), 0.0);
    for (int64_t ng = 0; ng < n * groups_; ++ng) {
      const double *v = xValues.data() + ng * size;
      double sum = 0, sq = 0;
      for (int64_t i = 0; i < size; ++i) sum += v[i];
      const double mu = sum / static_cast<double>(size);
      for (int64_t i = 0; i < size; ++i) sq += (v[i] - mu) * (v[i] - mu);
      const double r = 1.0 / std::sqrt(sq / static_cast<double>(size) + eps);
      out->refMean[static_cast<size_t>(ng)] = mu;
      out->refRstd[static_cast<size_t>(ng)] = r;
      const int64_t g = ng % groups_, ni = ng / groups_;
      for (int64_t ch = g * d; ch < (g + 1) * d; ++ch) {
        const double gm = gammaValues[static_cast<size_t>(ch)], bt = betaValues[static_cast<size_t>(ch)];
        for (int64_t k = 0; k < hw; ++k) {
          const auto i = static_cast<size_t>((ni * c + ch) * hw + k);
          const double xhat = (xValues[i] - mu) * r, z = gm * xhat + bt;
          out->refZ[i] = z;
          out->refY[i] = swish_ ? z / (1.0 + std::exp(-s * z)) : z;
          out->yScale[i] = std::fabs(gm * xhat) + std::fabs(bt);
        }
      }
    }
  }

  std::vector<int64_t> shape_ = {2, 4, 3, 5}, statsShape_;
  int64_t groups_ = 2;
  aclDataType dtype_ = ACL_FLOAT;
  std::optional<aclDataType> gammaDtype_;
  double eps_ = 1e-5;
  bool swish_ = true;
  double scale_ = 1.0;
  Layout xLayout_, yLayout_, affineLayout_, statsLayout_;
  double lo_ = -3, hi_ = 3, offset_ = 0;
  std::vector<std::pair<int64_t, double>> xPokes_;
  uint64_t seed_ = 1;
  int threads_ = 0;
};

// y within one rounding of the dtype plus a few fp32 roundings of z's terms (FLOAT16/BF16 run in
// fp32 steps; FLOAT in double steps: two ulps); mean and rstd within one ulp of their dtype. The
// swish's argument clamp leaves |y| < 1e-34 |z| where the true value is smaller still.
inline void ExpectMatchesReference(const GroupNormSwishTester &t, const GroupNormSwishOutputs &o) {
  ASSERT_EQ(o.status, 0) << aclGetRecentErrMsg();
  const double eps32 = Epsilon(ACL_FLOAT);
  ASSERT_EQ(o.y.size(), o.refY.size());
  const bool wide = t.dtype() == ACL_FLOAT;
  for (size_t i = 0; i < o.y.size(); ++i) {
    const double ref = o.refY[i];
    const double tol = wide ? 2 * UlpAt(ACL_FLOAT, std::fabs(ref)) + 64 * std::ldexp(1.0, -53) * o.yScale[i]
                            : UlpAt(t.dtype(), std::fabs(ref)) + 16 * eps32 * o.yScale[i];
    ASSERT_LE(std::fabs(o.y[i] - ref), tol + 1e-34 * std::fabs(o.refZ[i]))
        << "y[" << i << "] = " << o.y[i] << ", expected " << ref;
  }
  const aclDataType st = t.gammaDtype();
  ASSERT_EQ(o.mean.size(), o.refMean.size());
  for (size_t g = 0; g < o.mean.size(); ++g) {
    EXPECT_LE(std::fabs(o.mean[g] - o.refMean[g]), UlpAt(st, std::fabs(o.refMean[g])) * 0.5000001 + 1e-13)
        << "mean[" << g << "] = " << o.mean[g] << ", expected " << o.refMean[g];
    EXPECT_LE(std::fabs(o.rstd[g] - o.refRstd[g]), UlpAt(st, std::fabs(o.refRstd[g])) * 0.5000001)
        << "rstd[" << g << "] = " << o.rstd[g] << ", expected " << o.refRstd[g];
  }
}

}  // namespace aclcpu_test
