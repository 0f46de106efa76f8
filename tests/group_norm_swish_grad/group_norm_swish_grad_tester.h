// Builder-style tester for aclnnGroupNormSwishGrad: device tensors of any dtype and layout, both
// phases on a stream, and the float64 reference of norm-ops.md §1.3.
#pragma once

#include <cmath>
#include <optional>
#include <utility>
#include <vector>

#include "aclnnop/aclnn_group_norm_swish_grad.h"
#include "common/test_tensor.h"

namespace aclcpu_test {

struct GroupNormSwishGradOutputs {
  aclnnStatus status = -1;
  uint64_t workspaceSize = 0;
  std::vector<double> dx, dgamma, dbeta;
  std::vector<double> refDx, refDgamma, refDbeta;  // float64, unrounded
  std::vector<double> dxScale;  // per element: |rstd| (|gamma dz| + |c1|, |xhat c2| and the sums' |terms|)
  std::vector<double> dgammaScale, dbetaScale;  // per channel: sums of |terms|
  std::vector<unsigned char> dxBytes, dgammaBytes, dbetaBytes;
};

class GroupNormSwishGradTester {
 public:
  GroupNormSwishGradTester &Shape(std::vector<int64_t> s) {
    shape_ = std::move(s);
    return *this;
  }
  GroupNormSwishGradTester &Groups(int64_t g) {
    groups_ = g;
    return *this;
  }
  GroupNormSwishGradTester &DType(aclDataType t) {
    dtype_ = t;
    return *this;
  }
  GroupNormSwishGradTester &Scale(double s) {
    scale_ = s;
    return *this;
  }
  GroupNormSwishGradTester &Require(bool dgamma, bool dbeta) {
    requireDgamma_ = dgamma;
    requireDbeta_ = dbeta;
    return *this;
  }
  GroupNormSwishGradTester &DataLayout(Layout l) {
    layout_ = std::move(l);
    return *this;
  }
  // dy alone in another layout than x (default: DataLayout's).
  GroupNormSwishGradTester &DyLayout(Layout l) {
    dyLayout_ = std::move(l);
    return *this;
  }
  GroupNormSwishGradTester &OutLayout(Layout l) {
    outLayout_ = std::move(l);
    return *this;
  }
  // Shape of dgammaOut and dbetaOut (default [C]); only their element count matters.
  GroupNormSwishGradTester &ParamShape(std::vector<int64_t> s) {
    paramShape_ = std::move(s);
    return *this;
  }
  // Data values uniform in [lo, hi]; statistics follow x (as the forward pass saves them) unless
  // RandomStats, which draws mean, rstd, gamma and beta from [lo, hi] as the vendor's ST does.
  GroupNormSwishGradTester &Values(double lo, double hi) {
    lo_ = lo;
    hi_ = hi;
    return *this;
  }
  GroupNormSwishGradTester &RandomStats(bool on) {
    randomStats_ = on;
    return *this;
  }
  GroupNormSwishGradTester &Seed(uint64_t s) {
    seed_ = s;
    return *this;
  }
  // Overwrites one element of x or dy after the statistics are drawn (for non-finite inputs).
  GroupNormSwishGradTester &PokeX(int64_t index, double value) {
    xPokes_.emplace_back(index, value);
    return *this;
  }
  GroupNormSwishGradTester &PokeDy(int64_t index, double value) {
    dyPokes_.emplace_back(index, value);
    return *this;
  }
  GroupNormSwishGradTester &Threads(int t) {
    threads_ = t;
    return *this;
  }
  aclDataType dtype() const { return dtype_; }
  const std::vector<int64_t> &shape() const { return shape_; }
  int64_t groups() const { return groups_; }
  double scale() const { return scale_; }

  std::vector<double> dyValues, xValues, meanValues, rstdValues, gammaValues, betaValues;  // as stored

  GroupNormSwishGradOutputs Run() {
    GroupNormSwishGradOutputs out;
    const int64_t n = shape_[0], c = shape_[1], hw = NumelOf(shape_) / std::max<int64_t>(n * c, 1);
    const std::vector<int64_t> paramShape = paramShape_.empty() ? std::vector<int64_t>{c} : paramShape_;
    std::mt19937_64 rng(seed_);
    DeviceTensor dy(shape_, dtype_, dyLayout_.value_or(layout_)), x(shape_, dtype_, layout_);
    DeviceTensor mean({n, groups_}, dtype_), rstd({n, groups_}, dtype_);
    DeviceTensor gamma({c}, dtype_), beta({c}, dtype_);
    DeviceTensor dx(shape_, dtype_, outLayout_), dgamma(paramShape, dtype_), dbeta(paramShape, dtype_);
    dyValues = Rounded(RandomValues(rng, NumelOf(shape_), lo_, hi_));
    xValues = Rounded(RandomValues(rng, NumelOf(shape_), lo_, hi_));
    gammaValues = Rounded(RandomValues(rng, c, randomStats_ ? lo_ : -2, randomStats_ ? hi_ : 2));
    betaValues = Rounded(RandomValues(rng, c, randomStats_ ? lo_ : -1, randomStats_ ? hi_ : 1));
    if (randomStats_) {
      meanValues = Rounded(RandomValues(rng, n * groups_, lo_, hi_));
      rstdValues = Rounded(RandomValues(rng, n * groups_, lo_, hi_));
    } else {
      ForwardStats(n, c, hw);
    }
    for (const auto &[index, value] : xPokes_) xValues.at(static_cast<size_t>(index)) = value;
    for (const auto &[index, value] : dyPokes_) dyValues.at(static_cast<size_t>(index)) = value;
    dy.Fill(dyValues);
    x.Fill(xValues);
    mean.Fill(meanValues);
    rstd.Fill(rstdValues);
    gamma.Fill(gammaValues);
    beta.Fill(betaValues);
    aclOpExecutor *executor = nullptr;
    out.status = Phase1WithThreads(threads_, [&] {
      return aclnnGroupNormSwishGradGetWorkspaceSize(dy.get(), mean.get(), rstd.get(), x.get(), gamma.get(), beta.get(),
                                                     groups_, nullptr, scale_, requireDgamma_, requireDbeta_, dx.get(),
                                                     dgamma.get(), dbeta.get(), &out.workspaceSize, &executor);
    });
    if (out.status != 0) return out;
    out.status = RunPhase2(aclnnGroupNormSwishGrad, out.workspaceSize, executor);
    if (out.status != 0) return out;
    out.dx = dx.Read();
    out.dgamma = dgamma.Read();
    out.dbeta = dbeta.Read();
    out.dxBytes = dx.Bytes();
    out.dgammaBytes = dgamma.Bytes();
    out.dbetaBytes = dbeta.Bytes();
    Reference(n, c, hw, &out);
    return out;
  }

 private:
  std::vector<double> Rounded(std::vector<double> v) const {
    for (double &e : v) e = RoundTo(dtype_, e);
    return v;
  }

  // Mean and 1/sqrt(var + 1e-5) of each group of x, as the forward pass would save them.
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

  void Reference(int64_t n, int64_t c, int64_t hw, GroupNormSwishGradOutputs *out) const {
    const int64_t d = c / groups_, size = d * hw;
    const double s = static_cast<float>(scale_);  // the op narrows swishScale to float
    const auto total = static_cast<size_t>(n * c * hw);
    // dzMag bounds |dz| and its sensitivity: dsw has a root near s z = -1.28, where fp32's error
    // in z (about eps (|gamma xhat| + |beta|)) moves dz by up to |dy s| times that.
    std::vector<double> dz(total), xhat(total), dzMag(total);
    out->refDx.assign(total, 0.0);
    out->dxScale.assign(total, 0.0);
    out->refDgamma.assign(static_cast<size_t>(c), 0.0);
    out->refDbeta.assign(static_cast<size_t>(c), 0.0);
    out->dgammaScale.assign(static_cast<size_t>(c), 0.0);
    out->dbetaScale.assign(static_cast<size_t>(c), 0.0);
    for (int64_t ni = 0; ni < n; ++ni) {
      for (int64_t g = 0; g < groups_; ++g) {
        const double mu = meanValues[static_cast<size_t>(ni * groups_ + g)];
        const double r = rstdValues[static_cast<size_t>(ni * groups_ + g)];
        double c1 = 0, c2 = 0, abs1 = 0, abs2 = 0;
        for (int64_t ch = g * d; ch < (g + 1) * d; ++ch) {
          const double gm = gammaValues[static_cast<size_t>(ch)], bt = betaValues[static_cast<size_t>(ch)];
          for (int64_t k = 0; k < hw; ++k) {
            const auto i = static_cast<size_t>((ni * c + ch) * hw + k);
            xhat[i] = (xValues[i] - mu) * r;
            const double z = gm * xhat[i] + bt, sig = 1.0 / (1.0 + std::exp(-s * z));
            dz[i] = dyValues[i] * sig * (1.0 + s * z * (1.0 - sig));
            dzMag[i] = std::fabs(dyValues[i]) * (sig * (1.0 + std::fabs(s * z) * (1.0 - sig)) +
                                                 std::fabs(s) * (std::fabs(gm * xhat[i]) + std::fabs(bt)));
            out->refDbeta[static_cast<size_t>(ch)] += dz[i];
            out->refDgamma[static_cast<size_t>(ch)] += dz[i] * xhat[i];
            out->dbetaScale[static_cast<size_t>(ch)] += dzMag[i];
            out->dgammaScale[static_cast<size_t>(ch)] += dzMag[i] * std::fabs(xhat[i]);
            c1 += gm * dz[i];
            c2 += gm * dz[i] * xhat[i];
            abs1 += std::fabs(gm) * dzMag[i];
            abs2 += std::fabs(gm * xhat[i]) * dzMag[i];
          }
        }
        c1 /= static_cast<double>(size);
        c2 /= static_cast<double>(size);
        // c1 and c2 are sums: their rounding error scales with the mean |term|, not with |c1|, |c2|.
        abs1 /= static_cast<double>(size);
        abs2 /= static_cast<double>(size);
        for (int64_t ch = g * d; ch < (g + 1) * d; ++ch) {
          const double gm = gammaValues[static_cast<size_t>(ch)];
          for (int64_t k = 0; k < hw; ++k) {
            const auto i = static_cast<size_t>((ni * c + ch) * hw + k);
            out->refDx[i] = r * (gm * dz[i] - c1 - xhat[i] * c2);
            out->dxScale[i] = std::fabs(r) * (std::fabs(gm * dz[i]) + std::fabs(c1) + abs1 +
                                              std::fabs(xhat[i]) * (std::fabs(c2) + abs2));
          }
        }
      }
    }
  }

  std::vector<int64_t> shape_ = {2, 4, 3, 5}, paramShape_;
  int64_t groups_ = 2;
  aclDataType dtype_ = ACL_FLOAT;
  double scale_ = 1.0;
  bool requireDgamma_ = true, requireDbeta_ = true;
  Layout layout_, outLayout_;
  std::optional<Layout> dyLayout_;
  double lo_ = -3, hi_ = 3;
  bool randomStats_ = false;
  std::vector<std::pair<int64_t, double>> xPokes_, dyPokes_;
  uint64_t seed_ = 1;
  int threads_ = 0;
};

// dx within a few fp32 roundings of each term plus one rounding to the dtype; dgamma/dbeta within
// a few fp32 roundings of the sum of |terms| plus one rounding. Unrequired outputs: zero-filled
// for FLOAT, untouched (the NaN fill) otherwise.
inline void ExpectMatchesReference(const GroupNormSwishGradTester &t, const GroupNormSwishGradOutputs &o,
                                   bool requireDgamma = true, bool requireDbeta = true) {
  ASSERT_EQ(o.status, 0) << aclGetRecentErrMsg();
  const double eps32 = Epsilon(ACL_FLOAT);
  ASSERT_EQ(o.dx.size(), o.refDx.size());
  for (size_t i = 0; i < o.dx.size(); ++i) {
    const double tol = 32 * eps32 * o.dxScale[i] + UlpAt(t.dtype(), std::fabs(o.refDx[i]));
    ASSERT_LE(std::fabs(o.dx[i] - o.refDx[i]), tol) << "dx[" << i << "] = " << o.dx[i] << ", expected " << o.refDx[i];
  }
  const std::vector<double> *got[2] = {&o.dgamma, &o.dbeta};
  const std::vector<double> *ref[2] = {&o.refDgamma, &o.refDbeta};
  const std::vector<double> *scale[2] = {&o.dgammaScale, &o.dbetaScale};
  const bool required[2] = {requireDgamma, requireDbeta};
  const char *names[2] = {"dgamma", "dbeta"};
  for (int k = 0; k < 2; ++k) {
    ASSERT_EQ(got[k]->size(), ref[k]->size());
    for (size_t c = 0; c < got[k]->size(); ++c) {
      const double v = (*got[k])[c];
      if (!required[k]) {
        if (t.dtype() == ACL_FLOAT) {
          EXPECT_EQ(v, 0.0) << names[k] << "[" << c << "] not zero-filled";
        } else {
          EXPECT_TRUE(std::isnan(v)) << names[k] << "[" << c << "] was written";
        }
        continue;
      }
      const double tol = 32 * eps32 * (*scale[k])[c] + UlpAt(t.dtype(), std::fabs((*ref[k])[c]));
      EXPECT_LE(std::fabs(v - (*ref[k])[c]), tol)
          << names[k] << "[" << c << "] = " << v << ", expected " << (*ref[k])[c];
    }
  }
}

}  // namespace aclcpu_test
