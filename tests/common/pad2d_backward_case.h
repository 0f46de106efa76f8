// A phase-1 case of a backward pad in the vendor's UT notation: descriptors for gradOutput, self and
// gradInput, and the padding array (or none).
#pragma once

#include <memory>

#include "aclnnop/aclnn_pad2d_backward.h"
#include "common/pad2d_forward_tester.h"
#include "common/ut_descriptors.h"

namespace aclcpu_test {

struct PadBackwardCase {
  PadKind kind;
  Desc gradOutput, self, gradInput;
  std::vector<int64_t> padding;
  bool paddingPresent = true;
  mutable Descriptors owned;

  // The vendor's cases are fp16 ND unless noted.
  PadBackwardCase(PadKind k, std::vector<int64_t> go, std::vector<int64_t> in, std::vector<int64_t> pad,
                  aclDataType t = ACL_FLOAT16)
      : kind(k), gradOutput(D(go, t)), self(D(in, t)), gradInput(D(in, t)), padding(pad) {}

  aclnnStatus Phase1(uint64_t *ws = nullptr, aclOpExecutor **exec = nullptr) const {
    std::unique_ptr<aclIntArray, aclnnStatus (*)(const aclIntArray *)> pad(
        paddingPresent ? aclCreateIntArray(padding.data(), padding.size()) : nullptr, aclDestroyIntArray);
    uint64_t localWs = 0;
    aclOpExecutor *localExec = nullptr;
    auto phase1 = kind == PadKind::kReflect ? aclnnReflectionPad2dBackwardGetWorkspaceSize
                                            : aclnnReplicationPad2dBackwardGetWorkspaceSize;
    const aclnnStatus status = phase1(owned.Make(gradOutput), owned.Make(self), pad.get(), owned.Make(gradInput),
                                      ws != nullptr ? ws : &localWs, exec != nullptr ? exec : &localExec);
    if (status == ACLNN_SUCCESS && exec == nullptr) aclDestroyAclOpExecutor(localExec);
    return status;
  }
};

}  // namespace aclcpu_test
