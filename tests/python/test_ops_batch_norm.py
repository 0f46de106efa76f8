"""BatchNorm and BatchNormBackward through Python (docs/ops/batch_norm.md): the vendor examples' values, training
and inference against torch in float64 (the A2's saveInvstd holds the batch variance, running stats updated in place
with the unbiased variance), the backward against autograd, and the errors."""
import os

import numpy as np
import pytest

import aclnn_cpu
from aclnn_cpu import AclnnError

torch = pytest.importorskip("torch")

SOURCE = os.environ.get("ACLNN_CPU_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))
f32 = np.float32
RNG = np.random.default_rng(38)


def expected_values(name):
    with open(os.path.join(SOURCE, "examples", "expected", name + ".txt")) as f:
        return [line.strip().rsplit(" is: ", 1)[1] for line in f]


def printed(a):
    return ["%f" % v for v in np.asarray(a, dtype=f32).reshape(-1)]


def test_examples_print_the_same_values():
    x = np.arange(8, dtype=f32).reshape(1, 2, 4)
    ones, zeros = np.ones(2, f32), np.zeros(2, f32)
    out, _, _ = aclnn_cpu.batch_norm(x, ones, zeros, zeros.copy(), ones.copy(), True, 0.1, 1e-5)
    assert printed(out) == expected_values("batch_norm")
    grad_input, _, _ = aclnn_cpu.batch_norm_backward(x, x, ones, zeros, ones, zeros, ones, True, 1e-5)
    assert printed(grad_input) == expected_values("batch_norm_backward")


def test_training_forward_and_backward_match_torch_in_float64():
    big = RNG.uniform(-3, 3, (4, 5, 6, 14)).astype(f32)
    x = big[..., ::2]  # a strided view (4, 5, 6, 7)
    w = RNG.uniform(0.5, 2, 5).astype(f32)
    b = RNG.uniform(-1, 1, 5).astype(f32)
    running_mean, running_var = RNG.uniform(-1, 1, 5).astype(f32), RNG.uniform(0.5, 2, 5).astype(f32)
    rm0, rv0 = running_mean.copy(), running_var.copy()
    out, save_mean, save_var = aclnn_cpu.batch_norm(x, w, b, running_mean, running_var, True, 0.2, 1e-5)
    d64 = lambda a: torch.tensor(a, dtype=torch.float64)
    xt, wt, bt = (torch.tensor(a, dtype=torch.float64, requires_grad=True) for a in (x, w, b))
    want = torch.nn.functional.batch_norm(xt, None, None, wt, bt, training=True, eps=float(f32(1e-5)))
    np.testing.assert_allclose(out, want.detach().numpy(), rtol=1e-5, atol=1e-5)
    x64 = d64(x)
    mean, var = x64.mean(dim=(0, 2, 3)), x64.var(dim=(0, 2, 3), unbiased=False)
    np.testing.assert_allclose(save_mean, mean.numpy(), rtol=1e-6, atol=1e-7)
    np.testing.assert_allclose(save_var, var.numpy(), rtol=1e-6)  # the A2's saveInvstd: the biased variance
    r = x.size / 5
    np.testing.assert_allclose(running_mean, 0.8 * rm0 + 0.2 * mean.numpy(), rtol=1e-6, atol=1e-7)
    np.testing.assert_allclose(running_var, 0.8 * rv0 + 0.2 * var.numpy() * r / (r - 1), rtol=1e-6)
    dy = RNG.uniform(-1, 1, x.shape).astype(f32)
    want.backward(d64(dy))
    gi, gw, gb = aclnn_cpu.batch_norm_backward(dy, x, w, None, None, save_mean, save_var, True, 1e-5)
    np.testing.assert_allclose(gi, xt.grad.numpy(), rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(gw, wt.grad.numpy(), rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(gb, bt.grad.numpy(), rtol=1e-5, atol=1e-5)


def test_inference_uses_the_running_stats_and_leaves_them():
    x = torch.randn(3, 4, 5).to(torch.bfloat16)
    rm, rv = torch.randn(4), torch.rand(4) + 0.5
    rm0, rv0 = rm.clone(), rv.clone()
    out, save_mean, save_invstd = aclnn_cpu.batch_norm(x, None, None, rm, rv, False, 0.1, 1e-5)
    assert save_mean is None and save_invstd is None and out.dtype == torch.bfloat16
    assert torch.equal(rm, rm0) and torch.equal(rv, rv0)
    want = torch.nn.functional.batch_norm(x.double(), rm.double(), rv.double(), training=False, eps=float(f32(1e-5)))
    assert torch.equal(out, want.to(torch.bfloat16))  # one rounding of the exact result


def test_errors_name_the_argument():
    x = np.ones((2, 3, 4), f32)
    with pytest.raises(AclnnError) as e:
        aclnn_cpu.batch_norm(x, np.ones(4, f32), None, None, None, True, 0.1, 1e-5)
    assert e.value.status == 161002 and "weight" in e.value.message
    with pytest.raises(AclnnError) as e:
        aclnn_cpu.batch_norm(x.astype(np.float64), None, None, None, None, True, 0.1, 1e-5)
    assert e.value.status == 161002 and "input" in e.value.message
