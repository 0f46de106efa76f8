// What aclnnRmsNorm, aclnnRmsNormGrad and aclnnAddRmsNorm share in phase 1: the [M, N] split by
// gamma's rank, the generated ops' format rule, and the plan object that runs a LayerNorm-family
// plan. Op-facing.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "base/check.h"
#include "base/executor.h"
#include "base/meta_objects.h"

namespace aclcpu {

constexpr size_t kRmsNormMaxRank = 8;

// x's dims normalized over gamma's rank k: M rows (leading dims), N columns (trailing dims).
struct RmsNormDims {
  int beginAxis = 0;
  int64_t rows = 0, cols = 0;
};
RmsNormDims RmsNormDimsOf(const std::vector<int64_t> &x, size_t gammaRank);

// The generated ops' (dtype, format) rows are all ND; the ND-family labels mean the same layout.
aclnnStatus CheckNdFormats(const OpCheck &check, const std::vector<NamedTensor> &tensors);

// A tiling rule of a generated op: the device reports its failure as 561002. The message is check's.
inline aclnnStatus TilingInvalid(const OpCheck &check, const std::string &rule, const std::string &got) {
  (void)check.Invalid(rule, got);
  return ACLNN_ERR_INNER_TILING_ERROR;
}

// An OpPlan running `body(plan, addrs, workspace)`; the plan is copied into the executor.
template <class Plan, class Body>
class FamilyOp : public OpPlan {
 public:
  FamilyOp(const Plan &plan, Body body) : plan_(plan), body_(std::move(body)) {}
  int Run(void *const *addrs, void *workspace) const override {
    body_(plan_, addrs, workspace);
    return 0;
  }

 private:
  const Plan plan_;
  const Body body_;
};
template <class Plan, class Body>
std::unique_ptr<OpPlan> MakeFamilyOp(const Plan &plan, Body body) {
  return std::make_unique<FamilyOp<Plan, Body>>(plan, std::move(body));
}

}  // namespace aclcpu
