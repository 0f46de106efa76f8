// The ten activation functions end to end (docs/ops/activations.md) against references written here in long
// double: every A2 dtype of each function, strided / transposed inputs and outputs, broadcasting where the function
// allows it, 0-d tensors, the in-place forms and out aliasing self, IEEE specials, 1 vs 2 threads bit for bit, and
// the printed values of the vendor's examples.
//
// Tolerances. FLOAT16 / BF16 results (computed in fp32, rounded once): at least 99% of the elements equal the
// reference rounded to the dtype, none farther than 1 ulp of the dtype (plus 4 fp32 ulps of the formula's term
// magnitude, the fp32 evaluation's own error where the formula cancels). FLOAT: within 4 ulps of the larger of the
// result and the sum of the magnitudes of the formula's terms as the contract writes it (e.g. g*y*(1-y) has terms
// g*y and g*y*y): no fp32 evaluation of a formula that cancels can do better near its zeros. DOUBLE: 4 double ulps,
// same rule. Relu and ThresholdBackward are exact (bit for bit).
#include <cfloat>
#include <cmath>
#include <complex>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "aclnnop/aclnn_gelu.h"
#include "aclnnop/aclnn_gelu_backward.h"
#include "aclnnop/aclnn_gelu_backward_v2.h"
#include "aclnnop/aclnn_gelu_v2.h"
#include "aclnnop/aclnn_relu.h"
#include "aclnnop/aclnn_sigmoid.h"
#include "aclnnop/aclnn_sigmoid_backward.h"
#include "aclnnop/aclnn_silu.h"
#include "aclnnop/aclnn_silu_backward.h"
#include "aclnnop/aclnn_threshold_backward.h"
#include "math/arith_tester.h"
#include "ops/activation/activation_family/activation_kernels.h"

namespace aclcpu_test::activation_numeric_test {
namespace {

using LD = long double;

enum class Act {
  kSilu,
  kSiluBackward,
  kGelu,
  kGeluBackward,
  kGeluV2,
  kGeluBackwardV2,
  kSigmoid,
  kInplaceSigmoid,
  kSigmoidBackward,
  kRelu,
  kInplaceRelu,
  kThresholdBackward,
};

const char *ActName(Act a) {
  static const char *const names[] = {
      "Silu",           "SiluBackward",    "Gelu", "GeluBackward", "GeluV2",           "GeluBackwardV2", "Sigmoid",
      "InplaceSigmoid", "SigmoidBackward", "Relu", "InplaceRelu",  "ThresholdBackward"};
  return names[static_cast<int>(a)];
}

Phase2Fn Phase2Of(Act a) {
  static const Phase2Fn fns[] = {aclnnSilu,         aclnnSiluBackward,   aclnnGelu,
                                 aclnnGeluBackward, aclnnGeluV2,         aclnnGeluBackwardV2,
                                 aclnnSigmoid,      aclnnInplaceSigmoid, aclnnSigmoidBackward,
                                 aclnnRelu,         aclnnInplaceRelu,    aclnnThresholdBackward};
  return fns[static_cast<int>(a)];
}

// The non-tensor arguments of one call.
struct Call {
  Act fn = Act::kSilu;
  int64_t approximate = 0;      // GeluV2
  std::string approx = "none";  // GeluBackwardV2
  aclDataType thresholdType = ACL_FLOAT;
  double threshold = 0;  // ThresholdBackward
  int threads = 0;       // 0 = as configured
};

// Both phases of one call; t0..t2 in signature order (the same AnyTensor twice for aliasing).
::testing::AssertionResult RunAct(const Call &c, const AnyTensor *t0, const AnyTensor *t1 = nullptr,
                                  const AnyTensor *t2 = nullptr) {
  aclTensor *a = t0 ? t0->get() : nullptr, *b = t1 ? t1->get() : nullptr, *o = t2 ? t2->get() : nullptr;
  ScalarPtr thr = MakeScalar(c.thresholdType, IsFloatDT(c.thresholdType) || IsComplexDT(c.thresholdType)
                                                  ? Num::F(c.threshold)
                                                  : Num::I(static_cast<int64_t>(c.threshold)));
  std::string approx = c.approx;
  uint64_t ws = 0;
  aclOpExecutor *exec = nullptr;
  const aclnnStatus st = Phase1WithThreads(c.threads, [&] {
    switch (c.fn) {
      case Act::kSilu: return aclnnSiluGetWorkspaceSize(a, b, &ws, &exec);
      case Act::kSiluBackward: return aclnnSiluBackwardGetWorkspaceSize(a, b, o, &ws, &exec);
      case Act::kGelu: return aclnnGeluGetWorkspaceSize(a, b, &ws, &exec);
      case Act::kGeluBackward: return aclnnGeluBackwardGetWorkspaceSize(a, b, o, &ws, &exec);
      case Act::kGeluV2: return aclnnGeluV2GetWorkspaceSize(a, c.approximate, b, &ws, &exec);
      case Act::kGeluBackwardV2: return aclnnGeluBackwardV2GetWorkspaceSize(a, b, &approx[0], o, &ws, &exec);
      case Act::kSigmoid: return aclnnSigmoidGetWorkspaceSize(a, b, &ws, &exec);
      case Act::kInplaceSigmoid: return aclnnInplaceSigmoidGetWorkspaceSize(a, &ws, &exec);
      case Act::kSigmoidBackward: return aclnnSigmoidBackwardGetWorkspaceSize(a, b, o, &ws, &exec);
      case Act::kRelu: return aclnnReluGetWorkspaceSize(a, b, &ws, &exec);
      case Act::kInplaceRelu: return aclnnInplaceReluGetWorkspaceSize(a, &ws, &exec);
      case Act::kThresholdBackward: return aclnnThresholdBackwardGetWorkspaceSize(a, b, thr.get(), o, &ws, &exec);
    }
    return aclnnStatus{-1};
  });
  if (st != ACLNN_SUCCESS)
    return ::testing::AssertionFailure() << ActName(c.fn) << " phase 1 " << st << ": " << aclGetRecentErrMsg();
  const aclnnStatus p2 = RunPhase2(Phase2Of(c.fn), ws, exec);
  if (p2 != ACLNN_SUCCESS) return ::testing::AssertionFailure() << ActName(c.fn) << " phase 2 " << p2;
  return ::testing::AssertionSuccess();
}

// ---- references ----------------------------------------------------------------------------------------

constexpr LD kC = 0.797884560802865355879892119868763737L;  // sqrt(2/pi)
constexpr LD kA = 0.044715L;
constexpr LD kInvSqrt2 = 0.707106781186547524400844362104849039L;
constexpr LD kInvSqrt2Pi = 0.398942280401432677939946059934381868L;

LD Sig(LD x) { return 1.0L / (1.0L + std::exp(-x)); }

// A reference value and the sum of the magnitudes of the formula's terms (the scale of an fp32 evaluation's error).
struct Ref {
  LD v = 0;
  LD m = 0;
};

Ref SiluRef(LD x) {
  const LD v = x * Sig(x);
  return {v, std::fabs(v)};
}
Ref SiluGradRef(LD g, LD x) {  // g * s * (1 + x - x * s)
  const LD s = Sig(x);
  return {g * s * (1 + x * (1 - s)), std::fabs(g) * s * (1 + 2 * std::fabs(x))};
}
LD TanhInner(LD x) { return kC * (x + kA * x * x * x); }
Ref GeluTanhRef(LD x) {  // 0.5 x (1 + tanh(u)) = x * sigmoid(2u)
  return {x * Sig(2 * TanhInner(x)), std::fabs(x)};
}
Ref GeluErfRef(LD x) {  // 0.5 x (1 + erf(x / sqrt2)) = 0.5 x erfc(-x / sqrt2)
  return {0.5L * x * std::erfc(-x * kInvSqrt2), std::fabs(x)};
}
Ref GeluTanhGradRef(LD g, LD x) {
  // 0.5 (1 + t) + 0.5 x (1 - t^2) c (1 + 3 a x^2), with 1 + t = 2 sigmoid(2u), 1 - t^2 = 4 sigmoid(2u) sigmoid(-2u)
  const LD u = TanhInner(x), sp = Sig(2 * u), sm = Sig(-2 * u), k = kC * (1 + 3 * kA * x * x);
  const LD second = sm == 0 ? 0.0L : 2 * x * sp * sm * k;
  return {g * (sp + second), std::fabs(g) * (1 + std::fabs(x) * k)};
}
Ref GeluErfGradRef(LD g, LD x) {  // Phi(x) + x phi(x)
  const LD phi = std::isinf(x) ? 0.0L : kInvSqrt2Pi * std::exp(-0.5L * x * x);
  const LD v = 0.5L * std::erfc(-x * kInvSqrt2) + (phi == 0 ? 0.0L : x * phi);
  return {g * v, std::fabs(g) * (1 + std::fabs(x) * phi)};
}
Ref SigmoidRef(LD x) {
  const LD v = Sig(x);
  return {v, v};
}
Ref SigmoidGradRef(LD g, LD y) { return {g * y * (1 - y), std::fabs(g) * (std::fabs(y) + y * y)}; }

// The function's value for one element: forward functions read x only; backward ones (g, x).
Ref RefOf(const Call &c, LD g, LD x) {
  switch (c.fn) {
    case Act::kSilu: return SiluRef(x);
    case Act::kSiluBackward: return SiluGradRef(g, x);
    case Act::kGelu: return GeluTanhRef(x);
    case Act::kGeluBackward: return GeluTanhGradRef(g, x);
    case Act::kGeluV2: return c.approximate == 1 ? GeluTanhRef(x) : GeluErfRef(x);
    case Act::kGeluBackwardV2: return c.approx == "tanh" ? GeluTanhGradRef(g, x) : GeluErfGradRef(g, x);
    case Act::kSigmoid:
    case Act::kInplaceSigmoid: return SigmoidRef(x);
    case Act::kSigmoidBackward: return SigmoidGradRef(g, x);
    default: return {};
  }
}

// ---- checks ----------------------------------------------------------------------------------------------

int Digits(aclDataType t) {
  switch (t) {
    case ACL_FLOAT16: return 11;
    case ACL_BF16: return 8;
    case ACL_FLOAT:
    case ACL_COMPLEX64: return 24;
    default: return 53;
  }
}
// One ulp of dtype t at magnitude m, subnormals included.
double Ulp(aclDataType t, LD m) {
  const int emin = t == ACL_FLOAT16 ? -14 : (t == ACL_DOUBLE || t == ACL_COMPLEX128) ? -1022 : -126;
  const int e = m > 0 && std::isfinite(m) ? std::max(std::ilogb(static_cast<double>(m)), emin) : emin;
  return std::ldexp(1.0, e - Digits(t) + 1);
}
double MinNormal(aclDataType t) {
  return t == ACL_FLOAT16 ? 0x1p-14 : (t == ACL_DOUBLE || t == ACL_COMPLEX128) ? DBL_MIN : FLT_MIN;
}
// The value a long double reference becomes in dtype t (rounded once; overflow to infinity).
double Rounded(aclDataType t, LD v) {
  if (std::isnan(v)) return std::nan("");
  if (t == ACL_DOUBLE || t == ACL_COMPLEX128) return static_cast<double>(v);
  const double d = static_cast<double>(v);
  // round to float from the long double directly, then to the 16-bit dtype (no double rounding through float for
  // fp32; for the 16-bit dtypes float holds 13+ extra bits, negligible for a 99% rate)
  return RoundTo(t, static_cast<double>(static_cast<float>(d)));
}

// An absolute floor for the fp32-based dtypes: results below 2^-100 in magnitude may lose their digits or flush to
// zero. They come from e^-x overflowing fp32 (x < -88.7: silu(x) = x / (1 + e^-x) gives -0 where fp32 could still
// hold x e^x down to x = -103), and from subnormal intermediates (sigmoid(-90) in BF16).
constexpr double kFloor = 0x1p-100;

// `got` (values of dtype t) against references under the file's tolerance rule.
::testing::AssertionResult CheckReal(aclDataType t, const std::vector<Ref> &refs, const std::vector<double> &got,
                                     const std::string &what) {
  if (refs.size() != got.size()) return ::testing::AssertionFailure() << what << ": size mismatch";
  const bool half = t == ACL_FLOAT16 || t == ACL_BF16;
  int64_t bad = 0, exact = 0;
  ::testing::AssertionResult r = ::testing::AssertionFailure();
  for (size_t i = 0; i < refs.size(); ++i) {
    const LD ref = refs[i].v;
    const double g = got[i], want = Rounded(t, ref);
    bool ok;
    if (std::isnan(ref)) {
      ok = std::isnan(g);
    } else if (std::isinf(want)) {
      ok = g == want;
    } else if (half) {
      const double tol = Ulp(t, std::max<LD>(std::fabs(ref), std::fabs(g))) + 4 * Ulp(ACL_FLOAT, refs[i].m) + kFloor;
      ok = std::fabs(static_cast<LD>(g) - ref) <= tol;
    } else {
      const aclDataType base = t == ACL_DOUBLE ? ACL_DOUBLE : ACL_FLOAT;
      const double tol = 4 * Ulp(base, std::max<LD>(std::fabs(ref), refs[i].m)) +
                         (base == ACL_DOUBLE ? (std::fabs(ref) < DBL_MIN ? DBL_MIN : 0.0) : kFloor);
      ok = std::fabs(static_cast<LD>(g) - ref) <= tol;
    }
    exact += g == want || (std::isnan(g) && std::isnan(want));
    if (!ok && bad++ < 4)
      r << what << " element " << i << ": got " << g << ", expected " << static_cast<double>(ref) << " (term scale "
        << static_cast<double>(refs[i].m) << "); ";
  }
  if (bad > 0) return r << bad << " of " << refs.size() << " out of tolerance";
  if (half && !refs.empty() && static_cast<double>(exact) < 0.99 * static_cast<double>(refs.size()))
    return ::testing::AssertionFailure() << what << ": only " << exact << " of " << refs.size()
                                         << " equal the reference rounded once";
  return ::testing::AssertionSuccess();
}

// A result computed in `compute` and cast to `out` where neither dtype's range and precision holds the other's
// (FLOAT16 <-> BF16): within one ulp of each rounding.
::testing::AssertionResult CheckTwoRoundings(aclDataType compute, aclDataType out, const std::vector<Ref> &refs,
                                             const std::vector<double> &got, const std::string &what) {
  int bad = 0;
  ::testing::AssertionResult r = ::testing::AssertionFailure();
  for (size_t i = 0; i < refs.size(); ++i) {
    const LD ref = refs[i].v, a = std::fabs(ref);
    const double tol = Ulp(compute, a) + Ulp(out, a) + 4 * Ulp(ACL_FLOAT, refs[i].m) + kFloor;
    if (std::fabs(static_cast<LD>(got[i]) - ref) > tol && bad++ < 4)
      r << what << " element " << i << ": got " << got[i] << ", expected " << static_cast<double>(ref) << "; ";
  }
  if (bad == 0) return ::testing::AssertionSuccess();
  return r << bad << " of " << refs.size() << " out of tolerance";
}
bool HalfPair(aclDataType a, aclDataType b) {
  return (a == ACL_FLOAT16 && b == ACL_BF16) || (a == ACL_BF16 && b == ACL_FLOAT16);
}

std::vector<double> Reals(const std::vector<Num> &v) {
  std::vector<double> r;
  r.reserve(v.size());
  for (const Num &x : v) r.push_back(x.Real());
  return r;
}

// Every element bit-equal (NaN for NaN, signed zeros).
::testing::AssertionResult SameAll(const std::vector<Num> &got, const std::vector<Num> &want, const std::string &what) {
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

// ---- inputs ----------------------------------------------------------------------------------------------

// n values of dtype t: floats mostly in +-10, one in eight in +-100; integers over a range that fits t.
std::vector<Num> Values(std::mt19937_64 &rng, aclDataType t, int64_t n, double scale = 10) {
  const UniformReal u(-1, 1);
  std::uniform_int_distribution<int> pick(0, 7);
  std::vector<Num> v(static_cast<size_t>(n));
  for (Num &x : v) {
    if (IsFloatDT(t)) {
      x = ConvertRef(Num::F(u(rng) * (pick(rng) == 0 ? 10 * scale : scale)), t);
    } else if (IsComplexDT(t)) {
      x = ConvertRef(Num::F(u(rng) * scale, u(rng) * scale), t);
    } else {
      int64_t lo = -100, hi = 100;
      if (t == ACL_INT8) lo = -128, hi = 127;
      if (t == ACL_UINT8) lo = 0, hi = 255;
      if (t == ACL_BOOL) lo = 0, hi = 1;
      if (t == ACL_INT32) lo = -2000000000, hi = 2000000000;
      if (t == ACL_INT64) lo = -(int64_t{1} << 62), hi = int64_t{1} << 62;
      std::uniform_int_distribution<int64_t> d(lo, hi);
      x = Num::I(pick(rng) < 4 ? d(rng) % 50 : d(rng));
    }
  }
  return v;
}

LD Re(const Num &x) { return x.integral ? static_cast<LD>(x.i) : static_cast<LD>(x.z.real()); }

// ---- forward functions over every A2 dtype and layout ----------------------------------------------------

struct FwdCase {
  Act fn;
  int64_t approximate;
  aclDataType dtype;
  int layout;  // 0 dense, 1 transposed in / dense out, 2 dense in / padded out, 3 transposed in / transposed out
};
std::string FwdName(const ::testing::TestParamInfo<FwdCase> &info) {
  const FwdCase &c = info.param;
  return std::string(ActName(c.fn)) + (c.fn == Act::kGeluV2 ? (c.approximate == 1 ? "Tanh" : "Erf") : "") + "_" +
         DTypeLabel(c.dtype) + "_layout" + std::to_string(c.layout);
}
void PrintTo(const FwdCase &c, std::ostream *os) { *os << ActName(c.fn) << " " << DTypeLabel(c.dtype); }
std::vector<FwdCase> FwdCases() {
  std::vector<FwdCase> r;
  const auto add = [&](Act fn, int64_t ap, std::vector<aclDataType> dts) {
    for (aclDataType t : dts)
      for (int l = 0; l < 4; ++l) r.push_back({fn, ap, t, l});
  };
  add(Act::kSilu, 0, {ACL_FLOAT, ACL_FLOAT16, ACL_BF16});
  add(Act::kGelu, 0, {ACL_FLOAT, ACL_FLOAT16, ACL_BF16});
  add(Act::kGeluV2, 0, {ACL_FLOAT, ACL_FLOAT16, ACL_BF16});
  add(Act::kGeluV2, 1, {ACL_FLOAT, ACL_FLOAT16, ACL_BF16});
  add(Act::kSigmoid, 0, {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE, ACL_COMPLEX64, ACL_COMPLEX128});
  add(Act::kRelu, 0, {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_INT8, ACL_UINT8, ACL_INT32, ACL_INT64});
  return r;
}

Layout InLayout(int l, size_t rank) { return l == 1 || l == 3 ? Layout::Transposed(rank) : Layout::Dense(); }
Layout OutLayout(int l, size_t rank) {
  return l == 2 ? Layout::Padded(rank) : l == 3 ? Layout::Transposed(rank) : Layout::Dense();
}

// Complex sigmoid of z in long double, and the scale of an evaluation's error (1 + e^-z cancels near its poles).
std::complex<LD> ComplexSig(std::complex<LD> z) { return 1.0L / (1.0L + std::exp(-z)); }
::testing::AssertionResult CheckComplex(aclDataType t, const std::vector<Num> &in, const std::vector<Num> &got,
                                        bool realOnly) {
  const double eps = std::ldexp(1.0, -Digits(t));
  int bad = 0;
  ::testing::AssertionResult r = ::testing::AssertionFailure();
  for (size_t i = 0; i < in.size(); ++i) {
    const std::complex<LD> z(in[i].z.real(), in[i].z.imag()), w = std::exp(-z), ref = ComplexSig(z);
    const LD a = std::abs(ref), tol = 16 * eps * (a + a * a * (1 + std::abs(w))) + 4 * MinNormal(t);
    const bool ok =
        std::fabs(got[i].z.real() - ref.real()) <= tol && (realOnly || std::fabs(got[i].z.imag() - ref.imag()) <= tol);
    if (!ok && bad++ < 4)
      r << "element " << i << ": got " << ToString(got[i]) << ", expected (" << static_cast<double>(ref.real()) << ", "
        << static_cast<double>(ref.imag()) << "); ";
  }
  if (bad == 0) return ::testing::AssertionSuccess();
  return r << bad << " of " << in.size() << " out of tolerance";
}

class ActivationNumeric : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};
class ActivationForward : public ::testing::TestWithParam<FwdCase> {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

TEST_P(ActivationForward, MatchesReference) {
  const FwdCase c = GetParam();
  std::mt19937_64 rng(static_cast<uint64_t>(static_cast<int>(c.fn) * 1000 + c.dtype * 10 + c.layout));
  const std::vector<int64_t> shape{37, 129};
  AnyTensor self(shape, c.dtype, InLayout(c.layout, 2)), out(shape, c.dtype, OutLayout(c.layout, 2));
  const std::vector<Num> in = Values(rng, c.dtype, self.numel());
  self.Fill(in);
  Call call;
  call.fn = c.fn;
  call.approximate = c.approximate;
  ASSERT_TRUE(RunAct(call, &self, &out));
  EXPECT_TRUE(out.GapsUntouched());
  const std::vector<Num> got = out.Read();
  if (IsComplexDT(c.dtype)) {
    EXPECT_TRUE(CheckComplex(c.dtype, in, got, false));
  } else if (c.fn == Act::kRelu) {
    std::vector<Num> want;
    for (const Num &x : in)
      want.push_back(x.integral ? Num::I(std::max<int64_t>(x.i, 0)) : Num::F(x.Real() > 0 ? x.Real() : 0.0));
    EXPECT_TRUE(SameAll(got, want, "Relu"));
  } else {
    std::vector<Ref> refs;
    for (const Num &x : in) refs.push_back(RefOf(call, 0, Re(x)));
    EXPECT_TRUE(CheckReal(c.dtype, refs, Reals(got), ActName(c.fn)));
  }
}

INSTANTIATE_TEST_SUITE_P(Dtypes, ActivationForward, ::testing::ValuesIn(FwdCases()), FwdName);

// ---- backward functions over every A2 dtype, layout and broadcast ----------------------------------------

struct BwdCase {
  Act fn;
  std::string approx;  // GeluBackwardV2
  double threshold;    // ThresholdBackward
  aclDataType dtype;
  std::vector<int64_t> gShape, xShape;
  int layout;  // 0 dense, 1 transposed inputs, 2 padded output, 3 transposed inputs and output
};
std::string BwdName(const ::testing::TestParamInfo<BwdCase> &info) {
  const BwdCase &c = info.param;
  std::string n = ActName(c.fn);
  if (c.fn == Act::kGeluBackwardV2) n += c.approx == "tanh" ? "Tanh" : "Erf";
  if (c.fn == Act::kThresholdBackward) n += c.threshold == 0 ? "T0" : c.threshold > 0 ? "Tpos" : "Tneg";
  n += std::string("_") + DTypeLabel(c.dtype) + "_layout" + std::to_string(c.layout);
  if (c.gShape != c.xShape) n += "_broadcast";
  return n + "_" + std::to_string(info.index);
}
void PrintTo(const BwdCase &c, std::ostream *os) { *os << ActName(c.fn) << " " << DTypeLabel(c.dtype); }
std::vector<BwdCase> BwdCases() {
  std::vector<BwdCase> r;
  const std::vector<int64_t> s{29, 67}, row{1, 67}, col{29, 1}, b3{3, 1, 67}, s3{29, 1};
  const auto add = [&](Act fn, std::string ap, double t, std::vector<aclDataType> dts, bool broadcast) {
    for (aclDataType dt : dts) {
      for (int l = 0; l < 4; ++l) r.push_back({fn, ap, t, dt, s, s, l});
      if (broadcast) {
        r.push_back({fn, ap, t, dt, row, s, 0});
        r.push_back({fn, ap, t, dt, s, col, 3});
        r.push_back({fn, ap, t, dt, b3, s3, 1});
        r.push_back({fn, ap, t, dt, {}, s, 2});
      }
    }
  };
  const std::vector<aclDataType> f3{ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
  add(Act::kSiluBackward, "", 0, f3, false);
  add(Act::kGeluBackward, "", 0, f3, true);
  add(Act::kGeluBackwardV2, "none", 0, f3, true);
  add(Act::kGeluBackwardV2, "tanh", 0, f3, true);
  add(Act::kSigmoidBackward, "", 0, {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE, ACL_COMPLEX64, ACL_COMPLEX128},
      true);
  const std::vector<aclDataType> tb{ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_INT32, ACL_INT8, ACL_UINT8};
  add(Act::kThresholdBackward, "", 0, tb, true);
  add(Act::kThresholdBackward, "", 2, tb, true);
  add(Act::kThresholdBackward, "", -1.5, {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_INT32, ACL_INT8}, false);
  return r;
}

class ActivationBackward : public ::testing::TestWithParam<BwdCase> {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

// ThresholdBackward's element: self > t (in fp32, |t| <= FLT_EPSILON read as 0) ? g : 0.
Num ThresholdRef(const Num &g, const Num &x, double t, aclDataType dt) {
  const float tf = std::fabs(static_cast<float>(t)) <= FLT_EPSILON ? 0.0f : static_cast<float>(t);
  const float xf = static_cast<float>(x.integral ? static_cast<double>(x.i) : x.Real());
  if (xf > tf) return g;
  return IsFloatDT(dt) ? Num::F(0.0) : Num::I(0);
}

TEST_P(ActivationBackward, MatchesReference) {
  const BwdCase c = GetParam();
  std::mt19937_64 rng(static_cast<uint64_t>(static_cast<int>(c.fn) * 1000 + c.dtype * 10 + c.layout) +
                      static_cast<uint64_t>(c.gShape.size() * 7 + c.xShape.size()));
  const std::vector<int64_t> outShape = BroadcastOf(c.gShape, c.xShape);
  const bool tr = c.layout == 1 || c.layout == 3;
  AnyTensor g(c.gShape, c.dtype, tr ? Layout::Transposed(c.gShape.size()) : Layout::Dense()),
      x(c.xShape, c.dtype, tr ? Layout::Transposed(c.xShape.size()) : Layout::Dense()),
      out(outShape, c.dtype, OutLayout(c.layout, outShape.size()));
  const std::vector<Num> gv = Values(rng, c.dtype, g.numel());
  std::vector<Num> xv = Values(rng, c.dtype, x.numel());
  if (c.fn == Act::kSigmoidBackward && IsFloatDT(c.dtype)) {
    // mostly forward outputs in (0, 1), some arbitrary values (the formula applies to any y)
    const UniformReal u(0, 1);
    for (size_t i = 0; i < xv.size(); i += 2) xv[i] = ConvertRef(Num::F(u(rng)), c.dtype);
  }
  g.Fill(gv);
  x.Fill(xv);
  Call call;
  call.fn = c.fn;
  call.approx = c.approx;
  call.threshold = c.threshold;
  ASSERT_TRUE(RunAct(call, &g, &x, &out));
  EXPECT_TRUE(out.GapsUntouched());
  const std::vector<Num> got = out.Read();
  const int64_t n = NumelOf(outShape);
  if (c.fn == Act::kThresholdBackward) {
    std::vector<Num> want;
    for (int64_t i = 0; i < n; ++i)
      want.push_back(ThresholdRef(gv[static_cast<size_t>(SourceIndex(c.gShape, outShape, i))],
                                  xv[static_cast<size_t>(SourceIndex(c.xShape, outShape, i))], c.threshold, c.dtype));
    EXPECT_TRUE(SameAll(got, want, "ThresholdBackward"));
    return;
  }
  if (IsComplexDT(c.dtype)) {  // SigmoidBackward: g * y * (1 - y), no conjugation
    const double eps = std::ldexp(1.0, -Digits(c.dtype));
    int bad = 0;
    for (int64_t i = 0; i < n; ++i) {
      const Num &gn = gv[static_cast<size_t>(SourceIndex(c.gShape, outShape, i))];
      const Num &yn = xv[static_cast<size_t>(SourceIndex(c.xShape, outShape, i))];
      const std::complex<LD> gz(gn.z.real(), gn.z.imag()), yz(yn.z.real(), yn.z.imag()), ref = gz * yz * (1.0L - yz);
      const LD tol = 16 * eps * std::abs(gz) * (std::abs(yz) + std::abs(yz) * std::abs(yz)) + 1e-30L;
      const Num &o = got[static_cast<size_t>(i)];
      if ((std::fabs(o.z.real() - ref.real()) > tol || std::fabs(o.z.imag() - ref.imag()) > tol) && bad++ < 4)
        ADD_FAILURE() << "element " << i << ": got " << ToString(o) << ", expected (" << static_cast<double>(ref.real())
                      << ", " << static_cast<double>(ref.imag()) << ")";
    }
    EXPECT_EQ(bad, 0);
    return;
  }
  std::vector<Ref> refs;
  for (int64_t i = 0; i < n; ++i)
    refs.push_back(RefOf(call, Re(gv[static_cast<size_t>(SourceIndex(c.gShape, outShape, i))]),
                         Re(xv[static_cast<size_t>(SourceIndex(c.xShape, outShape, i))])));
  EXPECT_TRUE(CheckReal(c.dtype, refs, Reals(got), ActName(c.fn)));
}

INSTANTIATE_TEST_SUITE_P(Dtypes, ActivationBackward, ::testing::ValuesIn(BwdCases()), BwdName);

// ---- dtype pairings ----------------------------------------------------------------------------------------

// The narrower of two real dtypes (the one whose rounding decides the result).
aclDataType Narrower(aclDataType a, aclDataType b) { return Digits(a) <= Digits(b) ? a : b; }

// Sigmoid of any self dtype into any out dtype: integer and BOOL selfs compute in out's dtype (self cast to it
// first), float selfs in their own dtype, then the result is cast to out; complex into real takes the real part.
TEST_F(ActivationNumeric, SigmoidDtypePairings) {
  const aclDataType ints[] = {ACL_INT8, ACL_INT16, ACL_INT32, ACL_INT64, ACL_UINT8, ACL_BOOL};
  const aclDataType outs[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE};
  std::vector<std::pair<aclDataType, aclDataType>> pairs;
  for (aclDataType s : ints)
    for (aclDataType o : outs) pairs.push_back({s, o});
  for (auto p : std::vector<std::pair<aclDataType, aclDataType>>{{ACL_FLOAT, ACL_FLOAT16},
                                                                 {ACL_FLOAT16, ACL_FLOAT},
                                                                 {ACL_BF16, ACL_FLOAT16},
                                                                 {ACL_FLOAT16, ACL_BF16},
                                                                 {ACL_DOUBLE, ACL_FLOAT},
                                                                 {ACL_FLOAT, ACL_DOUBLE},
                                                                 {ACL_BF16, ACL_DOUBLE}})
    pairs.push_back(p);
  std::mt19937_64 rng(77);
  std::uniform_int_distribution<int> small(-12, 12);
  for (auto [st, ot] : pairs) {
    SCOPED_TRACE(std::string(DTypeLabel(st)) + " -> " + DTypeLabel(ot));
    const std::vector<int64_t> shape{5, 61};
    AnyTensor self(shape, st, Layout::Transposed(2)), out(shape, ot);
    std::vector<Num> in = Values(rng, st, self.numel(), 2);
    if (!IsFloatDT(st))
      for (Num &x : in)
        x = st == ACL_BOOL ? Num::I(small(rng) > 0) : st == ACL_UINT8 ? Num::I(small(rng) + 12) : Num::I(small(rng));
    self.Fill(in);
    Call call;
    call.fn = Act::kSigmoid;
    ASSERT_TRUE(RunAct(call, &self, &out));
    const aclDataType compute = IsFloatDT(st) ? st : ot;
    std::vector<Ref> refs;
    for (const Num &x : in) refs.push_back(SigmoidRef(static_cast<LD>(ConvertRef(x, compute).Real())));
    EXPECT_TRUE(HalfPair(compute, ot) ? CheckTwoRoundings(compute, ot, refs, Reals(out.Read()), "Sigmoid")
                                      : CheckReal(Narrower(compute, ot), refs, Reals(out.Read()), "Sigmoid"));
  }
  // COMPLEX64 -> FLOAT, COMPLEX128 -> DOUBLE / FLOAT16: the real part of the complex result
  for (auto [st, ot] : std::vector<std::pair<aclDataType, aclDataType>>{
           {ACL_COMPLEX64, ACL_FLOAT}, {ACL_COMPLEX128, ACL_DOUBLE}, {ACL_COMPLEX128, ACL_FLOAT}}) {
    SCOPED_TRACE(std::string(DTypeLabel(st)) + " -> " + DTypeLabel(ot));
    AnyTensor self({7, 9}, st), out({7, 9}, ot);
    const std::vector<Num> in = Values(rng, st, self.numel(), 4);
    self.Fill(in);
    Call call;
    call.fn = Act::kSigmoid;
    ASSERT_TRUE(RunAct(call, &self, &out));
    EXPECT_TRUE(CheckComplex(Narrower(st == ACL_COMPLEX64 ? ACL_FLOAT : ACL_DOUBLE, ot), in, out.Read(), true));
  }
  // FLOAT / COMPLEX64 self into COMPLEX128 out: sigmoid in the self's dtype, imaginary part 0 for a real self
  {
    AnyTensor self({3, 5}, ACL_FLOAT), out({3, 5}, ACL_COMPLEX64);
    const std::vector<Num> in = Values(rng, ACL_FLOAT, 15);
    self.Fill(in);
    Call call;
    call.fn = Act::kSigmoid;
    ASSERT_TRUE(RunAct(call, &self, &out));
    const std::vector<Num> got = out.Read();
    std::vector<Ref> refs;
    std::vector<double> re;
    for (size_t i = 0; i < in.size(); ++i) {
      refs.push_back(SigmoidRef(Re(in[i])));
      re.push_back(got[i].z.real());
      EXPECT_EQ(got[i].z.imag(), 0.0);
    }
    EXPECT_TRUE(CheckReal(ACL_FLOAT, refs, re, "Sigmoid f32 -> c64"));
  }
}

// SigmoidBackward and GeluBackward(V2) on mixed inputs: promoted, computed there, cast to gradInput.
TEST_F(ActivationNumeric, BackwardPromotions) {
  struct P {
    Act fn;
    aclDataType g, x, out, compute;
  };
  const P cases[] = {
      {Act::kSigmoidBackward, ACL_FLOAT, ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT},
      {Act::kSigmoidBackward, ACL_FLOAT16, ACL_BF16, ACL_FLOAT, ACL_FLOAT},
      {Act::kSigmoidBackward, ACL_FLOAT16, ACL_BF16, ACL_BF16, ACL_FLOAT},
      {Act::kSigmoidBackward, ACL_DOUBLE, ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE},
      {Act::kSigmoidBackward, ACL_FLOAT16, ACL_FLOAT16, ACL_DOUBLE, ACL_FLOAT16},
      {Act::kGeluBackward, ACL_INT32, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT},
      {Act::kGeluBackward, ACL_FLOAT16, ACL_BF16, ACL_FLOAT, ACL_FLOAT},
      {Act::kGeluBackward, ACL_BOOL, ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16},
      {Act::kGeluBackward, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT16, ACL_FLOAT},  // gradInput unchecked: a cast
      {Act::kGeluBackwardV2, ACL_FLOAT, ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT},
      {Act::kGeluBackwardV2, ACL_INT8, ACL_BF16, ACL_BF16, ACL_BF16},
  };
  std::mt19937_64 rng(5);
  for (const P &p : cases) {
    SCOPED_TRACE(std::string(ActName(p.fn)) + " " + DTypeLabel(p.g) + "," + DTypeLabel(p.x) + " -> " +
                 DTypeLabel(p.out));
    AnyTensor g({6, 1, 11}, p.g), x({4, 11}, p.x), out({6, 4, 11}, p.out, Layout::Padded(3));
    std::vector<Num> gv = Values(rng, p.g, g.numel(), 4), xv = Values(rng, p.x, x.numel(), 4);
    if (!IsFloatDT(p.g))
      for (Num &v : gv) v = Num::I(p.g == ACL_BOOL ? (v.i & 1) : v.i % 20);
    g.Fill(gv);
    x.Fill(xv);
    Call call;
    call.fn = p.fn;
    call.approx = "tanh";
    ASSERT_TRUE(RunAct(call, &g, &x, &out));
    std::vector<Ref> refs;
    for (int64_t i = 0; i < 6 * 4 * 11; ++i) {
      const LD gi = static_cast<LD>(
          ConvertRef(gv[static_cast<size_t>(SourceIndex({6, 1, 11}, {6, 4, 11}, i))], p.compute).Real());
      const LD xi =
          static_cast<LD>(ConvertRef(xv[static_cast<size_t>(SourceIndex({4, 11}, {6, 4, 11}, i))], p.compute).Real());
      refs.push_back(RefOf(call, gi, xi));
    }
    EXPECT_TRUE(CheckReal(Narrower(p.compute, p.out), refs, Reals(out.Read()), ActName(p.fn)));
    EXPECT_TRUE(out.GapsUntouched());
  }
  // SigmoidBackward FLOAT gradOutput with COMPLEX64 output: P = COMPLEX64, the plain product
  AnyTensor g({8}, ACL_FLOAT), y({8}, ACL_COMPLEX64), out({8}, ACL_COMPLEX128);
  const std::vector<Num> gv = Values(rng, ACL_FLOAT, 8, 2), yv = Values(rng, ACL_COMPLEX64, 8, 2);
  g.Fill(gv);
  y.Fill(yv);
  Call call;
  call.fn = Act::kSigmoidBackward;
  ASSERT_TRUE(RunAct(call, &g, &y, &out));
  const std::vector<Num> got = out.Read();
  for (size_t i = 0; i < 8; ++i) {
    const std::complex<LD> yz(yv[i].z.real(), yv[i].z.imag()), ref = static_cast<LD>(gv[i].Real()) * yz * (1.0L - yz);
    const LD tol = 1e-5L * (1 + std::abs(ref));
    EXPECT_NEAR(got[i].z.real(), static_cast<double>(ref.real()), static_cast<double>(tol)) << i;
    EXPECT_NEAR(got[i].z.imag(), static_cast<double>(ref.imag()), static_cast<double>(tol)) << i;
  }
}

// ---- 0-d, in place, aliasing ---------------------------------------------------------------------------------

TEST_F(ActivationNumeric, ZeroDimEveryFunction) {
  for (Act a :
       {Act::kSilu, Act::kGelu, Act::kGeluV2, Act::kSigmoid, Act::kRelu, Act::kInplaceSigmoid, Act::kInplaceRelu}) {
    AnyTensor self({}, ACL_FLOAT), out({}, ACL_FLOAT);
    self.Fill({Num::F(-0.75)});
    Call call;
    call.fn = a;
    const bool inplace = a == Act::kInplaceSigmoid || a == Act::kInplaceRelu;
    ASSERT_TRUE(inplace ? RunAct(call, &self) : RunAct(call, &self, &out));
    const double got = (inplace ? self : out).Read()[0].Real();
    const double want = a == Act::kRelu || a == Act::kInplaceRelu ? 0.0 : static_cast<double>(RefOf(call, 0, -0.75L).v);
    EXPECT_NEAR(got, want, 4 * Ulp(ACL_FLOAT, std::fabs(want))) << ActName(a);
  }
  for (Act a :
       {Act::kSiluBackward, Act::kGeluBackward, Act::kGeluBackwardV2, Act::kSigmoidBackward, Act::kThresholdBackward}) {
    AnyTensor g({}, ACL_BF16), x({}, ACL_BF16), out({}, ACL_BF16);
    g.Fill({Num::F(1.5)});
    x.Fill({Num::F(0.375)});
    Call call;
    call.fn = a;
    ASSERT_TRUE(RunAct(call, &g, &x, &out));
    const double want =
        a == Act::kThresholdBackward ? 1.5 : RoundTo(ACL_BF16, static_cast<double>(RefOf(call, 1.5L, 0.375L).v));
    EXPECT_NEAR(out.Read()[0].Real(), want, Ulp(ACL_BF16, std::fabs(want))) << ActName(a);
  }
  // 0-d gradOutput broadcast against a tensor
  AnyTensor g({}, ACL_FLOAT), x({3, 4}, ACL_FLOAT), out({3, 4}, ACL_FLOAT);
  g.Fill({Num::F(2)});
  std::vector<Num> xv;
  for (int i = 0; i < 12; ++i) xv.push_back(Num::F(i - 6));
  x.Fill(xv);
  Call call;
  call.fn = Act::kThresholdBackward;
  call.threshold = 1;
  ASSERT_TRUE(RunAct(call, &g, &x, &out));
  const std::vector<Num> got = out.Read();
  for (int i = 0; i < 12; ++i) EXPECT_EQ(got[static_cast<size_t>(i)].Real(), i - 6 > 1 ? 2.0 : 0.0) << i;
}

// In-place forms on strided selfRefs, and the out-of-place forms with out == self (the same aclTensor).
TEST_F(ActivationNumeric, InPlaceAndAliasedOut) {
  std::mt19937_64 rng(11);
  for (aclDataType t : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
    for (Act a :
         {Act::kInplaceSigmoid, Act::kInplaceRelu, Act::kSilu, Act::kGelu, Act::kGeluV2, Act::kSigmoid, Act::kRelu}) {
      SCOPED_TRACE(std::string(ActName(a)) + " " + DTypeLabel(t));
      AnyTensor self({19, 23}, t, Layout::Transposed(2));
      const std::vector<Num> in = Values(rng, t, self.numel());
      self.Fill(in);
      Call call;
      call.fn = a;
      call.approximate = 1;
      const bool inplace = a == Act::kInplaceSigmoid || a == Act::kInplaceRelu;
      ASSERT_TRUE(inplace ? RunAct(call, &self) : RunAct(call, &self, &self));
      const std::vector<Num> got = self.Read();
      if (a == Act::kRelu || a == Act::kInplaceRelu) {
        std::vector<Num> want;
        for (const Num &x : in) want.push_back(Num::F(x.Real() > 0 ? x.Real() : 0.0));
        EXPECT_TRUE(SameAll(got, want, "Relu"));
      } else {
        std::vector<Ref> refs;
        for (const Num &x : in) refs.push_back(RefOf(call, 0, Re(x)));
        EXPECT_TRUE(CheckReal(t, refs, Reals(got), ActName(a)));
      }
    }
  }
  // in-place on the other dtypes: InplaceSigmoid DOUBLE, InplaceRelu INT8/INT32/INT64 and UINT8 (nothing to do)
  {
    AnyTensor self({4, 9}, ACL_DOUBLE, Layout::Padded(2));
    const std::vector<Num> in = Values(rng, ACL_DOUBLE, 36);
    self.Fill(in);
    Call call;
    call.fn = Act::kInplaceSigmoid;
    ASSERT_TRUE(RunAct(call, &self));
    std::vector<Ref> refs;
    for (const Num &x : in) refs.push_back(SigmoidRef(Re(x)));
    EXPECT_TRUE(CheckReal(ACL_DOUBLE, refs, Reals(self.Read()), "InplaceSigmoid f64"));
    EXPECT_TRUE(self.GapsUntouched());
  }
  for (aclDataType t : {ACL_INT8, ACL_INT32, ACL_INT64, ACL_UINT8}) {
    AnyTensor self({4, 9}, t, Layout::Transposed(2));
    const std::vector<Num> in = Values(rng, t, 36);
    self.Fill(in);
    Call call;
    call.fn = Act::kInplaceRelu;
    ASSERT_TRUE(RunAct(call, &self));
    std::vector<Num> want;
    for (const Num &x : in) want.push_back(Num::I(std::max<int64_t>(x.i, 0)));
    EXPECT_TRUE(SameAll(self.Read(), want, DTypeLabel(t)));
  }
  // backward with gradInput == gradOutput (same tensor)
  for (Act a :
       {Act::kSiluBackward, Act::kGeluBackward, Act::kGeluBackwardV2, Act::kSigmoidBackward, Act::kThresholdBackward}) {
    SCOPED_TRACE(ActName(a));
    AnyTensor g({13, 17}, ACL_FLOAT, Layout::Transposed(2)), x({13, 17}, ACL_FLOAT);
    const std::vector<Num> gv = Values(rng, ACL_FLOAT, g.numel()), xv = Values(rng, ACL_FLOAT, x.numel());
    g.Fill(gv);
    x.Fill(xv);
    Call call;
    call.fn = a;
    call.approx = "tanh";
    call.threshold = 0.5;
    ASSERT_TRUE(RunAct(call, &g, &x, &g));
    const std::vector<Num> got = g.Read();
    if (a == Act::kThresholdBackward) {
      std::vector<Num> want;
      for (size_t i = 0; i < gv.size(); ++i) want.push_back(ThresholdRef(gv[i], xv[i], 0.5, ACL_FLOAT));
      EXPECT_TRUE(SameAll(got, want, "ThresholdBackward"));
    } else {
      std::vector<Ref> refs;
      for (size_t i = 0; i < gv.size(); ++i) refs.push_back(RefOf(call, Re(gv[i]), Re(xv[i])));
      EXPECT_TRUE(CheckReal(ACL_FLOAT, refs, Reals(got), ActName(a)));
    }
  }
}

// Large FLOAT16/BF16 tensors look their results (one-input maths) or slopes (SiluBackward, GeluBackwardV2 erf) up
// in tables built from the kernels themselves (activation_lookup.cpp): every 16-bit pattern (NaNs, subnormals and
// infinities included) gives what the computed path gives on tensors too small for the tables, in place too (a NaN
// matching any NaN: which operand's NaN a product returns is the compiler's choice).
TEST_F(ActivationNumeric, SixteenBitLookupMatchesTheComputedPath) {
  const int64_t large = aclcpu::kActivationLookupMinElements + 5, piece = 16384;
  ASSERT_GT(large, 65536);
  ASSERT_LT(piece, aclcpu::kActivationLookupMinElements);
  const auto patterns = [&](uint32_t odd) {  // every pattern appears
    std::vector<unsigned char> bytes(static_cast<size_t>(large) * 2);
    for (int64_t i = 0; i < large; ++i) {
      const auto pattern = static_cast<uint16_t>((i * odd + 7) & 0xFFFF);
      std::memcpy(&bytes[static_cast<size_t>(i) * 2], &pattern, 2);
    }
    return bytes;
  };
  const std::vector<unsigned char> xBytes = patterns(40503), gBytes = patterns(9973);
  const auto slice = [](const std::vector<unsigned char> &v, int64_t first, int64_t len) {
    return std::vector<unsigned char>(v.begin() + first * 2, v.begin() + (first + len) * 2);
  };
  for (aclDataType t : {ACL_FLOAT16, ACL_BF16}) {
    const uint16_t exponent = t == ACL_FLOAT16 ? 0x7C00 : 0x7F80;
    const auto isNaN = [&](const unsigned char *p) {
      uint16_t v;
      std::memcpy(&v, p, 2);
      return (v & 0x7FFF) > exponent;
    };
    for (Act a : {Act::kSilu, Act::kGelu, Act::kGeluV2, Act::kSigmoid, Act::kInplaceSigmoid, Act::kSiluBackward,
                  Act::kGeluBackwardV2}) {
      for (int64_t approximate : {0, 1}) {
        if (approximate == 1 && a != Act::kGeluV2) continue;
        SCOPED_TRACE(std::string(ActName(a)) + " " + DTypeLabel(t) + " approximate " + std::to_string(approximate));
        Call call;
        call.fn = a;
        call.approximate = approximate;
        const bool inplace = a == Act::kInplaceSigmoid, backward = a == Act::kSiluBackward || a == Act::kGeluBackwardV2;
        // Runs the call on `len` elements from `first`: the out's bytes (in place: self's; backward: gradOutput
        // as gradInput).
        const auto run = [&](int64_t first, int64_t len, std::vector<unsigned char> *out) {
          AnyTensor x({len}, t), g({len}, t), y({len}, t);
          x.SetBytes(slice(xBytes, first, len));
          g.SetBytes(slice(gBytes, first, len));
          const bool ok = backward ? RunAct(call, &g, &x, &g) : inplace ? RunAct(call, &x) : RunAct(call, &x, &y);
          *out = backward ? g.Bytes() : inplace ? x.Bytes() : y.Bytes();
          return ok;
        };
        std::vector<unsigned char> got;
        ASSERT_TRUE(run(0, large, &got));
        for (int64_t first = 0; first < large; first += piece) {
          const int64_t len = std::min(piece, large - first);
          std::vector<unsigned char> want;
          ASSERT_TRUE(run(first, len, &want));
          for (int64_t i = 0; i < len; ++i) {
            const unsigned char *w = &want[static_cast<size_t>(i) * 2], *o = &got[static_cast<size_t>(first + i) * 2];
            ASSERT_TRUE(std::memcmp(w, o, 2) == 0 || (isNaN(w) && isNaN(o))) << "element " << first + i;
          }
        }
      }
    }
  }
}

// ---- IEEE specials -------------------------------------------------------------------------------------------

double MaxOf(aclDataType t) {
  return t == ACL_FLOAT16 ? 65504.0 : t == ACL_BF16 ? RoundTo(ACL_BF16, 3.3895313892515355e38) : FLT_MAX;
}

// One special input and what the math says. Where the formula meets inf * 0 or inf / inf at an infinite input
// (silu(-inf), gelu(-inf), the derivatives at +-inf) the contract does not fix the IEEE result: the limit or NaN.
struct Special {
  double g, x;
  double want;
  bool nanAccepted;
};

TEST_F(ActivationNumeric, IeeeSpecials) {
  const double inf = HUGE_VAL, nan = std::nan("");
  for (aclDataType t : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
    const double huge = MaxOf(t), tiny = MinNormal(t);
    const auto fwd = [&](Act a, int64_t approx, std::vector<Special> sp) {
      SCOPED_TRACE(std::string(ActName(a)) + "/" + std::to_string(approx) + " " + DTypeLabel(t));
      AnyTensor self({static_cast<int64_t>(sp.size())}, t), out({static_cast<int64_t>(sp.size())}, t);
      std::vector<Num> in;
      for (const Special &s : sp) in.push_back(Num::F(s.x));
      self.Fill(in);
      Call call;
      call.fn = a;
      call.approximate = approx;
      ASSERT_TRUE(RunAct(call, &self, &out));
      const std::vector<Num> got = out.Read();
      for (size_t i = 0; i < sp.size(); ++i) {
        const double g = got[i].Real(), w = RoundTo(t, sp[i].want);
        const bool ok = std::isnan(w)                          ? std::isnan(g)
                        : (sp[i].nanAccepted && std::isnan(g)) ? true
                        : std::isinf(w)                        ? g == w
                                                               : std::fabs(g - w) <= 2 * Ulp(t, std::fabs(w)) + tiny;
        EXPECT_TRUE(ok) << "x = " << sp[i].x << ": got " << g << ", expected " << w;
      }
    };
    const auto bwd = [&](Act a, const std::string &approx, std::vector<Special> sp) {
      SCOPED_TRACE(std::string(ActName(a)) + "/" + approx + " " + DTypeLabel(t));
      const auto n = static_cast<int64_t>(sp.size());
      AnyTensor g({n}, t), x({n}, t), out({n}, t);
      std::vector<Num> gv, xv;
      for (const Special &s : sp) gv.push_back(Num::F(s.g)), xv.push_back(Num::F(s.x));
      g.Fill(gv);
      x.Fill(xv);
      Call call;
      call.fn = a;
      call.approx = approx;
      ASSERT_TRUE(RunAct(call, &g, &x, &out));
      const std::vector<Num> got = out.Read();
      for (size_t i = 0; i < sp.size(); ++i) {
        const double r = got[i].Real(), w = RoundTo(t, sp[i].want);
        const bool ok = std::isnan(w)                          ? std::isnan(r)
                        : (sp[i].nanAccepted && std::isnan(r)) ? true
                        : std::isinf(w)                        ? r == w
                                                               : std::fabs(r - w) <= 2 * Ulp(t, std::fabs(w)) + tiny;
        EXPECT_TRUE(ok) << "g = " << sp[i].g << ", x = " << sp[i].x << ": got " << r << ", expected " << w;
      }
    };
    // forward: NaN, +-inf, -0, +-huge, +-tiny
    const std::vector<Special> siluLike = {
        {0, nan, nan, false},   {0, inf, inf, false}, {0, -inf, 0, true},         {0, -0.0, 0, false},
        {0, huge, huge, false}, {0, -huge, 0, false}, {0, tiny, tiny / 2, false}, {0, -tiny, -tiny / 2, false}};
    fwd(Act::kSilu, 0, siluLike);
    fwd(Act::kGelu, 0, siluLike);
    fwd(Act::kGeluV2, 0, siluLike);
    fwd(Act::kGeluV2, 1, siluLike);
    fwd(Act::kSigmoid, 0,
        {{0, nan, nan, false},
         {0, inf, 1, false},
         {0, -inf, 0, false},
         {0, -0.0, 0.5, false},
         {0, huge, 1, false},
         {0, -huge, 0, false},
         {0, tiny, 0.5, false}});
    // backward (g = 1 unless stated): derivative limits at infinity, exact 1 / 0 at the largest finite values
    const std::vector<Special> gradLike = {{1, nan, nan, false},  {nan, 1, nan, false},  {1, inf, 1, true},
                                           {1, -inf, 0, true},    {1, -0.0, 0.5, false}, {1, huge, 1, false},
                                           {1, -huge, 0, false},  {1, tiny, 0.5, false}, {inf, 2, inf, false},
                                           {-inf, 3, -inf, false}};
    bwd(Act::kSiluBackward, "", gradLike);
    bwd(Act::kGeluBackward, "", gradLike);
    bwd(Act::kGeluBackwardV2, "tanh", gradLike);
    bwd(Act::kGeluBackwardV2, "none", gradLike);
    bwd(Act::kSigmoidBackward, "",
        {{1, nan, nan, false},
         {nan, 0.5, nan, false},
         {1, inf, -inf, false},
         {1, -inf, -inf, false},
         {1, 0, 0, false},
         {1, 1, 0, false},
         {inf, 0.5, inf, false},
         {-inf, 0.25, -inf, false},
         {2, -0.0, 0, false}});
  }
}

// Relu keeps NaN and the sign of -0 (as PyTorch 1.13: relu(-0.) = -0., relu(nan) = nan); ThresholdBackward
// passes g through bit for bit (NaN, -0, inf) where self > t, writes +0 elsewhere, and a NaN self selects 0.
TEST_F(ActivationNumeric, ReluAndThresholdSpecialsBitExact) {
  const double inf = HUGE_VAL, nan = std::nan("");
  for (aclDataType t : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
    SCOPED_TRACE(DTypeLabel(t));
    const std::vector<double> xs = {nan, inf, -inf, -0.0, 0.0, MaxOf(t), -MaxOf(t), MinNormal(t), -MinNormal(t), -1};
    AnyTensor self({static_cast<int64_t>(xs.size())}, t), out({static_cast<int64_t>(xs.size())}, t);
    std::vector<Num> in, want;
    for (double x : xs) {
      in.push_back(Num::F(x));
      want.push_back(Num::F(std::isnan(x) || x > 0 || x == 0 ? x : 0.0));
    }
    self.Fill(in);
    Call call;
    call.fn = Act::kRelu;
    ASSERT_TRUE(RunAct(call, &self, &out));
    EXPECT_TRUE(SameAll(out.Read(), want, "Relu"));
    call.fn = Act::kInplaceRelu;
    ASSERT_TRUE(RunAct(call, &self));
    EXPECT_TRUE(SameAll(self.Read(), want, "InplaceRelu"));

    // ThresholdBackward at t = 0
    const std::vector<double> sx = {nan, inf, -inf, -0.0, MinNormal(t), 1, 1, 1, -1};
    const std::vector<double> gv = {5, 6, 7, 8, 9, nan, -0.0, -inf, nan};
    AnyTensor g({9}, t), x({9}, t), o({9}, t);
    std::vector<Num> gn, xn, w;
    for (size_t i = 0; i < 9; ++i) {
      gn.push_back(Num::F(gv[i]));
      xn.push_back(Num::F(sx[i]));
      w.push_back(Num::F(sx[i] > 0 ? gv[i] : 0.0));
    }
    g.Fill(gn);
    x.Fill(xn);
    call.fn = Act::kThresholdBackward;
    ASSERT_TRUE(RunAct(call, &g, &x, &o));
    EXPECT_TRUE(SameAll(o.Read(), w, "ThresholdBackward"));
  }
}

// ThresholdBackward's threshold: |t| <= FLT_EPSILON is exactly 0 (ReluGrad), strictly greater selects, the scalar's
// dtype is read through ToFloat, and int32 selves compare in fp32 (the golden's rule: exact below 2^24).
TEST_F(ActivationNumeric, ThresholdBackwardThresholdRules) {
  struct T {
    aclDataType dtype, scalarType;
    double t;
    std::vector<double> self;
    std::vector<int> selected;  // 1 = g, 0 = 0
  };
  const T cases[] = {
      {ACL_FLOAT, ACL_FLOAT, 1e-8, {5e-9, 1e-8, 2e-8, -5e-9, 0}, {1, 1, 1, 0, 0}},  // read as 0
      {ACL_FLOAT, ACL_FLOAT, -1e-8, {-5e-9, 0, -0.0, 1e-30}, {0, 0, 0, 1}},
      {ACL_FLOAT, ACL_FLOAT, 2e-7, {1.5e-7, 2e-7, 2.5e-7}, {0, 0, 1}},  // above FLT_EPSILON: a real threshold
      {ACL_FLOAT, ACL_DOUBLE, 0.5, {0.5, 0.50000006, 0.49999997}, {0, 1, 0}},
      {ACL_FLOAT16, ACL_FLOAT, 1, {1, 1.0009765625, 0.99951171875}, {0, 1, 0}},
      {ACL_BF16, ACL_INT32, 3, {3, 3.015625, 2.984375, 4}, {0, 1, 0, 1}},
      {ACL_INT32, ACL_FLOAT, 2.5, {2, 3, -7, 100}, {0, 1, 0, 1}},
      {ACL_INT8, ACL_INT64, -3, {-4, -3, -2, 127, -128}, {0, 0, 1, 1, 0}},
      {ACL_UINT8, ACL_FLOAT, 200.5, {200, 201, 255, 0}, {0, 1, 1, 0}},
      {ACL_UINT8, ACL_BOOL, 1, {0, 1, 2}, {0, 0, 1}},
      {ACL_FLOAT, ACL_FLOAT16, -2, {-2, -1.9999999, -3}, {0, 1, 0}},
  };
  for (const T &c : cases) {
    SCOPED_TRACE(std::string(DTypeLabel(c.dtype)) + " t = " + std::to_string(c.t));
    const auto n = static_cast<int64_t>(c.self.size());
    AnyTensor g({n}, c.dtype), x({n}, c.dtype), out({n}, c.dtype);
    std::vector<Num> gv, xv, want;
    for (int64_t i = 0; i < n; ++i) {
      const bool isInt = !IsFloatDT(c.dtype);
      gv.push_back(isInt ? Num::I(i + 7) : Num::F(static_cast<double>(i) + 7.5));
      xv.push_back(isInt ? Num::I(static_cast<int64_t>(c.self[static_cast<size_t>(i)]))
                         : Num::F(c.self[static_cast<size_t>(i)]));
      want.push_back(c.selected[static_cast<size_t>(i)] ? gv.back() : (isInt ? Num::I(0) : Num::F(0.0)));
    }
    g.Fill(gv);
    x.Fill(xv);
    Call call;
    call.fn = Act::kThresholdBackward;
    call.threshold = c.t;
    call.thresholdType = c.scalarType;
    ASSERT_TRUE(RunAct(call, &g, &x, &out));
    EXPECT_TRUE(SameAll(out.Read(), want, "ThresholdBackward"));
  }
}

// INT32 selves beyond 2^24 compare as fp32 values (the contract's golden: "the comparison and selection are done
// in fp32 ... exact except int32 beyond 2^24"): 16777217 becomes 2^24, not greater than t = 2^24. The selected
// gradOutput values stay below 2^24 so the selection itself is exact either way.
TEST_F(ActivationNumeric, ThresholdBackwardInt32BeyondTwoTo24ComparesInFp32) {
  AnyTensor g({4}, ACL_INT32), x({4}, ACL_INT32), out({4}, ACL_INT32);
  g.Fill({Num::I(7), Num::I(8), Num::I(9), Num::I(10)});
  x.Fill({Num::I(16777217), Num::I(16777218), Num::I(16777216), Num::I(-16777217)});
  Call call;
  call.fn = Act::kThresholdBackward;
  call.threshold = 16777216;
  ASSERT_TRUE(RunAct(call, &g, &x, &out));
  EXPECT_TRUE(SameAll(out.Read(), {Num::I(0), Num::I(8), Num::I(0), Num::I(0)}, "ThresholdBackward"));
}

// Relu on UINT8 is a copy; on every integer dtype exact at the extremes.
TEST_F(ActivationNumeric, ReluIntegerExtremes) {
  struct I {
    aclDataType t;
    std::vector<int64_t> v;
  };
  const I cases[] = {{ACL_INT8, {-128, -1, 0, 1, 127}},
                     {ACL_UINT8, {0, 1, 128, 255}},
                     {ACL_INT32, {INT32_MIN, -1, 0, 1, INT32_MAX}},
                     {ACL_INT64, {INT64_MIN, -1, 0, 1, INT64_MAX, int64_t{1} << 53 | 1}}};
  for (const I &c : cases) {
    const auto n = static_cast<int64_t>(c.v.size());
    AnyTensor self({n}, c.t), out({n}, c.t, Layout::Padded(1));
    std::vector<Num> in, want;
    for (int64_t v : c.v) in.push_back(Num::I(v)), want.push_back(Num::I(std::max<int64_t>(v, 0)));
    self.Fill(in);
    Call call;
    call.fn = Act::kRelu;
    ASSERT_TRUE(RunAct(call, &self, &out));
    EXPECT_TRUE(SameAll(out.Read(), want, DTypeLabel(c.t)));
    EXPECT_TRUE(out.GapsUntouched());
  }
}

// ---- threads -------------------------------------------------------------------------------------------------

// 1 and 2 threads give the same bytes: one large problem per function (transposed input, broadcast inputs for the
// backward functions that allow it).
TEST_F(ActivationNumeric, OneAndTwoThreadsBitIdentical) {
  std::mt19937_64 rng(3);
  const std::vector<int64_t> shape{384, 520};
  for (Act a : {Act::kSilu, Act::kGelu, Act::kGeluV2, Act::kSigmoid, Act::kRelu, Act::kSiluBackward, Act::kGeluBackward,
                Act::kGeluBackwardV2, Act::kSigmoidBackward, Act::kThresholdBackward}) {
    const bool backward = a == Act::kSiluBackward || a == Act::kGeluBackward || a == Act::kGeluBackwardV2 ||
                          a == Act::kSigmoidBackward || a == Act::kThresholdBackward;
    const aclDataType t = a == Act::kGelu || a == Act::kSiluBackward ? ACL_BF16 : ACL_FLOAT;
    const std::vector<int64_t> gShape = backward && a != Act::kSiluBackward ? std::vector<int64_t>{1, 520} : shape;
    AnyTensor x(shape, t, Layout::Transposed(2)), g(gShape, t);
    x.Fill(Values(rng, t, x.numel()));
    g.Fill(Values(rng, t, g.numel()));
    std::vector<unsigned char> bytes[2];
    for (int threads : {1, 2}) {
      AnyTensor out(shape, t);
      Call call;
      call.fn = a;
      call.approximate = 0;
      call.approx = "tanh";
      call.threshold = 0.25;
      call.threads = threads;
      ASSERT_TRUE(backward ? RunAct(call, &g, &x, &out) : RunAct(call, &x, &out)) << ActName(a);
      bytes[threads - 1] = out.Bytes();
    }
    EXPECT_TRUE(bytes[0] == bytes[1]) << ActName(a);
  }
}

// ---- the vendor's examples (printed with %f) ------------------------------------------------------------------

std::vector<std::string> Printed(const std::vector<Num> &v) {
  std::vector<std::string> r;
  for (const Num &x : v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%f", x.Real());
    r.emplace_back(buf);
  }
  return r;
}
std::vector<Num> F(std::vector<double> v) {
  std::vector<Num> r;
  for (double x : v) r.push_back(Num::F(x));
  return r;
}
// Either sign of a printed zero.
std::vector<std::string> Unsigned(std::vector<std::string> v) {
  for (std::string &s : v)
    if (s == "-0.000000") s = "0.000000";
  return v;
}

TEST_F(ActivationNumeric, VendorExamples) {
  const std::vector<double> gelu8 = {1.3, 2.5, 6.7, -4, -1.4, -1.6, -8, -16.9};
  {
    AnyTensor self({4, 2}, ACL_FLOAT), out({4, 2}, ACL_FLOAT);
    self.Fill(F({0, 1, 2, 3, 4, 5, 6, 7}));
    Call call;
    call.fn = Act::kSilu;
    ASSERT_TRUE(RunAct(call, &self, &out));
    EXPECT_EQ(Printed(out.Read()), (std::vector<std::string>{"0.000000", "0.731059", "1.761594", "2.857723", "3.928055",
                                                             "4.966536", "5.985165", "6.993623"}));
  }
  {
    AnyTensor g({2, 3}, ACL_FLOAT), x({2, 3}, ACL_FLOAT), out({2, 3}, ACL_FLOAT);
    g.Fill(F({1, 1, 1, 1, 1, 1}));
    x.Fill(F({1, 2, 3, 4, 5, 6}));
    Call call;
    call.fn = Act::kSiluBackward;
    ASSERT_TRUE(RunAct(call, &g, &x, &out));
    EXPECT_EQ(Printed(out.Read()),
              (std::vector<std::string>{"0.927671", "1.090784", "1.088104", "1.052665", "1.026547", "1.012326"}));
  }
  {
    AnyTensor self({4, 2}, ACL_FLOAT), out({4, 2}, ACL_FLOAT);
    self.Fill(F(gelu8));
    Call call;
    call.fn = Act::kGelu;
    ASSERT_TRUE(RunAct(call, &self, &out));
    EXPECT_EQ(Printed(out.Read()), (std::vector<std::string>{"1.173929", "2.484916", "6.700000", "-0.000070",
                                                             "-0.113292", "-0.087863", "-0.000000", "-0.000000"}));
  }
  {
    AnyTensor g({4, 2}, ACL_INT32), x({4, 2}, ACL_FLOAT), out({4, 2}, ACL_FLOAT);
    g.Fill(std::vector<Num>(8, Num::I(1)));
    x.Fill(F({0, 1, 2, 3, 4, 5, 6, 7}));
    Call call;
    call.fn = Act::kGeluBackward;
    ASSERT_TRUE(RunAct(call, &g, &x, &out));
    EXPECT_EQ(Printed(out.Read()), (std::vector<std::string>{"0.500000", "1.082964", "1.086099", "1.011584", "1.000335",
                                                             "1.000002", "1.000000", "1.000000"}));
  }
  {
    AnyTensor self({4, 2}, ACL_FLOAT), out({4, 2}, ACL_FLOAT);
    self.Fill(F(gelu8));
    Call call;
    call.fn = Act::kGeluV2;
    call.approximate = 0;
    ASSERT_TRUE(RunAct(call, &self, &out));
    EXPECT_EQ(Unsigned(Printed(out.Read())),
              (std::vector<std::string>{"1.174159", "2.484476", "6.700000", "-0.000127", "-0.113059", "-0.087679",
                                        "0.000000", "0.000000"}));
  }
  {
    // gradOutput declared FLOAT, filled with the bytes of int 1: the smallest subnormal
    AnyTensor g({4, 2}, ACL_FLOAT), x({4, 2}, ACL_FLOAT), out({4, 2}, ACL_FLOAT);
    g.Fill(std::vector<Num>(8, Num::F(std::numeric_limits<float>::denorm_min())));
    x.Fill(F({0, 1, 2, 3, 4, 5, 6, 7}));
    Call call;
    call.fn = Act::kGeluBackwardV2;
    call.approx = "tanh";
    ASSERT_TRUE(RunAct(call, &g, &x, &out));
    EXPECT_EQ(Printed(out.Read()), std::vector<std::string>(8, "0.000000"));
  }
  for (Act a : {Act::kSigmoid, Act::kInplaceSigmoid, Act::kRelu, Act::kInplaceRelu}) {
    AnyTensor self({2, 2}, ACL_FLOAT), out({2, 2}, ACL_FLOAT);
    self.Fill(F({0, 1, 2, 3}));
    Call call;
    call.fn = a;
    const bool inplace = a == Act::kInplaceSigmoid || a == Act::kInplaceRelu;
    ASSERT_TRUE(inplace ? RunAct(call, &self) : RunAct(call, &self, &out));
    const bool relu = a == Act::kRelu || a == Act::kInplaceRelu;
    EXPECT_EQ(Printed((inplace ? self : out).Read()),
              relu ? (std::vector<std::string>{"0.000000", "1.000000", "2.000000", "3.000000"})
                   : (std::vector<std::string>{"0.500000", "0.731059", "0.880797", "0.952574"}))
        << ActName(a);
  }
  {
    AnyTensor g({2, 2}, ACL_FLOAT), y({2, 2}, ACL_FLOAT), out({2, 2}, ACL_FLOAT);
    g.Fill(F({1, 1, 1, 1}));
    y.Fill(F({1, 2, 3, 4}));
    Call call;
    call.fn = Act::kSigmoidBackward;
    ASSERT_TRUE(RunAct(call, &g, &y, &out));
    EXPECT_EQ(Printed(out.Read()), (std::vector<std::string>{"0.000000", "-2.000000", "-6.000000", "-12.000000"}));
  }
  {
    AnyTensor g({2, 2}, ACL_FLOAT), x({2, 2}, ACL_FLOAT), out({2, 2}, ACL_FLOAT);
    g.Fill(F({4.5, 4.4, 4.3, 4.2}));
    x.Fill(F({0.2, 1.2, 2.2, 3.2}));
    Call call;
    call.fn = Act::kThresholdBackward;
    call.threshold = 1.0;
    ASSERT_TRUE(RunAct(call, &g, &x, &out));
    EXPECT_EQ(Printed(out.Read()), (std::vector<std::string>{"0.000000", "4.400000", "4.300000", "4.200000"}));
  }
}

// The vendor UT cases with values (specific-value rows of GeluBackward / GeluBackwardV2 and GeluV2 029).
TEST_F(ActivationNumeric, VendorSpecificValues) {
  const std::vector<double> g = {1, 0.5, -0.5, 0, 1, 2, -1, 0}, x = {0.5, -0.5, 1, -1, 2, -2, 0, 3};
  for (Act a : {Act::kGeluBackward, Act::kGeluBackwardV2}) {
    AnyTensor gt({8}, ACL_FLOAT), xt({8}, ACL_FLOAT), out({8}, ACL_FLOAT);
    gt.Fill(F(g));
    xt.Fill(F(x));
    Call call;
    call.fn = a;
    call.approx = "none";
    ASSERT_TRUE(RunAct(call, &gt, &xt, &out));
    std::vector<Ref> refs;
    for (size_t i = 0; i < 8; ++i) refs.push_back(RefOf(call, g[i], x[i]));
    EXPECT_TRUE(CheckReal(ACL_FLOAT, refs, Reals(out.Read()), ActName(a)));
  }
  AnyTensor xt({8}, ACL_FLOAT), out({8}, ACL_FLOAT);
  xt.Fill(F({-3, -1, -0.5, 0, 0.5, 1, 2, 3}));
  Call call;
  call.fn = Act::kGeluV2;
  ASSERT_TRUE(RunAct(call, &xt, &out));
  std::vector<Ref> refs;
  for (double v : {-3.0, -1.0, -0.5, 0.0, 0.5, 1.0, 2.0, 3.0}) refs.push_back(GeluErfRef(v));
  EXPECT_TRUE(CheckReal(ACL_FLOAT, refs, Reals(out.Read()), "GeluV2"));
}

// Rank 9 and 10 (Silu, GeluV2, GeluBackwardV2 have no rank limit): computed like any other shape.
TEST_F(ActivationNumeric, RankAboveEight) {
  const std::vector<int64_t> s{2, 1, 2, 1, 3, 1, 2, 1, 2, 3};
  std::mt19937_64 rng(9);
  for (Act a : {Act::kSilu, Act::kGeluV2, Act::kGeluBackwardV2}) {
    AnyTensor x(s, ACL_FLOAT, Layout::Transposed(s.size())), g(s, ACL_FLOAT),
        out(s, ACL_FLOAT, Layout::Padded(s.size()));
    const std::vector<Num> xv = Values(rng, ACL_FLOAT, x.numel()), gv = Values(rng, ACL_FLOAT, g.numel());
    x.Fill(xv);
    g.Fill(gv);
    Call call;
    call.fn = a;
    call.approximate = 1;
    call.approx = "none";
    ASSERT_TRUE(a == Act::kGeluBackwardV2 ? RunAct(call, &g, &x, &out) : RunAct(call, &x, &out)) << ActName(a);
    std::vector<Ref> refs;
    for (size_t i = 0; i < xv.size(); ++i) refs.push_back(RefOf(call, Re(gv[i]), Re(xv[i])));
    EXPECT_TRUE(CheckReal(ACL_FLOAT, refs, Reals(out.Read()), ActName(a)));
    EXPECT_TRUE(out.GapsUntouched());
  }
}

}  // namespace
}  // namespace aclcpu_test::activation_numeric_test
