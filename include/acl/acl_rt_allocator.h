/* aclnn-cpu: allocator handle types live in acl_base_rt.h; no allocator API is provided. */
#ifndef INC_EXTERNAL_ACL_ACL_RT_ALLOCATOR_H_
#define INC_EXTERNAL_ACL_ACL_RT_ALLOCATOR_H_
#include "acl/acl_base.h"
#endif /* INC_EXTERNAL_ACL_ACL_RT_ALLOCATOR_H_ */
