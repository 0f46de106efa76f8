// aclnnEmbedding in the CANN sample flow (docs/ops/embedding.md §1.6): weight [10, 3] FLOAT = 1..30, indices [4]
// INT64 = {1, 2, 3, 4}, out [4, 3] pre-filled with zeros. Prints out (12 values: rows 1-4 of weight).
// Builds unchanged against CANN or aclnn-cpu with:
//   g++ embedding.cpp -I$P/include -I$P/include/aclnnop -I$P/include/aclnn -L$P/lib64
//       -lopapi_nn -lopapi_math -lascendcl -lnnopbase
#include <iostream>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_embedding.h"

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
  CHECK_OK(aclrtMalloc(device, bytes, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc");
  CHECK_OK(aclrtMemcpy(*device, bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE), "aclrtMemcpy");
  std::vector<int64_t> strides(shape.size(), 1);
  for (int64_t i = static_cast<int64_t>(shape.size()) - 2; i >= 0; --i) strides[i] = shape[i + 1] * strides[i + 1];
  *tensor = aclCreateTensor(shape.data(), shape.size(), dtype, strides.data(), 0, aclFormat::ACL_FORMAT_ND,
                            shape.data(), shape.size(), *device);
  return *tensor == nullptr ? 1 : 0;
}

// Copies a float device buffer back and prints it as the vendor's sample does.
int PrintResult(const char *label, void *device, size_t count) {
  std::vector<float> host(count, 0.0f);
  const size_t bytes = count * sizeof(float);
  CHECK_OK(aclrtMemcpy(host.data(), bytes, device, bytes, ACL_MEMCPY_DEVICE_TO_HOST), "aclrtMemcpy");
  for (size_t i = 0; i < count; ++i) printf("%s[%ld] is: %f\n", label, static_cast<long>(i), host[i]);
  return 0;
}

}  // namespace

int main() {
  const int32_t deviceId = 0;
  aclrtStream stream = nullptr;
  CHECK_OK(aclInit(nullptr), "aclInit");
  CHECK_OK(aclrtSetDevice(deviceId), "aclrtSetDevice");
  CHECK_OK(aclrtCreateStream(&stream), "aclrtCreateStream");

  const std::vector<int64_t> weightShape = {10, 3}, indicesShape = {4}, outShape = {4, 3};
  std::vector<float> weightHost(30), outHost(12, 0.0f);
  for (size_t i = 0; i < weightHost.size(); ++i) weightHost[i] = static_cast<float>(i + 1);
  const std::vector<int64_t> indicesHost = {1, 2, 3, 4};
  void *weightDevice = nullptr, *indicesDevice = nullptr, *outDevice = nullptr;
  aclTensor *weight = nullptr, *indices = nullptr, *out = nullptr;
  if (MakeTensor(weightHost, weightShape, ACL_FLOAT, &weightDevice, &weight) != 0) return 1;
  if (MakeTensor(indicesHost, indicesShape, ACL_INT64, &indicesDevice, &indices) != 0) return 1;
  if (MakeTensor(outHost, outShape, ACL_FLOAT, &outDevice, &out) != 0) return 1;

  uint64_t workspaceSize = 0;
  aclOpExecutor *executor = nullptr;
  CHECK_OK(aclnnEmbeddingGetWorkspaceSize(weight, indices, out, &workspaceSize, &executor),
           "aclnnEmbeddingGetWorkspaceSize");
  void *workspace = nullptr;
  if (workspaceSize > 0) CHECK_OK(aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc");
  CHECK_OK(aclnnEmbedding(workspace, workspaceSize, executor, stream), "aclnnEmbedding");
  CHECK_OK(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream");
  if (PrintResult("resultData", outDevice, outHost.size()) != 0) return 1;

  aclDestroyTensor(weight);
  aclDestroyTensor(indices);
  aclDestroyTensor(out);
  aclrtFree(weightDevice);
  aclrtFree(indicesDevice);
  aclrtFree(outDevice);
  if (workspace != nullptr) aclrtFree(workspace);
  aclrtDestroyStream(stream);
  aclrtResetDevice(deviceId);
  aclFinalize();
  return 0;
}
