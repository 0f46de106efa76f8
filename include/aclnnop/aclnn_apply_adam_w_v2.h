/* aclnn-cpu: aclnnApplyAdamWV2 (CANN-compatible declarations). */
#ifndef OP_API_INC_APPLY_ADAM_W_V2_H_
#define OP_API_INC_APPLY_ADAM_W_V2_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/** One AdamW step in place on varRef, mRef, vRef (and maxGradNormOptionalRef with amsgrad), t = step + 1:
 * var *= 1 - lr*weightDecay; m += (1-beta1)(g - m); v = beta2 v + (1-beta2) g^2; amsgrad: maxGradNorm =
 * max(maxGradNorm, v); var -= lr/(1-beta1^t) * m / (sqrt(v or maxGradNorm)/sqrt(1-beta2^t) + eps); maximize uses -grad.
 */
ACLNN_API aclnnStatus aclnnApplyAdamWV2GetWorkspaceSize(aclTensor *varRef, aclTensor *mRef, aclTensor *vRef,
                                                        aclTensor *maxGradNormOptionalRef, const aclTensor *grad,
                                                        const aclTensor *step, float lr, float beta1, float beta2,
                                                        float weightDecay, float eps, bool amsgrad, bool maximize,
                                                        uint64_t *workspaceSize, aclOpExecutor **executor);

/** Phase 2 of aclnnApplyAdamWV2: runs the plan of phase 1 on the stream. */
ACLNN_API aclnnStatus aclnnApplyAdamWV2(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                        aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_APPLY_ADAM_W_V2_H_ */
