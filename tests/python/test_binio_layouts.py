"""aclnn_cpu.binio (.bin encoding, spec §1.1) and aclnn_cpu.layouts (manual-data and samples layouts, §1.2/§1.5)."""
import hashlib
import os
import sys

import numpy as np
import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "python"))
from aclnn_cpu import binio, layouts  # noqa: E402
from aclnn_cpu.binio import BinFormatError, load_bin, save_bin  # noqa: E402

VALUES = np.array([0.0, -0.0, 1.0, -2.5, 0.1, 3.1415927, 1e-3, -7.0, 100.0, np.inf, -np.inf, np.nan])
SIZES = {"float16": 2, "bfloat16": 2, "float32": 4, "float64": 8, "float8_e4m3fn": 1, "float8_e5m2": 1,
         "complex32": 4, "complex64": 8, "complex128": 16, "bool": 1, "int8": 1, "uint8": 1, "int16": 2,
         "uint16": 2, "int32": 4, "uint32": 4, "int64": 8, "uint64": 8}


@pytest.mark.parametrize("dtype", sorted(SIZES))
def test_round_trip_every_dtype(tmp_path, dtype):
    info = binio.dtype_info(dtype)
    assert info.itemsize == SIZES[dtype]
    if info.kind == "float":
        data = VALUES if info.fmt.has_inf else VALUES[np.isfinite(VALUES)]
    elif info.kind == "complex":
        data = np.empty(9, np.complex128)
        data.real, data.imag = VALUES[:9], VALUES[1:10]
    elif info.kind == "bool":
        data = np.array([True, False, True])
    else:
        lo, hi = np.iinfo(info.storage).min, np.iinfo(info.storage).max
        data = np.array([lo, 0, 1, hi], dtype=info.storage)
    path = str(tmp_path / "x.bin")
    save_bin(data, path, dtype)
    assert os.path.getsize(path) == data.size * SIZES[dtype]
    first = load_bin(path, dtype)
    save_bin(first, path + "2", dtype)  # read -> write gives the same bytes
    assert open(path, "rb").read() == open(path + "2", "rb").read()
    assert load_bin(path, dtype, shape=(data.size, 1)).shape == (data.size, 1)
    if info.kind in ("int", "bool"):
        assert np.array_equal(first, data)


def test_bfloat16_matches_torch_rne():
    torch = pytest.importorskip("torch")
    rng = np.random.default_rng(3)
    x = np.concatenate([rng.standard_normal(20000).astype(np.float32),
                        np.frombuffer(rng.integers(0, 2**32, 20000, dtype=np.uint32).tobytes(), np.float32)])
    x = x[~np.isnan(x)]
    ours = np.frombuffer(binio.encode_array(x, "bfloat16"), np.uint16)
    theirs = torch.from_numpy(x).to(torch.bfloat16).view(torch.int16).numpy().view(np.uint16)
    assert np.array_equal(ours, theirs)
    t = torch.from_numpy(x[:100]).to(torch.bfloat16)
    assert binio.encode_array(t) == theirs[:100].tobytes()  # torch bf16 tensors are written as bf16


def test_bfloat16_spec_bytes_and_nan():
    assert binio.encode_array([1.0859375], "bfloat16") == bytes.fromhex("8b3f")
    assert binio.encode_array([np.nan, -np.nan, 1e39], "bfloat16") == bytes.fromhex("c07fc0ff807f")
    # From float64 with no float32 double rounding: 1 + 2^-8 + 2^-30 rounds up in one step.
    assert binio.encode_array([1 + 2**-8 + 2**-30], "bfloat16") == bytes.fromhex("813f")
    assert load_bin_bytes("8b3f", "bfloat16").tolist() == [1.0859375]


def load_bin_bytes(hexdata, dtype):
    return binio.decode_bytes(bytes.fromhex(hexdata), dtype)


def test_fp8_tables_and_rounding():
    e4, e5 = binio._FP8_TABLES["float8_e4m3fn"], binio._FP8_TABLES["float8_e5m2"]
    assert (e4[0x7E], e4[0x01], e4[0x38], np.isnan(e4[0x7F]), np.isnan(e4[0xFF])) == (448, 2**-9, 1.0, True, True)
    assert (e5[0x7B], e5[0x01], e5[0x3C], e5[0x7C], np.isnan(e5[0x7D])) == (57344, 2**-16, 1.0, np.inf, True)
    assert binio.encode_array([464.0, 1.0625, 1.1875], "float8_e4m3fn") == bytes([0x7E, 0x38, 0x3A])  # ties even
    assert np.isnan(binio.round_to_format([465.0], binio.E4M3)[0])  # no Inf in e4m3fn


@pytest.mark.filterwarnings("ignore:overflow encountered in cast")
def test_float16_single_rounding_from_float64():
    x = np.array([1 + 2**-11 + 2**-40, 65519.99, 65520.0, 2**-25, 2**-25 + 2**-40])
    assert np.array_equal(binio.encode_array(x, "float16"), x.astype(np.float16).tobytes())
    assert np.array_equal(binio.round_to_format(x, binio.FP16), x.astype(np.float16).astype(np.float64))


def test_complex32_layout():
    assert binio.encode_array([1 + 2j], "complex32") == np.array([1, 2], np.float16).tobytes()
    back = binio.decode_bytes(np.array([np.inf, 1, 2, -np.inf], np.float16).tobytes(), "complex32")
    assert back.real.tolist() == [np.inf, 2] and back.imag.tolist() == [1, -np.inf]


@pytest.mark.parametrize("data,dtype,shape,message", [
    (b"\x00" * 6, "float32", None, "not a multiple of the float32 element size 4"),
    (b"\x00" * 8, "float32", (3,), "do not fit shape (3,)"),
    (b"", "nonsense", None, "unknown dtype 'nonsense'"),
    (b"", "int4", None, "not supported"),
])
def test_bad_files(tmp_path, data, dtype, shape, message):
    path = tmp_path / "x.bin"
    path.write_bytes(data)
    with pytest.raises(BinFormatError, match=message.replace("(", r"\(").replace(")", r"\)")):
        load_bin(str(path), dtype, shape)


def test_aliases():
    for alias, name in (("fp16", "float16"), ("bf16", "bfloat16"), ("fp32", "float32"), ("fp64", "float64"),
                        ("c64", "complex64"), ("c128", "complex128"), ("c32", "complex32"), ("torch.bfloat16",
                                                                                              "bfloat16")):
        assert binio.dtype_info(alias).name == name


# --- layouts ----------------------------------------------------------------------------------------------------

def test_case_dir_name():
    assert layouts.case_dir_name("Elu_case-1.a") == "Elu_case-1.a"
    digest = hashlib.sha256("a b/c".encode()).hexdigest()[:12]
    assert layouts.case_dir_name("a b/c") == f"a_b_c-{digest}"
    assert layouts.case_dir_name("..x y..") == "x_y-" + hashlib.sha256(b"..x y..").hexdigest()[:12]
    long = "a" * 121
    assert layouts.case_dir_name(long) == "a" * 96 + "-" + hashlib.sha256(long.encode()).hexdigest()[:12]
    assert layouts.case_dir_name("a" * 120) == "a" * 120


def test_file_names():
    assert layouts.manual_file_name("input", 0, "fp16") == "input_0_float16.bin"
    assert layouts.manual_file_name("golden", 0, "bfloat16", (2, 8, 128)) == \
        "golden_0_bfloat16__shape_2x8x128.bin"
    assert layouts.manual_file_name("golden", 1, "float32", ()) == "golden_1_float32__shape_scalar.bin"
    assert layouts.manual_file_name("golden", 2, "float32", (2, 0, 3)) == "golden_2_float32__shape_2x0x3.bin"
    assert layouts.manual_file_name("input", 3) == "input_3_none.bin"
    f = layouts.parse_manual_file_name("golden_0_bfloat16__shape_2x8x128.bin")
    assert (f.role, f.index, f.dtype, f.shape) == ("golden", 0, "bfloat16", (2, 8, 128))
    for bad in ("golden_01_float32.bin", "output_0_float32.bin", "input_0_float32.txt", "input_0_none__shape_2.bin"):
        with pytest.raises(layouts.LayoutError):
            layouts.parse_manual_file_name(bad)


def test_manual_case_round_trip(tmp_path):
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    y = np.linspace(0, 1, 8).reshape(2, 4)
    path = layouts.write_manual_case(str(tmp_path), "case one", inputs=[(x, "bfloat16"), None, (x, "float16")],
                                     scalars=[(np.float32(0.5), "float32")],
                                     goldens=[(y, "float32"), None, (np.zeros((2, 0, 3)), "float16")])
    assert os.path.basename(path) == layouts.case_dir_name("case one")
    assert sorted(os.listdir(path)) == ["golden_0_float32__shape_2x4.bin", "golden_1_none.bin",
                                        "golden_2_float16__shape_2x0x3.bin", "input_0_bfloat16.bin",
                                        "input_1_none.bin", "input_2_float16.bin", "scalar_0_float32.bin"]
    assert os.path.getsize(os.path.join(path, "input_1_none.bin")) == 0
    assert [e for e in os.listdir(tmp_path) if e.startswith(".")] == []  # no temporary left behind
    case = layouts.read_manual_case(path, input_shapes=[(2, 3), None, (2, 3)])
    assert np.array_equal(case.inputs[0], x) and case.inputs[1] is None and case.inputs[2].dtype == np.float16
    assert case.scalars[0].tolist() == [0.5]
    assert np.array_equal(case.goldens[0], y.astype(np.float32)) and case.goldens[1] is None
    assert case.goldens[2].shape == (2, 0, 3)
    assert case.dtypes == {"input": ["bfloat16", None, "float16"], "scalar": ["float32"],
                           "golden": ["float32", None, "float16"]}


def test_npy_and_sample_layouts_and_staged_case(tmp_path):
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    path = layouts.write_manual_case(str(tmp_path), "n", inputs=[(x, None), None], goldens=[(x, "bfloat16")],
                                     fmt="npy")
    assert sorted(os.listdir(path)) == ["golden_0_bfloat16.npy", "input_0_float32.npy", "input_1_none.npy"]
    bits = np.load(os.path.join(path, "golden_0_bfloat16.npy"))  # bfloat16 as its bit patterns, shaped
    assert bits.dtype == np.uint16 and bits.shape == (2, 3)
    assert np.array_equal((bits.astype(np.uint32) << 16).view(np.float32), x)
    out = str(tmp_path / "s")
    with pytest.raises(RuntimeError):  # a failing writer leaves nothing behind
        with layouts.staged_case(out, "s") as tmp:
            layouts.write_sample_case(tmp, {"x": (x, None)}, {"y": (x, None)})
            raise RuntimeError("writer failed")
    assert os.listdir(out) == []
    with layouts.staged_case(out, "s") as tmp:
        layouts.write_sample_case(tmp, {"x": (x, "float16"), "w": None}, {"y": (x, None), "z": None})
    case = os.path.join(out, "s")
    assert sorted(os.listdir(os.path.join(case, "input"))) == ["input_w.bin", "input_x.bin"]
    assert os.path.getsize(os.path.join(case, "input", "input_w.bin")) == 0
    assert os.listdir(os.path.join(case, "output")) == ["golden_y.bin"]  # one of several outputs asked for
    with pytest.raises(layouts.CaseExistsError):
        with layouts.staged_case(out, "s"):
            pass


def test_manual_case_overwrite_needs_force(tmp_path):
    args = dict(goldens=[(np.ones(2), "float32")])
    path = layouts.write_manual_case(str(tmp_path), "c", **args)
    with pytest.raises(layouts.LayoutError, match="exists"):
        layouts.write_manual_case(str(tmp_path), "c", **args)
    layouts.write_manual_case(str(tmp_path), "c", goldens=[(np.zeros(3), "float16")], force=True)
    assert os.listdir(path) == ["golden_0_float16__shape_3.bin"] and len(os.listdir(tmp_path)) == 1


def test_failed_write_leaves_nothing(tmp_path):
    with pytest.raises(BinFormatError):
        layouts.write_manual_case(str(tmp_path), "c", inputs=[(np.ones(2), "float32")],
                                  goldens=[(np.ones(2), "nonsense")])
    assert os.listdir(tmp_path) == []


@pytest.mark.parametrize("files,message", [
    ({"input_0_float32.bin": b"\0" * 4, "notes.txt": b""}, "not a manual-data file name"),
    ({"input_1_float32.bin": b"\0" * 4}, "not contiguous"),
    ({"golden_0_none.bin": b"x"}, "must be empty"),
    ({"golden_0_float32__shape_2x2.bin": b"\0" * 12}, "do not fit shape"),
    ({"input_0_float32.bin": b"\0" * 6}, "not a multiple"),
])
def test_read_rejects_broken_cases(tmp_path, files, message):
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    with pytest.raises(layouts.LayoutError, match=message):
        layouts.read_manual_case(str(tmp_path))


def test_sample_layout(tmp_path):
    x = np.ones(4, np.float16)
    one = layouts.write_sample_case(str(tmp_path / "a"), {"x": (x, "float16"), "y": (x, "float16")},
                                    {"z": (x, "float16")})
    assert [os.path.relpath(p, tmp_path / "a") for p in one] == ["input/input_x.bin", "input/input_y.bin",
                                                                  "output/golden.bin"]
    two = layouts.write_sample_case(str(tmp_path / "b"), {}, {"m": (x, "float16"), "v": (x, "float32")})
    assert [os.path.basename(p) for p in two] == ["golden_m.bin", "golden_v.bin"]
