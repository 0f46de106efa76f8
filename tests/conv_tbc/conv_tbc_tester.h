// Builder-style tester for aclnnConvTbc: device tensors of any dtype and layout, both phases on a
// stream, and a float64 reference written here that applies the device's operand, bias and output
// roundings for each cubeMathType (conv-tbc-forward.md §5).
#pragma once

#include "aclnnop/aclnn_convolution.h"
#include "common/test_tensor.h"
#include "conv_tbc_backward/conv_tbc_backward_tester.h"  // RoundToHf32

namespace aclcpu_test {

struct ConvTbcForwardOutputs {
  aclnnStatus status = -1;
  uint64_t workspaceSize = 0;
  std::vector<double> y;      // as stored
  std::vector<double> exact;  // float64 bias + sum of the (rounded) operand products
  double scale = 0;           // the largest |bias| + sum of |terms|
  std::vector<unsigned char> bytes;
};

class ConvTbcForwardTester {
 public:
  ConvTbcForwardTester &Shape(int64_t t, int64_t b, int64_t cin, int64_t cout, int64_t k, int64_t pad) {
    t_ = t, b_ = b, cin_ = cin, cout_ = cout, k_ = k, pad_ = pad;
    return *this;
  }
  // self, weight and output (one dtype by the contract); the bias follows unless BiasType says otherwise.
  ConvTbcForwardTester &DType(aclDataType t) {
    type_ = t;
    if (!biasTypeSet_) biasType_ = t;
    return *this;
  }
  ConvTbcForwardTester &BiasType(aclDataType t) {
    biasType_ = t;
    biasTypeSet_ = true;
    return *this;
  }
  ConvTbcForwardTester &CubeMathType(int8_t c) {
    cubeMathType_ = c;
    return *this;
  }
  ConvTbcForwardTester &InLayout(Layout l) {
    inLayout_ = std::move(l);
    return *this;
  }
  ConvTbcForwardTester &OutLayout(Layout l) {
    outLayout_ = std::move(l);
    return *this;
  }
  ConvTbcForwardTester &Seed(uint64_t s) {
    seed_ = s;
    return *this;
  }
  ConvTbcForwardTester &Threads(int t) {
    threads_ = t;
    return *this;
  }
  // Outputs only, no float64 reference (the bit-identity tests compare two runs' bytes: the reference of their
  // large shape was 27 of ConvTbcNumeric's 35 s under ASan).
  ConvTbcForwardTester &WithoutReference() {
    reference_ = false;
    return *this;
  }
  ConvTbcForwardTester &Range(double lo, double hi) {
    lo_ = lo, hi_ = hi;
    return *this;
  }
  // Fixed values (rounded to their dtypes) instead of random ones.
  ConvTbcForwardTester &Values(std::vector<double> self, std::vector<double> weight, std::vector<double> bias) {
    fixedSelf_ = std::move(self), fixedWeight_ = std::move(weight), fixedBias_ = std::move(bias);
    return *this;
  }

  int64_t tOut() const { return t_ + 2 * pad_ - k_ + 1; }
  std::vector<int64_t> selfShape() const { return {t_, b_, cin_}; }
  std::vector<int64_t> weightShape() const { return {k_, cin_, cout_}; }
  std::vector<int64_t> outputShape() const { return {tOut(), b_, cout_}; }
  aclDataType dtype() const { return type_; }
  aclDataType biasType() const { return biasType_; }
  int64_t pad() const { return pad_; }
  int8_t cubeMathType() const { return cubeMathType_; }

  std::vector<double> selfValues, weightValues, biasValues;  // as stored (rounded to their dtypes)

  ConvTbcForwardOutputs Run() {
    ConvTbcForwardOutputs out;
    std::mt19937_64 rng(seed_);
    DeviceTensor self(selfShape(), type_, inLayout_), weight(weightShape(), type_, inLayout_);
    DeviceTensor bias({cout_}, biasType_, inLayout_.offset != 0 ? Layout::Padded(1) : Layout::Dense());
    DeviceTensor output(outputShape(), type_, outLayout_);
    selfValues = Stored(rng, type_, NumelOf(selfShape()), fixedSelf_);
    weightValues = Stored(rng, type_, NumelOf(weightShape()), fixedWeight_);
    biasValues = Stored(rng, biasType_, cout_, fixedBias_);
    self.Fill(selfValues);
    weight.Fill(weightValues);
    bias.Fill(biasValues);
    aclOpExecutor *executor = nullptr;
    out.status = Phase1WithThreads(threads_, [&] {
      return aclnnConvTbcGetWorkspaceSize(self.get(), weight.get(), bias.get(), pad_, output.get(), cubeMathType_,
                                          &out.workspaceSize, &executor);
    });
    if (out.status != 0) return out;
    out.status = RunPhase2(aclnnConvTbc, out.workspaceSize, executor);
    if (out.status != 0) return out;
    out.y = output.Read();
    out.bytes = output.Bytes();
    if (reference_) Reference(&out);
    return out;
  }

  // The dtype the device's kernel emits (USE_FP16 and FLOAT16 compute: fp16).
  aclDataType KernelType() const { return cubeMathType_ == 2 || type_ == ACL_FLOAT16 ? ACL_FLOAT16 : type_; }
  // An x or W operand as the device's cube sees it.
  double Operand(double v) const {
    if (cubeMathType_ == 2 && type_ != ACL_FLOAT16) return RoundTo(ACL_FLOAT16, v);
    if (type_ == ACL_FLOAT && (cubeMathType_ == 1 || cubeMathType_ == 3)) return RoundToHf32(v);
    return v;
  }
  // The bias operand: fp16 for fp16 compute, else the stored value (widened exactly).
  double BiasOperand(double v) const { return KernelType() == ACL_FLOAT16 ? RoundTo(ACL_FLOAT16, v) : v; }
  bool ConvEmpty() const { return t_ == 0 || b_ == 0 || cin_ == 0 || cout_ == 0; }

 private:
  std::vector<double> Stored(std::mt19937_64 &rng, aclDataType t, int64_t n, const std::vector<double> &fixed) const {
    std::vector<double> v = fixed.empty() ? RandomValues(rng, n, lo_, hi_) : fixed;
    for (double &x : v) x = RoundTo(t, x);
    return v;
  }

  void Reference(ConvTbcForwardOutputs *out) const {
    const int64_t to = tOut();
    const bool empty = ConvEmpty();
    out->exact.assign(static_cast<size_t>(to * b_ * cout_), 0.0);
    std::vector<double> absSum(out->exact.size(), 0.0), x(selfValues), w(weightValues);
    for (double &v : x) v = Operand(v);
    for (double &v : w) v = Operand(v);
    for (int64_t tt = 0; tt < to; ++tt) {
      for (int64_t bb = 0; bb < b_; ++bb) {
        for (int64_t co = 0; co < cout_; ++co) {
          const double bv = biasValues[static_cast<size_t>(co)];
          double acc = empty ? bv : BiasOperand(bv), mag = std::fabs(acc);
          for (int64_t kk = 0; kk < k_; ++kk) {
            const int64_t s = tt + kk - pad_;  // padded steps are skipped
            if (s < 0 || s >= t_) continue;
            for (int64_t ci = 0; ci < cin_; ++ci) {
              const double term = x[static_cast<size_t>((s * b_ + bb) * cin_ + ci)] *
                                  w[static_cast<size_t>((kk * cin_ + ci) * cout_ + co)];
              acc += term;
              mag += std::fabs(term);
            }
          }
          out->exact[static_cast<size_t>((tt * b_ + bb) * cout_ + co)] = acc;
          absSum[static_cast<size_t>((tt * b_ + bb) * cout_ + co)] = mag;
        }
      }
    }
    out->scale = MaxFiniteAbs(absSum);
  }

  int64_t t_ = 4, b_ = 2, cin_ = 2, cout_ = 3, k_ = 3, pad_ = 1;
  aclDataType type_ = ACL_FLOAT, biasType_ = ACL_FLOAT;
  bool biasTypeSet_ = false;
  int8_t cubeMathType_ = 0;
  Layout inLayout_, outLayout_;
  uint64_t seed_ = 1;
  int threads_ = 0;
  bool reference_ = true;
  double lo_ = -1, hi_ = 1;
  std::vector<double> fixedSelf_, fixedWeight_, fixedBias_;
};

// Every element within one rounding of the kernel dtype and one of the output dtype (the second is
// exact unless USE_FP16 meets a BF16 output) plus an fp32 accumulation allowance of 2^-20 of the
// largest |bias| + sum of |terms|. An empty sum is the bias cast once, exactly.
inline void ExpectMatchesReference(const ConvTbcForwardTester &t, const ConvTbcForwardOutputs &out) {
  ASSERT_EQ(out.status, 0) << aclGetRecentErrMsg();
  ASSERT_EQ(out.y.size(), out.exact.size());
  const aclDataType kernel = t.KernelType(), type = t.dtype();
  for (size_t i = 0; i < out.y.size(); ++i) {
    const double e = out.exact[i];
    if (t.ConvEmpty()) {
      ASSERT_EQ(out.y[i], RoundTo(type, e)) << "output[" << i << "]";
      continue;
    }
    const double ref = RoundTo(type, RoundTo(kernel, e));
    const double tol = UlpAt(kernel, std::fabs(e)) + UlpAt(type, std::fabs(e)) + std::ldexp(out.scale, -20);
    ASSERT_TRUE(SpecialExactOrNear(out.y[i], ref, tol)) << "output[" << i << "] exact " << e;
  }
}

}  // namespace aclcpu_test
