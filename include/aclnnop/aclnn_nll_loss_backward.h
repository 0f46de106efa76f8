/* aclnn-cpu: aclnnNLLLossBackward (CANN-compatible declaration). */
#ifndef ACLNN_NLL_LOSS_BACKWARD_H_
#define ACLNN_NLL_LOSS_BACKWARD_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief Phase 1 of aclnnNLLLossBackward: validates the arguments and computes the workspace size.
 *
 * out = 0 except out[n, t_n] = -weight[t_n] * gradOutput (/ totalWeight for mean) where t_n != ignoreIndex.
 * @param [in] gradOutput gradient of the loss: (N) for none with a batch, else one element.
 * @param [in] self the forward input (N, C) or (C) (FLOAT, FLOAT16, BF16); only its shape is used.
 * @param [in] target class indices (N) or 0-d (INT64, INT32, UINT8).
 * @param [in] weight class weights (C), self's dtype.
 * @param [in] reduction 0 none, 1 mean, 2 sum.
 * @param [in] ignoreIndex the target value whose rows get no gradient.
 * @param [in] totalWeight one element, self's dtype (the forward's totalWeightOut).
 * @param [out] out gradient of self, self's shape.
 * @param [out] workspaceSize bytes of workspace phase 2 needs.
 * @param [out] executor the plan to pass to aclnnNLLLossBackward.
 * @return ACLNN_SUCCESS (0) or an error code.
 */
ACLNN_API aclnnStatus aclnnNLLLossBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
                                                           const aclTensor *target, const aclTensor *weight,
                                                           int64_t reduction, int64_t ignoreIndex,
                                                           const aclTensor *totalWeight, aclTensor *out,
                                                           uint64_t *workspaceSize, aclOpExecutor **executor);

/**
 * @brief Phase 2 of aclnnNLLLossBackward: enqueues the computation on the stream.
 */
ACLNN_API aclnnStatus aclnnNLLLossBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                           aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_NLL_LOSS_BACKWARD_H_ */
