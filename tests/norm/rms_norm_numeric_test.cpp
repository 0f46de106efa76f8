// aclnnRmsNorm, aclnnRmsNormGrad and aclnnAddRmsNorm against float64 references of docs/ops/rms_norm.md:
// §1.2 rstd = 1/sqrt(mean(x^2) + float(eps)), y = x * rstd * gamma (rstd FLOAT); §2.2 dx = rstd * (dy*gamma -
// x*rstd*c), c = mean(dy*gamma*x*rstd), dgamma = sum over rows of dy*x*rstd (FLOAT), rstd taken as given; §3.2
// xOut = x1 + x2 rounded to the dtype, then RmsNorm of that xOut. The three vendor examples, every dtype row, x
// ranks 1..8 with gamma ranks 1..3, short and long rows, strided/transposed/offset views bit-identical to dense ones,
// rstd of the lax shapes, AddRmsNorm's modes, eps 0, inf/NaN, 1 vs 2 threads bitwise, dgamma over 10000 rows.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "aclnnop/aclnn_add_rms_norm.h"
#include "aclnnop/aclnn_rms_norm.h"
#include "aclnnop/aclnn_rms_norm_grad.h"
#include "common/simd_targets.h"
#include "common/test_tensor.h"

namespace aclcpu_test::rms_norm_numeric_test {
namespace {

enum class Fn { kRmsNorm, kGrad, kAdd };

const char *FnName(Fn f) { return f == Fn::kRmsNorm ? "RmsNorm" : f == Fn::kGrad ? "RmsNormGrad" : "AddRmsNorm"; }

const aclDataType f16 = ACL_FLOAT16, bf16 = ACL_BF16, f32 = ACL_FLOAT;

// One call's set-up. Slots (parameter order): RmsNorm x, gamma, yOut, rstdOut; RmsNormGrad dy, x, rstd, gamma, dxOut,
// dgammaOut; AddRmsNorm x1, x2, gamma, yOut, rstdOut, xOut.
struct Case {
  Fn fn = Fn::kRmsNorm;
  std::vector<int64_t> shape = {3, 40};
  size_t k = 1;                      // gamma's rank
  aclDataType x = f32, gamma = f32;  // x (dy, x1, x2, outputs of x's shape) and gamma dtypes
  int mode = 0;                      // AddRmsNorm: 0 all outputs, 1 rstdOut null, 2 rstdOut and xOut null
  double eps = 1e-6;
  std::vector<int64_t> rstdShape;  // empty: x's leading dims then k ones
  Layout layouts[6];
  uint64_t seed = 1;
  int threads = 0;
  double lo = -3, hi = 3;
  std::vector<std::pair<int64_t, double>> pokes, gammaPokes;   // into x (RmsNorm), dy (Grad), x1 (Add); into gamma
  std::vector<double> fixedX, fixedX2, fixedGamma, fixedRstd;  // RmsNormGrad: fixedX is dy, fixedX2 is x

  Case &Of(Fn f) {
    fn = f;
    if (f == Fn::kAdd) gamma = x;
    return *this;
  }
  Case &Shape(std::vector<int64_t> s, size_t gammaRank = 1) {
    shape = std::move(s);
    k = gammaRank;
    return *this;
  }
  Case &Types(aclDataType xt, aclDataType gt) {
    x = xt;
    gamma = gt;
    return *this;
  }
  Case &Seed(uint64_t s) {
    seed = s;
    return *this;
  }
};

struct Result {
  aclnnStatus status = -1;
  std::vector<double> in[3];           // the inputs as stored: x/dy/x1, gamma, x/x2 (Grad: x, Add: x2)
  std::vector<double> rstdIn;          // RmsNormGrad's rstd
  std::vector<double> out[3], ref[3];  // RmsNorm y, rstd; Grad dx, dgamma; Add y, rstd, xOut
  std::vector<double> scale[3];        // per element: the size of the terms behind the reference
  std::vector<unsigned char> bytes[3];
  int64_t rows = 0, cols = 0;
};

std::vector<double> Rounded(aclDataType t, std::vector<double> v) {
  for (double &e : v) e = RoundTo(t, e);
  return v;
}

// float64 RmsNorm of rows x (M x N) with gamma (N, or N broadcast): y, rstd.
void RmsReference(const std::vector<double> &x, const std::vector<double> &g, int64_t m, int64_t n, double eps,
                  std::vector<double> *y, std::vector<double> *rstd, std::vector<double> *scale) {
  y->assign(static_cast<size_t>(m * n), 0);
  scale->assign(static_cast<size_t>(m * n), 0);
  rstd->assign(static_cast<size_t>(m), 0);
  for (int64_t r = 0; r < m; ++r) {
    double sq = 0;
    for (int64_t j = 0; j < n; ++j) sq += x[r * n + j] * x[r * n + j];
    const double rs = 1.0 / std::sqrt(sq / static_cast<double>(n) + eps);
    (*rstd)[r] = rs;
    for (int64_t j = 0; j < n; ++j) {
      (*y)[r * n + j] = x[r * n + j] * rs * g[j];
      (*scale)[r * n + j] = std::fabs((*y)[r * n + j]);
    }
  }
}

std::vector<int64_t> RstdShapeOf(const Case &c) {
  if (!c.rstdShape.empty()) return c.rstdShape;
  std::vector<int64_t> s(c.shape.begin(), c.shape.end() - static_cast<std::ptrdiff_t>(c.k));
  s.resize(c.shape.size(), 1);
  return s;
}

Result RunCase(const Case &c) {
  Result o;
  const size_t kNorm = c.fn == Fn::kAdd && c.mode != 0 ? 1 : c.k;  // modes 1/2: gamma [1, N], the last dim
  const std::vector<int64_t> gammaShape =
      c.fn == Fn::kAdd && c.mode != 0
          ? std::vector<int64_t>{1, c.shape.back()}
          : std::vector<int64_t>(c.shape.end() - static_cast<std::ptrdiff_t>(c.k), c.shape.end());
  const int64_t n = NumelOf(std::vector<int64_t>(c.shape.end() - static_cast<std::ptrdiff_t>(kNorm), c.shape.end()));
  const int64_t m = NumelOf(c.shape) / n;
  o.rows = m;
  o.cols = n;
  const double eps = static_cast<float>(c.eps);  // the ops take epsilon as a float
  std::mt19937_64 rng(c.seed);
  auto values = [&](const std::vector<double> &fixed, aclDataType t, int64_t count, double lo, double hi) {
    return Rounded(t, fixed.empty() ? RandomValues(rng, count, lo, hi) : fixed);
  };
  o.in[0] = values(c.fixedX, c.x, NumelOf(c.shape), c.lo, c.hi);
  for (const auto &[i, v] : c.pokes) o.in[0].at(static_cast<size_t>(i)) = v;
  o.in[1] = values(c.fixedGamma, c.gamma, n, -2, 2);
  for (const auto &[i, v] : c.gammaPokes) o.in[1].at(static_cast<size_t>(i)) = v;
  uint64_t ws = 0;
  aclOpExecutor *exec = nullptr;
  auto L = [&c](int slot) { return c.layouts[slot]; };
  if (c.fn == Fn::kRmsNorm) {
    DeviceTensor x(c.shape, c.x, L(0)), g(gammaShape, c.gamma, L(1)), y(c.shape, c.x, L(2)),
        rstd(RstdShapeOf(c), f32, L(3));
    x.Fill(o.in[0]);
    g.Fill(o.in[1]);
    o.status = Phase1WithThreads(c.threads, [&] {
      return aclnnRmsNormGetWorkspaceSize(x.get(), g.get(), c.eps, y.get(), rstd.get(), &ws, &exec);
    });
    if (o.status != 0) return o;
    o.status = RunPhase2(aclnnRmsNorm, ws, exec);
    o.out[0] = y.Read();
    o.out[1] = rstd.Read();
    o.bytes[0] = y.Bytes();
    o.bytes[1] = rstd.Bytes();
    RmsReference(o.in[0], o.in[1], m, n, eps, &o.ref[0], &o.ref[1], &o.scale[0]);
    o.scale[1] = o.ref[1];
    return o;
  }
  if (c.fn == Fn::kGrad) {
    // in[0] dy, in[2] x; rstd consistent with x (or given)
    o.in[2] = values(c.fixedX2, c.x, NumelOf(c.shape), c.lo, c.hi);
    std::vector<double> y, exact, unused;
    RmsReference(o.in[2], o.in[1], m, n, eps, &y, &exact, &unused);
    o.rstdIn = c.fixedRstd.empty() ? Rounded(f32, exact) : c.fixedRstd;
    DeviceTensor dy(c.shape, c.x, L(0)), x(c.shape, c.x, L(1)), rstd(RstdShapeOf(c), f32, L(2)),
        g(gammaShape, c.gamma, L(3)), dx(c.shape, c.x, L(4)), dg(gammaShape, f32, L(5));
    dy.Fill(o.in[0]);
    x.Fill(o.in[2]);
    rstd.Fill(o.rstdIn);
    g.Fill(o.in[1]);
    o.status = Phase1WithThreads(c.threads, [&] {
      return aclnnRmsNormGradGetWorkspaceSize(dy.get(), x.get(), rstd.get(), g.get(), dx.get(), dg.get(), &ws, &exec);
    });
    if (o.status != 0) return o;
    o.status = RunPhase2(aclnnRmsNormGrad, ws, exec);
    o.out[0] = dx.Read();
    o.out[1] = dg.Read();
    o.bytes[0] = dx.Bytes();
    o.bytes[1] = dg.Bytes();
    // §2.2 with the given rstd
    const std::vector<double> &d = o.in[0], &xv = o.in[2], &gv = o.in[1];
    o.ref[0].assign(static_cast<size_t>(m * n), 0);
    o.scale[0].assign(static_cast<size_t>(m * n), 0);
    o.ref[1].assign(static_cast<size_t>(n), 0);
    o.scale[1].assign(static_cast<size_t>(n), 0);
    for (int64_t r = 0; r < m; ++r) {
      const double rs = o.rstdIn[r];
      double cs = 0, ca = 0;
      for (int64_t j = 0; j < n; ++j) {
        const double t = d[r * n + j] * gv[j] * xv[r * n + j] * rs;
        cs += t;
        ca += std::fabs(t);
      }
      cs /= static_cast<double>(n);
      ca /= static_cast<double>(n);
      for (int64_t j = 0; j < n; ++j) {
        const size_t i = static_cast<size_t>(r * n + j);
        o.ref[0][i] = rs * (d[i] * gv[j] - xv[i] * rs * cs);
        o.scale[0][i] = std::fabs(rs * d[i] * gv[j]) + std::fabs(xv[i] * rs * rs) * ca;
        o.ref[1][j] += d[i] * xv[i] * rs;
        o.scale[1][j] += std::fabs(d[i] * xv[i] * rs);
      }
    }
    return o;
  }
  // AddRmsNorm
  o.in[2] = values(c.fixedX2, c.x, NumelOf(c.shape), c.lo, c.hi);
  DeviceTensor x1(c.shape, c.x, L(0)), x2(c.shape, c.x, L(1)), g(gammaShape, c.gamma, L(2)), y(c.shape, c.x, L(3)),
      rstd(RstdShapeOf(c), f32, L(4)), xo(c.shape, c.x, L(5));
  x1.Fill(o.in[0]);
  x2.Fill(o.in[2]);
  g.Fill(o.in[1]);
  aclTensor *rstdT = c.mode == 0 ? rstd.get() : nullptr, *xoT = c.mode == 2 ? nullptr : xo.get();
  o.status = Phase1WithThreads(c.threads, [&] {
    return aclnnAddRmsNormGetWorkspaceSize(x1.get(), x2.get(), g.get(), c.eps, y.get(), rstdT, xoT, &ws, &exec);
  });
  if (o.status != 0) return o;
  o.status = RunPhase2(aclnnAddRmsNorm, ws, exec);
  o.out[0] = y.Read();
  o.bytes[0] = y.Bytes();
  if (c.mode == 0) {
    o.out[1] = rstd.Read();
    o.bytes[1] = rstd.Bytes();
  }
  if (c.mode != 2) {
    o.out[2] = xo.Read();
    o.bytes[2] = xo.Bytes();
  }
  // §3.2: the sum in fp32 (exact for these inputs), rounded to the dtype; the norm of that rounded sum (§4 Q2).
  std::vector<double> sum(static_cast<size_t>(m * n));
  for (size_t i = 0; i < sum.size(); ++i) sum[i] = RoundTo(c.x, RoundTo(f32, o.in[0][i] + o.in[2][i]));
  RmsReference(sum, o.in[1], m, n, eps, &o.ref[0], &o.ref[1], &o.scale[0]);
  o.scale[1] = o.ref[1];
  o.ref[2] = sum;
  o.scale[2] = sum;
  return o;
}

// One ulp of `t` at |v|, no smaller than the spacing of its subnormals.
double Ulp(aclDataType t, double v) {
  const double floor = t == f16 ? std::ldexp(1.0, -24) : t == bf16 ? std::ldexp(1.0, -133) : std::ldexp(1.0, -149);
  return std::max(UlpAt(t, std::fabs(v)), floor);
}

// y / dx in x's dtype: FLOAT within 3 fp32 ulps (x * rstd * gamma: three roundings), 16-bit within one ulp of the
// dtype; plus, for dx, a few fp32 roundings of its two terms where they cancel. rstd (FLOAT) within one ulp.
// dgamma (FLOAT): 3 ulps plus 16 fp32 roundings of the sum of |terms| (an accurate sum, not a naive running one).
// xOut exactly the rounded sum.
::testing::AssertionResult Matches(const Case &c, const Result &o) {
  if (o.status != 0) return ::testing::AssertionFailure() << "status " << o.status << ": " << aclGetRecentErrMsg();
  const double e32 = std::ldexp(1.0, -24);
  for (int k = 0; k < 3; ++k) {
    if (o.out[k].empty()) continue;
    if (o.out[k].size() != o.ref[k].size())
      return ::testing::AssertionFailure() << "output " << k << " has " << o.out[k].size() << " values";
    const bool xDtype = k == 0 || k == 2;
    const aclDataType t = xDtype ? c.x : f32;
    for (size_t i = 0; i < o.out[k].size(); ++i) {
      const double ref = o.ref[k][i], got = o.out[k][i];
      double tol;
      if (c.fn == Fn::kAdd && k == 2) {
        tol = 0;
      } else if (c.fn == Fn::kGrad && k == 1) {
        tol = 3 * Ulp(f32, ref) + 16 * e32 * o.scale[k][i];
      } else if (k == 1) {
        tol = Ulp(f32, ref);
      } else {
        tol = (t == f32 ? 3 * Ulp(f32, ref) : Ulp(t, ref)) + (c.fn == Fn::kGrad ? 8 * e32 * o.scale[k][i] : 0.0);
      }
      const ::testing::AssertionResult r = SpecialExactOrNear(got, ref, tol);
      if (!r) return ::testing::AssertionFailure() << "output " << k << "[" << i << "]: " << r.message();
    }
  }
  return ::testing::AssertionSuccess();
}

std::string Label(const Case &c) {
  std::string s = std::string(FnName(c.fn)) + " " + DTypeLabel(c.x) + "/" + DTypeLabel(c.gamma) + " [";
  for (size_t i = 0; i < c.shape.size(); ++i) s += (i ? "," : "") + std::to_string(c.shape[i]);
  s += "] k " + std::to_string(c.k);
  if (c.fn == Fn::kAdd) s += " mode " + std::to_string(c.mode);
  return s;
}

// Every accepted dtype row: §1.3, §2.3 (the same five pairs), §3.3 (mode 0) and modes 1/2 (16-bit).
std::vector<Case> DtypeRows() {
  std::vector<Case> r;
  const std::pair<aclDataType, aclDataType> pairs[] = {{f16, f32}, {bf16, f32}, {f16, f16}, {f32, f32}, {bf16, bf16}};
  for (Fn f : {Fn::kRmsNorm, Fn::kGrad}) {
    for (const auto &[x, g] : pairs) {
      Case c;
      c.Of(f).Types(x, g);
      r.push_back(c);
    }
  }
  for (aclDataType t : {f32, f16, bf16}) {
    Case c;
    c.Types(t, t).Of(Fn::kAdd);
    r.push_back(c);
  }
  for (int mode : {1, 2}) {
    for (aclDataType t : {f16, bf16}) {
      Case c;
      c.Types(t, t).Of(Fn::kAdd);
      c.mode = mode;
      r.push_back(c);
    }
  }
  return r;
}

class RmsNormNumeric : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

std::vector<double> ExampleRow2x16() {
  std::vector<double> v;
  for (int r = 0; r < 4; ++r)
    for (int i = 0; i < 8; ++i) v.push_back(i);
  return v;
}

// §1.7: x = gamma = {0..7, 0..7} per row, eps 1e-6; the 32 printed y values; rstd 1/sqrt(17.5 + 1e-6).
TEST_F(RmsNormNumeric, RmsNormVendorExampleValues) {
  const double expect[8] = {0.000000, 0.239046, 0.956183, 2.151412, 3.824731, 5.976143, 8.605646, 11.713240};
  DeviceTensor x({2, 16}, f32), gamma({16}, f32), y({2, 16}, f32), rstd({2, 1}, f32);
  const std::vector<double> v = ExampleRow2x16();
  x.Fill(v);
  gamma.Fill(std::vector<double>(v.begin(), v.begin() + 16));
  y.Fill(std::vector<double>(32, 7.0));
  rstd.Fill({7.0, 7.0});
  uint64_t ws = 0;
  aclOpExecutor *exec = nullptr;
  ASSERT_EQ(aclnnRmsNormGetWorkspaceSize(x.get(), gamma.get(), 1e-6, y.get(), rstd.get(), &ws, &exec), 0)
      << aclGetRecentErrMsg();
  ASSERT_EQ(RunPhase2(aclnnRmsNorm, ws, exec), 0);
  const std::vector<double> got = y.Read(), r = rstd.Read();
  // "Last digit may differ by one": within one printed unit plus half of one.
  for (size_t i = 0; i < 32; ++i) EXPECT_NEAR(got[i], expect[i % 8], 1.5e-6) << "y[" << i << "]";
  const double rs = 1.0 / std::sqrt(17.5 + static_cast<double>(1e-6f));
  for (double v2 : r) EXPECT_LE(std::fabs(v2 - rs), Ulp(f32, rs)) << "rstd " << v2;
}

// §2.6: dy = x = 1..32 as [2,1,16], rstd [2] = {1, 2}, gamma 1..16; exact integers.
TEST_F(RmsNormNumeric, RmsNormGradVendorExampleValues) {
  const double dx0[16] = {-1155,  -2308,  -3459,  -4608,  -5755,  -6900,  -8043,  -9184,
                          -10323, -11460, -12595, -13728, -14859, -15988, -17115, -18240};
  const double dx1[16] = {-860030,  -910584,  -961134,  -1011680, -1062222, -1112760, -1163294, -1213824,
                          -1264350, -1314872, -1365390, -1415904, -1466414, -1516920, -1567422, -1617920};
  const double dg[16] = {579, 652, 731, 816, 907, 1004, 1107, 1216, 1331, 1452, 1579, 1712, 1851, 1996, 2147, 2304};
  DeviceTensor dy({2, 1, 16}, f32), x({2, 1, 16}, f32), rstd({2}, f32), gamma({16}, f32), dx({2, 1, 16}, f32),
      dgamma({16}, f32);
  std::vector<double> ramp32(32), ramp16(16);
  for (int i = 0; i < 32; ++i) ramp32[static_cast<size_t>(i)] = i + 1;
  for (int i = 0; i < 16; ++i) ramp16[static_cast<size_t>(i)] = i + 1;
  dy.Fill(ramp32);
  x.Fill(ramp32);
  rstd.Fill({1, 2});
  gamma.Fill(ramp16);
  dx.Fill(std::vector<double>(32, 5.0));
  dgamma.Fill(std::vector<double>(16, 5.0));
  uint64_t ws = 0;
  aclOpExecutor *exec = nullptr;
  ASSERT_EQ(
      aclnnRmsNormGradGetWorkspaceSize(dy.get(), x.get(), rstd.get(), gamma.get(), dx.get(), dgamma.get(), &ws, &exec),
      0)
      << aclGetRecentErrMsg();
  ASSERT_EQ(RunPhase2(aclnnRmsNormGrad, ws, exec), 0);
  const std::vector<double> gotDx = dx.Read(), gotDg = dgamma.Read();
  for (size_t i = 0; i < 16; ++i) {
    EXPECT_EQ(gotDx[i], dx0[i]) << "dx row 0 [" << i << "]";
    EXPECT_EQ(gotDx[16 + i], dx1[i]) << "dx row 1 [" << i << "]";
    EXPECT_EQ(gotDg[i], dg[i]) << "dgamma[" << i << "]";
  }
}

// §3.6: x1 = x2 = gamma rows {0..7, 0..7}, float eps 1e-6 passed as the double; y compared with a 1-ulp tolerance
// (on top of the print); xOut 0, 2, ..., 14; rstd 1/sqrt(70 + 1e-6).
TEST_F(RmsNormNumeric, AddRmsNormVendorExampleValues) {
  const double expect[8] = {0.000000, 0.239046, 0.956183, 2.151412, 3.824732, 5.976143, 8.605646, 11.713241};
  DeviceTensor x1({2, 16}, f32), x2({2, 16}, f32), gamma({16}, f32), y({2, 16}, f32), rstd({2, 1}, f32),
      xo({2, 16}, f32);
  const std::vector<double> v = ExampleRow2x16();
  x1.Fill(v);
  x2.Fill(v);
  gamma.Fill(std::vector<double>(v.begin(), v.begin() + 16));
  y.Fill(std::vector<double>(32, 7.0));
  xo.Fill(std::vector<double>(32, 7.0));
  rstd.Fill({7.0, 7.0});
  uint64_t ws = 0;
  aclOpExecutor *exec = nullptr;
  const float epsilon = 1e-6f;
  ASSERT_EQ(aclnnAddRmsNormGetWorkspaceSize(x1.get(), x2.get(), gamma.get(), epsilon, y.get(), rstd.get(), xo.get(),
                                            &ws, &exec),
            0)
      << aclGetRecentErrMsg();
  ASSERT_EQ(RunPhase2(aclnnAddRmsNorm, ws, exec), 0);
  const std::vector<double> got = y.Read(), r = rstd.Read(), xs = xo.Read();
  for (size_t i = 0; i < 32; ++i) {
    EXPECT_NEAR(got[i], expect[i % 8], 5e-7 + Ulp(f32, expect[i % 8]) + 1e-6) << "y[" << i << "]";
    EXPECT_EQ(xs[i], 2.0 * static_cast<double>(i % 8)) << "xOut[" << i << "]";
  }
  const double rs = 1.0 / std::sqrt(70 + static_cast<double>(1e-6f));
  for (double v2 : r) EXPECT_LE(std::fabs(v2 - rs), Ulp(f32, rs)) << "rstd " << v2;
}

// x ranks 1..8, gamma ranks 1..3 (≤ rank), every dtype row of the three functions.
TEST_F(RmsNormNumeric, EveryDtypeRowXRanks1To8GammaRanks1To3) {
  const std::vector<int64_t> base = {3, 2, 1, 2, 3, 5, 4, 9};
  int ran = 0;
  for (Case row : DtypeRows()) {
    for (size_t rank = 1; rank <= 8; ++rank) {
      const std::vector<int64_t> shape(base.end() - static_cast<std::ptrdiff_t>(rank), base.end());
      const size_t maxK = row.fn == Fn::kAdd && row.mode != 0 ? 1 : std::min<size_t>(3, rank);
      for (size_t k = 1; k <= maxK; ++k) {
        Case c = row;
        c.Shape(shape, k).Seed(rank * 10 + k);
        if (c.fn == Fn::kAdd && c.mode != 0 && rank < 2) continue;  // gamma [1, N] needs a rank-2 x
        const Result o = RunCase(c);
        EXPECT_TRUE(Matches(c, o)) << Label(c);
        ++ran;
      }
    }
  }
  EXPECT_GT(ran, 200);
}

// Rows short and long, around vector widths and blocks: 1, 7, 64, 255, 256, 257, 4096, 5000 columns.
TEST_F(RmsNormNumeric, RowLengths) {
  for (Case row : DtypeRows()) {
    for (int64_t n : {1, 7, 64, 255, 256, 257, 4096, 5000}) {
      Case c = row;
      c.Shape({3, n}).Seed(static_cast<uint64_t>(n));
      if (c.fn == Fn::kAdd && c.mode != 0) c.Shape({2, 3, n});
      EXPECT_TRUE(Matches(c, RunCase(c))) << Label(c);
    }
  }
}

// Many short rows and one very long row (the LayerNorm kernel's two paths).
TEST_F(RmsNormNumeric, ManyShortRowsAndOneLongRow) {
  for (Fn f : {Fn::kRmsNorm, Fn::kGrad, Fn::kAdd}) {
    for (aclDataType t : {f32, bf16}) {
      Case a, b;
      a.Types(t, t).Of(f).Shape({3000, 5}).Seed(3);
      b.Types(t, t).Of(f).Shape({1, 70000}).Seed(4);
      EXPECT_TRUE(Matches(a, RunCase(a))) << Label(a);
      EXPECT_TRUE(Matches(b, RunCase(b))) << Label(b);
    }
  }
}

void ExpectStridedViewsMatchDense() {
  Layout offsetOnly;
  offsetOnly.offset = 5;
  Layout paddedTransposed = Layout::Transposed(3);
  paddedTransposed.pad = {1, 2, 1};
  paddedTransposed.offset = 2;
  for (Case row : DtypeRows()) {
    const size_t slots = row.fn == Fn::kRmsNorm ? 4 : 6;
    for (size_t slot = 0; slot < slots; ++slot) {
      if (row.fn == Fn::kAdd && ((row.mode != 0 && slot == 4) || (row.mode == 2 && slot == 5))) continue;
      for (int variant = 0; variant < 3; ++variant) {
        Case dense = row;
        dense.Shape({4, 6, 33}, 1).Seed(17);
        if (row.fn != Fn::kAdd || row.mode == 0) dense.k = slot % 2 == 0 ? 1 : 2;  // both gamma ranks
        Case strided = dense;
        const bool gammaSlot = (row.fn == Fn::kRmsNorm && slot == 1) ||
                               (row.fn == Fn::kGrad && (slot == 3 || slot == 5)) || (row.fn == Fn::kAdd && slot == 2);
        const bool rstdSlot = (row.fn == Fn::kRmsNorm && slot == 3) || (row.fn == Fn::kGrad && slot == 2) ||
                              (row.fn == Fn::kAdd && slot == 4);
        const size_t rank = gammaSlot ? (row.fn == Fn::kAdd && row.mode != 0 ? 2 : dense.k) : 3;
        Layout l = variant == 0 ? Layout::Padded(rank, 3) : variant == 1 ? offsetOnly : Layout::Transposed(rank);
        if (variant == 2 && rank == 3 && !rstdSlot) l = paddedTransposed;
        strided.layouts[slot] = l;
        const Result a = RunCase(dense), b = RunCase(strided);
        SCOPED_TRACE(Label(strided) + " slot " + std::to_string(slot) + " variant " + std::to_string(variant));
        ASSERT_TRUE(Matches(strided, b));
        for (int k = 0; k < 3; ++k) {
          ASSERT_EQ(a.out[k].size(), b.out[k].size());
          for (size_t i = 0; i < a.out[k].size(); ++i) {
            ASSERT_EQ(std::memcmp(&a.out[k][i], &b.out[k][i], sizeof(double)), 0)
                << "output " << k << "[" << i << "] " << a.out[k][i] << " vs " << b.out[k][i];
          }
        }
      }
    }
  }
}

// Strided, padded, offset and transposed views of every tensor (staged as fp32) give the dense results (read and
// written in place, 16-bit converted in registers) bit for bit, on every SIMD target of this CPU.
TEST_F(RmsNormNumeric, StridedTransposedAndOffsetViewsMatchDenseBitwiseOnEverySimdTarget) {
  ForEachSimdTarget([] { ExpectStridedViewsMatchDense(); });
}

// rstd of the lax shapes (§1.4 note, §2.4): M values row-major, whatever the shape.
TEST_F(RmsNormNumeric, RstdOfOddShapes) {
  struct Odd {
    Fn fn;
    std::vector<int64_t> x, rstd;
  };
  const Odd odd[] = {{Fn::kRmsNorm, {2, 3, 16}, {2, 3}},    {Fn::kRmsNorm, {2, 1, 16}, {2}},
                     {Fn::kRmsNorm, {2, 1, 16}, {2, 1, 1}}, {Fn::kRmsNorm, {1, 5, 7}, {1, 5}},
                     {Fn::kGrad, {2, 1, 16}, {2}},          {Fn::kGrad, {2, 3, 16}, {2, 3}},
                     {Fn::kGrad, {2, 3, 16}, {2, 3, 1, 1}}, {Fn::kGrad, {4, 1, 1, 9}, {4}}};
  for (const Odd &o : odd) {
    for (aclDataType t : {f32, f16}) {
      Case c;
      c.Types(t, f32).Of(o.fn).Shape(o.x).Seed(8);
      c.rstdShape = o.rstd;
      c.layouts[o.fn == Fn::kRmsNorm ? 3 : 2] = Layout::Padded(o.rstd.size(), 1);
      EXPECT_TRUE(Matches(c, RunCase(c))) << Label(c);
    }
  }
}

// §3.2 / §4 Q2: xOut is x1 + x2 rounded to the dtype, and y, rstd are RmsNorm's of that xOut, bit for bit; modes 1
// and 2 give mode 0's y (and mode 1 its xOut).
TEST_F(RmsNormNumeric, AddRmsNormNormalizesTheRoundedSum) {
  for (aclDataType t : {f16, bf16, f32}) {
    for (const std::vector<int64_t> &shape : {std::vector<int64_t>{5, 3, 77}, std::vector<int64_t>{2, 1000}}) {
      Case c;
      c.Types(t, t).Of(Fn::kAdd).Shape(shape).Seed(23);
      c.lo = -40;  // sums whose 16-bit rounding is coarse
      c.hi = 40;
      const Result o = RunCase(c);
      ASSERT_TRUE(Matches(c, o)) << Label(c);
      // RmsNorm of xOut with the same gamma
      Case plain;
      plain.Types(t, t).Of(Fn::kRmsNorm).Shape(shape);
      plain.fixedX = o.out[2];
      plain.fixedGamma = o.in[1];
      const Result p = RunCase(plain);
      ASSERT_EQ(p.status, 0);
      EXPECT_EQ(o.bytes[0], p.bytes[0]) << Label(c) << ": y differs from RmsNorm(xOut)";
      EXPECT_EQ(o.out[1], p.out[1]) << Label(c) << ": rstd differs from RmsNorm(xOut)'s";
      if (t == f32) continue;
      for (int mode : {1, 2}) {
        Case m = c;
        m.mode = mode;
        const Result q = RunCase(m);
        ASSERT_TRUE(Matches(m, q)) << Label(m);
        EXPECT_EQ(q.bytes[0], o.bytes[0]) << Label(m) << ": y differs from mode 0's";
        if (mode == 1) {
          EXPECT_EQ(q.bytes[2], o.bytes[2]) << Label(m) << ": xOut differs from mode 0's";
        }
      }
    }
  }
}

// eps 0 is accepted (§1.2): random rows as the formula; a zero row gives rstd = 1/sqrt(0) = inf and y = 0 * inf =
// NaN. eps is narrowed to float: 1e-40 becomes a float subnormal, which a zero row's rstd shows.
TEST_F(RmsNormNumeric, EpsZeroAndEpsNarrowedToFloat) {
  for (Fn f : {Fn::kRmsNorm, Fn::kAdd}) {
    for (aclDataType t : {f32, f16}) {
      Case c;
      c.Types(t, t).Of(f).Shape({4, 50}).Seed(6);
      c.eps = 0;
      EXPECT_TRUE(Matches(c, RunCase(c))) << Label(c) << " eps 0";
      std::mt19937_64 rng(1);
      std::vector<double> x = RandomValues(rng, 100, -2, 2);
      for (size_t i = 50; i < 100; ++i) x[i] = 0;  // row 1 all zero
      Case z = c;
      z.Shape({2, 50});
      z.fixedX = x;
      if (f == Fn::kAdd) z.fixedX2 = std::vector<double>(100, 0.0);
      const Result o = RunCase(z);
      ASSERT_TRUE(Matches(z, o)) << Label(z) << " zero row";
      EXPECT_EQ(o.out[1][1], HUGE_VAL);
      for (size_t i = 50; i < 100; ++i) EXPECT_TRUE(std::isnan(o.out[0][i])) << "y[" << i << "] " << o.out[0][i];
    }
  }
  Case tiny;
  tiny.Shape({2, 8}).Seed(2);
  tiny.fixedX = std::vector<double>(16, 0.0);
  tiny.fixedX[3] = 1.5;
  tiny.eps = 1e-40;
  const Result o = RunCase(tiny);
  ASSERT_TRUE(Matches(tiny, o));
  EXPECT_EQ(o.out[1][1], static_cast<double>(static_cast<float>(1.0 / std::sqrt(static_cast<double>(1e-40f)))));
}

// Σx² in double (§4 Q6): FLOAT rows whose squares overflow or underflow fp32 normalize as the formula says.
TEST_F(RmsNormNumeric, ExtremeMagnitudesUseWideSums) {
  for (Fn f : {Fn::kRmsNorm, Fn::kAdd}) {
    for (double scale : {1e30, 1e-30}) {
      Case c;
      c.Of(f).Shape({3, 65}).Seed(12);
      c.eps = 0;
      c.lo = 0.5 * scale;
      c.hi = 2 * scale;
      if (f == Fn::kAdd) c.fixedX2 = std::vector<double>(3 * 65, 0.0);
      const Result o = RunCase(c);
      EXPECT_TRUE(Matches(c, o)) << Label(c) << " scale " << scale;
    }
  }
}

// NaN in a row makes the row's y NaN and its rstd NaN; an infinity makes rstd 0 (1/sqrt(inf)) and its own y
// non-finite, the row's other y zero; other rows are untouched by either. RmsNormGrad: a NaN in dy spoils its row of
// dx (through c) and its column of dgamma only. AddRmsNorm: a NaN in x1 reaches xOut at that element only.
TEST_F(RmsNormNumeric, SpecialValuesPropagate) {
  for (Fn f : {Fn::kRmsNorm, Fn::kAdd}) {
    for (aclDataType t : {f32, f16, bf16}) {
      for (double bad : {std::nan(""), HUGE_VAL, -HUGE_VAL}) {
        Case c;
        c.Types(t, t).Of(f).Shape({4, 37}).Seed(31);
        c.pokes = {{1 * 37 + 5, bad}};
        const Result o = RunCase(c);
        SCOPED_TRACE(Label(c) + " bad " + std::to_string(bad));
        ASSERT_EQ(o.status, 0);
        for (int64_t r = 0; r < 4; ++r) {
          if (r == 1) {
            if (std::isnan(bad)) {
              EXPECT_TRUE(std::isnan(o.out[1][1])) << "rstd " << o.out[1][1];
            } else {
              EXPECT_EQ(o.out[1][1], 0.0) << "rstd";
            }
          } else {
            EXPECT_TRUE(std::isfinite(o.out[1][static_cast<size_t>(r)])) << "rstd row " << r;
          }
          for (int64_t j = 0; j < 37; ++j) {
            const double v = o.out[0][static_cast<size_t>(r * 37 + j)];
            if (r != 1) {
              EXPECT_TRUE(SpecialExactOrNear(v, o.ref[0][static_cast<size_t>(r * 37 + j)],
                                             t == f32 ? 3 * Ulp(f32, v) : Ulp(t, v)));
            } else if (std::isnan(bad) || j == 5) {
              EXPECT_FALSE(std::isfinite(v)) << "y[1," << j << "] " << v;
            } else {
              EXPECT_EQ(v, 0.0) << "y[1," << j << "]";
            }
          }
        }
        if (f == Fn::kAdd) {
          for (size_t i = 0; i < o.out[2].size(); ++i) {
            EXPECT_TRUE(SpecialExactOrNear(o.out[2][i], o.ref[2][i], 0)) << "xOut[" << i << "]";
          }
        }
      }
    }
  }
  for (aclDataType t : {f32, bf16}) {
    Case c;
    c.Types(t, t).Of(Fn::kGrad).Shape({4, 37}).Seed(32);
    c.pokes = {{2 * 37 + 9, std::nan("")}};
    const Result o = RunCase(c);
    ASSERT_EQ(o.status, 0);
    for (int64_t r = 0; r < 4; ++r) {
      for (int64_t j = 0; j < 37; ++j) {
        const double v = o.out[0][static_cast<size_t>(r * 37 + j)];
        if (r == 2) {
          EXPECT_TRUE(std::isnan(v)) << "dx[2," << j << "]";
        } else {
          EXPECT_TRUE(std::isfinite(v)) << "dx[" << r << "," << j << "]";
        }
      }
    }
    for (int64_t j = 0; j < 37; ++j) {
      EXPECT_EQ(std::isnan(o.out[1][static_cast<size_t>(j)]), j == 9) << "dgamma[" << j << "]";
    }
  }
}

// A NaN gamma element spoils its column of y only.
TEST_F(RmsNormNumeric, NaNGammaSpoilsItsColumn) {
  Case c;
  c.Shape({3, 20}).Seed(33);
  c.gammaPokes = {{4, std::nan("")}};
  const Result o = RunCase(c);
  ASSERT_EQ(o.status, 0);
  for (size_t i = 0; i < o.out[0].size(); ++i) EXPECT_EQ(std::isnan(o.out[0][i]), i % 20 == 4) << i;
  for (double r : o.out[1]) EXPECT_TRUE(std::isfinite(r));
}

// Deterministic (§1.2): 1 and 2 OpenMP threads give the same bytes, on shapes split by rows and by columns.
TEST_F(RmsNormNumeric, OneAndTwoThreadsBitwise) {
  const std::vector<std::vector<int64_t>> shapes = {{8, 4096}, {3000, 7}, {2, 30000}, {4000, 64}};
  for (Case row : DtypeRows()) {
    if (row.x != row.gamma && row.fn != Fn::kGrad) continue;  // mixed rows: the Grad pass covers them
    for (const auto &shape : shapes) {
      if (shape[0] == 4000 && row.fn != Fn::kGrad) continue;  // dgamma's many-row reduction
      Case one = row, two = row;
      one.Shape(shape).Seed(21);
      if (row.fn == Fn::kAdd && row.mode != 0) one.Shape({1, shape[0], shape[1]});
      two = one;
      one.threads = 1;
      two.threads = 2;
      const Result a = RunCase(one), b = RunCase(two);
      ASSERT_EQ(a.status, 0);
      ASSERT_EQ(b.status, 0);
      for (int k = 0; k < 3; ++k) EXPECT_EQ(a.bytes[k], b.bytes[k]) << Label(one) << " output " << k;
    }
  }
}

// dgamma sums 10000 rows: within a few fp32 roundings of the sum of its terms' magnitudes (a naive running fp32
// sum is not).
TEST_F(RmsNormNumeric, DgammaOverManyRowsIsAccurate) {
  for (aclDataType t : {f32, f16, bf16}) {
    for (const std::vector<int64_t> &shape : {std::vector<int64_t>{10000, 64}, std::vector<int64_t>{100, 100, 33}}) {
      Case c;
      c.Types(t, f32).Of(Fn::kGrad).Shape(shape).Seed(41);
      c.lo = 0.5;  // same-signed terms: dgamma is a large sum
      c.hi = 2;
      EXPECT_TRUE(Matches(c, RunCase(c))) << Label(c);
    }
  }
}

// gamma of rank 2 and 3 on RmsNormGrad with rows of several dims and rstd as given (not consistent with x).
TEST_F(RmsNormNumeric, GradWithArbitraryRstd) {
  for (aclDataType t : {f32, f16}) {
    Case c;
    c.Types(t, t).Of(Fn::kGrad).Shape({3, 4, 5, 6}, 2).Seed(51);
    std::mt19937_64 rng(5);
    c.fixedRstd = Rounded(f32, RandomValues(rng, 12, 0.1, 4));
    EXPECT_TRUE(Matches(c, RunCase(c))) << Label(c);
  }
}

}  // namespace
}  // namespace aclcpu_test::rms_norm_numeric_test
