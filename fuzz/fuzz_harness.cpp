#include "fuzz_harness.h"

#include <omp.h>

#include <algorithm>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace aclcpu_fuzz {
namespace {

// Blocks stay small so that every accepted call runs quickly; a view needing more gets a block too
// small for it, which phase 1 must refuse.
constexpr size_t kMaxBlockBytes = size_t{1} << 16;
constexpr uint64_t kMaxWorkspaceBytes = uint64_t{1} << 28;
// Views up to this many elements have their bytes tracked for the written-only-inside check.
constexpr int64_t kMaxTrackedElements = int64_t{1} << 14;

// The harness's own loops over the bytes of its blocks (the fill, the view masks, the comparison after
// phase 2) are not the code under test and touch only what the harness owns, within bounds it checks:
// ASan's check on every byte made them most of an execution's time.
#define ACLCPU_FUZZ_UNCHECKED __attribute__((no_sanitize("address", "undefined")))

uint64_t SplitMix(uint64_t &state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// Dims chosen to hit the edges: empty, single, vector tails, and products that overflow.
int64_t ExtremeDim(FuzzInput &in) {
  return in.Pick<int64_t>({0, 1, 2, 3, 7, 17, 65, -1, -7, int64_t{1} << 20, int64_t{1} << 31, int64_t{1} << 40,
                           int64_t{1} << 62, INT64_MAX, INT64_MIN});
}

void MutateDims(FuzzInput &in, std::vector<int64_t> &dims) {
  switch (in.Range(0, 3)) {
    case 0:
      if (!dims.empty()) dims[static_cast<size_t>(in.Range(0, static_cast<int64_t>(dims.size()) - 1))] = ExtremeDim(in);
      break;
    case 1: dims.push_back(in.Pick<int64_t>({1, 2, 3, 0})); break;
    case 2:
      if (!dims.empty()) dims.pop_back();
      break;
    default: dims.resize(static_cast<size_t>(in.Range(0, 12)), in.Range(0, 3)); break;
  }
}

// Strides as the fuzzer chooses: contiguous, padded, permuted, broadcast (0), negative or huge.
std::vector<int64_t> ChooseStrides(FuzzInput &in, const std::vector<int64_t> &dims) {
  const size_t rank = dims.size();
  std::vector<size_t> order(rank);
  for (size_t i = 0; i < rank; ++i) order[i] = i;
  const int mode = in.OneIn(3) ? static_cast<int>(in.Range(1, 5)) : 0;
  if (mode == 2) {
    for (size_t i = rank; i > 1; --i) std::swap(order[i - 1], order[static_cast<size_t>(in.Range(0, int64_t(i) - 1))]);
  }
  std::vector<int64_t> strides(rank, 0);
  int64_t running = 1;
  for (size_t i = rank; i-- > 0;) {
    const size_t d = order[i];
    strides[d] = running;
    const int64_t pad = mode == 1 ? in.Range(0, 2) : 0;
    int64_t extent = 1;
    if (__builtin_add_overflow(std::max<int64_t>(dims[d], 1), pad, &extent) ||
        __builtin_mul_overflow(running, extent, &running)) {
      running = 1;
    }
  }
  if (rank > 0 && mode >= 3) {
    const auto d = static_cast<size_t>(in.Range(0, static_cast<int64_t>(rank) - 1));
    strides[d] = mode == 3   ? 0
                 : mode == 4 ? -std::max<int64_t>(strides[d], 1)
                             : in.Pick<int64_t>({int64_t{1} << 40, INT64_MAX / 2, INT64_MAX});
  }
  return strides;
}

// The lowest and highest element a view reaches; false if that overflows or the view is too big
// to back with a block.
bool ViewReach(const std::vector<int64_t> &dims, const std::vector<int64_t> &strides, int64_t offset, __int128 *low,
               __int128 *high, __int128 *numel) {
  *low = *high = offset;
  *numel = 1;
  for (size_t d = 0; d < dims.size(); ++d) {
    if (dims[d] < 0) return false;
    *numel *= dims[d];
    if (*numel > (__int128{1} << 62)) return false;
  }
  if (*numel == 0) return true;
  // Each reach is below 2^125 in size; stopping once past 2^62 keeps the sums (and the byte counts
  // made from them) far inside __int128.
  constexpr __int128 kFar = __int128{1} << 62;
  for (size_t d = 0; d < dims.size(); ++d) {
    const __int128 reach = static_cast<__int128>(dims[d] - 1) * strides[d];
    (reach < 0 ? *low : *high) += reach;
    if (*high > kFar || *low < -kFar) return false;
  }
  return true;
}

ACLCPU_FUZZ_UNCHECKED void FillRandom(uint8_t *bytes, size_t count, uint64_t seed) {
  size_t i = 0;
  for (; i + 8 <= count; i += 8) {
    const uint64_t r = SplitMix(seed);
    std::memcpy(bytes + i, &r, 8);
  }
  if (i < count) {
    const uint64_t r = SplitMix(seed);
    std::memcpy(bytes + i, &r, count - i);
  }
}

// Sets mask[e] for every element e of the view (elements are at 0 or above: ViewReach said so; those
// past the mask, of a block made short, are skipped).
ACLCPU_FUZZ_UNCHECKED void MarkView(uint8_t *mask, size_t maskElements, const std::vector<int64_t> &dims,
                                    const std::vector<int64_t> &strides, int64_t offset, int64_t numel) {
  if (numel == 0) return;
  const size_t rank = dims.size();
  const int64_t inner = rank == 0 ? 1 : dims[rank - 1], innerStride = rank == 0 ? 0 : strides[rank - 1];
  std::vector<int64_t> index(rank, 0);
  for (int64_t done = 0; done < numel; done += inner) {
    int64_t base = offset;
    for (size_t d = 0; d + 1 < rank; ++d) base += index[d] * strides[d];
    for (int64_t i = 0; i < inner; ++i) {
      const auto at = static_cast<size_t>(base + i * innerStride);
      if (at < maskElements) mask[at] = 1;
    }
    for (size_t d = rank - (rank > 0 ? 1 : 0); d-- > 0 && ++index[d] == dims[d];) index[d] = 0;
  }
}

// The first byte at which `now` differs from `before` outside the elements mask marks (mask null:
// anywhere), or -1.
ACLCPU_FUZZ_UNCHECKED long long FirstChangeOutside(const uint8_t *now, const uint8_t *before, const uint8_t *mask,
                                                   size_t elementBytes, size_t count) {
  size_t i = 0;
  for (; i + 8 <= count; i += 8) {
    uint64_t a, b;
    std::memcpy(&a, now + i, 8);
    std::memcpy(&b, before + i, 8);
    if (a == b) continue;
    for (size_t j = i; j < i + 8; ++j) {
      if (now[j] != before[j] && (mask == nullptr || !mask[j / elementBytes])) return static_cast<long long>(j);
    }
  }
  for (; i < count; ++i) {
    if (now[i] != before[i] && (mask == nullptr || !mask[i / elementBytes])) return static_cast<long long>(i);
  }
  return -1;
}

// FUZZ_VERBOSE=1 prints every tensor a harness makes, to read a crashing input.
bool Verbose() {
  static const bool verbose = std::getenv("FUZZ_VERBOSE") != nullptr;
  return verbose;
}

}  // namespace

void Fail(const char *op, const char *what, long long detail) {
  std::fprintf(stderr, "FUZZ FAILURE in %s: %s (%lld); last error: %s\n", op, what, detail, aclGetRecentErrMsg());
  std::abort();
}

aclrtStream SharedStream() {
  static aclrtStream stream = [] {
    aclrtStream s = nullptr;
    if (aclInit(nullptr) != ACL_SUCCESS || aclrtSetDevice(0) != ACL_SUCCESS || aclrtCreateStream(&s) != ACL_SUCCESS) {
      Fail("init", "aclInit, aclrtSetDevice or aclrtCreateStream failed");
    }
    return s;
  }();
  return stream;
}

void ChooseThreads(FuzzInput &in) { omp_set_num_threads(static_cast<int>(in.Range(1, 3))); }

TensorArena::~TensorArena() {
  for (aclTensor *t : tensors_) aclDestroyTensor(t);
  for (aclIntArray *a : intArrays_) aclDestroyIntArray(a);
  for (aclBoolArray *a : boolArrays_) aclDestroyBoolArray(a);
  for (Block &b : blocks_) aclrtFree(b.data);
}

aclTensor *TensorArena::Make(std::vector<int64_t> dims, aclDataType dtype, bool output) {
  if (in_.OneIn(48)) return nullptr;
  if (in_.OneIn(16)) dtype = static_cast<aclDataType>(in_.Range(-1, 40));
  if (in_.OneIn(12)) MutateDims(in_, dims);
  aclFormat usual = ACL_FORMAT_ND;
  if (channelsFirst_ && dims.size() >= 3 && dims.size() <= 5) {
    const aclFormat byRank[] = {ACL_FORMAT_NCL, ACL_FORMAT_NCHW, ACL_FORMAT_NCDHW};
    usual = byRank[dims.size() - 3];
  }
  const aclFormat format = in_.OneIn(16) ? static_cast<aclFormat>(in_.Range(-1, 50)) : usual;
  const bool nullStrides = in_.OneIn(16);  // null strides mean contiguous
  FuzzInput contiguous(nullptr, 0);
  const std::vector<int64_t> strides = ChooseStrides(nullStrides ? contiguous : in_, dims);
  int64_t offset = in_.OneIn(8) ? in_.Range(0, 7) : 0;
  if (in_.OneIn(64)) offset = in_.Pick<int64_t>({-1, int64_t{1} << 40, INT64_MAX});

  const size_t elementBytes = std::max<size_t>(aclDataTypeSize(dtype), 1);
  __int128 low = 0, high = 0, numel = 0;
  const bool reachable = ViewReach(dims, strides, offset, &low, &high, &numel);
  // Storage for elements [0, high], 1-D as in the vendor samples, unless the fuzzer shapes it.
  const bool fits = reachable && low >= 0 && (high + 1) * static_cast<__int128>(elementBytes) <= kMaxBlockBytes;
  int64_t storageElements = fits ? static_cast<int64_t>(high + 1) : 1;
  std::vector<int64_t> storageDims{storageElements};
  switch (in_.OneIn(16) ? in_.Range(0, 3) : -1) {
    case 0: storageDims[0] = storageElements - 1; break;
    case 1: storageDims = dims; break;
    case 2: storageDims.clear(); break;
    case 3: storageDims = {ExtremeDim(in_), ExtremeDim(in_)}; break;
    default: break;
  }

  Block block;
  block.output = output;
  block.bytes = static_cast<size_t>(storageElements) * elementBytes + static_cast<size_t>(in_.Range(0, 3)) * 16;
  if (in_.OneIn(24)) block.bytes = std::max<size_t>(block.bytes / 2, 1);  // a block smaller than the view
  void *data = nullptr;
  if (!in_.OneIn(48)) {
    if (aclrtMalloc(&block.data, block.bytes, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) {
      Fail("TensorArena", "aclrtMalloc failed", static_cast<long long>(block.bytes));
    }
    auto *bytes = static_cast<uint8_t *>(block.data);
    FillRandom(bytes, block.bytes, in_.Bits64() ^ block.bytes);
    block.before.assign(bytes, bytes + block.bytes);
    if (fits && numel <= kMaxTrackedElements) {
      block.elementBytes = elementBytes;
      block.inView.assign((block.bytes + elementBytes - 1) / elementBytes, 0);
      MarkView(block.inView.data(), block.inView.size(), dims, strides, offset, static_cast<int64_t>(numel));
    }
    data = block.data;
    blocks_.push_back(std::move(block));
  } else {
    hasNullData_ = true;
  }
  aclTensor *tensor = aclCreateTensor(dims.data(), dims.size(), dtype, nullStrides ? nullptr : strides.data(), offset,
                                      format, storageDims.data(), storageDims.size(), data);
  if (tensor != nullptr) tensors_.push_back(tensor);
  if (Verbose()) {
    std::fprintf(stderr, "tensor #%zu %s: dtype %d format %d dims", tensors_.size(), output ? "out" : "in",
                 static_cast<int>(dtype), static_cast<int>(format));
    for (int64_t d : dims) std::fprintf(stderr, " %lld", static_cast<long long>(d));
    std::fprintf(stderr, " strides%s", nullStrides ? " (null)" : "");
    for (int64_t d : strides) std::fprintf(stderr, " %lld", static_cast<long long>(d));
    std::fprintf(stderr, " offset %lld storage", static_cast<long long>(offset));
    for (int64_t d : storageDims) std::fprintf(stderr, " %lld", static_cast<long long>(d));
    std::fprintf(stderr, " block %zu bytes%s\n", data != nullptr ? blocks_.back().bytes : 0,
                 data == nullptr ? " (null data)" : "");
  }
  return tensor;
}

aclIntArray *TensorArena::IntArray(std::vector<int64_t> values) {
  if (in_.OneIn(32)) return nullptr;
  if (in_.OneIn(12)) MutateDims(in_, values);
  aclIntArray *array = aclCreateIntArray(values.data(), values.size());
  if (array != nullptr) intArrays_.push_back(array);
  return array;
}

aclBoolArray *TensorArena::BoolArray(std::vector<bool> values) {
  if (in_.OneIn(32)) return nullptr;
  if (in_.OneIn(12)) values.resize(static_cast<size_t>(in_.Range(0, 5)), true);
  bool plain[16] = {};
  for (size_t i = 0; i < values.size() && i < 16; ++i) plain[i] = values[i];
  aclBoolArray *array = aclCreateBoolArray(plain, std::min<size_t>(values.size(), 16));
  if (array != nullptr) boolArrays_.push_back(array);
  return array;
}

void TensorArena::ExpectOnlyViewsWritten(const char *op) const {
  for (const Block &b : blocks_) {
    const auto *now = static_cast<const uint8_t *>(b.data);
    if (!b.output) {
      const long long at = FirstChangeOutside(now, b.before.data(), nullptr, 1, b.bytes);
      if (at >= 0) Fail(op, "an input block changed at byte", at);
    } else if (!b.inView.empty()) {  // (an untracked, large view is not checked)
      const long long at = FirstChangeOutside(now, b.before.data(), b.inView.data(), b.elementBytes, b.bytes);
      if (at >= 0) Fail(op, "an output block changed outside its view at byte", at);
    }
  }
}

namespace {
aclnnStatus g_alsoExpected = 0;
}  // namespace

void AlsoExpectPhase1Status(aclnnStatus status) { g_alsoExpected = status; }

void RunPhase2(FuzzInput &in, const TensorArena &arena, const char *op, aclnnStatus phase1, uint64_t workspaceSize,
               aclOpExecutor *executor, Phase2Fn phase2) {
  if (phase1 != ACLNN_SUCCESS) {
    if (phase1 != ACLNN_ERR_PARAM_NULLPTR && phase1 != ACLNN_ERR_PARAM_INVALID &&
        (g_alsoExpected == 0 || phase1 != g_alsoExpected)) {
      Fail(op, "phase 1 returned an unexpected status", phase1);
    }
    if (executor != nullptr) Fail(op, "phase 1 failed but returned an executor");
    return;
  }
  if (executor == nullptr) Fail(op, "phase 1 succeeded without an executor");
  if (workspaceSize > kMaxWorkspaceBytes) {
    if (aclDestroyAclOpExecutor(executor) != ACLNN_SUCCESS) Fail(op, "destroying an unrun executor failed");
    return;
  }
  aclrtStream stream = in.OneIn(4) ? nullptr : SharedStream();
  void *workspace = nullptr;
  if (workspaceSize > 0 && aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) {
    Fail(op, "aclrtMalloc of the workspace failed", static_cast<long long>(workspaceSize));
  }
  if (workspaceSize > 0 && in.OneIn(16)) {
    // A workspace one byte short is refused, runs nothing and leaves the executor to be destroyed.
    if (phase2(workspace, workspaceSize - 1, executor, stream) != ACLNN_ERR_PARAM_INVALID) {
      Fail(op, "a short workspace was not refused with 161002");
    }
    if (aclDestroyAclOpExecutor(executor) != ACLNN_SUCCESS) Fail(op, "destroying a refused executor failed");
  } else {
    const bool repeatable = in.OneIn(6);
    if (repeatable && aclSetAclOpExecutorRepeatable(executor) != ACLNN_SUCCESS) Fail(op, "set repeatable failed");
    bool refused = false;
    for (int run = 0; run < (repeatable ? 2 : 1) && !refused; ++run) {
      const aclnnStatus status = phase2(workspace, workspaceSize, executor, stream);
      // Phase 1 does not read addresses (they may be bound later); a launch with a null one is refused.
      refused = status == ACLNN_ERR_PARAM_NULLPTR && arena.HasNullData();
      if (status != ACLNN_SUCCESS && !refused) Fail(op, "phase 2 failed on what phase 1 accepted", status);
    }
    if (aclrtSynchronizeStream(stream) != ACL_SUCCESS) Fail(op, "aclrtSynchronizeStream failed");
    if ((repeatable || refused) && aclDestroyAclOpExecutor(executor) != ACLNN_SUCCESS) {
      Fail(op, "destroying a repeatable or refused executor failed");
    }
  }
  arena.ExpectOnlyViewsWritten(op);
  if (workspace != nullptr) aclrtFree(workspace);
}

int FuzzOperatorCall(const uint8_t *data, size_t size, const char *op, Phase1Fn phase1, Phase2Fn phase2) {
  FuzzInput in(data, size);
  SharedStream();
  ChooseThreads(in);
  TensorArena arena(in);
  uint64_t workspaceSize = 0;
  aclOpExecutor *executor = nullptr;
  const aclnnStatus status = phase1(in, arena, &workspaceSize, &executor);
  RunPhase2(in, arena, op, status, workspaceSize, executor, phase2);
  return 0;
}

}  // namespace aclcpu_fuzz
