// Builder-style tester for aclnnConvTbcBackward: device tensors of any dtype and layout, both
// phases on a stream, and float64 references that apply the device's operand rounding for each
// cubeMathType (pad-prelu-convtbc.md §3.5).
#pragma once

#include <cstring>

#include "aclnnop/aclnn_convolution_backward.h"
#include "common/test_tensor.h"

namespace aclcpu_test {

// HF32 as the A2 cube applies it: 11 explicit mantissa bits, ties away from zero.
inline double RoundToHf32(double v) {
  const auto f = static_cast<float>(v);
  if (std::isnan(f)) return f;
  uint32_t u;
  std::memcpy(&u, &f, 4);
  u = (u + 0x800u) & 0xFFFFF000u;
  float r;
  std::memcpy(&r, &u, 4);
  return r;
}

struct ConvTbcOutputs {
  aclnnStatus status = -1;
  uint64_t workspaceSize = 0;
  std::vector<double> dx, dw, db;
  // Float64 sums of the (rounded) operand products; the scale is the largest sum of |terms|.
  std::vector<double> exactDx, exactDw, exactDb;
  double dxScale = 0, dwScale = 0;
  std::vector<unsigned char> dxBytes, dwBytes, dbBytes;
};

class ConvTbcTester {
 public:
  ConvTbcTester &Shape(int64_t t, int64_t b, int64_t cin, int64_t cout, int64_t k, int64_t pad) {
    t_ = t, b_ = b, cin_ = cin, cout_ = cout, k_ = k, pad_ = pad;
    return *this;
  }
  // One dtype for every tensor.
  ConvTbcTester &DType(aclDataType t) {
    for (aclDataType *d : {&selfType_, &inputType_, &weightType_, &gradInputType_, &gradWeightType_, &gradBiasType_})
      *d = t;
    return *this;
  }
  ConvTbcTester &Types(aclDataType self, aclDataType input, aclDataType weight, aclDataType gradInput,
                       aclDataType gradWeight, aclDataType gradBias) {
    selfType_ = self, inputType_ = input, weightType_ = weight;
    gradInputType_ = gradInput, gradWeightType_ = gradWeight, gradBiasType_ = gradBias;
    return *this;
  }
  ConvTbcTester &CubeMathType(int8_t c) {
    cubeMathType_ = c;
    return *this;
  }
  ConvTbcTester &InLayout(Layout l) {
    inLayout_ = std::move(l);
    return *this;
  }
  ConvTbcTester &OutLayout(Layout l) {
    outLayout_ = std::move(l);
    return *this;
  }
  ConvTbcTester &Seed(uint64_t s) {
    seed_ = s;
    return *this;
  }
  ConvTbcTester &Threads(int t) {
    threads_ = t;
    return *this;
  }
  // Outputs only, no float64 reference (the bit-identity tests compare two runs' bytes: the reference of their
  // large shape was 27 of ConvTbcNumeric's 35 s under ASan).
  ConvTbcTester &WithoutReference() {
    reference_ = false;
    return *this;
  }
  ConvTbcTester &Range(double lo, double hi) {
    lo_ = lo, hi_ = hi;
    return *this;
  }
  // Fixed values (rounded to their dtypes) instead of random ones.
  ConvTbcTester &Values(std::vector<double> self, std::vector<double> input, std::vector<double> weight) {
    fixedSelf_ = std::move(self), fixedInput_ = std::move(input), fixedWeight_ = std::move(weight);
    return *this;
  }

  int64_t tOut() const { return t_ + 2 * pad_ - k_ + 1; }
  std::vector<int64_t> selfShape() const { return {tOut(), b_, cout_}; }
  std::vector<int64_t> inputShape() const { return {t_, b_, cin_}; }
  std::vector<int64_t> weightShape() const { return {k_, cin_, cout_}; }
  aclDataType gradInputType() const { return gradInputType_; }
  aclDataType gradWeightType() const { return gradWeightType_; }
  aclDataType gradBiasType() const { return gradBiasType_; }
  int64_t pad() const { return pad_; }

  std::vector<double> selfValues, inputValues, weightValues;  // as stored (rounded to their dtypes)

  ConvTbcOutputs Run() {
    ConvTbcOutputs out;
    std::mt19937_64 rng(seed_);
    DeviceTensor self(selfShape(), selfType_, inLayout_), input(inputShape(), inputType_, inLayout_);
    DeviceTensor weight(weightShape(), weightType_, inLayout_), bias({cout_}, weightType_);
    DeviceTensor gradInput(inputShape(), gradInputType_, outLayout_);
    DeviceTensor gradWeight(weightShape(), gradWeightType_, outLayout_), gradBias({cout_}, gradBiasType_);
    selfValues = Stored(rng, selfType_, NumelOf(selfShape()), fixedSelf_);
    inputValues = Stored(rng, inputType_, NumelOf(inputShape()), fixedInput_);
    weightValues = Stored(rng, weightType_, NumelOf(weightShape()), fixedWeight_);
    self.Fill(selfValues);
    input.Fill(inputValues);
    weight.Fill(weightValues);
    aclOpExecutor *executor = nullptr;
    out.status = Phase1WithThreads(threads_, [&] {
      return aclnnConvTbcBackwardGetWorkspaceSize(self.get(), input.get(), weight.get(), bias.get(), pad_,
                                                  cubeMathType_, gradInput.get(), gradWeight.get(), gradBias.get(),
                                                  &out.workspaceSize, &executor);
    });
    if (out.status != 0) return out;
    out.status = RunPhase2(aclnnConvTbcBackward, out.workspaceSize, executor);
    if (out.status != 0) return out;
    out.dx = gradInput.Read();
    out.dw = gradWeight.Read();
    out.db = gradBias.Read();
    out.dxBytes = gradInput.Bytes();
    out.dwBytes = gradWeight.Bytes();
    out.dbBytes = gradBias.Bytes();
    if (reference_) Reference(&out);
    return out;
  }

  // The dtype the device computes in: equal dtypes stay, any mix is fp32 (§3.5).
  aclDataType Promoted() const {
    const aclDataType a = selfType_ == inputType_ ? selfType_ : ACL_FLOAT;
    return a == weightType_ ? a : ACL_FLOAT;
  }
  // The dtype gradInput is rounded to before its own dtype (the kernel's output dtype).
  aclDataType GradInputKernelType() const {
    if (cubeMathType_ == 2 || Promoted() == ACL_FLOAT16) return ACL_FLOAT16;
    return Promoted();
  }
  // An operand as the device's cube sees it.
  double Operand(double v) const {
    const aclDataType p = Promoted();
    if (cubeMathType_ == 2 && p != ACL_FLOAT16) return RoundTo(ACL_FLOAT16, v);
    if (p == ACL_FLOAT && (cubeMathType_ == 1 || cubeMathType_ == 3)) return RoundToHf32(v);
    return v;
  }

 private:
  std::vector<double> Stored(std::mt19937_64 &rng, aclDataType t, int64_t n, const std::vector<double> &fixed) const {
    std::vector<double> v = fixed.empty() ? RandomValues(rng, n, lo_, hi_) : fixed;
    for (double &x : v) x = RoundTo(t, x);
    return v;
  }

  void Reference(ConvTbcOutputs *out) const {
    const int64_t to = tOut();
    std::vector<double> g(selfValues), x(inputValues), w(weightValues);
    for (double &v : g) v = Operand(v);
    for (double &v : x) v = Operand(v);
    for (double &v : w) v = Operand(v);
    out->exactDx.assign(static_cast<size_t>(t_ * b_ * cin_), 0.0);
    out->exactDw.assign(static_cast<size_t>(k_ * cin_ * cout_), 0.0);
    out->exactDb.assign(static_cast<size_t>(cout_), 0.0);
    std::vector<double> dxAbs(out->exactDx.size(), 0.0), dwAbs(out->exactDw.size(), 0.0);
    for (int64_t tt = 0; tt < to; ++tt) {
      for (int64_t bb = 0; bb < b_; ++bb) {
        for (int64_t co = 0; co < cout_; ++co) {
          const double gv = g[static_cast<size_t>((tt * b_ + bb) * cout_ + co)];
          out->exactDb[static_cast<size_t>(co)] += selfValues[static_cast<size_t>((tt * b_ + bb) * cout_ + co)];
          for (int64_t kk = 0; kk < k_; ++kk) {
            const int64_t s = tt + kk - pad_;  // the input step this output step saw through tap kk
            if (s < 0 || s >= t_) continue;
            for (int64_t ci = 0; ci < cin_; ++ci) {
              const size_t xi = static_cast<size_t>((s * b_ + bb) * cin_ + ci);
              const size_t wi = static_cast<size_t>((kk * cin_ + ci) * cout_ + co);
              out->exactDx[xi] += gv * w[wi];
              dxAbs[xi] += std::fabs(gv * w[wi]);
              out->exactDw[wi] += gv * x[xi];
              dwAbs[wi] += std::fabs(gv * x[xi]);
            }
          }
        }
      }
    }
    out->dxScale = MaxFiniteAbs(dxAbs);
    out->dwScale = MaxFiniteAbs(dwAbs);
  }

  int64_t t_ = 5, b_ = 1, cin_ = 2, cout_ = 2, k_ = 1, pad_ = 0;
  aclDataType selfType_ = ACL_FLOAT, inputType_ = ACL_FLOAT, weightType_ = ACL_FLOAT;
  aclDataType gradInputType_ = ACL_FLOAT, gradWeightType_ = ACL_FLOAT, gradBiasType_ = ACL_FLOAT;
  int8_t cubeMathType_ = 0;
  Layout inLayout_, outLayout_;
  uint64_t seed_ = 1;
  int threads_ = 0;
  bool reference_ = true;
  double lo_ = -1, hi_ = 1;
  std::vector<double> fixedSelf_, fixedInput_, fixedWeight_;
};

// Every element within one rounding of its dtype (two for gradInput, which the device rounds to its
// kernel dtype first) plus an fp32 accumulation allowance of 2^-20 of the largest sum of |terms|.
inline void ExpectMatchesReference(const ConvTbcTester &t, const ConvTbcOutputs &out) {
  ASSERT_EQ(out.status, 0) << aclGetRecentErrMsg();
  const auto check = [](const char *name, const std::vector<double> &got, const std::vector<double> &exact,
                        aclDataType kernelType, aclDataType outType, double scale) {
    ASSERT_EQ(got.size(), exact.size());
    for (size_t i = 0; i < got.size(); ++i) {
      const double ref = RoundTo(outType, RoundTo(kernelType, exact[i]));
      const double tol =
          UlpAt(kernelType, std::fabs(exact[i])) + UlpAt(outType, std::fabs(exact[i])) + std::ldexp(scale, -20);
      ASSERT_TRUE(SpecialExactOrNear(got[i], ref, tol)) << name << "[" << i << "] exact " << exact[i];
    }
  };
  check("gradInput", out.dx, out.exactDx, t.GradInputKernelType(), t.gradInputType(), out.dxScale);
  check("gradWeight", out.dw, out.exactDw, ACL_FLOAT, t.gradWeightType(), out.dwScale);
  // gradBias is a double sum of the un-rounded self: one rounding (two for 16-bit via fp32).
  check("gradBias", out.db, out.exactDb, ACL_FLOAT, t.gradBiasType(), 0.0);
}

}  // namespace aclcpu_test
