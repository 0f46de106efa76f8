/* aclnn-cpu: aclnnConvolution, aclnnConvTbc and aclnnConvDepthwise2d (CANN-compatible declarations, in the
 * vendor's order; docs/ops/convolution.md, docs/ops/conv_tbc.md). */
#ifndef OP_API_INC_CONVOLUTION_H
#define OP_API_INC_CONVOLUTION_H

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief Phase 1 of aclnnConvolution: validates the arguments and computes the workspace size.
 * @param [in] input (N, Cin, *S) with 1-3 spatial dims (NCL, NCHW, NCDHW): FLOAT, FLOAT16 or BF16.
 * @param [in] weight (Cout, Cin/groups, *K), transposed (Cin, Cout/groups, *K); input's rank and format:
 *   FLOAT, FLOAT16 or BF16.
 * @param [in] bias optional (Cout): FLOAT, FLOAT16 or BF16.
 * @param [in] stride one value > 0 per spatial dim.
 * @param [in] padding one value >= 0 per spatial dim (symmetric), or 1-D [left, right], 2-D [top, bottom, left, right].
 * @param [in] dilation one value > 0 per spatial dim.
 * @param [in] transposed the transposed convolution (the gradient of the convolution with respect to its input).
 * @param [in] outputPadding read only when transposed: one value per spatial dim, >= 0, below stride or dilation.
 * @param [in] groups > 0, dividing Cout, with weight dim 1 * groups = Cin.
 * @param [out] output (N, Cout, *O), O = (S + padding - dilation * (K - 1) - 1) / stride + 1 (transposed:
 *   (S - 1) * stride - padding + dilation * (K - 1) + outputPadding + 1): FLOAT, FLOAT16 or BF16.
 * @param [in] cubeMathType 0 KEEP_DTYPE, 1 ALLOW_FP32_DOWN_PRECISION, 2 USE_FP16, 3 USE_HF32, 4 USE_FP32_ADD.
 * @param [out] workspaceSize bytes of workspace phase 2 needs.
 * @param [out] executor the plan to pass to aclnnConvolution.
 * @return ACLNN_SUCCESS (0) or an error code.
 */
ACLNN_API aclnnStatus aclnnConvolutionGetWorkspaceSize(const aclTensor *input, const aclTensor *weight,
                                                       const aclTensor *bias, const aclIntArray *stride,
                                                       const aclIntArray *padding, const aclIntArray *dilation,
                                                       bool transposed, const aclIntArray *outputPadding,
                                                       const int64_t groups, aclTensor *output, int8_t cubeMathType,
                                                       uint64_t *workspaceSize, aclOpExecutor **executor);

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
 * @brief Phase 1 of aclnnConvDepthwise2d: the 2-D convolution with groups = self's channels.
 * @param [in] self (N, Cin, H, W) NCHW: FLOAT, FLOAT16 or BF16.
 * @param [in] weight (Cout, 1, kH, kW) NCHW, Cout a multiple of Cin; self's dtype.
 * @param [in] kernelSize [kH, kW], equal to weight's.
 * @param [in] bias optional (Cout), self's dtype.
 * @param [in] stride, padding, dilation two values each (height, width); padding symmetric.
 * @param [out] out (N, Cout, Ho, Wo) NCHW, self's dtype.
 * @param [in] cubeMathType 0-4 as for aclnnConvolution.
 * @param [out] workspaceSize bytes of workspace phase 2 needs.
 * @param [out] executor the plan to pass to aclnnConvDepthwise2d.
 * @return ACLNN_SUCCESS (0) or an error code.
 */
ACLNN_API aclnnStatus aclnnConvDepthwise2dGetWorkspaceSize(const aclTensor *self, const aclTensor *weight,
                                                           const aclIntArray *kernelSize, const aclTensor *bias,
                                                           const aclIntArray *stride, const aclIntArray *padding,
                                                           const aclIntArray *dilation, aclTensor *out,
                                                           int8_t cubeMathType, uint64_t *workspaceSize,
                                                           aclOpExecutor **executor);

/**
 * @brief Phase 2 of aclnnConvolution: enqueues the computation on the stream.
 * @return ACLNN_SUCCESS (0) or an error code.
 */
ACLNN_API aclnnStatus aclnnConvolution(void *workspace, const uint64_t workspaceSize, aclOpExecutor *executor,
                                       aclrtStream stream);

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

/**
 * @brief Phase 2 of aclnnConvDepthwise2d: enqueues the computation on the stream.
 * @return ACLNN_SUCCESS (0) or an error code.
 */
ACLNN_API aclnnStatus aclnnConvDepthwise2d(void *workspace, const uint64_t workspaceSize, aclOpExecutor *executor,
                                           aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_CONVOLUTION_H */
