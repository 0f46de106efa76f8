// aclnnGeluV2 in the CANN sample flow: x (4, 2) = 1.3 2.5 6.7 -4 -1.4 -1.6 -8 -16.9, approximate 0: the erf
// form x * Phi(x).
// Builds unchanged against CANN or aclnn-cpu with the ops-nn line:
//   g++ gelu_v2.cpp -I$P/include -I$P/include/aclnnop -I$P/include/aclnn -L$P/lib64
//       -lopapi_nn -lopapi_math -lascendcl -lnnopbase
// clang-format off
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_gelu_v2.h"
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
  const std::vector<float> xHost = {1.3f, 2.5f, 6.7f, -4.0f, -1.4f, -1.6f, -8.0f, -16.9f};
  const std::vector<float> yHost = {0, 0, 0, 0, 0, 0, 0, 0};
  void *xDevice = nullptr, *yDevice = nullptr;
  aclTensor *x = nullptr, *y = nullptr;
  if (MakeTensor(xHost, shape, aclDataType::ACL_FLOAT, &xDevice, &x) != 0) return 1;
  if (MakeTensor(yHost, shape, aclDataType::ACL_FLOAT, &yDevice, &y) != 0) return 1;
  const int64_t approximate = 0;

  uint64_t workspaceSize = 0;
  aclOpExecutor *executor = nullptr;
  CHECK_OK(aclnnGeluV2GetWorkspaceSize(x, approximate, y, &workspaceSize, &executor), "aclnnGeluV2GetWorkspaceSize");
  void *workspace = nullptr;
  if (workspaceSize > 0) CHECK_OK(aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc");
  CHECK_OK(aclnnGeluV2(workspace, workspaceSize, executor, stream), "aclnnGeluV2");
  CHECK_OK(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream");
  if (PrintResult("result", yDevice, 8) != 0) return 1;

  aclDestroyTensor(x);
  aclDestroyTensor(y);
  aclrtFree(xDevice);
  aclrtFree(yDevice);
  if (workspace != nullptr) aclrtFree(workspace);
  aclrtDestroyStream(stream);
  aclrtResetDevice(deviceId);
  aclFinalize();
  return 0;
}
