/* aclnn-cpu: aclnnRsqrt, aclnnInplaceRsqrt (CANN-compatible declarations). */
#ifndef OP_API_INC_RSQRT_H_
#define OP_API_INC_RSQRT_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/** out = 1 / sqrt(self). */
ACLNN_API aclnnStatus aclnnRsqrtGetWorkspaceSize(const aclTensor *self, aclTensor *out, uint64_t *workspaceSize,
                                                 aclOpExecutor **executor);

/** Phase 2 of aclnnRsqrt: runs the plan of phase 1 on the stream. */
ACLNN_API aclnnStatus aclnnRsqrt(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream);

/** selfRef = 1 / sqrt(selfRef). */
ACLNN_API aclnnStatus aclnnInplaceRsqrtGetWorkspaceSize(aclTensor *selfRef, uint64_t *workspaceSize,
                                                        aclOpExecutor **executor);

/** Phase 2 of aclnnInplaceRsqrt: runs the plan of phase 1 on the stream. */
ACLNN_API aclnnStatus aclnnInplaceRsqrt(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                        aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_RSQRT_H_ */
