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
