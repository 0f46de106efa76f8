/* aclnn-cpu: aclnnDropoutGenMaskV2 (CANN-compatible declarations). */
#ifndef OP_API_INC_DROPOUT_GEN_MASK_H_
#define OP_API_INC_DROPOUT_GEN_MASK_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief Phase 1 of aclnnDropoutGenMaskV2: a dropout bit mask for prod(shape) elements.
 *
 * Bit i (bit i % 8, least significant first, of byte i / 8) is 1 ("keep") with probability 1 - prob; prob 0
 * gives all 0xFF bytes, prob 1 all 0x00. The mask is a pure function of (seed, offset, prob, probDataType)
 * (docs/ops/dropout.md).
 * @param [in] shape the element count the mask is for (the product of its entries).
 * @param [in] prob drop probability in [0, 1].
 * @param [in] seed, offset select the random stream.
 * @param [in] probDataType FLOAT, FLOAT16 or BF16: the precision prob is used in.
 * @param [out] out UINT8 of ceil(prod(shape) / 128) * 16 elements.
 * @param [out] workspaceSize bytes of workspace phase 2 needs.
 * @param [out] executor the plan to pass to aclnnDropoutGenMaskV2.
 * @return ACLNN_SUCCESS (0) or an error code.
 */
ACLNN_API aclnnStatus aclnnDropoutGenMaskV2GetWorkspaceSize(const aclIntArray *shape, double prob, int64_t seed,
                                                            int64_t offset, aclDataType probDataType, aclTensor *out,
                                                            uint64_t *workspaceSize, aclOpExecutor **executor);

/** Phase 2 of aclnnDropoutGenMaskV2: runs the plan of phase 1 on the stream. */
ACLNN_API aclnnStatus aclnnDropoutGenMaskV2(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                            aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_DROPOUT_GEN_MASK_H_ */
