/* aclnn-cpu: aclnnSilu (CANN-compatible declarations). */
#ifndef OP_API_INC_SILU_H_
#define OP_API_INC_SILU_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/** out = self * sigmoid(self) (SiLU / Swish with beta 1). */
ACLNN_API aclnnStatus aclnnSiluGetWorkspaceSize(const aclTensor *self, aclTensor *out, uint64_t *workspaceSize,
                                                aclOpExecutor **executor);

/** Phase 2 of aclnnSilu: runs the plan of phase 1 on the stream. */
ACLNN_API aclnnStatus aclnnSilu(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_SILU_H_ */
