// Builder-style tester for the backward pads (aclnnReflectionPad2dBackward,
// aclnnReplicationPad2dBackward): device tensors of any dtype and layout, both phases on a stream,
// and a float64 reference written as the forward's scatter (independent of the library's gather).
#pragma once

#include <memory>

#include "aclnnop/aclnn_pad2d_backward.h"
#include "common/pad2d_forward_tester.h"
#include "common/test_tensor.h"

namespace aclcpu_test {

struct PadOutputs {
  aclnnStatus status = -1;
  uint64_t workspaceSize = 0;
  std::vector<double> gradInput, reference;  // numel x components
  double referenceScale = 0;                 // largest sum of |terms| of one cell
  std::vector<unsigned char> bytes;
};

class PadTester {
 public:
  explicit PadTester(PadKind kind = PadKind::kReflect) : kind_(kind) {}
  PadTester &Self(std::vector<int64_t> s) {
    self_ = std::move(s);
    return *this;
  }
  // [left, right, top, bottom]
  PadTester &Padding(std::vector<int64_t> p) {
    pad_ = std::move(p);
    return *this;
  }
  PadTester &DType(aclDataType t) {
    dtype_ = t;
    return *this;
  }
  PadTester &InLayout(Layout l) {
    goLayout_ = std::move(l);
    return *this;
  }
  PadTester &OutLayout(Layout l) {
    giLayout_ = std::move(l);
    return *this;
  }
  PadTester &Seed(uint64_t s) {
    seed_ = s;
    return *this;
  }
  PadTester &Threads(int t) {
    threads_ = t;
    return *this;
  }
  aclDataType dtype() const { return dtype_; }

  std::vector<int64_t> GradOutputShape() const {
    std::vector<int64_t> go = self_;
    const size_t r = go.size();
    go[r - 2] += pad_[2] + pad_[3];
    go[r - 1] += pad_[0] + pad_[1];
    return go;
  }

  std::vector<double> gradOutputValues;  // as stored (rounded), numel x components

  PadOutputs Run() {
    PadOutputs out;
    const std::vector<int64_t> goShape = GradOutputShape();
    std::mt19937_64 rng(seed_);
    DeviceTensor go(goShape, dtype_, goLayout_), self(self_, dtype_), gi(self_, dtype_, giLayout_);
    const int k = go.components();
    gradOutputValues = RandomValues(rng, NumelOf(goShape) * k, -4, 4);
    for (double &v : gradOutputValues) v = RoundTo(dtype_, v);
    go.Fill(gradOutputValues);
    std::unique_ptr<aclIntArray, aclnnStatus (*)(const aclIntArray *)> padding(
        aclCreateIntArray(pad_.data(), pad_.size()), aclDestroyIntArray);
    aclOpExecutor *executor = nullptr;
    out.status = Phase1WithThreads(threads_, [&] {
      return kind_ == PadKind::kReflect
                 ? aclnnReflectionPad2dBackwardGetWorkspaceSize(go.get(), self.get(), padding.get(), gi.get(),
                                                                &out.workspaceSize, &executor)
                 : aclnnReplicationPad2dBackwardGetWorkspaceSize(go.get(), self.get(), padding.get(), gi.get(),
                                                                 &out.workspaceSize, &executor);
    });
    if (out.status != 0) return out;
    out.status = RunPhase2(kind_ == PadKind::kReflect ? aclnnReflectionPad2dBackward : aclnnReplicationPad2dBackward,
                           out.workspaceSize, executor);
    if (out.status != 0) return out;
    out.gradInput = gi.Read();
    out.bytes = gi.Bytes();
    Reference(goShape, k, &out);
    return out;
  }

 private:
  void Reference(const std::vector<int64_t> &goShape, int k, PadOutputs *out) const {
    const size_t r = self_.size();
    const int64_t h = self_[r - 2], w = self_[r - 1], ho = goShape[r - 2], wo = goShape[r - 1];
    const int64_t planes = NumelOf(self_) / std::max<int64_t>(h * w, 1);
    // Long double, so that the reference of fp64/complex128 sums is itself more exact than double.
    std::vector<long double> sums(static_cast<size_t>(NumelOf(self_) * k), 0.0L);
    std::vector<double> scale(sums.size(), 0.0);
    for (int64_t p = 0; p < planes; ++p) {
      for (int64_t oh = 0; oh < ho; ++oh) {
        for (int64_t ow = 0; ow < wo; ++ow) {
          const int64_t ih = PadSource(kind_, oh - pad_[2], h), iw = PadSource(kind_, ow - pad_[0], w);
          for (int c = 0; c < k; ++c) {
            const double v = gradOutputValues[static_cast<size_t>(((p * ho + oh) * wo + ow) * k + c)];
            const auto at = static_cast<size_t>(((p * h + ih) * w + iw) * k + c);
            sums[at] += v;
            scale[at] += std::fabs(v);
          }
        }
      }
    }
    out->reference.assign(sums.begin(), sums.end());
    out->referenceScale = MaxAbs(scale);
  }

  PadKind kind_;
  std::vector<int64_t> self_ = {1, 2, 5, 6};
  std::vector<int64_t> pad_ = {1, 2, 2, 1};
  aclDataType dtype_ = ACL_FLOAT;
  Layout goLayout_, giLayout_;
  uint64_t seed_ = 1;
  int threads_ = 0;
};

// Every cell is its sum rounded once to the dtype: within one rounding of the value plus the
// summation noise of the terms in the type the sum is taken in (fp32 for fp16/bf16, double
// otherwise; the reference adds in another order).
inline void ExpectMatchesReference(const PadTester &t, const PadOutputs &o) {
  ASSERT_EQ(o.status, 0) << aclGetRecentErrMsg();
  ASSERT_EQ(o.gradInput.size(), o.reference.size());
  const bool narrow = t.dtype() == ACL_FLOAT16 || t.dtype() == ACL_BF16;
  for (size_t i = 0; i < o.reference.size(); ++i) {
    const double tol = Epsilon(t.dtype()) * std::fabs(o.reference[i]) +
                       8 * Epsilon(narrow ? ACL_FLOAT : ACL_DOUBLE) * o.referenceScale + 1e-300;
    ASSERT_LE(std::fabs(o.gradInput[i] - o.reference[i]), tol) << "cell " << i << " of " << o.reference.size();
  }
}

}  // namespace aclcpu_test
