/* aclnn-cpu: aclnnInplaceFillScalar (CANN-compatible declarations). */
#ifndef OP_API_ACLNN_FILL_SCALAR_H_
#define OP_API_ACLNN_FILL_SCALAR_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/** selfRef = value converted to selfRef's dtype. */
ACLNN_API aclnnStatus aclnnInplaceFillScalarGetWorkspaceSize(aclTensor *selfRef, const aclScalar *value,
                                                             uint64_t *workspaceSize, aclOpExecutor **executor);

/** Phase 2 of aclnnInplaceFillScalar: runs the plan of phase 1 on the stream. */
ACLNN_API aclnnStatus aclnnInplaceFillScalar(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                             aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_ACLNN_FILL_SCALAR_H_ */
