"""`aclnn-cpu compare` on .bin files: the spec's worked examples (§4) to the printed text and exit codes, the
options, bad input (exit 2 with one message), and 1-ulp / 1 %-perturbed copies of a golden."""
import json
import os
import subprocess
import sys

import numpy as np
import pytest

PYTHON_DIR = os.path.join(os.path.dirname(__file__), "..", "..", "python")
sys.path.insert(0, PYTHON_DIR)
from aclnn_cpu import cli  # noqa: E402
from aclnn_cpu.binio import save_bin  # noqa: E402
from test_precision import (COMMERCIAL_PAIRS, NO_RATIOS, NOT_COMPUTED, all_nonfinite_case,  # noqa: E402
                            all_small_case)


@pytest.fixture
def run(capsys):
    """Run `aclnn-cpu ARGS...` in-process: (exit code, stdout lines, stderr text)."""
    def go(*args):
        try:
            code = cli.main(["compare", *map(str, args)])
        except SystemExit as e:  # argparse errors
            code = e.code
        out, err = capsys.readouterr()
        return code, out.splitlines(), err
    return go


def write(tmp_path, name, data):
    """A file from hex bytes or from (values, dtype)."""
    path = tmp_path / name
    if isinstance(data, str):
        path.write_bytes(bytes.fromhex(data))
    else:
        save_bin(np.asarray(data[0]), str(path), data[1])
    return path


def test_example_a(tmp_path, run):
    g = write(tmp_path, "golden.bin", "0000803f000020c0cdcccc3ddb0f4940")
    a = write(tmp_path, "actual.bin", "003c00c1662e4842")
    code, out, err = run(a, g, "--dtype", "float16", "--golden-dtype", "float32", "--standard", "experimental")
    assert (code, err) == (0, "")
    assert out == ["standard=experimental dtype=float16 golden_dtype=float32 elements=4 nonfinite_matched=0",
                   "MERE=1.380492e-04 (< 9.765625e-04) PASS",
                   "MARE=3.080415e-04 (< 9.765625e-03) PASS",
                   "result: PASS"]


def test_example_b(tmp_path, run):
    g = write(tmp_path, "g.bin", (np.arange(1, 13), "float32"))
    a = write(tmp_path, "a.bin", (np.arange(1, 13), "bfloat16"))
    data = bytearray(a.read_bytes())
    data[0:2] = bytes.fromhex("8b3f")
    a.write_bytes(bytes(data))
    code, out, _ = run(a, g, "--dtype", "bf16", "--golden-dtype", "fp32", "--standard", "stat_rel_err")
    assert code == 1
    assert out[1:3] == ["MERE=7.161458e-03 (< 7.812500e-03) PASS", "MARE=8.593749e-02 (< 7.812500e-02) FAIL"]
    assert out[3] == "index=0 golden=1 actual=1.0859375 abs_err=8.593750e-02 rel_err=8.593749e-02"
    assert out[-1] == "result: FAIL (threshold exceeded: MARE)"


def test_example_c(tmp_path, run):
    g = write(tmp_path, "g.bin", ([0, 1, 2, 4], "float32"))
    a = write(tmp_path, "a.bin", "0012003c00400044")
    common = (a, g, "--dtype", "float16", "--golden-dtype", "float32")
    code, out, _ = run(*common, "--standard", "experimental")
    assert code == 1 and out[1].startswith("MERE=1.831055e+03") and out[2].startswith("MARE=7.324219e+03")
    code, out, _ = run(*common, "--standard", "mixed")
    assert code == 0 and out[1:] == ["matched_ratio=1.000000 (>= 0.99) PASS",
                                     "max_abs_error=7.324219e-04 (<= 1.250000e-01) PASS", "result: PASS"]
    third = write(tmp_path, "t.bin", ([0, 1, 2, 4], "float16"))
    code, out, _ = run(*common, "--standard", "commercial", "--third", third)
    assert code == 0 and "small_error_count actual=1 third=0 ratio=1.000000 (<= 2) PASS" in out


def test_example_d(tmp_path, run):
    g = write(tmp_path, "g.bin", ([np.nan, np.inf, 1.0, 2.0], "float32"))
    a = write(tmp_path, "a.bin", ([np.nan, np.inf, 1.0, 2.0003662109375], "float32"))
    code, out, _ = run(a, g, "--dtype", "float32", "--standard", "experimental")
    assert code == 0 and out == [
        "standard=experimental dtype=float32 golden_dtype=float32 elements=4 nonfinite_matched=2",
        "MERE=9.155273e-05 (< 1.220703e-04) PASS", "MARE=1.831055e-04 (< 1.220703e-03) PASS", "result: PASS"]
    bad = write(tmp_path, "bad.bin", ([0.0, np.inf, 1.0, 2.0003662109375], "float32"))
    code, out, _ = run(bad, g, "--dtype", "float32", "--standard", "experimental")
    assert code == 1 and out[1].startswith("MERE=n/a") and out[2].startswith("MARE=n/a")
    assert out[-1] == "result: FAIL (NaN/Inf mismatch)"
    assert out[3].startswith("index=0 golden=nan actual=0 ")
    assert run(a, g, "--dtype", "float32", "--standard", "mixed")[0] == 0


def test_example_e(tmp_path, run):
    g = write(tmp_path, "golden.bin", ([0.3, 1.7, 2.9, 5.1], "float64"))
    t = write(tmp_path, "third.bin", ([0.3, 1.7, 2.9, 5.1], "float16"))
    a = write(tmp_path, "actual.bin", ([0.3, 1.7, 2.9, 5.09765625], "float16"))
    args = (a, g, "--third", t, "--dtype", "float16", "--golden-dtype", "float64", "--standard", "commercial")
    code, out, _ = run(*args, "--level", "L1")
    assert code == 0 and out == [
        "standard=commercial level=L1 dtype=float16 golden_dtype=float64 elements=4 large=4 small=0 special=0",
        "MARE_ratio=0.941176 (<= 5) PASS", "MERE_ratio=0.446416 (<= 1.5) PASS", "RMSE_ratio=1.469140 (<= 1.5) PASS",
        "small_error_count actual=0 third=0 ratio=0.000000 (<= 2) PASS", "result: PASS"]
    code, out, _ = run(*args, "--level", "L2")
    assert code == 1 and "RMSE_ratio=1.469140 (<= 1.2) FAIL" in out
    assert out[-1] == "result: FAIL (ratio exceeded: RMSE)"
    code, out, _ = run(*args, "--json")
    metrics = json.loads("\n".join(out))["metrics"]
    assert ["%.6f" % metrics[k] for k in ("raw_mare_ratio", "raw_mere_ratio", "raw_rmse_ratio")] == [
        "1.500000", "1.213137", "1.469140"]


@pytest.mark.parametrize("level", ["L0", "L1", "L2"])
@pytest.mark.parametrize("dtype,golden_dtype", COMMERCIAL_PAIRS)
def test_commercial_empty_large_domain_prints_na(tmp_path, run, dtype, golden_dtype, level):
    """An all-small and an all-non-finite golden: the three ratios print `n/a` with no verdict (JSON: null), the
    exit code is the small-value/special rules' verdict."""
    for kind, (g, b, ok, bad) in (("small", all_small_case(dtype)),
                                  ("nonfinite", all_nonfinite_case(dtype, golden_dtype))):
        gp = write(tmp_path, f"g_{kind}.bin", (g, golden_dtype))
        tp = write(tmp_path, f"t_{kind}.bin", (b, dtype))
        for actual, code in ((ok, 0), (bad, 1)):
            ap = write(tmp_path, f"a_{kind}_{code}.bin", (actual, dtype))
            args = (ap, gp, "--third", tp, "--dtype", dtype, "--golden-dtype", golden_dtype, "--standard",
                    "commercial", "--level", level)
            got, out, err = run(*args)
            assert (got, err) == (code, ""), (kind, out, err)
            large = "large=0 small=4 special=0" if kind == "small" else "large=0 small=0 special=4"
            assert out[0] == (f"standard=commercial level={level} dtype={dtype} golden_dtype={golden_dtype} "
                              f"elements=4 {large}")
            assert out[1:4] == NO_RATIOS[level], (kind, out)
            assert out[-1] == ("result: PASS" if code == 0 else
                               "result: FAIL (small value ErrorCount ratio exceeded)" if kind == "small" else
                               "result: FAIL (NaN/Inf mismatch)"), (kind, out)
            got, out, _ = run(*args, "--json")
            d = json.loads("\n".join(out))
            assert got == code and d["pass"] is (code == 0)
            assert all(d["metrics"][k] is None for k in NOT_COMPUTED), d["metrics"]
            assert '"mare_ratio": null' in out[0] and '"rmse_ratio": null' in out[0]


def test_example_f(tmp_path, run):
    g = write(tmp_path, "golden.bin", ([1, 2, 3, 4], "float16"))
    a = write(tmp_path, "output_z.bin", ([1, 2, 3, 4.0078125], "float16"))
    code, out, _ = run(a, g, "--dtype", "float16", "--standard", "sample")
    assert code == 1 and out == ["data index: 000003, expected: 4.000000000, actual: 4.007812500, rdiff: 0.001953",
                                 "error ratio: 0.2500, tolerance: 0.0010", "[ERROR] result error"]
    code, out, _ = run(g, g, "--dtype", "float16", "--standard", "sample")
    assert code == 0 and out[-1] == "test pass!"
    code, out, _ = run(a, g, "--dtype", "float16", "--standard", "sample", "--error-tol", "0.25")
    assert code == 0 and out[-2:] == ["error ratio: 0.2500, tolerance: 0.2500", "test pass!"]


def test_example_g(tmp_path, run):
    g = write(tmp_path, "g.bin", ([300.1, 1.0], "float32"))
    a = write(tmp_path, "a.bin", ([300.0, 1.0], "float16"))
    common = (a, g, "--dtype", "float16", "--golden-dtype", "float32", "--standard", "mixed")
    code, out, _ = run(*common, "--ulp-limit", "static")
    assert code == 1 and "max_abs_error=1.000061e-01 (<= 1.000000e-01) FAIL" in out
    code, out, _ = run(*common)
    assert code == 0 and "max_abs_error=1.000061e-01 (<= 8.000000e+00) PASS" in out
    assert run(*common, "--max-abs-limit", "0.05")[0] == 1


def test_example_h(tmp_path, run):
    a = write(tmp_path, "a.bin", "0000007e003c")
    g = write(tmp_path, "g.bin", "0080017c003c")
    code, out, _ = run(a, g, "--dtype", "float16", "--standard", "binary")
    assert code == 1 and out[0].endswith("mismatched=1 of 3") and out[-1] == "result: FAIL (bitwise mismatch)"
    assert run(a, g, "--dtype", "float16", "--standard", "experimental")[0] == 0


def test_quiet_json_max_diff(tmp_path, run):
    g = write(tmp_path, "g.bin", (np.ones(50), "float32"))
    a = write(tmp_path, "a.bin", (np.linspace(1, 2, 50), "float32"))
    code, out, _ = run(a, g, "--dtype", "float32", "--quiet")
    assert code == 1 and out == ["result: FAIL (threshold exceeded: matched_ratio, max_abs_error)"]
    code, out, _ = run(a, g, "--dtype", "float32", "--max-diff", "3")
    diffs = [line for line in out if line.startswith("index=")]
    assert [d.split()[0] for d in diffs] == ["index=49", "index=48", "index=47"]  # worst first
    code, out, _ = run(a, g, "--dtype", "float32", "--json")
    d = json.loads(out[0])
    assert code == 1 and d["pass"] is False and d["standard"] == "mixed" and d["elements"] == 50


def test_shape_option(tmp_path, run):
    g = write(tmp_path, "g.bin", (np.ones((2, 3)), "float32"))
    assert run(g, g, "--dtype", "float32", "--shape", "2x3")[0] == 0
    code, out, err = run(g, g, "--dtype", "float32", "--shape", "2x2")
    assert code == 2 and out == [] and err.count("\n") == 1 and "do not fit shape (2, 2)" in err


@pytest.mark.parametrize("args,message", [
    (("--dtype", "float33"), "unknown dtype 'float33'"),
    (("--dtype", "hifloat8"), "not supported"),
    (("--dtype", "float32", "--standard", "nope"), "unknown standard 'nope'"),
    (("--dtype", "float32", "--standard", "commercial"), "needs a third"),
    (("--dtype", "float32", "--standard", "commercial", "--third", "{g}", "--level", "L9"), "unknown level 'L9'"),
    (("--dtype", "float32", "--standard", "experimental", "--rtol", "1"), "takes no option rtol"),
    (("--dtype", "float32", "--third", "{g}"), "only used by the commercial"),
    (("--dtype", "int32", "--standard", "experimental"), "not defined for dtype int32"),
    (("--dtype", "float64"), "not a multiple of the float64 element size 8"),
    (("--dtype", "float32", "--shape", "2xq"), "bad --shape"),
])
def test_bad_input_exit_2_with_one_message(tmp_path, run, args, message):
    g = write(tmp_path, "g.bin", (np.ones(3), "float32"))  # 12 bytes
    code, out, err = run(g, g, *[a.format(g=g) for a in args])
    assert code == 2 and out == []
    assert err.count("\n") == 1 and message in err, err


def test_missing_file_exit_2(tmp_path, run):
    code, out, err = run(tmp_path / "none.bin", tmp_path / "none.bin", "--dtype", "float32")
    assert code == 2 and "cannot read" in err and err.count("\n") == 1


def test_size_mismatch_and_empty_files(tmp_path, run):
    g = write(tmp_path, "g.bin", (np.ones(4), "float32"))
    a = write(tmp_path, "a.bin", (np.ones(3), "float32"))
    e = write(tmp_path, "e.bin", "")
    code, out, _ = run(a, g, "--dtype", "float32")
    assert code == 1 and out[-1] == "result: FAIL (size mismatch 3 vs 4)"
    assert run(e, e, "--dtype", "float32")[0] == 0
    assert run(e, g, "--dtype", "float32")[0] == 1
    code, out, _ = run(e, e, "--dtype", "float32", "--standard", "sample")
    assert code == 0 and out == ["error ratio: 0.0000, tolerance: 0.0001", "test pass!"]


@pytest.mark.parametrize("dtype", ["float16", "bfloat16", "float32"])
def test_one_ulp_copy_passes_one_percent_copy_fails(tmp_path, run, dtype):
    rng = np.random.default_rng(7)
    golden = rng.uniform(-2, 2, 4096)
    g = write(tmp_path, "golden.bin", (golden, dtype))
    raw = np.frombuffer(g.read_bytes(), {"float16": "<u2", "bfloat16": "<u2", "float32": "<u4"}[dtype])
    ulp = write(tmp_path, "ulp.bin", (raw + 1).astype(raw.dtype).tobytes().hex())  # next value away from 0
    pct = write(tmp_path, "pct.bin", (golden * 1.01, dtype))
    for standard in ("mixed", "experimental", "close"):
        if standard == "close" and dtype == "bfloat16":
            continue  # one bf16 ulp (up to 2^-7 relative) is wider than close's rtol 1e-3
        assert run(ulp, g, "--dtype", dtype, "--standard", standard)[0] == 0, standard
        if standard == "mixed" and dtype == "bfloat16":
            continue  # mixed's bf16 rtol is 2^-6 = 1.56 %: a 1 % error is within the standard
        code, out, _ = run(pct, g, "--dtype", dtype, "--standard", standard)
        assert code == 1 and out[-1].startswith("result: FAIL"), standard
    assert run(ulp, g, "--dtype", dtype, "--standard", "binary")[0] == 1


def test_installed_command_runs(tmp_path):
    g = write(tmp_path, "g.bin", (np.ones(4), "float32"))
    tool = os.path.join(os.path.dirname(__file__), "..", "..", "tools", "aclnn-cpu")
    env = dict(os.environ, PYTHONPATH=os.path.abspath(PYTHON_DIR))
    r = subprocess.run(["/usr/bin/python3", tool, "compare", str(g), str(g), "--dtype", "float32"],
                       capture_output=True, text=True, env=env)
    assert r.returncode == 0 and r.stdout.splitlines()[-1] == "result: PASS"
    r = subprocess.run(["/usr/bin/python3", tool, "compare", str(g), str(g), "--dtype", "nope"],
                       capture_output=True, text=True, env=env)
    assert r.returncode == 2 and r.stderr.count("\n") == 1


# --- a reader that stops early: `aclnn-cpu ... | head -1` -------------------------------------------------------

TOOL = os.path.join(os.path.dirname(__file__), "..", "..", "tools", "aclnn-cpu")
NO_TRACE = ("Traceback", "BrokenPipeError", "Exception ignored")


def tool_env():
    return dict(os.environ, PYTHONPATH=os.path.abspath(PYTHON_DIR))


def piped_into_head(*args):
    """`aclnn-cpu ARGS | head -1` under bash's pipefail: (the pipeline's status, which is aclnn-cpu's as head
    exits 0, head's output, aclnn-cpu's stderr)."""
    p = subprocess.run(["bash", "-c", 'set -o pipefail; "$@" | head -1', "_", "/usr/bin/python3", TOOL,
                        *map(str, args)], capture_output=True, text=True, env=tool_env(), timeout=120)
    return p.returncode, p.stdout, p.stderr


def with_stdout_closed(*args):
    """`aclnn-cpu ARGS` writing into a pipe whose reader is already gone: the first write fails (EPIPE) whatever
    the timing, unlike with head. -> (exit code, stderr)."""
    r, w = os.pipe()
    os.close(r)
    try:
        p = subprocess.run(["/usr/bin/python3", TOOL, *map(str, args)], stdout=w, stderr=subprocess.PIPE,
                           text=True, env=tool_env(), timeout=120)
    finally:
        os.close(w)
    return p.returncode, p.stderr


@pytest.mark.parametrize("args", [("ops",), ("ops", "--json")])
def test_ops_piped_into_head_exits_quietly(args):
    code, out, err = piped_into_head(*args)
    assert (code, err) == (0, ""), err
    first = out.splitlines()
    assert len(first) == 1 and "aclnnLayerNorm" in first[0]
    if "--json" in args:
        assert json.loads(first[0])["aclnn"] == "aclnnLayerNorm"


def test_compare_piped_into_head_keeps_its_verdict(tmp_path):
    # 50,000 failing elements listed by --max-diff: megabytes of output, far more than a pipe holds, so
    # aclnn-cpu is still writing when head exits. The exit code stays the verdict's: 1 (FAIL).
    g = write(tmp_path, "g.bin", (np.ones(50000), "float32"))
    a = write(tmp_path, "a.bin", (np.linspace(1.1, 2, 50000), "float32"))
    code, out, err = piped_into_head("compare", a, g, "--dtype", "float32", "--max-diff", "100000")
    assert (code, err) == (1, ""), err
    assert out.startswith("standard=mixed dtype=float32") and out.count("\n") == 1
    code, out, err = piped_into_head("compare", g, g, "--dtype", "float32", "--max-diff", "100000")
    assert (code, err) == (0, "") and out.startswith("standard=mixed"), err


def test_every_subcommand_exits_quietly_when_stdout_is_closed(tmp_path):
    g = write(tmp_path, "g.bin", (np.ones(64), "float32"))
    a = write(tmp_path, "a.bin", (np.linspace(1.1, 2, 64), "float32"))
    for args, want in ((("ops",), 0), (("ops", "--json"), 0), (("ops", "prelu"), 0), (("--help",), 0),
                       (("ops", "--help"), 0), (("compare", g, g, "--dtype", "float32"), 0),
                       (("compare", a, g, "--dtype", "float32"), 1), (("compare", a, g, "--dtype", "float32",
                                                                        "--json"), 1),
                       (("compare", g, g, "--dtype", "float32", "--quiet"), 0)):
        code, err = with_stdout_closed(*args)
        assert (code, err) == (want, ""), (args, code, err)
    # Errors still reach stderr, one line, with their own exit code.
    code, err = with_stdout_closed("compare", g, g, "--dtype", "nope")
    assert code == 2 and err.count("\n") == 1 and not any(t in err for t in NO_TRACE), err
    code, err = with_stdout_closed("ops", "nope")
    assert code == 2 and err.count("\n") == 1 and not any(t in err for t in NO_TRACE), err
