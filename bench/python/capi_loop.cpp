// The C API time of one aclnnPrelu call as a CANN program makes it (create the three tensors, both phases,
// synchronize, destroy), averaged over a loop; the baseline bench/python/python_overhead.py sets the Python
// binding's time against. Built by that script with the vendor's g++ line: g++ capi_loop.cpp -I<include>
// -L<lib64> -lascendcl -lnnopbase -lopapi_nn.  Usage: capi_loop <elements> <iterations>; prints microseconds/call
// (the best of 5 batches' means).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_prelu.h"

int main(int argc, char **argv) {
  const int64_t n = argc > 1 ? std::atoll(argv[1]) : 8;
  const int iterations = argc > 2 ? std::atoi(argv[2]) : 1000;
  if (aclInit(nullptr) != ACL_SUCCESS || aclrtSetDevice(0) != ACL_SUCCESS) return 1;
  aclrtStream stream = nullptr;
  if (aclrtCreateStream(&stream) != ACL_SUCCESS) return 1;
  const int64_t channels = 4;
  std::vector<int64_t> shape = {n / channels, channels}, strides = {channels, 1}, wshape = {channels}, wstride = {1};
  void *x = nullptr, *w = nullptr, *y = nullptr;
  aclrtMalloc(&x, n * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST);
  aclrtMalloc(&y, n * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST);
  aclrtMalloc(&w, channels * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST);
  std::vector<float> host(static_cast<size_t>(n), -1.5f), wh(channels, 0.25f);
  aclrtMemcpy(x, n * sizeof(float), host.data(), n * sizeof(float), ACL_MEMCPY_HOST_TO_DEVICE);
  aclrtMemcpy(w, channels * sizeof(float), wh.data(), channels * sizeof(float), ACL_MEMCPY_HOST_TO_DEVICE);
  auto once = [&]() {
    aclTensor *tx = aclCreateTensor(shape.data(), 2, ACL_FLOAT, strides.data(), 0, ACL_FORMAT_ND, shape.data(), 2, x);
    aclTensor *tw = aclCreateTensor(wshape.data(), 1, ACL_FLOAT, wstride.data(), 0, ACL_FORMAT_ND, wshape.data(), 1, w);
    aclTensor *ty = aclCreateTensor(shape.data(), 2, ACL_FLOAT, strides.data(), 0, ACL_FORMAT_ND, shape.data(), 2, y);
    uint64_t ws = 0;
    aclOpExecutor *executor = nullptr;
    if (aclnnPreluGetWorkspaceSize(tx, tw, ty, &ws, &executor) != 0) std::exit(2);
    void *workspace = nullptr;
    if (ws > 0) aclrtMalloc(&workspace, ws, ACL_MEM_MALLOC_HUGE_FIRST);
    if (aclnnPrelu(workspace, ws, executor, stream) != 0) std::exit(3);
    aclrtSynchronizeStream(stream);
    if (workspace != nullptr) aclrtFree(workspace);
    aclDestroyTensor(tx);
    aclDestroyTensor(tw);
    aclDestroyTensor(ty);
  };
  for (int i = 0; i < iterations / 10 + 1; ++i) once();  // warm-up
  double best = 1e300;                                   // best of 5 batches, as python_overhead.py's best_of
  for (int batch = 0; batch < 5; ++batch) {
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < iterations; ++i) once();
    const double us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count();
    if (us / iterations < best) best = us / iterations;
  }
  std::printf("%.3f\n", best);
  aclrtFree(x);
  aclrtFree(y);
  aclrtFree(w);
  aclrtDestroyStream(stream);
  aclrtResetDevice(0);
  aclFinalize();
  return 0;
}
