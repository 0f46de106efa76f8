// Builder-style tester for the forward pads (aclnnReflectionPad2d, aclnnReplicationPad2d): device
// tensors of any dtype and layout filled with random bytes (NaN payloads, -0.0 and denormals
// included), both phases on a stream, and a byte-level reference written from the spec's index
// maps. The pads are pure copies, so every comparison is of raw bytes (the vendor checks by md5).
#pragma once

#include <memory>

#include "aclnnop/aclnn_reflection_pad2d.h"
#include "aclnnop/aclnn_replication_pad2d.h"
#include "common/test_tensor.h"

namespace aclcpu_test {

enum class PadKind { kReflect, kReplicate };

// The spec's maps (pad-prelu-forward.md §0.1): r(i, n) and e(i, n).
inline int64_t PadSource(PadKind kind, int64_t i, int64_t n) {
  if (kind == PadKind::kReplicate) return std::min(std::max<int64_t>(i, 0), n - 1);
  if (i < 0) return -i;
  if (i >= n) return 2 * (n - 1) - i;
  return i;
}

using Pad2dPhase1Fn = aclnnStatus (*)(const aclTensor *, const aclIntArray *, aclTensor *, uint64_t *,
                                      aclOpExecutor **);

inline Pad2dPhase1Fn Pad2dPhase1(PadKind kind) {
  return kind == PadKind::kReflect ? aclnnReflectionPad2dGetWorkspaceSize : aclnnReplicationPad2dGetWorkspaceSize;
}
inline Phase2Fn Pad2dPhase2(PadKind kind) {
  return kind == PadKind::kReflect ? aclnnReflectionPad2d : aclnnReplicationPad2d;
}

// The padded shape: H and W grow by the pads.
inline std::vector<int64_t> PaddedShape(std::vector<int64_t> shape, const std::vector<int64_t> &pad) {
  const size_t r = shape.size();
  shape[r - 2] += pad[2] + pad[3];
  shape[r - 1] += pad[0] + pad[1];
  return shape;
}

struct PadCopyOutputs {
  aclnnStatus status = -1;
  uint64_t workspaceSize = 0;
  std::vector<unsigned char> selfStorage, outStorage, expectedStorage;  // whole storages, gaps included
  std::vector<unsigned char> selfDense, outDense;                       // the views' elements in row-major order
};

class Pad2dForwardTester {
 public:
  explicit Pad2dForwardTester(PadKind kind) : kind_(kind) {}
  Pad2dForwardTester &Self(std::vector<int64_t> s) {
    self_ = std::move(s);
    return *this;
  }
  Pad2dForwardTester &Padding(std::vector<int64_t> p) {  // [left, right, top, bottom]
    pad_ = std::move(p);
    return *this;
  }
  Pad2dForwardTester &DType(aclDataType t) {
    dtype_ = t;
    return *this;
  }
  Pad2dForwardTester &InLayout(Layout l) {
    inLayout_ = std::move(l);
    return *this;
  }
  Pad2dForwardTester &OutLayout(Layout l) {
    outLayout_ = std::move(l);
    return *this;
  }
  Pad2dForwardTester &Seed(uint64_t s) {
    seed_ = s;
    return *this;
  }
  Pad2dForwardTester &Threads(int t) {
    threads_ = t;
    return *this;
  }
  std::vector<int64_t> OutShape() const { return PaddedShape(self_, pad_); }

  PadCopyOutputs Run() const {
    PadCopyOutputs o;
    const std::vector<int64_t> outShape = OutShape();
    DeviceTensor self(self_, dtype_, inLayout_), out(outShape, dtype_, outLayout_);
    std::mt19937_64 rng(seed_);
    o.selfStorage = self.Bytes();
    for (unsigned char &b : o.selfStorage) b = static_cast<unsigned char>(dtype_ == ACL_BOOL ? rng() & 1 : rng());
    aclrtMemcpy(self.device(), o.selfStorage.size(), o.selfStorage.data(), o.selfStorage.size(),
                ACL_MEMCPY_HOST_TO_DEVICE);
    const std::vector<unsigned char> outBefore = out.Bytes();
    std::unique_ptr<aclIntArray, aclnnStatus (*)(const aclIntArray *)> padding(
        aclCreateIntArray(pad_.data(), pad_.size()), aclDestroyIntArray);
    aclOpExecutor *executor = nullptr;
    o.status = Phase1WithThreads(threads_, [&] {
      return Pad2dPhase1(kind_)(self.get(), padding.get(), out.get(), &o.workspaceSize, &executor);
    });
    if (o.status != 0) return o;
    o.status = RunPhase2(Pad2dPhase2(kind_), o.workspaceSize, executor);
    if (o.status != 0) return o;
    o.outStorage = out.Bytes();
    o.expectedStorage = outBefore;
    const size_t size = ElementSize(dtype_), r = self_.size();
    const int64_t h = self_[r - 2], w = self_[r - 1], ho = outShape[r - 2], wo = outShape[r - 1];
    for (int64_t flat = 0; flat < NumelOf(outShape); ++flat) {
      const int64_t ow = flat % wo, oh = (flat / wo) % ho, plane = flat / (wo * ho);
      const int64_t source = (plane * h + PadSource(kind_, oh - pad_[2], h)) * w + PadSource(kind_, ow - pad_[0], w);
      std::memcpy(&o.expectedStorage[static_cast<size_t>(out.OffsetOf(flat)) * size],
                  &o.selfStorage[static_cast<size_t>(self.OffsetOf(source)) * size], size);
    }
    o.selfDense = Dense(self, o.selfStorage);
    o.outDense = Dense(out, o.outStorage);
    return o;
  }

 private:
  static std::vector<unsigned char> Dense(const DeviceTensor &t, const std::vector<unsigned char> &storage) {
    const size_t size = ElementSize(t.dtype());
    std::vector<unsigned char> dense(static_cast<size_t>(t.numel()) * size);
    for (int64_t i = 0; i < t.numel(); ++i) {
      std::memcpy(&dense[static_cast<size_t>(i) * size], &storage[static_cast<size_t>(t.OffsetOf(i)) * size], size);
    }
    return dense;
  }

  PadKind kind_;
  std::vector<int64_t> self_ = {2, 3, 5, 7};
  std::vector<int64_t> pad_ = {2, 3, 1, 4};
  aclDataType dtype_ = ACL_FLOAT;
  Layout inLayout_, outLayout_;
  uint64_t seed_ = 1;
  int threads_ = 0;
};

// Every element of out is the bytes of the input element the map names, and nothing outside the
// view changed.
inline void ExpectBitExact(const PadCopyOutputs &o) {
  ASSERT_EQ(o.status, 0) << aclGetRecentErrMsg();
  ASSERT_EQ(o.outStorage.size(), o.expectedStorage.size());
  for (size_t i = 0; i < o.outStorage.size(); ++i) {
    ASSERT_EQ(o.outStorage[i], o.expectedStorage[i]) << "storage byte " << i << " of " << o.outStorage.size();
  }
}

// Every dtype of the A2 list of each op.
inline std::vector<aclDataType> PadForwardDTypes(PadKind kind) {
  std::vector<aclDataType> types = {ACL_INT8, ACL_UINT8, ACL_INT16,  ACL_INT32,     ACL_INT64,     ACL_FLOAT16,
                                    ACL_BF16, ACL_FLOAT, ACL_DOUBLE, ACL_COMPLEX64, ACL_COMPLEX128};
  if (kind == PadKind::kReflect) types.insert(types.begin(), ACL_BOOL);
  return types;
}

}  // namespace aclcpu_test
