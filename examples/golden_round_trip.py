#!/usr/bin/python3
"""The golden round trip `make demo` ends with: a test-kit case file in, inputs and a golden out, a device output
judged against the golden by the vendor's precision standard: a correct output passes, a corrupted one fails and
its worst elements are shown.

    ACLNN_CPU_LIB_DIR=build/lib64 PYTHONPATH=python /usr/bin/python3 examples/golden_round_trip.py

1. `aclnn-cpu golden` draws the inputs of a float16 aclnnPrelu case and computes its golden with aclnn-cpu itself,
   in float32 (the test kits' golden precision for float16), in TTK's manual-data layout.
2. The "device" (here: the same operator run in float16, what an NPU would do) reads the input files and writes
   its output file.
3. `aclnn-cpu compare` judges it (standard `mixed`): PASS. Three elements are then corrupted: FAIL, worst first.

4. One function of each of the vendor's categories goes the same way: its golden (in float32) and a "device" run
   in float16 (the same case written again with --golden-precision native), judged by `aclnn-cpu compare`.

Exit 0 when the round trip behaves so (pass, then fail, then a pass per category), 1 otherwise. The `aclnn-cpu` command run is the source
tree's tools/aclnn-cpu (ACLNN_CPU_TOOL overrides it, e.g. <prefix>/bin/aclnn-cpu).
"""
import os
import subprocess
import sys
import tempfile

import numpy as np

import aclnn_cpu
from aclnn_cpu import layouts

HERE = os.path.dirname(os.path.abspath(__file__))
TOOL = os.environ.get("ACLNN_CPU_TOOL") or os.path.join(HERE, "..", "tools", "aclnn-cpu")

CASES = """testcase_name,api_name,tensor_view_shapes,tensor_dtypes,input_data_ranges
prelu_fp16,aclnnPrelu,"[[4,8,16],[8],[4,8,16]]","['float16','float16','float16']","[[-4,4],[0,0.5],[0,0]]"
"""
SHAPE = (4, 8, 16)

# One function of each category (the vendor's folders): float16 cases whose goldens are computed in float32.
CATEGORY_CASES = """testcase_name,api_name,tensor_view_shapes,tensor_dtypes,input_data_ranges,attributes
math_add,aclnnAdd,"[[4,8],[8],[4,8]]","['float16','float16','float16']","[[-4,4],[-4,4],[0,0]]","{'alpha': 0.5}"
conversion_cast,aclnnCast,"[[4,8],[4,8]]","['float32','float16']","[[-4,4],[0,0]]","{'dtype': 'float16'}"
activation_softmax,aclnnSoftmax,"[[4,32],[4,32]]","['float16','float16']","[[-4,4],[0,0]]","{'dim': -1}"
matmul_mm,aclnnMm,"[[8,16],[16,4],[8,4]]","['float16','float16','float16']","[[-1,1],[-1,1],[0,0]]","{}"
norm_rms_norm,aclnnRmsNorm,"[[4,32],[32]]","['float16','float16']","[[-4,4],[0.5,1.5]]","{'epsilon': 1e-6}"
conv_convolution,aclnnConvolution,"[[1,2,6,6],[3,2,3,3],[3]]","['float16','float16','float16']","[[-1,1],[-1,1],[-1,1]]","{'stride': [1,1], 'padding': [1,1], 'dilation': [1,1]}"
index_embedding,aclnnEmbedding,"[[16,8],[4,3]]","['float16','int64']","[[-2,2],[0,15]]","{}"
loss_mse_loss,aclnnMseLoss,"[[4,8],[4,8]]","['float16','float16']","[[-2,2],[-2,2]]","{'reduction': 1}"
random_dropout_do_mask,aclnnDropoutDoMask,"[[4,32],[16]]","['float16','uint8']","[[-2,2],[0,255]]","{'prob': 0.25}"
optim_apply_adam_w_v2,aclnnApplyAdamWV2,"[[4,8],[4,8],[4,8],None,[4,8],[1]]","['float16','float16','float16',None,'float16','float32']","[[-1,1],[-0.1,0.1],[0,0.01],None,[-1,1],[0,5]]","{'lr': 0.01}"
"""
CATEGORY_NAMES = ["math_add", "conversion_cast", "activation_softmax", "matmul_mm", "norm_rms_norm", "conv_convolution",
                  "index_embedding", "loss_mse_loss", "random_dropout_do_mask", "optim_apply_adam_w_v2"]


def aclnn_cpu_command(*args):
    print("$ aclnn-cpu " + " ".join(os.path.relpath(a) if os.path.isabs(a) else a for a in args), flush=True)
    return subprocess.run([sys.executable, TOOL, *args], stderr=subprocess.STDOUT).returncode


def main():
    # Paths given relative to the caller's directory keep working in the temporary directory this runs in.
    if os.environ.get("ACLNN_CPU_LIB_DIR"):
        os.environ["ACLNN_CPU_LIB_DIR"] = os.path.abspath(os.environ["ACLNN_CPU_LIB_DIR"])
    if os.environ.get("PYTHONPATH"):
        os.environ["PYTHONPATH"] = os.pathsep.join(os.path.abspath(p) for p in os.environ["PYTHONPATH"].split(os.pathsep))
    global TOOL
    TOOL = os.path.abspath(TOOL)
    with tempfile.TemporaryDirectory(prefix="aclnn-cpu-golden-demo-") as work:
        os.chdir(work)
        with open("cases.csv", "w") as f:
            f.write(CASES)
        if aclnn_cpu_command("golden", "--case", "cases.csv", "--out", "manual_data") != 0:
            print("golden round trip: FAILED (aclnn-cpu golden did not write the case)")
            return 1
        case_dir = os.path.join("manual_data", "prelu_fp16")
        print("files: " + " ".join(sorted(os.listdir(case_dir))))
        case = layouts.read_manual_case(case_dir, input_shapes=[SHAPE, (8,)])
        golden = next(f.path for f in case.files if f.role == "golden")

        # The device under test: the same operator in the output dtype, fed from the input files.
        x, weight = case.inputs
        out = aclnn_cpu.prelu(x, weight)  # one output: the array itself
        aclnn_cpu.save_bin(out, "device_out.bin")
        rc_correct = aclnn_cpu_command("compare", "device_out.bin", golden, "--dtype", "float16",
                                       "--golden-dtype", "float32")

        bad = out.copy().reshape(-1)
        bad[[17, 230, 411]] = [bad[17] + np.float16(0.5), -bad[230] - np.float16(3), np.float16("nan")]
        aclnn_cpu.save_bin(bad, "corrupted_out.bin")
        rc_corrupted = aclnn_cpu_command("compare", "corrupted_out.bin", golden, "--dtype", "float16",
                                         "--golden-dtype", "float32", "--max-diff", "5")

        categories_ok = round_trip_categories()

    if rc_correct == 0 and rc_corrupted == 1 and categories_ok:
        print("golden round trip: ok (the correct output passes, the corrupted one fails, one function of each "
              "category passes)")
        return 0
    print(f"golden round trip: FAILED (exit codes {rc_correct} for the correct output, {rc_corrupted} for the "
          "corrupted one; expected 0 and 1)")
    return 1


def golden_files(root, case):
    """The case's output files golden_<k>_<dtype>__shape_<AxB>.bin, in order (an absent optional output's empty
    golden_<k>_none.bin marker left out)."""
    return sorted(f for f in os.listdir(os.path.join(root, case))
                  if f.startswith("golden_") and not f.endswith("_none.bin"))


def round_trip_categories():
    """Golden (float32) and device (float16) for CATEGORY_CASES, every output compared: True when all pass."""
    with open("categories.csv", "w") as f:
        f.write(CATEGORY_CASES)
    if (aclnn_cpu_command("golden", "--case", "categories.csv", "--out", "golden_data", "--quiet") != 0 or
            aclnn_cpu_command("golden", "--case", "categories.csv", "--out", "device_data", "--quiet",
                              "--golden-precision", "native") != 0):
        print("golden round trip: FAILED (aclnn-cpu golden did not write the category cases)")
        return False
    ok = True
    for name in CATEGORY_NAMES:
        goldens, devices = golden_files("golden_data", name), golden_files("device_data", name)
        for golden, device in zip(goldens, devices):
            dtype, golden_dtype = device.split("_")[2], golden.split("_")[2]
            rc = aclnn_cpu_command("compare", os.path.join("device_data", name, device),
                                   os.path.join("golden_data", name, golden), "--dtype", dtype,
                                   "--golden-dtype", golden_dtype, "--quiet")
            ok = ok and rc == 0 and len(goldens) == len(devices) > 0
    return ok


if __name__ == "__main__":
    sys.exit(main())
