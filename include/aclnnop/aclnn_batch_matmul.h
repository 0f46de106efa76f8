/* aclnn-cpu: aclnnBatchMatMul (CANN-compatible declarations). */
#ifndef OP_API_INC_BATCH_MATMUL_H_
#define OP_API_INC_BATCH_MATMUL_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/** out (b, m, n) = self (b1, m, k) @ mat2 (b2, k, n) per batch, b1 == b2 or one of them 1 (broadcast). */
ACLNN_API aclnnStatus aclnnBatchMatMulGetWorkspaceSize(const aclTensor *self, const aclTensor *mat2, aclTensor *out,
                                                       int8_t cubeMathType, uint64_t *workspaceSize,
                                                       aclOpExecutor **executor);

/** Phase 2 of aclnnBatchMatMul: runs the plan of phase 1 on the stream. */
ACLNN_API aclnnStatus aclnnBatchMatMul(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                       aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_BATCH_MATMUL_H_ */
