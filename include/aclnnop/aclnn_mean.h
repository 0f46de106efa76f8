/* aclnn-cpu: aclnnMean (CANN-compatible declarations; aclnnMeanV2 is not provided yet). */
#ifndef OP_API_INC_MEAN_H_
#define OP_API_INC_MEAN_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/** out = mean of self (cast to dtype) over dim (all dims when dim is empty), then cast to out's dtype. */
ACLNN_API aclnnStatus aclnnMeanGetWorkspaceSize(const aclTensor *self, const aclIntArray *dim, bool keepDim,
                                                aclDataType dtype, aclTensor *out, uint64_t *workspaceSize,
                                                aclOpExecutor **executor);

/** Phase 2 of aclnnMean: runs the plan of phase 1 on the stream. */
ACLNN_API aclnnStatus aclnnMean(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_MEAN_H_ */
