// A phase-1 case of a forward pad in the vendor's UT notation: descriptors for self and out, and
// the padding array (or none).
#pragma once

#include <memory>

#include "common/pad2d_forward_tester.h"
#include "common/ut_descriptors.h"

namespace aclcpu_test {

struct PadForwardCase {
  PadKind kind;
  Desc self, out;
  std::vector<int64_t> padding;
  bool paddingPresent = true;
  mutable Descriptors owned;

  // The vendor's cases are fp16 ND unless noted.
  PadForwardCase(PadKind k, std::vector<int64_t> in, std::vector<int64_t> pad, std::vector<int64_t> o,
                 aclDataType t = ACL_FLOAT16)
      : kind(k), self(D(in, t)), out(D(o, t)), padding(pad) {}

  aclnnStatus Phase1(uint64_t *ws = nullptr, aclOpExecutor **exec = nullptr) const {
    std::unique_ptr<aclIntArray, aclnnStatus (*)(const aclIntArray *)> pad(
        paddingPresent ? aclCreateIntArray(padding.data(), padding.size()) : nullptr, aclDestroyIntArray);
    uint64_t localWs = 0;
    aclOpExecutor *localExec = nullptr;
    const aclnnStatus status = Pad2dPhase1(kind)(owned.Make(self), pad.get(), owned.Make(out),
                                                 ws != nullptr ? ws : &localWs, exec != nullptr ? exec : &localExec);
    if (status == ACLNN_SUCCESS && exec == nullptr) aclDestroyAclOpExecutor(localExec);
    return status;
  }
};

}  // namespace aclcpu_test
