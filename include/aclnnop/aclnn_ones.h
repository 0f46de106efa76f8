/* aclnn-cpu: aclnnInplaceOne (CANN-compatible declarations). */
#ifndef OP_API_INC_ONES_H_
#define OP_API_INC_ONES_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/** selfRef = 1 (selfRef is const, as in CANN's header). */
ACLNN_API aclnnStatus aclnnInplaceOneGetWorkspaceSize(const aclTensor *selfRef, uint64_t *workspaceSize,
                                                      aclOpExecutor **executor);

/** Phase 2 of aclnnInplaceOne: runs the plan of phase 1 on the stream. */
ACLNN_API aclnnStatus aclnnInplaceOne(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                      aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_ONES_H_ */
