// aclnnApplyAdamWV2 (docs/ops/apply_adam_w_v2.md): a valid call of random shape, dtype per tensor, flags and
// hyper-parameters, which the fuzzer may then break anywhere (tensors, thread count). var, m, v and maxGradNorm are
// updated in place (outputs of the arena: only their views may change); grad and step are read only.
#include "aclnnop/aclnn_apply_adam_w_v2.h"
#include "fuzz_harness.h"

using namespace aclcpu_fuzz;

namespace {

aclnnStatus Phase1(FuzzInput &in, TensorArena &arena, uint64_t *workspaceSize, aclOpExecutor **executor) {
  const auto rank = static_cast<size_t>(in.Range(0, 4));
  std::vector<int64_t> dims;
  for (size_t d = 0; d < rank; ++d) dims.push_back(in.Range(in.OneIn(8) ? 0 : 1, 6));
  if (rank > 0 && in.OneIn(3)) dims.back() = in.Range(7, 1500);
  auto floatType = [&in] { return in.Pick({ACL_FLOAT, ACL_FLOAT16, ACL_BF16}); };
  const bool amsgrad = in.OneIn(2), maximize = in.OneIn(2);
  aclTensor *var = arena.Output(dims, floatType());
  aclTensor *m = arena.Output(dims, floatType());
  aclTensor *v = arena.Output(dims, floatType());
  aclTensor *maxGradNorm = amsgrad || in.OneIn(2) ? arena.Output(dims, floatType()) : nullptr;
  const aclTensor *grad = arena.Input(dims, floatType());
  const aclTensor *step =
      arena.Input(in.OneIn(4) ? std::vector<int64_t>{} : std::vector<int64_t>{1}, in.Pick({ACL_INT64, ACL_FLOAT}));
  const float lr = in.Pick({1e-3f, 0.0f, -1.0f, 1e30f}), beta1 = in.Pick({0.9f, 0.0f, 1.0f, 2.0f});
  const float beta2 = in.Pick({0.999f, 1.0f, 0.0f}), weightDecay = in.Pick({1e-2f, 0.0f, -5.0f});
  const float eps = in.Pick({1e-8f, 0.0f, -1.0f});
  return aclnnApplyAdamWV2GetWorkspaceSize(var, m, v, maxGradNorm, grad, step, lr, beta1, beta2, weightDecay, eps,
                                           amsgrad, maximize, workspaceSize, executor);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  return FuzzOperatorCall(data, size, "aclnnApplyAdamWV2", Phase1, aclnnApplyAdamWV2);
}
