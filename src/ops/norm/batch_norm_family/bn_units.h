// What aclnnBatchNorm and aclnnBatchNormBackward share on the kernel side: the canonical [N, C, S] problem split
// into fixed work units chosen from the shape alone, how a unit's runs of one channel are reached in a strided
// tensor, and the fixed-order per-channel combination of per-unit sums. Kernel-facing.
#pragma once

#include <cstdint>

#include "base/parallel.h"
#include "base/tensor_view.h"
#include "ops/norm/batch_norm_family/bn_runs.h"

namespace aclcpu {

// A unit is one channel c, a block of batch indices [n0, n1) and one segment [s0, s0 + len) of the spatial
// positions: (n1 - n0) runs of len elements, each contiguous in a dense NCHW-like tensor. Units of one channel are
// numbered consecutively (batch block major, segment minor), so a channel's partials combine in that fixed order
// whatever the thread count.
struct BnUnits {
  int64_t n = 0, c = 0, s = 0;  // input as [N, C, S]: S = product of dims 2.. (1 for a rank-2 input)
  int64_t segLen = 1, segsPerPlane = 1, nPerUnit = 1, nBlocks = 0;
  int64_t unitsPerChannel = 0, numUnits = 0;
  int64_t maxUnitElems = 0;  // staging scratch a unit needs, in elements
};

struct BnUnit {
  int64_t c, n0, n1, s0, len;
  int64_t Count() const { return (n1 - n0) * len; }
};

// Units of about kBnUnitElems elements: a unit's data stays in L2 between the passes over it.
constexpr int64_t kBnUnitElems = 1 << 14;
BnUnits SplitBnUnits(int64_t n, int64_t c, int64_t s);

inline BnUnit UnitAt(const BnUnits &g, int64_t u) {
  BnUnit r;
  r.c = u / g.unitsPerChannel;
  const int64_t inChannel = u % g.unitsPerChannel;
  const int64_t block = inChannel / g.segsPerPlane, seg = inChannel % g.segsPerPlane;
  r.n0 = block * g.nPerUnit;
  r.n1 = r.n0 + g.nPerUnit < g.n ? r.n0 + g.nPerUnit : g.n;
  r.s0 = seg * g.segLen;
  r.len = r.s0 + g.segLen < g.s ? g.segLen : g.s - r.s0;
  return r;
}

// The view of an input of rank >= 2 with its channel at dim 1, as rank >= 3 (a rank-2 input gets a trailing dim of
// 1), so every tensor of the problem is [N, C, spatial...].
TensorView WithSpatialDim(TensorView v);

// The runs (n, c, s0 .. s0 + len) of one [N, C, spatial...] tensor.
class PlaneAccess {
 public:
  PlaneAccess(const TensorView &view, const void *base);
  // Dense FLOAT, FLOAT16 or BF16 planes: runs are read and written in place (16-bit ones converted in registers);
  // otherwise they go through fp32 staging.
  bool direct() const { return direct_; }
  // The unit's runs in place (direct() only): n0 .. n1 - 1, one batch stride apart.
  BnRuns RunsOf(const BnUnit &u) const {
    const auto elem = static_cast<int64_t>(DTypeSize(view_.dtype));
    char *first = const_cast<char *>(static_cast<const char *>(base_)) + (PlaneOffset(u.n0, u.c) + u.s0) * elem;
    return {first, view_.dtype, view_.strides[0]};
  }
  // The unit's runs, one after another, as fp32 in dst (Count() elements).
  void Gather(const BnUnit &u, float *dst) const;
  // The inverse of Gather: writes Count() fp32 values, rounding once to the tensor's dtype.
  void Scatter(const BnUnit &u, const float *src) const;

 private:
  int64_t PlaneOffset(int64_t n, int64_t c) const { return view_.offset + n * view_.strides[0] + c * view_.strides[1]; }

  TensorView view_, plane_;
  const void *base_;
  bool direct_ = false;
};

// A unit staged by Gather as runs: the same run geometry as in place, so both give the same bits.
inline BnRuns StagedRuns(const BnUnit &u, float *stage) {
  return {reinterpret_cast<char *>(stage), DType::kF32, u.len};
}

// Channel c's mean and biased variance from its units' (sum, sum of squared deviations from the unit's own mean),
// in unit order: mean = Σ sum / R and variance = (Σ M2_u + Σ count_u·(mean_u − mean)²) / R (the exact within +
// between split, so an infinite element gives an infinite mean and a NaN variance, as the one-pass math would).
void CombineChannelMoments(const BnUnits &g, int64_t c, const double *unitSums, const double *unitM2, double *mean,
                           double *var);

// Whether to run channel at a time, each thread a contiguous range of channels (its statistics, then its outputs
// while its data is still in L2/L3: one read from memory instead of two), rather than pass by pass over all units:
// when there are channels enough to share among threads and one channel's data fits the caches. Chosen from the
// shape alone; both schedules give the same bits.
bool ChannelAtATime(const BnUnits &g);

// The channel-at-a-time schedule: for each channel, first(unit, thread) over its units in order, then channelDone(c),
// then second(unit, thread) over its units. Each thread takes a contiguous range of channels: neighbouring channels'
// per-channel results share cache lines, and alternating channels between threads made two threads slower than one.
template <class First, class ChannelDone, class Second>
void ForEachChannel(const BnUnits &g, int threads, const First &first, const ChannelDone &channelDone,
                    const Second &second) {
  ParallelFor(g.c, threads, [&](int64_t c, int thread) {
    const int64_t begin = c * g.unitsPerChannel, end = begin + g.unitsPerChannel;
    for (int64_t u = begin; u < end; ++u) first(u, thread);
    channelDone(c);
    for (int64_t u = begin; u < end; ++u) second(u, thread);
  });
}

}  // namespace aclcpu
