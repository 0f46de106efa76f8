/* aclnn-cpu: aclnnPreluBackward (CANN-compatible declaration). */
#ifndef OP_API_INC_PRELU_BACKWARD_H_
#define OP_API_INC_PRELU_BACKWARD_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief Phase 1 of aclnnPreluBackward: validates the arguments and computes the workspace size.
 * @param [in] gradOutput gradient of the PReLU output; broadcasts to self's shape.
 * @param [in] self the PReLU input x (FLOAT, FLOAT16, BF16), rank <= 8; dim 1 is the channel dim.
 * @param [in] weight the slopes: 1 element, or C = self.shape[1] elements in any shape.
 * @param [out] gradInput same shape and dtype as self: x > 0 ? g : weight * g.
 * @param [out] gradWeight [C] (or weight's shape when weight has 1 element): sum of x * g where !(x > 0).
 * @param [out] workspaceSize bytes of workspace phase 2 needs.
 * @param [out] executor the plan to pass to aclnnPreluBackward.
 * @return ACLNN_SUCCESS (0) or an error code.
 */
ACLNN_API aclnnStatus aclnnPreluBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
                                                         const aclTensor *weight, aclTensor *gradInput,
                                                         aclTensor *gradWeight, uint64_t *workspaceSize,
                                                         aclOpExecutor **executor);

/**
 * @brief Phase 2 of aclnnPreluBackward: enqueues the computation on the stream.
 * @param [in] workspace device memory of at least workspace_size bytes (may be null when the size is 0).
 * @param [in] workspace_size the size reported by phase 1.
 * @param [in] executor the executor from phase 1.
 * @param [in] stream the stream to run on (null = default stream).
 * @return ACLNN_SUCCESS (0) or an error code.
 */
ACLNN_API aclnnStatus aclnnPreluBackward(void *workspace, uint64_t workspace_size, aclOpExecutor *executor,
                                         aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_PRELU_BACKWARD_H_ */
