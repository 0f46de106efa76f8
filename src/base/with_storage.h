// A kernel written once for the three storage types of a float tensor (float, BF16Elem, F16Elem; base/half.h) is
// called through WithStorage, which turns a runtime dtype into the element type.
#pragma once

#include <type_traits>

#include "base/half.h"
#include "base/tensor_view.h"

namespace aclcpu {

// f(S *) with a null pointer of the storage type of dtype (FLOAT16, BF16; anything else is FLOAT). The callee
// names its element type as StorageOf<decltype(arg)>.
template <class F>
inline void WithStorage(DType dtype, const F &f) {
  switch (dtype) {
    case DType::kBF16: f(static_cast<BF16Elem *>(nullptr)); return;
    case DType::kF16: f(static_cast<F16Elem *>(nullptr)); return;
    default: f(static_cast<float *>(nullptr)); return;
  }
}
template <class P>
using StorageOf = std::remove_pointer_t<P>;

}  // namespace aclcpu
