// aclnnConvTbc in the CANN sample flow: self (2, 2, 3), weight (3, 3, 4), bias (4) and the result
// (2, 2, 4) all ones, pad 1, cubeMathType 1 (HF32 keeps 1.0 exact). The output length is
// 2 + 2 * 1 - 3 + 1 = 2; each output element sees two unpadded time steps of three channels, so it
// is 2 * 3 + bias 1 = 7. self, weight and the result are labelled NCL, the bias ND, as in the
// vendor's sample, which prints the first (at most) 10 results. Tensors and buffers are owned by
// std::unique_ptr with aclDestroyTensor / aclrtFree as deleters.
// Builds unchanged against CANN or aclnn-cpu with:
//   g++ conv_tbc.cpp -I$P/include -I$P/include/aclnnop -I$P/include/aclnn -L$P/lib64
//       -lopapi_nn -lopapi_math -lascendcl -lnnopbase
#include <algorithm>
#include <iostream>
#include <memory>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_convolution.h"

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

// A contiguous float tensor on the device holding `host`, with the given format label.
struct DeviceTensor {
  DevicePtr memory{nullptr, aclrtFree};
  TensorPtr tensor{nullptr, aclDestroyTensor};
};

int MakeTensor(const std::vector<float> &host, const std::vector<int64_t> &shape, aclFormat format, DeviceTensor *out) {
  const size_t bytes = static_cast<size_t>(ElementCount(shape)) * sizeof(float);
  void *device = nullptr;
  CHECK_OK(aclrtMalloc(&device, bytes, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc");
  out->memory.reset(device);
  CHECK_OK(aclrtMemcpy(device, bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE), "aclrtMemcpy");
  std::vector<int64_t> strides(shape.size(), 1);
  for (int64_t i = static_cast<int64_t>(shape.size()) - 2; i >= 0; --i) strides[i] = shape[i + 1] * strides[i + 1];
  out->tensor.reset(aclCreateTensor(shape.data(), shape.size(), aclDataType::ACL_FLOAT, strides.data(), 0, format,
                                    shape.data(), shape.size(), device));
  return out->tensor == nullptr ? 1 : 0;
}

int Run(aclrtStream stream) {
  const std::vector<int64_t> selfShape = {2, 2, 3}, weightShape = {3, 3, 4}, biasShape = {4}, resultShape = {2, 2, 4};
  const int64_t pad = 1;
  const int8_t cubeMathType = 1;
  enum { kSelf, kWeight, kBias, kResult, kCount };
  const std::vector<int64_t> *shapes[kCount] = {&selfShape, &weightShape, &biasShape, &resultShape};
  const aclFormat formats[kCount] = {aclFormat::ACL_FORMAT_NCL, aclFormat::ACL_FORMAT_NCL, aclFormat::ACL_FORMAT_ND,
                                     aclFormat::ACL_FORMAT_NCL};
  DeviceTensor t[kCount];
  for (int i = 0; i < kCount; ++i) {
    const std::vector<float> ones(static_cast<size_t>(ElementCount(*shapes[i])), 1.0f);
    if (MakeTensor(ones, *shapes[i], formats[i], &t[i]) != 0) return 1;
  }

  uint64_t workspaceSize = 0;
  aclOpExecutor *executor = nullptr;
  CHECK_OK(aclnnConvTbcGetWorkspaceSize(t[kSelf].tensor.get(), t[kWeight].tensor.get(), t[kBias].tensor.get(), pad,
                                        t[kResult].tensor.get(), cubeMathType, &workspaceSize, &executor),
           "aclnnConvTbcGetWorkspaceSize");
  DevicePtr workspace(nullptr, aclrtFree);
  if (workspaceSize > 0) {
    void *p = nullptr;
    CHECK_OK(aclrtMalloc(&p, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc");
    workspace.reset(p);
  }
  CHECK_OK(aclnnConvTbc(workspace.get(), workspaceSize, executor, stream), "aclnnConvTbc");
  CHECK_OK(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream");

  std::vector<float> host(static_cast<size_t>(ElementCount(resultShape)));
  const size_t bytes = host.size() * sizeof(float);
  CHECK_OK(aclrtMemcpy(host.data(), bytes, t[kResult].memory.get(), bytes, ACL_MEMCPY_DEVICE_TO_HOST), "aclrtMemcpy");
  for (int64_t i = 0; i < std::min<int64_t>(ElementCount(resultShape), 10); ++i) {
    printf("result[%ld] is: %f\n", static_cast<long>(i), host[static_cast<size_t>(i)]);
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
