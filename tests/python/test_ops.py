"""aclnn_cpu operator functions: the example programs' printed values, PyTorch parity (NoWorseThanTorch against a
float64 reference), strided views, out= arrays, torch in/out, error mapping, threads."""
import os
import re
import threading

import numpy as np
import pytest

import aclnn_cpu
from aclnn_cpu import AclnnError, ops

torch = pytest.importorskip("torch")
F = torch.nn.functional

SOURCE = os.environ.get("ACLNN_CPU_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))


def expected_groups(name):
    """examples/expected/<name>.txt -> [(label, [printed values])] in order of appearance."""
    groups = []
    with open(os.path.join(SOURCE, "examples", "expected", name + ".txt")) as f:
        for line in f:
            m = re.match(r"(.*?)\[(\d+)\] is: (\S+)", line.strip())
            assert m, line
            if not groups or groups[-1][0] != m.group(1):
                groups.append((m.group(1), []))
            groups[-1][1].append(m.group(3))
    return groups


def check_example(name, outputs):
    groups = expected_groups(name)
    assert len(groups) == len(outputs)
    for (label, values), out in zip(groups, outputs):
        got = ["%f" % v for v in np.asarray(out, dtype=np.float32).reshape(-1)[: len(values)]]
        assert got == values, label


f32 = np.float32


def test_example_prelu():
    x = np.array([-2, 1, 2, -3, -4.7, 5.3, -6.9, 7], f32).reshape(2, 4)
    check_example("prelu", [aclnn_cpu.prelu(x, np.array([3], f32))])


def test_example_prelu_backward():
    x = np.arange(8, dtype=f32).reshape(4, 2)
    check_example("prelu_backward", aclnn_cpu.prelu_backward(np.ones((4, 2), f32), x, np.full(2, 0.5, f32)))


@pytest.mark.parametrize("name", ["reflection_pad2d", "replication_pad2d"])
def test_example_pads(name):
    x = np.arange(1, 5, dtype=f32).reshape(1, 1, 2, 2)
    check_example(name, [getattr(aclnn_cpu, name)(x, [1, 1, 1, 1])])


@pytest.mark.parametrize("name", ["reflection_pad2d_backward", "replication_pad2d_backward"])
def test_example_pad_backwards(name):
    x = np.arange(1, 5, dtype=f32).reshape(1, 1, 2, 2)
    check_example(name, [getattr(aclnn_cpu, name)(np.ones((1, 1, 4, 4), f32), x, [1, 1, 1, 1])])


def test_example_layer_norm_backward():
    dy = np.array([2, 3, 4, 5], f32).reshape(2, 2)
    outs = aclnn_cpu.layer_norm_backward(dy, dy.copy(), [2], np.array([[2], [3]], f32), np.array([[4], [5]], f32),
                                         np.ones(2, f32), np.zeros(2, f32), output_mask=(True, True, True))
    check_example("layer_norm_backward", outs)


def test_example_group_norm_swish_grad():
    ramp = np.arange(1, 25, dtype=f32).reshape(2, 3, 4)
    stats = np.full((2, 1), 2, f32)
    affine = np.full(3, 2, f32)
    outs = aclnn_cpu.group_norm_swish_grad(ramp, stats, stats, ramp, affine, affine, 1, None, 1.0, True, True)
    check_example("group_norm_swish_grad", outs)


@pytest.mark.parametrize("name", ["layer_norm", "layer_norm_with_impl_mode", "fast_layer_norm"])
def test_example_layer_norm(name):
    x = np.full((1, 2, 32), 2, f32)
    outs = getattr(aclnn_cpu, name)(x, [32], np.ones(32, f32), np.zeros(32, f32), 1e-5)
    assert [o.shape for o in outs] == [(1, 2, 32), (1, 2, 1), (1, 2, 1)]
    check_example("layer_norm", outs)


@pytest.mark.parametrize("dtype", ["float32", "float16", "bfloat16"])
def test_layer_norm_torch(dtype):
    gen = torch.Generator().manual_seed(10)
    for _ in range(8):
        m, n = int(torch.randint(1, 6, (1,), generator=gen)), int(torch.randint(1, 70, (1,), generator=gen))
        x, w, b = rnd(gen, (m, n), dtype), rnd(gen, (n,), dtype), rnd(gen, (n,), dtype)

        def forward(x, w, b):
            out, mean, rstd = torch.native_layer_norm(x, [n], w, b, 1e-5)
            return out, mean, rstd

        ours = aclnn_cpu.layer_norm(x, [n], w, b, 1e-5)
        ref = forward(*f64(x, w, b))
        tn = torch_in_fp32(forward, x, w, b)
        for o, r, t, name in zip(ours, ref, tn, ("out", "mean", "rstd")):
            no_worse_than_torch(o.reshape(r.shape), r, t.reshape(r.shape), dtype, name)


def test_example_group_norm_swish():
    ramp = np.arange(1, 25, dtype=f32).reshape(2, 3, 4)
    affine = np.full(3, 2, f32)
    outs = aclnn_cpu.group_norm_swish(ramp, affine, affine, 1, None, 1e-5, True, 1.0)
    assert [o.shape for o in outs] == [(2, 3, 4), (2, 1), (2, 1)]
    check_example("group_norm_swish", outs)


def test_example_conv_tbc():
    out = aclnn_cpu.conv_tbc(np.ones((2, 2, 3), f32), np.ones((3, 3, 4), f32), np.ones(4, f32), 1, cube_math_type=1)
    assert out.shape == (2, 2, 4)
    check_example("conv_tbc", [out])


def test_example_conv_tbc_backward():
    one = np.ones
    outs = aclnn_cpu.conv_tbc_backward(one((5, 1, 2), f32), one((5, 1, 2), f32), one((1, 2, 2), f32), one(2, f32), 0,
                                       1)
    check_example("conv_tbc_backward", outs)


# ----------------------------------------------------------------------------------------------------------------
# PyTorch parity: ours no worse than torch (same dtype, computed in fp32 where torch lacks the dtype) against fp64
# ----------------------------------------------------------------------------------------------------------------

TDTYPES = {"float32": torch.float32, "float16": torch.float16, "bfloat16": torch.bfloat16}
EPS = {"float32": 2.0 ** -23, "float16": 2.0 ** -10, "bfloat16": 2.0 ** -7}


def no_worse_than_torch(ours, ref64, torch_native, dtype, what):
    ours = ours.detach().to(torch.float64)
    tn = torch_native.detach().to(torch.float64)
    err_ours = (ours - ref64).abs().max().item() if ref64.numel() else 0.0
    err_torch = (tn - ref64).abs().max().item() if ref64.numel() else 0.0
    scale = ref64.abs().max().item() if ref64.numel() else 0.0
    slack = EPS[dtype] * (scale + 1.0)
    assert err_ours <= 2.0 * err_torch + slack, f"{what}: ours {err_ours:.3e} vs torch {err_torch:.3e}"


def rnd(gen, shape, dtype, lo=-2.0, hi=2.0):
    x = torch.rand(shape, generator=gen, dtype=torch.float64) * (hi - lo) + lo
    return x.to(TDTYPES[dtype])


def torch_in_fp32(fn, *args):
    """torch's best at a narrow dtype: compute in fp32, round to the dtype once."""
    dt = args[0].dtype
    outs = fn(*[a.float() if isinstance(a, torch.Tensor) else a for a in args])
    return [o.to(dt) if o is not None else None for o in outs]


def f64(*args):
    return [a.double() if isinstance(a, torch.Tensor) else a for a in args]


DTYPE_LIST = ["float32", "float16", "bfloat16"]


@pytest.mark.parametrize("dtype", DTYPE_LIST)
def test_prelu_torch(dtype):
    gen = torch.Generator().manual_seed(1)
    for _ in range(20):
        n, c = int(torch.randint(1, 5, (1,), generator=gen)), int(torch.randint(1, 9, (1,), generator=gen))
        x, w = rnd(gen, (n, c, 3, 5), dtype), rnd(gen, (c,), dtype, 0, 1)

        def f(x, w):
            return (F.prelu(x, w),)

        ours = aclnn_cpu.prelu(x, w)
        assert isinstance(ours, torch.Tensor) and ours.dtype == x.dtype
        no_worse_than_torch(ours, f(*f64(x, w))[0], torch_in_fp32(f, x, w)[0], dtype, "prelu")


def _prelu_grads(dy, x, w):
    x = x.clone().requires_grad_(True)
    w = w.clone().requires_grad_(True)
    y = F.prelu(x, w)
    gx, gw = torch.autograd.grad(y, (x, w), dy)
    return gx, gw


@pytest.mark.parametrize("dtype", DTYPE_LIST)
def test_prelu_backward_torch(dtype):
    gen = torch.Generator().manual_seed(2)
    for _ in range(15):
        c = int(torch.randint(1, 9, (1,), generator=gen))
        x, w, dy = rnd(gen, (2, c, 4, 3), dtype), rnd(gen, (c,), dtype, 0, 1), rnd(gen, (2, c, 4, 3), dtype)
        ours = aclnn_cpu.prelu_backward(dy, x, w)
        ref = _prelu_grads(*f64(dy, x, w))
        tn = torch_in_fp32(_prelu_grads, dy, x, w)
        for o, r, t, name in zip(ours, ref, tn, ("grad_input", "grad_weight")):
            no_worse_than_torch(o, r, t, dtype, name)


PAD_MODE = {"reflection": "reflect", "replication": "replicate"}


@pytest.mark.parametrize("kind", ["reflection", "replication"])
@pytest.mark.parametrize("dtype", ["float32", "float64", "float16", "bfloat16", "complex64"])
def test_pad_forward_bitwise(kind, dtype):
    gen = np.random.default_rng(3)
    fn = getattr(aclnn_cpu, f"{kind}_pad2d")
    for _ in range(20):
        h, w = int(gen.integers(2, 9)), int(gen.integers(2, 9))
        pads = [int(gen.integers(0, w)), int(gen.integers(0, w)), int(gen.integers(0, h)), int(gen.integers(0, h))]
        base = torch.from_numpy(gen.uniform(-2, 2, (2, 3, h, w)))
        if dtype == "complex64":
            base = torch.complex(base, base.flip(-1)).to(torch.complex64)
        else:
            base = base.to(getattr(torch, dtype))
        ours = fn(base, pads)
        if dtype in ("float16", "bfloat16", "complex64"):
            ref = F.pad(base.to(torch.complex128 if dtype == "complex64" else torch.float64), pads, PAD_MODE[kind])
            ref = ref.to(base.dtype)
        else:
            ref = F.pad(base, pads, PAD_MODE[kind])
        assert torch.equal(ours, ref)
        if dtype in ("float32", "float64"):  # NumPy in, NumPy out, same bits
            ours_np = fn(base.numpy(), pads)
            assert isinstance(ours_np, np.ndarray) and np.array_equal(ours_np, ref.numpy())


@pytest.mark.parametrize("kind", ["reflection", "replication"])
@pytest.mark.parametrize("dtype", DTYPE_LIST)
def test_pad_backward_torch(kind, dtype):
    gen = torch.Generator().manual_seed(4)
    fn = getattr(aclnn_cpu, f"{kind}_pad2d_backward")
    for _ in range(10):
        h, w = int(torch.randint(2, 9, (1,), generator=gen)), int(torch.randint(2, 9, (1,), generator=gen))
        pads = [int(torch.randint(0, w, (1,), generator=gen)), int(torch.randint(0, w, (1,), generator=gen)),
                int(torch.randint(0, h, (1,), generator=gen)), int(torch.randint(0, h, (1,), generator=gen))]
        x = rnd(gen, (2, 3, h, w), dtype)
        dy = rnd(gen, (2, 3, h + pads[2] + pads[3], w + pads[0] + pads[1]), dtype)

        def grads(dy, x):
            x = x.clone().requires_grad_(True)
            return torch.autograd.grad(F.pad(x, pads, PAD_MODE[kind]), x, dy)

        ours = fn(dy, x, pads)
        no_worse_than_torch(ours, grads(*f64(dy, x))[0], torch_in_fp32(grads, dy, x)[0], dtype, kind)


@pytest.mark.parametrize("dtype", DTYPE_LIST)
def test_layer_norm_backward_torch(dtype):
    gen = torch.Generator().manual_seed(5)
    for _ in range(10):
        rows, cols = int(torch.randint(1, 7, (1,), generator=gen)), int(torch.randint(1, 40, (1,), generator=gen))
        x = rnd(gen, (rows, 2, cols), dtype)
        dy = rnd(gen, (rows, 2, cols), dtype)
        w, b = rnd(gen, (cols,), dtype), rnd(gen, (cols,), dtype)
        x64 = x.double()
        mean64 = x64.mean(-1, keepdim=True)
        rstd64 = 1.0 / torch.sqrt(x64.var(-1, unbiased=False, keepdim=True) + 1e-5)
        mean, rstd = mean64.float(), rstd64.float()
        ours = aclnn_cpu.layer_norm_backward(dy, x, [cols], mean, rstd, w, b)

        def f(dy, x, mean, rstd, w, b):
            return torch.ops.aten.native_layer_norm_backward(dy, x, [cols], mean, rstd, w, b, [True, True, True])

        ref = f(*f64(dy, x, mean, rstd, w, b))
        tn = [o.to(x.dtype) for o in f(dy.float(), x.float(), mean, rstd, w.float(), b.float())]
        for o, r, t, name in zip(ours, ref, tn, ("grad_input", "grad_weight", "grad_bias")):
            assert o.dtype == x.dtype
            no_worse_than_torch(o, r, t, dtype, name)


def test_layer_norm_backward_mask_and_optional():
    x = np.random.default_rng(6).uniform(-1, 1, (3, 4)).astype(f32)
    mean, rstd = x.mean(-1, keepdims=True), 1 / np.sqrt(x.var(-1, keepdims=True) + 1e-5)
    gi, gw, gb = aclnn_cpu.layer_norm_backward(x, x, [4], mean, rstd, output_mask=(True, False, True))
    assert gw is None and gi.shape == (3, 4) and gb.shape == (4,)
    full = aclnn_cpu.layer_norm_backward(x, x, [4], mean, rstd)
    assert np.array_equal(full[0], gi) and np.array_equal(full[2], gb)


@pytest.mark.parametrize("dtype", DTYPE_LIST)
def test_group_norm_swish_grad_torch(dtype):
    gen = torch.Generator().manual_seed(7)
    for _ in range(8):
        n, g = int(torch.randint(1, 4, (1,), generator=gen)), int(torch.randint(1, 4, (1,), generator=gen))
        c = g * int(torch.randint(1, 4, (1,), generator=gen))
        x, dy = rnd(gen, (n, c, 3, 2), dtype), rnd(gen, (n, c, 3, 2), dtype)
        gamma, beta = rnd(gen, (c,), dtype), rnd(gen, (c,), dtype)
        scale = 0.7
        xg = x.double().reshape(n, g, -1)
        mean64 = xg.mean(-1)
        rstd64 = 1.0 / torch.sqrt(xg.var(-1, unbiased=False) + 1e-5)
        mean, rstd = mean64.to(x.dtype), rstd64.to(x.dtype)

        def grads(dy, mean, rstd, x, gamma, beta):
            x = x.clone().requires_grad_(True)
            gamma = gamma.clone().requires_grad_(True)
            beta = beta.clone().requires_grad_(True)
            # mean/rstd as functions of x (the op's dx is the full GroupNorm gradient), valued as the given ones
            xg = x.reshape(n, g, -1)
            m = xg.mean(-1)
            r = 1.0 / torch.sqrt(xg.var(-1, unbiased=False) + 1e-5)
            m = m + (mean - m).detach()
            r = r + (rstd - r).detach()
            xh = ((xg - m[..., None]) * r[..., None]).reshape(x.shape)
            y = xh * gamma[None, :, None, None] + beta[None, :, None, None]
            out = y * torch.sigmoid(scale * y)
            return torch.autograd.grad(out, (x, gamma, beta), dy)

        ours = aclnn_cpu.group_norm_swish_grad(dy, mean, rstd, x, gamma, beta, g, swish_scale=scale)
        ref = grads(*f64(dy, mean, rstd, x, gamma, beta))
        tn = torch_in_fp32(grads, dy, mean, rstd, x, gamma, beta)
        for o, r, t, name in zip(ours, ref, tn, ("dx", "dgamma", "dbeta")):
            no_worse_than_torch(o, r, t, dtype, name)


@pytest.mark.parametrize("dtype", DTYPE_LIST)
def test_group_norm_swish_torch(dtype):
    gen = torch.Generator().manual_seed(9)
    for _ in range(8):
        n, g = int(torch.randint(1, 4, (1,), generator=gen)), int(torch.randint(1, 4, (1,), generator=gen))
        c = g * int(torch.randint(1, 4, (1,), generator=gen))
        x, gamma, beta = rnd(gen, (n, c, 3, 2), dtype), rnd(gen, (c,), dtype), rnd(gen, (c,), dtype)
        scale = 0.7

        def forward(x, gamma, beta):
            z, mean, rstd = torch.native_group_norm(x, gamma, beta, n, c, 6, g, 1e-5)
            return z * torch.sigmoid(scale * z), mean, rstd

        ours = aclnn_cpu.group_norm_swish(x, gamma, beta, g, None, 1e-5, True, scale)
        ref = forward(*f64(x, gamma, beta))
        tn = torch_in_fp32(forward, x, gamma, beta)
        for o, r, t, name in zip(ours, ref, tn, ("y", "mean", "rstd")):
            no_worse_than_torch(o.reshape(r.shape), r, t.reshape(r.shape), dtype, name)


@pytest.mark.parametrize("dtype", DTYPE_LIST)
def test_conv_tbc_torch(dtype):
    gen = torch.Generator().manual_seed(8)
    for _ in range(8):
        t, b = int(torch.randint(3, 9, (1,), generator=gen)), int(torch.randint(1, 4, (1,), generator=gen))
        cin, cout, k = (int(torch.randint(1, 9, (1,), generator=gen)) for _ in range(3))
        k = min(k, t)
        pad = int(torch.randint(0, 3, (1,), generator=gen))
        x, w, bias = rnd(gen, (t, b, cin), dtype), rnd(gen, (k, cin, cout), dtype), rnd(gen, (cout,), dtype)
        ours = aclnn_cpu.conv_tbc(x, w, bias, pad, 0)
        ref = torch.conv_tbc(*f64(x, w, bias), pad)
        tn = torch.conv_tbc(x.float(), w.float(), bias.float(), pad).to(x.dtype)
        assert ours.shape == ref.shape
        no_worse_than_torch(ours, ref, tn, dtype, "conv_tbc")


@pytest.mark.parametrize("dtype", DTYPE_LIST)
def test_conv_tbc_backward_torch(dtype):
    gen = torch.Generator().manual_seed(9)
    for _ in range(8):
        t, b = int(torch.randint(3, 9, (1,), generator=gen)), int(torch.randint(1, 4, (1,), generator=gen))
        cin, cout, k = (int(torch.randint(1, 9, (1,), generator=gen)) for _ in range(3))
        k = min(k, t)
        pad = int(torch.randint(0, 3, (1,), generator=gen))
        x, w, bias = rnd(gen, (t, b, cin), dtype), rnd(gen, (k, cin, cout), dtype), rnd(gen, (cout,), dtype)
        dy = rnd(gen, (t + 2 * pad - k + 1, b, cout), dtype)

        def grads(dy, x, w, bias):
            x, w = x.clone().requires_grad_(True), w.clone().requires_grad_(True)
            return torch.autograd.grad(torch.conv_tbc(x, w, bias, pad), (x, w), dy)

        gi, gw, gb = aclnn_cpu.conv_tbc_backward(dy, x, w, bias, pad, 0)
        ref = grads(*f64(dy, x, w, bias))
        tn = torch_in_fp32(grads, dy, x, w, bias)
        no_worse_than_torch(gi, ref[0], tn[0], dtype, "grad_input")
        no_worse_than_torch(gw, ref[1], tn[1], dtype, "grad_weight")
        assert gb.shape == bias.shape and gb.dtype == bias.dtype  # values: the device's B*t quirk (docs/ops)


# ----------------------------------------------------------------------------------------------------------------
# views, out=, errors, threads
# ----------------------------------------------------------------------------------------------------------------

def _views(a):
    yield a[:, ::2]
    yield a[::-1]
    yield a[:, :, ::-1]
    yield a.transpose(0, 2, 1)
    yield a[1:, 1:, 2:]
    yield np.broadcast_to(a[:1], a.shape)


def test_strided_numpy_views_equal_contiguous_copies():
    rng = np.random.default_rng(10)
    storage = rng.uniform(-2, 2, (4, 6, 8)).astype(f32)
    for v in _views(storage):
        assert not v.flags.c_contiguous
        w = rng.uniform(0, 1, (v.shape[1],)).astype(f32)
        assert np.array_equal(aclnn_cpu.prelu(v, w), aclnn_cpu.prelu(np.ascontiguousarray(v), w))
        pads = [1, 1, 1, 1]
        assert np.array_equal(aclnn_cpu.reflection_pad2d(v, pads),
                              aclnn_cpu.reflection_pad2d(np.ascontiguousarray(v), pads))
        gi_v = aclnn_cpu.prelu_backward(v, v, w)
        gi_c = aclnn_cpu.prelu_backward(np.ascontiguousarray(v), np.ascontiguousarray(v), w)
        assert all(np.array_equal(a, b) for a, b in zip(gi_v, gi_c))
    assert np.array_equal(storage, storage.copy())  # inputs untouched


def test_strided_torch_views_and_bf16():
    x = torch.randn(3, 8, 6, dtype=torch.float64).to(torch.bfloat16)
    v = x[:, ::2, 1:].transpose(1, 2)
    assert not v.is_contiguous()
    a = aclnn_cpu.replication_pad2d(v, [2, 1, 0, 3])
    b = aclnn_cpu.replication_pad2d(v.contiguous(), [2, 1, 0, 3])
    assert a.dtype == torch.bfloat16 and torch.equal(a, b)


def test_out_arrays_and_strided_out():
    x = np.random.default_rng(11).uniform(-2, 2, (2, 3, 4)).astype(f32)
    w = np.full(3, 0.25, f32)
    big = np.zeros((2, 3, 8), f32)
    view = big[:, :, ::2]
    r = aclnn_cpu.prelu(x, w, out=view)
    assert r is view
    assert np.array_equal(big[:, :, ::2], aclnn_cpu.prelu(x, w)) and not big[:, :, 1::2].any()
    gi = np.empty_like(x)
    gw = np.empty_like(w)
    outs = aclnn_cpu.prelu_backward(x, x, w, out=(gi, gw))
    assert outs[0] is gi and outs[1] is gw


# ----------------------------------------------------------------------------------------------------------------
# what the functions return: one output itself, several as a named tuple of the output parameter names
# ----------------------------------------------------------------------------------------------------------------

RESULT_FIELDS = {  # the Out parameters of the table, camelCase -> snake_case ("Optional" dropped)
    "layer_norm": ("out", "mean_out", "rstd_out"),
    "layer_norm_with_impl_mode": ("out", "mean_out", "rstd_out"),
    "fast_layer_norm": ("out", "mean_out", "rstd_out"),
    "layer_norm_backward": ("grad_input_out", "grad_weight_out", "grad_bias_out"),
    "group_norm_swish_grad": ("dx_out", "dgamma_out", "dbeta_out"),
    "group_norm_swish": ("y_out", "mean_out", "rstd_out"),
    "group_norm": ("out", "mean_out", "rstd_out"), "group_norm_silu": ("out", "mean_out", "rstd_out"),
    "group_norm_backward": ("grad_input", "grad_gamma_out", "grad_beta_out"),
    "batch_norm": ("output", "save_mean", "save_invstd"),
    "batch_norm_backward": ("grad_input", "grad_weight", "grad_bias"),
    "rms_norm": ("y_out", "rstd_out"), "rms_norm_grad": ("dx_out", "dgamma_out"),
    "add_rms_norm": ("y_out", "rstd_out", "x_out"),
    "apply_adam_wv2": ("var_ref", "m_ref", "v_ref", "max_grad_norm_optional_ref"),
    "prelu": None, "prelu_backward": ("grad_input", "grad_weight"),
    "reflection_pad2d": None, "reflection_pad2d_backward": None,
    "replication_pad2d": None, "replication_pad2d_backward": None,
    "conv_tbc": None, "conv_tbc_backward": ("grad_input", "grad_weight", "grad_bias"),
    "convolution_backward": ("grad_input", "grad_weight", "grad_bias"),
    "nll_loss": ("out", "total_weight_out"),
    "cross_entropy_loss": ("loss_out", "log_prob_out", "zloss_out", "lse_for_zloss_out"),
}
# every other operator (the math ones) has one result: its out, or the selfRef (InplaceSqrt: self) it writes in place
RESULT_FIELDS.update(dict.fromkeys(op.name for op in ops.OPS if op.name not in RESULT_FIELDS))


@pytest.mark.parametrize("op", ops.OPS, ids=lambda o: o.name)
def test_result_form_of_every_operator(op):
    fields = RESULT_FIELDS[op.name]
    assert op.result_names == tuple(ops.snake(p.name) for p in op.results)  # outputs and tensors written in place
    if fields is None:
        assert len(op.results) == 1 and op.result_type is None
        assert op.signature().endswith(f") -> {op.result_names[0]}")
    else:
        assert op.result_type._fields == fields
        assert op.signature().endswith(f") -> ({', '.join(fields)})")
        assert getattr(ops, op.result_type.__name__) is op.result_type  # importable, so results pickle


def test_single_output_returns_the_array_itself():
    x = np.array([[-2.0, 1.0], [3.0, -4.0]], f32)
    w = np.array([0.5], f32)
    out = aclnn_cpu.prelu(x, w)
    assert type(out) is np.ndarray and out.tolist() == [[-1.0, 1.0], [3.0, -2.0]]
    t = aclnn_cpu.prelu(torch.from_numpy(x), torch.from_numpy(w))
    assert type(t) is torch.Tensor and t.tolist() == out.tolist()
    y = aclnn_cpu.conv_tbc(np.ones((2, 2, 3), f32), np.ones((3, 3, 4), f32), np.ones(4, f32), 1)
    assert type(y) is np.ndarray and y.shape == (2, 2, 4)
    yt = aclnn_cpu.conv_tbc(torch.ones(2, 2, 3), torch.ones(3, 3, 4), torch.ones(4), 1)
    assert type(yt) is torch.Tensor and np.array_equal(yt.numpy(), y)
    p = aclnn_cpu.reflection_pad2d_backward(np.ones((1, 4, 4), f32), np.ones((1, 2, 2), f32), [1, 1, 1, 1])
    assert type(p) is np.ndarray and p.shape == (1, 2, 2)
    # out=: the caller's array (alone or as a 1-tuple) is what comes back; torch too.
    buf = np.empty((2, 2), f32)
    assert aclnn_cpu.prelu(x, w, out=buf) is buf and buf.tolist() == out.tolist()
    buf2 = np.empty((2, 2), f32)
    assert aclnn_cpu.prelu(x, w, out=(buf2,)) is buf2 and buf2.tolist() == out.tolist()
    tbuf = torch.empty(2, 2)
    assert aclnn_cpu.prelu(torch.from_numpy(x), torch.from_numpy(w), out=tbuf) is tbuf
    assert tbuf.tolist() == out.tolist()
    # The golden protocol keeps its list (spec §5.3).
    assert isinstance(aclnn_cpu.golden.aclnnPrelu(x, w), list)


def test_several_outputs_return_a_named_tuple():
    import pickle

    rng = np.random.default_rng(13)
    x = rng.uniform(-2, 2, (2, 3, 4)).astype(f32)
    w = np.array([0.25, 0.5, 0.75], f32)
    r = aclnn_cpu.prelu_backward(np.ones_like(x), x, w)
    assert isinstance(r, tuple) and type(r) is not tuple and type(r).__name__ == "PreluBackwardResult"
    assert r._fields == ("grad_input", "grad_weight") and len(r) == 2
    gi, gw = r
    assert gi is r.grad_input is r[0] and gw is r.grad_weight is r[1]
    assert type(gi) is np.ndarray and gi.shape == x.shape and gw.shape == w.shape
    assert r._asdict()["grad_weight"] is gw
    back = pickle.loads(pickle.dumps(r))
    assert type(back) is type(r) and np.array_equal(back.grad_input, gi)
    # torch in, torch out, same fields.
    rt = aclnn_cpu.prelu_backward(torch.ones(2, 3, 4), torch.from_numpy(x), torch.from_numpy(w))
    assert rt._fields == r._fields and all(type(v) is torch.Tensor for v in rt)
    assert np.array_equal(rt.grad_input.numpy(), gi)
    # A mask turns an output off: its field is None.
    mean, rstd = x.mean(-1, keepdims=True), 1 / np.sqrt(x.var(-1, keepdims=True) + 1e-5)
    r = aclnn_cpu.layer_norm_backward(x, x, [4], mean, rstd, output_mask=(True, False, True))
    assert r._fields == ("grad_input_out", "grad_weight_out", "grad_bias_out")
    assert r.grad_weight_out is None and r[1] is None and r.grad_input_out.shape == x.shape
    ramp = np.arange(1, 25, dtype=f32).reshape(2, 3, 4)
    stats, affine = np.full((2, 1), 2, f32), np.full(3, 2, f32)
    r = aclnn_cpu.group_norm_swish_grad(ramp, stats, stats, ramp, affine, affine, 1, dgamma_is_require=False)
    assert r._fields == ("dx_out", "dgamma_out", "dbeta_out") and r.dgamma_out is None
    assert r.dbeta_out.shape == (3,)
    r = aclnn_cpu.layer_norm(x, [4])
    assert r._fields == ("out", "mean_out", "rstd_out") and r.mean_out.shape == (2, 3, 1)
    # out=: the caller's arrays come back in their fields, None entries are allocated.
    gi_buf = np.empty_like(x)
    r = aclnn_cpu.prelu_backward(np.ones_like(x), x, w, out=(gi_buf, None))
    assert r.grad_input is gi_buf and np.array_equal(gi_buf, gi) and np.array_equal(r.grad_weight, gw)
    r2 = aclnn_cpu.prelu_backward(np.ones_like(x), x, w, out=r)  # a previous result as out=
    assert r2.grad_input is r.grad_input and r2.grad_weight is r.grad_weight
    t_bufs = (torch.empty(2, 3, 4), torch.empty(3))
    rt = aclnn_cpu.prelu_backward(torch.ones(2, 3, 4), torch.from_numpy(x), torch.from_numpy(w), out=t_bufs)
    assert rt.grad_input is t_bufs[0] and rt.grad_weight is t_bufs[1]
    with pytest.raises(TypeError):
        aclnn_cpu.prelu_backward(np.ones_like(x), x, w, out=gi_buf)  # one array for two outputs
    # The low-level Op.call stays a plain tuple (the golden callables and `aclnn-cpu golden` use it).
    assert type(ops.op_info("prelu").call([x, w[:1]])) is tuple


def test_errors_map_status_and_message():
    x = np.ones((2, 4), f32)
    with pytest.raises(AclnnError) as e:
        aclnn_cpu.prelu(x, np.ones(3, np.float64))
    assert e.value.status == 161002 and "weight" in e.value.message and "DOUBLE" in e.value.message
    with pytest.raises(AclnnError) as e:
        aclnn_cpu.reflection_pad2d(np.ones((1, 2, 2), f32), [3, 3, 0, 0])
    assert e.value.status == 161002 and e.value.message
    with pytest.raises(AclnnError) as e:
        aclnn_cpu.layer_norm_backward(x, x, [4], np.ones((2, 1), f32), np.ones((2, 1), f32), output_mask=(1, 1))
    assert e.value.status == 161002 and "outputMask" in e.value.message
    with pytest.raises(AclnnError) as e:
        aclnn_cpu.prelu(None, x)
    assert e.value.status == 161001


@pytest.mark.parametrize("bad", [
    lambda: aclnn_cpu.prelu(np.ones(4, np.float128 if hasattr(np, "float128") else object), np.ones(1, f32)),
    lambda: aclnn_cpu.prelu(np.array(["a", "b"]), np.ones(1, f32)),
    lambda: aclnn_cpu.prelu(np.frombuffer(b"\0" * 17, np.uint8)[1:].view(f32), np.ones(1, f32)),
    lambda: aclnn_cpu.prelu(np.ones(4, np.dtype(">f4")), np.ones(1, f32)),
    lambda: aclnn_cpu.prelu(np.ones(4, f32), np.ones(1, f32), out=np.ones(4, f32)[::1].copy().setflags(write=False)
                            or np.broadcast_to(np.ones(1, f32), (4,))),
    lambda: aclnn_cpu.reflection_pad2d(np.ones((1, 2, 2), f32), "ab"),
    lambda: aclnn_cpu.reflection_pad2d(np.ones((1, 2, 2), f32), [1 << 70, 0, 0, 0]),
    lambda: aclnn_cpu.conv_tbc(np.ones((2, 2, 3), f32), np.ones((3, 3, 4), f32), np.ones(4, f32), 1, 1000),
    lambda: aclnn_cpu.prelu("x", np.ones(1, f32)),
    lambda: aclnn_cpu.prelu([[1.0, 2.0], [3.0]], np.ones(1, f32)),
    lambda: aclnn_cpu.conv_tbc(np.ones((2, 2, 3), f32), np.ones((3, 3, 4), f32), np.ones(4, f32), float("inf")),
    lambda: aclnn_cpu.group_norm_swish_grad(*[np.ones((2, 2, 2), f32)] * 6, num_groups=1, data_format=3),
])
def test_bad_python_input_raises_not_crashes(bad):
    with pytest.raises(AclnnError):
        bad()


def test_signature_errors():
    with pytest.raises(TypeError):
        aclnn_cpu.prelu(np.ones(2, f32))
    with pytest.raises(TypeError):
        aclnn_cpu.prelu(np.ones(2, f32), np.ones(1, f32), wieght=1)
    x = np.ones((2, 2), f32)
    assert np.array_equal(aclnn_cpu.prelu(self=x, weight=np.ones(1, f32)), x)


def test_empty_and_zero_dim():
    x = np.ones((0, 3, 4), f32)
    r = aclnn_cpu.prelu(x, np.ones(3, f32))
    assert r.shape == (0, 3, 4)


def test_threads_share_nothing():
    rng = np.random.default_rng(12)
    x = rng.uniform(-2, 2, (64, 32, 16)).astype(f32)
    w = rng.uniform(0, 1, (32,)).astype(f32)
    want = aclnn_cpu.prelu(x, w)
    errors = []

    def body():
        for _ in range(30):
            if not np.array_equal(aclnn_cpu.prelu(x, w), want):
                errors.append("mismatch")

    threads = [threading.Thread(target=body) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors


def test_every_library_operator_has_a_function():
    names = set()
    for header in [h for h in os.listdir(os.path.join(SOURCE, "include", "aclnnop")) if h.endswith(".h")]:
        with open(os.path.join(SOURCE, "include", "aclnnop", header)) as f:
            names.update(re.findall(r"aclnnStatus (aclnn\w+)GetWorkspaceSize", f.read()))
    assert names == {op.aclnn for op in ops.OPS}
    for op in ops.OPS:
        assert callable(getattr(aclnn_cpu, op.name))
        assert callable(getattr(aclnn_cpu.golden, op.aclnn))


def test_golden_protocol_signature():
    from aclnn_cpu import golden

    x = torch.tensor([[-2.0, 1.0], [3.0, -4.0]])
    out = golden.aclnnPrelu(x, torch.tensor([0.5]), None, tensor_dtypes=["float32"] * 3, testcase_name="t")
    assert isinstance(out, list) and torch.equal(out[0], torch.tensor([[-1.0, 1.0], [3.0, -2.0]]))
    given = torch.zeros(2, 2)
    out = golden.aclnnPrelu(selfT=x, weight=torch.tensor(0.5).reshape(1), out=given)
    assert out[0] is given and torch.equal(given, torch.tensor([[-1.0, 1.0], [3.0, -2.0]]))
    res = golden.aclnnLayerNormBackward(x, x, [2], torch.zeros(2, 1), torch.ones(2, 1), None, None,
                                        [True, False, False], None, None, None)
    assert len(res) == 3 and res[1] is None and res[2] is None
    res = golden.aclnnConvTbc(torch.ones(2, 2, 3), torch.ones(3, 3, 4), torch.ones(4), torch.tensor(1), None,
                              torch.tensor(0, dtype=torch.int8))
    assert res[0].shape == (2, 2, 4)
