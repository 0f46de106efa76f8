// The geometry shared by aclnnConvTbc and aclnnConvTbcBackward. Kernel-facing.
//
// With the data seen as matrices X = input (T*B x Cin), Y = output or its gradient (Tout*B x Cout)
// and W[k] (Cin x Cout), a time shift is a row offset of B rows, and tap k pairs rows
// [iShift, iShift + len) of X with rows [oShift, oShift + len) of Y (in units of B rows). Padded
// time steps pair with nothing: they are skipped, never multiplied.
#pragma once

#include <algorithm>
#include <cstdint>

namespace aclcpu {

// Tap k of the convolution, in units of time steps (multiply by B for matrix rows).
struct TbcTap {
  int64_t iShift, oShift, len;
};

// Tap `tap` of a convolution of an input of `t` steps, padded by `pad` on both ends, whose output
// has `tOut` = t + 2 pad - K + 1 steps.
inline TbcTap TbcTapOf(int64_t t, int64_t pad, int64_t tOut, int64_t tap) {
  const int64_t oShift = std::max<int64_t>(0, pad - tap);
  const int64_t len = std::min(t + pad - tap, tOut) - oShift;
  return {std::max<int64_t>(0, tap - pad), oShift, std::max<int64_t>(0, len)};
}

// Output tile edge where the library accumulates (16-bit results) and for the backward's tiles.
constexpr int64_t kTbcTile = 512;
// The forward's output tile when its sum is kept in double (fp32 results): the fp32 product
// (128 KiB) and the double sum (256 KiB) stay in a 512 KiB L2 while each chunk's product is added.
// 512 x 512 tiles (3 MiB) sent those additions to memory: measured on the 2-core AVX2 EPYC,
// 256 x 128 ran T4096B1C1600x1024 in 255-268 ms against 373 ms, T256B16C512x512 in 57-59 against
// 79 (best of 512/384/256/128 rows x 512/256/128/64 columns).
constexpr int64_t kTbcDoubleSumTileRows = 256;
constexpr int64_t kTbcDoubleSumTileCols = 128;

// Elements staged, or read for a row sum, per step: the thread's row buffers hold this many.
constexpr int64_t kTbcSpan = 8192;

// Inner terms per library product. A sum that ends in an fp32 result is cut into at least four
// fp32 chains of at most 32 terms (at least 8) whose results are added in double, so the error does
// not depend on how the library orders a chain. oneDNN's AVX-512 fp32 kernels add a chain's terms
// one after the other (its AVX2 kernels split some): with chains of 128, the weight gradient of
// T 258 B 9 Cin 25 Cout 3 K 3 was 2.5 ulp off on average on AVX-512 against 1.3 on AVX2, and PyTorch's
// BLAS, which splits long sums 16 ways on AVX-512, beat it by more than an ulp. Chains of 32: 1.3 ulp
// on AVX-512 and 1.0 on AVX2, at 20-35 % more time on the large fp32 rows (docs/performance.md). 16-bit results
// cannot see fp32 chain error; there long products run faster.
inline int64_t TbcChunk(int64_t terms, bool fp32Result) {
  if (!fp32Result) return std::max<int64_t>(terms, 1);
  return std::min<int64_t>(32, std::max<int64_t>(8, (terms + 3) / 4));
}

}  // namespace aclcpu
