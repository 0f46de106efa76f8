"""RmsNorm, RmsNormGrad and AddRmsNorm through Python (docs/ops/rms_norm.md): the vendor examples' values, results
against torch's composite formula and its autograd in float64 (strided input, gamma of rank 2, 16-bit rows),
AddRmsNorm's rounded sum, and the errors."""
import os

import numpy as np
import pytest

import aclnn_cpu
from aclnn_cpu import AclnnError

torch = pytest.importorskip("torch")

SOURCE = os.environ.get("ACLNN_CPU_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))
f32 = np.float32
RNG = np.random.default_rng(37)


def expected_values(name):
    with open(os.path.join(SOURCE, "examples", "expected", name + ".txt")) as f:
        return [line.strip().rsplit(" is: ", 1)[1] for line in f]


def printed(*arrays):
    return ["%f" % v for a in arrays for v in np.asarray(a, dtype=f32).reshape(-1)]


def test_examples_print_the_same_values():
    x = np.tile(np.arange(8, dtype=f32), 4).reshape(2, 16)
    gamma = np.tile(np.arange(8, dtype=f32), 2)
    y, _ = aclnn_cpu.rms_norm(x, gamma, epsilon=1e-6)
    assert printed(y) == expected_values("rms_norm")
    y, _, x_sum = aclnn_cpu.add_rms_norm(x, x, gamma, epsilon=float(f32(1e-6)))
    assert printed(y) == expected_values("add_rms_norm") and (x_sum == 2 * x).all()
    ramp = np.arange(1, 33, dtype=f32).reshape(2, 1, 16)
    dx, dgamma = aclnn_cpu.rms_norm_grad(ramp, ramp, np.array([1, 2], f32), np.arange(1, 17, dtype=f32))
    assert printed(dx, dgamma) == expected_values("rms_norm_grad")


def torch_rms(x, gamma, eps):
    k = gamma.dim()
    dims = tuple(range(x.dim() - k, x.dim()))
    rstd = torch.rsqrt(x.pow(2).mean(dim=dims, keepdim=True) + eps)
    return x * rstd * gamma, rstd


@pytest.mark.parametrize("gamma_rank", [1, 2])
def test_forward_and_backward_match_torch_in_float64(gamma_rank):
    big = RNG.uniform(-3, 3, (4, 5, 6, 18)).astype(f32)
    x = big[..., ::2]  # a strided view (4, 5, 6, 9)
    gamma = RNG.uniform(0.5, 2, x.shape[4 - gamma_rank:]).astype(f32)
    dy = RNG.uniform(-1, 1, x.shape).astype(f32)
    y, rstd = aclnn_cpu.rms_norm(x, gamma, epsilon=1e-5)
    xt = torch.tensor(x, dtype=torch.float64, requires_grad=True)
    gt = torch.tensor(gamma, dtype=torch.float64, requires_grad=True)
    want_y, want_rstd = torch_rms(xt, gt, float(f32(1e-5)))
    np.testing.assert_allclose(y, want_y.detach().numpy(), rtol=2e-6, atol=2e-6)
    np.testing.assert_allclose(rstd, want_rstd.detach().numpy(), rtol=1e-6)
    assert rstd.shape == x.shape[:4 - gamma_rank] + (1,) * gamma_rank
    want_y.backward(torch.tensor(dy, dtype=torch.float64))
    dx, dgamma = aclnn_cpu.rms_norm_grad(dy, x, rstd, gamma)
    assert dgamma.dtype == f32
    np.testing.assert_allclose(dx, xt.grad.numpy(), rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(dgamma, gt.grad.numpy(), rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16])
def test_sixteen_bit_rows_round_once(dtype):
    x1 = torch.randn(6, 40).to(dtype)
    x2 = torch.randn(6, 40).to(dtype)
    gamma = torch.rand(40).to(dtype) + 0.5
    y, rstd, x_sum = aclnn_cpu.add_rms_norm(x1, x2, gamma, epsilon=1e-6)
    assert y.dtype == x_sum.dtype == dtype and rstd.dtype == torch.float32
    assert torch.equal(x_sum, (x1.float() + x2.float()).to(dtype))  # the sum rounded once to the dtype
    y2, rstd2 = aclnn_cpu.rms_norm(x_sum, gamma, epsilon=1e-6)  # the rounded sum is what is normalized
    assert torch.equal(y, y2) and torch.equal(rstd, rstd2)
    want, _ = torch_rms(x_sum.double(), gamma.double(), float(f32(1e-6)))
    # One rounding of an fp32 result: the error is the nearest 16-bit value's error plus the fp32 work's, which
    # near a rounding midpoint may pick the other neighbour (fp16 did in 5 of 300 draws), never one further away.
    nearest_error = (want.to(dtype).double() - want).abs()
    assert ((y.double() - want).abs() <= nearest_error + 2.0**-21 * want.abs()).all()
    y3, _ = aclnn_cpu.rms_norm(x_sum, gamma.float(), epsilon=1e-6)  # FLOAT gamma: an A2 row
    assert torch.equal(y3, y)


def test_add_rms_norm_with_rstd_takes_gamma_of_x1s_trailing_dims():
    x = torch.randn(3, 32).half()
    gamma = torch.rand(1, 32).half() + 0.5  # the shape only the modes without rstdOut take
    with pytest.raises(AclnnError) as e:
        aclnn_cpu.add_rms_norm(x, x, gamma, epsilon=1e-6)
    assert e.value.status == 161002 and "gamma" in e.value.message


def test_errors_name_the_argument():
    x = np.ones((2, 8), f32)
    with pytest.raises(AclnnError) as e:
        aclnn_cpu.rms_norm(x, np.ones(8, np.float16))  # FLOAT x takes FLOAT gamma only
    assert e.value.status == 161002 and "gamma" in e.value.message
    with pytest.raises(AclnnError) as e:
        aclnn_cpu.rms_norm(x, np.ones(7, f32))
    assert e.value.status == 561002 and "gamma" in e.value.message
    with pytest.raises(AclnnError) as e:
        aclnn_cpu.rms_norm(x, np.ones(8, f32), epsilon=-1.0)
    assert e.value.status == 561002 and "epsilon" in e.value.message
    with pytest.raises(AclnnError) as e:
        aclnn_cpu.add_rms_norm(x, np.ones((2, 8), np.float16), np.ones(8, f32))
    assert e.value.status == 161002 and "x2" in e.value.message
