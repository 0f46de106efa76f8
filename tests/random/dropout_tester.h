// Runs aclnnDropoutGenMaskV2 and aclnnDropoutDoMask as a CANN program does, for the dropout test suites.
#pragma once

#include <cstdint>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "aclnnop/aclnn_dropout_do_mask.h"
#include "aclnnop/aclnn_dropout_gen_mask.h"
#include "common/test_tensor.h"

namespace aclcpu_test {

// Mask bytes for `elements` bits (rounded up to 128, as the op defines the size).
inline int64_t MaskBytes(int64_t elements) { return (elements + 127) / 128 * 16; }

// The mask's bit i (bit i % 8 of byte i / 8, least significant first).
inline int MaskBit(const std::vector<uint8_t> &mask, int64_t i) {
  return (mask[static_cast<size_t>(i / 8)] >> (i % 8)) & 1;
}

struct GenMaskCall {
  std::vector<int64_t> shape;
  double prob = 0.5;
  int64_t seed = 0, offset = 0;
  aclDataType probType = ACL_FLOAT;
  int threads = 0;  // 0 = as configured
};

// Phase 1 and 2 into `out` (a UINT8 tensor of any layout); returns phase 1's status.
inline aclnnStatus GenMaskInto(const GenMaskCall &c, const DeviceTensor &out) {
  aclIntArray *shape = aclCreateIntArray(c.shape.data(), c.shape.size());
  uint64_t workspaceSize = 0;
  aclOpExecutor *executor = nullptr;
  const aclnnStatus status = Phase1WithThreads(c.threads, [&] {
    return aclnnDropoutGenMaskV2GetWorkspaceSize(shape, c.prob, c.seed, c.offset, c.probType, out.get(), &workspaceSize,
                                                 &executor);
  });
  if (status == ACLNN_SUCCESS) {
    EXPECT_EQ(RunPhase2(aclnnDropoutGenMaskV2, workspaceSize, executor), ACLNN_SUCCESS);
  }
  aclDestroyIntArray(shape);
  return status;
}

// A UINT8 tensor's elements in row-major order (DeviceTensor's Fill/Read are for floating dtypes).
inline std::vector<uint8_t> ReadBytes(const DeviceTensor &t) {
  const std::vector<unsigned char> storage = t.Bytes();
  std::vector<uint8_t> v(static_cast<size_t>(t.numel()));
  for (int64_t i = 0; i < t.numel(); ++i) v[static_cast<size_t>(i)] = storage[static_cast<size_t>(t.OffsetOf(i))];
  return v;
}

inline void WriteBytes(const DeviceTensor &t, const std::vector<uint8_t> &bytes) {
  std::vector<unsigned char> storage = t.Bytes();
  for (int64_t i = 0; i < t.numel(); ++i) storage[static_cast<size_t>(t.OffsetOf(i))] = bytes[static_cast<size_t>(i)];
  ASSERT_EQ(aclrtMemcpy(t.device(), storage.size(), storage.data(), storage.size(), ACL_MEMCPY_HOST_TO_DEVICE),
            ACL_SUCCESS);
}

// The mask as bytes, from a dense out of the right size.
inline std::vector<uint8_t> GenMask(const GenMaskCall &c) {
  const DeviceTensor out({MaskBytes(NumelOf(c.shape))}, ACL_UINT8);
  EXPECT_EQ(GenMaskInto(c, out), ACLNN_SUCCESS);
  return ReadBytes(out);
}

// Phase 1 and 2 of DoMask on the given tensors; returns phase 1's status.
inline aclnnStatus DoMask(const DeviceTensor &self, const DeviceTensor &mask, double prob, const DeviceTensor &out,
                          int threads = 0) {
  uint64_t workspaceSize = 0;
  aclOpExecutor *executor = nullptr;
  const aclnnStatus status = Phase1WithThreads(threads, [&] {
    return aclnnDropoutDoMaskGetWorkspaceSize(self.get(), mask.get(), prob, out.get(), &workspaceSize, &executor);
  });
  if (status == ACLNN_SUCCESS) {
    EXPECT_EQ(RunPhase2(aclnnDropoutDoMask, workspaceSize, executor), ACLNN_SUCCESS);
  }
  return status;
}

}  // namespace aclcpu_test
