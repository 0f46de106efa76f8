/* aclnn-cpu: aclnnNeg, aclnnInplaceNeg (CANN-compatible declarations). */
#ifndef OP_API_INC_NEG_H_
#define OP_API_INC_NEG_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/** out = -self. */
ACLNN_API aclnnStatus aclnnNegGetWorkspaceSize(const aclTensor *self, aclTensor *out, uint64_t *workspaceSize,
                                               aclOpExecutor **executor);

/** selfRef = -selfRef. */
ACLNN_API aclnnStatus aclnnInplaceNegGetWorkspaceSize(aclTensor *selfRef, uint64_t *workspaceSize,
                                                      aclOpExecutor **executor);

/** Phase 2 of aclnnNeg: runs the plan of phase 1 on the stream. */
ACLNN_API aclnnStatus aclnnNeg(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                               const aclrtStream stream);

/** Phase 2 of aclnnInplaceNeg: runs the plan of phase 1 on the stream. */
ACLNN_API aclnnStatus aclnnInplaceNeg(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                      aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_NEG_H_ */
