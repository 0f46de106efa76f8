// aclnnReplicationPad2dBackward in the CANN sample flow: a 2x2 input padded by 1 on every side gives
// a 4x4 gradOutput of ones; each input cell is repeated into 2x2 output cells, so its gradient is 4.
// Builds unchanged against CANN or aclnn-cpu with the ops-math line (no -I include/aclnnop, no -lopapi_nn):
//   g++ replication_pad2d_backward.cpp -I$P/include -I$P/include/aclnn -L$P/lib64 -lopapi_math -lascendcl -lnnopbase
// clang-format off
#include "acl/acl.h"
#include "aclnnop/aclnn_pad2d_backward.h"
#include <iostream>
#include <vector>
// clang-format on

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

  const std::vector<int64_t> gradOutputShape = {1, 1, 4, 4}, selfShape = {1, 1, 2, 2};
  const std::vector<float> gradOutputHost(16, 1.0f), selfHost = {1, 2, 3, 4};
  std::vector<float> gradInputHost(4, 0.0f);
  void *gradOutputDevice = nullptr, *selfDevice = nullptr, *gradInputDevice = nullptr;
  aclTensor *gradOutput = nullptr, *self = nullptr, *gradInput = nullptr;
  if (MakeTensor(gradOutputHost, gradOutputShape, &gradOutputDevice, &gradOutput) != 0) return 1;
  if (MakeTensor(selfHost, selfShape, &selfDevice, &self) != 0) return 1;
  const int64_t paddingValues[] = {1, 1, 1, 1};  // left, right, top, bottom
  aclIntArray *padding = aclCreateIntArray(paddingValues, 4);
  if (padding == nullptr) return 1;
  if (MakeTensor(gradInputHost, selfShape, &gradInputDevice, &gradInput) != 0) return 1;

  uint64_t workspaceSize = 0;
  aclOpExecutor *executor = nullptr;
  CHECK_OK(
      aclnnReplicationPad2dBackwardGetWorkspaceSize(gradOutput, self, padding, gradInput, &workspaceSize, &executor),
      "aclnnReplicationPad2dBackwardGetWorkspaceSize");
  void *workspace = nullptr;
  if (workspaceSize > 0) CHECK_OK(aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc");
  CHECK_OK(aclnnReplicationPad2dBackward(workspace, workspaceSize, executor, stream), "aclnnReplicationPad2dBackward");
  CHECK_OK(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream");

  const size_t bytes = gradInputHost.size() * sizeof(float);
  CHECK_OK(aclrtMemcpy(gradInputHost.data(), bytes, gradInputDevice, bytes, ACL_MEMCPY_DEVICE_TO_HOST), "aclrtMemcpy");
  for (size_t i = 0; i < gradInputHost.size(); ++i) printf("result[%zu] is: %f\n", i, gradInputHost[i]);

  aclDestroyTensor(gradOutput);
  aclDestroyTensor(self);
  aclDestroyIntArray(padding);
  aclDestroyTensor(gradInput);
  aclrtFree(gradOutputDevice);
  aclrtFree(selfDevice);
  aclrtFree(gradInputDevice);
  if (workspace != nullptr) aclrtFree(workspace);
  aclrtDestroyStream(stream);
  aclrtResetDevice(deviceId);
  aclFinalize();
  return 0;
}
