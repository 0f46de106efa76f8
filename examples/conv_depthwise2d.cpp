// aclnnConvDepthwise2d in the CANN sample flow (the vendor's test_aclnn_conv_depthwise_2d.cpp values): self
// (2, 2, 2, 2), weight (2, 1, 1, 1) and bias (2) of ones, NCHW, kernelSize [1, 1], stride 1, padding 0, dilation 1,
// cubeMathType 1: every element of out (2, 2, 2, 2) is 2; the sample prints the first 10.
// Builds unchanged against CANN or aclnn-cpu with the ops-nn line:
//   g++ conv_depthwise2d.cpp -I$P/include -I$P/include/aclnnop -I$P/include/aclnn -L$P/lib64
//       -lopapi_nn -lopapi_math -lascendcl -lnnopbase
// clang-format off
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_convolution.h"
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

// Copies `host` into a fresh device buffer and describes it as a contiguous NCHW tensor of `dtype`.
template <class T>
int MakeTensor(const std::vector<T> &host, const std::vector<int64_t> &shape, aclDataType dtype, void **device,
               aclTensor **tensor) {
  const size_t bytes = host.size() * sizeof(T);
  CHECK_OK(aclrtMalloc(device, bytes, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc");
  CHECK_OK(aclrtMemcpy(*device, bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE), "aclrtMemcpy");
  std::vector<int64_t> strides(shape.size(), 1);
  for (int64_t i = static_cast<int64_t>(shape.size()) - 2; i >= 0; --i) strides[i] = shape[i + 1] * strides[i + 1];
  *tensor = aclCreateTensor(shape.data(), shape.size(), dtype, strides.data(), 0, aclFormat::ACL_FORMAT_NCHW,
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

  const std::vector<int64_t> selfShape = {2, 2, 2, 2}, weightShape = {2, 1, 1, 1}, biasShape = {2},
                             outShape = {2, 2, 2, 2};
  const std::vector<float> selfHost(16, 1.0f), weightHost(2, 1.0f), biasHost(2, 1.0f), outHost(16, 0.0f);
  void *selfDevice = nullptr, *weightDevice = nullptr, *biasDevice = nullptr, *outDevice = nullptr;
  aclTensor *self = nullptr, *weight = nullptr, *bias = nullptr, *out = nullptr;
  if (MakeTensor(selfHost, selfShape, aclDataType::ACL_FLOAT, &selfDevice, &self) != 0) return 1;
  if (MakeTensor(weightHost, weightShape, aclDataType::ACL_FLOAT, &weightDevice, &weight) != 0) return 1;
  if (MakeTensor(biasHost, biasShape, aclDataType::ACL_FLOAT, &biasDevice, &bias) != 0) return 1;
  if (MakeTensor(outHost, outShape, aclDataType::ACL_FLOAT, &outDevice, &out) != 0) return 1;
  const std::vector<int64_t> kernel = {1, 1}, convStrides = {1, 1}, convPads = {0, 0}, convDilations = {1, 1};
  aclIntArray *kernelSize = aclCreateIntArray(kernel.data(), 2);
  aclIntArray *strides = aclCreateIntArray(convStrides.data(), 2);
  aclIntArray *pads = aclCreateIntArray(convPads.data(), 2);
  aclIntArray *dilations = aclCreateIntArray(convDilations.data(), 2);
  const int8_t cubeMathType = 1;  // ALLOW_FP32_DOWN_PRECISION, as the vendor's sample

  uint64_t workspaceSize = 0;
  aclOpExecutor *executor = nullptr;
  CHECK_OK(aclnnConvDepthwise2dGetWorkspaceSize(self, weight, kernelSize, bias, strides, pads, dilations, out,
                                                cubeMathType, &workspaceSize, &executor),
           "aclnnConvDepthwise2dGetWorkspaceSize");
  void *workspace = nullptr;
  if (workspaceSize > 0) CHECK_OK(aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc");
  CHECK_OK(aclnnConvDepthwise2d(workspace, workspaceSize, executor, stream), "aclnnConvDepthwise2d");
  CHECK_OK(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream");
  if (PrintResult("result", outDevice, 10) != 0) return 1;  // the sample's printSize: min(16, 10)
  if (workspace != nullptr) aclrtFree(workspace);

  aclDestroyIntArray(kernelSize);
  aclDestroyIntArray(strides);
  aclDestroyIntArray(pads);
  aclDestroyIntArray(dilations);
  aclDestroyTensor(self);
  aclDestroyTensor(weight);
  aclDestroyTensor(bias);
  aclDestroyTensor(out);
  aclrtFree(selfDevice);
  aclrtFree(weightDevice);
  aclrtFree(biasDevice);
  aclrtFree(outDevice);
  aclrtDestroyStream(stream);
  aclrtResetDevice(deviceId);
  aclFinalize();
  return 0;
}
