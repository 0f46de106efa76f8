// The activation kernels themselves (src/ops/activation/activation_family/activation_kernels.cpp), on every SIMD
// target this CPU has: the fused FLOAT16/BF16 kernels give the bits of the staged path (the FLOAT kernel, then
// one rounding to the 16-bit dtype) for every 16-bit input pattern class, tails included, and the FLOAT
// kernels agree with a float64 evaluation of each formula within a few ulps (the GELU tails included).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "base/pointwise/element_convert.h"
#include "common/simd_targets.h"
#include "ops/activation/activation_family/activation_kernels.h"

namespace aclcpu_test::activation_kernels_test {
namespace {

using aclcpu::ActivationOp;
using aclcpu::ComputeType;
using aclcpu::DType;

struct OpCase {
  ActivationOp op;
  const char *name;
  int inputs;
};
const OpCase kFloatOps[] = {
    {ActivationOp::kSigmoid, "Sigmoid", 1},
    {ActivationOp::kSilu, "Silu", 1},
    {ActivationOp::kGeluTanh, "GeluTanh", 1},
    {ActivationOp::kGeluErf, "GeluErf", 1},
    {ActivationOp::kRelu, "Relu", 1},
    {ActivationOp::kSigmoidGrad, "SigmoidGrad", 2},
    {ActivationOp::kSiluGrad, "SiluGrad", 2},
    {ActivationOp::kGeluTanhGrad, "GeluTanhGrad", 2},
    {ActivationOp::kGeluErfGrad, "GeluErfGrad", 2},
    {ActivationOp::kThresholdGrad, "ThresholdGrad", 2},
};

// Every 16-bit pattern once (all finite values, zeros, subnormals, infinities, NaNs), in an order that
// differs per input, cut to a length that leaves a tail.
std::vector<uint16_t> AllPatterns(uint32_t shuffle) {
  std::vector<uint16_t> v(65536 - 3);
  for (size_t i = 0; i < v.size(); ++i) v[i] = static_cast<uint16_t>((i * shuffle + 12345) & 0xFFFF);
  return v;
}

TEST(ActivationKernels, Fused16MatchesTheStagedPathBitForBit) {
  ForEachSimdTarget([] {
    for (const OpCase &c : kFloatOps) {
      const aclcpu::Fused16Kernels fused = aclcpu::ActivationFused16(c.op);
      const aclcpu::PointwiseKernel f32 = aclcpu::ActivationKernel(c.op, ComputeType::kF32);
      ASSERT_NE(f32, nullptr) << c.name;
      for (DType t : {DType::kF16, DType::kBF16}) {
        SCOPED_TRACE(std::string(c.name) + (t == DType::kF16 ? " f16" : " bf16"));
        const aclcpu::PointwiseKernel kernel = t == DType::kF16 ? fused.f16 : fused.bf16;
        ASSERT_NE(kernel, nullptr);
        const std::vector<uint16_t> a = AllPatterns(40503), b = AllPatterns(9973);
        const auto n = static_cast<int64_t>(a.size());
        aclcpu::PointwiseParams params;
        params.f[0] = 0.5;  // ThresholdGrad's threshold
        std::vector<uint16_t> fusedOut(a.size());
        const void *in16[2] = {a.data(), b.data()};
        kernel(n, in16, fusedOut.data(), params);
        std::vector<float> a32(a.size()), b32(a.size()), out32(a.size());
        aclcpu::LoadRun(t, a.data(), 1, ComputeType::kF32, a32.data(), n);
        aclcpu::LoadRun(t, b.data(), 1, ComputeType::kF32, b32.data(), n);
        const void *in32[2] = {a32.data(), b32.data()};
        f32(n, in32, out32.data(), params);
        std::vector<uint16_t> staged(a.size());
        aclcpu::StoreRun(ComputeType::kF32, out32.data(), t, staged.data(), 1, n);
        int bad = 0;
        for (size_t i = 0; i < a.size(); ++i) {
          // NaNs of either payload are the same value.
          const bool nanF = std::isnan(out32[i]) && (fusedOut[i] & 0x7FFF) > (t == DType::kF16 ? 0x7C00 : 0x7F80);
          if (fusedOut[i] != staged[i] && !nanF && bad++ < 4)
            ADD_FAILURE() << "element " << i << " inputs " << a32[i] << ", " << b32[i] << ": fused " << fusedOut[i]
                          << " staged " << staged[i];
        }
      }
    }
  });
}

// The lookup kernels (ActivationLookup16) give the fused kernels' bits for every pattern (NaN for NaN), tails and
// in-place runs included; the maths without a table and the FLOAT storage get none. The table holds the results of the
// target that built it (this CPU's best, as in the library), which the lookup loop of every target must reproduce: the
// fused kernels of the older targets differ from it on a few extreme inputs (NaN signs; e^|x| clamped near
// FLT_MAX on SSE4), so each target's lookup is compared with the best target's fused results.
// Equal 16-bit vectors, a NaN matching any NaN (the sign and payload a NaN result carries follow whichever
// operand the compiler put first in a product: not part of any contract).
::testing::AssertionResult SameOrBothNaN(const std::vector<uint16_t> &got, const std::vector<uint16_t> &want, DType t) {
  const uint16_t exponent = t == DType::kF16 ? 0x7C00 : 0x7F80;
  const auto isNaN = [&](uint16_t v) { return (v & 0x7FFF) > exponent; };
  for (size_t i = 0; i < got.size(); ++i)
    if (got[i] != want[i] && !(isNaN(got[i]) && isNaN(want[i])))
      return ::testing::AssertionFailure() << "element " << i << ": " << got[i] << " against " << want[i];
  return ::testing::AssertionSuccess();
}

TEST(ActivationKernels, LookupGivesTheFusedBits) {
  const std::vector<uint16_t> a = AllPatterns(40503), b = AllPatterns(9973);
  const std::vector<int64_t> lengths = {0, 1, 3, 4, 7, static_cast<int64_t>(a.size())};
  const aclcpu::PointwiseParams params;
  for (const OpCase &c : kFloatOps) {
    for (DType t : {DType::kF16, DType::kBF16}) {
      SCOPED_TRACE(std::string(c.name) + (t == DType::kF16 ? " f16" : " bf16"));
      const aclcpu::PointwiseKernel lookup = aclcpu::ActivationLookup16(c.op, t);
      const bool tabled = c.op == ActivationOp::kSigmoid || c.op == ActivationOp::kSilu ||
                          c.op == ActivationOp::kGeluTanh || c.op == ActivationOp::kGeluErf ||
                          c.op == ActivationOp::kSiluGrad || c.op == ActivationOp::kGeluErfGrad;
      ASSERT_EQ(lookup != nullptr, tabled);
      EXPECT_EQ(aclcpu::ActivationLookup16(c.op, DType::kF32), nullptr);
      if (!tabled) continue;
      const aclcpu::Fused16Kernels fused = aclcpu::ActivationFused16(c.op);
      const aclcpu::PointwiseKernel kernel = t == DType::kF16 ? fused.f16 : fused.bf16;
      // Two-input maths: gradOutput b, x a.
      const void *in[2] = {c.inputs == 1 ? a.data() : b.data(), a.data()};
      std::vector<std::vector<uint16_t>> want;
      for (int64_t n : lengths) {
        std::vector<uint16_t> w(a.size(), 1);
        kernel(n, in, w.data(), params);
        want.push_back(w);
      }
      ForEachSimdTarget([&] {
        const aclcpu::PointwiseKernel onTarget = aclcpu::ActivationLookup16(c.op, t);
        for (size_t l = 0; l < lengths.size(); ++l) {
          const int64_t n = lengths[l];
          std::vector<uint16_t> got(a.size(), 1);
          onTarget(n, in, got.data(), params);
          ASSERT_TRUE(SameOrBothNaN(got, want[l], t)) << "n " << n;
          // out aliasing the first input (x, or gradOutput as a backward's gradInput may)
          std::vector<uint16_t> inplace = c.inputs == 1 ? a : b, wantInPlace = want[l];
          for (size_t i = static_cast<size_t>(n); i < a.size(); ++i) wantInPlace[i] = inplace[i];
          const void *self[2] = {inplace.data(), a.data()};
          onTarget(n, self, inplace.data(), params);
          ASSERT_TRUE(SameOrBothNaN(inplace, wantInPlace, t)) << "in place, n " << n;
        }
      });
    }
  }
}

double Sigmoid(double x) { return 1 / (1 + std::exp(-x)); }
double GeluTanhZ(double x) { return 1.5957691216057308 * (x + 0.044715 * x * x * x); }
double Reference(ActivationOp op, double g, double x) {
  switch (op) {
    case ActivationOp::kSigmoid: return Sigmoid(x);
    case ActivationOp::kSilu: return x * Sigmoid(x);
    case ActivationOp::kGeluTanh: return x * Sigmoid(GeluTanhZ(x));
    case ActivationOp::kGeluErf: return x * 0.5 * std::erfc(-x / std::sqrt(2.0));
    case ActivationOp::kRelu: return x < 0 ? 0 : x;
    case ActivationOp::kSigmoidGrad: return g * x * (1 - x);
    case ActivationOp::kSiluGrad: return g * Sigmoid(x) * (1 + x * (1 - Sigmoid(x)));
    case ActivationOp::kGeluTanhGrad: {
      const double s = Sigmoid(GeluTanhZ(x));
      return g * (s + x * s * (1 - s) * 1.5957691216057308 * (1 + 3 * 0.044715 * x * x));
    }
    case ActivationOp::kGeluErfGrad:
      return g * (0.5 * std::erfc(-x / std::sqrt(2.0)) + x * std::exp(-x * x / 2) / std::sqrt(2 * M_PI));
    case ActivationOp::kThresholdGrad: return x > 0.5 ? g : 0;
  }
  return 0;
}

// Ulps of fp32 at the reference's magnitude, or at 2^-100 below it: results within a few exponents of the
// subnormals come from an e^-|z| that is subnormal itself, with fewer significant bits.
double UlpError(float got, double want) {
  const double ulp = std::ldexp(1.0, std::ilogb(std::max(std::fabs(want), 0x1p-100)) - 23);
  return std::fabs(static_cast<double>(got) - want) / ulp;
}

TEST(ActivationKernels, FloatWithinAFewUlpsOfFloat64) {
  std::mt19937 rng(34);
  std::uniform_real_distribution<float> wide(-16.0f, 16.0f), narrow(-3.0f, 3.0f);
  const int64_t n = 40001;
  std::vector<float> g(n), x(n), out(n);
  for (int64_t i = 0; i < n; ++i) {
    g[static_cast<size_t>(i)] = narrow(rng);
    x[static_cast<size_t>(i)] = i % 2 ? wide(rng) : narrow(rng);
  }
  ForEachSimdTarget([&] {
    for (const OpCase &c : kFloatOps) {
      SCOPED_TRACE(c.name);
      aclcpu::PointwiseParams params;
      params.f[0] = 0.5;
      const void *in[2] = {c.inputs == 1 ? x.data() : g.data(), x.data()};
      aclcpu::ActivationKernel(c.op, ComputeType::kF32)(n, in, out.data(), params);
      // The slopes cancel near their zeros (absolute accuracy there): ulps of their largest term instead.
      const bool slope =
          c.op == ActivationOp::kSiluGrad || c.op == ActivationOp::kGeluTanhGrad || c.op == ActivationOp::kGeluErfGrad;
      double worst = 0;
      for (int64_t i = 0; i < n; ++i) {
        const auto k = static_cast<size_t>(i);
        const double want = Reference(c.op, g[k], x[k]);
        double err = UlpError(out[k], want);
        if (slope)
          err = std::min(err, UlpError(out[k], want) * std::fabs(want) / std::max(std::fabs(g[k] * 1.2), 1e-30));
        worst = std::max(worst, err);
      }
      EXPECT_LE(worst, 8.0);
    }
  });
}

}  // namespace
}  // namespace aclcpu_test::activation_kernels_test
