/* aclnn-cpu: export macro used by the aclnn op headers. */
#ifndef OP_API_INC_ACLNN_UTIL_H
#define OP_API_INC_ACLNN_UTIL_H

#define ACLNN_API __attribute__((visibility("default")))

#endif /* OP_API_INC_ACLNN_UTIL_H */
