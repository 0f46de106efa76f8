// aclnnAddmm, then aclnnInplaceAddmm on the same self, in the CANN sample flow: out = 1 * self + 1.2 *
// (mat1 @ mat2) with the vendor's sample values; the in-place call writes the same values into self.
// Builds unchanged against CANN or aclnn-cpu with the ops-nn line:
//   g++ addmm.cpp -I$P/include -I$P/include/aclnnop -I$P/include/aclnn -L$P/lib64
//       -lopapi_nn -lopapi_math -lascendcl -lnnopbase
// clang-format off
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_addmm.h"
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

  // self (2, 4) = 0..7, mat1 (2, 3), mat2 (3, 4), beta 1, alpha 1.2 (the vendor's sample values).
  const std::vector<int64_t> selfShape = {2, 4}, mat1Shape = {2, 3}, mat2Shape = {3, 4}, outShape = {2, 4};
  const std::vector<float> selfHost = {0, 1, 2, 3, 4, 5, 6, 7}, mat1Host = {1, 1, 1, 2, 2, 2};
  const std::vector<float> mat2Host = {1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4}, outHost(8, 0.0f);
  void *selfDevice = nullptr, *mat1Device = nullptr, *mat2Device = nullptr, *outDevice = nullptr;
  aclTensor *self = nullptr, *mat1 = nullptr, *mat2 = nullptr, *out = nullptr;
  if (MakeTensor(selfHost, selfShape, aclDataType::ACL_FLOAT, &selfDevice, &self) != 0) return 1;
  if (MakeTensor(mat1Host, mat1Shape, aclDataType::ACL_FLOAT, &mat1Device, &mat1) != 0) return 1;
  if (MakeTensor(mat2Host, mat2Shape, aclDataType::ACL_FLOAT, &mat2Device, &mat2) != 0) return 1;
  if (MakeTensor(outHost, outShape, aclDataType::ACL_FLOAT, &outDevice, &out) != 0) return 1;
  const float betaValue = 1.0f, alphaValue = 1.2f;
  aclScalar *beta = aclCreateScalar(const_cast<float *>(&betaValue), aclDataType::ACL_FLOAT);
  aclScalar *alpha = aclCreateScalar(const_cast<float *>(&alphaValue), aclDataType::ACL_FLOAT);
  const int8_t cubeMathType = 1;

  {
    uint64_t workspaceSize = 0;
    aclOpExecutor *executor = nullptr;
    CHECK_OK(aclnnAddmmGetWorkspaceSize(self, mat1, mat2, beta, alpha, out, cubeMathType, &workspaceSize, &executor),
             "aclnnAddmmGetWorkspaceSize");
    void *workspace = nullptr;
    if (workspaceSize > 0) CHECK_OK(aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc");
    CHECK_OK(aclnnAddmm(workspace, workspaceSize, executor, stream), "aclnnAddmm");
    CHECK_OK(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream");
    if (PrintResult("result", outDevice, 8) != 0) return 1;
    if (workspace != nullptr) aclrtFree(workspace);
  }
  {
    uint64_t workspaceSize = 0;
    aclOpExecutor *executor = nullptr;
    CHECK_OK(aclnnInplaceAddmmGetWorkspaceSize(self, mat1, mat2, beta, alpha, cubeMathType, &workspaceSize, &executor),
             "aclnnInplaceAddmmGetWorkspaceSize");
    void *workspace = nullptr;
    if (workspaceSize > 0) CHECK_OK(aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc");
    CHECK_OK(aclnnInplaceAddmm(workspace, workspaceSize, executor, stream), "aclnnInplaceAddmm");
    CHECK_OK(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream");
    if (PrintResult("inplace result", selfDevice, 8) != 0) return 1;
    if (workspace != nullptr) aclrtFree(workspace);
  }

  aclDestroyScalar(beta);
  aclDestroyScalar(alpha);
  aclDestroyTensor(self);
  aclDestroyTensor(mat1);
  aclDestroyTensor(mat2);
  aclDestroyTensor(out);
  aclrtFree(selfDevice);
  aclrtFree(mat1Device);
  aclrtFree(mat2Device);
  aclrtFree(outDevice);
  aclrtDestroyStream(stream);
  aclrtResetDevice(deviceId);
  aclFinalize();
  return 0;
}
