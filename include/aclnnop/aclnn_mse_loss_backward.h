/* aclnn-cpu: aclnnMseLossBackward (CANN-compatible declaration). */
#ifndef ACLNN_MSE_LOSS_BACKWARD_H_
#define ACLNN_MSE_LOSS_BACKWARD_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief Phase 1 of aclnnMseLossBackward: validates the arguments and computes the workspace size.
 *
 * out = 2 * (self - target) * gradOutput (divided by the element count for mean) over the broadcast shape.
 * @param [in] gradOutput gradient of the loss (self's dtype: FLOAT, FLOAT16, BF16).
 * @param [in] self predictions of the forward call.
 * @param [in] target expected values (self's dtype).
 * @param [in] reduction 0 none, 1 mean, 2 sum.
 * @param [out] out gradient of self, the broadcast shape (FLOAT, FLOAT16, BF16).
 * @param [out] workspaceSize bytes of workspace phase 2 needs.
 * @param [out] executor the plan to pass to aclnnMseLossBackward.
 * @return ACLNN_SUCCESS (0) or an error code.
 */
ACLNN_API aclnnStatus aclnnMseLossBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
                                                           const aclTensor *target, int64_t reduction, aclTensor *out,
                                                           uint64_t *workspaceSize, aclOpExecutor **executor);

/**
 * @brief Phase 2 of aclnnMseLossBackward: enqueues the computation on the stream.
 */
ACLNN_API aclnnStatus aclnnMseLossBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                           aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_MSE_LOSS_BACKWARD_H_ */
