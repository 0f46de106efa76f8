/* aclnn-cpu: aclnnLogSoftmax (CANN-compatible declarations). */
#ifndef OP_API_INC_LOGSOFTMAX_H_
#define OP_API_INC_LOGSOFTMAX_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/** out = self - logsumexp(self) along dim. */
ACLNN_API aclnnStatus aclnnLogSoftmaxGetWorkspaceSize(const aclTensor *self, int64_t dim, aclTensor *out,
                                                      uint64_t *workspaceSize, aclOpExecutor **executor);

/** Phase 2 of aclnnLogSoftmax: runs the plan of phase 1 on the stream. */
ACLNN_API aclnnStatus aclnnLogSoftmax(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                      aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LOGSOFTMAX_H_ */
