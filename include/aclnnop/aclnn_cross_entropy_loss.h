/* aclnn-cpu: aclnnCrossEntropyLoss (CANN-compatible declaration of the generated op). */
#ifndef ACLNN_CROSS_ENTROPY_LOSS_H_
#define ACLNN_CROSS_ENTROPY_LOSS_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief Phase 1 of aclnnCrossEntropyLoss: validates the arguments and computes the workspace size.
 *
 * logProb = log_softmax(input) over classes; l_n = (1 - s) * (-w[t_n] * logProb[n, t_n]) + s / C * (-sum_c w[c] *
 * logProb[n, c]) for rows whose target is not ignoreIndex; mean divides by the sum of w[t_n].
 * @param [in] input logits (N, C) (FLOAT16, FLOAT, BF16).
 * @param [in] target class indices (N) (INT64).
 * @param [in] weightOptional class weights (C) (FLOAT) or null (all ones).
 * @param [in] reductionOptional "mean" (also for null), "sum" or "none".
 * @param [in] ignoreIndex the target value whose rows do not count.
 * @param [in] labelSmoothing s in [0, 1].
 * @param [in] lseSquareScaleForZloss not supported (no effect).
 * @param [in] returnZloss not supported (no effect).
 * @param [out] lossOut (N) for "none", else one element; input's dtype.
 * @param [out] logProbOut (N, C), input's dtype.
 * @param [out] zlossOut required, not written.
 * @param [out] lseForZlossOut required, not written.
 * @param [out] workspaceSize bytes of workspace phase 2 needs.
 * @param [out] executor the plan to pass to aclnnCrossEntropyLoss.
 * @return ACLNN_SUCCESS (0) or an error code.
 */
ACLNN_API aclnnStatus aclnnCrossEntropyLossGetWorkspaceSize(const aclTensor *input, const aclTensor *target,
                                                            const aclTensor *weightOptional, char *reductionOptional,
                                                            int64_t ignoreIndex, double labelSmoothing,
                                                            double lseSquareScaleForZloss, bool returnZloss,
                                                            const aclTensor *lossOut, const aclTensor *logProbOut,
                                                            const aclTensor *zlossOut, const aclTensor *lseForZlossOut,
                                                            uint64_t *workspaceSize, aclOpExecutor **executor);

/**
 * @brief Phase 2 of aclnnCrossEntropyLoss: enqueues the computation on the stream.
 */
ACLNN_API aclnnStatus aclnnCrossEntropyLoss(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                            aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_CROSS_ENTROPY_LOSS_H_ */
