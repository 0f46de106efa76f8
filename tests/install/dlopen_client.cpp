// A framework-style client (as PyTorch's NPU adapter, MindSpore or vLLM's Ascend kernels load aclnn):
// it links nothing of ours, dlopens libopapi.so, finds every function it needs with dlsym, calls
// aclnnInit and runs aclnnReflectionPad2dBackward and aclnnPreluBackward through function pointers.
//   dlopen_client LIBRARY [NAME...]   LIBRARY: "libopapi.so" (found through LD_LIBRARY_PATH after
//   set_env.sh) or a path; each NAME must resolve through the handle (every aclnn entry point).
// Prints what it checked; exits non-zero on the first problem.
#include <dlfcn.h>

#include <cmath>
#include <cstdio>
#include <vector>

#include "acl/acl.h"
#include "aclnn/aclnn_base.h"

namespace {

void *library = nullptr;

template <class Fn>
Fn Find(const char *name) {
  void *symbol = dlsym(library, name);
  if (symbol == nullptr) {
    std::printf("dlsym(%s) failed: %s\n", name, dlerror());
    return nullptr;
  }
  return reinterpret_cast<Fn>(symbol);
}

using CreateTensorFn = aclTensor *(*)(const int64_t *, uint64_t, aclDataType, const int64_t *, int64_t, aclFormat,
                                      const int64_t *, uint64_t, void *);
using CreateIntArrayFn = aclIntArray *(*)(const int64_t *, uint64_t);
using MallocFn = aclError (*)(void **, size_t, aclrtMemMallocPolicy);
using MemcpyFn = aclError (*)(void *, size_t, const void *, size_t, aclrtMemcpyKind);
using StreamFn = aclError (*)(aclrtStream);
using CreateStreamFn = aclError (*)(aclrtStream *);
using Phase2Fn = aclnnStatus (*)(void *, uint64_t, aclOpExecutor *, aclrtStream);
using PreluPhase1Fn = aclnnStatus (*)(const aclTensor *, const aclTensor *, const aclTensor *, aclTensor *, aclTensor *,
                                      uint64_t *, aclOpExecutor **);
using PadPhase1Fn = aclnnStatus (*)(const aclTensor *, const aclTensor *, const aclIntArray *, aclTensor *, uint64_t *,
                                    aclOpExecutor **);

struct Api {
  CreateTensorFn createTensor = Find<CreateTensorFn>("aclCreateTensor");
  CreateIntArrayFn createIntArray = Find<CreateIntArrayFn>("aclCreateIntArray");
  MallocFn malloc = Find<MallocFn>("aclrtMalloc");
  MemcpyFn memcpy = Find<MemcpyFn>("aclrtMemcpy");
  CreateStreamFn createStream = Find<CreateStreamFn>("aclrtCreateStream");
  StreamFn synchronize = Find<StreamFn>("aclrtSynchronizeStream");
  bool ok() const { return createTensor && createIntArray && malloc && memcpy && createStream && synchronize; }

  // A contiguous float tensor on fresh device memory holding `values`.
  aclTensor *Tensor(const std::vector<int64_t> &shape, const std::vector<float> &values, void **device) const {
    std::vector<int64_t> strides(shape.size(), 1);
    for (size_t i = shape.size(); i-- > 1;) strides[i - 1] = strides[i] * shape[i];
    const size_t bytes = values.size() * sizeof(float);
    if (malloc(device, bytes, ACL_MEM_MALLOC_HUGE_FIRST) != 0) return nullptr;
    if (memcpy(*device, bytes, values.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE) != 0) return nullptr;
    return createTensor(shape.data(), shape.size(), ACL_FLOAT, strides.data(), 0, ACL_FORMAT_ND, shape.data(),
                        shape.size(), *device);
  }
  std::vector<float> Read(void *device, size_t count) const {
    std::vector<float> host(count);
    memcpy(host.data(), count * sizeof(float), device, count * sizeof(float), ACL_MEMCPY_DEVICE_TO_HOST);
    return host;
  }
};

bool Near(float got, float want) { return std::fabs(got - want) <= 1e-6f * std::fmax(1.0f, std::fabs(want)); }

// PReLU backward on self = 0..7 (4, 2), weight 0.5 per channel, gradOutput = 1: gradInput is 0.5 where
// self <= 0 and 1 elsewhere; gradWeight is the sum of self * gradOutput over self <= 0, i.e. 0.
int RunPrelu(const Api &api, aclrtStream stream) {
  auto phase1 = Find<PreluPhase1Fn>("aclnnPreluBackwardGetWorkspaceSize");
  auto phase2 = Find<Phase2Fn>("aclnnPreluBackward");
  if (phase1 == nullptr || phase2 == nullptr) return 1;
  std::vector<float> self(8), ones(8, 1.0f);
  for (int i = 0; i < 8; ++i) self[i] = static_cast<float>(i);
  void *dyMem, *xMem, *wMem, *dxMem, *dwMem;
  aclTensor *dy = api.Tensor({4, 2}, ones, &dyMem), *x = api.Tensor({4, 2}, self, &xMem);
  aclTensor *w = api.Tensor({2}, {0.5f, 0.5f}, &wMem), *dx = api.Tensor({4, 2}, std::vector<float>(8), &dxMem);
  aclTensor *dw = api.Tensor({2}, {9.0f, 9.0f}, &dwMem);
  uint64_t workspaceSize = 0;
  aclOpExecutor *executor = nullptr;
  if (phase1(dy, x, w, dx, dw, &workspaceSize, &executor) != 0) return 1;
  void *workspace = nullptr;
  if (workspaceSize > 0 && api.malloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST) != 0) return 1;
  if (phase2(workspace, workspaceSize, executor, stream) != 0 || api.synchronize(stream) != 0) return 1;
  const std::vector<float> gradInput = api.Read(dxMem, 8), gradWeight = api.Read(dwMem, 2);
  for (int i = 0; i < 8; ++i) {
    if (!Near(gradInput[i], i == 0 ? 0.5f : 1.0f)) return std::printf("PReLU gradInput[%d] = %f\n", i, gradInput[i]), 1;
  }
  if (!Near(gradWeight[0], 0.0f) || !Near(gradWeight[1], 0.0f)) return std::printf("PReLU gradWeight wrong\n"), 1;
  std::printf("aclnnPreluBackward through dlsym: gradInput and gradWeight as expected\n");
  return 0;
}

// Reflection-pad backward of a 1x1x2x2 input padded by 1 on every side (4x4 gradOutput = 1): each input
// element gathers the gradOutput entries that reflect onto it, 4 each.
int RunPad(const Api &api, aclrtStream stream) {
  auto phase1 = Find<PadPhase1Fn>("aclnnReflectionPad2dBackwardGetWorkspaceSize");
  auto phase2 = Find<Phase2Fn>("aclnnReflectionPad2dBackward");
  if (phase1 == nullptr || phase2 == nullptr) return 1;
  void *dyMem, *xMem, *dxMem;
  aclTensor *dy = api.Tensor({1, 1, 4, 4}, std::vector<float>(16, 1.0f), &dyMem);
  aclTensor *x = api.Tensor({1, 1, 2, 2}, {1, 2, 3, 4}, &xMem);
  aclTensor *dx = api.Tensor({1, 1, 2, 2}, std::vector<float>(4), &dxMem);
  const int64_t pads[4] = {1, 1, 1, 1};
  aclIntArray *padding = api.createIntArray(pads, 4);
  uint64_t workspaceSize = 0;
  aclOpExecutor *executor = nullptr;
  if (phase1(dy, x, padding, dx, &workspaceSize, &executor) != 0) return 1;
  void *workspace = nullptr;
  if (workspaceSize > 0 && api.malloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST) != 0) return 1;
  if (phase2(workspace, workspaceSize, executor, stream) != 0 || api.synchronize(stream) != 0) return 1;
  for (float v : api.Read(dxMem, 4)) {
    if (!Near(v, 4.0f)) return std::printf("ReflectionPad2dBackward gradInput = %f, expected 4\n", v), 1;
  }
  std::printf("aclnnReflectionPad2dBackward through dlsym: gradInput as expected\n");
  return 0;
}

}  // namespace

int main(int argc, char **argv) {
  if (argc < 2) return std::printf("usage: %s LIBRARY [NAME...]\n", argv[0]), 2;
  library = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (library == nullptr) return std::printf("dlopen(%s) failed: %s\n", argv[1], dlerror()), 1;
  int found = 0;
  for (int i = 2; i < argc; ++i) {
    if (dlsym(library, argv[i]) == nullptr) return std::printf("dlsym(%s) failed: %s\n", argv[i], dlerror()), 1;
    ++found;
  }
  std::printf("dlopen(%s): all %d aclnn entry points found\n", argv[1], found);
  auto init = Find<aclnnStatus (*)(const char *)>("aclnnInit");
  auto finalize = Find<aclnnStatus (*)()>("aclnnFinalize");
  if (init == nullptr || finalize == nullptr || init(nullptr) != 0) return 1;
  const Api api;
  aclrtStream stream = nullptr;
  if (!api.ok() || api.createStream(&stream) != 0) return 1;
  if (RunPrelu(api, stream) != 0 || RunPad(api, stream) != 0) return 1;
  return finalize() == 0 ? 0 : 1;
}
