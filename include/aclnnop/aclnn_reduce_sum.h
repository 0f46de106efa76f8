/* aclnn-cpu: aclnnReduceSum (CANN-compatible declarations). */
#ifndef OP_API_INC_REDUCE_SUM_H_
#define OP_API_INC_REDUCE_SUM_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/** out = sum of self (cast to dtype) over dims (all dims when dims is empty); out's dtype must be dtype. */
ACLNN_API aclnnStatus aclnnReduceSumGetWorkspaceSize(const aclTensor *self, const aclIntArray *dims, bool keepDims,
                                                     aclDataType dtype, aclTensor *out, uint64_t *workspaceSize,
                                                     aclOpExecutor **executor);

/** Phase 2 of aclnnReduceSum: runs the plan of phase 1 on the stream. */
ACLNN_API aclnnStatus aclnnReduceSum(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                     aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_REDUCE_SUM_H_ */
