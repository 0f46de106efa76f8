/* aclnn-cpu: aclnnMseLoss (CANN-compatible declaration). */
#ifndef ACLNN_MSE_LOSS_H_
#define ACLNN_MSE_LOSS_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief Phase 1 of aclnnMseLoss: validates the arguments and computes the workspace size.
 *
 * l = (self - target)^2 over the broadcast shape S of self and target (FLOAT, FLOAT16, BF16; rank <= 8).
 * @param [in] self predictions.
 * @param [in] target expected values.
 * @param [in] reduction 0 none (out has shape S), 1 mean, 2 sum (out is 0-d).
 * @param [out] out the loss (FLOAT, FLOAT16, BF16).
 * @param [out] workspaceSize bytes of workspace phase 2 needs.
 * @param [out] executor the plan to pass to aclnnMseLoss.
 * @return ACLNN_SUCCESS (0) or an error code.
 */
ACLNN_API aclnnStatus aclnnMseLossGetWorkspaceSize(const aclTensor *self, const aclTensor *target, int64_t reduction,
                                                   aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);

/**
 * @brief Phase 2 of aclnnMseLoss: enqueues the computation on the stream.
 */
ACLNN_API aclnnStatus aclnnMseLoss(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                   aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_MSE_LOSS_H_ */
