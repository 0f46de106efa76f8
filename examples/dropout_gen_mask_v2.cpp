// aclnnDropoutGenMaskV2 in the CANN sample flow (docs/ops/dropout.md §1.5): a mask for shape (4, 2), prob 0.5,
// seed 1234, offset 0, probDataType FLOAT, into a 16-byte UINT8 out. As the vendor's sample does, the result is
// copied back as 16 floats (64 bytes) from the 16-byte allocation, which aclrtMalloc's rounding (16 -> 32 + 32
// bytes) makes valid; printed are the 16 mask bytes.
// Builds unchanged against CANN or aclnn-cpu with the ops-math line (no -I include/aclnnop, no -lopapi_nn):
//   g++ dropout_gen_mask_v2.cpp -I$P/include -I$P/include/aclnn -L$P/lib64 -lopapi_math -lascendcl -lnnopbase
// clang-format off
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_dropout_gen_mask.h"
// clang-format on

#define CHECK_OK(expr, what)                                                                \
  do {                                                                                      \
    auto status_ = (expr);                                                                  \
    if (status_ != ACL_SUCCESS) {                                                           \
      printf("%s failed: %d\n%s\n", what, static_cast<int>(status_), aclGetRecentErrMsg()); \
      return static_cast<int>(status_);                                                     \
    }                                                                                       \
  } while (0)

int main() {
  const int32_t deviceId = 0;
  aclrtStream stream = nullptr;
  CHECK_OK(aclInit(nullptr), "aclInit");
  CHECK_OK(aclrtSetDevice(deviceId), "aclrtSetDevice");
  CHECK_OK(aclrtCreateStream(&stream), "aclrtCreateStream");

  std::vector<int64_t> selfShape = {4, 2};
  std::vector<int64_t> outShape = {16};
  std::vector<uint8_t> outHost(16, 0);
  void *outDevice = nullptr;
  CHECK_OK(aclrtMalloc(&outDevice, outHost.size(), ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc");
  CHECK_OK(aclrtMemcpy(outDevice, outHost.size(), outHost.data(), outHost.size(), ACL_MEMCPY_HOST_TO_DEVICE),
           "aclrtMemcpy");
  const int64_t strides[] = {1};
  aclTensor *out = aclCreateTensor(outShape.data(), outShape.size(), aclDataType::ACL_UINT8, strides, 0,
                                   aclFormat::ACL_FORMAT_ND, outShape.data(), outShape.size(), outDevice);

  const double p = 0.5;
  const int64_t seed = 1234, offset = 0;
  aclIntArray *shapeArray = aclCreateIntArray(selfShape.data(), selfShape.size());
  uint64_t workspaceSize = 0;
  aclOpExecutor *executor = nullptr;
  CHECK_OK(aclnnDropoutGenMaskV2GetWorkspaceSize(shapeArray, p, seed, offset, aclDataType::ACL_FLOAT, out,
                                                 &workspaceSize, &executor),
           "aclnnDropoutGenMaskV2GetWorkspaceSize");
  void *workspace = nullptr;
  if (workspaceSize > 0) CHECK_OK(aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc");
  CHECK_OK(aclnnDropoutGenMaskV2(workspace, workspaceSize, executor, stream), "aclnnDropoutGenMaskV2");
  CHECK_OK(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream");

  // The vendor's copy: 16 floats, 64 bytes, from the 16-byte block.
  std::vector<float> resultData(16, 0);
  CHECK_OK(aclrtMemcpy(resultData.data(), resultData.size() * sizeof(float), outDevice,
                       resultData.size() * sizeof(float), ACL_MEMCPY_DEVICE_TO_HOST),
           "aclrtMemcpy");
  std::memcpy(outHost.data(), resultData.data(), outHost.size());
  for (size_t i = 0; i < outHost.size(); ++i) printf("result[%zu] is: %u\n", i, static_cast<unsigned>(outHost[i]));

  aclDestroyIntArray(shapeArray);
  aclDestroyTensor(out);
  aclrtFree(outDevice);
  if (workspace != nullptr) aclrtFree(workspace);
  aclrtDestroyStream(stream);
  aclrtResetDevice(deviceId);
  aclFinalize();
  return 0;
}
