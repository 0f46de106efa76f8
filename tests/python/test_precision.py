"""aclnn_cpu.precision: the worked examples of the spec (golden-and-precision.md §4) to the printed digits, each
standard's thresholds per dtype, and the NaN/Inf/empty rules of §2.5. No libraries needed."""
import os
import sys

import numpy as np
import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "python"))
from aclnn_cpu import precision as P  # noqa: E402

F16, F32 = np.float16, np.float32


def lines(result):
    return result.lines()


# --- §4 worked examples ----------------------------------------------------------------------------------------

def test_example_a_float16_experimental_pass():
    golden = np.array([1.0, -2.5, 0.1, 3.1415927], F32)
    actual = golden.astype(F16)
    assert actual.tobytes().hex() == "003c00c1662e4842"
    r = P.experimental(actual, golden, "float16", "float32")
    assert lines(r) == [
        "standard=experimental dtype=float16 golden_dtype=float32 elements=4 nonfinite_matched=0",
        "MERE=1.380492e-04 (< 9.765625e-04) PASS",
        "MARE=3.080415e-04 (< 9.765625e-03) PASS",
        "result: PASS"]
    assert r.passed and r.metrics["threshold"] == 2**-10


def test_example_b_bfloat16_fails_by_the_ten_t_rule():
    golden = np.arange(1, 13, dtype=F32)
    actual = golden.copy()
    actual[0] = 1.0859375  # bf16 0x3F8B
    r = P.compare(actual, golden, "experimental", dtype="bfloat16", golden_dtype="float32")
    out = lines(r)
    assert out[1:3] == ["MERE=7.161458e-03 (< 7.812500e-03) PASS", "MARE=8.593749e-02 (< 7.812500e-02) FAIL"]
    assert out[-1] == "result: FAIL (threshold exceeded: MARE)"
    assert not r.passed and r.diff_index == [0]  # the only element with an error, shown first
    assert out[3] == "index=0 golden=1 actual=1.0859375 abs_err=8.593750e-02 rel_err=8.593749e-02"


GOLDEN_C = np.array([0, 1, 2, 4], F32)
ACTUAL_C = np.array([0.000732421875, 1, 2, 4], F16)


def test_example_c_experimental_small_value_fails():
    r = P.experimental(ACTUAL_C, GOLDEN_C)
    assert lines(r)[1].startswith("MERE=1.831055e+03 ")
    assert lines(r)[2].startswith("MARE=7.324219e+03 ")
    assert not r.passed


def test_example_c_mixed_passes_with_the_dynamic_limit():
    r = P.mixed(ACTUAL_C, GOLDEN_C)
    assert lines(r)[1:] == ["matched_ratio=1.000000 (>= 0.99) PASS",
                            "max_abs_error=7.324219e-04 (<= 1.250000e-01) PASS", "result: PASS"]
    assert r.metrics["max_abs_error_limit"] == 0.125


def test_example_c_commercial_small_domain():
    third = np.array([0, 1, 2, 4], F16)
    r = P.commercial(ACTUAL_C, GOLDEN_C, third)
    assert r.passed and r.metrics["small_err_cnt_actual"] == 1 and r.metrics["small_err_cnt_third"] == 0
    # TTK reports the all-zero large-domain ratios as 1 (0/0 -> 1), spec §6.12: the large domain (1, 2, 4) is not
    # empty, only error-free, so the ratios are computed (unlike an empty large domain: n/a, below).
    assert r.metrics["large"] == 3
    assert [r.metrics[k] for k in ("mare_ratio", "mere_ratio", "rmse_ratio")] == [1.0, 1.0, 1.0]
    assert lines(r)[1:4] == ["MARE_ratio=1.000000 (<= 5) PASS", "MERE_ratio=1.000000 (<= 1.5) PASS",
                             "RMSE_ratio=1.000000 (<= 1.5) PASS"]
    assert "small_error_count actual=1 third=0 ratio=1.000000 (<= 2) PASS" in lines(r)
    # Three such positions against a third with none: 3 > 2 fails.
    golden = np.zeros(6, F32)
    actual = np.array([7.32421875e-4] * 3 + [0] * 3, F16)
    r = P.commercial(actual, golden, np.zeros(6, F16))
    assert not r.passed and r.reason == "small value ErrorCount ratio exceeded"


GOLDEN_D = np.array([np.nan, np.inf, 1.0, 2.0], F32)
ACTUAL_D = np.array([np.nan, np.inf, 1.0, 2.0003662109375], F32)


def test_example_d_nan_inf_experimental():
    assert lines(P.experimental(ACTUAL_D, GOLDEN_D)) == [
        "standard=experimental dtype=float32 golden_dtype=float32 elements=4 nonfinite_matched=2",
        "MERE=9.155273e-05 (< 1.220703e-04) PASS",
        "MARE=1.831055e-04 (< 1.220703e-03) PASS",
        "result: PASS"]
    actual = ACTUAL_D.copy()
    actual[0] = 0.0
    r = P.experimental(actual, GOLDEN_D)
    out = lines(r)
    assert out[1].startswith("MERE=n/a") and out[2].startswith("MARE=n/a")
    assert out[-1] == "result: FAIL (NaN/Inf mismatch)"
    assert r.diff_index[0] == 0  # NaN mismatches first
    assert P.mixed(ACTUAL_D, GOLDEN_D).passed


def test_example_d_mixed_bound():
    # |a-g| = 3.662109e-04 <= 2^-16 + 2^-10 * 2 = 1.968384e-03
    r = P.mixed(ACTUAL_D, GOLDEN_D)
    assert r.metrics["max_abs_error"] == pytest.approx(3.662109375e-4)
    assert "%.6e" % (r.metrics["atol"] + r.metrics["rtol"] * 2) == "1.968384e-03"


GOLDEN_E = np.array([0.3, 1.7, 2.9, 5.1])
THIRD_E = GOLDEN_E.astype(F16)
ACTUAL_E = THIRD_E.copy()
ACTUAL_E[3] = 5.09765625


def test_example_e_commercial_l1_pass():
    assert THIRD_E.tolist() == [0.300048828125, 1.7001953125, 2.900390625, 5.1015625]
    r = P.commercial(ACTUAL_E, GOLDEN_E, THIRD_E, level="L1")
    assert lines(r) == [
        "standard=commercial level=L1 dtype=float16 golden_dtype=float64 elements=4 large=4 small=0 special=0",
        "MARE_ratio=0.941176 (<= 5) PASS",
        "MERE_ratio=0.446416 (<= 1.5) PASS",
        "RMSE_ratio=1.469140 (<= 1.5) PASS",
        "small_error_count actual=0 third=0 ratio=0.000000 (<= 2) PASS",
        "result: PASS"]
    m = r.metrics
    assert ["%.6e" % m[k] for k in ("mare_actual", "mare_third", "mere_actual", "mere_third", "rmse_actual",
                                    "rmse_third")] == [
        "4.595588e-04", "3.063725e-04", "2.179768e-04", "1.796802e-04", "1.192296e-03", "8.115610e-04"]
    assert ["%.6f" % m[k] for k in ("raw_mare_ratio", "raw_mere_ratio", "raw_rmse_ratio")] == [
        "1.500000", "1.213137", "1.469140"]


def test_example_e_commercial_l2_fails_on_rmse():
    r = P.commercial(ACTUAL_E, GOLDEN_E, THIRD_E, level="L2")
    assert "RMSE_ratio=1.469140 (<= 1.2) FAIL" in lines(r)
    assert lines(r)[-1] == "result: FAIL (ratio exceeded: RMSE)"


def test_example_f_sample_lines():
    r = P.sample(np.array([1, 2, 3, 4.0078125], F16), np.array([1, 2, 3, 4], F16))
    assert lines(r) == ["data index: 000003, expected: 4.000000000, actual: 4.007812500, rdiff: 0.001953",
                        "error ratio: 0.2500, tolerance: 0.0010", "[ERROR] result error"]
    assert not r.passed
    ok = P.sample(np.array([1, 2, 3, 4], F16), np.array([1, 2, 3, 4], F16))
    assert lines(ok) == ["error ratio: 0.0000, tolerance: 0.0010", "test pass!"] and ok.passed


def test_example_g_mixed_static_and_dynamic_limit():
    golden = np.array([300.1, 1.0], F32)
    assert float(golden[0]) == 300.100006103515625
    actual = np.array([300.0, 1.0], F16)
    static = P.mixed(actual, golden, ulp_limit="static")
    assert "max_abs_error=1.000061e-01 (<= 1.000000e-01) FAIL" in lines(static)
    assert lines(static)[1] == "matched_ratio=1.000000 (>= 0.99) PASS"
    dynamic = P.mixed(actual, golden)
    assert dynamic.passed and dynamic.metrics["max_abs_error_limit"] == 8.0


def test_example_h_binary_and_experimental():
    actual = np.frombuffer(bytes.fromhex("0000007e003c"), F16)
    golden = np.frombuffer(bytes.fromhex("0080017c003c"), F16)
    r = P.binary(actual, golden)
    assert lines(r)[0].endswith("elements=3 mismatched=1 of 3")
    assert lines(r)[-1] == "result: FAIL (bitwise mismatch)" and r.diff_index == [0]
    assert P.experimental(actual, golden).passed


# --- thresholds per dtype --------------------------------------------------------------------------------------

@pytest.mark.parametrize("dtype,t", [("float16", 2**-10), ("bfloat16", 2**-7), ("float32", 2**-13),
                                     ("float8_e4m3fn", 2**-3), ("float8_e5m2", 2**-2), ("float64", 2**-13)])
def test_experimental_threshold_is_strict(dtype, t):
    golden = np.ones(10)
    # One element at rel exactly t·10 (MARE) fails the strict <; just below passes.
    for rel, passes in ((10 * t * (1 + 1e-7), False), (10 * t * (1 - 1e-6), True)):
        actual = golden.copy()
        actual[0] = 1 + rel * (1 + 1e-7)
        r = P.experimental(actual, golden, dtype, "float64")
        assert r.metrics["threshold"] == t
        assert r.passed == passes, (dtype, rel)


@pytest.mark.parametrize("dtype,rtol,atol,static", [
    ("float16", 2**-9, 2**-9, 0.1), ("bfloat16", 2**-6, 2**-6, 1.0), ("float32", 2**-10, 2**-16, 0.01),
    ("float8_e4m3fn", 2**-2, 2**-4, 4.0), ("float8_e5m2", 2**-1, 2**-3, 8.0), ("float64", 2**-10, 2**-16, 0.01)])
def test_mixed_table(dtype, rtol, atol, static):
    golden = np.array([1.0, 0.5])
    r = P.mixed(golden, golden, dtype, "float64", ulp_limit="static")
    assert (r.metrics["rtol"], r.metrics["atol"], r.metrics["max_abs_error_limit"]) == (rtol, atol, static)


def test_mixed_matched_ratio_boundary():
    golden = np.ones(100)
    actual = golden.copy()
    actual[0] = 1.05  # 0.05 > atol + rtol = 2^-8; one unmatched in 100 = 0.99 passes
    assert P.mixed(actual, golden, "float16", "float64").passed
    actual[1] = 1.05
    r = P.mixed(actual, golden, "float16", "float64")
    assert not r.passed and r.reason == "threshold exceeded: matched_ratio"
    assert P.mixed(actual, golden, "float16", "float64", required_matched_ratio=0.98).passed


def test_mixed_dynamic_limit_per_binade():
    # fp16 65504 lies in [32768, 65536): ulp 32, limit 32*32 = 1024; below 1 the floor rules.
    assert P.mixed_limit(np.array([65504.0]), "float16") == 1024
    assert P.mixed_limit(np.array([0.5]), "float16") == 0.1
    assert P.mixed_limit(np.array([2047.9]), "float16") == 32 * 2.0  # narrows to 2048: next binade
    assert P.mixed_limit(np.array([np.nan]), "bfloat16") == 1.0
    assert P.mixed(np.array([1.0]), np.array([1.0]), "float16", max_abs_limit=0.5).metrics[
        "max_abs_error_limit"] == 0.5


def test_golden_overflow_counts_as_inf():
    golden = np.array([70000.0, 1.0])  # overflows fp16 when narrowed
    actual = np.array([np.inf, 1.0], F16)
    assert P.mixed(actual, golden, "float16", "float32").passed
    assert P.experimental(actual, golden, "float16", "float32").passed
    r = P.mixed(np.array([65504.0, 1.0], F16), golden, "float16", "float32")
    assert not r.passed and r.reason == "NaN/Inf mismatch" and r.metrics["max_abs_error"] == np.inf


@pytest.mark.parametrize("level,limits", [("L0", (10, 2, 2)), ("L1", (5, 1.5, 1.5)), ("L2", (2, 1.2, 1.2))])
def test_commercial_level_limits(level, limits):
    r = P.commercial(ACTUAL_E, GOLDEN_E, THIRD_E, level=level)
    assert [c.limit for c in r.criteria[:3]] == list(limits)


def test_commercial_thresholds_and_floor():
    # bf16: small-value threshold 2^-8; fp32 2^-14 with error 2^-30.
    g = np.array([2**-9, 1.0])
    r = P.commercial(g, g, g, "bfloat16", "float64")
    assert (r.metrics["small"], r.metrics["large"], r.metrics["small_value_threshold"]) == (1, 1, 2**-8)
    r = P.commercial(g, g, g, "float32", "float64")
    assert r.metrics["small_value_error"] == 2**-30 and r.metrics["large"] == 2


def test_commercial_three_way_nonfinite_rule():
    g = np.array([np.nan, np.inf, 1.0, 2.0])
    third = np.array([np.nan, np.inf, 1.0, 2.0])
    assert P.commercial(third, g, third, "float32", "float64").passed
    # actual equal to third although golden differs: correct.
    r = P.commercial(np.array([0.0, 5, 1, 2]), g, np.array([0.0, 5, 1, 2]), "float32", "float64")
    assert r.passed and r.metrics["special"] == 2
    # golden non-finite, actual differs, third = golden: error.
    r = P.commercial(np.array([1.0, np.inf, 1, 2]), g, third, "float32", "float64")
    assert not r.passed and r.reason == "NaN/Inf mismatch" and r.diff_index[0] == 0
    # --inf-nan-mode 0 drops Inf positions but keeps the NaN rule.
    r = P.commercial(np.array([np.nan, -np.inf, 1, 2]), g, third, "float32", "float64", inf_nan_mode=0)
    assert r.passed and r.metrics["special"] == 1


# Every (actual dtype, golden dtype) pair the commercial judge takes: the float dtypes, each against a golden of
# its own dtype or a wider one. Shared with test_compare_cli.py.
COMMERCIAL_PAIRS = [("float16", "float16"), ("float16", "float32"), ("float16", "float64"),
                    ("bfloat16", "bfloat16"), ("bfloat16", "float32"), ("bfloat16", "float64"),
                    ("float32", "float32"), ("float32", "float64"), ("float64", "float64"),
                    ("float8_e4m3fn", "float8_e4m3fn"), ("float8_e4m3fn", "float32"), ("float8_e4m3fn", "float64"),
                    ("float8_e5m2", "float8_e5m2"), ("float8_e5m2", "float32"), ("float8_e5m2", "float64")]
COMMERCIAL_LIMITS = {"L0": "(<= 10)", "L1": "(<= 5)", "L2": "(<= 2)"}
NO_RATIOS = {"L0": ["MARE_ratio=n/a (<= 10)", "MERE_ratio=n/a (<= 2)", "RMSE_ratio=n/a (<= 2)"],
             "L1": ["MARE_ratio=n/a (<= 5)", "MERE_ratio=n/a (<= 1.5)", "RMSE_ratio=n/a (<= 1.5)"],
             "L2": ["MARE_ratio=n/a (<= 2)", "MERE_ratio=n/a (<= 1.2)", "RMSE_ratio=n/a (<= 1.2)"]}
NOT_COMPUTED = ("mare_ratio", "mere_ratio", "rmse_ratio", "raw_mare_ratio", "raw_mere_ratio", "raw_rmse_ratio",
                "mare_actual", "mere_actual", "rmse_actual", "mare_third", "mere_third", "rmse_third")


def all_small_case(dtype):
    """(golden, third, passing actual, failing actual): every |golden| below the dtype's small-value threshold,
    values exact in every dtype of the pairs. The passing actual errs at one position (1 vs the third's 0 <= 2),
    the failing one at three (3 > 2)."""
    t = P.COMMERCIAL_SMALL["float32" if dtype == "float64" else dtype][0]
    g = t * np.array([0.0, 0.25, -0.5, 0.75])
    ok = g.copy()
    ok[0] = 0.5 * t
    bad = g.copy()
    bad[:3] += 0.5 * t
    return g, g.copy(), ok, bad


def all_nonfinite_case(dtype, golden_dtype):
    """The same four for a golden with no finite position (NaN only where a dtype has no Inf): the passing
    actual equals the third everywhere, the failing one is finite where the third equals the golden."""
    def special(d):
        return np.array([np.nan, np.nan, np.nan, np.nan] if d == "float8_e4m3fn" else [np.nan, np.inf, -np.inf,
                                                                                          np.nan])
    g, b = special(golden_dtype), special(dtype)
    bad = b.copy()
    bad[1] = 1.0
    return g, b, b.copy(), bad


@pytest.mark.parametrize("level", ["L0", "L1", "L2"])
@pytest.mark.parametrize("dtype,golden_dtype", COMMERCIAL_PAIRS)
def test_commercial_empty_large_domain_reports_ratios_not_computed(dtype, golden_dtype, level):
    """No position in the large-value domain: MARE/MERE/RMSE ratios are n/a (None, no verdict), not 1.000000;
    the verdict is the small-value and special rules' alone."""
    for kind, (g, b, ok, bad) in (("small", all_small_case(dtype)), ("nonfinite", all_nonfinite_case(dtype,
                                                                                                      golden_dtype))):
        for actual, passed in ((ok, True), (bad, False)):
            r = P.commercial(actual, g, b, dtype, golden_dtype, level=level)
            what = (kind, passed)
            assert r.metrics["large"] == 0, what
            assert all(r.metrics[k] is None for k in NOT_COMPUTED), (what, r.metrics)
            assert [c.passed for c in r.criteria[:3]] == [None, None, None], what
            out = lines(r)
            assert out[1:4] == NO_RATIOS[level], (what, out)
            d = r.to_dict()
            assert all(d["metrics"][k] is None for k in NOT_COMPUTED), what
            assert r.passed is passed and d["pass"] is passed, (what, out)
            assert not r.reason.startswith("ratio exceeded") and "ratio exceeded:" not in r.reason, what
            if kind == "small":
                assert r.metrics["small"] == 4 and r.metrics["special"] == 0
                cnt = 1 if passed else 3
                assert out[4] == (f"small_error_count actual={cnt} third=0 ratio={cnt:.6f} (<= 2) "
                                  f"{'PASS' if passed else 'FAIL'}"), out
                assert r.reason == ("" if passed else "small value ErrorCount ratio exceeded")
            else:
                assert r.metrics["small"] == 0 and r.metrics["special"] == 4
                assert out[4] == "small_error_count actual=0 third=0 ratio=0.000000 (<= 2) PASS", out
                assert r.reason == ("" if passed else "NaN/Inf mismatch")
            assert out[-1] == ("result: PASS" if passed else f"result: FAIL ({r.reason})")


def test_commercial_error_balance():
    g = np.linspace(1, 2, 100)
    biased = g * (1 + 2**-9)  # mean relative bias 2^-9 > fp16's 2^-10
    r = P.compare(biased, g, "cv_fused_double_benchmark", dtype="float16", golden_dtype="float64", third=biased)
    assert r.metrics["level"] == "L0" and not r.passed
    assert r.reason == "threshold exceeded: error_balance"
    assert P.commercial(g, g, g, "float16", "float64", error_balance=True).passed


@pytest.mark.parametrize("dtype,rtol,ptol", [("float16", 1e-3, 1e-3), ("bfloat16", 1e-3, 1e-3),
                                             ("float32", 1e-4, 1e-4), ("complex64", 1e-4, 1e-4)])
def test_close_defaults(dtype, rtol, ptol):
    g = np.ones(4)
    r = P.close(g, g, dtype, "float64")
    assert (r.metrics["rtol"], r.metrics["ptol"], r.metrics["atol"]) == (rtol, ptol, 1e-8)


def test_close_ptol_and_nan():
    g = np.ones(1000)
    a = g.copy()
    a[0] = 1.01
    r = P.close(a, g, "float16", "float64")  # 1/1000 <= 0.001
    assert r.passed and r.header[-1] == ("mismatched", "1 of 1000")
    a[1] = np.nan
    r = P.close(a, g, "float16", "float64")
    assert not r.passed and r.reason == "exceeded ptol" and r.diff_index[0] == 1  # NaN first
    assert P.close(np.array([np.nan, np.inf]), np.array([np.nan, np.inf]), "float32").passed
    c = np.array([1 + 1j, 2 - 1j], np.complex64)
    assert P.close(c, c).passed and not P.close(c * 1.01, c).passed


def test_cosine():
    g = np.arange(1.0, 101.0)
    assert P.cosine(g, g, "float32").metrics["cosine_similarity"] == pytest.approx(1.0)
    r = P.cosine(-g, g, "float32")
    assert not r.passed and r.reason == "cosine similarity below threshold"
    assert lines(r)[1] == "cosine_similarity=-1.000000 (>= 0.99) FAIL"
    assert P.cosine(np.zeros(3), np.zeros(3), "float32").passed
    assert not P.cosine(np.zeros(3), np.ones(3), "float32").passed
    assert P.cosine(g * 1.1, g, "float32").passed  # scale-free


def test_binary_integers_and_bool():
    a = np.array([1, 2, 3], np.int32)
    assert P.compare(a, a).standard == "binary" and P.compare(a, a).passed
    assert not P.binary(a, np.array([1, 2, 4], np.int32)).passed
    assert P.binary(a, a.astype(np.int64)).passed  # int <-> int by value
    with pytest.raises(P.PrecisionInputError):
        P.binary(np.ones(3, F32), np.ones(3, F16))
    assert P.compare(np.array([True, False]), np.array([True, False])).passed
    bf = np.array([np.nan, 1.0, -0.0], F32)
    assert P.binary(bf, bf, "bfloat16").passed
    assert not P.binary(bf, np.array([np.nan, 1.0, 0.0], F32), "bfloat16").passed


def test_quant_and_requant():
    g = np.array([1, 2, 3, -128], np.int8)
    assert P.quant(np.array([2, 1, 3, -127], np.int8), g).passed
    r = P.quant(np.array([3, 2, 3, -128], np.int8), g)
    assert not r.passed and r.reason == "exceeded ptol" and r.header[-1] == ("mismatched", "1 of 4")
    assert P.quant(np.array([1.9, 2, 3, -128]), g, "float32", "int8").passed  # int() truncates
    # requant on fp8: codes 0x38 (1.0) and 0x39 (1.125) differ by one code: fine; 1.25 (0x3A) is two.
    gold = np.ones(1000, F32)
    near = gold.copy()
    near[0] = 1.125
    assert P.requant(near, gold, "float8_e4m3fn").passed
    far = gold.copy()
    far[:2] = 1.25
    r = P.requant(far, gold, "float8_e4m3fn")
    assert not r.passed and r.metrics["mismatched"] == 2
    assert P.requant(np.array([np.nan]), np.array([np.nan]), "float8_e5m2").passed


def test_sample_defaults_per_dtype():
    assert P.sample_defaults("float16") == (1e-3, 1e-5, 1e-3) == P.sample_defaults("bfloat16")
    assert P.sample_defaults("float32") == (1e-4, 1e-5, 1e-4) == P.sample_defaults("float64")
    assert P.sample_defaults("int32") == (1e-6, 1e-9, 1e-4) == P.sample_defaults("int8")


def test_sample_prints_at_most_101_lines():
    g = np.ones(500, F32)
    r = P.sample(g * 2, g)
    assert len(lines(r)) == 101 + 2 and lines(r)[-2] == "error ratio: 1.0000, tolerance: 0.0001"


# --- §2.5 NaN / Inf / empty, counts, routing, bad arguments -------------------------------------------------

@pytest.mark.parametrize("standard", ["experimental", "mixed", "commercial", "close", "cosine", "binary", "quant",
                                      "requant", "sample"])
def test_both_empty_pass_one_empty_fails(standard):
    e, one = np.zeros(0, F32), np.ones(1, F32)
    kw = {"third": e} if standard == "commercial" else {}
    assert P.compare(e, e, standard, **kw).passed
    kw = {"third": one} if standard == "commercial" else {}
    r = P.compare(e, one, standard, **kw)
    assert not r.passed and r.reason == "size mismatch 0 vs 1"


@pytest.mark.parametrize("standard", ["experimental", "mixed", "close", "cosine", "binary"])
def test_nan_and_inf_pairs(standard):
    g = np.array([np.nan, np.inf, -np.inf, 1.0], F32)
    assert P.compare(g.copy(), g, standard).passed
    for bad in (np.array([1.0, np.inf, -np.inf, 1.0], F32), np.array([np.nan, -np.inf, -np.inf, 1], F32)):
        assert not P.compare(bad, g, standard).passed, bad


def test_all_nan_experimental_passes_with_na():
    g = np.full(3, np.nan, F32)
    r = P.experimental(g, g)
    assert r.passed and r.metrics["mere"] is None and lines(r)[1] == "MERE=n/a (< 1.220703e-04)"


def test_zeros():
    z = np.zeros(8, F32)
    for standard in ("experimental", "mixed", "close", "cosine", "binary", "quant", "requant", "sample"):
        assert P.compare(z, z, standard).passed, standard
    assert P.commercial(z, z, z).passed


def test_auto_routing_and_aliases():
    f = np.ones(2, F32)
    assert P.compare(f, f).standard == "mixed"
    assert P.compare(f.astype(np.complex64), f.astype(np.complex64)).standard == "close"
    for alias, name in (("stat_rel_err", "experimental"), ("single_bm", "experimental"), ("mix_tolerance", "mixed"),
                        ("isclose", "close"), ("md5", "binary"), ("equal", "binary"), ("bin", "binary"),
                        ("binary_equal", "binary")):
        assert P.compare(f, f, alias).standard == name
    assert P.compare(f, f, "cross_check", third=f).standard == "commercial"


def test_bad_arguments_raise():
    f = np.ones(2, F32)
    for call in (lambda: P.compare(f, f, "nope"), lambda: P.compare(f, f, dtype="float33"),
                 lambda: P.compare(f, f, "commercial"), lambda: P.commercial(f, f, f, level="L3"),
                 lambda: P.compare(f, f, "experimental", rtol=1.0),
                 lambda: P.experimental(np.ones(2, np.int32), np.ones(2, np.int32)),
                 lambda: P.compare(f, f, dtype="hifloat8")):
        with pytest.raises(P.PrecisionInputError):
            call()


def test_result_json_and_bool():
    r = P.mixed(np.array([1.0, np.nan], F32), np.array([1.0, 2.0], F32))
    d = r.to_dict()
    assert d["pass"] is False and d["metrics"]["max_abs_error"] == "inf" and d["elements"] == 2
    assert not r and P.mixed(np.ones(1), np.ones(1))


def test_worst_first_ties_by_index():
    g = np.ones(20)
    a = g.copy()
    a[[3, 7, 11]] = 2.0
    a[15] = 3.0
    r = P.mixed(a, g, "float32", max_diff=3)
    assert r.diff_index == [15, 3, 7]


def test_sixteen_megabytes_every_standard():
    # Speed is measured outside the tests (no timing assertions); this checks large inputs give the verdicts.
    rng = np.random.default_rng(1)
    golden = rng.standard_normal(4 << 20).astype(F32)  # 16 MB
    actual = (golden * np.float32(1 + 2**-20)).astype(F32)
    for standard in ("experimental", "mixed", "close", "cosine", "sample"):
        assert P.compare(actual, golden, standard).passed, standard
    assert not P.compare(actual, golden, "binary").passed
    assert P.commercial(actual, golden.astype(np.float64), actual).passed
