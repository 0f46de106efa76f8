// aclnnApplyAdamWV2 in the CANN sample flow (docs/ops/apply_adam_w_v2.md §5): var, m, v, grad, maxGradNorm [2, 2]
// FLOAT = {0, 1, 2, 3}, step [1] FLOAT = 1 (the kernel's t = 2), lr 1e-3, beta1 0.9, beta2 0.999, weightDecay
// 1e-2, eps 1e-8, amsgrad and maximize true. Prints the updated var (4 values), as the vendor's sample does.
// Builds unchanged against CANN or aclnn-cpu with:
//   g++ apply_adam_w_v2.cpp -I$P/include -I$P/include/aclnnop -I$P/include/aclnn -L$P/lib64
//       -lopapi_nn -lopapi_math -lascendcl -lnnopbase
#include <iostream>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_apply_adam_w_v2.h"

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

// Copies `host` into a fresh device buffer and describes it as a contiguous ND tensor of `dtype`.
template <class T>
int MakeTensor(const std::vector<T> &host, const std::vector<int64_t> &shape, aclDataType dtype, void **device,
               aclTensor **tensor) {
  const size_t bytes = static_cast<size_t>(ElementCount(shape)) * sizeof(T);
  CHECK_OK(aclrtMalloc(device, bytes, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc");
  CHECK_OK(aclrtMemcpy(*device, bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE), "aclrtMemcpy");
  std::vector<int64_t> strides(shape.size(), 1);
  for (int64_t i = static_cast<int64_t>(shape.size()) - 2; i >= 0; --i) strides[i] = shape[i + 1] * strides[i + 1];
  *tensor = aclCreateTensor(shape.data(), shape.size(), dtype, strides.data(), 0, aclFormat::ACL_FORMAT_ND,
                            shape.data(), shape.size(), *device);
  return *tensor == nullptr ? 1 : 0;
}

// Copies a float device buffer back and prints it as the vendor's sample does.
int PrintResult(const char *label, void *device, size_t count) {
  std::vector<float> host(count, 0.0f);
  const size_t bytes = count * sizeof(float);
  CHECK_OK(aclrtMemcpy(host.data(), bytes, device, bytes, ACL_MEMCPY_DEVICE_TO_HOST), "aclrtMemcpy");
  for (size_t i = 0; i < count; ++i) printf("%s[%ld] is: %f\n", label, static_cast<long>(i), host[i]);
  return 0;
}

}  // namespace

int main() {
  const int32_t deviceId = 0;
  aclrtStream stream = nullptr;
  CHECK_OK(aclInit(nullptr), "aclInit");
  CHECK_OK(aclrtSetDevice(deviceId), "aclrtSetDevice");
  CHECK_OK(aclrtCreateStream(&stream), "aclrtCreateStream");

  const std::vector<int64_t> shape = {2, 2}, stepShape = {1};
  const std::vector<float> values = {0, 1, 2, 3}, stepHost = {1};
  enum { kVar, kM, kV, kMaxGradNorm, kGrad, kStep, kCount };
  void *device[kCount] = {};
  aclTensor *tensors[kCount] = {};
  for (int i = 0; i < kCount; ++i) {
    const bool isStep = i == kStep;
    if (MakeTensor(isStep ? stepHost : values, isStep ? stepShape : shape, ACL_FLOAT, &device[i], &tensors[i]) != 0)
      return 1;
  }
  const float lr = 1e-3f, beta1 = 0.9f, beta2 = 0.999f, weightDecay = 1e-2f, eps = 1e-8f;
  const bool amsgrad = true, maximize = true;

  uint64_t workspaceSize = 0;
  aclOpExecutor *executor = nullptr;
  CHECK_OK(aclnnApplyAdamWV2GetWorkspaceSize(tensors[kVar], tensors[kM], tensors[kV], tensors[kMaxGradNorm],
                                             tensors[kGrad], tensors[kStep], lr, beta1, beta2, weightDecay, eps,
                                             amsgrad, maximize, &workspaceSize, &executor),
           "aclnnApplyAdamWV2GetWorkspaceSize");
  void *workspace = nullptr;
  if (workspaceSize > 0) CHECK_OK(aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc");
  CHECK_OK(aclnnApplyAdamWV2(workspace, workspaceSize, executor, stream), "aclnnApplyAdamWV2");
  CHECK_OK(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream");
  if (PrintResult("result", device[kVar], values.size()) != 0) return 1;

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
