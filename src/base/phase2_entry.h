// The phase-2 entry every operator exports, written once: aclnnXxx(workspace, workspaceSize, executor,
// stream) runs the executor phase 1 built (base-api.md §3.3). Use inside extern "C".
#pragma once

#include "base/check.h"
#include "base/executor.h"

#define ACLCPU_PHASE2_ENTRY(function, opName)                                                                        \
  aclnnStatus function(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {       \
    return aclcpu::Guarded(opName,                                                                                   \
                           [&] { return aclcpu::RunExecutor(opName, workspace, workspaceSize, executor, stream); }); \
  }
