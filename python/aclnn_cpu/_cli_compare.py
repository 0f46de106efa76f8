"""`aclnn-cpu compare ACTUAL GOLDEN`: judge a result file against a golden file by a precision standard.

Exit codes (spec §5.2): 0 PASS, 1 FAIL (also an element-count mismatch), 2 bad input (unreadable file, size
not a whole number of elements or not the --shape, unknown dtype/standard/level, an option the standard does
not take), with one message on stderr.
"""

import json
import sys

from .binio import BinFormatError, load_bin
from .precision import STANDARDS, PrecisionInputError, compare

_HELP_STANDARD = (f"one of {', '.join(STANDARDS)} or a test-kit alias (stat_rel_err, single_bm, mix_tolerance, "
                  "cross_check, double_benchmark, cv_fused_double_benchmark, isclose, bin, binary_equal, md5, "
                  "equal); default auto: ints/bool -> binary, complex -> close, floats -> mixed")


def register(subparsers):
    p = subparsers.add_parser("compare", help="judge ACTUAL against GOLDEN by a precision standard",
                              description="Compare two raw .bin files (no header) by one of the vendor's "
                              "precision standards. Exit 0 pass, 1 fail, 2 bad input. See docs/golden.md.")
    p.add_argument("actual", metavar="ACTUAL", help="result under test (.bin)")
    p.add_argument("golden", metavar="GOLDEN", help="reference (.bin)")
    p.add_argument("--dtype", required=True, help="dtype of ACTUAL (and of --third), e.g. float16, bf16")
    p.add_argument("--golden-dtype", help="dtype of GOLDEN (default: --dtype)")
    p.add_argument("--standard", default="auto", help=_HELP_STANDARD)
    p.add_argument("--third", help="commercial: the same-precision second benchmark (.bin in --dtype)")
    p.add_argument("--level", help="commercial grade L0, L1 (default) or L2")
    p.add_argument("--shape", help="check both files hold this shape, e.g. 2x8x128")
    for name, what in (("rtol", "relative tolerance"), ("atol", "absolute tolerance"),
                       ("ptol", "allowed fraction of bad elements (close, quant, requant)"),
                       ("threshold", "experimental t; commercial small-value threshold"),
                       ("required-matched-ratio", "mixed: required matched ratio (0.99)"),
                       ("max-abs-limit", "mixed: max_abs_error limit (replaces the 32-ULP rule)"),
                       ("error-tol", "sample: allowed error ratio")):
        p.add_argument(f"--{name}", type=float, help=what)
    p.add_argument("--ulp-limit", choices=("dynamic", "static"), help="mixed: 32-ULP limit rule (dynamic)")
    p.add_argument("--inf-nan-mode", type=int, choices=(0, 1), help="commercial: INF_NAN_MODE_ENABLE (1)")
    p.add_argument("--error-balance", action="store_true", default=None, help="commercial: add the error "
                   "balance check |mean((a-g)/max(|g|,1))|")
    p.add_argument("--max-diff", type=int, default=10, help="worst elements shown on FAIL (10)")
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="print one JSON object")
    out.add_argument("--quiet", action="store_true", help="print only the result line")
    p.set_defaults(func=run)


def _parse_shape(text):
    if text is None:
        return None
    text = text.strip()
    if text in ("scalar", "()"):
        return ()
    try:
        shape = tuple(int(d) for d in text.replace(",", "x").replace("*", "x").split("x"))
    except ValueError:
        raise BinFormatError(f"bad --shape '{text}' (expected e.g. 2x8x128)") from None
    if any(d < 0 for d in shape):
        raise BinFormatError(f"bad --shape '{text}': negative dimension")
    return shape


def _options(args):
    return {"rtol": args.rtol, "atol": args.atol, "ptol": args.ptol, "threshold": args.threshold,
            "required_matched_ratio": args.required_matched_ratio, "max_abs_limit": args.max_abs_limit,
            "error_tol": args.error_tol, "ulp_limit": args.ulp_limit, "inf_nan_mode": args.inf_nan_mode,
            "error_balance": args.error_balance, "level": args.level}


def run(args):
    try:
        if args.max_diff < 0:
            raise PrecisionInputError("--max-diff must be >= 0")
        shape = _parse_shape(args.shape)
        golden_dtype = args.golden_dtype or args.dtype
        actual = load_bin(args.actual, args.dtype, shape)
        golden = load_bin(args.golden, golden_dtype, shape)
        third = load_bin(args.third, args.dtype, shape) if args.third else None
        options = _options(args)
        name = str(args.standard).lower()
        if third is not None and name not in ("commercial", "cross_check", "double_benchmark",
                                              "cv_fused_double_benchmark"):
            raise PrecisionInputError("--third is only used by the commercial standard")
        result = compare(actual, golden, args.standard, dtype=args.dtype, golden_dtype=golden_dtype, third=third,
                         max_diff=args.max_diff, **options)
    except (BinFormatError, PrecisionInputError) as e:
        sys.stderr.write(f"aclnn-cpu compare: error: {e}\n")
        return 2
    args.exit_status = 0 if result.passed else 1  # the verdict stands even if stdout is closed while printing it
    if args.json:
        print(json.dumps(result.to_dict()))
    elif args.quiet:
        print(result.result_line())
    else:
        print("\n".join(result.lines(args.max_diff)))
    return args.exit_status
