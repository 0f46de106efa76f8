/* aclnn-cpu: aclnnGeluBackwardV2 (CANN-compatible declarations). */
#ifndef OP_API_INC_GELU_BACKWARD_V2_H_
#define OP_API_INC_GELU_BACKWARD_V2_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/** gradInput = gradOutput * d/dx GELU(self); approximate is "none" (erf form) or "tanh". */
ACLNN_API aclnnStatus aclnnGeluBackwardV2GetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
                                                          char *approximate, aclTensor *gradInput,
                                                          uint64_t *workspaceSize, aclOpExecutor **executor);

/** Phase 2 of aclnnGeluBackwardV2: runs the plan of phase 1 on the stream. */
ACLNN_API aclnnStatus aclnnGeluBackwardV2(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                          const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_GELU_BACKWARD_V2_H_ */
