// An aclScalar's value in a compute type, converted by the rules of every tensor element
// (pointwise/element_convert.h): the vendor's aclScalar::To<T>, which static_casts from the stored type.
#pragma once

#include "base/meta_objects.h"
#include "base/pointwise/element_convert.h"
#include "base/pointwise/pointwise.h"

namespace aclcpu {

// The scalar's value as the vendor reads a scalar attribute (ToFloat: a static_cast from its stored type).
inline float ScalarToFloat(const aclScalar &s) {
  float v = 0;
  LoadRun(ToDType(s.dataType), s.value, 1, ComputeType::kF32, &v, 1);
  return v;
}

// Writes the scalar converted to dtype `through` first (as the vendor turns a scalar into a tensor of the
// compute dtype), then to the compute type `as`, to `dst`. The first step starts from the scalar's own
// compute type (ConversionComputeType), so that it is one rounding.
inline void ScalarThroughInto(const aclScalar &s, DType through, ComputeType as, void *dst) {
  const DType stored = ToDType(s.dataType);
  const ComputeType natural = ConversionComputeType(stored, through);
  alignas(16) unsigned char wide[16], narrow[16];
  LoadRun(stored, s.value, 1, natural, wide, 1);
  StoreRun(natural, wide, through, narrow, 1, 1);
  LoadRun(through, narrow, 1, as, dst, 1);
}

template <class C>
C ScalarThrough(const aclScalar &s, DType through, ComputeType as) {
  C v{};
  ScalarThroughInto(s, through, as, &v);
  return v;
}

// A pointwise constant input holding the scalar as ScalarThrough gives it.
inline PointwiseInput ScalarConstant(const aclScalar &s, DType through, ComputeType as) {
  PointwiseInput in;
  in.constant = true;
  ScalarThroughInto(s, through, as, in.value);
  return in;
}

}  // namespace aclcpu
