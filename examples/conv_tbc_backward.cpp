// aclnnConvTbcBackward in the CANN sample flow: self (the output gradient), input, weight and bias
// all ones, pad 0, cubeMathType 1 (HF32 keeps 1.0 exact). Each gradInput element sums Cout = 2
// products, each gradWeight element T * B = 5, and each gradBias element the 5 rows of self:
// gradInput 2 (x10), gradWeight 5 (x4), gradBias 5 (x2). Tensors and buffers are owned by
// std::unique_ptr with aclDestroyTensor / aclrtFree as deleters, as in the vendor's sample.
// Builds unchanged against CANN or aclnn-cpu with:
//   g++ conv_tbc_backward.cpp -I$P/include -I$P/include/aclnnop -I$P/include/aclnn -L$P/lib64
//       -lopapi_nn -lopapi_math -lascendcl -lnnopbase
#include <iostream>
#include <memory>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_convolution_backward.h"

#define CHECK_OK(expr, what)                                                                \
  do {                                                                                      \
    auto status_ = (expr);                                                                  \
    if (status_ != ACL_SUCCESS) {                                                           \
      printf("%s failed: %d\n%s\n", what, static_cast<int>(status_), aclGetRecentErrMsg()); \
      return static_cast<int>(status_);                                                     \
    }                                                                                       \
  } while (0)

namespace {

using TensorPtr = std::unique_ptr<aclTensor, aclnnStatus (*)(const aclTensor *)>;
using DevicePtr = std::unique_ptr<void, aclError (*)(void *)>;

int64_t ElementCount(const std::vector<int64_t> &shape) {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  return n;
}

// A contiguous ND float tensor on the device holding `host`.
struct DeviceTensor {
  DevicePtr memory{nullptr, aclrtFree};
  TensorPtr tensor{nullptr, aclDestroyTensor};
};

int MakeTensor(const std::vector<float> &host, const std::vector<int64_t> &shape, DeviceTensor *out) {
  const size_t bytes = static_cast<size_t>(ElementCount(shape)) * sizeof(float);
  void *device = nullptr;
  CHECK_OK(aclrtMalloc(&device, bytes, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc");
  out->memory.reset(device);
  CHECK_OK(aclrtMemcpy(device, bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE), "aclrtMemcpy");
  std::vector<int64_t> strides(shape.size(), 1);
  for (int64_t i = static_cast<int64_t>(shape.size()) - 2; i >= 0; --i) strides[i] = shape[i + 1] * strides[i + 1];
  out->tensor.reset(aclCreateTensor(shape.data(), shape.size(), aclDataType::ACL_FLOAT, strides.data(), 0,
                                    aclFormat::ACL_FORMAT_ND, shape.data(), shape.size(), device));
  return out->tensor == nullptr ? 1 : 0;
}

int Run(aclrtStream stream) {
  const std::vector<int64_t> selfShape = {5, 1, 2}, inputShape = {5, 1, 2}, weightShape = {1, 2, 2}, biasShape = {2};
  const int64_t pad = 0;
  const int8_t cubeMathType = 1;
  enum { kSelf, kInput, kWeight, kBias, kGradInput, kGradWeight, kGradBias, kCount };
  const std::vector<int64_t> *shapes[kCount] = {&selfShape,  &inputShape,  &weightShape, &biasShape,
                                                &inputShape, &weightShape, &biasShape};
  DeviceTensor t[kCount];
  for (int i = 0; i < kCount; ++i) {
    const std::vector<float> ones(static_cast<size_t>(ElementCount(*shapes[i])), 1.0f);
    if (MakeTensor(ones, *shapes[i], &t[i]) != 0) return 1;
  }

  uint64_t workspaceSize = 0;
  aclOpExecutor *executor = nullptr;
  CHECK_OK(aclnnConvTbcBackwardGetWorkspaceSize(t[kSelf].tensor.get(), t[kInput].tensor.get(), t[kWeight].tensor.get(),
                                                t[kBias].tensor.get(), pad, cubeMathType, t[kGradInput].tensor.get(),
                                                t[kGradWeight].tensor.get(), t[kGradBias].tensor.get(), &workspaceSize,
                                                &executor),
           "aclnnConvTbcBackwardGetWorkspaceSize");
  DevicePtr workspace(nullptr, aclrtFree);
  if (workspaceSize > 0) {
    void *p = nullptr;
    CHECK_OK(aclrtMalloc(&p, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc");
    workspace.reset(p);
  }
  CHECK_OK(aclnnConvTbcBackward(workspace.get(), workspaceSize, executor, stream), "aclnnConvTbcBackward");
  CHECK_OK(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream");

  const char *labels[] = {"gradInputResult", "gradWeightResult", "gradBiasResult"};
  for (int out = kGradInput; out <= kGradBias; ++out) {
    std::vector<float> host(static_cast<size_t>(ElementCount(*shapes[out])));
    const size_t bytes = host.size() * sizeof(float);
    CHECK_OK(aclrtMemcpy(host.data(), bytes, t[out].memory.get(), bytes, ACL_MEMCPY_DEVICE_TO_HOST), "aclrtMemcpy");
    for (size_t i = 0; i < host.size(); ++i) printf("%s[%zu] is: %f\n", labels[out - kGradInput], i, host[i]);
  }
  return 0;
}

}  // namespace

int main() {
  const int32_t deviceId = 0;
  aclrtStream stream = nullptr;
  CHECK_OK(aclInit(nullptr), "aclInit");
  CHECK_OK(aclrtSetDevice(deviceId), "aclrtSetDevice");
  CHECK_OK(aclrtCreateStream(&stream), "aclrtCreateStream");
  const int result = Run(stream);  // the tensors and buffers are released before the runtime goes
  aclrtDestroyStream(stream);
  aclrtResetDevice(deviceId);
  aclFinalize();
  return result;
}
