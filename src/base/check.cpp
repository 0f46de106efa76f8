#include "base/check.h"

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
  std::string list;
  for (aclDataType a : allowed) {
    if (t->dataType == a) return ACLNN_SUCCESS;
    list += (list.empty() ? "" : ", ") + DTypeName(a);
  }
  return Invalid(std::string(name) + " dtype in {" + list + "}", DTypeName(t->dataType));
}

aclnnStatus OpCheck::RankAtMost(const aclTensor *t, const char *name, size_t maxRank) const {
  if (t->viewDims.size() <= maxRank) return ACLNN_SUCCESS;
  return Invalid(std::string(name) + " rank <= " + std::to_string(maxRank),
                 "rank " + std::to_string(t->viewDims.size()) + " " + ShapeOf(t));
}

aclnnStatus OpCheck::SameShape(const aclTensor *a, const char *nameA, const aclTensor *b, const char *nameB) const {
  if (a->viewDims == b->viewDims) return ACLNN_SUCCESS;
  return Invalid(std::string(nameA) + " shape equal to " + nameB + " shape " + ShapeOf(b), ShapeOf(a));
}

}  // namespace aclcpu
