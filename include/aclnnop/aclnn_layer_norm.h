/* aclnn-cpu: aclnnLayerNorm, aclnnLayerNormWithImplMode, aclnnFastLayerNorm (CANN-compatible declarations). */
#ifndef OP_API_INC_LAYER_NORM_H_
#define OP_API_INC_LAYER_NORM_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief Phase 1 of aclnnLayerNorm: validates the arguments and computes the workspace size.
 *   out = (input - mean) * rstd * weight + bias over the trailing dims normalizedShape, with
 *   mean and rstd = 1 / sqrt(biased variance + eps) per leading index.
 * @param [in] input the tensor to normalize (FLOAT, FLOAT16, BF16).
 * @param [in] normalizedShape the trailing dims of input to normalize over (length 1..8).
 * @param [in] weightOptional gamma, shape normalizedShape, FLOAT or input's dtype; null means all ones.
 * @param [in] biasOptional beta, shape normalizedShape, FLOAT or input's dtype (weight's if both given); null means 0.
 * @param [in] eps added to the variance (narrowed to float).
 * @param [out] out the result, shape of input, any of FLOAT, FLOAT16, BF16.
 * @param [out] meanOutOptional, rstdOutOptional per-row mean and rstd, shape of input with the normalized dims set
 *   to 1 (may be null).
 * @param [out] workspaceSize bytes of workspace phase 2 needs.
 * @param [out] executor the plan to pass to aclnnLayerNorm.
 * @return ACLNN_SUCCESS (0) or an error code.
 */
ACLNN_API aclnnStatus aclnnLayerNormGetWorkspaceSize(const aclTensor *input, const aclIntArray *normalizedShape,
                                                     const aclTensor *weightOptional, const aclTensor *biasOptional,
                                                     double eps, aclTensor *out, aclTensor *meanOutOptional,
                                                     aclTensor *rstdOutOptional, uint64_t *workspaceSize,
                                                     aclOpExecutor **executor);

/**
 * @brief Phase 1 of aclnnLayerNormWithImplMode: aclnnLayerNormGetWorkspaceSize with an implementation mode.
 * @param [in] implMode 0 high precision, 1 high performance, 2 keep FLOAT16 (input, weight and bias FLOAT16).
 *   On the CPU every mode computes as 0 (the most accurate).
 * Other parameters as aclnnLayerNormGetWorkspaceSize.
 */
ACLNN_API aclnnStatus aclnnLayerNormWithImplModeGetWorkspaceSize(
    const aclTensor *input, const aclIntArray *normalizedShape, const aclTensor *weightOptional,
    const aclTensor *biasOptional, double eps, aclTensor *out, aclTensor *meanOutOptional, aclTensor *rstdOutOptional,
    int32_t implMode, uint64_t *workspaceSize, aclOpExecutor **executor);

/**
 * @brief Phase 1 of aclnnFastLayerNorm: aclnnLayerNormGetWorkspaceSize, with out of input's dtype.
 */
ACLNN_API aclnnStatus aclnnFastLayerNormGetWorkspaceSize(const aclTensor *input, const aclIntArray *normalizedShape,
                                                         const aclTensor *weightOptional, const aclTensor *biasOptional,
                                                         double eps, aclTensor *out, aclTensor *meanOutOptional,
                                                         aclTensor *rstdOutOptional, uint64_t *workspaceSize,
                                                         aclOpExecutor **executor);

/**
 * @brief Phase 2 of aclnnLayerNorm: enqueues the computation on the stream.
 * @param [in] workspace memory of at least workspaceSize bytes (may be null when the size is 0).
 * @param [in] workspaceSize the size reported by phase 1.
 * @param [in] executor the executor from phase 1 (of any of the three LayerNorm functions).
 * @param [in] stream the stream to run on (null = default stream).
 * @return ACLNN_SUCCESS (0) or an error code.
 */
ACLNN_API aclnnStatus aclnnLayerNorm(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                     aclrtStream stream);

/** @brief Phase 2 of aclnnLayerNormWithImplMode; as aclnnLayerNorm. */
ACLNN_API aclnnStatus aclnnLayerNormWithImplMode(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                                 aclrtStream stream);

/** @brief Phase 2 of aclnnFastLayerNorm; as aclnnLayerNorm. */
ACLNN_API aclnnStatus aclnnFastLayerNorm(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                         aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LAYER_NORM_H_ */
