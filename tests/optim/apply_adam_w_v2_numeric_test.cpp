// aclnnApplyAdamWV2 against a float64 reference of the kernel's formula (docs/ops/apply_adam_w_v2.md §2): several
// steps, amsgrad and maximize on and off, every dtype per tensor (mixed included), strided views, step INT64 and
// FLOAT, empty tensors, specials, the vendor example, and 1 vs 2 threads bit for bit.
#include <cmath>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "aclnnop/aclnn_apply_adam_w_v2.h"
#include "common/simd_targets.h"
#include "common/test_tensor.h"

namespace aclcpu_test::apply_adam_w_v2_numeric_test {
namespace {

class ApplyAdamWV2Numeric : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

struct Hyper {
  float lr = 1e-3f, beta1 = 0.9f, beta2 = 0.999f, weightDecay = 1e-2f, eps = 1e-8f;
  bool amsgrad = false, maximize = false;
};

struct State {
  std::vector<double> var, m, v, maxGradNorm;
};

// One update in float64 with t = step + 1, each result then held in its tensor's dtype.
void ReferenceStep(State &s, const std::vector<double> &grad, double step, const Hyper &h, const aclDataType types[4]) {
  const double t = step + 1, lr = h.lr, b1 = h.beta1, b2 = h.beta2;
  const double stepSize = lr / (1 - std::pow(b1, t)), bc2Sqrt = std::sqrt(1 - std::pow(b2, t));
  for (size_t i = 0; i < grad.size(); ++i) {
    const double g = h.maximize ? -grad[i] : grad[i];
    double var = s.var[i] * (1 - lr * static_cast<double>(h.weightDecay));
    const double m = s.m[i] + (1 - b1) * (g - s.m[i]);
    const double v = b2 * s.v[i] + (1 - b2) * g * g;
    double second = v;
    if (h.amsgrad) {
      second = std::isnan(s.maxGradNorm[i]) || std::isnan(v) ? NAN : std::max(s.maxGradNorm[i], v);
      s.maxGradNorm[i] = RoundTo(types[3], second);
    }
    var -= stepSize * (m / (std::sqrt(second) / bc2Sqrt + static_cast<double>(h.eps)));
    s.var[i] = RoundTo(types[0], var);
    s.m[i] = RoundTo(types[1], m);
    s.v[i] = RoundTo(types[2], v);
  }
}

::testing::AssertionResult Close(const std::vector<double> &got, const std::vector<double> &ref, aclDataType t,
                                 const char *what) {
  for (size_t i = 0; i < ref.size(); ++i) {
    if (std::isnan(ref[i]) ? std::isnan(got[i]) : got[i] == ref[i]) continue;
    // The reference is rounded from its own double value: the two may sit on either side of a tie.
    if (std::fabs(got[i] - ref[i]) <= UlpAt(t, std::fabs(ref[i]))) continue;
    return ::testing::AssertionFailure() << what << "[" << i << "] got " << got[i] << " ref " << ref[i];
  }
  return ::testing::AssertionSuccess();
}

struct Case {
  std::vector<int64_t> shape;
  aclDataType types[5];  // var, m, v, maxGradNorm, grad
  aclDataType stepType;
  Hyper h;
  Layout layouts[5];
  int steps = 3;
  int threads = 0;
};

// Runs `steps` updates; returns the final var bytes. Checks every tensor against the reference after each step.
std::vector<unsigned char> RunSteps(const Case &c, std::mt19937_64 &rng, bool check = true) {
  DeviceTensor var(c.shape, c.types[0], c.layouts[0]), m(c.shape, c.types[1], c.layouts[1]),
      v(c.shape, c.types[2], c.layouts[2]), mx(c.shape, c.types[3], c.layouts[3]),
      grad(c.shape, c.types[4], c.layouts[4]);
  DeviceTensor step({1}, c.stepType);
  const int64_t n = var.numel();
  State s{RandomValues(rng, n, -1, 1), RandomValues(rng, n, -0.1, 0.1), RandomValues(rng, n, 0, 0.01),
          RandomValues(rng, n, 0, 0.02)};
  for (size_t i = 0; i < s.var.size(); ++i) {
    s.var[i] = RoundTo(c.types[0], s.var[i]);
    s.m[i] = RoundTo(c.types[1], s.m[i]);
    s.v[i] = RoundTo(c.types[2], s.v[i]);
    s.maxGradNorm[i] = RoundTo(c.types[3], s.maxGradNorm[i]);
  }
  var.Fill(s.var);
  m.Fill(s.m);
  v.Fill(s.v);
  mx.Fill(s.maxGradNorm);
  for (int k = 0; k < c.steps; ++k) {
    std::vector<double> g = RandomValues(rng, n, -0.5, 0.5);
    for (double &x : g) x = RoundTo(c.types[4], x);
    grad.Fill(g);
    const double stepValue = 3 * k;  // 0, 3, 6: t = 1, 4, 7
    if (c.stepType == ACL_INT64) {
      const int64_t iv = static_cast<int64_t>(stepValue);
      aclrtMemcpy(step.device(), 8, &iv, 8, ACL_MEMCPY_HOST_TO_DEVICE);
    } else {
      step.Fill({stepValue});
    }
    uint64_t ws = 0;
    aclOpExecutor *exec = nullptr;
    EXPECT_EQ(Phase1WithThreads(c.threads,
                                [&] {
                                  return aclnnApplyAdamWV2GetWorkspaceSize(
                                      var.get(), m.get(), v.get(), c.h.amsgrad ? mx.get() : nullptr, grad.get(),
                                      step.get(), c.h.lr, c.h.beta1, c.h.beta2, c.h.weightDecay, c.h.eps, c.h.amsgrad,
                                      c.h.maximize, &ws, &exec);
                                }),
              ACLNN_SUCCESS)
        << aclGetRecentErrMsg();
    EXPECT_EQ(RunPhase2(aclnnApplyAdamWV2, ws, exec), ACLNN_SUCCESS);
    if (!check) continue;
    ReferenceStep(s, g, stepValue, c.h, c.types);
    EXPECT_TRUE(Close(var.Read(), s.var, c.types[0], "var")) << "step " << k;
    EXPECT_TRUE(Close(m.Read(), s.m, c.types[1], "m")) << "step " << k;
    EXPECT_TRUE(Close(v.Read(), s.v, c.types[2], "v")) << "step " << k;
    if (c.h.amsgrad) {
      EXPECT_TRUE(Close(mx.Read(), s.maxGradNorm, c.types[3], "maxGradNorm")) << "step " << k;
    }
    // The next step starts from the device's state: a 1-ulp tie decided the other way would otherwise grow
    // where m or v cancel.
    s.var = var.Read();
    s.m = m.Read();
    s.v = v.Read();
    if (c.h.amsgrad) s.maxGradNorm = mx.Read();
  }
  if (!c.h.amsgrad && check) {
    EXPECT_EQ(mx.Read(), s.maxGradNorm) << "maxGradNorm written without amsgrad";
  }
  return var.Bytes();
}

TEST_F(ApplyAdamWV2Numeric, EveryDtypeFlagAndLayoutAgainstFloat64) {
  std::mt19937_64 rng(31);
  const aclDataType f32 = ACL_FLOAT, f16 = ACL_FLOAT16, bf16 = ACL_BF16;
  const std::vector<std::vector<aclDataType>> typeSets = {{f32, f32, f32, f32, f32},      {f16, f16, f16, f16, f16},
                                                          {bf16, bf16, bf16, bf16, bf16}, {f32, f32, f32, bf16, bf16},
                                                          {f32, f16, f32, f32, f32},      {bf16, f32, f16, f32, f16}};
  int n = 0;
  for (const auto &types : typeSets) {
    for (int flags = 0; flags < 4; ++flags) {
      Case c;
      c.shape = n % 2 ? std::vector<int64_t>{5, 7, 3} : std::vector<int64_t>{33, 40};
      for (int i = 0; i < 5; ++i) {
        c.types[i] = types[static_cast<size_t>(i)];
        c.layouts[i] = (n + i) % 3 == 0   ? Layout::Transposed(c.shape.size())
                       : (n + i) % 3 == 1 ? Layout::Padded(c.shape.size())
                                          : Layout::Dense();
      }
      c.stepType = n % 2 ? ACL_INT64 : ACL_FLOAT;
      c.h.amsgrad = flags & 1;
      c.h.maximize = flags & 2;
      SCOPED_TRACE("set " + std::to_string(n / 4) + " amsgrad " + std::to_string(c.h.amsgrad) + " maximize " +
                   std::to_string(c.h.maximize));
      RunSteps(c, rng);
      ++n;
    }
  }
}

TEST_F(ApplyAdamWV2Numeric, RandomHyperParametersAndShapes) {
  std::mt19937_64 rng(32);
  std::uniform_real_distribution<float> lr(1e-5f, 0.1f), beta(0.5f, 0.9999f), wd(0, 0.3f), eps(1e-10f, 1e-3f);
  std::uniform_int_distribution<int64_t> dim(1, 9);
  for (int k = 0; k < 20; ++k) {
    Case c;
    c.shape = {dim(rng), dim(rng), dim(rng) * 100};
    for (int i = 0; i < 5; ++i) c.types[i] = k % 3 == 0 ? ACL_BF16 : ACL_FLOAT;
    c.stepType = k % 2 ? ACL_FLOAT : ACL_INT64;
    c.h = {lr(rng), beta(rng), beta(rng), wd(rng), eps(rng), k % 2 == 0, k % 3 == 1};
    SCOPED_TRACE("case " + std::to_string(k));
    RunSteps(c, rng);
  }
}

// A FLOAT problem of `shape` with an INT64 step and amsgrad: the bitwise comparisons below.
Case FloatAmsgradCase(std::vector<int64_t> shape) {
  Case c;
  c.shape = std::move(shape);
  for (int i = 0; i < 5; ++i) c.types[i] = ACL_FLOAT;
  c.stepType = ACL_INT64;
  c.h.amsgrad = true;
  return c;
}

TEST_F(ApplyAdamWV2Numeric, OneVsTwoThreadsBitwise) {
  Case c = FloatAmsgradCase({300, 1000});
  c.steps = 2;
  std::mt19937_64 a(7), b(7);
  c.threads = 1;
  const auto one = RunSteps(c, a, false);
  c.threads = 2;
  EXPECT_EQ(one, RunSteps(c, b, false));
}

// The update runs on each SIMD target this CPU has (adam_w_update.cpp): every target checked against the float64
// reference and giving the same bits (amsgrad and maximize on, a last block shorter than a vector).
TEST_F(ApplyAdamWV2Numeric, EverySimdTargetGivesTheSameBits) {
  Case c = FloatAmsgradCase({7, 301});
  c.h.maximize = true;
  std::vector<std::vector<unsigned char>> results;
  ForEachSimdTarget([&] {
    std::mt19937_64 rng(21);
    results.push_back(RunSteps(c, rng));
  });
  ASSERT_FALSE(results.empty());
  for (const auto &r : results) EXPECT_EQ(r, results[0]);
}

TEST_F(ApplyAdamWV2Numeric, VendorExample) {
  DeviceTensor var({2, 2}, ACL_FLOAT), m({2, 2}, ACL_FLOAT), v({2, 2}, ACL_FLOAT), grad({2, 2}, ACL_FLOAT),
      mx({2, 2}, ACL_FLOAT), step({1}, ACL_FLOAT);
  for (DeviceTensor *t : {&var, &m, &v, &grad, &mx}) t->Fill({0, 1, 2, 3});
  step.Fill({1});
  uint64_t ws = 0;
  aclOpExecutor *exec = nullptr;
  ASSERT_EQ(aclnnApplyAdamWV2GetWorkspaceSize(var.get(), m.get(), v.get(), mx.get(), grad.get(), step.get(), 1e-3f,
                                              0.9f, 0.999f, 1e-2f, 1e-8f, true, true, &ws, &exec),
            ACLNN_SUCCESS);
  ASSERT_EQ(RunPhase2(aclnnApplyAdamWV2, ws, exec), ACLNN_SUCCESS);
  const auto f = [](double x) { return static_cast<double>(static_cast<float>(x)); };
  EXPECT_EQ(var.Read(), (std::vector<double>{0, f(0.99980175), f(1.9997139), f(2.9996443)}));
  EXPECT_EQ(m.Read(), (std::vector<double>{0, f(0.79999995), f(1.5999999), f(2.3999999)}));
  EXPECT_EQ(v.Read(), (std::vector<double>{0, 1, f(2.0019999), f(3.006)}));
  EXPECT_EQ(mx.Read(), v.Read());
}

TEST_F(ApplyAdamWV2Numeric, EmptyIsANoOp) {
  DeviceTensor var({3, 0}, ACL_FLOAT), m({3, 0}, ACL_FLOAT), v({3, 0}, ACL_FLOAT), grad({3, 0}, ACL_FLOAT),
      step({1}, ACL_INT64);
  uint64_t ws = 1;
  aclOpExecutor *exec = nullptr;
  ASSERT_EQ(aclnnApplyAdamWV2GetWorkspaceSize(var.get(), m.get(), v.get(), nullptr, grad.get(), step.get(), 1e-3f, 0.9f,
                                              0.999f, 0, 1e-8f, false, false, &ws, &exec),
            ACLNN_SUCCESS);
  EXPECT_EQ(ws, 0u);
  EXPECT_EQ(RunPhase2(aclnnApplyAdamWV2, ws, exec), ACLNN_SUCCESS);
}

TEST_F(ApplyAdamWV2Numeric, SpecialsPropagate) {
  DeviceTensor var({3}, ACL_FLOAT), m({3}, ACL_FLOAT), v({3}, ACL_FLOAT), grad({3}, ACL_FLOAT), mx({3}, ACL_FLOAT),
      step({1}, ACL_FLOAT);
  var.Fill({1, 1, 1});
  m.Fill({0, 0, 0});
  v.Fill({0, 0, 0});
  mx.Fill({std::nan(""), 0, 0});
  grad.Fill({1, std::nan(""), HUGE_VAL});
  step.Fill({0});
  uint64_t ws = 0;
  aclOpExecutor *exec = nullptr;
  ASSERT_EQ(aclnnApplyAdamWV2GetWorkspaceSize(var.get(), m.get(), v.get(), mx.get(), grad.get(), step.get(), 1e-3f,
                                              0.9f, 0.999f, 0, 1e-8f, true, false, &ws, &exec),
            ACLNN_SUCCESS);
  ASSERT_EQ(RunPhase2(aclnnApplyAdamWV2, ws, exec), ACLNN_SUCCESS);
  const auto got = var.Read(), max = mx.Read();
  EXPECT_TRUE(std::isnan(max[0]));  // torch.maximum propagates NaN
  EXPECT_TRUE(std::isnan(got[0]));
  EXPECT_TRUE(std::isnan(got[1]));
  EXPECT_TRUE(std::isnan(got[2]));  // inf / inf
  EXPECT_EQ(max[2], HUGE_VAL);
}

TEST_F(ApplyAdamWV2Numeric, HugeStrideOnASizeOneDim) {
  // A [1, 8] view whose size-1 dim has stride 2^62: valid (never stepped along), same result as the dense view.
  DeviceTensor var({1, 8}, ACL_FLOAT), m({1, 8}, ACL_FLOAT), v({1, 8}, ACL_FLOAT), grad({1, 8}, ACL_FLOAT),
      step({1}, ACL_INT64);
  DeviceTensor var2({1, 8}, ACL_FLOAT), m2({1, 8}, ACL_FLOAT), v2({1, 8}, ACL_FLOAT);
  const std::vector<double> values = {0.5, -1, 2, 0.25, 3, -0.75, 1, 0.125};
  for (DeviceTensor *t : {&var, &m, &v, &grad, &var2, &m2, &v2}) t->Fill(values);
  v.Fill(std::vector<double>(8, 0.01));
  v2.Fill(std::vector<double>(8, 0.01));
  const int64_t zero = 0;  // t = 1
  aclrtMemcpy(step.device(), 8, &zero, 8, ACL_MEMCPY_HOST_TO_DEVICE);
  const std::vector<int64_t> shape = {1, 8}, strides = {int64_t{1} << 62, 1}, storage = {8};
  aclTensor *wide[3];
  DeviceTensor *dense[3] = {&var2, &m2, &v2};
  for (int i = 0; i < 3; ++i) {
    wide[i] = aclCreateTensor(shape.data(), 2, ACL_FLOAT, strides.data(), 0, ACL_FORMAT_ND, storage.data(), 1,
                              dense[i]->device());
  }
  for (int pass = 0; pass < 2; ++pass) {
    uint64_t ws = 0;
    aclOpExecutor *exec = nullptr;
    ASSERT_EQ(pass == 0
                  ? aclnnApplyAdamWV2GetWorkspaceSize(var.get(), m.get(), v.get(), nullptr, grad.get(), step.get(),
                                                      1e-2f, 0.9f, 0.999f, 0.1f, 1e-8f, false, false, &ws, &exec)
                  : aclnnApplyAdamWV2GetWorkspaceSize(wide[0], wide[1], wide[2], nullptr, grad.get(), step.get(), 1e-2f,
                                                      0.9f, 0.999f, 0.1f, 1e-8f, false, false, &ws, &exec),
              ACLNN_SUCCESS)
        << aclGetRecentErrMsg();
    ASSERT_EQ(RunPhase2(aclnnApplyAdamWV2, ws, exec), ACLNN_SUCCESS);
  }
  EXPECT_EQ(var.Bytes(), var2.Bytes());
  EXPECT_EQ(m.Bytes(), m2.Bytes());
  EXPECT_EQ(v.Bytes(), v2.Bytes());
  for (double x : var.Read()) EXPECT_TRUE(std::isfinite(x));
  for (aclTensor *t : wide) aclDestroyTensor(t);
}

TEST_F(ApplyAdamWV2Numeric, RefusedCallLeavesTensorsUntouched) {
  DeviceTensor var({4}, ACL_FLOAT), m({4}, ACL_FLOAT), v({4}, ACL_FLOAT), grad({5}, ACL_FLOAT), step({1}, ACL_FLOAT);
  const auto before = var.Bytes();
  uint64_t ws = 0;
  aclOpExecutor *exec = nullptr;
  EXPECT_EQ(aclnnApplyAdamWV2GetWorkspaceSize(var.get(), m.get(), v.get(), nullptr, grad.get(), step.get(), 1e-3f, 0.9f,
                                              0.999f, 0, 1e-8f, false, false, &ws, &exec),
            ACLNN_ERR_PARAM_INVALID);
  EXPECT_EQ(var.Bytes(), before);
}

}  // namespace
}  // namespace aclcpu_test::apply_adam_w_v2_numeric_test
