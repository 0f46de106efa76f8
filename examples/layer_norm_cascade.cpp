// A LayerNorm layer step as a training program runs it: aclnnLayerNorm forward, then
// aclnnLayerNormBackward fed the forward's own mean and rstd tensors, unchanged
// (norm-forward.md §1.15). FLOAT statistics keep the backward accurate for any input dtype.
// Builds unchanged against CANN or aclnn-cpu with:
//   g++ layer_norm_cascade.cpp -I$P/include -I$P/include/aclnnop -I$P/include/aclnn -L$P/lib64
//       -lopapi_nn -lopapi_math -lascendcl -lnnopbase
#include <iostream>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_layer_norm.h"
#include "aclnnop/aclnn_layer_norm_backward.h"

#define CHECK_OK(expr, what)                                                                \
  do {                                                                                      \
    auto status_ = (expr);                                                                  \
    if (status_ != ACL_SUCCESS) {                                                           \
      printf("%s failed: %d\n%s\n", what, static_cast<int>(status_), aclGetRecentErrMsg()); \
      return static_cast<int>(status_);                                                     \
    }                                                                                       \
  } while (0)

namespace {

int64_t ElementCount(const std::vector<int64_t> &shape) {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  return n;
}

// Copies `host` into a fresh device buffer and describes it as a contiguous ND float tensor.
int MakeTensor(const std::vector<float> &host, const std::vector<int64_t> &shape, void **device, aclTensor **tensor) {
  const size_t bytes = static_cast<size_t>(ElementCount(shape)) * sizeof(float);
  CHECK_OK(aclrtMalloc(device, bytes, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc");
  CHECK_OK(aclrtMemcpy(*device, bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE), "aclrtMemcpy");
  std::vector<int64_t> strides(shape.size(), 1);
  for (int64_t i = static_cast<int64_t>(shape.size()) - 2; i >= 0; --i) strides[i] = shape[i + 1] * strides[i + 1];
  *tensor = aclCreateTensor(shape.data(), shape.size(), aclDataType::ACL_FLOAT, strides.data(), 0,
                            aclFormat::ACL_FORMAT_ND, shape.data(), shape.size(), *device);
  return *tensor == nullptr ? 1 : 0;
}

// Phase 2 the way every sample runs it: a workspace of the reported size, run, synchronize.
template <class Phase2>
int RunPhase2(Phase2 phase2, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream, const char *what) {
  void *workspace = nullptr;
  if (workspaceSize > 0) CHECK_OK(aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc");
  CHECK_OK(phase2(workspace, workspaceSize, executor, stream), what);
  CHECK_OK(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream");
  if (workspace != nullptr) aclrtFree(workspace);
  return 0;
}

}  // namespace

int main() {
  const int32_t deviceId = 0;
  aclrtStream stream = nullptr;
  CHECK_OK(aclInit(nullptr), "aclInit");
  CHECK_OK(aclrtSetDevice(deviceId), "aclrtSetDevice");
  CHECK_OK(aclrtCreateStream(&stream), "aclrtCreateStream");

  // x is [2, 4]: two rows normalized over their 4 elements; dy is the gradient arriving at y.
  const std::vector<int64_t> xShape = {2, 4}, paramShape = {4}, statShape = {2, 1};
  const std::vector<float> xHost = {1, 2, 3, 4, -2, 0, 1, 5}, weightHost = {1, 0.5f, 2, -1},
                           biasHost = {0, 0.25f, 0, 1}, dyHost = {1, 0, 0, -1, 0.5f, 0.5f, -1, 2};
  std::vector<float> yHost(8, 0), meanHost(2, 0), rstdHost(2, 0), dxHost(8, 0), dwHost(4, 0), dbHost(4, 0);

  enum { kX, kWeight, kBias, kDy, kY, kMean, kRstd, kDx, kDw, kDb, kCount };
  const std::vector<float> *hosts[kCount] = {&xHost,    &weightHost, &biasHost, &dyHost, &yHost,
                                             &meanHost, &rstdHost,   &dxHost,   &dwHost, &dbHost};
  const std::vector<int64_t> *shapes[kCount] = {&xShape,    &paramShape, &paramShape, &xShape,     &xShape,
                                                &statShape, &statShape,  &xShape,     &paramShape, &paramShape};
  void *device[kCount] = {};
  aclTensor *t[kCount] = {};
  for (int i = 0; i < kCount; ++i) {
    if (MakeTensor(*hosts[i], *shapes[i], &device[i], &t[i]) != 0) return 1;
  }
  const int64_t normalized[] = {4};
  aclIntArray *normalizedShape = aclCreateIntArray(normalized, 1);
  const bool maskValues[] = {true, true, true};
  aclBoolArray *outputMask = aclCreateBoolArray(maskValues, 3);
  if (normalizedShape == nullptr || outputMask == nullptr) return 1;

  // Forward: y, mean and rstd.
  uint64_t workspaceSize = 0;
  aclOpExecutor *executor = nullptr;
  CHECK_OK(aclnnLayerNormGetWorkspaceSize(t[kX], normalizedShape, t[kWeight], t[kBias], 1e-5, t[kY], t[kMean], t[kRstd],
                                          &workspaceSize, &executor),
           "aclnnLayerNormGetWorkspaceSize");
  if (RunPhase2(aclnnLayerNorm, workspaceSize, executor, stream, "aclnnLayerNorm") != 0) return 1;
  // Backward: the same x, normalizedShape and weight, and the forward's mean/rstd tensors.
  CHECK_OK(
      aclnnLayerNormBackwardGetWorkspaceSize(t[kDy], t[kX], normalizedShape, t[kMean], t[kRstd], t[kWeight], t[kBias],
                                             outputMask, t[kDx], t[kDw], t[kDb], &workspaceSize, &executor),
      "aclnnLayerNormBackwardGetWorkspaceSize");
  if (RunPhase2(aclnnLayerNormBackward, workspaceSize, executor, stream, "aclnnLayerNormBackward") != 0) return 1;

  const char *labels[kCount] = {nullptr, nullptr, nullptr, nullptr, "y", "mean", "rstd", "dx", "dw", "db"};
  for (int out = kY; out < kCount; ++out) {
    std::vector<float> &host = *const_cast<std::vector<float> *>(hosts[out]);
    const size_t bytes = host.size() * sizeof(float);
    CHECK_OK(aclrtMemcpy(host.data(), bytes, device[out], bytes, ACL_MEMCPY_DEVICE_TO_HOST), "aclrtMemcpy");
    for (size_t i = 0; i < host.size(); ++i) printf("%s result[%zu] is: %f\n", labels[out], i, host[i]);
  }

  for (int i = 0; i < kCount; ++i) {
    aclDestroyTensor(t[i]);
    aclrtFree(device[i]);
  }
  aclDestroyIntArray(normalizedShape);
  aclDestroyBoolArray(outputMask);
  aclrtDestroyStream(stream);
  aclrtResetDevice(deviceId);
  aclFinalize();
  return 0;
}
