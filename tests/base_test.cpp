// Meta objects (aclTensor and friends) and the executor lifecycle: one-shot, repeatable, address
// rebinding, workspace checks and misuse.
#include <omp.h>

#include <cstring>

#include "aclnn/opdev/op_errno.h"
#include "base/convert.h"
#include "base/half.h"
#include "common/simd_targets.h"
#include "layer_norm_backward/layer_norm_backward_tester.h"

namespace aclcpu_test::base_test {
namespace {

TEST(MetaObjects, TensorCreateCopiesAndDefaultsStrides) {
  std::vector<int64_t> dims = {2, 3, 4};
  aclTensor *t = aclCreateTensor(dims.data(), 3, ACL_FLOAT16, nullptr, 5, ACL_FORMAT_NCL, dims.data(), 3, nullptr);
  ASSERT_NE(t, nullptr);
  dims[0] = 99;  // the tensor kept its own copy
  int64_t *out = nullptr;
  uint64_t n = 0;
  ASSERT_EQ(aclGetViewShape(t, &out, &n), 0);
  EXPECT_EQ(std::vector<int64_t>(out, out + n), (std::vector<int64_t>{2, 3, 4}));
  delete[] out;
  ASSERT_EQ(aclGetViewStrides(t, &out, &n), 0);
  EXPECT_EQ(std::vector<int64_t>(out, out + n), (std::vector<int64_t>{12, 4, 1}));
  delete[] out;
  int64_t offset = 0;
  EXPECT_EQ(aclGetViewOffset(t, &offset), 0);
  EXPECT_EQ(offset, 5);
  aclFormat format;
  aclDataType dtype;
  EXPECT_EQ(aclGetFormat(t, &format), 0);
  EXPECT_EQ(format, ACL_FORMAT_NCL);
  EXPECT_EQ(aclGetDataType(t, &dtype), 0);
  EXPECT_EQ(dtype, ACL_FLOAT16);
  EXPECT_EQ(aclGetViewShape(t, nullptr, &n), ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_EQ(aclGetViewShape(nullptr, &out, &n), ACLNN_ERR_PARAM_NULLPTR);
  int value = 0;
  EXPECT_EQ(aclSetRawTensorAddr(t, &value), 0);
  void *addr = nullptr;
  EXPECT_EQ(aclGetRawTensorAddr(t, &addr), 0);
  EXPECT_EQ(addr, &value);
  const int64_t newDims[] = {6};
  EXPECT_EQ(aclInitTensor(t, newDims, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, nullptr, 0, nullptr), 0);
  ASSERT_EQ(aclGetViewShape(t, &out, &n), 0);
  EXPECT_EQ(n, 1u);
  delete[] out;
  EXPECT_EQ(aclGetRawTensorAddr(t, &addr), 0);
  EXPECT_EQ(addr, &value);  // a null address leaves the old one
  EXPECT_EQ(aclInitTensor(nullptr, newDims, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, nullptr, 0, nullptr),
            ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_EQ(aclDestroyTensor(t), 0);
  EXPECT_EQ(aclDestroyTensor(nullptr), 0);
  EXPECT_EQ(aclCreateTensor(nullptr, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, nullptr, 0, nullptr), nullptr);
  aclTensor *scalarTensor = aclCreateTensor(nullptr, 0, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, nullptr, 0, nullptr);
  EXPECT_NE(scalarTensor, nullptr);  // 0-d
  aclDestroyTensor(scalarTensor);
}

TEST(MetaObjects, ArraysScalarsAndLists) {
  aclIntArray *empty = aclCreateIntArray(nullptr, 3);
  ASSERT_NE(empty, nullptr);  // a valid empty array
  uint64_t n = 9;
  EXPECT_EQ(aclGetIntArraySize(empty, &n), 0);
  EXPECT_EQ(n, 0u);
  aclDestroyIntArray(empty);
  const bool flags[] = {true, false};
  aclBoolArray *b = aclCreateBoolArray(flags, 2);
  EXPECT_EQ(aclGetBoolArraySize(b, &n), 0);
  EXPECT_EQ(n, 2u);
  aclDestroyBoolArray(b);
  const float fv[] = {1.5f};
  aclFloatArray *f = aclCreateFloatArray(fv, 1);
  EXPECT_EQ(aclGetFloatArraySize(f, &n), 0);
  EXPECT_EQ(n, 1u);
  aclDestroyFloatArray(f);
  double d = 2.0;
  aclScalar *s = aclCreateScalar(&d, ACL_DOUBLE);
  EXPECT_NE(s, nullptr);
  EXPECT_EQ(aclCreateScalar(nullptr, ACL_FLOAT), nullptr);
  EXPECT_EQ(aclCreateScalar(&d, ACL_STRING), nullptr);
  const aclScalar *scalars[] = {s};
  aclScalarList *sl = aclCreateScalarList(scalars, 1);
  EXPECT_EQ(aclGetScalarListSize(sl, &n), 0);
  EXPECT_EQ(n, 1u);
  EXPECT_EQ(aclDestroyScalarList(sl), 0);  // destroys the element too
  std::vector<int64_t> dims = {2};
  const aclTensor *tensors[] = {
      aclCreateTensor(dims.data(), 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, nullptr, 0, nullptr), nullptr};
  aclTensorList *tl = aclCreateTensorList(tensors, 2);
  EXPECT_EQ(aclGetTensorListSize(tl, &n), 0);
  EXPECT_EQ(n, 2u);
  EXPECT_EQ(aclDestroyTensorList(tl), 0);
  EXPECT_EQ(aclDestroyIntArray(nullptr), 0);
  EXPECT_EQ(aclDestroyTensorList(nullptr), 0);
}

// Phase 1 of a small LayerNormBackward for the executor tests.
struct SmallOp {
  DeviceTensor dy{{4, 8}, ACL_FLOAT}, x{{4, 8}, ACL_FLOAT}, mean{{4, 1}, ACL_FLOAT}, rstd{{4, 1}, ACL_FLOAT};
  DeviceTensor dx{{4, 8}, ACL_FLOAT}, dw{{8}, ACL_FLOAT}, db{{8}, ACL_FLOAT};
  aclIntArray *ns;
  aclBoolArray *mask;
  SmallOp() {
    const int64_t nsv[] = {8};
    const bool m[] = {true, true, true};
    ns = aclCreateIntArray(nsv, 1);
    mask = aclCreateBoolArray(m, 3);
    std::vector<double> v(32);
    for (size_t i = 0; i < v.size(); ++i) v[i] = static_cast<double>(i % 5) - 2;
    dy.Fill(v);
    x.Fill(v);
    mean.Fill({0, 0, 0, 0});
    rstd.Fill({1, 1, 1, 1});
  }
  ~SmallOp() {
    aclDestroyIntArray(ns);
    aclDestroyBoolArray(mask);
  }
  aclnnStatus Plan(uint64_t *ws, aclOpExecutor **exec) {
    return aclnnLayerNormBackwardGetWorkspaceSize(dy.get(), x.get(), ns, mean.get(), rstd.get(), nullptr, nullptr, mask,
                                                  dx.get(), dw.get(), db.get(), ws, exec);
  }
};

// A planned SmallOp with its workspace allocated (freed at scope exit), optionally repeatable.
struct PlannedOp : SmallOp {
  uint64_t ws = 0;
  aclOpExecutor *exec = nullptr;
  void *workspace = nullptr;
  explicit PlannedOp(bool repeatable = false) {
    EXPECT_EQ(Plan(&ws, &exec), 0);
    if (repeatable) {
      EXPECT_EQ(aclSetAclOpExecutorRepeatable(exec), 0);
    }
    EXPECT_EQ(aclrtMalloc(&workspace, ws, ACL_MEM_MALLOC_HUGE_FIRST), 0);
  }
  ~PlannedOp() { aclrtFree(workspace); }
};

TEST(Executor, OneShotRunsOnceThenReturnsAnError) {
  PlannedOp op;
  ASSERT_GT(op.ws, 0u);  // dgamma/dbeta partials live in the workspace
  EXPECT_EQ(aclnnLayerNormBackward(op.workspace, op.ws, op.exec, nullptr), 0);
  EXPECT_EQ(aclnnLayerNormBackward(op.workspace, op.ws, op.exec, nullptr), ACLNN_ERR_INNER_NULLPTR);
  ExpectErrorMessage("already run or destroyed");
  EXPECT_EQ(aclDestroyAclOpExecutor(op.exec), ACLNN_ERR_INNER_NULLPTR);
  EXPECT_EQ(aclrtSynchronizeStream(nullptr), 0);
}

TEST(Executor, WorkspaceChecks) {
  SmallOp op;
  uint64_t ws = 0;
  aclOpExecutor *exec = nullptr;
  ASSERT_EQ(op.Plan(&ws, &exec), 0);
  void *workspace = nullptr;
  ASSERT_EQ(aclrtMalloc(&workspace, ws, ACL_MEM_MALLOC_HUGE_FIRST), 0);
  // Too small: refused, executor kept for a correct retry.
  EXPECT_EQ(aclnnLayerNormBackward(workspace, ws - 1, exec, nullptr), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("workspaceSize >=");
  EXPECT_EQ(aclnnLayerNormBackward(workspace, ws, exec, nullptr), 0);
  EXPECT_EQ(aclrtSynchronizeStream(nullptr), 0);
  // Null workspace when one is needed: 161001, and the one-shot executor is released (as CANN).
  ASSERT_EQ(op.Plan(&ws, &exec), 0);
  EXPECT_EQ(aclnnLayerNormBackward(nullptr, ws, exec, nullptr), ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_EQ(aclnnLayerNormBackward(workspace, ws, exec, nullptr), ACLNN_ERR_INNER_NULLPTR);
  EXPECT_EQ(aclnnLayerNormBackward(workspace, ws, nullptr, nullptr), ACLNN_ERR_PARAM_NULLPTR);
  int bogus = 0;
  EXPECT_EQ(aclnnLayerNormBackward(workspace, ws, reinterpret_cast<aclOpExecutor *>(&bogus), nullptr),
            ACLNN_ERR_INNER_NULLPTR);
  aclrtFree(workspace);
}

TEST(Executor, NullDataAddressIsRefusedAtLaunch) {
  PlannedOp op;
  aclSetRawTensorAddr(op.dx.get(), nullptr);
  EXPECT_EQ(aclnnLayerNormBackward(op.workspace, op.ws, op.exec, nullptr), ACLNN_ERR_PARAM_NULLPTR);
  ExpectErrorMessage("address is null");
  aclSetRawTensorAddr(op.dx.get(), op.dx.device());
  EXPECT_EQ(aclnnLayerNormBackward(op.workspace, op.ws, op.exec, nullptr), 0);
  EXPECT_EQ(aclrtSynchronizeStream(nullptr), 0);
}

TEST(Executor, RepeatableRunsManyTimesAndRebindsAddresses) {
  PlannedOp op(/*repeatable=*/true);
  void *workspace = op.workspace;
  const uint64_t ws = op.ws;
  aclOpExecutor *exec = op.exec;
  ASSERT_EQ(aclnnLayerNormBackward(workspace, ws, exec, nullptr), 0);
  ASSERT_EQ(aclrtSynchronizeStream(nullptr), 0);
  const std::vector<double> first = op.dx.Read();
  // Second output buffer: bind it as output 0 (gradInput) and run again.
  DeviceTensor other({4, 8}, ACL_FLOAT);
  ASSERT_EQ(aclSetOutputTensorAddr(exec, 0, op.dx.get(), other.device()), 0);
  ASSERT_EQ(aclnnLayerNormBackward(workspace, ws, exec, nullptr), 0);
  ASSERT_EQ(aclrtSynchronizeStream(nullptr), 0);
  aclSetRawTensorAddr(op.dx.get(), op.dx.device());
  EXPECT_EQ(other.Read(), first);
  EXPECT_EQ(aclSetOutputTensorAddr(exec, 3, op.dx.get(), other.device()), ACLNN_ERR_PARAM_INVALID);
  EXPECT_EQ(aclSetInputTensorAddr(exec, 4, op.dx.get(), nullptr), ACLNN_ERR_PARAM_INVALID);  // weight was null
  EXPECT_EQ(aclSetTensorAddr(exec, 1, op.x.get(), op.x.device()), 0);
  EXPECT_EQ(aclSetTensorAddr(nullptr, 1, op.x.get(), op.x.device()), ACLNN_ERR_INNER_NULLPTR);
  EXPECT_EQ(aclSetDynamicTensorAddr(exec, 0, 0, nullptr, nullptr), ACLNN_ERR_INNER_NULLPTR);
  EXPECT_EQ(aclDestroyAclOpExecutor(exec), 0);
  EXPECT_EQ(aclDestroyAclOpExecutor(exec), ACLNN_ERR_INNER_NULLPTR);
  EXPECT_EQ(aclSetAclOpExecutorRepeatable(nullptr), ACLNN_ERR_INNER_NULLPTR);
  EXPECT_EQ(aclDestroyAclOpExecutor(nullptr), ACLNN_ERR_INNER_NULLPTR);
}

TEST(Executor, DestroyingARepeatableExecutorWaitsForQueuedRuns) {
  PlannedOp op(/*repeatable=*/true);
  aclrtStream stream = nullptr;
  aclrtCreateStream(&stream);
  for (int i = 0; i < 20; ++i) ASSERT_EQ(aclnnLayerNormBackward(op.workspace, op.ws, op.exec, stream), 0);
  EXPECT_EQ(aclDestroyAclOpExecutor(op.exec), 0);  // queued runs keep it alive until they finish
  EXPECT_EQ(aclrtSynchronizeStream(stream), 0);
  aclrtDestroyStream(stream);
}

TEST(Conversions, VectorRowsMatchScalarRoundingOnEveryTarget) {
  std::mt19937_64 rng(7);
  std::vector<float> values = {0.0f, -0.0f, 1.0f, 65504.0f, 65520.0f, 1e-8f, -3e-5f, INFINITY, -INFINITY, NAN};
  // BF16 edges: the largest finite fp32 values (rounding to infinity or not), the smallest normals, subnormals (the
  // hardware conversion reads them as zero, so their vectors must take the exact path), NaNs with payloads.
  for (uint32_t bits : {0x7F7FFFFFu, 0x7F7F7FFFu, 0x7F7F8000u, 0xFF7FFFFFu, 0x00800000u, 0x80800000u, 0x00800001u,
                        0x00000001u, 0x807FFFFFu, 0x00008000u, 0x00018000u, 0x7F800001u, 0xFFC12345u, 0x7FBFFFFFu}) {
    values.push_back(aclcpu::BitsToF32(bits));
  }
  for (int i = 0; i < 5000; ++i) {
    uint32_t bits = static_cast<uint32_t>(rng());
    values.push_back(aclcpu::BitsToF32(bits));
    values.push_back(static_cast<float>(std::ldexp(static_cast<double>(rng() % 4096) + 0.5, -12)));  // ties
    if (i % 50 == 0) values.push_back(aclcpu::BitsToF32(bits & 0x807FFFFFu));  // a subnormal in some vectors
  }
  const auto n = static_cast<int64_t>(values.size());
  ForEachSimdTarget([&] {
    std::vector<uint16_t> h(values.size()), b(values.size());
    aclcpu::StoreFromF32(aclcpu::DType::kF16, values.data(), h.data(), n);
    aclcpu::StoreFromF32(aclcpu::DType::kBF16, values.data(), b.data(), n);
    std::vector<float> hBack(values.size()), bBack(values.size());
    aclcpu::LoadAsF32(aclcpu::DType::kF16, h.data(), hBack.data(), n);
    aclcpu::LoadAsF32(aclcpu::DType::kBF16, b.data(), bBack.data(), n);
    for (size_t i = 0; i < values.size(); ++i) {
      if (std::isnan(values[i])) {
        EXPECT_TRUE(std::isnan(hBack[i]));
        EXPECT_TRUE(std::isnan(bBack[i]));
        ASSERT_EQ(b[i], aclcpu::F32ToBF16(values[i])) << "NaN payload " << aclcpu::F32ToBits(values[i]);
        continue;
      }
      ASSERT_EQ(h[i], aclcpu::F32ToF16(values[i])) << values[i];
      ASSERT_EQ(b[i], aclcpu::F32ToBF16(values[i])) << values[i];
      ASSERT_EQ(hBack[i], aclcpu::F16ToF32(h[i]));
      ASSERT_EQ(bBack[i], aclcpu::BF16ToF32(b[i]));
    }
  });
  EXPECT_NE(std::string(aclcpu::ActiveSimdTarget()), "");
}

// Rounding to odd (base/half.h) against its definition: the fp32 value toward zero from v, with its last bit set
// when v is not exact in fp32. Random doubles over the whole exponent range, fp32's edges (its largest finite
// value and beyond, subnormals, below the smallest subnormal), exact values and both signs.
TEST(Conversions, DoubleToFloatRoundToOddMatchesItsDefinition) {
  std::mt19937_64 rng(11);
  std::vector<double> values = {0.0,           -0.0,     1.0,      -1.0,     3.4028234663852886e38,
                                3.5e38,        -1e300,   1e-45,    7e-46,    -1e-320,
                                1.0 + 0x1p-30, 0x1p-149, 0x1p-150, INFINITY, -INFINITY};
  for (int i = 0; i < 20000; ++i) {
    uint64_t bits = rng();
    double v;
    std::memcpy(&v, &bits, sizeof v);
    if (!std::isnan(v)) values.push_back(v);
    values.push_back(std::ldexp(static_cast<double>(rng() >> 11), static_cast<int>(rng() % 400) - 250));
  }
  for (double v : values) {
    float towardZero = static_cast<float>(v);
    if (std::fabs(static_cast<double>(towardZero)) > std::fabs(v)) towardZero = std::nextafter(towardZero, 0.0f);
    const float expected =
        static_cast<double>(towardZero) == v ? towardZero : aclcpu::BitsToF32(aclcpu::F32ToBits(towardZero) | 1u);
    ASSERT_EQ(aclcpu::F32ToBits(aclcpu::F64ToF32RoundToOdd(v)), aclcpu::F32ToBits(expected)) << v;
  }
}

}  // namespace
}  // namespace aclcpu_test::base_test
