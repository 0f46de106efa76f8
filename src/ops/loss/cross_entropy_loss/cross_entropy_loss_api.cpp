// aclnnCrossEntropyLossGetWorkspaceSize / aclnnCrossEntropyLoss (docs/ops/loss.md §5): the generated op's checks
// (its ascend910b dtype rows, then the tiling's rules as 561002), then rows in fixed blocks: each row's
// log-softmax by the softmax family's double row kernel, logProb rounded once, the row's loss terms to the
// workspace; the sums over rows run afterwards in row order, so the bits do not depend on the thread count.
#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "acl/error_codes/rt_error_codes.h"
#include "aclnnop/aclnn_cross_entropy_loss.h"
#include "base/meta_objects.h"
#include "base/parallel.h"
#include "base/phase2_entry.h"
#include "base/pointwise/element_convert.h"
#include "ops/activation/softmax_family/softmax_kernels.h"
#include "ops/loss/loss_family/loss_family.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnCrossEntropyLoss";

struct CePlan {
  LossReduction reduction = LossReduction::kMean;
  int64_t ignoreIndex = -100;
  double smoothing = 0.0;
  int64_t rows = 0, classes = 0;
  bool hasWeight = false;
  TensorView input, target, weight, loss, logProb;
  int64_t rowsPerBlock = 1, numBlocks = 0;
  int threads = 1;
  size_t weightsOffset = 0, scratchOffset = 0, scratchStride = 0, termsOffset = 0, workspaceBytes = 0;
};

const char *At(const TensorView &v, const void *base, int64_t elementOffset) {
  return static_cast<const char *>(base) + elementOffset * static_cast<int64_t>(DTypeSize(v.dtype));
}

// Row n: logProb written; terms[3n..3n+2] = nll_n, smooth_n, w_n (all 0 for an ignored row).
void RunRow(const CePlan &p, int64_t n, const void *input, const void *target, void *logProb, const double *weights,
            double *row, double *scratch, double *terms) {
  const int64_t c = p.classes;
  LoadRun(p.input.dtype, At(p.input, input, p.input.offset + n * p.input.strides[0]), p.input.strides[1],
          ComputeType::kF64, row, c);
  SoftmaxRowF64(SoftmaxKind::kLogSoftmax, c, row, nullptr, row, scratch);
  StoreRun(ComputeType::kF64, row, p.logProb.dtype,
           const_cast<char *>(At(p.logProb, logProb, p.logProb.offset + n * p.logProb.strides[0])),
           p.logProb.strides[1], c);
  const int64_t t = LoadIndex(p.target, target, n);
  double *out = terms + 3 * n;
  out[0] = out[1] = out[2] = 0.0;
  if (t == p.ignoreIndex) return;
  out[2] = weights[t];
  out[0] = -weights[t] * row[t];
  if (p.smoothing != 0.0) {
    double s = 0.0;
    for (int64_t k = 0; k < c; ++k) s += weights[k] * row[k];
    out[1] = -s;
  }
}

int RunCrossEntropy(const CePlan &p, void *const *addrs, void *workspace) {
  const void *input = addrs[0], *target = addrs[1], *weight = addrs[2];
  void *loss = addrs[3], *logProb = addrs[4];
  if (!TargetsInRange(kOp, p.target, target, p.rows, p.classes, p.ignoreIndex)) return ACL_ERROR_RT_AICORE_EXCEPTION;
  char *ws = static_cast<char *>(workspace);
  double *weights = reinterpret_cast<double *>(ws + p.weightsOffset);
  double *terms = reinterpret_cast<double *>(ws + p.termsOffset);
  if (p.hasWeight) {
    LoadRun(p.weight.dtype, At(p.weight, weight, p.weight.offset), p.weight.strides[0], ComputeType::kF64, weights,
            p.classes);
  } else {
    std::fill(weights, weights + p.classes, 1.0);
  }
  ParallelFor(p.numBlocks, p.threads, [&](int64_t block, int thread) {
    double *row = reinterpret_cast<double *>(ws + p.scratchOffset + p.scratchStride * static_cast<size_t>(thread));
    const int64_t end = std::min(p.rows, (block + 1) * p.rowsPerBlock);
    for (int64_t n = block * p.rowsPerBlock; n < end; ++n) {
      RunRow(p, n, input, target, logProb, weights, row, row + p.classes, terms);
    }
  });
  const double keep = 1.0 - p.smoothing, spread = p.smoothing / static_cast<double>(p.classes);
  if (p.reduction == LossReduction::kNone) {
    for (int64_t n = 0; n < p.rows; ++n) {
      const double l = p.smoothing != 0.0 ? keep * terms[3 * n] + spread * terms[3 * n + 1] : terms[3 * n];
      StoreValue(l, DType::kOther, p.loss, loss, n);
    }
    return 0;
  }
  double nll = 0.0, smooth = 0.0, weightSum = 0.0;  // row order: the same bits for any thread count
  for (int64_t n = 0; n < p.rows; ++n) {
    nll += terms[3 * n];
    smooth += terms[3 * n + 1];
    weightSum += terms[3 * n + 2];
  }
  double l = p.smoothing != 0.0 ? keep * nll + spread * smooth : nll;
  if (p.reduction == LossReduction::kMean) l /= weightSum;  // every row ignored: 0 / 0 = NaN, as PyTorch
  StoreValue(l, DType::kOther, p.loss, loss, 0);
  return 0;
}

// §5 step 2: the ascend910b rows of cross_entropy_loss_def.cpp (every output in input's dtype) and ND formats.
aclnnStatus CheckDTypes(const OpCheck &check, const aclTensor *input, const aclTensor *target, const aclTensor *weight,
                        const std::vector<NamedTensor> &outputs) {
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(input, "input", {ACL_FLOAT16, ACL_FLOAT, ACL_BF16}));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(target, "target", {ACL_INT64}));
  if (weight != nullptr) ACLCPU_RETURN_IF_ERROR(check.DTypeIn(weight, "weightOptional", {ACL_FLOAT}));
  for (const NamedTensor &t : outputs) ACLCPU_RETURN_IF_ERROR(check.SameDType(t.tensor, t.name, input, "input"));
  std::vector<NamedTensor> all = {{input, "input"}, {target, "target"}, {weight, "weightOptional"}};
  all.insert(all.end(), outputs.begin(), outputs.end());
  for (const NamedTensor &t : all) {
    if (t.tensor == nullptr) continue;
    ACLCPU_RETURN_IF_ERROR(check.FormatIn(
        t.tensor, t.name, {ACL_FORMAT_ND, ACL_FORMAT_NCHW, ACL_FORMAT_NHWC, ACL_FORMAT_NCDHW, ACL_FORMAT_NCL}));
  }
  return ACLNN_SUCCESS;
}

aclnnStatus TilingInvalid(const OpCheck &check, const std::string &rule, const std::string &got) {
  (void)check.Invalid(rule, got);
  return ACLNN_ERR_INNER_TILING_ERROR;
}

// §5 step 3: the tiling's rules (561002), with the infershape's ranks.
aclnnStatus CheckTiling(const OpCheck &check, const aclTensor *input, const aclTensor *target, const aclTensor *weight,
                        const char *reduction, double labelSmoothing, LossReduction *mode) {
  const std::string r = reduction == nullptr ? "mean" : reduction;
  if (r == "mean") {
    *mode = LossReduction::kMean;
  } else if (r == "sum") {
    *mode = LossReduction::kSum;
  } else if (r == "none") {
    *mode = LossReduction::kNone;
  } else {
    return TilingInvalid(check, "reductionOptional in [\"none\", \"mean\", \"sum\"]", "\"" + r + "\"");
  }
  const float smoothing = static_cast<float>(labelSmoothing);  // the op's attribute is a Float
  if (smoothing < 0.0f || smoothing > 1.0f) {
    return TilingInvalid(check, "labelSmoothing in [0.0, 1.0]", std::to_string(labelSmoothing));
  }
  if (input->viewDims.size() != 2) return TilingInvalid(check, "a 2-D input (N, C)", ShapeOf(input));
  if (target->viewDims.size() != 1) return TilingInvalid(check, "a 1-D target (N)", ShapeOf(target));
  if (weight != nullptr && weight->viewDims.size() != 1) {
    return TilingInvalid(check, "a 1-D weightOptional (C)", ShapeOf(weight));
  }
  if (target->viewDims[0] != input->viewDims[0]) {
    return TilingInvalid(check, "target's dim 0 equal to input's",
                         "input " + ShapeOf(input) + ", target " + ShapeOf(target));
  }
  if (weight != nullptr && weight->viewDims[0] != input->viewDims[1]) {
    return TilingInvalid(check, "weightOptional's dim 0 equal to input's dim 1",
                         "input " + ShapeOf(input) + ", weightOptional " + ShapeOf(weight));
  }
  if (input->viewDims[1] <= 0) return TilingInvalid(check, "C > 0 classes", ShapeOf(input));
  return ACLNN_SUCCESS;
}

aclnnStatus CrossEntropyLoss(const aclTensor *input, const aclTensor *target, const aclTensor *weight, char *reduction,
                             int64_t ignoreIndex, double labelSmoothing, const aclTensor *lossOut,
                             const aclTensor *logProbOut, const aclTensor *zlossOut, const aclTensor *lseForZlossOut,
                             uint64_t *workspaceSize, aclOpExecutor **executor) {
  const OpCheck check(kOp);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(input, "input"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(target, "target"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(lossOut, "lossOut"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(logProbOut, "logProbOut"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(zlossOut, "zlossOut"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(lseForZlossOut, "lseForZlossOut"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
  ACLCPU_RETURN_IF_ERROR(CheckDTypes(
      check, input, target, weight,
      {{lossOut, "lossOut"}, {logProbOut, "logProbOut"}, {zlossOut, "zlossOut"}, {lseForZlossOut, "lseForZlossOut"}}));
  CePlan p;
  ACLCPU_RETURN_IF_ERROR(CheckTiling(check, input, target, weight, reduction, labelSmoothing, &p.reduction));
  // The CPU's own (161002): the outputs the infershape gives, since phase 2 writes through them.
  ACLCPU_RETURN_IF_ERROR(check.SameShape(logProbOut, "logProbOut", input, "input"));
  const int64_t rows = input->viewDims[0];
  const bool none = p.reduction == LossReduction::kNone;
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(lossOut, "lossOut", kMaxRank));
  if (Numel(*lossOut) != (none ? rows : 1)) {
    return check.Invalid(none ? "lossOut of N = " + std::to_string(rows) + " elements for reduction none"
                              : std::string("a single-element lossOut for reduction mean or sum"),
                         ShapeOf(lossOut));
  }
  ACLCPU_RETURN_IF_ERROR(check.ViewsFitStorage({{input, "input"},
                                                {target, "target"},
                                                {weight, "weightOptional"},
                                                {lossOut, "lossOut"},
                                                {logProbOut, "logProbOut"}}));
  ACLCPU_RETURN_IF_ERROR(check.NoSelfOverlap(logProbOut, "logProbOut"));
  // Rows run on several threads, each writing its logProb row after reading its input row and target: a
  // logProbOut over other rows of input, or over target, would race (input's own view is fine).
  if (PartlyOverlapping(*logProbOut, *input) || PartlyOverlapping(*logProbOut, *target)) {
    return check.Invalid("a logProbOut apart from input (or exactly input's view) and from target",
                         "logProbOut sharing their memory");
  }
  p.ignoreIndex = ignoreIndex;
  p.smoothing = static_cast<float>(labelSmoothing);
  p.rows = rows;
  p.classes = input->viewDims[1];
  p.hasWeight = weight != nullptr;
  p.input = ToView(*input);
  p.target = ToView(*target);
  if (p.hasWeight) p.weight = ToView(*weight);
  p.loss = ToView(*lossOut);
  p.logProb = ToView(*logProbOut);
  p.rowsPerBlock = std::max<int64_t>(1, 4096 / p.classes);
  p.numBlocks = CeilDiv(p.rows, p.rowsPerBlock);
  p.threads = static_cast<int>(std::min<int64_t>(PlanThreads(), std::max<int64_t>(1, p.numBlocks)));
  const size_t rowBytes = AlignUp(2 * static_cast<size_t>(p.classes) * sizeof(double));
  p.weightsOffset = 0;
  p.scratchOffset = AlignUp(static_cast<size_t>(p.classes) * sizeof(double));
  p.scratchStride = rowBytes;
  p.termsOffset = p.scratchOffset + rowBytes * static_cast<size_t>(p.threads);
  p.workspaceBytes = p.termsOffset + AlignUp(3 * static_cast<size_t>(p.rows) * sizeof(double));
  const bool compute = !(none && rows == 0);
  ExecutorSpec spec;
  spec.opName = kOp;
  spec.inputs = {input, target, weight};
  spec.outputs = {lossOut, logProbOut, zlossOut, lseForZlossOut};
  spec.names = {"input", "target", "weightOptional", "lossOut", "logProbOut", "zlossOut", "lseForZlossOut"};
  spec.touched = {compute, compute, compute && p.hasWeight, compute, compute, false, false};
  spec.workspaceSize = compute ? p.workspaceBytes : 0;
  auto run = [compute](const CePlan &plan, void *const *addrs, void *workspace) {
    return compute ? RunCrossEntropy(plan, addrs, workspace) : 0;
  };
  return CreateExecutor(std::move(spec), MakeLossOp(p, run), workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnCrossEntropyLossGetWorkspaceSize(const aclTensor *input, const aclTensor *target,
                                                  const aclTensor *weightOptional, char *reductionOptional,
                                                  int64_t ignoreIndex, double labelSmoothing,
                                                  double lseSquareScaleForZloss, bool returnZloss,
                                                  const aclTensor *lossOut, const aclTensor *logProbOut,
                                                  const aclTensor *zlossOut, const aclTensor *lseForZlossOut,
                                                  uint64_t *workspaceSize, aclOpExecutor **executor) {
  (void)lseSquareScaleForZloss;  // z-loss is not supported by the op (its doc): no effect
  (void)returnZloss;
  return aclcpu::Guarded(aclcpu::kOp, [&] {
    return aclcpu::CrossEntropyLoss(input, target, weightOptional, reductionOptional, ignoreIndex, labelSmoothing,
                                    lossOut, logProbOut, zlossOut, lseForZlossOut, workspaceSize, executor);
  });
}

ACLCPU_PHASE2_ENTRY(aclnnCrossEntropyLoss, aclcpu::kOp)

}  // extern "C"
