/* aclnn-cpu: aclnnInplaceZero (CANN-compatible declarations). */
#ifndef OP_API_INC_Zero_H_
#define OP_API_INC_Zero_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/** selfRef = 0. */
ACLNN_API aclnnStatus aclnnInplaceZeroGetWorkspaceSize(aclTensor *selfRef, uint64_t *workspaceSize,
                                                       aclOpExecutor **executor);

/** Phase 2 of aclnnInplaceZero: runs the plan of phase 1 on the stream. */
ACLNN_API aclnnStatus aclnnInplaceZero(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                       aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_Zero_H_ */
