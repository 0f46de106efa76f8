// The unary math functions (Neg, Exp, Sqrt, Rsqrt, Tanh, TanhBackward) and the conversions (Cast, InplaceCopy,
// InplaceZero, InplaceOne, InplaceFillScalar, InplaceMaskedFillScalar) end to end against references written
// here: long double / float64 math for the functions, the documented conversion rules (docs/compat.md
// "Conversions", docs/ops/cast_copy_fill.md) for the conversions, bit for bit where the result is exact.
#include <cmath>
#include <complex>
#include <cstring>
#include <random>

#include "math/unary_conversion_common.h"

namespace aclcpu_test::unary_conversion_numeric_test {
namespace {

const aclDataType kAll15[] = {ACL_FLOAT16, ACL_FLOAT,  ACL_DOUBLE,    ACL_INT8,       ACL_UINT8,
                              ACL_INT16,   ACL_UINT16, ACL_INT32,     ACL_UINT32,     ACL_INT64,
                              ACL_UINT64,  ACL_BOOL,   ACL_COMPLEX64, ACL_COMPLEX128, ACL_BF16};

class UnaryConversionNumeric : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

// Phase 1 and phase 2 of one call; t0..t2 in signature order.
::testing::AssertionResult RunFn(UFn fn, const AnyTensor *t0, const AnyTensor *t1 = nullptr,
                                 const AnyTensor *t2 = nullptr, const aclScalar *scalar = nullptr,
                                 aclDataType dtype = ACL_DT_UNDEFINED, int threads = 0) {
  uint64_t ws = 0;
  aclOpExecutor *exec = nullptr;
  const aclnnStatus st = Phase1WithThreads(threads, [&] {
    return UPhase1(fn, t0 ? t0->get() : nullptr, t1 ? t1->get() : nullptr, t2 ? t2->get() : nullptr, scalar, dtype, &ws,
                   &exec);
  });
  if (st != ACLNN_SUCCESS)
    return ::testing::AssertionFailure() << UFnName(fn) << " phase 1 " << st << ": " << aclGetRecentErrMsg();
  const aclnnStatus p2 = RunPhase2(UPhase2Of(fn), ws, exec);
  if (p2 != ACLNN_SUCCESS) return ::testing::AssertionFailure() << UFnName(fn) << " phase 2 " << p2;
  return ::testing::AssertionSuccess();
}

// A value of dtype `from` converted to `to` by the documented rules. ConvertRef holds UINT64 values as their bits
// (an int64); from 2^63 they convert to floating types as the unsigned value: halved with the lost bit kept
// sticky, rounded, doubled (exact for every format with fewer than 63 digits).
Num Conv(const Num &v, aclDataType from, aclDataType to) {
  if (from == ACL_UINT64 && v.integral && v.i < 0 && (IsFloatDT(to) || IsComplexDT(to))) {
    const uint64_t u = static_cast<uint64_t>(v.i);
    const double r = 2 * RoundIntToFormat(static_cast<int64_t>((u >> 1) | (u & 1)), FormatOf(to));
    return Num::F(std::fabs(r) > MaxFinite(FormatOf(to)) ? HUGE_VAL : r);
  }
  return ConvertRef(v, to);
}

::testing::AssertionResult SameAll(const std::vector<Num> &got, const std::vector<Num> &want, const char *what) {
  if (got.size() != want.size()) return ::testing::AssertionFailure() << what << ": size mismatch";
  int bad = 0;
  ::testing::AssertionResult r = ::testing::AssertionFailure();
  for (size_t i = 0; i < got.size(); ++i) {
    if (SameValue(got[i], want[i])) continue;
    if (bad++ < 4)
      r << what << " element " << i << ": got " << ToString(got[i]) << ", expected " << ToString(want[i]) << "; ";
  }
  if (bad == 0) return ::testing::AssertionSuccess();
  return r << bad << " of " << got.size() << " differ";
}

// ---- unary math ---------------------------------------------------------------------------------------

enum class Math { kExp, kSqrt, kRsqrt, kTanh };
const char *MathName(Math m) {
  static const char *const n[] = {"Exp", "Sqrt", "Rsqrt", "Tanh"};
  return n[static_cast<int>(m)];
}
UFn FnOf(Math m) {
  static const UFn f[] = {UFn::kExp, UFn::kSqrt, UFn::kRsqrt, UFn::kTanh};
  return f[static_cast<int>(m)];
}
long double RefReal(Math m, long double x) {
  switch (m) {
    case Math::kExp: return std::exp(x);
    case Math::kSqrt: return std::sqrt(x);
    case Math::kRsqrt: return 1.0L / std::sqrt(x);
    case Math::kTanh: return std::tanh(x);
  }
  return 0;
}
std::complex<long double> RefComplex(Math m, std::complex<long double> z) {
  switch (m) {
    case Math::kExp: return std::exp(z);
    case Math::kSqrt: return std::sqrt(z);
    case Math::kRsqrt: return 1.0L / std::sqrt(z);
    case Math::kTanh: return std::tanh(z);
  }
  return 0;
}
// The dtype the function computes in (docs/ops/unary_math.md): the result is rounded to it, then cast to out. FLOAT16
// and BF16 are evaluated in fp32 first (double, rounded once to fp32, then to the 16-bit dtype).
aclDataType ComputeOf(Math m, aclDataType self) {
  if (IsFloatDT(self) || IsComplexDT(self)) return self;
  if (m == Math::kSqrt && self == ACL_INT64) return ACL_DOUBLE;
  return ACL_FLOAT;
}

// Checks one element of a real result. fp32 compute: the result is the reference rounded once to fp32 (then to
// out), allowing the reference to move by 8 double ulps (the double evaluation's error) across a rounding
// boundary; Exp, whose fp32 evaluation is within 0.55 ulp (base/vector_exp-inl.h), passes fp32Ulps = 0.55.
// double compute: within 1 ulp of the long double reference. NaN, infinities and zeros exactly.
bool RealOk(long double ref, aclDataType compute, aclDataType out, const Num &got, double fp32Ulps = 0.5) {
  const double g = got.Real();
  if (std::isnan(ref)) return std::isnan(g);
  if (std::isinf(ref) || ref == 0) {
    const Num want = ConvertRef(ConvertRef(Num::F(static_cast<double>(ref)), compute), out);
    return SameValue(got, want);
  }
  if (compute == ACL_DOUBLE && out == ACL_DOUBLE) {
    return std::fabs(static_cast<long double>(g) - ref) <= UlpAt(ACL_DOUBLE, std::fabs(static_cast<double>(ref)));
  }
  if (fp32Ulps > 0.5 && compute == ACL_FLOAT) {
    // either fp32 neighbour of the reference within fp32Ulps of it, then rounded to out
    const double r = static_cast<double>(ref), ulp = UlpAt(ACL_FLOAT, std::fabs(r));
    const float nearest = static_cast<float>(r);
    for (float y : {nearest, std::nextafter(nearest, r < nearest ? -HUGE_VALF : HUGE_VALF)}) {
      if (std::fabs(static_cast<long double>(y) - ref) > fp32Ulps * ulp) continue;
      if (SameValue(got, ConvertRef(Num::F(y), out))) return true;
    }
    return false;
  }
  const double slack = 8 * std::ldexp(1.0, -53) * std::fabs(static_cast<double>(ref));
  for (double r : {static_cast<double>(ref) - slack, static_cast<double>(ref) + slack}) {
    const Num f32 = ConvertRef(Num::F(r), compute == ACL_DOUBLE ? ACL_DOUBLE : ACL_FLOAT);
    if (SameValue(got, ConvertRef(ConvertRef(f32, compute), out))) return true;
  }
  return false;
}

std::vector<Num> MathInputs(Math m, aclDataType t, int64_t n, std::mt19937_64 &rng) {
  const double lo = m == Math::kExp     ? -20
                    : m == Math::kTanh  ? -6
                    : m == Math::kRsqrt ? 1e-3
                                        : 0,
               hi = m == Math::kExp    ? 20
                    : m == Math::kTanh ? 6
                                       : 1e4;
  const UniformReal real(lo, hi), part(-4, 4);
  std::uniform_int_distribution<int> small(m == Math::kSqrt || m == Math::kRsqrt ? 1 : -10, t == ACL_BOOL ? 1 : 20);
  std::vector<Num> v(static_cast<size_t>(n));
  for (Num &x : v) {
    if (IsComplexDT(t)) {
      x = ConvertRef(Num::F(part(rng), part(rng)), t);
    } else if (IsFloatDT(t)) {
      x = ConvertRef(Num::F(real(rng)), t);
    } else {
      x = ConvertRef(Num::I(small(rng)), t);
    }
  }
  if (t == ACL_BOOL) v[0] = Num::I(0);
  return v;
}

struct MathCase {
  Math m;
  aclDataType self, out;
};

TEST_F(UnaryConversionNumeric, MathAgainstLongDoubleReference) {
  const MathCase cases[] = {
      {Math::kExp, ACL_FLOAT, ACL_FLOAT},
      {Math::kExp, ACL_FLOAT16, ACL_FLOAT16},
      {Math::kExp, ACL_BF16, ACL_BF16},
      {Math::kExp, ACL_DOUBLE, ACL_DOUBLE},
      {Math::kExp, ACL_INT64, ACL_FLOAT},
      {Math::kExp, ACL_BOOL, ACL_FLOAT},
      {Math::kExp, ACL_FLOAT16, ACL_FLOAT},
      {Math::kExp, ACL_COMPLEX64, ACL_COMPLEX64},
      {Math::kExp, ACL_COMPLEX128, ACL_COMPLEX128},
      {Math::kSqrt, ACL_FLOAT, ACL_FLOAT},
      {Math::kSqrt, ACL_FLOAT16, ACL_FLOAT16},
      {Math::kSqrt, ACL_BF16, ACL_BF16},
      {Math::kSqrt, ACL_DOUBLE, ACL_DOUBLE},
      {Math::kSqrt, ACL_INT32, ACL_FLOAT},
      {Math::kSqrt, ACL_UINT8, ACL_FLOAT},
      {Math::kSqrt, ACL_INT64, ACL_DOUBLE},
      {Math::kSqrt, ACL_BOOL, ACL_FLOAT},
      {Math::kSqrt, ACL_COMPLEX64, ACL_COMPLEX64},
      {Math::kSqrt, ACL_COMPLEX128, ACL_COMPLEX128},
      {Math::kRsqrt, ACL_FLOAT, ACL_FLOAT},
      {Math::kRsqrt, ACL_FLOAT16, ACL_FLOAT16},
      {Math::kRsqrt, ACL_BF16, ACL_BF16},  // DOUBLE: RsqrtDoubleWithinOneUlp
      {Math::kRsqrt, ACL_INT8, ACL_FLOAT},
      {Math::kRsqrt, ACL_INT64, ACL_FLOAT},
      {Math::kRsqrt, ACL_FLOAT16, ACL_DOUBLE},
      {Math::kRsqrt, ACL_COMPLEX64, ACL_COMPLEX64},
      {Math::kRsqrt, ACL_COMPLEX128, ACL_COMPLEX128},
      {Math::kTanh, ACL_FLOAT, ACL_FLOAT},
      {Math::kTanh, ACL_FLOAT16, ACL_FLOAT16},
      {Math::kTanh, ACL_BF16, ACL_BF16},
      {Math::kTanh, ACL_INT16, ACL_FLOAT},
      {Math::kTanh, ACL_BOOL, ACL_FLOAT},
      {Math::kTanh, ACL_FLOAT, ACL_FLOAT16},
  };
  std::mt19937_64 rng(20261126);
  for (const MathCase &c : cases) {
    SCOPED_TRACE(std::string(MathName(c.m)) + " " + Label(c.self) + " -> " + Label(c.out));
    const std::vector<int64_t> shape{7, 37};
    AnyTensor self(shape, c.self), out(shape, c.out, Layout::Padded(2));
    const std::vector<Num> in = MathInputs(c.m, c.self, self.numel(), rng);
    self.Fill(in);
    ASSERT_TRUE(RunFn(FnOf(c.m), &self, &out));
    EXPECT_TRUE(out.GapsUntouched());
    const std::vector<Num> got = out.Read();
    const aclDataType compute = ComputeOf(c.m, c.self);
    int bad = 0;
    for (size_t i = 0; i < got.size(); ++i) {
      if (IsComplexDT(c.self)) {
        const std::complex<long double> ref =
            RefComplex(c.m, std::complex<long double>(in[i].z.real(), in[i].z.imag()));
        const std::complex<long double> g(got[i].z.real(), got[i].z.imag());
        // complex: within 4 ulps of the component dtype at |ref|
        const double tol = 4 * UlpAt(c.self, static_cast<double>(std::abs(ref)));
        if (std::abs(g - ref) > tol && bad++ < 4)
          ADD_FAILURE() << "element " << i << " in " << ToString(in[i]) << " got " << ToString(got[i]);
        continue;
      }
      const long double x = static_cast<long double>(in[i].integral ? static_cast<double>(in[i].i) : in[i].z.real());
      const long double ref = RefReal(c.m, x);
      if (!RealOk(ref, compute, c.out, got[i], c.m == Math::kExp ? 0.55 : 0.5) && bad++ < 4)
        ADD_FAILURE() << "element " << i << " in " << ToString(in[i]) << " got " << ToString(got[i]) << " ref "
                      << static_cast<double>(ref);
    }
    EXPECT_EQ(bad, 0);
  }
}

// FLOAT16/BF16 Exp and Sqrt on dense tensors take the engine's fused 16-bit path; with a padded out they are
// staged through fp32 buffers. Both give the same bits (specials included).
TEST_F(UnaryConversionNumeric, Fused16PathMatchesStagedPath) {
  std::mt19937_64 rng(16);
  for (Math m : {Math::kExp, Math::kSqrt}) {
    for (aclDataType t : {ACL_FLOAT16, ACL_BF16}) {
      SCOPED_TRACE(std::string(MathName(m)) + " " + Label(t));
      const std::vector<int64_t> shape{300, 7};  // padded rows of 7: too short for row blocks, so staged
      AnyTensor self(shape, t), dense(shape, t), padded(shape, t, Layout::Padded(2));
      std::vector<Num> in = MathInputs(m, t, self.numel(), rng);
      for (double special : {0.0, -0.0, HUGE_VAL, -HUGE_VAL, std::nan(""), -100.0, 12.0, 1e-3})
        in[static_cast<size_t>(rng() % in.size())] = ConvertRef(Num::F(special), t);
      self.Fill(in);
      ASSERT_TRUE(RunFn(FnOf(m), &self, &dense));
      ASSERT_TRUE(RunFn(FnOf(m), &self, &padded));
      const std::vector<Num> a = dense.Read(), b = padded.Read();
      for (size_t i = 0; i < a.size(); ++i)
        ASSERT_TRUE(SameValue(a[i], b[i]))
            << i << ": " << ToString(in[i]) << " -> " << ToString(a[i]) << " vs " << ToString(b[i]);
    }
  }
}

// IEEE special values through each function, fp32 and double: exact results.
TEST_F(UnaryConversionNumeric, MathSpecialValues) {
  const double inf = HUGE_VAL, nan = std::nan("");
  struct Special {
    Math m;
    double in, out;
  };
  const Special specials[] = {
      {Math::kExp, inf, inf},    {Math::kExp, -inf, 0},    {Math::kExp, nan, nan},  {Math::kExp, 0, 1},
      {Math::kExp, -0.0, 1},     {Math::kExp, 100, inf},   {Math::kExp, -200, 0},   {Math::kSqrt, -1, nan},
      {Math::kSqrt, -0.0, -0.0}, {Math::kSqrt, 0, 0},      {Math::kSqrt, inf, inf}, {Math::kSqrt, -inf, nan},
      {Math::kSqrt, nan, nan},   {Math::kSqrt, 4, 2},      {Math::kRsqrt, 0, inf},  {Math::kRsqrt, inf, 0},
      {Math::kRsqrt, -1, nan},   {Math::kRsqrt, nan, nan}, {Math::kRsqrt, 4, 0.5},  {Math::kRsqrt, -0.0, -inf},
      {Math::kTanh, inf, 1},     {Math::kTanh, -inf, -1},  {Math::kTanh, nan, nan}, {Math::kTanh, -0.0, -0.0},
      {Math::kTanh, 0, 0},       {Math::kTanh, 30, 1},
  };
  for (aclDataType t : {ACL_FLOAT, ACL_DOUBLE, ACL_FLOAT16, ACL_BF16}) {
    for (const Special &s : specials) {
      if (s.m == Math::kExp && t == ACL_DOUBLE && (s.in == 100 || s.in == -200)) continue;  // finite in double
      if (s.m == Math::kTanh && t == ACL_DOUBLE) continue;                                  // Tanh has no DOUBLE
      SCOPED_TRACE(std::string(MathName(s.m)) + " " + Label(t) + " of " + std::to_string(s.in));
      AnyTensor self({1}, t), out({1}, t);
      self.Fill({Num::F(s.in)});
      ASSERT_TRUE(RunFn(FnOf(s.m), &self, &out));
      const Num got = out.Read()[0];
      EXPECT_TRUE(SameValue(got, ConvertRef(Num::F(s.out), t))) << "got " << ToString(got) << " expected " << s.out;
    }
  }
}

// Neg: exact; integers wrap (-INT8_MIN = INT8_MIN), zeros flip sign, NaN stays NaN; out of a wider dtype.
TEST_F(UnaryConversionNumeric, NegExact) {
  const double nan = std::nan("");
  const struct {
    aclDataType self, out;
    std::vector<Num> in;
  } cases[] = {
      {ACL_INT8, ACL_INT8, {Num::I(-128), Num::I(127), Num::I(0), Num::I(-5)}},
      {ACL_INT32, ACL_INT32, {Num::I(INT32_MIN), Num::I(INT32_MAX), Num::I(7), Num::I(0)}},
      {ACL_INT64, ACL_INT64, {Num::I(INT64_MIN), Num::I(INT64_MAX), Num::I(-9), Num::I(0)}},
      {ACL_INT8, ACL_INT32, {Num::I(-128), Num::I(127), Num::I(1), Num::I(0)}},
      {ACL_FLOAT, ACL_FLOAT, {Num::F(0), Num::F(-0.0), Num::F(nan), Num::F(HUGE_VAL)}},
      {ACL_FLOAT16, ACL_FLOAT16, {Num::F(0), Num::F(-0.0), Num::F(65504), Num::F(-1.5)}},
      {ACL_BF16, ACL_BF16, {Num::F(0), Num::F(-0.0), Num::F(3.0e38), Num::F(-HUGE_VAL)}},
      {ACL_DOUBLE, ACL_DOUBLE, {Num::F(0), Num::F(-0.0), Num::F(1e300), Num::F(4.9e-324)}},
      {ACL_COMPLEX64, ACL_COMPLEX64, {Num::F(1, -2), Num::F(0, 0), Num::F(-0.0, 3), Num::F(2.5, -0.0)}},
      {ACL_COMPLEX128, ACL_COMPLEX128, {Num::F(1, -2), Num::F(0, 0), Num::F(-0.0, 3), Num::F(1e300, -1e-300)}},
      {ACL_FLOAT16, ACL_FLOAT, {Num::F(0), Num::F(-0.0), Num::F(65504), Num::F(-1.5)}},
  };
  for (const auto &c : cases) {
    SCOPED_TRACE(std::string(Label(c.self)) + " -> " + Label(c.out));
    AnyTensor self({4}, c.self), out({4}, c.out);
    self.Fill(c.in);
    ASSERT_TRUE(RunFn(UFn::kNeg, &self, &out));
    std::vector<Num> want;
    for (const Num &x : self.Read()) {
      const Num neg = x.integral ? Num::I(WrapTo(static_cast<int64_t>(0 - static_cast<uint64_t>(x.i)), c.self))
                                 : Num::F(-x.z.real(), -x.z.imag());
      want.push_back(ConvertRef(neg, c.out));
    }
    EXPECT_TRUE(SameAll(out.Read(), want, "Neg"));
    // in place
    AnyTensor selfRef({4}, c.self, Layout::Padded(1));
    selfRef.Fill(c.in);
    ASSERT_TRUE(RunFn(UFn::kInplaceNeg, &selfRef));
    if (c.self == c.out) {
      EXPECT_TRUE(SameAll(selfRef.Read(), want, "InplaceNeg"));
    }
    EXPECT_TRUE(selfRef.GapsUntouched());
  }
}

// In-place Exp/Sqrt/Rsqrt/Tanh on a transposed fp32 selfRef equal the out-of-place results.
TEST_F(UnaryConversionNumeric, InplaceFormsMatchOutOfPlace) {
  std::mt19937_64 rng(7);
  const std::pair<UFn, UFn> pairs[] = {{UFn::kExp, UFn::kInplaceExp},
                                       {UFn::kSqrt, UFn::kInplaceSqrt},
                                       {UFn::kRsqrt, UFn::kInplaceRsqrt},
                                       {UFn::kTanh, UFn::kInplaceTanh}};
  for (const auto &p : pairs) {
    for (aclDataType t : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
      SCOPED_TRACE(std::string(UFnName(p.second)) + " " + Label(t));
      const std::vector<Num> in = MathInputs(Math::kRsqrt, t, 5 * 9, rng);
      AnyTensor self({5, 9}, t), out({5, 9}, t), selfRef({5, 9}, t, Layout::Transposed(2));
      self.Fill(in);
      selfRef.Fill(in);
      ASSERT_TRUE(RunFn(p.first, &self, &out));
      ASSERT_TRUE(RunFn(p.second, &selfRef));
      EXPECT_TRUE(SameAll(selfRef.Read(), out.Read(), "in place vs out of place"));
    }
  }
}

// TanhBackward: gradOutput * (1 - output^2) with broadcast, formed in double and rounded once (fp32 compute).
TEST_F(UnaryConversionNumeric, TanhBackwardBroadcast) {
  std::mt19937_64 rng(11);
  const UniformReal gd(-3, 3), od(-1, 1);
  for (aclDataType t : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE}) {
    SCOPED_TRACE(Label(t));
    AnyTensor g({2, 1, 3}, t), o({4, 3}, t, Layout::Transposed(2)), gi({2, 4, 3}, t, Layout::Padded(3));
    std::vector<Num> gv(6), ov(12);
    for (Num &x : gv) x = ConvertRef(Num::F(gd(rng)), t);
    for (Num &x : ov) x = ConvertRef(Num::F(od(rng)), t);
    ov[0] = Num::F(1);
    ov[1] = ConvertRef(Num::F(-0.75), t);
    g.Fill(gv);
    o.Fill(ov);
    ASSERT_TRUE(RunFn(UFn::kTanhBackward, &g, &o, &gi));
    EXPECT_TRUE(gi.GapsUntouched());
    const std::vector<Num> got = gi.Read();
    const aclDataType compute = t == ACL_DOUBLE ? ACL_DOUBLE : ACL_FLOAT;
    for (int64_t i = 0; i < 24; ++i) {
      const long double gg = gv[static_cast<size_t>(SourceIndex({2, 1, 3}, {2, 4, 3}, i))].z.real(),
                        oo = ov[static_cast<size_t>(SourceIndex({4, 3}, {2, 4, 3}, i))].z.real();
      const long double ref = gg * (1.0L - oo * oo);
      if (t == ACL_DOUBLE) {
        // (1 - o^2) in double: o^2 rounded once, the subtraction exact or rounded once, the product once.
        EXPECT_LE(std::fabs(static_cast<long double>(got[static_cast<size_t>(i)].Real()) - ref),
                  3 * UlpAt(ACL_DOUBLE, std::fabs(static_cast<double>(gg))))
            << i;
      } else {
        EXPECT_TRUE(RealOk(ref, compute, t, got[static_cast<size_t>(i)]))
            << i << ": got " << ToString(got[static_cast<size_t>(i)]) << " ref " << static_cast<double>(ref);
      }
    }
  }
}

// ---- conversions ----------------------------------------------------------------------------------------

// The values every conversion test starts from (each first stored in the source dtype by the rules): the edge
// cases of docs/compat.md's table plus ordinary ones.
std::vector<Num> EdgeValues(aclDataType src) {
  const double nan = std::nan(""), inf = HUGE_VAL;
  std::vector<Num> v;
  for (double x : {0.0,
                   -0.0,
                   1.0,
                   -1.0,
                   2.5,
                   -2.7,
                   300.7,
                   65504.0,
                   70000.0,
                   1e10,
                   -1e10,
                   3e38,
                   nan,
                   inf,
                   -inf,
                   0.1,
                   1.0 + std::ldexp(1.0, -11) + std::ldexp(1.0, -40),
                   4294967296.5,
                   -2147483649.0,
                   1e-45})
    v.push_back(Num::F(x));
  for (int64_t i : {int64_t{0}, int64_t{1}, int64_t{-128}, int64_t{255}, int64_t{-32769}, int64_t{65537},
                    int64_t{INT32_MIN}, int64_t{4294967295}, int64_t{INT64_MAX}, int64_t{INT64_MIN},
                    int64_t{INT64_MIN} + 2049, int64_t{-1}, int64_t{16777217}})
    v.push_back(Num::I(i));  // as UINT64 bits, INT64_MIN + 2049 is 2^63 + 2049 and -1 is 2^64 - 1
  v.push_back(Num::F(1.5, -2.5));
  v.push_back(Num::F(0, 2));
  v.push_back(Num::F(nan, 1));
  std::vector<Num> stored;
  for (const Num &x : v) stored.push_back(ConvertRef(x, src));
  return stored;
}

// Cast over every pair of the 15 dtypes (out = dtype), strided self.
TEST_F(UnaryConversionNumeric, CastEveryPair) {
  int pairs = 0;
  for (aclDataType from : kAll15) {
    const std::vector<Num> in = EdgeValues(from);
    const int64_t n = static_cast<int64_t>(in.size());
    for (aclDataType to : kAll15) {
      SCOPED_TRACE(std::string(Label(from)) + " -> " + Label(to));
      AnyTensor self({n}, from, Layout::Padded(1)), out({n}, to);
      self.Fill(in);
      ASSERT_TRUE(RunFn(UFn::kCast, &self, &out, nullptr, nullptr, to));
      std::vector<Num> want;
      std::vector<Num> got = out.Read();
      const std::vector<Num> src = self.Read();
      for (size_t i = 0; i < src.size(); ++i) {
        want.push_back(Conv(src[i], from, to));
      }
      EXPECT_TRUE(SameAll(got, want, "Cast"));
      ++pairs;
    }
  }
  EXPECT_EQ(pairs, 225);
}

// The edge cases of docs/compat.md spelled out.
TEST_F(UnaryConversionNumeric, CastDocumentedEdges) {
  const double nan = std::nan(""), inf = HUGE_VAL;
  struct Edge {
    aclDataType from, to;
    Num in, out;
  };
  const Edge edges[] = {
      {ACL_FLOAT, ACL_UINT8, Num::F(300.7), Num::I(44)},
      {ACL_DOUBLE, ACL_UINT8, Num::F(300.7), Num::I(44)},
      {ACL_FLOAT, ACL_UINT8, Num::F(-1), Num::I(255)},
      {ACL_FLOAT, ACL_UINT8, Num::F(-2.7), Num::I(254)},
      {ACL_FLOAT, ACL_INT32, Num::F(nan), Num::I(INT32_MIN)},
      {ACL_FLOAT, ACL_INT32, Num::F(inf), Num::I(INT32_MIN)},
      {ACL_FLOAT, ACL_INT32, Num::F(3e9), Num::I(INT32_MIN)},
      {ACL_FLOAT, ACL_INT64, Num::F(nan), Num::I(INT64_MIN)},
      {ACL_FLOAT, ACL_INT64, Num::F(-inf), Num::I(INT64_MIN)},
      {ACL_FLOAT, ACL_INT8, Num::F(nan), Num::I(0)},  // low 8 bits of INT32_MIN
      {ACL_FLOAT, ACL_INT16, Num::F(-2.9), Num::I(-2)},
      {ACL_DOUBLE, ACL_UINT32, Num::F(4294967296.5), Num::I(0)},  // int64 4294967296, low 32 bits
      {ACL_DOUBLE, ACL_UINT32, Num::F(-1), Num::I(4294967295)},
      // (UINT64 from 2^63: Uint64FromTwoTo63ToFloating)
      {ACL_UINT64, ACL_DOUBLE, Num::I(INT64_MAX), Num::F(0x1p63)},
      {ACL_UINT64, ACL_INT8, Num::I(-1), Num::I(-1)},
      {ACL_UINT64, ACL_BOOL, Num::I(INT64_MIN), Num::I(1)},
      {ACL_DOUBLE, ACL_FLOAT16, Num::F(1.0 + std::ldexp(1.0, -11) + std::ldexp(1.0, -40)),
       Num::F(1.0 + std::ldexp(1.0, -10))},  // one rounding (two would give 1.0)
      {ACL_DOUBLE, ACL_BF16, Num::F(1.0 + std::ldexp(1.0, -8) + std::ldexp(1.0, -40)),
       Num::F(1.0 + std::ldexp(1.0, -7))},
      {ACL_COMPLEX64, ACL_FLOAT, Num::F(1.5, -2.5), Num::F(1.5)},
      {ACL_COMPLEX128, ACL_INT32, Num::F(-7.9, 3), Num::I(-7)},
      {ACL_COMPLEX64, ACL_BOOL, Num::F(0, 2), Num::I(1)},
      {ACL_COMPLEX128, ACL_BOOL, Num::F(-0.0, 0), Num::I(0)},
      {ACL_FLOAT, ACL_BOOL, Num::F(nan), Num::I(1)},
      {ACL_FLOAT, ACL_BOOL, Num::F(-0.0), Num::I(0)},
      {ACL_FLOAT, ACL_BOOL, Num::F(1e-45), Num::I(1)},
      {ACL_INT32, ACL_INT8, Num::I(300), Num::I(44)},
      {ACL_INT64, ACL_UINT16, Num::I(-1), Num::I(65535)},
      {ACL_INT64, ACL_FLOAT, Num::I(16777217), Num::F(16777216)},
      {ACL_INT64, ACL_FLOAT, Num::I(16777219), Num::F(16777220)},
      {ACL_FLOAT, ACL_FLOAT16, Num::F(65520), Num::F(inf)},
      {ACL_FLOAT, ACL_FLOAT16, Num::F(65519.99), Num::F(65504)},
  };
  for (const Edge &e : edges) {
    SCOPED_TRACE(std::string(Label(e.from)) + " -> " + Label(e.to) + " of " + ToString(e.in));
    AnyTensor self({1}, e.from), out({1}, e.to);
    self.Fill({e.in});
    ASSERT_TRUE(RunFn(UFn::kCast, &self, &out, nullptr, nullptr, e.to));
    EXPECT_TRUE(SameValue(out.Read()[0], e.out))
        << "got " << ToString(out.Read()[0]) << " expected " << ToString(e.out);
  }
}

// Cast converts to dtype first, then to out's dtype (rounding through dtype).
TEST_F(UnaryConversionNumeric, CastOutDtypeDiffersFromDtype) {
  const struct {
    aclDataType from, dtype, out;
  } chains[] = {{ACL_FLOAT, ACL_FLOAT16, ACL_FLOAT}, {ACL_DOUBLE, ACL_INT32, ACL_DOUBLE},
                {ACL_FLOAT, ACL_BOOL, ACL_FLOAT},    {ACL_UINT64, ACL_FLOAT, ACL_DOUBLE},
                {ACL_DOUBLE, ACL_BF16, ACL_FLOAT16}, {ACL_COMPLEX128, ACL_FLOAT, ACL_COMPLEX64},
                {ACL_INT64, ACL_UINT8, ACL_INT64},   {ACL_FLOAT, ACL_INT8, ACL_UINT64}};
  for (const auto &c : chains) {
    SCOPED_TRACE(std::string(Label(c.from)) + " -> " + Label(c.dtype) + " -> " + Label(c.out));
    const std::vector<Num> in = EdgeValues(c.from);
    const int64_t n = static_cast<int64_t>(in.size());
    AnyTensor self({n}, c.from), out({n}, c.out, Layout::Padded(1));
    self.Fill(in);
    ASSERT_TRUE(RunFn(UFn::kCast, &self, &out, nullptr, nullptr, c.dtype));
    EXPECT_TRUE(out.GapsUntouched());
    std::vector<Num> want, got = out.Read();
    const std::vector<Num> src = self.Read();
    for (size_t i = 0; i < src.size(); ++i) {
      want.push_back(Conv(Conv(src[i], c.from, c.dtype), c.dtype, c.out));
    }
    EXPECT_TRUE(SameAll(got, want, "Cast chain"));
  }
}

// InplaceCopy of every dtype pair on the edge values (selfRef strided).
TEST_F(UnaryConversionNumeric, CopyEveryPair) {
  for (aclDataType from : kAll15) {
    const std::vector<Num> in = EdgeValues(from);
    const int64_t n = static_cast<int64_t>(in.size());
    for (aclDataType to : kAll15) {
      SCOPED_TRACE(std::string(Label(from)) + " -> " + Label(to));
      AnyTensor src({n}, from), selfRef({n}, to, Layout::Padded(1));
      src.Fill(in);
      ASSERT_TRUE(RunFn(UFn::kCopy, &selfRef, &src));
      EXPECT_TRUE(selfRef.GapsUntouched());
      std::vector<Num> want;
      std::vector<Num> got = selfRef.Read();
      const std::vector<Num> in2 = src.Read();
      for (size_t i = 0; i < in2.size(); ++i) {
        want.push_back(Conv(in2[i], from, to));
      }
      EXPECT_TRUE(SameAll(got, want, "InplaceCopy"));
    }
  }
}

// Broadcast src into transposed and padded selfRefs.
TEST_F(UnaryConversionNumeric, CopyBroadcastIntoStridedSelfRef) {
  std::mt19937_64 rng(3);
  const UniformReal d(-100, 100);
  const struct {
    std::vector<int64_t> self, src;
    aclDataType st, dt;
    Layout layout;
  } cases[] = {
      {{4, 5}, {1, 5}, ACL_FLOAT, ACL_FLOAT, Layout::Transposed(2)},
      {{4, 5}, {4, 1}, ACL_FLOAT16, ACL_INT32, Layout::Padded(2)},
      {{2, 3, 4}, {4}, ACL_DOUBLE, ACL_BF16, Layout::Transposed(3)},
      {{2, 3, 4}, {3, 1}, ACL_INT64, ACL_INT8, Layout::Padded(3)},
      {{3, 5}, {}, ACL_COMPLEX64, ACL_FLOAT, Layout::Padded(2)},
  };
  for (const auto &c : cases) {
    SCOPED_TRACE(std::string(Label(c.st)) + " -> " + Label(c.dt));
    AnyTensor src(c.src, c.st), selfRef(c.self, c.dt, c.layout);
    std::vector<Num> in(static_cast<size_t>(src.numel()));
    for (Num &x : in) x = ConvertRef(Num::F(d(rng), d(rng)), c.st);
    src.Fill(in);
    ASSERT_TRUE(RunFn(UFn::kCopy, &selfRef, &src));
    EXPECT_TRUE(selfRef.GapsUntouched());
    std::vector<Num> want;
    for (int64_t i = 0; i < selfRef.numel(); ++i)
      want.push_back(Conv(in[static_cast<size_t>(SourceIndex(c.src, c.self, i))], c.st, c.dt));
    EXPECT_TRUE(SameAll(selfRef.Read(), want, "broadcast copy"));
  }
}

// A dense device buffer with given bytes, viewed as a tensor of `shape` (strides given or row-major).
class RawTensor {
 public:
  RawTensor(const std::vector<int64_t> &shape, aclDataType t, const std::vector<unsigned char> &bytes,
            const std::vector<int64_t> &strides = {})
      : size_(bytes.size()) {
    aclrtMalloc(&device_, std::max<size_t>(size_, 1), ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMemcpy(device_, size_, bytes.data(), size_, ACL_MEMCPY_HOST_TO_DEVICE);
    const int64_t storage[] = {static_cast<int64_t>(size_ / aclDataTypeSize(t))};
    tensor_ = aclCreateTensor(shape.data(), shape.size(), t, strides.empty() ? nullptr : strides.data(), 0,
                              ACL_FORMAT_ND, storage, 1, device_);
  }
  ~RawTensor() {
    aclDestroyTensor(tensor_);
    aclrtFree(device_);
  }
  RawTensor(const RawTensor &) = delete;
  RawTensor &operator=(const RawTensor &) = delete;
  aclTensor *get() const { return tensor_; }
  std::vector<unsigned char> Bytes() const {
    std::vector<unsigned char> h(size_);
    aclrtMemcpy(h.data(), size_, device_, size_, ACL_MEMCPY_DEVICE_TO_HOST);
    return h;
  }

 private:
  size_t size_;
  void *device_ = nullptr;
  aclTensor *tensor_ = nullptr;
};

// Same-dtype copies move every byte unchanged (NaN payloads, -0, signalling NaNs), dense and transposed.
TEST_F(UnaryConversionNumeric, CopySameDtypeByteExact) {
  std::mt19937_64 rng(5);
  for (aclDataType t : kAll15) {
    if (t == ACL_BOOL) continue;  // a BOOL byte other than 0/1 is not a value
    SCOPED_TRACE(Label(t));
    const size_t es = aclDataTypeSize(t), n = 6 * 7;
    std::vector<unsigned char> bytes(n * es);
    for (unsigned char &b : bytes) b = static_cast<unsigned char>(rng());
    if (t == ACL_FLOAT) {
      const uint32_t specials[] = {0x7fa00001u, 0xffc12345u, 0x80000000u, 0x7f800001u};  // payload NaNs, -0, sNaN
      std::memcpy(bytes.data(), specials, sizeof specials);
    }
    if (t == ACL_FLOAT16 || t == ACL_BF16) {
      const uint16_t specials[] = {0x7e01, 0x8000, 0xfd55, 0x7c01};
      std::memcpy(bytes.data(), specials, sizeof specials);
    }
    if (t == ACL_DOUBLE) {
      const uint64_t specials[] = {0x7ff0000000000001ull, 0x8000000000000000ull, 0xfff8dead00000000ull};
      std::memcpy(bytes.data(), specials, sizeof specials);
    }
    const std::vector<unsigned char> zeros(n * es, 0);
    {
      RawTensor src({6, 7}, t, bytes), dst({6, 7}, t, zeros);
      uint64_t ws = 0;
      aclOpExecutor *exec = nullptr;
      ASSERT_EQ(aclnnInplaceCopyGetWorkspaceSize(dst.get(), src.get(), &ws, &exec), ACLNN_SUCCESS);
      ASSERT_EQ(RunPhase2(aclnnInplaceCopy, ws, exec), ACLNN_SUCCESS);
      EXPECT_TRUE(dst.Bytes() == bytes) << "dense copy changed bytes";
    }
    {
      // src viewed transposed ([7, 6] with strides [1, 7]); the copy lands dst's element (i, j) = src byte (j, i).
      RawTensor src({7, 6}, t, bytes, {1, 7}), dst({7, 6}, t, zeros);
      uint64_t ws = 0;
      aclOpExecutor *exec = nullptr;
      ASSERT_EQ(aclnnInplaceCopyGetWorkspaceSize(dst.get(), src.get(), &ws, &exec), ACLNN_SUCCESS);
      ASSERT_EQ(RunPhase2(aclnnInplaceCopy, ws, exec), ACLNN_SUCCESS);
      const std::vector<unsigned char> got = dst.Bytes();
      bool same = true;
      for (size_t i = 0; i < 7; ++i)
        for (size_t j = 0; j < 6; ++j)
          same = same && std::memcmp(&got[(i * 6 + j) * es], &bytes[(i + j * 7) * es], es) == 0;
      EXPECT_TRUE(same) << "transposed copy changed bytes";
    }
  }
}

// Zero / One / FillScalar on every listed dtype with a padded selfRef: elements outside the view untouched.
TEST_F(UnaryConversionNumeric, ZeroOneFillEveryDtypeStrided) {
  const aclDataType zeroList[] = {ACL_INT8,   ACL_INT32, ACL_INT64,  ACL_UINT8,      ACL_FLOAT16,   ACL_FLOAT, ACL_BOOL,
                                  ACL_DOUBLE, ACL_INT16, ACL_UINT16, ACL_COMPLEX128, ACL_COMPLEX64, ACL_BF16};
  const aclDataType oneList[] = {ACL_FLOAT, ACL_FLOAT16, ACL_INT8, ACL_INT16,  ACL_INT32,
                                 ACL_INT64, ACL_UINT8,   ACL_BOOL, ACL_DOUBLE, ACL_BF16};
  const std::vector<int64_t> shape{3, 4, 5};
  const auto expectAll = [&](const AnyTensor &t, const Num &v, const char *what) {
    EXPECT_TRUE(t.GapsUntouched()) << what;
    EXPECT_TRUE(SameAll(t.Read(), std::vector<Num>(static_cast<size_t>(t.numel()), v), what));
  };
  for (aclDataType t : zeroList) {
    SCOPED_TRACE(Label(t));
    AnyTensor s(shape, t, Layout::Padded(3));
    ASSERT_TRUE(RunFn(UFn::kZero, &s));
    expectAll(s, ConvertRef(Num::I(0), t), "Zero");
  }
  for (aclDataType t : oneList) {
    SCOPED_TRACE(Label(t));
    AnyTensor s(shape, t, Layout::Transposed(3));
    ASSERT_TRUE(RunFn(UFn::kOne, &s));
    expectAll(s, ConvertRef(Num::I(1), t), "One");
  }
  for (aclDataType t : kAll15) {
    SCOPED_TRACE(Label(t));
    // a scalar of the selfRef's own dtype (the only kind UINT16/32/64 promote with)
    const Num v = ConvertRef(IsComplexDT(t) ? Num::F(2.75, -1.5)
                             : IsFloatDT(t) ? Num::F(2.75)
                                            : Num::I(t == ACL_BOOL ? 1 : 3),
                             t);
    ScalarPtr sc = MakeScalar(t, v);
    AnyTensor s(shape, t, Layout::Padded(3));
    ASSERT_TRUE(RunFn(UFn::kFill, &s, nullptr, nullptr, sc.get()));
    expectAll(s, v, "FillScalar same dtype");
    if (t == ACL_UINT16 || t == ACL_UINT32 || t == ACL_UINT64) continue;
    // a FLOAT scalar converted once to selfRef's dtype
    ScalarPtr f = MakeScalar(ACL_FLOAT, Num::F(-2.75));
    AnyTensor s2(shape, t, Layout::Padded(3));
    ASSERT_TRUE(RunFn(UFn::kFill, &s2, nullptr, nullptr, f.get()));
    expectAll(s2, ConvertRef(Num::F(-2.75), t), "FillScalar float scalar");
  }
}

// A DOUBLE scalar into FLOAT16 is rounded once (through round-to-odd fp32, docs/ops/cast_copy_fill.md):
// 1 + 2^-11 + 2^-40 is just above the fp16 midpoint between 1 and 1 + 2^-10, so 1 + 2^-10 (through
// nearest fp32 it would be the tie 1 + 2^-11 and then 1.0).
TEST_F(UnaryConversionNumeric, FillScalarDoubleIntoFp16RoundsOnce) {
  const double v = 1.0 + std::ldexp(1.0, -11) + std::ldexp(1.0, -40);
  ScalarPtr sc = MakeScalar(ACL_DOUBLE, Num::F(v));
  AnyTensor s({5}, ACL_FLOAT16);
  ASSERT_TRUE(RunFn(UFn::kFill, &s, nullptr, nullptr, sc.get()));
  for (const Num &x : s.Read()) EXPECT_EQ(x.Real(), 1.0 + std::ldexp(1.0, -10));
  AnyTensor m({5}, ACL_FLOAT16), mask({5}, ACL_BOOL);
  m.Fill(std::vector<Num>(5, Num::F(-3)));
  mask.Fill({Num::I(1), Num::I(0), Num::I(1), Num::I(0), Num::I(1)});
  ASSERT_TRUE(RunFn(UFn::kMaskedFill, &m, &mask, nullptr, sc.get()));
  const std::vector<Num> got = m.Read();
  for (size_t i = 0; i < 5; ++i) EXPECT_EQ(got[i].Real(), i % 2 == 0 ? 1.0 + std::ldexp(1.0, -10) : -3.0) << i;
}

// MaskedFillScalar with a broadcast mask into a strided selfRef, each dtype of the list.
TEST_F(UnaryConversionNumeric, MaskedFillBroadcastMask) {
  std::mt19937_64 rng(13);
  std::uniform_int_distribution<int> d(-50, 50);
  for (aclDataType t : {ACL_FLOAT, ACL_INT32, ACL_INT64, ACL_FLOAT16, ACL_INT8, ACL_BOOL, ACL_BF16}) {
    SCOPED_TRACE(Label(t));
    const std::vector<int64_t> shape{2, 3, 4}, maskShape{3, 1};
    AnyTensor self(shape, t, Layout::Padded(3)), mask(maskShape, ACL_BOOL);
    std::vector<Num> in(24);
    for (Num &x : in) x = ConvertRef(Num::I(d(rng)), t);
    self.Fill(in);
    const std::vector<Num> mv = {Num::I(1), Num::I(0), Num::I(1)};
    mask.Fill(mv);
    ScalarPtr value = MakeScalar(ACL_FLOAT, Num::F(7.5));
    ASSERT_TRUE(RunFn(UFn::kMaskedFill, &self, &mask, nullptr, value.get()));
    EXPECT_TRUE(self.GapsUntouched());
    std::vector<Num> want;
    for (int64_t i = 0; i < 24; ++i)
      want.push_back(mv[static_cast<size_t>(SourceIndex(maskShape, shape, i))].i != 0 ? ConvertRef(Num::F(7.5), t)
                                                                                      : in[static_cast<size_t>(i)]);
    EXPECT_TRUE(SameAll(self.Read(), want, "MaskedFillScalar"));
  }
}

// 1 and 2 threads give the same bytes on a >100k-element problem (strided out, broadcast inputs).
TEST_F(UnaryConversionNumeric, ThreadCountIndependent) {
  std::mt19937_64 rng(17);
  const std::vector<int64_t> shape{301, 401};
  std::vector<Num> in = MathInputs(Math::kTanh, ACL_FLOAT, 301 * 401, rng);
  const auto once = [&](UFn fn, aclDataType outType, int threads) {
    AnyTensor self(shape, ACL_FLOAT, Layout::Transposed(2)), out(shape, outType, Layout::Padded(2));
    self.Fill(in);
    EXPECT_TRUE(fn == UFn::kCopy ? RunFn(fn, &out, &self, nullptr, nullptr, ACL_DT_UNDEFINED, threads)
                                 : RunFn(fn, &self, &out, nullptr, nullptr, outType, threads));
    return out.Bytes();
  };
  for (UFn fn : {UFn::kExp, UFn::kTanh, UFn::kSqrt, UFn::kCast, UFn::kCopy, UFn::kNeg}) {
    const aclDataType outType = fn == UFn::kCast || fn == UFn::kCopy ? ACL_FLOAT16 : ACL_FLOAT;
    EXPECT_TRUE(once(fn, outType, 1) == once(fn, outType, 2)) << UFnName(fn);
  }
  // TanhBackward with a broadcast output
  const auto tb = [&](int threads) {
    AnyTensor g(shape, ACL_FLOAT), o({401}, ACL_FLOAT), gi(shape, ACL_FLOAT, Layout::Padded(2));
    g.Fill(in);
    o.Fill(std::vector<Num>(in.begin(), in.begin() + 401));
    EXPECT_TRUE(RunFn(UFn::kTanhBackward, &g, &o, &gi, nullptr, ACL_DT_UNDEFINED, threads));
    return gi.Bytes();
  };
  EXPECT_TRUE(tb(1) == tb(2)) << "TanhBackward";
}

// UINT64 values from 2^63 convert to floating types as themselves (docs/compat.md "Conversions").
TEST_F(UnaryConversionNumeric, Uint64FromTwoTo63ToFloating) {
  const std::vector<Num> in = {Num::I(INT64_MIN + 2049), Num::I(-1), Num::I(INT64_MIN)};
  std::string defects;
  for (aclDataType to : {ACL_FLOAT16, ACL_FLOAT, ACL_DOUBLE, ACL_BF16, ACL_COMPLEX64, ACL_COMPLEX128}) {
    for (UFn fn : {UFn::kCast, UFn::kCopy}) {
      AnyTensor src({3}, ACL_UINT64), dst({3}, to);
      src.Fill(in);
      ASSERT_TRUE(fn == UFn::kCast ? RunFn(fn, &src, &dst, nullptr, nullptr, to) : RunFn(fn, &dst, &src));
      const std::vector<Num> got = dst.Read();
      for (size_t i = 0; i < in.size(); ++i) {
        const Num want = Conv(in[i], ACL_UINT64, to);
        if (!SameValue(got[i], want))
          defects += std::string(UFnName(fn)) + " to " + Label(to) + ": got " + ToString(got[i]) + ", expected " +
                     ToString(want) + "; ";
      }
    }
  }
  EXPECT_TRUE(defects.empty()) << "UINT64 values from 2^63 up: " << defects;
}

// Rsqrt in DOUBLE: within 1 ulp of the exact 1/sqrt(x).
// 1/sqrt(x) in DOUBLE is formed in long double and rounded once (docs/ops/unary_math.md).
TEST_F(UnaryConversionNumeric, RsqrtDoubleWithinOneUlp) {
  std::mt19937_64 rng(99);
  const UniformReal d(1e-3, 1e4);
  const int64_t n = 4096;
  AnyTensor self({n}, ACL_DOUBLE), out({n}, ACL_DOUBLE);
  std::vector<Num> in(static_cast<size_t>(n));
  for (Num &x : in) x = Num::F(d(rng));
  self.Fill(in);
  ASSERT_TRUE(RunFn(UFn::kRsqrt, &self, &out));
  const std::vector<Num> got = out.Read();
  double worst = 0, worstIn = 0;
  for (size_t i = 0; i < got.size(); ++i) {
    const long double ref = 1.0L / std::sqrt(static_cast<long double>(in[i].z.real()));
    const double ulps = static_cast<double>(std::fabs(static_cast<long double>(got[i].Real()) - ref)) /
                        UlpAt(ACL_DOUBLE, static_cast<double>(ref));
    if (ulps > worst) {
      worst = ulps;
      worstIn = in[i].z.real();
    }
  }
  EXPECT_LE(worst, 1.0) << "input " << worstIn;
}

}  // namespace
}  // namespace aclcpu_test::unary_conversion_numeric_test
