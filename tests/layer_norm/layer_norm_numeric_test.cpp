// aclnnLayerNorm against a float64 reference written here: sizes around the vector widths, every
// dtype combination, null optionals, strided views, empty tensors; 1 vs 2 threads bit for bit.
#include <limits>

#include "common/simd_targets.h"
#include "layer_norm/layer_norm_tester.h"

namespace aclcpu_test::layer_norm_numeric_test {
namespace {

struct DTypeCombo {
  aclDataType in, param;
};
// The (input, weight/bias) pairs the Atlas A2 accepts (norm-forward.md §1.4).
const DTypeCombo kCombos[] = {{ACL_FLOAT, ACL_FLOAT},
                              {ACL_FLOAT16, ACL_FLOAT},
                              {ACL_FLOAT16, ACL_FLOAT16},
                              {ACL_BF16, ACL_FLOAT},
                              {ACL_BF16, ACL_BF16}};

TEST(LayerNormNumeric, RowLengthsAroundVectorWidths) {
  for (const DTypeCombo c : kCombos) {
    for (int64_t n = 1; n <= 65; ++n) {
      LayerNormTester t;
      t.Shape({3, n}).InputDType(c.in).ParamDType(c.param).Seed(static_cast<uint64_t>(n));
      const LayerNormOutputs o = t.Run();
      ExpectMatchesReference(t, o);
      if (HasFatalFailure()) FAIL() << DTypeLabel(c.in) << "/" << DTypeLabel(c.param) << " n=" << n;
    }
  }
}

TEST(LayerNormNumeric, LongRowsAndManyRows) {
  const std::vector<std::vector<int64_t>> shapes = {{2, 1000}, {3, 4097}, {1, 70000}, {700, 33}, {4, 3, 257}};
  for (const DTypeCombo c : kCombos) {
    for (const auto &s : shapes) {
      LayerNormTester t;
      t.Shape(s).InputDType(c.in).ParamDType(c.param);
      ExpectMatchesReference(t, t.Run());
      if (HasFatalFailure()) FAIL() << DTypeLabel(c.in) << " shape " << s.size();
    }
  }
}

TEST(LayerNormNumeric, EveryOutputAndStatDType) {
  const aclDataType all[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
  for (const DTypeCombo c : kCombos) {
    for (aclDataType out : all) {
      for (aclDataType stat : all) {
        LayerNormTester t;
        t.Shape({5, 2, 24}).NormDims(2).InputDType(c.in).ParamDType(c.param).OutDType(out).StatDType(stat);
        ExpectMatchesReference(t, t.Run());
        if (HasFatalFailure()) FAIL() << DTypeLabel(c.in) << " out " << DTypeLabel(out) << " stat " << DTypeLabel(stat);
      }
    }
  }
}

TEST(LayerNormNumeric, NullOptionals) {
  for (int bits = 0; bits < 16; ++bits) {
    for (aclDataType in : {ACL_FLOAT, ACL_BF16}) {
      LayerNormTester t;
      t.Shape({6, 19}).InputDType(in).Optionals((bits & 1) != 0, (bits & 2) != 0, (bits & 4) != 0, (bits & 8) != 0);
      const LayerNormOutputs o = t.Run();
      ExpectMatchesReference(t, o);
      if (HasFatalFailure()) FAIL() << "optionals " << bits;
      EXPECT_EQ(o.mean.empty(), (bits & 4) == 0);
      // Unrequested statistics stay untouched (the 0xFF fill).
      if ((bits & 4) == 0) {
        EXPECT_EQ(o.meanBytes.front(), 0xFF);
      }
      if ((bits & 8) == 0) {
        EXPECT_EQ(o.rstdBytes.front(), 0xFF);
      }
    }
  }
}

TEST(LayerNormNumeric, StridedViewsInAndOut) {
  for (const DTypeCombo c : kCombos) {
    for (const Layout &in : {Layout::Padded(3), Layout::Transposed(3), Layout::Dense()}) {
      for (const Layout &out : {Layout::Padded(3, 5), Layout::Transposed(3), Layout::Dense()}) {
        LayerNormTester t;
        t.Shape({4, 5, 17})
            .NormDims(1)
            .InputDType(c.in)
            .ParamDType(c.param)
            .DataLayout(in)
            .OutLayout(out)
            .StatLayout(Layout::Padded(3, 1));
        ExpectMatchesReference(t, t.Run());
        if (HasFatalFailure()) FAIL() << DTypeLabel(c.in);
      }
    }
  }
}

TEST(LayerNormNumeric, AllApisAndImplModesAgree) {
  LayerNormTester base;
  base.Shape({7, 40}).InputDType(ACL_FLOAT16);
  const LayerNormOutputs ref = base.Run();
  ASSERT_EQ(ref.status, 0);
  for (int mode = 0; mode <= 2; ++mode) {
    LayerNormTester t;
    t.Shape({7, 40}).InputDType(ACL_FLOAT16).Api(LnApi::kImplMode, mode);
    const LayerNormOutputs o = t.Run();
    ASSERT_EQ(o.status, 0) << aclGetRecentErrMsg();
    EXPECT_EQ(o.yBytes, ref.yBytes) << "implMode " << mode;
    EXPECT_EQ(o.meanBytes, ref.meanBytes);
    EXPECT_EQ(o.rstdBytes, ref.rstdBytes);
  }
  LayerNormTester fast;
  fast.Shape({7, 40}).InputDType(ACL_FLOAT16).Api(LnApi::kFast);
  const LayerNormOutputs f = fast.Run();
  ASSERT_EQ(f.status, 0) << aclGetRecentErrMsg();
  EXPECT_EQ(f.yBytes, ref.yBytes);
  EXPECT_EQ(f.rstdBytes, ref.rstdBytes);
}

// Dense rows are read and written in place (FLOAT16/BF16 converted in registers), those of up to 256 elements with
// their statistics computed several rows side by side; a transposed input is staged as fp32 and computed a row at a
// time. Same values, same bits, for every input dtype on every SIMD target of this CPU.
TEST(LayerNormNumeric, InPlaceAndInterleavedRowsMatchStagedOnEverySimdTarget) {
  ForEachSimdTarget([] {
    for (aclDataType in : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
      for (int64_t n : {1, 7, 16, 64, 100, 256, 257}) {
        for (int64_t m : {1, 3, 4, 5, 9, 260}) {
          LayerNormTester dense, staged;
          dense.Shape({m, n}).InputDType(in).Seed(static_cast<uint64_t>(m * 1000 + n));
          staged.Shape({m, n})
              .InputDType(in)
              .Seed(static_cast<uint64_t>(m * 1000 + n))
              .DataLayout(Layout::Transposed(2));
          const LayerNormOutputs a = dense.Run(), b = staged.Run();
          ASSERT_EQ(a.status, 0);
          ASSERT_EQ(b.status, 0);
          EXPECT_EQ(a.yBytes, b.yBytes) << DTypeLabel(in) << " " << m << "x" << n;
          EXPECT_EQ(a.meanBytes, b.meanBytes) << DTypeLabel(in) << " " << m << "x" << n;
          EXPECT_EQ(a.rstdBytes, b.rstdBytes) << DTypeLabel(in) << " " << m << "x" << n;
        }
      }
    }
  });
}

TEST(LayerNormNumeric, OneAndTwoThreadsBitIdentical) {
  const std::vector<std::vector<int64_t>> shapes = {{300, 64}, {5000, 7}, {3, 20000}, {64, 3, 129}};
  for (const DTypeCombo c : kCombos) {
    for (const auto &s : shapes) {
      LayerNormTester a, b;
      a.Shape(s).InputDType(c.in).ParamDType(c.param).Threads(1).DataLayout(Layout::Padded(s.size()));
      b.Shape(s).InputDType(c.in).ParamDType(c.param).Threads(2).DataLayout(Layout::Padded(s.size()));
      const LayerNormOutputs oa = a.Run(), ob = b.Run();
      ASSERT_EQ(oa.status, 0);
      ASSERT_EQ(ob.status, 0);
      EXPECT_EQ(oa.yBytes, ob.yBytes);
      EXPECT_EQ(oa.meanBytes, ob.meanBytes);
      EXPECT_EQ(oa.rstdBytes, ob.rstdBytes);
    }
  }
}

TEST(LayerNormNumeric, LargeMeanSmallSpread) {
  // |mean| / std ~ 1e4: the two-pass double statistics keep full precision.
  LayerNormTester t;
  t.Shape({8, 300}).Values(1000.0, 1000.5);
  ExpectMatchesReference(t, t.Run());
}

TEST(LayerNormNumeric, SingleColumnRowsGiveBias) {
  // N == 1: x - mean == 0, so y == b exactly and rstd == 1 / sqrt(float(eps)).
  LayerNormTester t;
  t.Shape({9, 1}).Eps(1e-5);
  const LayerNormOutputs o = t.Run();
  ASSERT_EQ(o.status, 0);
  for (size_t i = 0; i < o.y.size(); ++i) EXPECT_EQ(o.y[i], t.biasValues[0]);
  EXPECT_EQ(o.rstd[0], static_cast<double>(static_cast<float>(1.0 / std::sqrt(static_cast<double>(1e-5f)))));
}

TEST(LayerNormNumeric, EmptyRowsWriteNothing) {
  LayerNormTester t;
  t.Shape({0, 2, 7, 18}).NormDims(2);
  const LayerNormOutputs o = t.Run();
  ASSERT_EQ(o.status, 0) << aclGetRecentErrMsg();
  EXPECT_EQ(o.workspaceSize, 0u);
}

TEST(LayerNormNumeric, EmptyColumnsFillStatistics) {
  for (LnApi api : {LnApi::kPlain, LnApi::kImplMode, LnApi::kFast}) {
    for (aclDataType stat : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
      LayerNormTester t;
      t.Shape({2, 0, 4}).NormDims(2).StatDType(stat).Api(api).StatLayout(Layout::Padded(3, 1));
      const LayerNormOutputs o = t.Run();
      ASSERT_EQ(o.status, 0) << aclGetRecentErrMsg();
      ASSERT_EQ(o.mean.size(), 2u);
      for (double v : o.mean) EXPECT_EQ(v, 0.0);
      for (double v : o.rstd) EXPECT_TRUE(std::isnan(v));
    }
  }
}

TEST(LayerNormNumeric, EmptyColumnsFillBroadcastStatistics) {
  // N == 0 with a mean whose leading dim is a stride-0 broadcast: its one element is written once.
  DeviceTensor x({2, 0}, ACL_FLOAT), out({2, 0}, ACL_FLOAT);
  const int64_t dims[] = {int64_t{1} << 40, 1}, strides[] = {0, 1}, storage[] = {1};
  float *data = nullptr;
  ASSERT_EQ(aclrtMalloc(reinterpret_cast<void **>(&data), sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  aclTensor *broadcast = aclCreateTensor(dims, 2, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, storage, 1, data);
  const int64_t ns[] = {0};
  aclIntArray *nsArray = aclCreateIntArray(ns, 1);
  uint64_t ws = 0;
  aclOpExecutor *exec = nullptr;
  ASSERT_EQ(aclnnLayerNormGetWorkspaceSize(x.get(), nsArray, nullptr, nullptr, 1e-5, out.get(), broadcast, nullptr, &ws,
                                           &exec),
            0)
      << aclGetRecentErrMsg();
  ASSERT_EQ(RunPhase2(aclnnLayerNorm, ws, exec), 0);
  float host = 1.0f;
  ASSERT_EQ(aclrtMemcpy(&host, sizeof host, data, sizeof host, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  EXPECT_EQ(host, 0.0f);
  aclDestroyTensor(broadcast);
  aclDestroyIntArray(nsArray);
  aclrtFree(data);
}

TEST(LayerNormNumeric, StatisticsRoundedOnceToHalfTypes) {
  // A 16-bit mean/rstd is the correctly rounded double, not the double rounded through fp32.
  for (aclDataType stat : {ACL_FLOAT16, ACL_BF16}) {
    LayerNormTester t;
    t.Shape({400, 37}).StatDType(stat).Seed(7);
    const LayerNormOutputs o = t.Run();
    ASSERT_EQ(o.status, 0);
    for (size_t r = 0; r < o.mean.size(); ++r) {
      // (fp16 subnormals are 2^-24 apart whatever the magnitude.)
      const double ulp = std::max(UlpAt(stat, std::fabs(o.refMean[r])), stat == ACL_FLOAT16 ? 0x1p-24 : 0.0);
      EXPECT_LE(std::fabs(o.mean[r] - o.refMean[r]), 0.5 * ulp + 1e-300) << r;
      EXPECT_LE(std::fabs(o.rstd[r] - o.refRstd[r]), 0.5 * UlpAt(stat, o.refRstd[r])) << r;
    }
  }
}

TEST(LayerNormNumeric, LargeDenseOutputStreamed) {
  // A dense fp32 out of 8 MiB or more is written with streaming stores; an offset view makes the
  // rows start off the vector alignment (scalar head, streamed body, scalar tail).
  Layout shifted;
  shifted.offset = 3;
  for (const Layout &out : {Layout::Dense(), shifted}) {
    LayerNormTester a, b;
    a.Shape({1100, 2001}).OutLayout(out).Threads(1);
    b.Shape({1100, 2001}).OutLayout(out).Threads(2);
    const LayerNormOutputs oa = a.Run(), ob = b.Run();
    ExpectMatchesReference(a, oa);
    ASSERT_EQ(ob.status, 0);
    EXPECT_EQ(oa.yBytes, ob.yBytes);
  }
}

}  // namespace
}  // namespace aclcpu_test::layer_norm_numeric_test
