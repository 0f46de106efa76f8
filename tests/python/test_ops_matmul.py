"""The matmul family through Python (docs/ops/matmul.md): the vendor examples' values, torch.matmul's rank rules on
strided and transposed inputs against float64, the 16-bit dtypes and cubeMathType, the in-place Addmm and the
errors."""
import os

import numpy as np
import pytest

import aclnn_cpu
from aclnn_cpu import AclnnError

torch = pytest.importorskip("torch")

SOURCE = os.environ.get("ACLNN_CPU_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))
f32 = np.float32
RNG = np.random.default_rng(35)


def expected_values(name):
    with open(os.path.join(SOURCE, "examples", "expected", name + ".txt")) as f:
        return [line.strip().rsplit(" is: ", 1)[1] for line in f]


def test_examples_print_the_same_values():
    ones = np.ones((16, 32), f32)
    for fn in (aclnn_cpu.matmul, aclnn_cpu.mm):
        assert ["%f" % v for v in fn(ones, ones.T.copy(), cubeMathType=1).reshape(-1)] == expected_values(fn.__name__)
    self_ = np.arange(6, dtype=f32).reshape(1, 2, 3)
    mat2 = np.repeat(f32([1, 2, 3, 4]), 3).reshape(1, 3, 4)
    got = aclnn_cpu.batch_mat_mul(self_, mat2, cubeMathType=1)
    assert ["%f" % v for v in got.reshape(-1)] == expected_values("batch_matmul")
    s = np.arange(8, dtype=f32).reshape(2, 4)
    mat1 = np.repeat(f32([1, 2]), 3).reshape(2, 3)
    mat2 = np.repeat(f32([1, 2, 3, 4]), 3).reshape(3, 4)
    out = aclnn_cpu.addmm(s, mat1, mat2, beta=(1.0, "float32"), alpha=(1.2, "float32"), cubeMathType=1)
    assert ["%f" % v for v in out.reshape(-1)] == expected_values("addmm")[:8]


RANKS = [((5,), (5,)), ((3, 5), (5,)), ((5,), (5, 4)), ((3, 5), (5, 4)), ((2, 3, 5), (5, 4)), ((5,), (2, 5, 4)),
         ((2, 1, 3, 5), (4, 5, 6)), ((6, 1, 1, 2, 3, 5), (1, 7, 1, 5, 2))]


@pytest.mark.parametrize("shapes", RANKS, ids=lambda s: "x".join(map(str, s[0])) + "@" + "x".join(map(str, s[1])))
def test_matmul_follows_torch_rank_rules_in_float64(shapes):
    a = RNG.uniform(-1, 1, shapes[0])
    b = RNG.uniform(-1, 1, shapes[1])
    want = torch.matmul(torch.tensor(a), torch.tensor(b)).numpy()
    got = aclnn_cpu.matmul(a.astype(f32), b.astype(f32))
    assert got.shape == want.shape and got.dtype == f32
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


def test_transposed_and_strided_operands_are_read_as_views():
    big = RNG.uniform(-1, 1, (40, 30)).astype(f32)
    a = big[::2, 1::3]  # (20, 10), strided
    b = RNG.uniform(-1, 1, (7, 10)).astype(f32).T  # (10, 7), a transposed view
    np.testing.assert_allclose(aclnn_cpu.mm(a, b), a.astype(np.float64) @ b, rtol=1e-5, atol=1e-6)
    x = RNG.uniform(-1, 1, (3, 10, 20)).astype(f32).transpose(0, 2, 1)
    np.testing.assert_allclose(aclnn_cpu.batch_mat_mul(x, b[None]), x.astype(np.float64) @ b, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
def test_16_bit_products_accumulate_in_fp32_and_round_once(dtype):
    tt = getattr(torch, dtype)
    a = torch.rand(33, 70).sub(0.5).to(tt)
    b = torch.rand(70, 9).sub(0.5).to(tt)
    got = aclnn_cpu.mm(a, b)
    assert got.dtype == tt
    want = (a.double() @ b.double()).to(tt)
    diff = (got.double() - want.double()).abs()
    assert (diff <= want.double().abs() * 2 ** -7 + 2 ** -20).all()


def test_cube_math_type_rounds_the_operands():
    a = np.float32([[1 + 2 ** -20, 3.0]])
    b = np.float32([[1.0], [2 ** -15]])
    exact = aclnn_cpu.mm(a, b, cubeMathType=0)[0, 0]
    assert exact == np.float32(1 + 2 ** -20 + 3 * 2 ** -15)
    hf32 = aclnn_cpu.mm(a, b, cubeMathType=3)[0, 0]  # 11 mantissa bits: 1 + 2^-20 becomes 1
    assert hf32 == np.float32(1 + 3 * 2 ** -15)
    fp16 = aclnn_cpu.mm(a, b, cubeMathType=2)[0, 0]  # fp16 operands and an fp16 result, then FLOAT
    assert fp16 == np.float32(np.float16(1 + 3 * 2 ** -15))


def test_addmm_scalars_broadcast_and_the_in_place_form():
    s = RNG.uniform(-1, 1, (6,)).astype(f32)
    m1 = RNG.uniform(-1, 1, (4, 5)).astype(f32)
    m2 = RNG.uniform(-1, 1, (5, 6)).astype(f32)
    got = aclnn_cpu.addmm(s, m1, m2, beta=0.5, alpha=-2.0)
    np.testing.assert_allclose(got, 0.5 * s + -2.0 * (m1.astype(np.float64) @ m2), rtol=1e-5, atol=1e-6)
    nan_self = np.full((4, 6), np.nan, f32)
    assert not np.isnan(aclnn_cpu.addmm(nan_self, m1, m2, beta=0.0)).any()  # beta 0: self is not read
    ref = RNG.uniform(-1, 1, (4, 6)).astype(f32)
    want = ref + m1.astype(np.float64) @ m2
    aclnn_cpu.inplace_addmm(ref, m1, m2)
    np.testing.assert_allclose(ref, want, rtol=1e-5, atol=1e-6)


def test_empty_inner_dim_gives_zeros_and_beta_self():
    assert (aclnn_cpu.mm(np.ones((3, 0), f32), np.ones((0, 2), f32)) == 0).all()
    s = np.float32([1, 2])
    np.testing.assert_array_equal(aclnn_cpu.addmm(s, np.ones((3, 0), f32), np.ones((0, 2), f32), beta=2.0),
                                  np.broadcast_to(2 * s, (3, 2)))


def test_errors_name_the_argument():
    with pytest.raises(AclnnError) as e:
        aclnn_cpu.mm(np.ones((2, 3), f32), np.ones((4, 2), f32))
    assert e.value.status == 161002 and "mat2" in e.value.message
    with pytest.raises(AclnnError) as e:
        aclnn_cpu.matmul(np.ones((2, 3), f32), np.ones((3, 2), f32), cubeMathType=5)
    assert e.value.status == 161002 and "cubeMathType" in e.value.message
    with pytest.raises(AclnnError) as e:
        aclnn_cpu.batch_mat_mul(np.ones((2, 2, 3), f32), np.ones((3, 3, 2), f32))
    assert e.value.status == 161002 and "batch" in e.value.message
    with pytest.raises(AclnnError) as e:
        aclnn_cpu.mm(np.ones((2, 3), np.float64), np.ones((3, 2), np.float64))
    assert e.value.status == 161002 and "self" in e.value.message
