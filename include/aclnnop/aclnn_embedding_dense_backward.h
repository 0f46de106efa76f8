/* aclnn-cpu: aclnnEmbeddingDenseBackward (CANN-compatible declarations). */
#ifndef OP_API_INC_EMBEDDING_DENSE_BACKWARD_H_
#define OP_API_INC_EMBEDDING_DENSE_BACKWARD_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The gradient of aclnnEmbedding's weight: out [numWeights, D] = zeros, then each row of grad (read as [R, D]) added
 * to the out row its index names; rows whose index is paddingIdx are skipped ((uint64_t)-1: none), and with
 * scaleGradByFreq each out row is divided by how often its index occurs. */
ACLNN_API aclnnStatus aclnnEmbeddingDenseBackwardGetWorkspaceSize(const aclTensor *grad, const aclTensor *indices,
                                                                  uint64_t numWeights, uint64_t paddingIdx,
                                                                  bool scaleGradByFreq, const aclTensor *out,
                                                                  uint64_t *workspaceSize, aclOpExecutor **executor);

/** Phase 2 of aclnnEmbeddingDenseBackward: runs the plan of phase 1 on the stream. */
ACLNN_API aclnnStatus aclnnEmbeddingDenseBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                                  const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_EMBEDDING_DENSE_BACKWARD_H_ */
