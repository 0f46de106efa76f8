// What the loss tests share: class-index tensors (DeviceTensor holds floating dtypes only), random targets with
// a share of ignoreIndex, and the five functions run end to end (phase 1 with a thread count, phase 2, sync).
#pragma once

#include <cstring>
#include <random>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "aclnnop/aclnn_cross_entropy_loss.h"
#include "aclnnop/aclnn_mse_loss.h"
#include "aclnnop/aclnn_mse_loss_backward.h"
#include "aclnnop/aclnn_nll_loss.h"
#include "aclnnop/aclnn_nll_loss_backward.h"
#include "common/test_tensor.h"

namespace aclcpu_test {

// A dense (or every-other-element) tensor of INT64, INT32 or UINT8 class indices.
class IndexTensor {
 public:
  IndexTensor(const std::vector<int64_t> &values, const std::vector<int64_t> &shape, aclDataType dtype,
              bool strided = false) {
    const size_t size = aclDataTypeSize(dtype);
    const int64_t step = strided ? 2 : 1;
    const size_t count = std::max<size_t>(1, values.size() * static_cast<size_t>(step));
    std::vector<unsigned char> host(count * size, 0);
    for (size_t i = 0; i < values.size(); ++i) {
      unsigned char *p = host.data() + i * static_cast<size_t>(step) * size;
      const int64_t v = values[i];
      if (dtype == ACL_INT64) std::memcpy(p, &v, 8);
      if (dtype == ACL_INT32) {
        const auto w = static_cast<int32_t>(v);
        std::memcpy(p, &w, 4);
      }
      if (dtype == ACL_UINT8) *p = static_cast<unsigned char>(v);
    }
    EXPECT_EQ(aclrtMalloc(&device_, host.size(), ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    aclrtMemcpy(device_, host.size(), host.data(), host.size(), ACL_MEMCPY_HOST_TO_DEVICE);
    std::vector<int64_t> strides(shape.size(), step);
    const int64_t storage[] = {static_cast<int64_t>(count)};
    tensor_ = aclCreateTensor(shape.data(), shape.size(), dtype, strides.data(), 0, ACL_FORMAT_ND, storage, 1, device_);
  }
  ~IndexTensor() {
    aclDestroyTensor(tensor_);
    aclrtFree(device_);
  }
  IndexTensor(const IndexTensor &) = delete;
  IndexTensor &operator=(const IndexTensor &) = delete;
  aclTensor *get() const { return tensor_; }

 private:
  void *device_ = nullptr;
  aclTensor *tensor_ = nullptr;
};

// n targets in [0, classes), about `ignoredShare` of them set to ignoreIndex.
inline std::vector<int64_t> RandomTargets(std::mt19937_64 &rng, int64_t n, int64_t classes, double ignoredShare,
                                          int64_t ignoreIndex) {
  std::uniform_int_distribution<int64_t> cls(0, classes - 1);
  const UniformReal u(0.0, 1.0);
  std::vector<int64_t> t(static_cast<size_t>(n));
  for (int64_t &v : t) v = u(rng) < ignoredShare ? ignoreIndex : cls(rng);
  return t;
}

// Phase 1 (with `threads`), then phase 2 on a fresh stream; returns the first failing status (phase 1, phase 2
// or the synchronize).
template <class Phase1>
aclnnStatus RunLoss(int threads, Phase1 phase1, Phase2Fn phase2) {
  uint64_t ws = 0;
  aclOpExecutor *exec = nullptr;
  const aclnnStatus st = Phase1WithThreads(threads, [&] { return phase1(&ws, &exec); });
  if (st != ACLNN_SUCCESS) return st;
  void *workspace = nullptr;
  if (ws > 0) aclrtMalloc(&workspace, ws, ACL_MEM_MALLOC_HUGE_FIRST);
  aclrtStream stream = nullptr;
  aclrtCreateStream(&stream);
  aclnnStatus status = phase2(workspace, ws, exec, stream);
  const aclError sync = aclrtSynchronizeStream(stream);
  if (status == ACLNN_SUCCESS) status = sync;
  aclrtDestroyStream(stream);
  if (workspace != nullptr) aclrtFree(workspace);
  return status;
}

// Bitwise equality of two read-backs (NaN equal to NaN of the same bits).
inline bool SameBits(const std::vector<double> &a, const std::vector<double> &b) {
  return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0);
}

}  // namespace aclcpu_test
