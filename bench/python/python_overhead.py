#!/usr/bin/python3
"""How much the Python binding adds to an aclnn call, and how fast `aclnn-cpu golden` writes a case directory.
Reported, not asserted (noisy on a shared machine: run it on a quiet one for figures to publish).

    PYTHONPATH=python ACLNN_CPU_LIB_DIR=build/lib64 /usr/bin/python3 bench/python/python_overhead.py [--quick]

1. Per call: aclnn_cpu.prelu on a small (2x4) and a 16 MiB (4 Mi fp32) input, with a preallocated out= and with the
   output allocated by the binding, against the same call made from C++ (bench/python/capi_loop.cpp, compiled here
   with the vendor's g++ line: create the tensors, both phases, synchronize, destroy).
2. Golden: `aclnn-cpu golden` over 100 cases (all ten operators, 16-64 KiB tensors) with --jobs 1 and --jobs 2,
   against the operators alone (the same calls on the same inputs, in one process, no file writing).
"""
import argparse
import csv
import os
import shutil
import subprocess
import sys
import tempfile
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(SOURCE, "python"))
import aclnn_cpu  # noqa: E402
from aclnn_cpu import _capi  # noqa: E402


def best_of(fn, iterations, repeats=5):
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(iterations):
            fn()
        best = min(best, (time.perf_counter() - start) / iterations)
    return best * 1e6


def capi_time(lib_dir, elements, iterations, workdir):
    exe = os.path.join(workdir, "capi_loop")
    if not os.path.exists(exe):
        cmd = ["g++", "-O2", "-std=c++17", os.path.join(HERE, "capi_loop.cpp"), "-I", os.path.join(SOURCE, "include"),
               "-L", lib_dir, "-lascendcl", "-lnnopbase", "-lopapi_nn", f"-Wl,-rpath,{lib_dir}", "-o", exe]
        subprocess.run(cmd, check=True)
    return float(subprocess.run([exe, str(elements), str(iterations)], check=True, capture_output=True,
                                text=True).stdout)


def per_call(lib_dir, workdir, quick):
    print("== per call: aclnn_cpu.prelu vs the C API (best of runs, microseconds per call)")
    print(f"{'input':>14} {'C API':>10} {'Python out=':>12} {'added':>9} {'Python alloc':>13} {'added':>9}")
    for elements, iters in ((8, 2000 if quick else 20000), (4 << 20, 10 if quick else 40)):
        x = np.full((elements // 4, 4), -1.5, np.float32)
        w = np.full(4, 0.25, np.float32)
        out = np.empty_like(x)
        aclnn_cpu.prelu(x, w, out=out)
        c, p_out, p_alloc = float("inf"), float("inf"), float("inf")
        for _ in range(3):  # interleaved, so that a change in the machine's load hits both sides
            c = min(c, capi_time(lib_dir, elements, iters, workdir))
            p_out = min(p_out, best_of(lambda: aclnn_cpu.prelu(x, w, out=out), iters))
            p_alloc = min(p_alloc, best_of(lambda: aclnn_cpu.prelu(x, w), iters))
        label = "2x4 fp32" if elements == 8 else "16 MiB fp32"
        pct = lambda t: f"{(t - c) / c * 100:+.1f}%" if elements > 8 else f"{t - c:+.1f}us"  # noqa: E731
        print(f"{label:>14} {c:10.2f} {p_out:12.2f} {pct(p_out):>9} {p_alloc:13.2f} {pct(p_alloc):>9}")


OPS_CASES = [
    ("aclnnPrelu", lambda n: [(n, 16, 32), (16,), (n, 16, 32)], {}),
    ("aclnnPreluBackward", lambda n: [(n, 16, 32), (n, 16, 32), (16,), (n, 16, 32), (16,)], {}),
    ("aclnnReflectionPad2d", lambda n: [(n, 16, 32), (n, 18, 34)], {"padding": [1, 1, 1, 1]}),
    ("aclnnReplicationPad2d", lambda n: [(n, 16, 32), (n, 18, 34)], {"padding": [1, 1, 1, 1]}),
    ("aclnnReflectionPad2dBackward", lambda n: [(n, 18, 34), (n, 16, 32), (n, 16, 32)], {"padding": [1, 1, 1, 1]}),
    ("aclnnReplicationPad2dBackward", lambda n: [(n, 18, 34), (n, 16, 32), (n, 16, 32)], {"padding": [1, 1, 1, 1]}),
    ("aclnnLayerNormBackward", lambda n: [(n * 16, 32), (n * 16, 32), (n * 16, 1), (n * 16, 1), (32,), (32,),
                                          (n * 16, 32), (32,), (32,)], {"normalizedShape": [32]}),
    ("aclnnGroupNormSwishGrad", lambda n: [(n, 16, 32), (n, 4), (n, 4), (n, 16, 32), (16,), (16,)],
     {"numGroups": 4}),
    ("aclnnConvTbc", lambda n: [(n * 8, 4, 16), (3, 16, 16), (16,)], {"pad": 1}),
    ("aclnnConvTbcBackward", lambda n: [(n * 8, 4, 16), (n * 8, 4, 16), (1, 16, 16), (16,)], {"pad": 0}),
]


def write_cases(path, count, scale=1):
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=["testcase_name", "api_name", "tensor_view_shapes", "tensor_dtypes",
                                          "attributes", "input_data_ranges"])
        w.writeheader()
        for i in range(count):
            api, shapes, attrs = OPS_CASES[i % len(OPS_CASES)]
            n = (8 + 8 * (i % 3)) * scale
            sh = shapes(n)
            dt = "float32" if i % 2 == 0 else "float16"
            rng = "" if "Norm" not in api else repr([[-1, 1]] * 2 + [[0, 0.1], [0.5, 2]] + [[-1, 1]] * (len(sh) - 4))
            w.writerow({"testcase_name": f"case_{i:03d}", "api_name": api, "tensor_view_shapes": repr(tuple(sh)),
                        "tensor_dtypes": repr((dt,) * len(sh)), "attributes": repr(attrs) if attrs else "",
                        "input_data_ranges": rng})


def golden_bench(workdir, quick, scale=1):
    from aclnn_cpu import _cli_golden

    count = 100
    cases_path = os.path.join(workdir, "cases.csv")
    write_cases(cases_path, count, scale)
    cases = _cli_golden.read_cases(cases_path)
    # The operators alone: the same calls on the same inputs, in this process, no files.
    prepared = []
    draw_start = time.perf_counter()
    for c in cases:
        rng = _cli_golden._case_seed(0, c)
        mode, _ = _cli_golden._precision_for(c, "auto")
        values = []
        for p in c.op.inputs:
            if p.kind == "tensor":
                spec = c.tensors.get(p.name)
                if spec is None:
                    values.append(None)
                    continue
                _, view = _cli_golden._make_input(rng, spec, native_bf16=mode == "native")
                values.append(view.astype(np.float32) if mode == "float32" else view)
            else:
                values.append(c.attrs.get(p.name, p.default))
        prepared.append((c.op, values))
    drawing = time.perf_counter() - draw_start
    start = time.perf_counter()
    outputs = [op.call(values) for op, values in prepared]
    ops_alone = time.perf_counter() - start
    # The least any golden tool writes: each input and output once, one plain file per tensor.
    floor_dir = os.path.join(workdir, "floor")
    os.makedirs(floor_dir)
    start = time.perf_counter()
    for i, ((_, values), outs) in enumerate(zip(prepared, outputs)):
        arrays = [v for v in values if isinstance(v, np.ndarray)] + [o for o in outs if isinstance(o, np.ndarray)]
        for j, a in enumerate(arrays):
            np.ascontiguousarray(a).tofile(os.path.join(floor_dir, f"{i}_{j}.bin"))
    writing = time.perf_counter() - start
    tool = os.path.join(SOURCE, "tools", "aclnn-cpu")
    files = sum(1 + sum(1 for p in c.op.params if p.kind == "tensor") for c in cases)
    print(f"== aclnn-cpu golden over {count} cases ({16 * scale}-{64 * scale} KiB tensors, fp32 and fp16 with float32 goldens; "
          f"~{files} files and directories created in {workdir})")
    print(f"operators alone (one process, no files): {ops_alone * 1e3:8.1f} ms")
    import_start = time.perf_counter()
    subprocess.run([sys.executable, "-c", "import aclnn_cpu"], check=True)  # golden imports torch only for bf16 APIs run natively
    startup = time.perf_counter() - import_start
    print(f"interpreter + import aclnn_cpu:          {startup * 1e3:8.1f} ms")
    print(f"drawing the inputs (NumPy, in process):  {drawing * 1e3:8.1f} ms")
    print(f"writing inputs and outputs (tofile):     {writing * 1e3:8.1f} ms")
    floor = startup + drawing + ops_alone + writing
    print(f"floor of any golden tool (the four):     {floor * 1e3:8.1f} ms ({floor / ops_alone:.1f}x the operators alone)")
    for jobs in (1, 2):
        out = os.path.join(workdir, f"out{jobs}")
        shutil.rmtree(out, ignore_errors=True)
        start = time.perf_counter()
        subprocess.run([sys.executable, tool, "golden", "--case", cases_path, "--out", out, "--jobs", str(jobs),
                        "--quiet"], check=True)
        t = time.perf_counter() - start
        print(f"golden --jobs {jobs}: {t * 1e3:8.1f} ms total ({t / ops_alone:.1f}x the operators alone)")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="fewer iterations")
    ap.add_argument("--scale", type=int, default=1, help="tensor size multiplier of the golden cases (1: 16-64 KiB)")
    ap.add_argument("--dir", help="where the golden output goes (default: a temporary directory in $TMPDIR; "
                                  "/dev/shm takes the file system's create cost out)")
    args = ap.parse_args()
    rt = _capi.runtime()
    lib_dir = rt.lib_dir or os.path.join(SOURCE, "build", "lib64")
    print(f"libraries: {lib_dir}; cores: {os.cpu_count()}; numbers are noisy on a shared machine")
    workdir = tempfile.mkdtemp(prefix="aclnn-cpu-pybench-", dir=args.dir)
    try:
        per_call(lib_dir, workdir, args.quick)
        golden_bench(workdir, args.quick, args.scale)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
