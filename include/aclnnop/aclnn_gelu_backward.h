/* aclnn-cpu: aclnnGeluBackward (CANN-compatible declarations). */
#ifndef OP_API_INC_GELU_BACKWARD_H_
#define OP_API_INC_GELU_BACKWARD_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/** gradInput = gradOutput * d/dx GELU(self), the tanh approximation's derivative; self is the forward input. */
ACLNN_API aclnnStatus aclnnGeluBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
                                                        const aclTensor *gradInput, uint64_t *workspaceSize,
                                                        aclOpExecutor **executor);

/** Phase 2 of aclnnGeluBackward: runs the plan of phase 1 on the stream. */
ACLNN_API aclnnStatus aclnnGeluBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                        const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_GELU_BACKWARD_H_ */
