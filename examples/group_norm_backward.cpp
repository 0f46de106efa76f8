// aclnnGroupNormBackward in the CANN sample flow (docs/ops/group_norm.md §2.6): gradOut = input = 1..24 of shape
// [2, 3, 4], mean [2, 1] = {6.5, 18.5}, rstd [2, 1] = 0.2896827, gamma = 1, N 2, C 3, HxW 4, one group, outputMask
// {true, true, true}; outputs pre-filled with 0. Prints gradInput (24 values), then gradGamma and gradBeta (3 each).
// Builds unchanged against CANN or aclnn-cpu with:
//   g++ group_norm_backward.cpp -I$P/include -I$P/include/aclnnop -I$P/include/aclnn -L$P/lib64
//       -lopapi_nn -lopapi_math -lascendcl -lnnopbase
#include <iostream>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_group_norm_backward.h"

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

  const std::vector<int64_t> dataShape = {2, 3, 4}, statShape = {2, 1}, channelShape = {3};
  std::vector<float> ramp(24);
  for (size_t i = 0; i < ramp.size(); ++i) ramp[i] = static_cast<float>(i + 1);
  const std::vector<float> meanHost = {6.5f, 18.5f}, rstdHost = {0.2896827f, 0.2896827f}, gammaHost = {1, 1, 1};
  std::vector<float> gradInputHost(24, 0.0f), gradGammaHost(3, 0.0f), gradBetaHost(3, 0.0f);

  enum { kGradOut, kInput, kMean, kRstd, kGamma, kGradInput, kGradGamma, kGradBeta, kCount };
  const std::vector<float> *hosts[kCount] = {&ramp,      &ramp,          &meanHost,      &rstdHost,
                                             &gammaHost, &gradInputHost, &gradGammaHost, &gradBetaHost};
  const std::vector<int64_t> *shapes[kCount] = {&dataShape,    &dataShape, &statShape,    &statShape,
                                                &channelShape, &dataShape, &channelShape, &channelShape};
  void *device[kCount] = {};
  aclTensor *tensors[kCount] = {};
  for (int i = 0; i < kCount; ++i) {
    if (MakeTensor(*hosts[i], *shapes[i], &device[i], &tensors[i]) != 0) return 1;
  }
  const bool maskData[3] = {true, true, true};
  aclBoolArray *outputMask = aclCreateBoolArray(maskData, 3);

  const int64_t N = 2, C = 3, HxW = 4, group = 1;
  uint64_t workspaceSize = 0;
  aclOpExecutor *executor = nullptr;
  CHECK_OK(aclnnGroupNormBackwardGetWorkspaceSize(tensors[kGradOut], tensors[kInput], tensors[kMean], tensors[kRstd],
                                                  tensors[kGamma], N, C, HxW, group, outputMask, tensors[kGradInput],
                                                  tensors[kGradGamma], tensors[kGradBeta], &workspaceSize, &executor),
           "aclnnGroupNormBackwardGetWorkspaceSize");
  void *workspace = nullptr;
  if (workspaceSize > 0) CHECK_OK(aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc");
  CHECK_OK(aclnnGroupNormBackward(workspace, workspaceSize, executor, stream), "aclnnGroupNormBackward");
  CHECK_OK(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream");

  const char *labels[] = {"gradInputResultData", "gradGammaOutResultData", "gradBetaOutResultData"};
  std::vector<float> *outs[] = {&gradInputHost, &gradGammaHost, &gradBetaHost};
  for (int out = 0; out < 3; ++out) {
    std::vector<float> &host = *outs[out];
    const size_t bytes = host.size() * sizeof(float);
    CHECK_OK(aclrtMemcpy(host.data(), bytes, device[kGradInput + out], bytes, ACL_MEMCPY_DEVICE_TO_HOST),
             "aclrtMemcpy");
    for (int64_t i = 0; i < static_cast<int64_t>(host.size()); ++i) {
      printf("%s[%ld] is: %f\n", labels[out], static_cast<long>(i), host[static_cast<size_t>(i)]);
    }
  }

  aclDestroyBoolArray(outputMask);
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
