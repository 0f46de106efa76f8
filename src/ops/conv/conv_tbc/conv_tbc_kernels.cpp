// ConvTbc kernels: the bias operand, then the output tiles, each the bias plus a fixed sequence of
// library products summed in double (fp32 results) and rounded once. Staging, products and tile
// sums are the family's (conv_tbc_family).
#include <algorithm>
#include <atomic>

#include "base/convert.h"
#include "base/parallel.h"
#include "ops/conv/conv_tbc/conv_tbc_plan.h"
#include "ops/conv/conv_tbc_family/tbc_operands.h"

namespace aclcpu {
namespace {

// The bias as fp32 values in the workspace: exact, or rounded to fp16 when that is its operand dtype.
float *StageBias(const ConvTbcPlan &p, const void *bias, void *workspace) {
  float *dst = reinterpret_cast<float *>(static_cast<char *>(workspace) + p.biasOffset);
  const TbcScratch s = TbcScratchOf(p.scratch, workspace, 0);
  for (int64_t c0 = 0; c0 < p.cout; c0 += kTbcSpan) {
    const int64_t len = std::min(kTbcSpan, p.cout - c0);
    ReadFlatAsF32(p.bias, bias, c0, len, dst + c0);
    if (p.biasToF16) TbcRoundThrough(DType::kF16, dst + c0, s.row16, len);
  }
  return dst;
}

struct Operands {
  const char *x, *w;
  int64_t esize;
};

// output[rows r0:r1, co0:co0+coN] = bias + sum over taps of X rows (shifted) W[tap], in chunks of Cin.
bool OutputTile(const ConvTbcPlan &p, const Operands &o, const float *bias, int64_t item, const TbcScratch &s,
                const ConvTbcBuffers &buf) {
  const int64_t r0 = item / p.coutTiles * p.tileRows, co0 = item % p.coutTiles * p.tileCols;
  const int64_t r1 = std::min(p.tOut * p.b, r0 + p.tileRows), coN = std::min(p.tileCols, p.cout - co0);
  const TbcTileSum sum(s, r1 - r0, coN, p.fp32Result, bias + co0);
  const int64_t chunk = TbcChunk(p.cin, p.fp32Result);
  const DType gemmType = p.numerics.gemmType;
  for (int64_t tap = 0; tap < p.k; ++tap) {
    const TbcTap geo = p.Tap(tap);
    const int64_t lo = std::max(r0, geo.oShift * p.b), hi = std::min(r1, (geo.oShift + geo.len) * p.b);
    if (lo >= hi) continue;
    const int64_t xRow = lo + (geo.iShift - geo.oShift) * p.b;
    for (int64_t c0 = 0; c0 < p.cin; c0 += chunk) {
      const int64_t n = std::min(chunk, p.cin - c0);
      const char *a = o.x + (xRow * p.x.ld + c0) * o.esize;
      const char *b = o.w + (tap * p.w.tapStride + c0 * p.w.ld + co0) * o.esize;
      float *target = sum.Target((lo - r0) * coN);
      if (!TbcProduct(gemmType, false, false, hi - lo, coN, n, a, p.x.ld, b, p.w.ld, target, sum.Accumulates())) {
        return false;
      }
      sum.Add((lo - r0) * coN, (hi - lo) * coN);
    }
  }
  // The kernel's result dtype first, then the output's (only USE_FP16 on FLOAT/BF16 rounds twice).
  const DType kernelType = p.numerics.kernelType;
  const bool roundFirst = kernelType != DType::kF32 && kernelType != p.output.dtype;
  for (int64_t r = r0; r < r1; ++r) {
    const float *row = sum.Row(r - r0, coN);
    if (roundFirst) {
      if (row != s.row) std::copy(row, row + coN, s.row);
      TbcRoundThrough(kernelType, s.row, s.row16, coN);
      row = s.row;
    }
    WriteFlatFromF32(p.output, buf.output, r * p.cout + co0, coN, row);
  }
  return true;
}

}  // namespace

bool RunConvTbc(const ConvTbcPlan &p, const ConvTbcBuffers &buf, void *workspace) {
  if (p.outputEmpty) return true;
  const float *bias = StageBias(p, buf.bias, workspace);
  if (p.convEmpty) {  // an empty sum: every output row is the bias
    const int64_t rowsPerBlock = std::max<int64_t>(1, kTbcSpan / p.cout);
    ParallelFor(CeilDiv(p.tOut * p.b, rowsPerBlock), p.threads, [&](int64_t block, int) {
      const int64_t r0 = block * rowsPerBlock, r1 = std::min(p.tOut * p.b, r0 + rowsPerBlock);
      for (int64_t r = r0; r < r1; ++r) WriteFlatFromF32(p.output, buf.output, r * p.cout, p.cout, bias);
    });
    return true;
  }
  StageTbcOperand(p.self, buf.self, p.x, p.numerics, p.scratch, p.threads, workspace);
  StageTbcOperand(p.weight, buf.weight, p.w, p.numerics, p.scratch, p.threads, workspace);
  const DType gemmType = p.numerics.gemmType;
  const Operands o{TbcOperandBase(p.x, buf.self, gemmType, workspace),
                   TbcOperandBase(p.w, buf.weight, gemmType, workspace), static_cast<int64_t>(DTypeSize(gemmType))};
  std::atomic<bool> ok{true};
  ParallelForDynamic(p.items, p.threads, [&](int64_t item, int thread) {
    if (!OutputTile(p, o, bias, item, TbcScratchOf(p.scratch, workspace, thread), buf)) ok = false;
  });
  return ok;
}

}  // namespace aclcpu
