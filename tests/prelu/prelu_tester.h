// Builder-style tester for aclnnPrelu: device tensors of any dtype (self, weight and out may differ)
// and layout, both phases on a stream, and the float64 reference.
#pragma once

#include <limits>

#include "aclnnop/aclnn_prelu.h"
#include "common/test_tensor.h"

namespace aclcpu_test {

struct PreluForwardOutputs {
  aclnnStatus status = -1;
  uint64_t workspaceSize = 0;
  std::vector<double> out;
  std::vector<double> ref;  // x > 0 ? x : w * x in the promoted dtype, then cast to out's dtype
  std::vector<unsigned char> outBytes;
};

// The promotion of two of FLOAT, FLOAT16, BF16 (pad-prelu-forward.md §3.3).
inline aclDataType PromotedDType(aclDataType a, aclDataType b) { return a == b ? a : ACL_FLOAT; }

class PreluForwardTester {
 public:
  PreluForwardTester &Self(std::vector<int64_t> s) {
    self_ = std::move(s);
    return *this;
  }
  PreluForwardTester &Weight(std::vector<int64_t> s) {
    weight_ = std::move(s);
    return *this;
  }
  // One dtype for all three tensors.
  PreluForwardTester &DType(aclDataType t) { return DTypes(t, t, t); }
  PreluForwardTester &DTypes(aclDataType self, aclDataType weight, aclDataType out) {
    selfType_ = self, weightType_ = weight, outType_ = out;
    return *this;
  }
  PreluForwardTester &DataLayout(Layout l) {
    layout_ = std::move(l);
    return *this;
  }
  PreluForwardTester &OutLayout(Layout l) {
    outLayout_ = std::move(l);
    return *this;
  }
  PreluForwardTester &Seed(uint64_t s) {
    seed_ = s;
    return *this;
  }
  PreluForwardTester &Threads(int t) {
    threads_ = t;
    return *this;
  }
  // Fraction of x and of weight values replaced by NaN, +-inf or signed zeros.
  PreluForwardTester &Specials(double fraction) {
    specials_ = fraction;
    return *this;
  }
  // Fixed values instead of random ones (the spec's examples).
  PreluForwardTester &Values(std::vector<double> x, std::vector<double> w) {
    fixedX_ = std::move(x), fixedW_ = std::move(w);
    return *this;
  }
  aclDataType outType() const { return outType_; }
  const std::vector<int64_t> &self() const { return self_; }
  const std::vector<int64_t> &weightShape() const { return weight_; }

  std::vector<double> xValues, weightValues;  // as stored (rounded to their dtypes)

  PreluForwardOutputs Run() {
    PreluForwardOutputs out;
    std::mt19937_64 rng(seed_);
    DeviceTensor x(self_, selfType_, layout_), w(weight_, weightType_), y(self_, outType_, outLayout_);
    xValues = fixedX_.empty() ? Prepared(rng, NumelOf(self_), selfType_, -3, 3) : fixedX_;
    weightValues = fixedW_.empty() ? Prepared(rng, NumelOf(weight_), weightType_, -1.5, 1.5) : fixedW_;
    x.Fill(xValues);
    w.Fill(weightValues);
    aclOpExecutor *executor = nullptr;
    out.status = Phase1WithThreads(
        threads_, [&] { return aclnnPreluGetWorkspaceSize(x.get(), w.get(), y.get(), &out.workspaceSize, &executor); });
    if (out.status != 0) return out;
    out.status = RunPhase2(aclnnPrelu, out.workspaceSize, executor);
    if (out.status != 0) return out;
    out.out = y.Read();
    out.outBytes = y.Bytes();
    out.ref = Reference();
    return out;
  }

  // The float64 reference: the product is exact in double (two floats of at most 24 bits), rounded
  // to the promoted dtype, then to out's.
  std::vector<double> Reference() const {
    const int64_t n = NumelOf(self_), weights = NumelOf(weight_);
    const int64_t channels = self_.size() >= 2 ? self_[1] : 1;
    const int64_t inner = self_.size() >= 2 ? n / std::max<int64_t>(self_[0] * channels, 1) : 1;
    const aclDataType promoted = PromotedDType(selfType_, weightType_);
    std::vector<double> ref(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) {
      const double x = xValues[static_cast<size_t>(i)];
      const double w = weightValues[weights == 1 ? 0 : static_cast<size_t>((i / inner) % channels)];
      ref[static_cast<size_t>(i)] = RoundTo(outType_, x > 0 ? x : RoundTo(promoted, w * x));
    }
    return ref;
  }

 private:
  std::vector<double> Prepared(std::mt19937_64 &rng, int64_t n, aclDataType type, double lo, double hi) const {
    std::vector<double> v = RandomValues(rng, n, lo, hi);
    const UniformReal u(0, 1);
    const double specials[] = {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity(),
                               -std::numeric_limits<double>::infinity(), 0.0, -0.0};
    for (double &x : v) {
      if (u(rng) < specials_) x = specials[rng() % 5];
      x = RoundTo(type, x);
    }
    return v;
  }

  std::vector<int64_t> self_ = {2, 3, 4}, weight_ = {3};
  aclDataType selfType_ = ACL_FLOAT, weightType_ = ACL_FLOAT, outType_ = ACL_FLOAT;
  Layout layout_, outLayout_;
  uint64_t seed_ = 1;
  int threads_ = 0;
  double specials_ = 0;
  std::vector<double> fixedX_, fixedW_;
};

// Same value and, for zeros, the same sign (NaN matches NaN).
inline bool SameBitsAsDouble(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  return a == b && std::signbit(a) == std::signbit(b);
}

// PReLU forward is exact: every element equals the reference.
inline void ExpectMatchesReference(const PreluForwardOutputs &o) {
  ASSERT_EQ(o.status, 0) << aclGetRecentErrMsg();
  ASSERT_EQ(o.out.size(), o.ref.size());
  for (size_t i = 0; i < o.out.size(); ++i) {
    ASSERT_TRUE(SameBitsAsDouble(o.out[i], o.ref[i])) << "out[" << i << "] = " << o.out[i] << ", expected " << o.ref[i];
  }
}

}  // namespace aclcpu_test
