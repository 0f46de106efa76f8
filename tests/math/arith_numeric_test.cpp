// The 16 arithmetic functions end to end against the tests' own model (math/arith_reference.h): a grid of
// dtypes (the 12 of the A2 list, mixed pairs, outs other than the promoted dtype), broadcast shapes, 0-d and
// empty tensors, strided / transposed / offset views for every operand and out, in-place forms, scalars of
// several dtypes and alpha 1, 2.5, -1; then explicit values (the vendor's doc examples, IEEE specials,
// integer wrap-around, bool arithmetic, integer division by zero, alpha corner cases), thread-count
// independence on a large broadcast problem with a strided out, and the places where the vendor's op_api
// composes its kernels in a way the CPU must follow. Every comparison is bit for bit.
#include <iostream>
#include <random>
#include <sstream>

#include "math/arith_tester.h"

namespace aclcpu_test::arith_numeric_test {
namespace {

const aclDataType kList12[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16,  ACL_DOUBLE, ACL_INT8,      ACL_UINT8,
                               ACL_INT16, ACL_INT32,   ACL_INT64, ACL_BOOL,   ACL_COMPLEX64, ACL_COMPLEX128};

// n random values of dtype t: floats and complex parts in [-4, 4], signed integers in [-20, 20] (products
// of int8 wrap), uint8 in [0, 40], bool 0 or 1.
std::vector<Num> RandomOf(aclDataType t, int64_t n, std::mt19937_64 &rng) {
  const UniformReal real(-4, 4);
  std::uniform_int_distribution<int64_t> sint(-20, 20), uint(0, 40), bit(0, 1);
  std::vector<Num> v(static_cast<size_t>(n));
  for (Num &x : v) {
    if (IsComplexDT(t)) {
      x = ConvertRef(Num::F(real(rng), real(rng)), t);
    } else if (IsFloatDT(t)) {
      x = ConvertRef(Num::F(real(rng)), t);
    } else if (t == ACL_BOOL) {
      x = Num::I(bit(rng));
    } else {
      x = Num::I(t == ACL_UINT8 ? uint(rng) : sint(rng));
    }
  }
  return v;
}

Num Value(aclDataType t, double v) {
  return IsFloatDT(t) || IsComplexDT(t) ? Num::F(v) : Num::I(static_cast<int64_t>(v));
}

std::string Describe(const ArithProblem &p) {
  std::ostringstream s;
  s << FnName(p.fn) << " self " << DTypeLabel(p.selfType) << " " << ::testing::PrintToString(p.selfShape)
    << (HasScalarOther(p.fn) ? " scalar " : " other ") << DTypeLabel(p.otherType);
  if (!HasScalarOther(p.fn)) s << " " << ::testing::PrintToString(p.otherShape);
  if (!IsInplace(p.fn)) s << " out " << DTypeLabel(p.outType);
  if (HasAlpha(p.fn)) s << " alpha " << DTypeLabel(p.alphaType) << " " << ToString(p.alpha);
  s << " promoted " << DTypeLabel(p.Promoted());
  return s.str();
}

// Layout sets: (self, other, out); an in-place selfRef uses the self layout.
struct LayoutSet {
  const char *name;
  Layout self, other, out;
};
std::vector<LayoutSet> LayoutsFor(size_t selfRank, size_t otherRank, size_t outRank) {
  return {{"dense", Layout::Dense(), Layout::Dense(), Layout::Dense()},
          {"transposed-in-padded-out", Layout::Transposed(selfRank), Layout::Transposed(otherRank),
           Layout::Padded(outRank)},
          {"padded-in-transposed-out", Layout::Padded(selfRank, 5), Layout::Padded(otherRank, 2),
           Layout::Transposed(outRank)}};
}

// alpha candidates (dtype, value) for a promoted dtype: 1, 2.5 (or 2) and -1, in dtypes the alpha rule allows.
std::vector<std::pair<aclDataType, Num>> AlphasFor(aclDataType p) {
  if (p == ACL_BOOL) return {{ACL_BOOL, Num::I(1)}, {ACL_INT64, Num::I(2)}, {ACL_INT64, Num::I(0)}};
  if (IsIntDT(p)) return {{ACL_INT64, Num::I(1)}, {ACL_INT64, Num::I(2)}, {ACL_INT32, Num::I(-1)}};
  return {{ACL_FLOAT, Num::F(1)}, {ACL_FLOAT, Num::F(2.5)}, {ACL_INT64, Num::I(-1)}};
}

struct Triple {
  aclDataType self, other, out;
};

// Tensor-tensor dtype triples: each of the 12 with itself, mixed pairs, and outs other than the promoted dtype.
std::vector<Triple> TensorTriples() {
  std::vector<Triple> t;
  for (aclDataType d : kList12) t.push_back({d, d, d});
  const Triple mixed[] = {
      {ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT},
      {ACL_FLOAT, ACL_FLOAT16, ACL_FLOAT},
      {ACL_BF16, ACL_FLOAT16, ACL_FLOAT},
      {ACL_BF16, ACL_FLOAT, ACL_BF16},
      {ACL_INT8, ACL_UINT8, ACL_INT16},
      {ACL_INT32, ACL_FLOAT, ACL_FLOAT},
      {ACL_BOOL, ACL_INT32, ACL_INT32},
      {ACL_UINT8, ACL_BOOL, ACL_UINT8},
      {ACL_INT16, ACL_DOUBLE, ACL_DOUBLE},
      {ACL_INT64, ACL_FLOAT16, ACL_FLOAT16},
      {ACL_INT8, ACL_BF16, ACL_FLOAT},
      {ACL_DOUBLE, ACL_COMPLEX64, ACL_COMPLEX128},
      {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT},
      {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT16},
      {ACL_FLOAT, ACL_FLOAT, ACL_BF16},
      {ACL_INT8, ACL_INT8, ACL_INT32},
      {ACL_BOOL, ACL_BOOL, ACL_INT32},
      {ACL_INT32, ACL_INT32, ACL_DOUBLE},
      {ACL_COMPLEX64, ACL_COMPLEX64, ACL_COMPLEX128},
      {ACL_FLOAT, ACL_FLOAT, ACL_COMPLEX64},
      {ACL_INT64, ACL_INT64, ACL_INT8},
      {ACL_UINT8, ACL_UINT8, ACL_FLOAT16},
  };
  for (const Triple &m : mixed) t.push_back(m);
  return t;
}

struct ShapePair {
  std::vector<int64_t> self, other;
};

// Grid cases that meet a known defect (each demonstrated by its own test below): not run by the grid, only
// counted. None now: the seven defects these tests found are fixed. Add an entry when a new one is found.
const char *KnownDefect(const ArithProblem &) { return nullptr; }

class ArithGrid : public ::testing::TestWithParam<ArithFn> {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

TEST_P(ArithGrid, AgainstReference) {
  const ArithFn fn = GetParam();
  std::mt19937_64 rng(1234 + static_cast<int>(fn));
  std::vector<ShapePair> shapes;
  if (HasScalarOther(fn)) {
    shapes = {{{2, 3}, {}}, {{4, 3, 5}, {}}, {{}, {}}, {{0, 3}, {}}, {{7}, {}}};
  } else if (IsInplace(fn)) {
    shapes = {{{2, 3}, {3}}, {{4, 3, 5}, {1, 3, 1}}, {{2, 2}, {}}, {{3, 4}, {3, 4}}, {{0, 3}, {3}}, {{}, {}}};
  } else {
    shapes = {{{2, 3}, {3}},    {{4, 1, 5}, {1, 3, 1}}, {{}, {2, 2}}, {{2, 2}, {}},
              {{3, 4}, {3, 4}}, {{0, 3}, {3}},          {{5}, {1}}};
  }
  // dtype triples (for the scalar forms: self, scalar dtype, out)
  std::vector<Triple> triples;
  if (HasScalarOther(fn)) {
    const aclDataType scalars[] = {ACL_FLOAT, ACL_DOUBLE, ACL_INT64, ACL_INT32, ACL_BOOL, ACL_FLOAT16, ACL_COMPLEX64};
    for (aclDataType self : kList12) {
      for (aclDataType s : scalars) {
        ArithProblem probe;
        probe.fn = fn;
        probe.selfType = self;
        probe.otherType = s;
        probe.outType = self;
        aclDataType out = IsInplace(fn) ? self : probe.Promoted();
        triples.push_back({self, s, out});
      }
    }
    triples.push_back({ACL_INT32, ACL_DOUBLE, ACL_FLOAT});  // Adds/Subs rule 3, Muls: FLOAT
    triples.push_back({ACL_INT64, ACL_DOUBLE, ACL_FLOAT});
    triples.push_back({ACL_BOOL, ACL_DOUBLE, ACL_FLOAT16});
  } else {
    for (const Triple &t : TensorTriples()) {
      if (IsInplace(fn) && t.out != t.self) continue;  // one entry per (selfRef, other)
      triples.push_back(t);
    }
    if (IsInplace(fn)) triples.push_back({ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT16});  // computed in fp32, stored as fp16
  }
  int ran = 0, skipped = 0, knownDefects = 0;
  for (const Triple &t : triples) {
    ArithProblem base;
    base.fn = fn;
    base.selfType = t.self;
    base.otherType = t.other;
    base.outType = IsInplace(fn) ? t.self : t.out;
    const aclDataType p = base.Promoted();
    const aclDataType result = base.ResultType();
    // Keep the combinations the checks accept (the status tests cover the others).
    bool valid = p != ACL_DT_UNDEFINED;
    if (valid && KindOf(fn) == ArithKind::kDiv && HasScalarOther(fn)) valid = CanCastRef(t.self, result);
    if (valid && !(KindOf(fn) == ArithKind::kMul && HasScalarOther(fn)) &&
        !(KindOf(fn) == ArithKind::kDiv && HasScalarOther(fn)))
      valid = CanCastRef(p, result);
    if (!valid) {
      ++skipped;
      continue;
    }
    const auto alphas = HasAlpha(fn) ? AlphasFor(p) : std::vector<std::pair<aclDataType, Num>>{{ACL_FLOAT, Num::F(1)}};
    for (size_t si = 0; si < shapes.size(); ++si) {
      const ShapePair &sp = shapes[si];
      const std::vector<int64_t> outShape =
          HasScalarOther(fn) || IsInplace(fn) ? sp.self : BroadcastOf(sp.self, sp.other);
      const auto layouts = LayoutsFor(sp.self.size(), sp.other.size(), outShape.size());
      for (size_t li = 0; li < layouts.size(); ++li) {
        for (size_t ai = 0; ai < alphas.size(); ++ai) {
          if (!AlphaAllowedRef(alphas[ai].first, p)) continue;
          ArithProblem pr = base;
          pr.selfShape = sp.self;
          pr.otherShape = sp.other;
          pr.selfLayout = layouts[li].self;
          pr.otherLayout = layouts[li].other;
          pr.outLayout = layouts[li].out;
          pr.alphaType = alphas[ai].first;
          pr.alpha = alphas[ai].second;
          pr.selfValues = RandomOf(t.self, NumelOf(sp.self), rng);
          if (HasScalarOther(fn)) {
            const double v = (si + li) % 2 == 0 ? 2.5 : -1.5;
            pr.otherValues = {t.other == ACL_COMPLEX64 ? Num::F(v, -2) : Value(t.other, t.other == ACL_BOOL ? 1 : v)};
          } else {
            pr.otherValues = RandomOf(t.other, NumelOf(sp.other), rng);
          }
          if (KnownDefect(pr) != nullptr) {
            ++knownDefects;
            continue;
          }
          const ArithOutcome o = RunArith(pr);
          ASSERT_TRUE(AllSame(o)) << Describe(pr) << " layout " << layouts[li].name;
          if (NumelOf(outShape) == 0) {
            EXPECT_EQ(o.workspaceSize, 0u) << Describe(pr);
          }
          ++ran;
        }
      }
    }
  }
  EXPECT_GT(ran, 100) << "skipped " << skipped;
  if (knownDefects > 0) std::cout << "[ KNOWN    ] " << knownDefects << " cases of known defects not run\n";
}

INSTANTIATE_TEST_SUITE_P(Functions, ArithGrid, ::testing::ValuesIn(kAllArithFns),
                         [](const ::testing::TestParamInfo<ArithFn> &info) { return FnName(info.param); });

// ---- explicit values ---------------------------------------------------------------------------------

// One problem on explicit values; `other` is the scalar (one value) for the scalar forms.
ArithProblem Explicit(ArithFn fn, aclDataType selfType, std::vector<int64_t> selfShape, std::vector<Num> self,
                      aclDataType otherType, std::vector<int64_t> otherShape, std::vector<Num> other,
                      aclDataType outType) {
  ArithProblem p;
  p.fn = fn;
  p.selfType = selfType;
  p.otherType = otherType;
  p.outType = outType;
  p.selfShape = std::move(selfShape);
  p.otherShape = std::move(otherShape);
  p.selfValues = std::move(self);
  p.otherValues = std::move(other);
  p.alphaType = ACL_INT64;  // INT64 1: allowed with every promoted dtype
  p.alpha = Num::I(1);
  return p;
}

ArithProblem WithAlpha(ArithProblem p, aclDataType t, Num v) {
  p.alphaType = t;
  p.alpha = v;
  return p;
}

std::vector<Num> Ints(std::initializer_list<int64_t> v) {
  std::vector<Num> r;
  for (int64_t x : v) r.push_back(Num::I(x));
  return r;
}
std::vector<Num> Reals(std::initializer_list<double> v) {
  std::vector<Num> r;
  for (double x : v) r.push_back(Num::F(x));
  return r;
}

// The run matches both the hand-written expectation and the model.
void ExpectValues(const ArithProblem &p, const std::vector<Num> &expected) {
  const ArithOutcome o = RunArith(p);
  ASSERT_EQ(o.status, ACLNN_SUCCESS) << Describe(p) << ": " << aclGetRecentErrMsg();
  ASSERT_EQ(o.got.size(), expected.size()) << Describe(p);
  for (size_t i = 0; i < expected.size(); ++i) {
    EXPECT_TRUE(SameValue(o.got[i], expected[i]))
        << Describe(p) << " element " << i << ": got " << ToString(o.got[i]) << ", expected " << ToString(expected[i]);
    EXPECT_TRUE(SameValue(o.expected[i], expected[i])) << "model disagrees at " << i << ": " << ToString(o.expected[i]);
  }
}

class ArithValues : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

// The inputs of the vendor's example programs (math/{add,sub,mul,div}/examples): FLOAT [4, 2].
TEST_F(ArithValues, VendorExamples) {
  const std::vector<Num> self = Reals({0, 1, 2, 3, 4, 5, 6, 7}), other = Reals({1, 1, 1, 2, 2, 2, 3, 3});
  const float a = 1.2f;  // alpha: the product alpha * other is rounded to fp32, then the sum
  const auto axpy = [&](float x, float y) { return Num::F(static_cast<float>(x + static_cast<float>(a * y))); };
  ArithProblem add = Explicit(ArithFn::kAdd, ACL_FLOAT, {4, 2}, self, ACL_FLOAT, {4, 2}, other, ACL_FLOAT);
  add.alphaType = ACL_FLOAT;
  add.alpha = Num::F(1.2);
  ExpectValues(add, {axpy(0, 1), axpy(1, 1), axpy(2, 1), axpy(3, 2), axpy(4, 2), axpy(5, 2), axpy(6, 3), axpy(7, 3)});
  EXPECT_NEAR(RunArith(add).got[7].Real(), 10.6, 1e-6);
  // Sub with other = 2 everywhere, then InplaceSub on self: self - 1.2 * 2.
  const std::vector<Num> twos = Reals({2, 2, 2, 2, 2, 2, 2, 2});
  std::vector<Num> sub;
  for (int i = 0; i < 8; ++i) sub.push_back(Num::F(static_cast<float>(static_cast<float>(i) + (-a) * 2.0f)));
  for (ArithFn fn : {ArithFn::kSub, ArithFn::kInplaceSub}) {
    ArithProblem p = Explicit(fn, ACL_FLOAT, {4, 2}, self, ACL_FLOAT, {4, 2}, twos, ACL_FLOAT);
    p.alphaType = ACL_FLOAT;
    p.alpha = Num::F(1.2);
    ExpectValues(p, sub);
  }
  EXPECT_NEAR(sub[0].Real(), -2.4, 1e-6);
  ExpectValues(Explicit(ArithFn::kMul, ACL_FLOAT, {4, 2}, self, ACL_FLOAT, {4, 2}, other, ACL_FLOAT),
               Reals({0, 1, 2, 6, 8, 10, 18, 21}));
  const std::vector<Num> quotient = Reals({0, 1, 2, 1.5, 2, 2.5, 2, static_cast<float>(7.0f / 3.0f)});
  ExpectValues(Explicit(ArithFn::kDiv, ACL_FLOAT, {4, 2}, self, ACL_FLOAT, {4, 2}, other, ACL_FLOAT), quotient);
  ExpectValues(Explicit(ArithFn::kInplaceDiv, ACL_FLOAT, {4, 2}, self, ACL_FLOAT, {4, 2}, other, ACL_FLOAT), quotient);
}

// inf, -inf, NaN, +-0, the largest finite value, the smallest subnormal: every pair, for each floating dtype
// and each operator (Add also with alpha 2.5 and into a wider out).
TEST_F(ArithValues, IeeeSpecialsEveryPair) {
  for (aclDataType t : {ACL_FLOAT16, ACL_BF16, ACL_FLOAT, ACL_DOUBLE}) {
    const FloatFormat f = FormatOf(t);
    const double big = MaxFinite(f), tiny = std::ldexp(1.0, f.emin - f.digits + 1);
    const std::vector<Num> v =
        Reals({0.0, -0.0, 1.0, -1.5, 0.5, HUGE_VAL, -HUGE_VAL, std::nan(""), big, -big, tiny, 3.0});
    const int64_t n = static_cast<int64_t>(v.size());
    for (ArithFn fn : {ArithFn::kAdd, ArithFn::kSub, ArithFn::kMul, ArithFn::kDiv}) {
      for (aclDataType out : {t, ACL_DOUBLE}) {
        ArithProblem p = Explicit(fn, t, {n, 1}, v, t, {1, n}, v, out);
        ASSERT_TRUE(AllSame(RunArith(p))) << Describe(p);
        if (HasAlpha(fn)) {
          p.alphaType = ACL_FLOAT;
          p.alpha = Num::F(2.5);
          // Known defect (SubAlphaComputesInFloat below): a FLOAT16/BF16 Sub with alpha != 1 into a wider out.
          if (KindOf(fn) == ArithKind::kSub && out != t && (t == ACL_FLOAT16 || t == ACL_BF16)) continue;
          ASSERT_TRUE(AllSame(RunArith(p))) << Describe(p);
        }
      }
    }
  }
  // The scalar forms with special scalars.
  for (aclDataType t : {ACL_FLOAT16, ACL_FLOAT, ACL_DOUBLE}) {
    const std::vector<Num> v = Reals({0.0, -0.0, 2.0, -HUGE_VAL, std::nan("")});
    for (ArithFn fn : {ArithFn::kAdds, ArithFn::kSubs, ArithFn::kMuls, ArithFn::kDivs, ArithFn::kInplaceMuls}) {
      for (double s : {HUGE_VAL, -HUGE_VAL, std::nan(""), -0.0, 0.0}) {
        const ArithProblem p = Explicit(fn, t, {5}, v, ACL_FLOAT, {}, Reals({s}), t);
        ASSERT_TRUE(AllSame(RunArith(p))) << Describe(p) << " scalar " << s;
      }
    }
  }
  // Spot checks of the model itself: fp16 overflow of a sum, inf - inf, the sign of zero, subnormals.
  ExpectValues(Explicit(ArithFn::kAdd, ACL_FLOAT16, {3}, Reals({60000, HUGE_VAL, -0.0}), ACL_FLOAT16, {3},
                        Reals({10000, -HUGE_VAL, -0.0}), ACL_FLOAT16),
               Reals({HUGE_VAL, std::nan(""), -0.0}));
  ExpectValues(Explicit(ArithFn::kMul, ACL_FLOAT, {2}, Reals({0x1p-149, 0x1p-126}), ACL_FLOAT, {2}, Reals({0.5, 0.75}),
                        ACL_FLOAT),
               Reals({0.0, 0x1.8p-127}));
  ExpectValues(
      Explicit(ArithFn::kDiv, ACL_FLOAT, {3}, Reals({1, -1, 0}), ACL_FLOAT, {3}, Reals({-0.0, 0.0, 0.0}), ACL_FLOAT),
      Reals({-HUGE_VAL, -HUGE_VAL, std::nan("")}));
}

// Integers wrap in the promoted dtype; a scalar does not widen an integer tensor.
TEST_F(ArithValues, IntegerWrapAround) {
  ExpectValues(
      Explicit(ArithFn::kAdd, ACL_INT8, {3}, Ints({100, -100, 127}), ACL_INT8, {3}, Ints({100, -100, 1}), ACL_INT8),
      Ints({-56, 56, -128}));
  // the wrapped int8 sum, written to an int32 out, is still -56
  ExpectValues(Explicit(ArithFn::kAdd, ACL_INT8, {1}, Ints({100}), ACL_INT8, {1}, Ints({100}), ACL_INT32), Ints({-56}));
  ExpectValues(Explicit(ArithFn::kAdd, ACL_UINT8, {2}, Ints({200, 255}), ACL_UINT8, {2}, Ints({100, 1}), ACL_UINT8),
               Ints({44, 0}));
  ExpectValues(Explicit(ArithFn::kAdd, ACL_INT16, {1}, Ints({30000}), ACL_INT16, {1}, Ints({30000}), ACL_INT16),
               Ints({-5536}));
  ExpectValues(
      Explicit(ArithFn::kAdd, ACL_INT32, {2}, Ints({INT32_MAX, INT32_MIN}), ACL_INT32, {2}, Ints({1, -1}), ACL_INT32),
      Ints({INT32_MIN, INT32_MAX}));
  ExpectValues(
      Explicit(ArithFn::kAdd, ACL_INT64, {2}, Ints({INT64_MAX, INT64_MIN}), ACL_INT64, {2}, Ints({1, -1}), ACL_INT64),
      Ints({INT64_MIN, INT64_MAX}));
  ExpectValues(Explicit(ArithFn::kMul, ACL_INT8, {2}, Ints({16, -128}), ACL_INT8, {2}, Ints({16, -1}), ACL_INT8),
               Ints({0, -128}));
  ExpectValues(Explicit(ArithFn::kMul, ACL_INT64, {1}, Ints({int64_t{1} << 40}), ACL_INT64, {1},
                        Ints({(int64_t{1} << 40) + 3}), ACL_INT64),
               Ints({3 * (int64_t{1} << 40)}));
  ExpectValues(Explicit(ArithFn::kSub, ACL_UINT8, {1}, Ints({3}), ACL_UINT8, {1}, Ints({5}), ACL_UINT8), Ints({254}));
  ArithProblem subAlpha = Explicit(ArithFn::kSub, ACL_INT8, {1}, Ints({1}), ACL_INT8, {1}, Ints({100}), ACL_INT8);
  subAlpha.alphaType = ACL_INT64;
  subAlpha.alpha = Num::I(2);
  ExpectValues(subAlpha, Ints({57}));  // 1 - 200 = -199 -> 57
  // alpha 300 becomes an int8 44: 1 + 44 * 2
  ArithProblem alphaWrap = Explicit(ArithFn::kAdd, ACL_INT8, {1}, Ints({1}), ACL_INT8, {1}, Ints({2}), ACL_INT8);
  alphaWrap.alphaType = ACL_INT64;
  alphaWrap.alpha = Num::I(300);
  ExpectValues(alphaWrap, Ints({89}));
  // int8 + uint8 promotes to int16: no wrap
  ExpectValues(Explicit(ArithFn::kAdd, ACL_INT8, {1}, Ints({100}), ACL_UINT8, {1}, Ints({200}), ACL_INT16),
               Ints({300}));
  // Adds: int8 tensor + INT64 scalar stays int8
  ArithProblem adds = Explicit(ArithFn::kAdds, ACL_INT8, {2}, Ints({100, -1}), ACL_INT64, {}, Ints({100}), ACL_INT8);
  adds.alphaType = ACL_INT64;
  adds.alpha = Num::I(1);
  ExpectValues(adds, Ints({-56, 99}));
  // Muls: int32 tensor x INT64 scalar 2^32 + 3: the scalar becomes an int32 3
  ExpectValues(
      Explicit(ArithFn::kMuls, ACL_INT32, {2}, Ints({5, -7}), ACL_INT64, {}, Ints({(int64_t{1} << 32) + 3}), ACL_INT32),
      Ints({15, -21}));
  // In place, on a transposed selfRef with a broadcast other
  ArithProblem inplace = Explicit(ArithFn::kInplaceAdd, ACL_INT16, {2, 3}, Ints({32767, 1, 2, 3, 4, -32768}), ACL_INT16,
                                  {3}, Ints({1, 10, -1}), ACL_INT16);
  inplace.selfLayout = Layout::Transposed(2);
  inplace.alphaType = ACL_INT64;
  inplace.alpha = Num::I(1);
  ExpectValues(inplace, Ints({-32768, 11, 1, 4, 14, 32767}));
}

TEST_F(ArithValues, BoolArithmetic) {
  const std::vector<Num> a = Ints({1, 1, 0, 0}), b = Ints({1, 0, 1, 0});
  ArithProblem add = Explicit(ArithFn::kAdd, ACL_BOOL, {4}, a, ACL_BOOL, {4}, b, ACL_BOOL);
  add.alphaType = ACL_BOOL;
  add.alpha = Num::I(1);
  ExpectValues(add, Ints({1, 1, 1, 0}));  // true + true = true
  add.outType = ACL_INT32;
  ExpectValues(add, Ints({1, 1, 1, 0}));  // and 1 in an int32 out, never 2
  add = WithAlpha(add, ACL_INT64, Num::I(2));
  ExpectValues(add, Ints({1, 1, 1, 0}));
  add.alpha = Num::I(0);
  ExpectValues(add, Ints({1, 1, 0, 0}));  // alpha 0 is false: self alone
  ArithProblem sub = Explicit(ArithFn::kSub, ACL_BOOL, {4}, a, ACL_BOOL, {4}, b, ACL_FLOAT);
  sub.alphaType = ACL_BOOL;
  sub.alpha = Num::I(1);
  ExpectValues(sub, Reals({0, 1, 1, 0}));  // false - true = -1 is true
  ExpectValues(Explicit(ArithFn::kMul, ACL_BOOL, {4}, a, ACL_BOOL, {4}, b, ACL_INT8), Ints({1, 0, 0, 0}));
  ExpectValues(Explicit(ArithFn::kDiv, ACL_BOOL, {4}, a, ACL_BOOL, {4}, b, ACL_FLOAT),
               Reals({1, HUGE_VAL, 0, std::nan("")}));
  // Adds: bool tensor + bool true (alpha true) into FLOAT16 -> 1; bool tensor + INT64 5 -> INT64 sum
  ArithProblem adds = Explicit(ArithFn::kAdds, ACL_BOOL, {2}, Ints({1, 0}), ACL_BOOL, {}, Ints({1}), ACL_FLOAT16);
  adds.alphaType = ACL_BOOL;
  adds.alpha = Num::I(1);
  ExpectValues(adds, Reals({1, 1}));
  ArithProblem adds5 = Explicit(ArithFn::kAdds, ACL_BOOL, {2}, Ints({1, 0}), ACL_INT64, {}, Ints({5}), ACL_INT64);
  adds5.alphaType = ACL_INT64;
  adds5.alpha = Num::I(1);
  ExpectValues(adds5, Ints({6, 5}));
  // bool + int32 promotes to int32
  ExpectValues(Explicit(ArithFn::kMul, ACL_BOOL, {2}, Ints({1, 0}), ACL_INT32, {2}, Ints({-7, 9}), ACL_INT32),
               Ints({-7, 0}));
}

// Integer and bool division is true division in fp32; a zero divisor gives +-inf or NaN, which an integer
// out receives by the documented float -> int rule (INT32_MIN / INT64_MIN, the low bits for 8/16 bits).
TEST_F(ArithValues, IntegerDivisionByZero) {
  const std::vector<Num> a = Ints({5, -5, 0, 7, -7}), b = Ints({0, 0, 0, 2, 2});
  ExpectValues(Explicit(ArithFn::kDiv, ACL_INT32, {5}, a, ACL_INT32, {5}, b, ACL_FLOAT),
               Reals({HUGE_VAL, -HUGE_VAL, std::nan(""), 3.5, -3.5}));
  ExpectValues(Explicit(ArithFn::kDiv, ACL_INT32, {5}, a, ACL_INT32, {5}, b, ACL_INT32),
               Ints({INT32_MIN, INT32_MIN, INT32_MIN, 3, -3}));
  ExpectValues(Explicit(ArithFn::kDiv, ACL_INT32, {5}, a, ACL_INT32, {5}, b, ACL_INT64),
               Ints({INT64_MIN, INT64_MIN, INT64_MIN, 3, -3}));
  ExpectValues(Explicit(ArithFn::kDiv, ACL_INT8, {5}, a, ACL_INT8, {5}, b, ACL_INT8), Ints({0, 0, 0, 3, -3}));
  ExpectValues(Explicit(ArithFn::kInplaceDiv, ACL_INT16, {5}, a, ACL_INT16, {5}, b, ACL_INT16), Ints({0, 0, 0, 3, -3}));
  ExpectValues(Explicit(ArithFn::kDivs, ACL_INT64, {3}, Ints({5, -5, 0}), ACL_INT64, {}, Ints({0}), ACL_FLOAT),
               Reals({HUGE_VAL, -HUGE_VAL, std::nan("")}));
  ExpectValues(Explicit(ArithFn::kInplaceDivs, ACL_INT32, {3}, Ints({7, -7, 1}), ACL_INT32, {}, Ints({0}), ACL_INT32),
               Ints({INT32_MIN, INT32_MIN, INT32_MIN}));
  ExpectValues(Explicit(ArithFn::kDivs, ACL_UINT8, {2}, Ints({255, 7}), ACL_FLOAT, {}, Reals({2.0}), ACL_UINT8),
               Ints({127, 3}));
}

// "alpha is 1" is the A2's float test !(a > 1 || a < 1): a NaN alpha and a DOUBLE alpha within float rounding
// of 1 both give the plain sum.
TEST_F(ArithValues, AlphaCorners) {
  ArithProblem nanAlpha =
      Explicit(ArithFn::kAdd, ACL_FLOAT, {2}, Reals({1, 2}), ACL_FLOAT, {2}, Reals({3, 4}), ACL_FLOAT);
  nanAlpha.alphaType = ACL_FLOAT;
  nanAlpha.alpha = Num::F(std::nan(""));
  ExpectValues(nanAlpha, Reals({4, 6}));
  ArithProblem nearOne =
      Explicit(ArithFn::kAdd, ACL_DOUBLE, {1}, Reals({1e12}), ACL_DOUBLE, {1}, Reals({1e12}), ACL_DOUBLE);
  nearOne.alphaType = ACL_DOUBLE;
  nearOne.alpha = Num::F(1 + 0x1p-40);
  ExpectValues(nearOne, Reals({2e12}));
  ArithProblem subNear = nearOne;
  subNear.fn = ArithFn::kSubs;
  subNear.otherValues = Reals({0.5});
  ExpectValues(subNear, Reals({1e12 - 0.5}));
  // alpha -1 with complex tensors, and a complex alpha
  ArithProblem cplx =
      Explicit(ArithFn::kAdd, ACL_COMPLEX64, {1}, {Num::F(1, 2)}, ACL_COMPLEX64, {1}, {Num::F(3, -1)}, ACL_COMPLEX64);
  cplx.alphaType = ACL_INT64;
  cplx.alpha = Num::I(-1);
  ExpectValues(cplx, {Num::F(-2, 3)});
  cplx.alphaType = ACL_COMPLEX64;
  cplx.alpha = Num::F(0, 1);  // i * (3 - i) = 1 + 3i
  ExpectValues(cplx, {Num::F(2, 5)});
  // Sub with alpha 2.5 in fp16: fp32 product and difference, one rounding to fp16
  ArithProblem half =
      Explicit(ArithFn::kSub, ACL_FLOAT16, {1}, Reals({1.0}), ACL_FLOAT16, {1}, Reals({0x1p-12}), ACL_FLOAT16);
  half.alphaType = ACL_FLOAT;
  half.alpha = Num::F(2.5);
  ExpectValues(half, Reals({1.0 - 0x1p-11}));  // 1 - 2.5 * 2^-12 = 1 - 0.625 * 2^-10, nearest fp16 is 1 - 2^-11
}

// 0-d tensors with each other and with [2, 2]; a rank-8 problem with broadcasting in several dims.
TEST_F(ArithValues, ZeroDimAndRankEight) {
  ExpectValues(Explicit(ArithFn::kMul, ACL_FLOAT, {}, Reals({3}), ACL_FLOAT, {}, Reals({-0.5}), ACL_FLOAT),
               Reals({-1.5}));
  ExpectValues(Explicit(ArithFn::kSub, ACL_INT32, {}, Ints({10}), ACL_INT32, {2, 2}, Ints({1, 2, 3, 4}), ACL_INT32),
               Ints({9, 8, 7, 6}));
  ExpectValues(Explicit(ArithFn::kInplaceDivs, ACL_DOUBLE, {}, Reals({1}), ACL_DOUBLE, {}, Reals({3}), ACL_DOUBLE),
               Reals({1.0 / 3}));
  std::mt19937_64 rng(8);
  ArithProblem p;
  p.fn = ArithFn::kAdd;
  p.selfType = ACL_BF16;
  p.otherType = ACL_FLOAT;
  p.outType = ACL_BF16;
  p.selfShape = {2, 1, 3, 1, 2, 2, 1, 3};
  p.otherShape = {1, 2, 1, 2, 1, 2, 3, 1};
  p.selfLayout = Layout::Padded(8, 1);
  p.otherLayout = Layout::Transposed(8);
  p.outLayout = Layout::Padded(8, 7);
  p.alphaType = ACL_FLOAT;
  p.alpha = Num::F(-1);
  p.selfValues = RandomOf(p.selfType, NumelOf(p.selfShape), rng);
  p.otherValues = RandomOf(p.otherType, NumelOf(p.otherShape), rng);
  ASSERT_TRUE(AllSame(RunArith(p))) << Describe(p);
}

// A problem of several hundred thousand elements (many engine blocks) with a broadcast operand and a strided
// out: 1 and 2 threads give the same bits, equal to the model; the 2-thread plan has its own per-thread
// workspace, so both plans really differ.
TEST_F(ArithValues, LargeBroadcastStridedOutThreadsBitIdentical) {
  struct Big {
    ArithFn fn;
    aclDataType self, other, out;
  };
  const Big cases[] = {{ArithFn::kAdd, ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT},
                       {ArithFn::kSub, ACL_INT8, ACL_INT8, ACL_INT8},
                       {ArithFn::kMul, ACL_BF16, ACL_BF16, ACL_FLOAT},
                       {ArithFn::kDiv, ACL_INT32, ACL_INT32, ACL_FLOAT},
                       {ArithFn::kInplaceMul, ACL_COMPLEX64, ACL_COMPLEX64, ACL_COMPLEX64}};
  for (const Big &c : cases) {
    std::mt19937_64 rng(99);
    ArithProblem p;
    p.fn = c.fn;
    p.selfType = c.self;
    p.otherType = c.other;
    p.outType = c.out;
    p.selfShape = {3, 250, 160};
    p.otherShape = {250, 1};
    p.selfLayout = Layout::Transposed(3);
    p.otherLayout = Layout::Padded(2, 1);
    p.outLayout = Layout::Padded(3, 4);
    if (HasAlpha(c.fn)) {
      p.alphaType = IsIntDT(c.self) ? ACL_INT64 : ACL_FLOAT;
      p.alpha = IsIntDT(c.self) ? Num::I(3) : Num::F(2.5);
    }
    p.selfValues = RandomOf(c.self, NumelOf(p.selfShape), rng);
    p.otherValues = RandomOf(c.other, NumelOf(p.otherShape), rng);
    p.threads = 1;
    const ArithOutcome one = RunArith(p);
    p.threads = 2;
    const ArithOutcome two = RunArith(p);
    ASSERT_TRUE(AllSame(one)) << Describe(p);
    ASSERT_TRUE(AllSame(two)) << Describe(p);
    ASSERT_EQ(one.got.size(), two.got.size());
    for (size_t i = 0; i < one.got.size(); ++i)
      ASSERT_TRUE(SameValue(one.got[i], two.got[i])) << Describe(p) << " " << i;
    EXPECT_GT(two.workspaceSize, one.workspaceSize) << Describe(p);
  }
}

// ---- where the vendor's op_api composes kernels in a way the CPU must follow ---------------------------

// The vendor casts both operands to the promoted dtype (l0 Cast) before the kernel: an integer operand with
// FLOAT16/BF16 is rounded to 16 bits first. fp16 1 + int32 2049: 2049 -> 2048 (tie to even), 1 + 2048 ->
// 2048; computing 1 + 2049 in fp32 gives 2050 instead.
TEST_F(ArithValues, OperandsCastToPromotedDtypeFirst) {
  ArithProblem add = Explicit(ArithFn::kAdd, ACL_FLOAT16, {1}, Reals({1}), ACL_INT32, {1}, Ints({2049}), ACL_FLOAT16);
  ExpectValues(add, Reals({2048}));
  // bf16 1 + int32 257: 257 -> 256, 1 + 256 = 257 -> 256 (fp32 compute gives 258)
  ExpectValues(Explicit(ArithFn::kAdd, ACL_BF16, {1}, Reals({1}), ACL_INT32, {1}, Ints({257}), ACL_BF16), Reals({256}));
  // Mul fp16 3 * int32 2049: 3 * 2048 = 6144 (fp32 compute: 6147 -> 6148)
  ExpectValues(Explicit(ArithFn::kMul, ACL_INT32, {1}, Ints({2049}), ACL_FLOAT16, {1}, Reals({3}), ACL_FLOAT16),
               Reals({6144}));
  // Div int16 2049 / fp16 3: 2048 / 3 -> 682.5 (fp32 compute: 683)
  ExpectValues(Explicit(ArithFn::kDiv, ACL_INT16, {1}, Ints({2049}), ACL_FLOAT16, {1}, Reals({3}), ACL_FLOAT16),
               Reals({682.5}));
  // Adds: int32 self + FLOAT16 scalar promotes to FLOAT16, self cast to it: 2049 -> 2048, + 1 -> 2048
  ArithProblem adds = Explicit(ArithFn::kAdds, ACL_INT32, {1}, Ints({2049}), ACL_FLOAT16, {}, Reals({1}), ACL_FLOAT16);
  ExpectValues(adds, Reals({2048}));
}

// Sub with alpha != 1 and a floating promotion: the vendor computes in FLOAT (DOUBLE stays DOUBLE) and
// casts that to out, with no FLOAT16/BF16 rounding in between (math/sub/op_api/aclnn_sub.cpp).
TEST_F(ArithValues, SubAlphaComputesInFloat) {
  ArithProblem p =
      Explicit(ArithFn::kSub, ACL_FLOAT16, {1}, Reals({1.0}), ACL_FLOAT16, {1}, Reals({0x1p-12}), ACL_FLOAT);
  p.alphaType = ACL_FLOAT;
  p.alpha = Num::F(1.5);
  ExpectValues(p, Reals({1.0 - 1.5 * 0x1p-12}));  // exact in fp32, not an fp16 value
  p.selfType = p.otherType = ACL_BF16;
  p.otherValues = Reals({0x1p-9});
  ExpectValues(p, Reals({1.0 - 1.5 * 0x1p-9}));
}

// Muls of a BF16 tensor by a DOUBLE scalar: the vendor's dedicated Muls kernel (scalar as a float) writes
// BF16, which is then cast to out; any other scalar computes in FLOAT.
TEST_F(ArithValues, MulsBf16ByDoubleWritesBf16) {
  // 1.0078125 * 1.5 = 1.51171875 -> bf16 1.515625 (tie to even)
  ExpectValues(Explicit(ArithFn::kMuls, ACL_BF16, {1}, Reals({1.0078125}), ACL_DOUBLE, {}, Reals({1.5}), ACL_FLOAT),
               Reals({1.515625}));
  ExpectValues(Explicit(ArithFn::kMuls, ACL_BF16, {1}, Reals({1.0078125}), ACL_FLOAT, {}, Reals({1.5}), ACL_FLOAT),
               Reals({1.51171875}));
}

// Divs keeps a complex self's dtype unless the scalar is complex: COMPLEX64 / DOUBLE divides by the scalar as a
// COMPLEX64 (math/div/op_api/aclnn_div.cpp, the A2 promotion of Divs). 3.0000001 is 3.0f as a COMPLEX64, and
// 1 / 3.0f = 0.333333343f; divided in COMPLEX128, 1 / 3.0000001 rounds to 0.333333313f instead.
TEST_F(ArithValues, DivsComplexSelfKeepsItsDtype) {
  const double q = static_cast<double>(1.0f / 3.0f);
  ExpectValues(
      Explicit(ArithFn::kDivs, ACL_COMPLEX64, {1}, {Num::F(1, 0)}, ACL_DOUBLE, {}, Reals({3.0000001}), ACL_COMPLEX64),
      {Num::F(q, 0)});
}

// Large int64 values written to a BF16 out round once (the documented "integers to floating types round to
// nearest even"): 2^60 + 2^52 + 1 is just above the bf16 midpoint, so 2^60 + 2^53.
TEST_F(ArithValues, Int64ToBf16RoundsOnce) {
  const int64_t v = (int64_t{1} << 60) + (int64_t{1} << 52) + 1;
  ArithProblem p = Explicit(ArithFn::kAdd, ACL_INT64, {1}, Ints({v}), ACL_INT64, {1}, Ints({0}), ACL_BF16);
  p.alphaType = ACL_INT64;
  p.alpha = Num::I(1);
  ExpectValues(p, Reals({std::ldexp(1.0, 60) + std::ldexp(1.0, 53)}));
}

// A DOUBLE scalar converted to a FLOAT16 promotion rounds once (docs/compat.md "a double -> FLOAT16/BF16: one
// rounding"): 1 + 2^-11 + 2^-30 is above the midpoint of 1 and 1 + 2^-10; through fp32 it becomes the
// midpoint and rounds to 1.
TEST_F(ArithValues, DoubleScalarToHalfRoundsOnce) {
  ArithProblem p = Explicit(ArithFn::kAdds, ACL_FLOAT16, {1}, Reals({0.0}), ACL_DOUBLE, {},
                            Reals({1 + 0x1p-11 + 0x1p-30}), ACL_FLOAT16);
  ExpectValues(p, Reals({1 + 0x1p-10}));
}

// COMPLEX128 products are two roundings per part, (ac - bd) with each product rounded, on every ISA (the
// project's -ffp-contract=off rule): (1 + 2^-30, 1) x (1 - 2^-30, 1) has real part 1 - 1 = 0; a fused
// multiply-subtract gives -2^-60. Add's alpha * b with a complex alpha likewise: alpha = (1 + 2^-20 + 2^-45, 1),
// b = (1 - 2^-20, 1) gives -2^-40 + 2^-45 (fused: -2^-40 + 2^-45 - 2^-65). (A complex alpha whose real part is 1
// as a float counts as 1 on the A2, so alpha's real part is not 1 here.)
TEST_F(ArithValues, Complex128ProductsRoundTwice) {
  const double e = 0x1p-30;
  ExpectValues(Explicit(ArithFn::kMul, ACL_COMPLEX128, {1}, {Num::F(1 + e, 1)}, ACL_COMPLEX128, {1}, {Num::F(1 - e, 1)},
                        ACL_COMPLEX128),
               {Num::F(0, 2)});
  ExpectValues(WithAlpha(Explicit(ArithFn::kAdd, ACL_COMPLEX128, {1}, {Num::F(0, 0)}, ACL_COMPLEX128, {1},
                                  {Num::F(1 - 0x1p-20, 1)}, ACL_COMPLEX128),
                         ACL_COMPLEX128, Num::F(1 + 0x1p-20 + 0x1p-45, 1)),
               {Num::F(-0x1p-40 + 0x1p-45, 2 + 0x1p-45)});
}

}  // namespace
}  // namespace aclcpu_test::arith_numeric_test
