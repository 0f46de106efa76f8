"""The loss family through Python (docs/ops/loss.md): the vendor examples' values, results against torch in float64
(strided inputs, weights, ignoreIndex, label smoothing, every reduction), the outputs left unwritten, and the
errors."""
import os

import numpy as np
import pytest

import aclnn_cpu
from aclnn_cpu import AclnnError

torch = pytest.importorskip("torch")

SOURCE = os.environ.get("ACLNN_CPU_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))
f32 = np.float32
RNG = np.random.default_rng(41)


def expected_values(name):
    with open(os.path.join(SOURCE, "examples", "expected", name + ".txt")) as f:
        return [line.strip().rsplit(" is: ", 1)[1] for line in f]


def printed(*arrays):
    return ["%f" % v for a in arrays for v in np.asarray(a, dtype=f32).reshape(-1)]


def test_examples_print_the_same_values():
    x, y = np.arange(4, dtype=f32).reshape(2, 2), np.ones((2, 2), f32)
    assert printed(aclnn_cpu.mse_loss(x, y, 1)) == expected_values("mse_loss")
    assert printed(aclnn_cpu.mse_loss_backward(x, x, y, 1)) == expected_values("mse_loss_backward")
    self = np.arange(6, dtype=f32).reshape(2, 3)
    target, weight = np.array([0, 2], np.int32), np.array([1.1, 1.2, 1.3], f32)
    out, total = aclnn_cpu.nll_loss(self, target, weight, 0, -100)
    assert printed(out) == expected_values("nll_loss") and total is None  # none: totalWeightOut is not written
    grad = aclnn_cpu.nll_loss_backward(np.array([3.1, 6.5], f32), self, target, weight, 0, -100, np.zeros(1, f32))
    assert printed(grad) == expected_values("nll_loss_grad")
    logits = np.array([[5, 0, 3, 3, 7], [9, 3, 5, 2, 4]], f32)
    r = aclnn_cpu.cross_entropy_loss(logits, np.array([0, 0], np.int64))
    assert printed(r.loss_out, r.log_prob_out) == expected_values("cross_entropy_loss")
    assert r.zloss_out is None and r.lse_for_zloss_out is None


@pytest.mark.parametrize("reduction", [0, 1, 2])
def test_mse_forward_and_backward_match_torch(reduction):
    big = RNG.uniform(-2, 2, (6, 10)).astype(f32)
    x, y = big[:, ::2], RNG.uniform(-2, 2, (1, 5)).astype(f32)  # a strided view, a broadcast target
    names = ["none", "mean", "sum"]
    xt = torch.from_numpy(np.ascontiguousarray(x)).double().requires_grad_()
    loss = torch.nn.functional.mse_loss(xt, torch.from_numpy(y).double().expand(6, 5), reduction=names[reduction])
    np.testing.assert_allclose(aclnn_cpu.mse_loss(x, y, reduction), loss.detach().numpy(), rtol=2e-7, atol=1e-7)
    g = RNG.uniform(-1, 1, loss.shape).astype(f32)
    loss.backward(torch.from_numpy(g).double())
    ours = aclnn_cpu.mse_loss_backward(g, x, np.broadcast_to(y, (6, 5)), reduction)
    np.testing.assert_allclose(ours, xt.grad.numpy(), rtol=2e-7, atol=1e-8)


@pytest.mark.parametrize("reduction", [0, 1, 2])
def test_nll_forward_and_backward_match_torch(reduction):
    x = RNG.uniform(-4, 0, (9, 7)).astype(f32)
    target = RNG.integers(0, 7, 9).astype(np.int64)
    target[2] = 3
    weight = RNG.uniform(0.2, 2, 7).astype(f32)
    out, total = aclnn_cpu.nll_loss(x, target, weight, reduction, 3)
    xt = torch.from_numpy(x).double().requires_grad_()
    ref = torch.nn.functional.nll_loss(xt, torch.from_numpy(target), torch.from_numpy(weight).double(),
                                       ignore_index=3, reduction=["none", "mean", "sum"][reduction])
    np.testing.assert_allclose(out, ref.detach().numpy(), rtol=2e-7, atol=1e-7)
    if reduction:
        np.testing.assert_allclose(total, [weight[target[target != 3]].astype(np.float64).sum()], rtol=2e-7)
    g = RNG.uniform(-1, 1, ref.shape).astype(f32)
    ref.backward(torch.from_numpy(g).double())
    tw = np.array([weight[target[target != 3]].astype(np.float64).sum()], f32)
    grad = aclnn_cpu.nll_loss_backward(g.reshape(out.shape), x, target, weight, reduction, 3, tw)
    np.testing.assert_allclose(grad, xt.grad.numpy(), rtol=1e-6, atol=1e-7)


@pytest.mark.parametrize("reduction,smoothing,weighted", [("mean", 0.0, False), ("sum", 0.2, True),
                                                         ("none", 0.1, False), ("mean", 0.3, True)])
def test_cross_entropy_matches_torch(reduction, smoothing, weighted):
    x = RNG.uniform(-6, 6, (12, 9)).astype(f32)
    target = RNG.integers(0, 9, 12).astype(np.int64)
    target[[1, 4]] = -100
    weight = RNG.uniform(0.2, 2, 9).astype(f32)
    r = aclnn_cpu.cross_entropy_loss(x, target, weight if weighted else None, reduction, -100, smoothing)
    xt = torch.from_numpy(x).double()
    ref = torch.nn.functional.cross_entropy(xt, torch.from_numpy(target),
                                            torch.from_numpy(weight).double() if weighted else None,
                                            ignore_index=-100, reduction=reduction, label_smoothing=smoothing)
    np.testing.assert_allclose(r.loss_out.reshape(-1), ref.numpy().reshape(-1), rtol=2e-7, atol=1e-7)
    np.testing.assert_allclose(r.log_prob_out, torch.log_softmax(xt, 1).numpy(), rtol=2e-7, atol=1e-6)


def test_errors_name_the_argument():
    with pytest.raises(AclnnError, match="reduction"):
        aclnn_cpu.mse_loss(np.ones(3, f32), np.ones(3, f32), 3)
    with pytest.raises(AclnnError, match="weight"):
        aclnn_cpu.nll_loss(np.ones((2, 3), f32), np.zeros(2, np.int64), np.ones(4, f32))
    with pytest.raises(AclnnError) as e:
        aclnn_cpu.cross_entropy_loss(np.ones((2, 3), f32), np.zeros(2, np.int32))
    assert e.value.status == 161002
    with pytest.raises(AclnnError) as e:
        aclnn_cpu.cross_entropy_loss(np.ones((2, 3), f32), np.zeros(2, np.int64), None, "avg")
    assert e.value.status == 561002
