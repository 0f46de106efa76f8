// aclnnBatchNorm and aclnnBatchNormBackward against float64 references (docs/ops/batch_norm.md §1.2, §2.2): every
// dtype combination, ranks 2..8, training and inference, null weight/bias/running/save tensors, the momentum update
// (unbiased running variance, R == 1), strided views, IEEE specials, and 1 vs 2 OpenMP threads bit for bit.
// Tolerance per element: one ulp of the output dtype at the reference, plus 8 fp32 roundings of the largest term the
// fp32 formula forms (the one rounding of a 16-bit output dominates; fp32 outputs see the fp32 arithmetic).
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "aclnnop/aclnn_batch_norm.h"
#include "aclnnop/aclnn_batch_norm_backward.h"
#include "common/simd_targets.h"
#include "common/test_tensor.h"

namespace aclcpu_test::batch_norm_numeric_test {
namespace {

const aclDataType f32 = ACL_FLOAT, f16 = ACL_FLOAT16, bf16 = ACL_BF16;
const double kF32Round = std::ldexp(1.0, -24);

struct Problem {
  std::vector<int64_t> shape;
  int64_t n = 0, c = 0, s = 0;
  explicit Problem(std::vector<int64_t> dims) : shape(std::move(dims)) {
    n = shape[0];
    c = shape[1];
    s = NumelOf(shape) / std::max<int64_t>(1, n * c);
  }
  int64_t R() const { return n * s; }
  int64_t Channel(int64_t flat) const { return flat / s % c; }
};

// A 5-D input (and output) must be labelled NCDHW (§1.4 step 5).
aclFormat Format5d(const std::vector<int64_t> &shape) { return shape.size() == 5 ? ACL_FORMAT_NCDHW : ACL_FORMAT_ND; }

// ---- forward -----------------------------------------------------------------------------------------------------

struct FwdCase {
  std::vector<int64_t> shape;
  aclDataType x = f32, out = f32, param = f32, stat = f32;  // stat: running and save tensors
  bool training = true, weight = true, bias = true, running = true;
  double momentum = 0.1, eps = 1e-5;
  Layout xLayout = Layout::Dense(), outLayout = Layout::Dense();
  double lo = -2, hi = 3, special = 0;
  int threads = 0;
};

struct FwdData {
  std::vector<double> x, w, b, rm, rv;
};

struct FwdOut {
  std::vector<double> out, mean, var, rm, rv;
  std::vector<double> outTol;
  std::vector<unsigned char> bytes;  // every output's storage, for the thread test
};

FwdData MakeForwardData(const FwdCase &k, std::mt19937_64 &rng) {
  const Problem p(k.shape);
  FwdData d;
  d.x = k.special > 0 ? ValuesWithSpecials(rng, NumelOf(k.shape), k.special)
                      : RandomValues(rng, NumelOf(k.shape), k.lo, k.hi);
  d.w = RandomValues(rng, p.c, 0.5, 2);
  d.b = RandomValues(rng, p.c, -1, 1);
  d.rm = RandomValues(rng, p.c, -0.5, 0.5);
  d.rv = RandomValues(rng, p.c, 0.5, 2);
  for (double &v : d.x) v = RoundTo(k.x, v);
  for (std::vector<double> *v : {&d.w, &d.b})
    for (double &e : *v) e = RoundTo(k.param, e);
  for (std::vector<double> *v : {&d.rm, &d.rv})
    for (double &e : *v) e = RoundTo(k.stat, e);
  return d;
}

FwdOut ReferenceForward(const FwdCase &k, const FwdData &d) {
  const Problem p(k.shape);
  const double eps = static_cast<float>(k.eps), m = static_cast<float>(k.momentum);
  FwdOut r;
  std::vector<double> mean(static_cast<size_t>(p.c)), var(static_cast<size_t>(p.c));
  for (int64_t c = 0; c < p.c; ++c) {
    const auto cu = static_cast<size_t>(c);
    if (!k.training) {
      mean[cu] = k.running ? d.rm[cu] : 0.0;
      var[cu] = k.running ? d.rv[cu] : 1.0;
      continue;
    }
    double sum = 0, sq = 0;
    for (int64_t i = 0; i < NumelOf(k.shape); ++i)
      if (p.Channel(i) == c) sum += d.x[static_cast<size_t>(i)];
    mean[cu] = sum / static_cast<double>(p.R());
    for (int64_t i = 0; i < NumelOf(k.shape); ++i)
      if (p.Channel(i) == c) sq += (d.x[static_cast<size_t>(i)] - mean[cu]) * (d.x[static_cast<size_t>(i)] - mean[cu]);
    var[cu] = sq / static_cast<double>(p.R());
    const double unbias = p.R() > 1 ? static_cast<double>(p.R()) / static_cast<double>(p.R() - 1) : 0.0;
    r.rm.push_back((1 - m) * d.rm[cu] + m * mean[cu]);
    r.rv.push_back((1 - m) * d.rv[cu] + m * var[cu] * unbias);
  }
  r.mean = mean;
  r.var = var;
  for (int64_t i = 0; i < NumelOf(k.shape); ++i) {
    const auto cu = static_cast<size_t>(p.Channel(i));
    const double w = k.weight ? d.w[cu] : 1.0, b = k.bias ? d.b[cu] : 0.0;
    const double invstd = 1.0 / std::sqrt(var[cu] + eps);
    const double y = (d.x[static_cast<size_t>(i)] - mean[cu]) * invstd * w + b;
    r.out.push_back(y);
    const double term = std::fabs(y - b) + std::fabs(b);
    r.outTol.push_back(UlpAt(k.out, std::fabs(y)) + 8 * kF32Round * (std::isfinite(term) ? term : 0));
  }
  return r;
}

FwdOut RunForward(const FwdCase &k, const FwdData &d) {
  const Problem p(k.shape);
  DeviceTensor x(k.shape, k.x, k.xLayout, Format5d(k.shape)), out(k.shape, k.out, k.outLayout, Format5d(k.shape)),
      w({p.c}, k.param), b({p.c}, k.param), rm({p.c}, k.stat), rv({p.c}, k.stat), mean({p.c}, k.stat),
      var({p.c}, k.stat, Layout::Padded(1));
  x.Fill(d.x);
  w.Fill(d.w);
  b.Fill(d.b);
  rm.Fill(d.rm);
  rv.Fill(d.rv);
  uint64_t ws = 0;
  aclOpExecutor *exec = nullptr;
  const aclnnStatus status = Phase1WithThreads(k.threads, [&] {
    return aclnnBatchNormGetWorkspaceSize(x.get(), k.weight ? w.get() : nullptr, k.bias ? b.get() : nullptr,
                                          k.running ? rm.get() : nullptr, k.running ? rv.get() : nullptr, k.training,
                                          k.momentum, k.eps, out.get(), mean.get(), var.get(), &ws, &exec);
  });
  EXPECT_EQ(status, ACLNN_SUCCESS) << aclGetRecentErrMsg();
  if (status != ACLNN_SUCCESS) return {};
  EXPECT_EQ(RunPhase2(aclnnBatchNorm, ws, exec), ACLNN_SUCCESS);
  FwdOut r{out.Read(), mean.Read(), var.Read(), rm.Read(), rv.Read(), {}, out.Bytes()};
  for (const DeviceTensor *t : {&mean, &var, &rm, &rv}) {
    const auto more = t->Bytes();
    r.bytes.insert(r.bytes.end(), more.begin(), more.end());
  }
  return r;
}

void ExpectNear(const std::vector<double> &got, const std::vector<double> &ref, aclDataType type, const char *what,
                const std::vector<double> *tol = nullptr) {
  ASSERT_EQ(got.size(), ref.size()) << what;
  for (size_t i = 0; i < ref.size(); ++i) {
    const double t = tol != nullptr ? (*tol)[i] : UlpAt(type, std::fabs(ref[i])) + 1e-12 * std::fabs(ref[i]);
    ASSERT_TRUE(SpecialExactOrNear(got[i], ref[i], t)) << what << "[" << i << "]";
  }
}

void CheckForward(const FwdCase &k, uint64_t seed) {
  std::mt19937_64 rng(seed);
  const FwdData d = MakeForwardData(k, rng);
  const FwdOut ref = ReferenceForward(k, d), got = RunForward(k, d);
  if (got.out.empty()) return;
  ExpectNear(got.out, ref.out, k.out, "output", &ref.outTol);
  if (k.training) {
    ExpectNear(got.mean, ref.mean, k.stat, "saveMean");
    ExpectNear(got.var, ref.var, k.stat, "saveInvstd (variance)");
    if (k.running) {
      ExpectNear(got.rm, ref.rm, k.stat, "runningMean");
      ExpectNear(got.rv, ref.rv, k.stat, "runningVar");
    }
  } else if (k.running) {
    ExpectNear(got.rm, d.rm, k.stat, "runningMean untouched");
    ExpectNear(got.rv, d.rv, k.stat, "runningVar untouched");
  }
}

std::string Label(const FwdCase &k) {
  std::string s = std::string(k.training ? "train " : "infer ") + DTypeLabel(k.x) + "/" + DTypeLabel(k.out) + "/" +
                  DTypeLabel(k.param) + "/" + DTypeLabel(k.stat) + " [";
  for (int64_t v : k.shape) s += std::to_string(v) + ",";
  return s + "]";
}

const aclDataType kTypes[] = {f32, f16, bf16};

TEST(BatchNormNumeric, EveryDtypeCombination) {
  aclInit(nullptr);
  uint64_t seed = 1;
  for (aclDataType x : kTypes)
    for (aclDataType out : kTypes)
      for (aclDataType param : kTypes)
        for (aclDataType stat : kTypes)
          for (bool training : {true, false}) {
            FwdCase k;
            k.shape = std::vector<int64_t>{3, 4, 5, 7};
            k.x = x;
            k.out = out;
            k.param = param;
            k.stat = stat;
            k.training = training;
            SCOPED_TRACE(Label(k));
            CheckForward(k, seed++);
          }
}

TEST(BatchNormNumeric, RanksTwoToEight) {
  aclInit(nullptr);
  const std::vector<std::vector<int64_t>> shapes = {{37, 3},
                                                    {4, 5, 9},
                                                    {2, 3, 4, 5},
                                                    {2, 3, 2, 3, 4},
                                                    {2, 2, 2, 3, 2, 3},
                                                    {1, 3, 2, 1, 2, 3, 2},
                                                    {2, 2, 1, 2, 1, 2, 3, 2}};
  uint64_t seed = 100;
  for (const auto &shape : shapes)
    for (bool training : {true, false})
      for (aclDataType x : {f32, bf16}) {
        FwdCase k;
        k.shape = shape;
        k.x = k.out = x;
        k.training = training;
        SCOPED_TRACE(Label(k));
        CheckForward(k, seed++);
      }
}

TEST(BatchNormNumeric, NullOptionalsAndMomentum) {
  aclInit(nullptr);
  uint64_t seed = 200;
  for (int mask = 0; mask < 8; ++mask)
    for (bool training : {true, false})
      for (double momentum : {0.0, 0.1, 1.0, -0.5}) {
        FwdCase k;
        k.shape = std::vector<int64_t>{4, 3, 6};
        k.weight = (mask & 1) != 0;
        k.bias = (mask & 2) != 0;
        k.running = (mask & 4) != 0;
        k.training = training;
        k.momentum = momentum;
        SCOPED_TRACE(Label(k) + " mask " + std::to_string(mask) + " momentum " + std::to_string(momentum));
        CheckForward(k, seed++);
      }
}

// R == 1: the variance is 0, output = bias, and the running variance takes the factor 0 (the device's TBE path,
// docs/ops/batch_norm.md §3 Q2), for C < 64 and for C >= 64 with NCHW alike.
TEST(BatchNormNumeric, OneValuePerChannel) {
  aclInit(nullptr);
  for (const std::vector<int64_t> &shape : std::vector<std::vector<int64_t>>{{1, 5}, {1, 70, 1, 1}}) {
    FwdCase k;
    k.shape = shape;
    SCOPED_TRACE(Label(k));
    CheckForward(k, 300);
  }
}

TEST(BatchNormNumeric, LargeMeanAndLongChannels) {
  aclInit(nullptr);
  FwdCase k;
  k.shape = std::vector<int64_t>{2, 3, 20000};  // several units per plane
  k.lo = 1000;
  k.hi = 1001;
  CheckForward(k, 400);
  k.shape = std::vector<int64_t>{50000, 2};  // many batch indices per unit
  CheckForward(k, 401);
}

TEST(BatchNormNumeric, StridedViews) {
  aclInit(nullptr);
  uint64_t seed = 500;
  for (aclDataType x : {f32, f16})
    for (bool training : {true, false}) {
      FwdCase k;
      k.shape = std::vector<int64_t>{3, 4, 5, 6};
      k.x = k.out = x;
      k.training = training;
      k.xLayout = Layout::Padded(4);
      k.outLayout = Layout::Transposed(4);
      SCOPED_TRACE(Label(k) + " strided");
      CheckForward(k, seed++);
      k.xLayout = Layout{{1, 0, 2, 3}, {}, 2};  // channel-major storage
      k.outLayout = Layout::Padded(4, 1);
      CheckForward(k, seed++);
    }
}

// Dense FLOAT16/BF16 planes are read and written in place, converted in registers; strided ones are staged as fp32.
// Both must give the FLOAT arithmetic's bits rounded once, on every SIMD target (channel-at-a-time with 20 channels,
// pass by pass with 3; runs of 35 and 185 elements: whole vectors and scalar tails).
TEST(BatchNormNumeric, SixteenBitInPlaceAndStagedAgreeOnEverySimdTarget) {
  aclInit(nullptr);
  ForEachSimdTarget([] {
    uint64_t seed = 550;
    for (const std::vector<int64_t> &shape : std::vector<std::vector<int64_t>>{{3, 20, 7, 5}, {2, 3, 37, 5}})
      for (aclDataType x : {f16, bf16})
        for (aclDataType out : {x, f32})
          for (bool training : {true, false}) {
            FwdCase k;
            k.shape = shape;
            k.x = x;
            k.out = out;
            k.training = training;
            SCOPED_TRACE(Label(k));
            CheckForward(k, seed);
            std::mt19937_64 rng(seed++);
            const FwdData d = MakeForwardData(k, rng);
            const FwdOut dense = RunForward(k, d);
            k.xLayout = Layout::Padded(4);
            k.outLayout = Layout::Padded(4);
            const FwdOut staged = RunForward(k, d);
            EXPECT_EQ(dense.out, staged.out);
            if (training) {  // (inference leaves the save tensors' NaN fill)
              EXPECT_EQ(dense.mean, staged.mean);
              EXPECT_EQ(dense.var, staged.var);
            }
          }
  });
}

TEST(BatchNormNumeric, SpecialValuesPropagate) {
  aclInit(nullptr);
  uint64_t seed = 600;
  for (bool training : {true, false}) {
    FwdCase k;
    k.shape = std::vector<int64_t>{3, 6, 4};
    k.training = training;
    k.special = 0.05;
    SCOPED_TRACE(Label(k) + " specials");
    CheckForward(k, seed++);
  }
}

TEST(BatchNormNumeric, OneAndTwoThreadsBitwiseIdentical) {
  aclInit(nullptr);
  for (const std::vector<int64_t> &shape : std::vector<std::vector<int64_t>>{{4, 8, 100, 90}, {3, 2, 40000}, {9000, 7}})
    for (aclDataType x : {f32, bf16}) {
      FwdCase k;
      k.shape = shape;
      k.x = k.out = x;
      k.lo = 5;
      std::mt19937_64 rng(700);
      const FwdData d = MakeForwardData(k, rng);
      k.threads = 1;
      const FwdOut one = RunForward(k, d);
      k.threads = 2;
      const FwdOut two = RunForward(k, d);
      EXPECT_EQ(one.bytes, two.bytes) << Label(k);
    }
}

// ---- backward ----------------------------------------------------------------------------------------------------

struct BwdCase {
  std::vector<int64_t> shape;
  aclDataType x = f32, gradIn = f32, param = f32, grads = f32;
  bool training = true, weight = true, stats = true;
  bool mask[3] = {true, true, true};
  double eps = 1e-5, special = 0;
  Layout layout = Layout::Dense();
  int threads = 0;
};

struct BwdData {
  std::vector<double> dy, x, w, mean, var;
};

struct BwdOut {
  std::vector<double> gi, gw, gb, giTol;
  std::vector<unsigned char> bytes;
};

BwdData MakeBackwardData(const BwdCase &k, std::mt19937_64 &rng) {
  const Problem p(k.shape);
  BwdData d;
  const int64_t numel = NumelOf(k.shape);
  d.dy = k.special > 0 ? ValuesWithSpecials(rng, numel, k.special) : RandomValues(rng, numel, -1, 1);
  d.x = RandomValues(rng, numel, -2, 3);
  d.w = RandomValues(rng, p.c, 0.5, 2);
  d.mean = RandomValues(rng, p.c, 0, 1);
  d.var = RandomValues(rng, p.c, 0.5, 3);
  for (std::vector<double> *v : {&d.dy, &d.x})
    for (double &e : *v) e = RoundTo(k.x, e);
  for (std::vector<double> *v : {&d.w, &d.mean, &d.var})
    for (double &e : *v) e = RoundTo(k.param, e);
  return d;
}

BwdOut ReferenceBackward(const BwdCase &k, const BwdData &d) {
  const Problem p(k.shape);
  const double eps = static_cast<float>(k.eps), r = static_cast<double>(p.R());
  std::vector<double> s1(static_cast<size_t>(p.c)), s2(static_cast<size_t>(p.c)), inv(static_cast<size_t>(p.c));
  auto mu = [&](size_t c) { return k.stats ? d.mean[c] : 0.0; };
  for (int64_t c = 0; c < p.c; ++c)
    inv[static_cast<size_t>(c)] = 1 / std::sqrt((k.stats ? d.var[static_cast<size_t>(c)] : 1.0) + eps);
  for (int64_t i = 0; i < NumelOf(k.shape); ++i) {
    const auto c = static_cast<size_t>(p.Channel(i)), iu = static_cast<size_t>(i);
    s1[c] += d.dy[iu];
    s2[c] += d.dy[iu] * (d.x[iu] - mu(c));
  }
  BwdOut o;
  for (int64_t c = 0; c < p.c; ++c) {
    o.gb.push_back(s1[static_cast<size_t>(c)]);
    o.gw.push_back(s2[static_cast<size_t>(c)] * inv[static_cast<size_t>(c)]);
  }
  for (int64_t i = 0; i < NumelOf(k.shape); ++i) {
    const auto c = static_cast<size_t>(p.Channel(i)), iu = static_cast<size_t>(i);
    const double scale = (k.weight ? d.w[c] : 1.0) * inv[c];
    double g, term;
    if (k.training) {
      const double xc = d.x[iu] - mu(c), proj = inv[c] * inv[c] * s2[c] / r;
      g = (d.dy[iu] - s1[c] / r - xc * proj) * scale;
      term = (std::fabs(d.dy[iu]) + std::fabs(s1[c] / r) + std::fabs(xc * proj)) * std::fabs(scale);
    } else {
      g = d.dy[iu] * scale;
      term = std::fabs(g);
    }
    o.gi.push_back(g);
    o.giTol.push_back(UlpAt(k.gradIn, std::fabs(g)) + 8 * kF32Round * (std::isfinite(term) ? term : 0));
  }
  return o;
}

BwdOut RunBackward(const BwdCase &k, const BwdData &d) {
  const Problem p(k.shape);
  DeviceTensor dy(k.shape, k.x, k.layout), x(k.shape, k.x), gi(k.shape, k.gradIn, k.layout), w({p.c}, k.param),
      mean({p.c}, k.param), var({p.c}, k.param), gw({p.c}, k.grads), gb({p.c}, k.grads, Layout::Padded(1));
  dy.Fill(d.dy);
  x.Fill(d.x);
  w.Fill(d.w);
  mean.Fill(d.mean);
  var.Fill(d.var);
  const aclTensor *m = k.stats ? mean.get() : nullptr, *v = k.stats ? var.get() : nullptr;
  aclBoolArray *mask = aclCreateBoolArray(k.mask, 3);
  uint64_t ws = 0;
  aclOpExecutor *exec = nullptr;
  const aclnnStatus status = Phase1WithThreads(k.threads, [&] {
    return aclnnBatchNormBackwardGetWorkspaceSize(dy.get(), x.get(), k.weight ? w.get() : nullptr,
                                                  k.training ? nullptr : m, k.training ? nullptr : v,
                                                  k.training ? m : nullptr, k.training ? v : nullptr, k.training, k.eps,
                                                  mask, gi.get(), gw.get(), gb.get(), &ws, &exec);
  });
  aclDestroyBoolArray(mask);
  EXPECT_EQ(status, ACLNN_SUCCESS) << aclGetRecentErrMsg();
  if (status != ACLNN_SUCCESS) return {};
  EXPECT_EQ(RunPhase2(aclnnBatchNormBackward, ws, exec), ACLNN_SUCCESS);
  BwdOut o{gi.Read(), gw.Read(), gb.Read(), {}, gi.Bytes()};
  for (const DeviceTensor *t : {&gw, &gb}) {
    const auto more = t->Bytes();
    o.bytes.insert(o.bytes.end(), more.begin(), more.end());
  }
  return o;
}

std::string Label(const BwdCase &k) {
  std::string s = std::string(k.training ? "train " : "infer ") + DTypeLabel(k.x) + "/" + DTypeLabel(k.gradIn) + "/" +
                  DTypeLabel(k.param) + "/" + DTypeLabel(k.grads) + " mask " + std::to_string(k.mask[0]) +
                  std::to_string(k.mask[1]) + std::to_string(k.mask[2]) + " [";
  for (int64_t v : k.shape) s += std::to_string(v) + ",";
  return s + "]";
}

void CheckBackward(const BwdCase &k, uint64_t seed) {
  SCOPED_TRACE(Label(k));
  std::mt19937_64 rng(seed);
  const BwdData d = MakeBackwardData(k, rng);
  const BwdOut ref = ReferenceBackward(k, d), got = RunBackward(k, d);
  if (got.gi.empty()) return;
  // An unselected output keeps DeviceTensor's NaN fill: it was not written.
  if (k.mask[0]) ExpectNear(got.gi, ref.gi, k.gradIn, "gradInput", &ref.giTol);
  if (!k.mask[0]) {
    for (double v : got.gi) ASSERT_TRUE(std::isnan(v));
  }
  if (k.mask[1]) ExpectNear(got.gw, ref.gw, k.grads, "gradWeight");
  if (k.mask[2]) ExpectNear(got.gb, ref.gb, k.grads, "gradBias");
}

TEST(BatchNormBackwardNumeric, EveryDtypeCombination) {
  aclInit(nullptr);
  uint64_t seed = 1000;
  for (aclDataType x : kTypes)
    for (aclDataType gradIn : kTypes)
      for (aclDataType param : kTypes)
        for (aclDataType grads : kTypes)
          for (bool training : {true, false}) {
            BwdCase k;
            k.shape = std::vector<int64_t>{3, 4, 5, 7};
            k.x = x;
            k.gradIn = gradIn;
            k.param = param;
            k.grads = grads;
            k.training = training;
            CheckBackward(k, seed++);
          }
}

TEST(BatchNormBackwardNumeric, RanksMasksAndNullOptionals) {
  aclInit(nullptr);
  const std::vector<std::vector<int64_t>> shapes = {{37, 3},
                                                    {4, 5, 9},
                                                    {2, 3, 4, 5},
                                                    {2, 3, 2, 3, 4},
                                                    {2, 2, 2, 3, 2, 3},
                                                    {1, 3, 2, 1, 2, 3, 2},
                                                    {2, 2, 1, 2, 1, 2, 3, 2}};
  uint64_t seed = 1100;
  for (const auto &shape : shapes)
    for (int mask = 0; mask < 8; ++mask)
      for (bool training : {true, false}) {
        BwdCase k;
        k.shape = shape;
        k.training = training;
        k.mask[0] = (mask & 1) != 0;
        k.mask[1] = (mask & 2) != 0;
        k.mask[2] = (mask & 4) != 0;
        k.weight = mask != 3;
        k.stats = mask != 5;
        CheckBackward(k, seed++);
      }
}

TEST(BatchNormBackwardNumeric, StridedLongAndSpecial) {
  aclInit(nullptr);
  BwdCase k;
  k.shape = std::vector<int64_t>{3, 4, 5, 6};
  k.layout = Layout::Padded(4);
  CheckBackward(k, 1200);
  k.layout = Layout::Transposed(4);
  k.x = k.gradIn = f16;
  CheckBackward(k, 1201);
  // 16 channels or more: each channel's sums and gradInput on one thread (the channel-at-a-time schedule).
  for (bool training : {true, false}) {
    BwdCase many;
    many.shape = std::vector<int64_t>{3, 20, 7, 5};
    many.training = training;
    CheckBackward(many, 1205);
    many.x = many.gradIn = bf16;
    many.layout = Layout::Padded(4);
    CheckBackward(many, 1206);
  }
  BwdCase longCase;
  longCase.shape = std::vector<int64_t>{2, 3, 20000};
  CheckBackward(longCase, 1202);
  longCase.shape = std::vector<int64_t>{50000, 2};
  CheckBackward(longCase, 1203);
  for (bool training : {true, false}) {
    BwdCase s;
    s.shape = std::vector<int64_t>{3, 6, 4};
    s.training = training;
    s.special = 0.05;
    CheckBackward(s, 1204);
  }
}

// As SixteenBitInPlaceAndStagedAgreeOnEverySimdTarget for the forward: a 16-bit gradInput formed in fp32, a FLOAT
// one in double, the same bits in place and staged.
TEST(BatchNormBackwardNumeric, SixteenBitInPlaceAndStagedAgreeOnEverySimdTarget) {
  aclInit(nullptr);
  ForEachSimdTarget([] {
    uint64_t seed = 1250;
    for (const std::vector<int64_t> &shape : std::vector<std::vector<int64_t>>{{3, 20, 7, 5}, {2, 3, 37, 5}})
      for (aclDataType x : {f16, bf16})
        for (aclDataType gradIn : {x, f32})
          for (bool training : {true, false}) {
            BwdCase k;
            k.shape = shape;
            k.x = x;
            k.gradIn = gradIn;
            k.training = training;
            CheckBackward(k, seed);
            std::mt19937_64 rng(seed++);
            const BwdData d = MakeBackwardData(k, rng);
            const BwdOut dense = RunBackward(k, d);
            k.layout = Layout::Padded(4);
            const BwdOut staged = RunBackward(k, d);
            EXPECT_EQ(dense.gi, staged.gi) << Label(k);
            EXPECT_EQ(dense.gw, staged.gw) << Label(k);
            EXPECT_EQ(dense.gb, staged.gb) << Label(k);
          }
  });
}

TEST(BatchNormBackwardNumeric, OneAndTwoThreadsBitwiseIdentical) {
  aclInit(nullptr);
  for (const std::vector<int64_t> &shape :
       std::vector<std::vector<int64_t>>{{4, 8, 100, 90}, {3, 2, 40000}, {9000, 7}, {4, 32, 40, 30}})
    for (bool training : {true, false}) {
      BwdCase k;
      k.shape = shape;
      k.training = training;
      std::mt19937_64 rng(1300);
      const BwdData d = MakeBackwardData(k, rng);
      k.threads = 1;
      const BwdOut one = RunBackward(k, d);
      k.threads = 2;
      const BwdOut two = RunBackward(k, d);
      EXPECT_EQ(one.bytes, two.bytes) << Label(k);
    }
}

}  // namespace
}  // namespace aclcpu_test::batch_norm_numeric_test
