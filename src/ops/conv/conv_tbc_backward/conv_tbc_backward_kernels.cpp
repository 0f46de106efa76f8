// ConvTbcBackward kernels: the gradBias sum and the output tiles, each a fixed sequence of library
// products summed in double. Staging, products and tile sums are the family's (conv_tbc_family).
#include <algorithm>
#include <atomic>

#include "base/convert.h"
#include "base/parallel.h"
#include "ops/conv/conv_tbc_backward/conv_tbc_backward_plan.h"
#include "ops/conv/conv_tbc_family/tbc_operands.h"

namespace aclcpu {
namespace {

// gradBias[c] = sum over all rows of self (un-rounded) of self[row, c], in double, rounded once.
void SumBias(const ConvTbcBackwardPlan &p, const ConvTbcBackwardBuffers &buf, void *workspace) {
  double *partials = reinterpret_cast<double *>(static_cast<char *>(workspace) + p.biasPartialsOffset);
  const int64_t rows = p.tOut * p.b, cols = p.cout;
  ParallelFor(p.biasBlocks, p.threads, [&](int64_t block, int thread) {
    const TbcScratch s = TbcScratchOf(p.scratch, workspace, thread);
    double *partial = partials + block * cols;
    const int64_t r0 = block * p.biasRowsPerBlock, r1 = std::min(rows, r0 + p.biasRowsPerBlock);
    const int64_t spanRows = std::max<int64_t>(1, kTbcSpan / cols);
    for (int64_t r = r0; r < r1; r += spanRows) {
      const int64_t count = std::min(spanRows, r1 - r);
      // A row longer than the span is read in pieces.
      for (int64_t c = 0; c < count * cols; c += kTbcSpan) {
        const int64_t len = std::min(kTbcSpan, count * cols - c);
        ReadFlatAsF32(p.self, buf.self, r * cols + c, len, s.product);
        for (int64_t i = 0; i < len;) {  // walk the span row piece by row piece
          const int64_t col = (c + i) % cols, piece = std::min(len - i, cols - col);
          AddProductToSum(partial + col, s.product + i, piece, r == r0 && c + i < cols);
          i += piece;
        }
      }
    }
  });
  ParallelFor(CeilDiv(cols, kTbcSpan), p.threads, [&](int64_t block, int thread) {
    const TbcScratch s = TbcScratchOf(p.scratch, workspace, thread);
    const int64_t c0 = block * kTbcSpan, len = std::min(kTbcSpan, cols - c0);
    for (int64_t j = 1; j < p.biasBlocks; ++j) {  // fixed order: blocks 0, 1, 2, ...
      for (int64_t c = c0; c < c0 + len; ++c) partials[c] += partials[j * cols + c];
    }
    NarrowSum(partials + c0, s.row, len);
    WriteFlatFromF32(p.gradBias, buf.gradBias, c0, len, s.row);
  });
}

struct Operands {
  const char *x, *w, *g;
  int64_t esize;
};

// gradWeight[tap, ci0:ci0+ciN, co0:co0+coN] = X_tap^T G_tap, in chunks of the tap's rows.
bool WeightTile(const ConvTbcBackwardPlan &p, const Operands &o, int64_t item, const TbcScratch &s,
                const ConvTbcBackwardBuffers &buf) {
  const int64_t tap = item / (p.cinTiles * p.coutTiles), rest = item % (p.cinTiles * p.coutTiles);
  const int64_t ci0 = rest / p.coutTiles * p.tileCols, co0 = rest % p.coutTiles * p.tileCols;
  const int64_t ciN = std::min(p.tileCols, p.cin - ci0), coN = std::min(p.tileCols, p.cout - co0);
  const TbcTap geo = p.Tap(tap);
  const int64_t rows = geo.len * p.b, xRow = geo.iShift * p.b, gRow = geo.oShift * p.b;
  const TbcTileSum sum(s, ciN, coN, p.dwFp32);
  const int64_t chunk = TbcChunk(rows, p.dwFp32);
  for (int64_t r = 0; r < rows; r += chunk) {
    const int64_t n = std::min(chunk, rows - r);
    const char *a = o.x + ((xRow + r) * p.x.ld + ci0) * o.esize;
    const char *b = o.g + ((gRow + r) * p.g.ld + co0) * o.esize;
    if (!TbcProduct(p.numerics.gemmType, true, false, ciN, coN, n, a, p.x.ld, b, p.g.ld, sum.Target(0),
                    sum.Accumulates()))
      return false;
    sum.Add(0, ciN * coN);
  }
  for (int64_t i = 0; i < ciN; ++i) {
    WriteFlatFromF32(p.gradWeight, buf.gradWeight, (tap * p.cin + ci0 + i) * p.cout + co0, coN, sum.Row(i, coN));
  }
  return true;
}

// gradInput[rows r0:r1, ci0:ci0+ciN] = sum over taps of G rows (shifted) W[tap]^T, in chunks of Cout.
bool InputTile(const ConvTbcBackwardPlan &p, const Operands &o, int64_t item, const TbcScratch &s,
               const ConvTbcBackwardBuffers &buf) {
  const int64_t r0 = item / p.cinTiles * p.tileRows, ci0 = item % p.cinTiles * p.tileCols;
  const int64_t r1 = std::min(p.t * p.b, r0 + p.tileRows), ciN = std::min(p.tileCols, p.cin - ci0);
  const TbcTileSum sum(s, r1 - r0, ciN, p.diFp32);
  const int64_t chunk = TbcChunk(p.cout, p.diFp32);
  for (int64_t tap = 0; tap < p.k; ++tap) {
    const TbcTap geo = p.Tap(tap);
    const int64_t lo = std::max(r0, geo.iShift * p.b), hi = std::min(r1, (geo.iShift + geo.len) * p.b);
    if (lo >= hi) continue;
    const int64_t gRow = lo + (geo.oShift - geo.iShift) * p.b;
    for (int64_t c0 = 0; c0 < p.cout; c0 += chunk) {
      const int64_t n = std::min(chunk, p.cout - c0);
      const char *a = o.g + (gRow * p.g.ld + c0) * o.esize;
      const char *b = o.w + (tap * p.w.tapStride + ci0 * p.w.ld + c0) * o.esize;
      float *target = sum.Target((lo - r0) * ciN);
      if (!TbcProduct(p.numerics.gemmType, false, true, hi - lo, ciN, n, a, p.g.ld, b, p.w.ld, target,
                      sum.Accumulates()))
        return false;
      sum.Add((lo - r0) * ciN, (hi - lo) * ciN);
    }
  }
  const DType kernelType = p.numerics.kernelType;
  const bool roundFirst = kernelType != DType::kF32 && kernelType != p.gradInput.dtype;
  for (int64_t r = r0; r < r1; ++r) {
    const float *row = sum.Row(r - r0, ciN);
    if (roundFirst) {
      std::copy(row, row + ciN, s.row);
      TbcRoundThrough(kernelType, s.row, s.row16, ciN);
      row = s.row;
    }
    WriteFlatFromF32(p.gradInput, buf.gradInput, r * p.cin + ci0, ciN, row);
  }
  return true;
}

}  // namespace

bool RunConvTbcBackward(const ConvTbcBackwardPlan &p, const ConvTbcBackwardBuffers &buf, void *workspace) {
  SumBias(p, buf, workspace);
  if (p.convEmpty) {
    ZeroFlat(p.gradInput, buf.gradInput, p.gradInput.Numel());
    ZeroFlat(p.gradWeight, buf.gradWeight, p.gradWeight.Numel());
    return true;
  }
  StageTbcOperand(p.input, buf.input, p.x, p.numerics, p.scratch, p.threads, workspace);
  StageTbcOperand(p.weight, buf.weight, p.w, p.numerics, p.scratch, p.threads, workspace);
  StageTbcOperand(p.self, buf.self, p.g, p.numerics, p.scratch, p.threads, workspace);
  const DType gemmType = p.numerics.gemmType;
  const Operands o{TbcOperandBase(p.x, buf.input, gemmType, workspace),
                   TbcOperandBase(p.w, buf.weight, gemmType, workspace),
                   TbcOperandBase(p.g, buf.self, gemmType, workspace), static_cast<int64_t>(DTypeSize(gemmType))};
  std::atomic<bool> ok{true};
  ParallelForDynamic(p.dwItems + p.diItems, p.threads, [&](int64_t item, int thread) {
    const TbcScratch s = TbcScratchOf(p.scratch, workspace, thread);
    const bool done = item < p.dwItems ? WeightTile(p, o, item, s, buf) : InputTile(p, o, item - p.dwItems, s, buf);
    if (!done) ok = false;
  });
  return ok;
}

}  // namespace aclcpu
