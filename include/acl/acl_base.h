/* aclnn-cpu: CANN-compatible base declarations (types, status codes, enums). */
#ifndef INC_EXTERNAL_ACL_ACL_BASE_H_
#define INC_EXTERNAL_ACL_ACL_BASE_H_

#include "acl/acl_base_mdl.h"
#include "acl/acl_base_rt.h"
#include "acl/error_codes/ge_error_codes.h"
#include "acl/error_codes/rt_error_codes.h"

#endif /* INC_EXTERNAL_ACL_ACL_BASE_H_ */
