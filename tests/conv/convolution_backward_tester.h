// Runs aclnnConvolutionBackward on device tensors of any dtype and layout (both phases on a stream) and computes a
// float64 reference after the device's operand roundings (docs/ops/convolution.md §4), with a per-element
// tolerance for the fp32 accumulation and the result roundings. The reference loops over every tap of the
// ordinary convolution that relates the tensors (input -> gradOutput, or gradOutput -> input when transposed).
#pragma once

#include <algorithm>
#include <cmath>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "aclnnop/aclnn_convolution_backward.h"
#include "conv/convolution_tester.h"

namespace aclcpu_test {

// A backward problem: the forward's geometry (2-D padding: 2 or 4 values), the six dtypes, the outputMask.
struct ConvBwdSpec : ConvGeometry {
  aclDataType gType = ACL_FLOAT, xType = ACL_FLOAT, wType = ACL_FLOAT;
  aclDataType giType = ACL_FLOAT, gwType = ACL_FLOAT, gbType = ACL_FLOAT;
  int8_t cmt = 0;
  bool mask[3] = {true, true, true};
  Layout gLayout, xLayout, wLayout, giLayout, gwLayout;
  uint64_t seed = 1;
  int threads = 0;
  double lo = -1, hi = 1;

  ConvBwdSpec &All(aclDataType t) {
    gType = xType = wType = giType = gwType = gbType = t;
    return *this;
  }
};

struct ConvBwdResult {
  aclnnStatus status = -1;
  uint64_t workspaceSize = 0;
  std::vector<double> out[3], ref[3], tol[3];  // gradInput, gradWeight, gradBias
  std::vector<double> g, x, w;                 // the values the inputs hold
};

inline aclDataType PromoteFloat(aclDataType a, aclDataType b) { return a == b ? a : ACL_FLOAT; }

// The float64 reference of all three results from the stored values.
inline void ConvBwdReference(const ConvBwdSpec &s, ConvBwdResult *r) {
  const aclDataType p = PromoteFloat(PromoteFloat(s.gType, s.xType), s.wType);
  RefNumerics num;
  num.toF16 = s.cmt == 2;
  num.hf32 = p == ACL_FLOAT && (s.cmt == 1 || s.cmt == 3);
  const aclDataType kernel = s.cmt == 2 ? ACL_FLOAT16 : p;
  const std::vector<int64_t> gShape = s.OutShape();
  // The direct convolution X -> Y: X = input, Y = gradOutput; transposed: X = gradOutput, Y = input.
  const std::vector<int64_t> &xs = s.transposed ? gShape : s.x, &ys = s.transposed ? s.x : gShape;
  const std::vector<double> &X = s.transposed ? r->g : r->x, &Y = s.transposed ? r->x : r->g;
  const int sp = s.Spatial();
  int64_t in[3] = {1, 1, 1}, k[3] = {1, 1, 1}, o[3] = {1, 1, 1}, st[3] = {1, 1, 1}, pb[3] = {0, 0, 0},
          dl[3] = {1, 1, 1};
  for (int d = 0; d < sp; ++d) {
    const int e = 3 - sp + d;
    in[e] = xs[d + 2], k[e] = s.w[d + 2], o[e] = ys[d + 2], st[e] = s.stride[d], pb[e] = s.PadBefore(d);
    dl[e] = s.dilation[d];
  }
  const int64_t n = s.x[0], xc = xs[1], yc = ys[1], G = s.groups, xcG = xc / G, ycG = yc / G;
  const int64_t kvol = k[0] * k[1] * k[2], ovol = o[0] * o[1] * o[2], ivol = in[0] * in[1] * in[2];
  // Sums (value, sum of |terms|) for dX, dY and dW.
  std::vector<double> dX(static_cast<size_t>(n * xc * ivol)), dXa(dX.size()), dY(static_cast<size_t>(n * yc * ovol)),
      dYa(dY.size()), dW(static_cast<size_t>(yc * xcG * kvol)), dWa(dW.size());
  auto R = [&](double v) { return RoundOperand(num, v); };
  for (int64_t b = 0; b < n; ++b)
    for (int64_t co = 0; co < yc; ++co)
      for (int64_t pix = 0; pix < ovol; ++pix) {
        const int64_t od = pix / (o[1] * o[2]), oh = pix / o[2] % o[1], ow = pix % o[2];
        const size_t yi = static_cast<size_t>((b * yc + co) * ovol + pix);
        for (int64_t ci = 0; ci < xcG; ++ci)
          for (int64_t t = 0; t < kvol; ++t) {
            const int64_t kd = t / (k[1] * k[2]), kh = t / k[2] % k[1], kw = t % k[2];
            const int64_t id = od * st[0] - pb[0] + kd * dl[0], ih = oh * st[1] - pb[1] + kh * dl[1],
                          iw = ow * st[2] - pb[2] + kw * dl[2];
            if (id < 0 || id >= in[0] || ih < 0 || ih >= in[1] || iw < 0 || iw >= in[2]) continue;
            const int64_t c = co / ycG * xcG + ci;
            const size_t xi = static_cast<size_t>((b * xc + c) * ivol + (id * in[1] + ih) * in[2] + iw);
            const size_t wi = static_cast<size_t>((co * xcG + ci) * kvol + t);
            const double wv = R(r->w[wi]), xv = R(X[xi]), yv = R(Y[yi]);
            if (s.transposed) {
              dY[yi] += xv * wv, dYa[yi] += std::fabs(xv * wv);
            } else {
              dX[xi] += yv * wv, dXa[xi] += std::fabs(yv * wv);
            }
            dW[wi] += yv * xv, dWa[wi] += std::fabs(yv * xv);
          }
      }
  const double eps = std::ldexp(1.0, -24);
  // gradInput: the kernel's rounding (16-bit kernels), then gradInput's dtype.
  const std::vector<double> &gi = s.transposed ? dY : dX, &gia = s.transposed ? dYa : dXa;
  const double giTerms = static_cast<double>(std::max(xcG, ycG) * kvol + 2);
  r->ref[0].resize(gi.size());
  r->tol[0].resize(gi.size());
  for (size_t i = 0; i < gi.size(); ++i) {
    const double v = RoundTo(s.giType, kernel == ACL_FLOAT ? gi[i] : RoundTo(kernel, gi[i]));
    r->ref[0][i] = v;
    r->tol[0][i] = gia[i] * giTerms * eps + UlpAt(s.giType, std::fabs(v)) +
                   (kernel == ACL_FLOAT ? 0.0 : UlpAt(kernel, std::fabs(gi[i])));
  }
  // gradWeight: one rounding from chains of at most 64 fp32 terms.
  r->ref[1].resize(dW.size());
  r->tol[1].resize(dW.size());
  for (size_t i = 0; i < dW.size(); ++i) {
    r->ref[1][i] = RoundTo(s.gwType, dW[i]);
    r->tol[1][i] = dWa[i] * 66 * eps + UlpAt(s.gwType, std::fabs(dW[i]));
  }
  // gradBias: the sum of the stored gradOutput, in double.
  const int64_t gc = gShape[1], gvol = NumelOf(gShape) / std::max<int64_t>(gShape[0] * gc, 1);
  r->ref[2].assign(static_cast<size_t>(gc), 0.0);
  r->tol[2].assign(static_cast<size_t>(gc), 0.0);
  for (int64_t c = 0; c < gc; ++c) {
    double sum = 0;
    for (int64_t b = 0; b < gShape[0]; ++b)
      for (int64_t q = 0; q < gvol; ++q) sum += r->g[static_cast<size_t>((b * gc + c) * gvol + q)];
    r->ref[2][static_cast<size_t>(c)] = RoundTo(s.gbType, sum);
    r->tol[2][static_cast<size_t>(c)] = UlpAt(s.gbType, std::fabs(sum)) + 1e-300;
  }
}

// Both phases; the reference from the values the tensors actually hold.
inline ConvBwdResult RunConvBackward(const ConvBwdSpec &s, bool withReference = true) {
  ConvBwdResult r;
  const std::vector<int64_t> gShape = s.OutShape();
  const aclFormat f = ConvFormat(s.x.size());
  DeviceTensor g(gShape, s.gType, s.gLayout, f), x(s.x, s.xType, s.xLayout, f), w(s.w, s.wType, s.wLayout, f);
  DeviceTensor gi(s.x, s.giType, s.giLayout, f), gw(s.w, s.gwType, s.gwLayout, f);
  DeviceTensor gb({gShape[1]}, s.gbType, Layout::Dense(), ACL_FORMAT_ND);
  std::mt19937_64 rng(s.seed);
  g.Fill(RandomValues(rng, g.numel(), s.lo, s.hi));
  x.Fill(RandomValues(rng, x.numel(), s.lo, s.hi));
  w.Fill(RandomValues(rng, w.numel(), s.lo, s.hi));
  for (DeviceTensor *t : {&gi, &gw, &gb}) t->Fill(std::vector<double>(static_cast<size_t>(t->numel()), 12345.0));
  const std::vector<int64_t> op = s.outputPadding.empty() ? std::vector<int64_t>(s.stride.size(), 0) : s.outputPadding;
  const int64_t biasSize = gShape[1];
  aclIntArray *stride = aclCreateIntArray(s.stride.data(), s.stride.size());
  aclIntArray *padding = aclCreateIntArray(s.padding.data(), s.padding.size());
  aclIntArray *dilation = aclCreateIntArray(s.dilation.data(), s.dilation.size());
  aclIntArray *outputPadding = aclCreateIntArray(op.data(), op.size());
  aclIntArray *biasSizes = aclCreateIntArray(&biasSize, 1);
  aclBoolArray *mask = aclCreateBoolArray(s.mask, 3);
  aclOpExecutor *exec = nullptr;
  r.status = Phase1WithThreads(s.threads, [&] {
    return aclnnConvolutionBackwardGetWorkspaceSize(
        g.get(), x.get(), w.get(), biasSizes, stride, padding, dilation, s.transposed, outputPadding,
        static_cast<int>(s.groups), mask, s.cmt, s.mask[0] ? gi.get() : nullptr, s.mask[1] ? gw.get() : nullptr,
        s.mask[2] ? gb.get() : nullptr, &r.workspaceSize, &exec);
  });
  if (r.status == ACLNN_SUCCESS) {
    r.status = RunPhase2(aclnnConvolutionBackward, r.workspaceSize, exec);
    r.out[0] = gi.Read(), r.out[1] = gw.Read(), r.out[2] = gb.Read();
    r.g = g.Read(), r.x = x.Read(), r.w = w.Read();
    if (withReference && NumelOf(s.x) > 0 && NumelOf(s.w) > 0) ConvBwdReference(s, &r);
  }
  for (aclIntArray *a : {stride, padding, dilation, outputPadding, biasSizes}) aclDestroyIntArray(a);
  aclDestroyBoolArray(mask);
  return r;
}

// Each wanted output within tolerance of the reference; each unwanted one untouched (still 12345).
inline ::testing::AssertionResult BackwardMatches(const ConvBwdSpec &s, const ConvBwdResult &r) {
  static const char *names[] = {"gradInput", "gradWeight", "gradBias"};
  if (r.status != ACLNN_SUCCESS) return ::testing::AssertionFailure() << "status " << r.status;
  const aclDataType types[3] = {s.giType, s.gwType, s.gbType};
  for (int o = 0; o < 3; ++o) {
    if (!s.mask[o]) {
      for (double v : r.out[o])
        if (v != RoundTo(types[o], 12345.0))
          return ::testing::AssertionFailure() << names[o] << " written although not wanted: " << v;
      continue;
    }
    if (r.out[o].size() != r.ref[o].size()) return ::testing::AssertionFailure() << names[o] << " size";
    for (size_t i = 0; i < r.out[o].size(); ++i)
      if (!(std::fabs(r.out[o][i] - r.ref[o][i]) <= r.tol[o][i]))
        return ::testing::AssertionFailure() << names[o] << " element " << i << ": got " << r.out[o][i] << ", expected "
                                             << r.ref[o][i] << " (tolerance " << r.tol[o][i] << ")";
  }
  return ::testing::AssertionSuccess();
}

}  // namespace aclcpu_test
