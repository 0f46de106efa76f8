// Tensor descriptors for phase-1 unit tests written in the vendor's notation: shape, dtype, format,
// or null. Phase 1 never touches data, so the descriptors carry no memory.
#pragma once

#include <memory>
#include <vector>

#include "aclnn/acl_meta.h"

namespace aclcpu_test {

struct Desc {
  std::vector<int64_t> shape;
  aclDataType dtype = ACL_FLOAT;
  aclFormat format = ACL_FORMAT_ND;
  bool present = true;
  std::vector<int64_t> strides;  // empty = contiguous
  std::vector<int64_t> storage;  // empty = the view shape
};

inline Desc D(std::vector<int64_t> shape, aclDataType t = ACL_FLOAT, aclFormat f = ACL_FORMAT_ND) {
  return {shape, t, f, true, {}, {}};
}
inline Desc Null() { return {{}, ACL_FLOAT, ACL_FORMAT_ND, false, {}, {}}; }

// Owns the aclTensors it makes, so a phase 2 after phase 1 still sees live descriptors.
class Descriptors {
 public:
  aclTensor *Make(const Desc &d) {
    if (!d.present) return nullptr;
    const std::vector<int64_t> &storage = d.storage.empty() ? d.shape : d.storage;
    aclTensor *t =
        aclCreateTensor(d.shape.data(), d.shape.size(), d.dtype, d.strides.empty() ? nullptr : d.strides.data(), 0,
                        d.format, storage.data(), storage.size(), nullptr);
    owned_.emplace_back(t, aclDestroyTensor);
    return t;
  }

 private:
  std::vector<std::unique_ptr<aclTensor, aclnnStatus (*)(const aclTensor *)>> owned_;
};

}  // namespace aclcpu_test
