/* aclnn-cpu: aclnnTanh, aclnnInplaceTanh (CANN-compatible declarations). */
#ifndef OP_API_INC_TANH_H_
#define OP_API_INC_TANH_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/** out = tanh(self). */
ACLNN_API aclnnStatus aclnnTanhGetWorkspaceSize(const aclTensor *self, aclTensor *out, uint64_t *workspaceSize,
                                                aclOpExecutor **executor);

/** Phase 2 of aclnnTanh: runs the plan of phase 1 on the stream. */
ACLNN_API aclnnStatus aclnnTanh(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                const aclrtStream stream);

/** selfRef = tanh(selfRef). */
ACLNN_API aclnnStatus aclnnInplaceTanhGetWorkspaceSize(aclTensor *selfRef, uint64_t *workspaceSize,
                                                       aclOpExecutor **executor);

/** Phase 2 of aclnnInplaceTanh: runs the plan of phase 1 on the stream. */
ACLNN_API aclnnStatus aclnnInplaceTanh(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                       const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_TANH_H_ */
