// The softmax family against PyTorch (at::_softmax, at::_log_softmax, at::_softmax_backward_data,
// at::_log_softmax_backward_data) on random problems: ranks 1-4, random shapes and dims (negative too),
// transposed and padded views. Criterion: our largest error against a float64 reference is at most
// PyTorch's plus one ulp of the output dtype. Then the forward -> backward cascade against autograd.
#include <ATen/ATen.h>
#include <ATen/Parallel.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "aclnnop/aclnn_logsoftmax.h"
#include "aclnnop/aclnn_logsoftmax_backward.h"
#include "aclnnop/aclnn_softmax.h"
#include "aclnnop/aclnn_softmax_backward.h"
#include "common/test_tensor.h"
#include "common/torch_convert.h"

namespace aclcpu_test::softmax_torch_test {
namespace {

enum class Fn { kSoftmax, kSoftmaxBackward, kLogSoftmax, kLogSoftmaxBackward };
const char *FnName(Fn f) {
  static const char *const names[] = {"Softmax", "SoftmaxBackward", "LogSoftmax", "LogSoftmaxBackward"};
  return names[static_cast<int>(f)];
}
bool Backward(Fn f) { return f == Fn::kSoftmaxBackward || f == Fn::kLogSoftmaxBackward; }

aclnnStatus RunOp(Fn f, aclTensor *a, aclTensor *b, aclTensor *out, int64_t dim) {
  uint64_t ws = 0;
  aclOpExecutor *exec = nullptr;
  aclnnStatus st = -1;
  switch (f) {
    case Fn::kSoftmax: st = aclnnSoftmaxGetWorkspaceSize(a, dim, out, &ws, &exec); break;
    case Fn::kSoftmaxBackward: st = aclnnSoftmaxBackwardGetWorkspaceSize(a, b, dim, out, &ws, &exec); break;
    case Fn::kLogSoftmax: st = aclnnLogSoftmaxGetWorkspaceSize(a, dim, out, &ws, &exec); break;
    case Fn::kLogSoftmaxBackward: st = aclnnLogSoftmaxBackwardGetWorkspaceSize(a, b, dim, out, &ws, &exec); break;
  }
  if (st != ACLNN_SUCCESS) return st;
  switch (f) {
    case Fn::kSoftmax: return RunPhase2(aclnnSoftmax, ws, exec);
    case Fn::kSoftmaxBackward: return RunPhase2(aclnnSoftmaxBackward, ws, exec);
    case Fn::kLogSoftmax: return RunPhase2(aclnnLogSoftmax, ws, exec);
    case Fn::kLogSoftmaxBackward: return RunPhase2(aclnnLogSoftmaxBackward, ws, exec);
  }
  return -1;
}

// PyTorch's function on tensors of its compute dtype.
at::Tensor Torch(Fn f, const at::Tensor &a, const at::Tensor &b, int64_t dim) {
  switch (f) {
    case Fn::kSoftmax: return at::_softmax(a, dim, false);
    case Fn::kLogSoftmax: return at::_log_softmax(a, dim, false);
    case Fn::kSoftmaxBackward: return at::_softmax_backward_data(a, b, dim, a.scalar_type());
    case Fn::kLogSoftmaxBackward: return at::_log_softmax_backward_data(a, b, dim, a.scalar_type());
  }
  return a;
}

// A reference better than float64 for the DOUBLE cases: each row in long double (the forward functions).
std::vector<double> LongDoubleReference(Fn f, const at::Tensor &x, int64_t dim) {
  const at::Tensor rows = x.movedim(dim, -1).contiguous();
  at::Tensor out = at::empty_like(rows);
  const int64_t n = rows.size(-1), count = rows.numel() / n;
  const double *in = rows.data_ptr<double>();
  double *res = out.data_ptr<double>();
  for (int64_t r = 0; r < count; ++r) {
    long double m = -INFINITY, s = 0;
    for (int64_t k = 0; k < n; ++k) m = std::max<long double>(m, in[r * n + k]);
    for (int64_t k = 0; k < n; ++k) s += std::exp(static_cast<long double>(in[r * n + k]) - m);
    for (int64_t k = 0; k < n; ++k) {
      const long double d = static_cast<long double>(in[r * n + k]) - m;
      res[r * n + k] = static_cast<double>(f == Fn::kSoftmax ? std::exp(d) / s : d - std::log(s));
    }
  }
  return FromTorch(out.movedim(-1, dim));
}

// Where PyTorch has no CPU kernel for a dtype, it computes as the vendor's golden does: in fp32, rounded once.
bool TorchRuns(Fn f, aclDataType t) {
  try {
    const at::Tensor x = at::rand({2, 3}).to(TorchType(t));
    Torch(f, x, x, 1);
    return true;
  } catch (const std::exception &) {
    return false;
  }
}

// Random rank 1-4; one dim in eight is long (up to 5000); at most 100 K elements.
std::vector<int64_t> RandomShape(std::mt19937_64 &rng) {
  for (;;) {
    const int rank = 1 + static_cast<int>(rng() % 4);
    std::vector<int64_t> shape;
    for (int d = 0; d < rank; ++d)
      shape.push_back(rng() % 8 == 0 ? 1 + static_cast<int64_t>(rng() % 5000)
                                     : 1 + static_cast<int64_t>(rng() % (rank == 1 ? 300 : 24)));
    if (NumelOf(shape) <= 100000) return shape;
  }
}

Layout RandomLayout(std::mt19937_64 &rng, size_t rank) {
  switch (rng() % 3) {
    case 0: return Layout::Transposed(rank);
    case 1: return Layout::Padded(rank, 1);
    default: return Layout::Dense();
  }
}

// Inputs of each function's natural range: logits in [-10, 10], gradients in [-1, 1], softmax outputs in [0, 1],
// log-softmax outputs in [-8, 0].
void FillInputs(Fn f, std::mt19937_64 &rng, DeviceTensor &a, DeviceTensor &b) {
  const int64_t n = a.numel();
  if (!Backward(f)) {
    a.Fill(RandomValues(rng, n, -10, 10));
    return;
  }
  a.Fill(RandomValues(rng, n, -1, 1));
  b.Fill(f == Fn::kSoftmaxBackward ? RandomValues(rng, n, 0, 1) : RandomValues(rng, n, -8, 0));
}

class SoftmaxTorchParity : public ::testing::TestWithParam<std::tuple<Fn, aclDataType>> {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

TEST_P(SoftmaxTorchParity, RandomCasesNoWorseThanTorch) {
  const auto [fn, dtype] = GetParam();
  const aclDataType torchType = TorchRuns(fn, dtype) ? dtype : ACL_FLOAT;
  at::set_num_threads(2);
  std::mt19937_64 rng(4242 + 17 * static_cast<int>(fn) + static_cast<int>(dtype));
  for (int c = 0; c < 200; ++c) {
    const std::vector<int64_t> shape = RandomShape(rng);
    const auto rank = static_cast<int64_t>(shape.size());
    const int64_t dim = static_cast<int64_t>(rng() % static_cast<uint64_t>(2 * rank)) - rank;
    DeviceTensor a(shape, dtype, RandomLayout(rng, shape.size())), b(shape, dtype, RandomLayout(rng, shape.size()));
    DeviceTensor out(shape, dtype, RandomLayout(rng, shape.size()));
    FillInputs(fn, rng, a, b);
    ASSERT_EQ(RunOp(fn, a.get(), b.get(), out.get(), dim), ACLNN_SUCCESS) << aclGetRecentErrMsg();
    const std::vector<double> va = a.Read(), vb = b.Read();
    const std::vector<double> theirs =
        FromTorch(Torch(fn, ToTorch(va, shape, torchType), ToTorch(vb, shape, torchType), dim).to(TorchType(dtype)));
    const std::vector<double> ref =
        dtype == ACL_DOUBLE ? LongDoubleReference(fn, ToTorch(va, shape, ACL_DOUBLE), dim)
                            : FromTorch(Torch(fn, ToTorch(va, shape, ACL_DOUBLE), ToTorch(vb, shape, ACL_DOUBLE), dim));
    EXPECT_TRUE(NoWorseThanTorch(out.Read(), theirs, ref, dtype))
        << FnName(fn) << " case " << c << " shape " << ::testing::PrintToString(shape) << " dim " << dim;
  }
}

INSTANTIATE_TEST_SUITE_P(
    AllDtypes, SoftmaxTorchParity,
    ::testing::Values(
        std::make_tuple(Fn::kSoftmax, ACL_FLOAT), std::make_tuple(Fn::kSoftmax, ACL_FLOAT16),
        std::make_tuple(Fn::kSoftmax, ACL_BF16), std::make_tuple(Fn::kSoftmax, ACL_DOUBLE),
        std::make_tuple(Fn::kLogSoftmax, ACL_FLOAT), std::make_tuple(Fn::kLogSoftmax, ACL_FLOAT16),
        std::make_tuple(Fn::kLogSoftmax, ACL_BF16), std::make_tuple(Fn::kLogSoftmax, ACL_DOUBLE),
        std::make_tuple(Fn::kSoftmaxBackward, ACL_FLOAT), std::make_tuple(Fn::kSoftmaxBackward, ACL_FLOAT16),
        std::make_tuple(Fn::kSoftmaxBackward, ACL_BF16), std::make_tuple(Fn::kLogSoftmaxBackward, ACL_FLOAT),
        std::make_tuple(Fn::kLogSoftmaxBackward, ACL_FLOAT16), std::make_tuple(Fn::kLogSoftmaxBackward, ACL_BF16)),
    [](const auto &info) {
      return std::string(FnName(std::get<0>(info.param))) + "_" + DTypeLabel(std::get<1>(info.param));
    });

class SoftmaxCascadeParity : public ::testing::TestWithParam<std::tuple<bool, aclDataType>> {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

// Our forward result, unchanged, is our backward's `output`; the gradient of sum(g * f(x)) against autograd.
TEST_P(SoftmaxCascadeParity, ForwardThenBackwardAgainstAutograd) {
  const auto [log, dtype] = GetParam();
  const Fn forward = log ? Fn::kLogSoftmax : Fn::kSoftmax,
           backward = log ? Fn::kLogSoftmaxBackward : Fn::kSoftmaxBackward;
  const aclDataType torchType = TorchRuns(forward, dtype) && TorchRuns(backward, dtype) ? dtype : ACL_FLOAT;
  at::set_num_threads(2);
  std::mt19937_64 rng(99 + static_cast<int>(dtype) + (log ? 1000 : 0));
  for (int c = 0; c < 60; ++c) {
    const std::vector<int64_t> shape = RandomShape(rng);
    const auto rank = static_cast<int64_t>(shape.size());
    const int64_t dim = static_cast<int64_t>(rng() % static_cast<uint64_t>(2 * rank)) - rank;
    DeviceTensor x(shape, dtype, RandomLayout(rng, shape.size())), y(shape, dtype), g(shape, dtype),
        dx(shape, dtype, RandomLayout(rng, shape.size()));
    x.Fill(RandomValues(rng, x.numel(), -6, 6));
    g.Fill(RandomValues(rng, g.numel(), -1, 1));
    ASSERT_EQ(RunOp(forward, x.get(), nullptr, y.get(), dim), ACLNN_SUCCESS) << aclGetRecentErrMsg();
    ASSERT_EQ(RunOp(backward, g.get(), y.get(), dx.get(), dim), ACLNN_SUCCESS) << aclGetRecentErrMsg();
    const std::vector<double> vx = x.Read(), vg = g.Read();
    const auto autograd = [&](aclDataType t) {
      at::Tensor xt = ToTorch(vx, shape, t).requires_grad_();
      at::Tensor yt = log ? at::log_softmax(xt, dim) : at::softmax(xt, dim);
      if (t != dtype && t != ACL_DOUBLE) {
        // PyTorch without a kernel for the dtype: what it would do with one, the forward result stored in the
        // dtype (rounded) before the backward formula runs on it.
        yt = yt.to(TorchType(dtype)).to(TorchType(t));
        const at::Tensor gt = ToTorch(vg, shape, t);
        return FromTorch((log ? at::_log_softmax_backward_data(gt, yt, dim, gt.scalar_type())
                              : at::_softmax_backward_data(gt, yt, dim, gt.scalar_type()))
                             .to(TorchType(dtype)));
      }
      yt.backward(ToTorch(vg, shape, t));
      return FromTorch(xt.grad().to(TorchType(dtype)));
    };
    EXPECT_TRUE(NoWorseThanTorch(dx.Read(), autograd(torchType), autograd(ACL_DOUBLE), dtype))
        << (log ? "LogSoftmax" : "Softmax") << " case " << c << " shape " << ::testing::PrintToString(shape) << " dim "
        << dim;
  }
}

INSTANTIATE_TEST_SUITE_P(AllDtypes, SoftmaxCascadeParity,
                         ::testing::Combine(::testing::Bool(), ::testing::Values(ACL_FLOAT, ACL_FLOAT16, ACL_BF16)),
                         [](const auto &info) {
                           return std::string(std::get<0>(info.param) ? "LogSoftmax_" : "Softmax_") +
                                  DTypeLabel(std::get<1>(info.param));
                         });

}  // namespace
}  // namespace aclcpu_test::softmax_torch_test
