// aclnnDropoutGenMaskV2 (docs/ops/dropout.md §1, §4.1): the vendor's checks, then a bit mask that is a pure
// function of (seed, offset, prob, probDataType), cut into fixed blocks of mask bytes.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <string>

#include "aclnnop/aclnn_dropout_gen_mask.h"
#include "base/half.h"
#include "base/meta_objects.h"
#include "base/parallel.h"
#include "base/phase2_entry.h"
#include "base/pointwise/runs.h"
#include "ops/random/random_family/dropout_mask.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnDropoutGenMaskV2";
constexpr int64_t kBlockBytes = 512;  // 4096 mask bits per work block

struct GenMaskPlan {
  bool compute = false;
  TensorView out;  // UINT8
  int64_t bytes = 0;
  int fill = -1;  // 0xFF or 0x00 for prob 0 or 1; -1: generated
  uint64_t seed = 0, offset = 0;
  float keep = 0;
  int threads = 1;
};

// Bytes [first, first + n) of the mask go to the out view's elements of the same row-major positions.
void StoreBytes(const TensorView &out, uint8_t *base, int64_t first, int64_t n, const uint8_t *bytes) {
  ForEachRun(out.rank, out.dims, out.strides, out.offset, first, n,
             [&](int64_t offset, int64_t stride, int64_t pos, int64_t len) {
               if (stride == 1) {
                 std::memcpy(base + offset, bytes + pos, static_cast<size_t>(len));
                 return;
               }
               for (int64_t k = 0; k < len; ++k) base[offset + k * stride] = bytes[pos + k];
             });
}

class GenMaskOp : public OpPlan {
 public:
  explicit GenMaskOp(const GenMaskPlan &plan) : p_(plan) {}
  int Run(void *const *addrs, void *) const override {
    if (!p_.compute) return 0;
    auto *base = static_cast<uint8_t *>(addrs[0]);
    ParallelFor(CeilDiv(p_.bytes, kBlockBytes), p_.threads, [&](int64_t block, int) {
      const int64_t first = block * kBlockBytes, n = std::min(kBlockBytes, p_.bytes - first);
      uint8_t bytes[kBlockBytes];
      if (p_.fill >= 0) {
        std::memset(bytes, p_.fill, static_cast<size_t>(n));
      } else {
        DropoutMaskBytes(p_.seed, p_.offset, p_.keep, first, n, bytes);
      }
      StoreBytes(p_.out, base, first, n, bytes);
    });
    return 0;
  }

 private:
  const GenMaskPlan p_;
};

// The vendor's "equal" for prob: within one double epsilon.
bool NearlyEqual(double a, double b) { return std::abs(a - b) <= std::numeric_limits<double>::epsilon(); }

// The drop probability as the device's generator gets it: float, then probDataType.
bool ProbInDType(double prob, aclDataType type, float *value) {
  const auto f = static_cast<float>(prob);
  switch (type) {
    case ACL_FLOAT: *value = f; return true;
    case ACL_FLOAT16: *value = F16ToF32(F32ToF16(f)); return true;
    case ACL_BF16: *value = BF16ToF32(F32ToBF16(f)); return true;
    default: return false;
  }
}

// N = the product of shape's entries (1 for an empty array); false for a negative entry or an overflow.
bool MaskElements(const aclIntArray &shape, int64_t *n) {
  *n = 1;
  for (const int64_t v : shape.values) {
    if (v < 0 || __builtin_mul_overflow(*n, v, n)) return false;
  }
  return true;
}

aclnnStatus Plan(const aclIntArray *shape, double prob, int64_t seed, int64_t offset, aclDataType probDataType,
                 aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor) {
  const OpCheck check(kOp);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(shape, "shape"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(out, "out"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(out, "out", {ACL_UINT8}));
  // Written so that NaN fails too (the vendor's `prob > 1 || prob < 0` lets it through: docs/compat.md).
  if (!(prob >= 0 && prob <= 1)) return check.Invalid("prob in [0, 1]", TraceFloat(prob));
  int64_t elements = 0;
  if (!MaskElements(*shape, &elements)) {
    return check.Invalid("shape entries >= 0 whose product fits in int64", TraceInts(shape));
  }
  const int64_t need = CeilDiv(elements, 128) * 16;  // N bits rounded up to 128, in bytes
  const int64_t have = DimsProduct(out->viewDims, 0, out->viewDims.size());
  if (have != need) {
    return check.Invalid("out of " + std::to_string(need) + " elements (shape " + TraceInts(shape) +
                             ": its element count rounded up to 128 bits, in bytes)",
                         "out " + ShapeOf(out));
  }
  GenMaskPlan p;
  p.compute = need > 0;
  if (p.compute) {
    ACLCPU_RETURN_IF_ERROR(check.RankAtMost(out, "out", kMaxRank));
    ACLCPU_RETURN_IF_ERROR(check.ViewsFitStorage({{out, "out"}}));
    ACLCPU_RETURN_IF_ERROR(check.NoSelfOverlap(out, "out"));
    p.out = ToView(*out);
    p.bytes = need;
    p.threads = PlanThreads();
    if (NearlyEqual(prob, 0)) {
      p.fill = 0xFF;
    } else if (NearlyEqual(prob, 1)) {
      p.fill = 0x00;
    } else {
      float drop = 0;
      if (!ProbInDType(prob, probDataType, &drop)) {
        // The vendor cannot make its probability scalar and fails with an internal null (561103).
        (void)check.Invalid("probDataType FLOAT, FLOAT16 or BF16", DTypeName(probDataType));
        return ACLNN_ERR_INNER_NULLPTR;
      }
      p.keep = static_cast<float>(1.0 - static_cast<double>(drop));
      p.seed = static_cast<uint64_t>(seed);
      p.offset = static_cast<uint64_t>(offset);
    }
  }
  ExecutorSpec spec;
  spec.opName = kOp;
  spec.outputs = {out};
  spec.names = {"out"};
  spec.touched = {p.compute};
  if (TraceWanted()) {
    spec.scalars = {{0, "shape", TraceInts(shape)},
                    {0, "prob", TraceFloat(prob)},
                    {0, "seed", TraceInt(seed)},
                    {0, "offset", TraceInt(offset)},
                    {0, "probDataType", DTypeName(probDataType)}};
  }
  return CreateExecutor(std::move(spec), std::make_unique<GenMaskOp>(p), workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnDropoutGenMaskV2GetWorkspaceSize(const aclIntArray *shape, double prob, int64_t seed, int64_t offset,
                                                  aclDataType probDataType, aclTensor *out, uint64_t *workspaceSize,
                                                  aclOpExecutor **executor) {
  return aclcpu::Guarded(
      aclcpu::kOp, [&] { return aclcpu::Plan(shape, prob, seed, offset, probDataType, out, workspaceSize, executor); });
}

ACLCPU_PHASE2_ENTRY(aclnnDropoutGenMaskV2, aclcpu::kOp)

}  // extern "C"
