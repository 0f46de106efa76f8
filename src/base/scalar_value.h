// An aclScalar's value in a compute type, converted by the rules of every tensor element
// (pointwise/element_convert.h): the vendor's aclScalar::To<T>, which static_casts from the stored type.
#pragma once

#include "base/meta_objects.h"
#include "base/pointwise/element_convert.h"
#include "base/pointwise/pointwise.h"

namespace aclcpu {

template <class C>
C ScalarAs(const aclScalar &s, ComputeType as) {
  C v{};
  LoadRun(ToDType(s.dataType), s.value, 1, as, &v, 1);
  return v;
}

inline float ScalarToFloat(const aclScalar &s) { return ScalarAs<float>(s, ComputeType::kF32); }
inline double ScalarToDouble(const aclScalar &s) { return ScalarAs<double>(s, ComputeType::kF64); }
inline int64_t ScalarToInt64(const aclScalar &s) { return ScalarAs<int64_t>(s, ComputeType::kI64); }
inline c128 ScalarToComplex(const aclScalar &s) { return ScalarAs<c128>(s, ComputeType::kC128); }

// The scalar converted to dtype `through` first (as the vendor turns a scalar into a tensor of the
// compute dtype), then to the compute type `as`.
template <class C>
C ScalarThrough(const aclScalar &s, DType through, ComputeType as) {
  // The scalar's own compute type first, so that the conversion to `through` is one rounding.
  const ComputeType natural = ComputeTypeOf(ToDType(s.dataType));
  alignas(16) unsigned char wide[16], narrow[16];
  LoadRun(ToDType(s.dataType), s.value, 1, natural, wide, 1);
  StoreRun(natural, wide, through, narrow, 1, 1);
  C v{};
  LoadRun(through, narrow, 1, as, &v, 1);
  return v;
}

// A pointwise constant input holding the scalar as ScalarThrough gives it.
inline PointwiseInput ScalarConstant(const aclScalar &s, DType through, ComputeType as) {
  PointwiseInput in;
  in.constant = true;
  alignas(16) unsigned char narrow[16] = {};
  // The scalar's own compute type first, so that the conversion to `through` is one rounding.
  const ComputeType natural = ComputeTypeOf(ToDType(s.dataType));
  alignas(16) unsigned char wide[16];
  LoadRun(ToDType(s.dataType), s.value, 1, natural, wide, 1);
  StoreRun(natural, wide, through, narrow, 1, 1);
  LoadRun(through, narrow, 1, as, in.value, 1);
  return in;
}

}  // namespace aclcpu
