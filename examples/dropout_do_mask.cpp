// aclnnDropoutDoMask in the CANN sample flow (docs/ops/dropout.md §2.5): self (4, 2) = 0..7, a 16-byte mask of
// zeros, prob 0.5, out (4, 2): every element is dropped, so it prints eight zeros.
// Builds unchanged against CANN or aclnn-cpu with the ops-math line (no -I include/aclnnop, no -lopapi_nn):
//   g++ dropout_do_mask.cpp -I$P/include -I$P/include/aclnn -L$P/lib64 -lopapi_math -lascendcl -lnnopbase
// clang-format off
#include <cstdint>
#include <cstdio>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_dropout_do_mask.h"
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

// Copies `bytes` of `host` into a fresh device buffer and describes it as a contiguous ND tensor.
int MakeTensor(const void *host, size_t bytes, const std::vector<int64_t> &shape, aclDataType type, void **device,
               aclTensor **tensor) {
  CHECK_OK(aclrtMalloc(device, bytes, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc");
  CHECK_OK(aclrtMemcpy(*device, bytes, host, bytes, ACL_MEMCPY_HOST_TO_DEVICE), "aclrtMemcpy");
  std::vector<int64_t> strides(shape.size(), 1);
  for (int64_t i = static_cast<int64_t>(shape.size()) - 2; i >= 0; --i) strides[i] = shape[i + 1] * strides[i + 1];
  *tensor = aclCreateTensor(shape.data(), shape.size(), type, strides.data(), 0, aclFormat::ACL_FORMAT_ND, shape.data(),
                            shape.size(), *device);
  return *tensor == nullptr ? 1 : 0;
}

}  // namespace

int main() {
  const int32_t deviceId = 0;
  aclrtStream stream = nullptr;
  CHECK_OK(aclInit(nullptr), "aclInit");
  CHECK_OK(aclrtSetDevice(deviceId), "aclrtSetDevice");
  CHECK_OK(aclrtCreateStream(&stream), "aclrtCreateStream");

  const std::vector<int64_t> selfShape = {4, 2}, outShape = {4, 2}, maskShape = {16};
  const std::vector<float> selfHost = {0, 1, 2, 3, 4, 5, 6, 7};
  std::vector<float> outHost(8, 0);
  const std::vector<uint8_t> maskHost(16, 0);
  void *selfDevice = nullptr, *outDevice = nullptr, *maskDevice = nullptr;
  aclTensor *self = nullptr, *out = nullptr, *mask = nullptr;
  if (MakeTensor(selfHost.data(), selfHost.size() * sizeof(float), selfShape, aclDataType::ACL_FLOAT, &selfDevice,
                 &self) != 0 ||
      MakeTensor(outHost.data(), outHost.size() * sizeof(float), outShape, aclDataType::ACL_FLOAT, &outDevice, &out) !=
          0 ||
      MakeTensor(maskHost.data(), maskHost.size(), maskShape, aclDataType::ACL_UINT8, &maskDevice, &mask) != 0) {
    return 1;
  }

  const double p = 0.5;
  uint64_t workspaceSize = 0;
  aclOpExecutor *executor = nullptr;
  CHECK_OK(aclnnDropoutDoMaskGetWorkspaceSize(self, mask, p, out, &workspaceSize, &executor),
           "aclnnDropoutDoMaskGetWorkspaceSize");
  void *workspace = nullptr;
  if (workspaceSize > 0) CHECK_OK(aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc");
  CHECK_OK(aclnnDropoutDoMask(workspace, workspaceSize, executor, stream), "aclnnDropoutDoMask");
  CHECK_OK(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream");

  const size_t bytes = outHost.size() * sizeof(float);
  CHECK_OK(aclrtMemcpy(outHost.data(), bytes, outDevice, bytes, ACL_MEMCPY_DEVICE_TO_HOST), "aclrtMemcpy");
  for (size_t i = 0; i < outHost.size(); ++i) printf("result[%zu] is: %f\n", i, outHost[i]);

  aclDestroyTensor(self);
  aclDestroyTensor(out);
  aclDestroyTensor(mask);
  aclrtFree(selfDevice);
  aclrtFree(outDevice);
  aclrtFree(maskDevice);
  if (workspace != nullptr) aclrtFree(workspace);
  aclrtDestroyStream(stream);
  aclrtResetDevice(deviceId);
  aclFinalize();
  return 0;
}
