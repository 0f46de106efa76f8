// aclnnDropoutDoMask (docs/ops/dropout.md §2, §4.2): out = self / keep where self's mask bit is 1, else 0.
// Not the pointwise engine: the bit of an element is found by its flat position, which engine kernels never
// see. Fixed blocks of 4096 elements (512 whole mask bytes each): the same bits for any thread count.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <string>

#include "aclnnop/aclnn_dropout_do_mask.h"
#include "base/executor.h"
#include "base/half.h"
#include "base/meta_objects.h"
#include "base/parallel.h"
#include "base/phase2_entry.h"
#include "base/pointwise/element_convert.h"
#include "base/pointwise/runs.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnDropoutDoMask";
constexpr int64_t kBlock = 4096;               // elements per work block, a multiple of 8
constexpr int64_t kElementsPerThread = 32768;  // fewer elements than this per thread do not pay for a thread
constexpr size_t kValueBytes = kBlock * sizeof(float);
constexpr size_t kWideBytes = kBlock * 16;  // a block in the widest compute type (complex128)

enum class Mode { kMask, kCopy, kZero };

struct DoMaskPlan {
  bool compute = false;
  Mode mode = Mode::kMask;
  TensorView self, mask, out;
  int64_t elements = 0;
  float keep = 1;
  bool roundThrough = false;  // out's dtype is not self's: the result is rounded to self's first, as the vendor casts
  ComputeType outCompute = ComputeType::kF32;
  int threads = 1;
  size_t threadBytes = 0;
};

char *Element(void *base, const TensorView &v, int64_t offset) {
  return static_cast<char *>(base) + offset * static_cast<int64_t>(DTypeSize(v.dtype));
}

// values[0, n) = the mask bits of elements [first, first + n) as 0/1 bytes; `first` is a multiple of 8.
void LoadBits(const TensorView &mask, void *base, int64_t first, int64_t n, uint8_t *bits) {
  uint8_t bytes[kBlock / 8];
  const int64_t count = CeilDiv(n, 8);
  ForEachRun(mask.rank, mask.dims, mask.strides, mask.offset, first / 8, count,
             [&](int64_t offset, int64_t stride, int64_t pos, int64_t len) {
               const auto *src = reinterpret_cast<const uint8_t *>(Element(base, mask, offset));
               for (int64_t k = 0; k < len; ++k) bytes[pos + k] = src[k * stride];
             });
  for (int64_t k = 0; k < n; ++k) bits[k] = (bytes[k >> 3] >> (k & 7)) & 1u;
}

void RunBlock(const DoMaskPlan &p, void *const *addrs, char *scratch, int64_t block) {
  const int64_t first = block * kBlock, n = std::min(kBlock, p.elements - first);
  auto *values = reinterpret_cast<float *>(scratch);
  if (p.mode == Mode::kZero) {
    std::fill(values, values + n, 0.0f);
  } else {
    ForEachRun(p.self.rank, p.self.dims, p.self.strides, p.self.offset, first, n,
               [&](int64_t offset, int64_t stride, int64_t pos, int64_t len) {
                 LoadRun(p.self.dtype, Element(addrs[0], p.self, offset), stride, ComputeType::kF32, values + pos, len);
               });
  }
  if (p.mode == Mode::kMask) {
    uint8_t bits[kBlock];
    LoadBits(p.mask, addrs[1], first, n, bits);
    // One IEEE division: correctly rounded in float, and for FLOAT16/BF16 the float quotient rounds to the same
    // 16-bit value as the exact one (float carries more than twice their precision plus two bits).
    const float keep = p.keep;
    for (int64_t k = 0; k < n; ++k) values[k] = bits[k] != 0 ? values[k] / keep : 0.0f;
  }
  const void *result = values;
  ComputeType resultType = ComputeType::kF32;
  if (p.roundThrough) {
    char *selfTyped = scratch + kValueBytes, *wide = selfTyped + kValueBytes;
    StoreRun(ComputeType::kF32, values, p.self.dtype, selfTyped, 1, n);
    LoadRun(p.self.dtype, selfTyped, 1, p.outCompute, wide, n);
    result = wide;
    resultType = p.outCompute;
  }
  const size_t resultSize = ComputeSize(resultType);
  ForEachRun(p.out.rank, p.out.dims, p.out.strides, p.out.offset, first, n,
             [&](int64_t offset, int64_t stride, int64_t pos, int64_t len) {
               StoreRun(resultType, static_cast<const char *>(result) + pos * static_cast<int64_t>(resultSize),
                        p.out.dtype, Element(addrs[2], p.out, offset), stride, len);
             });
}

class DoMaskOp : public OpPlan {
 public:
  explicit DoMaskOp(const DoMaskPlan &plan) : p_(plan) {}
  int Run(void *const *addrs, void *workspace) const override {
    if (!p_.compute) return 0;
    ParallelFor(CeilDiv(p_.elements, kBlock), p_.threads, [&](int64_t block, int thread) {
      RunBlock(p_, addrs, static_cast<char *>(workspace) + thread * p_.threadBytes, block);
    });
    return 0;
  }

 private:
  const DoMaskPlan p_;
};

// The vendor's "equal" for prob: within one double epsilon.
bool NearlyEqual(double a, double b) { return std::abs(a - b) <= std::numeric_limits<double>::epsilon(); }

// The vendor's keep factor: (float)(1 - prob) in a tensor of self's dtype.
float KeepInDType(double prob, DType type) {
  const auto keep = static_cast<float>(1.0 - prob);
  if (type == DType::kF16) return F16ToF32(F32ToF16(keep));
  if (type == DType::kBF16) return BF16ToF32(F32ToBF16(keep));
  return keep;
}

// §2.3: null -> an empty self or mask is success -> castable -> dtypes -> prob -> rank -> out's shape -> mask's
// size; then the CPU's own: views inside their buffers, out without overlapping elements.
aclnnStatus Plan(const aclTensor *self, const aclTensor *mask, double prob, aclTensor *out, uint64_t *workspaceSize,
                 aclOpExecutor **executor) {
  const OpCheck check(kOp);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(mask, "mask"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(out, "out"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
  DoMaskPlan p;
  p.compute = !IsEmpty(*self) && !IsEmpty(*mask);
  if (p.compute) {
    ACLCPU_RETURN_IF_ERROR(check.Castable(self->dataType, out->dataType, "self to out"));
    ACLCPU_RETURN_IF_ERROR(check.DTypeIn(self, "self", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}));
    ACLCPU_RETURN_IF_ERROR(check.DTypeIn(mask, "mask", {ACL_UINT8}));
    // Written so that NaN fails too (the vendor's `prob > 1 || prob < 0` lets it through: docs/compat.md).
    if (!(prob >= 0 && prob <= 1)) return check.Invalid("prob in [0, 1]", TraceFloat(prob));
    ACLCPU_RETURN_IF_ERROR(check.RankAtMost(self, "self", kMaxRank));
    ACLCPU_RETURN_IF_ERROR(check.SameShape(self, "self", out, "out"));
    const int64_t elements = Numel(*self);
    const int64_t need = CeilDiv(elements, 128) * 16;
    const int64_t have = DimsProduct(mask->viewDims, 0, mask->viewDims.size());
    if (have < need) {
      return check.Invalid("mask of at least " + std::to_string(need) + " elements (one bit per element of self, " +
                               "rounded up to 128 bits)",
                           "mask " + ShapeOf(mask) + " for self " + ShapeOf(self));
    }
    ACLCPU_RETURN_IF_ERROR(check.RankAtMost(mask, "mask", kMaxRank));
    ACLCPU_RETURN_IF_ERROR(check.ViewsFitStorage({{self, "self"}, {mask, "mask"}, {out, "out"}}));
    ACLCPU_RETURN_IF_ERROR(check.NoSelfOverlap(out, "out"));
    p.self = ToView(*self);
    p.mask = ToView(*mask);
    p.out = ToView(*out);
    p.elements = elements;
    p.mode = NearlyEqual(prob, 0) ? Mode::kCopy : NearlyEqual(prob, 1) ? Mode::kZero : Mode::kMask;
    p.keep = KeepInDType(prob, p.self.dtype);
    p.roundThrough = p.out.dtype != p.self.dtype;
    p.outCompute = ComputeTypeOf(p.out.dtype);
    p.threads = static_cast<int>(std::min<int64_t>(PlanThreads(), CeilDiv(elements, kElementsPerThread)));
    p.threadBytes = AlignUp(kValueBytes + (p.roundThrough ? kValueBytes + kWideBytes : 0));
  }
  ExecutorSpec spec;
  spec.opName = kOp;
  spec.inputs = {self, mask};
  spec.outputs = {out};
  spec.names = {"self", "mask", "out"};
  spec.touched = {p.compute && p.mode != Mode::kZero, p.compute && p.mode == Mode::kMask, p.compute};
  spec.workspaceSize = p.compute ? p.threadBytes * static_cast<uint64_t>(p.threads) : 0;
  if (TraceWanted()) spec.scalars = {{2, "prob", TraceFloat(prob)}};
  return CreateExecutor(std::move(spec), std::make_unique<DoMaskOp>(p), workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnDropoutDoMaskGetWorkspaceSize(const aclTensor *self, const aclTensor *mask, double prob,
                                               aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor) {
  return aclcpu::Guarded(aclcpu::kOp, [&] { return aclcpu::Plan(self, mask, prob, out, workspaceSize, executor); });
}

ACLCPU_PHASE2_ENTRY(aclnnDropoutDoMask, aclcpu::kOp)

}  // extern "C"
