// IEEE special values through every operator outside the GEMM users (issue 32, item 1): +-inf, NaN
// and -0 placed in chosen elements, each operator run on small tables of such placements in every
// dtype it takes among FLOAT, FLOAT16 and BF16, and compared element by element with a float64
// reference written from the operator's doc (docs/ops/<op>.md), IEEE semantics following from the
// double arithmetic: NaN must match NaN, an infinity must match exactly (sign included), a signed
// zero where noted, finite values within the tolerances of the operators' numeric tests. Every table
// keeps finite rows, groups, channels or planes next to the special ones: they must stay finite and
// correct (nothing leaks through shared partial sums, paired rows or vector reductions).
#include <limits>
#include <memory>
#include <string>
#include <tuple>

#include "aclnnop/aclnn_group_norm_swish.h"
#include "aclnnop/aclnn_group_norm_swish_grad.h"
#include "aclnnop/aclnn_layer_norm.h"
#include "aclnnop/aclnn_layer_norm_backward.h"
#include "aclnnop/aclnn_pad2d_backward.h"
#include "aclnnop/aclnn_prelu.h"
#include "aclnnop/aclnn_prelu_backward.h"
#include "aclnnop/aclnn_reflection_pad2d.h"
#include "aclnnop/aclnn_replication_pad2d.h"
#include "common/test_tensor.h"

namespace aclcpu_test::ieee_specials_test {
namespace {

using Vec = std::vector<double>;
using Shape = std::vector<int64_t>;
const double kInf = std::numeric_limits<double>::infinity();
const double kNaN = std::numeric_limits<double>::quiet_NaN();
const double kEps32 = std::ldexp(1.0, -24);
const aclDataType kTypes[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};

Vec Rounded(aclDataType t, Vec v) {
  for (double &x : v) x = RoundTo(t, x);
  return v;
}
Vec Uniform(uint64_t seed, int64_t n, double lo, double hi) {
  std::mt19937_64 rng(seed);
  return RandomValues(rng, n, lo, hi);
}
std::unique_ptr<DeviceTensor> Dev(const Shape &shape, aclDataType t, const Vec &values) {
  auto d = std::make_unique<DeviceTensor>(shape, t);
  d->Fill(values);
  return d;
}
using IntArrayPtr = std::unique_ptr<aclIntArray, aclnnStatus (*)(const aclIntArray *)>;
IntArrayPtr IntArray(const Shape &v) { return {aclCreateIntArray(v.data(), v.size()), aclDestroyIntArray}; }

// Both phases, phase 2 on a fresh stream.
template <class Phase1>
void RunOp(Phase1 phase1, Phase2Fn phase2) {
  uint64_t ws = 0;
  aclOpExecutor *executor = nullptr;
  ASSERT_EQ(phase1(&ws, &executor), 0) << aclGetRecentErrMsg();
  ASSERT_EQ(RunPhase2(phase2, ws, executor), 0) << aclGetRecentErrMsg();
}

// got against ref: NaN for NaN, an infinity exactly, the sign of a zero when `signedZeros`, finite
// values within tol(i). Reports the first mismatches and their count.
template <class Tol>
void ExpectIeee(const std::string &what, const Vec &got, const Vec &ref, Tol tol, bool signedZeros = false) {
  ASSERT_EQ(got.size(), ref.size()) << what;
  int bad = 0;
  for (size_t i = 0; i < ref.size(); ++i) {
    ::testing::AssertionResult r = SpecialExactOrNear(got[i], ref[i], std::isfinite(ref[i]) ? tol(i) : 0.0);
    if (r && signedZeros && ref[i] == 0 && std::signbit(got[i]) != std::signbit(ref[i])) {
      r = ::testing::AssertionFailure() << "got " << got[i] << ", expected " << ref[i] << " (sign of zero)";
    }
    if (!r && ++bad <= 6) ADD_FAILURE() << what << "[" << i << "]: " << r.message();
  }
  EXPECT_EQ(bad, 0) << what << ": " << bad << " of " << ref.size() << " elements differ from the math";
}
size_t CountNonFinite(const Vec &v) {
  size_t n = 0;
  for (double x : v) n += !std::isfinite(x);
  return n;
}

// Outputs that disagree with the math: the output's check is left out and the test ends as skipped,
// naming the defect. `test` is a glob (`*` only) over suite.name/param.
const struct {
  const char *test, *output, *defect;
} kKnownDefects[] = {
    // None: the four defects this audit found (issue 32) are fixed; an entry here names a test, an
    // output and the defect that makes its check skip.
    {"", "", ""},
};
bool Glob(const char *p, const char *s) {
  if (*p == '*') return Glob(p + 1, s) || (*s != 0 && Glob(p, s + 1));
  return *p == 0 ? *s == 0 : *p == *s && Glob(p + 1, s + 1);
}

class IeeeBase : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
  void TearDown() override {
    if (!skipped_.empty()) GTEST_SKIP() << skipped_;
  }
  // ExpectIeee, unless kKnownDefects lists this test's output `what`.
  template <class Tol>
  void Check(const std::string &what, const Vec &got, const Vec &ref, Tol tol, bool signedZeros = false) {
    const auto *info = ::testing::UnitTest::GetInstance()->current_test_info();
    const std::string name = std::string(info->test_suite_name()) + "." + info->name();
    for (const auto &d : kKnownDefects) {
      if (what == d.output && Glob(d.test, name.c_str())) {
        if (skipped_.find(d.defect) == std::string::npos)
          skipped_ += std::string("known defect (") + what + "): " + d.defect + "\n";
        return;
      }
    }
    ExpectIeee(what, got, ref, tol, signedZeros);
  }

 private:
  std::string skipped_;
};
template <class P>
class IeeeTable : public IeeeBase, public ::testing::WithParamInterface<P> {};

// ---- aclnnPrelu: out = x > 0 ? x : w*x, the product in the promoted dtype, then cast to out's. -----
// x = [9, 7, plane]: element 0 of every plane is special value n, the last element special value
// (n + c) % 9, against weight c (positive, negative, +-0, +-inf, NaN); the rest finite.
using PreluParam = std::tuple<aclDataType, aclDataType, int64_t>;  // self, weight dtypes; plane size
class PreluOnSpecials : public IeeeTable<PreluParam> {};
TEST_P(PreluOnSpecials, SelectForm) {
  const aclDataType st = std::get<0>(GetParam()), wt = std::get<1>(GetParam());
  const int64_t plane = std::get<2>(GetParam());
  const Vec specials = {kInf, -kInf, kNaN, -0.0, 0.0, 1.5, -2.25, -3e38, -1e-39};
  const Vec weights = Rounded(wt, {0.25, -1.5, 0.0, -0.0, kInf, -kInf, kNaN});
  const Shape shape = {9, 7, plane};
  Vec x = Uniform(7, NumelOf(shape), -3, 3);
  for (int64_t n = 0; n < 9; ++n) {
    for (int64_t c = 0; c < 7; ++c) {
      x[static_cast<size_t>((n * 7 + c) * plane)] = specials[static_cast<size_t>(n)];
      x[static_cast<size_t>((n * 7 + c + 1) * plane - 1)] = specials[static_cast<size_t>((n + c) % 9)];
    }
  }
  x = Rounded(st, x);
  const aclDataType promoted = st == wt ? st : ACL_FLOAT;
  for (aclDataType ot : kTypes) {
    SCOPED_TRACE(std::string("out ") + DTypeLabel(ot));
    auto self = Dev(shape, st, x), weight = Dev({7}, wt, weights);
    DeviceTensor out(shape, ot);
    ASSERT_NO_FATAL_FAILURE(RunOp(
        [&](uint64_t *ws, aclOpExecutor **e) {
          return aclnnPreluGetWorkspaceSize(self->get(), weight->get(), out.get(), ws, e);
        },
        aclnnPrelu));
    Vec ref(x.size());
    for (size_t i = 0; i < x.size(); ++i) {
      const double w = weights[(i / static_cast<size_t>(plane)) % 7];
      ref[i] = RoundTo(ot, x[i] > 0 ? x[i] : RoundTo(promoted, w * x[i]));
    }
    Check(
        "out", out.Read(), ref, [](size_t) { return 0.0; }, true);
  }
}
INSTANTIATE_TEST_SUITE_P(IeeeSpecials, PreluOnSpecials,
                         ::testing::Combine(::testing::ValuesIn(kTypes), ::testing::ValuesIn(kTypes),
                                            ::testing::Values(1, 9, 67)),
                         [](const auto &info) {
                           return std::string(DTypeLabel(std::get<0>(info.param))) + "_w" +
                                  DTypeLabel(std::get<1>(info.param)) + "_plane" +
                                  std::to_string(std::get<2>(info.param));
                         });

// ---- aclnnPreluBackward: gradInput = x > 0 ? g : w*g; gradWeight[c] = sum of (x > 0 ? 0 : x*g). -----
// Channel 0 stays finite; the others collect (-inf)(-inf) = +inf, -inf + inf = NaN, 0*inf = NaN, a NaN
// x (weight branch), +0*inf = NaN, and a NaN g at a positive x (gradWeight term 0: stays finite).
using DtypePlane = std::tuple<aclDataType, int64_t>;
class PreluBackwardOnSpecials : public IeeeTable<DtypePlane> {};
TEST_P(PreluBackwardOnSpecials, Math) {
  const aclDataType t = std::get<0>(GetParam());
  const int64_t plane = std::get<1>(GetParam());
  const int64_t channels = 6;
  const Shape shape = {6, channels, plane};
  const Vec w = Rounded(t, {0.75, -1.25, 0.5, 0.0, -0.5, 2.0});
  Vec x = Uniform(11, NumelOf(shape), -3, 3), g = Uniform(12, NumelOf(shape), -3, 3);
  struct Put {
    int64_t n, c;
    bool last;
    double x, g;
  };
  const Put puts[] = {{0, 1, false, -kInf, -kInf}, {1, 1, true, -2, -kInf},   {0, 2, false, -kInf, 1},
                      {2, 2, true, -kInf, -1},     {0, 3, false, -1, kInf},   {3, 3, false, kInf, -kInf},
                      {1, 4, false, kNaN, 2},      {4, 4, true, 0.0, kInf},   {2, 5, false, -0.0, -3},
                      {3, 5, true, 3, kNaN},       {4, 5, false, -0.0, -0.0}, {5, 5, false, 1, -0.0}};
  for (const Put &p : puts) {
    const auto i = static_cast<size_t>((p.n * channels + p.c) * plane + (p.last ? plane - 1 : 0));
    x[i] = p.x, g[i] = p.g;
  }
  x = Rounded(t, x), g = Rounded(t, g);
  auto dy = Dev(shape, t, g), self = Dev(shape, t, x), weight = Dev({channels}, t, w);
  DeviceTensor dx(shape, t), dw({channels}, t);
  ASSERT_NO_FATAL_FAILURE(RunOp(
      [&](uint64_t *ws, aclOpExecutor **e) {
        return aclnnPreluBackwardGetWorkspaceSize(dy->get(), self->get(), weight->get(), dx.get(), dw.get(), ws, e);
      },
      aclnnPreluBackward));
  Vec refDx(x.size()), refDw(channels, 0.0), scale(channels, 0.0);
  for (size_t i = 0; i < x.size(); ++i) {
    const size_t c = (i / static_cast<size_t>(plane)) % channels;
    refDx[i] = x[i] > 0 ? g[i] : RoundTo(t, w[c] * g[i]);
    const double term = x[i] > 0 ? 0.0 : x[i] * g[i];
    refDw[c] += term;
    if (std::isfinite(term)) scale[c] += std::fabs(term);
  }
  // the table does what it says: (-inf)(-inf) = +inf, -inf + inf = NaN, 0 inf = NaN, NaN x; channels 0, 5 finite
  ASSERT_TRUE(refDw[1] == kInf && std::isnan(refDw[2]) && refDw[3] == -kInf && std::isnan(refDw[4]));
  ASSERT_TRUE(std::isfinite(refDw[0] + refDw[5]) && std::isnan(refDx[static_cast<size_t>(3 * plane)]));
  Check(
      "gradInput", dx.Read(), refDx, [](size_t) { return 0.0; }, true);
  Check("gradWeight", dw.Read(), refDw,
        [&](size_t c) { return Epsilon(t) * std::fabs(refDw[c]) + 1e-12 * scale[c] + 1e-300; });
}
INSTANTIATE_TEST_SUITE_P(IeeeSpecials, PreluBackwardOnSpecials,
                         ::testing::Combine(::testing::ValuesIn(kTypes), ::testing::Values(2, 9, 67)),
                         [](const auto &info) {
                           return std::string(DTypeLabel(std::get<0>(info.param))) + "_plane" +
                                  std::to_string(std::get<1>(info.param));
                         });

// ---- The pads: index maps of docs/ops/{reflection,replication}_pad2d.md. ------------------------------
enum class Pad { kReflect, kReplicate };
int64_t PadSource(Pad kind, int64_t i, int64_t n) {
  if (kind == Pad::kReplicate) return std::min(std::max<int64_t>(i, 0), n - 1);
  return i < 0 ? -i : i >= n ? 2 * (n - 1) - i : i;
}
const char *PadLabel(Pad kind) { return kind == Pad::kReflect ? "reflect" : "replicate"; }
struct PadGeometry {
  Shape self, pad;  // pad = [left, right, top, bottom]
  Shape Out() const {
    Shape o = self;
    o[o.size() - 2] += pad[2] + pad[3];
    o[o.size() - 1] += pad[0] + pad[1];
    return o;
  }
  // The input element whose copy is output element `flat` (both row-major).
  int64_t Source(Pad kind, int64_t flat) const {
    const Shape o = Out();
    const int64_t h = self[self.size() - 2], w = self.back(), ho = o[o.size() - 2], wo = o.back();
    const int64_t plane = flat / (ho * wo), oh = flat / wo % ho, ow = flat % wo;
    return (plane * h + PadSource(kind, oh - pad[2], h)) * w + PadSource(kind, ow - pad[0], w);
  }
};

// Forward pads: byte copies. Plane 0 holds +-inf, NaN of both signs, -0 and a signalling NaN with a
// payload (written as raw bits) on its corners, borders and interior; out must hold the source's bytes.
using PadForwardParam = std::tuple<Pad, aclDataType, int>;
class PadForwardOnSpecials : public IeeeTable<PadForwardParam> {};
TEST_P(PadForwardOnSpecials, ByteCopies) {
  const Pad kind = std::get<0>(GetParam());
  const aclDataType t = std::get<1>(GetParam());
  const int geometry = std::get<2>(GetParam());
  const PadGeometry geo =
      geometry == 0 ? PadGeometry{{2, 2, 4, 5}, {2, 3, 1, 2}} : PadGeometry{{1, 2, 3, 70}, {3, 2, 2, 1}};
  const int64_t h = geo.self[2], w = geo.self[3];
  Vec x = Uniform(21, NumelOf(geo.self), -4, 4);
  const struct {
    int64_t h, w;
    double v;
  } puts[] = {{0, 0, kInf},  {0, w - 1, -kInf}, {h - 1, 0, kNaN}, {h - 1, w - 1, -0.0},
              {1, 0, -kInf}, {0, 1, -0.0},      {1, 1, kInf},     {h - 1, w / 2, std::copysign(kNaN, -1.0)}};
  for (const auto &p : puts) x[static_cast<size_t>(p.h * w + p.w)] = p.v;
  auto self = Dev(geo.self, t, x);
  {  // a signalling NaN with a payload at (1, w - 2) of plane 0, written bit by bit
    std::vector<unsigned char> bytes = self->Bytes();
    const uint32_t f32 = 0xFFA00001u;
    const uint16_t half = t == ACL_FLOAT16 ? 0xFD01 : 0xFFA1;
    const size_t size = ElementSize(t), at = static_cast<size_t>(w + w - 2) * size;
    std::memcpy(&bytes[at], size == 4 ? static_cast<const void *>(&f32) : &half, size);
    aclrtMemcpy(self->device(), bytes.size(), bytes.data(), bytes.size(), ACL_MEMCPY_HOST_TO_DEVICE);
  }
  DeviceTensor out(geo.Out(), t);
  IntArrayPtr padding = IntArray(geo.pad);
  ASSERT_NO_FATAL_FAILURE(RunOp(
      [&](uint64_t *ws, aclOpExecutor **e) {
        return kind == Pad::kReflect
                   ? aclnnReflectionPad2dGetWorkspaceSize(self->get(), padding.get(), out.get(), ws, e)
                   : aclnnReplicationPad2dGetWorkspaceSize(self->get(), padding.get(), out.get(), ws, e);
      },
      kind == Pad::kReflect ? aclnnReflectionPad2d : aclnnReplicationPad2d));
  const std::vector<unsigned char> in = self->Bytes(), got = out.Bytes();
  const size_t size = ElementSize(t);
  int bad = 0;
  for (int64_t i = 0; i < out.numel(); ++i) {
    const auto src = static_cast<size_t>(geo.Source(kind, i));
    if (std::memcmp(&got[static_cast<size_t>(i) * size], &in[src * size], size) != 0 && ++bad <= 6) {
      ADD_FAILURE() << "out[" << i << "] is not the bytes of self[" << src << "]";
    }
  }
  EXPECT_EQ(bad, 0);
}
INSTANTIATE_TEST_SUITE_P(IeeeSpecials, PadForwardOnSpecials,
                         ::testing::Combine(::testing::Values(Pad::kReflect, Pad::kReplicate),
                                            ::testing::ValuesIn(kTypes), ::testing::Values(0, 1)),
                         [](const auto &info) {
                           return std::string(PadLabel(std::get<0>(info.param))) + "_" +
                                  DTypeLabel(std::get<1>(info.param)) + "_geometry" +
                                  std::to_string(std::get<2>(info.param));
                         });

// Backward pads: every input cell is the sum of the gradOutput cells that copy it, in double (the
// sum of IEEE terms starting from -0, the additive identity), rounded once. Specials in plane 1 of
// gradOutput (border cells folding onto interior ones, +inf and -inf onto one cell, NaN); the other
// planes finite. `onInput` puts the value into every gradOutput cell that folds onto input (h, w).
struct PadPut {
  int64_t plane, h, w;
  double v;
  bool onInput = false;
};
struct PadBackwardCase {
  const char *name;
  PadGeometry geo;
  std::vector<PadPut> puts;
};
const PadBackwardCase kPadBackwardCases[] = {
    {"BorderInfs",
     {{2, 2, 4, 5}, {2, 2, 1, 1}},
     {{1, 0, 0, kInf}, {1, 0, 3, kInf}, {1, 2, 3, -kInf}, {1, 3, 8, kNaN}, {1, 5, 1, -kInf}, {1, 1, 0, -kInf}}},
    {"WideBorderInfs",
     {{1, 3, 6, 37}, {3, 4, 2, 5}},
     {{1, 0, 0, kInf},
      {1, 0, 10, -kInf},
      {1, 4, 10, kInf},
      {1, 12, 43, kNaN},
      {1, 7, 20, -kInf},
      {1, 6, 40, -kInf},
      {1, 1, 2, kInf},
      {1, 11, 0, -kInf},
      {1, 12, 1, kInf}}},
    {"SignedZeros",
     {{2, 2, 4, 5}, {2, 2, 1, 1}},
     {{1, 0, 0, -0.0, true}, {1, 1, 2, -0.0, true}, {1, 3, 4, -0.0, true}, {1, 2, 1, -0.0, true}}},
};
void PrintTo(const PadBackwardCase &c, std::ostream *os) { *os << c.name; }
void PrintTo(Pad kind, std::ostream *os) { *os << PadLabel(kind); }
using PadBackwardParam = std::tuple<PadBackwardCase, Pad, aclDataType>;
class PadBackwardOnSpecials : public IeeeTable<PadBackwardParam> {};
TEST_P(PadBackwardOnSpecials, SumsOfCopies) {
  const PadBackwardCase &c = std::get<0>(GetParam());
  const Pad kind = std::get<1>(GetParam());
  const aclDataType t = std::get<2>(GetParam());
  const Shape outShape = c.geo.Out();
  const int64_t w = c.geo.self[3], h = c.geo.self[2], ho = outShape[2], wo = outShape[3];
  Vec g = Uniform(31, NumelOf(outShape), -4, 4);
  for (const PadPut &p : c.puts) {
    for (int64_t i = 0; i < NumelOf(outShape); ++i) {
      const bool hit =
          p.onInput ? c.geo.Source(kind, i) == (p.plane * h + p.h) * w + p.w : i == (p.plane * ho + p.h) * wo + p.w;
      if (hit) g[static_cast<size_t>(i)] = p.v;
    }
  }
  g = Rounded(t, g);
  auto go = Dev(outShape, t, g);
  DeviceTensor self(c.geo.self, t), gi(c.geo.self, t);
  IntArrayPtr padding = IntArray(c.geo.pad);
  ASSERT_NO_FATAL_FAILURE(RunOp(
      [&](uint64_t *ws, aclOpExecutor **e) {
        return kind == Pad::kReflect
                   ? aclnnReflectionPad2dBackwardGetWorkspaceSize(go->get(), self.get(), padding.get(), gi.get(), ws, e)
                   : aclnnReplicationPad2dBackwardGetWorkspaceSize(go->get(), self.get(), padding.get(), gi.get(), ws,
                                                                   e);
      },
      kind == Pad::kReflect ? aclnnReflectionPad2dBackward : aclnnReplicationPad2dBackward));
  Vec ref(static_cast<size_t>(NumelOf(c.geo.self)), -0.0), cellScale(ref.size(), 0.0);
  for (int64_t i = 0; i < NumelOf(outShape); ++i) {
    const auto src = static_cast<size_t>(c.geo.Source(kind, i));
    ref[src] += g[static_cast<size_t>(i)];
    if (std::isfinite(g[static_cast<size_t>(i)])) cellScale[src] += std::fabs(g[static_cast<size_t>(i)]);
  }
  ref = Rounded(t, ref);
  const double scale = MaxAbs(cellScale), sumEps = Epsilon(t == ACL_FLOAT ? ACL_DOUBLE : ACL_FLOAT);
  size_t negativeZeros = 0;
  for (double v : ref) negativeZeros += v == 0 && std::signbit(v);
  ASSERT_GT(std::string(c.name) == "SignedZeros" ? negativeZeros : CountNonFinite(ref), 0u);
  const Vec got = gi.Read();
  auto tol = [&](size_t i) { return Epsilon(t) * std::fabs(ref[i]) + 8 * sumEps * scale + 1e-300; };
  Check("gradInput", got, ref, tol);
  Check("gradInput zero signs", got, ref, tol, true);
}
INSTANTIATE_TEST_SUITE_P(IeeeSpecials, PadBackwardOnSpecials,
                         ::testing::Combine(::testing::ValuesIn(kPadBackwardCases),
                                            ::testing::Values(Pad::kReflect, Pad::kReplicate),
                                            ::testing::ValuesIn(kTypes)),
                         [](const auto &info) {
                           return std::string(std::get<0>(info.param).name) + "_" + PadLabel(std::get<1>(info.param)) +
                                  "_" + DTypeLabel(std::get<2>(info.param));
                         });

// ---- The norms: 10 rows (or 9 groups); the scenarios put specials into some, the rest stay finite. -----
// A large finite row (|x| near 1e36, or 1e4 for FLOAT16) has squared deviations beyond fp32's range:
// the statistics are formed in double (the docs), so it must stay finite.
double Huge(aclDataType t) { return t == ACL_FLOAT16 ? 1e4 : 1e36; }
struct NormCase {
  const char *name;
  // Pokes x (values of row/group r at [r * len, (r + 1) * len)) and the parameters; len = N or S.
  void (*poke)(Vec &x, Vec &w, Vec &b, int64_t len, aclDataType t);
};
void PrintTo(const NormCase &c, std::ostream *os) { *os << c.name; }
std::string NormParamName(const char *name, aclDataType t, int64_t size) {
  return std::string(name) + "_" + DTypeLabel(t) + "_" + std::to_string(size);
}
void Set(Vec &v, int64_t row, int64_t len, int64_t k, double value) { v[static_cast<size_t>(row * len + k)] = value; }

// aclnnLayerNorm: mean = sum x / N, rstd = 1 / sqrt(sum (x - mean)^2 / N + float(eps)), out = (x - mean) rstd w + b.
const NormCase kLayerNormCases[] = {
    {"InfRows",
     [](Vec &x, Vec &, Vec &, int64_t n, aclDataType) { Set(x, 1, n, 0, kInf), Set(x, 7, n, n / 2, -kInf); }},
    {"NaNRow", [](Vec &x, Vec &, Vec &, int64_t n, aclDataType) { Set(x, 3, n, n - 1, kNaN); }},
    {"OppositeInfsRow",
     [](Vec &x, Vec &, Vec &, int64_t n, aclDataType) { Set(x, 5, n, 1 % n, kInf), Set(x, 5, n, n - 1, -kInf); }},
    {"HugeFiniteRow",
     [](Vec &x, Vec &, Vec &, int64_t n, aclDataType t) {
       for (int64_t k = 0; k < n; ++k) Set(x, 8, n, k, Huge(t) * (1.25 + 0.75 * std::sin(static_cast<double>(k))));
     }},
    {"WeightBiasSpecials",
     [](Vec &, Vec &w, Vec &b, int64_t n, aclDataType) {
       w[0] = kInf, w[static_cast<size_t>(n - 1)] = -kInf, b[static_cast<size_t>(n / 2)] = kNaN;
       b[static_cast<size_t>(1 % n)] = -kInf;
     }},
};
using NormParam = std::tuple<NormCase, aclDataType, int64_t>;
class LayerNormOnSpecials : public IeeeTable<NormParam> {};
TEST_P(LayerNormOnSpecials, Math) {
  const NormCase &c = std::get<0>(GetParam());
  const aclDataType t = std::get<1>(GetParam());
  const int64_t n = std::get<2>(GetParam());
  const int64_t m = 10;
  Vec x = Uniform(41, m * n, -3, 3), w = Uniform(42, n, -2, 2), b = Uniform(43, n, -1, 1);
  c.poke(x, w, b, n, t);
  x = Rounded(t, x), w = Rounded(t, w), b = Rounded(t, b);
  const double eps = static_cast<float>(1e-5);
  Vec refY(x.size()), refMean(m), refRstd(m);
  for (int64_t r = 0; r < m; ++r) {
    const double *v = &x[static_cast<size_t>(r * n)];
    double s = 0, q = 0;
    for (int64_t k = 0; k < n; ++k) s += v[k];
    const double mu = s / static_cast<double>(n);
    for (int64_t k = 0; k < n; ++k) q += (v[k] - mu) * (v[k] - mu);
    const double rs = 1.0 / std::sqrt(q / static_cast<double>(n) + eps);
    refMean[r] = mu, refRstd[r] = rs;
    for (int64_t k = 0; k < n; ++k) refY[static_cast<size_t>(r * n + k)] = (v[k] - mu) * rs * w[k] + b[k];
  }
  ASSERT_GT(CountNonFinite(refY) + (std::string(c.name) == "HugeFiniteRow"), 0u);
  for (aclDataType st : {ACL_FLOAT, t}) {
    SCOPED_TRACE(std::string("statistics ") + DTypeLabel(st));
    auto input = Dev({m, n}, t, x), weight = Dev({n}, t, w), bias = Dev({n}, t, b);
    DeviceTensor y({m, n}, t), mean({m, 1}, st), rstd({m, 1}, st);
    IntArrayPtr ns = IntArray({n});
    ASSERT_NO_FATAL_FAILURE(RunOp(
        [&](uint64_t *ws, aclOpExecutor **e) {
          return aclnnLayerNormGetWorkspaceSize(input->get(), ns.get(), weight->get(), bias->get(), 1e-5, y.get(),
                                                mean.get(), rstd.get(), ws, e);
        },
        aclnnLayerNorm));
    Check("out", y.Read(), refY,
          [&](size_t i) { return Epsilon(t) * std::fabs(refY[i]) + 8 * kEps32 * (10 + std::fabs(refY[i])) + 1e-30; });
    Check("mean", mean.Read(), refMean, [&](size_t r) { return Epsilon(st) * std::fabs(refMean[r]) + 1e-12; });
    Check("rstd", rstd.Read(), refRstd, [&](size_t r) { return 1.0001 * Epsilon(st) * std::fabs(refRstd[r]); });
  }
}
INSTANTIATE_TEST_SUITE_P(IeeeSpecials, LayerNormOnSpecials,
                         ::testing::Combine(::testing::ValuesIn(kLayerNormCases), ::testing::ValuesIn(kTypes),
                                            ::testing::Values(5, 37, 260)),
                         [](const auto &info) {
                           return NormParamName(std::get<0>(info.param).name, std::get<1>(info.param),
                                                std::get<2>(info.param));
                         });

// aclnnLayerNormBackward with the doc's math: xhat = (x - mean) rstd, g = dy w, a = sum g / N,
// b = sum g xhat / N, dx = rstd (g - xhat b - a), dgamma = sum_m dy xhat, dbeta = sum_m dy. mean and
// rstd are the forward's for the finite x (poked afterwards); row 7 is shifted by 100 (its
// |mean rstd| > 2 takes the kernel's double path). The pokes use x for x and b for dy.
const NormCase kLayerNormBackwardCases[] = {
    {"DyInfsOneColumn",
     [](Vec &, Vec &, Vec &dy, int64_t n, aclDataType) { Set(dy, 1, n, 0, kInf), Set(dy, 9, n, 0, -kInf); }},
    {"XNaN", [](Vec &x, Vec &, Vec &, int64_t n, aclDataType) { Set(x, 3, n, n - 1, kNaN); }},
    {"NegInfTimesNegInf",
     [](Vec &x, Vec &, Vec &dy, int64_t n, aclDataType) { Set(x, 5, n, n / 2, -kInf), Set(dy, 5, n, n / 2, -kInf); }},
    {"DyInfShiftedRow", [](Vec &, Vec &, Vec &dy, int64_t n, aclDataType) { Set(dy, 7, n, 1 % n, -kInf); }},
    {"WeightInf", [](Vec &, Vec &w, Vec &, int64_t n, aclDataType) { w[static_cast<size_t>(n / 2)] = kInf; }},
};
class LayerNormBackwardOnSpecials : public IeeeTable<NormParam> {};
TEST_P(LayerNormBackwardOnSpecials, Math) {
  const NormCase &c = std::get<0>(GetParam());
  const aclDataType t = std::get<1>(GetParam());
  const int64_t n = std::get<2>(GetParam());
  const int64_t m = 10;
  Vec x = Uniform(51, m * n, -3, 3), dy = Uniform(52, m * n, -3, 3), w = Uniform(53, n, -2, 2);
  for (int64_t k = 0; k < n; ++k) x[static_cast<size_t>(7 * n + k)] += 100;
  x = Rounded(t, x);
  Vec mean(m), rstd(m);
  for (int64_t r = 0; r < m; ++r) {
    double s = 0, q = 0;
    for (int64_t k = 0; k < n; ++k) s += x[static_cast<size_t>(r * n + k)];
    mean[r] = s / static_cast<double>(n);
    for (int64_t k = 0; k < n; ++k) q += std::pow(x[static_cast<size_t>(r * n + k)] - mean[r], 2);
    rstd[r] = static_cast<float>(1.0 / std::sqrt(q / static_cast<double>(n) + 1e-5));
    mean[r] = static_cast<float>(mean[r]);
  }
  c.poke(x, w, dy, n, t);
  x = Rounded(t, x), dy = Rounded(t, dy), w = Rounded(t, w);
  Vec refDx(x.size()), refDw(n, 0.0), refDb(n, 0.0);
  double dxScale = 0;
  Vec dwScale(n, 0.0), dbScale(n, 0.0);
  for (int64_t r = 0; r < m; ++r) {
    double a = 0, bsum = 0, absA = 0, absB = 0;
    for (int64_t k = 0; k < n; ++k) {
      const auto i = static_cast<size_t>(r * n + k);
      const double xh = (x[i] - mean[r]) * rstd[r], g = dy[i] * w[k];
      a += g, bsum += g * xh;
      refDw[k] += dy[i] * xh, refDb[k] += dy[i];
      if (std::isfinite(dy[i] * xh)) dwScale[k] += std::fabs(dy[i] * xh);
      if (std::isfinite(dy[i])) dbScale[k] += std::fabs(dy[i]);
      absA += std::fabs(g), absB += std::fabs(g * xh);
    }
    a /= static_cast<double>(n), bsum /= static_cast<double>(n);
    for (int64_t k = 0; k < n; ++k) {
      const auto i = static_cast<size_t>(r * n + k);
      const double xh = (x[i] - mean[r]) * rstd[r], g = dy[i] * w[k];
      refDx[i] = rstd[r] * (g - xh * bsum - a);
      const double sc = std::fabs(rstd[r]) * (std::fabs(g) + std::fabs(xh) * absB / n + absA / n);
      if (std::isfinite(sc)) dxScale = std::max(dxScale, sc);
    }
  }
  ASSERT_GT(CountNonFinite(refDx), 0u);
  const std::string name = c.name;
  // the table does what it says: +inf and -inf in one column, dy xhat = (-inf)(-inf), w reaches dx only
  ASSERT_TRUE(name != "DyInfsOneColumn" || std::isnan(refDb[0]));
  ASSERT_TRUE(name != "NegInfTimesNegInf" || refDw[static_cast<size_t>(n / 2)] == kInf);
  ASSERT_TRUE(name != "WeightInf" || std::isfinite(MaxAbs(refDw) + MaxAbs(refDb)));
  auto gradOut = Dev({m, n}, t, dy), input = Dev({m, n}, t, x), weight = Dev({n}, t, w);
  auto meanT = Dev({m, 1}, ACL_FLOAT, mean), rstdT = Dev({m, 1}, ACL_FLOAT, rstd);
  auto bias = Dev({n}, t, Vec(static_cast<size_t>(n), 0.5));
  DeviceTensor dx({m, n}, t), dw({n}, ACL_FLOAT), db({n}, ACL_FLOAT);
  IntArrayPtr ns = IntArray({n});
  const bool maskBits[3] = {true, true, true};
  std::unique_ptr<aclBoolArray, aclnnStatus (*)(const aclBoolArray *)> mask(aclCreateBoolArray(maskBits, 3),
                                                                            aclDestroyBoolArray);
  ASSERT_NO_FATAL_FAILURE(RunOp(
      [&](uint64_t *ws, aclOpExecutor **e) {
        return aclnnLayerNormBackwardGetWorkspaceSize(gradOut->get(), input->get(), ns.get(), meanT->get(),
                                                      rstdT->get(), weight->get(), bias->get(), mask.get(), dx.get(),
                                                      dw.get(), db.get(), ws, e);
      },
      aclnnLayerNormBackward));
  const double dxTol = 2 * Epsilon(t) * MaxFiniteAbs(refDx) + 16 * kEps32 * dxScale + 1e-30;
  Check("gradInput", dx.Read(), refDx, [&](size_t) { return dxTol; });
  Check("gradWeight", dw.Read(), refDw,
        [&](size_t) { return 2 * kEps32 * MaxFiniteAbs(refDw) + 16 * kEps32 * MaxAbs(dwScale) + 1e-30; });
  Check("gradBias", db.Read(), refDb,
        [&](size_t) { return 2 * kEps32 * MaxFiniteAbs(refDb) + 16 * kEps32 * MaxAbs(dbScale) + 1e-30; });
}
INSTANTIATE_TEST_SUITE_P(IeeeSpecials, LayerNormBackwardOnSpecials,
                         ::testing::Combine(::testing::ValuesIn(kLayerNormBackwardCases), ::testing::ValuesIn(kTypes),
                                            ::testing::Values(5, 37, 260)),
                         [](const auto &info) {
                           return NormParamName(std::get<0>(info.param).name, std::get<1>(info.param),
                                                std::get<2>(info.param));
                         });

// aclnnGroupNormSwish: x [3, 6, hw], 3 groups of 2 channels (S = 2 hw), group j = elements
// [j S, (j + 1) S). mean, rstd as LayerNorm's over the group, z = (x - mean) rstd gamma + beta,
// y = z / (1 + exp(-s z)), or z without the swish. Every A2 dtype row (x, gamma).
const NormCase kGroupNormSwishCases[] = {
    {"InfGroups",
     [](Vec &x, Vec &, Vec &, int64_t s, aclDataType) { Set(x, 1, s, 0, kInf), Set(x, 7, s, s / 2, -kInf); }},
    {"NaNGroup", [](Vec &x, Vec &, Vec &, int64_t s, aclDataType) { Set(x, 3, s, s - 1, kNaN); }},
    {"OppositeInfsGroup",
     [](Vec &x, Vec &, Vec &, int64_t s, aclDataType) { Set(x, 5, s, 1, kInf), Set(x, 5, s, s - 1, -kInf); }},
    {"HugeFiniteGroup",
     [](Vec &x, Vec &, Vec &, int64_t s, aclDataType t) {
       for (int64_t k = 0; k < s; ++k) Set(x, 8, s, k, Huge(t) * (1.25 + 0.75 * std::sin(static_cast<double>(k))));
     }},
};
struct GnRow {
  aclDataType x, gamma;
};
const GnRow kGnRows[] = {{ACL_FLOAT, ACL_FLOAT},
                         {ACL_FLOAT16, ACL_FLOAT16},
                         {ACL_BF16, ACL_BF16},
                         {ACL_FLOAT16, ACL_FLOAT},
                         {ACL_BF16, ACL_FLOAT}};
void PrintTo(const GnRow &r, std::ostream *os) { *os << DTypeLabel(r.x) << "/" << DTypeLabel(r.gamma); }
using GnParam = std::tuple<NormCase, GnRow, int64_t>;
class GroupNormSwishOnSpecials : public IeeeTable<GnParam> {};
TEST_P(GroupNormSwishOnSpecials, Math) {
  const NormCase &c = std::get<0>(GetParam());
  const GnRow &row = std::get<1>(GetParam());
  const int64_t hw = std::get<2>(GetParam());
  const int64_t batch = 3, channels = 6, groups = 3, s = 2 * hw, total = batch * channels * hw;
  Vec x = Uniform(61, total, -3, 3), gamma = Uniform(62, channels, -2, 2), beta = Uniform(63, channels, -1, 1);
  c.poke(x, gamma, beta, s, row.x);
  x = Rounded(row.x, x), gamma = Rounded(row.gamma, gamma), beta = Rounded(row.gamma, beta);
  const double eps = static_cast<float>(1e-5);
  for (const double scale : {1.0, 0.0 /* no swish */}) {
    SCOPED_TRACE(scale == 0 ? "without swish" : "swish");
    Vec refY(x.size()), refZ(x.size()), yScale(x.size()), refMean(batch * groups), refRstd(batch * groups);
    for (int64_t j = 0; j < batch * groups; ++j) {
      const double *v = &x[static_cast<size_t>(j * s)];
      double sum = 0, q = 0;
      for (int64_t k = 0; k < s; ++k) sum += v[k];
      const double mu = sum / static_cast<double>(s);
      for (int64_t k = 0; k < s; ++k) q += (v[k] - mu) * (v[k] - mu);
      const double rs = 1.0 / std::sqrt(q / static_cast<double>(s) + eps);
      refMean[j] = mu, refRstd[j] = rs;
      for (int64_t k = 0; k < s; ++k) {
        const auto i = static_cast<size_t>(j * s + k);
        const size_t ch = (i / static_cast<size_t>(hw)) % channels;
        const double z = (x[i] - mu) * rs * gamma[ch] + beta[ch];
        refZ[i] = z;
        refY[i] = scale != 0 ? z / (1.0 + std::exp(-scale * z)) : z;
        yScale[i] = std::fabs((x[i] - mu) * rs * gamma[ch]) + std::fabs(beta[ch]);
      }
    }
    ASSERT_GT(CountNonFinite(refY) + (std::string(c.name) == "HugeFiniteGroup"), 0u);
    auto xT = Dev({batch, channels, hw}, row.x, x), gammaT = Dev({channels}, row.gamma, gamma),
         betaT = Dev({channels}, row.gamma, beta);
    DeviceTensor y({batch, channels, hw}, row.x), mean({batch, groups}, row.gamma), rstd({batch, groups}, row.gamma);
    ASSERT_NO_FATAL_FAILURE(RunOp(
        [&](uint64_t *ws, aclOpExecutor **e) {
          return aclnnGroupNormSwishGetWorkspaceSize(xT->get(), gammaT->get(), betaT->get(), groups, nullptr, 1e-5,
                                                     scale != 0, scale, y.get(), mean.get(), rstd.get(), ws, e);
        },
        aclnnGroupNormSwish));
    const bool wide = row.x == ACL_FLOAT;
    Check("y", y.Read(), refY, [&](size_t i) {
      const double r = std::fabs(refY[i]);
      return (wide ? 2 * UlpAt(ACL_FLOAT, r) + 64 * std::ldexp(1.0, -53) * yScale[i]
                   : UlpAt(row.x, r) + 16 * kEps32 * yScale[i]) +
             1e-34 * std::fabs(refZ[i]);
    });
    Check("mean", mean.Read(), refMean,
          [&](size_t j) { return UlpAt(row.gamma, std::fabs(refMean[j])) * 0.5000001 + 1e-13; });
    Check("rstd", rstd.Read(), refRstd, [&](size_t j) { return UlpAt(row.gamma, std::fabs(refRstd[j])) * 0.5000001; });
  }
}
INSTANTIATE_TEST_SUITE_P(IeeeSpecials, GroupNormSwishOnSpecials,
                         ::testing::Combine(::testing::ValuesIn(kGroupNormSwishCases), ::testing::ValuesIn(kGnRows),
                                            ::testing::Values(5, 67, 1100)),
                         [](const auto &info) {
                           const GnRow &r = std::get<1>(info.param);
                           return NormParamName(std::get<0>(info.param).name, r.x, std::get<2>(info.param)) +
                                  (r.x == r.gamma ? "" : "_gamma_f32");
                         });

// aclnnGroupNormSwishGrad with the doc's math (mean, rstd: the forward's for the finite x, given):
// xhat = (x - mean) rstd, z = gamma xhat + beta, sig = sigmoid(s z), dz = dy sig (1 + s z (1 - sig)),
// dbeta = sum dz, dgamma = sum dz xhat, c1 = mean(gamma dz), c2 = mean(gamma dz xhat),
// dx = rstd (gamma dz - c1 - xhat c2), per group of [3, 6, hw] with 3 groups. x specials only NaN (an
// infinite z makes s z (1 - sig) an inf * 0 the doc leaves undefined); dy +-inf. The pokes use x for x and
// b for dy; channels 3 and 5 stay finite in dgamma/dbeta.
const NormCase kGroupNormSwishGradCases[] = {
    {"XNaN", [](Vec &x, Vec &, Vec &, int64_t s, aclDataType) { Set(x, 1, s, 0, kNaN); }},
    {"DyInf", [](Vec &, Vec &, Vec &dy, int64_t s, aclDataType) { Set(dy, 3, s, s - 1, kInf); }},
    {"OppositeDyInfsOneChannel", [](Vec &, Vec &, Vec &dy, int64_t s,
                                    aclDataType) { Set(dy, 5, s, s / 2 - 1, -kInf), Set(dy, 8, s, s / 2 - 1, kInf); }},
    {"DyNegInf", [](Vec &, Vec &, Vec &dy, int64_t s, aclDataType) { Set(dy, 6, s, 0, -kInf); }},
};
class GroupNormSwishGradOnSpecials : public IeeeTable<NormParam> {};
TEST_P(GroupNormSwishGradOnSpecials, Math) {
  const NormCase &c = std::get<0>(GetParam());
  const aclDataType t = std::get<1>(GetParam());
  const int64_t hw = std::get<2>(GetParam());
  const int64_t batch = 3, channels = 6, groups = 3, d = 2, s = d * hw, total = batch * channels * hw;
  const double sc = 1.0;
  Vec x = Rounded(t, Uniform(71, total, -3, 3)), dy = Uniform(72, total, -3, 3);
  const Vec gamma = Rounded(t, Uniform(73, channels, -2, 2)), beta = Rounded(t, Uniform(74, channels, -1, 1));
  Vec mean(batch * groups), rstd(batch * groups);
  for (int64_t j = 0; j < batch * groups; ++j) {
    double sum = 0, q = 0;
    for (int64_t k = 0; k < s; ++k) sum += x[static_cast<size_t>(j * s + k)];
    const double mu = sum / static_cast<double>(s);
    for (int64_t k = 0; k < s; ++k) q += std::pow(x[static_cast<size_t>(j * s + k)] - mu, 2);
    mean[j] = RoundTo(t, mu), rstd[j] = RoundTo(t, 1.0 / std::sqrt(q / static_cast<double>(s) + 1e-5));
  }
  Vec unused;
  c.poke(x, unused, dy, s, t);
  x = Rounded(t, x), dy = Rounded(t, dy);
  Vec refDx(x.size()), dxScale(x.size()), refDg(channels, 0.0), refDb(channels, 0.0), dgScale(channels, 0.0),
      dbScale(channels, 0.0), dz(x.size()), xhat(x.size()), mag(x.size());
  for (int64_t j = 0; j < batch * groups; ++j) {
    double c1 = 0, c2 = 0, abs1 = 0, abs2 = 0;
    for (int64_t k = 0; k < s; ++k) {
      const auto i = static_cast<size_t>(j * s + k);
      const size_t ch = (i / static_cast<size_t>(hw)) % channels;
      xhat[i] = (x[i] - mean[j]) * rstd[j];
      const double z = gamma[ch] * xhat[i] + beta[ch], sig = 1.0 / (1.0 + std::exp(-sc * z));
      dz[i] = dy[i] * sig * (1.0 + sc * z * (1.0 - sig));
      // |dz| and its sensitivity to z's rounding (the tester's bound)
      mag[i] = std::fabs(dy[i]) * (sig * (1.0 + std::fabs(sc * z) * (1.0 - sig)) +
                                   std::fabs(sc) * (std::fabs(gamma[ch] * xhat[i]) + std::fabs(beta[ch])));
      refDb[ch] += dz[i], refDg[ch] += dz[i] * xhat[i];
      if (std::isfinite(mag[i] * xhat[i])) dbScale[ch] += mag[i], dgScale[ch] += mag[i] * std::fabs(xhat[i]);
      c1 += gamma[ch] * dz[i], c2 += gamma[ch] * dz[i] * xhat[i];
      abs1 += std::fabs(gamma[ch]) * mag[i], abs2 += std::fabs(gamma[ch] * xhat[i]) * mag[i];
    }
    c1 /= static_cast<double>(s), c2 /= static_cast<double>(s), abs1 /= static_cast<double>(s);
    abs2 /= static_cast<double>(s);
    for (int64_t k = 0; k < s; ++k) {
      const auto i = static_cast<size_t>(j * s + k);
      const size_t ch = (i / static_cast<size_t>(hw)) % channels;
      refDx[i] = rstd[j] * (gamma[ch] * dz[i] - c1 - xhat[i] * c2);
      dxScale[i] = std::fabs(rstd[j]) *
                   (std::fabs(gamma[ch] * dz[i]) + std::fabs(c1) + abs1 + std::fabs(xhat[i]) * (std::fabs(c2) + abs2));
    }
  }
  ASSERT_GT(CountNonFinite(refDx), 0u);
  ASSERT_TRUE(std::isfinite(refDg[3] + refDb[3] + refDg[5] + refDb[5]));
  ASSERT_TRUE(std::string(c.name) != "OppositeDyInfsOneChannel" || std::isnan(refDb[4]));  // -inf + inf
  auto dyT = Dev({batch, channels, hw}, t, dy), xT = Dev({batch, channels, hw}, t, x);
  auto meanT = Dev({batch, groups}, t, mean), rstdT = Dev({batch, groups}, t, rstd);
  auto gammaT = Dev({channels}, t, gamma), betaT = Dev({channels}, t, beta);
  DeviceTensor dx({batch, channels, hw}, t), dgamma({channels}, t), dbeta({channels}, t);
  ASSERT_NO_FATAL_FAILURE(RunOp(
      [&](uint64_t *ws, aclOpExecutor **e) {
        return aclnnGroupNormSwishGradGetWorkspaceSize(dyT->get(), meanT->get(), rstdT->get(), xT->get(), gammaT->get(),
                                                       betaT->get(), groups, nullptr, sc, true, true, dx.get(),
                                                       dgamma.get(), dbeta.get(), ws, e);
      },
      aclnnGroupNormSwishGrad));
  Check("dx", dx.Read(), refDx, [&](size_t i) { return 32 * kEps32 * dxScale[i] + UlpAt(t, std::fabs(refDx[i])); });
  Check("dgamma", dgamma.Read(), refDg,
        [&](size_t ch) { return 32 * kEps32 * dgScale[ch] + UlpAt(t, std::fabs(refDg[ch])); });
  Check("dbeta", dbeta.Read(), refDb,
        [&](size_t ch) { return 32 * kEps32 * dbScale[ch] + UlpAt(t, std::fabs(refDb[ch])); });
}
INSTANTIATE_TEST_SUITE_P(IeeeSpecials, GroupNormSwishGradOnSpecials,
                         ::testing::Combine(::testing::ValuesIn(kGroupNormSwishGradCases), ::testing::ValuesIn(kTypes),
                                            ::testing::Values(5, 67, 1100)),
                         [](const auto &info) {
                           return NormParamName(std::get<0>(info.param).name, std::get<1>(info.param),
                                                std::get<2>(info.param));
                         });

}  // namespace
}  // namespace aclcpu_test::ieee_specials_test
