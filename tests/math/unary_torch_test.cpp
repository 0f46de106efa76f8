// aclnnExp/Sqrt/Rsqrt/Tanh against PyTorch's at::exp/sqrt/rsqrt/tanh on random inputs in FLOAT, FLOAT16 and BF16
// (dense and transposed): our max error against the float64 result is at most PyTorch's plus one ulp of the dtype.
#include <ATen/ATen.h>

#include <cmath>
#include <cstdio>
#include <random>

#include "common/torch_convert.h"
#include "math/unary_conversion_common.h"

namespace aclcpu_test::unary_torch_test {
namespace {

enum class Op { kExp, kSqrt, kRsqrt, kTanh };

struct TorchCase {
  Op op;
  aclDataType dtype;
  bool transposed;
};

std::string CaseName(const ::testing::TestParamInfo<TorchCase> &info) {
  static const char *const ops[] = {"Exp", "Sqrt", "Rsqrt", "Tanh"};
  return std::string(ops[static_cast<int>(info.param.op)]) + "_" + DTypeLabel(info.param.dtype) +
         (info.param.transposed ? "_transposed" : "");
}

std::vector<TorchCase> AllCases() {
  std::vector<TorchCase> c;
  for (Op op : {Op::kExp, Op::kSqrt, Op::kRsqrt, Op::kTanh})
    for (aclDataType t : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16})
      for (bool tr : {false, true}) c.push_back({op, t, tr});
  return c;
}

class UnaryTorchParity : public ::testing::TestWithParam<TorchCase> {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

TEST_P(UnaryTorchParity, NoWorseThanTorch) {
  const TorchCase c = GetParam();
  std::mt19937_64 rng(static_cast<uint64_t>(static_cast<int>(c.op) * 100 + static_cast<int>(c.dtype)));
  const double lo = c.op == Op::kExp    ? -10
                    : c.op == Op::kTanh ? -5
                                        : 1e-2,
               hi = c.op == Op::kExp    ? 10
                    : c.op == Op::kTanh ? 5
                                        : 1e3;
  std::uniform_real_distribution<double> d(lo, hi);
  const std::vector<int64_t> shape{33, 65};
  const int64_t n = 33 * 65;
  std::vector<Num> in(static_cast<size_t>(n));
  std::vector<double> inD;
  for (Num &x : in) {
    x = ConvertRef(Num::F(d(rng)), c.dtype);
    inD.push_back(x.Real());
  }
  AnyTensor self(shape, c.dtype, c.transposed ? Layout::Transposed(2) : Layout::Dense()), out(shape, c.dtype);
  self.Fill(in);
  static const UFn fns[] = {UFn::kExp, UFn::kSqrt, UFn::kRsqrt, UFn::kTanh};
  const UFn fn = fns[static_cast<int>(c.op)];
  uint64_t ws = 0;
  aclOpExecutor *exec = nullptr;
  ASSERT_EQ(UPhase1(fn, self.get(), out.get(), nullptr, nullptr, ACL_DT_UNDEFINED, &ws, &exec), ACLNN_SUCCESS);
  ASSERT_EQ(RunPhase2(UPhase2Of(fn), ws, exec), ACLNN_SUCCESS);
  std::vector<double> ours;
  for (const Num &x : out.Read()) ours.push_back(x.Real());

  // PyTorch 1.13's CPU kernels have no FLOAT16 exp/sqrt/rsqrt/tanh ("not implemented for 'Half'"); newer releases
  // compute them in fp32 and round, which is what PyTorch gets here for FLOAT16.
  const at::Tensor x0 = ToTorch(inD, shape, c.dtype), x64 = x0.to(at::kDouble);
  const at::Tensor x = c.dtype == ACL_FLOAT16 ? x0.to(at::kFloat) : x0;
  at::Tensor t, ref;
  switch (c.op) {
    case Op::kExp: t = at::exp(x), ref = at::exp(x64); break;
    case Op::kSqrt: t = at::sqrt(x), ref = at::sqrt(x64); break;
    case Op::kRsqrt: t = at::rsqrt(x), ref = at::rsqrt(x64); break;
    case Op::kTanh: t = at::tanh(x), ref = at::tanh(x64); break;
  }
  const std::vector<double> theirs = FromTorch(t.to(x0.scalar_type())), refD = FromTorch(ref);
  // the max error over elements, each measured in the ulps of the dtype at that element, compared as an absolute
  // error over the whole tensor (NoWorseThanTorch) and per element (relative)
  EXPECT_TRUE(NoWorseThanTorch(ours, theirs, refD, c.dtype));
  double worstOurs = 0, worstTorch = 0;
  for (size_t i = 0; i < refD.size(); ++i) {
    const double ulp = UlpAt(c.dtype, std::fabs(refD[i]));
    worstOurs = std::max(worstOurs, std::fabs(ours[i] - refD[i]) / ulp);
    worstTorch = std::max(worstTorch, std::fabs(theirs[i] - refD[i]) / ulp);
  }
  EXPECT_LE(worstOurs, worstTorch + 1) << "in ulps of the dtype";
}

// FLOAT Exp over its whole range (results from subnormal to overflow, both evaluation paths of
// base/vector_exp-inl.h): the max error in fp32 ulps against the double result is within 0.55 and no more than
// at::exp's (Sleef) on the same 2^21 inputs.
TEST(UnaryTorchAccuracy, ExpFloatNoLessAccurateThanTorchOverItsRange) {
  aclInit(nullptr);
  const int64_t n = int64_t{1} << 21;
  std::mt19937_64 rng(2026);
  std::uniform_real_distribution<double> wide(-104, 89), near(-2, 2);
  std::vector<Num> in(static_cast<size_t>(n));
  std::vector<double> inD(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) {
    const float v = static_cast<float>(i % 4 == 0 ? near(rng) : wide(rng));
    in[static_cast<size_t>(i)] = Num::F(v);
    inD[static_cast<size_t>(i)] = v;
  }
  AnyTensor self({n}, ACL_FLOAT), out({n}, ACL_FLOAT);
  self.Fill(in);
  uint64_t ws = 0;
  aclOpExecutor *exec = nullptr;
  ASSERT_EQ(UPhase1(UFn::kExp, self.get(), out.get(), nullptr, nullptr, ACL_DT_UNDEFINED, &ws, &exec), ACLNN_SUCCESS);
  ASSERT_EQ(RunPhase2(UPhase2Of(UFn::kExp), ws, exec), ACLNN_SUCCESS);
  const std::vector<Num> ours = out.Read();
  const std::vector<double> theirs = FromTorch(at::exp(ToTorch(inD, {n}, ACL_FLOAT)));
  double worstOurs = 0, worstTorch = 0;
  int64_t roundedOurs = 0, roundedTorch = 0;
  for (size_t i = 0; i < inD.size(); ++i) {
    const double ref = std::exp(static_cast<long double>(inD[i]));
    // fp32's ulp at ref, subnormals included (2^-149 below 2^-126)
    const double ulp = std::max(std::ldexp(1.0, std::ilogb(ref) - 23), 0x1p-149);
    if (ref > 0x1.fffffep127) {  // overflows: inf for both
      ASSERT_EQ(ours[i].Real(), HUGE_VAL) << inD[i];
      continue;
    }
    worstOurs = std::max(worstOurs, std::fabs(ours[i].Real() - ref) / ulp);
    worstTorch = std::max(worstTorch, std::fabs(theirs[i] - ref) / ulp);
    roundedOurs += ours[i].Real() == static_cast<double>(static_cast<float>(ref));
    roundedTorch += theirs[i] == static_cast<double>(static_cast<float>(ref));
  }
  RecordProperty("worst_ulps_ours", std::to_string(worstOurs));
  RecordProperty("worst_ulps_torch", std::to_string(worstTorch));
  std::printf("Exp FLOAT, %lld inputs: worst %.4f ulp (PyTorch %.4f), correctly rounded %.4f%% (PyTorch %.4f%%)\n",
              static_cast<long long>(n), worstOurs, worstTorch, 100.0 * static_cast<double>(roundedOurs) / n,
              100.0 * static_cast<double>(roundedTorch) / n);
  EXPECT_LE(worstOurs, 0.55);
  EXPECT_LE(worstOurs, worstTorch);
}

INSTANTIATE_TEST_SUITE_P(Random, UnaryTorchParity, ::testing::ValuesIn(AllCases()), CaseName);

}  // namespace
}  // namespace aclcpu_test::unary_torch_test
