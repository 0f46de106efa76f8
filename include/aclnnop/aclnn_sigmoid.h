/* aclnn-cpu: aclnnSigmoid, aclnnInplaceSigmoid (CANN-compatible declarations). */
#ifndef OP_API_INC_SIGMOID_H_
#define OP_API_INC_SIGMOID_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/** out = 1 / (1 + exp(-self)). */
ACLNN_API aclnnStatus aclnnSigmoidGetWorkspaceSize(const aclTensor *self, aclTensor *out, uint64_t *workspaceSize,
                                                   aclOpExecutor **executor);

/** Phase 2 of aclnnSigmoid: runs the plan of phase 1 on the stream. */
ACLNN_API aclnnStatus aclnnSigmoid(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                   const aclrtStream stream);

/** selfRef = 1 / (1 + exp(-selfRef)). */
ACLNN_API aclnnStatus aclnnInplaceSigmoidGetWorkspaceSize(aclTensor *selfRef, uint64_t *workspaceSize,
                                                          aclOpExecutor **executor);

/** Phase 2 of aclnnInplaceSigmoid: runs the plan of phase 1 on the stream. */
ACLNN_API aclnnStatus aclnnInplaceSigmoid(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                          const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_SIGMOID_H_ */
