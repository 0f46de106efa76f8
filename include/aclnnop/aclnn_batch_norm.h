/* aclnn-cpu: aclnnBatchNorm (CANN-compatible declarations). */
#ifndef OP_API_INC_BATCH_NORM_H_
#define OP_API_INC_BATCH_NORM_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/** output = (input - mean) / sqrt(var + eps) * weight + bias per channel (dim 1). Training: mean and the biased
 * variance of the batch, written to saveMean and saveInvstd (on Atlas A2 saveInvstd holds the variance), and the
 * running statistics updated with momentum (the running variance unbiased). Inference: runningMean/runningVar.
 * weight, bias, runningMean and runningVar may be null (ones, zeros, zeros, ones). */
ACLNN_API aclnnStatus aclnnBatchNormGetWorkspaceSize(const aclTensor *input, const aclTensor *weight,
                                                     const aclTensor *bias, aclTensor *runningMean,
                                                     aclTensor *runningVar, bool training, double momentum, double eps,
                                                     aclTensor *output, aclTensor *saveMean, aclTensor *saveInvstd,
                                                     uint64_t *workspaceSize, aclOpExecutor **executor);

/** Phase 2 of aclnnBatchNorm: runs the plan of phase 1 on the stream. */
ACLNN_API aclnnStatus aclnnBatchNorm(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                     aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_BATCH_NORM_H_ */
