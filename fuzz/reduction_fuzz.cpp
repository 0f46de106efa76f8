// The operators on the reduction engine (aclnnReduceSum, aclnnMean): a call of random rank (0 to 4) with a
// random set of dims (negative, repeated or out of range now and then), keepDim, any requested and out dtype
// and an out of the reduced shape, which the fuzzer may then break anywhere (tensors, dims, thread count).
#include "aclnnop/aclnn_mean.h"
#include "aclnnop/aclnn_reduce_sum.h"
#include "fuzz_harness.h"

using namespace aclcpu_fuzz;

namespace {

constexpr std::initializer_list<aclDataType> kDtypes = {
    ACL_FLOAT, ACL_FLOAT16, ACL_BF16,   ACL_DOUBLE, ACL_INT8,   ACL_UINT8,     ACL_INT16,     ACL_INT32,
    ACL_INT64, ACL_BOOL,    ACL_UINT16, ACL_UINT32, ACL_UINT64, ACL_COMPLEX64, ACL_COMPLEX128};

bool g_mean = false;
aclnnStatus Phase2(void *workspace, uint64_t size, aclOpExecutor *executor, aclrtStream stream) {
  return g_mean ? aclnnMean(workspace, size, executor, stream) : aclnnReduceSum(workspace, size, executor, stream);
}

aclnnStatus Phase1(FuzzInput &in, TensorArena &arena, uint64_t *ws, aclOpExecutor **ex) {
  g_mean = in.OneIn(2);
  const auto rank = static_cast<int64_t>(in.Range(0, 4));
  std::vector<int64_t> shape;
  for (int64_t d = 0; d < rank; ++d) shape.push_back(in.OneIn(8) ? 0 : in.Range(1, 6));
  // A long last dim one time in 4, rarely past 300 (a row of the reduction's chunks and pairwise levels):
  // the elements, each with coverage hooks under the fuzzer, are most of an execution's time.
  if (rank > 0 && in.OneIn(4)) shape.back() = in.OneIn(4) ? in.Range(301, 5000) : in.Range(7, 300);
  std::vector<int64_t> dims;
  std::vector<bool> reduced(static_cast<size_t>(rank), false);
  for (int64_t d = 0; d < rank; ++d) {
    if (!in.OneIn(2)) continue;
    dims.push_back(in.OneIn(3) ? d - rank : d);
    reduced[static_cast<size_t>(d)] = true;
  }
  if (in.OneIn(16)) dims.push_back(in.Range(-6, 6));  // out of range or a duplicate, now and then
  const bool keep = in.OneIn(2);
  std::vector<int64_t> outShape;
  for (int64_t d = 0; d < rank; ++d) {
    const bool all = dims.empty();
    if (all || reduced[static_cast<size_t>(d)]) {
      if (keep) outShape.push_back(1);
    } else {
      outShape.push_back(shape[static_cast<size_t>(d)]);
    }
  }
  const aclDataType selfType = in.Pick(kDtypes), dtype = in.OneIn(2) ? selfType : in.Pick(kDtypes);
  const aclTensor *self = arena.Input(shape, selfType);
  aclTensor *out = arena.Output(outShape, in.OneIn(2) ? dtype : in.Pick(kDtypes));
  aclIntArray *dimArray = arena.IntArray(dims);
  return g_mean ? aclnnMeanGetWorkspaceSize(self, dimArray, keep, dtype, out, ws, ex)
                : aclnnReduceSumGetWorkspaceSize(self, dimArray, keep, dtype, out, ws, ex);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  return FuzzOperatorCall(data, size, "reduction", Phase1, Phase2);
}
