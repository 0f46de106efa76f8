#!/usr/bin/python3
"""Fits the fp32 polynomials of GELU's erf form (src/ops/activation/activation_family/activation_kernels.cpp) and
prints them as C++ arrays, highest degree first, with the worst relative error of an fp32 Horner evaluation.

  erf(u) = u P(u^2)                   for 0 <= u < 0.5
  erfc(u) = e^(-u^2) t Q(t), t = 2 / (2 + u)   for 0.5 <= u <= 10 (beyond, GELU's tail is below fp32's range;
                                                Q stays within [0.28, 0.8], so its relative error stays small)

Least squares on the relative error at Chebyshev nodes, in double, from Python's math.erf / math.erfc; then the
coefficients are rounded to fp32 and the fit is checked on a dense grid with fp32 arithmetic."""
import math

import numpy as np

DEGREE = 9


def fit(f, x_of, lo, hi, degree, nodes=4000):
    k = np.arange(nodes)
    v = (lo + hi) / 2 + (hi - lo) / 2 * np.cos(np.pi * (k + 0.5) / nodes)  # the fit variable
    y = np.array([f(x_of(a)) for a in v])
    # relative: divide each row by the value
    a = np.vander(v, degree + 1) / y[:, None]
    c, *_ = np.linalg.lstsq(a, np.ones_like(y), rcond=None)
    return c.astype(np.float32)


def horner32(c, v):
    r = np.zeros_like(v, dtype=np.float32) + c[0]
    for coef in c[1:]:
        r = r * v + coef
    return r


def main():
    # erf(u) / u as a polynomial in s = u^2, s in [0, 0.25]
    p = fit(lambda u: math.erf(u) / u if u > 0 else 2 / math.sqrt(math.pi), lambda s: math.sqrt(s), 0.0, 0.25, 6)
    u = np.linspace(1e-6, 0.5, 200001).astype(np.float32)
    got = u * horner32(p, u * u)
    want = np.array([math.erf(float(a)) for a in u])
    print("// erf(u) = u P(u^2), 0 <= u < 0.5: max relative error %.3g" % np.max(np.abs(got - want) / want))
    print("constexpr float kErfP[%d] = {%s};" % (len(p), ", ".join("%.9gf" % c for c in p)))
    # erfc(u) e^(u^2) / t as a polynomial in t = 2 / (2 + u), u in [0.5, 10]
    q = fit(lambda u: math.erfc(u) * math.exp(u * u) * (2 + u) / 2, lambda t: 2 / t - 2, 2 / 12, 0.8, DEGREE)
    u = np.linspace(0.5, 10, 400001).astype(np.float32)
    t = (np.float32(2) / (np.float32(2) + u)).astype(np.float32)
    got = t * horner32(q, t)
    want = np.array([math.erfc(float(a)) * math.exp(float(a) ** 2) for a in u])
    print("// erfc(u) = e^(-u^2) t Q(t), t = 2 / (2 + u), 0.5 <= u <= 10: max relative error %.3g" %
          np.max(np.abs(got - want) / want))
    print("constexpr float kErfcQ[%d] = {%s};" % (len(q), ", ".join("%.9gf" % c for c in q)))


if __name__ == "__main__":
    main()
