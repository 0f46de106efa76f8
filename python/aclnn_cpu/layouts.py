"""On-disk layouts of golden data (docs/golden.md "Files and layouts"; spec §1.2, §1.5).

TTK manual data (what `python3 -m ttk aclnn ... --manual-data-dirs DIR` replays), one directory per case:

    DIR/<case_dir_name(testcase_name)>/input_0_float16.bin             inputs (bytes of the backing storage)
                                      input_1_none.bin                 absent optional tensor (zero bytes)
                                      scalar_0_float32.bin             one element
                                      golden_0_float32__shape_2x8.bin  goldens carry their shape

    path = write_manual_case(root, "case_1", inputs=[(x, "float16"), None], scalars=[(1.0, "float32")],
                             goldens=[(y, "float32")])
    case = read_manual_case(path)            # case.inputs / .scalars / .goldens: arrays (None for markers)

Samples layout (`verify_result.py output/output_z.bin output/golden.bin`):

    write_sample_case(out, inputs={"x": (x, "float16")}, goldens={"z": (y, "float16")})
    # out/input/input_x.bin, out/output/golden.bin (golden_<name>.bin for each of several outputs)

Files are written raw (`bin`, the default) or as NumPy `.npy` (fmt="npy": the file carries its shape, so
goldens get no `__shape_` suffix; bfloat16 is stored as its uint16 bit patterns); only `bin` is read back. A case
is published atomically: written into a hidden temporary directory beside it, then renamed, so a reader never
sees half a case (staged_case gives other writers, such as `aclnn-cpu golden`, the same guarantee).
"""

import contextlib
import hashlib
import os
import re
import shutil
import tempfile
from dataclasses import dataclass, field

import numpy as np

from .binio import BinFormatError, _default_dtype, decode_bytes, dtype_info, encoded_buffer, save_bin


class LayoutError(ValueError):
    """A case directory or file name that breaks the layout rules; one-line message."""


class CaseExistsError(LayoutError):
    """The case directory exists and force was not given; `path` names it."""

    def __init__(self, path):
        super().__init__(f"{path} exists (use force to replace it)")
        self.path = path


ROLES = ("input", "scalar", "golden")
FORMATS = ("bin", "npy")
NONE_DTYPE = "none"
_SAFE_NAME = re.compile(r"[A-Za-z0-9_.-]+")
_UNSAFE_RUN = re.compile(r"[^A-Za-z0-9_.-]+")
_FILE_NAME = re.compile(r"^(input|scalar|golden)_(0|[1-9][0-9]*)_([A-Za-z0-9][A-Za-z0-9_.-]*?)"
                        r"(?:__shape_(scalar|[0-9]+(?:x[0-9]+)*))?\.(bin|npy|pt)$")


def case_dir_name(testcase_name):
    """The case directory: the name itself if it is [A-Za-z0-9_.-]+ and at most 120 characters; otherwise
    other-character runs become `_`, leading/trailing `._` are stripped, and the first 96 characters get
    `-` + the first 12 hex digits of SHA-256(name) (so distinct long or unsafe names stay distinct)."""
    name = str(testcase_name)
    if _SAFE_NAME.fullmatch(name) and len(name) <= 120:
        return name
    safe = _UNSAFE_RUN.sub("_", name).strip("._") or "case"
    return f"{safe[:96]}-{hashlib.sha256(name.encode('utf-8')).hexdigest()[:12]}"


def encode_shape(shape):
    """`scalar` for (), else dims joined by `x` (`2x0x3`)."""
    shape = tuple(int(d) for d in shape)
    if any(d < 0 for d in shape):
        raise LayoutError(f"negative dimension in shape {shape}")
    return "x".join(map(str, shape)) if shape else "scalar"


def decode_shape(text):
    return () if text == "scalar" else tuple(int(d) for d in text.split("x"))


def manual_file_name(role, index, dtype=None, shape=None, fmt="bin"):
    """`input_<i>_<dtype>.bin`, `golden_<k>_<dtype>__shape_<dims>.bin`; dtype None gives the `_none` marker
    name. Raw-bin goldens must be given a shape (the file carries none); `.npy` goldens take no suffix."""
    if role not in ROLES:
        raise LayoutError(f"unknown role '{role}' (input, scalar, golden)")
    if fmt not in FORMATS:
        raise LayoutError(f"format '{fmt}' is not supported (bin or npy)")
    if dtype is None:
        return f"{role}_{int(index)}_{NONE_DTYPE}.{fmt}"
    name = f"{role}_{int(index)}_{dtype_info(dtype).name}"
    if role == "golden" and fmt == "bin":
        if shape is None:
            raise LayoutError("a raw-bin golden needs its shape")
        name += f"__shape_{encode_shape(shape)}"
    return f"{name}.{fmt}"


@dataclass
class ManualFile:
    """One parsed file name. dtype is None for a `_none` marker; shape only for goldens."""

    role: str
    index: int
    dtype: object
    shape: object
    fmt: str
    path: str


def parse_manual_file_name(path):
    name = os.path.basename(path)
    m = _FILE_NAME.match(name)
    if not m:
        raise LayoutError(f"{name}: not a manual-data file name (input_<i>_<dtype>.bin, scalar_<j>_<dtype>.bin, "
                          "golden_<k>_<dtype>__shape_<dims>.bin, *_none.bin)")
    role, index, dtype, shape, fmt = m.groups()
    if dtype == NONE_DTYPE:
        if shape is not None:
            raise LayoutError(f"{name}: a none marker carries no shape")
        return ManualFile(role, int(index), None, None, fmt, path)
    try:
        dtype = dtype_info(dtype).name
    except BinFormatError as e:
        raise LayoutError(f"{name}: {e}") from None
    return ManualFile(role, int(index), dtype, None if shape is None else decode_shape(shape), fmt, path)


@dataclass
class ManualCase:
    """A read case: arrays by role (None where a marker stands), their dtypes, and the parsed files."""

    path: str
    inputs: list = field(default_factory=list)
    scalars: list = field(default_factory=list)
    goldens: list = field(default_factory=list)
    dtypes: dict = field(default_factory=dict)  # role -> list of dtype names (None for markers)
    files: list = field(default_factory=list)


def write_file(array, path, dtype=None, fmt="bin"):
    """One data file, written in one call (no temporary of its own: callers publish the whole directory).
    dtype None: the array's own. `.npy` files hold the file elements (bfloat16 as uint16 bit patterns)."""
    if fmt == "bin":
        save_bin(array, path, dtype, atomic=False)
        return
    name = dtype_info(dtype if dtype is not None else _default_dtype(array)).name
    storage = np.frombuffer(encoded_buffer(array, name), dtype_info(name).storage)
    shape = tuple(array.shape) if hasattr(array, "shape") else np.shape(array)
    with open(path, "wb") as f:
        np.save(f, storage.reshape(shape) if name != "complex32" else storage, allow_pickle=False)


def write_marker(path):
    """The empty file that stands for an absent optional tensor."""
    open(path, "wb").close()


def write_manual_files(directory, inputs=(), scalars=(), goldens=(), fmt="bin"):
    """The files of one manual-data case in an existing directory (see write_manual_case for the arguments)."""
    for role, items in (("input", inputs), ("scalar", scalars), ("golden", goldens)):
        for index, item in enumerate(items or ()):
            if item is None:
                write_marker(os.path.join(directory, manual_file_name(role, index, fmt=fmt)))
                continue
            array, dtype = item
            dtype = dtype_info(dtype if dtype is not None else _default_dtype(array)).name
            shape = tuple(array.shape) if hasattr(array, "shape") else np.shape(array)
            if role == "scalar" and int(np.prod(shape)) != 1:
                raise LayoutError(f"scalar_{index} must hold one element, not shape {shape}")
            write_file(array, os.path.join(directory, manual_file_name(role, index, dtype, shape, fmt)), dtype, fmt)


def case_path(root, testcase_name):
    """root/<case_dir_name(testcase_name)>."""
    return os.path.join(root, case_dir_name(testcase_name))


def _publish(tmp, final):
    """Rename tmp to final; an old final is first moved aside, so the name never holds a partial case."""
    old = None
    if os.path.lexists(final):
        old = tempfile.mkdtemp(prefix=".old.", dir=os.path.dirname(final))
        os.rename(final, os.path.join(old, "case"))
    os.rename(tmp, final)
    if old:
        shutil.rmtree(old, ignore_errors=True)


@contextlib.contextmanager
def staged_case(root, testcase_name, force=False):
    """Yield a hidden temporary directory in `root` (created if missing) to write one case into; on a clean
    exit it is renamed to case_path(root, testcase_name), on an exception removed. An existing case raises
    LayoutError unless force=True (then it is replaced, the name never holding a partial case)."""
    os.makedirs(root, exist_ok=True)
    final = case_path(root, testcase_name)
    if os.path.lexists(final) and not force:
        raise CaseExistsError(final)
    tmp = tempfile.mkdtemp(prefix=f".{os.path.basename(final)[:40]}.", dir=root)
    try:
        yield tmp
        _publish(tmp, final)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


def write_manual_case(root, testcase_name, inputs=(), scalars=(), goldens=(), force=False, fmt="bin"):
    """Write one case under `root` and return its directory. Each of inputs/scalars/goldens is a sequence of
    (array, dtype) pairs (NumPy or torch arrays; dtype a name such as "bfloat16", or None for the array's own)
    or None for an absent tensor. Inputs are written in C order: pass the backing storage for views.
    Publishing is atomic (hidden temporary directory, then rename); an existing case raises LayoutError unless
    force=True."""
    with staged_case(root, testcase_name, force) as tmp:
        write_manual_files(tmp, inputs, scalars, goldens, fmt)
    return case_path(root, testcase_name)


def read_manual_case(case_dir, input_shapes=None):
    """Read a case directory written by write_manual_case (or by TTK's prepare step, bin format). Inputs and
    scalars come back flat (their shapes live in the case CSV) unless `input_shapes` gives them; goldens take
    the shape in their names. Raises LayoutError for a stray file or subdirectory, a gap in a role's indices,
    a non-empty marker or a size that does not fit the dtype/shape."""
    if not os.path.isdir(case_dir):
        raise LayoutError(f"{case_dir}: not a directory")
    case = ManualCase(str(case_dir))
    for entry in sorted(os.listdir(case_dir)):
        path = os.path.join(case_dir, entry)
        if os.path.isdir(path):
            raise LayoutError(f"{path}: case directories hold no subdirectories")
        case.files.append(parse_manual_file_name(path))
    if len({f.fmt for f in case.files}) > 1:
        raise LayoutError(f"{case_dir}: mixed file formats")
    if any(f.fmt != "bin" for f in case.files):
        raise LayoutError(f"{case_dir}: only bin files are read")
    for role in ROLES:
        files = sorted((f for f in case.files if f.role == role), key=lambda f: f.index)
        if [f.index for f in files] != list(range(len(files))):
            raise LayoutError(f"{case_dir}: {role} indices are not contiguous from 0")
        arrays = []
        for f in files:
            with open(f.path, "rb") as fh:
                data = fh.read()
            if f.dtype is None:
                if data:
                    raise LayoutError(f"{f.path}: a none marker must be empty")
                arrays.append(None)
                continue
            shape = f.shape
            if role == "input" and input_shapes is not None and f.index < len(input_shapes):
                shape = input_shapes[f.index]
            try:
                arrays.append(decode_bytes(data, f.dtype, shape, what=f.path))
            except BinFormatError as e:
                raise LayoutError(str(e)) from None
        setattr(case, role + "s", arrays)
        case.dtypes[role] = [f.dtype for f in files]
    return case


def write_sample_case(out_dir, inputs, goldens, fmt="bin"):
    """The samples' layout: out_dir/input/input_<name>.bin per input and out_dir/output/golden.bin for one
    output, golden_<name>.bin for each of several. `inputs`/`goldens` map names to (array, dtype); an input
    None is written as an empty marker file, a golden None (an output not asked for) is skipped but still
    counts as one of several. Returns the paths written."""
    for sub in ("input", "output"):
        os.makedirs(os.path.join(out_dir, sub), exist_ok=True)
    paths = []
    for name, item in inputs.items():
        paths.append(os.path.join(out_dir, "input", f"input_{name}.{fmt}"))
        if item is None:
            write_marker(paths[-1])
        else:
            write_file(item[0], paths[-1], item[1], fmt)
    for name, item in goldens.items():
        if item is None:
            continue
        file = "golden" if len(goldens) == 1 else f"golden_{name}"
        paths.append(os.path.join(out_dir, "output", f"{file}.{fmt}"))
        write_file(item[0], paths[-1], item[1], fmt)
    return paths
