// Every operator on the pointwise engine (arithmetic, copy/cast/fill, unary math): a call of random rank
// (0 to 4) with shapes that broadcast (or, now and then, do not), any dtype of each tensor and scalar, which
// the fuzzer may then break anywhere (tensors, scalars, thread count).
#include "aclnnop/aclnn_add.h"
#include "aclnnop/aclnn_cast.h"
#include "aclnnop/aclnn_copy.h"
#include "aclnnop/aclnn_div.h"
#include "aclnnop/aclnn_exp.h"
#include "aclnnop/aclnn_fill_scalar.h"
#include "aclnnop/aclnn_masked_fill_scalar.h"
#include "aclnnop/aclnn_mul.h"
#include "aclnnop/aclnn_neg.h"
#include "aclnnop/aclnn_ones.h"
#include "aclnnop/aclnn_rsqrt.h"
#include "aclnnop/aclnn_sqrt.h"
#include "aclnnop/aclnn_sub.h"
#include "aclnnop/aclnn_tanh.h"
#include "aclnnop/aclnn_tanh_backward.h"
#include "aclnnop/aclnn_zero.h"
#include "fuzz_harness.h"

using namespace aclcpu_fuzz;

namespace {

constexpr std::initializer_list<aclDataType> kDtypes = {
    ACL_FLOAT, ACL_FLOAT16, ACL_BF16,   ACL_DOUBLE, ACL_INT8,   ACL_UINT8,     ACL_INT16,     ACL_INT32,
    ACL_INT64, ACL_BOOL,    ACL_UINT16, ACL_UINT32, ACL_UINT64, ACL_COMPLEX64, ACL_COMPLEX128};

// The phase 2 of the operator the current input chose (FuzzOperatorCall takes one function).
Phase2Fn g_phase2 = nullptr;
aclnnStatus Phase2(void *workspace, uint64_t size, aclOpExecutor *executor, aclrtStream stream) {
  return g_phase2(workspace, size, executor, stream);
}

// Scalars live until the input's phase 2 has run (after Phase1 returns), then go: one left to the next
// input would make libFuzzer see more mallocs than frees and rerun the input to look for a leak.
struct Scalars {
  std::vector<aclScalar *> live;
  ~Scalars() { Clear(); }
  void Clear() {
    for (aclScalar *s : live) aclDestroyScalar(s);
    live.clear();
  }
  aclScalar *Make(FuzzInput &in) {
    if (in.OneIn(16)) return nullptr;
    uint8_t bytes[16];
    for (uint8_t &b : bytes) b = in.Byte();
    aclScalar *s = aclCreateScalar(bytes, in.Pick(kDtypes));
    if (s != nullptr) live.push_back(s);
    return s;
  }
} g_scalars;

std::vector<int64_t> Shape(FuzzInput &in, size_t rank) {
  std::vector<int64_t> dims;
  for (size_t d = 0; d < rank; ++d) dims.push_back(in.Range(0, 4) == 0 ? 1 : in.Range(1, 5));
  // A long last dim one time in 4, rarely past 64 (blocks of several rows or tiles): the elements, each
  // with coverage hooks under the fuzzer, are most of an execution's time.
  if (rank > 0 && in.OneIn(4)) dims.back() = in.OneIn(4) ? in.Range(65, 300) : in.Range(6, 64);
  return dims;
}

// A shape that broadcasts to `out`: a suffix of it with some dims set to 1 (or, rarely, anything).
std::vector<int64_t> BroadcastTo(FuzzInput &in, const std::vector<int64_t> &out) {
  if (in.OneIn(16)) return Shape(in, static_cast<size_t>(in.Range(0, 4)));
  std::vector<int64_t> dims(out.begin() + in.Range(0, static_cast<int64_t>(out.size())), out.end());
  for (int64_t &d : dims)
    if (in.OneIn(3)) d = 1;
  return dims;
}

aclnnStatus Phase1(FuzzInput &in, TensorArena &arena, uint64_t *ws, aclOpExecutor **ex) {
  g_scalars.Clear();
  const std::vector<int64_t> shape = Shape(in, static_cast<size_t>(in.Range(0, 4)));
  const aclDataType t0 = in.Pick(kDtypes), t1 = in.OneIn(2) ? t0 : in.Pick(kDtypes),
                    tOut = in.OneIn(2) ? t0 : in.Pick(kDtypes);
  const aclTensor *self = arena.Input(shape, t0);
  const aclTensor *other = arena.Input(BroadcastTo(in, shape), t1);
  aclTensor *out = arena.Output(shape, tOut);
  aclTensor *ref = arena.Output(shape, t0);  // an in-place selfRef
  switch (in.Range(0, 30)) {
#define ACLCPU_CASE(n, phase2, call) \
  case n: g_phase2 = phase2; return call;
    ACLCPU_CASE(0, aclnnAdd, aclnnAddGetWorkspaceSize(self, other, g_scalars.Make(in), out, ws, ex))
    ACLCPU_CASE(1, aclnnInplaceAdd, aclnnInplaceAddGetWorkspaceSize(ref, other, g_scalars.Make(in), ws, ex))
    ACLCPU_CASE(2, aclnnAdds, aclnnAddsGetWorkspaceSize(self, g_scalars.Make(in), g_scalars.Make(in), out, ws, ex))
    ACLCPU_CASE(3, aclnnInplaceAdds,
                aclnnInplaceAddsGetWorkspaceSize(ref, g_scalars.Make(in), g_scalars.Make(in), ws, ex))
    ACLCPU_CASE(4, aclnnSub, aclnnSubGetWorkspaceSize(self, other, g_scalars.Make(in), out, ws, ex))
    ACLCPU_CASE(5, aclnnInplaceSub, aclnnInplaceSubGetWorkspaceSize(ref, other, g_scalars.Make(in), ws, ex))
    ACLCPU_CASE(6, aclnnSubs, aclnnSubsGetWorkspaceSize(self, g_scalars.Make(in), g_scalars.Make(in), out, ws, ex))
    ACLCPU_CASE(7, aclnnInplaceSubs,
                aclnnInplaceSubsGetWorkspaceSize(ref, g_scalars.Make(in), g_scalars.Make(in), ws, ex))
    ACLCPU_CASE(8, aclnnMul, aclnnMulGetWorkspaceSize(self, other, out, ws, ex))
    ACLCPU_CASE(9, aclnnInplaceMul, aclnnInplaceMulGetWorkspaceSize(ref, other, ws, ex))
    ACLCPU_CASE(10, aclnnMuls, aclnnMulsGetWorkspaceSize(self, g_scalars.Make(in), out, ws, ex))
    ACLCPU_CASE(11, aclnnInplaceMuls, aclnnInplaceMulsGetWorkspaceSize(ref, g_scalars.Make(in), ws, ex))
    ACLCPU_CASE(12, aclnnDiv, aclnnDivGetWorkspaceSize(self, other, out, ws, ex))
    ACLCPU_CASE(13, aclnnInplaceDiv, aclnnInplaceDivGetWorkspaceSize(ref, other, ws, ex))
    ACLCPU_CASE(14, aclnnDivs, aclnnDivsGetWorkspaceSize(self, g_scalars.Make(in), out, ws, ex))
    ACLCPU_CASE(15, aclnnInplaceDivs, aclnnInplaceDivsGetWorkspaceSize(ref, g_scalars.Make(in), ws, ex))
    ACLCPU_CASE(16, aclnnCast, aclnnCastGetWorkspaceSize(self, in.Pick(kDtypes), out, ws, ex))
    ACLCPU_CASE(17, aclnnInplaceCopy, aclnnInplaceCopyGetWorkspaceSize(out, other, ws, ex))
    ACLCPU_CASE(18, aclnnInplaceZero, aclnnInplaceZeroGetWorkspaceSize(out, ws, ex))
    ACLCPU_CASE(19, aclnnInplaceOne, aclnnInplaceOneGetWorkspaceSize(out, ws, ex))
    ACLCPU_CASE(20, aclnnInplaceFillScalar, aclnnInplaceFillScalarGetWorkspaceSize(out, g_scalars.Make(in), ws, ex))
    ACLCPU_CASE(21, aclnnInplaceMaskedFillScalar,
                aclnnInplaceMaskedFillScalarGetWorkspaceSize(ref, other, g_scalars.Make(in), ws, ex))
    ACLCPU_CASE(22, aclnnNeg, aclnnNegGetWorkspaceSize(self, out, ws, ex))
    ACLCPU_CASE(23, aclnnExp, aclnnExpGetWorkspaceSize(self, out, ws, ex))
    ACLCPU_CASE(24, aclnnSqrt, aclnnSqrtGetWorkspaceSize(self, out, ws, ex))
    ACLCPU_CASE(25, aclnnRsqrt, aclnnRsqrtGetWorkspaceSize(self, out, ws, ex))
    ACLCPU_CASE(26, aclnnTanh, aclnnTanhGetWorkspaceSize(self, out, ws, ex))
    ACLCPU_CASE(27, aclnnInplaceExp, aclnnInplaceExpGetWorkspaceSize(ref, ws, ex))
    ACLCPU_CASE(28, aclnnInplaceSqrt, aclnnInplaceSqrtGetWorkspaceSize(ref, ws, ex))
    ACLCPU_CASE(29, aclnnInplaceNeg, aclnnInplaceNegGetWorkspaceSize(ref, ws, ex))
    ACLCPU_CASE(30, aclnnTanhBackward, aclnnTanhBackwardGetWorkspaceSize(self, other, out, ws, ex))
#undef ACLCPU_CASE
  }
  return 0;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const int result = FuzzOperatorCall(data, size, "pointwise", Phase1, Phase2);
  g_scalars.Clear();
  return result;
}
