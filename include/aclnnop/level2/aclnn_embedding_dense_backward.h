/* aclnn-cpu: level2 spelling of the op header, as installed by CANN. */
#include "../aclnn_embedding_dense_backward.h"
