/* aclnn-cpu: aclnnGroupNormSilu (CANN-compatible declarations). */
#ifndef OP_API_INC_GROUP_NORM_SILU_H_
#define OP_API_INC_GROUP_NORM_SILU_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/** out = silu(GroupNorm(self)) = z * sigmoid(z) with z the GroupNorm result; meanOut and rstdOut [N, group] in
 * self's dtype; gamma and beta may be null (ones, zeros). */
ACLNN_API aclnnStatus aclnnGroupNormSiluGetWorkspaceSize(const aclTensor *self, const aclTensor *gamma,
                                                         const aclTensor *beta, int64_t group, double eps,
                                                         aclTensor *out, aclTensor *meanOut, aclTensor *rstdOut,
                                                         uint64_t *workspaceSize, aclOpExecutor **executor);

/** Phase 2 of aclnnGroupNormSilu: runs the plan of phase 1 on the stream. */
ACLNN_API aclnnStatus aclnnGroupNormSilu(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                         aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_GROUP_NORM_SILU_H_ */
