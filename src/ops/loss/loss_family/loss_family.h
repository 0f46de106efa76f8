// What the loss functions share (docs/ops/loss.md): the reduction argument, the dtype a result passes through
// before out's, single-element loads and stores through any view, class-index targets, and the plan object
// whose phase 2 may fail (an out-of-range target). Op-facing.
#pragma once

#include <cstdint>
#include <memory>
#include <utility>

#include "base/check.h"
#include "base/executor.h"
#include "base/tensor_view.h"

namespace aclcpu {

enum class LossReduction : int8_t { kNone = 0, kMean = 1, kSum = 2 };

// 161002 unless reduction is 0 (none), 1 (mean) or 2 (sum).
aclnnStatus CheckReduction(const OpCheck &check, int64_t reduction);

// The dtype a result passes through before out's: the vendor computes in `kernel` and then casts to out, so an
// out wider than `kernel` (or the other 16-bit dtype) still sees `kernel`'s rounding and range. When out is
// `kernel` or narrower, the result is rounded once straight to out (kOther).
DType ThroughDType(DType kernel, DType out);

// Element `flat` (row-major index) of a view whose storage starts at `base`.
double LoadValue(const TensorView &view, const void *base, int64_t flat);
int64_t LoadIndex(const TensorView &view, const void *base, int64_t flat);
// Writes v to element `flat`, through `through` first (kOther: straight to the view's dtype, one rounding).
void StoreValue(double v, DType through, const TensorView &view, void *base, int64_t flat);

// The byte ranges the two views can touch intersect, and they are not one and the same view (a view that is
// exactly another is safe for row-by-row work; a partial overlap is not). False when either has no data.
bool PartlyOverlapping(const aclTensor &a, const aclTensor &b);

// The class-index losses' first shape steps (NLLLoss, NLLLossBackward), 161002 each: self of rank 1 or 2, target
// of rank <= 1, a 0-d target for a 1-D self or an (N) target for an (N, C) self, weight of shape (C).
aclnnStatus CheckClassRows(const OpCheck &check, const aclTensor *self, const aclTensor *target,
                           const aclTensor *weight);

// The dtype the A2's NLL kernels compute in: BF16 for a BF16 self, else fp32.
inline DType NllKernelDType(DType self) { return self == DType::kBF16 ? DType::kBF16 : DType::kF32; }

// A (C) tensor as the (1, C) matrix the class-index losses walk; an (N, C) one unchanged.
TensorView AsRowsOfClasses(const TensorView &v);

// Phase 2's target check: every target (element n of `target`, n < rows) is ignoreIndex or a class in [0,
// classes). Otherwise reports "<op>: target[n] = v is out of bounds [0, C)" and returns false: the device's
// result is undefined, the CPU's task fails with 161002 before writing anything.
bool TargetsInRange(const char *op, const TensorView &target, const void *base, int64_t rows, int64_t classes,
                    int64_t ignoreIndex);

// An OpPlan whose body returns the task's status (0 or an aclnn error); the plan is copied into the executor.
template <class Plan, class Body>
class LossOp : public OpPlan {
 public:
  LossOp(const Plan &plan, Body body) : plan_(plan), body_(std::move(body)) {}
  int Run(void *const *addrs, void *workspace) const override { return body_(plan_, addrs, workspace); }

 private:
  const Plan plan_;
  const Body body_;
};
template <class Plan, class Body>
std::unique_ptr<OpPlan> MakeLossOp(const Plan &plan, Body body) {
  return std::make_unique<LossOp<Plan, Body>>(plan, std::move(body));
}

}  // namespace aclcpu
