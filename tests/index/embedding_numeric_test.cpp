// aclnnEmbedding and aclnnEmbeddingDenseBackward against float64 / bit-exact references (docs/ops/embedding.md):
// random shapes, every dtype of the lists, strided views, repeated indices, paddingIdx, scaleGradByFreq, empty
// inputs, out-of-range indices (507015 at synchronize), the vendor examples, and 1 vs 2 threads bit for bit.
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "acl/error_codes/rt_error_codes.h"
#include "aclnn/opdev/op_errno.h"
#include "aclnnop/aclnn_embedding.h"
#include "aclnnop/aclnn_embedding_dense_backward.h"
#include "common/test_tensor.h"

namespace aclcpu_test::embedding_numeric_test {
namespace {

class EmbeddingNumeric : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

// Raw storage access for dtypes DeviceTensor's double helpers do not cover (integers, bool).
std::vector<unsigned char> RandomBytes(std::mt19937_64 &rng, size_t n) {
  std::vector<unsigned char> b(n);
  for (auto &x : b) x = static_cast<unsigned char>(rng() & 0xFF);
  return b;
}

void Upload(const DeviceTensor &t, const std::vector<unsigned char> &bytes) {
  aclrtMemcpy(t.device(), bytes.size(), bytes.data(), bytes.size(), ACL_MEMCPY_HOST_TO_DEVICE);
}

// Writes integer values through the view of an index tensor (INT32, INT64, or any dtype for the backward).
void FillIndices(DeviceTensor &t, const std::vector<double> &values) {
  const aclDataType dt = t.dtype();
  if (dt == ACL_FLOAT || dt == ACL_FLOAT16 || dt == ACL_BF16 || dt == ACL_DOUBLE) {
    t.Fill(values);
    return;
  }
  std::vector<unsigned char> host = t.Bytes();
  const size_t size = ElementSize(dt);
  for (int64_t i = 0; i < t.numel(); ++i) {
    const auto v = static_cast<int64_t>(values[static_cast<size_t>(i)]);
    unsigned char *p = host.data() + t.OffsetOf(i) * static_cast<int64_t>(size);
    if (dt == ACL_BOOL) {
      p[0] = v != 0;
    } else {
      std::memcpy(p, &v, size);  // little-endian: the low bytes
    }
  }
  Upload(t, host);
}

// Phase 1 + phase 2 + synchronize; returns the synchronize status (0 or the launch's failure).
template <class Phase1>
aclError Launch(int threads, Phase1 phase1, Phase2Fn phase2) {
  uint64_t ws = 0;
  aclOpExecutor *exec = nullptr;
  EXPECT_EQ(Phase1WithThreads(threads, [&] { return phase1(&ws, &exec); }), ACLNN_SUCCESS) << aclGetRecentErrMsg();
  void *workspace = nullptr;
  if (ws > 0) {
    EXPECT_EQ(aclrtMalloc(&workspace, ws, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  }
  aclrtStream stream = nullptr;
  aclrtCreateStream(&stream);
  EXPECT_EQ(phase2(workspace, ws, exec, stream), ACLNN_SUCCESS);
  const aclError status = aclrtSynchronizeStream(stream);
  aclrtDestroyStream(stream);
  if (workspace != nullptr) aclrtFree(workspace);
  return status;
}

// ---- aclnnEmbedding -------------------------------------------------------------------------------------------

struct ForwardCase {
  aclDataType weight, index;
  std::vector<int64_t> indicesShape;
  int64_t rows, cols;
  Layout weightLayout, outLayout;
};

// out's bytes at each position equal weight's bytes at the indexed row (a bitwise copy for every dtype).
void CheckForward(const ForwardCase &c, std::mt19937_64 &rng, int threads) {
  DeviceTensor weight({c.rows, c.cols}, c.weight, c.weightLayout);
  std::vector<int64_t> outShape = c.indicesShape;
  outShape.push_back(c.cols);
  DeviceTensor indices(c.indicesShape, c.index, Layout::Padded(c.indicesShape.size(), 1));
  DeviceTensor out(outShape, c.weight, c.outLayout);
  std::vector<unsigned char> wbytes = RandomBytes(rng, weight.Bytes().size());
  if (c.weight == ACL_BOOL)
    for (auto &b : wbytes) b &= 1;
  Upload(weight, wbytes);
  std::uniform_int_distribution<int64_t> pick(0, c.rows - 1);
  std::vector<double> idx(static_cast<size_t>(indices.numel()));
  for (double &v : idx) v = static_cast<double>(pick(rng));
  FillIndices(indices, idx);
  ASSERT_EQ(Launch(
                threads,
                [&](uint64_t *ws, aclOpExecutor **e) {
                  return aclnnEmbeddingGetWorkspaceSize(weight.get(), indices.get(), out.get(), ws, e);
                },
                aclnnEmbedding),
            ACL_SUCCESS);
  const std::vector<unsigned char> got = out.Bytes();
  const size_t size = ElementSize(c.weight);
  for (int64_t p = 0; p < indices.numel(); ++p) {
    const auto row = static_cast<int64_t>(idx[static_cast<size_t>(p)]);
    for (int64_t j = 0; j < c.cols; ++j) {
      const unsigned char *want = wbytes.data() + weight.OffsetOf(row * c.cols + j) * static_cast<int64_t>(size);
      const unsigned char *have = got.data() + out.OffsetOf(p * c.cols + j) * static_cast<int64_t>(size);
      ASSERT_EQ(std::memcmp(want, have, size), 0) << "position " << p << " column " << j;
    }
  }
}

TEST_F(EmbeddingNumeric, ForwardEveryDtypeAndLayout) {
  std::mt19937_64 rng(11);
  const aclDataType types[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16,  ACL_DOUBLE, ACL_INT64,     ACL_INT32,
                               ACL_INT16, ACL_INT8,    ACL_UINT8, ACL_BOOL,   ACL_COMPLEX64, ACL_COMPLEX128};
  int n = 0;
  for (aclDataType t : types) {
    for (aclDataType it : {ACL_INT32, ACL_INT64}) {
      SCOPED_TRACE(std::string(DTypeLabel(t)) + " " + DTypeLabel(it));
      const Layout wl = (n % 3 == 0) ? Layout::Transposed(2) : (n % 3 == 1) ? Layout::Padded(2) : Layout::Dense();
      const std::vector<int64_t> shape = n % 2 ? std::vector<int64_t>{3, 5} : std::vector<int64_t>{7};
      CheckForward({t, it, shape, 6, 1 + n % 9, wl, n % 4 == 0 ? Layout::Padded(shape.size() + 1) : Layout::Dense()},
                   rng, 0);
      ++n;
    }
  }
}

TEST_F(EmbeddingNumeric, ForwardRandomShapesAndRanks) {
  std::mt19937_64 rng(12);
  for (int k = 0; k < 30; ++k) {
    std::uniform_int_distribution<int> rank(0, 4), dim(1, 5);
    std::vector<int64_t> shape(static_cast<size_t>(rank(rng)));
    for (auto &d : shape) d = dim(rng);
    const int64_t cols = std::uniform_int_distribution<int64_t>(1, 300)(rng);
    SCOPED_TRACE("case " + std::to_string(k));
    CheckForward({k % 2 ? ACL_FLOAT : ACL_BF16, k % 3 ? ACL_INT64 : ACL_INT32, shape, 1 + k % 7, cols,
                  k % 4 == 1 ? Layout::Transposed(2) : Layout::Dense(),
                  k % 5 == 2 ? Layout::Transposed(shape.size() + 1) : Layout::Dense()},
                 rng, k % 2 + 1);
  }
}

TEST_F(EmbeddingNumeric, ForwardVendorExample) {
  DeviceTensor weight({10, 3}, ACL_FLOAT), indices({4}, ACL_INT64), out({4, 3}, ACL_FLOAT);
  std::vector<double> w(30);
  for (int i = 0; i < 30; ++i) w[static_cast<size_t>(i)] = i + 1;
  weight.Fill(w);
  FillIndices(indices, {1, 2, 3, 4});
  ASSERT_EQ(Launch(
                0,
                [&](uint64_t *ws, aclOpExecutor **e) {
                  return aclnnEmbeddingGetWorkspaceSize(weight.get(), indices.get(), out.get(), ws, e);
                },
                aclnnEmbedding),
            ACL_SUCCESS);
  EXPECT_EQ(out.Read(), (std::vector<double>{4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}));
}

TEST_F(EmbeddingNumeric, ForwardOutOfRangeIndexFailsTheLaunchAndWritesNothing) {
  for (double bad : {-1.0, 10.0, 1e12}) {
    DeviceTensor weight({10, 3}, ACL_FLOAT), indices({3}, ACL_INT64), out({3, 3}, ACL_FLOAT);
    std::vector<double> w(30, 7.0);
    weight.Fill(w);
    FillIndices(indices, {2, bad, 4});
    const std::vector<unsigned char> before = out.Bytes();
    EXPECT_EQ(Launch(
                  0,
                  [&](uint64_t *ws, aclOpExecutor **e) {
                    return aclnnEmbeddingGetWorkspaceSize(weight.get(), indices.get(), out.get(), ws, e);
                  },
                  aclnnEmbedding),
              ACL_ERROR_RT_AICORE_EXCEPTION);
    EXPECT_EQ(out.Bytes(), before) << "index " << bad;
  }
}

TEST_F(EmbeddingNumeric, ForwardEmptyLeavesOutUntouched) {
  DeviceTensor weight({0, 3}, ACL_FLOAT), indices({2}, ACL_INT32), out({2, 3}, ACL_FLOAT);
  const std::vector<unsigned char> before = out.Bytes();
  ASSERT_EQ(Launch(
                0,
                [&](uint64_t *ws, aclOpExecutor **e) {
                  return aclnnEmbeddingGetWorkspaceSize(weight.get(), indices.get(), out.get(), ws, e);
                },
                aclnnEmbedding),
            ACL_SUCCESS);
  EXPECT_EQ(out.Bytes(), before);
}

TEST_F(EmbeddingNumeric, RefusedCallLeavesOutUntouched) {
  DeviceTensor weight({10, 3}, ACL_FLOAT), indices({4}, ACL_INT32), out({4, 3}, ACL_FLOAT16);
  const std::vector<unsigned char> before = out.Bytes();
  uint64_t ws = 0;
  aclOpExecutor *exec = nullptr;
  EXPECT_EQ(aclnnEmbeddingGetWorkspaceSize(weight.get(), indices.get(), out.get(), &ws, &exec),
            ACLNN_ERR_PARAM_INVALID);
  EXPECT_EQ(out.Bytes(), before);
}

// ---- aclnnEmbeddingDenseBackward ------------------------------------------------------------------------------

struct BackwardCase {
  aclDataType grad, index, out;
  std::vector<int64_t> gradShape;  // last dim = D
  std::vector<int64_t> indicesShape;
  int64_t numWeights;
  int64_t paddingIdx;  // -1: none
  bool scale;
  Layout gradLayout, outLayout;
};

// The float64 reference: sums in index order, the scale as 1/count, then the value out's dtype holds.
std::vector<double> BackwardReference(const BackwardCase &c, const std::vector<double> &grad,
                                      const std::vector<double> &idx) {
  const int64_t cols = c.gradShape.back(), rows = static_cast<int64_t>(idx.size());
  std::vector<double> out(static_cast<size_t>(c.numWeights * cols), 0.0);
  std::vector<int64_t> count(static_cast<size_t>(c.numWeights), 0);
  for (double v : idx) ++count[static_cast<size_t>(static_cast<int64_t>(v))];
  for (int64_t i = 0; i < rows; ++i) {
    const auto k = static_cast<int64_t>(idx[static_cast<size_t>(i)]);
    if (k == c.paddingIdx) continue;
    for (int64_t j = 0; j < cols; ++j)
      out[static_cast<size_t>(k * cols + j)] += grad[static_cast<size_t>(i * cols + j)];
  }
  if (c.scale) {
    for (int64_t k = 0; k < c.numWeights; ++k)
      for (int64_t j = 0; j < cols; ++j)
        if (count[static_cast<size_t>(k)] > 0)
          out[static_cast<size_t>(k * cols + j)] /= static_cast<double>(count[static_cast<size_t>(k)]);
  }
  return out;
}

std::vector<unsigned char> RunBackward(const BackwardCase &c, std::mt19937_64 &rng, int threads, bool check) {
  DeviceTensor grad(c.gradShape, c.grad, c.gradLayout),
      indices(c.indicesShape, c.index, Layout::Padded(c.indicesShape.size(), 2));
  DeviceTensor out({c.numWeights, c.gradShape.back()}, c.out, c.outLayout);
  std::vector<double> g = RandomValues(rng, grad.numel(), -2, 2);
  for (double &v : g) v = RoundTo(c.grad, v);
  grad.Fill(g);
  const int64_t hi = c.index == ACL_BOOL   ? 1
                     : c.index == ACL_INT8 ? std::min<int64_t>(c.numWeights, 128)
                                           : c.numWeights;
  std::uniform_int_distribution<int64_t> pick(0, hi - 1);
  std::vector<double> idx(static_cast<size_t>(indices.numel()));
  for (double &v : idx) v = static_cast<double>(pick(rng));
  FillIndices(indices, idx);
  EXPECT_EQ(Launch(
                threads,
                [&](uint64_t *ws, aclOpExecutor **e) {
                  return aclnnEmbeddingDenseBackwardGetWorkspaceSize(grad.get(), indices.get(), c.numWeights,
                                                                     static_cast<uint64_t>(c.paddingIdx), c.scale,
                                                                     out.get(), ws, e);
                },
                aclnnEmbeddingDenseBackward),
            ACL_SUCCESS);
  if (check) {
    const std::vector<double> ref = BackwardReference(c, g, idx), got = out.Read();
    for (size_t i = 0; i < ref.size(); ++i) {
      const double smallest = c.out == ACL_FLOAT16 ? std::ldexp(1.0, -24) : 0.0;  // subnormal spacing
      const double tol = 0.5 * std::max(UlpAt(c.out, std::fabs(ref[i])), smallest) * (1 + 1e-9);
      EXPECT_LE(std::fabs(got[i] - ref[i]), tol) << "element " << i << " got " << got[i] << " ref " << ref[i];
    }
  }
  return out.Bytes();
}

TEST_F(EmbeddingNumeric, BackwardEveryDtypeAgainstFloat64) {
  std::mt19937_64 rng(21);
  const aclDataType floats[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
  const aclDataType indexTypes[] = {ACL_INT32, ACL_INT64, ACL_INT16,   ACL_INT8,  ACL_UINT8,
                                    ACL_BOOL,  ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE};
  int n = 0;
  for (aclDataType g : floats) {
    for (aclDataType o : floats) {
      for (aclDataType it : indexTypes) {
        SCOPED_TRACE(std::string(DTypeLabel(g)) + "->" + DTypeLabel(o) + " idx " + DTypeLabel(it));
        const bool scale = n % 2 == 1;
        const int64_t padding = n % 3 == 0 ? -1 : n % 5;
        RunBackward({g,
                     it,
                     o,
                     {3, 4, 1 + n % 37},
                     {12},
                     7,
                     padding,
                     scale,
                     n % 4 == 1 ? Layout::Transposed(3) : Layout::Dense(),
                     n % 4 == 2 ? Layout::Padded(2) : Layout::Dense()},
                    rng, 0, true);
        ++n;
      }
    }
  }
}

TEST_F(EmbeddingNumeric, BackwardRandomShapesRepeatsAndStrides) {
  std::mt19937_64 rng(22);
  for (int k = 0; k < 25; ++k) {
    std::uniform_int_distribution<int64_t> dim(1, 6), cols(1, 600), weights(1, 40);
    const int64_t a = dim(rng), b = dim(rng), d = cols(rng), nw = weights(rng);
    SCOPED_TRACE("case " + std::to_string(k));
    RunBackward({k % 3 == 0 ? ACL_BF16 : ACL_FLOAT,
                 k % 2 ? ACL_INT64 : ACL_INT32,
                 k % 4 == 0 ? ACL_FLOAT16 : ACL_FLOAT,
                 {a, b, d},
                 {b, a},
                 nw,
                 k % 2 ? std::min<int64_t>(k, nw - 1) : -1,
                 k % 3 == 1,
                 k % 2 ? Layout::Padded(3) : Layout::Transposed(3),
                 k % 5 == 0 ? Layout::Transposed(2) : Layout::Dense()},
                rng, 0, true);
  }
}

TEST_F(EmbeddingNumeric, BackwardLongRunsOneVsTwoThreadsBitwise) {
  // 6000 rows into 3 out rows: long double sums; the bits must not depend on the thread count.
  for (aclDataType t : {ACL_FLOAT, ACL_BF16}) {
    const BackwardCase c{t, ACL_INT64, t, {6000, 70}, {6000}, 3, -1, true, Layout::Dense(), Layout::Dense()};
    std::mt19937_64 rng1(5), rng2(5);
    const auto one = RunBackward(c, rng1, 1, true);
    const auto two = RunBackward(c, rng2, 2, false);
    EXPECT_EQ(one, two) << DTypeLabel(t);
  }
  const BackwardCase wide{ACL_FLOAT, ACL_INT32, ACL_FLOAT, {5000, 3},       {5000},
                          4000,      17,        false,     Layout::Dense(), Layout::Dense()};
  std::mt19937_64 rng1(6), rng2(6);
  EXPECT_EQ(RunBackward(wide, rng1, 1, true), RunBackward(wide, rng2, 2, false));
}

TEST_F(EmbeddingNumeric, BackwardVendorExample) {
  DeviceTensor grad({2, 3}, ACL_FLOAT), indices({2}, ACL_INT64), out({4, 3}, ACL_FLOAT);
  grad.Fill({1, 2, 3, 4, 5, 6});
  FillIndices(indices, {1, 2});
  ASSERT_EQ(Launch(
                0,
                [&](uint64_t *ws, aclOpExecutor **e) {
                  return aclnnEmbeddingDenseBackwardGetWorkspaceSize(grad.get(), indices.get(), 4, 0, false, out.get(),
                                                                     ws, e);
                },
                aclnnEmbeddingDenseBackward),
            ACL_SUCCESS);
  EXPECT_EQ(out.Read(), (std::vector<double>{0, 0, 0, 1, 2, 3, 4, 5, 6, 0, 0, 0}));
}

TEST_F(EmbeddingNumeric, BackwardPaddingScaleAndFloatIndices) {
  // indices 1, 1, 0, 2.9 (-> 2), 1 with padding 0 and scaling: row 1 = mean of three rows, row 0 zero.
  DeviceTensor grad({5, 2}, ACL_FLOAT), indices({5}, ACL_FLOAT), out({3, 2}, ACL_FLOAT);
  grad.Fill({1, 10, 2, 20, 3, 30, 4, 40, 6, 60});
  indices.Fill({1, 1, 0, 2.9, 1});
  ASSERT_EQ(Launch(
                0,
                [&](uint64_t *ws, aclOpExecutor **e) {
                  return aclnnEmbeddingDenseBackwardGetWorkspaceSize(grad.get(), indices.get(), 3, 0, true, out.get(),
                                                                     ws, e);
                },
                aclnnEmbeddingDenseBackward),
            ACL_SUCCESS);
  EXPECT_EQ(out.Read(), (std::vector<double>{0, 0, 3, 30, 4, 40}));
}

TEST_F(EmbeddingNumeric, BackwardEmptyGradZeroFillsOut) {
  DeviceTensor grad({0, 3}, ACL_FLOAT), indices({0}, ACL_INT32), out({5, 3}, ACL_BF16, Layout::Padded(2));
  uint64_t ws = 99;
  aclOpExecutor *exec = nullptr;
  ASSERT_EQ(aclnnEmbeddingDenseBackwardGetWorkspaceSize(grad.get(), indices.get(), 5, static_cast<uint64_t>(-1), false,
                                                        out.get(), &ws, &exec),
            ACLNN_SUCCESS);
  EXPECT_EQ(ws, 0u);
  EXPECT_EQ(RunPhase2(aclnnEmbeddingDenseBackward, ws, exec), ACLNN_SUCCESS);
  EXPECT_EQ(out.Read(), std::vector<double>(15, 0.0));
}

TEST_F(EmbeddingNumeric, ScalarIndexAndOneRowGrad) {
  // A 0-d index: forward out [D]; backward grad [D] (one row) into out [n, D].
  DeviceTensor weight({3, 2}, ACL_FLOAT), index({}, ACL_INT32), out({2}, ACL_FLOAT), grad({2}, ACL_BF16),
      dw({3, 2}, ACL_FLOAT16);
  weight.Fill({1, 2, 3, 4, 5, 6});
  FillIndices(index, {2});
  grad.Fill({0.5, -8});
  ASSERT_EQ(Launch(
                0,
                [&](uint64_t *ws, aclOpExecutor **e) {
                  return aclnnEmbeddingGetWorkspaceSize(weight.get(), index.get(), out.get(), ws, e);
                },
                aclnnEmbedding),
            ACL_SUCCESS);
  EXPECT_EQ(out.Read(), (std::vector<double>{5, 6}));
  ASSERT_EQ(Launch(
                0,
                [&](uint64_t *ws, aclOpExecutor **e) {
                  return aclnnEmbeddingDenseBackwardGetWorkspaceSize(grad.get(), index.get(), 3,
                                                                     static_cast<uint64_t>(-1), true, dw.get(), ws, e);
                },
                aclnnEmbeddingDenseBackward),
            ACL_SUCCESS);
  EXPECT_EQ(dw.Read(), (std::vector<double>{0, 0, 0, 0, 0.5, -8}));
}

TEST_F(EmbeddingNumeric, BackwardEmptyOutOfManyRowsIsImmediate) {
  // out [2^40, 0]: nothing to write, and no loop over its rows (found by tests/python/test_robustness.py).
  DeviceTensor grad({3, 0}, ACL_FLOAT), indices({3}, ACL_INT64);
  const std::vector<int64_t> outShape = {int64_t{1} << 40, 0}, strides = {1, 1};
  aclTensor *out =
      aclCreateTensor(outShape.data(), 2, ACL_FLOAT, strides.data(), 0, ACL_FORMAT_ND, outShape.data(), 2, nullptr);
  uint64_t ws = 1;
  aclOpExecutor *exec = nullptr;
  ASSERT_EQ(aclnnEmbeddingDenseBackwardGetWorkspaceSize(grad.get(), indices.get(), uint64_t{1} << 40, 0, false, out,
                                                        &ws, &exec),
            ACLNN_SUCCESS);
  EXPECT_EQ(ws, 0u);
  EXPECT_EQ(RunPhase2(aclnnEmbeddingDenseBackward, ws, exec), ACLNN_SUCCESS);
  aclDestroyTensor(out);
}

TEST_F(EmbeddingNumeric, BackwardOutOfRangeIndexFailsTheLaunchAndWritesNothing) {
  for (double bad : {-2.0, 3.0, std::nan("")}) {  // -1 would be paddingIdx ((uint64_t)-1): skipped
    DeviceTensor grad({3, 2}, ACL_FLOAT), indices({3}, ACL_DOUBLE), out({3, 2}, ACL_FLOAT);
    grad.Fill({1, 2, 3, 4, 5, 6});
    indices.Fill({2, bad, 2});
    const std::vector<unsigned char> before = out.Bytes();
    EXPECT_EQ(Launch(
                  0,
                  [&](uint64_t *ws, aclOpExecutor **e) {
                    return aclnnEmbeddingDenseBackwardGetWorkspaceSize(
                        grad.get(), indices.get(), 3, static_cast<uint64_t>(-1), false, out.get(), ws, e);
                  },
                  aclnnEmbeddingDenseBackward),
              ACL_ERROR_RT_AICORE_EXCEPTION);
    EXPECT_EQ(out.Bytes(), before) << "index " << bad;
  }
  // An out-of-range index equal to paddingIdx is simply skipped.
  DeviceTensor grad({2, 1}, ACL_FLOAT), indices({2}, ACL_INT64), out({2, 1}, ACL_FLOAT);
  grad.Fill({1, 2});
  FillIndices(indices, {7, 1});
  EXPECT_EQ(Launch(
                0,
                [&](uint64_t *ws, aclOpExecutor **e) {
                  return aclnnEmbeddingDenseBackwardGetWorkspaceSize(grad.get(), indices.get(), 2, 7, false, out.get(),
                                                                     ws, e);
                },
                aclnnEmbeddingDenseBackward),
            ACL_SUCCESS);
  EXPECT_EQ(out.Read(), (std::vector<double>{0, 2}));
}

TEST_F(EmbeddingNumeric, BackwardSpecialsPropagate) {
  DeviceTensor grad({3, 2}, ACL_FLOAT), indices({3}, ACL_INT32), out({2, 2}, ACL_FLOAT);
  grad.Fill({HUGE_VAL, 1, -HUGE_VAL, std::nan(""), 5, -0.0});
  FillIndices(indices, {0, 0, 1});
  ASSERT_EQ(Launch(
                0,
                [&](uint64_t *ws, aclOpExecutor **e) {
                  return aclnnEmbeddingDenseBackwardGetWorkspaceSize(
                      grad.get(), indices.get(), 2, static_cast<uint64_t>(-1), false, out.get(), ws, e);
                },
                aclnnEmbeddingDenseBackward),
            ACL_SUCCESS);
  const std::vector<double> got = out.Read();
  EXPECT_TRUE(std::isnan(got[0]));  // inf + -inf
  EXPECT_TRUE(std::isnan(got[1]));
  EXPECT_EQ(got[2], 5);
  EXPECT_EQ(got[3], 0);
  EXPECT_FALSE(std::signbit(got[3]));  // 0 + -0 = +0, as PyTorch's zeros + grad
}

}  // namespace
}  // namespace aclcpu_test::embedding_numeric_test
