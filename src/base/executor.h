// aclOpExecutor: the plan phase 1 built, the tensors it binds, its single-use/repeatable state,
// and the shared phase-2 entry that every operator calls.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "aclnn/acl_meta.h"

namespace aclcpu {

// Workspace regions start on a 64-byte cache line.
inline size_t AlignUp(size_t bytes) { return (bytes + 63) / 64 * 64; }

// What phase 1 decided; Run executes it on the stream's worker thread. `addrs` holds the storage
// address of every bound tensor (inputs then outputs, null for absent ones).
class OpPlan {
 public:
  virtual ~OpPlan() = default;
  virtual int Run(void *const *addrs, void *workspace) const = 0;
};

// A non-tensor argument as the trace aid prints it: its name in the vendor's signature, its value, and
// the tensor slot (inputs then outputs) it comes before in that signature.
struct TracedScalar {
  size_t beforeSlot;
  const char *name;
  std::string value;
};

struct ExecutorSpec {
  const char *opName = "";
  std::vector<const aclTensor *> inputs;   // in the op's input order, null for absent optionals
  std::vector<const aclTensor *> outputs;  // in the op's output order
  std::vector<bool> touched;               // per input then output: phase 2 reads or writes its data
  std::vector<const char *> names;         // per input then output: the argument's name, for messages
  std::vector<TracedScalar> scalars;       // the other arguments; filled only when TraceWanted()
  uint64_t workspaceSize = 0;
  // Hand-written CANN ops release a one-shot executor when phase 2 gets a null workspace.
  bool releaseOnNullWorkspace = true;
};

constexpr size_t kMaxExecutorTensors = 24;

// The trace aid is on (ACLNN_CPU_DEBUG=trace): phase 1 then describes the non-tensor arguments.
bool TraceWanted();
// How the trace aid prints each kind of non-tensor argument.
std::string TraceInts(const aclIntArray *values);    // [1, 2] or null
std::string TraceBools(const aclBoolArray *values);  // [true, false] or null
std::string TraceInt(int64_t value);
std::string TraceFloat(double value);  // shortest form that reads back exactly
std::string TraceBool(bool value);
std::string TraceString(const char *value);  // "NCHW" or null

// Registers a new executor holding `plan`; writes it to *executor and the size to *workspaceSize.
int32_t CreateExecutor(ExecutorSpec spec, std::unique_ptr<OpPlan> plan, uint64_t *workspaceSize,
                       aclOpExecutor **executor);
// The phase-2 checks of base-api.md §3.3, then enqueues the plan on `stream`.
int32_t RunExecutor(const char *opName, void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, void *stream);

}  // namespace aclcpu
