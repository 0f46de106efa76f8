/* aclnn-cpu: aclnnPrelu (CANN-compatible declaration). */
#ifndef OP_API_INC_PRELU_H_
#define OP_API_INC_PRELU_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief Phase 1 of aclnnPrelu: validates the arguments and computes the workspace size.
 * @param [in] self the input x (FLOAT, FLOAT16, BF16), rank <= 8; dim 1 is the channel dim.
 * @param [in] weight the slopes (FLOAT, FLOAT16, BF16): 1 element, or C = self.shape[1] elements in any shape.
 * @param [out] out same shape as self (FLOAT, FLOAT16, BF16): x > 0 ? x : weight * x, computed in the
 *   promoted dtype of self and weight and cast to out's dtype.
 * @param [out] workspaceSize bytes of workspace phase 2 needs.
 * @param [out] executor the plan to pass to aclnnPrelu.
 * @return ACLNN_SUCCESS (0) or an error code.
 */
ACLNN_API aclnnStatus aclnnPreluGetWorkspaceSize(const aclTensor *self, const aclTensor *weight, aclTensor *out,
                                                 uint64_t *workspaceSize, aclOpExecutor **executor);

/**
 * @brief Phase 2 of aclnnPrelu: enqueues the computation on the stream.
 * @param [in] workspace device memory of at least workspaceSize bytes (may be null when the size is 0).
 * @param [in] workspaceSize the size reported by phase 1.
 * @param [in] executor the executor from phase 1.
 * @param [in] stream the stream to run on (null = default stream).
 * @return ACLNN_SUCCESS (0) or an error code.
 */
ACLNN_API aclnnStatus aclnnPrelu(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_PRELU_H_ */
