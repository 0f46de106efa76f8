/* aclnn-cpu: aclnnSigmoidBackward (CANN-compatible declarations). */
#ifndef OP_API_INC_SIGMOID_BACKWARD_H_
#define OP_API_INC_SIGMOID_BACKWARD_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/** gradInput = gradOutput * output * (1 - output); output is the forward result. */
ACLNN_API aclnnStatus aclnnSigmoidBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *output,
                                                           aclTensor *gradInput, uint64_t *workspaceSize,
                                                           aclOpExecutor **executor);

/** Phase 2 of aclnnSigmoidBackward: runs the plan of phase 1 on the stream. */
ACLNN_API aclnnStatus aclnnSigmoidBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                           aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_SIGMOID_BACKWARD_H_ */
