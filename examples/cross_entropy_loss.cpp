// aclnnCrossEntropyLoss in the CANN sample flow (docs/ops/loss.md §5, the vendor's
// test_aclnn_cross_entropy_loss.cpp): input [2, 5] = {5, 0, 3, 3, 7, 9, 3, 5, 2, 4}, target INT64 {0, 0}, no weight,
// "mean", ignoreIndex -100, no label smoothing. Prints loss (1.093754) and logProb [2, 5].
// Builds unchanged against CANN or aclnn-cpu with:
//   g++ cross_entropy_loss.cpp -I$P/include -I$P/include/aclnnop -I$P/include/aclnn -L$P/lib64
//       -lopapi_nn -lopapi_math -lascendcl -lnnopbase
#include <cstdio>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_cross_entropy_loss.h"

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
  const std::vector<float> inputHost = {5, 0, 3, 3, 7, 9, 3, 5, 2, 4};
  const std::vector<int64_t> inputShape = {2, 5};
  const std::vector<int64_t> targetHost = {0, 0};
  const std::vector<int64_t> targetShape = {2};
  const std::vector<float> lossOutHost = {0};
  const std::vector<int64_t> lossOutShape = {1};
  const std::vector<float> logProbOutHost = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
  const std::vector<int64_t> logProbOutShape = {2, 5};
  const std::vector<float> zlossOutHost = {0};
  const std::vector<int64_t> zlossOutShape = {1};
  const std::vector<float> lseForZlossOutHost = {0, 0};
  const std::vector<int64_t> lseForZlossOutShape = {2};
  enum { kInput, kTarget, kLossOut, kLogProbOut, kZlossOut, kLseForZlossOut, kCount };
  void *devices[kCount] = {};
  aclTensor *tensors[kCount] = {};
  if (MakeTensor(inputHost, inputShape, ACL_FLOAT, &devices[kInput], &tensors[kInput]) != 0) return 1;
  if (MakeTensor(targetHost, targetShape, ACL_INT64, &devices[kTarget], &tensors[kTarget]) != 0) return 1;
  if (MakeTensor(lossOutHost, lossOutShape, ACL_FLOAT, &devices[kLossOut], &tensors[kLossOut]) != 0) return 1;
  if (MakeTensor(logProbOutHost, logProbOutShape, ACL_FLOAT, &devices[kLogProbOut], &tensors[kLogProbOut]) != 0)
    return 1;
  if (MakeTensor(zlossOutHost, zlossOutShape, ACL_FLOAT, &devices[kZlossOut], &tensors[kZlossOut]) != 0) return 1;
  if (MakeTensor(lseForZlossOutHost, lseForZlossOutShape, ACL_FLOAT, &devices[kLseForZlossOut],
                 &tensors[kLseForZlossOut]) != 0)
    return 1;

  char reduction[] = "mean";
  const int64_t ignoreIndex = -100;
  const double labelSmoothing = 0.0, lseSquareScaleForZloss = 0.0;
  const bool returnZloss = false;
  uint64_t workspaceSize = 0;
  aclOpExecutor *executor = nullptr;
  CHECK_OK(aclnnCrossEntropyLossGetWorkspaceSize(tensors[kInput], tensors[kTarget], nullptr, reduction, ignoreIndex,
                                                 labelSmoothing, lseSquareScaleForZloss, returnZloss, tensors[kLossOut],
                                                 tensors[kLogProbOut], tensors[kZlossOut], tensors[kLseForZlossOut],
                                                 &workspaceSize, &executor),
           "aclnnCrossEntropyLossGetWorkspaceSize");

  void *workspace = nullptr;
  if (workspaceSize > 0) CHECK_OK(aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc");
  CHECK_OK(aclnnCrossEntropyLoss(workspace, workspaceSize, executor, stream), "aclnnCrossEntropyLoss");
  CHECK_OK(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream");
  if (PrintResult("loss", devices[kLossOut], 1) != 0) return 1;
  if (PrintResult("logProb", devices[kLogProbOut], 10) != 0) return 1;
  for (aclTensor *t : tensors) aclDestroyTensor(t);
  for (void *d : devices) aclrtFree(d);
  if (workspace != nullptr) aclrtFree(workspace);
  aclrtDestroyStream(stream);
  aclrtResetDevice(0);
  aclFinalize();
  return 0;
}
