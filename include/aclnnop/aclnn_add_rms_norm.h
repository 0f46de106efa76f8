/* aclnn-cpu: aclnnAddRmsNorm (CANN-compatible declarations). */
#ifndef OP_API_INC_LEVEL2_ADD_RMS_NORM_H_
#define OP_API_INC_LEVEL2_ADD_RMS_NORM_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/** xOut = x1 + x2 (rounded to x1's dtype), then yOut = RmsNorm(xOut) over gamma's trailing dims with rstdOut
 * (FLOAT, one value per row). All of x1, x2, gamma, yOut, xOut share one dtype (FLOAT, FLOAT16, BF16). With rstdOut
 * null only y and x are written, with both null only y (16-bit dtypes, gamma [1, last dim]). */
ACLNN_API aclnnStatus aclnnAddRmsNormGetWorkspaceSize(const aclTensor *x1, const aclTensor *x2, const aclTensor *gamma,
                                                      double epsilon, aclTensor *yOut, aclTensor *rstdOut,
                                                      aclTensor *xOut, uint64_t *workspaceSize,
                                                      aclOpExecutor **executor);

/** Phase 2 of aclnnAddRmsNorm: runs the plan of phase 1 on the stream. */
ACLNN_API aclnnStatus aclnnAddRmsNorm(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                      aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* OP_API_INC_LEVEL2_ADD_RMS_NORM_H_ */
