// aclnnReflectionPad2d in the CANN sample flow: self (1, 1, 2, 2) = {1, 2, 3, 4} padded by 1 on every
// side, mirrored about its border cells: rows 4 3 4 3 / 2 1 2 1 / 4 3 4 3 / 2 1 2 1.
// Builds unchanged against CANN or aclnn-cpu with the ops-math line (no -I include/aclnnop, no -lopapi_nn):
//   g++ reflection_pad2d.cpp -I$P/include -I$P/include/aclnn -L$P/lib64 -lopapi_math -lascendcl -lnnopbase
// clang-format off
#include <iostream>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_reflection_pad2d.h"
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

  const std::vector<int64_t> selfShape = {1, 1, 2, 2}, outShape = {1, 1, 4, 4};
  const std::vector<float> selfHost = {1, 2, 3, 4};
  std::vector<float> outHost(16, 0.0f);
  void *selfDevice = nullptr, *outDevice = nullptr;
  aclTensor *self = nullptr, *out = nullptr;
  if (MakeTensor(selfHost, selfShape, &selfDevice, &self) != 0) return 1;
  const int64_t paddingValues[] = {1, 1, 1, 1};  // left, right, top, bottom
  aclIntArray *padding = aclCreateIntArray(paddingValues, 4);
  if (padding == nullptr) return 1;
  if (MakeTensor(outHost, outShape, &outDevice, &out) != 0) return 1;

  uint64_t workspaceSize = 0;
  aclOpExecutor *executor = nullptr;
  CHECK_OK(aclnnReflectionPad2dGetWorkspaceSize(self, padding, out, &workspaceSize, &executor),
           "aclnnReflectionPad2dGetWorkspaceSize");
  void *workspace = nullptr;
  if (workspaceSize > 0) CHECK_OK(aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc");
  CHECK_OK(aclnnReflectionPad2d(workspace, workspaceSize, executor, stream), "aclnnReflectionPad2d");
  CHECK_OK(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream");

  const size_t bytes = outHost.size() * sizeof(float);
  CHECK_OK(aclrtMemcpy(outHost.data(), bytes, outDevice, bytes, ACL_MEMCPY_DEVICE_TO_HOST), "aclrtMemcpy");
  for (size_t i = 0; i < outHost.size(); ++i) printf("result[%zu] is: %f\n", i, outHost[i]);

  aclDestroyTensor(self);
  aclDestroyIntArray(padding);
  aclDestroyTensor(out);
  aclrtFree(selfDevice);
  aclrtFree(outDevice);
  if (workspace != nullptr) aclrtFree(workspace);
  aclrtDestroyStream(stream);
  aclrtResetDevice(deviceId);
  aclFinalize();
  return 0;
}
