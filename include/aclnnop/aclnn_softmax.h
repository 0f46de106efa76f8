/* aclnn-cpu: aclnnSoftmax (CANN-compatible declarations). */
#ifndef OP_API_INC_SOFTMAX_H_
#define OP_API_INC_SOFTMAX_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/** out = softmax of self along dim (exp(x - max) / sum exp(x - max)). */
ACLNN_API aclnnStatus aclnnSoftmaxGetWorkspaceSize(const aclTensor *self, int64_t dim, aclTensor *out,
                                                   uint64_t *workspaceSize, aclOpExecutor **executor);

/** Phase 2 of aclnnSoftmax: runs the plan of phase 1 on the stream. */
ACLNN_API aclnnStatus aclnnSoftmax(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                   aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_SOFTMAX_H_ */
