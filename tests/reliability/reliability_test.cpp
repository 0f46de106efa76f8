// Issue-6 guarantees: views checked against their aclrtMalloc blocks, misuse that returns codes,
// concurrency (many host threads, many streams, one shared stream), and the ACLNN_CPU_DEBUG aids.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <functional>
#include <map>
#include <random>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "aclnn/opdev/op_errno.h"
#include "aclnnop/aclnn_convolution_backward.h"
#include "aclnnop/aclnn_group_norm_swish.h"
#include "aclnnop/aclnn_group_norm_swish_grad.h"
#include "aclnnop/aclnn_layer_norm_backward.h"
#include "aclnnop/aclnn_prelu_backward.h"
#include "common/pad2d_backward_tester.h"
#include "common/stream_gate.h"
#include "common/test_tensor.h"
#include "conv_tbc_backward/conv_tbc_backward_tester.h"
#include "group_norm_swish_grad/group_norm_swish_grad_tester.h"
#include "layer_norm_backward/layer_norm_backward_tester.h"
#include "prelu_backward/prelu_backward_tester.h"
#include "runtime/runtime_internal.h"

namespace aclcpu_test::reliability_test {
namespace {

// A workspace of `bytes` (none for 0), freed at scope exit.
class Workspace {
 public:
  explicit Workspace(uint64_t bytes) {
    if (bytes > 0) {
      EXPECT_EQ(aclrtMalloc(&ptr_, bytes, ACL_MEM_MALLOC_HUGE_FIRST), 0);
    }
  }
  ~Workspace() {
    if (ptr_ != nullptr) aclrtFree(ptr_);
  }
  Workspace(const Workspace &) = delete;
  Workspace &operator=(const Workspace &) = delete;
  void *get() const { return ptr_; }

 private:
  void *ptr_ = nullptr;
};

// A raw tensor over `block` claiming `shape` (contiguous, storage = the view).
aclTensor *TensorOver(void *block, const std::vector<int64_t> &shape, aclDataType dtype = ACL_FLOAT) {
  return aclCreateTensor(shape.data(), shape.size(), dtype, nullptr, 0, ACL_FORMAT_ND, shape.data(), shape.size(),
                         block);
}

// ---- view bounds ------------------------------------------------------------------------------

TEST(ViewBounds, PhaseOneRefusesAViewReachingPastItsBlockAndNamesIt) {
  void *small = nullptr, *big = nullptr;
  ASSERT_EQ(aclrtMalloc(&small, 64, ACL_MEM_MALLOC_HUGE_FIRST), 0);  // 16 floats
  ASSERT_EQ(aclrtMalloc(&big, 4096, ACL_MEM_MALLOC_HUGE_FIRST), 0);
  char *base = static_cast<char *>(big);
  aclTensor *dy = TensorOver(small, {4, 8});  // 32 floats claimed in a 16-float block
  aclTensor *x = TensorOver(base, {4, 8}), *w = TensorOver(base + 128, {8});
  aclTensor *dx = TensorOver(base + 256, {4, 8}), *dw = TensorOver(base + 384, {8});
  uint64_t ws = 0;
  aclOpExecutor *exec = nullptr;
  EXPECT_EQ(aclnnPreluBackwardGetWorkspaceSize(dy, x, w, dx, dw, &ws, &exec), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("gradOutput view inside its aclrtMalloc block");
  // An interior address whose view ends past the end of its block.
  aclTensor *late = TensorOver(base + 4096 - 64, {4, 8});
  EXPECT_EQ(aclnnPreluBackwardGetWorkspaceSize(x, x, w, late, dw, &ws, &exec), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("gradInput view inside its aclrtMalloc block");
  // Inside: accepted; caller-owned memory (no block) is not the registry's business.
  std::vector<float> host(32, 1.0f);
  aclTensor *hostTensor = TensorOver(host.data(), {4, 8});
  EXPECT_EQ(aclnnPreluBackwardGetWorkspaceSize(hostTensor, x, w, dx, dw, &ws, &exec), 0);
  const Workspace workspace(ws);
  EXPECT_EQ(aclnnPreluBackward(workspace.get(), ws, exec, nullptr), 0);
  EXPECT_EQ(aclrtSynchronizeStream(nullptr), 0);
  for (aclTensor *t : {dy, x, w, dx, dw, late, hostTensor}) aclDestroyTensor(t);
  aclrtFree(small);
  aclrtFree(big);
}

TEST(ViewBounds, LaunchRechecksAddressesMovedSincePhaseOne) {
  DeviceTensor dy({4, 8}, ACL_FLOAT), x({4, 8}, ACL_FLOAT), mean({4, 1}, ACL_FLOAT), rstd({4, 1}, ACL_FLOAT);
  DeviceTensor dx({4, 8}, ACL_FLOAT), dw({8}, ACL_FLOAT), db({8}, ACL_FLOAT);
  const int64_t normalized[] = {8};
  const bool maskValues[] = {true, true, true};
  aclIntArray *ns = aclCreateIntArray(normalized, 1);
  aclBoolArray *mask = aclCreateBoolArray(maskValues, 3);
  uint64_t ws = 0;
  aclOpExecutor *exec = nullptr;
  ASSERT_EQ(aclnnLayerNormBackwardGetWorkspaceSize(dy.get(), x.get(), ns, mean.get(), rstd.get(), nullptr, nullptr,
                                                   mask, dx.get(), dw.get(), db.get(), &ws, &exec),
            0);
  ASSERT_EQ(aclSetAclOpExecutorRepeatable(exec), 0);
  void *workspace = nullptr, *tooSmall = nullptr;
  ASSERT_EQ(aclrtMalloc(&workspace, ws, ACL_MEM_MALLOC_HUGE_FIRST), 0);
  ASSERT_EQ(aclrtMalloc(&tooSmall, 16, ACL_MEM_MALLOC_HUGE_FIRST), 0);
  ASSERT_EQ(aclSetOutputTensorAddr(exec, 0, dx.get(), tooSmall), 0);
  EXPECT_EQ(aclnnLayerNormBackward(workspace, ws, exec, nullptr), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("gradInputOut view inside its aclrtMalloc block");
  // Refused without consuming the executor: bound back, it runs.
  ASSERT_EQ(aclSetOutputTensorAddr(exec, 0, dx.get(), dx.device()), 0);
  EXPECT_EQ(aclnnLayerNormBackward(workspace, ws, exec, nullptr), 0);
  EXPECT_EQ(aclrtSynchronizeStream(nullptr), 0);
  EXPECT_EQ(aclDestroyAclOpExecutor(exec), 0);
  aclrtFree(tooSmall);
  aclrtFree(workspace);
  aclDestroyIntArray(ns);
  aclDestroyBoolArray(mask);
}

// ---- misuse returns codes ---------------------------------------------------------------------

TEST(Misuse, MemoryAndStreamHandles) {
  int onStack = 0;
  EXPECT_EQ(aclrtFree(&onStack), ACL_ERROR_RT_PARAM_INVALID);  // never allocated
  void *block = nullptr;
  ASSERT_EQ(aclrtMalloc(&block, 32, ACL_MEM_MALLOC_HUGE_FIRST), 0);
  EXPECT_EQ(aclrtFreeHost(block), ACL_ERROR_RT_PARAM_INVALID);                       // wrong family
  EXPECT_EQ(aclrtFree(static_cast<char *>(block) + 8), ACL_ERROR_RT_PARAM_INVALID);  // interior address
  EXPECT_EQ(aclrtFree(block), 0);
  EXPECT_EQ(aclrtFree(block), ACL_ERROR_RT_PARAM_INVALID);  // twice
  aclrtStream stream = nullptr;
  ASSERT_EQ(aclrtCreateStream(&stream), 0);
  EXPECT_EQ(aclrtDestroyStream(stream), 0);
  EXPECT_EQ(aclrtDestroyStream(stream), ACL_ERROR_RT_PARAM_INVALID);
}

TEST(Misuse, ExecutorsUnknownConsumedOrDestroyed) {
  PreluTester().Self({2, 3, 4}).Weight({3}).DType(ACL_FLOAT).Run();  // a warm runtime
  DeviceTensor dy({2, 3, 4}, ACL_FLOAT), x({2, 3, 4}, ACL_FLOAT), w({3}, ACL_FLOAT);
  DeviceTensor dx({2, 3, 4}, ACL_FLOAT), dw({3}, ACL_FLOAT);
  uint64_t ws = 0;
  aclOpExecutor *exec = nullptr;
  ASSERT_EQ(aclnnPreluBackwardGetWorkspaceSize(dy.get(), x.get(), w.get(), dx.get(), dw.get(), &ws, &exec), 0);
  const Workspace workspace(ws);
  EXPECT_EQ(aclnnPreluBackward(workspace.get(), ws, exec, nullptr), 0);
  EXPECT_EQ(aclnnPreluBackward(workspace.get(), ws, exec, nullptr), ACLNN_ERR_INNER_NULLPTR);  // run twice
  EXPECT_EQ(aclDestroyAclOpExecutor(exec), ACLNN_ERR_INNER_NULLPTR);                           // consumed
  alignas(64) unsigned char fake[512] = {};
  auto *unknown = reinterpret_cast<aclOpExecutor *>(fake);
  EXPECT_EQ(aclnnPreluBackward(nullptr, 0, unknown, nullptr), ACLNN_ERR_INNER_NULLPTR);
  EXPECT_EQ(aclDestroyAclOpExecutor(unknown), ACLNN_ERR_INNER_NULLPTR);
  EXPECT_EQ(aclSetAclOpExecutorRepeatable(unknown), ACLNN_ERR_INNER_NULLPTR);
  EXPECT_EQ(aclSetInputTensorAddr(unknown, 0, dy.get(), dy.device()), ACLNN_ERR_INNER_NULLPTR);
  ASSERT_EQ(aclnnPreluBackwardGetWorkspaceSize(dy.get(), x.get(), w.get(), dx.get(), dw.get(), &ws, &exec), 0);
  ASSERT_EQ(aclSetAclOpExecutorRepeatable(exec), 0);
  EXPECT_EQ(aclDestroyAclOpExecutor(exec), 0);
  EXPECT_EQ(aclnnPreluBackward(workspace.get(), ws, exec, nullptr), ACLNN_ERR_INNER_NULLPTR);  // destroyed
  EXPECT_EQ(aclrtSynchronizeStream(nullptr), 0);
  for (unsigned char byte : fake) ASSERT_EQ(byte, 0);  // the bogus handle was never written through
}

// ---- found by the fuzz harnesses (fuzz/, docs/reliability.md) ---------------------------------

// A PReLU call on float tensors of `dims` whose gradOutput is `gradOutput`; returns phase 1's status.
aclnnStatus PreluPhaseOne(const aclTensor *gradOutput, const std::vector<int64_t> &dims) {
  DeviceTensor x(dims, ACL_FLOAT), w({1}, ACL_FLOAT), dx(dims, ACL_FLOAT), dw({1}, ACL_FLOAT);
  uint64_t ws = 0;
  aclOpExecutor *exec = nullptr;
  const aclnnStatus status =
      aclnnPreluBackwardGetWorkspaceSize(gradOutput, x.get(), w.get(), dx.get(), dw.get(), &ws, &exec);
  if (exec != nullptr) aclDestroyAclOpExecutor(exec);
  return status;
}

TEST(FuzzFindings, AViewWithoutAStorageShapeIsStillCheckedAgainstItsBlock) {
  // Phase 1 used to skip the block check when storageDimsNum was 0, and launch then refused.
  void *block = nullptr;
  ASSERT_EQ(aclrtMalloc(&block, 64, ACL_MEM_MALLOC_HUGE_FIRST), 0);
  const int64_t dims[] = {4}, strides[] = {1};
  for (int64_t offset : {int64_t{1} << 40, int64_t{-1}, int64_t{13}}) {
    aclTensor *t = aclCreateTensor(dims, 1, ACL_FLOAT, strides, offset, ACL_FORMAT_ND, nullptr, 0, block);
    ASSERT_NE(t, nullptr);
    EXPECT_EQ(PreluPhaseOne(t, {4}), ACLNN_ERR_PARAM_INVALID) << "offset " << offset;
    aclDestroyTensor(t);
  }
  aclTensor *fits = aclCreateTensor(dims, 1, ACL_FLOAT, strides, 12, ACL_FORMAT_ND, nullptr, 0, block);
  EXPECT_EQ(PreluPhaseOne(fits, {4}), 0);  // elements 12..15 of a 16-float block
  aclDestroyTensor(fits);
  aclrtFree(block);
}

TEST(FuzzFindings, OverflowingShapeProductsAreRefusedNotComputed) {
  // LayerNorm's row and column counts were plain products: 6 x INT64_MIN overflowed (UBSan).
  void *block = nullptr;
  ASSERT_EQ(aclrtMalloc(&block, 64, ACL_MEM_MALLOC_HUGE_FIRST), 0);
  for (int64_t huge : {INT64_MIN, INT64_MAX, int64_t{1} << 40}) {
    const int64_t dims[] = {6, huge}, strides[] = {1, 1}, stat[] = {6, 1}, storage[] = {16};
    aclTensor *dy = aclCreateTensor(dims, 2, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, storage, 1, block);
    aclTensor *x = aclCreateTensor(dims, 2, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, storage, 1, block);
    aclTensor *mean = aclCreateTensor(stat, 2, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, storage, 1, block);
    aclTensor *dx = aclCreateTensor(dims, 2, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, storage, 1, block);
    aclIntArray *normalized = aclCreateIntArray(&dims[1], 1);
    const bool maskValues[] = {true, false, false};
    aclBoolArray *mask = aclCreateBoolArray(maskValues, 3);
    uint64_t ws = 0;
    aclOpExecutor *exec = nullptr;
    if (dy != nullptr && x != nullptr && mean != nullptr && dx != nullptr) {
      EXPECT_NE(aclnnLayerNormBackwardGetWorkspaceSize(dy, x, normalized, mean, mean, nullptr, nullptr, mask, dx,
                                                       nullptr, nullptr, &ws, &exec),
                0)
          << "dim " << huge;
      EXPECT_EQ(exec, nullptr);
    }
    for (aclTensor *t : {dy, x, mean, dx}) aclDestroyTensor(t);
    aclDestroyIntArray(normalized);
    aclDestroyBoolArray(mask);
  }
  aclrtFree(block);
}

TEST(FuzzFindings, GroupNormSwishRefusesANegativeBatchBeforeCountingItsStatistics) {
  // aclCreateTensor takes a negative dim; GroupNormSwish formed N * numGroups from x [INT64_MIN, 16] (UBSan).
  void *block = nullptr;
  ASSERT_EQ(aclrtMalloc(&block, 96, ACL_MEM_MALLOC_HUGE_FIRST), 0);
  const int64_t xDims[] = {INT64_MIN, 16}, yDims[] = {-7, 16}, rowStrides[] = {18, 1}, one[] = {1};
  const int64_t channels[] = {16}, unit[] = {1}, stat[] = {1, 4}, statStrides[] = {4, 1}, sixteen[] = {16};
  aclTensor *x = aclCreateTensor(xDims, 2, ACL_FLOAT, rowStrides, 0, ACL_FORMAT_ND, one, 1, block);
  aclTensor *gamma = aclCreateTensor(channels, 1, ACL_FLOAT, unit, 0, ACL_FORMAT_ND, sixteen, 1, block);
  aclTensor *y = aclCreateTensor(yDims, 2, ACL_FLOAT, rowStrides, 0, ACL_FORMAT_ND, one, 1, block);
  aclTensor *mean = aclCreateTensor(stat, 2, ACL_FLOAT, statStrides, 0, ACL_FORMAT_ND, sixteen, 1, block);
  uint64_t ws = 0;
  aclOpExecutor *exec = nullptr;
  if (x != nullptr && gamma != nullptr && y != nullptr && mean != nullptr) {
    char format[] = "NCHW";
    EXPECT_EQ(
        aclnnGroupNormSwishGetWorkspaceSize(x, gamma, gamma, 4, format, 1e-5, true, 1.0, y, mean, mean, &ws, &exec),
        ACLNN_ERR_PARAM_INVALID);
    EXPECT_EQ(exec, nullptr);
  }
  for (aclTensor *t : {x, gamma, y, mean}) aclDestroyTensor(t);
  aclrtFree(block);
}

TEST(FuzzFindings, AHugeStrideOnASizeOneDimIsHarmless) {
  // The strided walk stepped past the last element and overflowed the offset (UBSan).
  std::vector<double> values{1.0, -2.0, 3.0, -4.0};
  DeviceTensor dense({1, 4}, ACL_FLOAT);
  dense.Fill(values);
  const int64_t dims[] = {1, 4}, strides[] = {INT64_MAX, 1}, storage[] = {4};
  aclTensor *gradOutput = aclCreateTensor(dims, 2, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, storage, 1, dense.device());
  ASSERT_NE(gradOutput, nullptr);
  DeviceTensor x({1, 4}, ACL_FLOAT), w({1}, ACL_FLOAT), dx({1, 4}, ACL_FLOAT), dw({1}, ACL_FLOAT);
  x.Fill({1.0, 1.0, -1.0, -1.0});
  w.Fill({0.5});
  uint64_t ws = 0;
  aclOpExecutor *exec = nullptr;
  ASSERT_EQ(aclnnPreluBackwardGetWorkspaceSize(gradOutput, x.get(), w.get(), dx.get(), dw.get(), &ws, &exec), 0);
  const Workspace workspace(ws);
  ASSERT_EQ(aclnnPreluBackward(workspace.get(), ws, exec, nullptr), 0);
  ASSERT_EQ(aclrtSynchronizeStream(nullptr), 0);
  EXPECT_EQ(dx.Read(), (std::vector<double>{1.0, -2.0, 1.5, -2.0}));  // dy where x > 0, else w * dy
  EXPECT_EQ(dw.Read(), (std::vector<double>{1.0}));                   // sum of dy * x where x <= 0: -3 + 4
  aclDestroyTensor(gradOutput);
}

// Rows reached through a negative stride: LayerNormBackward took the first negative product of a
// stride and a dim for "no stride seen yet" and read rows far past the view (ASan).
TEST(FuzzFindings, LayerNormRowsThroughANegativeStrideAreTheRowsOfTheView) {
  const std::vector<int64_t> dims{4, 5, 3, 8}, statDims{4, 5, 3, 1};
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> dist(-2.0, 2.0);
  auto random = [&](int64_t n) {
    std::vector<double> v(static_cast<size_t>(n));
    for (double &e : v) e = dist(rng);
    return v;
  };
  DeviceTensor dy(dims, ACL_FLOAT), x(dims, ACL_FLOAT), mean(statDims, ACL_FLOAT), rstd(statDims, ACL_FLOAT);
  dy.Fill(random(dy.numel()));
  x.Fill(random(x.numel()));
  mean.Fill(random(mean.numel()));
  std::vector<double> r = random(rstd.numel());
  for (double &e : r) e = std::fabs(e) + 0.5;
  rstd.Fill(r);
  // Dim 2 reversed: element (i, j, k, l) of the view is element (i, j, 2 - k, l) of the dense tensor.
  auto reversed = [](const DeviceTensor &t, void *block) {
    const std::vector<int64_t> &d = t.shape();
    const int64_t inner = d[3], strides[] = {d[1] * d[2] * inner, d[2] * inner, -inner, 1};
    const int64_t storage[] = {t.numel()};
    return aclCreateTensor(d.data(), 4, ACL_FLOAT, strides, (d[2] - 1) * inner, ACL_FORMAT_ND, storage, 1, block);
  };
  const int64_t normalized[] = {8};
  const bool maskValues[] = {true, true, true};
  aclIntArray *ns = aclCreateIntArray(normalized, 1);
  aclBoolArray *mask = aclCreateBoolArray(maskValues, 3);
  std::vector<std::vector<unsigned char>> dxBytes;
  std::vector<std::vector<double>> dgamma;
  for (bool viaReversedViews : {false, true}) {
    DeviceTensor dx(dims, ACL_FLOAT), dw({8}, ACL_FLOAT), db({8}, ACL_FLOAT);
    std::vector<aclTensor *> views;
    for (const DeviceTensor *t : {&dy, &x, &mean, &rstd, &dx}) {
      views.push_back(viaReversedViews ? reversed(*t, t->device()) : nullptr);
    }
    auto pick = [&](size_t i, const DeviceTensor &t) { return viaReversedViews ? views[i] : t.get(); };
    uint64_t ws = 0;
    aclOpExecutor *exec = nullptr;
    ASSERT_EQ(aclnnLayerNormBackwardGetWorkspaceSize(pick(0, dy), pick(1, x), ns, pick(2, mean), pick(3, rstd), nullptr,
                                                     nullptr, mask, pick(4, dx), dw.get(), db.get(), &ws, &exec),
              0);
    const Workspace workspace(ws);
    ASSERT_EQ(aclnnLayerNormBackward(workspace.get(), ws, exec, nullptr), 0);
    ASSERT_EQ(aclrtSynchronizeStream(nullptr), 0);
    dxBytes.push_back(dx.Bytes());
    dgamma.push_back(dw.Read());
    for (aclTensor *v : views) aclDestroyTensor(v);
  }
  // Every row is the same row of the same data either way, so dx lands on the same bytes.
  EXPECT_EQ(dxBytes[0], dxBytes[1]);
  for (size_t c = 0; c < dgamma[0].size(); ++c) EXPECT_NEAR(dgamma[0][c], dgamma[1][c], 1e-5) << c;
  aclDestroyIntArray(ns);
  aclDestroyBoolArray(mask);
}

TEST(FuzzFindings, GroupNormSwishGradOutputsAboveRankEightAreRefused) {
  // Outputs are matched by element count; an 11-D dxOut overran the 8-dim view (UBSan).
  DeviceTensor dy({1, 6}, ACL_FLOAT), mean({1, 3}, ACL_FLOAT), rstd({1, 3}, ACL_FLOAT), x({1, 6}, ACL_FLOAT);
  DeviceTensor gamma({6}, ACL_FLOAT), beta({6}, ACL_FLOAT), dgamma({6}, ACL_FLOAT), dbeta({6}, ACL_FLOAT);
  for (size_t rank : {4, 8, 9, 11}) {
    std::vector<int64_t> dxDims(rank, 1);
    dxDims[1] = 6;
    DeviceTensor dx(dxDims, ACL_FLOAT);
    uint64_t ws = 0;
    aclOpExecutor *exec = nullptr;
    const aclnnStatus status = aclnnGroupNormSwishGradGetWorkspaceSize(
        dy.get(), mean.get(), rstd.get(), x.get(), gamma.get(), beta.get(), 3, nullptr, 1.0, true, true, dx.get(),
        dgamma.get(), dbeta.get(), &ws, &exec);
    EXPECT_EQ(status, rank <= 8 ? 0 : ACLNN_ERR_PARAM_INVALID) << "dxOut rank " << rank;
    if (exec != nullptr) aclDestroyAclOpExecutor(exec);
  }
}

TEST(FuzzFindings, ConvTbcOutputLengthThatOverflowsIsRefused) {
  // T = INT64_MAX with pad 0 passed the pad guard, and T + 2 pad + 1 overflowed (UBSan).
  void *block = nullptr;
  ASSERT_EQ(aclrtMalloc(&block, 64, ACL_MEM_MALLOC_HUGE_FIRST), 0);
  const int64_t ones[] = {1, 1, 1}, storage[] = {1};
  auto tensor = [&](std::vector<int64_t> dims) {
    return aclCreateTensor(dims.data(), dims.size(), ACL_FLOAT, ones, 0, ACL_FORMAT_ND, storage, 1, block);
  };
  aclTensor *self = tensor({1, 1, 1}), *input = tensor({INT64_MAX, 1, 1}), *weight = tensor({1, 1, 1});
  aclTensor *bias = tensor({1}), *gradInput = tensor({INT64_MAX, 1, 1}), *gradWeight = tensor({1, 1, 1});
  aclTensor *gradBias = tensor({1});
  uint64_t ws = 0;
  aclOpExecutor *exec = nullptr;
  EXPECT_EQ(aclnnConvTbcBackwardGetWorkspaceSize(self, input, weight, bias, 0, 1, gradInput, gradWeight, gradBias, &ws,
                                                 &exec),
            ACLNN_ERR_PARAM_INVALID);
  EXPECT_EQ(exec, nullptr);
  for (aclTensor *t : {self, input, weight, bias, gradInput, gradWeight, gradBias}) aclDestroyTensor(t);
  aclrtFree(block);
}

TEST(FuzzFindings, ElapsedTimeFromAnEventToItselfIsZero) {
  // Both events' mutexes were locked together: the same event twice deadlocked.
  aclrtEvent event = nullptr;
  ASSERT_EQ(aclrtCreateEvent(&event), 0);
  ASSERT_EQ(aclrtRecordEvent(event, nullptr), 0);
  ASSERT_EQ(aclrtSynchronizeEvent(event), 0);
  float ms = -1.0f;
  EXPECT_EQ(aclrtEventElapsedTime(&ms, event, event), 0);
  EXPECT_EQ(ms, 0.0f);
  EXPECT_EQ(aclrtDestroyEvent(event), 0);
}

TEST(FuzzFindings, ARecordOnAnUnknownStreamDoesNotCount) {
  // The failed record still raised the event's sequence number: waits for it never ended.
  aclrtStream dead = nullptr, live = nullptr;
  ASSERT_EQ(aclrtCreateStream(&dead), 0);
  ASSERT_EQ(aclrtCreateStream(&live), 0);  // first, so that it cannot reuse the dead one's address
  ASSERT_EQ(aclrtDestroyStream(dead), 0);
  aclrtEvent event = nullptr;
  ASSERT_EQ(aclrtCreateEvent(&event), 0);
  EXPECT_NE(aclrtRecordEvent(event, dead), 0);
  EXPECT_EQ(aclrtStreamWaitEvent(live, event), 0);
  EXPECT_EQ(aclrtSynchronizeStreamWithTimeout(live, 5000), 0);  // not ACL_ERROR_RT_STREAM_SYNC_TIMEOUT
  aclrtEventStatus status = ACL_EVENT_STATUS_NOT_READY;
  EXPECT_EQ(aclrtQueryEventStatus(event, &status), 0);
  EXPECT_EQ(status, ACL_EVENT_STATUS_COMPLETE);
  EXPECT_EQ(aclrtDestroyEvent(event), 0);
  EXPECT_EQ(aclrtDestroyStream(live), 0);
}

TEST(FuzzFindings, AllocationsBeyondPhysicalMemoryFailWithACode) {
  // ASan aborts on such sizes and plain malloc may overcommit: the runtime refuses them itself.
  for (size_t bytes : {SIZE_MAX / 2, size_t{1} << 50}) {
    void *p = nullptr;
    EXPECT_EQ(aclrtMalloc(&p, bytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_RT_MEMORY_ALLOCATION);
    EXPECT_EQ(p, nullptr);
    EXPECT_EQ(aclrtMallocHost(&p, bytes), ACL_ERROR_RT_MEMORY_ALLOCATION);
    EXPECT_EQ(p, nullptr);
  }
}

// A stream held by a gate until the test synchronizes it: every task queued on it stays pending.
class BusyStream {
 public:
  BusyStream() : stream_(CreateStream()), gate_(stream_) {}
  ~BusyStream() {
    gate_.Open();  // destroying a stream drains it
    aclrtDestroyStream(stream_);
  }
  // Opens the gate and waits for everything queued.
  aclError Synchronize() {
    gate_.Open();
    return aclrtSynchronizeStream(stream_);
  }
  aclrtStream get() const { return stream_; }

 private:
  static aclrtStream CreateStream() {
    aclrtStream stream = nullptr;
    EXPECT_EQ(aclrtCreateStream(&stream), 0);
    return stream;
  }
  aclrtStream stream_;
  StreamGate gate_;
};

TEST(FuzzFindings, FreeingABlockAQueuedCopyStillReadsWaitsForTheCopy) {
  // CANN frees at once; here the memory outlives the queued task that uses it (docs/compat.md).
  BusyStream busy;
  void *src = nullptr, *dst = nullptr;
  ASSERT_EQ(aclrtMalloc(&src, 4096, ACL_MEM_MALLOC_HUGE_FIRST), 0);
  ASSERT_EQ(aclrtMalloc(&dst, 4096, ACL_MEM_MALLOC_HUGE_FIRST), 0);
  ASSERT_EQ(aclrtMemset(src, 4096, 0x5A, 4096), 0);
  ASSERT_EQ(aclrtMemcpyAsync(dst, 4096, src, 4096, ACL_MEMCPY_DEVICE_TO_DEVICE, busy.get()), 0);
  EXPECT_EQ(aclrtFree(src), 0);                           // while the copy is still queued
  EXPECT_EQ(aclrtFree(src), ACL_ERROR_RT_PARAM_INVALID);  // gone for the caller at once
  ASSERT_EQ(busy.Synchronize(), 0);
  std::vector<unsigned char> host(4096);
  ASSERT_EQ(aclrtMemcpy(host.data(), 4096, dst, 4096, ACL_MEMCPY_DEVICE_TO_HOST), 0);
  for (unsigned char byte : host) ASSERT_EQ(byte, 0x5A);
  aclrtFree(dst);
}

TEST(FuzzFindings, FreeingAnOperatorsBuffersBeforeItRunsLeavesThemToIt) {
  BusyStream busy;
  const std::vector<int64_t> dims{2, 3};
  void *blocks[5] = {};
  aclTensor *tensors[5] = {};
  for (int i = 0; i < 5; ++i) {
    const bool weight = i == 2 || i == 4;
    ASSERT_EQ(aclrtMalloc(&blocks[i], 24, ACL_MEM_MALLOC_HUGE_FIRST), 0);
    const float fill[6] = {2.0f, -1.0f, 3.0f, -2.0f, 1.0f, -3.0f};
    ASSERT_EQ(aclrtMemcpy(blocks[i], 24, fill, 24, ACL_MEMCPY_HOST_TO_DEVICE), 0);
    tensors[i] = TensorOver(blocks[i], weight ? std::vector<int64_t>{1} : dims);
  }
  uint64_t ws = 0;
  aclOpExecutor *exec = nullptr;
  ASSERT_EQ(aclnnPreluBackwardGetWorkspaceSize(tensors[0], tensors[1], tensors[2], tensors[3], tensors[4], &ws, &exec),
            0);
  void *workspace = nullptr;
  if (ws > 0) {
    ASSERT_EQ(aclrtMalloc(&workspace, ws, ACL_MEM_MALLOC_HUGE_FIRST), 0);
  }
  ASSERT_EQ(aclnnPreluBackward(workspace, ws, exec, busy.get()), 0);
  // Inputs and workspace freed while the launch is queued (an error on a device, where the memory
  // would just be reused): the launch still reads what they held.
  for (int i : {0, 1, 2}) EXPECT_EQ(aclrtFree(blocks[i]), 0);
  if (workspace != nullptr) {
    EXPECT_EQ(aclrtFree(workspace), 0);
  }
  ASSERT_EQ(busy.Synchronize(), 0);
  float dx[6] = {};
  ASSERT_EQ(aclrtMemcpy(dx, sizeof dx, blocks[3], sizeof dx, ACL_MEMCPY_DEVICE_TO_HOST), 0);
  // x = dy = {2, -1, 3, -2, 1, -3}, w = 2: dx = dy where x > 0, else w * dy.
  const float expected[6] = {2.0f, -2.0f, 3.0f, -4.0f, 1.0f, -6.0f};
  for (int i = 0; i < 6; ++i) EXPECT_EQ(dx[i], expected[i]) << i;
  for (int i = 0; i < 5; ++i) aclDestroyTensor(tensors[i]);
  for (int i : {3, 4}) aclrtFree(blocks[i]);
}

// (A too-small workspace is Executor.WorkspaceChecks in base_test.cpp.)
TEST(Misuse, CallsBeforeInitAndAfterFinalize) {
  // Not initialised (whatever earlier tests in this process did): the runtime is lenient, as
  // base-api.md asks of aclnn programs.
  aclFinalize();
  EXPECT_EQ(aclFinalize(), ACL_ERROR_REPEAT_FINALIZE);  // nothing to finalize
  PreluOutputs before = PreluTester().Self({2, 3, 4}).Weight({3}).DType(ACL_FLOAT).Run();
  EXPECT_EQ(before.status, 0);
  ASSERT_EQ(aclInit(nullptr), 0);
  aclrtStream stream = nullptr;
  ASSERT_EQ(aclrtCreateStream(&stream), 0);
  void *block = nullptr;
  ASSERT_EQ(aclrtMalloc(&block, 64, ACL_MEM_MALLOC_HUGE_FIRST), 0);
  ASSERT_EQ(aclrtMemsetAsync(block, 64, 1, 64, stream), 0);
  ASSERT_EQ(aclFinalize(), 0);  // drains and destroys the streams
  EXPECT_EQ(aclFinalize(), ACL_ERROR_REPEAT_FINALIZE);
  EXPECT_EQ(static_cast<unsigned char *>(block)[63], 1);                  // queued work was not lost
  EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_ERROR_RT_PARAM_INVALID);  // its streams are gone
  EXPECT_EQ(aclrtDestroyStream(stream), ACL_ERROR_RT_PARAM_INVALID);
  // The null stream after finalize: a fresh default stream, and operators still run.
  PreluOutputs after = PreluTester().Self({2, 3, 4}).Weight({3}).DType(ACL_FLOAT).Run();
  EXPECT_EQ(after.status, 0);
  EXPECT_EQ(after.dxBytes, before.dxBytes);
  EXPECT_EQ(aclrtMemsetAsync(block, 64, 2, 64, nullptr), 0);
  EXPECT_EQ(aclrtSynchronizeStream(nullptr), 0);
  EXPECT_EQ(static_cast<unsigned char *>(block)[0], 2);
  EXPECT_EQ(aclrtFree(block), 0);  // memory outlives finalize, as on the device
}

// ---- concurrency ------------------------------------------------------------------------------

// Every operator's output bytes for one seed: small shapes, fp32 and bf16.
std::vector<unsigned char> AllOperators(uint64_t seed) {
  std::vector<unsigned char> bytes;
  auto append = [&](const std::vector<unsigned char> &b) { bytes.insert(bytes.end(), b.begin(), b.end()); };
  const aclDataType dtype = seed % 2 == 0 ? ACL_FLOAT : ACL_BF16;
  const auto ln = LayerNormBackwardTester().Shape({6, 40}).NormDims(1).InputDType(dtype).Seed(seed).Run();
  EXPECT_EQ(ln.status, 0);
  append(ln.dxBytes), append(ln.dwBytes), append(ln.dbBytes);
  const auto gn = GroupNormSwishGradTester().Shape({2, 8, 5, 3}).Groups(4).DType(dtype).Seed(seed).Run();
  EXPECT_EQ(gn.status, 0);
  append(gn.dxBytes), append(gn.dgammaBytes), append(gn.dbetaBytes);
  const auto pad = PadTester().Self({2, 3, 7, 6}).Padding({2, 1, 1, 3}).DType(dtype).Seed(seed).Run();
  EXPECT_EQ(pad.status, 0);
  append(pad.bytes);
  const auto prelu = PreluTester().Self({3, 4, 9}).Weight({4}).DType(dtype).Seed(seed).Run();
  EXPECT_EQ(prelu.status, 0);
  append(prelu.dxBytes), append(prelu.dwBytes);
  const auto conv = ConvTbcTester().Shape(9, 2, 5, 6, 3, 1).DType(dtype).Seed(seed).Run();
  EXPECT_EQ(conv.status, 0);
  append(conv.dxBytes), append(conv.dwBytes), append(conv.dbBytes);
  return bytes;
}

TEST(Concurrency, FourHostThreadsOnTheirOwnStreamsMatchSerialRuns) {
  constexpr int kThreads = 4, kIterations = 6;
  std::map<uint64_t, std::vector<unsigned char>> serial;
  for (uint64_t seed = 0; seed < kIterations; ++seed) serial[seed] = AllOperators(seed);
  std::atomic<int> mismatches{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      // Each Run makes its own stream: 4 threads keep 4 streams busy at once.
      for (int i = 0; i < kIterations; ++i) {
        const uint64_t seed = static_cast<uint64_t>((t + i) % kIterations);
        if (AllOperators(seed) != serial[seed]) ++mismatches;
      }
    });
  }
  for (auto &thread : threads) thread.join();
  EXPECT_EQ(mismatches.load(), 0);
}

TEST(Concurrency, ManyThreadsOnOneStreamKeepEachThreadsOrder) {
  constexpr int kThreads = 4, kRounds = 25;
  aclrtStream shared = nullptr;
  ASSERT_EQ(aclrtCreateStream(&shared), 0);
  struct PerThread {
    std::unique_ptr<DeviceTensor> dy, x, w, dx, dw;
    void *snapshots = nullptr;  // kRounds copies of dx, each taken right after that round's launch
  };
  std::vector<PerThread> state(kThreads);
  const int64_t elems = 2 * 3 * 16;
  for (int t = 0; t < kThreads; ++t) {
    PerThread &s = state[static_cast<size_t>(t)];
    s.dy = std::make_unique<DeviceTensor>(std::vector<int64_t>{2, 3, 16}, ACL_FLOAT);
    s.x = std::make_unique<DeviceTensor>(std::vector<int64_t>{2, 3, 16}, ACL_FLOAT);
    s.w = std::make_unique<DeviceTensor>(std::vector<int64_t>{3}, ACL_FLOAT);
    s.dx = std::make_unique<DeviceTensor>(std::vector<int64_t>{2, 3, 16}, ACL_FLOAT);
    s.dw = std::make_unique<DeviceTensor>(std::vector<int64_t>{3}, ACL_FLOAT);
    std::vector<double> ones(static_cast<size_t>(elems), 1.0);
    s.dy->Fill(ones);
    s.x->Fill(ones);
    ASSERT_EQ(aclrtMalloc(&s.snapshots, static_cast<size_t>(elems) * 4 * kRounds, ACL_MEM_MALLOC_HUGE_FIRST), 0);
  }
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      PerThread &s = state[static_cast<size_t>(t)];
      for (int round = 0; round < kRounds; ++round) {
        // Round r: weight = r + t, x = -1 and dy = 1, so dx = w * dy = r + t: each snapshot shows
        // which of this thread's launches ran before it.
        const float value = static_cast<float>(round + t);
        const float minusOne = -1.0f;
        for (int c = 0; c < 3; ++c) {
          ASSERT_EQ(aclrtMemcpyAsync(static_cast<float *>(s.w->device()) + c, 4, &value, 4, ACL_MEMCPY_HOST_TO_DEVICE,
                                     shared),
                    0);
        }
        if (round == 0) {
          for (int64_t e = 0; e < elems; ++e) {
            ASSERT_EQ(aclrtMemcpyAsync(static_cast<float *>(s.x->device()) + e, 4, &minusOne, 4,
                                       ACL_MEMCPY_HOST_TO_DEVICE, shared),
                      0);
          }
        }
        uint64_t ws = 0;
        aclOpExecutor *exec = nullptr;
        ASSERT_EQ(aclnnPreluBackwardGetWorkspaceSize(s.dy->get(), s.x->get(), s.w->get(), s.dx->get(), s.dw->get(), &ws,
                                                     &exec),
                  0);
        const Workspace workspace(ws);
        ASSERT_EQ(aclnnPreluBackward(workspace.get(), ws, exec, shared), 0);
        char *slot = static_cast<char *>(s.snapshots) + static_cast<size_t>(round * elems) * 4;
        ASSERT_EQ(aclrtMemcpyAsync(slot, static_cast<size_t>(elems) * 4, s.dx->device(), static_cast<size_t>(elems) * 4,
                                   ACL_MEMCPY_DEVICE_TO_DEVICE, shared),
                  0);
        // Async copies read their host source when they run: wait before `value` changes.
        ASSERT_EQ(aclrtSynchronizeStream(shared), 0);
      }
    });
  }
  for (auto &thread : threads) thread.join();
  ASSERT_EQ(aclrtSynchronizeStream(shared), 0);
  for (int t = 0; t < kThreads; ++t) {
    const auto *snap = static_cast<const float *>(state[static_cast<size_t>(t)].snapshots);
    for (int round = 0; round < kRounds; ++round) {
      for (int64_t e = 0; e < elems; ++e) ASSERT_EQ(snap[round * elems + e], static_cast<float>(round + t));
    }
    aclrtFree(state[static_cast<size_t>(t)].snapshots);
  }
  EXPECT_EQ(aclrtDestroyStream(shared), 0);
}

// ---- debugging aids (ctest runs this file's DebugAids tests with ACLNN_CPU_DEBUG set) -----------

bool AidsOn() { return aclcpu::Debug().poison && aclcpu::Debug().sync && aclcpu::Debug().trace; }

TEST(DebugAids, PoisonFillsFreshMemoryWithNaN) {
  if (!AidsOn()) GTEST_SKIP() << "run by ctest with ACLNN_CPU_DEBUG=poison,sync,trace,kind";
  void *block = nullptr;
  ASSERT_EQ(aclrtMalloc(&block, 40, ACL_MEM_MALLOC_HUGE_FIRST), 0);
  for (int i = 0; i < 10; ++i) EXPECT_TRUE(std::isnan(static_cast<float *>(block)[i]));
  EXPECT_EQ(static_cast<uint16_t *>(block)[0], 0xFFFF);  // also a NaN as fp16 and bf16
  aclrtFree(block);
}

TEST(DebugAids, CopyIntoTheDevicesRoundingWarns) {
  if (!AidsOn()) GTEST_SKIP() << "run by ctest with ACLNN_CPU_DEBUG=poison,sync,trace,kind";
  void *block = nullptr;
  ASSERT_EQ(aclrtMalloc(&block, 16, ACL_MEM_MALLOC_HUGE_FIRST), 0);
  char host[64] = {};
  testing::internal::CaptureStderr();
  EXPECT_EQ(aclrtMemcpy(host, 16, block, 16, ACL_MEMCPY_DEVICE_TO_HOST), 0);
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");  // the bytes asked for: silent
  testing::internal::CaptureStderr();
  EXPECT_EQ(aclrtMemcpy(host, 64, block, 64, ACL_MEMCPY_DEVICE_TO_HOST), 0);  // valid on the device: a warning
  EXPECT_NE(testing::internal::GetCapturedStderr().find("64 bytes at byte 0 of a 16-byte aclrtMalloc block"),
            std::string::npos);
  aclrtFree(block);
}

TEST(DebugAids, HostReadOfAnUnsynchronizedOutputIsAnErrorNamingTheOp) {
  if (!AidsOn()) GTEST_SKIP() << "run by ctest with ACLNN_CPU_DEBUG=poison,sync,trace,kind";
  const int64_t n = 1 << 10;
  DeviceTensor dy({n}, ACL_FLOAT), x({n}, ACL_FLOAT), w({1}, ACL_FLOAT), dx({n}, ACL_FLOAT), dw({1}, ACL_FLOAT);
  aclrtStream stream = nullptr;
  ASSERT_EQ(aclrtCreateStream(&stream), 0);
  StreamGate gate(stream);  // the operator below stays pending until the gate opens
  uint64_t ws = 0;
  aclOpExecutor *exec = nullptr;
  ASSERT_EQ(aclnnPreluBackwardGetWorkspaceSize(dy.get(), x.get(), w.get(), dx.get(), dw.get(), &ws, &exec), 0);
  const Workspace workspace(ws);
  ASSERT_EQ(aclnnPreluBackward(workspace.get(), ws, exec, stream), 0);
  std::vector<float> host(static_cast<size_t>(n));
  EXPECT_EQ(aclrtMemcpy(host.data(), host.size() * 4, dx.device(), host.size() * 4, ACL_MEMCPY_DEVICE_TO_HOST),
            ACL_ERROR_RT_STREAM_NOT_COMPLETE);
  ExpectErrorMessage("aclnnPreluBackward has not finished");
  // Inputs are only read: copying them is fine. After synchronizing, so is the output.
  EXPECT_EQ(aclrtMemcpy(host.data(), host.size() * 4, dy.device(), host.size() * 4, ACL_MEMCPY_DEVICE_TO_HOST), 0);
  gate.Open();
  ASSERT_EQ(aclrtSynchronizeStream(stream), 0);
  EXPECT_EQ(aclrtMemcpy(host.data(), host.size() * 4, dx.device(), host.size() * 4, ACL_MEMCPY_DEVICE_TO_HOST), 0);
  aclrtDestroyStream(stream);
}

TEST(DebugAids, TraceLogsEveryLaunchWithShapesDtypesAndTime) {
  if (!AidsOn()) GTEST_SKIP() << "run by ctest with ACLNN_CPU_DEBUG=poison,sync,trace,kind";
  testing::internal::CaptureStderr();
  const auto out = PreluTester().Self({2, 3, 4}).Weight({3}).DType(ACL_BF16).Run();
  const std::string log = testing::internal::GetCapturedStderr();
  EXPECT_EQ(out.status, 0);
  EXPECT_NE(log.find("[TRACE]"), std::string::npos) << log;
  EXPECT_NE(log.find("aclnnPreluBackward(gradOutput [2,3,4] BF16"), std::string::npos) << log;
  EXPECT_NE(log.find(" ms, status 0"), std::string::npos) << log;
}

// Every argument of a launch, in the order and with the names of the vendor's signature: arrays and
// scalars too, and absent optionals as null.
TEST(DebugAids, TraceLogsEveryArgumentInTheVendorsNames) {
  if (!AidsOn()) GTEST_SKIP() << "run by ctest with ACLNN_CPU_DEBUG=poison,sync,trace,kind";
  auto traceOf = [](const std::function<int()> &run) {
    testing::internal::CaptureStderr();
    EXPECT_EQ(run(), 0);
    return testing::internal::GetCapturedStderr();
  };
  const std::string ln = traceOf([] {
    return LayerNormBackwardTester().Shape({3, 8}).NormDims(1).Weight(false).Mask(true, false, true).Run().status;
  });
  EXPECT_NE(
      ln.find("aclnnLayerNormBackward(gradOut [3,8] FLOAT, input [3,8] FLOAT, normalizedShape [8], mean [3,1] "
              "FLOAT, rstd [3,1] FLOAT, weightOptional null, biasOptional [8] FLOAT, outputMask [true, false, true], "
              "gradInputOut [3,8] FLOAT, "),
      std::string::npos)
      << ln;
  const std::string gn = traceOf([] {
    return GroupNormSwishGradTester().Shape({2, 8, 5, 3}).Groups(4).Scale(0.25).Require(true, false).Run().status;
  });
  EXPECT_NE(gn.find(", numGroups 4, dataFormatOptional null, swishScale 0.25, dgammaIsRequire true, dbetaIsRequire "
                    "false, dxOut [2,8,5,3] FLOAT"),
            std::string::npos)
      << gn;
  const std::string pad = traceOf([] {
    return PadTester().Self({2, 3, 7, 6}).Padding({2, 1, 1, 3}).DType(ACL_BF16).Run().status;
  });
  EXPECT_NE(pad.find("aclnnReflectionPad2dBackward(gradOutput [2,3,11,9] BF16, self [2,3,7,6] BF16, padding [2, 1, 1, "
                     "3], gradInput [2,3,7,6] BF16)"),
            std::string::npos)
      << pad;
  const std::string conv = traceOf([] { return ConvTbcTester().Shape(9, 2, 5, 6, 3, 1).CubeMathType(2).Run().status; });
  EXPECT_NE(conv.find(", pad 1, cubeMathType 2, gradInput "), std::string::npos) << conv;
}

// A typo in ACLNN_CPU_DEBUG is named, with the valid aids, instead of switching an aid off silently.
TEST(DebugAids, UnknownAidIsNamedInOneWarning) {
  testing::internal::CaptureStderr();
  const aclcpu::DebugOptions options = aclcpu::ParseDebugOptions("trace,bogus,,Sync");
  const std::string log = testing::internal::GetCapturedStderr();
  EXPECT_TRUE(options.trace);
  EXPECT_FALSE(options.sync);  // names are case-sensitive, as CANN's switches are
  EXPECT_FALSE(options.poison);
  EXPECT_NE(log.find("[WARNING]"), std::string::npos) << log;
  EXPECT_NE(log.find("ignoring unknown aid \"bogus\", \"Sync\"; the aids are poison, sync, trace, kind"),
            std::string::npos)
      << log;
  EXPECT_EQ(std::count(log.begin(), log.end(), '\n'), 1) << log;
  testing::internal::CaptureStderr();
  const aclcpu::DebugOptions all = aclcpu::ParseDebugOptions("poison,sync,trace,kind");
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
  EXPECT_TRUE(all.poison && all.sync && all.trace && all.kind);
}

TEST(DebugAids, MemcpyKindMustAgreeWithTheRegistry) {
  if (!aclcpu::Debug().kind) GTEST_SKIP() << "run by ctest with ACLNN_CPU_DEBUG=poison,sync,trace,kind";
  void *dev = nullptr;
  ASSERT_EQ(aclrtMalloc(&dev, 64, ACL_MEM_MALLOC_HUGE_FIRST), 0);
  char host[64] = {};
  EXPECT_EQ(aclrtMemcpy(dev, 64, host, 64, ACL_MEMCPY_HOST_TO_DEVICE), 0);
  EXPECT_EQ(aclrtMemcpy(host, 64, dev, 64, ACL_MEMCPY_DEVICE_TO_HOST), 0);
  EXPECT_EQ(aclrtMemcpy(host, 64, host + 1, 32, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_RT_PARAM_INVALID);
  ExpectErrorMessage("dst of kind 1 to be aclrtMalloc memory");
  EXPECT_EQ(aclrtMemcpy(dev, 64, host, 64, ACL_MEMCPY_DEVICE_TO_DEVICE), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_EQ(aclrtMemcpy(host, 64, host, 64, ACL_MEMCPY_DEVICE_TO_HOST), ACL_ERROR_RT_PARAM_INVALID);
  aclrtFree(dev);
}

// ---- documented context options -----------------------------------------------------------------

// CANN programs switch determinism on with aclrtCtxSetSysParamOpt (ConvTbcBackward and
// GroupNormSwishGrad are not deterministic on the device by default). Every documented option is
// accepted, stored per context and read back; results are the same bits either way, since every
// kernel here is deterministic (docs/compat.md).
TEST(ContextOptions, EveryDocumentedOptionIsStoredAndReadBack) {
  aclrtContext ctx = nullptr;
  ASSERT_EQ(aclrtCreateContext(&ctx, 0), 0);
  for (aclSysParamOpt opt : {ACL_OPT_DETERMINISTIC, ACL_OPT_ENABLE_DEBUG_KERNEL, ACL_OPT_STRONG_CONSISTENCY,
                             ACL_OPT_ENABLE_KERNEL_EARLY_START}) {
    for (int64_t value : {1, 0}) {
      EXPECT_EQ(aclrtCtxSetSysParamOpt(opt, value), 0) << opt;
      int64_t read = -1;
      EXPECT_EQ(aclrtCtxGetSysParamOpt(opt, &read), 0) << opt;
      EXPECT_EQ(read, value) << opt;
    }
  }
  EXPECT_EQ(aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 1), 0);
  EXPECT_EQ(aclrtCtxGetSysParamOpt(ACL_OPT_DETERMINISTIC, nullptr), ACL_ERROR_INVALID_PARAM);
  ExpectErrorMessage("aclrtCtxGetSysParamOpt");
  EXPECT_EQ(aclrtCtxSetSysParamOpt(static_cast<aclSysParamOpt>(4), 1), ACL_ERROR_INVALID_PARAM);
  ExpectErrorMessage("opt in [0, 3]");
  // Another context keeps its own values.
  aclrtContext other = nullptr;
  ASSERT_EQ(aclrtCreateContext(&other, 0), 0);
  int64_t read = -1;
  EXPECT_EQ(aclrtCtxGetSysParamOpt(ACL_OPT_DETERMINISTIC, &read), 0);
  EXPECT_EQ(read, 0);
  ASSERT_EQ(aclrtSetCurrentContext(ctx), 0);
  EXPECT_EQ(aclrtCtxGetSysParamOpt(ACL_OPT_DETERMINISTIC, &read), 0);
  EXPECT_EQ(read, 1);
  EXPECT_EQ(aclrtDestroyContext(other), 0);
  EXPECT_EQ(aclrtDestroyContext(ctx), 0);
}

TEST(ContextOptions, ResultsAreTheSameBitsWithAndWithoutDeterminism) {
  aclrtContext ctx = nullptr;
  ASSERT_EQ(aclrtCreateContext(&ctx, 0), 0);
  std::vector<unsigned char> results[2];
  for (int64_t deterministic : {0, 1}) {
    ASSERT_EQ(aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, deterministic), 0);
    for (uint64_t seed : {1, 2}) {
      const auto bytes = AllOperators(seed);
      results[deterministic].insert(results[deterministic].end(), bytes.begin(), bytes.end());
    }
  }
  EXPECT_FALSE(results[0].empty());
  EXPECT_EQ(results[0], results[1]);
  EXPECT_EQ(aclrtDestroyContext(ctx), 0);
}

}  // namespace
}  // namespace aclcpu_test::reliability_test
