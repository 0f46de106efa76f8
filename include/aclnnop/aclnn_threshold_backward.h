/* aclnn-cpu: aclnnThresholdBackward (CANN-compatible declarations). */
#ifndef OP_API_INC_THRESHOLD_BACKWARD_H_
#define OP_API_INC_THRESHOLD_BACKWARD_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/** out = self > threshold ? gradOutput : 0 (broadcast). */
ACLNN_API aclnnStatus aclnnThresholdBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
                                                             const aclScalar *threshold, aclTensor *out,
                                                             uint64_t *workspaceSize, aclOpExecutor **executor);

/** Phase 2 of aclnnThresholdBackward: runs the plan of phase 1 on the stream. */
ACLNN_API aclnnStatus aclnnThresholdBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                             const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_THRESHOLD_BACKWARD_H_ */
