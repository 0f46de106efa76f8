/* aclnn-cpu: aclnnGroupNormSwishGrad (CANN-compatible declaration). */
#ifndef ACLNN_GROUP_NORM_SWISH_GRAD_H_
#define ACLNN_GROUP_NORM_SWISH_GRAD_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief Phase 1 of aclnnGroupNormSwishGrad: validates the arguments and computes the workspace size.
 *
 * Backward of y = swish(z) = z * sigmoid(swishScale * z) with z = gamma[c] * (x - mean) * rstd + beta[c]
 * (GroupNorm over numGroups groups of channels, NCHW, rank 2..8), with respect to x, gamma and beta.
 * @param [in] dy gradient of y, shape [N, C, ...] (FLOAT, FLOAT16, BF16; all nine tensors share it).
 * @param [in] mean saved group means [N, numGroups]; used as given, never recomputed.
 * @param [in] rstd saved reciprocal standard deviations [N, numGroups].
 * @param [in] x the GroupNorm input, dy's shape.
 * @param [in] gamma scale [C].
 * @param [in] beta shift [C].
 * @param [in] numGroups G: C % G == 0 and C / G <= 4000.
 * @param [in] dataFormatOptional layout name; null means "NCHW" (the only layout; the value is not read).
 * @param [in] swishScale s of sigmoid(s * z), used as float.
 * @param [in] dgammaIsRequire write dgammaOut (otherwise FLOAT outputs are zero-filled, others untouched).
 * @param [in] dbetaIsRequire write dbetaOut (same rule).
 * @param [out] dxOut gradient of x, dy's element count, written in its own row-major order.
 * @param [out] dgammaOut gradient of gamma, C elements.
 * @param [out] dbetaOut gradient of beta, C elements.
 * @param [out] workspaceSize bytes of workspace phase 2 needs.
 * @param [out] executor the plan to pass to aclnnGroupNormSwishGrad.
 * @return ACLNN_SUCCESS (0) or an error code.
 */
ACLNN_API aclnnStatus aclnnGroupNormSwishGradGetWorkspaceSize(
    const aclTensor *dy, const aclTensor *mean, const aclTensor *rstd, const aclTensor *x, const aclTensor *gamma,
    const aclTensor *beta, int64_t numGroups, char *dataFormatOptional, double swishScale, bool dgammaIsRequire,
    bool dbetaIsRequire, const aclTensor *dxOut, const aclTensor *dgammaOut, const aclTensor *dbetaOut,
    uint64_t *workspaceSize, aclOpExecutor **executor);

/**
 * @brief Phase 2 of aclnnGroupNormSwishGrad: enqueues the computation on the stream.
 * @param [in] workspace memory of at least workspaceSize bytes (may be null when the size is 0).
 * @param [in] workspaceSize the size reported by phase 1.
 * @param [in] executor the executor from phase 1.
 * @param [in] stream the stream to run on (null = default stream).
 * @return ACLNN_SUCCESS (0) or an error code.
 */
ACLNN_API aclnnStatus aclnnGroupNormSwishGrad(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                              aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_GROUP_NORM_SWISH_GRAD_H_ */
