"""`aclnn-cpu ops`: every operator of the libraries with its Python signature, golden.py form and dtypes."""

import json
import sys

from . import ops as _ops


def register(subparsers):
    p = subparsers.add_parser("ops", help="list the operators with their signatures and dtypes",
                              description="List every operator aclnn_cpu calls: the Python function, the "
                                          "golden.py callable and the dtypes the API accepts.")
    p.add_argument("name", nargs="?", help="only this operator (Python or aclnn name)")
    p.add_argument("--json", action="store_true", help="one JSON object per operator")
    p.set_defaults(func=run)


def describe(op):
    return {
        "aclnn": op.aclnn,
        "python": f"aclnn_cpu.{op.name}",
        "signature": op.signature(),
        "golden": f"aclnn_cpu.golden.{op.golden_signature()}",
        "parameters": [{"name": p.name, "python": p.py, "kind": p.kind, "role": p.role,
                        "optional": bool(p.optional), "default": p.default} for p in op.params],
        "dtypes": list(op.dtypes),
        "doc": op.doc,
    }


def run(args):
    ops = _ops.OPS
    if args.name:
        try:
            ops = [_ops.op_info(args.name)]
        except KeyError as e:
            sys.stderr.write(f"aclnn-cpu ops: error: {e.args[0]}\n")
            return 2
    if args.json:
        for op in ops:
            sys.stdout.write(json.dumps(describe(op), default=list) + "\n")
        return 0
    for op in ops:
        sys.stdout.write(f"{op.aclnn}\n  python: aclnn_cpu.{op.signature()}\n"
                         f"  golden: aclnn_cpu.golden.{op.golden_signature()}\n"
                         f"  dtypes: {', '.join(op.dtypes)}\n  {op.doc}\n")
    return 0
