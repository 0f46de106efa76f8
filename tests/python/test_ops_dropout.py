"""DropoutGenMaskV2 and DropoutDoMask through Python (docs/ops/dropout.md): the vendor examples' values, the mask's
size, bit order and keep rate, reproducibility, DoMask against x * mask / (1 - p) in float64 (strided input, 16-bit
dtypes, a wider out), and the errors."""
import os

import numpy as np
import pytest

import aclnn_cpu
from aclnn_cpu import AclnnError

SOURCE = os.environ.get("ACLNN_CPU_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))
f32 = np.float32
RNG = np.random.default_rng(70)


def expected_values(name):
    with open(os.path.join(SOURCE, "examples", "expected", name + ".txt")) as f:
        return [line.strip().rsplit(" is: ", 1)[1] for line in f]


def bits(mask, n):
    return np.unpackbits(np.asarray(mask, np.uint8), bitorder="little")[:n]


def test_examples_print_the_same_values():
    mask = aclnn_cpu.dropout_gen_mask_v2([4, 2], 0.5, 1234, 0, "float32")
    assert mask.dtype == np.uint8 and mask.shape == (16,)
    assert [str(int(b)) for b in mask] == expected_values("dropout_gen_mask_v2")
    out = aclnn_cpu.dropout_do_mask(np.arange(8, dtype=f32).reshape(4, 2), np.zeros(16, np.uint8), 0.5)
    assert ["%f" % v for v in out.reshape(-1)] == expected_values("dropout_do_mask")


@pytest.mark.parametrize("n", [1, 127, 128, 129, 1000])
def test_mask_size_and_keep_rate(n):
    mask = aclnn_cpu.dropout_gen_mask_v2([n], 0.25, seed=3, offset=1)
    assert mask.shape == ((n + 127) // 128 * 16,)
    assert (aclnn_cpu.dropout_gen_mask_v2([n], 0.25, seed=3, offset=1) == mask).all()  # a pure function
    assert (aclnn_cpu.dropout_gen_mask_v2([n], 0.0) == 255).all()
    assert (aclnn_cpu.dropout_gen_mask_v2([n], 1.0) == 0).all()
    big = bits(aclnn_cpu.dropout_gen_mask_v2([1 << 18], 0.25, seed=n), 1 << 18)
    assert abs(big.mean() - 0.75) < 5 * np.sqrt(0.75 * 0.25 / (1 << 18))


@pytest.mark.parametrize("dtype", ["float32", "float16"])
def test_do_mask_against_float64(dtype):
    p = 0.3
    x = RNG.uniform(-4, 4, (6, 50)).astype(dtype)
    view = x.T  # a transposed (strided) view
    mask = aclnn_cpu.dropout_gen_mask_v2(list(view.shape), p, seed=11)
    keep = bits(mask, view.size).reshape(view.shape)
    scale = float(np.array(1 - p, np.float32).astype(dtype))  # the vendor's keep factor, in self's dtype
    expected = np.where(keep == 1, view.astype(np.float64) / scale, 0).astype(dtype)
    assert (aclnn_cpu.dropout_do_mask(view, mask, p) == expected).all()
    wide = np.empty(view.shape, np.float64)
    aclnn_cpu.dropout_do_mask(view, mask, p, out=wide)
    assert (wide == expected.astype(np.float64)).all()  # rounded to self's dtype first, as the vendor casts


def test_do_mask_bf16_with_torch():
    torch = pytest.importorskip("torch")
    x = torch.randn(3, 70, dtype=torch.bfloat16)
    mask = aclnn_cpu.dropout_gen_mask_v2([3, 70], 0.5, seed=5)
    out = aclnn_cpu.dropout_do_mask(x, torch.from_numpy(mask), 0.5)
    keep = torch.from_numpy(bits(mask, 210).reshape(3, 70).astype(np.float32))
    assert torch.equal(out, (x.float() * keep / 0.5).bfloat16())


def test_errors():
    with pytest.raises(AclnnError) as e:
        aclnn_cpu.dropout_gen_mask_v2([4, 2], 1.5)
    assert e.value.status == 161002 and "prob" in str(e.value)
    with pytest.raises(AclnnError) as e:
        aclnn_cpu.dropout_gen_mask_v2([4, 2], 0.5, out=np.zeros(32, np.uint8))
    assert e.value.status == 161002
    with pytest.raises(AclnnError) as e:
        aclnn_cpu.dropout_gen_mask_v2([4, 2], 0.5, prob_data_type="int32")
    assert e.value.status == 561103
    with pytest.raises(AclnnError) as e:
        aclnn_cpu.dropout_do_mask(np.ones(200, f32), np.zeros(16, np.uint8), 0.5)  # needs 32 bytes
    assert e.value.status == 161002 and "mask" in str(e.value)
    with pytest.raises(AclnnError) as e:
        aclnn_cpu.dropout_do_mask(np.ones(8, np.int32), np.zeros(16, np.uint8), 0.5)
    assert e.value.status == 161002
