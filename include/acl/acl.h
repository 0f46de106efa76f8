/* aclnn-cpu: umbrella runtime header, as CANN's acl/acl.h. */
#ifndef INC_EXTERNAL_ACL_ACL_H_
#define INC_EXTERNAL_ACL_ACL_H_

/* Samples call printf after including only <iostream> and this header; pulling in stdio keeps them
   building with any standard library. */
#include <stdio.h>

#include "acl/acl_mdl.h"
#include "acl/acl_op.h"
#include "acl/acl_rt.h"

#endif /* INC_EXTERNAL_ACL_ACL_H_ */
