"""`aclnn-cpu golden` and `aclnn-cpu ops`: case files in, the TTK manual-data layout out, read back as TTK replays it
(file names, __shape_ suffixes, _none markers, storage bytes + view rebuilt from the CSV), the device side computed
natively and judged against the golden; --shard halves equal the whole, --jobs 2 equals --jobs 1, the samples layout,
ATK JSON, npy, atomic publication, --force, and the exit codes of bad input."""
import ast
import csv
import json
import os
import re
import subprocess
import sys

import numpy as np
import pytest

import aclnn_cpu
from aclnn_cpu import ops

torch = pytest.importorskip("torch")

SOURCE = os.environ.get("ACLNN_CPU_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))
TOOL = os.path.join(SOURCE, "tools", "aclnn-cpu")

CASES = [
    # name, api, shapes, dtypes, attributes, extra columns
    ("prelu_fp32", "aclnnPrelu", ((2, 4), (1,), (2, 4)), ("float32",) * 3, {}, {}),
    ("prelu_fp16", "aclnnPrelu", ((3, 5, 2), (5,), (3, 5, 2)), ("float16",) * 3, {}, {}),
    ("prelu_bwd_bf16", "aclnnPreluBackward", ((4, 3), (4, 3), (3,), (4, 3), (3,)), ("bfloat16",) * 5, {}, {}),
    ("refl pad/odd name", "aclnnReflectionPad2d", ((2, 3, 4), (2, 5, 6)), ("float32",) * 2,
     {"padding": [1, 1, 1, 1]}, {}),
    ("repl_pad_bf16", "aclnnReplicationPad2d", ((1, 2, 3, 3), (1, 2, 5, 4)), ("bfloat16",) * 2,
     {"padding": [0, 1, 1, 1]}, {}),
    ("repl_pad_strided", "aclnnReplicationPad2d", ((2, 3, 3), (2, 5, 4)), ("float32",) * 2,
     {"padding": [0, 1, 1, 1]}, {"tensor_storage_shapes": "((40,),None)", "tensor_view_offsets": "(2,0)",
                                 "tensor_view_strides": "((12,4,1),None)"}),
    ("refl_pad_bwd_fp64", "aclnnReflectionPad2dBackward", ((1, 4, 4), (1, 2, 2), (1, 2, 2)), ("float64",) * 3,
     {"padding": [1, 1, 1, 1]}, {}),
    ("repl_pad_bwd_fp16", "aclnnReplicationPad2dBackward", ((1, 5, 6), (1, 3, 3), (1, 3, 3)), ("float16",) * 3,
     {"padding": [2, 1, 1, 1]}, {}),
    ("lnb_mask", "aclnnLayerNormBackward", ((2, 3, 4), (2, 3, 4), (2, 3, 1), (2, 3, 1), (4,), None, (2, 3, 4), (4,),
                                            (4,)),
     ("float32", "float32", "float32", "float32", "float32", None, "float32", "float32", "float32"),
     {"normalizedShape": [4], "outputMask": [True, False, True]}, {"input_data_ranges": "[[-1,1],[-1,1],[0,0],[1,2],[-1,1],[-1,1],[-1,1],[-1,1],[-1,1]]"}),
    ("gnsg_fp16", "aclnnGroupNormSwishGrad", ((2, 4, 3), (2, 2), (2, 2), (2, 4, 3), (4,), (4,)), ("float16",) * 6,
     {"numGroups": 2, "dbetaIsRequire": False}, {}),
    ("conv_tbc_fp32", "aclnnConvTbc", ((5, 2, 3), (2, 3, 4), (4,), (6, 2, 4)), ("float32",) * 4,
     {"pad": 1, "cubeMathType": 0}, {}),
    ("conv_tbc_bwd_fp16", "aclnnConvTbcBackward", ((4, 1, 2), (5, 1, 3), (2, 3, 2), (2,)), ("float16",) * 4,
     {"pad": 0}, {}),
]


def write_csv(path, cases):
    cols = ["testcase_name", "api_name", "tensor_view_shapes", "tensor_dtypes", "attributes", "input_data_ranges",
            "tensor_storage_shapes", "tensor_view_offsets", "tensor_view_strides"]
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=cols)
        w.writeheader()
        for name, api, shapes, dtypes, attrs, extra in cases:
            row = {"testcase_name": name, "api_name": api, "tensor_view_shapes": repr(tuple(shapes)),
                   "tensor_dtypes": repr(tuple(dtypes)), "attributes": repr(attrs) if attrs else ""}
            for k, v in extra.items():
                row[k] = v
            w.writerow(row)


def run_cli(*args, check=None):
    p = subprocess.run([sys.executable, TOOL, *args], capture_output=True, text=True, timeout=300)
    if check is not None:
        assert p.returncode == check, p.stdout + p.stderr
    return p


@pytest.fixture(scope="module")
def case_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("cases") / "cases.csv"
    write_csv(path, CASES)
    return str(path)


@pytest.fixture(scope="module")
def golden_dir(case_file, tmp_path_factory):
    out = str(tmp_path_factory.mktemp("golden") / "manual_data")
    p = run_cli("golden", "--case", case_file, "--out", out, "--seed", "7", check=0)
    assert f"{len(CASES)} of {len(CASES)} cases written" in p.stdout
    return out


def tree_bytes(root):
    out = {}
    for d, _, files in os.walk(root):
        for f in files:
            path = os.path.join(d, f)
            with open(path, "rb") as fh:
                out[os.path.relpath(path, root)] = fh.read()
    return out


# ---------------------------------------------------------------------------------------------------------------
# TTK-style replay of a manual-data directory
# ---------------------------------------------------------------------------------------------------------------

FILE_RE = re.compile(r"^(input|scalar|golden)_(\d+)_([a-z0-9]+?)(?:__shape_(scalar|\d+(?:x\d+)*))?\.bin$")


def case_dir(name):
    if re.fullmatch(r"[A-Za-z0-9_.-]+", name) and len(name) <= 120:
        return name
    import hashlib

    cleaned = re.sub(r"[^A-Za-z0-9_.-]+", "_", name).strip("._")
    return cleaned[:96] + "-" + hashlib.sha256(name.encode()).hexdigest()[:12]


def load_raw(path, dtype, shape):
    if dtype == "bfloat16":
        bits = np.fromfile(path, dtype=np.int16)
        return torch.from_numpy(bits).view(torch.bfloat16).reshape(shape)
    return np.fromfile(path, dtype=dtype).reshape(shape)


def replay(root, case):
    """Reads one case directory as TTK's replay does and runs the API on the stored inputs (the "device" run)."""
    name, api, shapes, dtypes, attrs, extra = case
    d = os.path.join(root, case_dir(name))
    files = sorted(os.listdir(d))
    parsed = {}
    for f in files:
        m = FILE_RE.match(f)
        assert m, f"unexpected file {f}"
        role, idx, dt, shape = m.group(1), int(m.group(2)), m.group(3), m.group(4)
        assert (role, idx) not in parsed
        if role == "golden" and dt != "none":
            assert shape is not None, f"{f}: raw-bin goldens carry __shape_"
        if dt == "none":
            assert os.path.getsize(os.path.join(d, f)) == 0
        parsed[(role, idx)] = (f, dt, shape)
    op = ops.op_info(api)
    tparams = [p for p in op.params if p.kind == "tensor"]
    storages = ast.literal_eval(extra.get("tensor_storage_shapes", "None")) or [None] * len(tparams)
    offsets = ast.literal_eval(extra.get("tensor_view_offsets", "None")) or [0] * len(tparams)
    strides = ast.literal_eval(extra.get("tensor_view_strides", "None")) or [None] * len(tparams)
    inputs, outs, i, k = {}, [], 0, 0
    for j, p in enumerate(tparams):
        if p.role == "in":
            f, dt, _ = parsed.pop(("input", i))
            if dtypes[j] is None:
                assert dt == "none"
                inputs[p.name] = None
            else:
                assert dt == dtypes[j]
                storage_shape = storages[j] or shapes[j]
                data = load_raw(os.path.join(d, f), dt, storage_shape)
                assert data.shape == tuple(storage_shape)
                if storages[j] is not None:
                    item = np.dtype(dt).itemsize
                    data = np.lib.stride_tricks.as_strided(data.reshape(-1)[offsets[j]:], shapes[j],
                                                           [s * item for s in strides[j]])
                inputs[p.name] = data
            i += 1
        else:
            f, dt, shape = parsed.pop(("golden", k))
            if dt == "none":
                outs.append(None)
            else:
                gshape = () if shape == "scalar" else tuple(int(s) for s in shape.split("x"))
                if j < len(shapes):  # outputs the case declares keep their shape (inferred ones: the API's)
                    assert gshape == tuple(shapes[j])
                outs.append((load_raw(os.path.join(d, f), dt, gshape), dt))
            k += 1
    assert not parsed, f"extra files {parsed}"
    values = [inputs[p.name] if p.kind == "tensor" else attrs.get(p.name, p.default) for p in op.inputs]
    device = op.call(values)  # the device run: native dtypes, outputs by the API's rules
    return outs, device


def test_manual_data_layout_replays(golden_dir):
    assert not [f for f in os.listdir(golden_dir) if f.startswith(".")], "temporary directories left behind"
    assert sorted(os.listdir(golden_dir)) == sorted(case_dir(c[0]) for c in CASES)
    for case in CASES:
        goldens, device = replay(golden_dir, case)
        assert len(goldens) == len(device)
        for g, dv in zip(goldens, device):
            if g is None:
                continue
            gold, gdt = g
            dv = dv.float().numpy() if isinstance(dv, torch.Tensor) else np.asarray(dv)
            gold = gold.float().numpy() if isinstance(gold, torch.Tensor) else gold
            narrow = {"float16": 2e-3, "bfloat16": 1.6e-2}.get(case[3][0], 1e-6)
            scale = np.abs(gold).max() if gold.size else 0
            assert np.allclose(dv.reshape(-1), gold.reshape(-1), rtol=narrow, atol=narrow * (scale + 1)), case[0]
        if case[3][0] in ("float16", "bfloat16"):  # auto golden precision: float32 goldens for 16-bit cases
            assert all(g is None or g[1] == "float32" for g in goldens)


def test_golden_is_reproducible_and_sharded_halves_equal_the_whole(case_file, golden_dir, tmp_path):
    halves = str(tmp_path / "halves")
    for k in ("0/2", "1/2"):
        run_cli("golden", "--case", case_file, "--out", halves, "--seed", "7", "--shard", k, check=0)
    whole = tree_bytes(golden_dir)
    assert tree_bytes(halves) == whole
    first = set(os.listdir(halves))
    assert len(first) == len(CASES)
    jobs2 = str(tmp_path / "jobs2")
    run_cli("golden", "--case", case_file, "--out", jobs2, "--seed", "7", "--jobs", "2", check=0)
    assert tree_bytes(jobs2) == whole


def test_xlsx_case_file_equals_csv(case_file, golden_dir, tmp_path):
    import openpyxl  # python3-openpyxl, installed by the Makefile's deps

    with open(case_file, newline="") as f:
        rows = list(csv.reader(f))
    book = openpyxl.Workbook()
    for row in rows:
        book.active.append(row)
    path = str(tmp_path / "cases.xlsx")
    book.save(path)
    out = str(tmp_path / "from_xlsx")
    run_cli("golden", "--case", path, "--out", out, "--seed", "7", check=0)
    assert tree_bytes(out) == tree_bytes(golden_dir)


def test_shard_takes_every_nth(case_file, tmp_path):
    out = str(tmp_path / "s")
    run_cli("golden", "--case", case_file, "--out", out, "--shard", "1/3", check=0)
    assert sorted(os.listdir(out)) == sorted(case_dir(c[0]) for c in CASES[1::3])


def test_native_precision_and_float64(case_file, tmp_path):
    out = str(tmp_path / "native")
    run_cli("golden", "--case", case_file, "--out", out, "-t", "prelu_fp16,refl_pad_bwd_fp64",
            "--golden-precision", "native", check=0)
    assert any(f.startswith("golden_0_float16__shape_3x5x2") for f in os.listdir(os.path.join(out, "prelu_fp16")))
    out64 = str(tmp_path / "f64")
    p = run_cli("golden", "--case", case_file, "--out", out64, "-t", "prelu_fp32,refl pad/odd name",
                "--golden-precision", "float64", check=0)
    assert "does not accept DOUBLE" in p.stderr  # prelu: fp32 fallback, warned
    assert any(f.startswith("golden_0_float32") for f in os.listdir(os.path.join(out64, "prelu_fp32")))
    assert any(f.startswith("golden_0_float64") for f in os.listdir(os.path.join(out64, case_dir("refl pad/odd name"))))


def test_bfloat16_cases_do_not_import_torch_unless_run_natively(case_file, tmp_path):
    # torch costs ~1 s to import: only a bfloat16 tensor that must reach the API as bfloat16 needs it
    probe = ("import sys; from aclnn_cpu import cli; rc = cli.main(sys.argv[1:]); "
             "print('torch' in sys.modules); sys.exit(rc)")
    for precision, imported in (("auto", "False"), ("native", "True")):
        out = str(tmp_path / precision)
        p = subprocess.run([sys.executable, "-c", probe, "golden", "--case", case_file, "--out", out, "--quiet",
                            "-t", "prelu_bwd_bf16,repl_pad_bf16", "--golden-precision", precision],
                           capture_output=True, text=True, timeout=300)
        assert p.returncode == 0 and p.stdout.strip() == imported, (precision, p.stdout, p.stderr)


def test_sample_layout_and_npy(case_file, tmp_path):
    out = str(tmp_path / "sample")
    run_cli("golden", "--case", case_file, "--out", out, "-t", "prelu_fp32,prelu_bwd_bf16", "--layout", "sample",
            check=0)
    assert sorted(os.listdir(os.path.join(out, "prelu_fp32", "input"))) == ["input_self.bin", "input_weight.bin"]
    assert os.listdir(os.path.join(out, "prelu_fp32", "output")) == ["golden.bin"]
    golden = np.fromfile(os.path.join(out, "prelu_fp32", "output", "golden.bin"), np.float32)
    x = np.fromfile(os.path.join(out, "prelu_fp32", "input", "input_self.bin"), np.float32).reshape(2, 4)
    w = np.fromfile(os.path.join(out, "prelu_fp32", "input", "input_weight.bin"), np.float32)
    assert np.array_equal(golden, aclnn_cpu.prelu(x, w).reshape(-1))
    assert sorted(os.listdir(os.path.join(out, "prelu_bwd_bf16", "output"))) == ["golden_gradInput.bin",
                                                                                   "golden_gradWeight.bin"]
    outn = str(tmp_path / "npy")
    run_cli("golden", "--case", case_file, "--out", outn, "-t", "prelu_fp32", "--format", "npy", check=0)
    files = sorted(os.listdir(os.path.join(outn, "prelu_fp32")))
    assert files == ["golden_0_float32.npy", "input_0_float32.npy", "input_1_float32.npy"]
    assert np.load(os.path.join(outn, "prelu_fp32", "golden_0_float32.npy")).shape == (2, 4)


def test_atk_json_cases(tmp_path):
    cases = [{"id": 3, "name": "torch.nn.functional.prelu", "aclnn_name": "Prelu", "api_type": "prelu",
              "inputs": [{"name": "input", "type": "tensor", "required": True, "dtype": "fp16", "shape": [2, 3],
                          "range_values": [-1, 1], "format": "ND"},
                         {"name": "weight", "type": "tensor", "required": True, "dtype": "fp16", "shape": [3],
                          "range_values": "[ 0, 1 )", "format": "ND"}]},
             {"id": 4, "aclnn_name": "aclnnReflectionPad2d",
              "inputs": [{"name": "self", "type": "tensor", "dtype": "fp32", "shape": [1, 3, 3]},
                         {"name": "padding", "type": "attrs", "dtype": "int", "range_values": [1, 1, 2, 2]}]}]
    path = tmp_path / "atk_prelu.json"
    path.write_text(json.dumps(cases))
    out = str(tmp_path / "o")
    run_cli("golden", "--case", str(path), "--out", out, "--ids", "3,4", check=0)
    assert sorted(os.listdir(out)) == ["aclnnPrelu_3", "aclnnReflectionPad2d_4"]
    assert any("__shape_1x7x5" in f for f in os.listdir(os.path.join(out, "aclnnReflectionPad2d_4")))
    x = np.fromfile(os.path.join(out, "aclnnPrelu_3", "input_0_float16.bin"), np.float16)
    assert x.size == 6 and np.all(np.abs(x) <= 1)


def test_no_overwrite_without_force_and_force_replaces(case_file, tmp_path):
    out = str(tmp_path / "o")
    run_cli("golden", "--case", case_file, "--out", out, "-t", "prelu_fp32", check=0)
    marker = os.path.join(out, "prelu_fp32", "golden_0_float32__shape_2x4.bin")
    before = open(marker, "rb").read()
    p = run_cli("golden", "--case", case_file, "--out", out, "-t", "prelu_fp32", "--seed", "5", check=2)
    assert "exists" in p.stderr and "--force" in p.stderr
    assert open(marker, "rb").read() == before
    run_cli("golden", "--case", case_file, "--out", out, "-t", "prelu_fp32", "--seed", "5", "--force", check=0)
    assert open(marker, "rb").read() != before
    assert sorted(os.listdir(out)) == ["prelu_fp32"]


def test_failing_case_exit_1_others_written(tmp_path):
    cases = [CASES[0], ("bad_pad", "aclnnReflectionPad2d", ((1, 2, 2), (1, 8, 8)), ("float32",) * 2,
                        {"padding": [3, 3, 3, 3]}, {})]
    path = str(tmp_path / "c.csv")
    write_csv(path, cases)
    out = str(tmp_path / "o")
    p = run_cli("golden", "--case", path, "--out", out, check=1)
    assert "bad_pad" in p.stderr and "161002" in p.stderr
    assert os.listdir(out) == ["prelu_fp32"]


def _no_traceback(err):
    return not any(t in err for t in ("Traceback", "BrokenPipeError", "Exception ignored"))


def test_golden_with_stdout_closed_keeps_its_status(tmp_path):
    """`aclnn-cpu golden` whose stdout reader is gone (its summary line cannot be written): no traceback, the cases
    written, the documented exit code (0 all written, 1 an aclnn call failed)."""
    good = str(tmp_path / "good.csv")
    write_csv(good, [CASES[0]])
    mixed = str(tmp_path / "mixed.csv")
    write_csv(mixed, [CASES[0], ("bad_pad", "aclnnReflectionPad2d", ((1, 2, 2), (1, 8, 8)), ("float32",) * 2,
                                 {"padding": [3, 3, 3, 3]}, {})])
    for case_path, want in ((good, 0), (mixed, 1)):
        out = str(tmp_path / f"o{want}")
        r, w = os.pipe()
        os.close(r)
        try:
            p = subprocess.run([sys.executable, TOOL, "golden", "--case", case_path, "--out", out], stdout=w,
                               stderr=subprocess.PIPE, text=True, timeout=300)
        finally:
            os.close(w)
        assert p.returncode == want and _no_traceback(p.stderr), p.stderr
        assert os.listdir(out) == ["prelu_fp32"]
    # The same through a shell pipe into head: status 0 (pipefail), head gets the summary line.
    p = subprocess.run(["bash", "-c", 'set -o pipefail; "$@" | head -1', "_", sys.executable, TOOL, "golden",
                        "--case", good, "--out", str(tmp_path / "o_head")], capture_output=True, text=True,
                       timeout=300)
    assert p.returncode == 0 and _no_traceback(p.stderr), p.stderr
    assert p.stdout.startswith("1 of 1 cases written")


@pytest.mark.parametrize("mutate,needle", [
    (lambda c: ("x", "aclnnNoSuchOp") + c[2:], "unknown API"),
    (lambda c: c[:3] + (("float33",) * 3,) + c[4:], "unknown dtype"),
    (lambda c: c[:2] + (((2, 4),),) + c[3:4] and c[:2] + (((2, 4),), ("float32",)) + c[4:], "tensor parameters"),
    (lambda c: c[:4] + ({"nope": 1},) + c[5:], "no attribute"),
    (lambda c: c[:2] + (((2, -4), (1,), (2, 4)),) + c[3:], "negative dimension"),
])
def test_bad_case_files_exit_2(tmp_path, mutate, needle):
    path = str(tmp_path / "c.csv")
    write_csv(path, [mutate(CASES[0])])
    out = str(tmp_path / "o")
    p = run_cli("golden", "--case", path, "--out", out, check=2)
    assert needle in p.stderr and p.stderr.count("\n") == 1
    assert not os.path.exists(out) or not os.listdir(out)


def test_bad_usage_exit_2(case_file, tmp_path):
    out = str(tmp_path / "o")
    assert "does not exist" in run_cli("golden", "--case", str(tmp_path / "none.csv"), "--out", out, check=2).stderr
    assert "unknown case" in run_cli("golden", "--case", case_file, "--out", out, "-t", "zzz", check=2).stderr
    assert "--shard" in run_cli("golden", "--case", case_file, "--out", out, "--shard", "2/2", check=2).stderr
    (tmp_path / "broken.json").write_text("[{")
    assert "cannot read" in run_cli("golden", "--case", str(tmp_path / "broken.json"), "--out", out,
                                    check=2).stderr
    (tmp_path / "x.txt").write_text("")
    assert "unknown case file type" in run_cli("golden", "--case", str(tmp_path / "x.txt"), "--out", out,
                                               check=2).stderr
    run_cli("golden", "--case", case_file, check=2)  # --out missing: argparse usage error


def test_ops_command():
    p = run_cli("ops", check=0)
    for op in ops.OPS:
        assert op.aclnn in p.stdout and op.name + "(" in p.stdout
    assert "layer_norm_backward(grad_out, input, normalized_shape, mean, rstd, weight=None, bias=None, " \
           "output_mask=(True, True, True)" in p.stdout
    j = run_cli("ops", "prelu", "--json", check=0)
    assert json.loads(j.stdout)["aclnn"] == "aclnnPrelu"
    run_cli("ops", "nope", check=2)


def test_round_trip_with_compare(golden_dir, tmp_path):
    """golden, then compare: the golden itself and a 1-ulp copy pass, a 1 %-perturbed copy fails."""
    cmp = pytest.importorskip("aclnn_cpu._cli_compare")  # written by the precision helper
    assert cmp
    d = os.path.join(golden_dir, "conv_tbc_fp32")
    gname = [f for f in os.listdir(d) if f.startswith("golden_0")][0]
    golden = np.fromfile(os.path.join(d, gname), np.float32)
    ulp = np.nextafter(golden, np.float32(np.inf))
    bad = golden * np.float32(1.01) + np.float32(0.01)
    for data, code in ((golden, 0), (ulp, 0), (bad, 1)):
        path = str(tmp_path / "actual.bin")
        data.astype(np.float32).tofile(path)
        p = run_cli("compare", path, os.path.join(d, gname), "--dtype", "float32")
        assert p.returncode == code, p.stdout + p.stderr


def test_installed_prefix_layout_finds_its_libraries(tmp_path):
    """<prefix>/bin/aclnn-cpu + <prefix>/python/aclnn_cpu + <prefix>/lib64, no environment variables: the command
    and the module find each other and the libraries from their own locations."""
    import shutil

    lib_dir = os.environ.get("ACLNN_CPU_LIB_DIR")
    if not lib_dir:
        pytest.skip("ACLNN_CPU_LIB_DIR is not set (run through ctest)")
    prefix = tmp_path / "prefix"
    (prefix / "bin").mkdir(parents=True)
    shutil.copytree(os.path.join(SOURCE, "python", "aclnn_cpu"), prefix / "python" / "aclnn_cpu")
    os.symlink(os.path.abspath(lib_dir), prefix / "lib64")
    shutil.copy(TOOL, prefix / "bin" / "aclnn-cpu")
    env = {k: v for k, v in os.environ.items() if k not in ("ACLNN_CPU_LIB_DIR", "PYTHONPATH", "LD_LIBRARY_PATH")}
    code = ("import aclnn_cpu, numpy as np; from aclnn_cpu import _capi; "
            "print(aclnn_cpu.prelu(np.array([-2.0, 1.0], np.float32), np.array([0.5], np.float32)).tolist(), "
            "_capi.runtime().lib_dir)")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                       cwd=str(prefix / "python"), timeout=120)
    assert p.returncode == 0, p.stderr
    assert p.stdout.split()[0:2] == ["[-1.0,", "1.0]"] and str(prefix / "lib64") in p.stdout
    p = subprocess.run([sys.executable, str(prefix / "bin" / "aclnn-cpu"), "ops", "prelu"], capture_output=True,
                       text=True, env=env, timeout=120)
    assert p.returncode == 0 and "aclnnPrelu" in p.stdout, p.stderr
