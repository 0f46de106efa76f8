"""No input crashes the interpreter: random calls of every operator (random ranks, dims incl. 0, dtypes, views with
negative/zero strides, attribute values incl. negative and huge ones, None for anything) either return outputs of
the promised kind or raise AclnnError / TypeError. A crash would kill this test process, which ctest reports."""
import zlib

import numpy as np
import pytest

from aclnn_cpu import AclnnError, ops

torch = pytest.importorskip("torch")

DTYPES = [np.float32, np.float16, np.float64, np.complex64, np.int32, np.int8, np.bool_, "bf16"]


def random_tensor(rng):
    ndim = int(rng.integers(0, 6))
    shape = tuple(int(rng.integers(0, 5)) for _ in range(ndim))
    dt = DTYPES[int(rng.integers(0, len(DTYPES)))]
    if dt == "bf16":
        base = torch.from_numpy(rng.uniform(-2, 2, tuple(d + 2 for d in shape))).to(torch.bfloat16)
        sl = tuple(slice(None, None, -1) if rng.random() < 0.3 else slice(1, None) for _ in shape)
        return base[tuple(slice(None, None, 1) for _ in shape)] if rng.random() < 0.5 else \
            base.flip(list(range(ndim))) if ndim else base
    base = rng.uniform(-2, 2, tuple(d + 2 for d in shape)).astype(dt)
    choice = rng.random()
    if choice < 0.3 or ndim == 0:
        return base[tuple(slice(0, d) for d in shape)]
    if choice < 0.6:
        return base[tuple(slice(d, None, -1) if d else slice(0, 0) for d in shape)]
    if choice < 0.8:
        return np.broadcast_to(base[tuple(slice(0, 1) for _ in shape)], shape)
    return np.ascontiguousarray(base[tuple(slice(0, d) for d in shape)]).T


SCALARS = [None, 0, 1, -1, 2.5, float("nan"), float("inf"), -1e300, True, False, 1 - 2j, 1 << 62, np.float16(3),
           np.int8(-2), np.uint8(200), np.array(0.5, np.float32), torch.tensor(1.5, dtype=torch.bfloat16),
           (1, "uint64"), (2.0, "float32"), (-3, "int16"), (7, "complex64")]
DTYPE_VALUES = [np.float32, "float16", torch.bfloat16, "int8", "uint64", "uint16", "bool", np.complex64, "float64",
                torch.int64, 99, -1, 13, 40]


def random_value(rng, p, like):
    r = rng.random()
    if p.kind == "tensor":
        if r < 0.1:
            return None
        if r < 0.5 and like is not None:
            return like
        return random_tensor(rng)
    if p.kind == "intarray":
        n = int(rng.integers(0, 6))
        return [int(rng.choice([-3, -1, 0, 1, 2, 3, 1 << 40, -(1 << 62)])) for _ in range(n)]
    if p.kind == "boolarray":
        return [bool(rng.integers(0, 2)) for _ in range(int(rng.integers(0, 5)))]
    if p.kind == "int64":
        return int(rng.choice([-5, -1, 0, 1, 2, 4, 100, 1 << 40]))
    if p.kind == "int32":
        return int(rng.choice([-(1 << 31), -1, 0, 1, 2, 3, 1 << 30]))
    if p.kind == "int8":
        return int(rng.choice([-128, -1, 0, 1, 3, 4, 5, 127]))
    if p.kind == "double":
        return float(rng.choice([0.0, 1.0, -1.0, np.nan, np.inf, 1e300]))
    if p.kind == "float":
        return float(rng.choice([0.0, 1.0, -1.0, np.nan, np.inf, 1e-8, 3e38]))
    if p.kind == "uint64":
        return int(rng.choice([0, 1, 2, 5, 100, -1, (1 << 64) - 1, 1 << 40]))
    if p.kind == "bool":
        return bool(rng.integers(0, 2))
    if p.kind == "str":
        return [None, "NCHW", "NHWC", "", "garbage"][int(rng.integers(0, 5))]
    if p.kind == "scalar":
        return SCALARS[int(rng.integers(0, len(SCALARS)))]
    if p.kind == "dtype":
        return DTYPE_VALUES[int(rng.integers(0, len(DTYPE_VALUES)))]
    raise AssertionError(p.kind)


@pytest.mark.parametrize("op", ops.OPS, ids=lambda o: o.name)
def test_random_calls_never_crash(op):
    rng = np.random.default_rng(zlib.crc32(op.aclnn.encode()))
    outcomes = {"ok": 0, "error": 0}
    for _ in range(300):
        like = random_tensor(rng)
        values = [random_value(rng, p, like) for p in op.inputs]
        try:
            outs = op.call(values)
        except (AclnnError, TypeError) as e:
            if isinstance(e, AclnnError):
                assert e.status != 0
            outcomes["error"] += 1
            continue
        assert len(outs) == len(op.results)
        outcomes["ok"] += 1
    assert outcomes["error"] > 0


def test_zero_stride_output_rejected():
    x = torch.ones(4, 3)
    out = torch.zeros(1, 3).expand(4, 3)
    with pytest.raises(AclnnError) as e:
        ops.op_info("prelu").call([x, torch.ones(3)], [out])
    assert "zero stride" in e.value.message
