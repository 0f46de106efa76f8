// Runs aclnnConvolution / aclnnConvDepthwise2d on device tensors of any dtype and layout (both phases on a
// stream) and computes a float64 reference after the device's operand roundings (docs/ops/convolution.md §2.1),
// with a per-element tolerance for the fp32 accumulation and the result roundings.
#pragma once

#include <cmath>
#include <vector>

#include "aclnnop/aclnn_convolution.h"
#include "common/test_tensor.h"
#include "conv_tbc_backward/conv_tbc_backward_tester.h"  // RoundToHf32

namespace aclcpu_test {

// The geometry of a convolution problem, shared by the forward and backward testers.
struct ConvGeometry {
  std::vector<int64_t> x, w;                       // input (N, Cin, *S), weight (Cout, Cin/G, *K)
  std::vector<int64_t> stride, padding, dilation;  // padding as passed: r values, or 2r (1-D, 2-D)
  int64_t groups = 1;
  bool transposed = false;             // weight (Cin, Cout/G, *K)
  std::vector<int64_t> outputPadding;  // transposed only; empty: zeros

  int Spatial() const { return static_cast<int>(x.size()) - 2; }
  int64_t PadBefore(int d) const { return padding.size() == x.size() - 2 ? padding[d] : padding[2 * d]; }
  int64_t PadAfter(int d) const { return padding.size() == x.size() - 2 ? padding[d] : padding[2 * d + 1]; }
  int64_t OutPad(int d) const { return outputPadding.empty() ? 0 : outputPadding[d]; }
  // The forward output's shape (the backward's gradOutput).
  std::vector<int64_t> OutShape() const {
    std::vector<int64_t> y = {x[0], transposed ? w[1] * groups : w[0]};
    for (int d = 0; d < Spatial(); ++d) {
      if (transposed)
        y.push_back((x[d + 2] - 1) * stride[d] - PadBefore(d) - PadAfter(d) + dilation[d] * (w[d + 2] - 1) + OutPad(d) +
                    1);
      else
        y.push_back((x[d + 2] + PadBefore(d) + PadAfter(d) - dilation[d] * (w[d + 2] - 1) - 1) / stride[d] + 1);
    }
    return y;
  }
};

struct ConvSpec : ConvGeometry {
  bool bias = true;
  bool depthwise = false;  // aclnnConvDepthwise2d (groups = Cin)
  aclDataType xType = ACL_FLOAT, wType = ACL_FLOAT, bType = ACL_FLOAT, yType = ACL_FLOAT;
  int8_t cmt = 0;
  Layout xLayout, wLayout, yLayout;
  uint64_t seed = 1;
  int threads = 0;  // 0: the default
  double lo = -1, hi = 1;

  ConvSpec &All(aclDataType t) {
    xType = wType = bType = yType = t;
    return *this;
  }
};

struct ConvResult {
  aclnnStatus status = -1;
  uint64_t workspaceSize = 0;
  std::vector<int64_t> yShape;
  std::vector<double> y, ref, tol, exact;  // exact: the float64 sum of the stored (unrounded) operands
};

inline aclFormat ConvFormat(size_t rank) {
  return rank == 3 ? ACL_FORMAT_NCL : rank == 4 ? ACL_FORMAT_NCHW : ACL_FORMAT_NCDHW;
}

// §2.1: the compute dtype, the operand rounding and the kernel's result dtype (ACL_FLOAT: fp32).
struct RefNumerics {
  aclDataType kernel = ACL_FLOAT;
  bool hf32 = false, toF16 = false, biasF16 = false;
};
inline RefNumerics RefNumericsFor(const ConvSpec &s) {
  RefNumerics n;
  if (s.cmt == 2) {
    n.kernel = ACL_FLOAT16;
    n.toF16 = true;
    n.biasF16 = !s.transposed;
    return n;
  }
  const aclDataType p = s.xType == s.wType ? s.xType : ACL_FLOAT;
  n.kernel = s.transposed && s.yType == ACL_FLOAT ? ACL_FLOAT : p;
  n.hf32 = p == ACL_FLOAT && (s.cmt == 1 || s.cmt == 3);
  n.biasF16 = p == ACL_FLOAT16 && !s.transposed;
  return n;
}

inline double RoundOperand(const RefNumerics &n, double v) {
  if (n.hf32) return RoundToHf32(v);
  if (n.toF16) return RoundTo(ACL_FLOAT16, v);
  return v;
}

// The input index of output o and tap t along one dim (transposed: the input elements whose scatter reaches o).
inline bool InputIndex(bool transposed, int64_t o, int64_t t, int64_t stride, int64_t pad, int64_t dil, int64_t size,
                       int64_t *i) {
  if (!transposed) {
    *i = o * stride - pad + t * dil;
    return *i >= 0 && *i < size;
  }
  const int64_t v = o + pad - t * dil;
  if (v < 0 || v % stride != 0) return false;
  *i = v / stride;
  return *i < size;
}

// The float64 reference: out = bias + sum over groups' taps, operands rounded as the device rounds them.
inline void ConvReference(const ConvSpec &s, const std::vector<double> &xv, const std::vector<double> &wv,
                          const std::vector<double> &bv, ConvResult *r) {
  const RefNumerics num = RefNumericsFor(s);
  const int sp = s.Spatial();
  const std::vector<int64_t> &y = r->yShape;
  int64_t in[3] = {1, 1, 1}, k[3] = {1, 1, 1}, o[3] = {1, 1, 1}, st[3] = {1, 1, 1}, pb[3] = {0, 0, 0},
          dl[3] = {1, 1, 1};
  for (int d = 0; d < sp; ++d) {
    const int e = 3 - sp + d;
    in[e] = s.x[d + 2], k[e] = s.w[d + 2], o[e] = y[d + 2], st[e] = s.stride[d], pb[e] = s.PadBefore(d),
    dl[e] = s.dilation[d];
  }
  const int64_t n = s.x[0], cin = s.x[1], cout = y[1], groups = s.depthwise ? cin : s.groups;
  const int64_t cinG = cin / groups, coutG = cout / groups, kvol = k[0] * k[1] * k[2], ovol = o[0] * o[1] * o[2];
  const int64_t ivol = in[0] * in[1] * in[2];
  const int64_t terms = cinG * kvol + 1;
  r->ref.assign(static_cast<size_t>(n * cout * ovol), 0.0);
  r->tol = r->exact = r->ref;
  for (int64_t b = 0; b < n; ++b) {
    for (int64_t co = 0; co < cout; ++co) {
      const int64_t g = co / coutG;
      double bias = 0;
      if (s.bias) bias = num.biasF16 ? RoundTo(ACL_FLOAT16, bv[co]) : bv[co];
      for (int64_t p = 0; p < ovol; ++p) {
        const int64_t od = p / (o[1] * o[2]), oh = p / o[2] % o[1], ow = p % o[2];
        double sum = bias, sumAbs = std::fabs(bias), exact = s.bias ? bv[co] : 0.0;
        for (int64_t ci = 0; ci < cinG; ++ci) {
          const int64_t c = g * cinG + ci;
          for (int64_t t = 0; t < kvol; ++t) {
            const int64_t kd = t / (k[1] * k[2]), kh = t / k[2] % k[1], kw = t % k[2];
            int64_t id = 0, ih = 0, iw = 0;
            if (!InputIndex(s.transposed, od, kd, st[0], pb[0], dl[0], in[0], &id) ||
                !InputIndex(s.transposed, oh, kh, st[1], pb[1], dl[1], in[1], &ih) ||
                !InputIndex(s.transposed, ow, kw, st[2], pb[2], dl[2], in[2], &iw))
              continue;
            const double xval = xv[static_cast<size_t>((b * cin + c) * ivol + (id * in[1] + ih) * in[2] + iw)];
            const int64_t wrow = s.transposed ? c * coutG + co % coutG : co * cinG + ci;
            const double wval = wv[static_cast<size_t>(wrow * kvol + t)];
            const double prod = RoundOperand(num, xval) * RoundOperand(num, wval);
            sum += prod;
            sumAbs += std::fabs(prod);
            exact += xval * wval;
          }
        }
        double v = num.kernel == ACL_FLOAT ? sum : RoundTo(num.kernel, sum);
        v = RoundTo(s.yType, v);
        const size_t i = static_cast<size_t>((b * cout + co) * ovol + p);
        r->ref[i] = v;
        r->exact[i] = exact;
        double tol = sumAbs * static_cast<double>(terms) * std::ldexp(1.0, -24) + UlpAt(s.yType, std::fabs(v));
        if (num.kernel != ACL_FLOAT) tol += UlpAt(num.kernel, std::fabs(sum));
        r->tol[i] = tol;
      }
    }
  }
}

// Both phases; the reference from the values the tensors actually hold.
inline ConvResult RunConv(const ConvSpec &s, bool withReference = true) {
  ConvResult r;
  r.yShape = s.OutShape();
  const aclFormat f = ConvFormat(s.x.size());
  DeviceTensor x(s.x, s.xType, s.xLayout, f), w(s.w, s.wType, s.wLayout, f);
  DeviceTensor b({r.yShape[1]}, s.bType, Layout::Dense(), ACL_FORMAT_ND), y(r.yShape, s.yType, s.yLayout, f);
  std::mt19937_64 rng(s.seed);
  x.Fill(RandomValues(rng, x.numel(), s.lo, s.hi));
  w.Fill(RandomValues(rng, w.numel(), s.lo, s.hi));
  b.Fill(RandomValues(rng, b.numel(), s.lo, s.hi));
  y.Fill(std::vector<double>(static_cast<size_t>(y.numel()), 12345.0));
  aclIntArray *stride = aclCreateIntArray(s.stride.data(), s.stride.size());
  aclIntArray *padding = aclCreateIntArray(s.padding.data(), s.padding.size());
  aclIntArray *dilation = aclCreateIntArray(s.dilation.data(), s.dilation.size());
  std::vector<int64_t> op = s.outputPadding.empty() ? std::vector<int64_t>(s.stride.size(), 0) : s.outputPadding;
  std::vector<int64_t> kernel(s.w.begin() + 2, s.w.end());
  aclIntArray *outputPadding = aclCreateIntArray(op.data(), op.size());
  aclIntArray *kernelSize = aclCreateIntArray(kernel.data(), kernel.size());
  aclOpExecutor *exec = nullptr;
  r.status = Phase1WithThreads(s.threads, [&] {
    if (s.depthwise)
      return aclnnConvDepthwise2dGetWorkspaceSize(x.get(), w.get(), kernelSize, s.bias ? b.get() : nullptr, stride,
                                                  padding, dilation, y.get(), s.cmt, &r.workspaceSize, &exec);
    return aclnnConvolutionGetWorkspaceSize(x.get(), w.get(), s.bias ? b.get() : nullptr, stride, padding, dilation,
                                            s.transposed, outputPadding, s.groups, y.get(), s.cmt, &r.workspaceSize,
                                            &exec);
  });
  if (r.status == ACLNN_SUCCESS) {
    r.status = RunPhase2(s.depthwise ? aclnnConvDepthwise2d : aclnnConvolution, r.workspaceSize, exec);
    r.y = y.Read();
    if (withReference) ConvReference(s, x.Read(), w.Read(), b.Read(), &r);
  }
  for (aclIntArray *a : {stride, padding, dilation, outputPadding, kernelSize}) aclDestroyIntArray(a);
  return r;
}

inline ::testing::AssertionResult MatchesReference(const ConvResult &r) {
  if (r.status != ACLNN_SUCCESS) return ::testing::AssertionFailure() << "status " << r.status;
  if (r.y.size() != r.ref.size()) return ::testing::AssertionFailure() << "size " << r.y.size();
  for (size_t i = 0; i < r.y.size(); ++i) {
    if (!(std::fabs(r.y[i] - r.ref[i]) <= r.tol[i]))
      return ::testing::AssertionFailure()
             << "element " << i << ": got " << r.y[i] << ", expected " << r.ref[i] << " (tolerance " << r.tol[i] << ")";
  }
  return ::testing::AssertionSuccess();
}

}  // namespace aclcpu_test
