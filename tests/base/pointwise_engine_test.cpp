// The pointwise engine (src/base/pointwise/) driven directly, with kernels written here: the plan
// (broadcast, size-1 dims dropped, dims merged, blocks, workspace), strided and offset operands, 0-d and
// empty problems, an output aliasing an input, every load and store path between the 15 storage dtypes and
// the 5 compute types against the conversion rules of element_convert.h (modelled in math/arith_reference.h),
// and 1 vs 2 threads bit for bit.
#include <gtest/gtest.h>
#include <omp.h>

#include <cstring>
#include <random>
#include <vector>

#include "aclnnop/aclnn_zero.h"
#include "base/half.h"
#include "base/pointwise/pointwise.h"
#include "math/arith_tester.h"

namespace aclcpu_test::pointwise_engine_test {
namespace {

using aclcpu::c128;
using aclcpu::c64;
using aclcpu::ComputeType;
using aclcpu::DType;
using aclcpu::PointwiseInput;
using aclcpu::PointwiseParams;
using aclcpu::PointwisePlan;
using aclcpu::TensorView;

struct DTypePair {
  DType dtype;
  aclDataType acl;
};
const DTypePair kAllDTypes[] = {
    {DType::kF32, ACL_FLOAT},     {DType::kF16, ACL_FLOAT16},     {DType::kBF16, ACL_BF16},  {DType::kF64, ACL_DOUBLE},
    {DType::kC64, ACL_COMPLEX64}, {DType::kC128, ACL_COMPLEX128}, {DType::kBool, ACL_BOOL},  {DType::kI8, ACL_INT8},
    {DType::kU8, ACL_UINT8},      {DType::kI16, ACL_INT16},       {DType::kI32, ACL_INT32},  {DType::kI64, ACL_INT64},
    {DType::kU16, ACL_UINT16},    {DType::kU32, ACL_UINT32},      {DType::kU64, ACL_UINT64},
};
const ComputeType kAllCompute[] = {ComputeType::kF32, ComputeType::kF64, ComputeType::kI64, ComputeType::kC64,
                                   ComputeType::kC128};

const char *ComputeName(ComputeType c) {
  switch (c) {
    case ComputeType::kF32: return "f32";
    case ComputeType::kF64: return "f64";
    case ComputeType::kI64: return "i64";
    case ComputeType::kC64: return "c64";
    default: return "c128";
  }
}

// A compute value as the dtype that stores it exactly (int64, float, double, complex64, complex128).
aclDataType ComputeAcl(ComputeType c) {
  switch (c) {
    case ComputeType::kF32: return ACL_FLOAT;
    case ComputeType::kF64: return ACL_DOUBLE;
    case ComputeType::kI64: return ACL_INT64;
    case ComputeType::kC64: return ACL_COMPLEX64;
    default: return ACL_COMPLEX128;
  }
}

TensorView View(DType t, std::vector<int64_t> dims, std::vector<int64_t> strides = {}, int64_t offset = 0) {
  TensorView v;
  v.dtype = t;
  v.rank = static_cast<int>(dims.size());
  if (strides.empty()) {
    strides.assign(dims.size(), 1);
    for (int d = v.rank - 2; d >= 0; --d) strides[d] = strides[d + 1] * dims[d + 1];
  }
  for (int d = 0; d < v.rank; ++d) {
    v.dims[d] = dims[d];
    v.strides[d] = strides[d];
  }
  v.offset = offset;
  return v;
}

// A host buffer holding `elements` elements of a dtype, filled with 0xFF bytes (unwritten elements show).
struct Buffer {
  aclDataType type;
  std::vector<unsigned char> bytes;
  Buffer(aclDataType t, int64_t elements) : type(t), bytes(static_cast<size_t>(elements) * aclDataTypeSize(t), 0xFF) {}
  void *data() { return bytes.data(); }
  void Put(int64_t i, const Num &v) { PutElement(type, bytes.data() + i * aclDataTypeSize(type), v); }
  Num Get(int64_t i) const { return GetElement(type, bytes.data() + i * aclDataTypeSize(type)); }
};

// out = a + 2 b in compute type C (integers in two's complement).
template <class C>
void APlusTwoB(int64_t n, const void *const *in, void *out, const PointwiseParams &) {
  const C *a = static_cast<const C *>(in[0]), *b = static_cast<const C *>(in[1]);
  C *o = static_cast<C *>(out);
  for (int64_t k = 0; k < n; ++k) {
    if constexpr (std::is_same_v<C, int64_t>) {
      o[k] = static_cast<int64_t>(static_cast<uint64_t>(a[k]) + 2 * static_cast<uint64_t>(b[k]));
    } else {
      o[k] = a[k] + C(2) * b[k];
    }
  }
}
aclcpu::PointwiseKernel KernelFor(ComputeType c) {
  switch (c) {
    case ComputeType::kF32: return APlusTwoB<float>;
    case ComputeType::kF64: return APlusTwoB<double>;
    case ComputeType::kI64: return APlusTwoB<int64_t>;
    case ComputeType::kC64: return APlusTwoB<c64>;
    default: return APlusTwoB<c128>;
  }
}
// The same in the model: a and b are compute values (Num of ComputeAcl(c)).
Num APlusTwoBRef(ComputeType c, const Num &a, const Num &b) {
  switch (c) {
    case ComputeType::kF32:
      return Num::F(static_cast<float>(static_cast<float>(a.Real()) + 2.0f * static_cast<float>(b.Real())));
    case ComputeType::kF64: return Num::F(a.Real() + 2.0 * b.Real());
    case ComputeType::kI64:
      return Num::I(static_cast<int64_t>(static_cast<uint64_t>(a.i) + 2 * static_cast<uint64_t>(b.i)));
    case ComputeType::kC64: {
      const c64 r = c64(static_cast<float>(a.z.real()), static_cast<float>(a.z.imag())) +
                    c64(2) * c64(static_cast<float>(b.z.real()), static_cast<float>(b.z.imag()));
      return Num::F(r.real(), r.imag());
    }
    default: {
      const c128 r = a.z + c128(2) * b.z;
      return Num::F(r.real(), r.imag());
    }
  }
}

// Runs a plan with its workspace.
void RunPlan(const PointwisePlan &plan, const std::vector<const void *> &inputs, void *out) {
  std::vector<unsigned char> workspace(plan.workspaceBytes + 64);
  aclcpu::RunPointwise(plan, inputs.data(), out, plan.workspaceBytes > 0 ? workspace.data() : nullptr);
}

PointwisePlan PlanTwo(ComputeType c, const TensorView &a, const TensorView &b, const TensorView &out) {
  const PointwiseInput in[2] = {PointwiseInput::Tensor(a), PointwiseInput::Tensor(b)};
  return aclcpu::PlanPointwise(KernelFor(c), PointwiseParams{}, c, c, in, 2, out);
}

// The element of a strided view at row-major index `flat`.
int64_t At(const TensorView &v, int64_t flat) { return v.OffsetOf(flat); }

// ---- the model of each load and store ------------------------------------------------------------------

// An unsigned 64-bit value rounded once to a format.
double RoundU64ToFormat(uint64_t m, FloatFormat f) {
  if (m <= static_cast<uint64_t>(INT64_MAX)) return RoundIntToFormat(static_cast<int64_t>(m), f);
  // halve exactly (keeping a sticky bit), then scale back: one rounding at 53 bits or fewer
  const uint64_t half = (m >> 1) | (m & 1);
  return 2 * RoundIntToFormat(static_cast<int64_t>(half), f);
}

// A storage element (its natural value) loaded as compute type c: the documented rules. `u64` marks a UINT64
// element (its Num holds the bits).
Num LoadRef(const Num &v, bool u64, ComputeType c) {
  switch (c) {
    case ComputeType::kI64:
      if (v.integral) return v;
      return Num::I(FloatToI64Ref(v.z.real()));
    case ComputeType::kF32:
    case ComputeType::kF64: {
      const FloatFormat f = c == ComputeType::kF32 ? kFmtF32 : kFmtF64;
      if (u64) return Num::F(RoundU64ToFormat(static_cast<uint64_t>(v.i), f));
      if (v.integral) return Num::F(RoundIntToFormat(v.i, f));
      return Num::F(RoundToFormat(v.z.real(), f));
    }
    default: {
      const FloatFormat f = c == ComputeType::kC64 ? kFmtF32 : kFmtF64;
      if (u64) return Num::F(RoundU64ToFormat(static_cast<uint64_t>(v.i), f));
      if (v.integral) return Num::F(RoundIntToFormat(v.i, f));
      return Num::F(RoundToFormat(v.z.real(), f), RoundToFormat(v.z.imag(), f));
    }
  }
}

std::vector<Num> Reals(std::initializer_list<double> v) {
  std::vector<Num> r;
  for (double x : v) r.push_back(Num::F(x));
  return r;
}

// Values every dtype is tried with (each first converted to the dtype, so that it is one of its values).
std::vector<Num> SampleValues() {
  std::vector<Num> v = Reals({0.0, -0.0, 1.5, -2.75, 300.7, -129.9, 1e10, -1e10, 65519, 65520, 2049, 0.1, 3e38, 1e300,
                              0x1p-149, HUGE_VAL, -HUGE_VAL, std::nan("")});
  for (int64_t i :
       {int64_t{0}, int64_t{1}, int64_t{-1}, int64_t{127}, int64_t{-128}, int64_t{255}, int64_t{300}, int64_t{-129},
        int64_t{65535}, int64_t{INT32_MAX}, int64_t{INT32_MIN}, (int64_t{1} << 53) + (int64_t{1} << 29) + 1,
        (int64_t{1} << 60) + (int64_t{1} << 52) + 1, INT64_MAX, INT64_MIN})
    v.push_back(Num::I(i));
  v.push_back(Num::F(1.5, -2));
  v.push_back(Num::F(0, 1));
  v.push_back(Num::F(std::nan(""), 0));
  v.push_back(Num::F(300.7, 0.25));
  return v;
}

std::string Show(const Num &v) { return ToString(v); }

// A compute value read back from a dense compute buffer.
Num ComputeAt(ComputeType c, const unsigned char *buffer, int64_t i) {
  return GetElement(ComputeAcl(c), buffer + i * static_cast<int64_t>(aclcpu::ComputeSize(c)));
}

// ---- plans ---------------------------------------------------------------------------------------------

TEST(PointwiseEngine, BroadcastValues) {
  Buffer a(ACL_FLOAT, 6), b(ACL_FLOAT, 3), out(ACL_FLOAT, 6);
  for (int i = 0; i < 6; ++i) a.Put(i, Num::F(i));
  for (int i = 0; i < 3; ++i) b.Put(i, Num::F(10 * (i + 1)));
  const PointwisePlan plan =
      PlanTwo(ComputeType::kF32, View(DType::kF32, {2, 3}), View(DType::kF32, {3}), View(DType::kF32, {2, 3}));
  EXPECT_EQ(plan.numel, 6);
  EXPECT_EQ(plan.rank, 2);  // b is broadcast along dim 0: its strides (0, 1) do not merge
  EXPECT_EQ(plan.inStrides[1][0], 0);
  RunPlan(plan, {a.data(), b.data()}, out.data());
  const double expected[] = {20, 41, 62, 23, 44, 65};
  for (int i = 0; i < 6; ++i) EXPECT_EQ(out.Get(i).Real(), expected[i]) << i;
  // [4, 1, 5] with [1, 3, 1]: both broadcast, out [4, 3, 5]
  Buffer c(ACL_FLOAT, 20), d(ACL_FLOAT, 3), o2(ACL_FLOAT, 60);
  for (int i = 0; i < 20; ++i) c.Put(i, Num::F(i));
  for (int i = 0; i < 3; ++i) d.Put(i, Num::F(100 * i));
  RunPlan(PlanTwo(ComputeType::kF32, View(DType::kF32, {4, 1, 5}), View(DType::kF32, {1, 3, 1}),
                  View(DType::kF32, {4, 3, 5})),
          {c.data(), d.data()}, o2.data());
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 5; ++k) EXPECT_EQ(o2.Get(i * 15 + j * 5 + k).Real(), (i * 5 + k) + 200.0 * j);
}

TEST(PointwiseEngine, DimsMergeOnlyWhereEveryOperandAllows) {
  struct Case {
    const char *name;
    TensorView a;
    int rank;
  };
  const Case cases[] = {
      {"contiguous [2,3,4]", View(DType::kF32, {2, 3, 4}), 1},
      {"transposed [4,5]", View(DType::kF32, {4, 5}, {1, 4}), 2},
      {"[2,3,4] over storage [3,4,2] (permuted)", View(DType::kF32, {2, 3, 4}, {1, 8, 2}), 2},
      {"[2,3,4] with the last two dims swapped", View(DType::kF32, {2, 3, 4}, {12, 1, 3}), 3},
      {"[2,1,3] with any stride on the size-1 dim", View(DType::kF32, {2, 1, 3}, {3, 1000, 1}), 1},
      {"padded rows [3,4] (row stride 5)", View(DType::kF32, {3, 4}, {5, 1}, 2), 2},
  };
  for (const Case &c : cases) {
    std::vector<int64_t> dims(c.a.dims, c.a.dims + c.a.rank);
    const TensorView out = View(DType::kF32, dims);
    int64_t span = c.a.offset + 1;
    for (int d = 0; d < c.a.rank; ++d) span += (c.a.dims[d] - 1) * c.a.strides[d];
    const int64_t n = out.Numel();
    Buffer a(ACL_FLOAT, span), b(ACL_FLOAT, n), o(ACL_FLOAT, n);
    for (int64_t i = 0; i < n; ++i) {
      a.Put(At(c.a, i), Num::F(static_cast<double>(i)));
      b.Put(i, Num::F(0.5 * static_cast<double>(i)));
    }
    const PointwisePlan plan = PlanTwo(ComputeType::kF32, c.a, View(DType::kF32, dims), out);
    EXPECT_EQ(plan.rank, c.rank) << c.name;
    EXPECT_EQ(plan.outDirect, true) << c.name;
    RunPlan(plan, {a.data(), b.data()}, o.data());
    for (int64_t i = 0; i < n; ++i) ASSERT_EQ(o.Get(i).Real(), 2.0 * static_cast<double>(i)) << c.name << " " << i;
  }
}

TEST(PointwiseEngine, StridedOffsetOperandsAndOut) {
  // a: [3, 4] fp16 with row stride 6 and offset 2; b: int32 [4] with stride 3; out: double [3, 4]
  // transposed in storage with offset 1. Everything outside the views stays untouched.
  const TensorView av = View(DType::kF16, {3, 4}, {6, 1}, 2), bv = View(DType::kI32, {4}, {3}, 0),
                   ov = View(DType::kF64, {3, 4}, {1, 3}, 1);
  Buffer a(ACL_FLOAT16, 20), b(ACL_INT32, 10), o(ACL_DOUBLE, 13);
  for (int64_t i = 0; i < 12; ++i) a.Put(At(av, i), Num::F(0.25 * static_cast<double>(i)));
  for (int64_t i = 0; i < 4; ++i) b.Put(At(bv, i), Num::I(i - 2));
  const std::vector<unsigned char> before = o.bytes;
  const PointwisePlan plan = PlanTwo(ComputeType::kF64, av, bv, ov);
  EXPECT_FALSE(plan.outDirect);
  EXPECT_FALSE(plan.inDirect[0]);
  RunPlan(plan, {a.data(), b.data()}, o.data());
  std::vector<bool> covered(13, false);
  for (int64_t i = 0; i < 12; ++i) {
    covered[static_cast<size_t>(At(ov, i))] = true;
    EXPECT_EQ(o.Get(At(ov, i)).Real(), 0.25 * static_cast<double>(i) + 2.0 * static_cast<double>(i % 4 - 2)) << i;
  }
  for (size_t e = 0; e < covered.size(); ++e) {
    if (covered[e]) continue;
    EXPECT_EQ(std::memcmp(o.bytes.data() + e * 8, before.data() + e * 8, 8), 0) << "storage element " << e;
  }
}

TEST(PointwiseEngine, ZeroDimAndEmpty) {
  Buffer a(ACL_INT64, 1), b(ACL_INT64, 1), o(ACL_INT8, 1);
  a.Put(0, Num::I(100));
  b.Put(0, Num::I(14));
  const PointwisePlan plan =
      PlanTwo(ComputeType::kI64, View(DType::kI64, {}), View(DType::kI64, {}), View(DType::kI8, {}));
  EXPECT_EQ(plan.rank, 0);
  EXPECT_EQ(plan.numel, 1);
  EXPECT_EQ(plan.numBlocks, 1);
  RunPlan(plan, {a.data(), b.data()}, o.data());
  EXPECT_EQ(o.Get(0).i, -128);  // 128 wrapped to int8
  // Empty: no blocks, no workspace, and running it touches nothing (null addresses are never used).
  const PointwisePlan empty =
      PlanTwo(ComputeType::kF32, View(DType::kF16, {2, 0, 3}), View(DType::kF32, {3}), View(DType::kBF16, {2, 0, 3}));
  EXPECT_EQ(empty.numel, 0);
  EXPECT_EQ(empty.numBlocks, 0);
  EXPECT_EQ(empty.workspaceBytes, 0u);
  const void *none[2] = {nullptr, nullptr};
  aclcpu::RunPointwise(empty, none, nullptr, nullptr);
}

// out aliasing input 0 exactly (the in-place forms): dense and of the compute type (read and written in
// place), and strided fp16 (staged through the workspace).
TEST(PointwiseEngine, OutAliasesAnInput) {
  {
    const int64_t n = 10000;
    Buffer a(ACL_FLOAT, n), b(ACL_FLOAT, 1);
    for (int64_t i = 0; i < n; ++i) a.Put(i, Num::F(static_cast<double>(i)));
    b.Put(0, Num::F(0.5));
    const PointwisePlan plan =
        PlanTwo(ComputeType::kF32, View(DType::kF32, {n}), View(DType::kF32, {1}), View(DType::kF32, {n}));
    EXPECT_TRUE(plan.inDirect[0]);
    EXPECT_TRUE(plan.outDirect);
    RunPlan(plan, {a.data(), b.data()}, a.data());
    for (int64_t i = 0; i < n; ++i) ASSERT_EQ(a.Get(i).Real(), static_cast<double>(i) + 1) << i;
  }
  {
    const TensorView v = View(DType::kF16, {50, 40}, {1, 53}, 7);  // transposed, padded, offset
    Buffer a(ACL_FLOAT16, 7 + 53 * 40), b(ACL_FLOAT16, 40);
    for (int64_t i = 0; i < 2000; ++i) a.Put(At(v, i), Num::F(static_cast<double>(i % 97)));
    for (int64_t j = 0; j < 40; ++j) b.Put(j, Num::F(0.25 * static_cast<double>(j)));
    const PointwisePlan plan = PlanTwo(ComputeType::kF32, v, View(DType::kF16, {40}), v);
    EXPECT_FALSE(plan.outDirect);
    RunPlan(plan, {a.data(), b.data()}, a.data());
    for (int64_t i = 0; i < 2000; ++i) {
      const double want = RoundToFormat(static_cast<double>(i % 97) + 0.5 * static_cast<double>(i % 40), kFmtF16);
      ASSERT_EQ(a.Get(At(v, i)).Real(), want) << i;
    }
  }
}

// ---- every load and store path --------------------------------------------------------------------------

// LoadRun from each of the 15 storage dtypes into each of the 5 compute types, dense (the SIMD path for
// fp16/bf16/fp32 into fp32) and with stride 3.
TEST(PointwiseEngine, LoadEveryDtypeIntoEveryComputeType) {
  const std::vector<Num> samples = SampleValues();
  int checked = 0;
  for (const DTypePair &d : kAllDTypes) {
    std::vector<Num> values;
    for (const Num &s : samples) values.push_back(ConvertRef(s, d.acl));
    if (d.acl == ACL_UINT64) values.push_back(Num::I(static_cast<int64_t>(0xFFFFFFFFFFFFFFF1ull)));  // 2^64 - 15
    const int64_t n = static_cast<int64_t>(values.size());
    for (const int64_t stride : {int64_t{1}, int64_t{3}}) {
      Buffer src(d.acl, n * stride);
      for (int64_t i = 0; i < n; ++i) src.Put(i * stride, values[static_cast<size_t>(i)]);
      for (ComputeType c : kAllCompute) {
        std::vector<unsigned char> dst(static_cast<size_t>(n) * aclcpu::ComputeSize(c));
        aclcpu::LoadRun(d.dtype, src.data(), stride, c, dst.data(), n);
        for (int64_t i = 0; i < n; ++i) {
          const Num want = LoadRef(values[static_cast<size_t>(i)], d.acl == ACL_UINT64, c);
          const Num got = ComputeAt(c, dst.data(), i);
          ASSERT_TRUE(SameValue(got, want))
              << DTypeLabel(d.acl) << "/u" << (d.acl == ACL_UINT64) << " -> " << ComputeName(c) << " stride " << stride
              << ": " << Show(values[static_cast<size_t>(i)]) << " gave " << Show(got) << ", expected " << Show(want);
          ++checked;
        }
        // and back into the dtype it came from (the round trip of a copy through compute type c)
        Buffer back(d.acl, n);
        aclcpu::StoreRun(c, dst.data(), d.dtype, back.data(), 1, n);
        for (int64_t i = 0; i < n; ++i) {
          const Num &v = values[static_cast<size_t>(i)];
          const Num compute = LoadRef(v, d.acl == ACL_UINT64, c);
          const Num want = ConvertRef(compute, d.acl), got = back.Get(i);
          ASSERT_TRUE(SameValue(got, want)) << DTypeLabel(d.acl) << " -> " << ComputeName(c) << " -> back: " << Show(v)
                                            << " gave " << Show(got) << ", expected " << Show(want);
        }
      }
    }
  }
  EXPECT_GT(checked, 4000);
}

// StoreRun from each compute type into each of the 15 storage dtypes, dense (SIMD from fp32 into
// fp16/bf16/fp32) and with stride 2, and back through LoadRun into the same compute type.
TEST(PointwiseEngine, StoreEveryComputeTypeIntoEveryDtype) {
  const std::vector<Num> samples = SampleValues();
  int checked = 0;
  for (ComputeType c : kAllCompute) {
    std::vector<Num> values;  // compute values
    for (const Num &s : samples) values.push_back(LoadRef(ConvertRef(s, ComputeAcl(c)), false, c));
    if (c == ComputeType::kF64) {
      for (double x : {1 + 0x1p-11 + 0x1p-40, 1 + 0x1p-8 + 0x1p-40, 65519.99, -0x1p-25 * 1.5})
        values.push_back(Num::F(x));
    }
    const int64_t n = static_cast<int64_t>(values.size());
    std::vector<unsigned char> src(static_cast<size_t>(n) * aclcpu::ComputeSize(c));
    for (int64_t i = 0; i < n; ++i)
      PutElement(ComputeAcl(c), src.data() + i * static_cast<int64_t>(aclcpu::ComputeSize(c)),
                 values[static_cast<size_t>(i)]);
    for (const DTypePair &d : kAllDTypes) {
      for (const int64_t stride : {int64_t{1}, int64_t{2}}) {
        Buffer dst(d.acl, n * stride);
        aclcpu::StoreRun(c, src.data(), d.dtype, dst.data(), stride, n);
        for (int64_t i = 0; i < n; ++i) {
          const Num &v = values[static_cast<size_t>(i)];
          const Num want = ConvertRef(v, d.acl), got = dst.Get(i * stride);
          ASSERT_TRUE(SameValue(got, want)) << ComputeName(c) << " -> " << DTypeLabel(d.acl) << " stride " << stride
                                            << ": " << Show(v) << " gave " << Show(got) << ", expected " << Show(want);
          ++checked;
        }
        // gaps between strided elements are untouched
        if (stride == 2) {
          const size_t es = aclDataTypeSize(d.acl);
          for (int64_t i = 0; i < n; ++i)
            for (size_t k = 0; k < es; ++k) ASSERT_EQ(dst.bytes[static_cast<size_t>(i * 2 + 1) * es + k], 0xFF);
        }
      }
    }
  }
  EXPECT_GT(checked, 4000);
}

// The values element_convert.h documents, one by one.
TEST(PointwiseEngine, DocumentedConversions) {
  const auto store = [](ComputeType c, const Num &v, aclDataType t) {
    alignas(16) unsigned char src[16] = {}, dst[16] = {};
    PutElement(ComputeAcl(c), src, v);
    DType d = DType::kOther;
    for (const DTypePair &p : kAllDTypes)
      if (p.acl == t) d = p.dtype;
    aclcpu::StoreRun(c, src, d, dst, 1, 1);
    return GetElement(t, dst);
  };
  EXPECT_EQ(store(ComputeType::kF32, Num::F(300.7), ACL_UINT8).i, 44);
  EXPECT_EQ(store(ComputeType::kF32, Num::F(-1), ACL_UINT8).i, 255);
  EXPECT_EQ(store(ComputeType::kF32, Num::F(std::nan("")), ACL_INT32).i, INT32_MIN);
  EXPECT_EQ(store(ComputeType::kF32, Num::F(1e10), ACL_INT32).i, INT32_MIN);
  EXPECT_EQ(store(ComputeType::kF32, Num::F(-1e10), ACL_INT32).i, INT32_MIN);
  EXPECT_EQ(store(ComputeType::kF64, Num::F(-2.9), ACL_INT32).i, -2);           // toward zero
  EXPECT_EQ(store(ComputeType::kF64, Num::F(1e10), ACL_UINT32).i, 1410065408);  // low bits of the int64
  EXPECT_EQ(store(ComputeType::kF64, Num::F(1e19), ACL_INT64).i, INT64_MIN);
  EXPECT_EQ(store(ComputeType::kF32, Num::F(200.5), ACL_INT8).i, -56);
  EXPECT_EQ(store(ComputeType::kI64, Num::I(-129), ACL_INT8).i, 127);
  EXPECT_EQ(store(ComputeType::kI64, Num::I(2), ACL_BOOL).i, 1);
  EXPECT_EQ(store(ComputeType::kF32, Num::F(std::nan("")), ACL_BOOL).i, 1);
  EXPECT_EQ(store(ComputeType::kC64, Num::F(0, 1), ACL_BOOL).i, 1);
  EXPECT_EQ(store(ComputeType::kC128, Num::F(7.9, 100), ACL_INT16).i, 7);  // the real part
  const Num negZero = store(ComputeType::kF32, Num::F(-0.0), ACL_FLOAT16);
  EXPECT_TRUE(negZero.z.real() == 0 && std::signbit(negZero.z.real()));
  EXPECT_TRUE(std::signbit(store(ComputeType::kF64, Num::F(-0.0), ACL_BF16).z.real()));
  // fp32 -> fp16 to nearest even: ties go to the even neighbour
  EXPECT_EQ(store(ComputeType::kF32, Num::F(2049), ACL_FLOAT16).Real(), 2048);
  EXPECT_EQ(store(ComputeType::kF32, Num::F(2051), ACL_FLOAT16).Real(), 2052);
  EXPECT_EQ(store(ComputeType::kF32, Num::F(1 + 0x1p-11), ACL_FLOAT16).Real(), 1);
  EXPECT_EQ(store(ComputeType::kF32, Num::F(1 + 0x1p-11 + 0x1p-20), ACL_FLOAT16).Real(), 1 + 0x1p-10);
  EXPECT_EQ(store(ComputeType::kF32, Num::F(65520), ACL_FLOAT16).Real(), HUGE_VAL);
  EXPECT_EQ(store(ComputeType::kF32, Num::F(0x1p-25), ACL_FLOAT16).Real(), 0);          // tie with 0
  EXPECT_EQ(store(ComputeType::kF32, Num::F(0x1.8p-25), ACL_FLOAT16).Real(), 0x1p-24);  // smallest subnormal
  // a double to 16 bits: one rounding (through round-to-odd fp32)
  EXPECT_EQ(store(ComputeType::kF64, Num::F(1 + 0x1p-11 + 0x1p-40), ACL_FLOAT16).Real(), 1 + 0x1p-10);
  EXPECT_EQ(store(ComputeType::kF64, Num::F(1 + 0x1p-8 + 0x1p-40), ACL_BF16).Real(), 1 + 0x1p-7);
  // int64 to floating types: to nearest even, once
  EXPECT_EQ(store(ComputeType::kI64, Num::I(65519), ACL_FLOAT16).Real(), 65504);
  EXPECT_EQ(store(ComputeType::kI64, Num::I(65520), ACL_FLOAT16).Real(), HUGE_VAL);
  EXPECT_EQ(store(ComputeType::kI64, Num::I(2049), ACL_FLOAT16).Real(), 2048);
  EXPECT_EQ(store(ComputeType::kI64, Num::I(-2051), ACL_FLOAT16).Real(), -2052);
  EXPECT_EQ(store(ComputeType::kI64, Num::I((int64_t{1} << 53) + (int64_t{1} << 29) + 1), ACL_FLOAT).Real(),
            0x1p53 + 0x1p30);
  // UINT64 from 2^63 loads as its value into floating compute types, as its bits into int64
  const uint64_t big = 0xFFFFFFFFFFFFFFF1ull;
  float f = 0;
  double g = 0;
  int64_t i = 0;
  aclcpu::LoadRun(DType::kU64, &big, 1, ComputeType::kF32, &f, 1);
  aclcpu::LoadRun(DType::kU64, &big, 1, ComputeType::kF64, &g, 1);
  aclcpu::LoadRun(DType::kU64, &big, 1, ComputeType::kI64, &i, 1);
  EXPECT_EQ(f, 0x1p64f);
  EXPECT_EQ(g, 0x1p64);
  EXPECT_EQ(i, -15);
}

TEST(PointwiseEngine, Int64StoreToBf16RoundsOnce) {
  const int64_t v = (int64_t{1} << 60) + (int64_t{1} << 52) + 1;
  uint16_t out = 0;
  aclcpu::StoreRun(ComputeType::kI64, &v, DType::kBF16, &out, 1, 1);
  EXPECT_EQ(out, 0x5D81);
}

// ConvertComputeRun between compute types: the same as a store into the target's own dtype.
TEST(PointwiseEngine, ConvertBetweenComputeTypes) {
  const std::vector<Num> samples = SampleValues();
  for (ComputeType from : kAllCompute) {
    std::vector<Num> values;
    for (const Num &s : samples) values.push_back(LoadRef(ConvertRef(s, ComputeAcl(from)), false, from));
    const int64_t n = static_cast<int64_t>(values.size());
    std::vector<unsigned char> src(static_cast<size_t>(n) * aclcpu::ComputeSize(from));
    for (int64_t i = 0; i < n; ++i)
      PutElement(ComputeAcl(from), src.data() + i * static_cast<int64_t>(aclcpu::ComputeSize(from)),
                 values[static_cast<size_t>(i)]);
    for (ComputeType to : kAllCompute) {
      std::vector<unsigned char> dst(static_cast<size_t>(n) * aclcpu::ComputeSize(to));
      aclcpu::ConvertComputeRun(from, src.data(), to, dst.data(), n);
      for (int64_t i = 0; i < n; ++i) {
        const Num &v = values[static_cast<size_t>(i)];
        const Num want = LoadRef(ConvertRef(v, ComputeAcl(to)), false, to);
        ASSERT_TRUE(SameValue(ComputeAt(to, dst.data(), i), want))
            << ComputeName(from) << " -> " << ComputeName(to) << ": " << Show(v) << " gave "
            << Show(ComputeAt(to, dst.data(), i)) << ", expected " << Show(want);
      }
    }
  }
}

// The whole engine for every (storage dtype, compute type) pair: a + 2b with a dense and a strided operand,
// written back to the same dtype through a strided out.
TEST(PointwiseEngine, KernelThroughEveryDtypePath) {
  std::mt19937_64 rng(5);
  const UniformReal real(-50, 50);
  int checked = 0;
  for (const DTypePair &d : kAllDTypes) {
    for (ComputeType c : kAllCompute) {
      const int64_t rows = 7, cols = 9, n = rows * cols;
      const TensorView av = View(d.dtype, {rows, cols}), bv = View(d.dtype, {rows, cols}, {1, rows}, 3),
                       ov = View(d.dtype, {rows, cols}, {cols + 2, 1}, 5);
      Buffer a(d.acl, n), b(d.acl, n + 3), o(d.acl, 5 + rows * (cols + 2));
      std::vector<Num> av_, bv_;
      for (int64_t i = 0; i < n; ++i) {
        av_.push_back(ConvertRef(Num::F(real(rng), real(rng)), d.acl));
        bv_.push_back(ConvertRef(Num::F(real(rng), real(rng)), d.acl));
        a.Put(At(av, i), av_.back());
        b.Put(At(bv, i), bv_.back());
      }
      const PointwisePlan plan = PlanTwo(c, av, bv, ov);
      RunPlan(plan, {a.data(), b.data()}, o.data());
      for (int64_t i = 0; i < n; ++i) {
        const Num x = LoadRef(av_[static_cast<size_t>(i)], d.acl == ACL_UINT64, c),
                  y = LoadRef(bv_[static_cast<size_t>(i)], d.acl == ACL_UINT64, c);
        const Num want = ConvertRef(APlusTwoBRef(c, x, y), d.acl), got = o.Get(At(ov, i));
        ASSERT_TRUE(SameValue(got, want)) << DTypeLabel(d.acl) << " via " << ComputeName(c) << " element " << i
                                          << ": got " << Show(got) << ", expected " << Show(want);
        ++checked;
      }
    }
  }
  EXPECT_EQ(checked, 15 * 5 * 63);
}

// roundThrough: an fp16 result written to an fp32 out passes through fp16.
TEST(PointwiseEngine, RoundThroughThePromotedDtype) {
  Buffer a(ACL_FLOAT, 2), b(ACL_FLOAT, 2), o(ACL_FLOAT, 2);
  a.Put(0, Num::F(1));
  b.Put(0, Num::F(0x1p-13));  // 1 + 2^-12: not an fp16 value
  a.Put(1, Num::F(3));
  b.Put(1, Num::F(0.25));
  const PointwiseInput in[2] = {PointwiseInput::Tensor(View(DType::kF32, {2})),
                                PointwiseInput::Tensor(View(DType::kF32, {2}))};
  const PointwisePlan plan = aclcpu::PlanPointwise(KernelFor(ComputeType::kF32), PointwiseParams{}, ComputeType::kF32,
                                                   ComputeType::kF32, in, 2, View(DType::kF32, {2}), DType::kF16);
  EXPECT_EQ(plan.roundThrough, DType::kF16);
  RunPlan(plan, {a.data(), b.data()}, o.data());
  EXPECT_EQ(o.Get(0).Real(), 1.0);
  EXPECT_EQ(o.Get(1).Real(), 3.5);
  // A constant input: a + 2 * 0.75 on every element.
  PointwiseInput ins[2] = {PointwiseInput::Tensor(View(DType::kF32, {2})), PointwiseInput::Constant(0.75f)};
  const PointwisePlan withConstant =
      aclcpu::PlanPointwise(KernelFor(ComputeType::kF32), PointwiseParams{}, ComputeType::kF32, ComputeType::kF32, ins,
                            2, View(DType::kF32, {2}));
  RunPlan(withConstant, {a.data(), nullptr}, o.data());
  EXPECT_EQ(o.Get(0).Real(), 2.5);
  EXPECT_EQ(o.Get(1).Real(), 4.5);
}

// A null kernel is a conversion: same dtype in and out moves the bytes unchanged (NaN payloads, -0),
// another dtype follows the store rules, and roundThrough passes the values through a dtype on the way.
TEST(PointwiseEngine, NullKernelCopiesAndConverts) {
  const TensorView in = View(DType::kF16, {3, 4}, {1, 3}, 2), out = View(DType::kF16, {3, 4}, {5, 1}, 1);
  Buffer a(ACL_FLOAT16, 14), o(ACL_FLOAT16, 16);
  const uint16_t bits[12] = {0x7E01, 0x8000, 0x3C00, 0xFC00, 0x0001, 0x7BFF,
                             0x1234, 0xFE77, 0x0000, 0xC000, 0x7C00, 0x3555};
  for (int64_t i = 0; i < 12; ++i) std::memcpy(a.bytes.data() + 2 * At(in, i), &bits[i], 2);
  const PointwiseInput input = PointwiseInput::Tensor(in);
  const PointwisePlan copy =
      aclcpu::PlanPointwise(nullptr, PointwiseParams{}, ComputeType::kF32, ComputeType::kF32, &input, 1, out);
  EXPECT_TRUE(copy.rawCopy);
  RunPlan(copy, {a.data()}, o.data());
  for (int64_t i = 0; i < 12; ++i) {
    uint16_t got = 0;
    std::memcpy(&got, o.bytes.data() + 2 * At(out, i), 2);
    EXPECT_EQ(got, bits[i]) << i;
  }
  // fp32 -> uint8 by the float -> int32 rule, then the low bits
  Buffer f(ACL_FLOAT, 3), u(ACL_UINT8, 3);
  f.Put(0, Num::F(300.7));
  f.Put(1, Num::F(-1));
  f.Put(2, Num::F(std::nan("")));
  const PointwiseInput fin = PointwiseInput::Tensor(View(DType::kF32, {3}));
  RunPlan(aclcpu::PlanPointwise(nullptr, PointwiseParams{}, ComputeType::kF32, ComputeType::kF32, &fin, 1,
                                View(DType::kU8, {3})),
          {f.data()}, u.data());
  EXPECT_EQ(u.Get(0).i, 44);
  EXPECT_EQ(u.Get(1).i, 255);
  EXPECT_EQ(u.Get(2).i, 0);
  // fp32 -> fp32 through FLOAT16
  Buffer g(ACL_FLOAT, 2), h(ACL_FLOAT, 2);
  g.Put(0, Num::F(1 + 0x1p-13));
  g.Put(1, Num::F(70000));
  const PointwiseInput gin = PointwiseInput::Tensor(View(DType::kF32, {2}));
  const PointwisePlan through = aclcpu::PlanPointwise(nullptr, PointwiseParams{}, ComputeType::kF32, ComputeType::kF32,
                                                      &gin, 1, View(DType::kF32, {2}), DType::kF16);
  EXPECT_FALSE(through.rawCopy);
  RunPlan(through, {g.data()}, h.data());
  EXPECT_EQ(h.Get(0).Real(), 1.0);
  EXPECT_EQ(h.Get(1).Real(), HUGE_VAL);
}

// Blocks are fixed by the shape, never by the thread count: a plan made for 1 thread and one made for 2
// give the same bits on a large broadcast problem with staged operands and a strided out.
TEST(PointwiseEngine, OneAndTwoThreadsBitIdentical) {
  const int64_t rows = 600, cols = 500, n = rows * cols;
  const TensorView av = View(DType::kF16, {rows, cols}, {1, rows}), bv = View(DType::kBF16, {cols}),
                   ov = View(DType::kF32, {rows, cols}, {cols + 3, 1}, 11);
  Buffer a(ACL_FLOAT16, n), b(ACL_BF16, cols), o1(ACL_FLOAT, 11 + rows * (cols + 3)), o2 = o1;
  std::mt19937_64 rng(7);
  const UniformReal real(-8, 8);
  std::vector<double> x(static_cast<size_t>(n)), y(static_cast<size_t>(cols));
  for (int64_t i = 0; i < n; ++i) {
    x[static_cast<size_t>(i)] = RoundToFormat(real(rng), kFmtF16);
    a.Put(At(av, i), Num::F(x[static_cast<size_t>(i)]));
  }
  for (int64_t j = 0; j < cols; ++j) {
    y[static_cast<size_t>(j)] = RoundToFormat(real(rng), kFmtBF16);
    b.Put(j, Num::F(y[static_cast<size_t>(j)]));
  }
  const int saved = omp_get_max_threads();
  omp_set_num_threads(1);
  const PointwisePlan one = PlanTwo(ComputeType::kF32, av, bv, ov);
  omp_set_num_threads(2);
  const PointwisePlan two = PlanTwo(ComputeType::kF32, av, bv, ov);
  omp_set_num_threads(saved);
  EXPECT_EQ(one.threads, 1);
  EXPECT_EQ(two.threads, 2);
  EXPECT_EQ(one.numBlocks, two.numBlocks);
  EXPECT_GT(one.numBlocks, 10);
  EXPECT_EQ(two.workspaceBytes, 2 * one.workspaceBytes);
  RunPlan(one, {a.data(), b.data()}, o1.data());
  RunPlan(two, {a.data(), b.data()}, o2.data());
  EXPECT_EQ(o1.bytes, o2.bytes);
  for (int64_t i = 0; i < n; ++i) {
    const double want = static_cast<float>(x[static_cast<size_t>(i)] + 2 * y[static_cast<size_t>(i % cols)]);
    ASSERT_EQ(o1.Get(At(ov, i)).Real(), want) << i;
  }
}

// The two walks beside flat blocks: row blocks (an operand that steps by one along the innermost dim but is
// not dense overall, read or written in place) and tiles (a transposed operand, gathered down its columns).
// Each layout runs a + 2b with a direct fp32 operand, a staged fp16 one and a 64-bit integer pair, and a raw
// copy of 2-, 4-, 8- and 16-byte elements; values against the model, storage outside each view untouched,
// 1 and 2 threads bit for bit.
TEST(PointwiseEngine, RowBlocksAndTilesOverRaggedShapes) {
  struct Layout {
    const char *name;
    std::vector<int64_t> dims, aStrides, bDims, bStrides, outStrides;
    int64_t aOffset, outOffset;
    bool rows, tiles;  // the walk the fp32 plan must take
  };
  const Layout layouts[] = {
      {"row broadcast [37,1500] + [1500]", {37, 1500}, {}, {1500}, {}, {}, 0, 0, true, false},
      {"slices of wider rows [5,3,700]",
       {5, 3, 700},
       {2800, 710, 1},
       {5, 3, 700},
       {},
       {2300, 760, 1},
       3,
       7,
       true,
       false},
      {"transposed a [130,70]", {130, 70}, {1, 131}, {130, 70}, {}, {}, 2, 0, false, true},
      {"transposed out [3,65,150]", {3, 65, 150}, {}, {150}, {}, {9750, 1, 65}, 0, 5, false, true},
      {"both transposed, negative steps [96,200]", {96, 200}, {-1, 97}, {96, 200}, {1, 96}, {}, 95, 0, false, true},
  };
  const auto span = [](const TensorView &v) {
    int64_t lo = v.offset, hi = v.offset;
    for (int d = 0; d < v.rank; ++d) (v.strides[d] < 0 ? lo : hi) += (v.dims[d] - 1) * v.strides[d];
    EXPECT_GE(lo, 0);
    return hi + 1;
  };
  struct Types {
    DType a, b, out;
    aclDataType aa, ab, ao;
    ComputeType c;
  };
  const Types types[] = {
      {DType::kF32, DType::kF32, DType::kF32, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ComputeType::kF32},
      {DType::kF16, DType::kF32, DType::kF16, ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT16, ComputeType::kF32},
      {DType::kI64, DType::kI32, DType::kI64, ACL_INT64, ACL_INT32, ACL_INT64, ComputeType::kI64},
  };
  std::mt19937_64 rng(11);
  for (const Layout &l : layouts) {
    for (const Types &t : types) {
      const TensorView av = View(t.a, l.dims, l.aStrides, l.aOffset), bv = View(t.b, l.bDims, l.bStrides),
                       ov = View(t.out, l.dims, l.outStrides, l.outOffset);
      const int64_t n = ov.Numel(), nb = bv.Numel();
      Buffer a(t.aa, span(av)), b(t.ab, span(bv)), o1(t.ao, span(ov));
      std::vector<Num> x(static_cast<size_t>(n)), y(static_cast<size_t>(nb));
      for (int64_t i = 0; i < n; ++i) {
        x[static_cast<size_t>(i)] = Num::I(static_cast<int64_t>(rng() % 1001) - 500);
        a.Put(At(av, i), x[static_cast<size_t>(i)]);
      }
      for (int64_t i = 0; i < nb; ++i) {
        y[static_cast<size_t>(i)] = Num::I(static_cast<int64_t>(rng() % 1001) - 500);
        b.Put(At(bv, i), y[static_cast<size_t>(i)]);
      }
      Buffer o2 = o1;
      const std::vector<unsigned char> before = o1.bytes;
      const int saved = omp_get_max_threads();
      omp_set_num_threads(1);
      const PointwisePlan one = PlanTwo(t.c, av, bv, ov);
      omp_set_num_threads(2);
      const PointwisePlan two = PlanTwo(t.c, av, bv, ov);
      omp_set_num_threads(saved);
      const std::string what = std::string(l.name) + " " + ComputeName(t.c) + " a dtype " + std::to_string(t.aa);
      if (t.a == DType::kF32) {
        EXPECT_EQ(one.rowBlocks > 0, l.rows) << what;
        EXPECT_EQ(one.tileRows > 0, l.tiles) << what;
      }
      RunPlan(one, {a.data(), b.data()}, o1.data());
      RunPlan(two, {a.data(), b.data()}, o2.data());
      EXPECT_EQ(o1.bytes, o2.bytes) << what;
      std::vector<bool> covered(o1.bytes.size() / aclDataTypeSize(t.ao), false);
      for (int64_t i = 0; i < n; ++i) {
        const int64_t want = x[static_cast<size_t>(i)].i + 2 * y[static_cast<size_t>(i % nb)].i;
        const Num got = o1.Get(At(ov, i));
        ASSERT_EQ(got.integral ? static_cast<double>(got.i) : got.Real(), static_cast<double>(want))
            << what << " " << i;
        covered[static_cast<size_t>(At(ov, i))] = true;
      }
      const size_t es = aclDataTypeSize(t.ao);
      for (size_t e = 0; e < covered.size(); ++e)
        if (!covered[e]) {
          ASSERT_EQ(std::memcmp(&o1.bytes[e * es], &before[e * es], es), 0) << what << " @" << e;
        }
    }
    // Raw copies of the a layout into the out layout, for each element size.
    for (const DTypePair &d : {DTypePair{DType::kF16, ACL_FLOAT16}, DTypePair{DType::kI32, ACL_INT32},
                               DTypePair{DType::kF64, ACL_DOUBLE}, DTypePair{DType::kC128, ACL_COMPLEX128}}) {
      const TensorView av = View(d.dtype, l.dims, l.aStrides, l.aOffset),
                       ov = View(d.dtype, l.dims, l.outStrides, l.outOffset);
      Buffer a(d.acl, span(av)), o(d.acl, span(ov));
      for (size_t k = 0; k < a.bytes.size(); ++k) a.bytes[k] = static_cast<unsigned char>(rng());
      const std::vector<unsigned char> before = o.bytes;
      const PointwiseInput input = PointwiseInput::Tensor(av);
      const PointwisePlan copy = aclcpu::PlanPointwise(nullptr, PointwiseParams{}, aclcpu::ComputeTypeOf(d.dtype),
                                                       aclcpu::ComputeTypeOf(d.dtype), &input, 1, ov);
      ASSERT_TRUE(copy.rawCopy);
      RunPlan(copy, {a.data()}, o.data());
      const size_t es = aclDataTypeSize(d.acl);
      std::vector<bool> covered(o.bytes.size() / es, false);
      for (int64_t i = 0; i < ov.Numel(); ++i) {
        ASSERT_EQ(std::memcmp(&o.bytes[static_cast<size_t>(At(ov, i)) * es],
                              &a.bytes[static_cast<size_t>(At(av, i)) * es], es),
                  0)
            << l.name << " copy of " << es << "-byte elements, element " << i;
        covered[static_cast<size_t>(At(ov, i))] = true;
      }
      for (size_t e = 0; e < covered.size(); ++e)
        if (!covered[e]) {
          ASSERT_EQ(std::memcmp(&o.bytes[e * es], &before[e * es], es), 0) << l.name << " copy @" << e;
        }
    }
  }
}

// Outputs of 8 MiB and more: a direct fp32 out, a converted FLOAT16 out, an out written in place over its input
// with row blocks, and a raw copy (the one written with streaming stores), each against the model with the
// storage around the view untouched.
TEST(PointwiseEngine, LargeOutputs) {
  const int64_t rows = 1024, cols = 3000, n = rows * cols;  // 12 MB of fp32
  Buffer a(ACL_FLOAT, n), b(ACL_FLOAT, cols);
  std::mt19937_64 rng(5);
  std::vector<float> x(static_cast<size_t>(n)), y(static_cast<size_t>(cols));
  for (int64_t i = 0; i < n; ++i) {
    x[static_cast<size_t>(i)] = static_cast<float>(static_cast<int64_t>(rng() % 1001) - 500) / 4;
    a.Put(i, Num::F(x[static_cast<size_t>(i)]));
  }
  for (int64_t j = 0; j < cols; ++j) {
    y[static_cast<size_t>(j)] = static_cast<float>(static_cast<int64_t>(rng() % 101) - 50);
    b.Put(j, Num::F(y[static_cast<size_t>(j)]));
  }
  const auto want = [&](int64_t i) {
    return static_cast<double>(x[static_cast<size_t>(i)] + 2 * y[static_cast<size_t>(i % cols)]);
  };
  {  // fp32 out, flat blocks: the row operand is staged, out direct
    Buffer o(ACL_FLOAT, n + 5);
    const PointwisePlan plan = PlanTwo(ComputeType::kF32, View(DType::kF32, {rows, cols}), View(DType::kF32, {cols}),
                                       View(DType::kF32, {rows, cols}, {}, 3));
    EXPECT_FALSE(plan.streamOut);
    RunPlan(plan, {a.data(), b.data()}, o.data());
    for (int64_t i = 0; i < n; ++i) ASSERT_EQ(o.Get(i + 3).Real(), want(i)) << i;
    for (int64_t e : {int64_t{0}, int64_t{1}, int64_t{2}, n + 3, n + 4}) EXPECT_TRUE(std::isnan(o.Get(e).Real())) << e;
  }
  {  // FLOAT16 out (8 MiB and more only with 4.2 M elements): converted, then streamed
    const int64_t bigRows = 1400;
    Buffer big(ACL_FLOAT, bigRows * cols), o(ACL_FLOAT16, bigRows * cols);
    for (int64_t i = 0; i < bigRows * cols; ++i) big.Put(i, Num::F(x[static_cast<size_t>(i % n)]));
    const PointwisePlan plan = PlanTwo(ComputeType::kF32, View(DType::kF32, {bigRows, cols}), View(DType::kF32, {cols}),
                                       View(DType::kF16, {bigRows, cols}));
    EXPECT_FALSE(plan.streamOut);
    RunPlan(plan, {big.data(), b.data()}, o.data());
    for (int64_t i = 0; i < bigRows * cols; ++i) ASSERT_EQ(o.Get(i).Real(), RoundToFormat(want(i % n), kFmtF16)) << i;
  }
  {  // in place over a (out aliases input 0), rows of a wider storage: row blocks
    Buffer wide(ACL_FLOAT, rows * (cols + 7));
    const TensorView view = View(DType::kF32, {rows, cols}, {cols + 7, 1});
    for (int64_t i = 0; i < n; ++i) wide.Put(At(view, i), Num::F(x[static_cast<size_t>(i)]));
    const PointwisePlan plan = PlanTwo(ComputeType::kF32, view, View(DType::kF32, {cols}), view);
    EXPECT_FALSE(plan.streamOut);
    EXPECT_GT(plan.rowBlocks, 0);
    RunPlan(plan, {wide.data(), b.data()}, wide.data());
    for (int64_t i = 0; i < n; ++i) ASSERT_EQ(wide.Get(At(view, i)).Real(), want(i)) << i;
    for (int64_t r = 0; r < rows; ++r) ASSERT_TRUE(std::isnan(wide.Get(r * (cols + 7) + cols).Real())) << r;
  }
  {  // raw copy, dense to dense
    Buffer o(ACL_FLOAT, n);
    const PointwiseInput input = PointwiseInput::Tensor(View(DType::kF32, {rows, cols}));
    const PointwisePlan copy = aclcpu::PlanPointwise(nullptr, PointwiseParams{}, ComputeType::kF32, ComputeType::kF32,
                                                     &input, 1, View(DType::kF32, {rows, cols}));
    EXPECT_TRUE(copy.rawCopy);
    EXPECT_TRUE(copy.streamOut);
    RunPlan(copy, {a.data()}, o.data());
    EXPECT_EQ(o.bytes, a.bytes);
  }
}

// A fused 16-bit a + 2b written here (scalar): the engine must pick it exactly where every operand is a dense run
// of out's 16-bit dtype (flat or row blocks), and give the staged kernel's bits.
template <bool kBF16>
void FusedAPlusTwoB(int64_t n, const void *const *in, void *out, const PointwiseParams &) {
  const auto *a = static_cast<const uint16_t *>(in[0]), *b = static_cast<const uint16_t *>(in[1]);
  auto *o = static_cast<uint16_t *>(out);
  for (int64_t k = 0; k < n; ++k) {
    const float x = kBF16 ? aclcpu::BF16ToF32(a[k]) : aclcpu::F16ToF32(a[k]);
    const float y = kBF16 ? aclcpu::BF16ToF32(b[k]) : aclcpu::F16ToF32(b[k]);
    o[k] = kBF16 ? aclcpu::F32ToBF16(x + 2.0f * y) : aclcpu::F32ToF16(x + 2.0f * y);
  }
}

TEST(PointwiseEngine, Fused16PathWhereEveryOperandIsADenseRun) {
  const aclcpu::Fused16Kernels fused{FusedAPlusTwoB<false>, FusedAPlusTwoB<true>};
  struct Case {
    const char *name;
    DType a, b, out;
    std::vector<int64_t> dims, aStrides, bDims;
    bool fused, rows;
  };
  const Case cases[] = {
      {"bf16 dense", DType::kBF16, DType::kBF16, DType::kBF16, {33, 130}, {}, {33, 130}, true, false},
      {"f16 dense 0-d", DType::kF16, DType::kF16, DType::kF16, {}, {}, {}, true, false},
      {"bf16 slice of wider rows",
       DType::kBF16,
       DType::kBF16,
       DType::kBF16,
       {20, 300},
       {310, 1},
       {20, 300},
       true,
       true},
      {"f16 broadcast row", DType::kF16, DType::kF16, DType::kF16, {20, 300}, {}, {300}, true, true},
      {"bf16 with an f16 input", DType::kBF16, DType::kF16, DType::kBF16, {33, 130}, {}, {33, 130}, false, false},
      {"bf16 transposed", DType::kBF16, DType::kBF16, DType::kBF16, {70, 80}, {1, 70}, {70, 80}, false, false},
      {"f16 short broadcast rows", DType::kF16, DType::kF16, DType::kF16, {50, 40}, {}, {40}, false, false},
  };
  std::mt19937_64 rng(3);
  const UniformReal real(-4, 4);
  for (const Case &c : cases) {
    const TensorView av = View(c.a, c.dims, c.aStrides), bv = View(c.b, c.bDims), ov = View(c.out, c.dims);
    int64_t span = 1;
    for (int d = 0; d < av.rank; ++d) span += (av.dims[d] - 1) * av.strides[d];
    const auto acl = [](DType t) { return t == DType::kBF16 ? ACL_BF16 : ACL_FLOAT16; };
    Buffer a(acl(c.a), span), b(acl(c.b), bv.Numel()), fusedOut(acl(c.out), ov.Numel());
    for (int64_t i = 0; i < ov.Numel(); ++i) a.Put(At(av, i), Num::F(real(rng)));
    for (int64_t i = 0; i < bv.Numel(); ++i) b.Put(i, Num::F(real(rng)));
    Buffer stagedOut = fusedOut;
    const PointwiseInput in[2] = {PointwiseInput::Tensor(av), PointwiseInput::Tensor(bv)};
    const PointwisePlan withFused = aclcpu::PlanPointwise(APlusTwoB<float>, PointwiseParams{}, ComputeType::kF32,
                                                          ComputeType::kF32, in, 2, ov, DType::kOther, fused);
    const PointwisePlan staged =
        aclcpu::PlanPointwise(APlusTwoB<float>, PointwiseParams{}, ComputeType::kF32, ComputeType::kF32, in, 2, ov);
    EXPECT_EQ(withFused.fused != nullptr, c.fused) << c.name;
    if (c.fused) {
      EXPECT_EQ(withFused.rowBlocks > 0, c.rows) << c.name;
    }
    RunPlan(withFused, {a.data(), b.data()}, fusedOut.data());
    RunPlan(staged, {a.data(), b.data()}, stagedOut.data());
    EXPECT_EQ(fusedOut.bytes, stagedOut.bytes) << c.name;
  }
}

// The output-overlap rule (OpCheck::NoSelfOverlap): a stride-0 output of 2^142 elements is refused without
// any int128 overflow, and an empty output is accepted even when its other dims are huge.
TEST(PointwiseEngine, OverlappingOutputsRefusedEmptyOnesAccepted) {
  aclInit(nullptr);
  float storage[4] = {};
  const int64_t strides[3] = {0, 0, 1}, storageDims[1] = {4};
  const auto zero = [&](std::vector<int64_t> dims) {
    aclTensor *t =
        aclCreateTensor(dims.data(), dims.size(), ACL_FLOAT, strides, 0, ACL_FORMAT_ND, storageDims, 1, storage);
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    const aclnnStatus status = aclnnInplaceZeroGetWorkspaceSize(t, &ws, &ex);
    if (status == 0) aclDestroyAclOpExecutor(ex);
    aclDestroyTensor(t);
    return status;
  };
  EXPECT_EQ(zero({int64_t{1} << 40, int64_t{1} << 40, 0}), 0);
  EXPECT_EQ(zero({int64_t{1} << 62, int64_t{1} << 62, 0}), 0);  // the product passes 2^100 before the 0
  EXPECT_EQ(zero({int64_t{1} << 40, int64_t{1} << 40, 4}), 161002);
  EXPECT_EQ(zero({int64_t{1} << 40, int64_t{1} << 40, int64_t{1} << 62}), 161002);
  EXPECT_EQ(zero({1, 1, 4}), 0);
}

}  // namespace
}  // namespace aclcpu_test::pointwise_engine_test
