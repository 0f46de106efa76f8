#include "ops/norm/batch_norm_family/bn_units.h"

#include <algorithm>

#include "base/convert.h"

namespace aclcpu {

BnUnits SplitBnUnits(int64_t n, int64_t c, int64_t s) {
  BnUnits g;
  g.n = n;
  g.c = c;
  g.s = s;
  g.segLen = std::max<int64_t>(1, std::min(s, kBnUnitElems));
  g.segsPerPlane = s / g.segLen + (s % g.segLen != 0 ? 1 : 0);
  // Short planes: several batch indices per unit, so a unit still holds about kBnUnitElems elements.
  g.nPerUnit = g.segsPerPlane == 1 ? std::max<int64_t>(1, std::min(n, kBnUnitElems / g.segLen)) : 1;
  g.nBlocks = n / g.nPerUnit + (n % g.nPerUnit != 0 ? 1 : 0);
  g.unitsPerChannel = g.nBlocks * g.segsPerPlane;
  g.numUnits = g.unitsPerChannel * c;
  g.maxUnitElems = g.nPerUnit * g.segLen;
  return g;
}

TensorView WithSpatialDim(TensorView v) {
  if (v.rank == 2) {
    v.dims[2] = 1;
    v.strides[2] = 1;
    v.rank = 3;
  }
  return v;
}

PlaneAccess::PlaneAccess(const TensorView &view, const void *base) : view_(view), base_(base) {
  plane_ = view.Trailing(2);
  const bool supported = view.dtype == DType::kF32 || view.dtype == DType::kF16 || view.dtype == DType::kBF16;
  direct_ = supported && plane_.IsContiguous();
}

void PlaneAccess::Gather(const BnUnit &u, float *dst) const {
  TensorView plane = plane_;
  for (int64_t n = u.n0; n < u.n1; ++n, dst += u.len) {
    plane.offset = PlaneOffset(n, u.c);
    ReadFlatAsF32(plane, base_, u.s0, u.len, dst);
  }
}

void PlaneAccess::Scatter(const BnUnit &u, const float *src) const {
  TensorView plane = plane_;
  for (int64_t n = u.n0; n < u.n1; ++n, src += u.len) {
    plane.offset = PlaneOffset(n, u.c);
    WriteFlatFromF32(plane, const_cast<void *>(base_), u.s0, u.len, src);
  }
}

void CombineChannelMoments(const BnUnits &g, int64_t c, const double *unitSums, const double *unitM2, double *mean,
                           double *var) {
  const auto r = static_cast<double>(g.n * g.s);
  const int64_t first = c * g.unitsPerChannel, end = first + g.unitsPerChannel;
  double sum = 0;
  for (int64_t u = first; u < end; ++u) sum += unitSums[u];
  const double m = sum / r;
  double m2 = 0;
  for (int64_t u = first; u < end; ++u) {
    const auto count = static_cast<double>(UnitAt(g, u).Count());
    const double delta = unitSums[u] / count - m;
    m2 += unitM2[u] + count * delta * delta;
  }
  *mean = m;
  *var = m2 / r;
}

bool ChannelAtATime(const BnUnits &g) {
  constexpr int64_t kMinChannels = 16, kMaxChannelElems = 1 << 20;
  return g.c >= kMinChannels && g.n * g.s <= kMaxChannelElems;
}

}  // namespace aclcpu
