// The shared validation vocabulary of every operator's phase 1: one message style
// ("aclnnXxx: expected <rule>, but got <value>") and the vendor's status codes.
#pragma once

#include <cstdint>
#include <new>
#include <string>
#include <vector>

#include "aclnn/acl_meta.h"
#include "aclnn/opdev/op_errno.h"

namespace aclcpu {

std::string DTypeName(aclDataType type);
std::string ShapeString(const std::vector<int64_t> &dims);
std::string ShapeOf(const aclTensor *tensor);
std::string FormatName(aclFormat format);

// A tensor argument with the name its messages use.
struct NamedTensor {
  const aclTensor *tensor;
  const char *name;
};

class OpCheck {
 public:
  explicit OpCheck(const char *opName) : op_(opName) {}
  const char *op() const { return op_; }

  // 161001 with "expected a non-null <name>, but got nullptr" when `p` is null.
  aclnnStatus NotNull(const void *p, const char *name) const;
  // 161002 with "expected <rule>, but got <got>".
  aclnnStatus Invalid(const std::string &rule, const std::string &got) const;
  // 161002 unless the tensor's dtype is in `allowed`.
  aclnnStatus DTypeIn(const aclTensor *t, const char *name, std::initializer_list<aclDataType> allowed) const;
  aclnnStatus DTypeIn(const aclTensor *t, const char *name, const std::vector<aclDataType> &allowed) const;
  aclnnStatus RankAtMost(const aclTensor *t, const char *name, size_t maxRank) const;
  // 161002 with "expected <name> of rank <rank>" unless the tensor has exactly that rank.
  aclnnStatus RankIs(const aclTensor *t, const char *name, size_t rank) const;
  aclnnStatus SameShape(const aclTensor *a, const char *nameA, const aclTensor *b, const char *nameB) const;
  aclnnStatus SameDType(const aclTensor *a, const char *nameA, const aclTensor *b, const char *nameB) const;
  // 161002 unless the two view shapes broadcast (common-rules.md §5.2); the result in *shape.
  aclnnStatus Broadcast(const aclTensor *a, const char *nameA, const aclTensor *b, const char *nameB,
                        std::vector<int64_t> *shape) const;
  // 161002 unless the view shape of `t` is `shape` (`what` names where the expected shape comes from).
  aclnnStatus ShapeIs(const aclTensor *t, const char *name, const std::vector<int64_t> &shape, const char *what) const;
  // 161002 unless the two dtypes promote (PromoteType); the result in *promoted.
  aclnnStatus Promotes(aclDataType a, const char *nameA, aclDataType b, const char *nameB, aclDataType *promoted) const;
  // 161002 unless `from` can be cast to `to` (CanCast), `what` naming the two ("the result to out").
  aclnnStatus Castable(aclDataType from, aclDataType to, const char *what) const;
  // 161002 unless the scalar's dtype is in `allowed`.
  aclnnStatus ScalarDTypeIn(const aclScalar *s, const char *name, std::initializer_list<aclDataType> allowed) const;
  // 161002 for the device-private (blocked) storage formats: NC1HWC0, FRACTAL_Z, FRACTAL_NZ, ...
  aclnnStatus PublicFormat(const aclTensor *t, const char *name) const;
  // 161002 unless the tensor's format is in `allowed`.
  aclnnStatus FormatIn(const aclTensor *t, const char *name, std::initializer_list<aclFormat> allowed) const;
  // 161002 unless dims are non-negative, there is one stride per dim, and every element of the
  // view lies inside the storage shape (when one is given): the guard against out-of-buffer access.
  // When the data address lies in an aclrtMalloc/aclrtMallocHost block, the view's bytes must lie
  // inside that block too.
  aclnnStatus ViewFitsStorage(const aclTensor *t, const char *name) const;
  // 161002 when the view has more elements than its span of memory holds, so some element is written
  // twice (the CPU's rule for outputs, as PyTorch's: it bounds an output's work by its memory).
  aclnnStatus NoSelfOverlap(const aclTensor *t, const char *name) const;
  // ViewFitsStorage for each tensor in order, skipping null ones (absent optionals, unmasked outputs).
  aclnnStatus ViewsFitStorage(const std::vector<NamedTensor> &tensors) const;

 private:
  const char *op_;
};

// The vendor's broadcast of two view shapes (aligned on the right; a pair of dims broadcasts when equal
// or when one is 1, 1 with 0 giving 0); false when they do not broadcast.
bool BroadcastShapes(const std::vector<int64_t> &a, const std::vector<int64_t> &b, std::vector<int64_t> *out);

// Empty when the view of `t` placed at `addr` stays inside the runtime block that contains
// `addr` (or `addr` is in no block: caller-owned memory, or the view is empty); otherwise why not.
std::string ViewOutsideItsBlock(const aclTensor &t, const void *addr);
// The bytes [*first, *end) from the storage start that the view of `t` can touch; false when the
// view is empty (or the span does not fit in int64).
bool ViewByteSpan(const aclTensor &t, int64_t *first, int64_t *end);

// Reports an internal failure (e.g. out of host memory) and returns ACLNN_ERR_INNER.
aclnnStatus InternalError(const char *opName, const char *what);

// Runs `body` (a phase-1 or phase-2 implementation) and turns escaping exceptions into status
// codes, so nothing crosses the C boundary.
template <class Body>
aclnnStatus Guarded(const char *opName, Body &&body) {
  try {
    return body();
  } catch (const std::bad_alloc &) {
    return InternalError(opName, "out of host memory");
  } catch (...) {
    return InternalError(opName, "unexpected exception");
  }
}

#define ACLCPU_RETURN_IF_ERROR(expr)                          \
  do {                                                        \
    const aclnnStatus aclcpuStatus_ = (expr);                 \
    if (aclcpuStatus_ != ACLNN_SUCCESS) return aclcpuStatus_; \
  } while (0)

}  // namespace aclcpu
