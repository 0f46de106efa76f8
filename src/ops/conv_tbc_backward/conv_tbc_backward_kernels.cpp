// ConvTbcBackward kernels: operand staging (dtype, layout, cubeMathType rounding), the gradBias sum
// and the output tiles, each a fixed sequence of library products summed in double.
#include <algorithm>
#include <atomic>
#include <cstring>

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "ops/conv_tbc_backward/conv_tbc_backward_kernels.cpp"
#include "hwy/foreach_target.h"  // IWYU pragma: keep
#include "hwy/highway.h"

#include "base/convert.h"
#include "base/gemm.h"
#include "base/parallel.h"
#include "ops/conv_tbc_backward/conv_tbc_backward_plan.h"

HWY_BEFORE_NAMESPACE();
namespace aclcpu {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// sum[i] = part[i] (first) or sum[i] += part[i]: one product of a tile joins the double sum.
void AddProduct(double *HWY_RESTRICT sum, const float *HWY_RESTRICT part, int64_t n, bool first) {
  const hn::ScalableTag<double> dd;
  const hn::Rebind<float, decltype(dd)> d;
  const auto lanes = static_cast<int64_t>(hn::Lanes(dd));
  int64_t i = 0;
  if (first) {
    for (; i + lanes <= n; i += lanes) hn::StoreU(hn::PromoteTo(dd, hn::LoadU(d, part + i)), dd, sum + i);
    for (; i < n; ++i) sum[i] = part[i];
  } else {
    for (; i + lanes <= n; i += lanes) {
      hn::StoreU(hn::Add(hn::LoadU(dd, sum + i), hn::PromoteTo(dd, hn::LoadU(d, part + i))), dd, sum + i);
    }
    for (; i < n; ++i) sum[i] += part[i];
  }
}

// out[i] = float(sum[i]), rounded to nearest even.
void NarrowSum(const double *HWY_RESTRICT sum, float *HWY_RESTRICT out, int64_t n) {
  const hn::ScalableTag<double> dd;
  const hn::Rebind<float, decltype(dd)> d;
  const auto lanes = static_cast<int64_t>(hn::Lanes(dd));
  int64_t i = 0;
  for (; i + lanes <= n; i += lanes) hn::StoreU(hn::DemoteTo(d, hn::LoadU(dd, sum + i)), d, out + i);
  for (; i < n; ++i) out[i] = static_cast<float>(sum[i]);
}

// HF32 as the A2 cube sees fp32 operands: keep 11 explicit mantissa bits, ties away from zero, on
// the sign-magnitude bits ((u + 0x800) & ~0xFFF). NaN stays NaN; a carry out of the largest
// finite values gives inf, as the rounding would.
void RoundToHf32(float *HWY_RESTRICT v, int64_t n) {
  const hn::ScalableTag<uint32_t> du;
  const hn::RebindToFloat<decltype(du)> df;
  const auto lanes = static_cast<int64_t>(hn::Lanes(du));
  const auto half = hn::Set(du, 0x800u), mask = hn::Set(du, 0xFFFFF000u);
  int64_t i = 0;
  for (; i + lanes <= n; i += lanes) {
    const auto x = hn::LoadU(df, v + i);
    const auto rounded = hn::BitCast(df, hn::And(hn::Add(hn::BitCast(du, x), half), mask));
    hn::StoreU(hn::IfThenElse(hn::IsNaN(x), x, rounded), df, v + i);
  }
  for (; i < n; ++i) {
    uint32_t u;
    std::memcpy(&u, v + i, 4);
    if ((u & 0x7FFFFFFFu) > 0x7F800000u) continue;
    u = (u + 0x800u) & 0xFFFFF000u;
    std::memcpy(v + i, &u, 4);
  }
}

}  // namespace HWY_NAMESPACE
}  // namespace aclcpu
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace aclcpu {

HWY_EXPORT(AddProduct);
HWY_EXPORT(NarrowSum);
HWY_EXPORT(RoundToHf32);

namespace {

// A thread's slice of the workspace.
struct Scratch {
  float *product;   // one library product (tileRows x tileCols), or a gradBias read span
  double *sum;      // the tile's double sum
  float *row;       // one output row (or a staging span) as fp32
  uint16_t *row16;  // the same rounded to 16 bits
};

Scratch ScratchOf(const ConvTbcBackwardPlan &p, void *workspace, int thread) {
  char *base = static_cast<char *>(workspace) + p.scratchOffset + p.scratchStride * static_cast<size_t>(thread);
  return {reinterpret_cast<float *>(base), reinterpret_cast<double *>(base + p.sumOffset),
          reinterpret_cast<float *>(base + p.rowOffset), reinterpret_cast<uint16_t *>(base + p.row16Offset)};
}

// v[i] = float(type(v[i])): the value the device would hold after rounding to `type` (kF16/kBF16).
void RoundThrough(DType type, float *v, uint16_t *tmp, int64_t n) {
  StoreFromF32(type, v, tmp, n);
  LoadAsF32(type, tmp, v, n);
}

// Where a GEMM operand's element (0, 0) lives.
const char *OperandBase(const TbcOperand &op, const void *tensor, DType gemmType, const void *workspace) {
  if (op.staged) return static_cast<const char *>(workspace) + op.stageOffset;
  return static_cast<const char *>(tensor) + op.offset * static_cast<int64_t>(DTypeSize(gemmType));
}

// Copies a view into its dense stage in the GEMM dtype, applying the operand rounding.
void Stage(const ConvTbcBackwardPlan &p, const TensorView &view, const void *tensor, const TbcOperand &op,
           void *workspace) {
  if (!op.staged) return;
  char *dst = static_cast<char *>(workspace) + op.stageOffset;
  const int64_t n = view.Numel();
  ParallelFor(CeilDiv(n, kTbcSpan), p.threads, [&](int64_t block, int thread) {
    const int64_t first = block * kTbcSpan, len = std::min(kTbcSpan, n - first);
    if (p.gemmType == DType::kBF16) {  // bf16 kept as bf16: only the layout changes
      GatherElements(view, tensor, first, len, dst + first * 2);
      return;
    }
    float *out = reinterpret_cast<float *>(dst) + first;
    ReadFlatAsF32(view, tensor, first, len, out);
    if (p.rounding == OperandRounding::kHf32) HWY_DYNAMIC_DISPATCH(RoundToHf32)(out, len);
    if (p.rounding == OperandRounding::kF16) RoundThrough(DType::kF16, out, ScratchOf(p, workspace, thread).row16, len);
  });
}

// gradBias[c] = sum over all rows of self (un-rounded) of self[row, c], in double, rounded once.
void SumBias(const ConvTbcBackwardPlan &p, const ConvTbcBackwardBuffers &buf, void *workspace) {
  double *partials = reinterpret_cast<double *>(static_cast<char *>(workspace) + p.biasPartialsOffset);
  const int64_t rows = p.tOut * p.b, cols = p.cout;
  const auto addRow = HWY_DYNAMIC_DISPATCH(AddProduct);
  ParallelFor(p.biasBlocks, p.threads, [&](int64_t block, int thread) {
    const Scratch s = ScratchOf(p, workspace, thread);
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
          addRow(partial + col, s.product + i, piece, r == r0 && c + i < cols);
          i += piece;
        }
      }
    }
  });
  const auto narrow = HWY_DYNAMIC_DISPATCH(NarrowSum);
  ParallelFor(CeilDiv(cols, kTbcSpan), p.threads, [&](int64_t block, int thread) {
    const Scratch s = ScratchOf(p, workspace, thread);
    const int64_t c0 = block * kTbcSpan, len = std::min(kTbcSpan, cols - c0);
    for (int64_t j = 1; j < p.biasBlocks; ++j) {  // fixed order: blocks 0, 1, 2, ...
      for (int64_t c = c0; c < c0 + len; ++c) partials[c] += partials[j * cols + c];
    }
    narrow(partials + c0, s.row, len);
    WriteFlatFromF32(p.gradBias, buf.gradBias, c0, len, s.row);
  });
}

// One library product C (ldc n) = op(A) op(B), or C += op(A) op(B), in the plan's GEMM dtype.
bool Product(const ConvTbcBackwardPlan &p, bool transA, bool transB, int64_t m, int64_t n, int64_t k, const char *a,
             int64_t lda, const char *b, int64_t ldb, float *c, bool accumulate) {
  if (p.gemmType == DType::kBF16) {
    return GemmBF16(transA, transB, m, n, k, reinterpret_cast<const uint16_t *>(a), lda,
                    reinterpret_cast<const uint16_t *>(b), ldb, c, n, accumulate);
  }
  return GemmF32(transA, transB, m, n, k, reinterpret_cast<const float *>(a), lda, reinterpret_cast<const float *>(b),
                 ldb, c, n, accumulate);
}

struct Operands {
  const char *x, *w, *g;
  int64_t esize;
};

// A tile's sum: fp32 results add the products of short chains in double (TbcChunk); 16-bit results
// let the library accumulate in fp32, which they cannot tell apart.
class TileSum {
 public:
  TileSum(const Scratch &s, int64_t elements, bool inDouble) : s_(s), elements_(elements), inDouble_(inDouble) {
    if (inDouble_) {
      std::fill(s_.sum, s_.sum + elements_, 0.0);
    } else {
      std::fill(s_.product, s_.product + elements_, 0.0f);
    }
  }
  // Where the product for tile elements [first, ...) goes, and whether it adds to what is there.
  float *Target(int64_t first) const { return inDouble_ ? s_.product : s_.product + first; }
  bool Accumulates() const { return !inDouble_; }
  void Add(int64_t first, int64_t count) const {
    if (inDouble_) HWY_DYNAMIC_DISPATCH(AddProduct)(s_.sum + first, s_.product, count, false);
  }
  // Row `i` (of `width` elements) as fp32.
  const float *Row(int64_t i, int64_t width) const {
    if (!inDouble_) return s_.product + i * width;
    HWY_DYNAMIC_DISPATCH(NarrowSum)(s_.sum + i * width, s_.row, width);
    return s_.row;
  }

 private:
  const Scratch &s_;
  int64_t elements_;
  bool inDouble_;
};

// gradWeight[tap, ci0:ci0+ciN, co0:co0+coN] = X_tap^T G_tap, in chunks of the tap's rows.
bool WeightTile(const ConvTbcBackwardPlan &p, const Operands &o, int64_t item, const Scratch &s,
                const ConvTbcBackwardBuffers &buf) {
  const int64_t tap = item / (p.cinTiles * p.coutTiles), rest = item % (p.cinTiles * p.coutTiles);
  const int64_t ci0 = rest / p.coutTiles * p.tileCols, co0 = rest % p.coutTiles * p.tileCols;
  const int64_t ciN = std::min(p.tileCols, p.cin - ci0), coN = std::min(p.tileCols, p.cout - co0);
  const TbcTap geo = p.Tap(tap);
  const int64_t rows = geo.len * p.b, xRow = geo.iShift * p.b, gRow = geo.oShift * p.b;
  const TileSum sum(s, ciN * coN, p.dwFp32);
  const int64_t chunk = TbcChunk(rows, p.dwFp32);
  for (int64_t r = 0; r < rows; r += chunk) {
    const int64_t n = std::min(chunk, rows - r);
    const char *a = o.x + ((xRow + r) * p.x.ld + ci0) * o.esize;
    const char *b = o.g + ((gRow + r) * p.g.ld + co0) * o.esize;
    if (!Product(p, true, false, ciN, coN, n, a, p.x.ld, b, p.g.ld, sum.Target(0), sum.Accumulates())) return false;
    sum.Add(0, ciN * coN);
  }
  for (int64_t i = 0; i < ciN; ++i) {
    WriteFlatFromF32(p.gradWeight, buf.gradWeight, (tap * p.cin + ci0 + i) * p.cout + co0, coN, sum.Row(i, coN));
  }
  return true;
}

// gradInput[rows r0:r1, ci0:ci0+ciN] = sum over taps of G rows (shifted) W[tap]^T, in chunks of Cout.
bool InputTile(const ConvTbcBackwardPlan &p, const Operands &o, int64_t item, const Scratch &s,
               const ConvTbcBackwardBuffers &buf) {
  const int64_t r0 = item / p.cinTiles * p.tileRows, ci0 = item % p.cinTiles * p.tileCols;
  const int64_t r1 = std::min(p.t * p.b, r0 + p.tileRows), ciN = std::min(p.tileCols, p.cin - ci0);
  const TileSum sum(s, (r1 - r0) * ciN, p.diFp32);
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
      if (!Product(p, false, true, hi - lo, ciN, n, a, p.g.ld, b, p.w.ld, target, sum.Accumulates())) return false;
      sum.Add((lo - r0) * ciN, (hi - lo) * ciN);
    }
  }
  const bool roundFirst = p.gradInputRounding != DType::kF32 && p.gradInputRounding != p.gradInput.dtype;
  for (int64_t r = r0; r < r1; ++r) {
    const float *row = sum.Row(r - r0, ciN);
    if (roundFirst) {
      std::copy(row, row + ciN, s.row);
      RoundThrough(p.gradInputRounding, s.row, s.row16, ciN);
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
  Stage(p, p.input, buf.input, p.x, workspace);
  Stage(p, p.weight, buf.weight, p.w, workspace);
  Stage(p, p.self, buf.self, p.g, workspace);
  const Operands o{OperandBase(p.x, buf.input, p.gemmType, workspace),
                   OperandBase(p.w, buf.weight, p.gemmType, workspace),
                   OperandBase(p.g, buf.self, p.gemmType, workspace), static_cast<int64_t>(DTypeSize(p.gemmType))};
  std::atomic<bool> ok{true};
  ParallelForDynamic(p.dwItems + p.diItems, p.threads, [&](int64_t item, int thread) {
    const Scratch s = ScratchOf(p, workspace, thread);
    const bool done = item < p.dwItems ? WeightTile(p, o, item, s, buf) : InputTile(p, o, item - p.dwItems, s, buf);
    if (!done) ok = false;
  });
  return ok;
}

}  // namespace aclcpu
#endif  // HWY_ONCE
