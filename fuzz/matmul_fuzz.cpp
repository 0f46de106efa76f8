// The matmul family (libopapi_nn): Matmul over every rank pairing (batch dims that broadcast or, now and
// then, do not), Mm, BatchMatMul, Addmm and InplaceAddmm with any dtype of each tensor, cubeMathType in
// and out of range and any beta/alpha scalar, which the fuzzer may then break anywhere (tensors, dims,
// scalars, thread count).
#include <algorithm>

#include "aclnn/opdev/op_errno.h"
#include "aclnnop/aclnn_addmm.h"
#include "aclnnop/aclnn_batch_matmul.h"
#include "aclnnop/aclnn_matmul.h"
#include "aclnnop/aclnn_mm.h"
#include "fuzz_harness.h"

using namespace aclcpu_fuzz;

namespace {

constexpr std::initializer_list<aclDataType> kDtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE,   ACL_INT8,
                                                        ACL_INT32, ACL_INT64,   ACL_BOOL, ACL_COMPLEX64};
// The dtypes the functions accept, picked more often than the rest so that most calls reach phase 2.
constexpr std::initializer_list<aclDataType> kFloats = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};

Phase2Fn g_phase2 = nullptr;
aclnnStatus Phase2(void *workspace, uint64_t size, aclOpExecutor *executor, aclrtStream stream) {
  return g_phase2(workspace, size, executor, stream);
}

// beta and alpha live until the input's phase 2 has run, then go.
struct Scalars {
  aclScalar *live[2] = {nullptr, nullptr};
  ~Scalars() { Clear(); }
  void Clear() {
    for (aclScalar *&s : live) {
      if (s != nullptr) aclDestroyScalar(s);
      s = nullptr;
    }
  }
  aclScalar *Make(FuzzInput &in, int slot) {
    if (in.OneIn(16)) return nullptr;
    float value = in.OneIn(4) ? 0.0f : in.OneIn(3) ? 1.0f : static_cast<float>(in.Range(-8, 8)) / 4.0f;
    uint8_t bytes[16] = {};
    if (in.OneIn(8)) {
      for (uint8_t &b : bytes) b = in.Byte();
      live[slot] = aclCreateScalar(bytes, in.Pick(kDtypes));
    } else {
      live[slot] = aclCreateScalar(&value, ACL_FLOAT);
    }
    return live[slot];
  }
} g_scalars;

int64_t Dim(FuzzInput &in) {
  return in.OneIn(16) ? 0 : in.OneIn(4) ? 1 : in.OneIn(6) ? in.Range(17, 300) : in.Range(2, 16);
}

// A batch shape of `rank` dims, and one that broadcasts against it (or, one time in 8, need not).
std::vector<int64_t> Batch(FuzzInput &in, size_t rank) {
  std::vector<int64_t> dims;
  for (size_t d = 0; d < rank; ++d) dims.push_back(in.OneIn(3) ? 1 : in.Range(0, 4));
  return dims;
}
std::vector<int64_t> Against(FuzzInput &in, const std::vector<int64_t> &batch) {
  if (in.OneIn(8)) return Batch(in, static_cast<size_t>(in.Range(0, 4)));
  std::vector<int64_t> dims(batch.begin() + in.Range(0, static_cast<int64_t>(batch.size())), batch.end());
  for (int64_t &d : dims)
    if (in.OneIn(3)) d = 1;
  return dims;
}

std::vector<int64_t> Join(std::vector<int64_t> batch, std::initializer_list<int64_t> tail) {
  batch.insert(batch.end(), tail);
  return batch;
}

aclnnStatus Phase1(FuzzInput &in, TensorArena &arena, uint64_t *ws, aclOpExecutor **ex) {
  const int64_t m = Dim(in), n = Dim(in), k = Dim(in), k2 = in.OneIn(16) ? Dim(in) : k;
  const aclDataType t0 = in.OneIn(8) ? in.Pick(kDtypes) : in.Pick(kFloats);
  const aclDataType t1 = in.OneIn(2) ? t0 : in.OneIn(8) ? in.Pick(kDtypes) : in.Pick(kFloats);
  const aclDataType tOut = in.OneIn(2) ? t0 : in.OneIn(8) ? in.Pick(kDtypes) : in.Pick(kFloats);
  const auto cubeMathType = static_cast<int8_t>(in.OneIn(8) ? in.Range(-128, 127) : in.Range(-1, 4));
  switch (in.Range(0, 4)) {
    case 0: {  // Matmul: ranks 1..6 (0 and 7 now and then), the result's shape for out, or any other
      const auto r1 = static_cast<size_t>(in.OneIn(16) ? in.Range(0, 7) : in.Range(1, 6));
      const auto r2 = static_cast<size_t>(in.OneIn(16) ? in.Range(0, 7) : in.Range(1, 6));
      const std::vector<int64_t> b1 = Batch(in, r1 > 2 ? r1 - 2 : 0), b2 = Against(in, b1);
      std::vector<int64_t> s1 = r1 == 0 ? std::vector<int64_t>{} : r1 == 1 ? std::vector<int64_t>{k} : Join(b1, {m, k});
      std::vector<int64_t> s2 =
          r2 == 0   ? std::vector<int64_t>{}
          : r2 == 1 ? std::vector<int64_t>{k2}
                    : Join(std::vector<int64_t>(b2.begin(), b2.begin() + std::min(b2.size(), r2 - 2)), {k2, n});
      std::vector<int64_t> outShape = b1.size() >= b2.size() ? b1 : b2;
      if (r1 > 1) outShape.push_back(m);
      if (r2 > 1) outShape.push_back(n);
      if (in.OneIn(8)) outShape = Join({}, {m * n});
      g_phase2 = aclnnMatmul;
      return aclnnMatmulGetWorkspaceSize(arena.Input(s1, t0), arena.Input(s2, t1), arena.Output(outShape, tOut),
                                         cubeMathType, ws, ex);
    }
    case 1:
      g_phase2 = aclnnMm;
      return aclnnMmGetWorkspaceSize(arena.Input({m, k}, t0), arena.Input({k2, n}, t1), arena.Output({m, n}, tOut),
                                     cubeMathType, ws, ex);
    case 2: {
      const int64_t b1 = in.OneIn(3) ? 1 : in.Range(0, 4), b2 = in.OneIn(3) ? 1 : in.OneIn(2) ? b1 : in.Range(0, 4);
      g_phase2 = aclnnBatchMatMul;
      return aclnnBatchMatMulGetWorkspaceSize(arena.Input({b1, m, k}, t0), arena.Input({b2, k2, n}, t1),
                                              arena.Output({std::max(b1, b2), m, n}, tOut), cubeMathType, ws, ex);
    }
    case 3: {
      const std::vector<int64_t> selfShape = in.OneIn(3) ? std::vector<int64_t>{n}
                                             : in.OneIn(2)
                                                 ? std::vector<int64_t>{in.OneIn(2) ? 1 : m, in.OneIn(2) ? 1 : n}
                                                 : std::vector<int64_t>{m, n};
      g_phase2 = aclnnAddmm;
      return aclnnAddmmGetWorkspaceSize(arena.Input(selfShape, tOut), arena.Input({m, k}, t0), arena.Input({k2, n}, t1),
                                        g_scalars.Make(in, 0), g_scalars.Make(in, 1), arena.Output({m, n}, tOut),
                                        cubeMathType, ws, ex);
    }
    default:
      g_phase2 = aclnnInplaceAddmm;
      return aclnnInplaceAddmmGetWorkspaceSize(arena.Output({m, n}, tOut), arena.Input({m, k}, t0),
                                               arena.Input({k2, n}, t1), g_scalars.Make(in, 0), g_scalars.Make(in, 1),
                                               cubeMathType, ws, ex);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  AlsoExpectPhase1Status(ACLNN_ERR_INNER_NULLPTR);  // aclnnMatmul: out of another element count (matmul.md §3)
  const int result = FuzzOperatorCall(data, size, "matmul", Phase1, Phase2);
  g_scalars.Clear();
  return result;
}
