// aclTensor, aclScalar, the arrays and lists: create, destroy, get.
#include "base/meta_objects.h"

#include <cstring>
#include <memory>
#include <new>

#include "aclnn/opdev/op_errno.h"
#include "runtime/runtime_internal.h"

namespace aclcpu {

DType ToDType(aclDataType type) {
  switch (type) {
    case ACL_FLOAT: return DType::kF32;
    case ACL_FLOAT16: return DType::kF16;
    case ACL_BF16: return DType::kBF16;
    case ACL_DOUBLE: return DType::kF64;
    case ACL_COMPLEX64: return DType::kC64;
    case ACL_COMPLEX128: return DType::kC128;
    case ACL_BOOL: return DType::kBool;
    case ACL_INT8: return DType::kI8;
    case ACL_UINT8: return DType::kU8;
    case ACL_INT16: return DType::kI16;
    case ACL_INT32: return DType::kI32;
    case ACL_INT64: return DType::kI64;
    case ACL_UINT16: return DType::kU16;
    case ACL_UINT32: return DType::kU32;
    case ACL_UINT64: return DType::kU64;
    default: return DType::kOther;
  }
}

int64_t DimsProduct(const std::vector<int64_t> &dims, size_t first, size_t last) {
  int64_t n = 1;
  bool unrepresentable = false;
  for (size_t d = first; d < last; ++d) {
    if (dims[d] == 0) return 0;
    unrepresentable = unrepresentable || dims[d] < 0 || __builtin_mul_overflow(n, dims[d], &n);
  }
  return unrepresentable ? INT64_MAX : n;
}

int64_t Numel(const aclTensor &tensor) { return DimsProduct(tensor.viewDims, 0, tensor.viewDims.size()); }

bool IsEmpty(const aclTensor &tensor) {
  for (int64_t d : tensor.viewDims)
    if (d == 0) return true;
  return false;
}

TensorView ToView(const aclTensor &tensor) {
  TensorView view;
  view.dtype = ToDType(tensor.dataType);
  view.rank = static_cast<int>(tensor.viewDims.size());
  for (int d = 0; d < view.rank && d < kMaxRank; ++d) {
    view.dims[d] = tensor.viewDims[d];
    view.strides[d] = tensor.strides[d];
  }
  view.offset = tensor.offset;
  return view;
}

namespace {

// Row-major strides for `dims`; false when they do not fit in int64 (no such tensor can exist).
bool ContiguousStrides(const std::vector<int64_t> &dims, std::vector<int64_t> *strides) {
  strides->resize(dims.size());
  int64_t running = 1;
  for (size_t d = dims.size(); d-- > 0;) {
    (*strides)[d] = running;
    if (d > 0 && __builtin_mul_overflow(running, dims[d] > 0 ? dims[d] : 1, &running)) return false;
  }
  return true;
}

aclnnStatus NullArgument(const char *api, const char *name) {
  ReportError("EZ1001", std::string(api) + ": expected a non-null " + name + ", but got nullptr");
  return ACLNN_ERR_PARAM_NULLPTR;
}

aclnnStatus InvalidArgument(const char *api, const char *rule) {
  ReportError("EZ1001", std::string(api) + ": expected " + rule + ", but got an overflowing shape");
  return ACLNN_ERR_PARAM_INVALID;
}

aclnnStatus CopyOut(const std::vector<int64_t> &values, int64_t **out, uint64_t *count, const char *api) {
  if (out == nullptr || count == nullptr) return NullArgument(api, "output pointer");
  // The caller frees with delete[], as with CANN.
  auto *copy = new (std::nothrow) int64_t[values.empty() ? 1 : values.size()];
  if (copy == nullptr) return ACLNN_ERR_INNER;
  for (size_t i = 0; i < values.size(); ++i) copy[i] = values[i];
  *out = copy;
  *count = values.size();
  return ACLNN_SUCCESS;
}

template <class T>
aclnnStatus DestroyObject(const T *object) {
  delete object;
  return ACLNN_SUCCESS;
}

}  // namespace
}  // namespace aclcpu

using aclcpu::NullArgument;

extern "C" {

aclTensor *aclCreateTensor(const int64_t *viewDims, uint64_t viewDimsNum, aclDataType dataType, const int64_t *stride,
                           int64_t offset, aclFormat format, const int64_t *storageDims, uint64_t storageDimsNum,
                           void *tensorData) {
  if ((viewDims == nullptr && viewDimsNum > 0) || (storageDims == nullptr && storageDimsNum > 0)) return nullptr;
  try {
    std::unique_ptr<aclTensor> t(new aclTensor);
    t->viewDims.assign(viewDims, viewDims + viewDimsNum);
    if (stride != nullptr) {
      t->strides.assign(stride, stride + viewDimsNum);
    } else if (!aclcpu::ContiguousStrides(t->viewDims, &t->strides)) {
      return nullptr;  // contiguous strides would overflow int64
    }
    t->offset = offset;
    t->dataType = dataType;
    t->format = format;
    t->storageDims.assign(storageDims, storageDims + storageDimsNum);
    t->data = tensorData;
    return t.release();
  } catch (...) {
    return nullptr;
  }
}

aclnnStatus aclInitTensor(aclTensor *tensor, const int64_t *viewDims, uint64_t viewDimsNum, aclDataType dataType,
                          const int64_t *stride, int64_t offset, aclFormat format, const int64_t *storageDims,
                          uint64_t storageDimsNum, void *tensorDataAddr) {
  if (tensor == nullptr) return NullArgument("aclInitTensor", "tensor");
  try {
    if (viewDims != nullptr && viewDimsNum > 0) tensor->viewDims.assign(viewDims, viewDims + viewDimsNum);
    if (stride != nullptr) {
      tensor->strides.assign(stride, stride + tensor->viewDims.size());
    } else if (!aclcpu::ContiguousStrides(tensor->viewDims, &tensor->strides)) {
      return aclcpu::InvalidArgument("aclInitTensor", "viewDims whose contiguous strides fit in int64");
    }
    tensor->offset = offset;
    tensor->format = format;
    tensor->dataType = dataType;
    if (storageDims != nullptr && storageDimsNum > 0)
      tensor->storageDims.assign(storageDims, storageDims + storageDimsNum);
    if (tensorDataAddr != nullptr) tensor->data = tensorDataAddr;
  } catch (...) {
    return ACLNN_ERR_INNER;
  }
  return ACLNN_SUCCESS;
}

aclScalar *aclCreateScalar(void *value, aclDataType dataType) {
  if (value == nullptr) return nullptr;
  size_t size = 0;
  switch (dataType) {
    case ACL_STRING:
    case ACL_DT_UNDEFINED:
    case ACL_UINT1:
    case ACL_INT4: return nullptr;
    default: size = aclDataTypeSize(dataType);
  }
  if (size == 0 || size > sizeof(aclScalar::value)) return nullptr;
  auto *s = new (std::nothrow) aclScalar;
  if (s == nullptr) return nullptr;
  s->dataType = dataType;
  std::memcpy(s->value, value, size);
  return s;
}

aclIntArray *aclCreateIntArray(const int64_t *value, uint64_t size) {
  try {
    auto *a = new aclIntArray;
    if (value != nullptr) a->values.assign(value, value + size);
    return a;
  } catch (...) {
    return nullptr;
  }
}

aclFloatArray *aclCreateFloatArray(const float *value, uint64_t size) {
  try {
    auto *a = new aclFloatArray;
    if (value != nullptr) a->values.assign(value, value + size);
    return a;
  } catch (...) {
    return nullptr;
  }
}

aclBoolArray *aclCreateBoolArray(const bool *value, uint64_t size) {
  try {
    auto *a = new aclBoolArray;
    if (value != nullptr)
      for (uint64_t i = 0; i < size; ++i) a->values.push_back(value[i] ? 1 : 0);
    return a;
  } catch (...) {
    return nullptr;
  }
}

aclTensorList *aclCreateTensorList(const aclTensor *const *value, uint64_t size) {
  try {
    auto *list = new aclTensorList;
    if (value != nullptr)
      for (uint64_t i = 0; i < size; ++i) list->items.push_back(const_cast<aclTensor *>(value[i]));
    return list;
  } catch (...) {
    return nullptr;
  }
}

aclScalarList *aclCreateScalarList(const aclScalar *const *value, uint64_t size) {
  try {
    auto *list = new aclScalarList;
    if (value != nullptr)
      for (uint64_t i = 0; i < size; ++i) list->items.push_back(const_cast<aclScalar *>(value[i]));
    return list;
  } catch (...) {
    return nullptr;
  }
}

aclnnStatus aclDestroyTensor(const aclTensor *tensor) { return aclcpu::DestroyObject(tensor); }
aclnnStatus aclDestroyScalar(const aclScalar *scalar) { return aclcpu::DestroyObject(scalar); }
aclnnStatus aclDestroyIntArray(const aclIntArray *array) { return aclcpu::DestroyObject(array); }
aclnnStatus aclDestroyFloatArray(const aclFloatArray *array) { return aclcpu::DestroyObject(array); }
aclnnStatus aclDestroyBoolArray(const aclBoolArray *array) { return aclcpu::DestroyObject(array); }

aclnnStatus aclDestroyTensorList(const aclTensorList *array) {
  if (array != nullptr)
    for (aclTensor *t : array->items) delete t;  // the list owns its elements
  return aclcpu::DestroyObject(array);
}

aclnnStatus aclDestroyScalarList(const aclScalarList *array) {
  if (array != nullptr)
    for (aclScalar *s : array->items) delete s;
  return aclcpu::DestroyObject(array);
}

aclnnStatus aclGetViewShape(const aclTensor *tensor, int64_t **viewDims, uint64_t *viewDimsNum) {
  if (tensor == nullptr) return NullArgument("aclGetViewShape", "tensor");
  return aclcpu::CopyOut(tensor->viewDims, viewDims, viewDimsNum, "aclGetViewShape");
}

aclnnStatus aclGetStorageShape(const aclTensor *tensor, int64_t **storageDims, uint64_t *storageDimsNum) {
  if (tensor == nullptr) return NullArgument("aclGetStorageShape", "tensor");
  return aclcpu::CopyOut(tensor->storageDims, storageDims, storageDimsNum, "aclGetStorageShape");
}

aclnnStatus aclGetViewStrides(const aclTensor *tensor, int64_t **stridesValue, uint64_t *stridesNum) {
  if (tensor == nullptr) return NullArgument("aclGetViewStrides", "tensor");
  return aclcpu::CopyOut(tensor->strides, stridesValue, stridesNum, "aclGetViewStrides");
}

aclnnStatus aclGetViewOffset(const aclTensor *tensor, int64_t *offset) {
  if (tensor == nullptr || offset == nullptr) return NullArgument("aclGetViewOffset", "argument");
  *offset = tensor->offset;
  return ACLNN_SUCCESS;
}

aclnnStatus aclGetFormat(const aclTensor *tensor, aclFormat *format) {
  if (tensor == nullptr || format == nullptr) return NullArgument("aclGetFormat", "argument");
  *format = tensor->format;
  return ACLNN_SUCCESS;
}

aclnnStatus aclGetDataType(const aclTensor *tensor, aclDataType *dataType) {
  if (tensor == nullptr || dataType == nullptr) return NullArgument("aclGetDataType", "argument");
  *dataType = tensor->dataType;
  return ACLNN_SUCCESS;
}

aclnnStatus aclGetIntArraySize(const aclIntArray *array, uint64_t *size) {
  if (array == nullptr || size == nullptr) return NullArgument("aclGetIntArraySize", "argument");
  *size = array->values.size();
  return ACLNN_SUCCESS;
}

aclnnStatus aclGetFloatArraySize(const aclFloatArray *array, uint64_t *size) {
  if (array == nullptr || size == nullptr) return NullArgument("aclGetFloatArraySize", "argument");
  *size = array->values.size();
  return ACLNN_SUCCESS;
}

aclnnStatus aclGetBoolArraySize(const aclBoolArray *array, uint64_t *size) {
  if (array == nullptr || size == nullptr) return NullArgument("aclGetBoolArraySize", "argument");
  *size = array->values.size();
  return ACLNN_SUCCESS;
}

aclnnStatus aclGetTensorListSize(const aclTensorList *tensorList, uint64_t *size) {
  if (tensorList == nullptr || size == nullptr) return NullArgument("aclGetTensorListSize", "argument");
  *size = tensorList->items.size();
  return ACLNN_SUCCESS;
}

aclnnStatus aclGetScalarListSize(const aclScalarList *scalarList, uint64_t *size) {
  if (scalarList == nullptr || size == nullptr) return NullArgument("aclGetScalarListSize", "argument");
  *size = scalarList->items.size();
  return ACLNN_SUCCESS;
}

aclnnStatus aclSetRawTensorAddr(aclTensor *tensor, void *addr) {
  if (tensor == nullptr) return NullArgument("aclSetRawTensorAddr", "tensor");
  tensor->data = addr;
  return ACLNN_SUCCESS;
}

aclnnStatus aclGetRawTensorAddr(const aclTensor *tensor, void **addr) {
  if (tensor == nullptr || addr == nullptr) return NullArgument("aclGetRawTensorAddr", "argument");
  *addr = tensor->data;
  return ACLNN_SUCCESS;
}

}  // extern "C"
