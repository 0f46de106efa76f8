// aclnnAdd/Sub/Mul/Div (and their in-place forms) against PyTorch's at::add/sub/mul/div on random problems:
// shapes of rank 0-4 that broadcast, random dtypes (same and mixed pairs), strided / transposed / offset
// views. PyTorch gets both operands already cast to the A2 promoted dtype (its own 0-d promotion rule differs
// from the vendor's table). Floating and complex results: our max error against float64 is at most PyTorch's
// plus one ulp of the result dtype; integer and bool results of add/sub/mul: equal to PyTorch's.
#include <ATen/ATen.h>
#include <ATen/Parallel.h>

#include <random>

#include "common/torch_convert.h"
#include "math/arith_tester.h"

namespace aclcpu_test::arith_torch_test {
namespace {

// A tensor of dtype t from our values (exact: integers through int64, floating values through double).
at::Tensor TorchOf(const std::vector<Num> &v, const std::vector<int64_t> &shape, aclDataType t) {
  if (IsFloatDT(t) || IsComplexDT(t)) {
    std::vector<double> d;
    for (const Num &x : v) {
      d.push_back(x.Real());
      if (IsComplexDT(t)) d.push_back(x.z.imag());
    }
    return ToTorch(d, shape, t);
  }
  std::vector<int64_t> i;
  for (const Num &x : v) i.push_back(x.i);
  return at::tensor(at::ArrayRef<int64_t>(i), at::kLong).reshape(shape).to(TorchType(t));
}

std::vector<int64_t> TorchInts(const at::Tensor &t) {
  const at::Tensor l = t.to(at::kLong).contiguous();
  return std::vector<int64_t>(l.data_ptr<int64_t>(), l.data_ptr<int64_t>() + l.numel());
}

std::vector<double> Doubles(const std::vector<Num> &v, bool complex) {
  std::vector<double> d;
  for (const Num &x : v) {
    d.push_back(x.Real());
    if (complex) d.push_back(x.z.imag());
  }
  return d;
}

// Random values: floating in [-4, 4] (rounded to the dtype), integers over their whole range (so that sums and
// products wrap), except where they meet a FLOAT16/BF16 operand (kept exact in it); no zero divisors.
std::vector<Num> Values(aclDataType t, int64_t n, bool smallInts, bool nonZero, std::mt19937_64 &rng) {
  std::uniform_real_distribution<double> real(-4, 4);
  std::vector<Num> v;
  for (int64_t i = 0; i < n; ++i) {
    Num x;
    if (IsFloatDT(t) || IsComplexDT(t)) {
      x = ConvertRef(Num::F(real(rng), IsComplexDT(t) ? real(rng) : 0), t);
    } else if (t == ACL_BOOL) {
      x = Num::I(static_cast<int64_t>(rng() % 2));
    } else {
      x = ConvertRef(Num::I(smallInts ? static_cast<int64_t>(rng() % 41) - 20 : static_cast<int64_t>(rng())), t);
    }
    if (nonZero && (x.integral ? x.i == 0 : x.Real() == 0)) x = x.integral ? Num::I(1) : Num::F(1);
    v.push_back(x);
  }
  return v;
}

// Two shapes that broadcast: an out shape of rank 0-4, each operand a suffix of it with some dims set to 1.
void RandomShapes(std::mt19937_64 &rng, std::vector<int64_t> *a, std::vector<int64_t> *b) {
  const int rank = static_cast<int>(rng() % 5);
  std::vector<int64_t> out;
  for (int d = 0; d < rank; ++d) out.push_back(1 + static_cast<int64_t>(rng() % 6));
  for (std::vector<int64_t> *s : {a, b}) {
    const size_t keep = rank == 0 ? 0 : static_cast<size_t>(rng() % (rank + 1));
    s->assign(out.end() - static_cast<std::ptrdiff_t>(keep), out.end());
    for (int64_t &d : *s)
      if (rng() % 3 == 0) d = 1;
  }
}

Layout RandomLayout(std::mt19937_64 &rng, size_t rank) {
  switch (rng() % 3) {
    case 0: return Layout::Dense();
    case 1: return Layout::Transposed(rank);
    default: return Layout::Padded(rank, static_cast<int64_t>(rng() % 4));
  }
}

struct Pair {
  aclDataType a, b;
};

class ArithTorchParity : public ::testing::TestWithParam<ArithKind> {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

TEST_P(ArithTorchParity, RandomProblems) {
  const ArithKind kind = GetParam();
  at::set_num_threads(2);
  std::mt19937_64 rng(2718 + static_cast<int>(kind));
  const Pair pairs[] = {{ACL_FLOAT, ACL_FLOAT},   {ACL_FLOAT16, ACL_FLOAT16},     {ACL_BF16, ACL_BF16},
                        {ACL_DOUBLE, ACL_DOUBLE}, {ACL_COMPLEX64, ACL_COMPLEX64}, {ACL_COMPLEX128, ACL_COMPLEX128},
                        {ACL_INT8, ACL_INT8},     {ACL_UINT8, ACL_UINT8},         {ACL_INT16, ACL_INT16},
                        {ACL_INT32, ACL_INT32},   {ACL_INT64, ACL_INT64},         {ACL_BOOL, ACL_BOOL},
                        {ACL_FLOAT16, ACL_FLOAT}, {ACL_BF16, ACL_FLOAT16},        {ACL_INT8, ACL_UINT8},
                        {ACL_INT32, ACL_FLOAT},   {ACL_BOOL, ACL_INT32},          {ACL_INT16, ACL_FLOAT16},
                        {ACL_UINT8, ACL_DOUBLE},  {ACL_FLOAT, ACL_COMPLEX64}};
  int ran = 0, compared = 0;
  for (const Pair &pair : pairs) {
    const aclDataType p = PromoteRef(pair.a, pair.b);
    if (kind == ArithKind::kSub && p == ACL_BOOL) continue;  // PyTorch refuses bool subtraction
    const bool intResult = !IsFloatDT(p) && !IsComplexDT(p);
    const aclDataType resultType = kind == ArithKind::kDiv && intResult ? ACL_FLOAT : p;
    const bool halfOperand = pair.a == ACL_FLOAT16 || pair.a == ACL_BF16 || pair.b == ACL_FLOAT16 || pair.b == ACL_BF16;
    for (int c = 0; c < 30; ++c) {
      ArithProblem pr;
      RandomShapes(rng, &pr.selfShape, &pr.otherShape);
      const std::vector<int64_t> outShape = BroadcastOf(pr.selfShape, pr.otherShape);
      // In place when selfRef already has the result's shape and dtype.
      const bool inplace = c % 4 == 3 && pr.selfShape == outShape && pair.a == resultType;
      pr.fn = static_cast<ArithFn>(static_cast<int>(kind) * 4 + (inplace ? 1 : 0));
      pr.selfType = pair.a;
      pr.otherType = pair.b;
      pr.outType = resultType;
      pr.selfLayout = RandomLayout(rng, pr.selfShape.size());
      pr.otherLayout = RandomLayout(rng, pr.otherShape.size());
      pr.outLayout = RandomLayout(rng, outShape.size());
      pr.selfValues = Values(pair.a, NumelOf(pr.selfShape), halfOperand, false, rng);
      pr.otherValues = Values(pair.b, NumelOf(pr.otherShape), halfOperand, kind == ArithKind::kDiv, rng);
      at::Scalar alpha = 1;
      double alphaValue = 1;
      if (HasAlpha(pr.fn)) {
        if (p == ACL_BOOL) {
          pr.alphaType = ACL_BOOL;
          pr.alpha = Num::I(1);
          alpha = true;
        } else if (intResult) {
          const int64_t choices[] = {1, 2, -3};
          pr.alphaType = ACL_INT64;
          pr.alpha = Num::I(choices[c % 3]);
          alpha = choices[c % 3];
          alphaValue = static_cast<double>(choices[c % 3]);
        } else {
          const double choices[] = {1, 2.5, -1.25};
          pr.alphaType = ACL_FLOAT;
          pr.alpha = Num::F(choices[c % 3]);
          alpha = choices[c % 3];
          alphaValue = choices[c % 3];
        }
      }
      const ArithOutcome ours = RunArith(pr);
      ASSERT_EQ(ours.status, ACLNN_SUCCESS) << FnName(pr.fn) << ": " << aclGetRecentErrMsg();
      ASSERT_EQ(ours.phase2, ACLNN_SUCCESS);
      // PyTorch on the operands cast to the promoted dtype.
      const at::Tensor a = TorchOf(pr.selfValues, pr.selfShape, pair.a).to(TorchType(p));
      const at::Tensor b = TorchOf(pr.otherValues, pr.otherShape, pair.b).to(TorchType(p));
      at::Tensor theirs;
      switch (kind) {
        case ArithKind::kAdd: theirs = at::add(a, b, alpha); break;
        case ArithKind::kSub: theirs = at::sub(a, b, alpha); break;
        case ArithKind::kMul: theirs = at::mul(a, b); break;
        default: theirs = at::div(a, b); break;
      }
      theirs = theirs.to(TorchType(resultType));
      ASSERT_EQ(theirs.numel(), static_cast<int64_t>(ours.got.size()));
      if (intResult && kind != ArithKind::kDiv) {
        const std::vector<int64_t> t = TorchInts(theirs);
        for (size_t i = 0; i < t.size(); ++i) {
          ASSERT_EQ(ours.got[i].i, t[i]) << FnName(pr.fn) << " " << DTypeLabel(pair.a) << " " << DTypeLabel(pair.b)
                                         << " element " << i;
        }
      } else {
        // float64 reference on the exact inputs (the operands cast to the promoted dtype)
        const bool complex = IsComplexDT(resultType);
        std::vector<double> ref;
        for (int64_t i = 0; i < NumelOf(outShape); ++i) {
          const Num x = ConvertRef(pr.selfValues[static_cast<size_t>(SourceIndex(pr.selfShape, outShape, i))], p);
          const Num y = ConvertRef(pr.otherValues[static_cast<size_t>(SourceIndex(pr.otherShape, outShape, i))], p);
          const std::complex<double> u = x.integral ? std::complex<double>(static_cast<double>(x.i)) : x.z,
                                     w = y.integral ? std::complex<double>(static_cast<double>(y.i)) : y.z;
          std::complex<double> r;
          switch (kind) {
            case ArithKind::kAdd: r = u + alphaValue * w; break;
            case ArithKind::kSub: r = u - alphaValue * w; break;
            case ArithKind::kMul: r = u * w; break;
            default: r = u / w; break;
          }
          ref.push_back(r.real());
          if (complex) ref.push_back(r.imag());
        }
        const std::vector<double> mine = Doubles(ours.got, complex), torch = FromTorch(theirs);
        if (alphaValue == 1 || kind == ArithKind::kMul || kind == ArithKind::kDiv) {
          EXPECT_TRUE(NoWorseThanTorch(mine, torch, ref, resultType))
              << FnName(pr.fn) << " " << DTypeLabel(pair.a) << " " << DTypeLabel(pair.b) << " shapes "
              << ::testing::PrintToString(pr.selfShape) << " " << ::testing::PrintToString(pr.otherShape);
        } else {
          // alpha != 1: the vendor's Axpy rounds alpha * other before the sum (docs/ops/arithmetic.md), where
          // PyTorch fuses the two on AVX2; under cancellation the product's rounding, an ulp of |alpha * other|,
          // is the larger error. One ulp at the larger of the result and that product is allowed.
          const double err = MaxAbsDiff(mine, ref), errTorch = MaxAbsDiff(torch, ref);
          const double scale = std::max(MaxAbs(ref), std::fabs(alphaValue) * MaxAbs(Doubles(pr.otherValues, complex)));
          EXPECT_LE(err, errTorch + UlpAt(resultType, scale))
              << FnName(pr.fn) << " " << DTypeLabel(pair.a) << " " << DTypeLabel(pair.b) << " alpha " << alphaValue;
        }
      }
      ++compared;
    }
    ++ran;
  }
  EXPECT_GE(ran, 19);
  EXPECT_GE(compared, 19 * 30);
}

INSTANTIATE_TEST_SUITE_P(Ops, ArithTorchParity,
                         ::testing::Values(ArithKind::kAdd, ArithKind::kSub, ArithKind::kMul, ArithKind::kDiv),
                         [](const ::testing::TestParamInfo<ArithKind> &info) { return KindName(info.param); });

}  // namespace
}  // namespace aclcpu_test::arith_torch_test
