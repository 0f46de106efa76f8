// aclnnLayerNormBackward in the CANN sample flow: init -> device -> stream -> device buffers ->
// aclTensor descriptors -> phase 1 -> workspace -> phase 2 -> synchronize -> copy back -> release.
// Builds unchanged against CANN or aclnn-cpu with:
//   g++ layer_norm_backward.cpp -I$P/include -I$P/include/aclnnop -I$P/include/aclnn -L$P/lib64
//       -lopapi_nn -lopapi_math -lascendcl -lnnopbase
#include <iostream>
#include <vector>

#include "acl/acl.h"
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

}  // namespace

int main() {
  const int32_t deviceId = 0;
  aclrtStream stream = nullptr;
  CHECK_OK(aclInit(nullptr), "aclInit");
  CHECK_OK(aclrtSetDevice(deviceId), "aclrtSetDevice");
  CHECK_OK(aclrtCreateStream(&stream), "aclrtCreateStream");

  // x and dy are [2, 2]; each row is normalized over its 2 elements.
  const std::vector<int64_t> xShape = {2, 2}, statShape = {2, 1}, paramShape = {2};
  const std::vector<float> dyHost = {2, 3, 4, 5}, xHost = {2, 3, 4, 5};
  const std::vector<float> meanHost = {2, 3}, rstdHost = {4, 5};
  const std::vector<float> weightHost = {1, 1}, biasHost = {0, 0};
  std::vector<float> dxHost(4, 0), dwHost(2, 0), dbHost(2, 0);

  enum { kDy, kX, kMean, kRstd, kWeight, kBias, kDx, kDw, kDb, kCount };
  const std::vector<float> *hosts[kCount] = {&dyHost,   &xHost,  &meanHost, &rstdHost, &weightHost,
                                             &biasHost, &dxHost, &dwHost,   &dbHost};
  const std::vector<int64_t> *shapes[kCount] = {&xShape,     &xShape, &statShape,  &statShape, &paramShape,
                                                &paramShape, &xShape, &paramShape, &paramShape};
  void *device[kCount] = {};
  aclTensor *tensors[kCount] = {};
  for (int i = 0; i < kCount; ++i) {
    if (MakeTensor(*hosts[i], *shapes[i], &device[i], &tensors[i]) != 0) return 1;
  }
  const int64_t normalized[] = {2};
  aclIntArray *normalizedShape = aclCreateIntArray(normalized, 1);
  const bool maskValues[] = {true, true, true};
  aclBoolArray *outputMask = aclCreateBoolArray(maskValues, 3);
  if (normalizedShape == nullptr || outputMask == nullptr) return 1;

  uint64_t workspaceSize = 0;
  aclOpExecutor *executor = nullptr;
  CHECK_OK(aclnnLayerNormBackwardGetWorkspaceSize(tensors[kDy], tensors[kX], normalizedShape, tensors[kMean],
                                                  tensors[kRstd], tensors[kWeight], tensors[kBias], outputMask,
                                                  tensors[kDx], tensors[kDw], tensors[kDb], &workspaceSize, &executor),
           "aclnnLayerNormBackwardGetWorkspaceSize");
  void *workspace = nullptr;
  if (workspaceSize > 0) CHECK_OK(aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc");
  CHECK_OK(aclnnLayerNormBackward(workspace, workspaceSize, executor, stream), "aclnnLayerNormBackward");
  CHECK_OK(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream");

  const char *labels[] = {"out", "dw", "db"};
  for (int out = kDx; out <= kDb; ++out) {
    std::vector<float> &host = *const_cast<std::vector<float> *>(hosts[out]);
    const size_t bytes = host.size() * sizeof(float);
    CHECK_OK(aclrtMemcpy(host.data(), bytes, device[out], bytes, ACL_MEMCPY_DEVICE_TO_HOST), "aclrtMemcpy");
    for (size_t i = 0; i < host.size(); ++i) printf("%s result[%zu] is: %f\n", labels[out - kDx], i, host[i]);
  }

  for (int i = 0; i < kCount; ++i) {
    aclDestroyTensor(tensors[i]);
    aclrtFree(device[i]);
  }
  aclDestroyIntArray(normalizedShape);
  aclDestroyBoolArray(outputMask);
  if (workspace != nullptr) aclrtFree(workspace);
  aclrtDestroyStream(stream);
  aclrtResetDevice(deviceId);
  aclFinalize();
  return 0;
}
