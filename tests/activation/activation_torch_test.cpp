// The ten activation functions against PyTorch's ATen (at::silu, at::silu_backward, at::gelu, at::gelu_backward,
// at::sigmoid, at::sigmoid_backward, at::relu, at::threshold_backward): 200 random problems per function and dtype
// (FLOAT, FLOAT16, BF16; rank 0-4, dense / transposed / padded views, broadcast operands where the function allows
// them, values in +-10 and some in +-100). The rule, on problems of at least 64 elements: per element, our error
// against the float64 result is at most PyTorch's largest error on the problem plus one ulp of the dtype at that
// element. On the smaller problems (down to one element) a maximum is no measure of an implementation: there, pooled
// over all 200 problems, our worst error in ulps of the dtype is at most PyTorch's worst plus one (elements whose
// reference is below 1/16 in magnitude left out of the pool: tails and the derivatives' zeros, where the
// formulas cancel and relative errors mean nothing; the problems of 64+ elements cover them absolutely). Then a
// forward -> backward cascade per pair against PyTorch autograd, under the same rule. PyTorch 1.13's CPU kernels have
// no FLOAT16 silu / gelu / sigmoid / relu / threshold ("not implemented for 'Half'"): for FLOAT16, PyTorch's result is
// its fp32 result rounded once.
#include <ATen/ATen.h>

#include <cmath>
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
#include "common/torch_convert.h"
#include "math/arith_tester.h"

namespace aclcpu_test::activation_torch_test {
namespace {

enum class Fn {
  kSilu,
  kSiluBackward,
  kGelu,
  kGeluBackward,
  kGeluV2Erf,
  kGeluV2Tanh,
  kGeluBackwardV2Erf,
  kGeluBackwardV2Tanh,
  kSigmoid,
  kSigmoidBackward,
  kRelu,
  kThresholdBackward,
};
constexpr Fn kAllFns[] = {Fn::kSilu,
                          Fn::kSiluBackward,
                          Fn::kGelu,
                          Fn::kGeluBackward,
                          Fn::kGeluV2Erf,
                          Fn::kGeluV2Tanh,
                          Fn::kGeluBackwardV2Erf,
                          Fn::kGeluBackwardV2Tanh,
                          Fn::kSigmoid,
                          Fn::kSigmoidBackward,
                          Fn::kRelu,
                          Fn::kThresholdBackward};
const char *FnName(Fn f) {
  static const char *const n[] = {"Silu",
                                  "SiluBackward",
                                  "Gelu",
                                  "GeluBackward",
                                  "GeluV2Erf",
                                  "GeluV2Tanh",
                                  "GeluBackwardV2Erf",
                                  "GeluBackwardV2Tanh",
                                  "Sigmoid",
                                  "SigmoidBackward",
                                  "Relu",
                                  "ThresholdBackward"};
  return n[static_cast<int>(f)];
}
bool IsBackward(Fn f) {
  return f == Fn::kSiluBackward || f == Fn::kGeluBackward || f == Fn::kGeluBackwardV2Erf ||
         f == Fn::kGeluBackwardV2Tanh || f == Fn::kSigmoidBackward || f == Fn::kThresholdBackward;
}
// SiluBackward refuses broadcasting on A2; the other backward functions broadcast.
bool Broadcasts(Fn f) { return IsBackward(f) && f != Fn::kSiluBackward; }

// Both phases of ours; for a forward function g is null.
::testing::AssertionResult RunOurs(Fn f, const AnyTensor *g, const AnyTensor &x, const AnyTensor &out, float t) {
  uint64_t ws = 0;
  aclOpExecutor *exec = nullptr;
  char none[] = "none", tanhStr[] = "tanh";
  ScalarPtr thr = MakeScalar(ACL_FLOAT, Num::F(t));
  aclnnStatus st = -1;
  Phase2Fn p2 = nullptr;
  aclTensor *gt = g ? g->get() : nullptr;
  switch (f) {
    case Fn::kSilu: st = aclnnSiluGetWorkspaceSize(x.get(), out.get(), &ws, &exec), p2 = aclnnSilu; break;
    case Fn::kSiluBackward:
      st = aclnnSiluBackwardGetWorkspaceSize(gt, x.get(), out.get(), &ws, &exec), p2 = aclnnSiluBackward;
      break;
    case Fn::kGelu: st = aclnnGeluGetWorkspaceSize(x.get(), out.get(), &ws, &exec), p2 = aclnnGelu; break;
    case Fn::kGeluBackward:
      st = aclnnGeluBackwardGetWorkspaceSize(gt, x.get(), out.get(), &ws, &exec), p2 = aclnnGeluBackward;
      break;
    case Fn::kGeluV2Erf:
    case Fn::kGeluV2Tanh:
      st = aclnnGeluV2GetWorkspaceSize(x.get(), f == Fn::kGeluV2Tanh ? 1 : 0, out.get(), &ws, &exec);
      p2 = aclnnGeluV2;
      break;
    case Fn::kGeluBackwardV2Erf:
    case Fn::kGeluBackwardV2Tanh:
      st = aclnnGeluBackwardV2GetWorkspaceSize(gt, x.get(), f == Fn::kGeluBackwardV2Tanh ? tanhStr : none, out.get(),
                                               &ws, &exec);
      p2 = aclnnGeluBackwardV2;
      break;
    case Fn::kSigmoid: st = aclnnSigmoidGetWorkspaceSize(x.get(), out.get(), &ws, &exec), p2 = aclnnSigmoid; break;
    case Fn::kSigmoidBackward:
      st = aclnnSigmoidBackwardGetWorkspaceSize(gt, x.get(), out.get(), &ws, &exec), p2 = aclnnSigmoidBackward;
      break;
    case Fn::kRelu: st = aclnnReluGetWorkspaceSize(x.get(), out.get(), &ws, &exec), p2 = aclnnRelu; break;
    case Fn::kThresholdBackward:
      st = aclnnThresholdBackwardGetWorkspaceSize(gt, x.get(), thr.get(), out.get(), &ws, &exec);
      p2 = aclnnThresholdBackward;
      break;
  }
  if (st != ACLNN_SUCCESS)
    return ::testing::AssertionFailure() << FnName(f) << " phase 1 " << st << ": " << aclGetRecentErrMsg();
  if (RunPhase2(p2, ws, exec) != ACLNN_SUCCESS) return ::testing::AssertionFailure() << FnName(f) << " phase 2";
  return ::testing::AssertionSuccess();
}

// PyTorch's function on tensors of any floating dtype.
at::Tensor TorchOf(Fn f, const at::Tensor &g, const at::Tensor &x, double t) {
  switch (f) {
    case Fn::kSilu: return at::silu(x);
    case Fn::kSiluBackward: return at::silu_backward(g, x);
    case Fn::kGelu:
    case Fn::kGeluV2Tanh: return at::gelu(x, "tanh");
    case Fn::kGeluV2Erf: return at::gelu(x, "none");
    case Fn::kGeluBackward:
    case Fn::kGeluBackwardV2Tanh: return at::gelu_backward(g, x, "tanh");
    case Fn::kGeluBackwardV2Erf: return at::gelu_backward(g, x, "none");
    case Fn::kSigmoid: return at::sigmoid(x);
    case Fn::kSigmoidBackward: return at::sigmoid_backward(g, x);
    case Fn::kRelu: return at::relu(x);
    case Fn::kThresholdBackward: return at::threshold_backward(g, x, t);
  }
  return {};
}

// The float64 references, written here in long double (ATen's float64 kernels cancel: at::gelu(x, "tanh") in double
// is -0 for x < -19 where the function is -1e-21, and its derivative likewise; these forms do not).
using LD = long double;
constexpr LD kC = 0.797884560802865355879892119868763737L;  // sqrt(2/pi)
constexpr LD kA = 0.044715L;
constexpr LD kInvSqrt2 = 0.707106781186547524400844362104849039L;
constexpr LD kInvSqrt2Pi = 0.398942280401432677939946059934381868L;
LD Sig(LD x) { return 1.0L / (1.0L + std::exp(-x)); }
LD GeluTanh(LD x) { return x * Sig(2 * kC * (x + kA * x * x * x)); }
LD GeluErf(LD x) { return 0.5L * x * std::erfc(-x * kInvSqrt2); }
LD GeluTanhGrad(LD x) {
  const LD u = kC * (x + kA * x * x * x), sp = Sig(2 * u), sm = Sig(-2 * u), k = kC * (1 + 3 * kA * x * x);
  return sp + (sm == 0 ? 0.0L : 2 * x * sp * sm * k);
}
LD GeluErfGrad(LD x) { return 0.5L * std::erfc(-x * kInvSqrt2) + x * kInvSqrt2Pi * std::exp(-0.5L * x * x); }
LD RefOf(Fn f, LD g, LD x, LD t) {
  switch (f) {
    case Fn::kSilu: return x * Sig(x);
    case Fn::kSiluBackward: return g * Sig(x) * (1 + x * (1 - Sig(x)));
    case Fn::kGelu:
    case Fn::kGeluV2Tanh: return GeluTanh(x);
    case Fn::kGeluV2Erf: return GeluErf(x);
    case Fn::kGeluBackward:
    case Fn::kGeluBackwardV2Tanh: return g * GeluTanhGrad(x);
    case Fn::kGeluBackwardV2Erf: return g * GeluErfGrad(x);
    case Fn::kSigmoid: return Sig(x);
    case Fn::kSigmoidBackward: return g * x * (1 - x);
    case Fn::kRelu: return x > 0 ? x : 0;
    case Fn::kThresholdBackward: return x > t ? g : 0;
  }
  return 0;
}

// PyTorch's result in dtype t (FLOAT16 through fp32, rounded once), as doubles.
std::vector<double> TorchResult(Fn f, const at::Tensor &g, const at::Tensor &x, double t, aclDataType dt) {
  if (dt == ACL_FLOAT16) return FromTorch(TorchOf(f, g, x, t).to(at::kHalf));  // g, x: FLOAT tensors
  return FromTorch(TorchOf(f, g, x, t));
}

// The rule: per element, |ours - ref| <= (PyTorch's largest |theirs - ref|) + 1 ulp of dt at |ref|. A reference that
// overflows the dtype must be that infinity in ours.
::testing::AssertionResult NoWorseThanTorchPerElement(const std::vector<double> &ours,
                                                      const std::vector<double> &theirs, const std::vector<double> &ref,
                                                      aclDataType dt, const std::vector<double> *gIn = nullptr,
                                                      const std::vector<double> *xIn = nullptr) {
  double errTorch = 0;
  for (size_t i = 0; i < ref.size(); ++i)
    if (std::isfinite(RoundTo(dt, ref[i]))) errTorch = std::max(errTorch, std::fabs(theirs[i] - ref[i]));
  int bad = 0;
  ::testing::AssertionResult r = ::testing::AssertionFailure();
  for (size_t i = 0; i < ref.size(); ++i) {
    const double rounded = RoundTo(dt, ref[i]);
    const bool ok = std::isfinite(rounded) ? std::fabs(ours[i] - ref[i]) <= errTorch + UlpAt(dt, std::fabs(ref[i]))
                                           : ours[i] == rounded;
    if (!ok && bad++ < 3)
      r << "element " << i << (gIn ? " g = " + std::to_string((*gIn)[i]) : std::string())
        << (xIn ? " x = " + std::to_string((*xIn)[i]) : std::string()) << ": ours " << ours[i] << ", PyTorch "
        << theirs[i] << ", reference " << ref[i] << " (PyTorch's max error " << errTorch << "); ";
  }
  if (bad == 0) return ::testing::AssertionSuccess();
  return r << bad << " of " << ref.size() << " elements";
}

// The rule of the file over a series of problems of one function and dtype.
class TorchRule {
 public:
  explicit TorchRule(aclDataType dt) : dt_(dt) {}
  ::testing::AssertionResult Check(const std::vector<double> &ours, const std::vector<double> &theirs,
                                   const std::vector<double> &ref, const std::vector<double> *g = nullptr,
                                   const std::vector<double> *x = nullptr) {
    for (size_t i = 0; i < ref.size(); ++i) {
      const double scale = g ? std::max(1.0, std::fabs((*g)[i])) : 1.0;  // a derivative below 1/16 is left out
      if (std::fabs(ref[i]) < 0.0625 * scale || !std::isfinite(RoundTo(dt_, ref[i]))) continue;
      const double ulp = UlpAt(dt_, std::fabs(ref[i])), eo = std::fabs(ours[i] - ref[i]) / ulp;
      if (eo > worstOurs_) {
        worstOurs_ = eo;
        worstAt_ = "x = " + (x ? std::to_string((*x)[i]) : std::string("?")) +
                   (g ? ", g = " + std::to_string((*g)[i]) : std::string());
      }
      worstTorch_ = std::max(worstTorch_, std::fabs(theirs[i] - ref[i]) / ulp);
    }
    if (ref.size() < 64) return ::testing::AssertionSuccess();
    return NoWorseThanTorchPerElement(ours, theirs, ref, dt_, g, x);
  }
  ::testing::AssertionResult Pooled() const {
    if (worstOurs_ <= worstTorch_ + 1) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "pooled worst error " << worstOurs_ << " ulp (at " << worstAt_
                                         << ") > PyTorch's " << worstTorch_ << " + 1";
  }

 private:
  aclDataType dt_;
  double worstOurs_ = 0, worstTorch_ = 0;
  std::string worstAt_;
};

// ---- random problems -----------------------------------------------------------------------------------------

struct Problem {
  std::vector<int64_t> gShape, xShape, outShape;
  Layout gLayout, xLayout, outLayout;
  std::vector<double> g, x;  // rounded to the dtype
  double threshold = 0;
};

Layout RandomLayout(std::mt19937_64 &rng, size_t rank) {
  switch (std::uniform_int_distribution<int>(0, 3)(rng)) {
    case 1: return Layout::Transposed(rank);
    case 2: return Layout::Padded(rank, 2);
    default: return Layout::Dense();
  }
}

std::vector<double> RandomValues(std::mt19937_64 &rng, int64_t n, aclDataType dt, double scale) {
  std::uniform_real_distribution<double> u(-scale, scale);
  std::vector<double> v(static_cast<size_t>(n));
  for (double &x : v) x = RoundTo(dt, u(rng));
  return v;
}

Problem RandomProblem(std::mt19937_64 &rng, Fn f, aclDataType dt) {
  Problem p;
  const int rank = std::uniform_int_distribution<int>(0, 4)(rng);
  std::uniform_int_distribution<int64_t> dim(1, rank <= 2 ? 24 : 7);
  for (int i = 0; i < rank; ++i) p.outShape.push_back(dim(rng));
  p.xShape = p.gShape = p.outShape;
  if (Broadcasts(f) && rank > 0 && std::uniform_int_distribution<int>(0, 1)(rng) == 1) {
    // one operand gets some dims of 1 or fewer leading dims
    std::vector<int64_t> &s = std::uniform_int_distribution<int>(0, 1)(rng) ? p.gShape : p.xShape;
    for (int64_t &d : s)
      if (std::uniform_int_distribution<int>(0, 2)(rng) == 0) d = 1;
    const int drop = std::uniform_int_distribution<int>(0, rank)(rng);
    s.erase(s.begin(), s.begin() + drop);
  }
  p.gLayout = RandomLayout(rng, p.gShape.size());
  p.xLayout = RandomLayout(rng, p.xShape.size());
  p.outLayout = RandomLayout(rng, p.outShape.size());
  const double scale = std::uniform_int_distribution<int>(0, 3)(rng) == 0 ? 100 : 10;
  p.x = RandomValues(rng, NumelOf(p.xShape), dt, scale);
  p.g = RandomValues(rng, NumelOf(p.gShape), dt, scale);
  if (f == Fn::kSigmoidBackward) {  // half of the outputs in (0, 1), as the forward gives them
    std::uniform_real_distribution<double> u(0, 1);
    for (size_t i = 0; i < p.x.size(); i += 2) p.x[i] = RoundTo(dt, u(rng));
  }
  if (f == Fn::kThresholdBackward) {  // thresholds every dtype holds exactly
    static const double ts[] = {0, 0.5, -1.25, 2, 4.5};
    p.threshold = ts[std::uniform_int_distribution<int>(0, 4)(rng)];
  }
  return p;
}

std::vector<Num> Nums(const std::vector<double> &v) {
  std::vector<Num> r;
  r.reserve(v.size());
  for (double x : v) r.push_back(Num::F(x));
  return r;
}
std::vector<double> Reals(const std::vector<Num> &v) {
  std::vector<double> r;
  r.reserve(v.size());
  for (const Num &x : v) r.push_back(x.Real());
  return r;
}

struct TorchCase {
  Fn fn;
  aclDataType dtype;
};
std::string CaseName(const ::testing::TestParamInfo<TorchCase> &info) {
  return std::string(FnName(info.param.fn)) + "_" + DTypeLabel(info.param.dtype);
}
void PrintTo(const TorchCase &c, std::ostream *os) { *os << FnName(c.fn) << " " << DTypeLabel(c.dtype); }
std::vector<TorchCase> AllCases() {
  std::vector<TorchCase> c;
  for (Fn f : kAllFns)
    for (aclDataType t : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) c.push_back({f, t});
  return c;
}

class ActivationTorchParity : public ::testing::TestWithParam<TorchCase> {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

constexpr int kCasesPerDtype = 200;

TEST_P(ActivationTorchParity, NoWorseThanTorch) {
  const TorchCase c = GetParam();
  std::mt19937_64 rng(static_cast<uint64_t>(static_cast<int>(c.fn) * 131 + c.dtype));
  int failures = 0;
  TorchRule rule(c.dtype);
  for (int k = 0; k < kCasesPerDtype && failures < 3; ++k) {
    const Problem p = RandomProblem(rng, c.fn, c.dtype);
    const bool backward = IsBackward(c.fn);
    AnyTensor x(p.xShape, c.dtype, p.xLayout), out(p.outShape, c.dtype, p.outLayout);
    AnyTensor g(backward ? p.gShape : std::vector<int64_t>{}, c.dtype, p.gLayout);
    x.Fill(Nums(p.x));
    if (backward) g.Fill(Nums(p.g));
    ASSERT_TRUE(RunOurs(c.fn, backward ? &g : nullptr, x, out, static_cast<float>(p.threshold))) << "case " << k;
    const std::vector<double> ours = Reals(out.Read());

    const aclDataType torchType = c.dtype == ACL_FLOAT16 ? ACL_FLOAT : c.dtype;
    // operands expanded to the result's shape first: at::gelu_backward(.., "none") goes through oneDNN, which
    // throws on broadcast operands ("could not create a primitive descriptor for a reorder primitive")
    const at::Tensor xt = ToTorch(p.x, p.xShape, torchType).expand(p.outShape).contiguous(),
                     gt = backward ? ToTorch(p.g, p.gShape, torchType).expand(p.outShape).contiguous() : at::Tensor();
    const std::vector<double> theirs = TorchResult(c.fn, gt, xt, p.threshold, c.dtype);
    std::vector<double> ref(static_cast<size_t>(NumelOf(p.outShape))), gs(ref.size()), xs(ref.size());
    for (int64_t i = 0; i < NumelOf(p.outShape); ++i) {
      const auto u = static_cast<size_t>(i);
      gs[u] = backward ? p.g[static_cast<size_t>(SourceIndex(p.gShape, p.outShape, i))] : 0.0;
      xs[u] = p.x[static_cast<size_t>(SourceIndex(p.xShape, p.outShape, i))];
      ref[u] = static_cast<double>(RefOf(c.fn, gs[u], xs[u], p.threshold));
    }
    const ::testing::AssertionResult r = rule.Check(ours, theirs, ref, backward ? &gs : nullptr, &xs);
    if (!r) {
      ++failures;
      ADD_FAILURE() << "case " << k << " (shape " << at::IntArrayRef(p.outShape) << "): " << r.message();
    }
  }
  EXPECT_TRUE(rule.Pooled());
}

INSTANTIATE_TEST_SUITE_P(Random, ActivationTorchParity, ::testing::ValuesIn(AllCases()), CaseName);

// ---- forward -> backward cascades against autograd ------------------------------------------------------------

enum class Pair { kSilu, kGelu, kGeluV2Erf, kGeluV2Tanh, kSigmoid, kRelu };
struct CascadeCase {
  Pair pair;
  aclDataType dtype;
};
std::string CascadeName(const ::testing::TestParamInfo<CascadeCase> &info) {
  static const char *const n[] = {"Silu", "Gelu", "GeluV2Erf", "GeluV2Tanh", "Sigmoid", "Relu"};
  return std::string(n[static_cast<int>(info.param.pair)]) + "_" + DTypeLabel(info.param.dtype);
}
void PrintTo(const CascadeCase &c, std::ostream *os) { *os << static_cast<int>(c.pair) << " " << DTypeLabel(c.dtype); }
std::vector<CascadeCase> CascadeCases() {
  std::vector<CascadeCase> c;
  for (Pair p : {Pair::kSilu, Pair::kGelu, Pair::kGeluV2Erf, Pair::kGeluV2Tanh, Pair::kSigmoid, Pair::kRelu})
    for (aclDataType t : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) c.push_back({p, t});
  return c;
}

// y = f(x) in PyTorch, y.backward(g), x.grad rounded to `result` (FLOAT16: computed from FLOAT tensors).
std::vector<double> AutogradGrad(Pair pair, const at::Tensor &x0, const at::Tensor &g, at::ScalarType result) {
  const at::Tensor x = x0.detach().clone().requires_grad_();
  at::Tensor y;
  switch (pair) {
    case Pair::kSilu: y = at::silu(x); break;
    case Pair::kGelu:
    case Pair::kGeluV2Tanh: y = at::gelu(x, "tanh"); break;
    case Pair::kGeluV2Erf: y = at::gelu(x, "none"); break;
    case Pair::kSigmoid: y = at::sigmoid(x); break;
    case Pair::kRelu: y = at::relu(x); break;
  }
  y.backward(g);
  return FromTorch(x.grad().to(result));
}

class ActivationTorchCascade : public ::testing::TestWithParam<CascadeCase> {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

TEST_P(ActivationTorchCascade, ForwardThenBackwardLikeAutograd) {
  const CascadeCase c = GetParam();
  static const Fn fwd[] = {Fn::kSilu, Fn::kGelu, Fn::kGeluV2Erf, Fn::kGeluV2Tanh, Fn::kSigmoid, Fn::kRelu};
  static const Fn bwd[] = {Fn::kSiluBackward,       Fn::kGeluBackward,    Fn::kGeluBackwardV2Erf,
                           Fn::kGeluBackwardV2Tanh, Fn::kSigmoidBackward, Fn::kThresholdBackward};
  const int pi = static_cast<int>(c.pair);
  std::mt19937_64 rng(static_cast<uint64_t>(pi * 17 + c.dtype));
  TorchRule rule(c.dtype);
  for (int k = 0; k < 20; ++k) {
    const Problem p = RandomProblem(rng, Fn::kSilu, c.dtype);  // same shapes for x, y, g
    AnyTensor x(p.xShape, c.dtype, p.xLayout), y(p.xShape, c.dtype), g(p.xShape, c.dtype, p.gLayout),
        dx(p.xShape, c.dtype, p.outLayout);
    x.Fill(Nums(p.x));
    g.Fill(Nums(p.g));
    ASSERT_TRUE(RunOurs(fwd[pi], nullptr, x, y, 0));
    // Sigmoid's backward reads the forward output, Relu's threshold (t = 0) reads it too as PyTorch's does;
    // Silu's and Gelu's read x.
    const bool fromOutput = c.pair == Pair::kSigmoid || c.pair == Pair::kRelu;
    ASSERT_TRUE(RunOurs(bwd[pi], &g, fromOutput ? y : x, dx, 0));
    const std::vector<double> ours = Reals(dx.Read());
    const aclDataType torchType = c.dtype == ACL_FLOAT16 ? ACL_FLOAT : c.dtype;
    const at::Tensor xt = ToTorch(p.x, p.xShape, torchType), gt = ToTorch(p.g, p.xShape, torchType);
    // FLOAT16 Sigmoid: PyTorch's sigmoid_backward has a Half kernel, and its autograd would keep y in FLOAT16
    const std::vector<double> theirs =
        c.pair == Pair::kSigmoid && c.dtype == ACL_FLOAT16
            ? FromTorch(at::sigmoid_backward(gt.to(at::kHalf), at::sigmoid(xt).to(at::kHalf)))
            : AutogradGrad(c.pair, xt, gt, TorchType(c.dtype));
    static const Fn grads[] = {Fn::kSiluBackward,       Fn::kGeluBackward, Fn::kGeluBackwardV2Erf,
                               Fn::kGeluBackwardV2Tanh, Fn::kSigmoid,      Fn::kRelu};
    std::vector<double> ref(p.x.size());
    for (size_t i = 0; i < p.x.size(); ++i) {
      const LD xi = p.x[i], gi = p.g[i];
      // the exact derivative at x: sigmoid' = s (1 - s), relu' = [x > 0]
      ref[i] = static_cast<double>(grads[pi] == Fn::kSigmoid ? gi * Sig(xi) * (1 - Sig(xi))
                                   : grads[pi] == Fn::kRelu  ? (xi > 0 ? gi : 0.0L)
                                                             : RefOf(grads[pi], gi, xi, 0));
    }
    EXPECT_TRUE(rule.Check(ours, theirs, ref, &p.g, &p.x)) << "case " << k;
  }
  EXPECT_TRUE(rule.Pooled());
}

INSTANTIATE_TEST_SUITE_P(Pairs, ActivationTorchCascade, ::testing::ValuesIn(CascadeCases()), CascadeName);

}  // namespace
}  // namespace aclcpu_test::activation_torch_test

namespace aclcpu_test::activation_torch_test {
namespace {

// FLOAT over a dense sweep of x in [-12, 12] (g = 1 for the derivatives, g = 1 and y = sigmoid(x) for
// SigmoidBackward): the worst error in fp32 ulps at each element's reference where the reference is at least 1/16
// in magnitude (away from the tails, which PyTorch flushes to 0, and from the zeros of the derivatives, where the
// formulas cancel and relative errors say nothing), ours against PyTorch's. Printed, and ours at most PyTorch's + 1.
TEST(ActivationTorchAccuracy, Fp32WorstUlpsSweep) {
  aclInit(nullptr);
  const int64_t n = 1 << 16;
  std::vector<double> xs(static_cast<size_t>(n)), ones(static_cast<size_t>(n), 1.0);
  for (int64_t i = 0; i < n; ++i) xs[static_cast<size_t>(i)] = static_cast<float>(-12.0 + 24.0 * i / (n - 1));
  for (Fn f : kAllFns) {
    if (f == Fn::kRelu || f == Fn::kThresholdBackward) continue;
    const bool backward = IsBackward(f);
    std::vector<double> in = xs;
    if (f == Fn::kSigmoidBackward)
      for (double &v : in) v = static_cast<float>(1.0 / (1.0 + std::exp(-v)));
    AnyTensor x({n}, ACL_FLOAT), g({n}, ACL_FLOAT), out({n}, ACL_FLOAT);
    x.Fill(Nums(in));
    g.Fill(Nums(ones));
    ASSERT_TRUE(RunOurs(f, backward ? &g : nullptr, x, out, 0));
    const std::vector<double> ours = Reals(out.Read());
    const at::Tensor xt = ToTorch(in, {n}, ACL_FLOAT), gt = ToTorch(ones, {n}, ACL_FLOAT);
    const std::vector<double> theirs = FromTorch(TorchOf(f, backward ? gt : at::Tensor(), xt, 0));
    double worstOurs = 0, worstTorch = 0, atX = 0;
    for (size_t i = 0; i < in.size(); ++i) {
      const double ref = static_cast<double>(RefOf(f, 1, in[i], 0));
      if (std::fabs(ref) < 0.0625) continue;
      const double ulp = UlpAt(ACL_FLOAT, std::fabs(ref)), eo = std::fabs(ours[i] - ref) / ulp;
      if (eo > worstOurs) worstOurs = eo, atX = in[i];
      worstTorch = std::max(worstTorch, std::fabs(theirs[i] - ref) / ulp);
    }
    std::printf("%-20s fp32 worst %.2f ulp at x = %.6f (PyTorch %.2f ulp)\n", FnName(f), worstOurs, atX, worstTorch);
    EXPECT_LE(worstOurs, worstTorch + 1) << FnName(f) << " at x = " << atX;
  }
}

}  // namespace
}  // namespace aclcpu_test::activation_torch_test
