/* aclnn-cpu: level2 spelling of aclnn_util.h. */
#include "../aclnn_util.h"
