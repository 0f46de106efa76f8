/* aclnn-cpu: aclnnLayerNormBackward (CANN-compatible declaration). */
#ifndef OP_API_INC_LAYER_NORM_BACKWARD_H_
#define OP_API_INC_LAYER_NORM_BACKWARD_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief Phase 1 of aclnnLayerNormBackward: validates the arguments and computes the workspace size.
 * @param [in] gradOut gradient of the LayerNorm output, same shape and dtype as input (FLOAT, FLOAT16, BF16).
 * @param [in] input the LayerNorm input x.
 * @param [in] normalizedShape the trailing dimensions that were normalized.
 * @param [in] mean, rstd per-row statistics saved by the forward pass (numel = product of the leading dims).
 * @param [in] weightOptional gamma, shape normalizedShape; null means all ones.
 * @param [in] biasOptional beta, shape normalizedShape; only validated.
 * @param [in] outputMask three booleans selecting gradInput, gradWeight and gradBias.
 * @param [out] gradInputOut, gradWeightOut, gradBiasOut the gradients (required where the mask bit is set).
 * @param [out] workspaceSize bytes of workspace phase 2 needs.
 * @param [out] executor the plan to pass to aclnnLayerNormBackward.
 * @return ACLNN_SUCCESS (0) or an error code.
 */
ACLNN_API aclnnStatus aclnnLayerNormBackwardGetWorkspaceSize(const aclTensor *gradOut, const aclTensor *input,
                                                             const aclIntArray *normalizedShape, const aclTensor *mean,
                                                             const aclTensor *rstd, const aclTensor *weightOptional,
                                                             const aclTensor *biasOptional,
                                                             const aclBoolArray *outputMask, aclTensor *gradInputOut,
                                                             aclTensor *gradWeightOut, aclTensor *gradBiasOut,
                                                             uint64_t *workspaceSize, aclOpExecutor **executor);

/**
 * @brief Phase 2 of aclnnLayerNormBackward: enqueues the computation on the stream.
 * @param [in] workspace device memory of at least workspaceSize bytes (may be null when the size is 0).
 * @param [in] workspaceSize the size reported by phase 1.
 * @param [in] executor the executor from phase 1.
 * @param [in] stream the stream to run on (null = default stream).
 * @return ACLNN_SUCCESS (0) or an error code.
 */
ACLNN_API aclnnStatus aclnnLayerNormBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                             aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LAYER_NORM_BACKWARD_H_ */
