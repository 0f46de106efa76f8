// Shared machinery of the operator fuzz harnesses: tensors the fuzzer may mutate in every way an
// aclTensor can be wrong, over aclrtMalloc blocks; phase 2 on whatever phase 1 accepts; and the
// checks that turn a silent fault into a crash libFuzzer reports.
#pragma once

#include <cstdint>
#include <vector>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "aclnn/aclnn_base.h"
#include "aclnn/opdev/op_errno.h"
#include "fuzz_input.h"

namespace aclcpu_fuzz {

// Prints the message and aborts, so that libFuzzer records the input as a crash.
[[noreturn]] void Fail(const char *op, const char *what, long long detail = 0);

// aclInit, device 0 and one stream, once per process.
aclrtStream SharedStream();

// Threads the next plan may use (1 to 3), so partitioning across threads is fuzzed too.
void ChooseThreads(FuzzInput &in);

// Owns every tensor, array and block made for one fuzz input and checks, after phase 2, that no
// byte outside an output's view changed and that no input changed at all.
class TensorArena {
 public:
  explicit TensorArena(FuzzInput &in) : in_(in) {}
  ~TensorArena();
  TensorArena(const TensorArena &) = delete;
  TensorArena &operator=(const TensorArena &) = delete;

  // A tensor meant to have `dims` and `dtype`, contiguous, over its own block; the fuzzer may
  // mutate its presence, dtype, rank, dims, strides, offset, format, storage shape and data address.
  const aclTensor *Input(std::vector<int64_t> dims, aclDataType dtype) { return Make(dims, dtype, false); }
  aclTensor *Output(std::vector<int64_t> dims, aclDataType dtype) { return Make(dims, dtype, true); }
  // Tensors made after this are labelled NCL/NCHW/NCDHW by rank (3/4/5) instead of ND, as the convolution
  // checks want (the fuzzer still changes the label now and then).
  void UseChannelsFirstFormats() { channelsFirst_ = true; }
  // Arrays with the given values, which the fuzzer may drop (nullptr), lengthen, shorten or change.
  aclIntArray *IntArray(std::vector<int64_t> values);
  aclBoolArray *BoolArray(std::vector<bool> values);

  void ExpectOnlyViewsWritten(const char *op) const;
  // True when some tensor was made with a null data address.
  bool HasNullData() const { return hasNullData_; }

 private:
  struct Block {
    void *data = nullptr;
    size_t bytes = 0;
    bool output = false;
    std::vector<uint8_t> before;  // contents when made
    std::vector<uint8_t> inView;  // per element: 1 if in the view (empty: not tracked)
    size_t elementBytes = 1;      // of the view's dtype, which inView counts in
  };
  aclTensor *Make(std::vector<int64_t> dims, aclDataType dtype, bool output);

  FuzzInput &in_;
  std::vector<aclTensor *> tensors_;
  std::vector<aclIntArray *> intArrays_;
  std::vector<aclBoolArray *> boolArrays_;
  std::vector<Block> blocks_;
  bool hasNullData_ = false;
  bool channelsFirst_ = false;
};

using Phase2Fn = aclnnStatus (*)(void *, uint64_t, aclOpExecutor *, aclrtStream);

// Checks phase 1's outcome; when it accepted, runs phase 2 (sometimes with a short workspace, a
// repeatable executor run twice, or the default stream), synchronizes and checks the blocks.
void RunPhase2(FuzzInput &in, const TensorArena &arena, const char *op, aclnnStatus phase1, uint64_t workspaceSize,
               aclOpExecutor *executor, Phase2Fn phase2);

// Builds an operator call from the input and runs its phase 1.
using Phase1Fn = aclnnStatus (*)(FuzzInput &in, TensorArena &arena, uint64_t *workspaceSize, aclOpExecutor **executor);

// One fuzz input for an operator: the shared stream, 1 to 3 threads, an arena, phase 1, RunPhase2.
int FuzzOperatorCall(const uint8_t *data, size_t size, const char *op, Phase1Fn phase1, Phase2Fn phase2);
// A phase-1 status besides 161001/161002 that the harness's operators may return by the vendor's contract
// (aclnnMatmul's 561103 for an out of the wrong element count); 0: none.
void AlsoExpectPhase1Status(aclnnStatus status);

}  // namespace aclcpu_fuzz
