/* aclnn-cpu: level2 spelling of the op header, as installed by CANN. */
#include "../aclnn_apply_adam_w_v2.h"
