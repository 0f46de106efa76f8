#include "base/executor.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <new>
#include <unordered_set>

#include "aclnn/opdev/op_errno.h"
#include "base/check.h"
#include "base/meta_objects.h"
#include "runtime/runtime_internal.h"

struct aclOpExecutor {
  aclcpu::ExecutorSpec spec;
  std::unique_ptr<aclcpu::OpPlan> plan;
  bool repeatable = false;
  std::atomic<int> refs{1};  // the caller's handle plus one per queued launch
  std::string trace;         // the trace aid's description (name, shapes, dtypes), when it is on

  void Unref() {
    if (refs.fetch_sub(1) == 1) delete this;
  }
};

namespace aclcpu {
namespace {

// Live handles the caller may still use; a consumed or destroyed executor leaves the set, so a
// second use is detected instead of touching freed memory.
struct ExecutorRegistry {
  std::mutex mutex;
  std::unordered_set<aclOpExecutor *> live;
};

ExecutorRegistry &Registry() {
  static ExecutorRegistry *registry = new ExecutorRegistry;
  return *registry;
}

struct LaunchArgs {
  aclOpExecutor *executor;
  void *workspace;
  uint64_t pendingWrites;  // token of the sync debugging aid for the outputs (0 when off)
  uint32_t pinned;         // bit i: the block of addrs[i] is pinned; bit kWorkspaceBit: the workspace's
  void *addrs[kMaxExecutorTensors];
};
constexpr size_t kWorkspaceBit = kMaxExecutorTensors;
static_assert(kMaxExecutorTensors + 1 <= 32, "one pin bit per tensor and one for the workspace");

// Lets the caller's aclrtFree of a buffer the queued launch still uses wait until it has run.
void PinLaunchBlocks(LaunchArgs &launch) {
  for (size_t i = 0; i < kMaxExecutorTensors; ++i) {
    if (PinBlock(launch.addrs[i])) launch.pinned |= 1u << i;
  }
  if (PinBlock(launch.workspace)) launch.pinned |= 1u << kWorkspaceBit;
}

void UnpinLaunchBlocks(const LaunchArgs &launch) {
  for (size_t i = 0; i < kMaxExecutorTensors; ++i) {
    if (launch.pinned & (1u << i)) UnpinBlock(launch.addrs[i]);
  }
  if (launch.pinned & (1u << kWorkspaceBit)) UnpinBlock(launch.workspace);
}
static_assert(sizeof(LaunchArgs) <= kMaxStreamTaskArgs, "launch record must fit a stream slot");

int RunLaunch(const void *args) {
  const auto *launch = static_cast<const LaunchArgs *>(args);
  const bool trace = !launch->executor->trace.empty();
  const auto start = trace ? std::chrono::steady_clock::now() : std::chrono::steady_clock::time_point();
  int status = ACLNN_SUCCESS;
  try {
    status = launch->executor->plan->Run(launch->addrs, launch->workspace);
  } catch (...) {
    status = ACLNN_ERR_INNER;
  }
  EndPendingWrite(launch->pendingWrites);
  UnpinLaunchBlocks(*launch);
  if (trace) {
    const std::chrono::duration<double, std::milli> took = std::chrono::steady_clock::now() - start;
    char timing[64];
    std::snprintf(timing, sizeof timing, " took %.3f ms, status %d", took.count(), status);
    TraceLine(launch->executor->trace + timing);
  }
  launch->executor->Unref();
  return status;
}

int32_t Fail(int32_t status, const char *family, const std::string &text) {
  ReportError(family, text);
  return status;
}

// "aclnnXxx(name [2, 3] FLOAT16, pads [1, 1], ..., optional null)": what the trace aid prints for
// every launch, every argument in the order of the operator's signature.
std::string TraceText(const ExecutorSpec &spec) {
  std::string text = std::string(spec.opName) + "(";
  auto append = [&text](const std::string &argument) {
    if (text.back() != '(') text += ", ";
    text += argument;
  };
  auto scalarsBefore = [&](size_t slot) {
    for (const TracedScalar &scalar : spec.scalars) {
      if (scalar.beforeSlot == slot) append(std::string(scalar.name) + " " + scalar.value);
    }
  };
  size_t slot = 0;
  for (const auto *group : {&spec.inputs, &spec.outputs}) {
    for (const aclTensor *t : *group) {
      scalarsBefore(slot);
      const std::string name = slot < spec.names.size() ? spec.names[slot] : "tensor";
      append(t == nullptr ? name + " null" : name + " " + ShapeOf(t) + " " + DTypeName(t->dataType));
      ++slot;
    }
  }
  scalarsBefore(slot);
  return text + ")";
}

// Removes a one-shot executor from the registry; the caller then owns its last reference.
bool TakeLocked(ExecutorRegistry &r, aclOpExecutor *executor) { return r.live.erase(executor) != 0; }

}  // namespace

bool TraceWanted() { return Debug().trace; }

std::string TraceInts(const aclIntArray *values) {
  if (values == nullptr) return "null";
  std::string text = "[";
  for (size_t i = 0; i < values->values.size(); ++i) text += (i == 0 ? "" : ", ") + std::to_string(values->values[i]);
  return text + "]";
}

std::string TraceBools(const aclBoolArray *values) {
  if (values == nullptr) return "null";
  std::string text = "[";
  for (size_t i = 0; i < values->values.size(); ++i)
    text += std::string(i == 0 ? "" : ", ") + TraceBool(values->values[i]);
  return text + "]";
}

std::string TraceInt(int64_t value) { return std::to_string(value); }

std::string TraceFloat(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.17g", value);
  for (int digits = 1; digits < 17; ++digits) {  // the shortest that reads back as the same double
    char shorter[32];
    std::snprintf(shorter, sizeof shorter, "%.*g", digits, value);
    if (std::strtod(shorter, nullptr) == value) return shorter;
  }
  return text;
}

std::string TraceBool(bool value) { return value ? "true" : "false"; }

std::string TraceString(const char *value) { return value == nullptr ? "null" : "\"" + std::string(value) + "\""; }

int32_t CreateExecutor(ExecutorSpec spec, std::unique_ptr<OpPlan> plan, uint64_t *workspaceSize,
                       aclOpExecutor **executor) {
  if (spec.inputs.size() + spec.outputs.size() > kMaxExecutorTensors) return ACLNN_ERR_INNER_CREATE_EXECUTOR;
  auto *created = new (std::nothrow) aclOpExecutor;
  if (created == nullptr) return Fail(ACLNN_ERR_INNER_CREATE_EXECUTOR, "EZ9999", "out of memory creating executor");
  created->spec = std::move(spec);
  created->plan = std::move(plan);
  if (Debug().trace) created->trace = TraceText(created->spec);
  ExecutorRegistry &r = Registry();
  {
    std::lock_guard<std::mutex> lock(r.mutex);
    r.live.insert(created);
  }
  *workspaceSize = created->spec.workspaceSize;
  *executor = created;
  return ACLNN_SUCCESS;
}

int32_t RunExecutor(const char *opName, void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                    void *stream) {
  const std::string op(opName);
  if (executor == nullptr)
    return Fail(ACLNN_ERR_PARAM_NULLPTR, "EZ1001", op + ": expected a non-null executor, but got nullptr");
  ExecutorRegistry &r = Registry();
  std::unique_lock<std::mutex> lock(r.mutex);
  if (r.live.count(executor) == 0) {
    return Fail(ACLNN_ERR_INNER_NULLPTR, "EZ1001",
                op + ": expected a live executor from phase 1, but got one that was already run or destroyed");
  }
  const ExecutorSpec &spec = executor->spec;
  if (spec.workspaceSize > 0 && workspace == nullptr) {
    const uint64_t required = spec.workspaceSize;
    if (!executor->repeatable && spec.releaseOnNullWorkspace && TakeLocked(r, executor)) {
      lock.unlock();
      executor->Unref();
    }
    return Fail(ACLNN_ERR_PARAM_NULLPTR, "EZ1001",
                op + ": expected a workspace of " + std::to_string(required) + " bytes, but got nullptr");
  }
  if (workspaceSize < spec.workspaceSize) {
    return Fail(ACLNN_ERR_PARAM_INVALID, "EZ1001",
                op + ": expected workspaceSize >= " + std::to_string(spec.workspaceSize) + ", but got " +
                    std::to_string(workspaceSize));
  }
  LaunchArgs launch{};
  launch.executor = executor;
  launch.workspace = workspace;
  size_t slot = 0;
  for (const auto *group : {&spec.inputs, &spec.outputs}) {
    for (const aclTensor *t : *group) {
      // Only tensors the plan touches are read: the others may already be destroyed.
      launch.addrs[slot] = (t != nullptr && spec.touched[slot]) ? t->data : nullptr;
      auto name = [&spec, slot] {  // built only for a message
        return slot < spec.names.size() ? std::string(spec.names[slot]) : "tensor #" + std::to_string(slot);
      };
      if (spec.touched[slot] && launch.addrs[slot] == nullptr) {
        // The device would fault on a null address; a clear error is more useful (docs/compat.md).
        return Fail(ACLNN_ERR_PARAM_NULLPTR, "EZ1001",
                    op + ": expected " + name() + " to have device memory, but its address is null");
      }
      // Addresses may have moved since phase 1 (aclSet*TensorAddr): the view must still fit its block.
      const std::string outside = spec.touched[slot] ? ViewOutsideItsBlock(*t, launch.addrs[slot]) : std::string();
      if (!outside.empty()) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "EZ1001",
                    op + ": expected " + name() + " view inside its aclrtMalloc block, but got " + outside);
      }
      ++slot;
    }
  }
  // The sync aid: the outputs' bytes count as pending until the launch has run.
  launch.pendingWrites = NewPendingWrites();
  for (size_t out = 0; launch.pendingWrites != 0 && out < spec.outputs.size(); ++out) {
    const size_t at = spec.inputs.size() + out;
    int64_t first = 0, end = 0;
    if (spec.touched[at] && ViewByteSpan(*spec.outputs[out], &first, &end)) {
      AddPendingWrite(launch.pendingWrites, static_cast<char *>(launch.addrs[at]) + first,
                      static_cast<size_t>(end - first), op);
    }
  }
  if (executor->repeatable) {
    executor->refs.fetch_add(1);  // the queued launch keeps it alive
  } else {
    TakeLocked(r, executor);  // one-shot: the launch inherits the caller's reference
  }
  lock.unlock();
  PinLaunchBlocks(launch);
  const aclError status = EnqueueStreamTask(stream, RunLaunch, &launch, sizeof launch);
  if (status != ACL_SUCCESS) {
    EndPendingWrite(launch.pendingWrites);
    UnpinLaunchBlocks(launch);
    executor->Unref();
    return Fail(ACLNN_ERR_RUNTIME_ERROR, "EZ9999",
                op + ": could not launch on the stream (status " + std::to_string(status) + ")");
  }
  return ACLNN_SUCCESS;
}

}  // namespace aclcpu

namespace {

int32_t UnknownExecutor(const char *api) {
  return aclcpu::Fail(ACLNN_ERR_INNER_NULLPTR, "EZ1001",
                      std::string(api) + ": expected a live executor, but got nullptr or an unknown handle");
}

// Shared body of the aclSet*TensorAddr family: index runs over inputs, outputs, or both.
enum class SlotRange { kInputs, kOutputs, kAll };

int32_t SetTensorAddr(const char *api, aclOpExecutor *executor, size_t index, aclTensor *tensor, void *addr,
                      SlotRange range) {
  if (tensor != nullptr) tensor->data = addr;
  if (executor == nullptr || tensor == nullptr) return UnknownExecutor(api);
  auto &r = aclcpu::Registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  if (r.live.count(executor) == 0) return UnknownExecutor(api);
  const auto &spec = executor->spec;
  const size_t first = range == SlotRange::kOutputs ? spec.inputs.size() : 0;
  const size_t count = range == SlotRange::kInputs    ? spec.inputs.size()
                       : range == SlotRange::kOutputs ? spec.outputs.size()
                                                      : spec.inputs.size() + spec.outputs.size();
  if (index >= count) {
    return aclcpu::Fail(
        ACLNN_ERR_PARAM_INVALID, "EZ1001",
        std::string(api) + ": expected index < " + std::to_string(count) + ", but got " + std::to_string(index));
  }
  const size_t slot = first + index;
  const aclTensor *bound = slot < spec.inputs.size() ? spec.inputs[slot] : spec.outputs[slot - spec.inputs.size()];
  if (bound == nullptr) {
    return aclcpu::Fail(ACLNN_ERR_PARAM_INVALID, "EZ1001",
                        std::string(api) + ": expected tensor #" + std::to_string(index) +
                            " to have been given in phase 1, but it was null");
  }
  // Launches read the address from the bound tensor, so the new address lands there too.
  const_cast<aclTensor *>(bound)->data = addr;
  return ACLNN_SUCCESS;
}

int32_t SetDynamicTensorAddr(const char *api, aclOpExecutor *executor, size_t relativeIndex, aclTensorList *tensors,
                             void *addr) {
  if (tensors != nullptr && relativeIndex < tensors->items.size() && tensors->items[relativeIndex] != nullptr)
    tensors->items[relativeIndex]->data = addr;
  if (executor == nullptr || tensors == nullptr) return UnknownExecutor(api);
  // None of this library's operators takes a tensor-list parameter.
  return aclcpu::Fail(ACLNN_ERR_PARAM_INVALID, "EZ1001",
                      std::string(api) + ": expected an operator with tensor-list parameters, but this one has none");
}

}  // namespace

extern "C" {

aclnnStatus aclSetAclOpExecutorRepeatable(aclOpExecutor *executor) {
  auto &r = aclcpu::Registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  if (executor == nullptr || r.live.count(executor) == 0) return UnknownExecutor("aclSetAclOpExecutorRepeatable");
  executor->repeatable = true;
  return ACLNN_SUCCESS;
}

aclnnStatus aclDestroyAclOpExecutor(aclOpExecutor *executor) {
  auto &r = aclcpu::Registry();
  {
    std::lock_guard<std::mutex> lock(r.mutex);
    if (executor == nullptr || !aclcpu::TakeLocked(r, executor)) return UnknownExecutor("aclDestroyAclOpExecutor");
  }
  executor->Unref();  // queued launches finish first
  return ACLNN_SUCCESS;
}

aclnnStatus aclSetInputTensorAddr(aclOpExecutor *executor, const size_t index, aclTensor *tensor, void *addr) {
  return SetTensorAddr("aclSetInputTensorAddr", executor, index, tensor, addr, SlotRange::kInputs);
}
aclnnStatus aclSetOutputTensorAddr(aclOpExecutor *executor, const size_t index, aclTensor *tensor, void *addr) {
  return SetTensorAddr("aclSetOutputTensorAddr", executor, index, tensor, addr, SlotRange::kOutputs);
}
aclnnStatus aclSetTensorAddr(aclOpExecutor *executor, const size_t index, aclTensor *tensor, void *addr) {
  return SetTensorAddr("aclSetTensorAddr", executor, index, tensor, addr, SlotRange::kAll);
}
aclnnStatus aclSetDynamicInputTensorAddr(aclOpExecutor *executor, size_t, const size_t relativeIndex,
                                         aclTensorList *tensors, void *addr) {
  return SetDynamicTensorAddr("aclSetDynamicInputTensorAddr", executor, relativeIndex, tensors, addr);
}
aclnnStatus aclSetDynamicOutputTensorAddr(aclOpExecutor *executor, size_t, const size_t relativeIndex,
                                          aclTensorList *tensors, void *addr) {
  return SetDynamicTensorAddr("aclSetDynamicOutputTensorAddr", executor, relativeIndex, tensors, addr);
}
aclnnStatus aclSetDynamicTensorAddr(aclOpExecutor *executor, size_t, const size_t relativeIndex, aclTensorList *tensors,
                                    void *addr) {
  return SetDynamicTensorAddr("aclSetDynamicTensorAddr", executor, relativeIndex, tensors, addr);
}

// The capitalised names are CANN's reserved aliases.
aclnnStatus AclSetInputTensorAddr(aclOpExecutor *e, const size_t i, aclTensor *t, void *a) {
  return aclSetInputTensorAddr(e, i, t, a);
}
aclnnStatus AclSetOutputTensorAddr(aclOpExecutor *e, const size_t i, aclTensor *t, void *a) {
  return aclSetOutputTensorAddr(e, i, t, a);
}
aclnnStatus AclSetTensorAddr(aclOpExecutor *e, const size_t i, aclTensor *t, void *a) {
  return aclSetTensorAddr(e, i, t, a);
}
aclnnStatus AclSetDynamicInputTensorAddr(aclOpExecutor *e, size_t ir, const size_t i, aclTensorList *l, void *a) {
  return aclSetDynamicInputTensorAddr(e, ir, i, l, a);
}
aclnnStatus AclSetDynamicOutputTensorAddr(aclOpExecutor *e, size_t ir, const size_t i, aclTensorList *l, void *a) {
  return aclSetDynamicOutputTensorAddr(e, ir, i, l, a);
}
aclnnStatus AclSetDynamicTensorAddr(aclOpExecutor *e, size_t ir, const size_t i, aclTensorList *l, void *a) {
  return aclSetDynamicTensorAddr(e, ir, i, l, a);
}

aclnnStatus aclnnInit(const char *) { return ACLNN_SUCCESS; }
aclnnStatus aclnnFinalize() { return ACLNN_SUCCESS; }

}  // extern "C"
