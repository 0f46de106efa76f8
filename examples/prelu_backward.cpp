// aclnnPreluBackward in the CANN sample flow: self (4, 2) = 0..7 with two channel weights of 0.5 and
// a gradOutput of ones. Only self[0] = 0 is not > 0, so gradInput = 0.5, 1, ..., 1; and the
// gradWeight sums of x * g over those elements are 0, 0.
// Builds unchanged against CANN or aclnn-cpu with:
//   g++ prelu_backward.cpp -I$P/include -I$P/include/aclnnop -I$P/include/aclnn -L$P/lib64
//       -lopapi_nn -lopapi_math -lascendcl -lnnopbase
#include <iostream>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_prelu_backward.h"

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

  const std::vector<int64_t> selfShape = {4, 2}, weightShape = {2};
  const std::vector<float> weightHost = {0.5f, 0.5f}, selfHost = {0, 1, 2, 3, 4, 5, 6, 7};
  const std::vector<float> gradOutputHost(8, 1.0f);
  std::vector<float> gradInputHost(8, 0.0f), gradWeightHost(2, 0.0f);

  enum { kWeight, kSelf, kGradOutput, kGradInput, kGradWeight, kCount };
  const std::vector<float> *hosts[kCount] = {&weightHost, &selfHost, &gradOutputHost, &gradInputHost, &gradWeightHost};
  const std::vector<int64_t> *shapes[kCount] = {&weightShape, &selfShape, &selfShape, &selfShape, &weightShape};
  void *device[kCount] = {};
  aclTensor *tensors[kCount] = {};
  for (int i = 0; i < kCount; ++i) {
    if (MakeTensor(*hosts[i], *shapes[i], &device[i], &tensors[i]) != 0) return 1;
  }

  uint64_t workspaceSize = 0;
  aclOpExecutor *executor = nullptr;
  CHECK_OK(aclnnPreluBackwardGetWorkspaceSize(tensors[kGradOutput], tensors[kSelf], tensors[kWeight],
                                              tensors[kGradInput], tensors[kGradWeight], &workspaceSize, &executor),
           "aclnnPreluBackwardGetWorkspaceSize");
  void *workspace = nullptr;
  if (workspaceSize > 0) CHECK_OK(aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc");
  CHECK_OK(aclnnPreluBackward(workspace, workspaceSize, executor, stream), "aclnnPreluBackward");
  CHECK_OK(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream");

  const char *labels[] = {"gradInput", "gradWeight"};
  for (int out = kGradInput; out <= kGradWeight; ++out) {
    std::vector<float> &host = out == kGradInput ? gradInputHost : gradWeightHost;
    const size_t bytes = host.size() * sizeof(float);
    CHECK_OK(aclrtMemcpy(host.data(), bytes, device[out], bytes, ACL_MEMCPY_DEVICE_TO_HOST), "aclrtMemcpy");
    for (size_t i = 0; i < host.size(); ++i) printf("%s[%zu] is: %f\n", labels[out - kGradInput], i, host[i]);
  }

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
