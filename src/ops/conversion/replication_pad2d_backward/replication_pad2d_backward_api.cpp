// aclnnReplicationPad2dBackwardGetWorkspaceSize / aclnnReplicationPad2dBackward: validate, plan, launch.
#include <algorithm>
#include <memory>

#include "aclnnop/aclnn_pad2d_backward.h"
#include "base/check.h"
#include "base/executor.h"
#include "base/parallel.h"
#include "ops/conversion/pad2d_family/pad2d_backward_op.h"
#include "ops/conversion/replication_pad2d_backward/replication_pad2d_backward_check.h"
#include "ops/conversion/replication_pad2d_backward/replication_pad2d_backward_plan.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnReplicationPad2dBackward";
constexpr int64_t kBlockBytes = 64 << 10;  // gradInput bytes per work block: small enough to balance 2+ threads

// Input slots: gradOutput, self; output slot: gradInput.
class ReplicationPad2dBackwardOp : public OpPlan {
 public:
  explicit ReplicationPad2dBackwardOp(ReplicationPad2dBackwardPlan plan) : plan_(std::move(plan)) {}
  int Run(void *const *addrs, void *workspace) const override {
    RunReplicationPad2dBackward(plan_, addrs[0], addrs[2], workspace);
    return 0;
  }

 private:
  const ReplicationPad2dBackwardPlan plan_;
};

// The input columns with the single source column (column + left) are a run between the edges; the
// rest sum their ranges.
void PlanColumns(ReplicationPad2dBackwardPlan *p) {
  auto single = [&](int64_t j) {
    int64_t begin = 0, end = 0;
    p->cols.ReplicateCopies(j, &begin, &end);
    return end - begin == 1 && begin == j + p->cols.before;
  };
  p->centerBegin = 0;
  while (p->centerBegin < p->cols.in && !single(p->centerBegin)) ++p->centerBegin;
  p->centerEnd = p->centerBegin;
  while (p->centerEnd < p->cols.in && single(p->centerEnd)) ++p->centerEnd;
  for (int64_t j = 0; j < p->cols.in; ++j) {
    if (j >= p->centerBegin && j < p->centerEnd) continue;
    int64_t begin = 0, end = 0;
    p->cols.ReplicateCopies(j, &begin, &end);
    p->borderColumns.push_back(j);
    p->borderBegin.push_back(begin);
    p->borderEnd.push_back(end);
  }
}

void PlanWork(ReplicationPad2dBackwardPlan *p) {
  const size_t element = DTypeSize(p->gradInput.dtype);
  const int64_t rowBytes = std::max<int64_t>(1, p->cols.in * static_cast<int64_t>(element));
  p->threads = PlanThreads();
  p->rowsPerBlock = std::max<int64_t>(1, kBlockBytes / rowBytes);
  p->numBlocks = CeilDiv(p->planes * p->rows.in, p->rowsPerBlock);
  // Staged rows (raw elements) for views not dense along W; the row sums of the edge rows, one wide
  // value (long double at most) per component of each gradOutput column.
  const size_t width = static_cast<size_t>(std::max(p->cols.in, p->cols.out));
  p->stageRowBytes = AlignUp(width * element);
  p->sumOffset = 2 * p->stageRowBytes;
  p->stageStride = p->sumOffset + AlignUp(static_cast<size_t>(p->cols.out) * 2 * sizeof(long double));
  p->workspaceBytes = p->stageStride * static_cast<size_t>(p->threads);
}

aclnnStatus Plan(const ReplicationPad2dBackwardArgs &a, uint64_t *workspaceSize, aclOpExecutor **executor) {
  const OpCheck check(kOp);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
  bool compute = false;
  ACLCPU_RETURN_IF_ERROR(CheckReplicationPad2dBackward(a, &compute));
  ReplicationPad2dBackwardPlan p;
  p.compute = compute;
  if (compute) {
    ACLCPU_RETURN_IF_ERROR(CheckReplicationPad2dBackwardStrict(a));
    PlanPad2dBackwardGeometry(PadMode::kReplicate, a, &p);
    PlanColumns(&p);
    PlanWork(&p);
  }
  const uint64_t workspaceBytes = p.workspaceBytes;
  return CreatePad2dBackwardExecutor(kOp, a, compute, workspaceBytes,
                                     std::make_unique<ReplicationPad2dBackwardOp>(std::move(p)), workspaceSize,
                                     executor);
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnReplicationPad2dBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
                                                          const aclIntArray *padding, aclTensor *gradInput,
                                                          uint64_t *workspaceSize, aclOpExecutor **executor) {
  const aclcpu::ReplicationPad2dBackwardArgs args{gradOutput, self, padding, gradInput};
  return aclcpu::Guarded(aclcpu::kOp, [&] { return aclcpu::Plan(args, workspaceSize, executor); });
}

aclnnStatus aclnnReplicationPad2dBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                          const aclrtStream stream) {
  return aclcpu::Guarded(aclcpu::kOp,
                         [&] { return aclcpu::RunExecutor(aclcpu::kOp, workspace, workspaceSize, executor, stream); });
}

}  // extern "C"
