/* aclnn-cpu: aclnnSiluBackward (CANN-compatible declarations). */
#ifndef OP_API_INC_SILU_BACKWARD_H_
#define OP_API_INC_SILU_BACKWARD_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/** gradInput = gradOutput * s * (1 + self * (1 - s)), s = sigmoid(self); self is the forward input. */
ACLNN_API aclnnStatus aclnnSiluBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
                                                        aclTensor *gradInput, uint64_t *workspaceSize,
                                                        aclOpExecutor **executor);

/** Phase 2 of aclnnSiluBackward: runs the plan of phase 1 on the stream. */
ACLNN_API aclnnStatus aclnnSiluBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                        aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_SILU_BACKWARD_H_ */
