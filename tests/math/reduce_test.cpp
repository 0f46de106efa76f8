// aclnnReduceSum and aclnnMean: phase 1 as a table (every case of the vendor's op_api UT file
// math/reduce_sum/tests/ut/op_api/test_aclnn_reduce_sum.cpp with the A2's status, then our rows for each
// step of common-rules.md §9's check order), then numbers against a float64 (long double) reference: a
// grid of dtypes, shapes of rank 0-4, every subset of dims (negative spellings too), keepDims, strided and
// transposed views; mixed dtypes, empty and 0-d self, IEEE special values, long reductions, and 1 against
// 2 threads bit for bit.
#include <cmath>
#include <complex>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "aclnnop/aclnn_mean.h"
#include "aclnnop/aclnn_reduce_sum.h"
#include "base/half.h"
#include "base/reduce/reduction.h"
#include "common/simd_targets.h"
#include "common/test_tensor.h"
#include "common/ut_descriptors.h"

namespace aclcpu_test::reduce_test {
namespace {

constexpr aclnnStatus kOk = ACLNN_SUCCESS;
constexpr aclnnStatus kNull = ACLNN_ERR_PARAM_NULLPTR;     // 161001
constexpr aclnnStatus kInvalid = ACLNN_ERR_PARAM_INVALID;  // 161002

enum class Fn { kSum, kMean };

using IntArrayPtr = std::unique_ptr<aclIntArray, aclnnStatus (*)(const aclIntArray *)>;
IntArrayPtr MakeDims(const std::vector<int64_t> &dims) {
  return IntArrayPtr(aclCreateIntArray(dims.data(), dims.size()), aclDestroyIntArray);
}

aclnnStatus Phase1(Fn fn, const aclTensor *self, const aclIntArray *dims, bool keep, aclDataType dtype, aclTensor *out,
                   uint64_t *ws, aclOpExecutor **exec) {
  return fn == Fn::kSum ? aclnnReduceSumGetWorkspaceSize(self, dims, keep, dtype, out, ws, exec)
                        : aclnnMeanGetWorkspaceSize(self, dims, keep, dtype, out, ws, exec);
}
Phase2Fn Phase2Of(Fn fn) { return fn == Fn::kSum ? aclnnReduceSum : aclnnMean; }

// ---------------------------------------------------------------------------------------------------
// Phase 1 table.

struct UtRow {
  std::string name;
  Fn fn;
  Desc self;
  bool dimsPresent;
  std::vector<int64_t> dims;
  bool keep;
  aclDataType dtype;
  Desc out;
  aclnnStatus expected;
  std::string message;
  bool nullWorkspace = false, nullExecutor = false;
};

UtRow Sum(std::string name, Desc self, std::vector<int64_t> dims, bool keep, aclDataType dtype, Desc out,
          aclnnStatus st, std::string msg = "") {
  return {std::move(name), Fn::kSum, std::move(self), true, std::move(dims), keep, dtype,
          std::move(out),  st,       std::move(msg)};
}
UtRow Mean(std::string name, Desc self, std::vector<int64_t> dims, bool keep, aclDataType dtype, Desc out,
           aclnnStatus st, std::string msg = "") {
  return {std::move(name), Fn::kMean, std::move(self), true, std::move(dims), keep, dtype,
          std::move(out),  st,        std::move(msg)};
}
UtRow NoDims(UtRow r) {
  r.dimsPresent = false;
  return r;
}
Desc Strided(std::vector<int64_t> shape, aclDataType t, std::vector<int64_t> strides, std::vector<int64_t> storage) {
  return {std::move(shape), t, ACL_FORMAT_ND, true, std::move(strides), std::move(storage)};
}

std::vector<UtRow> VendorRows() {
  const auto F = ACL_FLOAT;
  return {
      // test_aclnn_reduce_sum.cpp (the null cases only expect "not 561103"; ours is 161001)
      Sum("vendor_nullptr_self", Null(), {0}, true, F, D({2, 4}), kNull, "self"),
      NoDims(Sum("vendor_nullptr_dim", D({2, 4}), {}, true, F, D({1, 4}), kNull, "dims")),
      Sum("vendor_nullptr_out", D({2, 4}), {0}, true, F, Null(), kNull, "out"),
      Sum("vendor_empty_self", D({2, 0}), {0}, true, F, D({1, 0}), kOk),
      Sum("vendor_dtype_float16", D({2, 4}, ACL_FLOAT16), {0}, true, ACL_FLOAT16, D({1, 4}, ACL_FLOAT16), kOk),
      Sum("vendor_dtype_float32", D({2, 4}), {0}, true, F, D({1, 4}), kOk),
      Sum("vendor_dtype_int64", D({2, 4}, ACL_INT64), {1}, true, ACL_INT64, D({2, 1}, ACL_INT64), kOk),
      Sum("vendor_dim_1", D({2, 4}), {1}, true, F, D({2, 1}), kOk),
      Sum("vendor_dim_neg1", D({2, 4}), {-1}, true, F, D({2, 1}), kOk),
      Sum("vendor_dim_neg1_0", D({2, 3, 4}), {-1, 0}, true, F, D({1, 3, 1}), kOk),
      Sum("vendor_dim_empty", D({2, 3, 4}), {}, true, F, D({}), kOk),
      Sum("vendor_dimension", D({2, 2, 1, 1, 1, 1, 1, 1, 1, 1}), {0}, true, F, D({1, 2, 1, 1, 1, 1, 1, 1, 1, 1}),
          kInvalid, "self rank"),
      Sum("vendor_self_float32_dtype_int64", D({2, 4}), {0}, true, ACL_INT64, D({1, 4}, ACL_INT64), kOk),
      Sum("vendor_self_bool_dtype_int64", D({2, 4}, ACL_BOOL), {0}, true, ACL_INT64, D({1, 4}, ACL_INT64), kOk),
      Sum("vendor_tensor_empty", D({2, 0, 4}), {1}, true, F, D({2, 4}), kOk),
      Sum("vendor_dim_invalid", D({2, 4}), {2}, true, F, D({1, 4}), kInvalid, "[-2, 1]"),
      Sum("vendor_self_float32_dtype_uint32", D({2, 4}), {0}, true, ACL_UINT32, D({1, 4}), kInvalid, "dtype"),
      Sum("vendor_self_float32_dtype_int32", D({2, 4}), {0}, true, ACL_INT32, D({1, 4}), kInvalid, "equal to dtype"),
  };
}

std::vector<UtRow> OurRows() {
  const auto F = ACL_FLOAT;
  std::vector<UtRow> rows = {
      // ReduceSum, step by step: null (self, dims, out) -> dtypes -> rank -> dims -> empty -> out shape.
      Sum("sum_null_self_and_out", Null(), {0}, true, F, Null(), kNull, "self"),
      NoDims(Sum("sum_null_dims_and_out", D({2, 4}), {}, true, F, Null(), kNull, "dims")),
      Sum("sum_self_dtype_uint32", D({2, 4}, ACL_UINT32), {0}, true, F, D({1, 4}), kInvalid, "self dtype"),
      Sum("sum_out_dtype_uint16", D({2, 4}), {0}, true, F, D({1, 4}, ACL_UINT16), kInvalid, "out dtype"),
      Sum("sum_self_dtype_before_dims", D({2, 4}, ACL_UINT32), {5}, true, F, D({1, 4}), kInvalid, "self dtype"),
      Sum("sum_out_dtype_before_rank", D({2, 2, 1, 1, 1, 1, 1, 1, 1}), {0}, true, F, D({1, 4}, ACL_INT32), kInvalid,
          "equal to dtype"),
      Sum("sum_rank_before_dims", D({2, 2, 1, 1, 1, 1, 1, 1, 1}), {9}, true, F, D({1}), kInvalid, "self rank"),
      Sum("sum_rank_8_ok", D({2, 2, 1, 1, 1, 1, 1, 2}), {0, 7}, false, F, D({2, 1, 1, 1, 1, 1}), kOk),
      Sum("sum_dim_below_range", D({2, 4}), {-3}, true, F, D({1, 4}), kInvalid, "[-2, 1]"),
      Sum("sum_dims_repeat", D({2, 4}), {1, -1}, true, F, D({2, 1}), kInvalid, "repeated"),
      // ReduceSum checks each dim's range and repetition in one pass: the repeat is reported first.
      Sum("sum_repeat_before_later_range", D({2, 4}), {0, 0, 5}, true, F, D({1, 4}), kInvalid, "repeated"),
      Sum("sum_0d_dim_0", D({}), {0}, true, F, D({}), kOk),
      Sum("sum_0d_dim_neg1", D({}), {-1}, false, F, D({1}), kOk),
      Sum("sum_0d_dim_1", D({}), {1}, true, F, D({}), kInvalid, "[-1, 0]"),
      Sum("sum_0d_out_two_elements", D({}), {}, true, F, D({2}), kInvalid, "reduced shape"),
      Sum("sum_dims_before_empty", D({2, 0}), {2}, true, F, D({2}), kInvalid, "[-2, 1]"),
      Sum("sum_empty_self_out_shape_ignored", D({2, 0}), {1}, true, F, D({7, 3}), kOk),
      Sum("sum_empty_self_complex_out", D({2, 0}, ACL_COMPLEX64), {1}, true, ACL_COMPLEX64, D({2, 1}, ACL_COMPLEX64),
          kInvalid, "self is empty"),
      Sum("sum_keepdims_false", D({2, 3, 4}), {1}, false, F, D({2, 4}), kOk),
      Sum("sum_keepdims_false_wrong_out", D({2, 3, 4}), {1}, false, F, D({2, 1, 4}), kInvalid, "reduced shape"),
      Sum("sum_keepdims_true_wrong_out", D({2, 3, 4}), {1}, true, F, D({2, 4}), kInvalid, "reduced shape"),
      Sum("sum_one_element_out_for_scalar_result", D({2, 3}), {}, false, F, D({1, 1}), kOk),
      Sum("sum_bool_dtype", D({2, 3}, ACL_BOOL), {1}, false, ACL_BOOL, D({2}, ACL_BOOL), kOk),
      Sum("sum_complex128", D({2, 3}, ACL_COMPLEX128), {0}, false, ACL_COMPLEX128, D({3}, ACL_COMPLEX128), kOk),
      Sum("sum_out_overlaps_itself", D({2, 3}), {1}, false, F, Strided({2}, F, {0}, {1}), kInvalid, "overlap"),
      Sum("sum_out_outside_storage", D({2, 3}), {1}, false, F, Strided({2}, F, {4}, {2}), kInvalid, "out"),
      Sum("sum_transposed_self", Strided({3, 2}, F, {1, 3}, {6}), {0}, false, F, D({2}), kOk),
      // Mean: null (self, dim, out) -> dtypes (self, dtype, out) -> CanCast -> dim -> ranks -> empty -> out shape.
      Mean("mean_null_self", Null(), {0}, true, F, D({1, 4}), kNull, "self"),
      NoDims(Mean("mean_null_dim", D({2, 4}), {}, true, F, D({1, 4}), kNull, "dim")),
      Mean("mean_null_out", D({2, 4}), {0}, true, F, Null(), kNull, "out"),
      Mean("mean_self_bool", D({2, 4}, ACL_BOOL), {0}, true, F, D({1, 4}), kInvalid, "self dtype"),
      Mean("mean_dtype_bool_before_out", D({2, 4}), {0}, true, ACL_BOOL, D({1, 4}, ACL_UINT32), kInvalid, "dtype in"),
      Mean("mean_out_uint32", D({2, 4}), {0}, true, F, D({1, 4}, ACL_UINT32), kInvalid, "out dtype"),
      Mean("mean_self_to_dtype_not_castable", D({2, 4}), {0}, true, ACL_INT32, D({1, 4}, ACL_INT32), kInvalid,
           "self to dtype"),
      Mean("mean_dtype_to_out_not_castable", D({2, 4}), {0}, true, F, D({1, 4}, ACL_INT32), kInvalid, "dtype to out"),
      Mean("mean_cast_before_dims", D({2, 4}), {7}, true, F, D({1, 4}, ACL_INT32), kInvalid, "dtype to out"),
      // Mean checks the range of every dim before any repetition.
      Mean("mean_range_before_repeat", D({2, 4}), {0, 0, 5}, true, F, D({1, 4}), kInvalid, "[-2, 1]"),
      Mean("mean_dims_repeat", D({2, 4}), {0, -2}, true, F, D({1, 4}), kInvalid, "repeated"),
      Mean("mean_dims_before_rank", D({2, 2, 1, 1, 1, 1, 1, 1, 1}), {9}, true, F, D({1}), kInvalid, "[-9, 8]"),
      Mean("mean_self_rank_9", D({2, 2, 1, 1, 1, 1, 1, 1, 1}), {0}, true, F, D({1}), kInvalid, "self rank"),
      Mean("mean_out_rank_9", D({2, 4}), {}, true, F, D({1, 1, 1, 1, 1, 1, 1, 1, 1}), kInvalid, "out rank"),
      Mean("mean_out_dtype_differs", D({2, 4}), {0}, true, F, D({1, 4}, ACL_FLOAT16), kOk),
      Mean("mean_integer_dtype", D({2, 4}, ACL_INT32), {0}, true, ACL_INT32, D({1, 4}, ACL_INT64), kOk),
      Mean("mean_int_self_float_dtype", D({2, 4}, ACL_INT8), {1}, false, ACL_FLOAT, D({2}, ACL_DOUBLE), kOk),
      Mean("mean_empty_self", D({2, 0}), {1}, true, F, D({5}), kOk),
      Mean("mean_empty_self_complex_out", D({2, 0}, ACL_COMPLEX64), {1}, true, ACL_COMPLEX64, D({2, 1}, ACL_COMPLEX64),
           kInvalid, "self is empty"),
      Mean("mean_wrong_out_shape", D({2, 3, 4}), {0, 2}, false, F, D({3, 1}), kInvalid, "reduced shape"),
      Mean("mean_0d", D({}, ACL_DOUBLE), {}, false, ACL_DOUBLE, D({1}, ACL_DOUBLE), kOk),
      Mean("mean_out_overlaps_itself", D({2, 3}), {1}, false, F, Strided({2}, F, {0}, {1}), kInvalid, "overlap"),
  };
  UtRow noWs = Sum("sum_null_workspace_size", D({2, 4}), {0}, true, F, D({1, 4}), kNull, "workspaceSize");
  noWs.nullWorkspace = true;
  UtRow noEx = Mean("mean_null_executor", D({2, 4}), {0}, true, F, D({1, 4}), kNull, "executor");
  noEx.nullExecutor = true;
  rows.push_back(noWs);
  rows.push_back(noEx);
  return rows;
}

void PrintTo(const UtRow &r, std::ostream *os) { *os << r.name; }

class ReduceUt : public ::testing::TestWithParam<UtRow> {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

TEST_P(ReduceUt, Status) {
  const UtRow &r = GetParam();
  Descriptors descs;
  IntArrayPtr dims = MakeDims(r.dims);
  uint64_t ws = 0;
  aclOpExecutor *exec = nullptr;
  const aclnnStatus status =
      Phase1(r.fn, descs.Make(r.self), r.dimsPresent ? dims.get() : nullptr, r.keep, r.dtype, descs.Make(r.out),
             r.nullWorkspace ? nullptr : &ws, r.nullExecutor ? nullptr : &exec);
  EXPECT_EQ(status, r.expected);
  if (status != kOk && !r.message.empty()) ExpectErrorMessage(r.message);
  if (status == kOk) aclDestroyAclOpExecutor(exec);
}

std::vector<UtRow> AllRows() {
  std::vector<UtRow> rows = VendorRows();
  for (UtRow &r : OurRows()) rows.push_back(std::move(r));
  return rows;
}

INSTANTIATE_TEST_SUITE_P(Table, ReduceUt, ::testing::ValuesIn(AllRows()),
                         [](const ::testing::TestParamInfo<UtRow> &info) { return info.param.name; });

// ---------------------------------------------------------------------------------------------------
// Numbers.

bool IsFloating(aclDataType t) { return t == ACL_FLOAT || t == ACL_FLOAT16 || t == ACL_BF16 || t == ACL_DOUBLE; }
bool IsComplex(aclDataType t) { return t == ACL_COMPLEX64 || t == ACL_COMPLEX128; }
int Components(aclDataType t) { return IsComplex(t) ? 2 : 1; }

// Writes / reads one element (both parts for complex) of any dtype the tests use.
void PutValue(aclDataType t, unsigned char *p, double re, double im) {
  switch (t) {
    case ACL_FLOAT16: {
      const uint16_t h = aclcpu::F32ToF16(static_cast<float>(re));
      std::memcpy(p, &h, 2);
      return;
    }
    case ACL_BF16: {
      const uint16_t h = aclcpu::F32ToBF16(static_cast<float>(re));
      std::memcpy(p, &h, 2);
      return;
    }
    case ACL_FLOAT: {
      const auto f = static_cast<float>(re);
      std::memcpy(p, &f, 4);
      return;
    }
    case ACL_DOUBLE: std::memcpy(p, &re, 8); return;
    case ACL_COMPLEX64: {
      const float c[2] = {static_cast<float>(re), static_cast<float>(im)};
      std::memcpy(p, c, 8);
      return;
    }
    case ACL_COMPLEX128: {
      const double c[2] = {re, im};
      std::memcpy(p, c, 16);
      return;
    }
    case ACL_BOOL: *p = re != 0 ? 1 : 0; return;
    case ACL_INT8: {
      const auto v = static_cast<int8_t>(static_cast<int64_t>(re));
      std::memcpy(p, &v, 1);
      return;
    }
    case ACL_UINT8: *p = static_cast<uint8_t>(static_cast<int64_t>(re)); return;
    case ACL_INT16: {
      const auto v = static_cast<int16_t>(static_cast<int64_t>(re));
      std::memcpy(p, &v, 2);
      return;
    }
    case ACL_INT32: {
      const auto v = static_cast<int32_t>(static_cast<int64_t>(re));
      std::memcpy(p, &v, 4);
      return;
    }
    default: {
      const auto v = static_cast<int64_t>(re);
      std::memcpy(p, &v, 8);
      return;
    }
  }
}

void GetValue(aclDataType t, const unsigned char *p, double *re, double *im) {
  *im = 0;
  switch (t) {
    case ACL_FLOAT16: {
      uint16_t h;
      std::memcpy(&h, p, 2);
      *re = aclcpu::F16ToF32(h);
      return;
    }
    case ACL_BF16: {
      uint16_t h;
      std::memcpy(&h, p, 2);
      *re = aclcpu::BF16ToF32(h);
      return;
    }
    case ACL_FLOAT: {
      float f;
      std::memcpy(&f, p, 4);
      *re = f;
      return;
    }
    case ACL_DOUBLE: std::memcpy(re, p, 8); return;
    case ACL_COMPLEX64: {
      float c[2];
      std::memcpy(c, p, 8);
      *re = c[0];
      *im = c[1];
      return;
    }
    case ACL_COMPLEX128: {
      double c[2];
      std::memcpy(c, p, 16);
      *re = c[0];
      *im = c[1];
      return;
    }
    case ACL_BOOL: *re = *p; return;
    case ACL_INT8: *re = static_cast<int8_t>(*p); return;
    case ACL_UINT8: *re = *p; return;
    case ACL_INT16: {
      int16_t v;
      std::memcpy(&v, p, 2);
      *re = v;
      return;
    }
    case ACL_INT32: {
      int32_t v;
      std::memcpy(&v, p, 4);
      *re = v;
      return;
    }
    default: {
      int64_t v;
      std::memcpy(&v, p, 8);
      *re = static_cast<double>(v);
      return;
    }
  }
}

// values: numel x components doubles in row-major order.
void FillAny(DeviceTensor &t, const std::vector<double> &values) {
  std::vector<unsigned char> host = t.Bytes();
  const int k = Components(t.dtype());
  const auto size = static_cast<int64_t>(aclDataTypeSize(t.dtype()));
  for (int64_t i = 0; i < t.numel(); ++i)
    PutValue(t.dtype(), host.data() + t.OffsetOf(i) * size, values[static_cast<size_t>(i * k)],
             k == 2 ? values[static_cast<size_t>(i * k + 1)] : 0.0);
  aclrtMemcpy(t.device(), host.size(), host.data(), host.size(), ACL_MEMCPY_HOST_TO_DEVICE);
}

std::vector<double> ReadAny(const DeviceTensor &t) {
  const std::vector<unsigned char> host = t.Bytes();
  const int k = Components(t.dtype());
  const auto size = static_cast<int64_t>(aclDataTypeSize(t.dtype()));
  std::vector<double> out(static_cast<size_t>(t.numel() * k));
  for (int64_t i = 0; i < t.numel(); ++i) {
    double re, im;
    GetValue(t.dtype(), host.data() + t.OffsetOf(i) * size, &re, &im);
    out[static_cast<size_t>(i * k)] = re;
    if (k == 2) out[static_cast<size_t>(i * k + 1)] = im;
  }
  return out;
}

// Values the dtype holds exactly: multiples of 1/8 in [-4, 4] for floating (and complex) dtypes, small
// integers for integer dtypes, 0/1 for BOOL.
std::vector<double> RandomFor(aclDataType t, int64_t n, std::mt19937_64 &rng) {
  std::vector<double> v(static_cast<size_t>(n * Components(t)));
  std::uniform_int_distribution<int> small(-32, 32), bit(0, 1), wide(-1000, 1000);
  for (double &x : v) {
    if (t == ACL_BOOL)
      x = bit(rng);
    else if (t == ACL_INT32 || t == ACL_INT64)
      x = wide(rng);
    else if (t == ACL_INT8 || t == ACL_INT16 || t == ACL_UINT8)
      x = std::abs(small(rng));
    else
      x = small(rng) / 8.0;
  }
  return v;
}

// The reduced shape and which output each input element feeds.
std::vector<int64_t> OutShapeOf(const std::vector<int64_t> &shape, uint32_t mask, bool keep) {
  std::vector<int64_t> s;
  for (size_t d = 0; d < shape.size(); ++d) {
    if (((mask >> d) & 1u) == 0)
      s.push_back(shape[d]);
    else if (keep)
      s.push_back(1);
  }
  return s;
}

struct Reference {
  std::vector<double> values;  // numel(out) x components of out
  std::vector<double> sumAbs;  // per output: sum of |x| of its inputs (the scale of rounding errors)
};

// float64 reference (long double sums; integer sums exact; BOOL dtype an OR; integer mean truncated).
Reference ReferenceOf(Fn fn, const std::vector<int64_t> &shape, const std::vector<double> &in, aclDataType selfType,
                      uint32_t mask, aclDataType dtype, aclDataType outType) {
  const int64_t numel = NumelOf(shape);
  int64_t outer = 1, count = 1;
  for (size_t d = 0; d < shape.size(); ++d) ((mask >> d) & 1u ? count : outer) *= shape[d];
  const int kin = Components(selfType), k = Components(dtype);
  std::vector<long double> acc(static_cast<size_t>(outer * 2), 0.0L);
  std::vector<int64_t> iacc(static_cast<size_t>(outer), 0);
  Reference r;
  r.sumAbs.assign(static_cast<size_t>(outer), 0.0);
  for (int64_t i = 0; i < numel; ++i) {
    int64_t rest = i, j = 0, scale = 1;
    for (size_t d = shape.size(); d-- > 0;) {
      const int64_t idx = rest % shape[d];
      rest /= shape[d];
      if (((mask >> d) & 1u) == 0) {
        j += idx * scale;
        scale *= shape[d];
      }
    }
    double re = in[static_cast<size_t>(i * kin)], im = kin == 2 ? in[static_cast<size_t>(i * kin + 1)] : 0.0;
    if (dtype == ACL_BOOL)
      re = re != 0 ? 1 : 0;
    else if (!IsFloating(dtype) && !IsComplex(dtype))
      re = std::trunc(re);
    else
      re = RoundTo(dtype, re), im = RoundTo(dtype, im);
    acc[static_cast<size_t>(2 * j)] += re;
    acc[static_cast<size_t>(2 * j + 1)] += im;
    if (!IsFloating(dtype) && !IsComplex(dtype)) iacc[static_cast<size_t>(j)] += static_cast<int64_t>(re);
    r.sumAbs[static_cast<size_t>(j)] += std::fabs(re) + std::fabs(im);
  }
  const int kout = Components(outType);
  for (int64_t j = 0; j < outer; ++j) {
    double re, im = 0;
    if (dtype == ACL_BOOL) {
      re = iacc[static_cast<size_t>(j)] != 0 ? 1 : 0;
    } else if (!IsFloating(dtype) && !IsComplex(dtype)) {
      int64_t v = iacc[static_cast<size_t>(j)];
      if (fn == Fn::kMean) v /= count;
      re = static_cast<double>(v);
    } else {
      long double a = acc[static_cast<size_t>(2 * j)], b = acc[static_cast<size_t>(2 * j + 1)];
      if (fn == Fn::kMean) a /= count, b /= count;
      re = RoundTo(dtype, static_cast<double>(a));
      im = RoundTo(dtype, static_cast<double>(b));
      if (!IsComplex(outType)) re = RoundTo(outType, re);
    }
    r.values.push_back(re);
    if (kout == 2) r.values.push_back(im);
    (void)k;
  }
  return r;
}

struct Outcome {
  aclnnStatus status = kOk;
  std::vector<double> values;
  std::vector<unsigned char> bytes;
};

Outcome RunOp(Fn fn, DeviceTensor &self, const std::vector<int64_t> &dims, bool keep, aclDataType dtype,
              DeviceTensor &out, int threads = 0) {
  IntArrayPtr d = MakeDims(dims);
  uint64_t ws = 0;
  aclOpExecutor *exec = nullptr;
  Outcome o;
  o.status =
      Phase1WithThreads(threads, [&] { return Phase1(fn, self.get(), d.get(), keep, dtype, out.get(), &ws, &exec); });
  if (o.status != kOk) return o;
  o.status = RunPhase2(Phase2Of(fn), ws, exec);
  o.values = ReadAny(out);
  o.bytes = out.Bytes();
  return o;
}

// Checks `got` against the reference: integers and BOOL exactly, floating values within one ulp of the
// dtype at the reference (plus the accumulated rounding of double sums), special values exactly.
void ExpectNear(const std::vector<double> &got, const Reference &ref, aclDataType dtype, aclDataType outType,
                const std::string &what) {
  ASSERT_EQ(got.size(), ref.values.size()) << what;
  const int k = Components(outType);
  for (size_t i = 0; i < got.size(); ++i) {
    const double r = ref.values[i];
    if (!IsFloating(dtype) && !IsComplex(dtype)) {
      EXPECT_EQ(got[i], r) << what << " at " << i;
      continue;
    }
    const double scale = ref.sumAbs[i / static_cast<size_t>(k)];
    const double tol =
        UlpAt(IsComplex(dtype) ? dtype : outType, std::fabs(r)) + UlpAt(dtype, std::fabs(r)) + 1e-13 * scale;
    EXPECT_TRUE(SpecialExactOrNear(got[i], r, tol)) << what << " at " << i;
  }
}

std::string ShapeLabel(const std::vector<int64_t> &s) {
  std::string r = "[";
  for (size_t i = 0; i < s.size(); ++i) r += (i ? "," : "") + std::to_string(s[i]);
  return r + "]";
}

class ReduceNumeric : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

// Every dtype, shape of rank 0-4, subset of dims (spelled negative for odd subsets), keepDims, and three
// layouts of self, for both operators.
TEST_F(ReduceNumeric, GridAgainstFloat64) {
  const std::vector<std::vector<int64_t>> shapes = {{}, {7}, {3, 5}, {2, 3, 4}, {2, 3, 4, 5}, {1, 6, 1, 3}};
  const aclDataType dtypes[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE,
                                ACL_INT32, ACL_INT64,   ACL_BOOL, ACL_COMPLEX64};
  std::mt19937_64 rng(7);
  int cases = 0;
  for (const Fn fn : {Fn::kSum, Fn::kMean}) {
    for (aclDataType t : dtypes) {
      if (fn == Fn::kMean && t == ACL_BOOL) continue;
      for (const auto &shape : shapes) {
        const size_t rank = shape.size();
        const uint32_t subsets = rank == 0 ? 2u : 1u << rank;
        for (uint32_t sub = 0; sub < subsets; ++sub) {
          std::vector<int64_t> dims;
          for (size_t d = 0; d < std::max<size_t>(rank, 1); ++d)
            if ((sub >> d) & 1u)
              dims.push_back(sub % 2 ? static_cast<int64_t>(d) - static_cast<int64_t>(std::max<size_t>(rank, 1))
                                     : static_cast<int64_t>(d));
          const uint32_t mask = dims.empty() ? (rank == 0 ? 0u : (1u << rank) - 1) : (rank == 0 ? 0u : sub);
          for (const bool keep : {false, true}) {
            for (int layout = 0; layout < 3; ++layout) {
              const Layout l = layout == 0   ? Layout::Dense()
                               : layout == 1 ? Layout::Padded(rank)
                                             : Layout::Transposed(rank);
              DeviceTensor self(shape, t, l);
              const std::vector<double> in = RandomFor(t, self.numel(), rng);
              FillAny(self, in);
              const auto outShape = OutShapeOf(shape, mask, keep);
              DeviceTensor out(outShape, t, layout == 2 ? Layout::Transposed(outShape.size()) : Layout::Dense());
              const std::string what = std::string(fn == Fn::kSum ? "sum " : "mean ") + DTypeLabel(t) + " " +
                                       ShapeLabel(shape) + " dims " + ShapeLabel(dims) + (keep ? " keep" : "") +
                                       " layout " + std::to_string(layout);
              const Outcome o = RunOp(fn, self, dims, keep, t, out);
              ASSERT_EQ(o.status, kOk) << what;
              ExpectNear(o.values, ReferenceOf(fn, shape, in, t, mask, t, t), t, t, what);
              ++cases;
            }
          }
        }
      }
    }
  }
  EXPECT_GT(cases, 2000);
}

// self cast to dtype first, then reduced in dtype, then cast to out.
TEST_F(ReduceNumeric, MixedDtypes) {
  {  // ReduceSum FLOAT self, INT32 dtype: each element truncated before the sum.
    DeviceTensor self({4}, ACL_FLOAT), out({}, ACL_INT32);
    FillAny(self, {1.5, 2.75, -0.5, 3.9});
    const Outcome o = RunOp(Fn::kSum, self, {}, false, ACL_INT32, out);
    ASSERT_EQ(o.status, kOk);
    EXPECT_EQ(o.values[0], 6);
  }
  {  // ReduceSum BOOL dtype: logical OR.
    DeviceTensor self({2, 3}, ACL_FLOAT), out({2}, ACL_BOOL);
    FillAny(self, {0, 0.5, 0, 0, -0.0, 0});
    const Outcome o = RunOp(Fn::kSum, self, {1}, false, ACL_BOOL, out);
    ASSERT_EQ(o.status, kOk);
    EXPECT_EQ(o.values, (std::vector<double>{1, 0}));
  }
  {  // ReduceSum BOOL self, INT64 dtype: the count of true.
    DeviceTensor self({5}, ACL_BOOL), out({1}, ACL_INT64);
    FillAny(self, {1, 0, 1, 1, 0});
    const Outcome o = RunOp(Fn::kSum, self, {0}, true, ACL_INT64, out);
    ASSERT_EQ(o.status, kOk);
    EXPECT_EQ(o.values[0], 3);
  }
  {  // ReduceSum FLOAT self in FLOAT16: elements rounded to fp16 first (2049 -> 2048), sum rounded to fp16.
    DeviceTensor self({2}, ACL_FLOAT), out({}, ACL_FLOAT16);
    FillAny(self, {2049, 1});
    const Outcome o = RunOp(Fn::kSum, self, {}, false, ACL_FLOAT16, out);
    ASSERT_EQ(o.status, kOk);
    EXPECT_EQ(o.values[0], 2048);  // 2048 + 1 = 2049 rounds to even: 2048
  }
  {  // Mean of an integer dtype: exact sum divided by the count, truncated toward zero.
    DeviceTensor self({2, 2}, ACL_INT32), out({2}, ACL_INT32);
    FillAny(self, {-3, -4, 3, 4});
    const Outcome o = RunOp(Fn::kMean, self, {1}, false, ACL_INT32, out);
    ASSERT_EQ(o.status, kOk);
    EXPECT_EQ(o.values, (std::vector<double>{-3, 3}));
  }
  {  // Mean INT32 self in FLOAT, written to FLOAT16.
    DeviceTensor self({3}, ACL_INT32), out({}, ACL_FLOAT16);
    FillAny(self, {1, 2, 2});
    const Outcome o = RunOp(Fn::kMean, self, {}, false, ACL_FLOAT, out);
    ASSERT_EQ(o.status, kOk);
    EXPECT_EQ(o.values[0], RoundTo(ACL_FLOAT16, static_cast<float>(5.0 / 3.0)));
  }
  {  // Mean FLOAT16 self in DOUBLE, out DOUBLE: no fp16 rounding of the result.
    DeviceTensor self({3}, ACL_FLOAT16), out({}, ACL_DOUBLE);
    FillAny(self, {1, 1, 2});
    const Outcome o = RunOp(Fn::kMean, self, {}, false, ACL_DOUBLE, out);
    ASSERT_EQ(o.status, kOk);
    EXPECT_EQ(o.values[0], 4.0 / 3.0);
  }
  {  // Integer sums wrap around (INT32: the low 32 bits of the int64 sum; INT64 modulo 2^64).
    DeviceTensor self({2}, ACL_INT32), out({}, ACL_INT32);
    FillAny(self, {2147483647.0, 1});
    const Outcome o = RunOp(Fn::kSum, self, {}, false, ACL_INT32, out);
    ASSERT_EQ(o.status, kOk);
    EXPECT_EQ(o.values[0], -2147483648.0);
    DeviceTensor self64({2}, ACL_INT64), out64({}, ACL_INT64);
    std::vector<unsigned char> host = self64.Bytes();
    const int64_t v[2] = {INT64_MAX, 1};
    std::memcpy(host.data(), v, 16);
    aclrtMemcpy(self64.device(), host.size(), host.data(), host.size(), ACL_MEMCPY_HOST_TO_DEVICE);
    const Outcome o64 = RunOp(Fn::kSum, self64, {}, false, ACL_INT64, out64);
    ASSERT_EQ(o64.status, kOk);
    int64_t got;
    std::memcpy(&got, o64.bytes.data(), 8);
    EXPECT_EQ(got, INT64_MIN);
  }
  {  // COMPLEX128 mean.
    DeviceTensor self({2}, ACL_COMPLEX128), out({}, ACL_COMPLEX128);
    FillAny(self, {1, 2, 3, -6});
    const Outcome o = RunOp(Fn::kMean, self, {}, false, ACL_COMPLEX128, out);
    ASSERT_EQ(o.status, kOk);
    EXPECT_EQ(o.values, (std::vector<double>{2, -2}));
  }
}

TEST_F(ReduceNumeric, EmptyAndZeroDim) {
  {  // Empty self: ReduceSum writes 0 to every element of out, whatever out's shape.
    DeviceTensor self({2, 0}, ACL_FLOAT), out({3}, ACL_FLOAT);
    const Outcome o = RunOp(Fn::kSum, self, {1}, false, ACL_FLOAT, out);
    ASSERT_EQ(o.status, kOk);
    EXPECT_EQ(o.values, (std::vector<double>{0, 0, 0}));
  }
  {  // Mean writes NaN; an INT32 out gets NaN's INT32 conversion (INT32_MIN).
    DeviceTensor self({0, 4}, ACL_FLOAT), out({4}, ACL_FLOAT), iout({2}, ACL_INT32);
    const Outcome o = RunOp(Fn::kMean, self, {0}, false, ACL_FLOAT, out);
    ASSERT_EQ(o.status, kOk);
    for (double v : o.values) EXPECT_TRUE(std::isnan(v));
    DeviceTensor iself({0}, ACL_INT32);
    const Outcome oi = RunOp(Fn::kMean, iself, {}, false, ACL_INT32, iout);
    ASSERT_EQ(oi.status, kOk);
    EXPECT_EQ(oi.values, (std::vector<double>{-2147483648.0, -2147483648.0}));
  }
  {  // Empty self and empty out: nothing to do.
    DeviceTensor self({2, 0}, ACL_FLOAT), out({0}, ACL_FLOAT);
    EXPECT_EQ(RunOp(Fn::kSum, self, {0}, false, ACL_FLOAT, out).status, kOk);
  }
  {  // 0-d self: its value (cast), for dims {}, {0}, {-1}.
    for (const std::vector<int64_t> &dims : {std::vector<int64_t>{}, {0}, {-1}}) {
      DeviceTensor self({}, ACL_DOUBLE), out({1}, ACL_DOUBLE);
      FillAny(self, {2.5});
      Outcome o = RunOp(Fn::kSum, self, dims, true, ACL_DOUBLE, out);
      ASSERT_EQ(o.status, kOk);
      EXPECT_EQ(o.values[0], 2.5);
      o = RunOp(Fn::kMean, self, dims, false, ACL_DOUBLE, out);
      ASSERT_EQ(o.status, kOk);
      EXPECT_EQ(o.values[0], 2.5);
    }
  }
}

// IEEE special values come out as the math says, on short and chunked (> 4096) reductions.
TEST_F(ReduceNumeric, SpecialValues) {
  for (aclDataType t : {ACL_DOUBLE, ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
    for (int64_t n : {int64_t{5}, int64_t{10000}}) {
      const auto sumOf = [&](const std::vector<double> &v, Fn fn = Fn::kSum) {
        DeviceTensor self({static_cast<int64_t>(v.size())}, t), out({}, t);
        FillAny(self, v);
        const Outcome o = RunOp(fn, self, {}, false, t, out);
        EXPECT_EQ(o.status, kOk);
        return o.values.empty() ? 0.0 : o.values[0];
      };
      std::vector<double> v(static_cast<size_t>(n), 1.0);
      v[1] = HUGE_VAL;
      EXPECT_EQ(sumOf(v), HUGE_VAL) << DTypeLabel(t) << " " << n;
      EXPECT_EQ(sumOf(v, Fn::kMean), HUGE_VAL) << DTypeLabel(t) << " " << n;
      v[static_cast<size_t>(n - 1)] = -HUGE_VAL;
      EXPECT_TRUE(std::isnan(sumOf(v))) << DTypeLabel(t) << " " << n;
      v.assign(static_cast<size_t>(n), -2.0);
      v[static_cast<size_t>(n / 2)] = std::nan("");
      EXPECT_TRUE(std::isnan(sumOf(v))) << DTypeLabel(t) << " " << n;
      v.assign(static_cast<size_t>(n), -0.0);
      double s = sumOf(v);
      EXPECT_TRUE(s == 0 && std::signbit(s)) << "a sum of -0s is -0: " << DTypeLabel(t) << " " << n;
      s = sumOf(v, Fn::kMean);
      EXPECT_TRUE(s == 0 && std::signbit(s)) << DTypeLabel(t) << " " << n;
      v[3] = 0.0;
      s = sumOf(v);
      EXPECT_TRUE(s == 0 && !std::signbit(s)) << DTypeLabel(t) << " " << n;
      v.assign(static_cast<size_t>(n), 0.0);
      v[2] = -HUGE_VAL;
      EXPECT_EQ(sumOf(v), -HUGE_VAL) << DTypeLabel(t) << " " << n;
    }
  }
}

// Reductions longer than 100k elements, innermost and strided, against float64; 1 and 2 threads give
// the same bytes.
TEST_F(ReduceNumeric, LongReductionsAndThreads) {
  struct Case {
    std::vector<int64_t> shape;
    std::vector<int64_t> dims;
    int layout;
  };
  const std::vector<Case> cases = {{{300001}, {}, 0},   {{3, 150000}, {1}, 0},      {{150000, 3}, {0}, 0},
                                   {{400, 700}, {}, 2}, {{2, 60000, 3}, {0, 1}, 1}, {{520, 9, 40}, {-1, 0}, 0}};
  std::mt19937_64 rng(11);
  for (aclDataType t : {ACL_FLOAT, ACL_DOUBLE, ACL_FLOAT16, ACL_BF16, ACL_INT32, ACL_COMPLEX64}) {
    for (const Case &c : cases) {
      for (const Fn fn : {Fn::kSum, Fn::kMean}) {
        const Layout l = c.layout == 0   ? Layout::Dense()
                         : c.layout == 1 ? Layout::Padded(c.shape.size())
                                         : Layout::Transposed(c.shape.size());
        DeviceTensor self(c.shape, t, l);
        std::vector<double> in = RandomFor(t, self.numel(), rng);
        if (IsFloating(t) || IsComplex(t))  // not exactly representable: rounding differences show
          for (double &x : in) x = RoundTo(t, x * 1.1 + 0.01);
        FillAny(self, in);
        uint32_t mask = 0;
        for (int64_t d : c.dims) mask |= 1u << (d < 0 ? d + static_cast<int64_t>(c.shape.size()) : d);
        if (c.dims.empty()) mask = (1u << c.shape.size()) - 1;
        const auto outShape = OutShapeOf(c.shape, mask, false);
        DeviceTensor out1(outShape, t), out2(outShape, t);
        const std::string what = std::string(fn == Fn::kSum ? "sum " : "mean ") + DTypeLabel(t) + " " +
                                 ShapeLabel(c.shape) + " dims " + ShapeLabel(c.dims);
        const Outcome o1 = RunOp(fn, self, c.dims, false, t, out1, 1);
        const Outcome o2 = RunOp(fn, self, c.dims, false, t, out2, 2);
        ASSERT_EQ(o1.status, kOk) << what;
        ASSERT_EQ(o2.status, kOk) << what;
        EXPECT_EQ(o1.bytes, o2.bytes) << what << ": 1 and 2 threads differ";
        ExpectNear(o1.values, ReferenceOf(fn, c.shape, in, t, mask, t, t), t, t, what);
      }
    }
  }
}

// The engine's order of additions (reduction.h): chunks of 4096 values added in order from -0.0, each
// chunk striped: value i into accumulator i % 32 (each from -0.0, in turn), then the 32 accumulators folded:
// a[r] += a[r + 16] for r < 16, then a[r] += a[r + 8] for r < 8, and so on to a[0] += a[1]; all in double.
// Written out here independently of the engine's code, so that a change of order shows.
double EngineChunk(const double *x, int64_t n) {
  double a[32];
  for (double &v : a) v = -0.0;
  for (int64_t i = 0; i < n; ++i) a[i % 32] += x[i];
  double h16[16], h8[8], h4[4];
  for (int r = 0; r < 16; ++r) h16[r] = a[r] + a[r + 16];
  for (int r = 0; r < 8; ++r) h8[r] = h16[r] + h16[r + 8];
  for (int r = 0; r < 4; ++r) h4[r] = h8[r] + h8[r + 4];
  return (h4[0] + h4[2]) + (h4[1] + h4[3]);
}
double EngineSum(const std::vector<double> &x) {
  double s = -0.0;
  for (size_t c = 0; c < x.size(); c += 4096)
    s += EngineChunk(x.data() + c, std::min<int64_t>(4096, static_cast<int64_t>(x.size() - c)));
  return s;
}

// The chunk sums of dense FLOAT16 and BF16 runs (widened in registers; on AVX-512, bf16 pairs split into
// even and odd stripes) add in exactly EngineChunk's order on every SIMD target: every length from 0 to 100
// (each ragged tail) and whole chunks, values of mixed magnitudes so that any change of order shows.
TEST_F(ReduceNumeric, SixteenBitChunkSumsKeepTheOrderOfAdditions) {
  std::mt19937_64 rng(29);
  const UniformReal mantissa(-1.0, 1.0);
  std::uniform_int_distribution<int> exponent(-12, 12);
  for (const bool bf16 : {false, true}) {
    std::vector<uint16_t> bits(4096);
    std::vector<double> values(bits.size());
    for (size_t i = 0; i < bits.size(); ++i) {
      const auto x = static_cast<float>(std::ldexp(mantissa(rng), exponent(rng)));
      bits[i] = bf16 ? aclcpu::F32ToBF16(x) : aclcpu::F32ToF16(x);
      values[i] = bf16 ? aclcpu::BF16ToF32(bits[i]) : aclcpu::F16ToF32(bits[i]);
    }
    std::vector<int64_t> lengths;
    for (int64_t n = 0; n <= 100; ++n) lengths.push_back(n);
    for (int64_t n : {1000, 4064, 4095, 4096}) lengths.push_back(n);
    ForEachSimdTarget([&] {
      for (int64_t n : lengths) {
        const double expected = EngineChunk(values.data(), n), got = aclcpu::StripedSum16(bits.data(), n, bf16);
        ASSERT_EQ(std::memcmp(&expected, &got, sizeof(double)), 0)
            << (bf16 ? "bf16" : "f16") << " n " << n << ": " << got << " against " << expected;
      }
    });
  }
}

// Sums over outer dims take the column path (tiles of up to 1024 adjacent outputs summed row by row):
// ragged tiles, several chunks, merged reduced dims, several lines of tiles, padded and transposed views;
// the last cases take the row path. 1 and 2 threads give the same bytes, the values match float64, and
// FLOAT and DOUBLE results are exactly those of the one-output-at-a-time order above on both paths, on
// every SIMD target.
TEST_F(ReduceNumeric, ColumnTilesKeepTheOrderOfAdditions) {
  struct Case {
    std::vector<int64_t> shape;
    std::vector<int64_t> dims;
    int layout;
  };
  const std::vector<Case> cases = {{{37, 300}, {0}, 0},
                                   {{40, 2500}, {0}, 0},  // tiles of 1024, 1024 and 452 outputs
                                   {{9000, 40}, {0}, 0},
                                   {{5, 70, 33}, {0, 1}, 0},
                                   {{3, 2000, 17}, {1}, 1},
                                   {{300, 37}, {1}, 2},
                                   {{2, 2100, 300}, {0, 1}, 0},
                                   // Row path (one output at a time), for the same model: one chunk with a
                                   // ragged stripe, several chunks with a ragged last one, a sum of all dims.
                                   {{70, 33}, {1}, 0},
                                   {{70, 33}, {1}, 1},  // rows a padded stride apart (the dense-rows kernel)
                                   {{5, 9000}, {1}, 0},
                                   {{3, 4099}, {0, 1}, 0}};
  std::mt19937_64 rng(13);
  for (aclDataType t : {ACL_FLOAT, ACL_DOUBLE, ACL_FLOAT16, ACL_BF16, ACL_INT32, ACL_COMPLEX64}) {
    for (const Case &c : cases) {
      for (const Fn fn : {Fn::kSum, Fn::kMean}) {
        const Layout l = c.layout == 0   ? Layout::Dense()
                         : c.layout == 1 ? Layout::Padded(c.shape.size())
                                         : Layout::Transposed(c.shape.size());
        DeviceTensor self(c.shape, t, l);
        std::vector<double> in = RandomFor(t, self.numel(), rng);
        if (IsFloating(t) || IsComplex(t))  // not exactly representable: rounding differences show
          for (double &x : in) x = RoundTo(t, x * 1.1 + 0.01);
        FillAny(self, in);
        uint32_t mask = 0;
        for (int64_t d : c.dims) mask |= 1u << d;
        const auto outShape = OutShapeOf(c.shape, mask, false);
        DeviceTensor out1(outShape, t), out2(outShape, t);
        const std::string what = std::string(fn == Fn::kSum ? "sum " : "mean ") + DTypeLabel(t) + " " +
                                 ShapeLabel(c.shape) + " dims " + ShapeLabel(c.dims) + " layout " +
                                 std::to_string(c.layout);
        const Outcome o1 = RunOp(fn, self, c.dims, false, t, out1, 1);
        const Outcome o2 = RunOp(fn, self, c.dims, false, t, out2, 2);
        ASSERT_EQ(o1.status, kOk) << what;
        ASSERT_EQ(o2.status, kOk) << what;
        EXPECT_EQ(o1.bytes, o2.bytes) << what << ": 1 and 2 threads differ";
        ExpectNear(o1.values, ReferenceOf(fn, c.shape, in, t, mask, t, t), t, t, what);
        if (t != ACL_FLOAT && t != ACL_DOUBLE) continue;
        // The order does not depend on the vector width: every SIMD target gives the same bytes.
        ForEachSimdTarget([&] {
          DeviceTensor outT(outShape, t);
          const Outcome oT = RunOp(fn, self, c.dims, false, t, outT, 2);
          ASSERT_EQ(oT.status, kOk) << what;
          EXPECT_EQ(oT.bytes, o1.bytes) << what;
        });
        // Each output's values in the order the engine walks them (row-major over the reduced dims).
        const int64_t outputs = NumelOf(outShape), count = self.numel() / outputs;
        std::vector<std::vector<double>> values(static_cast<size_t>(outputs));
        for (int64_t i = 0; i < self.numel(); ++i) {
          int64_t rest = i, j = 0, scale = 1;
          for (size_t d = c.shape.size(); d-- > 0;) {
            const int64_t idx = rest % c.shape[d];
            rest /= c.shape[d];
            if (((mask >> d) & 1u) == 0) {
              j += idx * scale;
              scale *= c.shape[d];
            }
          }
          values[static_cast<size_t>(j)].push_back(in[static_cast<size_t>(i)]);
        }
        for (int64_t j = 0; j < outputs; ++j) {
          double v = EngineSum(values[static_cast<size_t>(j)]);
          if (fn == Fn::kMean) v /= static_cast<double>(count);
          if (t == ACL_FLOAT) v = static_cast<double>(static_cast<float>(v));
          ASSERT_EQ(o1.values[static_cast<size_t>(j)], v) << what << " at " << j;
        }
      }
    }
  }
}

}  // namespace
}  // namespace aclcpu_test::reduce_test
