/* aclnn-cpu: aclnnSoftmaxBackward (CANN-compatible declarations). */
#ifndef OP_API_INC_SOFTMAX_BACKWARD_H_
#define OP_API_INC_SOFTMAX_BACKWARD_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/** out = output * (gradOutput - sum(gradOutput * output)) along dim; output is the forward result. */
ACLNN_API aclnnStatus aclnnSoftmaxBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *output,
                                                           int64_t dim, aclTensor *out, uint64_t *workspaceSize,
                                                           aclOpExecutor **executor);

/** Phase 2 of aclnnSoftmaxBackward: runs the plan of phase 1 on the stream. */
ACLNN_API aclnnStatus aclnnSoftmaxBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                           aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_SOFTMAX_BACKWARD_H_ */
