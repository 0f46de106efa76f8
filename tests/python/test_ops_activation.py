"""The activation and softmax operators through Python (docs/ops/activations.md, docs/ops/softmax.md): the vendor
examples' values, results against torch on strided and broadcast inputs in every dtype of the table, the in-place
forms writing the caller's arrays, the out dtype rules and the errors."""
import os

import numpy as np
import pytest

import aclnn_cpu
from aclnn_cpu import AclnnError

torch = pytest.importorskip("torch")

SOURCE = os.environ.get("ACLNN_CPU_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))
f32 = np.float32
RNG = np.random.default_rng(34)

S8 = np.arange(8, dtype=f32).reshape(4, 2)
G8 = np.array([1.3, 2.5, 6.7, -4, -1.4, -1.6, -8, -16.9], f32).reshape(4, 2)
R4 = np.arange(4, dtype=f32).reshape(2, 2)
EXAMPLES = {
    "silu": lambda: [aclnn_cpu.silu(S8)],
    "silu_backward": lambda: [aclnn_cpu.silu_backward(np.ones((2, 3), f32), np.arange(1, 7, dtype=f32).reshape(2, 3))],
    "gelu": lambda: [aclnn_cpu.gelu(G8)],
    "gelu_backward": lambda: [aclnn_cpu.gelu_backward(np.ones((4, 2), np.int32), S8)],
    "gelu_v2": lambda: [aclnn_cpu.gelu_v2(G8, 0)],
    "gelu_backward_v2": lambda: [aclnn_cpu.gelu_backward_v2(np.ones((4, 2), np.int32).view(f32), S8, "tanh")],
    "sigmoid": lambda: [aclnn_cpu.sigmoid(R4)],
    "inplace_sigmoid": lambda: [aclnn_cpu.inplace_sigmoid(R4.copy())],
    "sigmoid_backward": lambda: [aclnn_cpu.sigmoid_backward(np.ones((2, 2), f32), R4 + 1)],
    "relu": lambda: [aclnn_cpu.relu(R4)],
    "inplace_relu": lambda: [aclnn_cpu.inplace_relu(R4.copy())],
    "threshold_backward": lambda: [aclnn_cpu.threshold_backward(f32([[4.5, 4.4], [4.3, 4.2]]),
                                                                f32([[0.2, 1.2], [2.2, 3.2]]), (1.0, "float32"))],
}


def expected_values(name):
    with open(os.path.join(SOURCE, "examples", "expected", name + ".txt")) as f:
        return [line.strip().rsplit(" is: ", 1)[1] for line in f]


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_examples_print_the_same_values(name):
    (out,) = EXAMPLES[name]()
    assert ["%f" % v for v in np.asarray(out, dtype=f32).reshape(-1)] == expected_values(name)


def t(a):
    return torch.from_numpy(np.ascontiguousarray(a))


UNARY = {
    "silu": lambda x: torch.nn.functional.silu(x),
    "gelu": lambda x: torch.nn.functional.gelu(x, approximate="tanh"),
    "sigmoid": torch.sigmoid,
    "relu": torch.relu,
}


@pytest.mark.parametrize("name", sorted(UNARY))
def test_forward_on_a_strided_view_matches_torch_in_float64(name):
    big = RNG.uniform(-6, 6, (6, 9)).astype(f32)
    x = big[::2, 1::2].T  # a transposed, strided view
    want = UNARY[name](t(x).double()).numpy()
    got = getattr(aclnn_cpu, name)(x)
    assert got.dtype == f32 and got.shape == x.shape
    np.testing.assert_allclose(got, want, rtol=4e-7, atol=1e-30)


@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
def test_16_bit_inputs_are_computed_in_fp32_and_rounded_once(dtype):
    tt = getattr(torch, dtype)
    x = torch.linspace(-5, 5, 301).to(tt)
    for name, f in UNARY.items():
        got = getattr(aclnn_cpu, name)(x)
        want = f(x.double()).to(tt)
        assert got.dtype == tt
        # within one 16-bit ulp of the once-rounded float64 value, equal to it almost everywhere
        diff = (got.double() - want.double()).abs()
        assert (diff <= want.double().abs() * 2 ** -7 + 1e-30).all(), name
        assert (got == want).double().mean() > 0.97, name


def test_backward_pairs_match_torch_autograd():
    x = RNG.uniform(-4, 4, (5, 7)).astype(np.float64)
    g = RNG.uniform(-1, 1, (5, 7)).astype(np.float64)
    for fwd, bwd, args in [
        (torch.nn.functional.silu, aclnn_cpu.silu_backward, ()),
        (lambda v: torch.nn.functional.gelu(v, approximate="tanh"), aclnn_cpu.gelu_backward, ()),
        (torch.nn.functional.gelu, aclnn_cpu.gelu_backward_v2, ("none",)),
        (lambda v: torch.nn.functional.gelu(v, approximate="tanh"), aclnn_cpu.gelu_backward_v2, ("tanh",)),
    ]:
        xt = torch.tensor(x, requires_grad=True)
        fwd(xt).backward(torch.tensor(g))
        got = bwd(g.astype(f32), x.astype(f32), *args)
        np.testing.assert_allclose(got, xt.grad.numpy(), rtol=1e-5, atol=1e-6)
    y = torch.sigmoid(torch.tensor(x)).numpy()
    np.testing.assert_allclose(aclnn_cpu.sigmoid_backward(g, y), g * y * (1 - y), rtol=1e-12)


def test_broadcast_and_dtype_promotion_of_the_backward_functions():
    g = RNG.uniform(-1, 1, (3, 1, 4)).astype(np.float16)
    x = RNG.uniform(-3, 3, (5, 4)).astype(f32)
    got = aclnn_cpu.gelu_backward(g, x)
    assert got.shape == (3, 5, 4) and got.dtype == f32  # FLOAT16 with FLOAT promotes to FLOAT
    xt = torch.tensor(np.broadcast_to(x, (3, 5, 4)).astype(np.float64), requires_grad=True)
    torch.nn.functional.gelu(xt, approximate="tanh").backward(torch.tensor(np.broadcast_to(g, (3, 5, 4)).astype(np.float64)))
    np.testing.assert_allclose(got, xt.grad.numpy(), rtol=1e-5, atol=1e-6)
    out = aclnn_cpu.threshold_backward(np.int32([[5], [6]]), np.int32([[-1, 0, 1, 2]]), 0)
    np.testing.assert_array_equal(out, np.int32([[0, 0, 5, 5], [0, 0, 6, 6]]))


def test_sigmoid_out_dtypes_and_the_in_place_forms():
    assert aclnn_cpu.sigmoid(np.int32([0, 2])).dtype == f32
    np.testing.assert_allclose(aclnn_cpu.sigmoid(np.int32([0, 2])), 1 / (1 + np.exp(-np.float64([0, 2]))), rtol=1e-7)
    z = np.array([0.5 + 1j, -2 - 0.25j], np.complex64)
    np.testing.assert_allclose(aclnn_cpu.sigmoid(z), 1 / (1 + np.exp(-z.astype(np.complex128))), rtol=1e-6)
    buf = RNG.uniform(-3, 3, (4, 6)).astype(f32)
    view = buf[:, ::2]
    want = np.maximum(view, 0)
    aclnn_cpu.inplace_relu(view)
    np.testing.assert_array_equal(buf[:, ::2], want)
    assert (buf[:, 1::2] != 0).any()  # the elements outside the view are untouched


def test_special_values():
    x = f32([np.nan, np.inf, -np.inf, -0.0, 0.0])
    relu = aclnn_cpu.relu(x)
    assert np.isnan(relu[0]) and relu[1] == np.inf and relu[2] == 0 and np.signbit(relu[3])
    np.testing.assert_array_equal(aclnn_cpu.sigmoid(x)[1:], f32([1, 0, 0.5, 0.5]))
    gelu = aclnn_cpu.gelu_v2(x, 0)
    assert np.isnan(gelu[0]) and gelu[1] == np.inf and gelu[2] == 0
    slope = aclnn_cpu.gelu_backward_v2(np.ones(5, f32), x, "none")
    np.testing.assert_array_equal(slope[1:], f32([1, 0, 0.5, 0.5]))


def test_errors_name_the_argument():
    with pytest.raises(AclnnError) as e:
        aclnn_cpu.gelu_backward_v2(np.ones(3, f32), np.ones(3, f32), "erf")
    assert e.value.status == 161002 and "approximate" in e.value.message
    with pytest.raises(AclnnError) as e:
        aclnn_cpu.silu_backward(np.ones((2, 3), f32), np.ones((3,), f32))  # no broadcast on the A2
    assert e.value.status == 161002
    with pytest.raises(AclnnError) as e:
        aclnn_cpu.relu(np.ones(3, np.int16))
    assert e.value.status == 161002 and "self" in e.value.message
