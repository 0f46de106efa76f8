"""The vendor's precision standards (docs/golden.md; spec golden-and-precision.md §2, §4, §5).

    r = precision.compare(actual, golden, standard="mixed", dtype="float16", golden_dtype="float32")
    r.passed, r.metrics["max_abs_error"], print("\\n".join(r.lines()))

Every metric is computed in binary64 after exact widening (spec §0); sums run in index order (np.cumsum is
sequential, unlike np.sum's pairwise order), so a verdict never depends on the summation tree. Functions take
NumPy arrays or torch tensors of any shape (flattened) and dtype names (bfloat16 data arrives as float32 values,
see binio). Bad arguments raise PrecisionInputError (a ValueError); a failed comparison is a Result, not an error.
"""

from dataclasses import dataclass, field

import numpy as np

from .binio import BF16, E4M3, E5M2, FP16, FP32, FP64, BinFormatError, dtype_info, encode_array, round_to_format
from .binio import _default_dtype, _to_numpy
from .binio import load_bin, save_bin  # noqa: F401  (spec §5 names them precision.load_bin / save_bin)


class PrecisionInputError(ValueError):
    """A comparison that cannot be made: unknown standard/level, a standard not defined for the dtype, ..."""


_EPS_DENOM = 1e-7  # the standards' small-denominator guard, as a binary64 literal (spec §0)

# --- thresholds per dtype (spec §2.1-§2.3; float64 and other floats fall back to the float32 column) ----------
EXPERIMENTAL_T = {"float16": 2**-10, "bfloat16": 2**-7, "float32": 2**-13, "float8_e4m3fn": 2**-3,
                  "float8_e5m2": 2**-2}
EXPERIMENTAL_T_OTHER = 2**-13
MIXED = {  # rtol, atol, max_abs_error floor
    "float16": (2**-9, 2**-9, 0.1), "bfloat16": (2**-6, 2**-6, 1.0), "float32": (2**-10, 2**-16, 0.01),
    "float8_e4m3fn": (2**-2, 2**-4, 1.0), "float8_e5m2": (2**-1, 2**-3, 0.1)}
REQUIRED_MATCHED_RATIO = 0.99
COMMERCIAL_SMALL = {  # small-value threshold, small-value error
    "float16": (2**-11, 2**-16), "bfloat16": (2**-8, 2**-16), "float32": (2**-14, 2**-30),
    "float8_e4m3fn": (2**-4, 2**-6), "float8_e5m2": (2**-3, 2**-5)}
COMMERCIAL_LEVELS = {"L0": (10.0, 2.0, 2.0), "L1": (5.0, 1.5, 1.5), "L2": (2.0, 1.2, 1.2)}  # MARE, MERE, RMSE
SMALL_COUNT_RATIO = 2.0
ERROR_BALANCE = {"float16": 2**-10, "bfloat16": 2**-7, "float32": 2**-14}
_FORMATS = {"float16": FP16, "bfloat16": BF16, "float32": FP32, "float64": FP64, "float8_e4m3fn": E4M3,
            "float8_e5m2": E5M2}

STANDARDS = ("auto", "experimental", "mixed", "commercial", "close", "cosine", "binary", "quant", "requant",
             "sample")
ALIASES = {"stat_rel_err": "experimental", "single_bm": "experimental", "mix_tolerance": "mixed",
           "cross_check": "commercial", "double_benchmark": "commercial", "isclose": "close", "bin": "binary",
           "binary_equal": "binary", "md5": "binary", "equal": "binary"}


def _col(table, dtype, fallback="float32"):
    return table.get(dtype, table[fallback])


# --- the Result ------------------------------------------------------------------------------------------------

def _fmt(value, kind):
    if value is None:
        return "n/a"
    return {"e": "%.6e", "f": "%.6f", "g": "%g", "d": "%d"}[kind] % value


@dataclass
class Criterion:
    """One printed line `<label>=<value> (<op> <limit>) PASS|FAIL`; passed None = not judged (value n/a)."""

    label: str
    value: object
    op: str
    limit: float
    passed: object
    value_fmt: str = "e"
    limit_fmt: str = "e"

    def text(self):
        verdict = "" if self.passed is None else (" PASS" if self.passed else " FAIL")
        value, limit = _fmt(self.value, self.value_fmt), _fmt(self.limit, self.limit_fmt)
        return f"{self.label}={value} ({self.op} {limit}){verdict}"


@dataclass
class Result:
    """The verdict of one comparison. `metrics` holds the unrounded numbers (keys per spec §5.3),
    `diff_index` the flat indices of the worst elements (worst first), `lines()` the CLI text."""

    passed: bool
    standard: str
    metrics: dict
    reason: str = ""
    diff_index: list = field(default_factory=list)
    header: list = field(default_factory=list)  # (key, text) pairs of line 1
    criteria: list = field(default_factory=list)
    diffs: list = field(default_factory=list)  # (index, golden, actual, abs_err, rel_err), worst first
    text: list = None  # the sample standard prints its own lines

    def __bool__(self):
        return bool(self.passed)

    def result_line(self):
        if self.text is not None:
            return self.text[-1]
        return "result: PASS" if self.passed else f"result: FAIL ({self.reason})"

    def lines(self, max_diff=10):
        if self.text is not None:
            return list(self.text)
        out = [" ".join(f"{k}={v}" for k, v in self.header)]
        out += [c.text() for c in self.criteria]
        if not self.passed:
            for i, g, a, ae, re in self.diffs[:max_diff]:
                out.append(f"index={i} golden={format(g, '.9g')} actual={format(a, '.9g')} "
                           f"abs_err={ae:.6e} rel_err={re:.6e}")
        out.append(self.result_line())
        return out

    def to_dict(self):
        def plain(v):
            if isinstance(v, (float, np.floating)):
                v = float(v)
                return v if np.isfinite(v) else ("nan" if np.isnan(v) else ("inf" if v > 0 else "-inf"))
            if isinstance(v, np.integer):
                return int(v)
            return v

        head = dict(self.header)
        return {"standard": self.standard, "dtype": head.get("dtype"), "golden_dtype": head.get("golden_dtype"),
                "elements": int(head.get("elements", 0)), "metrics": {k: plain(v) for k, v in self.metrics.items()},
                "pass": bool(self.passed), "reason": self.reason}


# --- shared preparation ----------------------------------------------------------------------------------------

@dataclass
class _Pair:
    a: np.ndarray  # flat float64 / complex128
    g: np.ndarray
    dtype: str
    golden_dtype: str
    raw_a: np.ndarray  # original arrays (flat), for the byte-level standards
    raw_g: np.ndarray


def _resolve_dtypes(actual, golden, dtype, golden_dtype):
    own_a, own_g = _default_dtype(actual), _default_dtype(golden)
    try:
        dtype = dtype_info(dtype if dtype is not None else own_a).name
        if golden_dtype is None:
            golden_dtype = dtype if own_g == own_a else own_g
        golden_dtype = dtype_info(golden_dtype).name
    except BinFormatError as e:
        raise PrecisionInputError(str(e)) from None
    return dtype, golden_dtype


def _prepare(actual, golden, dtype, golden_dtype, kinds, standard):
    dtype, golden_dtype = _resolve_dtypes(actual, golden, dtype, golden_dtype)
    kind = dtype_info(dtype).kind
    if kind not in kinds:
        raise PrecisionInputError(f"standard '{standard}' is not defined for dtype {dtype}")
    ra, rg = _to_numpy(actual).reshape(-1), _to_numpy(golden).reshape(-1)
    wide = np.complex128 if kind == "complex" or ra.dtype.kind == "c" or rg.dtype.kind == "c" else np.float64
    return _Pair(ra.astype(wide), rg.astype(wide), dtype, golden_dtype, ra, rg)


def _size_fail(p, standard, extra=()):
    n, m = p.a.size, p.g.size
    header = [("standard", standard), *extra, ("dtype", p.dtype), ("golden_dtype", p.golden_dtype),
              ("elements", str(n))]
    return Result(False, standard, {"elements": n, "golden_elements": m}, f"size mismatch {n} vs {m}",
                  header=header)


def _seq_sum(x):
    """Index-order sum (np.cumsum is sequential)."""
    return float(np.cumsum(x, dtype=np.float64)[-1]) if x.size else 0.0


def _seq_mean(x):
    return _seq_sum(x) / x.size if x.size else 0.0


def _narrow_overflow(g, dtype):
    """A golden that overflows the output dtype when narrowed is that-signed Inf (spec §6.12)."""
    fmt = _FORMATS.get(dtype)
    if fmt is None or not fmt.has_inf or not g.size:
        return g
    big = np.isfinite(g) & (np.abs(g) >= fmt.overflow_bound)
    return np.where(big, np.copysign(np.inf, g), g) if big.any() else g


def _nonfinite(a, g):
    """(finite pairs, consistent non-finite pairs, inconsistent ones): both NaN or same-sign Inf is consistent."""
    finite = np.isfinite(a) & np.isfinite(g)
    consistent = (np.isnan(a) & np.isnan(g)) | (np.isinf(a) & (a == g))
    return finite, consistent, ~finite & ~consistent


def _worst(p, candidates, first, key, k):
    """Up to k flat indices: `first` positions (index order), then the largest `key`, ties by index."""
    out = np.flatnonzero(first & candidates)[:k]
    m = k - out.size
    if m > 0:
        rest = np.flatnonzero(candidates & ~first)
        vals = np.nan_to_num(key[rest], nan=np.inf)
        if rest.size > m:
            cut = np.partition(vals, rest.size - m)[rest.size - m]  # the m-th largest value
            above = rest[vals > cut]
            ties = rest[vals == cut][: m - above.size]
            rest = np.concatenate([above, ties])
            vals = np.nan_to_num(key[rest], nan=np.inf)
        out = np.concatenate([out, rest[np.lexsort((rest, -vals))]])
    rows = []
    for i in out:
        a, g = p.a[i], p.g[i]
        ae = float(np.abs(a - g)) if np.isfinite(a) and np.isfinite(g) else float("nan")
        rows.append((int(i), _scalar(g), _scalar(a), ae, ae / (abs(g) + _EPS_DENOM)))
    return rows


def _scalar(v):
    return complex(v) if isinstance(v, complex) or np.iscomplexobj(v) else float(v)


def _attach_diffs(res, p, candidates, first, key, max_diff):
    if not res.passed and max_diff > 0:
        res.diffs = _worst(p, candidates, first, key, max_diff)
        res.diff_index = [d[0] for d in res.diffs]
    return res


def _verdict_reason(prefix, names):
    return f"{prefix}: {', '.join(names)}" if names else ""


# --- §2.1 experimental ---------------------------------------------------------------------------------------

def experimental(actual, golden, dtype=None, golden_dtype=None, threshold=None, max_diff=10):
    """MERE < t and MARE < 10·t over finite pairs, rel = |a−g|/(|g|+1e-7) (spec §2.1)."""
    p = _prepare(actual, golden, dtype, golden_dtype, ("float",), "experimental")
    if p.a.size != p.g.size:
        return _size_fail(p, "experimental")
    t = float(threshold) if threshold is not None else EXPERIMENTAL_T.get(p.dtype, EXPERIMENTAL_T_OTHER)
    a, g = p.a, _narrow_overflow(p.g, p.dtype)
    finite, consistent, mismatch = _nonfinite(a, g)
    header = [("standard", "experimental"), ("dtype", p.dtype), ("golden_dtype", p.golden_dtype),
              ("elements", str(a.size)), ("nonfinite_matched", str(int(consistent.sum())))]
    with np.errstate(invalid="ignore", over="ignore"):
        rel = np.where(finite, np.abs(a - g) / (np.abs(g) + _EPS_DENOM), 0.0)
    if mismatch.any() or not finite.any():
        mere = mare = None
        ok_mere = ok_mare = None
        passed = not mismatch.any()
        reason = "" if passed else "NaN/Inf mismatch"
    else:
        mere, mare = _seq_mean(rel[finite]), float(rel[finite].max())
        ok_mere, ok_mare = mere < t, mare < 10 * t
        passed = ok_mere and ok_mare
        reason = _verdict_reason("threshold exceeded", [n for n, ok in (("MERE", ok_mere), ("MARE", ok_mare))
                                                        if not ok])
    crit = [Criterion("MERE", mere, "<", t, ok_mere), Criterion("MARE", mare, "<", 10 * t, ok_mare)]
    metrics = {"mere": mere, "mare": mare, "threshold": t, "nonfinite_matched": int(consistent.sum())}
    res = Result(passed, "experimental", metrics, reason, header=header, criteria=crit)
    return _attach_diffs(res, p, mismatch | (rel > 0), mismatch, rel, max_diff)


# --- §2.2 mixed ----------------------------------------------------------------------------------------------

def _ulp(x, fmt):
    """2^(e−m) for x in [2^e, 2^(e+1)); below the smallest normal e = e_min."""
    e = int(np.frexp(x)[1]) - 1 if x > 0 else fmt.min_exponent
    return 2.0 ** (max(e, fmt.min_exponent) - fmt.mantissa_bits)


def mixed_limit(golden, dtype, ulp_limit="dynamic"):
    """The max_abs_error limit: static max(floor, 32·eps) or dynamic max(floor, 32·ulp(A)), A = the largest
    finite |golden| narrowed (RNE) to dtype (spec §2.2, §6.3)."""
    floor = _col(MIXED, dtype)[2]
    fmt = _FORMATS.get(dtype, FP32)
    if ulp_limit == "static":
        return max(floor, 32 * fmt.epsilon)
    if ulp_limit != "dynamic":
        raise PrecisionInputError(f"unknown --ulp-limit '{ulp_limit}' (dynamic or static)")
    g = np.abs(np.asarray(golden, dtype=np.float64))
    g = g[np.isfinite(g) & (g < fmt.overflow_bound)] if fmt.has_inf else g[np.isfinite(g)]
    if not g.size:
        return floor
    top = float(round_to_format(g.max(), fmt))  # narrowing is monotonic: narrow(max) = max(narrowed)
    top = min(top, fmt.max_finite)
    return max(floor, 32 * _ulp(top, fmt))


def mixed(actual, golden, dtype=None, golden_dtype=None, rtol=None, atol=None, required_matched_ratio=None,
          max_abs_limit=None, ulp_limit="dynamic", max_diff=10):
    """matched (|a−g| <= atol + rtol·|g|) ratio >= 0.99 and max |a−g| <= the limit (spec §2.2)."""
    p = _prepare(actual, golden, dtype, golden_dtype, ("float",), "mixed")
    if p.a.size != p.g.size:
        return _size_fail(p, "mixed")
    d_rtol, d_atol, _ = _col(MIXED, p.dtype)
    rtol = d_rtol if rtol is None else float(rtol)
    atol = d_atol if atol is None else float(atol)
    need = REQUIRED_MATCHED_RATIO if required_matched_ratio is None else float(required_matched_ratio)
    a, g = p.a, _narrow_overflow(p.g, p.dtype)
    limit = float(max_abs_limit) if max_abs_limit is not None else mixed_limit(g, p.dtype, ulp_limit)
    finite, consistent, mismatch = _nonfinite(a, g)
    with np.errstate(invalid="ignore", over="ignore"):
        err = np.where(finite, np.abs(a - g), np.inf)
        matched = consistent | (finite & (err <= atol + rtol * np.abs(g)))
    n = a.size
    ratio = float(matched.sum()) / n if n else 1.0
    max_err = float("inf") if mismatch.any() else (float(err[finite].max()) if finite.any() else 0.0)
    ok_ratio, ok_err = ratio >= need, max_err <= limit
    header = [("standard", "mixed"), ("dtype", p.dtype), ("golden_dtype", p.golden_dtype), ("elements", str(n)),
              ("nonfinite_matched", str(int(consistent.sum())))]
    crit = [Criterion("matched_ratio", ratio, ">=", need, ok_ratio, "f", "g"),
            Criterion("max_abs_error", max_err, "<=", limit, ok_err)]
    if mismatch.any():
        reason = "NaN/Inf mismatch"
    else:
        reason = _verdict_reason("threshold exceeded", [c.label for c in crit if not c.passed])
    metrics = {"matched_ratio": ratio, "max_abs_error": max_err, "max_abs_error_limit": limit, "rtol": rtol,
               "atol": atol, "required_matched_ratio": need, "nonfinite_matched": int(consistent.sum())}
    res = Result(ok_ratio and ok_err, "mixed", metrics, reason, header=header, criteria=crit)
    key = np.where(finite, err, np.inf)
    return _attach_diffs(res, p, mismatch | (finite & (err > 0)), mismatch, key, max_diff)


# --- §2.3 commercial -----------------------------------------------------------------------------------------

def _ratio(num, den, floor):
    """metric_actual / max(metric_third, floor), with TTK's special cases (spec §2.3)."""
    if np.isnan(num) or np.isnan(den):
        return float("inf")
    if np.isinf(num) and np.isinf(den):
        return 1.0
    if np.isinf(num):
        return float("inf")
    if num == 0 and den == 0:
        return 1.0
    return num / max(den, floor)


def _large_metrics(x, g):
    diff = np.abs(x - g)
    rel = diff / (np.abs(g) + _EPS_DENOM)
    mare = float(rel.max()) if rel.size else 0.0
    return mare, _seq_mean(rel), float(np.sqrt(_seq_mean(diff * diff)))


def commercial(actual, golden, third, dtype=None, golden_dtype=None, level="L1", inf_nan_mode=1,
               error_balance=False, threshold=None, max_diff=10):
    """Double benchmark: actual's and third's MARE/MERE/RMSE against the golden on |g| >= threshold, their
    ratios within the level's limits; small-value ErrorCount ratio <= 2; non-finite positions by the
    three-way rule (spec §2.3). `third` is in `dtype` (a same-precision benchmark). With no position in the
    large-value domain (every finite |g| below the threshold, or none finite) the three ratios are not computed:
    None in metrics (with raw_* and each side's values), `n/a` and no verdict in the text; a large domain with no
    error anywhere keeps 0/0 -> 1 (spec §6.12, Example C)."""
    if level not in COMMERCIAL_LEVELS:
        raise PrecisionInputError(f"unknown level '{level}' (L0, L1 or L2)")
    if third is None:
        raise PrecisionInputError("standard 'commercial' needs a third benchmark (--third)")
    p = _prepare(actual, golden, dtype, golden_dtype, ("float",), "commercial")
    lvl = [("level", level)]
    if p.a.size != p.g.size:
        return _size_fail(p, "commercial", lvl)
    b = _to_numpy(third).reshape(-1).astype(np.float64)
    if b.size != p.g.size:
        raise PrecisionInputError(f"third has {b.size} elements, golden {p.g.size}")
    a, g = p.a, p.g
    small_t, small_err = _col(COMMERCIAL_SMALL, p.dtype)
    if threshold is not None:
        small_t = float(threshold)
    finite = np.isfinite(a) & np.isfinite(g) & np.isfinite(b)
    dropped = np.zeros(a.size, bool)
    if int(inf_nan_mode) == 0:  # §6.6: Inf positions take no part; the NaN rules stay
        dropped = np.isinf(a) | np.isinf(g) | np.isinf(b)
    elif int(inf_nan_mode) != 1:
        raise PrecisionInputError(f"--inf-nan-mode must be 0 or 1, not {inf_nan_mode}")
    special = ~finite & ~dropped

    def same(x, y):
        return (np.isnan(x) & np.isnan(y)) | (x == y)

    special_bad = special & ~(same(a, b) | (~np.isfinite(g) & same(a, g)))
    large = finite & (np.abs(g) >= small_t)
    small = finite & ~large
    if large.any():
        ma, mb = _large_metrics(a[large], g[large]), _large_metrics(b[large], g[large])
        ratios = [_ratio(x, y, small_t) for x, y in zip(ma, mb)]
        with np.errstate(divide="ignore", invalid="ignore"):
            raw = [_ratio(x, y, 0.0) if y or not x else float("inf") for x, y in zip(ma, mb)]
    else:  # no position in the large-value domain: the ratios are not computed (n/a, None), not judged
        ma = mb = ratios = raw = [None] * 3
    with np.errstate(invalid="ignore"):
        cnt_a = int((small & (np.abs(a - g) > small_err)).sum())
        cnt_b = int((small & (np.abs(b - g) > small_err)).sum())
    small_ratio = cnt_a / max(cnt_b, 1)
    limits = COMMERCIAL_LEVELS[level]
    crit = [Criterion(f"{n}_ratio", r, "<=", lim, None if r is None else r <= lim, "f", "g")
            for n, r, lim in zip(("MARE", "MERE", "RMSE"), ratios, limits)]
    crit.append(Criterion(f"small_error_count actual={cnt_a} third={cnt_b} ratio", small_ratio, "<=",
                          SMALL_COUNT_RATIO, small_ratio <= SMALL_COUNT_RATIO, "f", "g"))
    reasons = []
    if special_bad.any():
        crit.append(Criterion("special_mismatched", int(special_bad.sum()), "<=", 0, False, "d", "d"))
        reasons.append("NaN/Inf mismatch")
    bad_ratios = [n for n, c in zip(("MARE", "MERE", "RMSE"), crit) if c.passed is False]
    if bad_ratios:
        reasons.append(_verdict_reason("ratio exceeded", bad_ratios))
    if small_ratio > SMALL_COUNT_RATIO:
        reasons.append("small value ErrorCount ratio exceeded")
    metrics = {"level": level, "mare_ratio": ratios[0], "mere_ratio": ratios[1], "rmse_ratio": ratios[2],
               "small_err_cnt_actual": cnt_a, "small_err_cnt_third": cnt_b, "small_err_ratio": small_ratio,
               "raw_mare_ratio": raw[0], "raw_mere_ratio": raw[1], "raw_rmse_ratio": raw[2],
               "mare_actual": ma[0], "mere_actual": ma[1], "rmse_actual": ma[2],
               "mare_third": mb[0], "mere_third": mb[1], "rmse_third": mb[2], "small_value_threshold": small_t,
               "small_value_error": small_err, "large": int(large.sum()), "small": int(small.sum()),
               "special": int(special.sum())}
    if error_balance:
        eb_limit = _col(ERROR_BALANCE, p.dtype)
        eb = abs(_seq_mean((a[finite] - g[finite]) / np.maximum(np.abs(g[finite]), 1.0)))
        crit.append(Criterion("error_balance", eb, "<=", eb_limit, eb <= eb_limit))
        metrics.update(error_balance=eb, error_balance_limit=eb_limit)
        if eb > eb_limit:
            reasons.append("threshold exceeded: error_balance")
    header = [("standard", "commercial"), *lvl, ("dtype", p.dtype), ("golden_dtype", p.golden_dtype),
              ("elements", str(a.size)), ("large", str(metrics["large"])), ("small", str(metrics["small"])),
              ("special", str(metrics["special"]))]
    res = Result(not reasons, "commercial", metrics, "; ".join(reasons), header=header, criteria=crit)
    with np.errstate(invalid="ignore", over="ignore"):
        key = np.where(finite, np.abs(a - g) / (np.abs(g) + _EPS_DENOM), 0.0)
    return _attach_diffs(res, p, special_bad | (key > 0), special_bad, key, max_diff)


# --- §2.4 test-kit methods -----------------------------------------------------------------------------------

def _ratio_result(p, standard, bad, ptol, metrics, max_diff, first=None, key=None):
    """The shared shape of close/quant/requant: bad/N <= ptol, header `mismatched=M of N`."""
    n, m = p.a.size, int(bad.sum())
    ratio = m / n if n else 0.0
    ok = ratio <= ptol
    header = [("standard", standard), ("dtype", p.dtype), ("golden_dtype", p.golden_dtype), ("elements", str(n)),
              ("mismatched", f"{m} of {n}")]
    metrics.update(mismatched=m, error_ratio=ratio, ptol=ptol)
    res = Result(ok, standard, metrics, "" if ok else "exceeded ptol", header=header,
                 criteria=[Criterion("error_ratio", ratio, "<=", ptol, ok, "f", "g")])
    with np.errstate(invalid="ignore", over="ignore"):
        key = np.abs(p.a - p.g) if key is None else key
    first = (np.isnan(p.a) | np.isnan(p.g)) if first is None else first
    return _attach_diffs(res, p, bad, first, np.real(key), max_diff)


def close(actual, golden, dtype=None, golden_dtype=None, rtol=None, atol=None, ptol=None, max_diff=10):
    """Element ok iff |a−g| <= atol + rtol·|g| (NaN = NaN); pass iff 1 − ok/N <= ptol (spec §2.4)."""
    p = _prepare(actual, golden, dtype, golden_dtype, ("float", "int", "bool", "complex"), "close")
    if p.a.size != p.g.size:
        return _size_fail(p, "close")
    half = p.dtype in ("float16", "bfloat16", "complex32")
    rtol = (1e-3 if half else 1e-4) if rtol is None else float(rtol)
    ptol = (1e-3 if half else 1e-4) if ptol is None else float(ptol)
    atol = 1e-8 if atol is None else float(atol)
    ok = np.isclose(p.a, p.g, rtol=rtol, atol=atol, equal_nan=True)
    n = p.a.size
    metrics = {"precision": float(ok.sum()) / n if n else 1.0, "rtol": rtol, "atol": atol}
    return _ratio_result(p, "close", ~ok, ptol, metrics, max_diff)


def cosine(actual, golden, dtype=None, golden_dtype=None, rtol=None, max_diff=10):
    """cos = a·g/(‖a‖‖g‖) over the finite pairs; pass iff 1 − cos <= rtol (0.01) (spec §2.4). Both NaN or
    same-sign Inf is consistent and left out; any other non-finite disagreement fails."""
    p = _prepare(actual, golden, dtype, golden_dtype, ("float", "int", "bool"), "cosine")
    if p.a.size != p.g.size:
        return _size_fail(p, "cosine")
    rtol = 0.01 if rtol is None else float(rtol)
    finite, consistent, mismatch = _nonfinite(p.a, p.g)
    a, g = p.a[finite], p.g[finite]
    na, ng = np.sqrt(_seq_sum(a * a)), np.sqrt(_seq_sum(g * g))
    if na == 0 or ng == 0:
        cos = 1.0 if na == ng else 0.0  # two zero vectors agree; a zero against a non-zero does not
    else:
        cos = _seq_sum(a * g) / (na * ng)
    header = [("standard", "cosine"), ("dtype", p.dtype), ("golden_dtype", p.golden_dtype),
              ("elements", str(p.a.size)), ("nonfinite_matched", str(int(consistent.sum())))]
    if mismatch.any():
        cos, ok, reason = None, False, "NaN/Inf mismatch"
    else:
        ok = 1.0 - cos <= rtol
        reason = "" if ok else "cosine similarity below threshold"
    crit = [Criterion("cosine_similarity", cos, ">=", 1.0 - rtol, None if cos is None else ok, "f", "g")]
    res = Result(ok, "cosine", {"cosine_similarity": cos, "rtol": rtol}, reason, header=header, criteria=crit)
    with np.errstate(invalid="ignore"):
        key = np.abs(p.a - p.g)
    return _attach_diffs(res, p, mismatch | (finite & (key > 0)), mismatch, key, max_diff)


def binary(actual, golden, dtype=None, golden_dtype=None, max_diff=10):
    """Byte-identical elements; two NaNs are equal whatever their payloads (spec §2.4). Two integer dtypes
    compare by value; other mixed dtypes are refused."""
    p = _prepare(actual, golden, dtype, golden_dtype, ("float", "int", "bool", "complex"), "binary")
    if p.a.size != p.g.size:
        return _size_fail(p, "binary")
    ka, kg = dtype_info(p.dtype).kind, dtype_info(p.golden_dtype).kind
    if p.dtype == p.golden_dtype:
        width = dtype_info(p.dtype).itemsize
        unit = {1: "u1", 2: "<u2", 4: "<u4", 8: "<u8", 16: "<u8"}[width]
        per = max(width // 8, 1)  # complex128: two 8-byte words per element
        ba = np.frombuffer(encode_array(p.raw_a, p.dtype), unit).reshape(p.a.size, per)
        bg = np.frombuffer(encode_array(p.raw_g, p.dtype), unit).reshape(p.g.size, per)
        same = np.all(ba == bg, axis=1) | (np.isnan(p.a) & np.isnan(p.g))
    elif ka in ("int", "bool") and kg in ("int", "bool"):
        same = np.asarray(p.raw_a == p.raw_g, dtype=bool)
    else:
        raise PrecisionInputError(f"binary compares one dtype (or two integer dtypes), not {p.dtype} "
                                  f"against {p.golden_dtype}")
    n, m = p.a.size, int((~same).sum())
    header = [("standard", "binary"), ("dtype", p.dtype), ("golden_dtype", p.golden_dtype), ("elements", str(n)),
              ("mismatched", f"{m} of {n}")]
    res = Result(m == 0, "binary", {"mismatched": m}, "" if m == 0 else "bitwise mismatch", header=header)
    return _attach_diffs(res, p, ~same, np.zeros(n, bool), np.zeros(n), max_diff)


def quant(actual, golden, dtype=None, golden_dtype=None, ptol=None, max_diff=10):
    """Quantised integer output: bad iff |int(a) − int(g)| > 1 (truncation), pass iff bad/N <= ptol (0)."""
    p = _prepare(actual, golden, dtype, golden_dtype, ("float", "int", "bool"), "quant")
    if p.a.size != p.g.size:
        return _size_fail(p, "quant")
    ptol = 0.0 if ptol is None else float(ptol)
    both_nan = np.isnan(p.a) & np.isnan(p.g)
    with np.errstate(invalid="ignore"):
        bad = ~both_nan & ~(np.abs(np.trunc(p.a) - np.trunc(p.g)) <= 1)
    return _ratio_result(p, "quant", bad, ptol, {}, max_diff)


def _signed_bits(array, dtype):
    """Bit patterns of `array` encoded as `dtype`, as signed integers (fp8 → int8, as the test kit views it)."""
    width = dtype_info(dtype).itemsize
    return np.frombuffer(encode_array(array, dtype), {1: "i1", 2: "<i2", 4: "<i4", 8: "<i8"}[width])


def requant(actual, golden, dtype=None, golden_dtype=None, ptol=None, max_diff=10):
    """Re-quantised output: float data viewed as signed integers of its width (the golden first rounded to
    dtype); bad iff the views differ by more than 1 and not both NaN; pass iff bad/N <= ptol (0.001)."""
    p = _prepare(actual, golden, dtype, golden_dtype, ("float", "int"), "requant")
    if p.a.size != p.g.size:
        return _size_fail(p, "requant")
    ptol = 1e-3 if ptol is None else float(ptol)
    if dtype_info(p.dtype).kind == "float":
        ia = _signed_bits(p.raw_a, p.dtype).astype(np.float64)
        ig = _signed_bits(p.raw_g, p.dtype).astype(np.float64)
    else:
        ia, ig = p.a, p.g
    both_nan = np.isnan(p.a) & np.isnan(p.g)
    bad = ~both_nan & (np.abs(ia - ig) > 1)
    return _ratio_result(p, "requant", bad, ptol, {}, max_diff, key=np.abs(ia - ig))


# --- §1.2 sample ---------------------------------------------------------------------------------------------

def sample_defaults(dtype):
    """(rtol, atol, error_tol) of the samples' verify_result.py (spec §1.2; bf16 → fp16 row, other floats →
    fp32 row, ints/bool → int32 row)."""
    kind = dtype_info(dtype).kind
    if dtype in ("float16", "bfloat16"):
        return 1e-3, 1e-5, 1e-3
    if kind == "float":
        return 1e-4, 1e-5, 1e-4
    return 1e-6, 1e-9, 1e-4


def sample(actual, golden, dtype=None, golden_dtype=None, rtol=None, atol=None, error_tol=None, max_diff=10):
    """The samples' verify_result.py rule and printed lines (spec §1.2, Example F): the first 101 elements
    not isclose, `error ratio`, then `test pass!` or `[ERROR] result error`. Empty files: ratio 0, pass."""
    p = _prepare(actual, golden, dtype, golden_dtype, ("float", "int", "bool"), "sample")
    d_rtol, d_atol, d_tol = sample_defaults(p.dtype)
    rtol = d_rtol if rtol is None else float(rtol)
    atol = d_atol if atol is None else float(atol)
    tol = d_tol if error_tol is None else float(error_tol)
    metrics = {"rtol": rtol, "atol": atol, "error_tol": tol}
    header = [("standard", "sample"), ("dtype", p.dtype), ("golden_dtype", p.golden_dtype),
              ("elements", str(p.a.size))]
    if p.a.size != p.g.size:
        reason = f"size mismatch {p.a.size} vs {p.g.size}"
        return Result(False, "sample", metrics, reason, header=header,
                      text=[f"[ERROR] {reason}", "[ERROR] result error"])
    diff = ~np.isclose(p.a, p.g, rtol=rtol, atol=atol, equal_nan=True)
    idx = np.flatnonzero(diff)
    text = []
    with np.errstate(divide="ignore", invalid="ignore"):
        for i in idx[:101]:
            a, g = p.a[i], p.g[i]
            text.append("data index: %06d, expected: %-.9f, actual: %-.9f, rdiff: %-.6f"
                        % (i, g, a, np.abs(a - g) / g))
    n = p.a.size
    ratio = idx.size / n if n else 0.0
    ok = ratio <= tol
    text.append("error ratio: %.4f, tolerance: %.4f" % (ratio, tol))
    text.append("test pass!" if ok else "[ERROR] result error")
    metrics.update(error_ratio=ratio, mismatched=int(idx.size))
    return Result(ok, "sample", metrics, "" if ok else "exceeded error_tol", diff_index=[int(i) for i in idx[:101]],
                  header=header, text=text)


# --- dispatch ------------------------------------------------------------------------------------------------

_FUNCTIONS = {"experimental": experimental, "mixed": mixed, "commercial": commercial, "close": close,
              "cosine": cosine, "binary": binary, "quant": quant, "requant": requant, "sample": sample}


def resolve_standard(standard, dtype):
    """(standard, extra options) for a name or alias; `auto` routes as TTK does: ints/bool → binary,
    complex → close, other floats → mixed."""
    name = str(standard).lower()
    if name == "cv_fused_double_benchmark":
        return "commercial", {"level": "L0", "error_balance": True}
    name = ALIASES.get(name, name)
    if name == "auto":
        kind = dtype_info(dtype).kind
        name = {"int": "binary", "bool": "binary", "complex": "close"}.get(kind, "mixed")
    if name not in _FUNCTIONS:
        raise PrecisionInputError(f"unknown standard '{standard}' (known: {', '.join(STANDARDS)}; aliases: "
                                  f"{', '.join(sorted(ALIASES))}, cv_fused_double_benchmark)")
    return name, {}


def compare(actual, golden, standard="auto", dtype=None, golden_dtype=None, third=None, **options):
    """Judge `actual` against `golden` by `standard` (a name of STANDARDS or an alias). `options` are the
    keyword arguments of that standard's function (rtol, atol, ptol, threshold, level, ...); None values
    mean the default. Returns a Result."""
    try:
        own = dtype_info(dtype if dtype is not None else _default_dtype(actual)).name
    except BinFormatError as e:
        raise PrecisionInputError(str(e)) from None
    name, extra = resolve_standard(standard, own)
    options = {k: v for k, v in {**extra, **options}.items() if v is not None}
    fn = _FUNCTIONS[name]
    accepted = fn.__code__.co_varnames[: fn.__code__.co_argcount]
    unknown = sorted(set(options) - set(accepted))
    if unknown:
        raise PrecisionInputError(f"standard '{name}' takes no option {', '.join(unknown)}")
    if name == "commercial":
        return fn(actual, golden, third, dtype=dtype, golden_dtype=golden_dtype, **options)
    return fn(actual, golden, dtype=dtype, golden_dtype=golden_dtype, **options)

