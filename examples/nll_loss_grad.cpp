// aclnnNLLLossBackward in the CANN sample flow (docs/ops/loss.md §4, the vendor's test_aclnn_nll_loss_grad.cpp):
// gradOutput {3.1, 6.5}, self [2, 3] = 0..5, target INT32 {0, 2}, weight {1.1, 1.2, 1.3}, totalWeight {0}, reduction
// none, ignoreIndex -100. Prints out = -3.41, 0, 0, 0, 0, -8.45.
// Builds unchanged against CANN or aclnn-cpu with:
//   g++ nll_loss_grad.cpp -I$P/include -I$P/include/aclnnop -I$P/include/aclnn -L$P/lib64
//       -lopapi_nn -lopapi_math -lascendcl -lnnopbase
#include <cstdio>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_nll_loss_backward.h"

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
  const std::vector<float> gradOutputHost = {3.1f, 6.5f};
  const std::vector<int64_t> gradOutputShape = {2};
  const std::vector<float> selfHost = {0, 1, 2, 3, 4, 5};
  const std::vector<int64_t> selfShape = {2, 3};
  const std::vector<int32_t> targetHost = {0, 2};
  const std::vector<int64_t> targetShape = {2};
  const std::vector<float> weightHost = {1.1f, 1.2f, 1.3f};
  const std::vector<int64_t> weightShape = {3};
  const std::vector<float> totalWeightHost = {0};
  const std::vector<int64_t> totalWeightShape = {1};
  const std::vector<float> outHost = {0, 0, 0, 0, 0, 0};
  const std::vector<int64_t> outShape = {2, 3};
  enum { kGradOutput, kSelf, kTarget, kWeight, kTotalWeight, kOut, kCount };
  void *devices[kCount] = {};
  aclTensor *tensors[kCount] = {};
  if (MakeTensor(gradOutputHost, gradOutputShape, ACL_FLOAT, &devices[kGradOutput], &tensors[kGradOutput]) != 0)
    return 1;
  if (MakeTensor(selfHost, selfShape, ACL_FLOAT, &devices[kSelf], &tensors[kSelf]) != 0) return 1;
  if (MakeTensor(targetHost, targetShape, ACL_INT32, &devices[kTarget], &tensors[kTarget]) != 0) return 1;
  if (MakeTensor(weightHost, weightShape, ACL_FLOAT, &devices[kWeight], &tensors[kWeight]) != 0) return 1;
  if (MakeTensor(totalWeightHost, totalWeightShape, ACL_FLOAT, &devices[kTotalWeight], &tensors[kTotalWeight]) != 0)
    return 1;
  if (MakeTensor(outHost, outShape, ACL_FLOAT, &devices[kOut], &tensors[kOut]) != 0) return 1;

  const int64_t reduction = 0, ignoreIndex = -100;
  uint64_t workspaceSize = 0;
  aclOpExecutor *executor = nullptr;
  CHECK_OK(aclnnNLLLossBackwardGetWorkspaceSize(tensors[kGradOutput], tensors[kSelf], tensors[kTarget],
                                                tensors[kWeight], reduction, ignoreIndex, tensors[kTotalWeight],
                                                tensors[kOut], &workspaceSize, &executor),
           "aclnnNLLLossBackwardGetWorkspaceSize");

  void *workspace = nullptr;
  if (workspaceSize > 0) CHECK_OK(aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc");
  CHECK_OK(aclnnNLLLossBackward(workspace, workspaceSize, executor, stream), "aclnnNLLLossBackward");
  CHECK_OK(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream");
  if (PrintResult("result", devices[kOut], 6) != 0) return 1;
  for (aclTensor *t : tensors) aclDestroyTensor(t);
  for (void *d : devices) aclrtFree(d);
  if (workspace != nullptr) aclrtFree(workspace);
  aclrtDestroyStream(stream);
  aclrtResetDevice(0);
  aclFinalize();
  return 0;
}
