// aclnnGeluBackwardV2 in the CANN sample flow: self (4, 2) = 0..7, approximate "tanh", and gradOutput as the
// vendor's sample fills it: a FLOAT tensor copied from int 1s, i.e. the smallest subnormal (1.4e-45), so every
// gradient prints as 0.
// Builds unchanged against CANN or aclnn-cpu with the ops-nn line:
//   g++ gelu_backward_v2.cpp -I$P/include -I$P/include/aclnnop -I$P/include/aclnn -L$P/lib64
//       -lopapi_nn -lopapi_math -lascendcl -lnnopbase
// clang-format off
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_gelu_backward_v2.h"
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

// Copies `host` into a fresh device buffer and describes it as a contiguous ND tensor of `dtype`.
template <class T>
int MakeTensor(const std::vector<T> &host, const std::vector<int64_t> &shape, aclDataType dtype, void **device,
               aclTensor **tensor) {
  const size_t bytes = host.size() * sizeof(T);
  CHECK_OK(aclrtMalloc(device, bytes, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc");
  CHECK_OK(aclrtMemcpy(*device, bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE), "aclrtMemcpy");
  std::vector<int64_t> strides(shape.size(), 1);
  for (int64_t i = static_cast<int64_t>(shape.size()) - 2; i >= 0; --i) strides[i] = shape[i + 1] * strides[i + 1];
  *tensor = aclCreateTensor(shape.data(), shape.size(), dtype, strides.data(), 0, aclFormat::ACL_FORMAT_ND,
                            shape.data(), shape.size(), *device);
  return *tensor == nullptr ? 1 : 0;
}

// Copies `count` floats back from `device` and prints them as "<label>[i] is: <value>".
int PrintResult(const char *label, void *device, size_t count) {
  std::vector<float> host(count, 0.0f);
  const size_t bytes = count * sizeof(float);
  CHECK_OK(aclrtMemcpy(host.data(), bytes, device, bytes, ACL_MEMCPY_DEVICE_TO_HOST), "aclrtMemcpy");
  for (size_t i = 0; i < count; ++i) printf("%s[%zu] is: %f\n", label, i, host[i]);
  return 0;
}

}  // namespace

int main() {
  const int32_t deviceId = 0;
  aclrtStream stream = nullptr;
  CHECK_OK(aclInit(nullptr), "aclInit");
  CHECK_OK(aclrtSetDevice(deviceId), "aclrtSetDevice");
  CHECK_OK(aclrtCreateStream(&stream), "aclrtCreateStream");

  const std::vector<int64_t> shape = {4, 2};
  const std::vector<float> selfHost = {0, 1, 2, 3, 4, 5, 6, 7};
  const std::vector<int32_t> gradOutputHost = {1, 1, 1, 1, 1, 1, 1, 1};
  const std::vector<float> gradInputHost = {0, 0, 0, 0, 0, 0, 0, 0};
  void *selfDevice = nullptr, *gradOutputDevice = nullptr, *gradInputDevice = nullptr;
  aclTensor *self = nullptr, *gradOutput = nullptr, *gradInput = nullptr;
  if (MakeTensor(selfHost, shape, aclDataType::ACL_FLOAT, &selfDevice, &self) != 0) return 1;
  if (MakeTensor(gradOutputHost, shape, aclDataType::ACL_FLOAT, &gradOutputDevice, &gradOutput) != 0) return 1;
  if (MakeTensor(gradInputHost, shape, aclDataType::ACL_FLOAT, &gradInputDevice, &gradInput) != 0) return 1;
  char approximate[] = "tanh";

  uint64_t workspaceSize = 0;
  aclOpExecutor *executor = nullptr;
  CHECK_OK(aclnnGeluBackwardV2GetWorkspaceSize(gradOutput, self, approximate, gradInput, &workspaceSize, &executor),
           "aclnnGeluBackwardV2GetWorkspaceSize");
  void *workspace = nullptr;
  if (workspaceSize > 0) CHECK_OK(aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc");
  CHECK_OK(aclnnGeluBackwardV2(workspace, workspaceSize, executor, stream), "aclnnGeluBackwardV2");
  CHECK_OK(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream");
  if (PrintResult("result", gradInputDevice, 8) != 0) return 1;

  aclDestroyTensor(self);
  aclDestroyTensor(gradOutput);
  aclDestroyTensor(gradInput);
  aclrtFree(selfDevice);
  aclrtFree(gradOutputDevice);
  aclrtFree(gradInputDevice);
  if (workspace != nullptr) aclrtFree(workspace);
  aclrtDestroyStream(stream);
  aclrtResetDevice(deviceId);
  aclFinalize();
  return 0;
}
