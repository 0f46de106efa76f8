/* aclnn-cpu: aclnnConvolutionBackward and aclnnConvTbcBackward (CANN-compatible declarations). The
 * vendor's header of this name also declares aclnnDeformableConv2dBackward, which aclnn-cpu does not
 * implement (docs/compat.md). */
#ifndef OP_API_INC_CONVOLUTION_BACKWARD_H_
#define OP_API_INC_CONVOLUTION_BACKWARD_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief Phase 1 of aclnnConvolutionBackward: validates the arguments and computes the workspace size.
 * @param [in] gradOutput the gradient of the forward output, (N, Cout, *O); FLOAT, FLOAT16 or BF16.
 * @param [in] input the forward input, (N, Cin, *S): 1-3 spatial dims (NCL/ND, NCHW, NCDHW).
 * @param [in] weight the filter, (Cout, Cin/groups, *K), or (Cin, Cout/groups, *K) when transposed.
 * @param [in] biasSizes (Cout); read only when input or weight is empty and gradBias is wanted.
 * @param [in] stride, padding, dilation the forward's attributes (2-D padding: 2 or 4 values).
 * @param [in] transposed the forward was a transposed convolution.
 * @param [in] outputPadding the forward's (all 0 when not transposed); never null.
 * @param [in] groups >= 1.
 * @param [in] outputMask 3 bools: which of gradInput, gradWeight, gradBias to compute.
 * @param [in] cubeMathType 0 KEEP_DTYPE, 1 ALLOW_FP32_DOWN_PRECISION, 2 USE_FP16, 3 USE_HF32.
 * @param [out] gradInput (input's shape), gradWeight (weight's shape), gradBias (Cout); may be null when
 *              their mask bit is false.
 * @param [out] workspaceSize bytes of workspace phase 2 needs.
 * @param [out] executor the plan to pass to aclnnConvolutionBackward.
 * @return ACLNN_SUCCESS (0) or an error code.
 */
ACLNN_API aclnnStatus aclnnConvolutionBackwardGetWorkspaceSize(
    const aclTensor *gradOutput, const aclTensor *input, const aclTensor *weight, const aclIntArray *biasSizes,
    const aclIntArray *stride, const aclIntArray *padding, const aclIntArray *dilation, bool transposed,
    const aclIntArray *outputPadding, int groups, const aclBoolArray *outputMask, int8_t cubeMathType,
    aclTensor *gradInput, aclTensor *gradWeight, aclTensor *gradBias, uint64_t *workspaceSize,
    aclOpExecutor **executor);

/**
 * @brief Phase 1 of aclnnConvTbcBackward: validates the arguments and computes the workspace size.
 * @param [in] self the gradient of the ConvTbc output, (T + 2*pad - K + 1, B, Cout); must not be empty.
 * @param [in] input the ConvTbc input, (T, B, Cin).
 * @param [in] weight the filter, (K, Cin, Cout).
 * @param [in] bias (Cout); only its shape and dtype are used.
 * @param [in] pad zero padding on both ends of the time axis, >= 0.
 * @param [in] cubeMathType 0 KEEP_DTYPE, 1 ALLOW_FP32_DOWN_PRECISION, 2 USE_FP16, 3 USE_HF32.
 * @param [out] gradInput (T, B, Cin); gradWeight (K, Cin, Cout); gradBias (Cout). FLOAT, FLOAT16 or BF16 each.
 * @param [out] workspaceSize bytes of workspace phase 2 needs.
 * @param [out] executor the plan to pass to aclnnConvTbcBackward.
 * @return ACLNN_SUCCESS (0) or an error code.
 */
ACLNN_API aclnnStatus aclnnConvTbcBackwardGetWorkspaceSize(const aclTensor *self, const aclTensor *input,
                                                           const aclTensor *weight, const aclTensor *bias, int64_t pad,
                                                           int8_t cubeMathType, aclTensor *gradInput,
                                                           aclTensor *gradWeight, aclTensor *gradBias,
                                                           uint64_t *workspaceSize, aclOpExecutor **executor);

/**
 * @brief Phase 2 of aclnnConvolutionBackward: enqueues the computation on the stream.
 * @param [in] workspace device memory of at least workspaceSize bytes (may be null when the size is 0).
 * @param [in] workspaceSize the size reported by phase 1.
 * @param [in] executor the executor from phase 1.
 * @param [in] stream the stream to run on (null = default stream).
 * @return ACLNN_SUCCESS (0) or an error code.
 */
ACLNN_API aclnnStatus aclnnConvolutionBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                               const aclrtStream stream);

/**
 * @brief Phase 2 of aclnnConvTbcBackward: enqueues the computation on the stream.
 * @param [in] workspace device memory of at least workspaceSize bytes (may be null when the size is 0).
 * @param [in] workspaceSize the size reported by phase 1.
 * @param [in] executor the executor from phase 1.
 * @param [in] stream the stream to run on (null = default stream).
 * @return ACLNN_SUCCESS (0) or an error code.
 */
ACLNN_API aclnnStatus aclnnConvTbcBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                           const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_CONVOLUTION_BACKWARD_H_ */
