/* aclnn-cpu: aclnnMm (CANN-compatible declarations). */
#ifndef OP_API_INC_MM_H_
#define OP_API_INC_MM_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/** out (m, n) = self (m, k) @ mat2 (k, n). */
ACLNN_API aclnnStatus aclnnMmGetWorkspaceSize(const aclTensor *self, const aclTensor *mat2, aclTensor *out,
                                              int8_t cubeMathType, uint64_t *workspaceSize, aclOpExecutor **executor);

/** Phase 2 of aclnnMm: runs the plan of phase 1 on the stream. */
ACLNN_API aclnnStatus aclnnMm(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_MM_H_ */
