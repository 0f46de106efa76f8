// aclnnLayerNormBackward against a float64 reference: shapes around vector widths, every dtype
// combination, every mask, strided views, thread-count determinism, empty shapes, the spec example.
#include "aclnn/opdev/op_errno.h"
#include "common/simd_targets.h"
#include "layer_norm_backward/layer_norm_backward_tester.h"

namespace aclcpu_test::layer_norm_backward_numeric_test {
namespace {

struct DTypeCombo {
  aclDataType in, weight, stat, dx, dw, db;
};

// The accepted (input, weight) pairs of norm-ops.md §2.4, with statistics and outputs in a mix of dtypes.
const DTypeCombo kCombos[] = {
    {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT},
    {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT},
    {ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT16, ACL_FLOAT},
    {ACL_BF16, ACL_BF16, ACL_FLOAT, ACL_BF16, ACL_BF16, ACL_BF16},
    {ACL_BF16, ACL_FLOAT, ACL_BF16, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT16},
    {ACL_FLOAT, ACL_FLOAT, ACL_BF16, ACL_FLOAT16, ACL_BF16, ACL_FLOAT},
};

LayerNormBackwardTester WithCombo(const DTypeCombo &c) {
  LayerNormBackwardTester t;
  t.InputDType(c.in).WeightDType(c.weight).StatDType(c.stat).OutDTypes(c.dx, c.dw, c.db);
  return t;
}

TEST(LayerNormBackwardNumeric, ShapesAroundVectorWidthsAllDtypeCombos) {
  const int64_t cols[] = {1, 7, 8, 15, 16, 17, 63, 64, 1000, 4096};
  const int64_t rows[] = {1, 3, 37};
  uint64_t seed = 100;
  for (const DTypeCombo &combo : kCombos) {
    for (int64_t n : cols) {
      for (int64_t m : rows) {
        LayerNormBackwardTester t = WithCombo(combo);
        t.Shape({m, n}).NormDims(1).Seed(++seed);
        SCOPED_TRACE(std::string(DTypeLabel(combo.in)) + " w=" + DTypeLabel(combo.weight) + " M=" + std::to_string(m) +
                     " N=" + std::to_string(n));
        ExpectMatchesReference(t, t.Run());
      }
    }
  }
}

TEST(LayerNormBackwardNumeric, EverySimdTargetAndTail) {
  ForEachSimdTarget([] {
    uint64_t seed = 300;
    for (int64_t n : {1, 5, 8, 13, 16, 31, 33, 100}) {
      for (const DTypeCombo &combo : {kCombos[0], kCombos[1], kCombos[3]}) {
        LayerNormBackwardTester t = WithCombo(combo);
        t.Shape({9, n}).NormDims(1).Seed(++seed);
        ExpectMatchesReference(t, t.Run());
      }
    }
  });
}

// Dense dy, x and dx of one dtype are read and written in place (FLOAT16/BF16 converted in registers); transposed
// ones are staged as fp32. Same bits for dx, dgamma and dbeta, fast and precise rows, on every SIMD target.
TEST(LayerNormBackwardNumeric, InPlaceAndStagedRowsBitIdenticalOnEverySimdTarget) {
  ForEachSimdTarget([] {
    for (const DTypeCombo &combo : {kCombos[0], kCombos[1], kCombos[3]}) {
      for (int64_t n : {7, 33, 100}) {
        LayerNormBackwardTester dense = WithCombo(combo), staged = WithCombo(combo);
        dense.Shape({11, n}).NormDims(1).ShiftRows(3, 40.0).Seed(static_cast<uint64_t>(n));
        staged.Shape({11, n}).NormDims(1).ShiftRows(3, 40.0).Seed(static_cast<uint64_t>(n));
        staged.DataLayout(Layout::Transposed(2)).OutLayout(Layout::Transposed(2));
        const LayerNormBackwardOutputs a = dense.Run(), b = staged.Run();
        ASSERT_EQ(a.status, 0);
        ASSERT_EQ(b.status, 0);
        SCOPED_TRACE(std::string(DTypeLabel(combo.in)) + " N=" + std::to_string(n));
        ExpectMatchesReference(dense, a);
        EXPECT_EQ(a.dx, b.dx);
        EXPECT_EQ(a.dwBytes, b.dwBytes);
        EXPECT_EQ(a.dbBytes, b.dbBytes);
      }
    }
  });
}

TEST(LayerNormBackwardNumeric, AllOutputMasks) {
  for (int mask = 0; mask < 8; ++mask) {
    for (const DTypeCombo &combo : {kCombos[0], kCombos[1], kCombos[3]}) {
      LayerNormBackwardTester t = WithCombo(combo);
      t.Shape({5, 3, 33}).NormDims(1).Mask(mask & 1, mask & 2, mask & 4).Seed(static_cast<uint64_t>(mask) + 7);
      SCOPED_TRACE("mask " + std::to_string(mask) + " " + DTypeLabel(combo.in));
      ExpectMatchesReference(t, t.Run());
    }
  }
}

TEST(LayerNormBackwardNumeric, NullWeightMeansOnes) {
  for (const DTypeCombo &combo : kCombos) {
    LayerNormBackwardTester t = WithCombo(combo);
    t.Shape({6, 2, 17}).NormDims(2).Weight(false).Seed(3);
    ExpectMatchesReference(t, t.Run());
  }
}

TEST(LayerNormBackwardNumeric, MultiDimNormalizedShapes) {
  uint64_t seed = 50;
  for (size_t k = 1; k <= 4; ++k) {
    LayerNormBackwardTester t;
    t.Shape({2, 3, 4, 5, 6}).NormDims(k).Seed(++seed);
    ExpectMatchesReference(t, t.Run());
  }
}

TEST(LayerNormBackwardNumeric, StridedInputsAndOutputs) {
  const std::vector<Layout> layouts = {Layout::Dense(), Layout::Padded(3), Layout::Transposed(3)};
  uint64_t seed = 900;
  for (const DTypeCombo &combo : {kCombos[0], kCombos[2], kCombos[3]}) {
    for (const Layout &in : layouts) {
      for (const Layout &out : layouts) {
        for (size_t k : {1u, 2u}) {
          LayerNormBackwardTester t = WithCombo(combo);
          t.Shape({4, 9, 17}).NormDims(k).DataLayout(in).OutLayout(out).Seed(++seed);
          SCOPED_TRACE("layout case " + std::to_string(seed));
          ExpectMatchesReference(t, t.Run());
        }
      }
    }
  }
}

TEST(LayerNormBackwardNumeric, LongRowsCrossSummationChunks) {
  LayerNormBackwardTester t;
  t.Shape({3, 70001}).NormDims(1).Seed(11);
  ExpectMatchesReference(t, t.Run());
}

TEST(LayerNormBackwardNumeric, ManyRowsManyBlocks) {
  for (const DTypeCombo &combo : {kCombos[0], kCombos[3]}) {
    LayerNormBackwardTester t = WithCombo(combo);
    t.Shape({3001, 24}).NormDims(1).Seed(12);
    ExpectMatchesReference(t, t.Run());
  }
}

TEST(LayerNormBackwardNumeric, LargeDxStreamedPastTheCache) {
  // dx of >= 8 MiB is written with non-temporal stores; odd row lengths make most rows start
  // unaligned, so the aligned-prefix path runs too.
  for (const int64_t n : {int64_t{1024}, int64_t{1001}}) {
    LayerNormBackwardTester t;
    t.Shape({2100, n}).NormDims(1).Seed(14);
    ExpectMatchesReference(t, t.Run());
  }
}

TEST(LayerNormBackwardNumeric, LargeMeanOffsetKeepsPrecision) {
  // |mean| >> std: the (x - mean) * rstd order keeps xhat exact where an affine form cancels.
  LayerNormBackwardTester t;
  t.Shape({16, 128}).NormDims(1).Values(1000.0, 1000.5).Seed(13);
  ExpectMatchesReference(t, t.Run());
}

TEST(LayerNormBackwardNumeric, ShortRowsMixFastAndPreciseRows) {
  // Short dense fp32 rows go through the kernel two at a time; a shifted row (precise dx path)
  // every third or fifth row breaks the pairs at changing offsets, across fp32 run and block edges.
  for (const int64_t every : {int64_t{3}, int64_t{5}}) {
    for (const std::vector<int64_t> &shape : {std::vector<int64_t>{517, 64}, {259, 100}, {130, 7}, {1030, 256}}) {
      for (int mask = 1; mask < 8; ++mask) {
        LayerNormBackwardTester t;
        t.Shape(shape).NormDims(1).ShiftRows(every, 40.0).Mask(mask & 1, mask & 2, mask & 4).Seed(31);
        SCOPED_TRACE(testing::Message() << "every " << every << " cols " << shape[1] << " mask " << mask);
        ExpectMatchesReference(t, t.Run());
      }
    }
  }
}

TEST(LayerNormBackwardNumeric, BitIdenticalForOneAndTwoThreads) {
  for (const DTypeCombo &combo : {kCombos[0], kCombos[1], kCombos[4]}) {
    LayerNormBackwardTester one = WithCombo(combo), two = WithCombo(combo);
    one.Shape({2053, 129}).NormDims(1).Seed(21).Threads(1);
    two.Shape({2053, 129}).NormDims(1).Seed(21).Threads(2);
    const LayerNormBackwardOutputs a = one.Run(), b = two.Run();
    ASSERT_EQ(a.status, 0);
    ASSERT_EQ(b.status, 0);
    EXPECT_EQ(a.dxBytes, b.dxBytes);
    EXPECT_EQ(a.dwBytes, b.dwBytes);
    EXPECT_EQ(a.dbBytes, b.dbBytes);
  }
}

TEST(LayerNormBackwardNumeric, SpecExampleValues) {
  // norm-ops.md §2.7: exact in fp32.
  DeviceTensor dy({2, 2}, ACL_FLOAT), x({2, 2}, ACL_FLOAT), mean({2, 1}, ACL_FLOAT), rstd({2, 1}, ACL_FLOAT);
  DeviceTensor w({2}, ACL_FLOAT), b({2}, ACL_FLOAT), dx({2, 2}, ACL_FLOAT), dw({2}, ACL_FLOAT), db({2}, ACL_FLOAT);
  dy.Fill({2, 3, 4, 5});
  x.Fill({2, 3, 4, 5});
  mean.Fill({2, 3});
  rstd.Fill({4, 5});
  w.Fill({1, 1});
  b.Fill({0, 0});
  const int64_t ns[] = {2};
  const bool mask[] = {true, true, true};
  aclIntArray *nsArray = aclCreateIntArray(ns, 1);
  aclBoolArray *maskArray = aclCreateBoolArray(mask, 3);
  uint64_t ws = 0;
  aclOpExecutor *exec = nullptr;
  ASSERT_EQ(aclnnLayerNormBackwardGetWorkspaceSize(dy.get(), x.get(), nsArray, mean.get(), rstd.get(), w.get(), b.get(),
                                                   maskArray, dx.get(), dw.get(), db.get(), &ws, &exec),
            0);
  ASSERT_EQ(RunPhase2(aclnnLayerNormBackward, ws, exec), 0);
  EXPECT_EQ(dx.Read(), (std::vector<double>{-2, -94, -877.5, -1747.5}));
  EXPECT_EQ(dw.Read(), (std::vector<double>{20, 62}));
  EXPECT_EQ(db.Read(), (std::vector<double>{6, 8}));
  aclDestroyIntArray(nsArray);
  aclDestroyBoolArray(maskArray);
}

TEST(LayerNormBackwardNumeric, EmptyRowsZeroFillParamGradsAndLeaveOthers) {
  DeviceTensor dy({0, 2, 7}, ACL_FLOAT), x({0, 2, 7}, ACL_FLOAT), mean({0, 2, 1}, ACL_FLOAT),
      rstd({0, 2, 1}, ACL_FLOAT);
  DeviceTensor dx({0, 2, 7}, ACL_FLOAT), dw({7}, ACL_BF16), db({7}, ACL_FLOAT16);
  const int64_t ns[] = {7};
  const bool mask[] = {true, true, true};
  aclIntArray *nsArray = aclCreateIntArray(ns, 1);
  aclBoolArray *maskArray = aclCreateBoolArray(mask, 3);
  uint64_t ws = 0;
  aclOpExecutor *exec = nullptr;
  ASSERT_EQ(aclnnLayerNormBackwardGetWorkspaceSize(dy.get(), x.get(), nsArray, mean.get(), rstd.get(), nullptr, nullptr,
                                                   maskArray, dx.get(), dw.get(), db.get(), &ws, &exec),
            0);
  EXPECT_EQ(ws, 0u);
  ASSERT_EQ(aclnnLayerNormBackward(nullptr, 0, exec, nullptr), 0);
  ASSERT_EQ(aclrtSynchronizeStream(nullptr), 0);
  EXPECT_EQ(dw.Read(), std::vector<double>(7, 0.0));
  EXPECT_EQ(db.Read(), std::vector<double>(7, 0.0));
  aclDestroyIntArray(nsArray);
  aclDestroyBoolArray(maskArray);
}

TEST(LayerNormBackwardNumeric, UnmaskedOutputsAreUntouched) {
  LayerNormBackwardTester t;
  t.Shape({4, 16}).Mask(true, false, false).Seed(5);
  const LayerNormBackwardOutputs o = t.Run();
  ExpectMatchesReference(t, o);
  // DeviceTensor fills storage with 0xFF bytes; unmasked outputs must still hold exactly that.
  EXPECT_EQ(o.dwBytes, std::vector<unsigned char>(o.dwBytes.size(), 0xFF));
  EXPECT_EQ(o.dbBytes, std::vector<unsigned char>(o.dbBytes.size(), 0xFF));
}

}  // namespace
}  // namespace aclcpu_test::layer_norm_backward_numeric_test
