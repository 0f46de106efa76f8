#include "ops/loss/loss_family/loss_family.h"

#include <cstdint>
#include <string>

#include "base/meta_objects.h"
#include "base/pointwise/element_convert.h"
#include "runtime/runtime_internal.h"

namespace aclcpu {

aclnnStatus CheckReduction(const OpCheck &check, int64_t reduction) {
  if (reduction < 0 || reduction > 2) return check.Invalid("reduction between 0 and 2", std::to_string(reduction));
  return ACLNN_SUCCESS;
}

DType ThroughDType(DType kernel, DType out) {
  if (out == kernel) return DType::kOther;
  const bool kernel16 = kernel == DType::kF16 || kernel == DType::kBF16;
  // fp32 (or wider) results going to a 16-bit out: rounding to fp32 first would round twice.
  if (!kernel16 && DTypeSize(out) <= DTypeSize(kernel)) return DType::kOther;
  return kernel;
}

namespace {

const char *ElementAddress(const TensorView &view, const void *base, int64_t flat) {
  return static_cast<const char *>(base) + view.OffsetOf(flat) * static_cast<int64_t>(DTypeSize(view.dtype));
}

}  // namespace

double LoadValue(const TensorView &view, const void *base, int64_t flat) {
  double v = 0.0;
  LoadRun(view.dtype, ElementAddress(view, base, flat), 1, ComputeType::kF64, &v, 1);
  return v;
}

int64_t LoadIndex(const TensorView &view, const void *base, int64_t flat) {
  int64_t v = 0;
  LoadRun(view.dtype, ElementAddress(view, base, flat), 1, ComputeType::kI64, &v, 1);
  return v;
}

void StoreValue(double v, DType through, const TensorView &view, void *base, int64_t flat) {
  if (through != DType::kOther) {
    alignas(16) unsigned char rounded[16] = {};
    StoreRun(ComputeType::kF64, &v, through, rounded, 1, 1);
    LoadRun(through, rounded, 1, ComputeType::kF64, &v, 1);
  }
  StoreRun(ComputeType::kF64, &v, view.dtype, const_cast<char *>(ElementAddress(view, base, flat)), 1, 1);
}

bool PartlyOverlapping(const aclTensor &a, const aclTensor &b) {
  int64_t aFirst = 0, aEnd = 0, bFirst = 0, bEnd = 0;
  if (a.data == nullptr || b.data == nullptr || !ViewByteSpan(a, &aFirst, &aEnd) || !ViewByteSpan(b, &bFirst, &bEnd)) {
    return false;
  }
  const auto aBase = reinterpret_cast<uintptr_t>(a.data), bBase = reinterpret_cast<uintptr_t>(b.data);
  const bool overlap = aBase + aFirst < bBase + bEnd && bBase + bFirst < aBase + aEnd;
  const bool same = a.data == b.data && a.offset == b.offset && a.viewDims == b.viewDims && a.strides == b.strides &&
                    aclDataTypeSize(a.dataType) == aclDataTypeSize(b.dataType);
  return overlap && !same;
}

aclnnStatus CheckClassRows(const OpCheck &check, const aclTensor *self, const aclTensor *target,
                           const aclTensor *weight) {
  const size_t selfRank = self->viewDims.size(), targetRank = target->viewDims.size();
  if (selfRank < 1 || selfRank > 2) return check.Invalid("a 1-D or 2-D self", ShapeOf(self));
  if (targetRank > 1) return check.Invalid("a 0-D or 1-D target (multi-target is not supported)", ShapeOf(target));
  const bool noBatch = selfRank == 1 && targetRank == 0;
  const bool batch = selfRank == 2 && targetRank == 1 && self->viewDims[0] == target->viewDims[0];
  if (!noBatch && !batch) {
    return check.Invalid("a 0-D target for a 1-D self, or a 1-D target of self's dim 0 for a 2-D self",
                         "self " + ShapeOf(self) + ", target " + ShapeOf(target));
  }
  const int64_t classes = self->viewDims.back();
  if (weight->viewDims.size() != 1 || weight->viewDims[0] != classes) {
    return check.Invalid("weight of shape [" + std::to_string(classes) + "] (one per class)", ShapeOf(weight));
  }
  return ACLNN_SUCCESS;
}

TensorView AsRowsOfClasses(const TensorView &v) {
  if (v.rank != 1) return v;
  TensorView m = v;
  m.rank = 2;
  m.dims[0] = 1;
  m.strides[0] = 0;
  m.dims[1] = v.dims[0];
  m.strides[1] = v.strides[0];
  return m;
}

bool TargetsInRange(const char *op, const TensorView &target, const void *base, int64_t rows, int64_t classes,
                    int64_t ignoreIndex) {
  for (int64_t n = 0; n < rows; ++n) {
    const int64_t t = LoadIndex(target, base, n);
    if (t == ignoreIndex || (t >= 0 && t < classes)) continue;
    ReportError("EZ9999", std::string(op) + ": expected every target in [0, " + std::to_string(classes) +
                              ") or ignoreIndex " + std::to_string(ignoreIndex) + ", but got target[" +
                              std::to_string(n) + "] = " + std::to_string(t));
    return false;
  }
  return true;
}

}  // namespace aclcpu
