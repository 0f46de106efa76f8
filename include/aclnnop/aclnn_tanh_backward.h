/* aclnn-cpu: aclnnTanhBackward (CANN-compatible declarations). */
#ifndef OP_API_INC_TANH_BACKWARD_H_
#define OP_API_INC_TANH_BACKWARD_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/** gradInput = gradOutput * (1 - output^2); gradOutput and output broadcast. */
ACLNN_API aclnnStatus aclnnTanhBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *output,
                                                        aclTensor *gradInput, uint64_t *workspaceSize,
                                                        aclOpExecutor **executor);

/** Phase 2 of aclnnTanhBackward: runs the plan of phase 1 on the stream. */
ACLNN_API aclnnStatus aclnnTanhBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                        const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_TANH_BACKWARD_H_ */
