"""`.bin` files: raw little-endian element bytes in C order, no header (docs/golden.md, spec §1.1).

The file never carries its dtype or shape, so every reader names the dtype. NumPy has no bfloat16 or fp8
types and this module must work without torch and ml_dtypes, so those dtypes are read as their bit patterns
and widened exactly to float32 (every bf16/fp8 value is a float32 value); writing narrows with
round-to-nearest-even, which gives back the same bytes for values that came from such a file.

    x = load_bin("golden.bin", "bfloat16", shape=(2, 8))   # float32 array holding the bf16 values
    save_bin(x, "copy.bin", "bfloat16")                     # the same bytes again
"""

import math
import os
from dataclasses import dataclass

import numpy as np


class BinFormatError(ValueError):
    """A file or array that does not fit the declared dtype/shape, or an unknown dtype. One-line message."""


@dataclass(frozen=True)
class FloatFormat:
    """A binary floating-point format: mantissa bits, smallest normal exponent, largest finite value."""

    mantissa_bits: int
    min_exponent: int
    max_finite: float
    has_inf: bool

    @property
    def epsilon(self):  # spacing at 1.0
        return 2.0 ** -self.mantissa_bits

    @property
    def overflow_bound(self):
        """|x| at or above which round-to-nearest-even gives Inf (max + half an ulp of max; for the formats with
        Inf the largest finite value has an odd significand, so the tie rounds up)."""
        max_exponent = math.frexp(self.max_finite)[1] - 1
        half_ulp = 2.0 ** (max_exponent - self.mantissa_bits - 1)
        return self.max_finite + half_ulp  # Python floats: inf for float64 itself, no warning


@dataclass(frozen=True)
class DType:
    """How one dtype name sits in a file (`storage`, a NumPy dtype) and in memory (`value`, a NumPy dtype)."""

    name: str
    storage: str  # NumPy dtype of the file's elements (bit patterns for bf16/fp8)
    value: str  # NumPy dtype load_bin returns
    kind: str  # "float", "int", "bool", "complex"
    fmt: FloatFormat = None  # for the real float dtypes

    @property
    def itemsize(self):
        return np.dtype(self.storage).itemsize * (2 if self.name == "complex32" else 1)


FP16 = FloatFormat(10, -14, 65504.0, True)
BF16 = FloatFormat(7, -126, float.fromhex("0x1.fep127"), True)
FP32 = FloatFormat(23, -126, float(np.finfo(np.float32).max), True)
FP64 = FloatFormat(52, -1022, float(np.finfo(np.float64).max), True)
E4M3 = FloatFormat(3, -6, 448.0, False)
E5M2 = FloatFormat(2, -14, 57344.0, True)

_DTYPES = {
    d.name: d
    for d in (
        DType("float16", "<f2", "float16", "float", FP16),
        DType("bfloat16", "<u2", "float32", "float", BF16),
        DType("float32", "<f4", "float32", "float", FP32),
        DType("float64", "<f8", "float64", "float", FP64),
        DType("float8_e4m3fn", "u1", "float32", "float", E4M3),
        DType("float8_e5m2", "u1", "float32", "float", E5M2),
        DType("complex32", "<f2", "complex64", "complex"),
        DType("complex64", "<c8", "complex64", "complex"),
        DType("complex128", "<c16", "complex128", "complex"),
        DType("bool", "u1", "bool", "bool"),
        DType("int8", "i1", "int8", "int"),
        DType("uint8", "u1", "uint8", "int"),
        DType("int16", "<i2", "int16", "int"),
        DType("uint16", "<u2", "uint16", "int"),
        DType("int32", "<i4", "int32", "int"),
        DType("uint32", "<u4", "uint32", "int"),
        DType("int64", "<i8", "int64", "int"),
        DType("uint64", "<u8", "uint64", "int"),
    )
}

# TTK's and ATK's short names (spec §0).
_ALIASES = {
    "fp16": "float16", "half": "float16", "bf16": "bfloat16", "fp32": "float32", "float": "float32",
    "fp64": "float64", "double": "float64", "c32": "complex32", "c64": "complex64", "c128": "complex128",
    "float8_e4m3": "float8_e4m3fn", "e4m3": "float8_e4m3fn", "e5m2": "float8_e5m2", "bool_": "bool",
}
# Known names whose encodings are not public or are packed (spec §6.7): refused with a reason.
_UNSUPPORTED = {"hifloat8", "hifloat32", "hf32", "float8_e8m0", "int4", "uint4", "float4_e2m1", "float4_e1m2",
                "hifloat4"}


def dtype_info(name):
    """The DType for a dtype name or alias (numpy names, TTK/ATK aliases, numpy/torch dtype objects)."""
    text = str(name).lower().replace("torch.", "")
    text = _ALIASES.get(text, text)
    if text in _DTYPES:
        return _DTYPES[text]
    if text in _UNSUPPORTED:
        raise BinFormatError(f"dtype '{name}' is not supported (its encoding is not public or it is packed; "
                             "see docs/golden.md)")
    raise BinFormatError(f"unknown dtype '{name}' (known: {', '.join(sorted(_DTYPES))})")


def dtype_names():
    return sorted(_DTYPES)


# --- narrow formats: decoding tables and round-to-nearest-even ---------------------------------------------

def _fp8_table(fmt):
    """float32 value of each of the 256 patterns (NaN where the format has NaN)."""
    bits = np.arange(256)
    exp_bits = 7 - fmt.mantissa_bits
    bias = 1 - fmt.min_exponent
    sign = np.where(bits & 0x80, -1.0, 1.0)
    exponent = (bits >> fmt.mantissa_bits) & ((1 << exp_bits) - 1)
    mantissa = bits & ((1 << fmt.mantissa_bits) - 1)
    scale = 2.0 ** fmt.mantissa_bits
    normal = (1 + mantissa / scale) * np.exp2(exponent - bias)
    subnormal = mantissa / scale * 2.0 ** fmt.min_exponent
    value = sign * np.where(exponent == 0, subnormal, normal)
    top = exponent == (1 << exp_bits) - 1
    if fmt.has_inf:  # e5m2: IEEE-like top exponent
        value = np.where(top & (mantissa == 0), sign * np.inf, value)
        value = np.where(top & (mantissa != 0), np.nan, value)
    else:  # e4m3fn: only S.1111.111 is NaN, no Inf
        value = np.where(top & (mantissa == (1 << fmt.mantissa_bits) - 1), np.nan, value)
    return value.astype(np.float32)


class _LazyTables(dict):
    """name -> the format's 256-entry table, built on first use (keeps `import aclnn_cpu` short)."""

    _FORMATS = {"float8_e4m3fn": E4M3, "float8_e5m2": E5M2}

    def __contains__(self, name):
        return name in self._FORMATS

    def __missing__(self, name):
        table = self[name] = _fp8_table(self._FORMATS[name])
        return table


_FP8_TABLES = _LazyTables()


def round_to_format(values, fmt):
    """Round float64 values to the nearest `fmt` value, ties to even, as float64 (Inf when the rounded value
    exceeds the largest finite one; NaN for a format without Inf). Exact: scaling by powers of two does not
    round, and np.rint rounds half to even."""
    x = np.asarray(values, dtype=np.float64)
    with np.errstate(invalid="ignore", over="ignore"):
        exponent = np.frexp(x)[1] - 1  # x in [2^e, 2^(e+1))
        step_exp = np.maximum(exponent, fmt.min_exponent) - fmt.mantissa_bits
        rounded = np.ldexp(np.rint(np.ldexp(x, -step_exp)), step_exp)
        big = np.abs(rounded) > fmt.max_finite  # e.g. e4m3fn: 464 ties down to 448 (even), 465 overflows
        rounded = np.where(big, np.copysign(np.inf if fmt.has_inf else np.nan, x), rounded)
    return np.where(np.isfinite(x), rounded, x)


def _encode_bf16(values):
    """uint16 patterns: RNE from float64 (no float32 double rounding), NaN → 0x7FC0 with the sign kept."""
    x = np.asarray(values, dtype=np.float64)
    bits = (round_to_format(x, BF16).astype(np.float32).view(np.uint32) >> 16).astype(np.uint16)
    nan = np.isnan(x)
    if nan.any():
        bits[nan] = np.where(np.signbit(x[nan]), 0xFFC0, 0x7FC0)
    return bits


def _encode_fp8(values, name, fmt):
    """uint8 patterns: RNE to the format, then the code of that exact value (sorted table + searchsorted)."""
    x = round_to_format(values, fmt)
    table = _FP8_TABLES[name].astype(np.float64)
    finite_codes = np.array([c for c in range(256) if np.isfinite(table[c]) and c != 0x80], dtype=np.uint8)
    order = np.argsort(table[finite_codes])
    keys, codes_sorted = table[finite_codes][order], finite_codes[order]
    codes = np.zeros(x.shape, dtype=np.uint8)
    finite = np.isfinite(x)
    codes[finite] = codes_sorted[np.searchsorted(keys, x[finite])]
    codes[finite & (x == 0) & np.signbit(x)] = 0x80
    nan = np.isnan(x)
    codes[nan] = np.where(np.signbit(x[nan]), 0xFF, 0x7F)
    if fmt.has_inf:
        codes[np.isposinf(x)] = 0x7C
        codes[np.isneginf(x)] = 0xFC
    return codes


# --- reading and writing -----------------------------------------------------------------------------------

def _check_shape(shape, count, what):
    if shape is None:
        return (count,)
    shape = tuple(int(d) for d in shape)
    if any(d < 0 for d in shape):
        raise BinFormatError(f"{what}: negative dimension in shape {shape}")
    if int(np.prod(shape, dtype=np.int64)) != count:
        raise BinFormatError(f"{what}: {count} elements do not fit shape {shape}")
    return shape


def decode_bytes(data, dtype, shape=None, what="data"):
    """Array from raw file bytes (see load_bin)."""
    info = dtype_info(dtype)
    if len(data) % info.itemsize:
        raise BinFormatError(f"{what}: size {len(data)} bytes is not a multiple of the {info.name} element size "
                             f"{info.itemsize}")
    raw = np.frombuffer(data, dtype=info.storage)
    if info.name == "bfloat16":
        values = (raw.astype(np.uint32) << 16).view(np.float32)
    elif info.name in _FP8_TABLES:
        values = _FP8_TABLES[info.name][raw]
    elif info.name == "complex32":
        pairs = raw.astype(np.float32).reshape(-1, 2)
        values = np.empty(pairs.shape[0], np.complex64)  # not re + 1j*im: 1j*inf would make a NaN real part
        values.real, values.imag = pairs[:, 0], pairs[:, 1]
    elif info.name == "bool":
        values = raw != 0
    else:
        values = raw.astype(info.value)  # also makes the array writable and native-endian
    return values.reshape(_check_shape(shape, values.size, what))


def load_raw(path, dtype):
    """The file's element bit patterns as unsigned integers (uint8/16/32/64; complex as two per element).
    Used by the binary standard, which compares bytes."""
    info = dtype_info(dtype)
    data = _read(path)
    decode_bytes(data, info.name, what=str(path))  # size check
    unit = {1: "u1", 2: "<u2", 4: "<u4", 8: "<u8"}[np.dtype(info.storage).itemsize]
    return np.frombuffer(data, dtype=unit).reshape(-1, 2 if info.kind == "complex" else 1)


def _read(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError as e:
        raise BinFormatError(f"cannot read {path}: {e.strerror}") from None


def load_bin(path, dtype, shape=None):
    """Read a `.bin` file as `dtype`; reshape to `shape` (default: flat). bfloat16/fp8 come back as float32,
    complex32 as complex64, with exactly the stored values. Raises BinFormatError (a ValueError) on an
    unreadable file, a size that is not a whole number of elements or does not fit `shape`, or an unknown dtype."""
    info = dtype_info(dtype)
    return decode_bytes(_read(path), info.name, shape, what=str(path))


def _to_numpy(array):
    """NumPy view of a NumPy array, scalar or torch tensor; torch bfloat16 as float32 (exact)."""
    if _is_torch(array):
        tensor = array.detach().cpu()
        if str(tensor.dtype) == "torch.bfloat16":
            tensor = tensor.float()
        return tensor.numpy()
    return np.asarray(array)


def _default_dtype(array):
    if _is_torch(array):
        return str(array.dtype).replace("torch.", "")
    return np.asarray(array).dtype.name


def encode_array(array, dtype=None):
    """The bytes save_bin would write."""
    return bytes(encoded_buffer(array, dtype))


def _is_torch(array):
    return type(array).__module__.startswith("torch")


def encoded_buffer(array, dtype=None):
    """What encode_array returns, as a buffer: without a copy when the array already holds the file's elements
    (a C-contiguous NumPy array of the storage dtype, a contiguous torch tensor of the same dtype)."""
    name = dtype_info(dtype if dtype is not None else _default_dtype(array)).name
    info = _DTYPES[name]
    if _is_torch(array) and name == _default_dtype(array) and name not in ("complex32",):
        tensor = array.detach().cpu().contiguous()
        if name == "bfloat16":  # the bit patterns themselves: no rounding needed, none done
            import torch  # noqa: PLC0415 - a torch tensor means torch is imported already

            tensor = tensor.view(torch.int16)
        return memoryview(tensor.numpy().reshape(-1).view(np.uint8))
    if isinstance(array, np.ndarray) and array.dtype == np.dtype(info.storage) and info.name == array.dtype.name:
        return memoryview(np.ascontiguousarray(array).reshape(-1).view(np.uint8))
    x = _to_numpy(array)
    if x.dtype.kind == "c" and info.kind != "complex":
        raise BinFormatError(f"cannot write complex data as {name}")
    if name == "bfloat16" and x.dtype == np.float32 and _holds_bf16(x):  # e.g. aclnn-cpu golden's inputs
        raw = (np.ascontiguousarray(x).view(np.uint32) >> np.uint32(16)).astype(np.uint16)
    elif name == "bfloat16":
        raw = _encode_bf16(x.astype(np.float64))
    elif name in _FP8_TABLES:
        raw = _encode_fp8(x.astype(np.float64), name, info.fmt)
    elif name == "complex32":
        c = x.astype(np.complex128).reshape(-1)
        with np.errstate(over="ignore"):
            raw = np.stack([c.real, c.imag], axis=1).astype("<f2")
    else:  # NumPy narrows float64 → float16/32 in one correctly rounded step (overflow → Inf, as RNE wants)
        with np.errstate(over="ignore", invalid="ignore"):
            raw = x.astype(info.storage)
    return memoryview(np.ascontiguousarray(raw).reshape(-1).view(np.uint8))


def _holds_bf16(x):
    """float32 data whose every value is a bfloat16 (low 16 bits zero) and no NaN: its top halves are the
    bfloat16 encoding _encode_bf16 would compute (NaNs excluded: it writes them as 0x7FC0|sign)."""
    bits = np.ascontiguousarray(x).view(np.uint32)
    return not (bits & np.uint32(0xFFFF)).any() and not np.isnan(x).any()


def save_bin(array, path, dtype=None, atomic=True):
    """Write `array` (NumPy, torch or a sequence) as raw bytes in C order, converting to `dtype` (default: the
    array's own dtype; a torch bfloat16 tensor is written as bfloat16). Narrowing rounds to nearest even;
    bf16 NaN is written as 0x7FC0 with its sign. Writes to a temporary file first, then renames (atomic=False:
    straight to `path`, for files inside a directory that is itself published atomically). One write call."""
    data = encoded_buffer(array, dtype)
    tmp = f"{path}.tmp{os.getpid()}" if atomic else path
    try:
        with open(tmp, "wb") as f:
            f.write(data)
        if atomic:
            os.replace(tmp, path)
    except OSError as e:
        if atomic and os.path.exists(tmp):
            os.unlink(tmp)
        raise BinFormatError(f"cannot write {path}: {e.strerror}") from None
