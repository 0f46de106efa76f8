// aclnnEmbedding and aclnnEmbeddingDenseBackward (docs/ops/embedding.md): a valid call of random shapes and dtypes,
// which the fuzzer may then break anywhere (tensors, numWeights, paddingIdx, thread count). The indices hold the
// fuzzer's random bytes, so most are out of range: that launch fails with 507015 by contract (nothing written, nothing
// outside a buffer read), which Phase2 below takes from the stream as expected.
#include "acl/error_codes/rt_error_codes.h"
#include "aclnnop/aclnn_embedding.h"
#include "aclnnop/aclnn_embedding_dense_backward.h"
#include "fuzz_harness.h"

using namespace aclcpu_fuzz;

namespace {

bool g_backward = false;

aclnnStatus Phase1(FuzzInput &in, TensorArena &arena, uint64_t *workspaceSize, aclOpExecutor **executor) {
  g_backward = in.OneIn(2);
  const auto rank = static_cast<size_t>(in.Range(0, 3));
  std::vector<int64_t> indexDims;
  for (size_t d = 0; d < rank; ++d) indexDims.push_back(in.Range(in.OneIn(8) ? 0 : 1, 6));
  const int64_t cols = in.OneIn(3) ? in.Range(7, 300) : in.Range(in.OneIn(8) ? 0 : 1, 6);
  std::vector<int64_t> rowDims = indexDims;
  rowDims.push_back(cols);
  if (!g_backward) {
    const int64_t rows = in.Range(in.OneIn(8) ? 0 : 1, 20);
    const aclDataType dtype = in.Pick({ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE, ACL_INT64, ACL_INT32, ACL_INT16,
                                       ACL_INT8, ACL_UINT8, ACL_BOOL, ACL_COMPLEX64, ACL_COMPLEX128});
    const aclTensor *weight = arena.Input({rows, cols}, dtype);
    // INT32/INT64 as the API allows; the random bytes are mostly out of range (507015, see Phase2).
    const aclTensor *indices = arena.Input(indexDims, in.Pick({ACL_INT32, ACL_INT64}));
    aclTensor *out = arena.Output(rowDims, dtype);
    return aclnnEmbeddingGetWorkspaceSize(weight, indices, out, workspaceSize, executor);
  }
  const aclDataType gradType = in.Pick({ACL_FLOAT, ACL_FLOAT16, ACL_BF16});
  const aclDataType outType = in.OneIn(4) ? in.Pick({ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) : gradType;
  // UINT8 and BOOL indices are always inside a table of 256 rows: the summing paths run on every such input.
  const aclDataType indexType = in.Pick(
      {ACL_UINT8, ACL_BOOL, ACL_UINT8, ACL_INT32, ACL_INT64, ACL_INT8, ACL_INT16, ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE});
  const int64_t numWeights = in.OneIn(8) ? in.Range(0, 300) : 256;
  const uint64_t paddingIdx = in.OneIn(3) ? ~uint64_t{0} : static_cast<uint64_t>(in.Range(-2, 300));
  const bool scale = in.OneIn(2);
  const aclTensor *grad = arena.Input(rowDims, gradType);
  const aclTensor *indices = arena.Input(indexDims, indexType);
  aclTensor *out = arena.Output({numWeights, cols}, outType);
  const uint64_t n = in.OneIn(16) ? static_cast<uint64_t>(in.Range(-1, 400)) : static_cast<uint64_t>(numWeights);
  return aclnnEmbeddingDenseBackwardGetWorkspaceSize(grad, indices, n, paddingIdx, scale, out, workspaceSize, executor);
}

// Launches, then takes an out-of-range index's 507015 from the stream (the contract); any other failure stays for
// the harness's own synchronize to report.
aclnnStatus Phase2(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
  const aclnnStatus status = g_backward ? aclnnEmbeddingDenseBackward(workspace, workspaceSize, executor, stream)
                                        : aclnnEmbedding(workspace, workspaceSize, executor, stream);
  if (status != ACLNN_SUCCESS) return status;
  const aclError sync = aclrtSynchronizeStream(stream);
  if (sync != ACL_SUCCESS && sync != ACL_ERROR_RT_AICORE_EXCEPTION) Fail("aclnnEmbedding", "launch failed", sync);
  return ACLNN_SUCCESS;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  return FuzzOperatorCall(data, size, "aclnnEmbedding", Phase1, Phase2);
}
