#include "ops/conversion/pad2d_family/pad2d_backward_op.h"

#include <utility>

#include "base/meta_objects.h"

namespace aclcpu {

void PlanPad2dBackwardGeometry(PadMode mode, const Pad2dBackwardArgs &args, Pad2dBackwardGeometry *g) {
  g->gradOutput = ToView(*args.gradOutput);
  g->gradInput = ToView(*args.gradInput);
  const DType type = g->gradInput.dtype;
  g->components = type == DType::kC64 || type == DType::kC128 ? 2 : 1;
  g->scalar = type == DType::kC64 ? DType::kF32 : type == DType::kC128 ? DType::kF64 : type;
  const int rank = g->gradInput.rank;
  g->planes = 1;
  for (int d = 0; d < rank - 2; ++d) g->planes *= g->gradInput.dims[d];
  const std::vector<int64_t> &pad = args.padding->values;  // [left, right, top, bottom]
  g->rows = {g->gradInput.dims[rank - 2], g->gradOutput.dims[rank - 2], pad[2], mode};
  g->cols = {g->gradInput.dims[rank - 1], g->gradOutput.dims[rank - 1], pad[0], mode};
  g->outputRowsDense = g->gradOutput.dims[rank - 1] <= 1 || g->gradOutput.strides[rank - 1] == 1;
  g->inputRowsDense = g->gradInput.dims[rank - 1] <= 1 || g->gradInput.strides[rank - 1] == 1;
}

aclnnStatus CreatePad2dBackwardExecutor(const char *op, const Pad2dBackwardArgs &args, bool compute,
                                        uint64_t workspaceBytes, std::unique_ptr<OpPlan> plan, uint64_t *workspaceSize,
                                        aclOpExecutor **executor) {
  ExecutorSpec spec;
  spec.opName = op;
  spec.inputs = {args.gradOutput, args.self};
  spec.outputs = {args.gradInput};
  spec.names = {"gradOutput", "self", "gradInput"};
  spec.touched = {compute, false, compute};
  spec.workspaceSize = compute ? workspaceBytes : 0;
  if (TraceWanted()) spec.scalars = {{2, "padding", TraceInts(args.padding)}};
  return CreateExecutor(std::move(spec), std::move(plan), workspaceSize, executor);
}

}  // namespace aclcpu
