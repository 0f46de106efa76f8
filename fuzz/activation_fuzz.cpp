// Every activation and softmax operator (libopapi_nn): the pointwise ones (Silu, Gelu in both forms, Sigmoid,
// Relu and their backward functions) with shapes that broadcast (or, now and then, do not), and the row
// ones (Softmax, LogSoftmax and their backward functions) with any dim, over any dtype of each tensor, which
// the fuzzer may then break anywhere (tensors, dims, scalars, strings, thread count).
#include <algorithm>

#include "aclnnop/aclnn_gelu.h"
#include "aclnnop/aclnn_gelu_backward.h"
#include "aclnnop/aclnn_gelu_backward_v2.h"
#include "aclnnop/aclnn_gelu_v2.h"
#include "aclnnop/aclnn_logsoftmax.h"
#include "aclnnop/aclnn_logsoftmax_backward.h"
#include "aclnnop/aclnn_relu.h"
#include "aclnnop/aclnn_sigmoid.h"
#include "aclnnop/aclnn_sigmoid_backward.h"
#include "aclnnop/aclnn_silu.h"
#include "aclnnop/aclnn_silu_backward.h"
#include "aclnnop/aclnn_softmax.h"
#include "aclnnop/aclnn_softmax_backward.h"
#include "aclnnop/aclnn_threshold_backward.h"
#include "fuzz_harness.h"

using namespace aclcpu_fuzz;

namespace {

constexpr std::initializer_list<aclDataType> kDtypes = {
    ACL_FLOAT, ACL_FLOAT16, ACL_BF16,   ACL_DOUBLE, ACL_INT8,   ACL_UINT8,     ACL_INT16,     ACL_INT32,
    ACL_INT64, ACL_BOOL,    ACL_UINT16, ACL_UINT32, ACL_UINT64, ACL_COMPLEX64, ACL_COMPLEX128};
// The dtypes the functions accept, picked more often than the rest so that most calls reach phase 2.
constexpr std::initializer_list<aclDataType> kFloats = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};

Phase2Fn g_phase2 = nullptr;
aclnnStatus Phase2(void *workspace, uint64_t size, aclOpExecutor *executor, aclrtStream stream) {
  return g_phase2(workspace, size, executor, stream);
}

// The threshold lives until the input's phase 2 has run, then goes (no leak for libFuzzer to chase).
struct Scalar {
  aclScalar *live = nullptr;
  ~Scalar() { Clear(); }
  void Clear() {
    if (live != nullptr) aclDestroyScalar(live);
    live = nullptr;
  }
  aclScalar *Make(FuzzInput &in) {
    Clear();
    if (in.OneIn(16)) return nullptr;
    uint8_t bytes[16];
    for (uint8_t &b : bytes) b = in.Byte();
    live = aclCreateScalar(bytes, in.Pick(kDtypes));
    return live;
  }
} g_threshold;

std::vector<int64_t> Shape(FuzzInput &in, size_t rank) {
  std::vector<int64_t> dims;
  for (size_t d = 0; d < rank; ++d) dims.push_back(in.OneIn(16) ? 0 : in.OneIn(4) ? 1 : in.Range(1, 5));
  // A long dim one time in 4 (a softmax row of several vectors, or blocks of several rows).
  if (rank > 0 && in.OneIn(4))
    dims[static_cast<size_t>(in.Range(0, static_cast<int64_t>(rank) - 1))] =
        in.OneIn(4) ? in.Range(65, 600) : in.Range(6, 64);
  return dims;
}

std::vector<int64_t> BroadcastTo(FuzzInput &in, const std::vector<int64_t> &out) {
  if (in.OneIn(16)) return Shape(in, static_cast<size_t>(in.Range(0, 4)));
  std::vector<int64_t> dims(out.begin() + in.Range(0, static_cast<int64_t>(out.size())), out.end());
  for (int64_t &d : dims)
    if (in.OneIn(3)) d = 1;
  return dims;
}

aclnnStatus Phase1(FuzzInput &in, TensorArena &arena, uint64_t *ws, aclOpExecutor **ex) {
  const std::vector<int64_t> shape = Shape(in, static_cast<size_t>(in.Range(0, 4)));
  const auto rank = static_cast<int64_t>(shape.size());
  const aclDataType t0 = in.OneIn(4) ? in.Pick(kDtypes) : in.Pick(kFloats);
  const aclDataType t1 = in.OneIn(2) ? t0 : in.Pick(kDtypes), tOut = in.OneIn(2) ? t0 : in.Pick(kDtypes);
  const aclTensor *self = arena.Input(shape, t0);
  const aclTensor *other = in.OneIn(2) ? arena.Input(shape, t1) : arena.Input(BroadcastTo(in, shape), t1);
  aclTensor *out = arena.Output(shape, tOut);
  aclTensor *ref = arena.Output(shape, t0);  // an in-place selfRef
  const int64_t dim =
      in.OneIn(8) ? in.Range(-6, 6) : in.Range(-std::max<int64_t>(rank, 1), std::max<int64_t>(rank, 1) - 1);
  char none[] = "none", tanh[] = "tanh", other_[] = "erf";
  char *approximate = in.OneIn(8) ? (in.OneIn(2) ? nullptr : other_) : in.OneIn(2) ? none : tanh;
  switch (in.Range(0, 15)) {
#define ACLCPU_CASE(n, phase2, call) \
  case n: g_phase2 = phase2; return call;
    ACLCPU_CASE(0, aclnnSilu, aclnnSiluGetWorkspaceSize(self, out, ws, ex))
    ACLCPU_CASE(1, aclnnSiluBackward, aclnnSiluBackwardGetWorkspaceSize(self, other, out, ws, ex))
    ACLCPU_CASE(2, aclnnGelu, aclnnGeluGetWorkspaceSize(self, out, ws, ex))
    ACLCPU_CASE(3, aclnnGeluBackward, aclnnGeluBackwardGetWorkspaceSize(self, other, out, ws, ex))
    ACLCPU_CASE(4, aclnnGeluV2, aclnnGeluV2GetWorkspaceSize(self, in.Range(-1, 2), out, ws, ex))
    ACLCPU_CASE(5, aclnnGeluBackwardV2, aclnnGeluBackwardV2GetWorkspaceSize(self, other, approximate, out, ws, ex))
    ACLCPU_CASE(6, aclnnSigmoid, aclnnSigmoidGetWorkspaceSize(self, out, ws, ex))
    ACLCPU_CASE(7, aclnnInplaceSigmoid, aclnnInplaceSigmoidGetWorkspaceSize(ref, ws, ex))
    ACLCPU_CASE(8, aclnnSigmoidBackward, aclnnSigmoidBackwardGetWorkspaceSize(self, other, out, ws, ex))
    ACLCPU_CASE(9, aclnnRelu, aclnnReluGetWorkspaceSize(self, out, ws, ex))
    ACLCPU_CASE(10, aclnnInplaceRelu, aclnnInplaceReluGetWorkspaceSize(ref, ws, ex))
    ACLCPU_CASE(11, aclnnThresholdBackward,
                aclnnThresholdBackwardGetWorkspaceSize(other, self, g_threshold.Make(in), out, ws, ex))
    ACLCPU_CASE(12, aclnnSoftmax, aclnnSoftmaxGetWorkspaceSize(self, dim, out, ws, ex))
    ACLCPU_CASE(13, aclnnLogSoftmax, aclnnLogSoftmaxGetWorkspaceSize(self, dim, out, ws, ex))
    ACLCPU_CASE(14, aclnnSoftmaxBackward, aclnnSoftmaxBackwardGetWorkspaceSize(self, other, dim, out, ws, ex))
    ACLCPU_CASE(15, aclnnLogSoftmaxBackward, aclnnLogSoftmaxBackwardGetWorkspaceSize(self, other, dim, out, ws, ex))
#undef ACLCPU_CASE
  }
  return 0;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const int result = FuzzOperatorCall(data, size, "activation", Phase1, Phase2);
  g_threshold.Clear();
  return result;
}
