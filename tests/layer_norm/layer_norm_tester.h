// Builder-style tester for aclnnLayerNorm (and its WithImplMode and Fast variants): makes device
// tensors of the requested dtypes and layouts, runs both phases on a stream, and computes the
// float64 reference from the same (already rounded) inputs.
#pragma once

#include <cmath>
#include <memory>

#include "aclnnop/aclnn_layer_norm.h"
#include "common/test_tensor.h"

namespace aclcpu_test {

enum class LnApi { kPlain, kImplMode, kFast };

struct LayerNormOutputs {
  aclnnStatus status = -1;
  uint64_t workspaceSize = 0;
  std::vector<double> y, mean, rstd;           // ours (empty when not requested)
  std::vector<double> refY, refMean, refRstd;  // float64 reference
  std::vector<unsigned char> yBytes, meanBytes, rstdBytes;
};

class LayerNormTester {
 public:
  LayerNormTester &Shape(std::vector<int64_t> s) {
    shape_ = std::move(s);
    return *this;
  }
  LayerNormTester &NormDims(size_t k) {
    normDims_ = k;
    return *this;
  }
  // Sets input and out to t, weight/bias to t, statistics to FLOAT.
  LayerNormTester &InputDType(aclDataType t) {
    in_ = out_ = w_ = t;
    stat_ = ACL_FLOAT;
    return *this;
  }
  LayerNormTester &ParamDType(aclDataType t) {
    w_ = t;
    return *this;
  }
  LayerNormTester &OutDType(aclDataType t) {
    out_ = t;
    return *this;
  }
  LayerNormTester &StatDType(aclDataType t) {
    stat_ = t;
    return *this;
  }
  LayerNormTester &Optionals(bool weight, bool bias, bool mean, bool rstd) {
    hasWeight_ = weight;
    hasBias_ = bias;
    wantMean_ = mean;
    wantRstd_ = rstd;
    return *this;
  }
  LayerNormTester &DataLayout(Layout l) {
    layout_ = std::move(l);
    return *this;
  }
  LayerNormTester &OutLayout(Layout l) {
    outLayout_ = std::move(l);
    return *this;
  }
  LayerNormTester &StatLayout(Layout l) {
    statLayout_ = std::move(l);
    return *this;
  }
  LayerNormTester &Seed(uint64_t s) {
    seed_ = s;
    return *this;
  }
  LayerNormTester &Threads(int t) {
    threads_ = t;
    return *this;
  }
  LayerNormTester &Values(double lo, double hi) {
    lo_ = lo;
    hi_ = hi;
    return *this;
  }
  LayerNormTester &Eps(double e) {
    eps_ = e;
    return *this;
  }
  LayerNormTester &Api(LnApi a, int32_t implMode = 0) {
    api_ = a;
    implMode_ = implMode;
    return *this;
  }

  aclDataType outType() const { return out_; }
  aclDataType statType() const { return stat_; }
  const std::vector<int64_t> &shape() const { return shape_; }
  size_t normDims() const { return normDims_; }
  double eps() const { return eps_; }

  // The inputs as doubles (after rounding to their dtypes), for other oracles such as PyTorch.
  std::vector<double> xValues, weightValues, biasValues;

  LayerNormOutputs Run() {
    LayerNormOutputs o;
    const std::vector<int64_t> ns(shape_.end() - static_cast<long>(normDims_), shape_.end());
    std::vector<int64_t> statShape(shape_.begin(), shape_.end() - static_cast<long>(normDims_));
    for (size_t i = 0; i < normDims_; ++i) statShape.push_back(1);
    const int64_t n = NumelOf(ns), m = NumelOf(statShape);

    std::mt19937_64 rng(seed_);
    DeviceTensor x(shape_, in_, layout_), weight(ns, w_), bias(ns, w_, Layout::Padded(ns.size(), 2));
    DeviceTensor y(shape_, out_, outLayout_), mean(statShape, stat_, statLayout_), rstd(statShape, stat_, statLayout_);
    xValues = Rounded(in_, RandomValues(rng, NumelOf(shape_), lo_, hi_));
    weightValues = hasWeight_ ? Rounded(w_, RandomValues(rng, n, -2, 2)) : std::vector<double>(n, 1.0);
    biasValues = hasBias_ ? Rounded(w_, RandomValues(rng, n, -1, 1)) : std::vector<double>(n, 0.0);
    x.Fill(xValues);
    weight.Fill(weightValues);
    bias.Fill(biasValues);

    std::unique_ptr<aclIntArray, aclnnStatus (*)(const aclIntArray *)> nsArray(aclCreateIntArray(ns.data(), ns.size()),
                                                                               aclDestroyIntArray);
    aclOpExecutor *executor = nullptr;
    aclTensor *w = hasWeight_ ? weight.get() : nullptr, *b = hasBias_ ? bias.get() : nullptr;
    aclTensor *mo = wantMean_ ? mean.get() : nullptr, *ro = wantRstd_ ? rstd.get() : nullptr;
    o.status = Phase1WithThreads(threads_, [&] {
      switch (api_) {
        case LnApi::kImplMode:
          return aclnnLayerNormWithImplModeGetWorkspaceSize(x.get(), nsArray.get(), w, b, eps_, y.get(), mo, ro,
                                                            implMode_, &o.workspaceSize, &executor);
        case LnApi::kFast:
          return aclnnFastLayerNormGetWorkspaceSize(x.get(), nsArray.get(), w, b, eps_, y.get(), mo, ro,
                                                    &o.workspaceSize, &executor);
        default:
          return aclnnLayerNormGetWorkspaceSize(x.get(), nsArray.get(), w, b, eps_, y.get(), mo, ro, &o.workspaceSize,
                                                &executor);
      }
    });
    if (o.status != 0) return o;
    Phase2Fn phase2 = api_ == LnApi::kImplMode ? aclnnLayerNormWithImplMode
                      : api_ == LnApi::kFast   ? aclnnFastLayerNorm
                                               : aclnnLayerNorm;
    o.status = RunPhase2(phase2, o.workspaceSize, executor);
    if (o.status != 0) return o;
    o.yBytes = y.Bytes();
    o.meanBytes = mean.Bytes();
    o.rstdBytes = rstd.Bytes();
    o.y = y.Read();
    if (wantMean_) o.mean = mean.Read();
    if (wantRstd_) o.rstd = rstd.Read();
    Reference(m, n, &o);
    return o;
  }

 private:
  static std::vector<double> Rounded(aclDataType t, std::vector<double> v) {
    for (double &x : v) x = RoundTo(t, x);
    return v;
  }

  void Reference(int64_t m, int64_t n, LayerNormOutputs *o) const {
    o->refY.assign(static_cast<size_t>(m * n), 0);
    o->refMean.assign(static_cast<size_t>(m), 0);
    o->refRstd.assign(static_cast<size_t>(m), 0);
    const double eps = static_cast<float>(eps_);
    for (int64_t r = 0; r < m; ++r) {
      long double s = 0, s2 = 0;
      for (int64_t k = 0; k < n; ++k) s += xValues[r * n + k];
      const double mu = static_cast<double>(s / n);
      for (int64_t k = 0; k < n; ++k) s2 += (xValues[r * n + k] - mu) * (xValues[r * n + k] - mu);
      const double rs = 1.0 / std::sqrt(static_cast<double>(s2 / n) + eps);
      o->refMean[r] = mu;
      o->refRstd[r] = rs;
      for (int64_t k = 0; k < n; ++k) {
        o->refY[r * n + k] = (xValues[r * n + k] - mu) * rs * weightValues[k] + biasValues[k];
      }
    }
  }

  std::vector<int64_t> shape_ = {4, 8};
  size_t normDims_ = 1;
  aclDataType in_ = ACL_FLOAT, w_ = ACL_FLOAT, out_ = ACL_FLOAT, stat_ = ACL_FLOAT;
  bool hasWeight_ = true, hasBias_ = true, wantMean_ = true, wantRstd_ = true;
  Layout layout_, outLayout_, statLayout_;
  uint64_t seed_ = 1;
  int threads_ = 0;
  double lo_ = -3, hi_ = 3, eps_ = 1e-5;
  LnApi api_ = LnApi::kPlain;
  int32_t implMode_ = 0;
};

// Checks every output against the float64 reference: y within its rounding plus a few fp32
// roundings of the terms (|x - mean| * rstd * |w| + |b|), mean and rstd within their rounding.
inline void ExpectMatchesReference(const LayerNormTester &t, const LayerNormOutputs &o) {
  ASSERT_EQ(o.status, 0) << aclGetRecentErrMsg();
  const int64_t n = static_cast<int64_t>(o.refY.size() / std::max<size_t>(o.refMean.size(), 1));
  for (size_t i = 0; i < o.refY.size(); ++i) {
    const double tol =
        Epsilon(t.outType()) * std::fabs(o.refY[i]) + 8 * Epsilon(ACL_FLOAT) * (10 + std::fabs(o.refY[i])) + 1e-30;
    ASSERT_LE(std::fabs(o.y[i] - o.refY[i]), tol) << "y[" << i << "] row " << static_cast<int64_t>(i) / n;
  }
  for (size_t r = 0; r < o.mean.size(); ++r) {
    ASSERT_LE(std::fabs(o.mean[r] - o.refMean[r]), Epsilon(t.statType()) * std::fabs(o.refMean[r]) + 1e-12)
        << "mean[" << r << "]";
  }
  for (size_t r = 0; r < o.rstd.size(); ++r) {
    ASSERT_LE(std::fabs(o.rstd[r] - o.refRstd[r]), 1.0001 * Epsilon(t.statType()) * std::fabs(o.refRstd[r]))
        << "rstd[" << r << "]";
  }
}

}  // namespace aclcpu_test
