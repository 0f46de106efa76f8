// aclnnConvolutionBackward in the CANN sample flow (the vendor's test_aclnn_conv_backward_3d.cpp values):
// gradOutput (2, 2, 7, 7, 7), input (2, 2, 7, 7, 7), weight (2, 2, 1, 1, 1) of ones, NCDHW, stride 1, padding 0,
// dilation 1, groups 1, cubeMathType 1: gradInput all 2, gradWeight all 686, gradBias [686, 686].
// Builds unchanged against CANN or aclnn-cpu with the ops-nn line:
//   g++ convolution_backward_3d.cpp -I$P/include -I$P/include/aclnnop -I$P/include/aclnn -L$P/lib64
//       -lopapi_nn -lopapi_math -lascendcl -lnnopbase
// clang-format off
#include <cstdint>
#include <cstdio>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_convolution_backward.h"
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

int64_t ShapeSize(const std::vector<int64_t> &shape) {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  return n;
}

// A device buffer of ones described as a contiguous tensor: NCDHW for the conv tensors, ND for gradBias.
int MakeTensor(const std::vector<int64_t> &shape, void **device, aclTensor **tensor) {
  const std::vector<float> host(static_cast<size_t>(ShapeSize(shape)), 1.0f);
  const size_t bytes = host.size() * sizeof(float);
  CHECK_OK(aclrtMalloc(device, bytes, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc");
  CHECK_OK(aclrtMemcpy(*device, bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE), "aclrtMemcpy");
  std::vector<int64_t> strides(shape.size(), 1);
  for (int64_t i = static_cast<int64_t>(shape.size()) - 2; i >= 0; --i) strides[i] = shape[i + 1] * strides[i + 1];
  const aclFormat format = shape.size() == 1 ? aclFormat::ACL_FORMAT_ND : aclFormat::ACL_FORMAT_NCDHW;
  *tensor = aclCreateTensor(shape.data(), shape.size(), aclDataType::ACL_FLOAT, strides.data(), 0, format, shape.data(),
                            shape.size(), *device);
  return *tensor == nullptr ? 1 : 0;
}

// Copies the tensor back and prints every element as "<label>[i] is: <value>".
int PrintResult(const char *label, void *device, const std::vector<int64_t> &shape) {
  std::vector<float> host(static_cast<size_t>(ShapeSize(shape)), 0.0f);
  const size_t bytes = host.size() * sizeof(float);
  CHECK_OK(aclrtMemcpy(host.data(), bytes, device, bytes, ACL_MEMCPY_DEVICE_TO_HOST), "aclrtMemcpy");
  for (size_t i = 0; i < host.size(); ++i) printf("%s[%zu] is: %f\n", label, i, host[i]);
  return 0;
}

}  // namespace

int main() {
  const int32_t deviceId = 0;
  aclrtStream stream = nullptr;
  CHECK_OK(aclInit(nullptr), "aclInit");
  CHECK_OK(aclrtSetDevice(deviceId), "aclrtSetDevice");
  CHECK_OK(aclrtCreateStream(&stream), "aclrtCreateStream");

  const std::vector<int64_t> gradOutputShape = {2, 2, 7, 7, 7}, inputShape = {2, 2, 7, 7, 7};
  const std::vector<int64_t> weightShape = {2, 2, 1, 1, 1}, biasSize = {2};
  const std::vector<int64_t> stride = {1, 1, 1}, padding = {0, 0, 0}, dilation = {1, 1, 1}, outputPadding = {0, 0, 0};
  const int8_t cubeMathType = 1;  // ALLOW_FP32_DOWN_PRECISION, as the vendor's sample
  const bool transposed = false;
  const int groups = 1;
  const bool outputMask[3] = {true, true, true};

  // Inputs and the three outputs (gradInput, gradWeight, gradBias), all FLOAT ones.
  const std::vector<std::vector<int64_t>> shapes = {gradOutputShape, inputShape,  weightShape,
                                                    inputShape,      weightShape, biasSize};
  void *device[6] = {};
  aclTensor *tensor[6] = {};
  for (int i = 0; i < 6; ++i)
    if (MakeTensor(shapes[i], &device[i], &tensor[i]) != 0) return 1;
  const size_t r = stride.size();
  aclIntArray *biasSizes = aclCreateIntArray(biasSize.data(), 1);
  aclIntArray *strides = aclCreateIntArray(stride.data(), r);
  aclIntArray *pads = aclCreateIntArray(padding.data(), r);
  aclIntArray *dilations = aclCreateIntArray(dilation.data(), r);
  aclIntArray *outputPads = aclCreateIntArray(outputPadding.data(), r);
  aclBoolArray *mask = aclCreateBoolArray(outputMask, 3);

  uint64_t workspaceSize = 0;
  aclOpExecutor *executor = nullptr;
  CHECK_OK(aclnnConvolutionBackwardGetWorkspaceSize(tensor[0], tensor[1], tensor[2], biasSizes, strides, pads,
                                                    dilations, transposed, outputPads, groups, mask, cubeMathType,
                                                    tensor[3], tensor[4], tensor[5], &workspaceSize, &executor),
           "aclnnConvolutionBackwardGetWorkspaceSize");
  void *workspace = nullptr;
  if (workspaceSize > 0) CHECK_OK(aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc");
  CHECK_OK(aclnnConvolutionBackward(workspace, workspaceSize, executor, stream), "aclnnConvolutionBackward");
  CHECK_OK(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream");
  if (PrintResult("gradInputResult", device[3], inputShape) != 0 ||
      PrintResult("gradWeightResult", device[4], weightShape) != 0 ||
      PrintResult("gradBiasResult", device[5], biasSize) != 0)
    return 1;
  if (workspace != nullptr) aclrtFree(workspace);

  for (aclIntArray *a : {biasSizes, strides, pads, dilations, outputPads}) aclDestroyIntArray(a);
  aclDestroyBoolArray(mask);
  for (int i = 0; i < 6; ++i) {
    aclDestroyTensor(tensor[i]);
    aclrtFree(device[i]);
  }
  aclrtDestroyStream(stream);
  aclrtResetDevice(deviceId);
  aclFinalize();
  return 0;
}
