"""ApplyAdamWV2 through Python (docs/ops/apply_adam_w_v2.md): the vendor example's values, several updates against
torch.optim.AdamW (the device's t is step + 1, so PyTorch's n-th update is step n - 1) with amsgrad and maximize,
bf16 tensors against float64, and the errors."""
import os

import numpy as np
import pytest

import aclnn_cpu
from aclnn_cpu import AclnnError

torch = pytest.importorskip("torch")

SOURCE = os.environ.get("ACLNN_CPU_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))
f32 = np.float32
RNG = np.random.default_rng(71)


def expected_values(name):
    with open(os.path.join(SOURCE, "examples", "expected", name + ".txt")) as f:
        return [line.strip().rsplit(" is: ", 1)[1] for line in f]


def test_example_prints_the_same_values():
    var, m, v, mx, grad = (np.arange(4, dtype=f32).reshape(2, 2) for _ in range(5))
    res = aclnn_cpu.apply_adam_wv2(var, m, v, mx, grad, np.array([1], f32), 1e-3, 0.9, 0.999, 1e-2, 1e-8, True, True)
    assert res.var_ref is var and res.max_grad_norm_optional_ref is mx
    assert ["%f" % x for x in var.reshape(-1)] == expected_values("apply_adam_w_v2")


@pytest.mark.parametrize("amsgrad", [False, True])
@pytest.mark.parametrize("maximize", [False, True])
def test_updates_follow_torch_adamw(amsgrad, maximize):
    hyper = dict(lr=float(f32(3e-3)), betas=(float(f32(0.85)), float(f32(0.995))), eps=float(f32(1e-7)),
                 weight_decay=float(f32(0.05)))
    p = torch.nn.Parameter(torch.from_numpy(RNG.uniform(-1, 1, (7, 13)).astype(f32)))
    opt = torch.optim.AdamW([p], amsgrad=amsgrad, maximize=maximize, foreach=False, **hyper)
    var = p.detach().clone()
    m, v, mx = torch.zeros_like(var), torch.zeros_like(var), torch.zeros_like(var)
    for n in range(1, 6):
        g = torch.from_numpy(RNG.uniform(-1, 1, (7, 13)).astype(f32))
        p.grad = g.clone()
        opt.step()
        aclnn_cpu.apply_adam_wv2(var, m, v, mx if amsgrad else None, g, torch.tensor([n - 1]), hyper["lr"],
                                  hyper["betas"][0], hyper["betas"][1], hyper["weight_decay"], hyper["eps"],
                                  amsgrad, maximize)
        state = opt.state[p]
        # PyTorch rounds after each fp32 operation, we once: a few ulps apart where m's terms cancel.
        assert torch.allclose(var, p.detach(), rtol=1e-5, atol=1e-7)
        assert torch.allclose(m, state["exp_avg"], rtol=1e-4, atol=1e-7)
        assert torch.allclose(v, state["exp_avg_sq"], rtol=1e-6, atol=0)
        if amsgrad:
            assert torch.allclose(mx, state["max_exp_avg_sq"], rtol=1e-6, atol=0)


def test_bf16_tensors_rounded_once_from_the_float64_update():
    var = torch.from_numpy(RNG.uniform(-1, 1, 64)).to(torch.bfloat16)
    m = torch.from_numpy(RNG.uniform(-0.1, 0.1, 64)).to(torch.bfloat16)
    v = torch.from_numpy(RNG.uniform(0, 0.01, 64)).to(torch.bfloat16)
    g = torch.from_numpy(RNG.uniform(-1, 1, 64)).to(torch.bfloat16)
    lr, b1, b2, wd, eps = (float(f32(x)) for x in (1e-2, 0.9, 0.999, 0.1, 1e-8))
    t = 4.0
    vd, md, gd = v.double(), m.double(), g.double()
    m_ref = md + (1 - b1) * (gd - md)
    v_ref = b2 * vd + (1 - b2) * gd * gd
    var_ref = var.double() * (1 - lr * wd) - lr / (1 - b1 ** t) * m_ref / (v_ref.sqrt() / (1 - b2 ** t) ** 0.5 + eps)
    aclnn_cpu.apply_adam_wv2(var, m, v, None, g, torch.tensor([3.0]), lr, b1, b2, wd, eps)
    for got, ref in ((var, var_ref), (m, m_ref), (v, v_ref)):
        assert got.dtype == torch.bfloat16
        assert torch.allclose(got.double(), ref, rtol=2 ** -8, atol=0)


def test_errors():
    t = np.zeros(4, f32)
    with pytest.raises(AclnnError) as e:
        aclnn_cpu.apply_adam_wv2(t, t.copy(), t.copy(), None, t, np.zeros(1, f32), amsgrad=True)
    assert e.value.status == 161001  # maxGradNorm is required with amsgrad
    with pytest.raises(AclnnError) as e:
        aclnn_cpu.apply_adam_wv2(t, t.copy(), t.copy(), None, np.zeros(5, f32), np.zeros(1, f32))
    assert e.value.status == 161002
    with pytest.raises(AclnnError) as e:
        aclnn_cpu.apply_adam_wv2(t, t.copy(), t.copy(), None, t, np.zeros(2, np.int64))
    assert e.value.status == 161002
