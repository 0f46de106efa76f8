// aclnnReflectionPad2dBackwardGetWorkspaceSize / aclnnReflectionPad2dBackward: validate, plan, launch.
#include <algorithm>
#include <memory>

#include "aclnnop/aclnn_pad2d_backward.h"
#include "base/check.h"
#include "base/executor.h"
#include "base/parallel.h"
#include "ops/conversion/pad2d_family/pad2d_backward_op.h"
#include "ops/conversion/reflection_pad2d_backward/reflection_pad2d_backward_check.h"
#include "ops/conversion/reflection_pad2d_backward/reflection_pad2d_backward_plan.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnReflectionPad2dBackward";
constexpr int64_t kBlockBytes = 64 << 10;  // gradInput bytes per work block: small enough to balance 2+ threads

// Input slots: gradOutput, self; output slot: gradInput.
class ReflectionPad2dBackwardOp : public OpPlan {
 public:
  explicit ReflectionPad2dBackwardOp(ReflectionPad2dBackwardPlan plan) : plan_(std::move(plan)) {}
  int Run(void *const *addrs, void *workspace) const override {
    RunReflectionPad2dBackward(plan_, addrs[0], addrs[2], workspace);
    return 0;
  }

 private:
  const ReflectionPad2dBackwardPlan plan_;
};

// The longest run of input columns fed only by their own shifted output column is the centre that
// rows copy (or add) in bulk; column 0 alone is such a column too, so the longest run is taken.
void PlanCenter(ReflectionPad2dBackwardPlan *p) {
  int64_t sources[3];
  auto simple = [&](int64_t iw) {
    return p->cols.ReflectCopies(iw, sources) == 1 && sources[0] == iw + p->cols.before;
  };
  p->centerBegin = p->centerEnd = 0;
  for (int64_t begin = 0; begin < p->cols.in;) {
    if (!simple(begin)) {
      ++begin;
      continue;
    }
    int64_t end = begin + 1;
    while (end < p->cols.in && simple(end)) ++end;
    if (end - begin > p->centerEnd - p->centerBegin) {
      p->centerBegin = begin;
      p->centerEnd = end;
    }
    begin = end;
  }
}

void PlanSourceTables(ReflectionPad2dBackwardPlan *p) {
  p->rowSources.resize(static_cast<size_t>(p->rows.in));
  for (int64_t ih = 0; ih < p->rows.in; ++ih) {
    SourceList &list = p->rowSources[static_cast<size_t>(ih)];
    list.count = p->rows.ReflectCopies(ih, list.at);
  }
  for (int64_t iw = 0; iw < p->cols.in; ++iw) {
    if (iw >= p->centerBegin && iw < p->centerEnd) continue;
    SourceList list;
    list.count = p->cols.ReflectCopies(iw, list.at);
    p->borderColumns.push_back(iw);
    p->borderSources.push_back(list);
  }
}

void PlanWork(ReflectionPad2dBackwardPlan *p) {
  const size_t element = DTypeSize(p->gradInput.dtype);
  const int64_t rowBytes = std::max<int64_t>(1, p->cols.in * static_cast<int64_t>(element));
  p->threads = PlanThreads();
  p->rowsPerBlock = std::max<int64_t>(1, kBlockBytes / rowBytes);
  p->numBlocks = CeilDiv(p->planes * p->rows.in, p->rowsPerBlock);
  // fp16/bf16 rows are always staged as fp32; other rows only when not dense along W.
  const bool narrow = p->scalar == DType::kF16 || p->scalar == DType::kBF16;
  if (narrow || !p->outputRowsDense || !p->inputRowsDense) {
    const size_t stageElement = narrow ? sizeof(float) : element;
    p->stageRowBytes = AlignUp(static_cast<size_t>(std::max(p->cols.in, p->cols.out)) * stageElement);
    p->stageStride = 4 * p->stageRowBytes;
  }
  p->workspaceBytes = p->stageStride * static_cast<size_t>(p->threads);
}

aclnnStatus Plan(const ReflectionPad2dBackwardArgs &a, uint64_t *workspaceSize, aclOpExecutor **executor) {
  const OpCheck check(kOp);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
  bool compute = false;
  ACLCPU_RETURN_IF_ERROR(CheckReflectionPad2dBackward(a, &compute));
  ReflectionPad2dBackwardPlan p;
  p.compute = compute;
  if (compute) {
    ACLCPU_RETURN_IF_ERROR(CheckReflectionPad2dBackwardStrict(a));
    PlanPad2dBackwardGeometry(PadMode::kReflect, a, &p);
    PlanCenter(&p);
    PlanSourceTables(&p);
    PlanWork(&p);
  }
  const uint64_t workspaceBytes = p.workspaceBytes;
  return CreatePad2dBackwardExecutor(kOp, a, compute, workspaceBytes,
                                     std::make_unique<ReflectionPad2dBackwardOp>(std::move(p)), workspaceSize,
                                     executor);
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnReflectionPad2dBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
                                                         const aclIntArray *padding, aclTensor *gradInput,
                                                         uint64_t *workspaceSize, aclOpExecutor **executor) {
  const aclcpu::ReflectionPad2dBackwardArgs args{gradOutput, self, padding, gradInput};
  return aclcpu::Guarded(aclcpu::kOp, [&] { return aclcpu::Plan(args, workspaceSize, executor); });
}

aclnnStatus aclnnReflectionPad2dBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                         const aclrtStream stream) {
  return aclcpu::Guarded(aclcpu::kOp,
                         [&] { return aclcpu::RunExecutor(aclcpu::kOp, workspace, workspaceSize, executor, stream); });
}

}  // extern "C"
