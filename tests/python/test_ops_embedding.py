"""Embedding and EmbeddingDenseBackward through Python (docs/ops/embedding.md): the vendor examples' values, the
gather against torch bit for bit (strided views, every dtype), the backward against torch in float64 (paddingIdx,
scaleGradByFreq, repeated indices), and the errors (an index outside the table fails the launch with 507015)."""
import os

import numpy as np
import pytest

import aclnn_cpu
from aclnn_cpu import AclnnError

torch = pytest.importorskip("torch")

SOURCE = os.environ.get("ACLNN_CPU_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))
f32 = np.float32
RNG = np.random.default_rng(62)


def expected_values(name):
    with open(os.path.join(SOURCE, "examples", "expected", name + ".txt")) as f:
        return [line.strip().rsplit(" is: ", 1)[1] for line in f]


def printed(a):
    return ["%f" % v for v in np.asarray(a, dtype=f32).reshape(-1)]


def test_examples_print_the_same_values():
    weight = np.arange(1, 31, dtype=f32).reshape(10, 3)
    out = aclnn_cpu.embedding(weight, np.array([1, 2, 3, 4], np.int64))
    assert printed(out) == expected_values("embedding")
    grad = np.arange(1, 7, dtype=f32).reshape(2, 3)
    dw = aclnn_cpu.embedding_dense_backward(grad, np.array([1, 2], np.int64), 4, 0, False)
    assert printed(dw) == expected_values("embedding_dense_backward")


@pytest.mark.parametrize("dtype", [np.float32, np.float16, np.float64, np.int8, np.int64, np.bool_, np.complex64])
def test_gather_matches_torch_bitwise(dtype):
    table = RNG.uniform(-5, 5, (9, 14))
    weight = (table + 1j * table if np.issubdtype(dtype, np.complexfloating) else table).astype(dtype)[:, ::2]
    idx = RNG.integers(0, 9, (3, 4)).astype(np.int32)
    out = aclnn_cpu.embedding(weight, idx)
    ref = torch.nn.functional.embedding(torch.from_numpy(idx).long(), torch.from_numpy(np.ascontiguousarray(weight)))
    assert out.shape == (3, 4, 7) and np.array_equal(out, ref.numpy())


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
@pytest.mark.parametrize("padding, scale", [(-1, False), (2, False), (-1, True), (0, True)])
def test_dense_backward_matches_torch_in_float64(dtype, padding, scale):
    grad = torch.from_numpy(RNG.uniform(-1, 1, (6, 5, 33))).to(dtype)
    idx = torch.from_numpy(RNG.integers(0, 7, (6, 5)))
    ours = aclnn_cpu.embedding_dense_backward(grad, idx, 7, padding, scale)
    ref = torch.ops.aten.embedding_dense_backward(grad.double(), idx, 7, padding, scale)
    assert ours.dtype == dtype and ours.shape == (7, 33)
    assert torch.allclose(ours.double(), ref, rtol=2 ** -8 if dtype == torch.bfloat16 else 2 ** -23, atol=0)
    if padding >= 0:
        assert (ours[padding] == 0).all()


def test_forward_backward_cascade_matches_autograd():
    w = torch.from_numpy(RNG.uniform(-1, 1, (11, 4))).double().requires_grad_()
    idx = torch.from_numpy(RNG.integers(0, 11, (20,)))
    y = torch.nn.functional.embedding(idx, w, padding_idx=3, scale_grad_by_freq=True)
    dy = torch.from_numpy(RNG.uniform(-1, 1, (20, 4)))
    y.backward(dy)
    ours_y = aclnn_cpu.embedding(w.detach().float(), idx)
    ours_dw = aclnn_cpu.embedding_dense_backward(dy.float(), idx, 11, 3, True)
    assert torch.equal(ours_y.double(), y.detach().float().double())
    assert torch.allclose(ours_dw.double(), w.grad, rtol=2 ** -23, atol=1e-7)


def test_errors():
    weight = np.ones((4, 3), f32)
    with pytest.raises(AclnnError) as e:
        aclnn_cpu.embedding(weight, np.array([0, 1], np.float32))  # indices INT32/INT64 only
    assert e.value.status == 161002
    with pytest.raises(AclnnError) as e:
        aclnn_cpu.embedding(weight, np.array([0, 4], np.int64))  # outside the table: the launch fails
    assert e.value.status == 507015
    with pytest.raises(AclnnError) as e:
        aclnn_cpu.embedding_dense_backward(np.ones((2, 3), f32), np.array([0, 1, 2]), 4)
    assert e.value.status == 161002
