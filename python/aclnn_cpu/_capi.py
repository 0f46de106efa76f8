"""ctypes binding of the public aclnn / acl C API, as a CANN program calls it.

The libraries come from, in order: $ACLNN_CPU_LIB_DIR; <this package>/../../lib64 (the installed prefix:
<prefix>/python/aclnn_cpu and <prefix>/lib64); the dynamic loader's search path (LD_LIBRARY_PATH).
They are loaded on the first operator call, not at import, so that `aclnn-cpu golden --jobs N` can fork its
workers before any runtime thread exists.

One aclInit per process; one stream per thread (created on the thread's first call, destroyed at exit);
every call runs both phases, allocates the workspace with aclrtMalloc when phase 1 asks for one, synchronizes
the stream and destroys every object it created. Function prototypes are built once per operator and cached.
"""

import atexit
import ctypes
import os
import threading

from .errors import AclnnError

LIBRARY_NAMES = ("libascendcl.so", "libnnopbase.so", "libopapi_nn.so", "libopapi_math.so")
OP_LIBRARY_NAMES = ("libopapi_nn.so", "libopapi_math.so")

# aclDataType values (acl/acl_base_rt.h).
ACL_FLOAT = 0
ACL_FLOAT16 = 1
ACL_INT8 = 2
ACL_INT32 = 3
ACL_UINT8 = 4
ACL_INT16 = 6
ACL_UINT16 = 7
ACL_UINT32 = 8
ACL_INT64 = 9
ACL_UINT64 = 10
ACL_DOUBLE = 11
ACL_BOOL = 12
ACL_COMPLEX64 = 16
ACL_COMPLEX128 = 17
ACL_BF16 = 27

ACL_FORMAT_NCHW = 0
ACL_FORMAT_NCHW = 0
ACL_FORMAT_ND = 2
ACL_FORMAT_NCDHW = 30
ACL_FORMAT_NCL = 47
ACL_MEM_MALLOC_HUGE_FIRST = 0

_c_void_p = ctypes.c_void_p
_c_int64_p = ctypes.POINTER(ctypes.c_int64)
_c_status = ctypes.c_int32

# Argument kinds of the GetWorkspaceSize entries -> ctypes types.
ARG_CTYPES = {
    "tensor": _c_void_p,
    "intarray": _c_void_p,
    "boolarray": _c_void_p,
    "int64": ctypes.c_int64,
    "int32": ctypes.c_int32,
    "int8": ctypes.c_int8,
    "double": ctypes.c_double,
    "float": ctypes.c_float,
    "uint64": ctypes.c_uint64,
    "bool": ctypes.c_bool,
    "str": ctypes.c_char_p,
    "scalar": _c_void_p,  # aclScalar*
    "dtype": ctypes.c_int,  # aclDataType
}


def _candidate_dirs():
    env = os.environ.get("ACLNN_CPU_LIB_DIR")
    if env:
        yield env
    here = os.path.dirname(os.path.abspath(__file__))
    yield os.path.normpath(os.path.join(here, "..", "..", "lib64"))


def _find_library_dir():
    for d in _candidate_dirs():
        if all(os.path.exists(os.path.join(d, n)) for n in LIBRARY_NAMES):
            return d
    return None  # by name, through LD_LIBRARY_PATH / the loader cache


class _Runtime:
    def __init__(self):
        lib_dir = _find_library_dir()
        self.lib_dir = lib_dir
        mode = getattr(os, "RTLD_GLOBAL", 0) | getattr(os, "RTLD_NOW", 0)
        self.libs = {}
        for name in LIBRARY_NAMES:
            path = os.path.join(lib_dir, name) if lib_dir else name
            try:
                self.libs[name] = ctypes.CDLL(path, mode=mode)
            except OSError as e:
                raise ImportError(
                    f"aclnn_cpu: cannot load {path} ({e}); set ACLNN_CPU_LIB_DIR to the directory holding "
                    "libascendcl.so, libnnopbase.so, libopapi_nn.so and libopapi_math.so (<prefix>/lib64)"
                ) from e
        acl = self.libs["libascendcl.so"]
        base = self.libs["libnnopbase.so"]

        def proto(lib, name, restype, *argtypes):
            fn = getattr(lib, name)
            fn.restype = restype
            fn.argtypes = list(argtypes)
            return fn

        self.aclInit = proto(acl, "aclInit", _c_status, ctypes.c_char_p)
        self.aclFinalize = proto(acl, "aclFinalize", _c_status)
        self.aclGetRecentErrMsg = proto(acl, "aclGetRecentErrMsg", ctypes.c_char_p)
        self.aclrtSetDevice = proto(acl, "aclrtSetDevice", _c_status, ctypes.c_int32)
        self.aclrtResetDevice = proto(acl, "aclrtResetDevice", _c_status, ctypes.c_int32)
        self.aclrtCreateStream = proto(acl, "aclrtCreateStream", _c_status, ctypes.POINTER(_c_void_p))
        self.aclrtDestroyStream = proto(acl, "aclrtDestroyStream", _c_status, _c_void_p)
        self.aclrtSynchronizeStream = proto(acl, "aclrtSynchronizeStream", _c_status, _c_void_p)
        self.aclrtMalloc = proto(acl, "aclrtMalloc", _c_status, ctypes.POINTER(_c_void_p), ctypes.c_size_t,
                                 ctypes.c_int)
        self.aclrtFree = proto(acl, "aclrtFree", _c_status, _c_void_p)
        self.aclCreateTensor = proto(base, "aclCreateTensor", _c_void_p, _c_int64_p, ctypes.c_uint64, ctypes.c_int,
                                     _c_int64_p, ctypes.c_int64, ctypes.c_int, _c_int64_p, ctypes.c_uint64,
                                     _c_void_p)
        self.aclDestroyTensor = proto(base, "aclDestroyTensor", _c_status, _c_void_p)
        # The per-call path: the same entry without argtypes, called with ready ctypes objects only (no per-argument
        # conversion; Handles.tensor builds every argument from ops' cached geometry).
        self.create_tensor_fast = ctypes.CFUNCTYPE(_c_void_p)(ctypes.cast(base.aclCreateTensor, _c_void_p).value)
        self.aclCreateIntArray = proto(base, "aclCreateIntArray", _c_void_p, _c_int64_p, ctypes.c_uint64)
        self.aclDestroyIntArray = proto(base, "aclDestroyIntArray", _c_status, _c_void_p)
        self.aclCreateBoolArray = proto(base, "aclCreateBoolArray", _c_void_p, ctypes.POINTER(ctypes.c_bool),
                                        ctypes.c_uint64)
        self.aclDestroyBoolArray = proto(base, "aclDestroyBoolArray", _c_status, _c_void_p)
        self.aclCreateScalar = proto(base, "aclCreateScalar", _c_void_p, _c_void_p, ctypes.c_int)
        self.aclDestroyScalar = proto(base, "aclDestroyScalar", _c_status, _c_void_p)

        status = self.aclInit(None)
        if status != 0:
            raise AclnnError(status, "aclInit failed: " + self.recent_message())
        self.ops = {}
        self.streams = []
        self.local = threading.local()
        self.lock = threading.Lock()
        self.pid = os.getpid()

    def recent_message(self):
        msg = self.aclGetRecentErrMsg()
        return msg.decode("utf-8", "replace").strip() if msg else ""

    def stream(self):
        s = getattr(self.local, "stream", None)
        if s is None:
            status = self.aclrtSetDevice(0)
            if status != 0:
                raise AclnnError(status, "aclrtSetDevice(0) failed: " + self.recent_message())
            handle = _c_void_p()
            status = self.aclrtCreateStream(ctypes.byref(handle))
            if status != 0:
                raise AclnnError(status, "aclrtCreateStream failed: " + self.recent_message())
            s = handle.value
            self.local.stream = s
            with self.lock:
                self.streams.append(s)
        return s

    def op(self, name, kinds):
        """The two entries of aclnn<name>, prototypes set for the argument kinds (cached)."""
        entry = self.ops.get(name)
        if entry is not None:
            return entry
        ws_fn = run_fn = None
        for lib_name in OP_LIBRARY_NAMES:
            lib = self.libs[lib_name]
            try:
                ws_fn = getattr(lib, name + "GetWorkspaceSize")
                run_fn = getattr(lib, name)
            except AttributeError:
                continue
            break
        if ws_fn is None or run_fn is None:
            raise AclnnError(161002, f"{name} is not provided by the libraries in {self.lib_dir or 'the loader path'}")
        ws_fn.restype = _c_status
        ws_fn.argtypes = [ARG_CTYPES[k] for k in kinds] + [ctypes.POINTER(ctypes.c_uint64),
                                                           ctypes.POINTER(_c_void_p)]
        run_fn.restype = _c_status
        run_fn.argtypes = [_c_void_p, ctypes.c_uint64, _c_void_p, _c_void_p]
        entry = (ws_fn, run_fn)
        self.ops[name] = entry
        return entry

    def shutdown(self):
        if os.getpid() != self.pid:  # a forked child never owns the parent's runtime objects
            return
        with self.lock:
            streams, self.streams = self.streams, []
        for s in streams:
            self.aclrtDestroyStream(s)
        self.aclrtResetDevice(0)
        self.aclFinalize()


_runtime = None
_runtime_lock = threading.Lock()


def runtime():
    global _runtime
    rt = _runtime
    if rt is None:
        with _runtime_lock:
            if _runtime is None:
                _runtime = _Runtime()
                atexit.register(_runtime.shutdown)
            rt = _runtime
    return rt


def loaded():
    return _runtime is not None


_DTYPE_C = {v: ctypes.c_int(v) for v in range(64)}
_FORMAT_C = {f: ctypes.c_int(f) for f in (ACL_FORMAT_NCHW, ACL_FORMAT_ND, ACL_FORMAT_NCDHW, ACL_FORMAT_NCL)}
_ONE_C = ctypes.c_uint64(1)


class Handles:
    """The acl objects of one call; destroy() releases every one of them (also on errors)."""

    __slots__ = ("rt", "tensors", "int_arrays", "bool_arrays", "scalars")

    def __init__(self, rt):
        self.rt = rt
        self.tensors = []
        self.int_arrays = []
        self.bool_arrays = []
        self.scalars = []

    def tensor(self, arg, fmt=ACL_FORMAT_ND):
        """aclCreateTensor of an ops._TensorArg (its cached geometry and storage-span address), format ND unless the
        operator asks for another (ops.Op channels_first)."""
        g = arg.geom
        h = self.rt.create_tensor_fast(g.dims_c, g.ndim_c, _DTYPE_C[arg.acl], g.strides_c, g.offset_c, _FORMAT_C[fmt],
                                       g.storage_c, _ONE_C, _c_void_p(arg.ptr))
        if not h:
            raise AclnnError(161001, "aclCreateTensor returned nullptr: " + self.rt.recent_message())
        self.tensors.append(h)
        return h

    def int_array(self, values):
        values = [int(v) for v in values]
        n = len(values)
        h = self.rt.aclCreateIntArray((ctypes.c_int64 * max(n, 1))(*values), n)
        if not h:
            raise AclnnError(161001, "aclCreateIntArray returned nullptr: " + self.rt.recent_message())
        self.int_arrays.append(h)
        return h

    def bool_array(self, values):
        values = [bool(v) for v in values]
        n = len(values)
        h = self.rt.aclCreateBoolArray((ctypes.c_bool * max(n, 1))(*values), n)
        if not h:
            raise AclnnError(161001, "aclCreateBoolArray returned nullptr: " + self.rt.recent_message())
        self.bool_arrays.append(h)
        return h

    def scalar(self, value):
        """aclCreateScalar of an (aclDataType, element bytes) pair (ops._scalar_value); the value is copied."""
        acl, data = value
        buf = (ctypes.c_uint64 * 2)()  # 16 bytes, 8-aligned: any element up to complex128
        ctypes.memmove(buf, data, len(data))
        h = self.rt.aclCreateScalar(buf, acl)
        if not h:
            raise AclnnError(161001, "aclCreateScalar returned nullptr: " + self.rt.recent_message())
        self.scalars.append(h)
        return h

    def destroy(self):
        rt = self.rt
        for h in self.tensors:
            rt.aclDestroyTensor(h)
        for h in self.int_arrays:
            rt.aclDestroyIntArray(h)
        for h in self.bool_arrays:
            rt.aclDestroyBoolArray(h)
        for h in self.scalars:
            rt.aclDestroyScalar(h)
        self.tensors = self.int_arrays = self.bool_arrays = self.scalars = ()


class _CallState(threading.local):
    """Per-thread reusable out-parameters of phase 1 (no ctypes objects built per call)."""

    def __init__(self):
        self.ws_size = ctypes.c_uint64(0)
        self.executor = _c_void_p()
        self.ws_ref = ctypes.byref(self.ws_size)
        self.ex_ref = ctypes.byref(self.executor)


_state = _CallState()


def run(rt, name, kinds, args, entry=None):
    """Phase 1, workspace, phase 2 and the stream synchronization of aclnn<name>; AclnnError on a status.
    entry: the (phase 1, phase 2) functions from rt.op(name, kinds), when the caller cached them."""
    ws_fn, run_fn = entry or rt.op(name, kinds)
    st = _state
    status = ws_fn(*args, st.ws_ref, st.ex_ref)
    if status != 0:
        raise AclnnError(status, rt.recent_message())
    executor = st.executor.value
    size = st.ws_size.value
    stream = rt.local.__dict__.get("stream") or rt.stream()
    workspace = None
    if size > 0:
        ptr = _c_void_p()
        status = rt.aclrtMalloc(ctypes.byref(ptr), size, ACL_MEM_MALLOC_HUGE_FIRST)
        if status != 0:
            message = rt.recent_message()
            run_fn(None, size, executor, stream)  # consumes the executor (refused: workspace missing)
            raise AclnnError(status, f"aclrtMalloc of a {size}-byte workspace failed: {message}")
        workspace = ptr.value
    try:
        status = run_fn(workspace, size, executor, stream)
        if status != 0:
            raise AclnnError(status, rt.recent_message())
        status = rt.aclrtSynchronizeStream(stream)
        if status != 0:
            raise AclnnError(status, rt.recent_message())
    finally:
        if workspace is not None:
            rt.aclrtFree(workspace)
