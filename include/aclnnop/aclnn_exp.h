/* aclnn-cpu: aclnnExp, aclnnInplaceExp (CANN-compatible declarations). */
#ifndef OP_API_INC_LEVEL2_ACLNN_EXP_H_
#define OP_API_INC_LEVEL2_ACLNN_EXP_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/** out = exp(self); BOOL and INT64 inputs compute in FLOAT. */
ACLNN_API aclnnStatus aclnnExpGetWorkspaceSize(const aclTensor *self, aclTensor *out, uint64_t *workspaceSize,
                                               aclOpExecutor **executor);

/** Phase 2 of aclnnExp: runs the plan of phase 1 on the stream. */
ACLNN_API aclnnStatus aclnnExp(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream);

/** selfRef = exp(selfRef). */
ACLNN_API aclnnStatus aclnnInplaceExpGetWorkspaceSize(aclTensor *selfRef, uint64_t *workspaceSize,
                                                      aclOpExecutor **executor);

/** Phase 2 of aclnnInplaceExp: runs the plan of phase 1 on the stream. */
ACLNN_API aclnnStatus aclnnInplaceExp(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                      aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_EXP_H_ */
