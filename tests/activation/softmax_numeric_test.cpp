// Numbers of the softmax family (docs/ops/softmax.md) against float64 references: every dtype and the
// mixed out dtypes with the vendor's intermediate roundings, any dim, strided and transposed views, out
// aliasing an input, 0-d and empty tensors, rows of 1 to 40000 elements, the special-value table, the
// vendor examples, and the same bits for 1 and 2 threads.
#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "aclnnop/aclnn_logsoftmax.h"
#include "aclnnop/aclnn_logsoftmax_backward.h"
#include "aclnnop/aclnn_softmax.h"
#include "aclnnop/aclnn_softmax_backward.h"
#include "common/simd_targets.h"
#include "common/test_tensor.h"

namespace aclcpu_test::softmax_numeric_test {
namespace {

enum class Fn { kSoftmax, kSoftmaxBackward, kLogSoftmax, kLogSoftmaxBackward };
const char *FnName(Fn f) {
  static const char *const names[] = {"Softmax", "SoftmaxBackward", "LogSoftmax", "LogSoftmaxBackward"};
  return names[static_cast<int>(f)];
}
bool Backward(Fn f) { return f == Fn::kSoftmaxBackward || f == Fn::kLogSoftmaxBackward; }

// The dtype the vendor's kernel computes in: self's (Softmax), out's (LogSoftmax), gradOutput's (backward).
aclDataType KernelDtype(Fn f, aclDataType in, aclDataType out) { return f == Fn::kLogSoftmax ? out : in; }

// Both phases; a is self or gradOutput, b the forward result (backward only).
aclnnStatus RunOp(Fn f, aclTensor *a, aclTensor *b, aclTensor *out, int64_t dim, int threads = 0) {
  uint64_t ws = 0;
  aclOpExecutor *exec = nullptr;
  const aclnnStatus st = Phase1WithThreads(threads, [&] {
    switch (f) {
      case Fn::kSoftmax: return aclnnSoftmaxGetWorkspaceSize(a, dim, out, &ws, &exec);
      case Fn::kSoftmaxBackward: return aclnnSoftmaxBackwardGetWorkspaceSize(a, b, dim, out, &ws, &exec);
      case Fn::kLogSoftmax: return aclnnLogSoftmaxGetWorkspaceSize(a, dim, out, &ws, &exec);
      case Fn::kLogSoftmaxBackward: return aclnnLogSoftmaxBackwardGetWorkspaceSize(a, b, dim, out, &ws, &exec);
    }
    return -1;
  });
  if (st != ACLNN_SUCCESS) return st;
  switch (f) {
    case Fn::kSoftmax: return RunPhase2(aclnnSoftmax, ws, exec);
    case Fn::kSoftmaxBackward: return RunPhase2(aclnnSoftmaxBackward, ws, exec);
    case Fn::kLogSoftmax: return RunPhase2(aclnnLogSoftmax, ws, exec);
    case Fn::kLogSoftmaxBackward: return RunPhase2(aclnnLogSoftmaxBackward, ws, exec);
  }
  return -1;
}

// One ulp of `t` at magnitude m, never below the dtype's subnormal spacing.
double Ulp(aclDataType t, double m) {
  const int minExp = t == ACL_FLOAT16 ? -24 : t == ACL_BF16 ? -133 : t == ACL_FLOAT ? -149 : -1074;
  return std::max(UlpAt(t, m), std::ldexp(1.0, minExp));
}

// The float64 reference (sums in long double) of each element, with its tolerance: the kernel's errors
// (fp32 exp within 0.55 ulp of an fp32 x - max; one rounding to the kernel dtype) plus the cast to out.
struct Expected {
  std::vector<double> value, tol;
};
Expected Reference(Fn f, const std::vector<int64_t> &shape, int64_t dim, std::vector<double> a,
                   const std::vector<double> &b, aclDataType in, aclDataType out) {
  const aclDataType k = KernelDtype(f, in, out);
  if (f == Fn::kLogSoftmax)
    for (double &v : a) v = RoundTo(k, v);  // the vendor casts self to out's dtype first
  const auto rank = static_cast<int64_t>(shape.size());
  const int64_t d = rank == 0 ? 0 : (dim < 0 ? dim + rank : dim);
  int64_t outer = 1, n = 1, inner = 1;
  for (int64_t i = 0; i < rank; ++i) (i < d ? outer : i == d ? n : inner) *= shape[static_cast<size_t>(i)];
  const double eps = k == ACL_DOUBLE ? std::ldexp(1.0, -53) : std::ldexp(1.0, -24);
  Expected e;
  e.value.resize(a.size());
  e.tol.resize(a.size());
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t i = 0; i < inner; ++i) {
      auto at = [&](int64_t kk) { return static_cast<size_t>((o * n + kk) * inner + i); };
      long double m = -INFINITY, s = 0, absSum = 0;
      for (int64_t kk = 0; kk < n; ++kk) m = a[at(kk)] > m ? a[at(kk)] : m;
      for (int64_t kk = 0; kk < n; ++kk) {
        if (std::isnan(a[at(kk)])) m = NAN;
        if (f == Fn::kSoftmax || f == Fn::kLogSoftmax) s += std::exp(static_cast<long double>(a[at(kk)]) - m);
        if (f == Fn::kSoftmaxBackward) s += static_cast<long double>(a[at(kk)]) * b[at(kk)];
        if (f == Fn::kLogSoftmaxBackward) s += a[at(kk)];
        absSum += std::fabs(static_cast<long double>(a[at(kk)]) * (f == Fn::kSoftmaxBackward ? b[at(kk)] : 1.0));
      }
      for (int64_t kk = 0; kk < n; ++kk) {
        const long double x = a[at(kk)];
        long double r = 0, err = 0;
        switch (f) {
          case Fn::kSoftmax:
            r = std::exp(x - m) / s;
            err = std::fabs(r) * (std::fabs(x - m) + 2) * 2 * eps;
            break;
          case Fn::kLogSoftmax:
            r = (x - m) - std::log(s);
            err = (3 + std::log(static_cast<double>(n))) * 2 * eps;
            break;
          case Fn::kSoftmaxBackward:
            r = b[at(kk)] * (x - s);
            err = std::fabs(b[at(kk)]) * absSum * static_cast<double>(n) * std::ldexp(1.0, -50);
            break;
          case Fn::kLogSoftmaxBackward: {
            const long double ey = std::exp(static_cast<long double>(b[at(kk)]));
            r = x - ey * s;
            err = std::fabs(ey) * (std::fabs(s) * 2 * eps + absSum * static_cast<double>(n) * std::ldexp(1.0, -50));
            break;
          }
        }
        const auto rd = static_cast<double>(r);
        e.value[at(kk)] = rd;
        e.tol[at(kk)] = static_cast<double>(err) + 2 * Ulp(k, std::fabs(rd)) +
                        (out != k ? Ulp(out == ACL_DOUBLE ? k : out, std::fabs(rd)) : 0.0);
      }
    }
  }
  return e;
}

// Inputs of a realistic range: x in [-8, 8]; gradOutput in [-1, 1]; softmax outputs in [0, 1]; log-softmax
// outputs in [-6, 0].
std::vector<double> Inputs(std::mt19937_64 &rng, int64_t n, double lo, double hi) {
  return RandomValues(rng, n, lo, hi);
}

struct Problem {
  Fn fn;
  std::vector<int64_t> shape;
  int64_t dim;
  aclDataType in, out;
  Layout inLayout, outLayout;
};

// Runs the problem on random data and checks every element against the reference.
void Check(const Problem &p, uint64_t seed) {
  std::mt19937_64 rng(seed);
  const int64_t numel = NumelOf(p.shape);
  DeviceTensor a(p.shape, p.in, p.inLayout), b(p.shape, p.in, p.inLayout), out(p.shape, p.out, p.outLayout);
  switch (p.fn) {
    case Fn::kSoftmax:
    case Fn::kLogSoftmax: a.Fill(Inputs(rng, numel, -8, 8)); break;
    case Fn::kSoftmaxBackward:
      a.Fill(Inputs(rng, numel, -1, 1));
      b.Fill(Inputs(rng, numel, 0, 1));
      break;
    case Fn::kLogSoftmaxBackward:
      a.Fill(Inputs(rng, numel, -1, 1));
      b.Fill(Inputs(rng, numel, -6, 0));
      break;
  }
  ASSERT_EQ(RunOp(p.fn, a.get(), Backward(p.fn) ? b.get() : nullptr, out.get(), p.dim), ACLNN_SUCCESS)
      << aclGetRecentErrMsg();
  const Expected e = Reference(p.fn, p.shape, p.dim, a.Read(), b.Read(), p.in, p.out);
  const std::vector<double> got = out.Read();
  int failures = 0;
  for (size_t i = 0; i < got.size() && failures < 5; ++i) {
    const auto r = SpecialExactOrNear(got[i], e.value[i], e.tol[i]);
    if (!r) ++failures;
    EXPECT_TRUE(r) << FnName(p.fn) << " " << DTypeLabel(p.in) << "->" << DTypeLabel(p.out) << " shape "
                   << ::testing::PrintToString(p.shape) << " dim " << p.dim << " element " << i;
  }
}

struct ShapeDim {
  std::vector<int64_t> shape;
  int64_t dim;
};
const ShapeDim kShapes[] = {
    {{}, 0},           {{}, -1},       {{1}, 0},          {{7}, 0},        {{128}, -1},        {{4096}, 0},
    {{40000}, 0},      {{3, 5, 7}, 0}, {{3, 5, 7}, 1},    {{3, 5, 7}, 2},  {{3, 5, 7}, -1},    {{3, 5, 7}, -3},
    {{2, 3, 4, 5}, 1}, {{64, 130}, 0}, {{3, 100, 17}, 1}, {{20000, 3}, 0}, {{1, 6, 1, 9}, -1}, {{33, 1}, 0},
    {{5, 1, 40}, 0},   {{2, 1, 3}, 1}, {{4, 300}, 1},     {{300, 40}, 0},
};

class SoftmaxGrid : public ::testing::TestWithParam<std::tuple<Fn, aclDataType>> {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

TEST_P(SoftmaxGrid, EveryShapeAndLayoutAgainstFloat64) {
  const auto [fn, dtype] = GetParam();
  uint64_t seed = 1;
  for (const ShapeDim &s : kShapes) {
    const size_t rank = s.shape.size();
    const Layout layouts[][2] = {{Layout::Dense(), Layout::Dense()},
                                 {Layout::Transposed(rank), Layout::Dense()},
                                 {Layout::Padded(rank), Layout::Transposed(rank)},
                                 {Layout::Dense(), Layout::Padded(rank)}};
    for (const auto &l : layouts) Check({fn, s.shape, s.dim, dtype, dtype, l[0], l[1]}, seed++);
  }
}

INSTANTIATE_TEST_SUITE_P(
    AllDtypes, SoftmaxGrid,
    ::testing::Values(
        std::make_tuple(Fn::kSoftmax, ACL_FLOAT), std::make_tuple(Fn::kSoftmax, ACL_FLOAT16),
        std::make_tuple(Fn::kSoftmax, ACL_BF16), std::make_tuple(Fn::kSoftmax, ACL_DOUBLE),
        std::make_tuple(Fn::kLogSoftmax, ACL_FLOAT), std::make_tuple(Fn::kLogSoftmax, ACL_FLOAT16),
        std::make_tuple(Fn::kLogSoftmax, ACL_BF16), std::make_tuple(Fn::kLogSoftmax, ACL_DOUBLE),
        std::make_tuple(Fn::kSoftmaxBackward, ACL_FLOAT), std::make_tuple(Fn::kSoftmaxBackward, ACL_FLOAT16),
        std::make_tuple(Fn::kSoftmaxBackward, ACL_BF16), std::make_tuple(Fn::kLogSoftmaxBackward, ACL_FLOAT),
        std::make_tuple(Fn::kLogSoftmaxBackward, ACL_FLOAT16), std::make_tuple(Fn::kLogSoftmaxBackward, ACL_BF16)),
    [](const auto &info) {
      return std::string(FnName(std::get<0>(info.param))) + "_" + DTypeLabel(std::get<1>(info.param));
    });

const aclDataType kFloats[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE};

class SoftmaxNumeric : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

// Every self/out pair of the forward functions and every out of the backward ones, both paths (dim 1: rows
// of unit stride; dim 0: strided rows side by side).
TEST_F(SoftmaxNumeric, MixedOutDtypes) {
  uint64_t seed = 100;
  for (int64_t dim : {0, 1}) {
    for (aclDataType in : kFloats) {
      for (aclDataType out : kFloats) {
        for (Fn fn : {Fn::kSoftmax, Fn::kLogSoftmax})
          Check({fn, {37, 21}, dim, in, out, Layout::Dense(), Layout::Dense()}, seed++);
        if (in == ACL_DOUBLE) continue;
        for (Fn fn : {Fn::kSoftmaxBackward, Fn::kLogSoftmaxBackward})
          Check({fn, {37, 21}, dim, in, out, Layout::Dense(), Layout::Dense()}, seed++);
      }
    }
  }
}

// The vendor's roundings show: Softmax of FLOAT16 into FLOAT carries fp16 values; LogSoftmax of FLOAT into
// FLOAT16 computes from fp16-rounded inputs (then the result equals LogSoftmax of those rounded inputs).
TEST_F(SoftmaxNumeric, IntermediateRoundingsAreTheVendors) {
  std::mt19937_64 rng(7);
  DeviceTensor h({4, 50}, ACL_FLOAT16), f({4, 50}, ACL_FLOAT);
  h.Fill(RandomValues(rng, 200, -3, 3));
  ASSERT_EQ(RunOp(Fn::kSoftmax, h.get(), nullptr, f.get(), 1), ACLNN_SUCCESS);
  for (double v : f.Read()) EXPECT_EQ(v, RoundTo(ACL_FLOAT16, v));

  DeviceTensor x({3, 40}, ACL_FLOAT), xh({3, 40}, ACL_FLOAT16), y1({3, 40}, ACL_FLOAT16), y2({3, 40}, ACL_FLOAT16);
  const std::vector<double> values = RandomValues(rng, 120, -3, 3);
  x.Fill(values);
  xh.Fill(values);
  ASSERT_EQ(RunOp(Fn::kLogSoftmax, x.get(), nullptr, y1.get(), -1), ACLNN_SUCCESS);
  ASSERT_EQ(RunOp(Fn::kLogSoftmax, xh.get(), nullptr, y2.get(), -1), ACLNN_SUCCESS);
  EXPECT_EQ(y1.Bytes(), y2.Bytes());

  // SoftmaxBackward in BF16 into a FLOAT out: bf16 values.
  DeviceTensor g({2, 30}, ACL_BF16), y({2, 30}, ACL_BF16), o({2, 30}, ACL_FLOAT);
  g.Fill(RandomValues(rng, 60, -1, 1));
  y.Fill(RandomValues(rng, 60, 0, 1));
  ASSERT_EQ(RunOp(Fn::kSoftmaxBackward, g.get(), y.get(), o.get(), 1), ACLNN_SUCCESS);
  for (double v : o.Read()) EXPECT_EQ(v, RoundTo(ACL_BF16, v));
}

// The backward functions write any out dtype of the shared conversion: the vendor example into INT32, BOOL and
// COMPLEX64 (real part, imaginary 0).
TEST_F(SoftmaxNumeric, BackwardIntoIntegerBoolAndComplexOuts) {
  DeviceTensor g({4, 2}, ACL_FLOAT), y({4, 2}, ACL_FLOAT), i32({4, 2}, ACL_INT32), c64({4, 2}, ACL_COMPLEX64),
      b8({4, 2}, ACL_BOOL);
  g.Fill({0, 1, 2, 3, 4, 5, 6, 7});
  y.Fill({1, 1, 1, 2, 2, 2, 3, 3});
  const double expected[] = {-28, -37, -26, -70, -48, -66, -66, -93};
  ASSERT_EQ(RunOp(Fn::kSoftmaxBackward, g.get(), y.get(), i32.get(), 0), ACLNN_SUCCESS);
  ASSERT_EQ(RunOp(Fn::kSoftmaxBackward, g.get(), y.get(), c64.get(), 0), ACLNN_SUCCESS);
  ASSERT_EQ(RunOp(Fn::kSoftmaxBackward, g.get(), y.get(), b8.get(), 0), ACLNN_SUCCESS);
  const std::vector<unsigned char> ints = i32.Bytes(), bools = b8.Bytes();
  const std::vector<double> complex = c64.Read();
  for (int i = 0; i < 8; ++i) {
    int32_t v = 0;
    std::memcpy(&v, ints.data() + 4 * i, 4);
    EXPECT_EQ(v, expected[i]);
    EXPECT_EQ(complex[2 * i], expected[i]);
    EXPECT_EQ(complex[2 * i + 1], 0.0);
    EXPECT_EQ(bools[i], 1);
  }
}

// An out that is the input itself gives the same bits as a separate out; one that overlaps it in another
// layout (a transposed view of the same storage) gets the values of the untouched input.
TEST_F(SoftmaxNumeric, OutAliasingAnInput) {
  std::mt19937_64 rng(11);
  for (Fn fn : {Fn::kSoftmax, Fn::kLogSoftmax, Fn::kSoftmaxBackward, Fn::kLogSoftmaxBackward}) {
    for (int64_t dim : {0, 1}) {
      const std::vector<double> va = RandomValues(rng, 48 * 48, -2, 0), vb = RandomValues(rng, 48 * 48, -2, 0);
      DeviceTensor a({48, 48}, ACL_FLOAT), b({48, 48}, ACL_FLOAT), separate({48, 48}, ACL_FLOAT);
      a.Fill(va);
      b.Fill(vb);
      ASSERT_EQ(RunOp(fn, a.get(), b.get(), separate.get(), dim), ACLNN_SUCCESS);
      ASSERT_EQ(RunOp(fn, a.get(), b.get(), a.get(), dim), ACLNN_SUCCESS);
      EXPECT_EQ(a.Bytes(), separate.Bytes()) << FnName(fn) << " dim " << dim;

      DeviceTensor c({48, 48}, ACL_FLOAT), expected({48, 48}, ACL_FLOAT, Layout::Transposed(2));
      c.Fill(va);
      b.Fill(vb);
      ASSERT_EQ(RunOp(fn, c.get(), b.get(), expected.get(), dim), ACLNN_SUCCESS);
      const int64_t dims[] = {48, 48}, strides[] = {1, 48}, storage[] = {48 * 48};
      aclTensor *transposedC = aclCreateTensor(dims, 2, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, storage, 1, c.device());
      ASSERT_EQ(RunOp(fn, c.get(), b.get(), transposedC, dim), ACLNN_SUCCESS);
      aclDestroyTensor(transposedC);
      EXPECT_EQ(c.Bytes(), expected.Bytes()) << FnName(fn) << " dim " << dim;
    }
  }
}

// 0-d tensors: one row of one element.
TEST_F(SoftmaxNumeric, ZeroDim) {
  for (aclDataType t : kFloats) {
    DeviceTensor x({}, t), y({}, t);
    x.Fill({3.5});
    ASSERT_EQ(RunOp(Fn::kSoftmax, x.get(), nullptr, y.get(), 0), ACLNN_SUCCESS);
    EXPECT_EQ(y.Read()[0], 1.0);
    ASSERT_EQ(RunOp(Fn::kLogSoftmax, x.get(), nullptr, y.get(), -1), ACLNN_SUCCESS);
    EXPECT_EQ(y.Read()[0], 0.0);
    x.Fill({-INFINITY});
    ASSERT_EQ(RunOp(Fn::kSoftmax, x.get(), nullptr, y.get(), 0), ACLNN_SUCCESS);
    EXPECT_TRUE(std::isnan(y.Read()[0]));
    if (t == ACL_DOUBLE) continue;
    DeviceTensor g({}, t), o({}, t);
    g.Fill({2.0});
    x.Fill({0.25});
    ASSERT_EQ(RunOp(Fn::kSoftmaxBackward, g.get(), x.get(), o.get(), 0), ACLNN_SUCCESS);
    EXPECT_EQ(o.Read()[0], 0.25 * (2.0 - 0.5));
    x.Fill({0.0});
    ASSERT_EQ(RunOp(Fn::kLogSoftmaxBackward, g.get(), x.get(), o.get(), 0), ACLNN_SUCCESS);
    EXPECT_EQ(o.Read()[0], 0.0);
  }
}

// Empty exits: success with workspace 0 and out untouched (its NaN fill stays).
TEST_F(SoftmaxNumeric, EmptyTensorsWriteNothing) {
  DeviceTensor e({2, 0}, ACL_FLOAT), out({2, 3}, ACL_FLOAT), e2({2, 0}, ACL_FLOAT);
  for (Fn fn : {Fn::kSoftmax, Fn::kSoftmaxBackward, Fn::kLogSoftmaxBackward}) {
    ASSERT_EQ(RunOp(fn, e.get(), e.get(), out.get(), 0), ACLNN_SUCCESS) << FnName(fn);
    for (double v : out.Read()) EXPECT_TRUE(std::isnan(v));
  }
  ASSERT_EQ(RunOp(Fn::kLogSoftmax, e.get(), nullptr, e2.get(), 1), ACLNN_SUCCESS);
}

// The special-value table of docs/ops/softmax.md, on the row path (dim -1) and the strided path (dim 0 of the
// transposed problem), rows of 5 and 37 (a vector part and a tail), every dtype.
TEST_F(SoftmaxNumeric, SpecialValueRows) {
  const double inf = INFINITY, nan = NAN;
  for (aclDataType t : kFloats) {
    const double big = t == ACL_FLOAT16 ? 6e4 : 1e30;
    struct Row {
      std::vector<double> x, softmax, logSoftmax;  // logSoftmax empty: the x - logsumexp formula
    };
    const std::vector<Row> rows = {
        {{1, nan, 2, 3, 4}, {nan, nan, nan, nan, nan}, {nan, nan, nan, nan, nan}},
        {{1, inf, 2, 3, 4}, {nan, nan, nan, nan, nan}, {nan, nan, nan, nan, nan}},
        {{-inf, -inf, -inf, -inf, -inf}, {nan, nan, nan, nan, nan}, {nan, nan, nan, nan, nan}},
        {{0, -inf, 0, -inf, 0},
         {1.0 / 3, 0, 1.0 / 3, 0, 1.0 / 3},
         {-std::log(3.0), -inf, -std::log(3.0), -inf, -std::log(3.0)}},
        {{big, 0, 0, 0, 0}, {1, 0, 0, 0, 0}, {0, -big, -big, -big, -big}},
    };
    for (const Row &r : rows) {
      for (int64_t repeat : {1, 7}) {  // 5 or 35 elements (+2 when repeated: 37)
        std::vector<double> x, sm, lsm;
        for (int64_t i = 0; i < repeat; ++i) {
          x.insert(x.end(), r.x.begin(), r.x.end());
          sm.insert(sm.end(), r.softmax.begin(), r.softmax.end());
          lsm.insert(lsm.end(), r.logSoftmax.begin(), r.logSoftmax.end());
        }
        if (repeat > 1) {  // two more -inf: the other values keep their share
          x.push_back(-inf);
          x.push_back(-inf);
          sm.push_back(std::isnan(sm[0]) ? nan : 0);
          sm.push_back(std::isnan(sm[0]) ? nan : 0);
          lsm.push_back(std::isnan(lsm[0]) ? nan : -inf);
          lsm.push_back(std::isnan(lsm[0]) ? nan : -inf);
          const double share = 1.0 / static_cast<double>(repeat);
          for (size_t i = 0; i < sm.size(); ++i) {
            if (sm[i] > 0) sm[i] *= share;
            if (std::isfinite(lsm[i]) && std::fabs(lsm[i]) < 10) lsm[i] -= std::log(static_cast<double>(repeat));
          }
        }
        const auto n = static_cast<int64_t>(x.size());
        for (bool strided : {false, true}) {
          // Row path: shape (2, n), both rows the same, dim 1; strided: shape (n, 2), dim 0.
          const std::vector<int64_t> shape = strided ? std::vector<int64_t>{n, 2} : std::vector<int64_t>{2, n};
          std::vector<double> fill(static_cast<size_t>(2 * n));
          for (int64_t i = 0; i < n; ++i)
            for (int64_t c = 0; c < 2; ++c) fill[static_cast<size_t>(strided ? i * 2 + c : c * n + i)] = x[i];
          DeviceTensor in(shape, t), out(shape, t);
          in.Fill(fill);
          for (Fn fn : {Fn::kSoftmax, Fn::kLogSoftmax}) {
            ASSERT_EQ(RunOp(fn, in.get(), nullptr, out.get(), strided ? 0 : 1), ACLNN_SUCCESS);
            const std::vector<double> got = out.Read();
            const std::vector<double> &want = fn == Fn::kSoftmax ? sm : lsm;
            for (int64_t i = 0; i < n; ++i) {
              for (int64_t c = 0; c < 2; ++c) {
                const double w = want[static_cast<size_t>(i)];
                EXPECT_TRUE(SpecialExactOrNear(got[static_cast<size_t>(strided ? i * 2 + c : c * n + i)], w,
                                               4 * Ulp(t, std::fabs(w))))
                    << FnName(fn) << " " << DTypeLabel(t) << " row " << r.x[0] << "," << r.x[1] << " n " << n
                    << " element " << i << (strided ? " strided" : "");
              }
            }
          }
        }
      }
    }
  }
}

// The backward functions: plain IEEE arithmetic of their formulas (an infinite Σ meets exp(y) = 0: NaN).
TEST_F(SoftmaxNumeric, BackwardSpecialValues) {
  const double inf = INFINITY, nan = NAN;
  DeviceTensor g({1, 4}, ACL_FLOAT), y({1, 4}, ACL_FLOAT), o({1, 4}, ACL_FLOAT);
  g.Fill({1, inf, 2, 3});
  y.Fill({0.5, 0.25, 0, 0.25});
  ASSERT_EQ(RunOp(Fn::kSoftmaxBackward, g.get(), y.get(), o.get(), 1), ACLNN_SUCCESS);
  // Σ g y = inf: 0.5 (1 - inf), 0.25 (inf - inf), 0 (2 - inf), 0.25 (3 - inf).
  const std::vector<double> sb = o.Read();
  EXPECT_EQ(sb[0], -inf);
  EXPECT_TRUE(std::isnan(sb[1]));
  EXPECT_TRUE(std::isnan(sb[2]));
  EXPECT_EQ(sb[3], -inf);
  y.Fill({0, -inf, -1, nan});
  ASSERT_EQ(RunOp(Fn::kLogSoftmaxBackward, g.get(), y.get(), o.get(), 1), ACLNN_SUCCESS);
  const std::vector<double> got = o.Read();  // S = inf: 1 - inf, inf - 0 * inf, 2 - e^-1 inf, 3 - NaN
  EXPECT_EQ(got[0], -inf);
  EXPECT_TRUE(std::isnan(got[1]));
  EXPECT_EQ(got[2], -inf);
  EXPECT_TRUE(std::isnan(got[3]));
}

// Rows are never split between threads: the same bits for 1 and 2 threads on both paths.
TEST_F(SoftmaxNumeric, SameBitsForOneAndTwoThreads) {
  std::mt19937_64 rng(5);
  for (Fn fn : {Fn::kSoftmax, Fn::kLogSoftmax, Fn::kSoftmaxBackward, Fn::kLogSoftmaxBackward}) {
    for (aclDataType t : {ACL_FLOAT, ACL_BF16}) {
      for (int64_t dim : {0, 1}) {
        const std::vector<int64_t> shape = {300, 1000};
        DeviceTensor a(shape, t), b(shape, t), o1(shape, t), o2(shape, t);
        a.Fill(RandomValues(rng, 300000, -3, 0));
        b.Fill(RandomValues(rng, 300000, -3, 0));
        ASSERT_EQ(RunOp(fn, a.get(), b.get(), o1.get(), dim, 1), ACLNN_SUCCESS);
        ASSERT_EQ(RunOp(fn, a.get(), b.get(), o2.get(), dim, 2), ACLNN_SUCCESS);
        EXPECT_EQ(o1.Bytes(), o2.Bytes()) << FnName(fn) << " " << DTypeLabel(t) << " dim " << dim;
      }
    }
  }
}

// FLOAT16 and BF16 rows are converted inside the kernels (no fp32 copies): the same bits as the FLOAT function on
// the same values rounded once to the 16-bit dtype, on every SIMD target (each converts its own way: F16C,
// AVX-512, scalar), every tail length, dense and padded tensors, rows of unit stride (dim 1) and rows side by side
// (dim 0: the tile kernel; 37 columns = full vectors and a part; its row length does not change its vectors).
void CheckSixteenBitAgainstFloat(Fn fn, aclDataType t, const std::vector<int64_t> &shape, int64_t dim, Layout layout,
                                 std::mt19937_64 &rng) {
  const int64_t numel = NumelOf(shape);
  const double lo = Backward(fn) ? -1.0 : -8.0, hi = Backward(fn) ? 1.0 : 8.0;
  DeviceTensor a(shape, t, layout), b(shape, t, layout), o(shape, t, layout);
  DeviceTensor fa(shape, ACL_FLOAT), fb(shape, ACL_FLOAT), fo(shape, ACL_FLOAT);
  a.Fill(RandomValues(rng, numel, lo, hi));
  b.Fill(RandomValues(rng, numel, -3, 0));
  fa.Fill(a.Read());  // the 16-bit values, exact in fp32
  fb.Fill(b.Read());
  ASSERT_EQ(RunOp(fn, a.get(), b.get(), o.get(), dim), ACLNN_SUCCESS);
  ASSERT_EQ(RunOp(fn, fa.get(), fb.get(), fo.get(), dim), ACLNN_SUCCESS);
  const std::vector<double> got = o.Read(), want = fo.Read();
  for (size_t i = 0; i < got.size(); ++i) {
    const double w = RoundTo(t, want[i]);
    ASSERT_TRUE(got[i] == w || (std::isnan(got[i]) && std::isnan(w)))
        << FnName(fn) << " " << DTypeLabel(t) << " shape " << ::testing::PrintToString(shape) << " dim " << dim
        << " element " << i << ": " << got[i] << " vs " << w;
  }
}

TEST_F(SoftmaxNumeric, SixteenBitRowsMatchTheFloatRowsRoundedOnce) {
  ForEachSimdTarget([] {
    std::mt19937_64 rng(13);
    for (Fn fn : {Fn::kSoftmax, Fn::kLogSoftmax, Fn::kSoftmaxBackward, Fn::kLogSoftmaxBackward})
      for (aclDataType t : {ACL_FLOAT16, ACL_BF16})
        for (int64_t n : {1, 5, 16, 37, 128, 1000, 4099})
          for (Layout layout : {Layout::Dense(), Layout::Padded(2)}) {
            CheckSixteenBitAgainstFloat(fn, t, {3, n}, 1, layout, rng);
            if (n <= 128) CheckSixteenBitAgainstFloat(fn, t, {n, 37}, 0, layout, rng);  // the tails are in the width
          }
  });
}

// The four vendor examples (docs/ops/softmax.md), relative 1e-6.
TEST_F(SoftmaxNumeric, VendorExamples) {
  const auto expectNear = [](const std::vector<double> &got, const std::vector<double> &want) {
    ASSERT_EQ(got.size(), want.size());
    for (size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], want[i], 1e-6 * std::fabs(want[i])) << i;
  };
  DeviceTensor x({4, 2}, ACL_FLOAT), o({4, 2}, ACL_FLOAT), x3({3, 3}, ACL_FLOAT), o3({3, 3}, ACL_FLOAT);
  x.Fill({0, 1, 2, 3, 4, 5, 6, 7});
  ASSERT_EQ(RunOp(Fn::kSoftmax, x.get(), nullptr, o.get(), 0), ACLNN_SUCCESS);
  expectNear(o.Read(),
             {0.00214401, 0.00214401, 0.01584220, 0.01584220, 0.11705891, 0.11705891, 0.86495488, 0.86495488});
  x3.Fill({1, 2, 3, 4, 5, 6, 7, 8, 9});
  ASSERT_EQ(RunOp(Fn::kLogSoftmax, x3.get(), nullptr, o3.get(), 1), ACLNN_SUCCESS);
  const double l0 = -2.40760596, l1 = -1.40760596, l2 = -0.40760596;
  expectNear(o3.Read(), {l0, l1, l2, l0, l1, l2, l0, l1, l2});
  DeviceTensor g({4, 2}, ACL_FLOAT), y({4, 2}, ACL_FLOAT);
  g.Fill({0, 1, 2, 3, 4, 5, 6, 7});
  y.Fill({1, 1, 1, 2, 2, 2, 3, 3});
  ASSERT_EQ(RunOp(Fn::kSoftmaxBackward, g.get(), y.get(), o.get(), 0), ACLNN_SUCCESS);
  expectNear(o.Read(), {-28, -37, -26, -70, -48, -66, -66, -93});
  ASSERT_EQ(RunOp(Fn::kLogSoftmaxBackward, g.get(), y.get(), o.get(), 0), ACLNN_SUCCESS);
  expectNear(o.Read(), {-32.61938194, -42.49250926, -30.61938194, -115.22489758, -84.66867319, -113.22489758,
                        -235.02644308, -314.36859077});
}

// The vendor UT precision cases: the transposed (5, 4) view with values in [0, 10] into a contiguous out.
TEST_F(SoftmaxNumeric, VendorTransposedPrecisionCases) {
  for (Fn fn : {Fn::kSoftmax, Fn::kLogSoftmax, Fn::kSoftmaxBackward, Fn::kLogSoftmaxBackward})
    for (int64_t dim : {0, 1})
      Check({fn, {5, 4}, dim, ACL_FLOAT, ACL_FLOAT, Layout::Transposed(2), Layout::Dense()}, 9);
}

}  // namespace
}  // namespace aclcpu_test::softmax_numeric_test
