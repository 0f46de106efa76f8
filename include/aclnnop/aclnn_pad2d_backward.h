/* aclnn-cpu: aclnnReflectionPad2dBackward and aclnnReplicationPad2dBackward (CANN-compatible declarations). */
#ifndef OP_API_INC_PAD2D_BACKWARD_H_
#define OP_API_INC_PAD2D_BACKWARD_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief Phase 1 of aclnnReflectionPad2dBackward: validates the arguments and computes the workspace size.
 * @param [in] gradOutput gradient of the padded output, (C, H+top+bottom, W+left+right) or the 4-D form with N.
 * @param [in] self the unpadded input (C, H, W) or (N, C, H, W); FLOAT, FLOAT16, BF16, DOUBLE, COMPLEX64, COMPLEX128.
 * @param [in] padding four int64 values [left, right, top, bottom], each smaller than the padded dim.
 * @param [out] gradInput same shape and dtype as self: each cell receives the sum of the cells that mirror it.
 * @param [out] workspaceSize bytes of workspace phase 2 needs.
 * @param [out] executor the plan to pass to aclnnReflectionPad2dBackward.
 * @return ACLNN_SUCCESS (0) or an error code.
 */
ACLNN_API aclnnStatus aclnnReflectionPad2dBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
                                                                   const aclIntArray *padding, aclTensor *gradInput,
                                                                   uint64_t *workspaceSize, aclOpExecutor **executor);

/**
 * @brief Phase 2 of aclnnReflectionPad2dBackward: enqueues the computation on the stream.
 * @param [in] workspace device memory of at least workspaceSize bytes (may be null when the size is 0).
 * @param [in] workspaceSize the size reported by phase 1.
 * @param [in] executor the executor from phase 1.
 * @param [in] stream the stream to run on (null = default stream).
 * @return ACLNN_SUCCESS (0) or an error code.
 */
ACLNN_API aclnnStatus aclnnReflectionPad2dBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                                   const aclrtStream stream);

/**
 * @brief Phase 1 of aclnnReplicationPad2dBackward: validates the arguments and computes the workspace size.
 * @param [in] gradOutput gradient of the padded output, (C, H+top+bottom, W+left+right) or the 4-D form with N.
 * @param [in] self the unpadded input (C, H, W) or (N, C, H, W); FLOAT, FLOAT16, BF16, DOUBLE, COMPLEX64, COMPLEX128.
 * @param [in] padding four int64 values [left, right, top, bottom] (for BF16: non-negative, and all <= 7 unless
 *   top = bottom = 0).
 * @param [out] gradInput same shape and dtype as self: each cell receives the sum of the cells that repeat it.
 * @param [out] workspaceSize bytes of workspace phase 2 needs.
 * @param [out] executor the plan to pass to aclnnReplicationPad2dBackward.
 * @return ACLNN_SUCCESS (0) or an error code.
 */
ACLNN_API aclnnStatus aclnnReplicationPad2dBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
                                                                    const aclIntArray *padding, aclTensor *gradInput,
                                                                    uint64_t *workspaceSize, aclOpExecutor **executor);

/**
 * @brief Phase 2 of aclnnReplicationPad2dBackward: enqueues the computation on the stream.
 * @param [in] workspace device memory of at least workspaceSize bytes (may be null when the size is 0).
 * @param [in] workspaceSize the size reported by phase 1.
 * @param [in] executor the executor from phase 1.
 * @param [in] stream the stream to run on (null = default stream).
 * @return ACLNN_SUCCESS (0) or an error code.
 */
ACLNN_API aclnnStatus aclnnReplicationPad2dBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                                    const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_PAD2D_BACKWARD_H_ */
