// Conversions between every storage dtype and the five compute types of the pointwise and reduction
// engines, one run of elements at a time (strided on the storage side, dense on the compute side).
// Kernel-facing.
//
// Value rules (docs/compat.md "Conversions"): integers to floating types round to nearest even;
// floating to 16-bit floats round once (a double goes through round-to-odd fp32); floating to integer
// types follow PyTorch's CPU conversion on x86-64 (toward zero; NaN or a value outside the int32 range,
// the int64 range for 64-bit and UINT32 targets, gives INT32_MIN / INT64_MIN, and 8/16-bit targets keep
// the low bits of the int32 result); integer narrowing keeps the low bits; anything to BOOL is "not
// zero" (NaN is true); complex to real takes the real part; real to complex has imaginary part 0.
#pragma once

#include <complex>
#include <cstddef>
#include <cstdint>

#include "base/tensor_view.h"

namespace aclcpu {

// The type an element is computed in: FLOAT16/BF16/FLOAT in fp32, DOUBLE in double, bool and every
// integer in int64, complex in its own precision.
enum class ComputeType : int8_t { kF32, kF64, kI64, kC64, kC128 };

using c64 = std::complex<float>;
using c128 = std::complex<double>;

inline size_t ComputeSize(ComputeType t) {
  switch (t) {
    case ComputeType::kF32: return 4;
    case ComputeType::kC64:
    case ComputeType::kF64:
    case ComputeType::kI64: return 8;
    default: return 16;
  }
}

// The compute type a dtype's own arithmetic uses.
ComputeType ComputeTypeOf(DType t);
// The compute type a conversion from `from` to `to` loads its values as: `from`'s, except that UINT64 going
// to a floating or complex dtype is loaded as double (complex128), since int64 would read values from
// 2^63 up as negative.
ComputeType ConversionComputeType(DType from, DType to);

// dst[i] = compute value of the element at src + i * stride (stride in elements of `type`).
void LoadRun(DType type, const void *src, int64_t stride, ComputeType to, void *dst, int64_t n);
// The element at dst + i * stride = src[i] converted to `type`.
void StoreRun(ComputeType from, const void *src, DType type, void *dst, int64_t stride, int64_t n);
// A tile of h rows and w columns: dst[i * w + j] = compute value of the element at
// src + i * rowStride + j * colStride. The loop runs along whichever stride is shorter, so that a transposed
// source is read down its contiguous columns, not one element per cache line.
void LoadTile(DType type, const void *src, int64_t rowStride, int64_t colStride, ComputeType to, void *dst, int64_t h,
              int64_t w);
// The element at dst + i * rowStride + j * colStride = src[i * w + j] converted to `type` (the same walk).
void StoreTile(ComputeType from, const void *src, DType type, void *dst, int64_t rowStride, int64_t colStride,
               int64_t h, int64_t w);
// Converts n dense compute values between compute types (the same rules as a store then a load).
void ConvertComputeRun(ComputeType from, const void *src, ComputeType to, void *dst, int64_t n);

}  // namespace aclcpu
