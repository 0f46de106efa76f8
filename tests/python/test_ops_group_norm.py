"""GroupNorm and GroupNormSilu through Python (docs/ops/group_norm.md): the vendor examples' values, results
against torch.native_group_norm in float64 (null gamma/beta, strided input), statistics in self's dtype and the
errors."""
import os

import numpy as np
import pytest

import aclnn_cpu
from aclnn_cpu import AclnnError

torch = pytest.importorskip("torch")

SOURCE = os.environ.get("ACLNN_CPU_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))
f32 = np.float32
RNG = np.random.default_rng(36)


def expected_values(name):
    with open(os.path.join(SOURCE, "examples", "expected", name + ".txt")) as f:
        return [line.strip().rsplit(" is: ", 1)[1] for line in f]


def test_examples_print_the_same_values():
    x = np.arange(1, 25, dtype=f32).reshape(2, 3, 4)
    g = np.full(3, 2, f32)
    for name, outs in [("group_norm", aclnn_cpu.group_norm(x, g, g, 2, 3, 4, 1)),
                       ("group_norm_silu", aclnn_cpu.group_norm_silu(x, g, g, 1))]:
        printed = ["%f" % v for o in outs for v in np.asarray(o, dtype=f32).reshape(-1)]
        assert printed == expected_values(name), name


@pytest.mark.parametrize("groups", [1, 2, 6])
def test_group_norm_matches_torch_in_float64(groups):
    big = RNG.uniform(-3, 3, (3, 6, 5, 14)).astype(f32)
    x = big[:, :, :, ::2]  # a strided view (3, 6, 5, 7)
    gamma = RNG.uniform(0.5, 2, 6).astype(f32)
    beta = RNG.uniform(-1, 1, 6).astype(f32)
    out, mean, rstd = aclnn_cpu.group_norm(x, gamma, beta, 3, 6, 35, groups, eps=1e-5)
    want = torch.native_group_norm(torch.tensor(x, dtype=torch.float64), torch.tensor(gamma, dtype=torch.float64),
                                   torch.tensor(beta, dtype=torch.float64), 3, 6, 35, groups, 1e-5)
    np.testing.assert_allclose(out, want[0].numpy(), rtol=2e-6, atol=2e-6)
    np.testing.assert_allclose(mean, want[1].numpy(), rtol=1e-6, atol=1e-7)
    np.testing.assert_allclose(rstd, want[2].numpy(), rtol=1e-6)
    silu, _, _ = aclnn_cpu.group_norm_silu(x, None, None, groups)
    z = torch.native_group_norm(torch.tensor(x, dtype=torch.float64), None, None, 3, 6, 35, groups, 1e-5)[0]
    np.testing.assert_allclose(silu, torch.nn.functional.silu(z).numpy(), rtol=2e-6, atol=2e-6)


def test_statistics_take_self_dtype_and_empty_self_fills_them():
    x = torch.rand(2, 4, 3).half()
    out, mean, rstd = aclnn_cpu.group_norm_silu(x, torch.ones(4), torch.zeros(4), 2)  # FLOAT gamma: an A2 row
    assert out.dtype == mean.dtype == rstd.dtype == torch.float16
    _, mean, rstd = aclnn_cpu.group_norm(np.zeros((2, 3, 0), f32), None, None, 2, 3, 0, 1)
    assert (mean == 0).all() and np.isnan(rstd).all()


def test_errors_name_the_argument():
    x = np.ones((2, 4, 3), f32)
    with pytest.raises(AclnnError) as e:
        aclnn_cpu.group_norm(x, None, None, 2, 4, 3, 3)
    assert e.value.status == 161002 and "group" in e.value.message
    with pytest.raises(AclnnError) as e:
        aclnn_cpu.group_norm(x, np.ones(4, np.float16), None, 2, 4, 3, 2)
    assert e.value.status == 161002 and "gamma" in e.value.message
    with pytest.raises(AclnnError) as e:
        aclnn_cpu.group_norm_silu(x, None, None, 2, eps=0.0)
    assert e.value.status == 161002 and "eps" in e.value.message


@pytest.mark.parametrize("mask", [(True, True, True), (False, True, False), (True, False, True)])
def test_group_norm_backward_matches_torch_in_float64(mask):
    big = RNG.uniform(-3, 3, (3, 6, 5, 14)).astype(f32)
    x = big[:, :, :, ::2]  # a strided view (3, 6, 5, 7)
    gamma = RNG.uniform(0.5, 2, 6).astype(f32)
    dy = RNG.uniform(-1, 1, x.shape).astype(f32)
    _, mean, rstd = aclnn_cpu.group_norm(x, gamma, None, 3, 6, 35, 2)
    got = aclnn_cpu.group_norm_backward(dy, x, mean, rstd, gamma, 3, 6, 35, 2, outputMask=mask)
    xt, gt, bt = (torch.tensor(a, dtype=torch.float64, requires_grad=True) for a in (x, gamma, np.zeros(6)))
    torch.nn.functional.group_norm(xt, 2, gt, bt, eps=1e-5).backward(torch.tensor(dy, dtype=torch.float64))
    for on, ours, ref in zip(mask, got, (xt.grad, gt.grad, bt.grad)):
        if on:
            np.testing.assert_allclose(ours, ref.numpy(), rtol=2e-5, atol=2e-5)
        else:
            assert ours is None
