// aclnnBatchNorm in the CANN sample flow (docs/ops/batch_norm.md §1.6): input = 0..7 of shape [1, 2, 4] (ND),
// weight {1, 1}, bias {0, 0}, runningMean {0, 0}, runningVar {1, 1}, saveMean and saveInvstd ([2]) pre-filled
// with 1; training, momentum 0.1, eps 1e-5. Prints output (8 values), as the vendor's sample does.
// Builds unchanged against CANN or aclnn-cpu with:
//   g++ batch_norm.cpp -I$P/include -I$P/include/aclnnop -I$P/include/aclnn -L$P/lib64
//       -lopapi_nn -lopapi_math -lascendcl -lnnopbase
#include <iostream>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_batch_norm.h"

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

  const std::vector<int64_t> dataShape = {1, 2, 4}, channelShape = {2};
  const std::vector<float> input = {0, 1, 2, 3, 4, 5, 6, 7}, ones = {1, 1}, zeros = {0, 0};
  std::vector<float> outHost(8, 0.0f), runMeanHost = zeros, runVarHost = ones, saveMeanHost = ones,
                                       saveInvstdHost = ones;

  enum { kInput, kWeight, kBias, kRunMean, kRunVar, kOut, kSaveMean, kSaveInvstd, kCount };
  const std::vector<float> *hosts[kCount] = {&input,      &ones,    &zeros,        &runMeanHost,
                                             &runVarHost, &outHost, &saveMeanHost, &saveInvstdHost};
  void *device[kCount] = {};
  aclTensor *tensors[kCount] = {};
  for (int i = 0; i < kCount; ++i) {
    const bool data = i == kInput || i == kOut;
    if (MakeTensor(*hosts[i], data ? dataShape : channelShape, &device[i], &tensors[i]) != 0) return 1;
  }

  const bool training = true;
  const double momentum = 0.1, eps = 1e-5;
  uint64_t workspaceSize = 0;
  aclOpExecutor *executor = nullptr;
  CHECK_OK(aclnnBatchNormGetWorkspaceSize(tensors[kInput], tensors[kWeight], tensors[kBias], tensors[kRunMean],
                                          tensors[kRunVar], training, momentum, eps, tensors[kOut], tensors[kSaveMean],
                                          tensors[kSaveInvstd], &workspaceSize, &executor),
           "aclnnBatchNormGetWorkspaceSize");
  void *workspace = nullptr;
  if (workspaceSize > 0) CHECK_OK(aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc");
  CHECK_OK(aclnnBatchNorm(workspace, workspaceSize, executor, stream), "aclnnBatchNorm");
  CHECK_OK(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream");

  const size_t bytes = outHost.size() * sizeof(float);
  CHECK_OK(aclrtMemcpy(outHost.data(), bytes, device[kOut], bytes, ACL_MEMCPY_DEVICE_TO_HOST), "aclrtMemcpy");
  for (size_t i = 0; i < outHost.size(); ++i) printf("result[%zu] is: %f\n", i, outHost[i]);

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
