/* aclnn-cpu: aclnnRmsNorm (CANN-compatible declaration, generated-header flavour). */
#ifndef ACLNN_RMS_NORM_H_
#define ACLNN_RMS_NORM_H_

#include "aclnn/acl_meta.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief Phase 1 of aclnnRmsNorm: validates the arguments and computes the workspace size.
 *
 * Root-mean-square norm over gamma's trailing dims of x (k = rank(gamma)):
 *   rstd[m] = 1 / sqrt(mean_k(x[m, k]^2) + epsilon),  y[m, k] = x[m, k] * rstd[m] * gamma[k].
 * Dtypes (x / gamma / yOut / rstdOut): FLOAT16 / FLOAT or FLOAT16 / FLOAT16 / FLOAT, BF16 / FLOAT or BF16 / BF16 /
 * FLOAT, FLOAT / FLOAT / FLOAT / FLOAT.
 * @param [in] x input, rank 1..8.
 * @param [in] gamma scale: x's trailing dims.
 * @param [in] epsilon added to the mean square, used as float (>= 0).
 * @param [out] yOut x's shape and dtype.
 * @param [out] rstdOut FLOAT, one value per row (x's shape with gamma's dims set to 1).
 * @param [out] workspaceSize bytes of workspace phase 2 needs.
 * @param [out] executor the plan to pass to aclnnRmsNorm.
 * @return ACLNN_SUCCESS (0) or an error code.
 */
__attribute__((visibility("default"))) aclnnStatus aclnnRmsNormGetWorkspaceSize(
    const aclTensor *x, const aclTensor *gamma, double epsilon, const aclTensor *yOut, const aclTensor *rstdOut,
    uint64_t *workspaceSize, aclOpExecutor **executor);

/**
 * @brief Phase 2 of aclnnRmsNorm: enqueues the computation on the stream.
 * @param [in] workspace memory of at least workspaceSize bytes (may be null when the size is 0).
 * @param [in] workspaceSize the size reported by phase 1.
 * @param [in] executor the executor from phase 1.
 * @param [in] stream the stream to run on (null = default stream).
 * @return ACLNN_SUCCESS (0) or an error code.
 */
__attribute__((visibility("default"))) aclnnStatus aclnnRmsNorm(void *workspace, uint64_t workspaceSize,
                                                                aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_RMS_NORM_H_ */
