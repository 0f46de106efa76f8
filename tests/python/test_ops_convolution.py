"""Convolution and ConvDepthwise2d through Python (docs/ops/convolution.md): the vendor examples' values, 1-D/2-D/3-D,
grouped, dilated, strided, padded and transposed convolutions against torch in float64, and the errors."""
import os

import numpy as np
import pytest

import aclnn_cpu
from aclnn_cpu import AclnnError

torch = pytest.importorskip("torch")
F = torch.nn.functional

f32 = np.float32
RNG = np.random.default_rng(39)


def d64(a):
    return torch.tensor(a, dtype=torch.float64)


@pytest.mark.parametrize("spatial", [1, 2, 3])
def test_forward_matches_torch_in_float64(spatial):
    x = RNG.uniform(-1, 1, (2, 4) + (7,) * spatial).astype(f32)
    w = RNG.uniform(-1, 1, (6, 2) + (3,) * spatial).astype(f32)
    b = RNG.uniform(-1, 1, 6).astype(f32)
    ones = [1] * spatial
    out = aclnn_cpu.convolution(x, w, b, [2] * spatial, ones, [2] * spatial, groups=2)
    conv = {1: F.conv1d, 2: F.conv2d, 3: F.conv3d}[spatial]
    want = conv(d64(x), d64(w), d64(b), stride=2, padding=1, dilation=2, groups=2)
    assert out.shape == tuple(want.shape)
    np.testing.assert_allclose(out, want.numpy(), rtol=1e-5, atol=1e-5)


def test_transposed_matches_torch_in_float64():
    x = RNG.uniform(-1, 1, (2, 4, 5, 6)).astype(f32)
    w = RNG.uniform(-1, 1, (4, 3, 3, 3)).astype(f32)
    out = aclnn_cpu.convolution(x, w, None, [2, 2], [1, 1], [1, 1], True, [1, 0], 1)
    want = F.conv_transpose2d(d64(x), d64(w), stride=2, padding=1, output_padding=(1, 0))
    assert out.shape == tuple(want.shape)
    np.testing.assert_allclose(out, want.numpy(), rtol=1e-5, atol=1e-5)


def test_depthwise_matches_torch_in_float64():
    x = RNG.uniform(-1, 1, (2, 3, 9, 8)).astype(f32)
    w = RNG.uniform(-1, 1, (6, 1, 3, 3)).astype(f32)
    out = aclnn_cpu.conv_depthwise2d(x, w, [3, 3], None, [1, 1], [1, 1], [1, 1])
    want = F.conv2d(d64(x), d64(w), padding=1, groups=3)
    np.testing.assert_allclose(out, want.numpy(), rtol=1e-5, atol=1e-5)


def test_errors_name_the_argument():
    x = np.ones((1, 4, 5, 5), f32)
    with pytest.raises(AclnnError) as e:
        aclnn_cpu.convolution(x, np.ones((2, 3, 3, 3), f32), None, [1, 1], [0, 0], [1, 1], groups=1)
    assert e.value.status == 161002 and "weight" in e.value.message
    with pytest.raises(AclnnError) as e:
        aclnn_cpu.convolution(x, np.ones((2, 4, 3, 3), f32), None, [0, 1], [0, 0], [1, 1])
    assert e.value.status == 161002 and "stride" in e.value.message


def _torch_grads(x, w, gy, transposed=False, **kw):
    """float64 autograd of sum(conv(x, w, b) * gy): the gradients of input, weight, bias."""
    tx, tw = d64(x).requires_grad_(), d64(w).requires_grad_()
    tb = torch.zeros(gy.shape[1], dtype=torch.float64, requires_grad=True)
    spatial = x.ndim - 2
    if transposed:
        conv = {1: F.conv_transpose1d, 2: F.conv_transpose2d, 3: F.conv_transpose3d}[spatial]
    else:
        conv = {1: F.conv1d, 2: F.conv2d, 3: F.conv3d}[spatial]
    (conv(tx, tw, tb, **kw) * d64(gy)).sum().backward()
    return tx.grad.numpy(), tw.grad.numpy(), tb.grad.numpy()


@pytest.mark.parametrize("spatial", [1, 2, 3])
def test_backward_matches_autograd_in_float64(spatial):
    x = RNG.uniform(-1, 1, (2, 4) + (7,) * spatial).astype(f32)
    w = RNG.uniform(-1, 1, (6, 2) + (3,) * spatial).astype(f32)
    gy = RNG.uniform(-1, 1, (2, 6) + (3,) * spatial).astype(f32)  # (7 + 2 - 4 - 1) // 2 + 1
    ones = [1] * spatial
    r = aclnn_cpu.convolution_backward(gy, x, w, [6], [2] * spatial, ones, [2] * spatial, False, [0] * spatial, 2)
    for got, want in zip(r, _torch_grads(x, w, gy, stride=2, padding=1, dilation=2, groups=2)):
        assert got.shape == want.shape
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


def test_transposed_backward_matches_autograd_in_float64():
    x = RNG.uniform(-1, 1, (2, 4, 5, 6)).astype(f32)
    w = RNG.uniform(-1, 1, (4, 3, 3, 3)).astype(f32)
    gy = RNG.uniform(-1, 1, (2, 3, 10, 11)).astype(f32)  # (5 - 1) * 2 - 2 + 2 + 1 + 1, (6 - 1) * 2 - 2 + 2 + 1
    r = aclnn_cpu.convolution_backward(gy, x, w, None, [2, 2], [1, 1], [1, 1], True, [1, 0], 1)
    want = _torch_grads(x, w, gy, True, stride=2, padding=1, output_padding=(1, 0))
    for got, ref in zip(r, want):
        np.testing.assert_allclose(got, ref, rtol=1e-5, atol=1e-5)


def test_backward_mask_and_vendor_1d_example():
    ones = np.ones
    r = aclnn_cpu.convolution_backward(ones((4, 2, 3), f32), ones((4, 2, 9), f32), ones((2, 2, 3), f32), [2], [3],
                                       [0], [1], False, [0], 1)
    assert (r.grad_input == 2).all() and (r.grad_weight == 12).all() and r.grad_bias.tolist() == [12, 12]
    r = aclnn_cpu.convolution_backward(ones((4, 2, 3), f32), ones((4, 2, 9), f32), ones((2, 2, 3), f32), [2], [3],
                                       [0], [1], False, [0], 1, [False, True, False])
    assert r.grad_input is None and r.grad_bias is None and (r.grad_weight == 12).all()
    with pytest.raises(AclnnError) as e:
        aclnn_cpu.convolution_backward(ones((4, 2, 3), f32), ones((4, 2, 9), f32), ones((2, 2, 3), f32), [2], [0],
                                       [0], [1], False, [0], 1)
    assert e.value.status == 161002 and "stride" in e.value.message
