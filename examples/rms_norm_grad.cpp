// aclnnRmsNormGrad in the CANN sample flow (docs/ops/rms_norm.md §2.6): dy = x = 1..32 of shape [2, 1, 16],
// rstd [2] = {1, 2}, gamma [16] = 1..16; dx [2, 1, 16] and dgamma [16] pre-filled. Prints dx (32 values), then
// dgamma (16).
// Builds unchanged against CANN or aclnn-cpu with:
//   g++ rms_norm_grad.cpp -I$P/include -I$P/include/aclnnop -I$P/include/aclnn -L$P/lib64
//       -lopapi_nn -lopapi_math -lascendcl -lnnopbase
#include <iostream>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_rms_norm_grad.h"

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

  const std::vector<int64_t> xShape = {2, 1, 16}, rstdShape = {2}, gammaShape = {16};
  std::vector<float> ramp(32), rstdHost = {1.0f, 2.0f}, gammaHost(16), dxHost(32, 0.0f), dgammaHost(16, 0.0f);
  for (size_t i = 0; i < ramp.size(); ++i) ramp[i] = static_cast<float>(i + 1);
  for (size_t i = 0; i < gammaHost.size(); ++i) gammaHost[i] = static_cast<float>(i + 1);

  enum { kDy, kX, kRstd, kGamma, kDx, kDgamma, kCount };
  const std::vector<float> *hosts[kCount] = {&ramp, &ramp, &rstdHost, &gammaHost, &dxHost, &dgammaHost};
  const std::vector<int64_t> *shapes[kCount] = {&xShape, &xShape, &rstdShape, &gammaShape, &xShape, &gammaShape};
  void *device[kCount] = {};
  aclTensor *tensors[kCount] = {};
  for (int i = 0; i < kCount; ++i) {
    if (MakeTensor(*hosts[i], *shapes[i], &device[i], &tensors[i]) != 0) return 1;
  }

  uint64_t workspaceSize = 0;
  aclOpExecutor *executor = nullptr;
  CHECK_OK(aclnnRmsNormGradGetWorkspaceSize(tensors[kDy], tensors[kX], tensors[kRstd], tensors[kGamma], tensors[kDx],
                                            tensors[kDgamma], &workspaceSize, &executor),
           "aclnnRmsNormGradGetWorkspaceSize");
  void *workspace = nullptr;
  if (workspaceSize > 0) CHECK_OK(aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc");
  CHECK_OK(aclnnRmsNormGrad(workspace, workspaceSize, executor, stream), "aclnnRmsNormGrad");
  CHECK_OK(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream");

  {
    const size_t bytes = dxHost.size() * sizeof(float);
    CHECK_OK(aclrtMemcpy(dxHost.data(), bytes, device[kDx], bytes, ACL_MEMCPY_DEVICE_TO_HOST), "aclrtMemcpy");
    for (size_t i = 0; i < dxHost.size(); ++i) printf("result[%ld] is: %f\n", static_cast<long>(i), dxHost[i]);
  }
  {
    const size_t bytes = dgammaHost.size() * sizeof(float);
    CHECK_OK(aclrtMemcpy(dgammaHost.data(), bytes, device[kDgamma], bytes, ACL_MEMCPY_DEVICE_TO_HOST), "aclrtMemcpy");
    for (size_t i = 0; i < dgammaHost.size(); ++i) printf("result[%ld] is: %f\n", static_cast<long>(i), dgammaHost[i]);
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
