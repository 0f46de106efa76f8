"""Errors raised by the aclnn_cpu operator functions."""


class AclnnError(RuntimeError):
    """An aclnn call (or the runtime under it) returned a non-zero status.

    .status  the aclnnStatus / aclError code (e.g. 161001 null argument, 161002 invalid parameter)
    .message the aclGetRecentErrMsg() text of the failing call (may be empty)

    Arguments that Python rejects before calling C (an unsupported dtype, a dead or misaligned buffer)
    raise AclnnError too, with status 161002 (ACLNN_ERR_PARAM_INVALID) or 161001 (ACLNN_ERR_PARAM_NULLPTR)
    and a message written here, so callers handle one exception type.
    """

    def __init__(self, status, message=""):
        self.status = int(status)
        self.message = str(message or "")
        text = f"aclnn status {self.status}"
        if self.message:
            text += f": {self.message}"
        super().__init__(text)

    def __reduce__(self):  # picklable across --jobs worker processes
        return (AclnnError, (self.status, self.message))


ACLNN_ERR_PARAM_NULLPTR = 161001
ACLNN_ERR_PARAM_INVALID = 161002
