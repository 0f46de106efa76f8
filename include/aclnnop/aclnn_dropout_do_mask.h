/* aclnn-cpu: aclnnDropoutDoMask (CANN-compatible declarations). */
#ifndef OP_API_INC_DROPOUT_DO_MASK_H_
#define OP_API_INC_DROPOUT_DO_MASK_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief Phase 1 of aclnnDropoutDoMask: out = self / (1 - prob) where the element's mask bit is 1, else 0.
 *
 * Bit i of mask (bit i % 8, least significant first, of byte i / 8) belongs to element i of self in row-major
 * order (docs/ops/dropout.md).
 * @param [in] self FLOAT, FLOAT16 or BF16, at most 8 dims.
 * @param [in] mask UINT8 of at least ceil(numel(self) / 128) * 16 elements.
 * @param [in] prob drop probability in [0, 1].
 * @param [out] out self's shape, a dtype self's can be cast to.
 * @param [out] workspaceSize bytes of workspace phase 2 needs.
 * @param [out] executor the plan to pass to aclnnDropoutDoMask.
 * @return ACLNN_SUCCESS (0) or an error code.
 */
ACLNN_API aclnnStatus aclnnDropoutDoMaskGetWorkspaceSize(const aclTensor *self, const aclTensor *mask, double prob,
                                                         aclTensor *out, uint64_t *workspaceSize,
                                                         aclOpExecutor **executor);

/** Phase 2 of aclnnDropoutDoMask: runs the plan of phase 1 on the stream. */
ACLNN_API aclnnStatus aclnnDropoutDoMask(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                         aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_DROPOUT_DO_MASK_H_ */
