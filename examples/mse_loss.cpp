// aclnnMseLoss in the CANN sample flow (docs/ops/loss.md §1, the vendor's test_aclnn_mse_loss_v2.cpp): self [2, 2]
// = 0, 1, 2, 3, target [2, 2] = 1, reduction mean, out 0-d. Prints 1.5.
// Builds unchanged against CANN or aclnn-cpu with:
//   g++ mse_loss.cpp -I$P/include -I$P/include/aclnnop -I$P/include/aclnn -L$P/lib64
//       -lopapi_nn -lopapi_math -lascendcl -lnnopbase
#include <cstdio>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_mse_loss.h"

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
  CHECK_OK(aclrtMalloc(device, bytes > 0 ? bytes : 1, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc");
  if (bytes > 0) CHECK_OK(aclrtMemcpy(*device, bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE), "aclrtMemcpy");
  std::vector<int64_t> strides(shape.size(), 1);
  for (int64_t i = static_cast<int64_t>(shape.size()) - 2; i >= 0; --i) strides[i] = shape[i + 1] * strides[i + 1];
  *tensor = aclCreateTensor(shape.data(), shape.size(), dtype, strides.data(), 0, aclFormat::ACL_FORMAT_ND,
                            shape.data(), shape.size(), *device);
  return *tensor == nullptr ? 1 : 0;
}

// Copies `count` floats back from the device and prints them as the vendor's samples do.
int PrintResult(const char *label, void *device, int64_t count) {
  std::vector<float> host(static_cast<size_t>(count), 0.0f);
  const size_t bytes = host.size() * sizeof(float);
  CHECK_OK(aclrtMemcpy(host.data(), bytes, device, bytes, ACL_MEMCPY_DEVICE_TO_HOST), "aclrtMemcpy");
  for (int64_t i = 0; i < count; ++i) printf("%s[%ld] is: %f\n", label, static_cast<long>(i), host[i]);
  return 0;
}

}  // namespace

int main() {
  aclrtStream stream = nullptr;
  CHECK_OK(aclInit(nullptr), "aclInit");
  CHECK_OK(aclrtSetDevice(0), "aclrtSetDevice");
  CHECK_OK(aclrtCreateStream(&stream), "aclrtCreateStream");
  const std::vector<float> selfHost = {0, 1, 2, 3};
  const std::vector<int64_t> selfShape = {2, 2};
  const std::vector<float> targetHost = {1, 1, 1, 1};
  const std::vector<int64_t> targetShape = {2, 2};
  const std::vector<float> outHost = {0};
  const std::vector<int64_t> outShape = {};
  enum { kSelf, kTarget, kOut, kCount };
  void *devices[kCount] = {};
  aclTensor *tensors[kCount] = {};
  if (MakeTensor(selfHost, selfShape, ACL_FLOAT, &devices[kSelf], &tensors[kSelf]) != 0) return 1;
  if (MakeTensor(targetHost, targetShape, ACL_FLOAT, &devices[kTarget], &tensors[kTarget]) != 0) return 1;
  if (MakeTensor(outHost, outShape, ACL_FLOAT, &devices[kOut], &tensors[kOut]) != 0) return 1;

  const int64_t reduction = 1;
  uint64_t workspaceSize = 0;
  aclOpExecutor *executor = nullptr;
  CHECK_OK(aclnnMseLossGetWorkspaceSize(tensors[kSelf], tensors[kTarget], reduction, tensors[kOut], &workspaceSize,
                                        &executor),
           "aclnnMseLossGetWorkspaceSize");

  void *workspace = nullptr;
  if (workspaceSize > 0) CHECK_OK(aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc");
  CHECK_OK(aclnnMseLoss(workspace, workspaceSize, executor, stream), "aclnnMseLoss");
  CHECK_OK(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream");
  if (PrintResult("result", devices[kOut], 1) != 0) return 1;
  for (aclTensor *t : tensors) aclDestroyTensor(t);
  for (void *d : devices) aclrtFree(d);
  if (workspace != nullptr) aclrtFree(workspace);
  aclrtDestroyStream(stream);
  aclrtResetDevice(0);
  aclFinalize();
  return 0;
}
