#include "base/check.h"

#include <algorithm>

#include "base/dtype_rules.h"
#include "base/meta_objects.h"
#include "runtime/runtime_internal.h"

namespace aclcpu {

std::string DTypeName(aclDataType type) {
  switch (type) {
    case ACL_FLOAT: return "FLOAT";
    case ACL_FLOAT16: return "FLOAT16";
    case ACL_BF16: return "BF16";
    case ACL_DOUBLE: return "DOUBLE";
    case ACL_INT8: return "INT8";
    case ACL_INT16: return "INT16";
    case ACL_INT32: return "INT32";
    case ACL_INT64: return "INT64";
    case ACL_UINT8: return "UINT8";
    case ACL_UINT16: return "UINT16";
    case ACL_UINT32: return "UINT32";
    case ACL_UINT64: return "UINT64";
    case ACL_BOOL: return "BOOL";
    case ACL_COMPLEX64: return "COMPLEX64";
    case ACL_COMPLEX128: return "COMPLEX128";
    default: return "dtype " + std::to_string(static_cast<int>(type));
  }
}

std::string ShapeString(const std::vector<int64_t> &dims) {
  std::string s = "[";
  for (size_t i = 0; i < dims.size(); ++i) s += (i ? "," : "") + std::to_string(dims[i]);
  return s + "]";
}

std::string ShapeOf(const aclTensor *tensor) { return ShapeString(tensor->viewDims); }

std::string FormatName(aclFormat format) {
  switch (format) {
    case ACL_FORMAT_UNDEFINED: return "UNDEFINED";
    case ACL_FORMAT_NCHW: return "NCHW";
    case ACL_FORMAT_NHWC: return "NHWC";
    case ACL_FORMAT_ND: return "ND";
    case ACL_FORMAT_NC1HWC0: return "NC1HWC0";
    case ACL_FORMAT_FRACTAL_Z: return "FRACTAL_Z";
    case ACL_FORMAT_HWCN: return "HWCN";
    case ACL_FORMAT_NDHWC: return "NDHWC";
    case ACL_FORMAT_FRACTAL_NZ: return "FRACTAL_NZ";
    case ACL_FORMAT_NCDHW: return "NCDHW";
    case ACL_FORMAT_NC: return "NC";
    case ACL_FORMAT_NCL: return "NCL";
    default: return "format " + std::to_string(static_cast<int>(format));
  }
}

aclnnStatus InternalError(const char *opName, const char *what) {
  ReportError("EZ9999", std::string(opName) + ": internal error: " + what);
  return ACLNN_ERR_INNER;
}

aclnnStatus OpCheck::NotNull(const void *p, const char *name) const {
  if (p != nullptr) return ACLNN_SUCCESS;
  ReportError("EZ1001", std::string(op_) + ": expected a non-null " + name + ", but got nullptr");
  return ACLNN_ERR_PARAM_NULLPTR;
}

aclnnStatus OpCheck::Invalid(const std::string &rule, const std::string &got) const {
  ReportError("EZ1001", std::string(op_) + ": expected " + rule + ", but got " + got);
  return ACLNN_ERR_PARAM_INVALID;
}

aclnnStatus OpCheck::DTypeIn(const aclTensor *t, const char *name, std::initializer_list<aclDataType> allowed) const {
  return DTypeIn(t, name, std::vector<aclDataType>(allowed));
}

aclnnStatus OpCheck::DTypeIn(const aclTensor *t, const char *name, const std::vector<aclDataType> &allowed) const {
  std::string list;
  for (aclDataType a : allowed) {
    if (t->dataType == a) return ACLNN_SUCCESS;
    list += (list.empty() ? "" : ", ") + DTypeName(a);
  }
  return Invalid(std::string(name) + " dtype in {" + list + "}", DTypeName(t->dataType));
}

bool BroadcastShapes(const std::vector<int64_t> &a, const std::vector<int64_t> &b, std::vector<int64_t> *out) {
  const size_t rank = std::max(a.size(), b.size());
  std::vector<int64_t> r(rank);
  for (size_t i = 0; i < rank; ++i) {  // i counts from the last dim
    const bool hasA = i < a.size(), hasB = i < b.size();
    const int64_t da = hasA ? a[a.size() - 1 - i] : 1, db = hasB ? b[b.size() - 1 - i] : 1;
    int64_t d;
    if (!hasA || !hasB)
      d = hasA ? da : db;
    else if (da == db)
      d = da;
    else if (da == 1)
      d = db;
    else if (db == 1)
      d = da;
    else
      return false;
    r[rank - 1 - i] = d;
  }
  *out = std::move(r);
  return true;
}

aclnnStatus OpCheck::Broadcast(const aclTensor *a, const char *nameA, const aclTensor *b, const char *nameB,
                               std::vector<int64_t> *shape) const {
  if (BroadcastShapes(a->viewDims, b->viewDims, shape)) return ACLNN_SUCCESS;
  return Invalid(std::string(nameA) + " and " + nameB + " shapes that broadcast", ShapeOf(a) + " and " + ShapeOf(b));
}

aclnnStatus OpCheck::ShapeIs(const aclTensor *t, const char *name, const std::vector<int64_t> &shape,
                             const char *what) const {
  if (t->viewDims == shape) return ACLNN_SUCCESS;
  return Invalid(std::string(name) + " shape " + ShapeString(shape) + " (" + what + ")", ShapeOf(t));
}

aclnnStatus OpCheck::Promotes(aclDataType a, const char *nameA, aclDataType b, const char *nameB,
                              aclDataType *promoted) const {
  *promoted = PromoteTypes(a, b);
  if (*promoted != ACL_DT_UNDEFINED) return ACLNN_SUCCESS;
  return Invalid(std::string(nameA) + " and " + nameB + " dtypes that promote", DTypeName(a) + " and " + DTypeName(b));
}

aclnnStatus OpCheck::Castable(aclDataType from, aclDataType to, const char *what) const {
  if (CanCastTo(from, to)) return ACLNN_SUCCESS;
  return Invalid(std::string("a cast of ") + what + " that is allowed", DTypeName(from) + " to " + DTypeName(to));
}

aclnnStatus OpCheck::ScalarDTypeIn(const aclScalar *s, const char *name,
                                   std::initializer_list<aclDataType> allowed) const {
  std::string list;
  for (aclDataType a : allowed) {
    if (s->dataType == a) return ACLNN_SUCCESS;
    list += (list.empty() ? "" : ", ") + DTypeName(a);
  }
  return Invalid(std::string(name) + " dtype in {" + list + "}", DTypeName(s->dataType));
}

aclnnStatus OpCheck::NoSelfOverlap(const aclTensor *t, const char *name) const {
  const size_t rank = std::min(t->viewDims.size(), t->strides.size());
  for (size_t d = 0; d < rank; ++d)
    if (t->viewDims[d] <= 0) return ACLNN_SUCCESS;  // empty: nothing is written
  // In 128 bits, saturated at 2^100 (far past any span a view inside its storage can have): dims and
  // strides come from the caller, and their products can exceed int64 and, unsaturated, int128.
  const __int128 cap = static_cast<__int128>(1) << 100;
  __int128 span = 1, numel = 1;
  for (size_t d = 0; d < rank; ++d) {
    const __int128 dim = t->viewDims[d], stride = t->strides[d];
    span = std::min(cap, span + (dim - 1) * (stride < 0 ? -stride : stride));
    numel = numel > cap / dim ? cap : numel * dim;
  }
  if (numel <= span) return ACLNN_SUCCESS;
  return Invalid(std::string(name) + " view whose elements do not overlap", ShapeOf(t));
}

aclnnStatus OpCheck::FormatIn(const aclTensor *t, const char *name, std::initializer_list<aclFormat> allowed) const {
  std::string list;
  for (aclFormat f : allowed) {
    if (t->format == f) return ACLNN_SUCCESS;
    list += (list.empty() ? "" : ", ") + FormatName(f);
  }
  return Invalid(std::string(name) + " format in {" + list + "}", FormatName(t->format));
}

aclnnStatus OpCheck::RankAtMost(const aclTensor *t, const char *name, size_t maxRank) const {
  if (t->viewDims.size() <= maxRank) return ACLNN_SUCCESS;
  return Invalid(std::string(name) + " rank <= " + std::to_string(maxRank),
                 "rank " + std::to_string(t->viewDims.size()) + " " + ShapeOf(t));
}

aclnnStatus OpCheck::RankIs(const aclTensor *t, const char *name, size_t rank) const {
  if (t->viewDims.size() == rank) return ACLNN_SUCCESS;
  return Invalid(std::string(name) + " of rank " + std::to_string(rank),
                 "rank " + std::to_string(t->viewDims.size()) + " " + ShapeOf(t));
}

aclnnStatus OpCheck::SameShape(const aclTensor *a, const char *nameA, const aclTensor *b, const char *nameB) const {
  if (a->viewDims == b->viewDims) return ACLNN_SUCCESS;
  return Invalid(std::string(nameA) + " shape equal to " + nameB + " shape " + ShapeOf(b), ShapeOf(a));
}

aclnnStatus OpCheck::SameDType(const aclTensor *a, const char *nameA, const aclTensor *b, const char *nameB) const {
  if (a->dataType == b->dataType) return ACLNN_SUCCESS;
  return Invalid(std::string(nameA) + " dtype equal to " + nameB + " dtype " + DTypeName(b->dataType),
                 DTypeName(a->dataType));
}

aclnnStatus OpCheck::PublicFormat(const aclTensor *t, const char *name) const {
  switch (t->format) {
    case ACL_FORMAT_NC1HWC0:
    case ACL_FORMAT_FRACTAL_Z:
    case ACL_FORMAT_NC1HWC0_C04:
    case ACL_FORMAT_FRACTAL_NZ:
    case ACL_FORMAT_NDC1HWC0:
    case ACL_FRACTAL_Z_3D:
    case ACL_FORMAT_FRACTAL_NZ_C0_16:
    case ACL_FORMAT_FRACTAL_NZ_C0_32:
    case ACL_FORMAT_FRACTAL_NZ_C0_2:
    case ACL_FORMAT_FRACTAL_NZ_C0_4:
    case ACL_FORMAT_FRACTAL_NZ_C0_8:
      return Invalid(std::string(name) + " in a public (non-blocked) storage format", FormatName(t->format));
    default: return ACLNN_SUCCESS;
  }
}

aclnnStatus OpCheck::ViewFitsStorage(const aclTensor *t, const char *name) const {
  if (t->strides.size() != t->viewDims.size()) {
    return Invalid(std::string(name) + " with one stride per dim",
                   std::to_string(t->strides.size()) + " strides for " + ShapeOf(t));
  }
  int64_t low = t->offset, high = t->offset, numel = 1;
  bool empty = false;
  const bool hasZeroDim = std::find(t->viewDims.begin(), t->viewDims.end(), 0) != t->viewDims.end();
  for (int64_t n : t->viewDims) {
    if (!hasZeroDim && n > 0 && __builtin_mul_overflow(numel, n, &numel)) {
      return Invalid(std::string(name) + " with an element count that fits in int64", ShapeOf(t));
    }
  }
  for (size_t d = 0; d < t->viewDims.size(); ++d) {
    const int64_t n = t->viewDims[d];
    if (n < 0) return Invalid(std::string(name) + " with non-negative dims", ShapeOf(t));
    if (n == 0) empty = true;
    int64_t reach = 0;
    if (__builtin_mul_overflow(n > 0 ? n - 1 : 0, t->strides[d], &reach) ||
        __builtin_add_overflow(reach < 0 ? low : high, reach, reach < 0 ? &low : &high)) {
      return Invalid(std::string(name) + " whose extent (dims x strides) fits in int64", ShapeOf(t));
    }
  }
  if (empty) return ACLNN_SUCCESS;
  // Without a storage shape the view still may not reach before its address, nor past its block.
  int64_t storage = INT64_MAX;
  if (!t->storageDims.empty()) {
    storage = 1;
    for (int64_t d : t->storageDims) {
      if (d < 0 || __builtin_mul_overflow(storage, d, &storage)) {
        return Invalid(std::string(name) + " storage shape with a representable element count", "overflow");
      }
    }
  }
  if (low < 0 || high >= storage) {
    return Invalid(std::string(name) + " view (shape " + ShapeOf(t) + ", offset " + std::to_string(t->offset) +
                       ") inside its storage of " +
                       (t->storageDims.empty() ? std::string("unknown size") : std::to_string(storage) + " elements"),
                   "elements " + std::to_string(low) + " to " + std::to_string(high));
  }
  const std::string outside = ViewOutsideItsBlock(*t, t->data);
  if (!outside.empty()) return Invalid(std::string(name) + " view inside its aclrtMalloc block", outside);
  return ACLNN_SUCCESS;
}

bool ViewByteSpan(const aclTensor &t, int64_t *first, int64_t *end) {
  if (IsEmpty(t)) return false;
  // Element reach of the view from storage element 0 (phase 1 checked it cannot overflow).
  int64_t low = t.offset, high = t.offset;
  for (size_t d = 0; d < t.viewDims.size() && d < t.strides.size(); ++d) {
    const int64_t reach = (t.viewDims[d] - 1) * t.strides[d];
    (reach < 0 ? low : high) += reach;
  }
  const auto elementBytes = static_cast<int64_t>(aclDataTypeSize(t.dataType));
  return !__builtin_mul_overflow(low, elementBytes, first) && !__builtin_add_overflow(high, 1, end) &&
         !__builtin_mul_overflow(*end, elementBytes, end);
}

aclnnStatus OpCheck::ViewsFitStorage(const std::vector<NamedTensor> &tensors) const {
  for (const NamedTensor &t : tensors) {
    if (t.tensor != nullptr) ACLCPU_RETURN_IF_ERROR(ViewFitsStorage(t.tensor, t.name));
  }
  return ACLNN_SUCCESS;
}

std::string ViewOutsideItsBlock(const aclTensor &t, const void *addr) {
  MemoryBlock block;
  if (addr == nullptr || IsEmpty(t) || !FindMemoryBlock(addr, &block)) return {};
  const int64_t start = static_cast<const char *>(addr) - static_cast<const char *>(block.base);
  const auto blockBytes = static_cast<int64_t>(block.size);
  int64_t first = 0, end = 0;
  if (!ViewByteSpan(t, &first, &end) || __builtin_add_overflow(first, start, &first) ||
      __builtin_add_overflow(end, start, &end) || first < 0 || end > blockBytes) {
    return "a view of shape " + ShapeOf(&t) + " reaching bytes [" + std::to_string(first) + ", " + std::to_string(end) +
           ") of a " + std::to_string(blockBytes) + "-byte block";
  }
  return {};
}

}  // namespace aclcpu
