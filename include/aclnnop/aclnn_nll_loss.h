/* aclnn-cpu: aclnnNLLLoss (CANN-compatible declaration). */
#ifndef ACLNN_NLL_LOSS_H_
#define ACLNN_NLL_LOSS_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief Phase 1 of aclnnNLLLoss: validates the arguments and computes the workspace size.
 *
 * l_n = -weight[t_n] * self[n, t_n] (0 where t_n == ignoreIndex); mean divides by the sum of those weights.
 * @param [in] self log-probabilities (N, C) or (C) (FLOAT, FLOAT16, BF16).
 * @param [in] target class indices (N) or 0-d (INT64, INT32, UINT8).
 * @param [in] weight class weights (C), self's dtype.
 * @param [in] reduction 0 none, 1 mean, 2 sum.
 * @param [in] ignoreIndex the target value whose rows do not count.
 * @param [out] out the loss: (N) for none with a batch, else one element.
 * @param [out] totalWeightOut one element: the sum of the counted weights (written for mean and sum).
 * @param [out] workspaceSize bytes of workspace phase 2 needs.
 * @param [out] executor the plan to pass to aclnnNLLLoss.
 * @return ACLNN_SUCCESS (0) or an error code.
 */
ACLNN_API aclnnStatus aclnnNLLLossGetWorkspaceSize(const aclTensor *self, const aclTensor *target,
                                                   const aclTensor *weight, int64_t reduction, int64_t ignoreIndex,
                                                   aclTensor *out, aclTensor *totalWeightOut, uint64_t *workspaceSize,
                                                   aclOpExecutor **executor);

/**
 * @brief Phase 2 of aclnnNLLLoss: enqueues the computation on the stream.
 */
ACLNN_API aclnnStatus aclnnNLLLoss(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                   aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_NLL_LOSS_H_ */
