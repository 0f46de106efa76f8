// What a kernel knows about a tensor: element type, view shape, strides and offset (in elements).
// Kernel-facing: no API headers here.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace aclcpu {

// Every storage dtype the operators accept; kOther stands for the rest (refused in phase 1).
enum class DType : int8_t {
  kF32,
  kF16,
  kBF16,
  kF64,
  kC64,
  kC128,
  kBool,
  kI8,
  kU8,
  kI16,
  kI32,
  kI64,
  kU16,
  kU32,
  kU64,
  kOther
};

inline size_t DTypeSize(DType t) {
  switch (t) {
    case DType::kF16:
    case DType::kBF16:
    case DType::kI16:
    case DType::kU16: return 2;
    case DType::kF32:
    case DType::kI32:
    case DType::kU32: return 4;
    case DType::kF64:
    case DType::kC64:
    case DType::kI64:
    case DType::kU64: return 8;
    case DType::kC128: return 16;
    default: return 1;
  }
}

constexpr int kMaxRank = 8;

struct TensorView {
  DType dtype = DType::kF32;
  int rank = 0;
  int64_t dims[kMaxRank] = {};
  int64_t strides[kMaxRank] = {};
  int64_t offset = 0;

  int64_t Numel() const {
    int64_t n = 1;
    for (int d = 0; d < rank; ++d) n *= dims[d];
    return n;
  }

  // Row-major dense, ignoring dims of size 1 (the CANN definition); the offset does not matter.
  bool IsContiguous() const {
    int64_t expected = 1;
    for (int d = rank - 1; d >= 0; --d) {
      if (dims[d] == 1) continue;
      if (dims[d] == 0) return true;
      if (strides[d] != expected) return false;
      expected *= dims[d];
    }
    return true;
  }

  // A contiguous fp32 view: kernels read or write it in place instead of converting or gathering.
  bool IsDenseF32() const { return dtype == DType::kF32 && IsContiguous(); }

  // Element offset (from the storage base) of the element with row-major index `flat`.
  int64_t OffsetOf(int64_t flat) const {
    int64_t off = offset;
    for (int d = rank - 1; d >= 0; --d) {
      const int64_t i = flat % dims[d];
      flat /= dims[d];
      off += i * strides[d];
    }
    return off;
  }

  // The view of dims [first, rank): what one "row" of a flattened [outer, inner] problem looks like.
  TensorView Trailing(int first) const {
    TensorView t;
    t.dtype = dtype;
    t.rank = rank - first;
    for (int d = first; d < rank; ++d) {
      t.dims[d - first] = dims[d];
      t.strides[d - first] = strides[d];
    }
    return t;
  }
};

// Element `flat` (row-major) of a contiguous view whose storage starts at `base`; T is void or
// const void.
template <class T>
T *ContiguousElement(const TensorView &v, T *base, int64_t flat) {
  using Byte = std::conditional_t<std::is_const_v<T>, const char, char>;
  return static_cast<Byte *>(base) + (v.offset + flat) * static_cast<int64_t>(DTypeSize(v.dtype));
}

// Walks the elements of a view in row-major order, keeping the element offset up to date.
class StridedCursor {
 public:
  StridedCursor(const TensorView &view, int64_t first) : view_(view), offset_(view.offset) {
    for (int d = view.rank - 1; d >= 0; --d) {
      index_[d] = first % view.dims[d];
      first /= view.dims[d];
      offset_ += index_[d] * view.strides[d];
    }
  }
  int64_t offset() const { return offset_; }
  // Steps only within the view, so a huge stride on a dim of size 1 never overflows the offset.
  void Next() {
    for (int d = view_.rank - 1; d >= 0; --d) {
      if (index_[d] + 1 < view_.dims[d]) {
        ++index_[d];
        offset_ += view_.strides[d];
        return;
      }
      offset_ -= index_[d] * view_.strides[d];
      index_[d] = 0;
    }
  }

 private:
  const TensorView &view_;
  int64_t index_[kMaxRank] = {};
  int64_t offset_;
};

}  // namespace aclcpu
