"""One Python function per aclnn operator of the libraries, forward and backward.

    import aclnn_cpu
    out = aclnn_cpu.prelu(x, w)                      # one output: the array itself
    grad_input, grad_weight = aclnn_cpu.prelu_backward(dy, x, w)
    r = aclnn_cpu.layer_norm_backward(dy, x, [4], mean, rstd, weight, bias)
    r.grad_input_out, r.grad_weight_out, r.grad_bias_out   # several outputs: a named tuple

Names: the aclnn name in snake case (aclnnLayerNormBackward -> layer_norm_backward); parameters: the aclnn parameter
names in snake case without the "Optional" suffix (weightOptional -> weight=None), in header order, outputs left out.
Results: an operator with one output returns that array (or torch tensor); one with several outputs returns a named
tuple (unpacks and indexes like a tuple) whose fields are the output parameter names in snake case (gradInput ->
grad_input, meanOutOptional -> mean_out); an output its mask turns off is None. `aclnn-cpu ops` shows each form.

Tensors: NumPy arrays (float16/32/64, complex64/128, ints, bool; any strides, views passed as views) or torch CPU
tensors (bfloat16 included). Any torch input -> torch outputs, else NumPy outputs. Outputs are allocated with the
shapes and dtypes the aclnn rules give, or written into the caller's arrays: out=a for one output, out=(a, b, c)
for several (None entries allocate); the caller's arrays are what is returned. In-place operators (aclnnInplaceAdd:
inplace_add(self_ref, other, alpha=1)) write the caller's self_ref array or tensor (views included) and return it.
Scalars (aclScalar: alpha, other of adds, value): Python bool/int/float/complex as BOOL/INT64/DOUBLE/COMPLEX128, a
NumPy/torch scalar or 0-d array in its own dtype, or (value, dtype). dtypes (aclDataType: cast's dtype): a NumPy or
torch dtype or a name ("float16", "bf16").
Errors: AclnnError(status, aclGetRecentErrMsg text).

Adding an operator is one Op(...) entry in OPS at the end of this file: the aclnn name, its GetWorkspaceSize
parameters in header order (In/Opt/IntArr/BoolArr/Int/Int8/Double/Bool/Str/Scalar/DType for inputs, Ref for a
tensor written in place, Out for outputs with a shape rule and a dtype rule), and the dtypes it accepts (for
`aclnn-cpu ops` and the golden precision choice). Op.call(values, out) is the low-level form the golden callables and
`aclnn-cpu golden` use: always a plain tuple, one entry per result (Out and Ref parameters in header order);
Op.pack(results) turns it into what the function returns.
"""

import collections
import ctypes
import math
import re
import sys

import numpy as np

from . import _capi, binio
from ._capi import (ACL_BF16, ACL_BOOL, ACL_COMPLEX64, ACL_COMPLEX128, ACL_DOUBLE, ACL_FLOAT, ACL_FLOAT16, ACL_INT8,
                    ACL_INT16, ACL_INT32, ACL_INT64, ACL_UINT8, ACL_UINT16, ACL_UINT32, ACL_UINT64)
from .errors import ACLNN_ERR_PARAM_INVALID, ACLNN_ERR_PARAM_NULLPTR, AclnnError

__all__ = ["AclnnError", "OPS", "op_info"]

# ---------------------------------------------------------------------------------------------------------------
# dtypes
# ---------------------------------------------------------------------------------------------------------------

DTYPE_NAMES = {
    ACL_FLOAT: "float32", ACL_FLOAT16: "float16", ACL_BF16: "bfloat16", ACL_DOUBLE: "float64",
    ACL_COMPLEX64: "complex64", ACL_COMPLEX128: "complex128", ACL_INT8: "int8", ACL_UINT8: "uint8",
    ACL_INT16: "int16", ACL_INT32: "int32", ACL_INT64: "int64", ACL_BOOL: "bool", ACL_UINT16: "uint16",
    ACL_UINT32: "uint32", ACL_UINT64: "uint64",
}
ACL_OF_NAME = {v: k for k, v in DTYPE_NAMES.items()}
ACL_OF_NAME.update({"fp16": ACL_FLOAT16, "half": ACL_FLOAT16, "fp32": ACL_FLOAT, "float": ACL_FLOAT,
                    "fp64": ACL_DOUBLE, "double": ACL_DOUBLE, "bf16": ACL_BF16, "c64": ACL_COMPLEX64,
                    "c128": ACL_COMPLEX128, "int": ACL_INT32, "long": ACL_INT64, "bool_": ACL_BOOL})
ITEMSIZE = {ACL_FLOAT: 4, ACL_FLOAT16: 2, ACL_BF16: 2, ACL_DOUBLE: 8, ACL_COMPLEX64: 8, ACL_COMPLEX128: 16,
            ACL_INT8: 1, ACL_UINT8: 1, ACL_INT16: 2, ACL_INT32: 4, ACL_INT64: 8, ACL_BOOL: 1, ACL_UINT16: 2,
            ACL_UINT32: 4, ACL_UINT64: 8}

_NP_TO_ACL = {np.dtype(np.float32): ACL_FLOAT, np.dtype(np.float16): ACL_FLOAT16, np.dtype(np.float64): ACL_DOUBLE,
              np.dtype(np.complex64): ACL_COMPLEX64, np.dtype(np.complex128): ACL_COMPLEX128,
              np.dtype(np.int8): ACL_INT8, np.dtype(np.uint8): ACL_UINT8, np.dtype(np.int16): ACL_INT16,
              np.dtype(np.int32): ACL_INT32, np.dtype(np.int64): ACL_INT64, np.dtype(np.bool_): ACL_BOOL,
              np.dtype(np.uint16): ACL_UINT16, np.dtype(np.uint32): ACL_UINT32, np.dtype(np.uint64): ACL_UINT64}
_ACL_TO_NP = {v: k for k, v in _NP_TO_ACL.items()}
_torch = None
_TORCH_TO_ACL = {}
_ACL_TO_TORCH = {}


def _torch_module():
    """torch, if the caller already imported it (a torch tensor can only come from an imported torch)."""
    global _torch
    if _torch is None:
        t = sys.modules.get("torch")
        if t is None:
            return None
        _torch = t
        pairs = [(t.float32, ACL_FLOAT), (t.float16, ACL_FLOAT16), (t.bfloat16, ACL_BF16), (t.float64, ACL_DOUBLE),
                 (t.complex64, ACL_COMPLEX64), (t.complex128, ACL_COMPLEX128), (t.int8, ACL_INT8),
                 (t.uint8, ACL_UINT8), (t.int16, ACL_INT16), (t.int32, ACL_INT32), (t.int64, ACL_INT64),
                 (t.bool, ACL_BOOL)]
        pairs += [(getattr(t, n), a) for n, a in (("uint16", ACL_UINT16), ("uint32", ACL_UINT32),
                                                  ("uint64", ACL_UINT64)) if hasattr(t, n)]
        _TORCH_TO_ACL.update(pairs)
        _ACL_TO_TORCH.update((a, d) for d, a in pairs)
    return _torch


def numpy_dtype(acl):
    return _ACL_TO_NP.get(acl)


def torch_dtype(acl):
    _torch_module()
    return _ACL_TO_TORCH.get(acl)


def acl_dtype_of_name(name):
    """aclDataType of a dtype name (numpy names and the test kits' aliases); KeyError if unknown."""
    return ACL_OF_NAME[str(name).strip().lower().replace("torch.", "")]


# ---------------------------------------------------------------------------------------------------------------
# tensors -> aclCreateTensor arguments
# ---------------------------------------------------------------------------------------------------------------


class _Geom:
    """What aclCreateTensor needs besides the address, for one (shape, strides, itemsize): the view described over
    the smallest storage span holding it (base = lowest addressed element), so any strides, negative ones included,
    reach C as a view of the caller's memory, never a copy. Cached: the ctypes arrays are built once per geometry
    (aclCreateTensor copies them)."""

    __slots__ = ("shape", "strides", "ndim", "dims_c", "strides_c", "offset", "storage", "storage_c", "lo_bytes",
                 "ndim_c", "offset_c", "self_overlapping")

    def __init__(self, shape, strides, itemsize):
        self.shape, self.strides, self.ndim = shape, strides, len(shape)
        lo = hi = 0
        empty = False
        for n, s in zip(shape, strides):
            if n == 0:
                empty = True
            elif s < 0:
                lo += (n - 1) * s
            else:
                hi += (n - 1) * s
        # Two indexes reaching one element (a zero stride on a dim > 1, e.g. torch's expand()): fine to read,
        # a write race as an output. (Other overlapping stride patterns are not detected.)
        self.self_overlapping = not empty and any(s == 0 and n > 1 for n, s in zip(shape, strides))
        if empty:
            self.offset, self.storage, self.lo_bytes = 0, 0, 0
        else:
            self.offset, self.storage, self.lo_bytes = -lo, hi - lo + 1, lo * itemsize
        n = self.ndim
        self.dims_c = (ctypes.c_int64 * max(n, 1))(*shape)
        self.strides_c = (ctypes.c_int64 * max(n, 1))(*strides)
        self.storage_c = (ctypes.c_int64 * 1)(self.storage)
        self.ndim_c = ctypes.c_uint64(n)
        self.offset_c = ctypes.c_int64(self.offset)


_GEOMS = {}


def _geometry(shape, strides, itemsize):
    key = (shape, strides, itemsize)
    g = _GEOMS.get(key)
    if g is None:
        if len(_GEOMS) > 4096:
            _GEOMS.clear()
        g = _GEOMS[key] = _Geom(tuple(shape), tuple(strides), itemsize)
    return g


class _TensorArg:
    """A tensor operand: the caller's object, its aclDataType, geometry and the address of its storage span."""

    __slots__ = ("obj", "acl", "shape", "geom", "ptr", "is_torch", "placeholder")

    def __init__(self, obj, acl, geom, ptr, is_torch):
        self.obj, self.acl, self.geom, self.shape, self.is_torch = obj, acl, geom, geom.shape, is_torch
        self.placeholder = False
        self.ptr = ptr + geom.lo_bytes


def _bad(name, what):
    return AclnnError(ACLNN_ERR_PARAM_INVALID, f"{name}: {what}")


def _written_arg(x, name):
    """A tensor the call writes (an output, or an input written in place): writable, no element reached twice."""
    a = _tensor_arg(x, name, writable=True)
    if a.geom.self_overlapping:
        raise _bad(name, "is written and has elements shared by several indexes (a zero stride): "
                         "pass a tensor with distinct elements")
    return a


_NP_GEOMS = {}


def _make_np_address():
    """A fast way to read an ndarray's data pointer: PyArrayObject's first field after PyObject_HEAD is `char *data`
    (numpy's ABI since 1.0). Verified here on a few arrays against .ctypes.data; the slower .ctypes.data otherwise."""
    offset = object.__basicsize__
    from_address = ctypes.c_size_t.from_address

    def fast(x):
        return from_address(id(x) + offset).value

    try:
        base = np.arange(24, dtype=np.float64).reshape(2, 3, 4)
        probes = [base, base[1:, ::2, 1:], base.T, np.empty(0, np.float32), np.zeros((), np.int8), base[..., ::-1]]
        if all(fast(a) == a.ctypes.data for a in probes):
            return fast
    except Exception:  # noqa: BLE001 - any surprise: the documented route
        pass
    return lambda x: x.ctypes.data


_np_address = _make_np_address()


def _np_geometry(x, name):
    key = (x.shape, x.strides, x.dtype)
    g = _NP_GEOMS.get(key)
    if g is None:
        itemsize = x.itemsize
        strides = []
        for s in x.strides:
            if s % itemsize:
                raise _bad(name, f"stride of {s} bytes is not a multiple of the element size {itemsize}")
            strides.append(s // itemsize)
        if len(_NP_GEOMS) > 4096:
            _NP_GEOMS.clear()
        g = _NP_GEOMS[key] = _geometry(x.shape, tuple(strides), itemsize)
    return g


def _tensor_arg(x, name, writable=False):
    if type(x) is np.ndarray or isinstance(x, np.ndarray):
        acl = _NP_TO_ACL.get(x.dtype)
        if acl is None:
            if x.dtype.byteorder == ">":
                raise _bad(name, "big-endian arrays are not supported (use .astype(dtype.newbyteorder('<')))")
            raise _bad(name, f"dtype {x.dtype} has no aclDataType (supported: "
                             f"{', '.join(sorted(str(d) for d in _NP_TO_ACL))})")
        flags = x.flags
        if not flags.aligned:
            raise _bad(name, "misaligned array (its address or strides are not multiples of the element size)")
        if writable and not flags.writeable:
            raise _bad(name, "output array is read-only")
        return _TensorArg(x, acl, _np_geometry(x, name), _np_address(x), False)
    t = _torch_module()
    if t is not None and isinstance(x, t.Tensor):
        acl = _TORCH_TO_ACL.get(x.dtype)
        if acl is None:
            raise _bad(name, f"dtype {x.dtype} has no aclDataType")
        if x.device.type != "cpu":
            raise _bad(name, f"tensor on device {x.device}; aclnn-cpu needs CPU tensors")
        if x.is_sparse or x.layout != t.strided:
            raise _bad(name, "only strided (dense) torch tensors are supported")
        if x.is_conj() or x.is_neg():
            raise _bad(name, "torch tensor with a lazy conj/neg bit; call .resolve_conj()/.resolve_neg() first")
        if writable and x.requires_grad and x.is_leaf:
            raise _bad(name, "output tensor requires grad")
        return _TensorArg(x, acl, _geometry(tuple(x.shape), x.stride(), x.element_size()), x.data_ptr(), True)
    if x is None:
        raise AclnnError(ACLNN_ERR_PARAM_NULLPTR, f"{name} is None (required)")
    if isinstance(x, (list, tuple, int, float, complex, bool, np.generic)):
        try:
            arr = np.asarray(x)
        except (ValueError, TypeError, OverflowError) as e:  # ragged lists, ints beyond int64
            raise _bad(name, f"cannot make an array of {type(x).__name__}: {e}") from None
        return _tensor_arg(arr, name, writable)
    raise _bad(name, f"expected a NumPy array or a torch tensor, got {type(x).__name__}")


def _int_list(v, name):
    if v is None:
        return None
    t = _torch_module()
    if t is not None and isinstance(v, t.Tensor):
        v = v.tolist()
    if isinstance(v, np.ndarray):
        v = v.tolist()
    if isinstance(v, (int, np.integer)):
        v = [v]
    try:
        out = []
        for e in v:
            if isinstance(e, (bool, np.bool_)) or int(e) != e:
                raise TypeError
            out.append(int(e))
    except (TypeError, ValueError, OverflowError):
        raise _bad(name, f"expected a sequence of integers, got {v!r}") from None
    for e in out:
        if not -(1 << 63) <= e < (1 << 63):
            raise _bad(name, f"value {e} does not fit int64")
    return out


def _bool_list(v, name):
    if v is None:
        return None
    t = _torch_module()
    if t is not None and isinstance(v, t.Tensor):
        v = v.tolist()
    if isinstance(v, np.ndarray):
        v = v.tolist()
    try:
        return [bool(e) for e in v]
    except TypeError:
        raise _bad(name, f"expected a sequence of booleans, got {v!r}") from None


def _scalar(v, name, kind):
    if hasattr(v, "item") and not isinstance(v, (int, float)):
        try:
            v = v.item()
        except (ValueError, RuntimeError):
            raise _bad(name, f"expected a scalar, got {v!r}") from None
    try:
        if kind in ("int64", "int32", "int8"):
            if isinstance(v, float) and not v.is_integer():
                raise TypeError
            iv = int(v)
            lim = {"int64": 63, "int32": 31, "int8": 7}[kind]
            if not -(1 << lim) <= iv < (1 << lim):
                raise _bad(name, f"value {iv} does not fit {kind}")
            return iv
        if kind in ("double", "float"):
            return float(v)
        if kind == "uint64":  # a negative value is its two's complement ((uint64_t)-1 = 2^64 - 1)
            if isinstance(v, float) and not v.is_integer():
                raise TypeError
            iv = int(v)
            if not -(1 << 63) <= iv < (1 << 64):
                raise _bad(name, f"value {iv} does not fit uint64")
            return iv % (1 << 64)
        if kind == "bool":
            return bool(v)
    except (TypeError, ValueError, OverflowError):
        raise _bad(name, f"expected a {kind} value, got {v!r}") from None
    raise AssertionError(kind)


def _acl_dtype(v, name):
    """An aclDataType parameter: a NumPy dtype (or type), a torch dtype, a name ('float16', 'bf16', 'torch.int8')
    or the aclDataType value itself -> the enum value."""
    if isinstance(v, (int, np.integer)) and not isinstance(v, (bool, np.bool_)):
        return int(v)
    acl = None
    t = _torch_module()
    if t is not None and isinstance(v, t.dtype):
        acl = _TORCH_TO_ACL.get(v)
    elif isinstance(v, str):
        acl = ACL_OF_NAME.get(v.strip().lower().replace("torch.", ""))
    elif v is not None:
        try:
            acl = _NP_TO_ACL.get(np.dtype(v))
        except TypeError:
            pass
    if acl is None:
        raise _bad(name, f"expected a dtype (NumPy or torch dtype, or a name such as 'float16'), got {v!r}")
    return acl


_PY_SCALARS = ((bool, ACL_BOOL, np.bool_), (int, ACL_INT64, np.int64), (float, ACL_DOUBLE, np.float64),
               (complex, ACL_COMPLEX128, np.complex128))


def _scalar_value(v, name):
    """An aclScalar parameter -> (aclDataType, the element's bytes) for aclCreateScalar, or None (nullptr).
    Python bool/int/float/complex -> BOOL/INT64/DOUBLE/COMPLEX128 (what torch_npu passes for them); a NumPy scalar,
    a one-element NumPy array or torch tensor keeps its dtype; (value, dtype) gives the dtype explicitly (the value
    converted as save_bin converts: (1.2, "float32") is the vendor example's 1.2f, bfloat16 rounds to nearest)."""
    if v is None:
        return None
    if isinstance(v, tuple) and len(v) == 2:
        value, dt = v
        acl = _acl_dtype(dt, name)
        if acl not in DTYPE_NAMES:
            raise _bad(name, f"no scalar encoding for aclDataType {acl}")
        try:
            if hasattr(value, "item"):  # NumPy/torch scalars and one-element arrays
                value = value.item()
            with np.errstate(all="ignore"):
                data = binio.encode_array(np.asarray(value), DTYPE_NAMES[acl])
        except (TypeError, ValueError, OverflowError, RuntimeError) as e:
            raise _bad(name, f"cannot make a {DTYPE_NAMES[acl]} scalar of {value!r}: {e}") from None
        if len(data) != ITEMSIZE[acl]:
            raise _bad(name, f"expected one value, got {value!r}")
        return acl, data
    t = _torch_module()
    if isinstance(v, (np.generic, np.ndarray)) or (t is not None and isinstance(v, t.Tensor)):
        if isinstance(v, (np.generic, np.ndarray)):
            v = np.asarray(v)
            acl, size = _NP_TO_ACL.get(v.dtype), v.size
        else:
            v = v.detach()
            acl, size = _TORCH_TO_ACL.get(v.dtype), v.numel()
        if size != 1 or acl is None:
            raise _bad(name, f"expected a scalar of an aclDataType (one element), got {type(v).__name__} of "
                             f"shape {tuple(v.shape)}, dtype {v.dtype}")
        return acl, binio.encode_array(v.reshape(()))
    for py, acl, np_type in _PY_SCALARS:
        if isinstance(v, py):
            if py is int and not -(1 << 63) <= v < (1 << 63):
                raise _bad(name, f"value {v} does not fit int64 (pass (value, 'uint64') or a NumPy scalar)")
            return acl, np_type(v).tobytes()
    raise _bad(name, f"expected a scalar (bool, int, float, complex, a NumPy/torch scalar or (value, dtype)), "
                     f"got {type(v).__name__}")


# ---------------------------------------------------------------------------------------------------------------
# the operator table's entry types
# ---------------------------------------------------------------------------------------------------------------


def snake(name):
    if name.endswith("Optional"):
        name = name[: -len("Optional")]
    name = re.sub(r"(?<=[A-Z])([A-Z][a-z])", r"_\1", name)  # an acronym ends before a word: NLLLoss -> NLL_Loss
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name).lower()


class Param:
    kind = None  # the _capi.ARG_CTYPES key
    role = "attr"  # "in" (tensor input), "attr", "out", "inout" (a tensor input the operator writes in place)
    optional = False
    default = None

    def __init__(self, name, default=None, optional=None, doc=""):
        self.name = name  # the aclnn parameter name
        self.py = snake(name)
        if default is not None:
            self.default = default
        if optional is not None:
            self.optional = optional
        self.doc = doc

    @property
    def has_default(self):
        return self.optional or self.default is not None


class In(Param):
    kind, role = "tensor", "in"


class Opt(In):
    optional = True


class Ref(In):
    """A tensor the operator writes in place (selfRef): the caller's array or tensor (views included) is written and
    is the function's result, as an output would be; lists are refused (nothing of the caller's could be written)."""
    role = "inout"


class IntArr(Param):
    kind = "intarray"


class BoolArr(Param):
    kind = "boolarray"


class Int(Param):
    kind = "int64"


class Int32(Param):
    kind = "int32"


class Int8(Param):
    kind = "int8"


class Double(Param):
    kind = "double"


class Float(Param):
    kind = "float"


class UInt64(Param):
    """A uint64_t; negative values are passed as their two's complement (paddingIdx -1 = none)."""
    kind = "uint64"


class Bool(Param):
    kind = "bool"


class Str(Param):
    kind = "str"
    optional = True


class Scalar(Param):
    """An aclScalar* (see _scalar_value for the values taken); None -> nullptr. Rules see (aclDataType, bytes)."""
    kind = "scalar"


class DType(Param):
    """An aclDataType: a NumPy/torch dtype, a dtype name or the enum value (see _acl_dtype). Rules see the value."""
    kind = "dtype"


class Out(Param):
    """An output tensor. shape(ctx) and dtype(ctx) give the allocation (ctx: aclnn name -> value, tensors as
    _TensorArg); active(ctx) False -> the output is not computed (returned as None); always_pass: the API wants a
    tensor even then (it is allocated, not returned)."""

    kind, role = "tensor", "out"

    def __init__(self, name, shape, dtype, active=None, always_pass=False):
        super().__init__(name)
        self.shape_rule, self.dtype_rule, self.active, self.always_pass = shape, dtype, active, always_pass


def like(name):
    return (lambda ctx: ctx[name].shape), (lambda ctx: ctx[name].acl)


def mask_bit(attr, i):
    return lambda ctx: bool(ctx[attr][i]) if ctx[attr] is not None and i < len(ctx[attr]) else False


def _result_type(aclnn, name, fields):
    """The named tuple of an operator with several outputs, e.g. LayerNormBackwardResult(grad_input_out,
    grad_weight_out, grad_bias_out); made a module attribute by _export so its results pickle."""
    cls = collections.namedtuple(f"{aclnn[len('aclnn'):]}Result", fields)
    cls.__module__ = __name__
    cls.__doc__ = f"The outputs of aclnn_cpu.{name}: {', '.join(fields)} (None where an output mask turns one off)."
    return cls


# Storage formats by rank for operators whose vendor checks want the channels-first labels (convolution).
_CHANNELS_FIRST_FORMATS = {3: _capi.ACL_FORMAT_NCL, 4: _capi.ACL_FORMAT_NCHW, 5: _capi.ACL_FORMAT_NCDHW}


class Op:
    def __init__(self, aclnn, params, dtypes, doc="", float_dtypes=None, channels_first=False):
        self.aclnn = aclnn  # "aclnnLayerNormBackward"
        # True: tensors of rank 3/4/5 are described as NCL/NCHW/NCDHW instead of ND (the convolution checks).
        self.formats = _CHANNELS_FIRST_FORMATS if channels_first else {}
        self.name = snake(aclnn[len("aclnn"):])
        self.params = params
        self.inputs = [p for p in params if p.role != "out"]
        self.outputs = [p for p in params if p.role == "out"]
        self.results = [p for p in params if p.role in ("out", "inout")]  # what the call returns, header order
        self.kinds = tuple(p.kind for p in params)
        self.dtypes = dtypes  # accepted dtype names of the main input
        self.doc = doc
        self._entry = None  # (runtime, (phase 1, phase 2)) once resolved
        self.result_names = tuple(p.py for p in self.results)  # gradInputOut -> grad_input_out
        self.result_type = _result_type(self.aclnn, self.name, self.result_names) if len(self.results) > 1 else None

    def signature(self):
        parts = []
        for p in self.inputs:
            if p.optional and p.default is None:
                parts.append(f"{p.py}=None")
            elif p.default is not None:
                parts.append(f"{p.py}={p.default!r}")
            else:
                parts.append(p.py)
        if self.outputs:
            parts.append("out=None")
        names = self.result_names
        result = names[0] if len(names) == 1 else f"({', '.join(names)})"
        return f"{self.name}({', '.join(parts)}) -> {result}"

    def golden_signature(self):
        names = ["selfT" if p.name == "self" else p.name for p in self.params]
        return f"{self.aclnn}({', '.join(names)}, **kwargs)"

    # -- the call -------------------------------------------------------------------------------------------
    def __call__(self, *args, out=None, **kwargs):
        return self.pack(self.call(self.bind(args, kwargs), out))

    def pack(self, results):
        """call()'s tuple as the function returns it: one output -> that array, several -> the named tuple."""
        if self.result_type is not None:
            return self.result_type._make(results)
        return results[0] if results else None

    def bind(self, args, kwargs):
        """Positional and keyword arguments (Python or aclnn names) -> list of input values in param order."""
        inputs = self.inputs
        if len(args) > len(inputs):
            raise TypeError(f"{self.name}() takes {len(inputs)} positional arguments but {len(args)} were given")
        values = list(args) + [_MISSING] * (len(inputs) - len(args))
        for key, v in kwargs.items():
            for i, p in enumerate(inputs):
                if key == p.py or key == p.name:
                    if values[i] is not _MISSING:
                        raise TypeError(f"{self.name}() got multiple values for argument '{key}'")
                    values[i] = v
                    break
            else:
                raise TypeError(f"{self.name}() got an unexpected keyword argument '{key}'")
        for i, p in enumerate(inputs):
            if values[i] is _MISSING:
                if not p.has_default:
                    raise TypeError(f"{self.name}() missing required argument '{p.py}'")
                values[i] = p.default
        return values

    def call(self, values, out=None):
        """values: the inputs in param order (see bind); out: None, one array, or a sequence with one entry per
        output (None entries allocate). Returns a plain tuple, one entry per result (self.results: the outputs and
        the tensors written in place, in header order; None for an output not computed)."""
        outs = self.outputs
        if out is None:
            out = (None,) * len(outs)
        elif not isinstance(out, (list, tuple)):
            out = (out,)
        if len(out) != len(outs) and not outs:
            raise TypeError(f"{self.name}() writes {', '.join(self.result_names)} in place and takes no out=")
        if len(out) != len(outs):
            raise TypeError(f"{self.name}(): out= needs {len(outs)} entries, got {len(out)}")
        ctx = {}
        any_torch = False
        for p, v in zip(self.inputs, values):
            kind = p.kind
            if kind == "tensor":
                if v is None:
                    if not p.optional:
                        raise AclnnError(ACLNN_ERR_PARAM_NULLPTR, f"{p.py} is None (required)")
                    ctx[p.name] = None
                elif p.role == "inout":
                    if isinstance(v, (list, tuple, int, float, complex, np.generic)):
                        raise _bad(p.py, f"is written in place: expected a NumPy array or a torch tensor, got "
                                         f"{type(v).__name__}")
                    ctx[p.name] = _written_arg(v, p.py)
                else:
                    a = _tensor_arg(v, p.py)
                    any_torch |= a.is_torch
                    ctx[p.name] = a
            elif kind == "intarray":
                ctx[p.name] = _int_list(v, p.py)
            elif kind == "boolarray":
                ctx[p.name] = _bool_list(v, p.py)
            elif kind == "str":
                if v is not None and not isinstance(v, (str, bytes)):
                    raise _bad(p.py, f"expected a string, got {v!r}")
                ctx[p.name] = v.encode() if isinstance(v, str) else v
            elif kind == "scalar":
                ctx[p.name] = _scalar_value(v, p.py)
            elif kind == "dtype":
                ctx[p.name] = _acl_dtype(v, p.py)
            else:
                ctx[p.name] = _scalar(v, p.py, kind)
        inactive = set()
        for p, given in zip(outs, out):
            active = p.active(ctx) if p.active is not None else True
            if given is not None:
                a = _written_arg(given, p.py)
            elif active or p.always_pass:
                a = self._allocate(p, ctx, any_torch)
            else:
                a = None
            ctx[p.name] = a
            if not active:
                inactive.add(p.name)
        rt = _capi.runtime()
        handles = _capi.Handles(rt)
        try:
            cargs = []
            for p in self.params:
                v = ctx[p.name]
                kind = p.kind
                if v is None:
                    cargs.append(None)
                elif kind == "tensor":
                    cargs.append(handles.tensor(v, self.formats.get(v.geom.ndim, _capi.ACL_FORMAT_ND)))
                elif kind == "intarray":
                    cargs.append(handles.int_array(v))
                elif kind == "boolarray":
                    cargs.append(handles.bool_array(v))
                elif kind == "scalar":
                    cargs.append(handles.scalar(v))
                else:
                    cargs.append(v)
            entry = self._entry
            if entry is None or entry[0] is not rt:
                entry = self._entry = (rt, rt.op(self.aclnn, self.kinds))
            _capi.run(rt, self.aclnn, self.kinds, cargs, entry[1])
        finally:
            handles.destroy()
        for p in outs:
            a = ctx[p.name]
            if a is not None and a.placeholder:  # the API accepted what the rules could not size: never expected
                raise AclnnError(ACLNN_ERR_PARAM_INVALID, f"{p.py}: the output could not be allocated by the "
                                                          f"shape rule; pass it with out=")
        return tuple(None if ctx[p.name] is None or p.name in inactive else ctx[p.name].obj for p in self.results)

    def _allocate(self, p, ctx, any_torch):
        """The output tensor the rules give; when the inputs do not even give a shape (a wrong rank, a missing
        tensor) or the shape cannot be allocated (a huge padding), a 0-d placeholder: the API then reports the
        reason (a placeholder never reaches the caller: see call())."""
        acl = None
        try:
            shape = tuple(map(int, p.shape_rule(ctx)))
            acl = p.dtype_rule(ctx)
            if shape and min(shape) < 0:
                raise ValueError("negative dimension")
            if math.prod(shape) * ITEMSIZE.get(acl, 16) > _MAX_OUTPUT_BYTES:
                raise MemoryError(f"{math.prod(shape)} elements")
            return self._new_output(p, shape, acl, any_torch)
        except (TypeError, IndexError, KeyError, AttributeError, ValueError, OverflowError, MemoryError, RuntimeError):
            if acl not in ITEMSIZE:  # none, or an enum value with no array dtype (the API judges it)
                first = next((v for v in ctx.values() if isinstance(v, _TensorArg)), None)
                acl = first.acl if first is not None else ACL_FLOAT
            a = self._new_output(p, (), acl, any_torch)
            a.placeholder = True
            return a

    def _new_output(self, p, shape, acl, any_torch):
        if any_torch:
            t = _torch_module()
            if acl not in _ACL_TO_TORCH:
                raise _bad(p.py, f"output dtype {DTYPE_NAMES.get(acl, acl)} has no torch dtype here: pass out= "
                                 f"(a NumPy array)")
            obj = t.empty(shape, dtype=_ACL_TO_TORCH[acl])
            return _TensorArg(obj, acl, _geometry(shape, obj.stride(), obj.element_size()), obj.data_ptr(), True)
        dt = _ACL_TO_NP.get(acl)
        if dt is None:
            raise _bad(p.py, f"output dtype {DTYPE_NAMES.get(acl, acl)} needs torch tensors (NumPy has no such dtype)")
        obj = np.empty(shape, dtype=dt)
        return _TensorArg(obj, acl, _np_geometry(obj, p.py), _np_address(obj), False)


# Outputs the rules size above this are not allocated (the API is left to reject the arguments, see _allocate).
_MAX_OUTPUT_BYTES = 1 << 40

_MISSING = object()

# ---------------------------------------------------------------------------------------------------------------
# shape rules
# ---------------------------------------------------------------------------------------------------------------


def _pad_shape(ctx):
    s, p = ctx["self"].shape, ctx["padding"]
    return tuple(s[:-2]) + (s[-2] + p[2] + p[3], s[-1] + p[0] + p[1])


def _conv_tbc_shape(ctx):
    x, w = ctx["self"].shape, ctx["weight"].shape
    return (x[0] + 2 * ctx["pad"] - w[0] + 1, x[1], w[2])


def _ln_param_dtype(ctx):
    w = ctx["weightOptional"]
    return w.acl if w is not None else ctx["input"].acl


def _channels(ctx):
    return (ctx["dy"].shape[1],)


def _ln_stat_shape(ctx):
    """LayerNorm's mean/rstd: the input's leading dims, then a 1 per normalized dim."""
    s, ns = ctx["input"].shape, ctx["normalizedShape"]
    return tuple(s[: len(s) - len(ns)]) + (1,) * len(ns)


def _rms_stat_shape(x):
    """RmsNorm's rstd: x's leading dims, then a 1 per dim of gamma (docs/ops/rms_norm.md)."""
    def rule(ctx):
        s, k = ctx[x].shape, len(ctx["gamma"].shape)
        return tuple(s[: len(s) - k]) + (1,) * k
    return rule


def _bn_channels(ctx):
    """BatchNorm's per-channel tensors: C = dim 1 of the input (a rank-1 input is left for the library to refuse)."""
    s = ctx["input"].shape
    return (s[1],) if len(s) > 1 else (1,)


def _bn_param_dtype(ctx):
    w = ctx["weight"]
    return w.acl if w is not None else ACL_FLOAT


def _conv_shape(x, w, transposed=None, output_padding=None, groups=None):
    """Convolution's output (docs/ops/convolution.md §2): N, Cout, then per spatial dim the usual formula; padding is
    one value per dim (symmetric) or, for 1-D/2-D, [left, right] / [top, bottom, left, right]. Shapes that do not fit
    are left for the library to refuse."""
    def rule(c):
        xs, ws = list(c[x].shape), list(c[w].shape)
        spatial = max(len(xs) - 2, 0)
        pad, st, dil = list(c["padding"]), list(c["stride"]), list(c["dilation"])
        if len(pad) == 2 * spatial and spatial in (1, 2):
            totals = [pad[0] + pad[1]] if spatial == 1 else [pad[0] + pad[1], pad[2] + pad[3]]
        else:
            totals = [2 * p for p in pad]
        trans = bool(transposed and c[transposed])
        out_pad = list(c[output_padding]) if trans else []
        cout = (ws[1] * c[groups] if trans else ws[0]) if ws else 0
        shape = [xs[0] if xs else 0, cout]
        for i in range(spatial):
            try:
                k = ws[2 + i]
                if trans:
                    o = (xs[2 + i] - 1) * st[i] - totals[i] + dil[i] * (k - 1) + out_pad[i] + 1
                else:
                    o = (xs[2 + i] + totals[i] - dil[i] * (k - 1) - 1) // st[i] + 1
            except (IndexError, ZeroDivisionError):
                o = 0
            shape.append(max(o, 0))
        return tuple(shape)
    return rule


def _group_stat_shape(ctx):
    """GroupNormSwish's mean/rstd: [N, numGroups]."""
    return (ctx["x"].shape[0], ctx["numGroups"])


# --- dtype rules of the math operators: the opbase promotion table (src/base/dtype_rules.cpp PromoteTypes) and the
# tensor-scalar rules (src/ops/math/arith_family/arith_family.cpp)

_PROMOTE_TABLE = """
      b    u8   i8   i16  i32  i64  f16  bf   f32  f64  c64  c128
b     b    u8   i8   i16  i32  i64  f16  bf   f32  f64  c64  c128
u8    u8   u8   i16  i16  i32  i64  f16  bf   f32  f64  c64  c128
i8    i8   i16  i8   i16  i32  i64  f16  bf   f32  f64  c64  c128
i16   i16  i16  i16  i16  i32  i64  f16  bf   f32  f64  c64  c128
i32   i32  i32  i32  i32  i32  i64  f16  bf   f32  f64  c64  c128
i64   i64  i64  i64  i64  i64  i64  f16  bf   f32  f64  c64  c128
f16   f16  f16  f16  f16  f16  f16  f16  f32  f32  f64  c64  c128
bf    bf   bf   bf   bf   bf   bf   f32  bf   f32  f64  c64  c128
f32   f32  f32  f32  f32  f32  f32  f32  f32  f32  f64  c64  c128
f64   f64  f64  f64  f64  f64  f64  f64  f64  f64  f64  c128 c128
c64   c64  c64  c64  c64  c64  c64  c64  c64  c64  c128 c64  c128
c128  c128 c128 c128 c128 c128 c128 c128 c128 c128 c128 c128 c128
"""
_SHORT = {"b": ACL_BOOL, "u8": ACL_UINT8, "i8": ACL_INT8, "i16": ACL_INT16, "i32": ACL_INT32, "i64": ACL_INT64,
          "f16": ACL_FLOAT16, "bf": ACL_BF16, "f32": ACL_FLOAT, "f64": ACL_DOUBLE, "c64": ACL_COMPLEX64,
          "c128": ACL_COMPLEX128}


def _parse_table(text):
    head, *rows = [r.split() for r in text.strip().splitlines()]
    return {(_SHORT[r[0]], _SHORT[c]): _SHORT[e] for r in rows for c, e in zip(head, r[1:])}


_PROMOTE = _parse_table(_PROMOTE_TABLE)
_FLOATING = (ACL_FLOAT16, ACL_BF16, ACL_FLOAT, ACL_DOUBLE)
_COMPLEX = (ACL_COMPLEX64, ACL_COMPLEX128)
_INTEGRAL = (ACL_INT8, ACL_INT16, ACL_INT32, ACL_INT64, ACL_UINT8, ACL_UINT16, ACL_UINT32, ACL_UINT64)


def promote_types(a, b, default=None):
    """The vendor's promoted dtype of two aclDataTypes (PromoteTypes); `default` where the table has no entry."""
    if a == b:
        return a
    if a in (ACL_UINT16, ACL_UINT32, ACL_UINT64) and b in _COMPLEX:  # this argument order only, as the vendor's
        return ACL_COMPLEX128 if a == ACL_UINT64 else b
    return _PROMOTE.get((a, b), default)


def _promoted(div=False):
    """Add/Sub/Mul/Div's out dtype: self and other promoted (Div: integers and BOOL divide into FLOAT). Without a
    table entry, self's dtype (the API then names the problem)."""
    def rule(c):
        t = promote_types(c["self"].acl, c["other"].acl, c["self"].acl)
        return ACL_FLOAT if div and (t in _INTEGRAL or t == ACL_BOOL) else t
    return rule


def _scalar_promoted(kind):
    """Adds/Subs/Muls/Divs' out dtype: PromoteAddsScalar / PromoteMulsScalar / PromoteDivsScalar with out FLOAT where
    the rule asks for out (a DOUBLE scalar, i.e. a Python float, with an integer or BOOL tensor computes in FLOAT:
    torch's dtype for it)."""
    def rule(c):
        t, s = c["self"].acl, c["other"][0]
        if t in _COMPLEX or s in _COMPLEX:
            return promote_types(t, s, t)
        if kind == "div":  # the vendor's mixed-dtype RealDiv pairs compute in FLOAT, integers divide into FLOAT
            halves = (ACL_FLOAT16, ACL_BF16)
            if (t in halves and (s == ACL_FLOAT or (s in halves and s != t))) or (t, s) == (ACL_BF16, ACL_DOUBLE):
                return ACL_FLOAT
            return t if t in _FLOATING else ACL_FLOAT
        if kind == "mul" and t == ACL_BF16:
            return ACL_FLOAT
        if t in _FLOATING:
            return t
        if s == ACL_DOUBLE:
            return ACL_FLOAT
        return promote_types(t, s, t) if s in _FLOATING or t == ACL_BOOL else t
    return rule


def _unary_dtype(int64=ACL_FLOAT):
    """Exp/Sqrt/Rsqrt/Tanh's out dtype: the compute dtype (UnaryComputeDtype): FLOAT for integers and BOOL
    (Sqrt: INT64 -> DOUBLE), else self's."""
    def rule(c):
        t = c["self"].acl
        return int64 if t == ACL_INT64 else ACL_FLOAT if t in _INTEGRAL or t == ACL_BOOL else t
    return rule


def _broadcast(a, b):
    return lambda c: np.broadcast_shapes(c[a].shape, c[b].shape)


def _promoted_pair(a, b):
    """The backward activations' out dtype: the two inputs promoted (without a table entry, a's dtype)."""
    return lambda c: promote_types(c[a].acl, c[b].acl, c[a].acl)


def _sigmoid_dtype(c):
    """Sigmoid's out dtype: self's where it is floating or complex, else FLOAT (the out list has no integers)."""
    t = c["self"].acl
    return t if t in _FLOATING or t in _COMPLEX else ACL_FLOAT


FLOATS = ("float32", "float16", "bfloat16")
PAD_FLOATS = ("float32", "float16", "bfloat16", "float64", "complex64", "complex128")
INTS = ("int8", "uint8", "int16", "int32", "int64")
ARITH = FLOATS + ("float64",) + INTS + ("bool", "complex64", "complex128")  # A2 lists of docs/ops/*.md
ALL = ARITH + ("uint16", "uint32", "uint64")
UNARY_INPLACE = FLOATS + ("float64", "complex64", "complex128")
NEG = UNARY_INPLACE + ("int8", "int32", "int64")
RELU = FLOATS + ("int8", "uint8", "int32", "int64")

# ---------------------------------------------------------------------------------------------------------------
# THE TABLE: one entry per operator (GetWorkspaceSize parameters in header order)
# ---------------------------------------------------------------------------------------------------------------

# An entry: Op(aclnn name, [parameters of aclnnXxxGetWorkspaceSize in header order, without workspaceSize and
# executor], accepted dtypes, one-line description). Parameter kinds: In (tensor), Opt (optional tensor, None ->
# nullptr), Ref (a tensor input the API writes: selfRef; returned like an output), IntArr (aclIntArray*), BoolArr
# (aclBoolArray*), Int (int64_t), Int32, Int8, Double, Bool, Str (char*, optional), Scalar (aclScalar*; None ->
# nullptr), DType (aclDataType), Out(name, shape rule, dtype rule[, active=rule][, always_pass=True]) for outputs;
# `like("input")` gives both rules of "same shape and dtype as input"; rules take ctx (aclnn name -> _TensorArg with
# .shape/.acl, a Scalar's (aclDataType, bytes), or the attribute value). For example, the forward LayerNorm being
# written in C++ would be:
#
#   Op("aclnnLayerNorm", [
#       In("input"), IntArr("normalizedShape"), Opt("weightOptional"), Opt("biasOptional"),
#       Double("eps", default=1e-5), Out("out", *like("input")),
#       Out("meanOutOptional", _ln_stat_shape, lambda c: ACL_FLOAT),   # free dtypes; FLOAT keeps the kernel's
#       Out("rstdOutOptional", _ln_stat_shape, lambda c: ACL_FLOAT),   # fp32 statistics unrounded
#   ], FLOATS, "LayerNorm over the trailing normalizedShape dims"),
#
# The function (layer_norm), the golden callable (aclnnLayerNorm), `aclnn-cpu ops` and `aclnn-cpu golden` follow.
def _layer_norm(aclnn, extra, doc):
    """aclnnLayerNorm and its two siblings: one parameter list, implMode last for WithImplMode. mean and rstd take
    the input's dtype, as the vendor's documentation asks (the API accepts any float dtype for them)."""
    return Op(aclnn, [
        In("input"), IntArr("normalizedShape"), Opt("weightOptional"), Opt("biasOptional"), Double("eps", default=1e-5),
        Out("out", *like("input")),
        Out("meanOutOptional", _ln_stat_shape, lambda c: c["input"].acl),
        Out("rstdOutOptional", _ln_stat_shape, lambda c: c["input"].acl),
    ] + extra, FLOATS, doc)


def _arith(base, sign, alpha, promoted, scalar_promoted):
    """The four functions of one arithmetic family (docs/ops/arithmetic.md): tensor, scalar, and both in place."""
    a = [Scalar("alpha", default=1)] if alpha else []
    what = f"self {sign} {'alpha * ' if alpha else ''}other"
    return [
        Op(f"aclnn{base}", [In("self"), In("other")] + a + [Out("out", _broadcast("self", "other"), promoted)],
           ARITH, f"out = {what}, broadcast, in the promoted dtype"),
        Op(f"aclnn{base}s", [In("self"), Scalar("other")] + a + [Out("out", like("self")[0], scalar_promoted)],
           ARITH, f"out = {what} for a scalar other"),
        Op(f"aclnnInplace{base}", [Ref("selfRef"), In("other")] + a, ARITH,
           f"selfRef = {what.replace('self ', 'selfRef ', 1)}, other broadcast to selfRef's shape"),
        Op(f"aclnnInplace{base}s", [Ref("selfRef"), Scalar("other")] + a, ARITH,
           f"selfRef = {what.replace('self ', 'selfRef ', 1)} for a scalar other"),
    ]


def _unary(base, math_doc, dtypes, out_dtype, inplace_dtypes, ref="selfRef"):
    """aclnn<base>(self, out) and aclnnInplace<base>(selfRef) (docs/ops/unary_math.md)."""
    return [Op(f"aclnn{base}", [In("self"), Out("out", like("self")[0], out_dtype)], dtypes, f"out = {math_doc}"),
            Op(f"aclnnInplace{base}", [Ref(ref)], inplace_dtypes, f"{ref} = {math_doc.replace('self', ref)}")]


def _reduced_shape(dims, keep):
    """ReduceSum/Mean: self's shape without (or with 1 at) the dims named (empty: every dim), negative dims from
    the end; dims out of range are left for the library to refuse."""
    def rule(c):
        shape = list(c["self"].shape)
        rank = max(len(shape), 1)
        named = c[dims]
        axes = {d + rank if d < 0 else d for d in named} if named else set(range(len(shape)))
        if c[keep]:
            return tuple(1 if i in axes else n for i, n in enumerate(shape))
        return tuple(n for i, n in enumerate(shape) if i not in axes)
    return rule



def _matmul_shape(c):
    """torch.matmul's result shape (docs/ops/matmul.md §3): broadcast batch dims, m unless self is 1-D, n unless
    mat2 is 1-D; shapes that do not fit are left for the library to refuse."""
    a, b = list(c["self"].shape), list(c["mat2"].shape)
    batch_a, batch_b = a[:-2], b[:-2]
    n = max(len(batch_a), len(batch_b))
    batch_a, batch_b = [1] * (n - len(batch_a)) + batch_a, [1] * (n - len(batch_b)) + batch_b
    shape = [y if x == 1 else x for x, y in zip(batch_a, batch_b)]
    if len(a) > 1:
        shape.append(a[-2])
    if len(b) > 1:
        shape.append(b[-1])
    return tuple(shape)


OPS = [
    _layer_norm("aclnnLayerNorm", [], "LayerNorm over the trailing normalizedShape dims (out, mean, rstd)"),
    _layer_norm("aclnnLayerNormWithImplMode", [Int32("implMode", default=0)],
                "aclnnLayerNorm with implMode 0 high precision, 1 high performance, 2 keep fp16 (all computed as 0)"),
    _layer_norm("aclnnFastLayerNorm", [], "aclnnLayerNorm whose out must have the input's dtype"),
    Op("aclnnLayerNormBackward", [
        In("gradOut"), In("input"), IntArr("normalizedShape"), In("mean"), In("rstd"),
        Opt("weightOptional"), Opt("biasOptional"), BoolArr("outputMask", default=(True, True, True)),
        Out("gradInputOut", *like("input"), active=mask_bit("outputMask", 0)),
        Out("gradWeightOut", lambda c: c["normalizedShape"], _ln_param_dtype, active=mask_bit("outputMask", 1)),
        Out("gradBiasOut", lambda c: c["normalizedShape"], _ln_param_dtype, active=mask_bit("outputMask", 2)),
    ], FLOATS, "LayerNorm backward (gradients of input, weight, bias over the trailing normalizedShape dims)"),
    Op("aclnnGroupNormSwishGrad", [
        In("dy"), In("mean"), In("rstd"), In("x"), In("gamma"), In("beta"), Int("numGroups"),
        Str("dataFormatOptional"), Double("swishScale", default=1.0), Bool("dgammaIsRequire", default=True),
        Bool("dbetaIsRequire", default=True),
        Out("dxOut", *like("dy")),
        Out("dgammaOut", _channels, lambda c: c["dy"].acl, active=lambda c: c["dgammaIsRequire"], always_pass=True),
        Out("dbetaOut", _channels, lambda c: c["dy"].acl, active=lambda c: c["dbetaIsRequire"], always_pass=True),
    ], FLOATS, "GroupNorm followed by Swish, backward"),
    Op("aclnnGroupNormSwish", [
        In("x"), In("gamma"), In("beta"), Int("numGroups"), Str("dataFormatOptional"), Double("eps", default=1e-5),
        Bool("activateSwish", default=True), Double("swishScale", default=1.0),
        Out("yOut", *like("x")),
        Out("meanOut", _group_stat_shape, lambda c: c["gamma"].acl),
        Out("rstdOut", _group_stat_shape, lambda c: c["gamma"].acl),
    ], FLOATS, "GroupNorm over numGroups channel groups, then Swish y = z * sigmoid(swishScale * z)"),
    Op("aclnnPrelu", [In("self"), In("weight"), Out("out", *like("self"))], FLOATS, "PReLU"),
    Op("aclnnPreluBackward", [
        In("gradOutput"), In("self"), In("weight"), Out("gradInput", *like("self")), Out("gradWeight", *like("weight")),
    ], FLOATS, "PReLU backward"),
    Op("aclnnReflectionPad2d", [In("self"), IntArr("padding"), Out("out", _pad_shape, lambda c: c["self"].acl)],
       PAD_FLOATS + INTS + ("bool",), "reflection padding of the last two dims, padding = (left, right, top, bottom)"),
    Op("aclnnReflectionPad2dBackward", [
        In("gradOutput"), In("self"), IntArr("padding"), Out("gradInput", *like("self")),
    ], PAD_FLOATS, "ReflectionPad2d backward"),
    Op("aclnnReplicationPad2d", [In("self"), IntArr("padding"), Out("out", _pad_shape, lambda c: c["self"].acl)],
       PAD_FLOATS + INTS, "replication (edge) padding of the last two dims, padding = (left, right, top, bottom)"),
    Op("aclnnReplicationPad2dBackward", [
        In("gradOutput"), In("self"), IntArr("padding"), Out("gradInput", *like("self")),
    ], PAD_FLOATS, "ReplicationPad2d backward"),
    Op("aclnnConvTbc", [
        In("self"), In("weight"), In("bias"), Int("pad", default=0), Out("output", _conv_tbc_shape,
                                                                         lambda c: c["weight"].acl),
        Int8("cubeMathType", default=0),
    ], FLOATS, "1-D convolution over time of (T, B, Cin) with weight (K, Cin, Cout); cubeMathType 0 = KEEP_DTYPE"),
    Op("aclnnConvTbcBackward", [
        In("self"), In("input"), In("weight"), In("bias"), Int("pad", default=0), Int8("cubeMathType", default=0),
        Out("gradInput", *like("input")), Out("gradWeight", *like("weight")), Out("gradBias", *like("bias")),
    ], FLOATS, "ConvTbc backward (self = gradient of the forward output)"),
    *_arith("Add", "+", True, _promoted(), _scalar_promoted("add")),
    *_arith("Sub", "-", True, _promoted(), _scalar_promoted("add")),
    *_arith("Mul", "*", False, _promoted(), _scalar_promoted("mul")),
    *_arith("Div", "/", False, _promoted(div=True), _scalar_promoted("div")),
    Op("aclnnCast", [In("self"), DType("dtype"), Out("out", like("self")[0], lambda c: c["dtype"])], ALL,
       "out = self converted to dtype (a NumPy/torch dtype or a name), then to out's dtype"),
    Op("aclnnInplaceCopy", [Ref("selfRef"), In("src")], ALL,
       "selfRef = src broadcast to selfRef's shape, converted to its dtype"),
    Op("aclnnInplaceZero", [Ref("selfRef")], tuple(d for d in ALL if d not in ("uint32", "uint64")), "selfRef = 0"),
    Op("aclnnInplaceOne", [Ref("selfRef")], FLOATS + ("float64",) + INTS + ("bool",), "selfRef = 1"),
    Op("aclnnInplaceFillScalar", [Ref("selfRef"), Scalar("value")], ALL, "selfRef = value in selfRef's dtype"),
    Op("aclnnInplaceMaskedFillScalar", [Ref("selfRef"), In("mask"), Scalar("value")],
       FLOATS + ("int8", "int32", "int64", "bool"), "selfRef = value where mask (BOOL, broadcast to selfRef's shape)"),
    *_unary("Neg", "-self", NEG, like("self")[1], NEG),
    *_unary("Exp", "exp(self)", UNARY_INPLACE + ("bool", "int64"), _unary_dtype(), UNARY_INPLACE),
    *_unary("Sqrt", "sqrt(self)", ARITH, _unary_dtype(ACL_DOUBLE), UNARY_INPLACE, ref="self"),
    *_unary("Rsqrt", "1 / sqrt(self)", ARITH, _unary_dtype(), UNARY_INPLACE),
    *_unary("Tanh", "tanh(self)", FLOATS + INTS + ("bool",), _unary_dtype(), FLOATS),
    Op("aclnnReduceSum", [In("self"), IntArr("dims"), Bool("keepDims", default=False), DType("dtype"),
                          Out("out", _reduced_shape("dims", "keepDims"), lambda c: c["dtype"])],
       ARITH, "out = sum of self over dims (empty: all) in dtype; BOOL dtype = any"),
    Op("aclnnMean", [In("self"), IntArr("dim"), Bool("keepDim", default=False), DType("dtype"),
                     Out("out", _reduced_shape("dim", "keepDim"), lambda c: c["dtype"])],
       FLOATS + ("float64", "int8", "uint8", "int16", "int32", "int64", "complex64", "complex128"),
       "out = mean of self over dim (empty: all) in dtype"),
    Op("aclnnTanhBackward", [In("gradOutput"), In("output"),
                             Out("gradInput", _broadcast("gradOutput", "output"), lambda c: c["gradOutput"].acl)],
       FLOATS + ("float64",), "gradInput = gradOutput * (1 - output^2), broadcast"),
    # activations (docs/ops/activations.md): the backward functions take the forward input (Silu, Gelu) or
    # output (Sigmoid) as the vendor's do
    Op("aclnnSilu", [In("self"), Out("out", *like("self"))], FLOATS, "out = self * sigmoid(self)"),
    Op("aclnnSiluBackward", [In("gradOutput"), In("self"), Out("gradInput", *like("self"))], FLOATS,
       "gradInput = gradOutput * silu'(self) (self the forward input; no broadcast on the A2)"),
    Op("aclnnGelu", [In("self"), Out("out", *like("self"))], FLOATS,
       "out = GELU(self) in its tanh approximation, as the vendor's kernel"),
    Op("aclnnGeluBackward", [In("gradOutput"), In("self"), Out("gradInput", _broadcast("gradOutput", "self"),
                                                                _promoted_pair("gradOutput", "self"))],
       FLOATS, "gradInput = gradOutput * GELU'(self), tanh approximation, broadcast, in the promoted dtype"),
    Op("aclnnGeluV2", [In("x"), Int("approximate", default=0), Out("y", *like("x"))], FLOATS,
       "y = GELU(x): approximate 1 = tanh form, otherwise the erf form x * Phi(x)"),
    Op("aclnnGeluBackwardV2", [In("gradOutput"), In("self"), Str("approximate", default="none"),
                               Out("gradInput", _broadcast("gradOutput", "self"), _promoted_pair("gradOutput", "self"))],
       FLOATS, "gradInput = gradOutput * GELU'(self), approximate \"none\" (erf) or \"tanh\", broadcast"),
    Op("aclnnSigmoid", [In("self"), Out("out", like("self")[0], _sigmoid_dtype)],
       UNARY_INPLACE + INTS + ("bool",), "out = 1 / (1 + exp(-self)); integers and BOOL give FLOAT"),
    Op("aclnnInplaceSigmoid", [Ref("selfRef")], UNARY_INPLACE, "selfRef = 1 / (1 + exp(-selfRef))"),
    Op("aclnnSigmoidBackward", [In("gradOutput"), In("output"),
                                Out("gradInput", _broadcast("gradOutput", "output"),
                                    _promoted_pair("gradOutput", "output"))],
       UNARY_INPLACE, "gradInput = gradOutput * output * (1 - output) (output the forward result), broadcast"),
    Op("aclnnRelu", [In("self"), Out("out", *like("self"))], RELU, "out = max(self, 0)"),
    Op("aclnnInplaceRelu", [Ref("selfRef")], RELU, "selfRef = max(selfRef, 0)"),
    Op("aclnnThresholdBackward", [In("gradOutput"), In("self"), Scalar("threshold", default=0.0),
                                  Out("out", _broadcast("self", "gradOutput"), lambda c: c["self"].acl)],
       FLOATS + ("int8", "uint8", "int32"), "out = self > threshold ? gradOutput : 0, broadcast"),
    # the softmax family (docs/ops/softmax.md): rows along dim
    Op("aclnnSoftmax", [In("self"), Int("dim", default=-1), Out("out", *like("self"))], FLOATS + ("float64",),
       "out = exp(self - max) / sum(exp(self - max)) along dim"),
    Op("aclnnSoftmaxBackward", [In("gradOutput"), In("output"), Int("dim", default=-1),
                                Out("out", *like("gradOutput"))], FLOATS,
       "out = output * (gradOutput - sum(gradOutput * output)) along dim (output the forward result)"),
    Op("aclnnLogSoftmax", [In("self"), Int("dim", default=-1), Out("out", *like("self"))], FLOATS + ("float64",),
       "out = self - logsumexp(self) along dim"),
    Op("aclnnLogSoftmaxBackward", [In("gradOutput"), In("output"), Int("dim", default=-1),
                                   Out("out", *like("gradOutput"))], FLOATS,
       "out = gradOutput - exp(output) * sum(gradOutput) along dim (output the forward result)"),
    # GroupNorm and GroupNormSilu (docs/ops/group_norm.md): statistics [N, group] in self's dtype
    Op("aclnnGroupNorm", [In("self"), Opt("gamma"), Opt("beta"), Int("N"), Int("C"), Int("HxW"), Int("group"), Double("eps", default=1e-5),
                          Out("out", *like("self")),
                          Out("meanOut", lambda c: (c["self"].shape[0], c["group"]), lambda c: c["self"].acl),
                          Out("rstdOut", lambda c: (c["self"].shape[0], c["group"]), lambda c: c["self"].acl)],
       FLOATS, "GroupNorm over group channel groups (out, mean, rstd); N, C, HxW as self's shape gives them"),
    Op("aclnnGroupNormSilu", [In("self"), Opt("gamma"), Opt("beta"), Int("group"), Double("eps", default=1e-5),
                              Out("out", *like("self")),
                              Out("meanOut", lambda c: (c["self"].shape[0], c["group"]), lambda c: c["self"].acl),
                              Out("rstdOut", lambda c: (c["self"].shape[0], c["group"]), lambda c: c["self"].acl)],
       FLOATS, "silu(GroupNorm(self)) (out, mean, rstd)"),
    Op("aclnnGroupNormBackward", [
        In("gradOut"), In("input"), In("mean"), In("rstd"), Opt("gamma"), Int("N"), Int("C"), Int("HxW"), Int("group"),
        BoolArr("outputMask", default=(True, True, True)),
        Out("gradInput", *like("input"), active=mask_bit("outputMask", 0)),
        Out("gradGammaOut", lambda c: (c["C"],), lambda c: c["gradOut"].acl, active=mask_bit("outputMask", 1)),
        Out("gradBetaOut", lambda c: (c["C"],), lambda c: c["gradOut"].acl, active=mask_bit("outputMask", 2)),
    ], FLOATS, "GroupNorm backward (gradients of input, gamma, beta) from the forward's mean and rstd"),
    # BatchNorm (docs/ops/batch_norm.md): channel = dim 1; runningMean/runningVar are updated in place in training;
    # on the A2 saveInvstd holds the biased batch variance (not 1/sqrt(var + eps)), and the backward reads it so
    Op("aclnnBatchNorm", [
        In("input"), Opt("weight"), Opt("bias"), Opt("runningMean"), Opt("runningVar"), Bool("training", default=True),
        Double("momentum", default=0.1), Double("eps", default=1e-5), Out("output", *like("input")),
        Out("saveMean", _bn_channels, lambda c: ACL_FLOAT, active=lambda c: c["training"]),
        Out("saveInvstd", _bn_channels, lambda c: ACL_FLOAT, active=lambda c: c["training"]),
    ], FLOATS, "BatchNorm over all dims but 1 (output, saveMean, saveInvstd = batch variance); running stats in place"),
    Op("aclnnBatchNormBackward", [
        In("gradOut"), In("input"), Opt("weight"), Opt("runningMean"), Opt("runningVar"), Opt("saveMean"),
        Opt("saveInvstd"), Bool("training", default=True), Double("eps", default=1e-5),
        BoolArr("outputMask", default=(True, True, True)),
        Out("gradInput", *like("input"), active=mask_bit("outputMask", 0)),
        Out("gradWeight", _bn_channels, _bn_param_dtype, active=mask_bit("outputMask", 1)),
        Out("gradBias", _bn_channels, _bn_param_dtype, active=mask_bit("outputMask", 2)),
    ], FLOATS, "BatchNorm backward (gradients of input, weight, bias) from saveMean/saveInvstd or the running stats"),
    # the RmsNorm family (docs/ops/rms_norm.md): rstd always FLOAT, one value per row of gamma's trailing dims
    Op("aclnnRmsNorm", [In("x"), In("gamma"), Double("epsilon", default=1e-6), Out("yOut", *like("x")),
                        Out("rstdOut", _rms_stat_shape("x"), lambda c: ACL_FLOAT)],
       FLOATS, "y = x * rstd * gamma, rstd = 1 / sqrt(mean(x^2) + epsilon) over gamma's trailing dims (y, rstd)"),
    Op("aclnnRmsNormGrad", [In("dy"), In("x"), In("rstd"), In("gamma"), Out("dxOut", *like("x")),
                            Out("dgammaOut", lambda c: c["gamma"].shape, lambda c: ACL_FLOAT)],
       FLOATS, "RmsNorm backward with the forward's rstd (dx, dgamma in FLOAT)"),
    Op("aclnnAddRmsNorm", [In("x1"), In("x2"), In("gamma"), Double("epsilon", default=1e-6), Out("yOut", *like("x1")),
                           Out("rstdOut", _rms_stat_shape("x1"), lambda c: ACL_FLOAT), Out("xOut", *like("x1"))],
       FLOATS, "x = x1 + x2 (rounded to the dtype), y = RmsNorm(x) (y, rstd, x)"),
    # embedding (docs/ops/embedding.md): an index outside the table fails the launch (507015), its out row zero
    Op("aclnnEmbedding", [In("weight"), In("indices"),
                          Out("out", lambda c: tuple(c["indices"].shape) + (c["weight"].shape[-1],),
                              lambda c: c["weight"].acl)],
       ARITH, "out[i..., :] = weight[indices[i...], :] (weight [V, D], indices INT32/INT64 of any shape)"),
    Op("aclnnEmbeddingDenseBackward", [
        In("grad"), In("indices"), UInt64("numWeights"), UInt64("paddingIdx", default=-1),
        Bool("scaleGradByFreq", default=False),
        Out("out", lambda c: (c["numWeights"], c["grad"].shape[-1]), lambda c: c["grad"].acl),
    ], FLOATS, "out [numWeights, D] = sum of the grad rows per index (paddingIdx skipped, -1: none; scaleGradByFreq "
               "divides by the index's count)"),
    # AdamW (docs/ops/apply_adam_w_v2.md): in place; the device's t is step + 1 (PyTorch's n-th update: step n - 1)
    Op("aclnnApplyAdamWV2", [
        Ref("varRef"), Ref("mRef"), Ref("vRef"), Ref("maxGradNormOptionalRef", optional=True), In("grad"), In("step"),
        Float("lr", default=1e-3), Float("beta1", default=0.9), Float("beta2", default=0.999),
        Float("weightDecay", default=1e-2), Float("eps", default=1e-8), Bool("amsgrad", default=False),
        Bool("maximize", default=False),
    ], FLOATS, "one AdamW update of varRef, mRef, vRef (and maxGradNormOptionalRef with amsgrad) in place, "
               "t = step + 1"),
    # convolution (docs/ops/convolution.md): 1-3 spatial dims, groups, transposed with outputPadding; cubeMathType as
    # for the matmul family
    Op("aclnnConvolution", [
        In("input"), In("weight"), Opt("bias"), IntArr("stride"), IntArr("padding"), IntArr("dilation"),
        Bool("transposed", default=False), IntArr("outputPadding", default=(0, 0)), Int("groups", default=1),
        Out("output", _conv_shape("input", "weight", "transposed", "outputPadding", "groups"),
            lambda c: c["input"].acl),
        Int8("cubeMathType", default=0),
    ], FLOATS, "convolution of (N, Cin, *S) by (Cout, Cin/groups, *K) (transposed: (Cin, Cout/groups, *K))",
       channels_first=True),
    Op("aclnnConvDepthwise2d", [
        In("self"), In("weight"), IntArr("kernelSize"), Opt("bias"), IntArr("stride"), IntArr("padding"),
        IntArr("dilation"), Out("out", _conv_shape("self", "weight"), lambda c: c["self"].acl),
        Int8("cubeMathType", default=0),
    ], FLOATS, "2-D convolution with groups = self's channels, weight (Cout, 1, kH, kW)", channels_first=True),
    # its backward: biasSizes is read only when input or weight is empty; outputPadding has one value per spatial
    # dim (the (0, 0) default fits 2-D); groups is a C int
    Op("aclnnConvolutionBackward", [
        In("gradOutput"), In("input"), In("weight"), IntArr("biasSizes", optional=True), IntArr("stride"),
        IntArr("padding"), IntArr("dilation"), Bool("transposed", default=False),
        IntArr("outputPadding", default=(0, 0)), Int32("groups", default=1),
        BoolArr("outputMask", default=(True, True, True)), Int8("cubeMathType", default=0),
        Out("gradInput", *like("input"), active=mask_bit("outputMask", 0)),
        Out("gradWeight", *like("weight"), active=mask_bit("outputMask", 1)),
        Out("gradBias", lambda c: (c["gradOutput"].shape[1] if len(c["gradOutput"].shape) > 1 else 0,),
            lambda c: c["gradOutput"].acl, active=mask_bit("outputMask", 2)),
    ], FLOATS, "gradients of convolution's input, weight and bias (transposed: of the transposed convolution)",
       channels_first=True),
    # the matmul family (docs/ops/matmul.md): cubeMathType 0 KEEP_DTYPE, 1 ALLOW_FP32_DOWN_PRECISION (HF32),
    # 2 USE_FP16, 3 USE_HF32, 4 USE_FP32_ADD
    Op("aclnnMatmul", [In("self"), In("mat2"), Out("out", _matmul_shape, lambda c: c["self"].acl),
                       Int8("cubeMathType", default=0)], FLOATS,
       "out = self @ mat2 with torch.matmul's rank rules (1-D to 6-D, batch dims broadcast)"),
    Op("aclnnMm", [In("self"), In("mat2"), Out("out", lambda c: (c["self"].shape[0], c["mat2"].shape[-1]),
                                               lambda c: c["self"].acl),
                   Int8("cubeMathType", default=0)], FLOATS, "out (m, n) = self (m, k) @ mat2 (k, n)"),
    Op("aclnnBatchMatMul", [In("self"), In("mat2"),
                            Out("out", lambda c: (max(c["self"].shape[0], c["mat2"].shape[0]), c["self"].shape[1],
                                                  c["mat2"].shape[-1]), lambda c: c["self"].acl),
                            Int8("cubeMathType", default=0)], FLOATS,
       "out (b, m, n) = self (b1, m, k) @ mat2 (b2, k, n), b1 == b2 or one of them 1"),
    Op("aclnnAddmm", [In("self"), In("mat1"), In("mat2"), Scalar("beta", default=1.0), Scalar("alpha", default=1.0),
                      Out("out", lambda c: (c["mat1"].shape[0], c["mat2"].shape[-1]), lambda c: c["self"].acl),
                      Int8("cubeMathType", default=0)], FLOATS,
       "out = beta * self + alpha * (mat1 @ mat2), self broadcast to (m, n)"),
    Op("aclnnInplaceAddmm", [Ref("selfRef"), In("mat1"), In("mat2"), Scalar("beta", default=1.0),
                             Scalar("alpha", default=1.0), Int8("cubeMathType", default=0)], FLOATS,
       "selfRef = beta * selfRef + alpha * (mat1 @ mat2)"),
    # dropout (docs/ops/dropout.md): the mask holds one bit per element (1 = keep), least significant bit first, in
    # 16 bytes per 128 elements
    Op("aclnnDropoutGenMaskV2", [IntArr("shape"), Double("prob", default=0.5), Int("seed", default=0),
                                 Int("offset", default=0), DType("probDataType", default="float32"),
                                 Out("out", lambda c: ((math.prod(c["shape"]) + 127) // 128 * 16,),
                                     lambda c: ACL_UINT8)],
       FLOATS, "UINT8 mask for prod(shape) elements, bit i = 1 (keep) with probability 1 - prob; a pure function "
               "of (seed, offset, prob, probDataType); dtypes: probDataType's"),
    Op("aclnnDropoutDoMask", [In("self"), In("mask"), Double("prob", default=0.5), Out("out", *like("self"))],
       FLOATS, "out = self / (1 - prob) where the element's mask bit is 1, else 0"),
    # the loss family (docs/ops/loss.md): reduction 0 none, 1 mean, 2 sum; class-index targets INT64/INT32/UINT8
    Op("aclnnMseLoss", [In("self"), In("target"), Int("reduction", default=1),
                        Out("out", lambda c: np.broadcast_shapes(c["self"].shape, c["target"].shape)
                            if c["reduction"] == 0 else (), _promoted_pair("self", "target"))],
       FLOATS, "(self - target)^2, broadcast; mean / sum give a 0-d out"),
    Op("aclnnMseLossBackward", [In("gradOutput"), In("self"), In("target"), Int("reduction", default=1),
                                Out("out", lambda c: np.broadcast_shapes(c["gradOutput"].shape, c["self"].shape,
                                                                         c["target"].shape),
                                    lambda c: c["self"].acl)],
       FLOATS, "out = 2 * (self - target) * gradOutput (/ element count for mean), broadcast"),
    Op("aclnnNLLLoss", [In("self"), In("target"), In("weight"), Int("reduction", default=1),
                        Int("ignoreIndex", default=-100),
                        Out("out", lambda c: (c["self"].shape[0],) if c["reduction"] == 0 and len(c["self"].shape) == 2
                            else (), lambda c: c["self"].acl),
                        Out("totalWeightOut", lambda c: (1,), lambda c: c["self"].acl,
                            active=lambda c: c["reduction"] != 0, always_pass=True)],
       FLOATS, "-weight[t] * self[n, t] per row (ignoreIndex rows 0); mean divides by the total weight (out, "
               "total_weight_out; None for reduction none)"),
    Op("aclnnNLLLossBackward", [In("gradOutput"), In("self"), In("target"), In("weight"), Int("reduction", default=1),
                                Int("ignoreIndex", default=-100), In("totalWeight"), Out("out", *like("self"))],
       FLOATS, "out[n, t] = -weight[t] * gradOutput (/ totalWeight for mean), 0 elsewhere"),
    Op("aclnnCrossEntropyLoss", [
        In("input"), In("target"), Opt("weightOptional"), Str("reductionOptional", default="mean"),
        Int("ignoreIndex", default=-100), Double("labelSmoothing", default=0.0),
        Double("lseSquareScaleForZloss", default=0.0), Bool("returnZloss", default=False),
        Out("lossOut", lambda c: (c["input"].shape[0],) if c["reductionOptional"] in ("none", b"none") else (1,),
            lambda c: c["input"].acl),
        Out("logProbOut", *like("input")),
        Out("zlossOut", lambda c: (1,), lambda c: c["input"].acl, active=lambda c: False, always_pass=True),
        Out("lseForZlossOut", lambda c: (c["input"].shape[0],), lambda c: c["input"].acl, active=lambda c: False,
            always_pass=True),
    ], FLOATS, "log_softmax over classes (logProb) and the weighted, label-smoothed NLL of the targets (loss); "
               "z-loss not supported (those outputs are not written: None)"),
]

OP_BY_NAME = {}


def _export(op):
    def fn(*args, out=None, **kwargs):
        return op.pack(op.call(op.bind(args, kwargs), out))

    fn.__name__ = fn.__qualname__ = op.name
    fn.__doc__ = (f"{op.signature()}\n\naclnn{op.aclnn[5:]}: {op.doc}\nGolden form: {op.golden_signature()}\n"
                  f"dtypes: {', '.join(op.dtypes)}")
    fn.op = op
    globals()[op.name] = fn
    if op.result_type is not None:
        globals()[op.result_type.__name__] = op.result_type
    __all__.append(op.name)
    OP_BY_NAME[op.name] = op
    OP_BY_NAME[op.aclnn] = op
    OP_BY_NAME[op.aclnn[len("aclnn"):]] = op


def register(op):
    """Adds an operator entry at run time (the table at the end of this file is the normal place)."""
    OPS.append(op)
    _export(op)


for _op in OPS:
    _export(_op)


def op_info(name):
    """The Op entry of an operator by Python name, aclnn name, or aclnn name without the prefix."""
    op = OP_BY_NAME.get(name)
    if op is None:
        raise KeyError(f"unknown operator {name!r}; known: {', '.join(o.aclnn for o in OPS)}")
    return op
