/* aclnn-cpu: aclnnSqrt, aclnnInplaceSqrt (CANN-compatible declarations). */
#ifndef OP_API_INC_SQRT_H_
#define OP_API_INC_SQRT_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/** out = sqrt(self); integers compute in FLOAT (INT64 in DOUBLE). */
ACLNN_API aclnnStatus aclnnSqrtGetWorkspaceSize(const aclTensor *self, aclTensor *out, uint64_t *workspaceSize,
                                                aclOpExecutor **opExecutor);

/** Phase 2 of aclnnSqrt: runs the plan of phase 1 on the stream. */
ACLNN_API aclnnStatus aclnnSqrt(void *workspace, uint64_t workspaceSize, aclOpExecutor *opExecutor, aclrtStream stream);

/** self = sqrt(self) (the parameter is named self, as in CANN's header). */
ACLNN_API aclnnStatus aclnnInplaceSqrtGetWorkspaceSize(aclTensor *self, uint64_t *workspaceSize,
                                                       aclOpExecutor **executor);

/** Phase 2 of aclnnInplaceSqrt: runs the plan of phase 1 on the stream. */
ACLNN_API aclnnStatus aclnnInplaceSqrt(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                       aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_SQRT_H_ */
