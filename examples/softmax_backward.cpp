// aclnnSoftmaxBackward in the CANN sample flow: gradOutput (4, 2) = 0..7 and output (4, 2) = 1 1 1 2 2 2 3 3
// (taken as softmax's output y, not checked), dim 0: out = y * (g - Σ g y), the column sums being 28 and 38.
// Builds unchanged against CANN or aclnn-cpu with the ops-nn line:
//   g++ softmax_backward.cpp -I$P/include -I$P/include/aclnnop -I$P/include/aclnn -L$P/lib64
//       -lopapi_nn -lopapi_math -lascendcl -lnnopbase
// clang-format off
#include <cstdint>
#include <cstdio>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_softmax_backward.h"
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

// Copies `host` into a fresh device buffer and describes it as a contiguous ND float tensor.
int MakeTensor(const std::vector<float> &host, const std::vector<int64_t> &shape, void **device, aclTensor **tensor) {
  const size_t bytes = host.size() * sizeof(float);
  CHECK_OK(aclrtMalloc(device, bytes, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc");
  CHECK_OK(aclrtMemcpy(*device, bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE), "aclrtMemcpy");
  std::vector<int64_t> strides(shape.size(), 1);
  for (int64_t i = static_cast<int64_t>(shape.size()) - 2; i >= 0; --i) strides[i] = shape[i + 1] * strides[i + 1];
  *tensor = aclCreateTensor(shape.data(), shape.size(), aclDataType::ACL_FLOAT, strides.data(), 0,
                            aclFormat::ACL_FORMAT_ND, shape.data(), shape.size(), *device);
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
  const std::vector<float> gradOutputHost = {0, 1, 2, 3, 4, 5, 6, 7}, outputHost = {1, 1, 1, 2, 2, 2, 3, 3};
  void *gradOutputDevice = nullptr, *outputDevice = nullptr, *outDevice = nullptr;
  aclTensor *gradOutput = nullptr, *output = nullptr, *out = nullptr;
  if (MakeTensor(gradOutputHost, shape, &gradOutputDevice, &gradOutput) != 0) return 1;
  if (MakeTensor(outputHost, shape, &outputDevice, &output) != 0) return 1;
  if (MakeTensor(std::vector<float>(8, 0.0f), shape, &outDevice, &out) != 0) return 1;
  const int64_t dim = 0;

  uint64_t workspaceSize = 0;
  aclOpExecutor *executor = nullptr;
  CHECK_OK(aclnnSoftmaxBackwardGetWorkspaceSize(gradOutput, output, dim, out, &workspaceSize, &executor),
           "aclnnSoftmaxBackwardGetWorkspaceSize");
  void *workspace = nullptr;
  if (workspaceSize > 0) CHECK_OK(aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc");
  CHECK_OK(aclnnSoftmaxBackward(workspace, workspaceSize, executor, stream), "aclnnSoftmaxBackward");
  CHECK_OK(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream");
  if (PrintResult("result", outDevice, 8) != 0) return 1;

  aclDestroyTensor(gradOutput);
  aclDestroyTensor(output);
  aclDestroyTensor(out);
  aclrtFree(gradOutputDevice);
  aclrtFree(outputDevice);
  aclrtFree(outDevice);
  if (workspace != nullptr) aclrtFree(workspace);
  aclrtDestroyStream(stream);
  aclrtResetDevice(deviceId);
  aclFinalize();
  return 0;
}
