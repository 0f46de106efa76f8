// Parity with PyTorch (docs/ops/embedding.md): at::embedding bit for bit on random tables of every dtype PyTorch has;
// at::embedding_dense_backward on random problems (float, bf16, half grads; paddingIdx; scaleGradByFreq; repeated
// indices) no worse than PyTorch against the same call in float64; and the forward -> backward cascade against
// autograd of at::embedding.
#include <ATen/ATen.h>
#include <ATen/Parallel.h>

#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "aclnnop/aclnn_embedding.h"
#include "aclnnop/aclnn_embedding_dense_backward.h"
#include "common/test_tensor.h"
#include "common/torch_convert.h"

namespace aclcpu_test::embedding_torch_test {
namespace {

void WriteIndices(DeviceTensor &t, const std::vector<int64_t> &idx) {
  std::vector<unsigned char> host = t.Bytes();
  const size_t size = ElementSize(t.dtype());
  for (int64_t i = 0; i < t.numel(); ++i)
    std::memcpy(host.data() + t.OffsetOf(i) * static_cast<int64_t>(size), &idx[static_cast<size_t>(i)], size);
  aclrtMemcpy(t.device(), host.size(), host.data(), host.size(), ACL_MEMCPY_HOST_TO_DEVICE);
}

// Half an ulp of dtype t at |v|, subnormal spacing included.
double HalfUlp(aclDataType t, double v) {
  const double smallest = t == ACL_FLOAT16 ? std::ldexp(1.0, -24)
                          : t == ACL_BF16  ? std::ldexp(1.0, -133)
                                           : std::ldexp(1.0, -149);
  return 0.5 * std::max(UlpAt(t, std::fabs(v)), smallest);
}

std::vector<double> RunForward(DeviceTensor &weight, DeviceTensor &indices, DeviceTensor &out) {
  uint64_t ws = 0;
  aclOpExecutor *exec = nullptr;
  EXPECT_EQ(aclnnEmbeddingGetWorkspaceSize(weight.get(), indices.get(), out.get(), &ws, &exec), ACLNN_SUCCESS);
  EXPECT_EQ(RunPhase2(aclnnEmbedding, ws, exec), ACLNN_SUCCESS);
  return out.Read();
}

std::vector<double> RunBackward(DeviceTensor &grad, DeviceTensor &indices, int64_t numWeights, int64_t padding,
                                bool scale, DeviceTensor &out) {
  uint64_t ws = 0;
  aclOpExecutor *exec = nullptr;
  EXPECT_EQ(aclnnEmbeddingDenseBackwardGetWorkspaceSize(grad.get(), indices.get(), static_cast<uint64_t>(numWeights),
                                                        static_cast<uint64_t>(padding), scale, out.get(), &ws, &exec),
            ACLNN_SUCCESS)
      << aclGetRecentErrMsg();
  EXPECT_EQ(RunPhase2(aclnnEmbeddingDenseBackward, ws, exec), ACLNN_SUCCESS);
  return out.Read();
}

TEST(EmbeddingTorchParity, ForwardBitExact) {
  aclInit(nullptr);
  std::mt19937_64 rng(77);
  const aclDataType types[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE};
  for (int k = 0; k < 40; ++k) {
    const aclDataType t = types[k % 4], it = k % 2 ? ACL_INT32 : ACL_INT64;
    const int64_t rows = 1 + static_cast<int64_t>(rng() % 50), cols = 1 + static_cast<int64_t>(rng() % 70);
    std::vector<int64_t> shape = {1 + static_cast<int64_t>(rng() % 6), 1 + static_cast<int64_t>(rng() % 5)};
    std::vector<int64_t> outShape = shape;
    outShape.push_back(cols);
    DeviceTensor weight({rows, cols}, t, k % 3 ? Layout::Dense() : Layout::Transposed(2)), indices(shape, it),
        out(outShape, t);
    std::vector<double> w = RandomValues(rng, rows * cols, -3, 3);
    weight.Fill(w);
    std::vector<int64_t> idx(static_cast<size_t>(NumelOf(shape)));
    for (auto &i : idx) i = static_cast<int64_t>(rng() % static_cast<uint64_t>(rows));
    WriteIndices(indices, idx);
    const std::vector<double> ours = RunForward(weight, indices, out);
    const at::Tensor tw = ToTorch(weight.Read(), {rows, cols}, t);
    const at::Tensor ti = at::tensor(at::ArrayRef<int64_t>(idx), at::kLong).reshape(shape).to(TorchType(it));
    EXPECT_EQ(ours, FromTorch(at::embedding(tw, ti))) << "case " << k;
  }
}

TEST(EmbeddingTorchParity, DenseBackwardNoWorseThanPyTorch) {
  aclInit(nullptr);
  at::set_num_threads(2);
  std::mt19937_64 rng(78);
  const aclDataType types[] = {ACL_FLOAT, ACL_BF16, ACL_FLOAT16};
  int ran = 0;
  for (int k = 0; k < 60; ++k) {
    const aclDataType t = types[k % 3];
    const int64_t numWeights = 1 + static_cast<int64_t>(rng() % 30), cols = 1 + static_cast<int64_t>(rng() % 300);
    const std::vector<int64_t> shape = {1 + static_cast<int64_t>(rng() % 40), 1 + static_cast<int64_t>(rng() % 30)};
    const int64_t padding = k % 3 == 0 ? -1 : static_cast<int64_t>(rng() % static_cast<uint64_t>(numWeights));
    const bool scale = k % 2 == 1;
    std::vector<int64_t> gradShape = shape;
    gradShape.push_back(cols);
    DeviceTensor grad(gradShape, t, k % 4 == 1 ? Layout::Padded(3) : Layout::Dense()), indices(shape, ACL_INT64),
        out({numWeights, cols}, t);
    std::vector<double> g = RandomValues(rng, NumelOf(gradShape), -1, 1);
    for (double &x : g) x = RoundTo(t, x);
    grad.Fill(g);
    std::vector<int64_t> idx(static_cast<size_t>(NumelOf(shape)));
    for (auto &i : idx) i = static_cast<int64_t>(rng() % static_cast<uint64_t>(numWeights));
    WriteIndices(indices, idx);
    const std::vector<double> ours = RunBackward(grad, indices, numWeights, padding, scale, out);
    const at::Tensor ti = at::tensor(at::ArrayRef<int64_t>(idx), at::kLong).reshape(shape);
    const at::Tensor tg = ToTorch(g, gradShape, ACL_DOUBLE);
    at::Tensor torchOut;
    try {
      torchOut = at::embedding_dense_backward(tg.to(TorchType(t)), ti, numWeights, padding, scale);
    } catch (const c10::Error &) {
      continue;  // a dtype this PyTorch build has no CPU kernel for
    }
    const std::vector<double> ref = FromTorch(at::embedding_dense_backward(tg, ti, numWeights, padding, scale));
    EXPECT_TRUE(NoWorseThanTorch(ours, FromTorch(torchOut), ref, t)) << "case " << k << " " << DTypeLabel(t);
    for (size_t i = 0; i < ref.size(); ++i) {
      // Rounded once: within half an ulp of the float64 sum (its own 1/count rounding aside).
      ASSERT_LE(std::fabs(ours[i] - ref[i]), HalfUlp(t, ref[i]) + 1e-14 * std::fabs(ref[i])) << "case " << k;
    }
    ++ran;
  }
  EXPECT_GE(ran, 40);
}

TEST(EmbeddingTorchParity, ForwardBackwardCascadeMatchesAutograd) {
  aclInit(nullptr);
  std::mt19937_64 rng(79);
  for (int k = 0; k < 12; ++k) {
    const int64_t rows = 3 + k, cols = 2 + 3 * k, n = 5 + 4 * k;
    const int64_t padding = k % 2 ? 1 : -1;
    const bool scale = k % 3 == 0;
    DeviceTensor weight({rows, cols}, ACL_FLOAT), indices({n}, ACL_INT64), out({n, cols}, ACL_FLOAT),
        grad({n, cols}, ACL_FLOAT), dweight({rows, cols}, ACL_FLOAT);
    weight.Fill(RandomValues(rng, rows * cols, -1, 1));
    std::vector<int64_t> idx(static_cast<size_t>(n));
    for (auto &i : idx) i = static_cast<int64_t>(rng() % static_cast<uint64_t>(rows));
    WriteIndices(indices, idx);
    const std::vector<double> y = RunForward(weight, indices, out);
    const std::vector<double> dy = RandomValues(rng, n * cols, -1, 1);
    grad.Fill(dy);
    const std::vector<double> dw = RunBackward(grad, indices, rows, padding, scale, dweight);

    at::Tensor w = ToTorch(weight.Read(), {rows, cols}, ACL_DOUBLE).set_requires_grad(true);
    const at::Tensor ti = at::tensor(at::ArrayRef<int64_t>(idx), at::kLong);
    const at::Tensor ty = at::embedding(w, ti, padding, scale);
    ty.backward(ToTorch(grad.Read(), {n, cols}, ACL_DOUBLE));
    const std::vector<double> ry = FromTorch(ty.detach()), rdw = FromTorch(w.grad());
    EXPECT_EQ(y, ry) << "case " << k;
    for (size_t i = 0; i < rdw.size(); ++i)
      ASSERT_LE(std::fabs(dw[i] - rdw[i]), HalfUlp(ACL_FLOAT, rdw[i]) * (1 + 1e-9)) << "case " << k;
  }
}

}  // namespace
}  // namespace aclcpu_test::embedding_torch_test
