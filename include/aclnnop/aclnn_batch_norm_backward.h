/* aclnn-cpu: aclnnBatchNormBackward (CANN-compatible declarations). */
#ifndef OP_API_INC_BATCH_NORM_BACKWARD_H_
#define OP_API_INC_BATCH_NORM_BACKWARD_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Gradients of aclnnBatchNorm per channel (dim 1): gradInput, gradWeight = Σ gradOut·x̂, gradBias = Σ gradOut, each
 * computed and written only when its outputMask entry is true. Training uses saveMean and saveInvstd (the batch
 * variance on Atlas A2, so eps applies again); inference uses runningMean and runningVar. weight, runningMean,
 * runningVar, saveMean and saveInvstd may be null (ones, zeros, ones, zeros, ones). */
ACLNN_API aclnnStatus aclnnBatchNormBackwardGetWorkspaceSize(const aclTensor *gradOut, const aclTensor *input,
                                                             const aclTensor *weight, const aclTensor *runningMean,
                                                             const aclTensor *runningVar, const aclTensor *saveMean,
                                                             const aclTensor *saveInvstd, bool training, double eps,
                                                             const aclBoolArray *outputMask, aclTensor *gradInput,
                                                             aclTensor *gradWeight, aclTensor *gradBias,
                                                             uint64_t *workspaceSize, aclOpExecutor **executor);

/** Phase 2 of aclnnBatchNormBackward: runs the plan of phase 1 on the stream. */
ACLNN_API aclnnStatus aclnnBatchNormBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                             aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_BATCH_NORM_BACKWARD_H_ */
