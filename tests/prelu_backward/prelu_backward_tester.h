// Builder-style tester for aclnnPreluBackward: device tensors of any dtype and layout (gradOutput may
// broadcast), both phases on a stream, and the float64 reference.
#pragma once

#include <limits>
#include <memory>

#include "aclnnop/aclnn_prelu_backward.h"
#include "common/test_tensor.h"

namespace aclcpu_test {

struct PreluOutputs {
  aclnnStatus status = -1;
  uint64_t workspaceSize = 0;
  std::vector<double> dx, dw;
  std::vector<double> refDx;       // x > 0 ? g : w * g, rounded once to the dtype
  std::vector<double> refDwExact;  // sum of exact x * g (float64 math)
  double dwScale = 0;              // largest sum of |update| of one channel
  std::vector<unsigned char> dxBytes, dwBytes;
};

class PreluTester {
 public:
  PreluTester &Self(std::vector<int64_t> s) {
    self_ = std::move(s);
    return *this;
  }
  PreluTester &GradOutput(std::vector<int64_t> s) {
    go_ = std::move(s);
    return *this;
  }
  PreluTester &Weight(std::vector<int64_t> s) {
    weight_ = std::move(s);
    return *this;
  }
  PreluTester &GradWeight(std::vector<int64_t> s) {
    gw_ = std::move(s);
    return *this;
  }
  PreluTester &DType(aclDataType t) {
    dtype_ = t;
    return *this;
  }
  PreluTester &DataLayout(Layout l) {
    layout_ = std::move(l);
    return *this;
  }
  PreluTester &OutLayout(Layout l) {
    outLayout_ = std::move(l);
    return *this;
  }
  PreluTester &Seed(uint64_t s) {
    seed_ = s;
    return *this;
  }
  PreluTester &Threads(int t) {
    threads_ = t;
    return *this;
  }
  // Fraction of x and gradOutput values replaced by NaN, +inf or -inf (and a few exact zeros in x).
  PreluTester &Specials(double fraction) {
    specials_ = fraction;
    return *this;
  }
  aclDataType dtype() const { return dtype_; }
  const std::vector<int64_t> &self() const { return self_; }
  std::vector<int64_t> gradOutputShape() const { return go_.empty() ? self_ : go_; }
  const std::vector<int64_t> &weightShape() const { return weight_; }

  std::vector<double> xValues, dyValues, weightValues;  // as stored (rounded)

  PreluOutputs Run() {
    PreluOutputs out;
    const std::vector<int64_t> goShape = gradOutputShape();
    const int64_t weights = NumelOf(weight_);
    const std::vector<int64_t> gwShape =
        !gw_.empty() ? gw_ : (weights == 1 ? weight_ : std::vector<int64_t>{self_.size() >= 2 ? self_[1] : 1});
    std::mt19937_64 rng(seed_);
    DeviceTensor x(self_, dtype_, layout_), dy(goShape, dtype_, layout_), w(weight_, dtype_);
    DeviceTensor dx(self_, dtype_, outLayout_), dw(gwShape, dtype_);
    xValues = Prepared(rng, NumelOf(self_), true);
    dyValues = Prepared(rng, NumelOf(goShape), false);
    weightValues = RandomValues(rng, weights, -1.5, 1.5);
    for (double &v : weightValues) v = RoundTo(dtype_, v);
    x.Fill(xValues);
    dy.Fill(dyValues);
    w.Fill(weightValues);
    aclOpExecutor *executor = nullptr;
    out.status = Phase1WithThreads(threads_, [&] {
      return aclnnPreluBackwardGetWorkspaceSize(dy.get(), x.get(), w.get(), dx.get(), dw.get(), &out.workspaceSize,
                                                &executor);
    });
    if (out.status != 0) return out;
    out.status = RunPhase2(aclnnPreluBackward, out.workspaceSize, executor);
    if (out.status != 0) return out;
    out.dx = dx.Read();
    out.dw = dw.Read();
    out.dxBytes = dx.Bytes();
    out.dwBytes = dw.Bytes();
    Reference(goShape, weights, &out);
    return out;
  }

 private:
  std::vector<double> Prepared(std::mt19937_64 &rng, int64_t n, bool isX) const {
    std::vector<double> v = RandomValues(rng, n, -3, 3);
    const UniformReal u(0, 1);
    const double specials[] = {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity(),
                               -std::numeric_limits<double>::infinity(), 0.0, -0.0};
    for (double &x : v) {
      if (u(rng) < specials_) x = specials[rng() % (isX ? 5 : 3)];
      x = RoundTo(dtype_, x);
    }
    return v;
  }

  void Reference(const std::vector<int64_t> &goShape, int64_t weights, PreluOutputs *out) const {
    const int64_t n = NumelOf(self_);
    const size_t rank = self_.size();
    const int64_t channels = rank >= 2 ? self_[1] : 1;
    const int64_t inner = rank >= 2 ? n / std::max<int64_t>(self_[0] * channels, 1) : 1;
    out->refDx.resize(static_cast<size_t>(n));
    out->refDwExact.assign(static_cast<size_t>(weights), 0.0);
    std::vector<double> scale(static_cast<size_t>(weights), 0.0);
    for (int64_t i = 0; i < n; ++i) {
      // gradOutput index: right-aligned broadcast of self's multi-index.
      int64_t rest = i, gi = 0, gStride = 1;
      for (size_t d = rank; d-- > 0;) {
        const int64_t idx = rest % self_[d];
        rest /= self_[d];
        const long gd = static_cast<long>(d) - static_cast<long>(rank - goShape.size());
        if (gd >= 0) {
          if (goShape[static_cast<size_t>(gd)] != 1) gi += idx * gStride;
          gStride *= goShape[static_cast<size_t>(gd)];
        }
      }
      const int64_t c = weights == 1 ? 0 : (i / inner) % channels;
      const double x = xValues[static_cast<size_t>(i)], g = dyValues[static_cast<size_t>(gi)];
      const double w = weightValues[static_cast<size_t>(c)];
      const bool positive = x > 0;
      out->refDx[static_cast<size_t>(i)] = RoundTo(dtype_, positive ? g : w * g);
      const double exact = positive ? 0.0 : x * g;
      out->refDwExact[static_cast<size_t>(c)] += exact;
      scale[static_cast<size_t>(c)] += std::fabs(exact);
    }
    out->dwScale = MaxAbs(scale);
  }

  std::vector<int64_t> self_ = {2, 3, 4}, go_, weight_ = {3}, gw_;
  aclDataType dtype_ = ACL_FLOAT;
  Layout layout_, outLayout_;
  uint64_t seed_ = 1;
  int threads_ = 0;
  double specials_ = 0;
};

// Same bits (NaN matches NaN).
inline bool SameValue(double a, double b) { return (std::isnan(a) && std::isnan(b)) || a == b; }

// gradInput is exact (one rounding of one product); gradWeight is the exact sum rounded once (the
// library does not round the per-element products, unlike the device: docs/compat.md).
inline void ExpectMatchesReference(const PreluTester &t, const PreluOutputs &o) {
  ASSERT_EQ(o.status, 0) << aclGetRecentErrMsg();
  ASSERT_EQ(o.dx.size(), o.refDx.size());
  for (size_t i = 0; i < o.dx.size(); ++i) {
    ASSERT_TRUE(SameValue(o.dx[i], o.refDx[i]))
        << "gradInput[" << i << "] = " << o.dx[i] << ", expected " << o.refDx[i];
  }
  ASSERT_EQ(o.dw.size(), o.refDwExact.size());
  for (size_t c = 0; c < o.dw.size(); ++c) {
    const double ref = o.refDwExact[c];
    if (!std::isfinite(ref)) {
      EXPECT_TRUE(SameValue(o.dw[c], ref)) << "gradWeight[" << c << "] = " << o.dw[c] << ", expected " << ref;
      continue;
    }
    const double tol = Epsilon(t.dtype()) * std::fabs(ref) + 1e-12 * o.dwScale + 1e-300;
    EXPECT_LE(std::fabs(o.dw[c] - ref), tol) << "gradWeight[" << c << "]";
  }
}

}  // namespace aclcpu_test
