// aclnnLayerNorm in the CANN sample flow: init -> device -> stream -> device buffers -> aclTensor
// descriptors -> phase 1 -> workspace -> phase 2 -> synchronize -> copy back -> release.
// The data of the vendor's sample (norm-forward.md §1.10): x [1, 2, 32] all 2, weight 1, bias 0.
// Builds unchanged against CANN or aclnn-cpu with:
//   g++ layer_norm.cpp -I$P/include -I$P/include/aclnnop -I$P/include/aclnn -L$P/lib64
//       -lopapi_nn -lopapi_math -lascendcl -lnnopbase
#include <iostream>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_layer_norm.h"

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

}  // namespace

int main() {
  const int32_t deviceId = 0;
  aclrtStream stream = nullptr;
  CHECK_OK(aclInit(nullptr), "aclInit");
  CHECK_OK(aclrtSetDevice(deviceId), "aclrtSetDevice");
  CHECK_OK(aclrtCreateStream(&stream), "aclrtCreateStream");

  // x is [1, 2, 32]; each of its 2 rows is normalized over its 32 elements.
  const std::vector<int64_t> xShape = {1, 2, 32}, paramShape = {32}, statShape = {1, 2, 1};
  const std::vector<float> xHost(64, 2.0f), weightHost(32, 1.0f), biasHost(32, 0.0f);
  std::vector<float> outHost(64, 0.0f), meanHost(2, 0.0f), rstdHost(2, 0.0f);

  enum { kX, kWeight, kBias, kOut, kMean, kRstd, kCount };
  const std::vector<float> *hosts[kCount] = {&xHost, &weightHost, &biasHost, &outHost, &meanHost, &rstdHost};
  const std::vector<int64_t> *shapes[kCount] = {&xShape, &paramShape, &paramShape, &xShape, &statShape, &statShape};
  void *device[kCount] = {};
  aclTensor *tensors[kCount] = {};
  for (int i = 0; i < kCount; ++i) {
    if (MakeTensor(*hosts[i], *shapes[i], &device[i], &tensors[i]) != 0) return 1;
  }
  const int64_t normalized[] = {32};
  aclIntArray *normalizedShape = aclCreateIntArray(normalized, 1);
  if (normalizedShape == nullptr) return 1;

  const double eps = 1e-5;
  uint64_t workspaceSize = 0;
  aclOpExecutor *executor = nullptr;
  CHECK_OK(aclnnLayerNormGetWorkspaceSize(tensors[kX], normalizedShape, tensors[kWeight], tensors[kBias], eps,
                                          tensors[kOut], tensors[kMean], tensors[kRstd], &workspaceSize, &executor),
           "aclnnLayerNormGetWorkspaceSize");
  void *workspace = nullptr;
  if (workspaceSize > 0) CHECK_OK(aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc");
  CHECK_OK(aclnnLayerNorm(workspace, workspaceSize, executor, stream), "aclnnLayerNorm");
  CHECK_OK(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream");

  const char *labels[] = {"out", "mean", "rstd"};
  for (int out = kOut; out <= kRstd; ++out) {
    std::vector<float> &host = *const_cast<std::vector<float> *>(hosts[out]);
    const size_t bytes = host.size() * sizeof(float);
    CHECK_OK(aclrtMemcpy(host.data(), bytes, device[out], bytes, ACL_MEMCPY_DEVICE_TO_HOST), "aclrtMemcpy");
    for (size_t i = 0; i < host.size(); ++i) printf("%s result[%zu] is: %f\n", labels[out - kOut], i, host[i]);
  }

  for (int i = 0; i < kCount; ++i) {
    aclDestroyTensor(tensors[i]);
    aclrtFree(device[i]);
  }
  aclDestroyIntArray(normalizedShape);
  if (workspace != nullptr) aclrtFree(workspace);
  aclrtDestroyStream(stream);
  aclrtResetDevice(deviceId);
  aclFinalize();
  return 0;
}
