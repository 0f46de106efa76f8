// Builder-style tester for aclnnLayerNormBackward: makes device tensors of the requested dtypes and
// layouts, runs both phases on a stream, and computes the float64 reference from the same
// (already rounded) inputs.
#pragma once

#include <memory>

#include "aclnnop/aclnn_layer_norm_backward.h"
#include "common/test_tensor.h"

namespace aclcpu_test {

struct LayerNormBackwardOutputs {
  aclnnStatus status = -1;
  uint64_t workspaceSize = 0;
  std::vector<double> dx, dw, db;                // ours
  std::vector<double> refDx, refDw, refDb;       // float64 reference
  double dxScale = 0, dwScale = 0, dbScale = 0;  // magnitude of the terms summed (error scale)
  std::vector<unsigned char> dxBytes, dwBytes, dbBytes;
};

class LayerNormBackwardTester {
 public:
  LayerNormBackwardTester &Shape(std::vector<int64_t> s) {
    shape_ = std::move(s);
    return *this;
  }
  LayerNormBackwardTester &NormDims(size_t k) {
    normDims_ = k;
    return *this;
  }
  LayerNormBackwardTester &InputDType(aclDataType t) {
    in_ = t;
    w_ = t;
    stat_ = ACL_FLOAT;
    dx_ = t;
    dw_ = ACL_FLOAT;
    db_ = ACL_FLOAT;
    return *this;
  }
  LayerNormBackwardTester &WeightDType(aclDataType t) {
    w_ = t;
    return *this;
  }
  LayerNormBackwardTester &StatDType(aclDataType t) {
    stat_ = t;
    return *this;
  }
  LayerNormBackwardTester &OutDTypes(aclDataType dx, aclDataType dw, aclDataType db) {
    dx_ = dx;
    dw_ = dw;
    db_ = db;
    return *this;
  }
  LayerNormBackwardTester &Weight(bool has) {
    hasWeight_ = has;
    return *this;
  }
  LayerNormBackwardTester &Mask(bool a, bool b, bool c) {
    mask_[0] = a;
    mask_[1] = b;
    mask_[2] = c;
    return *this;
  }
  LayerNormBackwardTester &DataLayout(Layout l) {
    layout_ = std::move(l);
    return *this;
  }
  LayerNormBackwardTester &OutLayout(Layout l) {
    outLayout_ = std::move(l);
    return *this;
  }
  LayerNormBackwardTester &Seed(uint64_t s) {
    seed_ = s;
    return *this;
  }
  LayerNormBackwardTester &Threads(int t) {
    threads_ = t;
    return *this;
  }
  LayerNormBackwardTester &Values(double lo, double hi) {
    lo_ = lo;
    hi_ = hi;
    return *this;
  }
  // Adds `shift` to x in every `every`-th row (rows 0, every, 2*every, ...): their |mean * rstd|
  // is then large, so they take the kernel's precise dx path among fast rows.
  LayerNormBackwardTester &ShiftRows(int64_t every, double shift) {
    shiftEvery_ = every;
    shift_ = shift;
    return *this;
  }

  aclDataType dxType() const { return dx_; }
  aclDataType dwType() const { return dw_; }
  aclDataType dbType() const { return db_; }
  const std::vector<int64_t> &shape() const { return shape_; }
  size_t normDims() const { return normDims_; }

  // The inputs as doubles (after rounding to their dtypes), for other oracles such as PyTorch.
  std::vector<double> dyValues, xValues, meanValues, rstdValues, weightValues;

  LayerNormBackwardOutputs Run() {
    LayerNormBackwardOutputs out;
    const std::vector<int64_t> ns(shape_.end() - static_cast<long>(normDims_), shape_.end());
    std::vector<int64_t> statShape(shape_.begin(), shape_.end() - static_cast<long>(normDims_));
    for (size_t i = 0; i < normDims_; ++i) statShape.push_back(1);
    const int64_t n = NumelOf(ns), m = NumelOf(shape_) / std::max<int64_t>(n, 1);

    std::mt19937_64 rng(seed_);
    DeviceTensor dy(shape_, in_, layout_), x(shape_, in_, layout_);
    DeviceTensor mean(statShape, stat_), rstd(statShape, stat_);
    DeviceTensor weight(ns, w_), bias(ns, w_);
    DeviceTensor dx(shape_, dx_, outLayout_), dw(ns, dw_, Layout::Padded(ns.size(), 1)), db(ns, db_);

    dyValues = Rounded(in_, RandomValues(rng, NumelOf(shape_), lo_, hi_));
    xValues = RandomValues(rng, NumelOf(shape_), lo_, hi_);
    for (int64_t r = 0; shiftEvery_ > 0 && r < m; r += shiftEvery_) {
      for (int64_t k = 0; k < n; ++k) xValues[r * n + k] += shift_;
    }
    xValues = Rounded(in_, xValues);
    weightValues = hasWeight_ ? Rounded(w_, RandomValues(rng, n, -2, 2)) : std::vector<double>(n, 1.0);
    meanValues.assign(static_cast<size_t>(m), 0);
    rstdValues.assign(static_cast<size_t>(m), 0);
    for (int64_t r = 0; r < m; ++r) {  // statistics of x, as the forward pass would save them
      double s = 0, s2 = 0;
      for (int64_t k = 0; k < n; ++k) s += xValues[r * n + k];
      const double mu = s / n;
      for (int64_t k = 0; k < n; ++k) s2 += (xValues[r * n + k] - mu) * (xValues[r * n + k] - mu);
      meanValues[r] = RoundTo(stat_, mu);
      rstdValues[r] = RoundTo(stat_, 1.0 / std::sqrt(s2 / n + 1e-5));
    }
    dy.Fill(dyValues);
    x.Fill(xValues);
    mean.Fill(meanValues);
    rstd.Fill(rstdValues);
    weight.Fill(weightValues);
    bias.Fill(std::vector<double>(static_cast<size_t>(n), 0.5));

    const bool maskValues[3] = {mask_[0], mask_[1], mask_[2]};
    std::unique_ptr<aclIntArray, aclnnStatus (*)(const aclIntArray *)> nsArray(aclCreateIntArray(ns.data(), ns.size()),
                                                                               aclDestroyIntArray);
    std::unique_ptr<aclBoolArray, aclnnStatus (*)(const aclBoolArray *)> maskArray(aclCreateBoolArray(maskValues, 3),
                                                                                   aclDestroyBoolArray);
    aclOpExecutor *executor = nullptr;
    out.status = Phase1WithThreads(threads_, [&] {
      return aclnnLayerNormBackwardGetWorkspaceSize(dy.get(), x.get(), nsArray.get(), mean.get(), rstd.get(),
                                                    hasWeight_ ? weight.get() : nullptr, bias.get(), maskArray.get(),
                                                    dx.get(), dw.get(), db.get(), &out.workspaceSize, &executor);
    });
    if (out.status != 0) return out;
    out.status = RunPhase2(aclnnLayerNormBackward, out.workspaceSize, executor);
    if (out.status != 0) return out;
    // Bytes of every output, masked or not, so tests can also see what was left untouched.
    out.dxBytes = dx.Bytes();
    out.dwBytes = dw.Bytes();
    out.dbBytes = db.Bytes();
    if (mask_[0]) out.dx = dx.Read();
    if (mask_[1]) out.dw = dw.Read();
    if (mask_[2]) out.db = db.Read();
    Reference(m, n, &out);
    return out;
  }

 private:
  static std::vector<double> Rounded(aclDataType t, std::vector<double> v) {
    for (double &x : v) x = RoundTo(t, x);
    return v;
  }

  void Reference(int64_t m, int64_t n, LayerNormBackwardOutputs *out) const {
    out->refDx.assign(static_cast<size_t>(m * n), 0);
    out->refDw.assign(static_cast<size_t>(n), 0);
    out->refDb.assign(static_cast<size_t>(n), 0);
    std::vector<double> absDw(static_cast<size_t>(n), 0), absDb(static_cast<size_t>(n), 0);
    for (int64_t r = 0; r < m; ++r) {
      const double mu = meanValues[r], rs = rstdValues[r];
      double sumG = 0, sumGX = 0, absG = 0, absGX = 0;
      for (int64_t k = 0; k < n; ++k) {
        const double xh = (xValues[r * n + k] - mu) * rs, g = dyValues[r * n + k] * weightValues[k];
        sumG += g;
        sumGX += g * xh;
        out->refDw[k] += dyValues[r * n + k] * xh;
        out->refDb[k] += dyValues[r * n + k];
        absDw[k] += std::fabs(dyValues[r * n + k] * xh);
        absDb[k] += std::fabs(dyValues[r * n + k]);
        absG += std::fabs(g);
        absGX += std::fabs(g * xh);
      }
      for (int64_t k = 0; k < n; ++k) {
        const double xh = (xValues[r * n + k] - mu) * rs, g = dyValues[r * n + k] * weightValues[k];
        out->refDx[r * n + k] = rs * (g - xh * sumGX / n - sumG / n);
        out->dxScale = std::max(out->dxScale, std::fabs(rs) * (std::fabs(g) + std::fabs(xh) * absGX / n + absG / n));
      }
    }
    out->dwScale = MaxAbs(absDw);
    out->dbScale = MaxAbs(absDb);
  }

  std::vector<int64_t> shape_ = {4, 8};
  size_t normDims_ = 1;
  aclDataType in_ = ACL_FLOAT, w_ = ACL_FLOAT, stat_ = ACL_FLOAT, dx_ = ACL_FLOAT, dw_ = ACL_FLOAT, db_ = ACL_FLOAT;
  bool hasWeight_ = true;
  bool mask_[3] = {true, true, true};
  Layout layout_, outLayout_;
  uint64_t seed_ = 1;
  int threads_ = 0;
  double lo_ = -3, hi_ = 3;
  int64_t shiftEvery_ = 0;
  double shift_ = 0;
};

// Checks every masked output against the float64 reference within the dtype's tolerance.
inline void ExpectMatchesReference(const LayerNormBackwardTester &t, const LayerNormBackwardOutputs &o) {
  ASSERT_EQ(o.status, 0) << aclGetRecentErrMsg();
  // Output rounding is relative to the value; fp32 arithmetic error to the magnitude of the terms.
  auto tol = [](aclDataType type, const std::vector<double> &ref, double terms) {
    return 2 * Epsilon(type) * MaxAbs(ref) + 16 * Epsilon(ACL_FLOAT) * terms + 1e-30;
  };
  if (!o.dx.empty()) {
    EXPECT_LE(MaxAbsDiff(o.dx, o.refDx), tol(t.dxType(), o.refDx, o.dxScale)) << "dx";
  }
  if (!o.dw.empty()) {
    EXPECT_LE(MaxAbsDiff(o.dw, o.refDw), tol(t.dwType(), o.refDw, o.dwScale)) << "dgamma";
  }
  if (!o.db.empty()) {
    EXPECT_LE(MaxAbsDiff(o.db, o.refDb), tol(t.dbType(), o.refDb, o.dbScale)) << "dbeta";
  }
}

}  // namespace aclcpu_test
