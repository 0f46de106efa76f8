/* aclnn-cpu: aclnnMul, aclnnMuls, aclnnInplaceMul, aclnnInplaceMuls (CANN-compatible declarations). */
#ifndef OP_API_INC_LEVEL2_ACLNN_MUL_H_
#define OP_API_INC_LEVEL2_ACLNN_MUL_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/** out = self * other for a scalar other; out has self's shape. */
ACLNN_API aclnnStatus aclnnMulsGetWorkspaceSize(const aclTensor *self, const aclScalar *other, aclTensor *out,
                                                uint64_t *workspaceSize, aclOpExecutor **executor);

/** out = self * other, broadcast; computed in the promoted dtype, cast to out. */
ACLNN_API aclnnStatus aclnnMulGetWorkspaceSize(const aclTensor *self, const aclTensor *other, aclTensor *out,
                                               uint64_t *workspaceSize, aclOpExecutor **executor);

/** selfRef *= other for a scalar other. */
ACLNN_API aclnnStatus aclnnInplaceMulsGetWorkspaceSize(aclTensor *selfRef, const aclScalar *other,
                                                       uint64_t *workspaceSize, aclOpExecutor **executor);

/** selfRef *= other; other broadcasts to selfRef's shape. */
ACLNN_API aclnnStatus aclnnInplaceMulGetWorkspaceSize(aclTensor *selfRef, const aclTensor *other,
                                                      uint64_t *workspaceSize, aclOpExecutor **executor);

/** Phase 2 of aclnnMuls: runs the plan of phase 1 on the stream. */
ACLNN_API aclnnStatus aclnnMuls(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream);

/** Phase 2 of aclnnMul: runs the plan of phase 1 on the stream. */
ACLNN_API aclnnStatus aclnnMul(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream);

/** Phase 2 of aclnnInplaceMuls: runs the plan of phase 1 on the stream. */
ACLNN_API aclnnStatus aclnnInplaceMuls(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                       aclrtStream stream);

/** Phase 2 of aclnnInplaceMul: runs the plan of phase 1 on the stream. */
ACLNN_API aclnnStatus aclnnInplaceMul(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                      aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ACLNN_MUL_H_ */
