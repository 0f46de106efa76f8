/* aclnn-cpu: aclnn initialisation (CANN-compatible). */
#ifndef OP_API_ACLNN_BASE_H
#define OP_API_ACLNN_BASE_H

#include <cstdint>
#include <cstdlib>
#include "aclnn/acl_meta.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnInit(const char *configPath);
ACL_FUNC_VISIBILITY aclnnStatus aclnnFinalize();

#ifdef __cplusplus
}
#endif

#endif /* OP_API_ACLNN_BASE_H */
