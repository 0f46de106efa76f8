/* aclnn-cpu: aclnnInplaceMaskedFillScalar (CANN-compatible declarations). */
#ifndef OP_API_INC_MASKEF_FILL_SCALAR_H_
#define OP_API_INC_MASKEF_FILL_SCALAR_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/** selfRef = value where mask (BOOL, broadcast to selfRef) is true. */
ACLNN_API aclnnStatus aclnnInplaceMaskedFillScalarGetWorkspaceSize(aclTensor *selfRef, const aclTensor *mask,
                                                                   const aclScalar *value, uint64_t *workspaceSize,
                                                                   aclOpExecutor **executor);

/** Phase 2 of aclnnInplaceMaskedFillScalar: runs the plan of phase 1 on the stream. */
ACLNN_API aclnnStatus aclnnInplaceMaskedFillScalar(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                                   aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_MASKEF_FILL_SCALAR_H_ */
