// aclnnDropoutGenMaskV2 and aclnnDropoutDoMask (docs/ops/dropout.md): a valid call of random shape, dtype and
// probability (0, 1 and NaN among them), which the fuzzer may then break anywhere (tensors, the shape array,
// probDataType, thread count). Both are ops-math functions: the harness links libopapi_math only.
#include <limits>

#include "aclnnop/aclnn_dropout_do_mask.h"
#include "aclnnop/aclnn_dropout_gen_mask.h"
#include "fuzz_harness.h"

using namespace aclcpu_fuzz;

namespace {

bool g_genMask = false;  // the phase-2 function of the current input

aclnnStatus Phase1(FuzzInput &in, TensorArena &arena, uint64_t *workspaceSize, aclOpExecutor **executor) {
  const auto rank = static_cast<size_t>(in.Range(0, 4));
  std::vector<int64_t> dims;
  for (size_t d = 0; d < rank; ++d) dims.push_back(in.Range(in.OneIn(8) ? 0 : 1, 6));
  if (rank > 0 && in.OneIn(3)) dims.back() = in.Range(7, 5000);
  int64_t elements = 1;
  for (const int64_t d : dims) elements *= d;
  const int64_t maskBytes = (elements + 127) / 128 * 16;
  const double prob = in.Pick({0.5, 0.0, 1.0, 0.1, 0.9, -0.5, 1.5, std::numeric_limits<double>::quiet_NaN()});
  g_genMask = in.OneIn(2);
  if (g_genMask) {
    aclIntArray *shape = arena.IntArray(dims);
    aclTensor *out = arena.Output({maskBytes}, ACL_UINT8);
    const aclDataType probType = in.Pick({ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_INT32});
    const auto seed = static_cast<int64_t>(in.Range(-1000, 1000)), offset = static_cast<int64_t>(in.Range(-9, 9));
    return aclnnDropoutGenMaskV2GetWorkspaceSize(shape, prob, seed, offset, probType, out, workspaceSize, executor);
  }
  const aclDataType dtype = in.Pick({ACL_FLOAT, ACL_FLOAT16, ACL_BF16});
  const aclTensor *self = arena.Input(dims, dtype);
  const aclTensor *mask = arena.Input({maskBytes + (in.OneIn(4) ? in.Range(-16, 16) : 0)}, ACL_UINT8);
  aclTensor *out = arena.Output(dims, in.Pick({dtype, ACL_FLOAT, ACL_DOUBLE}));
  return aclnnDropoutDoMaskGetWorkspaceSize(self, mask, prob, out, workspaceSize, executor);
}

aclnnStatus Phase2(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
  return g_genMask ? aclnnDropoutGenMaskV2(workspace, workspaceSize, executor, stream)
                   : aclnnDropoutDoMask(workspace, workspaceSize, executor, stream);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // GenMaskV2's probDataType outside FLOAT/FLOAT16/BF16 is the vendor's 561103 (an internal null).
  AlsoExpectPhase1Status(ACLNN_ERR_INNER_NULLPTR);
  return FuzzOperatorCall(data, size, "aclnnDropout", Phase1, Phase2);
}
