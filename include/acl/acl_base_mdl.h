/* aclnn-cpu: compatibility stub (the model API is not part of this product). */
#ifndef INC_EXTERNAL_ACL_ACL_BASE_MDL_H_
#define INC_EXTERNAL_ACL_ACL_BASE_MDL_H_
#endif /* INC_EXTERNAL_ACL_ACL_BASE_MDL_H_ */
