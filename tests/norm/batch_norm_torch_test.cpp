// Parity with PyTorch (docs/ops/batch_norm.md §3 Q9): at::native_batch_norm and at::native_batch_norm_backward on
// random FLOAT problems, then a forward -> backward cascade against autograd. A2's saveInvstd holds the biased
// variance: PyTorch's invstd is converted (var = 1/invstd² − eps, invstd = 1/sqrt(var + eps)). Reference: the same
// ATen calls in float64 on the same (fp32) inputs, eps and momentum narrowed to float as the op does. Rule: our max
// error against it is no worse than PyTorch's fp32 error plus one fp32 ulp (NoWorseThanTorch).
#include <ATen/ATen.h>
#include <ATen/Parallel.h>

#include <string>
#include <tuple>
#include <vector>

#include "aclnnop/aclnn_batch_norm.h"
#include "aclnnop/aclnn_batch_norm_backward.h"
#include "common/test_tensor.h"
#include "common/torch_convert.h"

namespace aclcpu_test::batch_norm_torch_test {
namespace {

std::string ShapeLabel(const std::vector<int64_t> &shape) {
  std::string s = " [";
  for (int64_t d : shape) s += std::to_string(d) + ",";
  return s + "]";
}

std::vector<int64_t> RandomShape(std::mt19937_64 &rng) {
  const int rank = 2 + static_cast<int>(rng() % 4);
  std::vector<int64_t> shape = {1 + static_cast<int64_t>(rng() % 4), 1 + static_cast<int64_t>(rng() % 8)};
  for (int d = 2; d < rank; ++d) shape.push_back(1 + static_cast<int64_t>(rng() % (d == rank - 1 ? 40 : 6)));
  if (NumelOf(shape) / shape[1] < 2) shape[0] = 2;  // PyTorch refuses one value per channel in training
  return shape;
}

std::vector<double> F32Values(std::mt19937_64 &rng, int64_t n, double lo, double hi) {
  std::vector<double> v = RandomValues(rng, n, lo, hi);
  for (double &e : v) e = RoundTo(ACL_FLOAT, e);
  return v;
}

// A 5-D input (and output) must be labelled NCDHW (§1.4 step 5).
aclFormat FormatFor(const std::vector<int64_t> &shape) { return shape.size() == 5 ? ACL_FORMAT_NCDHW : ACL_FORMAT_ND; }

at::Tensor T(const std::vector<double> &v, std::vector<int64_t> shape, at::ScalarType type) {
  return ToTorch(v, std::move(shape), ACL_DOUBLE).to(type);
}

// The variance PyTorch's invstd stands for, in double.
std::vector<double> VarianceOf(const at::Tensor &invstd, double eps) {
  const at::Tensor inv = invstd.to(at::kDouble);
  return FromTorch(1.0 / (inv * inv) - eps);
}

struct Fwd {
  std::vector<double> out, mean, var, rm, rv;
};

Fwd TorchForward(const std::vector<double> &x, const std::vector<int64_t> &shape, const std::vector<double> &w,
                 const std::vector<double> &b, const std::vector<double> &rm, const std::vector<double> &rv,
                 bool training, double momentum, double eps, at::ScalarType type) {
  const int64_t c = shape[1];
  at::Tensor rmt = T(rm, {c}, type), rvt = T(rv, {c}, type);
  auto result =
      at::native_batch_norm(T(x, shape, type), T(w, {c}, type), T(b, {c}, type), rmt, rvt, training, momentum, eps);
  Fwd f{FromTorch(std::get<0>(result)), {}, {}, FromTorch(rmt), FromTorch(rvt)};
  if (training) {
    f.mean = FromTorch(std::get<1>(result));
    f.var = VarianceOf(std::get<2>(result), eps);
  }
  return f;
}

TEST(BatchNormTorchParity, ForwardNoWorseThanPyTorch) {
  aclInit(nullptr);
  at::set_num_threads(2);
  std::mt19937_64 rng(77);
  for (int k = 0; k < 60; ++k) {
    const std::vector<int64_t> shape = RandomShape(rng);
    const int64_t c = shape[1];
    const bool training = k % 3 != 2;
    const double eps = k % 2 == 0 ? 1e-5 : 1e-3, momentum = k % 4 == 0 ? 0.3 : 0.1;
    const double lo = k % 5 == 0 ? 50 : -2, hi = k % 5 == 0 ? 52 : 3;  // sometimes a mean far from zero
    const std::vector<double> xv = F32Values(rng, NumelOf(shape), lo, hi), wv = F32Values(rng, c, 0.5, 2),
                              bv = F32Values(rng, c, -1, 1), rmv = F32Values(rng, c, -1, 1),
                              rvv = F32Values(rng, c, 0.5, 2);
    DeviceTensor x(shape, ACL_FLOAT, Layout::Dense(), FormatFor(shape)),
        out(shape, ACL_FLOAT, Layout::Dense(), FormatFor(shape)), w({c}, ACL_FLOAT), b({c}, ACL_FLOAT),
        rm({c}, ACL_FLOAT), rv({c}, ACL_FLOAT), mean({c}, ACL_FLOAT), var({c}, ACL_FLOAT);
    x.Fill(xv);
    w.Fill(wv);
    b.Fill(bv);
    rm.Fill(rmv);
    rv.Fill(rvv);
    uint64_t ws = 0;
    aclOpExecutor *exec = nullptr;
    ASSERT_EQ(aclnnBatchNormGetWorkspaceSize(x.get(), w.get(), b.get(), rm.get(), rv.get(), training, momentum, eps,
                                             out.get(), mean.get(), var.get(), &ws, &exec),
              0)
        << aclGetRecentErrMsg();
    ASSERT_EQ(RunPhase2(aclnnBatchNorm, ws, exec), 0);
    const double eps32 = static_cast<float>(eps), m32 = static_cast<float>(momentum);
    const Fwd theirs = TorchForward(xv, shape, wv, bv, rmv, rvv, training, m32, eps32, at::kFloat);
    const Fwd ref = TorchForward(xv, shape, wv, bv, rmv, rvv, training, m32, eps32, at::kDouble);
    const std::string label = "case " + std::to_string(k) + (training ? " training" : " inference") + ShapeLabel(shape);
    EXPECT_TRUE(NoWorseThanTorch(out.Read(), theirs.out, ref.out, ACL_FLOAT)) << label << " output";
    EXPECT_TRUE(NoWorseThanTorch(rm.Read(), theirs.rm, ref.rm, ACL_FLOAT)) << label << " runningMean";
    EXPECT_TRUE(NoWorseThanTorch(rv.Read(), theirs.rv, ref.rv, ACL_FLOAT)) << label << " runningVar";
    if (training) {
      EXPECT_TRUE(NoWorseThanTorch(mean.Read(), theirs.mean, ref.mean, ACL_FLOAT)) << label << " saveMean";
      EXPECT_TRUE(NoWorseThanTorch(var.Read(), theirs.var, ref.var, ACL_FLOAT)) << label << " saveInvstd (variance)";
    }
  }
}

struct Grads {
  std::vector<double> gi, gw, gb;
};

// PyTorch's backward given A2's (mean, variance) pair: its save_invstd is 1/sqrt(var + eps), made in double.
Grads TorchBackward(const std::vector<double> &dy, const std::vector<double> &x, const std::vector<int64_t> &shape,
                    const std::vector<double> &w, const std::vector<double> &mean, const std::vector<double> &var,
                    bool training, double eps, at::ScalarType type) {
  const int64_t c = shape[1];
  const at::Tensor varT = T(var, {c}, at::kDouble);
  const at::Tensor invstd = (1.0 / at::sqrt(varT + eps)).to(type);
  const at::Tensor meanT = T(mean, {c}, type), runVar = varT.to(type);
  auto result = at::native_batch_norm_backward(T(dy, shape, type), T(x, shape, type), T(w, {c}, type),
                                               training ? at::Tensor() : meanT, training ? at::Tensor() : runVar,
                                               training ? meanT : at::Tensor(), training ? invstd : at::Tensor(),
                                               training, eps, {true, true, true});
  return {FromTorch(std::get<0>(result)), FromTorch(std::get<1>(result)), FromTorch(std::get<2>(result))};
}

Grads OurBackward(const std::vector<double> &dyv, const std::vector<double> &xv, const std::vector<int64_t> &shape,
                  const std::vector<double> &wv, DeviceTensor &mean, DeviceTensor &var, bool training, double eps) {
  const int64_t c = shape[1];
  DeviceTensor dy(shape, ACL_FLOAT), x(shape, ACL_FLOAT), gi(shape, ACL_FLOAT), w({c}, ACL_FLOAT), gw({c}, ACL_FLOAT),
      gb({c}, ACL_FLOAT);
  dy.Fill(dyv);
  x.Fill(xv);
  w.Fill(wv);
  const bool maskValues[3] = {true, true, true};
  aclBoolArray *mask = aclCreateBoolArray(maskValues, 3);
  uint64_t ws = 0;
  aclOpExecutor *exec = nullptr;
  const aclTensor *m = mean.get(), *v = var.get();
  const aclnnStatus status = aclnnBatchNormBackwardGetWorkspaceSize(
      dy.get(), x.get(), w.get(), training ? nullptr : m, training ? nullptr : v, training ? m : nullptr,
      training ? v : nullptr, training, eps, mask, gi.get(), gw.get(), gb.get(), &ws, &exec);
  aclDestroyBoolArray(mask);
  EXPECT_EQ(status, 0) << aclGetRecentErrMsg();
  if (status != 0) return {};
  EXPECT_EQ(RunPhase2(aclnnBatchNormBackward, ws, exec), 0);
  return {gi.Read(), gw.Read(), gb.Read()};
}

TEST(BatchNormTorchParity, BackwardNoWorseThanPyTorch) {
  aclInit(nullptr);
  at::set_num_threads(2);
  std::mt19937_64 rng(78);
  for (int k = 0; k < 60; ++k) {
    const std::vector<int64_t> shape = RandomShape(rng);
    const int64_t c = shape[1];
    const bool training = k % 3 != 2;
    const double eps = k % 2 == 0 ? 1e-5 : 1e-3;
    const std::vector<double> dyv = F32Values(rng, NumelOf(shape), -1, 1), xv = F32Values(rng, NumelOf(shape), -2, 3),
                              wv = F32Values(rng, c, 0.5, 2), mv = F32Values(rng, c, 0, 1),
                              vv = F32Values(rng, c, 0.5, 3);
    DeviceTensor mean({c}, ACL_FLOAT), var({c}, ACL_FLOAT);
    mean.Fill(mv);
    var.Fill(vv);
    const Grads ours = OurBackward(dyv, xv, shape, wv, mean, var, training, eps);
    const double eps32 = static_cast<float>(eps);
    const Grads theirs = TorchBackward(dyv, xv, shape, wv, mv, vv, training, eps32, at::kFloat);
    const Grads ref = TorchBackward(dyv, xv, shape, wv, mv, vv, training, eps32, at::kDouble);
    const std::string label = "case " + std::to_string(k) + (training ? " training" : " inference") + ShapeLabel(shape);
    EXPECT_TRUE(NoWorseThanTorch(ours.gi, theirs.gi, ref.gi, ACL_FLOAT)) << label << " gradInput";
    EXPECT_TRUE(NoWorseThanTorch(ours.gw, theirs.gw, ref.gw, ACL_FLOAT)) << label << " gradWeight";
    EXPECT_TRUE(NoWorseThanTorch(ours.gb, theirs.gb, ref.gb, ACL_FLOAT)) << label << " gradBias";
  }
}

// Training forward then backward with its saveMean/saveInvstd, against autograd through at::batch_norm.
Grads Autograd(const std::vector<double> &dy, const std::vector<double> &x, const std::vector<int64_t> &shape,
               const std::vector<double> &w, const std::vector<double> &b, double eps, at::ScalarType type) {
  const int64_t c = shape[1];
  at::Tensor xt = T(x, shape, type).set_requires_grad(true), wt = T(w, {c}, type).set_requires_grad(true),
             bt = T(b, {c}, type).set_requires_grad(true);
  const at::Tensor y = at::batch_norm(xt, wt, bt, at::Tensor(), at::Tensor(), true, 0.1, eps, false);
  (y * T(dy, shape, type)).sum().backward();
  return {FromTorch(xt.grad()), FromTorch(wt.grad()), FromTorch(bt.grad())};
}

TEST(BatchNormTorchParity, ForwardBackwardCascadeMatchesAutograd) {
  aclInit(nullptr);
  at::set_num_threads(2);
  std::mt19937_64 rng(79);
  for (int k = 0; k < 30; ++k) {
    std::vector<int64_t> shape = RandomShape(rng);
    // Two values per channel make gradInput the cancellation w·invstd·(dy0 − dy1)/2·(1 − x̂²) with 1 − x̂² =
    // eps/(var + eps): its error is then set by the fp32 rounding of the saved statistic alone (A2 saves the
    // variance, PyTorch the invstd), about one fp32 ulp of dy for either, and which is smaller is chance.
    if (NumelOf(shape) / shape[1] == 2) shape[0] = 3;
    const int64_t c = shape[1];
    const double eps = k % 2 == 0 ? 1e-5 : 1e-3;
    const std::vector<double> xv = F32Values(rng, NumelOf(shape), -2, 3), dyv = F32Values(rng, NumelOf(shape), -1, 1),
                              wv = F32Values(rng, c, 0.5, 2), bv = F32Values(rng, c, -1, 1);
    DeviceTensor x(shape, ACL_FLOAT, Layout::Dense(), FormatFor(shape)),
        out(shape, ACL_FLOAT, Layout::Dense(), FormatFor(shape)), w({c}, ACL_FLOAT), b({c}, ACL_FLOAT),
        mean({c}, ACL_FLOAT), var({c}, ACL_FLOAT);
    x.Fill(xv);
    w.Fill(wv);
    b.Fill(bv);
    uint64_t ws = 0;
    aclOpExecutor *exec = nullptr;
    ASSERT_EQ(aclnnBatchNormGetWorkspaceSize(x.get(), w.get(), b.get(), nullptr, nullptr, true, 0.1, eps, out.get(),
                                             mean.get(), var.get(), &ws, &exec),
              0);
    ASSERT_EQ(RunPhase2(aclnnBatchNorm, ws, exec), 0);
    const Grads ours = OurBackward(dyv, xv, shape, wv, mean, var, true, eps);
    const double eps32 = static_cast<float>(eps);
    const Grads theirs = Autograd(dyv, xv, shape, wv, bv, eps32, at::kFloat);
    const Grads ref = Autograd(dyv, xv, shape, wv, bv, eps32, at::kDouble);
    const std::string label = "case " + std::to_string(k) + ShapeLabel(shape);
    EXPECT_TRUE(NoWorseThanTorch(ours.gi, theirs.gi, ref.gi, ACL_FLOAT)) << label << " gradInput";
    EXPECT_TRUE(NoWorseThanTorch(ours.gw, theirs.gw, ref.gw, ACL_FLOAT)) << label << " gradWeight";
    EXPECT_TRUE(NoWorseThanTorch(ours.gb, theirs.gb, ref.gb, ACL_FLOAT)) << label << " gradBias";
  }
}

}  // namespace
}  // namespace aclcpu_test::batch_norm_torch_test
