/* aclnn-cpu: aclnnGroupNorm (CANN-compatible declarations). */
#ifndef OP_API_INC_GROUP_NORM_H_
#define OP_API_INC_GROUP_NORM_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/** out = GroupNorm(self) over `group` channel groups: (x - mean) * rstd * gamma + beta with the biased variance;
 * meanOut and rstdOut [N, group] in self's dtype; gamma and beta may be null (ones, zeros). */
ACLNN_API aclnnStatus aclnnGroupNormGetWorkspaceSize(const aclTensor *self, const aclTensor *gamma,
                                                     const aclTensor *beta, int64_t N, int64_t C, int64_t HxW,
                                                     int64_t group, double eps, aclTensor *out, aclTensor *meanOut,
                                                     aclTensor *rstdOut, uint64_t *workspaceSize,
                                                     aclOpExecutor **executor);

/** Phase 2 of aclnnGroupNorm: runs the plan of phase 1 on the stream. */
ACLNN_API aclnnStatus aclnnGroupNorm(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                     aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_GROUP_NORM_H_ */
