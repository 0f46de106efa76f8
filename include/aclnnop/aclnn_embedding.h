/* aclnn-cpu: aclnnEmbedding (CANN-compatible declarations). */
#ifndef OP_API_INC_EMBEDDING_H_
#define OP_API_INC_EMBEDDING_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/** out[i..., :] = weight[indices[i...], :]: weight a 2-D table [V, D], indices INT32/INT64 of any shape, out of shape
 * indices.shape + [D] and weight's dtype. */
ACLNN_API aclnnStatus aclnnEmbeddingGetWorkspaceSize(const aclTensor *weight, const aclTensor *indices,
                                                     const aclTensor *out, uint64_t *workspaceSize,
                                                     aclOpExecutor **executor);

/** Phase 2 of aclnnEmbedding: runs the plan of phase 1 on the stream. */
ACLNN_API aclnnStatus aclnnEmbedding(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                     const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_EMBEDDING_H_ */
