/* aclnn-cpu: aclnnConvTbc (CANN-compatible declaration). The vendor's header of this name also
 * declares aclnnConvolution and aclnnConvDepthwise2d (both phases), which aclnn-cpu does not
 * implement (docs/compat.md). */
#ifndef OP_API_INC_CONVOLUTION_H
#define OP_API_INC_CONVOLUTION_H

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief Phase 1 of aclnnConvTbc: validates the arguments and computes the workspace size.
 * @param [in] self the input x, (T, B, Cin): FLOAT, FLOAT16 or BF16.
 * @param [in] weight the filter, (K, Cin, Cout), K >= 1; same dtype as self.
 * @param [in] bias (Cout): FLOAT, FLOAT16 or BF16, independent of self's dtype.
 * @param [in] pad zero padding on both ends of the time axis, >= 0, with T + pad >= K when self has data.
 * @param [out] output (T + 2*pad - K + 1, B, Cout); same dtype as weight:
 *   output[t,b,co] = bias[co] + sum_k sum_ci x[t+k-pad, b, ci] * weight[k, ci, co].
 * @param [in] cubeMathType 0 KEEP_DTYPE, 1 ALLOW_FP32_DOWN_PRECISION, 2 USE_FP16, 3 USE_HF32, 4 USE_FP32_ADD.
 * @param [out] workspaceSize bytes of workspace phase 2 needs.
 * @param [out] executor the plan to pass to aclnnConvTbc.
 * @return ACLNN_SUCCESS (0) or an error code.
 */
ACLNN_API aclnnStatus aclnnConvTbcGetWorkspaceSize(const aclTensor *self, const aclTensor *weight,
                                                   const aclTensor *bias, const int64_t pad, aclTensor *output,
                                                   int8_t cubeMathType, uint64_t *workspaceSize,
                                                   aclOpExecutor **executor);

/**
 * @brief Phase 2 of aclnnConvTbc: enqueues the computation on the stream.
 * @param [in] workspace device memory of at least workspaceSize bytes (may be null when the size is 0).
 * @param [in] workspaceSize the size reported by phase 1.
 * @param [in] executor the executor from phase 1.
 * @param [in] stream the stream to run on (null = default stream).
 * @return ACLNN_SUCCESS (0) or an error code.
 */
ACLNN_API aclnnStatus aclnnConvTbc(void *workspace, const uint64_t workspaceSize, aclOpExecutor *executor,
                                   aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_CONVOLUTION_H */
