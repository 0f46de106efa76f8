/* aclnn-cpu: aclnnGroupNormSwish (CANN-compatible declaration, generated-header flavour). */
#ifndef ACLNN_GROUP_NORM_SWISH_H_
#define ACLNN_GROUP_NORM_SWISH_H_

#include "aclnn/acl_meta.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief Phase 1 of aclnnGroupNormSwish: validates the arguments and computes the workspace size.
 *
 * GroupNorm over numGroups groups of channels (channel = dim 1, rank 2..8), then optionally swish:
 *   z = (x - mean) * rstd * gamma[c] + beta[c],  y = activateSwish ? z * sigmoid(swishScale * z) : z,
 * with mean and rstd = 1 / sqrt(var + eps) (biased variance) of each group.
 * Dtypes (x / gamma = beta / yOut / meanOut = rstdOut): all FLOAT, all FLOAT16, all BF16, or
 * FLOAT16 / FLOAT / FLOAT16 / FLOAT, BF16 / FLOAT / BF16 / FLOAT.
 * @param [in] x input [N, C, ...].
 * @param [in] gamma scale [C].
 * @param [in] beta shift [C].
 * @param [in] numGroups G: > 0 and divides C.
 * @param [in] dataFormatOptional layout name; null means "NCHW"; not read (channel is always dim 1).
 * @param [in] eps added to the variance, used as float.
 * @param [in] activateSwish apply the swish.
 * @param [in] swishScale s of sigmoid(s * z), used as float (0 and negative values allowed).
 * @param [out] yOut numel(x) elements, written in its own row-major order.
 * @param [out] meanOut N * G group means ([N, G] row-major order).
 * @param [out] rstdOut N * G reciprocal standard deviations.
 * @param [out] workspaceSize bytes of workspace phase 2 needs.
 * @param [out] executor the plan to pass to aclnnGroupNormSwish.
 * @return ACLNN_SUCCESS (0) or an error code.
 */
__attribute__((visibility("default"))) aclnnStatus aclnnGroupNormSwishGetWorkspaceSize(
    const aclTensor *x, const aclTensor *gamma, const aclTensor *beta, int64_t numGroups, char *dataFormatOptional,
    double eps, bool activateSwish, double swishScale, const aclTensor *yOut, const aclTensor *meanOut,
    const aclTensor *rstdOut, uint64_t *workspaceSize, aclOpExecutor **executor);

/**
 * @brief Phase 2 of aclnnGroupNormSwish: enqueues the computation on the stream.
 * @param [in] workspace memory of at least workspaceSize bytes (may be null when the size is 0).
 * @param [in] workspaceSize the size reported by phase 1.
 * @param [in] executor the executor from phase 1.
 * @param [in] stream the stream to run on (null = default stream).
 * @return ACLNN_SUCCESS (0) or an error code.
 */
__attribute__((visibility("default"))) aclnnStatus aclnnGroupNormSwish(void *workspace, uint64_t workspaceSize,
                                                                       aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_GROUP_NORM_SWISH_H_ */
