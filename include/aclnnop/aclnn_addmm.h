/* aclnn-cpu: aclnnAddmm, aclnnInplaceAddmm (CANN-compatible declarations). */
#ifndef OP_API_INC_ADDMM_H_
#define OP_API_INC_ADDMM_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/** out (m, n) = beta * self + alpha * (mat1 (m, k) @ mat2 (k, n)), self broadcast to (m, n). */
ACLNN_API aclnnStatus aclnnAddmmGetWorkspaceSize(const aclTensor *self, const aclTensor *mat1, const aclTensor *mat2,
                                                 const aclScalar *beta, const aclScalar *alpha, aclTensor *out,
                                                 int8_t cubeMathType, uint64_t *workspaceSize,
                                                 aclOpExecutor **executor);

/** Phase 2 of aclnnAddmm: runs the plan of phase 1 on the stream. */
ACLNN_API aclnnStatus aclnnAddmm(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream);

/** selfRef = beta * selfRef + alpha * (mat1 @ mat2): aclnnAddmm with out = selfRef. */
ACLNN_API aclnnStatus aclnnInplaceAddmmGetWorkspaceSize(const aclTensor *selfRef, const aclTensor *mat1,
                                                        const aclTensor *mat2, const aclScalar *beta,
                                                        const aclScalar *alpha, int8_t cubeMathType,
                                                        uint64_t *workspaceSize, aclOpExecutor **executor);

/** Phase 2 of aclnnInplaceAddmm: runs the plan of phase 1 on the stream. */
ACLNN_API aclnnStatus aclnnInplaceAddmm(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                        aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_ADDMM_H_ */
