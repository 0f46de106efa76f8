/* aclnn-cpu: aclnnDiv, aclnnDivs, aclnnInplaceDiv, aclnnInplaceDivs (CANN-compatible declarations). */
#ifndef OP_API_INC_DIV_H_
#define OP_API_INC_DIV_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/** out = self / other (true division), broadcast; integers divide in FLOAT. */
ACLNN_API aclnnStatus aclnnDivGetWorkspaceSize(const aclTensor *self, const aclTensor *other, aclTensor *out,
                                               uint64_t *workspaceSize, aclOpExecutor **executor);

/** out = self / other for a scalar other; out has self's shape. */
ACLNN_API aclnnStatus aclnnDivsGetWorkspaceSize(const aclTensor *self, const aclScalar *other, aclTensor *out,
                                                uint64_t *workspaceSize, aclOpExecutor **executor);

/** selfRef /= other; other broadcasts to selfRef's shape. */
ACLNN_API aclnnStatus aclnnInplaceDivGetWorkspaceSize(aclTensor *selfRef, const aclTensor *other,
                                                      uint64_t *workspaceSize, aclOpExecutor **executor);

/** selfRef /= other for a scalar other. */
ACLNN_API aclnnStatus aclnnInplaceDivsGetWorkspaceSize(aclTensor *selfRef, const aclScalar *other,
                                                       uint64_t *workspaceSize, aclOpExecutor **executor);

/** Phase 2 of aclnnDiv: runs the plan of phase 1 on the stream. */
ACLNN_API aclnnStatus aclnnDiv(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream);

/** Phase 2 of aclnnDivs: runs the plan of phase 1 on the stream. */
ACLNN_API aclnnStatus aclnnDivs(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream);

/** Phase 2 of aclnnInplaceDiv: runs the plan of phase 1 on the stream. */
ACLNN_API aclnnStatus aclnnInplaceDiv(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                      aclrtStream stream);

/** Phase 2 of aclnnInplaceDivs: runs the plan of phase 1 on the stream. */
ACLNN_API aclnnStatus aclnnInplaceDivs(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                       aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_DIV_H_ */
