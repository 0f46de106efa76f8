// Row conversions between storage dtypes and fp32 (SIMD, dispatched at run time), plus strided
// gathers/scatters for views that are not dense. Kernel-facing.
#pragma once

#include <cstdint>

#include "base/half.h"
#include "base/tensor_view.h"

namespace aclcpu {

// A double bound for an element of `type` (kF32, kF16, kBF16), as the fp32 to convert from: rounded
// to nearest for kF32, to odd for the 16-bit types, so that the fp32 -> fp16/bf16 conversion after it
// is the one rounding of the double.
inline float F64ToFloatForDType(DType type, double v) {
  return type == DType::kF32 ? static_cast<float>(v) : F64ToF32RoundToOdd(v);
}

// dst[i] = float(src[i]) for a dense run of n elements of `type` (kF32, kF16, kBF16).
void LoadAsF32(DType type, const void *src, float *dst, int64_t n);
// dst[i] = round_to_nearest_even(src[i]) into a dense run of `type`.
void StoreFromF32(DType type, const float *src, void *dst, int64_t n);

// The n elements with row-major indices [first, first + n) of `view` (data at `base`) as fp32.
void GatherAsF32(const TensorView &view, const void *base, int64_t first, int64_t n, float *dst);
// Writes n fp32 values to the elements with row-major indices [first, first + n) of `view`.
void ScatterFromF32(const TensorView &view, void *base, int64_t first, int64_t n, const float *src);

// The n elements with row-major indices [first, first + n) of a view as fp32: one dense conversion
// run when the view is contiguous, a strided gather otherwise. (kF32, kF16, kBF16 views.)
void ReadFlatAsF32(const TensorView &view, const void *base, int64_t first, int64_t n, float *dst);
// Writes n fp32 values to those elements, rounding once.
void WriteFlatFromF32(const TensorView &view, void *base, int64_t first, int64_t n, const float *src);
// Writes zeros to the first n elements (flat row-major order) of the view.
void ZeroFlat(const TensorView &view, void *base, int64_t n);

// Raw element copies (any dtype, no conversion) between a view and a dense run: the n elements with
// row-major indices [first, first + n).
void GatherElements(const TensorView &view, const void *base, int64_t first, int64_t n, void *dst);
void ScatterElements(const TensorView &view, void *base, int64_t first, int64_t n, const void *src);

// Name of the SIMD target the dispatcher picked (for logs and benchmark labels).
const char *ActiveSimdTarget();

}  // namespace aclcpu
