// Test helpers: device tensors (aclrtMalloc + aclTensor) of any dtype and layout, filled from and
// read back into double, so references can run in float64.
#pragma once

#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "base/half.h"

namespace aclcpu_test {

inline int64_t NumelOf(const std::vector<int64_t> &shape) {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  return n;
}

inline size_t ElementSize(aclDataType t) { return aclDataTypeSize(t); }

// The value a double becomes when stored as `t` (what the device would hold).
inline double RoundTo(aclDataType t, double v) {
  switch (t) {
    case ACL_FLOAT16: return aclcpu::F16ToF32(aclcpu::F32ToF16(static_cast<float>(v)));
    case ACL_BF16: return aclcpu::BF16ToF32(aclcpu::F32ToBF16(static_cast<float>(v)));
    case ACL_FLOAT:
    case ACL_COMPLEX64: return static_cast<float>(v);
    default: return v;
  }
}

// Unit roundoff of a floating dtype (half an ulp at 1.0).
inline double Epsilon(aclDataType t) {
  switch (t) {
    case ACL_FLOAT16: return std::ldexp(1.0, -11);
    case ACL_BF16: return std::ldexp(1.0, -8);
    case ACL_FLOAT:
    case ACL_COMPLEX64: return std::ldexp(1.0, -24);
    default: return std::ldexp(1.0, -53);
  }
}

// One ulp of dtype `t` at magnitude `m`.
inline double UlpAt(aclDataType t, double m) {
  const int digits = t == ACL_FLOAT16 ? 11 : t == ACL_BF16 ? 8 : (t == ACL_FLOAT || t == ACL_COMPLEX64) ? 24 : 53;
  const int e = m > 0 ? std::ilogb(m) : (t == ACL_FLOAT16 ? -14 : -126);
  return std::ldexp(1.0, e - digits + 1);
}

// How a tensor's elements are laid out in its storage.
struct Layout {
  std::vector<int> order;    // storage dim order (outermost first); empty = row-major
  std::vector<int64_t> pad;  // extra storage per dim; empty = none
  int64_t offset = 0;        // view offset in elements

  static Layout Dense() { return {}; }
  // Every dim padded by one element and the view shifted: no dim is dense.
  static Layout Padded(size_t rank, int64_t offset = 3) {
    Layout l;
    l.pad.assign(rank, 1);
    l.offset = offset;
    return l;
  }
  // The last two dims swapped in storage (a transposed view).
  static Layout Transposed(size_t rank) {
    Layout l;
    for (size_t i = 0; i < rank; ++i) l.order.push_back(static_cast<int>(i));
    if (rank >= 2) std::swap(l.order[rank - 1], l.order[rank - 2]);
    return l;
  }
};

class DeviceTensor {
 public:
  DeviceTensor() = default;
  DeviceTensor(const std::vector<int64_t> &shape, aclDataType dtype, const Layout &layout = Layout::Dense(),
               aclFormat format = ACL_FORMAT_ND)
      : shape_(shape), dtype_(dtype) {
    const size_t rank = shape.size();
    std::vector<int> order = layout.order;
    if (order.empty()) {
      order.resize(rank);
      std::iota(order.begin(), order.end(), 0);
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
    bytes_ = static_cast<size_t>(storageElems_) * ElementSize(dtype);
    EXPECT_EQ(aclrtMalloc(&device_, std::max<size_t>(bytes_, 1), ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    // A recognisable fill (NaN for floats) so reads of unwritten output elements show up.
    aclrtMemset(device_, std::max<size_t>(bytes_, 1), 0xFF, std::max<size_t>(bytes_, 1));
    const int64_t storageDims[] = {storageElems_};
    tensor_ = aclCreateTensor(shape.data(), rank, dtype, strides_.data(), offset_, format, storageDims, 1, device_);
  }
  ~DeviceTensor() {
    aclDestroyTensor(tensor_);
    if (device_ != nullptr) aclrtFree(device_);
  }
  DeviceTensor(const DeviceTensor &) = delete;
  DeviceTensor &operator=(const DeviceTensor &) = delete;

  aclTensor *get() const { return tensor_; }
  const std::vector<int64_t> &shape() const { return shape_; }
  aclDataType dtype() const { return dtype_; }
  int64_t numel() const { return NumelOf(shape_); }
  // Scalars per element: 2 for complex dtypes (real, imaginary), else 1. Fill/Read use numel x components values.
  int components() const { return dtype_ == ACL_COMPLEX64 || dtype_ == ACL_COMPLEX128 ? 2 : 1; }
  void *device() const { return device_; }

  // Storage element offset of the element with row-major index `flat`.
  int64_t OffsetOf(int64_t flat) const {
    int64_t off = offset_;
    for (size_t d = shape_.size(); d-- > 0;) {
      off += (flat % shape_[d]) * strides_[d];
      flat /= shape_[d];
    }
    return off;
  }

  // Writes values (rounded to the dtype) through the view.
  void Fill(const std::vector<double> &values) {
    std::vector<unsigned char> host(bytes_);
    aclrtMemcpy(host.data(), bytes_, device_, bytes_, ACL_MEMCPY_DEVICE_TO_HOST);
    const int k = components();
    for (int64_t i = 0; i < numel(); ++i) {
      for (int c = 0; c < k; ++c) Put(host.data(), OffsetOf(i), c, values[static_cast<size_t>(i * k + c)]);
    }
    aclrtMemcpy(device_, bytes_, host.data(), bytes_, ACL_MEMCPY_HOST_TO_DEVICE);
  }

  std::vector<double> Read() const {
    std::vector<unsigned char> host(bytes_);
    aclrtMemcpy(host.data(), bytes_, device_, bytes_, ACL_MEMCPY_DEVICE_TO_HOST);
    const int k = components();
    std::vector<double> out(static_cast<size_t>(numel() * k));
    for (int64_t i = 0; i < numel(); ++i) {
      for (int c = 0; c < k; ++c) out[static_cast<size_t>(i * k + c)] = Get(host.data(), OffsetOf(i), c);
    }
    return out;
  }

  // The raw storage bytes (for bit-exact comparisons).
  std::vector<unsigned char> Bytes() const {
    std::vector<unsigned char> host(bytes_);
    aclrtMemcpy(host.data(), bytes_, device_, bytes_, ACL_MEMCPY_DEVICE_TO_HOST);
    return host;
  }

 private:
  void Put(unsigned char *host, int64_t off, int component, double v) const {
    const auto scalar = static_cast<int64_t>(ElementSize(dtype_)) / components();
    unsigned char *p = host + off * static_cast<int64_t>(ElementSize(dtype_)) + component * scalar;
    switch (dtype_) {
      case ACL_FLOAT16: {
        const uint16_t h = aclcpu::F32ToF16(static_cast<float>(v));
        std::memcpy(p, &h, 2);
        break;
      }
      case ACL_BF16: {
        const uint16_t h = aclcpu::F32ToBF16(static_cast<float>(v));
        std::memcpy(p, &h, 2);
        break;
      }
      case ACL_DOUBLE:
      case ACL_COMPLEX128: std::memcpy(p, &v, 8); break;
      default: {
        const auto f = static_cast<float>(v);
        std::memcpy(p, &f, 4);
        break;
      }
    }
  }
  double Get(const unsigned char *host, int64_t off, int component) const {
    const auto scalar = static_cast<int64_t>(ElementSize(dtype_)) / components();
    const unsigned char *p = host + off * static_cast<int64_t>(ElementSize(dtype_)) + component * scalar;
    uint16_t h;
    switch (dtype_) {
      case ACL_FLOAT16: std::memcpy(&h, p, 2); return aclcpu::F16ToF32(h);
      case ACL_BF16: std::memcpy(&h, p, 2); return aclcpu::BF16ToF32(h);
      case ACL_DOUBLE:
      case ACL_COMPLEX128: {
        double d;
        std::memcpy(&d, p, 8);
        return d;
      }
      default: {
        float f;
        std::memcpy(&f, p, 4);
        return f;
      }
    }
  }

  std::vector<int64_t> shape_, strides_;
  int64_t offset_ = 0, storageElems_ = 0;
  aclDataType dtype_ = ACL_FLOAT;
  size_t bytes_ = 0;
  void *device_ = nullptr;
  aclTensor *tensor_ = nullptr;
};

// std::uniform_real_distribution<double>(lo, hi) over std::mt19937_64, value for value, without its cost: libstdc++
// computes log2 of the engine's range with two long-double logarithms on every draw, which Clang does not fold
// (a fifth of some numeric tests' time under ASan). One 64-bit draw scaled by 2^-64, kept below 1, then
// stretched to [lo, hi): the same arithmetic in the same order, so every test keeps its values.
class UniformReal {
 public:
  UniformReal(double lo, double hi) : lo_(lo), width_(hi - lo) {}
  double operator()(std::mt19937_64 &rng) const {
    double unit = static_cast<double>(rng()) / 18446744073709551616.0;
    if (unit >= 1.0) unit = std::nextafter(1.0, 0.0);
    return unit * width_ + lo_;
  }

 private:
  double lo_, width_;
};

inline std::vector<double> RandomValues(std::mt19937_64 &rng, int64_t n, double lo, double hi) {
  const UniformReal dist(lo, hi);
  std::vector<double> v(static_cast<size_t>(n));
  for (double &x : v) x = dist(rng);
  return v;
}

inline const char *DTypeLabel(aclDataType t) {
  switch (t) {
    case ACL_FLOAT16: return "f16";
    case ACL_BF16: return "bf16";
    case ACL_FLOAT: return "f32";
    case ACL_DOUBLE: return "f64";
    case ACL_COMPLEX64: return "c64";
    case ACL_COMPLEX128: return "c128";
    case ACL_BOOL: return "bool";
    case ACL_INT8: return "i8";
    case ACL_UINT8: return "u8";
    case ACL_INT16: return "i16";
    case ACL_INT32: return "i32";
    case ACL_INT64: return "i64";
    default: return "other";
  }
}

// Max |a - b| over two equally long vectors.
inline double MaxAbsDiff(const std::vector<double> &a, const std::vector<double> &b) {
  double m = 0;
  for (size_t i = 0; i < a.size(); ++i) m = std::max(m, std::fabs(a[i] - b[i]));
  return m;
}

// Max |a - b| over the entries where the reference is finite.
inline double FiniteMaxDiff(const std::vector<double> &a, const std::vector<double> &ref) {
  double m = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    if (std::isfinite(ref[i])) m = std::max(m, std::fabs(a[i] - ref[i]));
  }
  return m;
}

inline double MaxAbs(const std::vector<double> &a) {
  double m = 0;
  for (double v : a) m = std::max(m, std::fabs(v));
  return m;
}

// n values: each +inf, -inf or NaN with probability `special` / 3, else of magnitude in [1/8, 1] (never 0, so
// an infinity meets no zero factor the test did not place).
inline std::vector<double> ValuesWithSpecials(std::mt19937_64 &rng, int64_t n, double special) {
  const UniformReal unit(0, 1), value(0.125, 1);
  std::vector<double> v(static_cast<size_t>(n));
  for (double &x : v) {
    const double u = unit(rng);
    if (u < special / 3)
      x = HUGE_VAL;
    else if (u < 2 * special / 3)
      x = -HUGE_VAL;
    else if (u < special)
      x = std::nan("");
    else
      x = unit(rng) < 0.5 ? -value(rng) : value(rng);
  }
  return v;
}

// The largest finite |v| (infinities and NaN left out): the scale of the finite part of a result.
inline double MaxFiniteAbs(const std::vector<double> &a) {
  double m = 0;
  for (double v : a)
    if (std::isfinite(v)) m = std::max(m, std::fabs(v));
  return m;
}

// `got` against a reference value: NaN for NaN and an infinity of the same sign exactly, else within `tol`.
inline ::testing::AssertionResult SpecialExactOrNear(double got, double ref, double tol) {
  if (std::isnan(ref) ? std::isnan(got) : std::isinf(ref) ? got == ref : std::fabs(got - ref) <= tol)
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "got " << got << ", expected " << ref << " (tolerance " << tol << ")";
}

// The rule of the PyTorch parity tests: our max error against the float64 reference is at most
// PyTorch's plus one ulp of the output dtype at the reference's largest magnitude.
inline ::testing::AssertionResult NoWorseThanTorch(const std::vector<double> &ours, const std::vector<double> &torch,
                                                   const std::vector<double> &ref, aclDataType t) {
  const double errOurs = MaxAbsDiff(ours, ref), errTorch = MaxAbsDiff(torch, ref), ulp = UlpAt(t, MaxAbs(ref));
  if (errOurs <= errTorch + ulp) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "our max error " << errOurs << " > PyTorch's " << errTorch << " + 1 ulp "
                                       << ulp;
}

// Runs phase 1 with `threads` OpenMP threads (0 = as configured), restoring the setting afterwards:
// a plan takes its thread count at phase 1.
template <class Phase1>
aclnnStatus Phase1WithThreads(int threads, Phase1 phase1) {
  const int saved = omp_get_max_threads();
  if (threads > 0) omp_set_num_threads(threads);
  const aclnnStatus status = phase1();
  omp_set_num_threads(saved);
  return status;
}

// Runs phase 2 of an operator as a CANN program does: a workspace of the size phase 1 reported, a
// fresh stream, then synchronize. Returns phase 2's status; a failed synchronize fails the test.
using Phase2Fn = aclnnStatus (*)(void *, uint64_t, aclOpExecutor *, aclrtStream);
inline aclnnStatus RunPhase2(Phase2Fn phase2, uint64_t workspaceSize, aclOpExecutor *executor) {
  void *workspace = nullptr;
  if (workspaceSize > 0) {
    EXPECT_EQ(aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  }
  aclrtStream stream = nullptr;
  aclrtCreateStream(&stream);
  const aclnnStatus status = phase2(workspace, workspaceSize, executor, stream);
  EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS);
  aclrtDestroyStream(stream);
  if (workspace != nullptr) aclrtFree(workspace);
  return status;
}

// Fails unless aclGetRecentErrMsg holds a message that mentions `needle`.
inline void ExpectErrorMessage(const std::string &needle) {
  const char *msg = aclGetRecentErrMsg();
  ASSERT_NE(msg, nullptr);
  EXPECT_NE(std::string(msg).find(needle), std::string::npos) << "message: " << msg;
}

}  // namespace aclcpu_test
