// aclnnGroupNorm and aclnnGroupNormSilu against a float64 reference (docs/ops/group_norm.md §1.2, §3.2):
// mean, rstd = 1/sqrt(biased var + float(eps)), out = (x - mean) * rstd * gamma + beta (then z * sigmoid(z)),
// meanOut/rstdOut in self's dtype. The vendor examples (§1.6, §3.6), every dtype row (GroupNormSilu's mixed rows
// included), ranks 2-8, one group / C groups / in between, null gamma/beta, strided and transposed views of every
// tensor, the SD-sized 2x320x64x64 with 32 groups, non-finite values kept in their group, 1 vs 2 threads bitwise.
#include <cmath>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "aclnnop/aclnn_group_norm.h"
#include "aclnnop/aclnn_group_norm_silu.h"
#include "common/test_tensor.h"

namespace aclcpu_test::group_norm_numeric_test {
namespace {

enum class Op { kGroupNorm, kGroupNormSilu };

const char *OpName(Op op) { return op == Op::kGroupNorm ? "GroupNorm" : "GroupNormSilu"; }

struct GnOutputs {
  aclnnStatus status = -1;
  uint64_t workspaceSize = 0;
  std::vector<double> out, mean, rstd;
  std::vector<double> refOut, refMean, refRstd;  // float64, unrounded
  std::vector<double> scale;                     // per element |gamma * xhat| + |beta|: the size of z's terms
  std::vector<unsigned char> outBytes, meanBytes, rstdBytes;
};

class GnRunner {
 public:
  GnRunner &Fn(Op op) {
    op_ = op;
    return *this;
  }
  GnRunner &Shape(std::vector<int64_t> s) {
    shape_ = std::move(s);
    return *this;
  }
  GnRunner &Groups(int64_t g) {
    groups_ = g;
    return *this;
  }
  // self, out, meanOut, rstdOut dtype; gamma/beta default to the same.
  GnRunner &DType(aclDataType t) {
    dtype_ = t;
    affineDtype_ = t;
    return *this;
  }
  GnRunner &AffineDType(aclDataType t) {
    affineDtype_ = t;
    return *this;
  }
  GnRunner &NoGamma() {
    gamma_ = false;
    return *this;
  }
  GnRunner &NoBeta() {
    beta_ = false;
    return *this;
  }
  GnRunner &Eps(double e) {
    eps_ = e;
    return *this;
  }
  GnRunner &XLayout(Layout l) {
    xLayout_ = std::move(l);
    return *this;
  }
  GnRunner &OutLayout(Layout l) {
    outLayout_ = std::move(l);
    return *this;
  }
  GnRunner &AffineLayout(Layout l) {
    affineLayout_ = std::move(l);
    return *this;
  }
  GnRunner &StatsLayout(Layout l) {
    statsLayout_ = std::move(l);
    return *this;
  }
  // x uniform in [lo, hi] plus `offset`; gamma in [-2, 2], beta in [-1, 1].
  GnRunner &Values(double lo, double hi, double offset = 0.0) {
    lo_ = lo;
    hi_ = hi;
    offset_ = offset;
    return *this;
  }
  GnRunner &Seed(uint64_t s) {
    seed_ = s;
    return *this;
  }
  GnRunner &PokeX(int64_t index, double value) {
    pokes_.emplace_back(index, value);
    return *this;
  }
  GnRunner &Threads(int t) {
    threads_ = t;
    return *this;
  }
  // Explicit x / gamma / beta values (row-major), instead of random ones.
  GnRunner &XValues(std::vector<double> v) {
    fixedX_ = std::move(v);
    return *this;
  }
  GnRunner &AffineValues(std::vector<double> g, std::vector<double> b) {
    fixedGamma_ = std::move(g);
    fixedBeta_ = std::move(b);
    return *this;
  }
  aclDataType dtype() const { return dtype_; }
  Op op() const { return op_; }

  std::vector<double> xValues, gammaValues, betaValues;  // as stored (gamma 1 / beta 0 when null)

  GnOutputs Run() {
    GnOutputs o;
    const int64_t n = shape_[0], c = shape_[1], hw = NumelOf(shape_) / std::max<int64_t>(n * c, 1);
    std::mt19937_64 rng(seed_);
    DeviceTensor x(shape_, dtype_, xLayout_), out(shape_, dtype_, outLayout_);
    DeviceTensor gamma({c}, affineDtype_, affineLayout_), beta({c}, affineDtype_, affineLayout_);
    DeviceTensor mean({n, groups_}, dtype_, statsLayout_), rstd({n, groups_}, dtype_, statsLayout_);
    xValues = fixedX_.empty() ? RandomValues(rng, NumelOf(shape_), lo_, hi_) : fixedX_;
    for (double &v : xValues) v = RoundTo(dtype_, v + offset_);
    for (const auto &[index, value] : pokes_) xValues.at(static_cast<size_t>(index)) = value;
    gammaValues = fixedGamma_.empty() ? RandomValues(rng, c, -2, 2) : fixedGamma_;
    betaValues = fixedBeta_.empty() ? RandomValues(rng, c, -1, 1) : fixedBeta_;
    for (double &v : gammaValues) v = RoundTo(affineDtype_, v);
    for (double &v : betaValues) v = RoundTo(affineDtype_, v);
    if (!gamma_) gammaValues.assign(static_cast<size_t>(c), 1.0);
    if (!beta_) betaValues.assign(static_cast<size_t>(c), 0.0);
    x.Fill(xValues);
    gamma.Fill(gammaValues);
    beta.Fill(betaValues);
    aclOpExecutor *executor = nullptr;
    aclTensor *g = gamma_ ? gamma.get() : nullptr, *b = beta_ ? beta.get() : nullptr;
    o.status = Phase1WithThreads(threads_, [&] {
      return op_ == Op::kGroupNorm
                 ? aclnnGroupNormGetWorkspaceSize(x.get(), g, b, n, c, hw, groups_, eps_, out.get(), mean.get(),
                                                  rstd.get(), &o.workspaceSize, &executor)
                 : aclnnGroupNormSiluGetWorkspaceSize(x.get(), g, b, groups_, eps_, out.get(), mean.get(), rstd.get(),
                                                      &o.workspaceSize, &executor);
    });
    if (o.status != 0) return o;
    o.status = RunPhase2(op_ == Op::kGroupNorm ? aclnnGroupNorm : aclnnGroupNormSilu, o.workspaceSize, executor);
    if (o.status != 0) return o;
    o.out = out.Read();
    o.mean = mean.Read();
    o.rstd = rstd.Read();
    o.outBytes = out.Bytes();
    o.meanBytes = mean.Bytes();
    o.rstdBytes = rstd.Bytes();
    Reference(n, c, hw, &o);
    return o;
  }

 private:
  void Reference(int64_t n, int64_t c, int64_t hw, GnOutputs *o) const {
    const int64_t d = c / groups_, size = d * hw;
    const double eps = static_cast<float>(eps_);  // the op narrows eps to float
    const auto total = static_cast<size_t>(n * c * hw);
    o->refOut.assign(total, 0.0);
    o->scale.assign(total, 0.0);
    o->refMean.assign(static_cast<size_t>(n * groups_), 0.0);
    o->refRstd.assign(static_cast<size_t>(n * groups_), 0.0);
    for (int64_t ng = 0; ng < n * groups_; ++ng) {
      const double *v = xValues.data() + ng * size;
      double sum = 0, sq = 0;
      for (int64_t i = 0; i < size; ++i) sum += v[i];
      const double mu = sum / static_cast<double>(size);
      for (int64_t i = 0; i < size; ++i) sq += (v[i] - mu) * (v[i] - mu);
      const double r = 1.0 / std::sqrt(sq / static_cast<double>(size) + eps);
      o->refMean[static_cast<size_t>(ng)] = mu;
      o->refRstd[static_cast<size_t>(ng)] = r;
      const int64_t g = ng % groups_, ni = ng / groups_;
      for (int64_t ch = g * d; ch < (g + 1) * d; ++ch) {
        const double gm = gammaValues[static_cast<size_t>(ch)], bt = betaValues[static_cast<size_t>(ch)];
        for (int64_t k = 0; k < hw; ++k) {
          const auto i = static_cast<size_t>((ni * c + ch) * hw + k);
          const double xhat = (xValues[i] - mu) * r, z = gm * xhat + bt;
          o->refOut[i] = op_ == Op::kGroupNormSilu ? z / (1.0 + std::exp(-z)) : z;
          o->scale[i] = std::fabs(gm * xhat) + std::fabs(bt);
        }
      }
    }
  }

  Op op_ = Op::kGroupNorm;
  std::vector<int64_t> shape_ = {2, 4, 3, 5};
  int64_t groups_ = 2;
  aclDataType dtype_ = ACL_FLOAT, affineDtype_ = ACL_FLOAT;
  bool gamma_ = true, beta_ = true;
  double eps_ = 1e-5;
  Layout xLayout_, outLayout_, affineLayout_, statsLayout_;
  double lo_ = -3, hi_ = 3, offset_ = 0;
  std::vector<std::pair<int64_t, double>> pokes_;
  std::vector<double> fixedX_, fixedGamma_, fixedBeta_;
  uint64_t seed_ = 1;
  int threads_ = 0;
};

// One ulp of `t` at |v|, no smaller than the spacing of its subnormals.
double Ulp(aclDataType t, double v) {
  const double m = std::fabs(v);
  const double floor = t == ACL_FLOAT16 ? std::ldexp(1.0, -24)
                       : t == ACL_BF16  ? std::ldexp(1.0, -133)
                                        : std::ldexp(1.0, -149);
  return std::max(UlpAt(t, m), floor);
}

// out: FLOAT within 2 fp32 ulps of the float64 value (the op computes in double, then rounds once), FLOAT16/BF16
// within one ulp of the dtype; plus, for both, a few roundings of z's terms where gamma * xhat and beta cancel
// (there the rounded result's own ulp is smaller than the error of any finite-precision sum of the terms).
// meanOut/rstdOut in self's dtype: FLOAT rounded once from double (half an ulp), 16-bit within one ulp.
void ExpectMatchesReference(const GnRunner &t, const GnOutputs &o) {
  ASSERT_EQ(o.status, 0) << aclGetRecentErrMsg();
  const aclDataType dt = t.dtype();
  const bool wide = dt == ACL_FLOAT;
  ASSERT_EQ(o.out.size(), o.refOut.size());
  for (size_t i = 0; i < o.out.size(); ++i) {
    const double ref = o.refOut[i];
    const double tol = wide ? 2 * Ulp(ACL_FLOAT, ref) + 64 * std::ldexp(1.0, -53) * o.scale[i]
                            : Ulp(dt, ref) + 8 * Epsilon(ACL_FLOAT) * o.scale[i];
    ASSERT_LE(std::fabs(o.out[i] - ref), tol) << "out[" << i << "] = " << o.out[i] << ", expected " << ref;
  }
  ASSERT_EQ(o.mean.size(), o.refMean.size());
  ASSERT_EQ(o.rstd.size(), o.refRstd.size());
  const double statUlps = wide ? 0.5000001 : 1.0;
  for (size_t g = 0; g < o.mean.size(); ++g) {
    EXPECT_LE(std::fabs(o.mean[g] - o.refMean[g]), statUlps * Ulp(dt, o.refMean[g]) + std::ldexp(1.0, -40))
        << "mean[" << g << "] = " << o.mean[g] << ", expected " << o.refMean[g];
    EXPECT_LE(std::fabs(o.rstd[g] - o.refRstd[g]), statUlps * Ulp(dt, o.refRstd[g]))
        << "rstd[" << g << "] = " << o.rstd[g] << ", expected " << o.refRstd[g];
  }
}

struct Row {
  Op op;
  aclDataType x, affine;
};
// Every accepted dtype row of §1.3 and §3.3.
const Row kRows[] = {{Op::kGroupNorm, ACL_FLOAT, ACL_FLOAT},         {Op::kGroupNorm, ACL_FLOAT16, ACL_FLOAT16},
                     {Op::kGroupNorm, ACL_BF16, ACL_BF16},           {Op::kGroupNormSilu, ACL_FLOAT, ACL_FLOAT},
                     {Op::kGroupNormSilu, ACL_FLOAT16, ACL_FLOAT16}, {Op::kGroupNormSilu, ACL_BF16, ACL_BF16},
                     {Op::kGroupNormSilu, ACL_FLOAT16, ACL_FLOAT},   {Op::kGroupNormSilu, ACL_BF16, ACL_FLOAT}};

std::string RowLabel(const Row &r) {
  return std::string(OpName(r.op)) + " " + DTypeLabel(r.x) + "/" + DTypeLabel(r.affine);
}

GnRunner RowRunner(const Row &r) {
  GnRunner t;
  t.Fn(r.op).DType(r.x).AffineDType(r.affine);
  return t;
}

class GroupNormNumeric : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

// §1.6 / §3.6: self 1..24 of [2,3,4], gamma = beta = 2, group 1, eps 1e-5; out pre-filled 1..24, mean/rstd 2.
void RunVendorExample(Op op, const double (&expectOut)[12]) {
  std::vector<double> ramp(24);
  for (size_t i = 0; i < ramp.size(); ++i) ramp[i] = static_cast<double>(i + 1);
  DeviceTensor x({2, 3, 4}, ACL_FLOAT), gamma({3}, ACL_FLOAT), beta({3}, ACL_FLOAT), out({2, 3, 4}, ACL_FLOAT),
      mean({2, 1}, ACL_FLOAT), rstd({2, 1}, ACL_FLOAT);
  x.Fill(ramp);
  out.Fill(ramp);
  gamma.Fill({2, 2, 2});
  beta.Fill({2, 2, 2});
  mean.Fill({2, 2});
  rstd.Fill({2, 2});
  uint64_t ws = 0;
  aclOpExecutor *exec = nullptr;
  const aclnnStatus status = op == Op::kGroupNorm
                                 ? aclnnGroupNormGetWorkspaceSize(x.get(), gamma.get(), beta.get(), 2, 3, 4, 1, 1e-5,
                                                                  out.get(), mean.get(), rstd.get(), &ws, &exec)
                                 : aclnnGroupNormSiluGetWorkspaceSize(x.get(), gamma.get(), beta.get(), 1, 1e-5,
                                                                      out.get(), mean.get(), rstd.get(), &ws, &exec);
  ASSERT_EQ(status, 0) << aclGetRecentErrMsg();
  ASSERT_EQ(RunPhase2(op == Op::kGroupNorm ? aclnnGroupNorm : aclnnGroupNormSilu, ws, exec), 0);
  const std::vector<double> gotOut = out.Read(), gotMean = mean.Read(), gotRstd = rstd.Read();
  // The printed %f values; "the last digit may differ by 1": within 1e-6 of the print plus half a printed unit.
  for (size_t i = 0; i < 24; ++i) EXPECT_NEAR(gotOut[i], expectOut[i % 12], 1.5e-6) << "out[" << i << "]";
  // Both samples are the same numbers shifted by 12: identical outputs.
  for (size_t i = 0; i < 12; ++i) EXPECT_EQ(gotOut[i], gotOut[i + 12]) << i;
  EXPECT_EQ(gotMean[0], 6.5);
  EXPECT_EQ(gotMean[1], 18.5);
  // var = 143/12; rstd = 1/sqrt(143/12 + float(1e-5)) = 0.2896826082..., printed 0.289683, rounded once to fp32.
  EXPECT_EQ(gotRstd[0], static_cast<double>(static_cast<float>(1.0 / std::sqrt(143.0 / 12 + double(1e-5f)))));
  EXPECT_EQ(gotRstd[1], gotRstd[0]);
}

TEST_F(GroupNormNumeric, GroupNormVendorExampleValues) {
  const double expectOut[12] = {-1.186509, -0.607143, -0.027778, 0.551587, 1.130952, 1.710317,
                                2.289683,  2.869048,  3.448413,  4.027778, 4.607143, 5.186509};
  RunVendorExample(Op::kGroupNorm, expectOut);
}

TEST_F(GroupNormNumeric, GroupNormSiluVendorExampleValues) {
  const double expectOut[12] = {-0.277505, -0.214146, -0.013696, 0.349984, 0.855016, 1.448429,
                                2.079075,  2.714966,  3.342146,  3.957284, 4.561617, 5.157670};
  RunVendorExample(Op::kGroupNormSilu, expectOut);
}

// The same example through the general runner: within the tolerance of the float64 reference.
TEST_F(GroupNormNumeric, VendorExampleAgainstReference) {
  std::vector<double> ramp(24);
  for (size_t i = 0; i < ramp.size(); ++i) ramp[i] = static_cast<double>(i + 1);
  for (Op op : {Op::kGroupNorm, Op::kGroupNormSilu}) {
    GnRunner t;
    t.Fn(op).Shape({2, 3, 4}).Groups(1).XValues(ramp).AffineValues({2, 2, 2}, {2, 2, 2});
    SCOPED_TRACE(OpName(op));
    ExpectMatchesReference(t, t.Run());
  }
}

TEST_F(GroupNormNumeric, RanksTwoToEightEveryDtypeRowAndGroupCount) {
  const std::vector<std::vector<int64_t>> shapes = {{3, 12},
                                                    {2, 6, 7},
                                                    {2, 6, 3, 5},
                                                    {1, 6, 2, 3, 4},
                                                    {2, 6, 1, 2, 3, 2},
                                                    {1, 6, 2, 1, 3, 1, 2},
                                                    {1, 6, 1, 2, 1, 2, 1, 3}};
  for (const Row &row : kRows) {
    for (const auto &shape : shapes) {
      // one group, C groups (one channel each; one element each for rank 2), and in between
      for (int64_t g : {int64_t{1}, int64_t{2}, int64_t{3}, shape[1]}) {
        GnRunner t = RowRunner(row);
        t.Shape(shape).Groups(g).Seed(static_cast<uint64_t>(shape.size() * 10 + g));
        SCOPED_TRACE(RowLabel(row) + " rank " + std::to_string(shape.size()) + " G " + std::to_string(g));
        ExpectMatchesReference(t, t.Run());
      }
    }
  }
}

// gamma null = ones(C), beta null = zeros(C), each independently (same-dtype rows: GroupNormSilu's mixed rows
// need both, §4 Q3).
TEST_F(GroupNormNumeric, NullGammaIsOnesNullBetaIsZeros) {
  for (const Row &row : kRows) {
    if (row.x != row.affine) continue;
    for (int variant = 0; variant < 3; ++variant) {
      GnRunner t = RowRunner(row);
      t.Shape({2, 6, 5, 3}).Groups(3).Seed(static_cast<uint64_t>(variant + 40));
      if (variant != 1) t.NoGamma();
      if (variant != 0) t.NoBeta();
      SCOPED_TRACE(RowLabel(row) + " variant " + std::to_string(variant));
      ExpectMatchesReference(t, t.Run());
    }
  }
}

// Group sizes around vector widths and blocks, one and several channels per group.
TEST_F(GroupNormNumeric, GroupSizesAroundVectorWidths) {
  const int64_t planes[] = {1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 255, 256, 257, 2047, 2049};
  for (const Row &row : kRows) {
    for (int64_t hw : planes) {
      for (int64_t d : {int64_t{1}, int64_t{3}}) {
        GnRunner t = RowRunner(row);
        t.Shape({2, 2 * d, hw}).Groups(2).Seed(static_cast<uint64_t>(hw * 7 + d));
        SCOPED_TRACE(RowLabel(row) + " HxW " + std::to_string(hw) + " D " + std::to_string(d));
        ExpectMatchesReference(t, t.Run());
      }
    }
  }
}

// Stable Diffusion's GroupNorm: 2x320x64x64, 32 groups of 40960 elements; and one group of 24576 elements.
TEST_F(GroupNormNumeric, LargeGroups) {
  const Row rows[] = {{Op::kGroupNorm, ACL_FLOAT, ACL_FLOAT},
                      {Op::kGroupNorm, ACL_BF16, ACL_BF16},
                      {Op::kGroupNormSilu, ACL_FLOAT16, ACL_FLOAT},
                      {Op::kGroupNormSilu, ACL_FLOAT, ACL_FLOAT}};
  for (const Row &row : rows) {
    GnRunner t = RowRunner(row);
    t.Shape({2, 320, 64, 64}).Groups(32).Seed(77);
    SCOPED_TRACE(RowLabel(row));
    ExpectMatchesReference(t, t.Run());
  }
  GnRunner one;
  one.Shape({1, 8192, 3}).Groups(1).Seed(78);
  ExpectMatchesReference(one, one.Run());
}

// A mean far from zero with a small spread: the moments come from double sums.
TEST_F(GroupNormNumeric, LargeMeanSmallSpread) {
  for (const Row &row : kRows) {
    GnRunner t = RowRunner(row);
    t.Shape({2, 4, 300}).Groups(2).Values(-1, 1, row.x == ACL_FLOAT ? 1e4 : 100.0).Seed(9);
    SCOPED_TRACE(RowLabel(row));
    ExpectMatchesReference(t, t.Run());
  }
}

// eps narrowed to float: 1e-40 becomes the subnormal 9.99995e-41, which a constant group's rstd (1/sqrt(eps))
// shows at fp32 precision; other eps values on random data.
TEST_F(GroupNormNumeric, EpsNarrowedToFloat) {
  for (Op op : {Op::kGroupNorm, Op::kGroupNormSilu}) {
    std::vector<double> x(24, 0.75);
    for (size_t i = 12; i < 24; ++i) x[i] = static_cast<double>(i) / 8;  // group 1 varies, group 0 constant
    GnRunner t;
    t.Fn(op).Shape({1, 4, 6}).Groups(2).XValues(x).Eps(1e-40).Seed(3);
    const GnOutputs o = t.Run();
    SCOPED_TRACE(OpName(op));
    ExpectMatchesReference(t, o);
    ASSERT_EQ(o.rstd.size(), 2u);
    EXPECT_EQ(o.rstd[0], static_cast<double>(static_cast<float>(1.0 / std::sqrt(static_cast<double>(1e-40f)))));
    for (double eps : {0.5, 1e-3, 1e-12, 0.1}) {
      GnRunner u;
      u.Fn(op).Shape({3, 6, 37}).Groups(3).Eps(eps).Seed(5);
      SCOPED_TRACE("eps " + std::to_string(eps));
      ExpectMatchesReference(u, u.Run());
    }
  }
}

// 16-bit statistics are the double value rounded once to self's dtype (§4 Q5), not rounded to fp32 first: the mean
// of {2, 2, 2^-k, 2^-24} is 1 + 2^-(k+2) + 2^-26, just above the tie between 1 and 1 + ulp; via fp32 it becomes the
// tie itself and rounds to even (1.0), rounded once it goes up to 1 + ulp.
TEST_F(GroupNormNumeric, SixteenBitStatisticsRoundedOnce) {
  const std::pair<aclDataType, int> dtypes[] = {{ACL_FLOAT16, 10}, {ACL_BF16, 7}};  // (dtype, mantissa bits)
  for (const auto &[dt, bits] : dtypes) {
    for (Op op : {Op::kGroupNorm, Op::kGroupNormSilu}) {
      GnRunner t;
      t.Fn(op).DType(dt).Shape({1, 1, 4}).Groups(1).XValues({2, 2, std::ldexp(1.0, 1 - bits), std::ldexp(1.0, -24)});
      const GnOutputs o = t.Run();
      ASSERT_EQ(o.status, 0) << aclGetRecentErrMsg();
      ASSERT_EQ(o.refMean.size(), 1u);
      ASSERT_EQ(o.refMean[0], 1 + std::ldexp(1.0, -bits - 1) + std::ldexp(1.0, -26));
      EXPECT_EQ(o.mean[0], 1 + std::ldexp(1.0, -bits)) << OpName(op) << " " << DTypeLabel(dt);
    }
  }
}

// Strided, padded and transposed views of self, out, gamma/beta and meanOut/rstdOut (exact shape [N, G]): the
// same values as dense tensors, bit for bit.
TEST_F(GroupNormNumeric, StridedAndTransposedViewsMatchDenseBitwise) {
  Layout channelsLast;  // self stored NHWC-like while its view is [N, C, H, W]
  channelsLast.order = {0, 2, 3, 1};
  Layout paddedTransposedStats = Layout::Transposed(2);
  paddedTransposedStats.pad = {1, 2};
  paddedTransposedStats.offset = 1;
  for (const Row &row : kRows) {
    for (int variant = 0; variant < 6; ++variant) {
      GnRunner dense = RowRunner(row), strided = RowRunner(row);
      for (GnRunner *t : {&dense, &strided}) t->Shape({2, 6, 5, 7}).Groups(3).Seed(11);
      switch (variant) {
        case 0: strided.XLayout(Layout::Padded(4)); break;
        case 1: strided.XLayout(Layout::Transposed(4)); break;
        case 2: strided.XLayout(channelsLast); break;
        case 3: strided.OutLayout(Layout::Padded(4)); break;
        case 4: strided.OutLayout(Layout::Transposed(4)).AffineLayout(Layout::Padded(1, 2)); break;
        default: strided.StatsLayout(paddedTransposedStats).XLayout(Layout::Padded(4, 5)); break;
      }
      const GnOutputs a = dense.Run(), b = strided.Run();
      SCOPED_TRACE(RowLabel(row) + " variant " + std::to_string(variant));
      ExpectMatchesReference(strided, b);
      ASSERT_EQ(a.out.size(), b.out.size());
      for (size_t i = 0; i < a.out.size(); ++i) {
        ASSERT_EQ(std::memcmp(&a.out[i], &b.out[i], sizeof(double)), 0)
            << "out[" << i << "] " << a.out[i] << " " << b.out[i];
      }
      EXPECT_EQ(a.mean, b.mean);
      EXPECT_EQ(a.rstd, b.rstd);
    }
  }
}

// A NaN or an infinity in one group makes that group's out NaN (and its statistics non-finite) and no other;
// one-element groups (HxW 1, G = C) are computed by the formula too, not the device's out = beta shortcut (§4 Q4).
TEST_F(GroupNormNumeric, NonFiniteInputStaysInItsGroup) {
  for (const Row &row : kRows) {
    for (double bad : {std::nan(""), HUGE_VAL, -HUGE_VAL}) {
      for (bool oneElementGroups : {false, true}) {
        GnRunner t = RowRunner(row);
        const int64_t hw = oneElementGroups ? 1 : 5, groups = oneElementGroups ? 6 : 3;
        // element 2*hw + 1 (channel 2 of sample 0 when hw > 1): group 1 of 3, or group 2 of 6
        const int64_t poke = oneElementGroups ? 2 : 2 * hw + 1;
        t.Shape({2, 6, hw}).Groups(groups).PokeX(poke, bad).Seed(4);
        const GnOutputs o = t.Run();
        SCOPED_TRACE(RowLabel(row) + " bad " + std::to_string(bad) + (oneElementGroups ? " one-element groups" : ""));
        ASSERT_EQ(o.status, 0) << aclGetRecentErrMsg();
        const int64_t groupSize = 6 / groups * hw, badGroup = poke / groupSize;
        for (size_t i = 0; i < o.out.size(); ++i) {
          if (static_cast<int64_t>(i) / groupSize == badGroup) {
            EXPECT_TRUE(std::isnan(o.out[i])) << "out[" << i << "] = " << o.out[i];
          } else {
            const double tol = row.x == ACL_FLOAT ? 2 * Ulp(ACL_FLOAT, o.refOut[i]) + 1e-12 * o.scale[i]
                                                  : Ulp(row.x, o.refOut[i]) + 8 * Epsilon(ACL_FLOAT) * o.scale[i];
            EXPECT_LE(std::fabs(o.out[i] - o.refOut[i]), tol) << "out[" << i << "] = " << o.out[i];
          }
        }
        for (size_t g = 0; g < o.mean.size(); ++g) {
          if (static_cast<int64_t>(g) == badGroup) {
            EXPECT_FALSE(std::isfinite(o.mean[g]) && std::isfinite(o.rstd[g])) << "group " << g;
          } else {
            EXPECT_TRUE(std::isfinite(o.mean[g]) && std::isfinite(o.rstd[g])) << "group " << g;
          }
        }
      }
    }
  }
}

TEST_F(GroupNormNumeric, OneAndTwoThreadsBitwise) {
  for (const Row &row : kRows) {
    for (const std::vector<int64_t> &shape : {std::vector<int64_t>{3, 8, 33, 17}, std::vector<int64_t>{2, 4, 5000},
                                              std::vector<int64_t>{1, 64, 3}, std::vector<int64_t>{1, 4, 70000}}) {
      GnRunner one = RowRunner(row), two = RowRunner(row);
      for (GnRunner *t : {&one, &two}) t->Shape(shape).Groups(4).Seed(21);
      one.Threads(1);
      two.Threads(2);
      const GnOutputs a = one.Run(), b = two.Run();
      ASSERT_EQ(a.status, 0);
      ASSERT_EQ(b.status, 0);
      SCOPED_TRACE(RowLabel(row) + " numel " + std::to_string(NumelOf(shape)));
      EXPECT_EQ(a.outBytes, b.outBytes);
      EXPECT_EQ(a.meanBytes, b.meanBytes);
      EXPECT_EQ(a.rstdBytes, b.rstdBytes);
    }
  }
}

// GroupNorm == GroupNormSilu without the SiLU (§1.2): the same z, and silu applied to GroupNorm's FLOAT output
// agrees with GroupNormSilu's within the SiLU's rounding.
TEST_F(GroupNormNumeric, SiluIsGroupNormThenSilu) {
  GnRunner plain, silu;
  plain.Fn(Op::kGroupNorm).Shape({2, 8, 9, 4}).Groups(4).Seed(31);
  silu.Fn(Op::kGroupNormSilu).Shape({2, 8, 9, 4}).Groups(4).Seed(31);
  const GnOutputs a = plain.Run(), b = silu.Run();
  ASSERT_EQ(a.status, 0);
  ASSERT_EQ(b.status, 0);
  EXPECT_EQ(a.meanBytes, b.meanBytes);
  EXPECT_EQ(a.rstdBytes, b.rstdBytes);
  for (size_t i = 0; i < a.out.size(); ++i) {
    const double z = a.out[i], y = z / (1.0 + std::exp(-z));
    EXPECT_LE(std::fabs(b.out[i] - y), 4 * Ulp(ACL_FLOAT, y) + 3 * Ulp(ACL_FLOAT, z)) << i;
  }
}

}  // namespace
}  // namespace aclcpu_test::group_norm_numeric_test
