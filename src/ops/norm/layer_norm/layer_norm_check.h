// Phase-1 validation of aclnnLayerNorm, aclnnLayerNormWithImplMode and aclnnFastLayerNorm, in the
// device's orders (norm-forward.md §1.5 and §1.13).
#pragma once

#include <cstdint>

#include "aclnn/acl_meta.h"
#include "ops/norm/layer_norm_family/layer_norm_shape.h"

namespace aclcpu {

enum class LayerNormVariant { kPlain, kWithImplMode, kFast };

struct LayerNormArgs {
  const aclTensor *input;
  const aclIntArray *normalizedShape;
  const aclTensor *weight, *bias;
  aclTensor *out, *mean, *rstd;
  int32_t implMode;
};

// Steps 2-6 of §1.5 (or the §1.13 order for kFast); fills `dims`.
aclnnStatus CheckLayerNorm(const char *op, LayerNormVariant variant, const LayerNormArgs &args, LayerNormDims *dims);
// Step 9 (after the empty-tensor exits): Fast's out dtype == input dtype, then the meanOut/rstdOut
// keep-dims shapes (161002 where the device's ViewCopy gives 561103, docs/compat.md).
aclnnStatus CheckLayerNormOutputs(const char *op, LayerNormVariant variant, const LayerNormArgs &args,
                                  const LayerNormDims &dims);

}  // namespace aclcpu
