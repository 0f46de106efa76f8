// The definitions behind the opaque aclnn meta handles (API side of the base library).
#pragma once

#include <cstdint>
#include <vector>

#include "aclnn/acl_meta.h"
#include "base/tensor_view.h"

struct aclTensor {
  std::vector<int64_t> viewDims;
  std::vector<int64_t> strides;  // in elements, one per view dim
  int64_t offset = 0;            // in elements, from storage element 0
  aclDataType dataType = ACL_FLOAT;
  aclFormat format = ACL_FORMAT_ND;
  std::vector<int64_t> storageDims;
  void *data = nullptr;  // storage element 0
};

struct aclScalar {
  aclDataType dataType = ACL_FLOAT;
  alignas(16) unsigned char value[16] = {};
};

struct aclIntArray {
  std::vector<int64_t> values;
};

struct aclFloatArray {
  std::vector<float> values;
};

struct aclBoolArray {
  std::vector<uint8_t> values;
};

struct aclTensorList {
  std::vector<aclTensor *> items;  // owned
};

struct aclScalarList {
  std::vector<aclScalar *> items;  // owned
};

namespace aclcpu {

DType ToDType(aclDataType type);
// The product of dims[first, last): 0 if a dim is 0, else INT64_MAX when a dim is negative or the
// product overflows. Shape checks compare such counts before OpCheck::ViewFitsStorage, the last
// check, refuses the bad dims themselves.
int64_t DimsProduct(const std::vector<int64_t> &dims, size_t first, size_t last);
int64_t Numel(const aclTensor &tensor);
bool IsEmpty(const aclTensor &tensor);
// The kernel-facing description of a tensor whose rank is at most kMaxRank.
TensorView ToView(const aclTensor &tensor);

}  // namespace aclcpu
