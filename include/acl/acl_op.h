/* aclnn-cpu: compatibility stub, as in the current CANN runtime. */
#ifndef INC_EXTERNAL_ACL_ACL_OP_H_
#define INC_EXTERNAL_ACL_ACL_OP_H_
#include "acl/acl_base.h"
#endif /* INC_EXTERNAL_ACL_ACL_OP_H_ */
