/* aclnn-cpu: aclnnCast (CANN-compatible declarations). */
#ifndef OP_API_INC_CAST_H_
#define OP_API_INC_CAST_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/** out = self converted to dtype (then to out's dtype); out has self's shape. */
ACLNN_API aclnnStatus aclnnCastGetWorkspaceSize(const aclTensor *self, const aclDataType dtype, aclTensor *out,
                                                uint64_t *workspaceSize, aclOpExecutor **executor);

/** Phase 2 of aclnnCast: runs the plan of phase 1 on the stream. */
ACLNN_API aclnnStatus aclnnCast(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_CAST_H_ */
