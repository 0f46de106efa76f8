// Conversions between the tests' double vectors (numel x components, row-major) and ATen tensors,
// for the PyTorch parity suites.
#pragma once

#include <ATen/ATen.h>

#include <vector>

#include "acl/acl.h"

namespace aclcpu_test {

inline at::ScalarType TorchType(aclDataType t) {
  switch (t) {
    case ACL_FLOAT16: return at::kHalf;
    case ACL_BF16: return at::kBFloat16;
    case ACL_DOUBLE: return at::kDouble;
    case ACL_COMPLEX64: return at::kComplexFloat;
    case ACL_COMPLEX128: return at::kComplexDouble;
    case ACL_BOOL: return at::kBool;
    case ACL_INT8: return at::kChar;
    case ACL_UINT8: return at::kByte;
    case ACL_INT16: return at::kShort;
    case ACL_INT32: return at::kInt;
    case ACL_INT64: return at::kLong;
    default: return at::kFloat;
  }
}

inline at::Tensor ToTorch(const std::vector<double> &v, std::vector<int64_t> shape, aclDataType t) {
  const at::Tensor d = at::tensor(at::ArrayRef<double>(v), at::kDouble);
  if (t == ACL_COMPLEX64 || t == ACL_COMPLEX128) {
    shape.push_back(2);
    return at::view_as_complex(d.reshape(shape).to(t == ACL_COMPLEX64 ? at::kFloat : at::kDouble).contiguous());
  }
  return d.reshape(shape).to(TorchType(t));
}

inline std::vector<double> FromTorch(const at::Tensor &t) {
  const at::Tensor real = t.is_complex() ? at::view_as_real(t.contiguous()) : t;
  const at::Tensor d = real.to(at::kDouble).contiguous();
  return std::vector<double>(d.data_ptr<double>(), d.data_ptr<double>() + d.numel());
}

}  // namespace aclcpu_test
