/* aclnn-cpu: aclnnGeluV2 (CANN-compatible declarations). */
#ifndef OP_API_INC_GELU_V2_H_
#define OP_API_INC_GELU_V2_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/** y = GELU(x): approximate 1 is the tanh form, any other value the erf form x * Phi(x). */
ACLNN_API aclnnStatus aclnnGeluV2GetWorkspaceSize(const aclTensor *x, int64_t approximate, aclTensor *y,
                                                  uint64_t *workspaceSize, aclOpExecutor **executor);

/** Phase 2 of aclnnGeluV2: runs the plan of phase 1 on the stream. */
ACLNN_API aclnnStatus aclnnGeluV2(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                  const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_GELU_V2_H_ */
