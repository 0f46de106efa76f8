// aclnnAddRmsNorm in the CANN sample flow (docs/ops/rms_norm.md §3.6): x1 = x2 [2, 16] = 0..7, 0..7 per row,
// gamma [16] the same, epsilon 1e-6 (a float, as the sample passes it); y, rstd [2, 1] and x pre-filled. Prints y
// (32 values).
// Builds unchanged against CANN or aclnn-cpu with:
//   g++ add_rms_norm.cpp -I$P/include -I$P/include/aclnnop -I$P/include/aclnn -L$P/lib64
//       -lopapi_nn -lopapi_math -lascendcl -lnnopbase
#include <iostream>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_add_rms_norm.h"

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

  const std::vector<int64_t> xShape = {2, 16}, gammaShape = {16}, rstdShape = {2, 1};
  std::vector<float> xHost(32), gammaHost(16), yHost(32, 0.0f), rstdHost(2, 0.0f), xOutHost(32, 0.0f);
  for (size_t i = 0; i < xHost.size(); ++i) xHost[i] = static_cast<float>(i % 8);
  for (size_t i = 0; i < gammaHost.size(); ++i) gammaHost[i] = static_cast<float>(i % 8);

  enum { kX1, kX2, kGamma, kY, kRstd, kXOut, kCount };
  const std::vector<float> *hosts[kCount] = {&xHost, &xHost, &gammaHost, &yHost, &rstdHost, &xOutHost};
  const std::vector<int64_t> *shapes[kCount] = {&xShape, &xShape, &gammaShape, &xShape, &rstdShape, &xShape};
  void *device[kCount] = {};
  aclTensor *tensors[kCount] = {};
  for (int i = 0; i < kCount; ++i) {
    if (MakeTensor(*hosts[i], *shapes[i], &device[i], &tensors[i]) != 0) return 1;
  }

  const float epsilon = 1e-6f;
  uint64_t workspaceSize = 0;
  aclOpExecutor *executor = nullptr;
  CHECK_OK(aclnnAddRmsNormGetWorkspaceSize(tensors[kX1], tensors[kX2], tensors[kGamma], epsilon, tensors[kY],
                                           tensors[kRstd], tensors[kXOut], &workspaceSize, &executor),
           "aclnnAddRmsNormGetWorkspaceSize");
  void *workspace = nullptr;
  if (workspaceSize > 0) CHECK_OK(aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc");
  CHECK_OK(aclnnAddRmsNorm(workspace, workspaceSize, executor, stream), "aclnnAddRmsNorm");
  CHECK_OK(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream");

  {
    const size_t bytes = yHost.size() * sizeof(float);
    CHECK_OK(aclrtMemcpy(yHost.data(), bytes, device[kY], bytes, ACL_MEMCPY_DEVICE_TO_HOST), "aclrtMemcpy");
    for (size_t i = 0; i < yHost.size(); ++i) printf("y result[%ld] is: %f\n", static_cast<long>(i), yHost[i]);
  }

  for (int i = 0; i < kCount; ++i) {
    aclDestroyTensor(tensors[i]);
    aclrtFree(device[i]);
  }
  if (workspace != nullptr) aclrtFree(workspace);
  aclrtDestroyStream(stream);
  aclrtResetDevice(deviceId);
  aclFinalize();
  return 0;
}
