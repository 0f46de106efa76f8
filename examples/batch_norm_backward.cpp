// aclnnBatchNormBackward in the CANN sample flow (docs/ops/batch_norm.md §2.6): gradOut = input = 0..7 of shape
// [1, 2, 4] (ND), weight {1, 1}, runningMean {0, 0}, runningVar {1, 1}, saveMean {0, 0}, saveInvstd {1, 1} (a
// variance on A2, deliberately not the batch's), training, eps 1e-5, outputMask {true, true, true}; the outputs
// pre-filled with 0. Prints gradInput (8 values), as the vendor's sample does.
// Builds unchanged against CANN or aclnn-cpu with:
//   g++ batch_norm_backward.cpp -I$P/include -I$P/include/aclnnop -I$P/include/aclnn -L$P/lib64
//       -lopapi_nn -lopapi_math -lascendcl -lnnopbase
#include <iostream>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_batch_norm_backward.h"

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
  const std::vector<float> ramp = {0, 1, 2, 3, 4, 5, 6, 7}, ones = {1, 1}, zeros = {0, 0};
  std::vector<float> gradInputHost(8, 0.0f), gradWeightHost = zeros, gradBiasHost = zeros;

  enum { kGradOut, kInput, kWeight, kRunMean, kRunVar, kSaveMean, kSaveInvstd, kGradIn, kGradW, kGradB, kCount };
  const std::vector<float> *hosts[kCount] = {&ramp,  &ramp, &ones,          &zeros,          &ones,
                                             &zeros, &ones, &gradInputHost, &gradWeightHost, &gradBiasHost};
  void *device[kCount] = {};
  aclTensor *tensors[kCount] = {};
  for (int i = 0; i < kCount; ++i) {
    const bool data = i == kGradOut || i == kInput || i == kGradIn;
    if (MakeTensor(*hosts[i], data ? dataShape : channelShape, &device[i], &tensors[i]) != 0) return 1;
  }
  const bool maskValues[3] = {true, true, true};
  aclBoolArray *outputMask = aclCreateBoolArray(maskValues, 3);

  const bool training = true;
  const double eps = 1e-5;
  uint64_t workspaceSize = 0;
  aclOpExecutor *executor = nullptr;
  CHECK_OK(aclnnBatchNormBackwardGetWorkspaceSize(tensors[kGradOut], tensors[kInput], tensors[kWeight],
                                                  tensors[kRunMean], tensors[kRunVar], tensors[kSaveMean],
                                                  tensors[kSaveInvstd], training, eps, outputMask, tensors[kGradIn],
                                                  tensors[kGradW], tensors[kGradB], &workspaceSize, &executor),
           "aclnnBatchNormBackwardGetWorkspaceSize");
  void *workspace = nullptr;
  if (workspaceSize > 0) CHECK_OK(aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc");
  CHECK_OK(aclnnBatchNormBackward(workspace, workspaceSize, executor, stream), "aclnnBatchNormBackward");
  CHECK_OK(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream");

  const size_t bytes = gradInputHost.size() * sizeof(float);
  CHECK_OK(aclrtMemcpy(gradInputHost.data(), bytes, device[kGradIn], bytes, ACL_MEMCPY_DEVICE_TO_HOST), "aclrtMemcpy");
  for (size_t i = 0; i < gradInputHost.size(); ++i) printf("result[%zu] is: %f\n", i, gradInputHost[i]);

  aclDestroyBoolArray(outputMask);
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
