/* aclnn-cpu: aclnnReplicationPad2d (CANN-compatible declaration). */
#ifndef OP_API_INC_REPLICATION_PAD2D_H_
#define OP_API_INC_REPLICATION_PAD2D_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief Phase 1 of aclnnReplicationPad2d: validates the arguments and computes the workspace size.
 * @param [in] self (C, H, W) or (N, C, H, W); INT8, UINT8, INT16, INT32, INT64, FLOAT16, BF16, FLOAT, DOUBLE,
 *   COMPLEX64, COMPLEX128.
 * @param [in] padding four int64 values [left, right, top, bottom], any size (negative values crop).
 * @param [out] out self's dtype and leading dims, (H+top+bottom, W+left+right): self with its border cells
 *   repeated into the padding.
 * @param [out] workspaceSize bytes of workspace phase 2 needs.
 * @param [out] executor the plan to pass to aclnnReplicationPad2d.
 * @return ACLNN_SUCCESS (0) or an error code.
 */
ACLNN_API aclnnStatus aclnnReplicationPad2dGetWorkspaceSize(const aclTensor *self, const aclIntArray *padding,
                                                            aclTensor *out, uint64_t *workspaceSize,
                                                            aclOpExecutor **executor);

/**
 * @brief Phase 2 of aclnnReplicationPad2d: enqueues the computation on the stream.
 * @param [in] workspace device memory of at least workspaceSize bytes (may be null when the size is 0).
 * @param [in] workspaceSize the size reported by phase 1.
 * @param [in] executor the executor from phase 1.
 * @param [in] stream the stream to run on (null = default stream).
 * @return ACLNN_SUCCESS (0) or an error code.
 */
ACLNN_API aclnnStatus aclnnReplicationPad2d(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                            aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_REPLICATION_PAD2D_H_ */
