// Test plumbing for the arithmetic family: the 16 functions behind one enum, device tensors and scalars of
// every dtype (values as Num, exact), and a runner that executes one problem (any shapes, layouts,
// in-place or not) through both phases and computes the expected elements with arith_reference.h.
#pragma once

#include <cstring>
#include <memory>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "aclnnop/aclnn_add.h"
#include "aclnnop/aclnn_div.h"
#include "aclnnop/aclnn_mul.h"
#include "aclnnop/aclnn_sub.h"
#include "common/test_tensor.h"
#include "math/arith_reference.h"

namespace aclcpu_test {

enum class ArithFn {
  kAdd,
  kInplaceAdd,
  kAdds,
  kInplaceAdds,
  kSub,
  kInplaceSub,
  kSubs,
  kInplaceSubs,
  kMul,
  kInplaceMul,
  kMuls,
  kInplaceMuls,
  kDiv,
  kInplaceDiv,
  kDivs,
  kInplaceDivs,
};
constexpr ArithFn kAllArithFns[] = {
    ArithFn::kAdd,  ArithFn::kInplaceAdd,  ArithFn::kAdds, ArithFn::kInplaceAdds, ArithFn::kSub,  ArithFn::kInplaceSub,
    ArithFn::kSubs, ArithFn::kInplaceSubs, ArithFn::kMul,  ArithFn::kInplaceMul,  ArithFn::kMuls, ArithFn::kInplaceMuls,
    ArithFn::kDiv,  ArithFn::kInplaceDiv,  ArithFn::kDivs, ArithFn::kInplaceDivs,
};

inline ArithKind KindOf(ArithFn f) { return static_cast<ArithKind>(static_cast<int>(f) / 4); }
inline bool IsInplace(ArithFn f) { return static_cast<int>(f) % 2 == 1; }
inline bool HasScalarOther(ArithFn f) { return static_cast<int>(f) % 4 >= 2; }
inline bool HasAlpha(ArithFn f) { return KindOf(f) == ArithKind::kAdd || KindOf(f) == ArithKind::kSub; }

inline const char *FnName(ArithFn f) {
  static const char *const names[] = {"Add",  "InplaceAdd",  "Adds", "InplaceAdds", "Sub",  "InplaceSub",
                                      "Subs", "InplaceSubs", "Mul",  "InplaceMul",  "Muls", "InplaceMuls",
                                      "Div",  "InplaceDiv",  "Divs", "InplaceDivs"};
  return names[static_cast<int>(f)];
}

inline Phase2Fn Phase2Of(ArithFn f) {
  static const Phase2Fn fns[] = {aclnnAdd,  aclnnInplaceAdd,  aclnnAdds, aclnnInplaceAdds, aclnnSub,  aclnnInplaceSub,
                                 aclnnSubs, aclnnInplaceSubs, aclnnMul,  aclnnInplaceMul,  aclnnMuls, aclnnInplaceMuls,
                                 aclnnDiv,  aclnnInplaceDiv,  aclnnDivs, aclnnInplaceDivs};
  return fns[static_cast<int>(f)];
}

// Phase 1 of any of the 16 functions: `other` or `otherScalar` by the function's kind, `alpha` only for
// Add/Sub, `out` ignored by the in-place forms (selfRef = self).
inline aclnnStatus ArithPhase1(ArithFn f, aclTensor *self, aclTensor *other, aclScalar *otherScalar, aclScalar *alpha,
                               aclTensor *out, uint64_t *ws, aclOpExecutor **exec) {
  switch (f) {
    case ArithFn::kAdd: return aclnnAddGetWorkspaceSize(self, other, alpha, out, ws, exec);
    case ArithFn::kInplaceAdd: return aclnnInplaceAddGetWorkspaceSize(self, other, alpha, ws, exec);
    case ArithFn::kAdds: return aclnnAddsGetWorkspaceSize(self, otherScalar, alpha, out, ws, exec);
    case ArithFn::kInplaceAdds: return aclnnInplaceAddsGetWorkspaceSize(self, otherScalar, alpha, ws, exec);
    case ArithFn::kSub: return aclnnSubGetWorkspaceSize(self, other, alpha, out, ws, exec);
    case ArithFn::kInplaceSub: return aclnnInplaceSubGetWorkspaceSize(self, other, alpha, ws, exec);
    case ArithFn::kSubs: return aclnnSubsGetWorkspaceSize(self, otherScalar, alpha, out, ws, exec);
    case ArithFn::kInplaceSubs: return aclnnInplaceSubsGetWorkspaceSize(self, otherScalar, alpha, ws, exec);
    case ArithFn::kMul: return aclnnMulGetWorkspaceSize(self, other, out, ws, exec);
    case ArithFn::kInplaceMul: return aclnnInplaceMulGetWorkspaceSize(self, other, ws, exec);
    case ArithFn::kMuls: return aclnnMulsGetWorkspaceSize(self, otherScalar, out, ws, exec);
    case ArithFn::kInplaceMuls: return aclnnInplaceMulsGetWorkspaceSize(self, otherScalar, ws, exec);
    case ArithFn::kDiv: return aclnnDivGetWorkspaceSize(self, other, out, ws, exec);
    case ArithFn::kInplaceDiv: return aclnnInplaceDivGetWorkspaceSize(self, other, ws, exec);
    case ArithFn::kDivs: return aclnnDivsGetWorkspaceSize(self, otherScalar, out, ws, exec);
    case ArithFn::kInplaceDivs: return aclnnInplaceDivsGetWorkspaceSize(self, otherScalar, ws, exec);
  }
  return -1;
}

// ---- elements in storage -----------------------------------------------------------------------------

// Writes v (converted to t by ConvertRef first) as one element of dtype t.
inline void PutElement(aclDataType t, void *p, const Num &value) {
  const Num v = ConvertRef(value, t);
  const auto put = [p](auto x) { std::memcpy(p, &x, sizeof x); };
  switch (t) {
    case ACL_FLOAT: put(static_cast<float>(v.z.real())); break;
    case ACL_FLOAT16: put(aclcpu::F32ToF16(static_cast<float>(v.z.real()))); break;
    case ACL_BF16: put(aclcpu::F32ToBF16(static_cast<float>(v.z.real()))); break;
    case ACL_DOUBLE: put(v.z.real()); break;
    case ACL_COMPLEX64: put(std::complex<float>(static_cast<float>(v.z.real()), static_cast<float>(v.z.imag()))); break;
    case ACL_COMPLEX128: put(v.z); break;
    case ACL_BOOL: put(static_cast<uint8_t>(v.i)); break;
    case ACL_INT8: put(static_cast<int8_t>(v.i)); break;
    case ACL_UINT8: put(static_cast<uint8_t>(v.i)); break;
    case ACL_INT16: put(static_cast<int16_t>(v.i)); break;
    case ACL_UINT16: put(static_cast<uint16_t>(v.i)); break;
    case ACL_INT32: put(static_cast<int32_t>(v.i)); break;
    case ACL_UINT32: put(static_cast<uint32_t>(v.i)); break;
    default: put(v.i); break;  // INT64, UINT64 (bits)
  }
}

inline Num GetElement(aclDataType t, const void *p) {
  const auto get = [p](auto x) {
    std::memcpy(&x, p, sizeof x);
    return x;
  };
  switch (t) {
    case ACL_FLOAT: return Num::F(get(float{}));
    case ACL_FLOAT16: return Num::F(aclcpu::F16ToF32(get(uint16_t{})));
    case ACL_BF16: return Num::F(aclcpu::BF16ToF32(get(uint16_t{})));
    case ACL_DOUBLE: return Num::F(get(double{}));
    case ACL_COMPLEX64: {
      const auto z = get(std::complex<float>{});
      return Num::F(z.real(), z.imag());
    }
    case ACL_COMPLEX128: {
      const auto z = get(std::complex<double>{});
      return Num::F(z.real(), z.imag());
    }
    case ACL_BOOL: return Num::I(get(uint8_t{}));
    case ACL_INT8: return Num::I(get(int8_t{}));
    case ACL_UINT8: return Num::I(get(uint8_t{}));
    case ACL_INT16: return Num::I(get(int16_t{}));
    case ACL_UINT16: return Num::I(get(uint16_t{}));
    case ACL_INT32: return Num::I(get(int32_t{}));
    case ACL_UINT32: return Num::I(get(uint32_t{}));
    default: return Num::I(get(int64_t{}));
  }
}

// An aclScalar of dtype t holding v (converted to t).
using ScalarPtr = std::unique_ptr<aclScalar, aclnnStatus (*)(const aclScalar *)>;
inline ScalarPtr MakeScalar(aclDataType t, const Num &v) {
  alignas(16) unsigned char bytes[16] = {};
  PutElement(t, bytes, v);
  return ScalarPtr(aclCreateScalar(bytes, t), aclDestroyScalar);
}

// A device tensor of any dtype and layout (test_tensor.h's Layout), filled with 0xFF bytes first.
class AnyTensor {
 public:
  AnyTensor(const std::vector<int64_t> &shape, aclDataType dtype, const Layout &layout = Layout::Dense(),
            aclFormat format = ACL_FORMAT_ND)
      : shape_(shape), dtype_(dtype) {
    const size_t rank = shape.size();
    std::vector<int> order = layout.order;
    if (order.empty()) {
      order.resize(rank);
      for (size_t i = 0; i < rank; ++i) order[i] = static_cast<int>(i);
    }
    strides_.assign(rank, 0);
    int64_t running = 1;
    for (size_t i = rank; i-- > 0;) {
      const int d = order[i];
      strides_[d] = running;
      running *= std::max<int64_t>(shape[d], 1) + (layout.pad.empty() ? 0 : layout.pad[d]);
    }
    offset_ = layout.offset;
    storageElems_ = running + offset_;
    bytes_ = static_cast<size_t>(storageElems_) * aclDataTypeSize(dtype);
    EXPECT_EQ(aclrtMalloc(&device_, std::max<size_t>(bytes_, 1), ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    aclrtMemset(device_, std::max<size_t>(bytes_, 1), 0xFF, std::max<size_t>(bytes_, 1));
    const int64_t storageDims[] = {storageElems_};
    tensor_ = aclCreateTensor(shape.data(), rank, dtype, strides_.data(), offset_, format, storageDims, 1, device_);
  }
  ~AnyTensor() {
    aclDestroyTensor(tensor_);
    if (device_ != nullptr) aclrtFree(device_);
  }
  AnyTensor(const AnyTensor &) = delete;
  AnyTensor &operator=(const AnyTensor &) = delete;

  aclTensor *get() const { return tensor_; }
  aclDataType dtype() const { return dtype_; }
  const std::vector<int64_t> &shape() const { return shape_; }
  int64_t numel() const { return NumelOf(shape_); }

  int64_t OffsetOf(int64_t flat) const {
    int64_t off = offset_;
    for (size_t d = shape_.size(); d-- > 0;) {
      off += (flat % shape_[d]) * strides_[d];
      flat /= shape_[d];
    }
    return off;
  }

  void Fill(const std::vector<Num> &values) {
    std::vector<unsigned char> host = Bytes();
    const size_t es = aclDataTypeSize(dtype_);
    for (int64_t i = 0; i < numel(); ++i)
      PutElement(dtype_, host.data() + OffsetOf(i) * es, values[static_cast<size_t>(i)]);
    aclrtMemcpy(device_, bytes_, host.data(), bytes_, ACL_MEMCPY_HOST_TO_DEVICE);
  }

  std::vector<Num> Read() const {
    const std::vector<unsigned char> host = Bytes();
    const size_t es = aclDataTypeSize(dtype_);
    std::vector<Num> out(static_cast<size_t>(numel()));
    for (int64_t i = 0; i < numel(); ++i)
      out[static_cast<size_t>(i)] = GetElement(dtype_, host.data() + OffsetOf(i) * es);
    return out;
  }

  // Writes the storage's bytes as given (the inverse of Bytes).
  void SetBytes(const std::vector<unsigned char> &host) {
    ASSERT_EQ(host.size(), bytes_);
    aclrtMemcpy(device_, bytes_, host.data(), bytes_, ACL_MEMCPY_HOST_TO_DEVICE);
  }

  std::vector<unsigned char> Bytes() const {
    std::vector<unsigned char> host(bytes_);
    if (bytes_ > 0) aclrtMemcpy(host.data(), bytes_, device_, bytes_, ACL_MEMCPY_DEVICE_TO_HOST);
    return host;
  }

  // Storage bytes that no element of the view covers, each still 0xFF (true when nothing was written there).
  bool GapsUntouched() const {
    const std::vector<unsigned char> host = Bytes();
    std::vector<bool> covered(static_cast<size_t>(storageElems_), false);
    for (int64_t i = 0; i < numel(); ++i) covered[static_cast<size_t>(OffsetOf(i))] = true;
    const size_t es = aclDataTypeSize(dtype_);
    for (size_t e = 0; e < covered.size(); ++e) {
      if (covered[e]) continue;
      for (size_t b = 0; b < es; ++b)
        if (host[e * es + b] != 0xFF) return false;
    }
    return true;
  }

 private:
  std::vector<int64_t> shape_, strides_;
  int64_t offset_ = 0, storageElems_ = 0;
  aclDataType dtype_;
  size_t bytes_ = 0;
  void *device_ = nullptr;
  aclTensor *tensor_ = nullptr;
};

// ---- one problem, end to end -------------------------------------------------------------------------

// The broadcast of two shapes (the caller knows they broadcast).
inline std::vector<int64_t> BroadcastOf(const std::vector<int64_t> &a, const std::vector<int64_t> &b) {
  const size_t rank = std::max(a.size(), b.size());
  std::vector<int64_t> r(rank);
  for (size_t i = 0; i < rank; ++i) {
    const int64_t da = i < a.size() ? a[a.size() - 1 - i] : 1, db = i < b.size() ? b[b.size() - 1 - i] : 1;
    r[rank - 1 - i] = da == 1 ? db : da;
  }
  return r;
}

// Row-major index into `shape` of the element that output element `flat` (of `outShape`) reads.
inline int64_t SourceIndex(const std::vector<int64_t> &shape, const std::vector<int64_t> &outShape, int64_t flat) {
  int64_t index = 0, scale = 1;
  for (size_t i = 0; i < outShape.size(); ++i) {  // i counts from the last dim
    const int64_t extent = outShape[outShape.size() - 1 - i], coord = flat % extent;
    flat /= extent;
    if (i >= shape.size()) continue;
    const int64_t d = shape[shape.size() - 1 - i];
    if (d != 1) index += coord * scale;
    scale *= d;
  }
  return index;
}

struct ArithProblem {
  ArithFn fn = ArithFn::kAdd;
  aclDataType selfType = ACL_FLOAT, otherType = ACL_FLOAT, outType = ACL_FLOAT;  // otherType: tensor or scalar
  std::vector<int64_t> selfShape, otherShape;                                    // otherShape unused for scalar forms
  Layout selfLayout, otherLayout, outLayout;
  std::vector<Num> selfValues, otherValues;  // otherValues[0] is the scalar of the scalar forms
  aclDataType alphaType = ACL_FLOAT;
  Num alpha = Num::F(1);
  int threads = 0;  // 0 = as configured

  std::vector<int64_t> OutShape() const {
    return HasScalarOther(fn) || IsInplace(fn) ? selfShape : BroadcastOf(selfShape, otherShape);
  }
  aclDataType ResultType() const { return IsInplace(fn) ? selfType : outType; }
  bool AlphaIsOne() const {
    const double a = ConvertRef(ConvertRef(alpha, alphaType), ACL_FLOAT).Real();
    return !(a > 1 || a < 1);
  }
  // The dtype the vendor computes in (before the cast to out). Sub (tensor) with alpha != 1 and a FLOAT16 or
  // BF16 promotion computes in FLOAT (math/sub/op_api/aclnn_sub.cpp).
  aclDataType Promoted() const {
    const aclDataType out = ResultType();
    if (!HasScalarOther(fn)) {
      const aclDataType p = PromoteRef(selfType, otherType);
      if (KindOf(fn) == ArithKind::kSub && !AlphaIsOne() && (p == ACL_FLOAT16 || p == ACL_BF16)) return ACL_FLOAT;
      return p;
    }
    switch (KindOf(fn)) {
      case ArithKind::kMul: return PromoteMulsRef(selfType, otherType, out);
      case ArithKind::kDiv: return PromoteDivsRef(selfType, otherType);
      default: return PromoteAddsRef(selfType, otherType, out);
    }
  }
  // The dtype the vendor's kernel writes when it is not the promoted one: Muls of a BF16 tensor by a DOUBLE
  // scalar runs the dedicated Muls kernel (scalar as a float), whose output is BF16.
  aclDataType KernelOut() const {
    if (KindOf(fn) == ArithKind::kMul && HasScalarOther(fn) && selfType == ACL_BF16 && otherType == ACL_DOUBLE)
      return ACL_BF16;
    return ACL_DT_UNDEFINED;
  }
  std::vector<Num> Expected() const {
    const std::vector<int64_t> outShape = OutShape();
    const aclDataType p = Promoted();
    const AlphaRef alphaRef = HasAlpha(fn) ? AlphaFor(KindOf(fn), p, alpha, alphaType) : AlphaRef{Num::I(1), true};
    std::vector<Num> r(static_cast<size_t>(NumelOf(outShape)));
    for (int64_t i = 0; i < NumelOf(outShape); ++i) {
      const Num a = ConvertRef(selfValues[static_cast<size_t>(SourceIndex(selfShape, outShape, i))], selfType);
      const Num b = HasScalarOther(fn)
                        ? ConvertRef(otherValues[0], otherType)
                        : ConvertRef(otherValues[static_cast<size_t>(SourceIndex(otherShape, outShape, i))], otherType);
      Num v = ArithInPromoted(KindOf(fn), ConvertRef(a, p), ConvertRef(b, p), alphaRef, p);
      if (KernelOut() != ACL_DT_UNDEFINED) v = ConvertRef(v, KernelOut());
      r[static_cast<size_t>(i)] = ConvertRef(v, ResultType());
    }
    return r;
  }
};

struct ArithOutcome {
  aclnnStatus status = -1, phase2 = -1;
  uint64_t workspaceSize = 0;
  std::vector<Num> got, expected;
  bool gapsUntouched = true;
};

inline ArithOutcome RunArith(const ArithProblem &p) {
  ArithOutcome o;
  AnyTensor self(p.selfShape, p.selfType, p.selfLayout);
  self.Fill(p.selfValues);
  std::unique_ptr<AnyTensor> other, out;
  ScalarPtr scalar(nullptr, aclDestroyScalar);
  if (HasScalarOther(p.fn)) {
    scalar = MakeScalar(p.otherType, p.otherValues[0]);
  } else {
    other = std::make_unique<AnyTensor>(p.otherShape, p.otherType, p.otherLayout);
    other->Fill(p.otherValues);
  }
  if (!IsInplace(p.fn)) out = std::make_unique<AnyTensor>(p.OutShape(), p.outType, p.outLayout);
  ScalarPtr alpha = MakeScalar(p.alphaType, p.alpha);
  aclOpExecutor *exec = nullptr;
  o.status = Phase1WithThreads(p.threads, [&] {
    return ArithPhase1(p.fn, self.get(), other ? other->get() : nullptr, scalar.get(), alpha.get(),
                       out ? out->get() : nullptr, &o.workspaceSize, &exec);
  });
  if (o.status != ACLNN_SUCCESS) return o;
  o.phase2 = RunPhase2(Phase2Of(p.fn), o.workspaceSize, exec);
  const AnyTensor &result = out ? *out : self;
  o.got = result.Read();
  o.gapsUntouched = result.GapsUntouched();
  o.expected = p.Expected();
  return o;
}

// Every element bit-equal to the reference (NaN for NaN, signed zeros), else the first mismatches.
inline ::testing::AssertionResult AllSame(const ArithOutcome &o) {
  if (o.status != ACLNN_SUCCESS) return ::testing::AssertionFailure() << "phase 1 status " << o.status;
  if (o.phase2 != ACLNN_SUCCESS) return ::testing::AssertionFailure() << "phase 2 status " << o.phase2;
  if (o.got.size() != o.expected.size()) return ::testing::AssertionFailure() << "size mismatch";
  if (!o.gapsUntouched) return ::testing::AssertionFailure() << "bytes outside the output view were written";
  int bad = 0;
  ::testing::AssertionResult r = ::testing::AssertionFailure();
  for (size_t i = 0; i < o.got.size(); ++i) {
    if (SameValue(o.got[i], o.expected[i])) continue;
    if (bad++ < 4)
      r << "element " << i << ": got " << ToString(o.got[i]) << ", expected " << ToString(o.expected[i]) << "; ";
  }
  if (bad == 0) return ::testing::AssertionSuccess();
  return r << bad << " of " << o.got.size() << " differ";
}

}  // namespace aclcpu_test
