/* aclnn-cpu: aclnnRmsNormGrad (CANN-compatible declaration, generated-header flavour). */
#ifndef ACLNN_RMS_NORM_GRAD_H_
#define ACLNN_RMS_NORM_GRAD_H_

#include "aclnn/acl_meta.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief Phase 1 of aclnnRmsNormGrad: validates the arguments and computes the workspace size.
 *
 * The gradients of y = x * rstd * gamma (aclnnRmsNorm) with rstd taken as given:
 *   dx[m, k] = rstd[m] * (dy[m, k] * gamma[k] - x[m, k] * rstd[m] * mean_k(dy * gamma * x * rstd[m])),
 *   dgamma[k] = sum_m dy[m, k] * x[m, k] * rstd[m].
 * Dtypes (dy = x / rstd / gamma / dxOut / dgammaOut): FLOAT16 / FLOAT / FLOAT or FLOAT16 / FLOAT16 / FLOAT,
 * BF16 / FLOAT / FLOAT or BF16 / BF16 / FLOAT, FLOAT / FLOAT / FLOAT / FLOAT / FLOAT.
 * @param [in] dy gradient of y, x's shape.
 * @param [in] x the forward input, rank 1..8.
 * @param [in] rstd FLOAT, one value per row.
 * @param [in] gamma scale: x's trailing dims.
 * @param [out] dxOut x's shape and dtype.
 * @param [out] dgammaOut FLOAT, gamma's shape.
 * @param [out] workspaceSize bytes of workspace phase 2 needs.
 * @param [out] executor the plan to pass to aclnnRmsNormGrad.
 * @return ACLNN_SUCCESS (0) or an error code.
 */
__attribute__((visibility("default"))) aclnnStatus aclnnRmsNormGradGetWorkspaceSize(
    const aclTensor *dy, const aclTensor *x, const aclTensor *rstd, const aclTensor *gamma, const aclTensor *dxOut,
    const aclTensor *dgammaOut, uint64_t *workspaceSize, aclOpExecutor **executor);

/**
 * @brief Phase 2 of aclnnRmsNormGrad: enqueues the computation on the stream.
 * @param [in] workspace memory of at least workspaceSize bytes (may be null when the size is 0).
 * @param [in] workspaceSize the size reported by phase 1.
 * @param [in] executor the executor from phase 1.
 * @param [in] stream the stream to run on (null = default stream).
 * @return ACLNN_SUCCESS (0) or an error code.
 */
__attribute__((visibility("default"))) aclnnStatus aclnnRmsNormGrad(void *workspace, uint64_t workspaceSize,
                                                                    aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_RMS_NORM_GRAD_H_ */
