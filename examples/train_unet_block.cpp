// Trains a diffusion-UNet ResBlock with aclnn calls only, as a CANN training program does:
//   h = GroupNorm(Convolution3x3(x)) -> Swish  (aclnnGroupNormSwish, one call)
//   y = Silu(GroupNorm(Convolution3x3(h))) + Convolution1x1(x)   (the skip path)
// regressing a fixed target with the MSE loss; the gradients come from aclnnMseLossBackward,
// aclnnConvolutionBackward, aclnnSiluBackward, aclnnGroupNormBackward and aclnnGroupNormSwishGrad, and every
// parameter takes an aclnnApplyAdamWV2 step. Every operator's executor is planned once, marked repeatable and run
// again each step on the same buffers.
//
//   train_unet_block [--steps N] [--dump DIR] [--large] [--time]
// prints the loss of every step; with a dump directory it also writes each parameter after the last step as raw
// float32 (<name>.bin), which the tests compare with the same block in PyTorch.
//
// Builds unchanged against CANN or aclnn-cpu with:
//   g++ train_unet_block.cpp -I$P/include -I$P/include/aclnnop -I$P/include/aclnn -L$P/lib64
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
#include "aclnnop/aclnn_convolution.h"
#include "aclnnop/aclnn_convolution_backward.h"
#include "aclnnop/aclnn_group_norm.h"
#include "aclnnop/aclnn_group_norm_backward.h"
#include "aclnnop/aclnn_group_norm_swish.h"
#include "aclnnop/aclnn_group_norm_swish_grad.h"
#include "aclnnop/aclnn_mse_loss.h"
#include "aclnnop/aclnn_mse_loss_backward.h"
#include "aclnnop/aclnn_silu.h"
#include "aclnnop/aclnn_silu_backward.h"

#define CHECK_OK(expr, what)                                                                \
  do {                                                                                      \
    auto status_ = (expr);                                                                  \
    if (status_ != ACL_SUCCESS) {                                                           \
      printf("%s failed: %d\n%s\n", what, static_cast<int>(status_), aclGetRecentErrMsg()); \
      return 1;                                                                             \
    }                                                                                       \
  } while (0)

namespace {

// Block and task sizes: the demo's, and (--large) the benchmark's.
struct Sizes {
  int64_t batch, channels, groups, size;
};
constexpr Sizes kDemo = {2, 16, 4, 8}, kLarge = {4, 320, 32, 32};
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
  // Images and kernels are NCHW (the convolutions check it); the rest ND.
  const aclFormat format = shape.size() == 4 ? ACL_FORMAT_NCHW : ACL_FORMAT_ND;
  aclTensor *view = aclCreateTensor(shape.data(), shape.size(), buffer.dtype, strides.data(), offset, format, storage,
                                    1, buffer.device);
  AllViews().push_back(view);
  return view;
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

// How a parameter starts: a kernel uniform in ±1/sqrt(fan-in), a GroupNorm gain near 1, a shift near 0.
enum class Init { kKernel, kGain, kShift };

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
  const int64_t B = z.batch, C = z.channels, G = z.groups, S = z.size, HW = S * S;
  const Init K = Init::kKernel, Gain = Init::kGain, Shift = Init::kShift;
  Parameter params[] = {
      {"conv1_w", {C, C, 3, 3}, K}, {"conv1_b", {C}, Shift}, {"gn1_g", {C}, Gain}, {"gn1_b", {C}, Shift},
      {"conv2_w", {C, C, 3, 3}, K}, {"conv2_b", {C}, Shift}, {"gn2_g", {C}, Gain}, {"gn2_b", {C}, Shift},
      {"skip_w", {C, C, 1, 1}, K},  {"skip_b", {C}, Shift},
  };
  enum { kConv1W, kConv1B, kGn1G, kGn1B, kConv2W, kConv2B, kGn2G, kGn2B, kSkipW, kSkipB, kParams };
  Lcg lcg{20261127};
  for (Parameter &p : params) {
    const int64_t n = Count(p.shape);
    std::vector<float> host(static_cast<size_t>(n));
    const float kernelScale = 1.0f / std::sqrt(static_cast<float>(n / p.shape[0]));  // fan-in: C_in * kH * kW
    for (float &x : host) {
      x = p.init == Init::kKernel ? lcg.Next(kernelScale)
          : p.init == Init::kGain ? 1.0f + lcg.Next(0.1f)
                                  : lcg.Next(0.1f);
    }
    if (Allocate(&p.value, n) || Allocate(&p.grad, n) || Allocate(&p.m, n) || Allocate(&p.v, n)) return 1;
    if (Upload(p.value, host.data()) != 0) return 1;
  }

  // ---- data: a fixed input and the target the block learns to produce from it ----
  Buffer x, target, lossGrad, step;
  if (Allocate(&x, B * C * HW) || Allocate(&target, B * C * HW) || Allocate(&lossGrad, 1) ||
      Allocate(&step, 1, ACL_INT64))
    return 1;
  std::vector<float> xHost(static_cast<size_t>(B * C * HW)), targetHost(xHost.size());
  for (float &v : xHost) v = lcg.Next(1.0f);
  for (size_t i = 0; i < targetHost.size(); ++i) targetHost[i] = 0.5f * std::sin(3.0f * xHost[i]) + lcg.Next(0.1f);
  const float one = 1.0f;
  if (Upload(x, xHost.data()) || Upload(target, targetHost.data()) || Upload(lossGrad, &one)) return 1;

  // ---- activations and their gradients ----
  enum {
    kC1,
    kH1,
    kMean1,
    kRstd1,
    kC2,
    kN2,
    kMean2,
    kRstd2,
    kS2,
    kSkip,
    kY,
    kLoss,
    kDY,
    kDN2,
    kDC2,
    kDH1,
    kDC1,
    kActs
  };
  Buffer a[kActs];
  for (int i = 0; i < kActs; ++i) {
    const bool stats = i == kMean1 || i == kRstd1 || i == kMean2 || i == kRstd2;
    if (Allocate(&a[i], i == kLoss ? 1 : stats ? B * G : B * C * HW) != 0) return 1;
  }
  const std::vector<int64_t> image = {B, C, S, S}, stats = {B, G};
  const int64_t ones2[] = {1, 1}, zeros2[] = {0, 0};
  aclIntArray *unit = aclCreateIntArray(ones2, 2), *noPad = aclCreateIntArray(zeros2, 2);
  aclIntArray *samePad = aclCreateIntArray(ones2, 2), *biasSizes = aclCreateIntArray(&C, 1);
  const bool all[] = {true, true, true}, paramsOnly[] = {false, true, true};
  aclBoolArray *maskAll = aclCreateBoolArray(all, 3), *maskParams = aclCreateBoolArray(paramsOnly, 3);
  const float oneF = 1.0f;
  const int64_t oneI = 1;
  aclScalar *alpha = aclCreateScalar(const_cast<float *>(&oneF), ACL_FLOAT);
  aclScalar *stepIncrement = aclCreateScalar(const_cast<int64_t *>(&oneI), ACL_INT64);
  char nchw[] = "NCHW";
  constexpr int64_t kMean = 1;
  constexpr int8_t kKeepDtype = 0;  // cubeMathType: FLOAT stays FLOAT
  Parameter *P = params;
  auto value = [&](int i) { return View(P[i].value, P[i].shape); };
  auto grad = [&](int i) { return View(P[i].grad, P[i].shape); };
  auto act = [&](int i, const std::vector<int64_t> &shape) { return View(a[i], shape); };

  // ---- forward ----
  Program forward;
  PLAN(forward, aclnnConvolution, View(x, image), value(kConv1W), value(kConv1B), unit, samePad, unit, false, noPad, 1,
       act(kC1, image), kKeepDtype);
  PLAN(forward, aclnnGroupNormSwish, act(kC1, image), value(kGn1G), value(kGn1B), G, nchw, 1e-5, true, 1.0,
       act(kH1, image), act(kMean1, stats), act(kRstd1, stats));
  PLAN(forward, aclnnConvolution, act(kH1, image), value(kConv2W), value(kConv2B), unit, samePad, unit, false, noPad, 1,
       act(kC2, image), kKeepDtype);
  PLAN(forward, aclnnGroupNorm, act(kC2, image), value(kGn2G), value(kGn2B), B, C, HW, G, 1e-5, act(kN2, image),
       act(kMean2, stats), act(kRstd2, stats));
  PLAN(forward, aclnnSilu, act(kN2, image), act(kS2, image));
  PLAN(forward, aclnnConvolution, View(x, image), value(kSkipW), value(kSkipB), unit, noPad, unit, false, noPad, 1,
       act(kSkip, image), kKeepDtype);
  PLAN(forward, aclnnAdd, act(kS2, image), act(kSkip, image), alpha, act(kY, image));
  PLAN(forward, aclnnMseLoss, act(kY, image), View(target, image), kMean, act(kLoss, {}));

  // ---- backward ----
  Program backward;
  PLAN(backward, aclnnMseLossBackward, View(lossGrad, {}), act(kY, image), View(target, image), kMean, act(kDY, image));
  PLAN(backward, aclnnConvolutionBackward, act(kDY, image), View(x, image), value(kSkipW), biasSizes, unit, noPad, unit,
       false, noPad, 1, maskParams, kKeepDtype, nullptr, grad(kSkipW), grad(kSkipB));
  PLAN(backward, aclnnSiluBackward, act(kDY, image), act(kN2, image), act(kDN2, image));
  PLAN(backward, aclnnGroupNormBackward, act(kDN2, image), act(kC2, image), act(kMean2, stats), act(kRstd2, stats),
       value(kGn2G), B, C, HW, G, maskAll, act(kDC2, image), grad(kGn2G), grad(kGn2B));
  PLAN(backward, aclnnConvolutionBackward, act(kDC2, image), act(kH1, image), value(kConv2W), biasSizes, unit, samePad,
       unit, false, noPad, 1, maskAll, kKeepDtype, act(kDH1, image), grad(kConv2W), grad(kConv2B));
  PLAN(backward, aclnnGroupNormSwishGrad, act(kDH1, image), act(kMean1, stats), act(kRstd1, stats), act(kC1, image),
       value(kGn1G), value(kGn1B), G, nchw, 1.0, true, true, act(kDC1, image), grad(kGn1G), grad(kGn1B));
  PLAN(backward, aclnnConvolutionBackward, act(kDC1, image), View(x, image), value(kConv1W), biasSizes, unit, samePad,
       unit, false, noPad, 1, maskParams, kKeepDtype, nullptr, grad(kConv1W), grad(kConv1B));

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
  for (Buffer *b : {&x, &target, &lossGrad, &step}) aclrtFree(b->device);
  for (aclIntArray *array : {unit, noPad, samePad, biasSizes}) aclDestroyIntArray(array);
  for (aclBoolArray *array : {maskAll, maskParams}) aclDestroyBoolArray(array);
  for (aclScalar *scalar : {alpha, stepIncrement}) aclDestroyScalar(scalar);
  CHECK_OK(aclrtDestroyStream(stream), "aclrtDestroyStream");
  CHECK_OK(aclrtResetDevice(0), "aclrtResetDevice");
  CHECK_OK(aclFinalize(), "aclFinalize");
  return 0;
}
