/* aclnn-cpu: aclnnGroupNormBackward (CANN-compatible declarations). */
#ifndef OP_API_INC_GROUP_NORM_BACKWARD_H_
#define OP_API_INC_GROUP_NORM_BACKWARD_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Gradients of GroupNorm over `group` channel groups, with the saved mean and rstd [N, group]: gradOut and input
 * read as [N, C, HxW]; outputMask [gradInput, gradGamma, gradBeta] selects the outputs written (unselected ones may
 * be null); gamma may be null (ones). */
ACLNN_API aclnnStatus aclnnGroupNormBackwardGetWorkspaceSize(const aclTensor *gradOut, const aclTensor *input,
                                                             const aclTensor *mean, const aclTensor *rstd,
                                                             const aclTensor *gamma, int64_t N, int64_t C, int64_t HxW,
                                                             int64_t group, const aclBoolArray *outputMask,
                                                             aclTensor *gradInput, aclTensor *gradGammaOut,
                                                             aclTensor *gradBetaOut, uint64_t *workspaceSize,
                                                             aclOpExecutor **executor);

/** Phase 2 of aclnnGroupNormBackward: runs the plan of phase 1 on the stream. */
ACLNN_API aclnnStatus aclnnGroupNormBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                             const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_GROUP_NORM_BACKWARD_H_ */
