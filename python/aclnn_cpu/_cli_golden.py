"""`aclnn-cpu golden`: test-kit cases in, golden outputs (and their inputs) out as .bin files.

    aclnn-cpu golden --case cases.csv --out DIR [-t NAME,..|--ids N,..] [--format bin|npy] [--seed S]
                     [--golden-precision auto|native|float32|float64] [--layout ttk|sample]
                     [--jobs N] [--shard K/N] [--force]

Cases: TTK ACLNN rows (CSV; xlsx when python3-openpyxl is installed) or ATK JSON case lists. Layouts: `ttk` = the
manual-data layout TTK replays (DIR/<case>/input_<i>_<dtype>.bin, golden_<k>_<dtype>__shape_<AxB>.bin,
*_none.bin markers), `sample` = the samples' input/input_<param>.bin and output/golden.bin. Each case is written
into a hidden temporary directory of DIR and renamed into place, so a half-written case never appears.
Exit codes: 0 every requested case written, 1 an aclnn call failed for some case (the others are written),
2 usage or input error (nothing written).
"""

import ast
import csv
import json
import os
import re
import sys
import time
import zlib

import numpy as np

from . import layouts
from . import ops as _ops
from .binio import BinFormatError
from .errors import AclnnError

ATK_DTYPES = {"fp16": "float16", "bf16": "bfloat16", "fp32": "float32", "fp64": "float64", "hf32": "float32",
              "c64": "complex64", "c128": "complex128", "float": "float32", "double": "float64", "half": "float16"}
FLOAT_NAMES = ("float16", "bfloat16", "float32", "float64")
DEFAULT_RANGE = (-2.0, 2.0)


class InputError(Exception):
    """A usage or input problem: one message, exit 2."""


# ---------------------------------------------------------------------------------------------------------------
# cases
# ---------------------------------------------------------------------------------------------------------------


class TensorSpec:
    __slots__ = ("shape", "dtype", "storage", "offset", "strides", "range")

    def __init__(self, shape, dtype, storage=None, offset=0, strides=None, rng=None):
        self.shape, self.dtype, self.storage, self.offset, self.strides = shape, dtype, storage, offset, strides
        self.range = rng if rng is not None else DEFAULT_RANGE


class Case:
    def __init__(self, name, op, tensors, attrs, ident=None, scalars=None):
        self.name = name
        self.dirname = layouts.case_dir_name(name)
        self.op = op
        self.tensors = tensors  # aclnn tensor-param name -> TensorSpec or None (absent optional / undeclared output)
        self.attrs = attrs  # aclnn attr name -> value (an aclScalar given as a value: used as is, no scalar file)
        self.ident = ident
        self.scalars = scalars or {}  # aclScalar param name -> TensorSpec of shape (): drawn, a scalar_<j> file


def _literal(text, what, case):
    if text is None:
        return None
    text = str(text).strip()
    if text == "" or text.lower() in ("none", "null", "nan"):
        return None
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError):
        if what in ("tensor_dtypes", "scalar_dtypes"):  # also accepted: float32,float16 without quotes
            return [t.strip().strip("'\"") for t in text.strip("()[]").split(",")]
        raise InputError(f"case {case}: column {what} is not a Python literal: {text!r}") from None


def _dtype(name, case):
    if name is None:
        return None
    key = str(name).strip().lower()
    key = ATK_DTYPES.get(key, key)
    try:
        return _ops.acl_dtype_of_name(key)
    except KeyError:
        raise InputError(f"case {case}: unknown dtype {name!r}") from None


def _shape(v, case, what="shape"):
    if v is None:
        return None
    if isinstance(v, int):
        v = (v,)
    try:
        shape = tuple(int(d) for d in v)
    except (TypeError, ValueError):
        raise InputError(f"case {case}: bad {what} {v!r}") from None
    if any(d < 0 for d in shape):
        raise InputError(f"case {case}: negative dimension in {what} {v!r}")
    return shape


def _range(v, case):
    if v is None or v == "default":
        return DEFAULT_RANGE
    if isinstance(v, str):
        parts = v.strip().strip("[]()").split(",")
        try:
            v = [float(p) for p in parts]
        except ValueError:
            raise InputError(f"case {case}: bad value range {v!r}") from None
    if isinstance(v, (int, float)):
        return (float(v), float(v))
    try:
        lo, hi = float(v[0]), float(v[1])
    except (TypeError, ValueError, IndexError):
        raise InputError(f"case {case}: bad value range {v!r}") from None
    if lo > hi:
        raise InputError(f"case {case}: value range {v!r} has min > max")
    return (lo, hi)


def _op_for(api, case):
    try:
        return _ops.op_info(str(api).strip())
    except KeyError:
        raise InputError(f"case {case}: unknown API {api!r} (known: "
                         f"{', '.join(o.aclnn for o in _ops.OPS)})") from None


def _tensor_params(op):
    return [p for p in op.params if p.kind == "tensor"]


def _attr_params(op):
    return [p for p in op.params if p.kind != "tensor"]


def _drawn_scalars(op, attrs, dtypes, ranges, case):
    """TTK's scalar_dtypes / scalar_data_ranges: one entry per aclScalar parameter the attributes do not give, in
    header order -> {param name: TensorSpec of shape ()}."""
    if dtypes is None:
        return {}
    dtypes = [dtypes] if isinstance(dtypes, str) else list(dtypes)
    free = [p for p in op.params if p.kind == "scalar" and p.name not in attrs and p.py not in attrs]
    if len(dtypes) > len(free):
        raise InputError(f"case {case}: scalar_dtypes has {len(dtypes)} entries; {op.aclnn} takes "
                         f"{len(free)} more aclScalar ({', '.join(p.name for p in free) or 'none'})")
    if ranges is not None and len(ranges) == 2 and all(isinstance(r, (int, float)) for r in ranges):
        ranges = [ranges] * len(dtypes)
    ranges = _per_tensor(ranges, len(dtypes), "scalar_data_ranges", case)
    return {p.name: TensorSpec((), _dtype(d, case), rng=_range(r, case)) for p, d, r in zip(free, dtypes, ranges)}


def _norm_attrs(op, attrs, case, drawn=()):
    out = {}
    names = {}
    for p in _attr_params(op):
        names[p.name] = p.name
        names[p.py] = p.name
    for k, v in (attrs or {}).items():
        if k not in names:
            raise InputError(f"case {case}: {op.aclnn} has no attribute {k!r} "
                             f"(attributes: {', '.join(p.name for p in _attr_params(op)) or 'none'})")
        out[names[k]] = v
    for p in _attr_params(op):
        if p.name not in out and p.name not in drawn and not p.has_default:
            where = " (give it in attributes or scalar_dtypes)" if p.kind == "scalar" else ""
            raise InputError(f"case {case}: attribute {p.name!r} of {op.aclnn} is missing{where}")
    return out


def _enabled(v):
    return str(v).strip().lower() not in ("false", "0", "no", "n", "off")


def read_csv_cases(path):
    try:
        with open(path, newline="", encoding="utf-8-sig") as f:
            rows = list(csv.DictReader(f))
    except (OSError, UnicodeDecodeError, csv.Error) as e:
        raise InputError(f"cannot read case file {path}: {e}") from None
    return _rows_to_cases(rows, path)


def read_xlsx_cases(path):
    try:
        import openpyxl  # noqa: PLC0415
    except ImportError:
        raise InputError(f"{path}: reading .xlsx needs python3-openpyxl; save the sheet as CSV instead") from None
    try:
        sheet = openpyxl.load_workbook(path, read_only=True).active
        it = sheet.iter_rows(values_only=True)
        header = [str(h).strip() if h is not None else "" for h in next(it)]
        rows = [{h: ("" if v is None else str(v)) for h, v in zip(header, r)} for r in it]
    except Exception as e:  # noqa: BLE001 - any broken workbook is one input error
        raise InputError(f"cannot read case file {path}: {e}") from None
    return _rows_to_cases(rows, path)


def _rows_to_cases(rows, path):
    if not rows:
        raise InputError(f"{path}: no cases (a header row and one row per case are expected)")
    for col in ("testcase_name", "api_name", "tensor_view_shapes", "tensor_dtypes"):
        if col not in rows[0]:
            raise InputError(f"{path}: missing column {col!r} (TTK ACLNN cases need testcase_name, api_name, "
                             "tensor_view_shapes, tensor_dtypes)")
    cases, seen = [], set()
    for line, row in enumerate(rows, start=2):
        name = (row.get("testcase_name") or "").strip()
        if not name:
            raise InputError(f"{path}:{line}: empty testcase_name")
        if "is_enabled" in row and row["is_enabled"] not in (None, "") and not _enabled(row["is_enabled"]):
            continue
        if name in seen:
            raise InputError(f"{path}:{line}: duplicate testcase_name {name!r}")
        seen.add(name)
        cases.append(_row_to_case(row, name))
    return cases


def _per_tensor(v, n, what, case):
    if v is None:
        return [None] * n
    if not isinstance(v, (list, tuple)):
        v = [v]
    v = list(v)
    if len(v) != n:
        raise InputError(f"case {case}: {what} has {len(v)} entries for {n} tensors")
    return v


def _row_to_case(row, name):
    op = _op_for(row.get("api_name"), name)
    tparams = _tensor_params(op)
    n_in = sum(1 for p in tparams if p.role != "out")
    shapes = _literal(row.get("tensor_view_shapes"), "tensor_view_shapes", name)
    dtypes = _literal(row.get("tensor_dtypes"), "tensor_dtypes", name)
    if shapes is None or dtypes is None:
        raise InputError(f"case {name}: tensor_view_shapes and tensor_dtypes are required")
    if not isinstance(shapes, (list, tuple)) or (len(shapes) > 0 and isinstance(shapes[0], int)):
        shapes = [shapes]
    if isinstance(dtypes, str):
        dtypes = [dtypes]
    count = len(shapes)
    if count not in (len(tparams), n_in):
        raise InputError(f"case {name}: {op.aclnn} has {len(tparams)} tensor parameters "
                         f"({', '.join(p.name for p in tparams)}); tensor_view_shapes gives {count}")
    dtypes = _per_tensor(dtypes, count, "tensor_dtypes", name)
    ranges = _literal(row.get("input_data_ranges"), "input_data_ranges", name)
    if ranges is not None and len(ranges) == 2 and all(isinstance(r, (int, float)) for r in ranges):
        ranges = [ranges] * count
    ranges = _per_tensor(ranges, count, "input_data_ranges", name) if ranges is not None else [None] * count
    storages = _per_tensor(_literal(row.get("tensor_storage_shapes"), "tensor_storage_shapes", name), count,
                           "tensor_storage_shapes", name)
    offsets = _per_tensor(_literal(row.get("tensor_view_offsets"), "tensor_view_offsets", name), count,
                          "tensor_view_offsets", name)
    strides = _per_tensor(_literal(row.get("tensor_view_strides"), "tensor_view_strides", name), count,
                          "tensor_view_strides", name)
    out_idx = _literal(row.get("output_tensor_indexes"), "output_tensor_indexes", name)
    if out_idx is not None and count == len(tparams):
        want = [i for i, p in enumerate(tparams) if p.role != "in"]  # outputs and tensors written in place
        got = [int(i) for i in (out_idx if isinstance(out_idx, (list, tuple)) else [out_idx])]
        if got != want:
            raise InputError(f"case {name}: output_tensor_indexes {got} do not name the outputs of {op.aclnn} "
                             f"(tensor indexes {want})")
    tensors = {}
    for i, p in enumerate(tparams[:count]):
        shape = _shape(shapes[i], name)
        dt = _dtype(dtypes[i], name)
        if shape is None or dt is None:
            if p.role != "out" and not p.optional:
                raise InputError(f"case {name}: tensor {p.name} of {op.aclnn} is required")
            tensors[p.name] = None
            continue
        storage = _shape(storages[i], name, "storage shape") if storages[i] is not None else None
        stride = _shape(strides[i], name, "strides") if strides[i] is not None else None
        if stride is not None and len(stride) != len(shape):
            raise InputError(f"case {name}: tensor {p.name} has {len(stride)} strides for {len(shape)} dims")
        off = int(offsets[i]) if offsets[i] is not None else 0
        spec = TensorSpec(shape, dt, storage, off, stride, _range(ranges[i], name))
        if storage is not None or stride is not None or off:
            _check_view(spec, p.name, name)
        tensors[p.name] = spec
    attrs = _literal(row.get("attributes"), "attributes", name) or {}
    if not isinstance(attrs, dict):
        raise InputError(f"case {name}: attributes must be a dict literal, got {row.get('attributes')!r}")
    scalars = _drawn_scalars(op, attrs, _literal(row.get("scalar_dtypes"), "scalar_dtypes", name),
                             _literal(row.get("scalar_data_ranges"), "scalar_data_ranges", name), name)
    return Case(name, op, tensors, _norm_attrs(op, attrs, name, scalars), scalars=scalars)


def _contiguous_strides(shape):
    strides, acc = [], 1
    for d in reversed(shape):
        strides.append(acc)
        acc *= max(d, 1)
    return tuple(reversed(strides))


def _check_view(spec, pname, case):
    storage = spec.storage if spec.storage is not None else spec.shape
    strides = spec.strides if spec.strides is not None else _contiguous_strides(spec.shape)
    if any(s < 0 for s in strides) or spec.offset < 0:
        raise InputError(f"case {case}: tensor {pname}: negative strides/offset are not supported in case files")
    if 0 in spec.shape:
        return
    reach = spec.offset + sum((d - 1) * s for d, s in zip(spec.shape, strides))
    if reach >= int(np.prod(storage, dtype=np.int64)):
        raise InputError(f"case {case}: tensor {pname}: view {spec.shape} strides {strides} offset {spec.offset} "
                         f"does not fit storage {storage}")


def read_json_cases(path):
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise InputError(f"cannot read case file {path}: {e}") from None
    if isinstance(data, dict):
        data = data.get("cases", [data])
    if not isinstance(data, list) or not data:
        raise InputError(f"{path}: expected a JSON list of case objects")
    cases, seen = [], set()
    for k, c in enumerate(data):
        if not isinstance(c, dict):
            raise InputError(f"{path}: case #{k} is not an object")
        api = c.get("aclnn_name") or c.get("api_name")
        if not api:
            raise InputError(f"{path}: case #{k} has no aclnn_name")
        api = str(api)
        if not api.startswith("aclnn"):
            api = "aclnn" + api
        ident = c.get("id", k)
        name = f"{api}_{ident}"
        if name in seen:
            raise InputError(f"{path}: duplicate case {name}")
        seen.add(name)
        cases.append(_json_case(c, api, name, ident))
    return cases


def _json_case(c, api, name, ident):
    op = _op_for(api, name)
    entries = list(c.get("inputs") or []) + list(c.get("outputs") or [])
    tparams = [p for p in _tensor_params(op)]
    by_name = {}
    for p in op.params:
        for key in (p.name, p.py, "selfT" if p.name == "self" else None, "input" if p.name == "self" else None):
            if key:
                by_name.setdefault(key, p)
    tensor_entries = [e for e in entries if isinstance(e, dict) and str(e.get("type", "tensor")) == "tensor"]
    other_entries = [e for e in entries if isinstance(e, dict) and str(e.get("type", "tensor")) != "tensor"]
    tensors, attrs, scalars = {}, {}, {}
    positional = iter([p for p in tparams])
    for e in tensor_entries:
        p = by_name.get(str(e.get("name", "")))
        if p is None or p.kind != "tensor" or p.name in tensors:
            p = next((q for q in positional if q.name not in tensors), None)
            if p is None:
                raise InputError(f"case {name}: more tensors than {op.aclnn} takes")
        if e.get("shape") is None or e.get("dtype") is None:
            tensors[p.name] = None
            continue
        tensors[p.name] = TensorSpec(_shape(e["shape"], name), _dtype(e["dtype"], name),
                                     rng=_range(e.get("range_values"), name))
    for e in other_entries:
        t = str(e.get("type"))
        if t in ("tensors", "tensor_tuple", "scalars", "scalar_tuple"):
            raise InputError(f"case {name}: input type {t!r} is not taken by {op.aclnn}")
        p = by_name.get(str(e.get("name", "")))
        if p is None or p.kind == "tensor":
            raise InputError(f"case {name}: {op.aclnn} has no attribute {e.get('name')!r}")
        if t == "scalar" and p.kind == "scalar" and e.get("dtype") is not None:  # drawn, or (value, dtype)
            dt = _dtype(e["dtype"], name)
            if "value" in e:
                attrs[p.name] = (e["value"], _ops.DTYPE_NAMES[dt])
            else:
                scalars[p.name] = TensorSpec((), dt, rng=_range(e.get("range_values"), name))
        else:
            attrs[p.name] = e["value"] if "value" in e else e.get("range_values")
    for p in tparams:
        if p.name not in tensors:
            if p.role != "out" and not p.optional:
                raise InputError(f"case {name}: tensor {p.name} of {op.aclnn} is missing")
            tensors[p.name] = None
    return Case(name, op, tensors, _norm_attrs(op, attrs, name, scalars), ident, scalars)


def read_cases(path):
    if not os.path.isfile(path):
        raise InputError(f"case file {path} does not exist")
    ext = os.path.splitext(path)[1].lower()
    if ext == ".csv":
        return read_csv_cases(path)
    if ext == ".json":
        return read_json_cases(path)
    if ext in (".xlsx", ".xlsm"):
        return read_xlsx_cases(path)
    raise InputError(f"{path}: unknown case file type {ext!r} (expected .csv, .xlsx or .json)")


# ---------------------------------------------------------------------------------------------------------------
# one case: inputs, the call, the files
# ---------------------------------------------------------------------------------------------------------------


def _draw(rng, spec, count):
    """`count` random elements of spec.dtype in [lo, hi] (NumPy; bfloat16 as float32 values rounded to bfloat16)."""
    lo, hi = spec.range
    name = _ops.DTYPE_NAMES[spec.dtype]
    if name == "bool":
        return rng.integers(0, 2, size=count).astype(np.bool_) if lo != hi else np.full(count, bool(lo))
    if name in ("int8", "uint8", "int16", "int32", "int64", "uint16", "uint32", "uint64"):
        info = np.iinfo(name)
        a, b = max(int(np.ceil(lo)), info.min), min(int(np.floor(hi)), info.max, (1 << 63) - 1)
        if a > b:
            a = b = max(min(int(round(lo)), info.max), info.min)
        return rng.integers(a, b, size=count, endpoint=True).astype(name)
    # Drawn in float32 for the dtypes float32 holds exactly once rounded (half the time of float64 draws).
    work = np.float64 if name in ("float64", "complex128") else np.float32

    def draw():
        if lo == hi:
            return np.full(count, lo, dtype=work)
        v = rng.random(count, dtype=work)
        scale, low, high = work(hi - lo), work(lo), work(hi)
        v *= scale
        v += low
        # u in [0, 1) and both roundings monotonic: v >= lo always, and v <= hi unless the largest u already
        # rounds past hi (then clip; the same values either way, one pass fewer for the usual ranges)
        with np.errstate(over="ignore"):
            if scale * _LARGEST_DRAW[work] + low > high:
                np.minimum(v, high, out=v)
        return v

    vals = draw()
    if name.startswith("complex"):
        return (vals + 1j * draw()).astype(name)
    if name == "bfloat16":
        return _round_to_bf16(vals)
    return vals if vals.dtype == np.dtype(name) else vals.astype(name)


# The largest value Generator.random returns: 1 - 2^-24 (float32), 1 - 2^-53 (float64).
_LARGEST_DRAW = {w: w(1) - w(np.finfo(w).eps) / w(2) for w in (np.float32, np.float64)}


def _round_to_bf16(v):
    """float32 values (finite) rounded to the nearest bfloat16, ties to even, in place, still float32: what
    torch's float32 -> bfloat16 conversion gives, without importing torch (~1 s)."""
    bits = v.view(np.uint32)
    bits += np.uint32(0x7FFF) + ((bits >> np.uint32(16)) & np.uint32(1))
    bits &= np.uint32(0xFFFF0000)
    return v


def _make_input(rng, spec, native_bf16):
    """(storage array written to the input file, view passed to the API). bfloat16 data is float32 arrays of
    bfloat16 values (exact), made torch bfloat16 tensors only when the API itself runs in bfloat16
    (native_bf16): only then is torch imported."""
    storage_shape = spec.storage if spec.storage is not None else spec.shape
    n = int(np.prod(storage_shape, dtype=np.int64))
    storage = _draw(rng, spec, n).reshape(storage_shape)
    contiguous = spec.storage is None and spec.strides is None and not spec.offset
    strides = None if contiguous else (spec.strides if spec.strides is not None else _contiguous_strides(spec.shape))
    if spec.dtype == _ops.ACL_BF16 and native_bf16:
        import torch  # noqa: PLC0415

        tensor = torch.from_numpy(storage).to(torch.bfloat16)
        return storage, tensor if contiguous else torch.as_strided(tensor.reshape(-1), spec.shape, strides,
                                                                    spec.offset)
    if contiguous:
        return storage, storage
    item = storage.itemsize
    base = storage.reshape(-1)[spec.offset:] if n else storage.reshape(-1)
    view = np.lib.stride_tricks.as_strided(base, shape=spec.shape, strides=[s * item for s in strides],
                                           writeable=False)
    return storage, view


def _precision_for(case, requested):
    """-> (mode, warning). mode: 'native', 'float32' or 'float64'."""
    op = case.op
    if requested == "native":
        return "native", None
    if requested == "auto":
        narrow = any(s is not None and s.dtype in (_ops.ACL_FLOAT16, _ops.ACL_BF16) for s in case.tensors.values())
        return ("float32" if narrow and "float32" in op.dtypes else "native"), None
    if requested == "float64" and "float64" not in op.dtypes:
        return "float32", f"{case.name}: {op.aclnn} does not accept DOUBLE; golden computed in float32"
    if requested not in op.dtypes:
        return "native", f"{case.name}: {op.aclnn} does not accept {requested}; golden computed natively"
    return requested, None


def _case_seed(seed, case):
    return np.random.default_rng([int(seed) & 0xFFFFFFFF, zlib.crc32(case.name.encode("utf-8"))])


def compute_case(case, seed, precision):
    """-> (inputs: list of (param, storage or None, dtype name), scalars: list of (param, one-element array, dtype
    name) for the drawn aclScalars, goldens: list of (param, array or None) for the outputs and the tensors written in
    place, warning)."""
    op = case.op
    mode, warning = _precision_for(case, precision)
    rng = _case_seed(seed, case)
    inputs, scalars, values = [], [], []
    wide = {"float32": np.float32, "float64": np.float64}.get(mode)
    float_acls = (_ops.ACL_FLOAT16, _ops.ACL_BF16, _ops.ACL_FLOAT, _ops.ACL_DOUBLE)
    for p in op.inputs:
        if p.kind == "tensor":
            spec = case.tensors.get(p.name)
            if spec is None:
                inputs.append((p, None, None))
                values.append(None)
                continue
            storage, view = _make_input(rng, spec, native_bf16=wide is None)
            inputs.append((p, storage, _ops.DTYPE_NAMES[spec.dtype]))
            if wide is not None and spec.dtype in float_acls:
                view = view.astype(wide, copy=False)  # exact: bfloat16 data already is float32
            if p.role == "inout":  # the call writes it: never the storage the input file is written from
                view = view.clone() if hasattr(view, "clone") else np.array(view)
            values.append(view)
        elif p.name in case.scalars:
            spec = case.scalars[p.name]
            drawn = _draw(rng, spec, 1)
            dt = _ops.DTYPE_NAMES[spec.dtype]
            scalars.append((p, drawn, dt))
            values.append((drawn[0], np.dtype(wide).name if wide is not None and spec.dtype in float_acls else dt))
        else:
            values.append(case.attrs.get(p.name, p.default))
    outs = []
    for p in op.outputs:
        spec = case.tensors.get(p.name)
        if spec is None:
            outs.append(None)
            continue
        acl = spec.dtype
        if wide is not None and acl in float_acls:
            outs.append(np.empty(spec.shape, dtype=wide))
        elif acl == _ops.ACL_BF16:
            import torch  # noqa: PLC0415

            outs.append(torch.empty(spec.shape, dtype=torch.bfloat16))
        else:
            outs.append(np.empty(spec.shape, dtype=_ops.numpy_dtype(acl)))
    results = op.call(values, outs)  # the plain tuple, one entry per result (not the functions' form)
    return inputs, scalars, list(zip(op.results, results)), warning


def write_case(inputs, scalars, goldens, directory, layout, fmt):
    """The case's files in `directory`: the manual-data layout (ttk) or the samples' (sample: no scalar files, the
    samples hold their scalars in the code)."""
    if layout == "sample":
        layouts.write_sample_case(directory, {p.name: None if x is None else (x, dt) for p, x, dt in inputs},
                                  {p.name: None if x is None else (x, None) for p, x in goldens}, fmt)
    else:
        layouts.write_manual_files(directory, inputs=[None if x is None else (x, dt) for _, x, dt in inputs],
                                   scalars=[(x, dt) for _, x, dt in scalars],
                                   goldens=[None if x is None else (x, None) for _, x in goldens], fmt=fmt)


def run_case(job):
    """Worker body: one case -> ('ok'|'fail'|'error', case name, message, warning). Never raises."""
    case, opts = job
    try:
        inputs, scalars, goldens, warning = compute_case(case, opts["seed"], opts["precision"])
        with layouts.staged_case(opts["out"], case.name, opts["force"]) as tmp:
            write_case(inputs, scalars, goldens, tmp, opts["layout"], opts["format"])
        return ("ok", case.name, "", warning)
    except AclnnError as e:
        return ("fail", case.name, f"status {e.status}: {e.message}", None)
    except layouts.CaseExistsError as e:
        return ("error", case.name, f"{e.path} exists (use --force to overwrite)", None)
    except (OSError, ValueError, TypeError, KeyError, InputError, BinFormatError) as e:
        return ("error", case.name, f"{type(e).__name__}: {e}", None)


_FORKED_JOBS = []  # the job list the forked workers inherit (cases hold the operator table: not picklable)


def _worker_init(threads):
    if threads:
        os.environ["OMP_NUM_THREADS"] = str(threads)


def _run_indexed(index):
    return run_case(_FORKED_JOBS[index])


# ---------------------------------------------------------------------------------------------------------------
# progress
# ---------------------------------------------------------------------------------------------------------------


class Progress:
    def __init__(self, total, stream=None):
        self.total, self.done, self.start = total, 0, time.monotonic()
        self.stream = stream or sys.stderr
        self.tty = self.stream.isatty()
        self.last = 0.0

    def update(self, status, name):
        self.done += 1
        elapsed = max(time.monotonic() - self.start, 1e-9)
        rate = self.done / elapsed
        eta = (self.total - self.done) / rate if rate > 0 else 0.0
        if self.tty:
            now = time.monotonic()
            if now - self.last < 0.1 and self.done != self.total:
                return
            self.last = now
            width = 30
            filled = int(width * self.done / max(self.total, 1))
            bar = "#" * filled + "." * (width - filled)
            self.stream.write(f"\r[{bar}] {self.done}/{self.total} cases  {rate:.1f} cases/s  "
                              f"ETA {int(eta) // 60}:{int(eta) % 60:02d} ")
            if self.done == self.total:
                self.stream.write("\n")
        else:
            self.stream.write(f"golden: {self.done}/{self.total} {name} {status} ({rate:.1f} cases/s, "
                              f"ETA {eta:.0f} s)\n")
        self.stream.flush()


# ---------------------------------------------------------------------------------------------------------------
# the command
# ---------------------------------------------------------------------------------------------------------------


def parse_shard(text):
    m = re.fullmatch(r"\s*(\d+)\s*/\s*(\d+)\s*", text or "")
    if not m:
        raise InputError(f"--shard expects K/N (0 <= K < N), got {text!r}")
    k, n = int(m.group(1)), int(m.group(2))
    if n < 1 or k >= n:
        raise InputError(f"--shard expects K/N with 0 <= K < N, got {text!r}")
    return k, n


def select_cases(cases, names=None, ids=None, shard=None):
    if names:
        wanted = [n.strip() for n in names.split(",") if n.strip()]
        known = {c.name for c in cases}
        missing = [n for n in wanted if n not in known]
        if missing:
            raise InputError(f"unknown case(s): {', '.join(missing)}")
        cases = [c for c in cases if c.name in set(wanted)]
    if ids:
        try:
            wanted = [int(i) for i in ids.split(",") if i.strip()]
        except ValueError:
            raise InputError(f"--ids expects integers, got {ids!r}") from None
        by_id = {}
        for k, c in enumerate(cases):
            by_id.setdefault(int(c.ident) if c.ident is not None and str(c.ident).lstrip("-").isdigit() else k, c)
        missing = [i for i in wanted if i not in by_id]
        if missing:
            raise InputError(f"unknown case id(s): {', '.join(map(str, missing))}")
        cases = [by_id[i] for i in wanted]
    if shard is not None:
        k, n = shard
        cases = cases[k::n]
    return cases


def register(subparsers):
    p = subparsers.add_parser("golden", help="write golden outputs for test-kit cases (.bin files)",
                              description=__doc__.split("\n\n", 1)[0])
    p.add_argument("--case", required=True, metavar="CASES", help="TTK CSV/xlsx or ATK JSON case file")
    p.add_argument("--out", required=True, metavar="DIR", help="output root (created if missing)")
    sel = p.add_mutually_exclusive_group()
    sel.add_argument("-t", "--testcase", metavar="NAME[,NAME...]", help="only these test cases")
    sel.add_argument("--ids", metavar="N[,N...]", help="only these ATK case ids (or row numbers from 0)")
    p.add_argument("--format", choices=("bin", "npy"), default="bin")
    p.add_argument("--seed", type=int, default=0, help="input seed (per case: seed and the case name)")
    p.add_argument("--golden-precision", choices=("auto", "native", "float32", "float64"), default="auto")
    p.add_argument("--layout", choices=("ttk", "sample"), default="ttk")
    p.add_argument("--jobs", type=int, default=1, metavar="N", help="parallel worker processes")
    p.add_argument("--shard", metavar="K/N", help="take every N-th case starting at the K-th (0-based)")
    p.add_argument("--force", action="store_true", help="replace existing case directories")
    p.add_argument("--quiet", action="store_true", help="no progress output")
    p.set_defaults(func=run)


def run(args):
    try:
        return _run(args)
    except (InputError, ImportError) as e:  # ImportError: the libraries cannot be loaded (one line, not a traceback)
        sys.stderr.write(f"aclnn-cpu golden: error: {e}\n")
        return 2


def _run(args):
    if args.jobs < 1:
        raise InputError(f"--jobs must be >= 1, got {args.jobs}")
    shard = parse_shard(args.shard) if args.shard is not None else None
    cases = select_cases(read_cases(args.case), args.testcase, args.ids, shard)
    precision = "native" if args.layout == "sample" else args.golden_precision
    out = args.out
    if os.path.exists(out) and not os.path.isdir(out):
        raise InputError(f"--out {out} is not a directory")
    if not args.force:
        existing = [c.dirname for c in cases if os.path.lexists(os.path.join(out, c.dirname))]
        if existing:
            more = f" and {len(existing) - 3} more" if len(existing) > 3 else ""
            raise InputError(f"{os.path.join(out, existing[0])} exists{', ' + ', '.join(existing[1:3]) if len(existing) > 1 else ''}"
                             f"{more}; nothing written (use --force to overwrite)")
    dirs = {}
    for c in cases:
        if c.dirname in dirs:
            raise InputError(f"cases {dirs[c.dirname]!r} and {c.name!r} map to the same directory {c.dirname}")
        dirs[c.dirname] = c.name
    try:
        os.makedirs(out, exist_ok=True)
    except OSError as e:
        raise InputError(f"cannot create {out}: {e}") from None
    opts = {"out": out, "seed": args.seed, "precision": precision, "layout": args.layout, "format": args.format,
            "force": args.force}
    jobs = [(c, opts) for c in cases]
    progress = None if args.quiet else Progress(len(jobs))
    failed, errors, warned = [], [], set()
    results = _execute(jobs, args.jobs)
    for status, name, message, warning in results:
        if warning and warning not in warned:
            warned.add(warning)
            sys.stderr.write(f"aclnn-cpu golden: warning: {warning}\n")
        if status == "fail":
            failed.append((name, message))
        elif status == "error":
            errors.append((name, message))
        if progress:
            progress.update(status, name)
    for name, message in failed:
        sys.stderr.write(f"aclnn-cpu golden: {name}: aclnn call failed, {message}\n")
    for name, message in errors:
        sys.stderr.write(f"aclnn-cpu golden: {name}: {message}\n")
    written = len(jobs) - len(failed) - len(errors)
    args.exit_status = 2 if errors else (1 if failed else 0)  # the cases are written: a closed stdout changes nothing
    if not args.quiet:
        sys.stdout.write(f"{written} of {len(jobs)} cases written to {out}\n")
    return args.exit_status


def _execute(jobs, n_jobs):
    from . import _capi  # noqa: PLC0415

    if n_jobs > 1 and len(jobs) > 1 and not _capi.loaded():
        import multiprocessing  # noqa: PLC0415

        threads = max(1, (os.cpu_count() or 1) // n_jobs)
        ctx = multiprocessing.get_context("fork")  # the runtime is not loaded yet: children start clean
        _FORKED_JOBS[:] = jobs
        try:
            with ctx.Pool(min(n_jobs, len(jobs)), initializer=_worker_init, initargs=(threads,)) as pool:
                yield from pool.imap_unordered(_run_indexed, range(len(jobs)), chunksize=1)
        finally:
            _FORKED_JOBS[:] = []
        return
    for job in jobs:
        yield run_case(job)
