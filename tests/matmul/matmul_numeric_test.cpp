// Numbers of the matmul family (docs/ops/matmul.md) against float64 references that model §2: operands rounded
// to the compute dtype U (fp16 nearest-even with overflow to inf; HF32 for fp32 operands under cubeMathType 1/3),
// exact products summed in double, the result rounded to U unless the kernel writes FLOAT, then cast to out.
// Every rank combination of aclnnMatmul, BatchMatMul's broadcast, Addmm's self shapes and scalars (with the
// FLT_EPSILON rule), every dtype triple and cubeMathType, transposed / strided / offset views, empty tensors,
// large K, special values, the vendor examples, and the same bits for 1 and 2 threads.
#include <cfloat>
#include <cmath>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "aclnnop/aclnn_addmm.h"
#include "aclnnop/aclnn_batch_matmul.h"
#include "aclnnop/aclnn_matmul.h"
#include "aclnnop/aclnn_mm.h"
#include "common/test_tensor.h"

namespace aclcpu_test::matmul_numeric_test {
namespace {

constexpr aclDataType f32 = ACL_FLOAT, f16 = ACL_FLOAT16, bf = ACL_BF16;
const aclDataType kFloatTypes[] = {f32, f16, bf};

enum class Fn { kMatmul, kMm, kBatchMatMul };
const char *FnName(Fn f) {
  static const char *const names[] = {"Matmul", "Mm", "BatchMatMul"};
  return names[static_cast<int>(f)];
}

using ScalarHandle = std::unique_ptr<aclScalar, aclnnStatus (*)(const aclScalar *)>;
ScalarHandle FloatScalar(double v) {
  float f = static_cast<float>(v);
  return ScalarHandle(aclCreateScalar(&f, ACL_FLOAT), aclDestroyScalar);
}

// Both phases of Matmul / Mm / BatchMatMul, phase 1 with `threads` OpenMP threads (0 = as configured).
aclnnStatus RunMatmul(Fn fn, aclTensor *a, aclTensor *b, aclTensor *out, int8_t cmt, int threads = 0) {
  uint64_t ws = 0;
  aclOpExecutor *exec = nullptr;
  const aclnnStatus st = Phase1WithThreads(threads, [&] {
    switch (fn) {
      case Fn::kMatmul: return aclnnMatmulGetWorkspaceSize(a, b, out, cmt, &ws, &exec);
      case Fn::kMm: return aclnnMmGetWorkspaceSize(a, b, out, cmt, &ws, &exec);
      case Fn::kBatchMatMul: return aclnnBatchMatMulGetWorkspaceSize(a, b, out, cmt, &ws, &exec);
    }
    return -1;
  });
  if (st != ACLNN_SUCCESS) return st;
  switch (fn) {
    case Fn::kMatmul: return RunPhase2(aclnnMatmul, ws, exec);
    case Fn::kMm: return RunPhase2(aclnnMm, ws, exec);
    case Fn::kBatchMatMul: return RunPhase2(aclnnBatchMatMul, ws, exec);
  }
  return -1;
}

// Both phases of Addmm (out != nullptr) or InplaceAddmm (out == nullptr: self is written).
aclnnStatus RunAddmm(aclTensor *self, aclTensor *m1, aclTensor *m2, double beta, double alpha, aclTensor *out,
                     int8_t cmt, int threads = 0) {
  const ScalarHandle b = FloatScalar(beta), a = FloatScalar(alpha);
  uint64_t ws = 0;
  aclOpExecutor *exec = nullptr;
  const aclnnStatus st = Phase1WithThreads(threads, [&] {
    return out != nullptr ? aclnnAddmmGetWorkspaceSize(self, m1, m2, b.get(), a.get(), out, cmt, &ws, &exec)
                          : aclnnInplaceAddmmGetWorkspaceSize(self, m1, m2, b.get(), a.get(), cmt, &ws, &exec);
  });
  if (st != ACLNN_SUCCESS) return st;
  return RunPhase2(out != nullptr ? aclnnAddmm : aclnnInplaceAddmm, ws, exec);
}

// ---- the model of §2 ----------------------------------------------------------------------------------------

struct Model {
  aclDataType u = f32;   // the compute dtype both operands are cast to
  bool hf32 = false;     // fp32 operands HF32-rounded (cubeMathType 1, 3)
  bool round16 = false;  // the kernel rounds its result to a 16-bit U before the cast to out
};

Model MatmulModel(aclDataType a, aclDataType b, aclDataType out, int cmt) {
  Model m;
  if (a == bf && b == bf)
    m.u = bf;  // USE_FP16 is ignored for bf16 pairs
  else if (cmt == 2)
    m.u = f16;
  else
    m.u = a == b ? a : f32;
  m.hf32 = m.u == f32 && (cmt == 1 || cmt == 3);
  // An fp32 out takes the kernel's fp32 accumulation (except under USE_FP16); cmt -1 always writes FLOAT.
  m.round16 = m.u != f32 && !(out == f32 && cmt != 2) && cmt != -1;
  return m;
}

// aclnnMatmul's 1-D . 1-D: Dot in PromoteType(self, mat2), cubeMathType ignored (open question 7).
Model DotModel(aclDataType a, aclDataType b) {
  Model m;
  m.u = a == b ? a : f32;
  m.round16 = m.u != f32;
  return m;
}

double Hf32(double v) {
  float f = static_cast<float>(v);
  if (std::isnan(f)) return v;
  uint32_t u;
  std::memcpy(&u, &f, 4);
  u = (u + 0x800u) & 0xFFFFF000u;
  std::memcpy(&f, &u, 4);
  return f;
}

double RoundOperand(double v, const Model &m) {
  if (m.u != f32) return RoundTo(m.u, v);
  return m.hf32 ? Hf32(v) : v;
}

// One ulp of `t` at magnitude m, never below the dtype's subnormal spacing.
double Ulp(aclDataType t, double m) {
  const int minExp = t == f16 ? -24 : t == bf ? -133 : -149;
  return std::max(UlpAt(t, std::isfinite(m) ? m : 0), std::ldexp(1.0, minExp));
}

// The exact (double) products of the rounded operands: torch.matmul's rank rules with NumPy batch broadcast.
struct Product {
  std::vector<int64_t> shape;
  std::vector<double> sum, absSum;
  int64_t k = 0;
};

Product MatmulProduct(const std::vector<double> &a, std::vector<int64_t> as, const std::vector<double> &b,
                      std::vector<int64_t> bs, const Model &model) {
  const bool dropM = as.size() == 1, dropN = bs.size() == 1;
  if (dropM) as.insert(as.begin(), 1);
  if (dropN) bs.push_back(1);
  const int64_t m = as[as.size() - 2], k = as.back(), n = bs.back();
  const std::vector<int64_t> ba(as.begin(), as.end() - 2), bb(bs.begin(), bs.end() - 2);
  const size_t rank = std::max(ba.size(), bb.size());
  std::vector<int64_t> batch(rank);
  for (size_t i = 0; i < rank; ++i) {
    const int64_t da = i + ba.size() >= rank ? ba[i + ba.size() - rank] : 1;
    const int64_t db = i + bb.size() >= rank ? bb[i + bb.size() - rank] : 1;
    batch[i] = da == 1 ? db : da;
  }
  Product p;
  p.k = k;
  p.shape = batch;
  if (!dropM) p.shape.push_back(m);
  if (!dropN) p.shape.push_back(n);
  const int64_t nb = NumelOf(batch);
  p.sum.assign(static_cast<size_t>(nb * m * n), 0.0);
  p.absSum.assign(p.sum.size(), 0.0);
  for (int64_t q = 0; q < nb; ++q) {
    // The batch offsets of a and b, a size-1 dim repeating.
    int64_t rest = q, offA = 0, offB = 0, strideA = 1, strideB = 1;
    for (size_t i = rank; i-- > 0;) {
      const int64_t idx = rest % batch[i];
      rest /= batch[i];
      if (i + ba.size() >= rank) {
        const int64_t d = ba[i + ba.size() - rank];
        offA += (d == 1 ? 0 : idx) * strideA;
        strideA *= d;
      }
      if (i + bb.size() >= rank) {
        const int64_t d = bb[i + bb.size() - rank];
        offB += (d == 1 ? 0 : idx) * strideB;
        strideB *= d;
      }
    }
    const double *pa = a.data() + offA * m * k, *pb = b.data() + offB * k * n;
    for (int64_t i = 0; i < m; ++i) {
      for (int64_t j = 0; j < n; ++j) {
        double s = 0, abs = 0;
        for (int64_t t = 0; t < k; ++t) {
          const double x = RoundOperand(pa[i * k + t], model) * RoundOperand(pb[t * n + j], model);
          s += x;
          abs += std::fabs(x);
        }
        p.sum[static_cast<size_t>((q * m + i) * n + j)] = s;
        p.absSum[static_cast<size_t>((q * m + i) * n + j)] = abs;
      }
    }
  }
  return p;
}

// Accumulation in fp32: k * 2^-23 * sum |a_i b_i|.
double AccumulationTol(const Product &p, size_t i) {
  return static_cast<double>(p.k) * std::ldexp(1.0, -23) * p.absSum[i];
}

// The modelled result (rounded to U where the kernel does, then to out) and its tolerance: the accumulation,
// one ulp of out (our rounding and the reference's may fall on either side) and one ulp of U where the kernel
// rounds to 16 bits.
struct Expected {
  std::vector<double> value, tol;
};
Expected MatmulExpected(const Product &p, const Model &m, aclDataType out) {
  Expected e;
  for (size_t i = 0; i < p.sum.size(); ++i) {
    double v = p.sum[i];
    if (m.round16) v = RoundTo(m.u, v);
    v = RoundTo(out, v);
    e.value.push_back(v);
    e.tol.push_back(AccumulationTol(p, i) + Ulp(out, std::fabs(v)) + (m.round16 ? Ulp(m.u, std::fabs(v)) : 0.0));
  }
  return e;
}

::testing::AssertionResult AllClose(const std::vector<double> &got, const Expected &e) {
  if (got.size() != e.value.size())
    return ::testing::AssertionFailure() << "size " << got.size() << " != " << e.value.size();
  int bad = 0;
  ::testing::AssertionResult r = ::testing::AssertionFailure();
  for (size_t i = 0; i < got.size(); ++i) {
    const ::testing::AssertionResult one = SpecialExactOrNear(got[i], e.value[i], e.tol[i]);
    if (!one) {
      if (bad < 5) r << "[" << i << "] " << one.message() << "; ";
      ++bad;
    }
  }
  if (bad == 0) return ::testing::AssertionSuccess();
  return r << bad << " of " << got.size() << " elements out of tolerance";
}

// ---- Matmul / Mm / BatchMatMul cases ---------------------------------------------------------------------

struct MmCase {
  Fn fn = Fn::kMm;
  std::vector<int64_t> a, b, out;  // out empty = the product's shape
  aclDataType ta = f32, tb = f32, tout = f32;
  int8_t cmt = 0;
  Layout la, lb, lo;
};

std::string Describe(const MmCase &c) {
  return std::string(FnName(c.fn)) + " " + ::testing::PrintToString(c.a) + DTypeLabel(c.ta) + " x " +
         ::testing::PrintToString(c.b) + DTypeLabel(c.tb) + " -> " + DTypeLabel(c.tout) +
         " cmt=" + std::to_string(c.cmt);
}

// Runs the case on random data in [-1, 1] and checks every element.
void CheckMm(const MmCase &c, uint64_t seed) {
  SCOPED_TRACE(Describe(c));
  std::mt19937_64 rng(seed);
  const Model model = c.fn == Fn::kMatmul && c.a.size() == 1 && c.b.size() == 1
                          ? DotModel(c.ta, c.tb)
                          : MatmulModel(c.ta, c.tb, c.tout, c.cmt);
  DeviceTensor a(c.a, c.ta, c.la), b(c.b, c.tb, c.lb);
  a.Fill(RandomValues(rng, a.numel(), -1, 1));
  b.Fill(RandomValues(rng, b.numel(), -1, 1));
  const Product p = MatmulProduct(a.Read(), c.a, b.Read(), c.b, model);
  DeviceTensor out(c.out.empty() ? p.shape : c.out, c.tout, c.lo);
  ASSERT_EQ(RunMatmul(c.fn, a.get(), b.get(), out.get(), c.cmt), ACLNN_SUCCESS) << aclGetRecentErrMsg();
  EXPECT_TRUE(AllClose(out.Read(), MatmulExpected(p, model, c.tout)));
}

class MatmulNumeric : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

TEST_F(MatmulNumeric, MmEveryDtypeTripleAndCubeMathType) {
  uint64_t seed = 1;
  for (aclDataType ta : kFloatTypes)
    for (aclDataType tb : kFloatTypes)
      for (aclDataType to : kFloatTypes)
        for (int cmt = -1; cmt <= 4; ++cmt)
          CheckMm({Fn::kMm, {7, 33}, {33, 9}, {}, ta, tb, to, static_cast<int8_t>(cmt), {}, {}, {}}, seed++);
}

TEST_F(MatmulNumeric, MatmulEveryRankCombination) {
  const std::vector<std::pair<std::vector<int64_t>, std::vector<int64_t>>> shapes = {
      {{5}, {5}},                                // dot
      {{4, 5}, {5}},                             // matrix . vector
      {{5}, {5, 3}},                             // vector . matrix
      {{4, 5}, {5, 3}},                          // Mm path
      {{2, 3, 4, 5}, {5}},                       // >= 3-D . 1-D
      {{2, 3, 4, 5}, {5, 6}},                    // >= 3-D . 2-D (batch folded into m)
      {{5}, {2, 3, 5, 6}},                       // 1-D . >= 3-D
      {{4, 5}, {2, 3, 5, 6}},                    // 2-D . >= 3-D
      {{2, 1, 4, 5}, {3, 5, 6}},                 // both >= 3-D, missing prefix and size-1 broadcast
      {{1, 4, 5}, {3, 5, 2}},                    // batch 1 against 3
      {{3, 4, 5}, {3, 5, 2}},                    // equal batches
      {{2, 1, 3, 1, 4, 5}, {1, 2, 1, 2, 5, 3}},  // 6-D with broadcast in every batch dim
      {{1, 1, 1, 1, 4, 5}, {5}},                 // 6-D . 1-D
      {{5}, {2, 1, 1, 1, 5, 3}},                 // 1-D . 6-D
  };
  const struct {
    aclDataType ta, tb, to;
    int8_t cmt;
  } types[] = {{f32, f32, f32, 0}, {f16, f16, f16, 0}, {bf, bf, f32, 1}, {f32, f16, f32, 2},
               {f16, bf, bf, 0},   {f32, f32, f32, 3}, {bf, bf, f16, -1}};
  uint64_t seed = 100;
  for (const auto &s : shapes)
    for (const auto &t : types)
      CheckMm({Fn::kMatmul, s.first, s.second, {}, t.ta, t.tb, t.to, t.cmt, {}, {}, {}}, seed++);
}

TEST_F(MatmulNumeric, BatchMatMulEqualAndBroadcastBatches) {
  const std::vector<std::pair<std::vector<int64_t>, std::vector<int64_t>>> shapes = {
      {{4, 6, 7}, {4, 7, 5}}, {{1, 6, 7}, {4, 7, 5}}, {{4, 6, 7}, {1, 7, 5}}, {{1, 1, 7}, {3, 7, 1}}};
  uint64_t seed = 200;
  for (const auto &s : shapes)
    for (aclDataType ta : kFloatTypes)
      for (aclDataType tb : kFloatTypes)
        for (int cmt : {0, 1, 2, 4})
          CheckMm({Fn::kBatchMatMul, s.first, s.second, {}, ta, tb, ta, static_cast<int8_t>(cmt), {}, {}, {}}, seed++);
}

// FLOAT sums with K > 8 run in chains on the engine's own kernel: B packed into panels once per matrix of its own
// batch. Cases that break a wrong panel batch stride (b broadcast along some dims, owned along others), column
// and row counts off the panel and register-tile sizes (16/32 columns, 6/12 rows), several column and row tiles
// (n > 128, m > 256), transposed and padded views of both operands, and a chain cut short by K's end.
TEST_F(MatmulNumeric, ChainedSumsAcrossBatchBroadcastTilesAndViews) {
  const std::vector<std::pair<std::vector<int64_t>, std::vector<int64_t>>> shapes = {
      {{2, 1, 13, 37}, {1, 3, 37, 35}},  // chains of 10 (the last of 7), both operands broadcast
      {{1, 7, 40}, {4, 40, 130}},        // two column tiles, b owned, a broadcast
      {{3, 2, 5, 70}, {3, 1, 70, 33}},   // b owned along one dim and broadcast along the other
      {{300, 20}, {20, 17}},             // many row tiles, 17 columns
  };
  // 0: dense, 1: transposed, 2: padded with an offset, for a tensor of `rank` dims.
  const auto layout = [](int kind, size_t rank) {
    return kind == 0 ? Layout::Dense() : kind == 1 ? Layout::Transposed(rank) : Layout::Padded(rank, 3);
  };
  uint64_t seed = 350;
  for (const auto &s : shapes)
    for (int la = 0; la < 3; ++la)
      for (int lb = 0; lb < 3; ++lb)
        for (int8_t cmt : {0, 1}) {
          const Layout a = layout(la, s.first.size()), b = layout(lb, s.second.size());
          CheckMm({Fn::kMatmul, s.first, s.second, {}, f32, f32, f32, cmt, a, b, {}}, seed++);
        }
}

// FLOAT sums of at most 8 terms are summed in double (exact products) and rounded once: every output within half
// an ulp of the exact sum (plus double's own rounding), where an fp32 FMA chain is off by up to k / 2 ulps. Rows
// 1-6 (the kernel's groups of 4 and their tails), columns around its vector pairs and past its 256-column block,
// transposed and padded views.
TEST_F(MatmulNumeric, ShortFloatSumsRoundedOnce) {
  const int64_t ms[] = {1, 3, 4, 6}, ns[] = {1, 7, 9, 17, 260}, ks[] = {1, 2, 5, 8};
  uint64_t seed = 380;
  for (int64_t m : ms)
    for (int64_t n : ns)
      for (int64_t k : ks)
        for (int views = 0; views < 3; ++views) {
          const Layout la = views == 1 ? Layout::Transposed(2) : Layout::Dense();
          const Layout lb = views == 1 ? Layout::Transposed(2) : views == 2 ? Layout::Padded(2, 3) : Layout::Dense();
          SCOPED_TRACE(::testing::Message() << m << "x" << k << " x " << k << "x" << n << " views " << views);
          std::mt19937_64 rng(seed++);
          DeviceTensor a({m, k}, f32, la), b({k, n}, f32, lb), out({m, n}, f32, Layout::Dense());
          a.Fill(RandomValues(rng, a.numel(), -1, 1));
          b.Fill(RandomValues(rng, b.numel(), -1, 1));
          const Product p = MatmulProduct(a.Read(), {m, k}, b.Read(), {k, n}, MatmulModel(f32, f32, f32, 0));
          ASSERT_EQ(RunMatmul(Fn::kMm, a.get(), b.get(), out.get(), 0), ACLNN_SUCCESS) << aclGetRecentErrMsg();
          const std::vector<double> got = out.Read();
          for (size_t i = 0; i < got.size(); ++i) {
            const double bound = 0.5 * Ulp(f32, std::fabs(RoundTo(f32, p.sum[i]))) + std::ldexp(p.absSum[i], -50);
            ASSERT_LE(std::fabs(got[i] - p.sum[i]), bound) << "element " << i << " exact " << p.sum[i];
          }
        }
}

// A transposed view is read in place; padded views (no dense dim) with storage offsets; out strided too.
TEST_F(MatmulNumeric, TransposedPaddedAndOffsetViews) {
  const Layout layouts2[] = {Layout::Dense(), Layout::Transposed(2), Layout::Padded(2, 5)};
  uint64_t seed = 300;
  for (const Layout &la : layouts2)
    for (const Layout &lb : layouts2)
      for (const Layout &lo : layouts2)
        for (aclDataType t : kFloatTypes) {
          CheckMm({Fn::kMm, {9, 17}, {17, 6}, {}, t, t, t, 0, la, lb, lo}, seed++);
          CheckMm({Fn::kMatmul, {9, 17}, {17, 6}, {}, t, f32, t, 1, la, lb, lo}, seed++);
        }
  const Layout layouts3[] = {Layout::Dense(), Layout::Transposed(3), Layout::Padded(3, 2)};
  for (const Layout &la : layouts3)
    for (const Layout &lb : layouts3)
      for (const Layout &lo : layouts3) {
        CheckMm({Fn::kBatchMatMul, {3, 8, 5}, {1, 5, 7}, {}, f32, f32, f32, 0, la, lb, lo}, seed++);
        CheckMm({Fn::kMatmul, {3, 8, 5}, {3, 5, 7}, {}, bf, bf, bf, 0, la, lb, lo}, seed++);
      }
  // Matmul's 2-D with a strided >= 3-D operand and a strided vector.
  CheckMm({Fn::kMatmul, {2, 3, 4, 5}, {5, 6}, {}, f32, f32, f32, 0, Layout::Transposed(4), Layout::Padded(2, 1), {}},
          seed++);
  CheckMm({Fn::kMatmul, {4, 5}, {5}, {}, f32, f32, f32, 0, Layout::Padded(2, 4), Layout::Padded(1, 3), {}}, seed++);
}

// A size-1 dim of a transposed view has stride 1 like its neighbour (strides (.., 1, 1)): the view is still
// read element by element (the torch parity run found (1,3,1,53) . (53) wrong this way).
TEST_F(MatmulNumeric, SizeOneDimsWithEqualStrides) {
  uint64_t seed = 350;
  for (aclDataType t : {f32, f16}) {
    CheckMm({Fn::kMatmul, {1, 3, 1, 53}, {53}, {}, t, t, t, 0, Layout::Transposed(4), {}, {}}, seed++);
    CheckMm({Fn::kMatmul,
             {1, 3, 1, 53},
             {53},
             {},
             t,
             t,
             t,
             0,
             Layout::Transposed(4),
             Layout::Padded(1, 2),
             Layout::Padded(3, 1)},
            seed++);
    CheckMm({Fn::kMm, {1, 53}, {53, 4}, {}, t, t, t, 0, Layout::Transposed(2), {}, {}}, seed++);
    CheckMm({Fn::kMm, {4, 53}, {53, 1}, {}, t, t, t, 0, {}, Layout::Transposed(2), {}}, seed++);
    CheckMm({Fn::kMm, {4, 1}, {1, 5}, {}, t, t, t, 0, Layout::Transposed(2), Layout::Transposed(2), {}}, seed++);
    CheckMm({Fn::kBatchMatMul, {3, 1, 20}, {3, 20, 6}, {}, t, t, t, 0, Layout::Transposed(3), {}, {}}, seed++);
    CheckMm(
        {Fn::kBatchMatMul, {3, 6, 20}, {1, 20, 1}, {}, t, t, t, 0, {}, Layout::Transposed(3), Layout::Transposed(3)},
        seed++);
    CheckMm({Fn::kMatmul, {2, 1, 20}, {20}, {}, t, t, t, 0, Layout::Transposed(3), {}, {}}, seed++);
  }
}

// Matmul never compares out's shape: the result lands in out's element order (row-major).
TEST_F(MatmulNumeric, MatmulOutOfAnotherShapeWithTheSameNumel) {
  CheckMm({Fn::kMatmul, {2, 3, 4}, {4, 5}, {6, 5}, f32, f32, f32, 0, {}, {}, {}}, 400);
  CheckMm({Fn::kMatmul, {2, 3, 4}, {4, 5}, {30}, f16, f16, f16, 0, {}, {}, {}}, 401);
  CheckMm({Fn::kMatmul, {6}, {6}, {1}, f32, f16, f32, 0, {}, {}, {}}, 402);
  CheckMm({Fn::kMatmul, {3, 4}, {4, 5}, {5, 3}, f32, f32, f32, 0, {}, {}, Layout::Transposed(2)}, 403);
}

TEST_F(MatmulNumeric, LargeKAndDegenerateShapes) {
  CheckMm({Fn::kMm, {3, 5000}, {5000, 4}, {}, f32, f32, f32, 0, {}, {}, {}}, 500);
  CheckMm({Fn::kMm, {3, 5000}, {5000, 4}, {}, f16, f16, f16, 0, {}, Layout::Transposed(2), {}}, 501);
  CheckMm({Fn::kMm, {3, 5000}, {5000, 4}, {}, bf, bf, f32, 0, {}, {}, {}}, 502);
  CheckMm({Fn::kMatmul, {5000}, {5000}, {}, f32, f32, f32, 0, {}, {}, {}}, 503);
  CheckMm({Fn::kMm, {1, 1}, {1, 1}, {}, f32, f32, f32, 0, {}, {}, {}}, 504);
  CheckMm({Fn::kMm, {1, 777}, {777, 1}, {}, f32, f32, f32, 3, {}, {}, {}}, 505);
  CheckMm({Fn::kBatchMatMul, {1, 1, 300}, {1, 300, 1}, {}, f16, f16, f32, 0, {}, {}, {}}, 506);
  CheckMm({Fn::kMm, {300, 1}, {1, 200}, {}, bf, bf, bf, 2, {}, {}, {}}, 507);
  CheckMm({Fn::kMm, {129, 257}, {257, 65}, {}, f32, f32, f32, 1, {}, {}, {}}, 508);
}

// k = 0: out filled with zeros (any layout, any dtype); m or n = 0: success, nothing written.
TEST_F(MatmulNumeric, EmptyTensors) {
  for (aclDataType t : kFloatTypes) {
    const struct {
      Fn fn;
      std::vector<int64_t> a, b, out;
    } zeroK[] = {{Fn::kMm, {3, 0}, {0, 4}, {3, 4}},
                 {Fn::kMatmul, {3, 0}, {0, 4}, {3, 4}},
                 {Fn::kMatmul, {2, 3, 0}, {0, 4}, {2, 3, 4}},
                 {Fn::kMatmul, {0}, {0}, {}},
                 {Fn::kBatchMatMul, {2, 3, 0}, {2, 0, 4}, {2, 3, 4}},
                 {Fn::kBatchMatMul, {1, 3, 0}, {3, 0, 4}, {3, 3, 4}}};  // open question 4: all of out is zeroed
    for (const auto &c : zeroK) {
      SCOPED_TRACE(std::string(FnName(c.fn)) + " k=0 " + DTypeLabel(t));
      DeviceTensor a(c.a, t), b(c.b, t), out(c.out, t, Layout::Padded(c.out.size(), 2));
      out.Fill(std::vector<double>(static_cast<size_t>(out.numel()), 5.0));
      ASSERT_EQ(RunMatmul(c.fn, a.get(), b.get(), out.get(), 0), ACLNN_SUCCESS) << aclGetRecentErrMsg();
      for (double v : out.Read()) EXPECT_EQ(v, 0.0);
    }
    const struct {
      Fn fn;
      std::vector<int64_t> a, b, out;
    } emptyOut[] = {{Fn::kMm, {0, 3}, {3, 4}, {0, 4}},
                    {Fn::kMm, {2, 3}, {3, 0}, {2, 0}},
                    {Fn::kMatmul, {2, 0, 3}, {3, 4}, {2, 0, 4}},
                    {Fn::kMatmul, {0, 3}, {3}, {0}},
                    {Fn::kBatchMatMul, {0, 2, 3}, {0, 3, 4}, {0, 2, 4}},
                    {Fn::kBatchMatMul, {2, 2, 3}, {2, 3, 0}, {2, 2, 0}}};
    for (const auto &c : emptyOut) {
      SCOPED_TRACE(std::string(FnName(c.fn)) + " empty out " + DTypeLabel(t));
      DeviceTensor a(c.a, t), b(c.b, t), out(c.out, t, Layout::Padded(c.out.size(), 2));
      const std::vector<unsigned char> before = out.Bytes();
      ASSERT_EQ(RunMatmul(c.fn, a.get(), b.get(), out.get(), 1), ACLNN_SUCCESS) << aclGetRecentErrMsg();
      EXPECT_EQ(out.Bytes(), before);
    }
  }
}

// HF32 rounding (11 explicit bits, ties away from zero) under cubeMathType 1 and 3, fp32 operands only; the
// dot path ignores cubeMathType; fp16 rounding (nearest even, overflow to inf) under USE_FP16.
TEST_F(MatmulNumeric, OperandRoundingOfEachCubeMathType) {
  const double tiny = std::ldexp(1.0, -20), half = std::ldexp(1.0, -12);
  const auto run = [](Fn fn, std::vector<int64_t> as, std::vector<int64_t> bs, double x, aclDataType tx, int8_t cmt,
                      aclDataType tout) {
    DeviceTensor a(as, tx), b(bs, f32),
        out(fn == Fn::kMatmul && as.size() == 1 ? std::vector<int64_t>{} : std::vector<int64_t>{1, 1}, tout);
    a.Fill({x});
    b.Fill({1.0});
    EXPECT_EQ(RunMatmul(fn, a.get(), b.get(), out.get(), cmt), ACLNN_SUCCESS) << aclGetRecentErrMsg();
    return out.Read()[0];
  };
  for (int8_t cmt : {1, 3}) {
    EXPECT_EQ(run(Fn::kMm, {1, 1}, {1, 1}, 1 + tiny, f32, cmt, f32), 1.0) << "cmt " << int(cmt);
    EXPECT_EQ(run(Fn::kMm, {1, 1}, {1, 1}, 1 + half, f32, cmt, f32), 1 + 2 * half) << "tie away, cmt " << int(cmt);
    EXPECT_EQ(run(Fn::kMm, {1, 1}, {1, 1}, -(1 + half), f32, cmt, f32), -(1 + 2 * half)) << "cmt " << int(cmt);
    // The dot path computes in plain fp32.
    EXPECT_EQ(run(Fn::kMatmul, {1}, {1}, 1 + tiny, f32, cmt, f32), static_cast<float>(1 + tiny));
  }
  for (int8_t cmt : {-1, 0, 4}) EXPECT_EQ(run(Fn::kMm, {1, 1}, {1, 1}, 1 + tiny, f32, cmt, f32), 1 + tiny);
  // USE_FP16: 1 + 2^-11 ties to 1, 1 + 3 * 2^-11 to 1 + 2^-9, 70000 overflows to inf.
  EXPECT_EQ(run(Fn::kMm, {1, 1}, {1, 1}, 1 + std::ldexp(1.0, -11), f32, 2, f32), 1.0);
  EXPECT_EQ(run(Fn::kMm, {1, 1}, {1, 1}, 1 + 3 * std::ldexp(1.0, -11), f32, 2, f32), 1 + std::ldexp(1.0, -9));
  EXPECT_EQ(run(Fn::kMm, {1, 1}, {1, 1}, 70000, f32, 2, f32), HUGE_VAL);
  EXPECT_EQ(run(Fn::kMm, {1, 1}, {1, 1}, 70000, f32, 0, f32), 70000);
  // BF16 operands are not touched by HF32 (exact in 11 bits).
  EXPECT_EQ(run(Fn::kMm, {1, 1}, {1, 1}, 1 + std::ldexp(1.0, -7), bf, 1, f32), 1 + std::ldexp(1.0, -7));
}

// inf and NaN propagate as the sums say (inf * 0 = NaN, inf - inf = NaN); -0 from the scalar paths.
TEST_F(MatmulNumeric, SpecialValuesPropagate) {
  const double inf = HUGE_VAL, nan = std::nan("");
  for (aclDataType t : kFloatTypes) {
    SCOPED_TRACE(DTypeLabel(t));
    DeviceTensor a({4, 2}, t), b({2, 3}, t), out({4, 3}, t);
    a.Fill({inf, 1, inf, -inf, nan, 1, 0, 2});
    b.Fill({1, 0, -1, 1, 2, 3});
    ASSERT_EQ(RunMatmul(Fn::kMm, a.get(), b.get(), out.get(), 0), ACLNN_SUCCESS) << aclGetRecentErrMsg();
    const std::vector<double> got = out.Read();
    // Row 0: inf*1 + 1*1, inf*0 + 2, -inf + 3; row 1: inf - inf, inf*0 - inf*2, -inf - inf*3; row 2: NaN; row 3.
    const double want[] = {inf, nan, -inf, nan, nan, -inf, nan, nan, nan, 2, 4, 6};
    for (int i = 0; i < 12; ++i) EXPECT_TRUE(SpecialExactOrNear(got[static_cast<size_t>(i)], want[i], 0)) << i;
  }
  // Addmm: beta 0 ignores NaN in self; alpha ~ 0 ignores NaN in the mats and keeps -0 from self.
  DeviceTensor self({2, 2}, f32), m1({2, 1}, f32), m2({1, 2}, f32), out({2, 2}, f32);
  self.Fill({nan, inf, -0.0, 1});
  m1.Fill({1, 2});
  m2.Fill({3, 4});
  ASSERT_EQ(RunAddmm(self.get(), m1.get(), m2.get(), 0.0, 1.0, out.get(), 0), ACLNN_SUCCESS);
  EXPECT_EQ(out.Read(), (std::vector<double>{3, 4, 6, 8}));
  ASSERT_EQ(RunAddmm(self.get(), m1.get(), m2.get(), 1e-8, 2.0, out.get(), 0), ACLNN_SUCCESS);
  EXPECT_EQ(out.Read(), (std::vector<double>{6, 8, 12, 16}));
  DeviceTensor s2({2, 2}, f32);
  s2.Fill({-0.0, 1, 2, 3});
  m1.Fill({nan, inf});
  ASSERT_EQ(RunAddmm(s2.get(), m1.get(), m2.get(), 1.0, 0.0, out.get(), 0), ACLNN_SUCCESS);
  std::vector<double> got = out.Read();
  EXPECT_EQ(got, (std::vector<double>{0, 1, 2, 3}));
  EXPECT_TRUE(std::signbit(got[0])) << "-0 from self";
  ASSERT_EQ(RunAddmm(s2.get(), m1.get(), m2.get(), 1.0, 1e-8, out.get(), 0), ACLNN_SUCCESS);
  EXPECT_EQ(out.Read(), (std::vector<double>{0, 1, 2, 3}));
  // alpha != 0: the NaN and inf of mat1 do propagate.
  ASSERT_EQ(RunAddmm(s2.get(), m1.get(), m2.get(), 1.0, 1.0, out.get(), 0), ACLNN_SUCCESS);
  got = out.Read();
  EXPECT_TRUE(std::isnan(got[0]) && std::isnan(got[1]));
  EXPECT_EQ(got[2], inf);
  EXPECT_EQ(got[3], inf);
}

// ---- Addmm / InplaceAddmm -------------------------------------------------------------------------------

struct AddmmCase {
  bool inplace = false;
  std::vector<int64_t> self;
  int64_t m = 0, k = 0, n = 0;
  aclDataType ts = f32, t1 = f32, t2 = f32, tout = f32;
  int8_t cmt = 0;
  double beta = 1, alpha = 1;
  Layout ls, l1, l2, lo;
};

// |x| <= FLT_EPSILON counts as 0 and |x - 1| <= FLT_EPSILON as 1, after ToFloat().
double Effective(double x) {
  const double f = static_cast<float>(x);
  if (std::fabs(f) <= FLT_EPSILON) return 0;
  if (std::fabs(f - 1) <= FLT_EPSILON) return 1;
  return f;
}

void CheckAddmm(const AddmmCase &c, uint64_t seed) {
  SCOPED_TRACE(std::string(c.inplace ? "InplaceAddmm" : "Addmm") + " self " + ::testing::PrintToString(c.self) +
               DTypeLabel(c.ts) + " (" + std::to_string(c.m) + "x" + std::to_string(c.k) + ")" + DTypeLabel(c.t1) +
               " (" + std::to_string(c.k) + "x" + std::to_string(c.n) + ")" + DTypeLabel(c.t2) + " -> " +
               DTypeLabel(c.tout) + " cmt=" + std::to_string(c.cmt) + " beta=" + std::to_string(c.beta) +
               " alpha=" + std::to_string(c.alpha));
  std::mt19937_64 rng(seed);
  const std::vector<int64_t> mn = {c.m, c.n};
  DeviceTensor self(c.self, c.ts, c.ls), m1({c.m, c.k}, c.t1, c.l1), m2({c.k, c.n}, c.t2, c.l2);
  DeviceTensor out(mn, c.tout, c.lo);
  self.Fill(RandomValues(rng, self.numel(), -1, 1));
  m1.Fill(RandomValues(rng, m1.numel(), -1, 1));
  m2.Fill(RandomValues(rng, m2.numel(), -1, 1));
  const std::vector<double> vs = self.Read();
  const aclDataType tout = c.inplace ? c.ts : c.tout;
  const Model model = MatmulModel(c.t1, c.t2, tout, c.cmt);
  const Product p = MatmulProduct(m1.Read(), {c.m, c.k}, m2.Read(), {c.k, c.n}, model);
  ASSERT_EQ(RunAddmm(self.get(), m1.get(), m2.get(), c.beta, c.alpha, c.inplace ? nullptr : out.get(), c.cmt),
            ACLNN_SUCCESS)
      << aclGetRecentErrMsg();
  const double beta = Effective(c.beta), alpha = Effective(c.alpha);
  const bool u16 = model.u != f32;
  Expected e;
  for (int64_t i = 0; i < c.m; ++i) {
    for (int64_t j = 0; j < c.n; ++j) {
      // self broadcast to (m, n): (n), (1, n), (m, 1), (1), (1, 1) or (m, n).
      const int64_t si = c.self.size() == 2 && c.self[0] != 1 ? i : 0;
      const int64_t sj = c.self.back() != 1 ? j : 0;
      const double sv = vs[static_cast<size_t>(si * (c.self.back()) + sj)];
      const size_t q = static_cast<size_t>(i * c.n + j);
      const double bs = beta == 0 ? 0 : beta * sv, ap = alpha == 0 ? 0 : alpha * p.sum[q];
      const double v = bs + ap;
      // The matmul term (accumulation, a possible 16-bit rounding of P), beta*self possibly in self's 16-bit
      // dtype, the fp32 combination, the cast to out.
      double tol = std::fabs(alpha) * (AccumulationTol(p, q) + (u16 ? Ulp(model.u, std::fabs(p.sum[q])) : 0));
      if (c.ts != f32 && beta != 0) tol += Ulp(c.ts, std::fabs(bs));
      tol += 2 * Ulp(f32, std::fabs(bs) + std::fabs(ap)) + Ulp(tout, std::fabs(v));
      e.value.push_back(RoundTo(tout, v));
      e.tol.push_back(tol);
    }
  }
  EXPECT_TRUE(AllClose(c.inplace ? self.Read() : out.Read(), e));
}

TEST_F(MatmulNumeric, AddmmSelfShapesAndScalars) {
  uint64_t seed = 600;
  const int64_t m = 6, k = 11, n = 5;
  const std::vector<std::vector<int64_t>> selfShapes = {{n}, {1, n}, {m, 1}, {m, n}, {1}, {1, 1}};
  for (const auto &s : selfShapes)
    for (double beta : {1.0, 0.0, 1e-8, 2.5, -0.5})
      for (double alpha : {1.0, 0.0, 1e-8, 1.2, -3.0})
        CheckAddmm({false, s, m, k, n, f32, f32, f32, f32, 0, beta, alpha, {}, {}, {}, {}}, seed++);
}

TEST_F(MatmulNumeric, AddmmDtypesAndCubeMathTypes) {
  uint64_t seed = 700;
  for (aclDataType ts : kFloatTypes)
    for (aclDataType t1 : kFloatTypes)
      for (aclDataType t2 : kFloatTypes)
        for (aclDataType to : kFloatTypes)
          for (int cmt = -1; cmt <= 4; ++cmt) {
            if ((seed++ % 3) != 0 && cmt != 4) continue;  // a third of the grid, every USE_FP32_ADD case
            CheckAddmm({false, {9}, 7, 13, 9, ts, t1, t2, to, static_cast<int8_t>(cmt), 0.75, 1.5, {}, {}, {}, {}},
                       seed);
          }
}

TEST_F(MatmulNumeric, AddmmViewsEmptyAndInplace) {
  uint64_t seed = 800;
  // Transposed mats, padded self and out with offsets.
  CheckAddmm({false,
              {5, 7},
              5,
              9,
              7,
              f32,
              f32,
              f32,
              f32,
              1,
              0.5,
              2,
              Layout::Padded(2, 3),
              Layout::Transposed(2),
              Layout::Transposed(2),
              Layout::Padded(2, 1)},
             seed++);
  CheckAddmm({false,
              {7},
              5,
              9,
              7,
              bf,
              bf,
              bf,
              bf,
              0,
              1,
              1,
              Layout::Padded(1, 2),
              Layout::Padded(2, 1),
              Layout::Transposed(2),
              Layout::Transposed(2)},
             seed++);
  // k = 0: out = beta * self broadcast.
  for (double beta : {1.0, 2.0, 0.0})
    CheckAddmm({false, {1, 4}, 3, 0, 4, f32, f32, f32, f16, 0, beta, 3, {}, {}, {}, {}}, seed++);
  // InplaceAddmm in each dtype, with a transposed selfRef.
  for (aclDataType t : kFloatTypes) {
    CheckAddmm({true, {6, 4}, 6, 10, 4, t, t, t, t, 0, 0.5, 1.5, {}, {}, {}, {}}, seed++);
    CheckAddmm({true, {6, 4}, 6, 10, 4, t, f32, t, t, 1, 1, 1, Layout::Transposed(2), {}, {}, {}}, seed++);
  }
  CheckAddmm({true, {6, 4}, 6, 0, 4, f32, f32, f32, f32, 0, 2, 1, {}, {}, {}, {}}, seed++);
  // m = 0 / n = 0 / an empty self: success, nothing written.
  const struct {
    std::vector<int64_t> self, m1, m2, out;
  } empties[] = {{{4}, {0, 3}, {3, 4}, {0, 4}}, {{2, 1}, {2, 3}, {3, 0}, {2, 0}}, {{0}, {3, 1}, {1, 1}, {3, 1}}};
  for (const auto &c : empties) {
    DeviceTensor self(c.self, f32), m1(c.m1, f32), m2(c.m2, f32), out(c.out, f32, Layout::Padded(2, 1));
    const std::vector<unsigned char> before = out.Bytes();
    ASSERT_EQ(RunAddmm(self.get(), m1.get(), m2.get(), 1, 1, out.get(), 0), ACLNN_SUCCESS) << aclGetRecentErrMsg();
    EXPECT_EQ(out.Bytes(), before) << ::testing::PrintToString(c.self);
  }
}

// ---- determinism and the vendor examples ------------------------------------------------------------------

TEST_F(MatmulNumeric, SameBitsForOneAndTwoThreads) {
  std::mt19937_64 rng(900);
  for (aclDataType t : kFloatTypes) {
    for (int8_t cmt : {0, 1, 2}) {
      SCOPED_TRACE(std::string(DTypeLabel(t)) + " cmt " + std::to_string(cmt));
      DeviceTensor a({3, 130, 700}, t), b({1, 700, 90}, t), o1({3, 130, 90}, t), o2({3, 130, 90}, t);
      a.Fill(RandomValues(rng, a.numel(), -1, 1));
      b.Fill(RandomValues(rng, b.numel(), -1, 1));
      ASSERT_EQ(RunMatmul(Fn::kBatchMatMul, a.get(), b.get(), o1.get(), cmt, 1), ACLNN_SUCCESS);
      ASSERT_EQ(RunMatmul(Fn::kBatchMatMul, a.get(), b.get(), o2.get(), cmt, 2), ACLNN_SUCCESS);
      EXPECT_EQ(o1.Bytes(), o2.Bytes()) << "BatchMatMul";
      DeviceTensor x({390, 700}, t, Layout::Transposed(2)), y({700, 90}, t), m1({390, 90}, t), m2({390, 90}, t);
      x.Fill(RandomValues(rng, x.numel(), -1, 1));
      y.Fill(RandomValues(rng, y.numel(), -1, 1));
      ASSERT_EQ(RunMatmul(Fn::kMm, x.get(), y.get(), m1.get(), cmt, 1), ACLNN_SUCCESS);
      ASSERT_EQ(RunMatmul(Fn::kMm, x.get(), y.get(), m2.get(), cmt, 2), ACLNN_SUCCESS);
      EXPECT_EQ(m1.Bytes(), m2.Bytes()) << "Mm";
      DeviceTensor v({700}, t), w({2, 3, 700, 50}, t), r1({2, 3, 50}, t), r2({2, 3, 50}, t);
      v.Fill(RandomValues(rng, v.numel(), -1, 1));
      w.Fill(RandomValues(rng, w.numel(), -1, 1));
      ASSERT_EQ(RunMatmul(Fn::kMatmul, v.get(), w.get(), r1.get(), cmt, 1), ACLNN_SUCCESS);
      ASSERT_EQ(RunMatmul(Fn::kMatmul, v.get(), w.get(), r2.get(), cmt, 2), ACLNN_SUCCESS);
      EXPECT_EQ(r1.Bytes(), r2.Bytes()) << "Matmul";
      DeviceTensor s({90}, t), o3({390, 90}, t), o4({390, 90}, t);
      s.Fill(RandomValues(rng, s.numel(), -1, 1));
      ASSERT_EQ(RunAddmm(s.get(), x.get(), y.get(), 0.5, 1.5, o3.get(), cmt, 1), ACLNN_SUCCESS);
      ASSERT_EQ(RunAddmm(s.get(), x.get(), y.get(), 0.5, 1.5, o4.get(), cmt, 2), ACLNN_SUCCESS);
      EXPECT_EQ(o3.Bytes(), o4.Bytes()) << "Addmm";
    }
  }
}

// The four vendor examples (docs/ops/matmul.md §7): FLOAT, cubeMathType 1.
TEST_F(MatmulNumeric, VendorExamples) {
  for (Fn fn : {Fn::kMatmul, Fn::kMm}) {
    DeviceTensor a({16, 32}, f32), b({32, 16}, f32), out({16, 16}, f32);
    a.Fill(std::vector<double>(512, 1.0));
    b.Fill(std::vector<double>(512, 1.0));
    ASSERT_EQ(RunMatmul(fn, a.get(), b.get(), out.get(), 1), ACLNN_SUCCESS);
    EXPECT_EQ(out.Read(), std::vector<double>(256, 32.0)) << FnName(fn);
  }
  DeviceTensor a({1, 2, 3}, f32), b({1, 3, 4}, f32), out({1, 2, 4}, f32);
  a.Fill({0, 1, 2, 3, 4, 5});
  b.Fill({1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4});
  ASSERT_EQ(RunMatmul(Fn::kBatchMatMul, a.get(), b.get(), out.get(), 1), ACLNN_SUCCESS);
  EXPECT_EQ(out.Read(), (std::vector<double>{8, 10, 11, 11, 26, 31, 35, 38}));
  DeviceTensor self({2, 4}, f32), m1({2, 3}, f32), m2({3, 4}, f32), o({2, 4}, f32);
  self.Fill({0, 1, 2, 3, 4, 5, 6, 7});
  m1.Fill({1, 1, 1, 2, 2, 2});
  m2.Fill({1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4});
  o.Fill(std::vector<double>(8, 0.0));
  const std::vector<double> printed = {7.200000,  9.400001,  11.600000, 13.800000,
                                       18.400002, 21.800001, 25.200001, 28.600000};
  ASSERT_EQ(RunAddmm(self.get(), m1.get(), m2.get(), 1.0, 1.2, o.get(), 1), ACLNN_SUCCESS);
  std::vector<double> got = o.Read();
  for (size_t i = 0; i < 8; ++i) EXPECT_NEAR(got[i], printed[i], 5e-7 + Ulp(f32, printed[i])) << "Addmm " << i;
  ASSERT_EQ(RunAddmm(self.get(), m1.get(), m2.get(), 1.0, 1.2, nullptr, 1), ACLNN_SUCCESS);
  got = self.Read();
  for (size_t i = 0; i < 8; ++i) EXPECT_NEAR(got[i], printed[i], 5e-7 + Ulp(f32, printed[i])) << "Inplace " << i;
}

}  // namespace
}  // namespace aclcpu_test::matmul_numeric_test
