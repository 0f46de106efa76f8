"""The test kits' golden protocol: one callable per aclnn API, named exactly like the API.

A TTK plugin (golden.py in the op's tests/assets/) needs two lines:

    from aclnn_cpu.golden import aclnnPrelu as aclnn_prelu_golden
    __golden__ = {"aclnn": {"aclnnPrelu": "aclnn_prelu_golden"}}

Signature: the parameters of aclnnXxxGetWorkspaceSize in header order without workspaceSize and executor,
outputs included (self is spelled selfT), then **kwargs (tensor_dtypes, testcase_name, ... ignored):

    aclnnLayerNormBackward(gradOut, input, normalizedShape, mean, rstd, weightOptional, biasOptional,
                           outputMask, gradInputOut=None, gradWeightOut=None, gradBiasOut=None, **kwargs)

Tensors are numpy arrays or torch tensors (torch in -> torch out), scalars plain numbers or 0-d values
(attributes: alpha.item() is applied; an aclScalar keeps a 0-d value's dtype), integer lists as lists/tuples/arrays.
Output arguments are optional: when given they are filled and returned; otherwise outputs are allocated by the API's
rules. Returns a list, one entry per output (an in-place API's: the selfRef tensor it wrote), None for an output the
call's mask turns off: a list even for one output, as spec §5.3 has it (the aclnn_cpu.<op>
functions instead return a single output itself and several as a named tuple). An ATK executor may
`return aclnn_cpu.golden.aclnnPrelu(**input_data.kwargs)`.
"""

from . import ops as _ops

__all__ = []


def _make(op):
    params = op.params
    names = ["selfT" if p.name == "self" else p.name for p in params]

    def golden(*args, **kwargs):
        if len(args) > len(params):
            raise TypeError(f"{op.aclnn}() takes {len(params)} positional arguments but {len(args)} were given")
        values = dict(zip(names, args))
        for i, p in enumerate(params):  # keywords by aclnn name, selfT/self, or the Python name
            for key in (names[i], p.name, p.py):
                if key in kwargs:
                    if names[i] in values:
                        raise TypeError(f"{op.aclnn}() got multiple values for argument '{names[i]}'")
                    values[names[i]] = kwargs[key]
                    break
        inputs, outs = [], []
        for p, n in zip(params, names):
            if p.role == "out":
                outs.append(values.get(n))
            elif n in values:
                inputs.append(values[n])
            elif p.has_default:
                inputs.append(p.default)
            else:
                raise TypeError(f"{op.aclnn}() missing required argument '{n}'")
        return list(op.call(inputs, outs))

    golden.__name__ = golden.__qualname__ = op.aclnn
    golden.__doc__ = f"{op.golden_signature()}\n\n{op.doc}. Returns a list of outputs ({len(op.outputs)})."
    golden.op = op
    return golden


def _export_all():
    for op in _ops.OPS:
        if op.aclnn not in globals():
            globals()[op.aclnn] = _make(op)
            __all__.append(op.aclnn)


_export_all()


def refresh():
    """Exports callables for operators registered after import (aclnn_cpu.ops.register)."""
    _export_all()
