// The validation the 2-D pad operators share (pad-prelu-forward.md §0.2): the padding array, the
// padded shape with its overflow and cropping limits, the empty-tensor rules, and the whole check of
// the two backward operators, which the device runs as one routine in two modes.
#pragma once

#include <cstdint>
#include <vector>

#include "aclnn/acl_meta.h"
#include "base/check.h"
#include "ops/conversion/pad2d_family/pad_axis.h"

namespace aclcpu {

// 161002 unless padding holds 4 values [left, right, top, bottom].
aclnnStatus CheckPaddingLength(const OpCheck &check, const aclIntArray *padding);

// 161002 unless `self` has rank 3 or 4.
aclnnStatus CheckPadRank(const OpCheck &check, const aclTensor *self, const char *name);

// Reflect mode's rule: 161002 unless every pad is smaller than the dim of self it pads (negative pads
// pass: they crop).
aclnnStatus CheckPadsBelowDims(const OpCheck &check, const aclTensor *self, const std::vector<int64_t> &pad);

// self's shape with its last two dims padded: H + top + bottom, W + left + right. 161002 when one
// would be negative (negative pads crop, but not past nothing) or overflows int64.
aclnnStatus PaddedShape(const OpCheck &check, const aclTensor *self, const std::vector<int64_t> &pad,
                        std::vector<int64_t> *padded);

// The empty-tensor rule once the shapes are valid: an empty H, W, or (rank 4) C of self → 161002;
// otherwise, if self or the padded tensor is empty, success with nothing to compute (*compute
// false). `rank3EmptyFails`: any emptiness of a rank-3 problem is 161002 too (every pad operator
// but ReflectionPad2dBackward).
aclnnStatus CheckPadEmpty(const OpCheck &check, const aclTensor *self, const aclTensor *padded, bool rank3EmptyFails,
                          bool *compute);

struct Pad2dBackwardArgs {
  const aclTensor *gradOutput, *self;
  const aclIntArray *padding;
  const aclTensor *gradInput;
};

// Rules 2-6 of the backward check (pad-prelu-convtbc.md §1.3, pad-prelu-forward.md §2.8) in the
// device's order; `mode` selects the two differences (reflect: pads smaller than the dims; edge:
// every empty rank-3 problem fails). The workspaceSize/executor pointers are the caller's.
aclnnStatus CheckPad2dBackward(const char *op, PadMode mode, const Pad2dBackwardArgs &args, bool *compute);
// Checks the device leaves undefined, applied only when there is something to compute
// (docs/compat.md): gradOutput's leading dims equal self's, and every view fits its storage.
aclnnStatus CheckPad2dBackwardStrict(const char *op, const Pad2dBackwardArgs &args);

}  // namespace aclcpu
