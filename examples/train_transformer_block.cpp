// Trains a GPT-style transformer block with aclnn calls only, as a CANN training program does: token and position
// embeddings, LayerNorm, causal self-attention (Matmul on strided per-head views, Muls, a masked fill of -inf,
// Softmax), a GELU MLP, residual adds, a final LayerNorm, logits and cross-entropy; then every gradient by the
// backward operators and an AdamW step per parameter. Every operator's executor is planned once, marked repeatable
// and run again each step on the same buffers.
//
// The task: each token's target is a fixed function of the token (target = (5 * token + 3) mod V), so the loss
// falls from about ln(V) towards 0 within a few dozen steps.
//
//   train_transformer_block [--steps N] [--dump DIR] [--large] [--time]
// prints the loss of every step; with a dump directory it also writes each parameter after the last step as raw
// float32 (<name>.bin), which the tests compare with the same model in PyTorch.
//
// Builds unchanged against CANN or aclnn-cpu with:
//   g++ train_transformer_block.cpp -I$P/include -I$P/include/aclnnop -I$P/include/aclnn -L$P/lib64
//       -lopapi_nn -lopapi_math -lascendcl -lnnopbase
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_add.h"
#include "aclnnop/aclnn_apply_adam_w_v2.h"
#include "aclnnop/aclnn_copy.h"
#include "aclnnop/aclnn_cross_entropy_loss.h"
#include "aclnnop/aclnn_embedding.h"
#include "aclnnop/aclnn_embedding_dense_backward.h"
#include "aclnnop/aclnn_exp.h"
#include "aclnnop/aclnn_gelu.h"
#include "aclnnop/aclnn_gelu_backward.h"
#include "aclnnop/aclnn_layer_norm.h"
#include "aclnnop/aclnn_layer_norm_backward.h"
#include "aclnnop/aclnn_masked_fill_scalar.h"
#include "aclnnop/aclnn_matmul.h"
#include "aclnnop/aclnn_mul.h"
#include "aclnnop/aclnn_reduce_sum.h"
#include "aclnnop/aclnn_softmax.h"
#include "aclnnop/aclnn_softmax_backward.h"

#define CHECK_OK(expr, what)                                                                \
  do {                                                                                      \
    auto status_ = (expr);                                                                  \
    if (status_ != ACL_SUCCESS) {                                                           \
      printf("%s failed: %d\n%s\n", what, static_cast<int>(status_), aclGetRecentErrMsg()); \
      return 1;                                                                             \
    }                                                                                       \
  } while (0)

namespace {

// Model and task sizes: the demo's, and (--large) the benchmark's.
struct Sizes {
  int64_t vocab, model, heads, seq, batch;
};
constexpr Sizes kDemo = {32, 32, 2, 16, 4}, kLarge = {1024, 512, 8, 256, 8};
constexpr float kLr = 1e-2f, kBeta1 = 0.9f, kBeta2 = 0.999f, kWeightDecay = 1e-2f, kEps = 1e-8f;

// A device buffer and the tensors that view it.
struct Buffer {
  void *device = nullptr;
  int64_t elements = 0;
  aclDataType dtype = ACL_FLOAT;
};

std::vector<int64_t> ContiguousStrides(const std::vector<int64_t> &shape) {
  std::vector<int64_t> strides(shape.size(), 1);
  for (int64_t i = static_cast<int64_t>(shape.size()) - 2; i >= 0; --i) strides[i] = shape[i + 1] * strides[i + 1];
  return strides;
}

int64_t Count(const std::vector<int64_t> &shape) {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  return n;
}

// Every tensor descriptor made, destroyed at the end (after the executors that use them).
std::vector<aclTensor *> &AllViews() {
  static std::vector<aclTensor *> views;
  return views;
}

// A view of `buffer` with the given shape, strides and element offset (a framework's as_strided).
aclTensor *View(const Buffer &buffer, const std::vector<int64_t> &shape, std::vector<int64_t> strides = {},
                int64_t offset = 0) {
  if (strides.empty()) strides = ContiguousStrides(shape);
  const int64_t storage[] = {buffer.elements};
  aclTensor *view = aclCreateTensor(shape.data(), shape.size(), buffer.dtype, strides.data(), offset, ACL_FORMAT_ND,
                                    storage, 1, buffer.device);
  AllViews().push_back(view);
  return view;
}

// The transpose of a contiguous [rows, cols] matrix as a [cols, rows] view: no copy, Matmul reads it in place.
aclTensor *TransposedView(const Buffer &buffer, int64_t rows, int64_t cols) {
  return View(buffer, {cols, rows}, {1, cols});
}

// Deterministic initial values: a 64-bit LCG's top 24 bits as a float in [-1, 1), times `scale`.
struct Lcg {
  uint64_t state;
  float Next(float scale) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    const float unit = static_cast<float>(state >> 40) / 16777216.0f;  // exact: 24 bits
    return (2.0f * unit - 1.0f) * scale;
  }
};

// Phase 2 of every aclnn function has this form.
using Phase2 = aclnnStatus (*)(void *, uint64_t, aclOpExecutor *, aclrtStream);

// One planned call: its executor (repeatable), its workspace, its phase 2.
struct Call {
  const char *name;
  Phase2 run;
  aclOpExecutor *executor;
  void *workspace;
  uint64_t workspaceSize;
};

class Program {
 public:
  // Keeps a successfully planned call: the executor is made repeatable and gets its workspace once.
  int Keep(const char *name, Phase2 run, aclOpExecutor *executor, uint64_t workspaceSize) {
    CHECK_OK(aclSetAclOpExecutorRepeatable(executor), "aclSetAclOpExecutorRepeatable");
    void *workspace = nullptr;
    if (workspaceSize > 0) CHECK_OK(aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc");
    calls_.push_back({name, run, executor, workspace, workspaceSize});
    return 0;
  }
  int Run(aclrtStream stream) const {
    for (const Call &c : calls_) CHECK_OK(c.run(c.workspace, c.workspaceSize, c.executor, stream), c.name);
    return 0;
  }
  void Release() {
    for (const Call &c : calls_) {
      aclDestroyAclOpExecutor(c.executor);
      if (c.workspace != nullptr) aclrtFree(c.workspace);
    }
    calls_.clear();
  }

 private:
  std::vector<Call> calls_;
};

// Plans `op` with the given arguments (phase 1) and keeps it in `program`.
#define PLAN(program, op, ...)                                                     \
  do {                                                                             \
    uint64_t workspaceSize_ = 0;                                                   \
    aclOpExecutor *executor_ = nullptr;                                            \
    CHECK_OK(op##GetWorkspaceSize(__VA_ARGS__, &workspaceSize_, &executor_), #op); \
    if ((program).Keep(#op, op, executor_, workspaceSize_) != 0) return 1;         \
  } while (0)

// How a parameter starts: a matrix uniform in ±1/sqrt(fan-in), a LayerNorm gain near 1, a shift near 0.
enum class Init { kMatrix, kGain, kShift };

// A trained parameter: its value, gradient and the two AdamW moments, all [shape].
struct Parameter {
  const char *name;
  std::vector<int64_t> shape;
  Init init;
  Buffer value = {}, grad = {}, m = {}, v = {};
};

int Allocate(Buffer *buffer, int64_t elements, aclDataType dtype = ACL_FLOAT) {
  buffer->elements = elements;
  buffer->dtype = dtype;
  const size_t bytes = static_cast<size_t>(elements) * aclDataTypeSize(dtype);
  CHECK_OK(aclrtMalloc(&buffer->device, bytes, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc");
  CHECK_OK(aclrtMemset(buffer->device, bytes, 0, bytes), "aclrtMemset");
  return 0;
}

int Upload(const Buffer &buffer, const void *host) {
  const size_t bytes = static_cast<size_t>(buffer.elements) * aclDataTypeSize(buffer.dtype);
  CHECK_OK(aclrtMemcpy(buffer.device, bytes, host, bytes, ACL_MEMCPY_HOST_TO_DEVICE), "aclrtMemcpy");
  return 0;
}

int Download(const Buffer &buffer, void *host) {
  const size_t bytes = static_cast<size_t>(buffer.elements) * aclDataTypeSize(buffer.dtype);
  CHECK_OK(aclrtMemcpy(host, bytes, buffer.device, bytes, ACL_MEMCPY_DEVICE_TO_HOST), "aclrtMemcpy");
  return 0;
}

// The command line: --steps N (30), --dump DIR (write the trained parameters), --large (the benchmark's sizes),
// --time (print each step's wall time).
struct Options {
  int steps = 30;
  const char *dumpDir = nullptr;
  bool large = false, time = false;
};

bool ParseOptions(int argc, char **argv, Options *options) {
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--steps" && i + 1 < argc) {
      options->steps = std::atoi(argv[++i]);
    } else if (arg == "--dump" && i + 1 < argc) {
      options->dumpDir = argv[++i];
    } else if (arg == "--large") {
      options->large = true;
    } else if (arg == "--time") {
      options->time = true;
    } else {
      return false;
    }
  }
  return options->steps >= 0;
}

}  // namespace

int main(int argc, char **argv) {
  Options options;
  if (!ParseOptions(argc, argv, &options)) {
    printf("usage: %s [--steps N] [--dump DIR] [--large] [--time]\n", argv[0]);
    return 2;
  }
  const int steps = options.steps;
  const char *dumpDir = options.dumpDir;
  aclrtStream stream = nullptr;
  CHECK_OK(aclInit(nullptr), "aclInit");
  CHECK_OK(aclrtSetDevice(0), "aclrtSetDevice");
  CHECK_OK(aclrtCreateStream(&stream), "aclrtCreateStream");

  // ---- parameters, initialised in this order from one generator (the tests draw the same values) ----
  const Sizes z = options.large ? kLarge : kDemo;
  const int64_t D = z.model, F = 4 * z.model, V = z.vocab, T = z.seq, B = z.batch, H = z.heads, E = D / H, N = B * T;
  const Init M = Init::kMatrix, G = Init::kGain, S = Init::kShift;
  Parameter params[] = {
      {"wte", {V, D}, M}, {"wpe", {T, D}, M}, {"ln1_g", {D}, G}, {"ln1_b", {D}, S},  {"w_qkv", {D, 3 * D}, M},
      {"w_o", {D, D}, M}, {"ln2_g", {D}, G},  {"ln2_b", {D}, S}, {"w_1", {D, F}, M}, {"b_1", {F}, S},
      {"w_2", {F, D}, M}, {"b_2", {D}, S},    {"lnf_g", {D}, G}, {"lnf_b", {D}, S},  {"w_out", {D, V}, M},
  };
  enum { kWte, kWpe, kLn1G, kLn1B, kWqkv, kWo, kLn2G, kLn2B, kW1, kB1, kW2, kB2, kLnfG, kLnfB, kWout, kParams };
  Lcg lcg{20261127};
  for (Parameter &p : params) {
    const int64_t n = Count(p.shape);
    std::vector<float> host(static_cast<size_t>(n));
    const float matrixScale = 1.0f / std::sqrt(static_cast<float>(p.shape[0]));
    for (float &x : host) {
      x = p.init == Init::kMatrix ? lcg.Next(matrixScale)
          : p.init == Init::kGain ? 1.0f + lcg.Next(0.1f)
                                  : lcg.Next(0.1f);
    }
    if (Allocate(&p.value, n) || Allocate(&p.grad, n) || Allocate(&p.m, n) || Allocate(&p.v, n)) return 1;
    if (Upload(p.value, host.data()) != 0) return 1;
  }

  // ---- data: tokens, targets, the causal mask, the one-hot targets scaled for the loss gradient ----
  Buffer tokens, targets, causal, negOneHot, step;
  if (Allocate(&tokens, N, ACL_INT64) || Allocate(&targets, N, ACL_INT64) || Allocate(&causal, T * T, ACL_BOOL) ||
      Allocate(&negOneHot, N * V) || Allocate(&step, 1, ACL_INT64))
    return 1;
  std::vector<int64_t> tokenHost(N), targetHost(N);
  std::vector<float> negOneHotHost(static_cast<size_t>(N * V), 0.0f);
  for (int64_t b = 0; b < B; ++b) {
    for (int64_t t = 0; t < T; ++t) {
      const int64_t i = b * T + t, token = (7 * b + 3 * t + (b * t) % 5) % V;
      tokenHost[i] = token;
      targetHost[i] = (5 * token + 3) % V;
      negOneHotHost[static_cast<size_t>(i * V + targetHost[i])] = -1.0f;
    }
  }
  std::vector<uint8_t> causalHost(static_cast<size_t>(T * T));
  for (int64_t r = 0; r < T; ++r)
    for (int64_t c = 0; c < T; ++c) causalHost[static_cast<size_t>(r * T + c)] = c > r;  // true = masked
  if (Upload(tokens, tokenHost.data()) || Upload(targets, targetHost.data()) || Upload(causal, causalHost.data()) ||
      Upload(negOneHot, negOneHotHost.data()))
    return 1;

  // ---- activations and their gradients ----
  enum {
    kEmb,
    kX0,
    kH1,
    kMean1,
    kRstd1,
    kQkv,
    kScores,
    kProbs,
    kAttn,
    kHeadsOut,
    kProj,
    kX1,
    kH2,
    kMean2,
    kRstd2,
    kU,
    kGelu,
    kMlp,
    kX2,
    kHf,
    kMeanF,
    kRstdF,
    kLogits,
    kLoss,
    kLogProb,
    kZloss,
    kLse,
    kDLogits,
    kDHf,
    kDX2,
    kDGelu,
    kDU,
    kDH2,
    kDX1Part,
    kDX1,
    kDHeadsOut,
    kDAttn,
    kDProbs,
    kDScores,
    kDQ,
    kDK,
    kDV,
    kDQkv,
    kDH1,
    kDX0Part,
    kDX0,
    kActs
  };
  const int64_t sizes[kActs] = {N * D,
                                N * D,
                                N * D,
                                N,
                                N,
                                N * 3 * D,
                                B * H * T * T,
                                B * H * T * T,
                                B * H * T * E,
                                N * D,
                                N * D,
                                N * D,
                                N * D,
                                N,
                                N,
                                N * F,
                                N * F,
                                N * D,
                                N * D,
                                N * D,
                                N,
                                N,
                                N * V,
                                1,
                                N * V,
                                1,
                                N,
                                N * V,
                                N * D,
                                N * D,
                                N * F,
                                N * F,
                                N * D,
                                N * D,
                                N * D,
                                N * D,
                                B * H * T * E,
                                B * H * T * T,
                                B * H * T * T,
                                B * H * T * E,
                                B * H * T * E,
                                B * H * T * E,
                                N * 3 * D,
                                N * D,
                                N * D,
                                N * D};
  Buffer a[kActs];
  for (int i = 0; i < kActs; ++i)
    if (Allocate(&a[i], sizes[i]) != 0) return 1;
  const std::vector<int64_t> btd = {B, T, D}, bt1 = {B, T, 1}, nd = {N, D}, heads = {B, H, T, E},
                             scoresShape = {B, H, T, T};
  // The per-head q, k, v views of the [N, 3D] projection: element (b, h, t, e) of q is qkv[b*T + t, h*E + e].
  const std::vector<int64_t> headStrides = {T * 3 * D, E, 3 * D, 1}, headTStrides = {T * 3 * D, E, 1, 3 * D};
  // The heads' outputs laid out as [B, T, H, E] = [N, D] for the output projection.
  const std::vector<int64_t> mergedStrides = {T * D, E, D, 1};
  const std::vector<int64_t> scoresTStrides = {H * T * T, T * T, 1, T};

  const int64_t normDims[] = {D};
  aclIntArray *normalized = aclCreateIntArray(normDims, 1);
  const bool maskAll[] = {true, true, true};
  aclBoolArray *outputMask = aclCreateBoolArray(maskAll, 3);
  const int64_t batchDim[] = {0};
  aclIntArray *dim0 = aclCreateIntArray(batchDim, 1);
  const float attnScale = 1.0f / std::sqrt(static_cast<float>(E)), invTokens = 1.0f / static_cast<float>(N);
  const float negInf = -INFINITY, oneF = 1.0f;
  const int64_t oneI = 1;
  aclScalar *scale = aclCreateScalar(const_cast<float *>(&attnScale), ACL_FLOAT);
  aclScalar *lossScale = aclCreateScalar(const_cast<float *>(&invTokens), ACL_FLOAT);
  aclScalar *maskValue = aclCreateScalar(const_cast<float *>(&negInf), ACL_FLOAT);
  aclScalar *alpha = aclCreateScalar(const_cast<float *>(&oneF), ACL_FLOAT);
  aclScalar *stepIncrement = aclCreateScalar(const_cast<int64_t *>(&oneI), ACL_INT64);
  char reduction[] = "mean";
  Parameter *P = params;
  auto value = [&](int i, std::vector<int64_t> shape = {}) {
    return View(P[i].value, shape.empty() ? P[i].shape : shape);
  };
  auto grad = [&](int i) { return View(P[i].grad, P[i].shape); };

  // ---- forward ----
  Program forward;
  PLAN(forward, aclnnEmbedding, value(kWte), View(tokens, {B, T}), View(a[kEmb], btd));
  PLAN(forward, aclnnAdd, View(a[kEmb], btd), value(kWpe), alpha, View(a[kX0], btd));
  PLAN(forward, aclnnLayerNorm, View(a[kX0], btd), normalized, value(kLn1G), value(kLn1B), 1e-5, View(a[kH1], btd),
       View(a[kMean1], bt1), View(a[kRstd1], bt1));
  PLAN(forward, aclnnMatmul, View(a[kH1], nd), value(kWqkv), View(a[kQkv], {N, 3 * D}), 0);
  PLAN(forward, aclnnMatmul, View(a[kQkv], heads, headStrides, 0), View(a[kQkv], {B, H, E, T}, headTStrides, D),
       View(a[kScores], scoresShape), 0);
  PLAN(forward, aclnnInplaceMuls, View(a[kScores], scoresShape), scale);
  PLAN(forward, aclnnInplaceMaskedFillScalar, View(a[kScores], scoresShape), View(causal, {T, T}), maskValue);
  PLAN(forward, aclnnSoftmax, View(a[kScores], scoresShape), -1, View(a[kProbs], scoresShape));
  PLAN(forward, aclnnMatmul, View(a[kProbs], scoresShape), View(a[kQkv], heads, headStrides, 2 * D),
       View(a[kAttn], heads), 0);
  PLAN(forward, aclnnInplaceCopy, View(a[kHeadsOut], heads, mergedStrides), View(a[kAttn], heads));
  PLAN(forward, aclnnMatmul, View(a[kHeadsOut], nd), value(kWo), View(a[kProj], nd), 0);
  PLAN(forward, aclnnAdd, View(a[kX0], nd), View(a[kProj], nd), alpha, View(a[kX1], nd));
  PLAN(forward, aclnnLayerNorm, View(a[kX1], btd), normalized, value(kLn2G), value(kLn2B), 1e-5, View(a[kH2], btd),
       View(a[kMean2], bt1), View(a[kRstd2], bt1));
  PLAN(forward, aclnnMatmul, View(a[kH2], nd), value(kW1), View(a[kU], {N, F}), 0);
  PLAN(forward, aclnnInplaceAdd, View(a[kU], {N, F}), value(kB1), alpha);
  PLAN(forward, aclnnGelu, View(a[kU], {N, F}), View(a[kGelu], {N, F}));
  PLAN(forward, aclnnMatmul, View(a[kGelu], {N, F}), value(kW2), View(a[kMlp], nd), 0);
  PLAN(forward, aclnnInplaceAdd, View(a[kMlp], nd), value(kB2), alpha);
  PLAN(forward, aclnnAdd, View(a[kX1], nd), View(a[kMlp], nd), alpha, View(a[kX2], nd));
  PLAN(forward, aclnnLayerNorm, View(a[kX2], btd), normalized, value(kLnfG), value(kLnfB), 1e-5, View(a[kHf], btd),
       View(a[kMeanF], bt1), View(a[kRstdF], bt1));
  PLAN(forward, aclnnMatmul, View(a[kHf], nd), value(kWout), View(a[kLogits], {N, V}), 0);
  PLAN(forward, aclnnCrossEntropyLoss, View(a[kLogits], {N, V}), View(targets, {N}), nullptr, reduction, -100, 0.0, 0.0,
       false, View(a[kLoss], {}), View(a[kLogProb], {N, V}), View(a[kZloss], {}), View(a[kLse], {N}));

  // ---- backward: d(mean cross-entropy)/d(logits) = (softmax(logits) - onehot(target)) / N ----
  Program backward;
  PLAN(backward, aclnnExp, View(a[kLogProb], {N, V}), View(a[kDLogits], {N, V}));
  PLAN(backward, aclnnInplaceAdd, View(a[kDLogits], {N, V}), View(negOneHot, {N, V}), alpha);
  PLAN(backward, aclnnInplaceMuls, View(a[kDLogits], {N, V}), lossScale);
  PLAN(backward, aclnnMatmul, TransposedView(a[kHf], N, D), View(a[kDLogits], {N, V}), grad(kWout), 0);
  PLAN(backward, aclnnMatmul, View(a[kDLogits], {N, V}), TransposedView(P[kWout].value, D, V), View(a[kDHf], nd), 0);
  PLAN(backward, aclnnLayerNormBackward, View(a[kDHf], btd), View(a[kX2], btd), normalized, View(a[kMeanF], bt1),
       View(a[kRstdF], bt1), value(kLnfG), value(kLnfB), outputMask, View(a[kDX2], btd), grad(kLnfG), grad(kLnfB));
  // MLP
  PLAN(backward, aclnnMatmul, TransposedView(a[kGelu], N, F), View(a[kDX2], nd), grad(kW2), 0);
  PLAN(backward, aclnnReduceSum, View(a[kDX2], nd), dim0, false, ACL_FLOAT, grad(kB2));
  PLAN(backward, aclnnMatmul, View(a[kDX2], nd), TransposedView(P[kW2].value, F, D), View(a[kDGelu], {N, F}), 0);
  PLAN(backward, aclnnGeluBackward, View(a[kDGelu], {N, F}), View(a[kU], {N, F}), View(a[kDU], {N, F}));
  PLAN(backward, aclnnMatmul, TransposedView(a[kH2], N, D), View(a[kDU], {N, F}), grad(kW1), 0);
  PLAN(backward, aclnnReduceSum, View(a[kDU], {N, F}), dim0, false, ACL_FLOAT, grad(kB1));
  PLAN(backward, aclnnMatmul, View(a[kDU], {N, F}), TransposedView(P[kW1].value, D, F), View(a[kDH2], nd), 0);
  PLAN(backward, aclnnLayerNormBackward, View(a[kDH2], btd), View(a[kX1], btd), normalized, View(a[kMean2], bt1),
       View(a[kRstd2], bt1), value(kLn2G), value(kLn2B), outputMask, View(a[kDX1Part], btd), grad(kLn2G), grad(kLn2B));
  PLAN(backward, aclnnAdd, View(a[kDX2], nd), View(a[kDX1Part], nd), alpha, View(a[kDX1], nd));
  // attention
  PLAN(backward, aclnnMatmul, TransposedView(a[kHeadsOut], N, D), View(a[kDX1], nd), grad(kWo), 0);
  PLAN(backward, aclnnMatmul, View(a[kDX1], nd), TransposedView(P[kWo].value, D, D), View(a[kDHeadsOut], nd), 0);
  PLAN(backward, aclnnInplaceCopy, View(a[kDAttn], heads), View(a[kDHeadsOut], heads, mergedStrides));
  PLAN(backward, aclnnMatmul, View(a[kDAttn], heads), View(a[kQkv], {B, H, E, T}, headTStrides, 2 * D),
       View(a[kDProbs], scoresShape), 0);
  PLAN(backward, aclnnMatmul, View(a[kProbs], scoresShape, scoresTStrides), View(a[kDAttn], heads), View(a[kDV], heads),
       0);
  PLAN(backward, aclnnSoftmaxBackward, View(a[kDProbs], scoresShape), View(a[kProbs], scoresShape), -1,
       View(a[kDScores], scoresShape));
  PLAN(backward, aclnnInplaceMuls, View(a[kDScores], scoresShape), scale);
  PLAN(backward, aclnnMatmul, View(a[kDScores], scoresShape), View(a[kQkv], heads, headStrides, D), View(a[kDQ], heads),
       0);
  PLAN(backward, aclnnMatmul, View(a[kDScores], scoresShape, scoresTStrides), View(a[kQkv], heads, headStrides, 0),
       View(a[kDK], heads), 0);
  PLAN(backward, aclnnInplaceCopy, View(a[kDQkv], heads, headStrides, 0), View(a[kDQ], heads));
  PLAN(backward, aclnnInplaceCopy, View(a[kDQkv], heads, headStrides, D), View(a[kDK], heads));
  PLAN(backward, aclnnInplaceCopy, View(a[kDQkv], heads, headStrides, 2 * D), View(a[kDV], heads));
  PLAN(backward, aclnnMatmul, TransposedView(a[kH1], N, D), View(a[kDQkv], {N, 3 * D}), grad(kWqkv), 0);
  PLAN(backward, aclnnMatmul, View(a[kDQkv], {N, 3 * D}), TransposedView(P[kWqkv].value, D, 3 * D), View(a[kDH1], nd),
       0);
  PLAN(backward, aclnnLayerNormBackward, View(a[kDH1], btd), View(a[kX0], btd), normalized, View(a[kMean1], bt1),
       View(a[kRstd1], bt1), value(kLn1G), value(kLn1B), outputMask, View(a[kDX0Part], btd), grad(kLn1G), grad(kLn1B));
  PLAN(backward, aclnnAdd, View(a[kDX1], nd), View(a[kDX0Part], nd), alpha, View(a[kDX0], nd));
  // embeddings
  PLAN(backward, aclnnReduceSum, View(a[kDX0], btd), dim0, false, ACL_FLOAT, grad(kWpe));
  PLAN(backward, aclnnEmbeddingDenseBackward, View(a[kDX0], btd), View(tokens, {B, T}), static_cast<uint64_t>(V),
       static_cast<uint64_t>(-1), false, grad(kWte));

  // ---- optimizer: AdamW on every parameter, then the step count + 1 (the kernel's bias corrections use t =
  // step + 1: the step tensor counts the updates done before this one) ----
  Program optimizer;
  for (Parameter &p : params) {
    PLAN(optimizer, aclnnApplyAdamWV2, View(p.value, p.shape), View(p.m, p.shape), View(p.v, p.shape), nullptr,
         View(p.grad, p.shape), View(step, {1}), kLr, kBeta1, kBeta2, kWeightDecay, kEps, false, false);
  }
  PLAN(optimizer, aclnnInplaceAdds, View(step, {1}), stepIncrement, stepIncrement);

  // ---- training ----
  for (int s = 1; s <= steps; ++s) {
    const auto start = std::chrono::steady_clock::now();
    if (forward.Run(stream) || backward.Run(stream) || optimizer.Run(stream)) return 1;
    CHECK_OK(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream");
    const std::chrono::duration<double, std::milli> took = std::chrono::steady_clock::now() - start;
    float loss = 0;
    if (Download(a[kLoss], &loss) != 0) return 1;
    if (options.time) {
      printf("step %3d  loss %.9g  %.3f ms\n", s, loss, took.count());
    } else {
      printf("step %3d  loss %.9g\n", s, loss);
    }
  }
  if (dumpDir != nullptr) {
    for (Parameter &p : params) {
      std::vector<float> host(static_cast<size_t>(p.value.elements));
      if (Download(p.value, host.data()) != 0) return 1;
      const std::string path = std::string(dumpDir) + "/" + p.name + ".bin";
      FILE *f = fopen(path.c_str(), "wb");
      if (f == nullptr || fwrite(host.data(), sizeof(float), host.size(), f) != host.size()) {
        printf("cannot write %s\n", path.c_str());
        return 1;
      }
      fclose(f);
    }
  }
  forward.Release();
  backward.Release();
  optimizer.Release();
  for (aclTensor *view : AllViews()) aclDestroyTensor(view);
  for (Parameter &p : params)
    for (Buffer *b : {&p.value, &p.grad, &p.m, &p.v}) aclrtFree(b->device);
  for (Buffer &b : a) aclrtFree(b.device);
  for (Buffer *b : {&tokens, &targets, &causal, &negOneHot, &step}) aclrtFree(b->device);
  aclDestroyIntArray(normalized);
  aclDestroyIntArray(dim0);
  aclDestroyBoolArray(outputMask);
  for (aclScalar *s : {scale, lossScale, maskValue, alpha, stepIncrement}) aclDestroyScalar(s);
  CHECK_OK(aclrtDestroyStream(stream), "aclrtDestroyStream");
  CHECK_OK(aclrtResetDevice(0), "aclrtResetDevice");
  CHECK_OK(aclFinalize(), "aclFinalize");
  return 0;
}
