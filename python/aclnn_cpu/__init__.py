"""aclnn-cpu's golden toolkit: the aclnn operators callable from Python, and the vendor's precision standards.

    import aclnn_cpu
    out = aclnn_cpu.prelu(x, w)                # one output: the array (or torch tensor) itself
    grad_input, grad_gamma, grad_beta = aclnn_cpu.layer_norm_backward(dy, x, [4], mean, rstd, weight, bias)
                                               # several: a named tuple (.grad_input_out, .grad_weight_out, ...)
    result = aclnn_cpu.precision.compare(actual, golden, standard="commercial")

Submodules:
  aclnn_cpu.precision   every precision standard of docs/golden.md, the Result object, load_bin/save_bin
  aclnn_cpu.golden      one callable per operator in the test kit's golden.py protocol
  aclnn_cpu.cli         the `aclnn-cpu` command (golden, compare, ops)
The operator functions themselves live in aclnn_cpu.ops and are re-exported here.
"""

__version__ = "0.1.0"

from . import binio  # noqa: F401  (load_bin / save_bin)
from . import precision  # noqa: F401
from .binio import load_bin, save_bin  # noqa: F401

from . import ops  # noqa: F401  (loads the libraries on the first operator call, not here)
from . import golden  # noqa: F401,E402
from .errors import AclnnError  # noqa: F401
from .ops import *  # noqa: F401,F403
