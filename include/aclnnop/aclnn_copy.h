/* aclnn-cpu: aclnnInplaceCopy (CANN-compatible declarations). */
#ifndef OP_API_INC_COPY_H_
#define OP_API_INC_COPY_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/** selfRef = src broadcast to selfRef's shape and converted to selfRef's dtype. */
ACLNN_API aclnnStatus aclnnInplaceCopyGetWorkspaceSize(aclTensor *selfRef, const aclTensor *src,
                                                       uint64_t *workspaceSize, aclOpExecutor **executor);

/** Phase 2 of aclnnInplaceCopy: runs the plan of phase 1 on the stream. */
ACLNN_API aclnnStatus aclnnInplaceCopy(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                       const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_COPY_H_ */
