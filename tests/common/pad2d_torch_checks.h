// The PyTorch checks of the pad family, shared by the forward and backward suites:
//  - forward parity: our output's bytes equal at::reflection_pad2d / at::replication_pad2d's on the
//    same input bytes, for every dtype (where PyTorch 1.13 has no kernel for a dtype, PyTorch pads
//    the element indices and the bytes follow them);
//  - the cascade: our forward output, unchanged, is the gradOutput of our backward (the gradient of
//    0.5 * sum(pad(x)^2)), compared with PyTorch autograd on the same inputs.
#pragma once

#include <ATen/ATen.h>
#include <ATen/Parallel.h>

#include "common/pad2d_backward_tester.h"
#include "common/pad2d_forward_tester.h"
#include "common/torch_convert.h"

namespace aclcpu_test {

inline at::Tensor TorchPad(PadKind kind, const at::Tensor &x, const std::vector<int64_t> &pad) {
  return kind == PadKind::kReflect ? at::reflection_pad2d(x, pad) : at::replication_pad2d(x, pad);
}

// Whether PyTorch 1.13 pads dtype `t` itself (its pads run floating and complex types only).
inline bool TorchPadsNatively(PadKind kind, aclDataType t) {
  try {
    TorchPad(kind, at::zeros({1, 2, 2}, TorchType(t)), {1, 1, 1, 1});
    return true;
  } catch (const std::exception &) {
    return false;
  }
}

// PyTorch's padded bytes of a dense input. Where PyTorch has no kernel for the dtype, it pads the
// element indices (as float64, exact) and the bytes are gathered by its result: PyTorch's own map,
// applied to any dtype.
inline std::vector<unsigned char> TorchPaddedBytes(PadKind kind, aclDataType dtype, const std::vector<int64_t> &shape,
                                                   const std::vector<int64_t> &pad,
                                                   const std::vector<unsigned char> &dense) {
  if (TorchPadsNatively(kind, dtype)) {
    const at::Tensor x = at::from_blob(const_cast<unsigned char *>(dense.data()), shape, TorchType(dtype)).clone();
    const at::Tensor y = TorchPad(kind, x, pad).contiguous();
    const auto *bytes = static_cast<const unsigned char *>(y.data_ptr());
    return std::vector<unsigned char>(bytes, bytes + y.nbytes());
  }
  const at::Tensor indices = at::arange(NumelOf(shape), at::kDouble).reshape(shape);
  const at::Tensor y = TorchPad(kind, indices, pad).contiguous();
  const size_t size = ElementSize(dtype);
  std::vector<unsigned char> out(static_cast<size_t>(y.numel()) * size);
  const double *source = y.data_ptr<double>();
  for (int64_t i = 0; i < y.numel(); ++i) {
    std::memcpy(&out[static_cast<size_t>(i) * size], &dense[static_cast<size_t>(source[i]) * size], size);
  }
  return out;
}

// 200 random problems of `dtype`: 3-D and 4-D, dims 1-40, every pad the op accepts (small and
// large, and negative ones that crop), random strided views. Bytes must equal PyTorch's.
inline void CheckForwardParity(PadKind kind, aclDataType dtype) {
  at::set_num_threads(2);
  std::mt19937_64 rng(91 + static_cast<int>(dtype) + 7 * static_cast<int>(kind));
  int ran = 0;
  for (int c = 0; c < 200; ++c) {
    const int rank = 3 + static_cast<int>(rng() % 2);
    std::vector<int64_t> shape;
    for (int d = 0; d < rank - 2; ++d) shape.push_back(1 + static_cast<int64_t>(rng() % 4));
    const int64_t h = 1 + static_cast<int64_t>(rng() % 30), w = 1 + static_cast<int64_t>(rng() % 40);
    shape.push_back(h);
    shape.push_back(w);
    auto pick = [&](int64_t size) {  // reflect: (-size, size); replicate: [-size/2, size + 8]
      if (kind == PadKind::kReflect) {
        const int64_t p = static_cast<int64_t>(rng() % static_cast<uint64_t>(size));
        return rng() % 8 == 0 ? -p / 2 : p;
      }
      const int64_t p = static_cast<int64_t>(rng() % static_cast<uint64_t>(size + 9));
      return rng() % 8 == 0 ? -std::min(p, size / 2) : p;
    };
    const std::vector<int64_t> pad = {pick(w), pick(w), pick(h), pick(h)};
    const std::vector<int64_t> outShape = PaddedShape(shape, pad);
    if (outShape[rank - 2] <= 0 || outShape[rank - 1] <= 0) continue;  // PyTorch refuses empty results
    const Layout layouts[] = {Layout::Dense(), Layout::Padded(shape.size()), Layout::Transposed(shape.size())};
    Pad2dForwardTester t(kind);
    t.Self(shape).Padding(pad).DType(dtype).Seed(rng()).InLayout(layouts[rng() % 3]).OutLayout(layouts[rng() % 3]);
    const PadCopyOutputs ours = t.Run();
    ASSERT_EQ(ours.status, 0) << aclGetRecentErrMsg();
    EXPECT_EQ(TorchPaddedBytes(kind, dtype, shape, pad, ours.selfDense), ours.outDense) << "case " << c;
    ++ran;
  }
  EXPECT_GE(ran, 180);
}

// Parity of a backward pad with PyTorch's on 200 random problems of `dtype`: on the same inputs our
// max error against float64 is at most PyTorch's plus one ulp. Where PyTorch 1.13 has no CPU kernel
// for the dtype it is compared as the vendor's golden runs it: inputs upcast to fp32, result cast back.
inline void CheckBackwardParity(PadKind kind, aclDataType dtype) {
  auto torchBackward = [kind](const at::Tensor &go, const at::Tensor &self, const std::vector<int64_t> &pad) {
    return kind == PadKind::kReflect ? at::reflection_pad2d_backward(go, self, pad)
                                     : at::replication_pad2d_backward(go, self, pad);
  };
  aclDataType torchType = dtype;
  try {
    torchBackward(at::zeros({1, 4, 4}, TorchType(dtype)), at::zeros({1, 2, 2}, TorchType(dtype)), {1, 1, 1, 1});
  } catch (const std::exception &) {
    torchType = ACL_FLOAT;
  }
  at::set_num_threads(2);
  std::mt19937_64 rng((kind == PadKind::kReflect ? 77 : 313) + static_cast<int>(dtype));
  int ran = 0;
  for (int c = 0; c < 200; ++c) {
    const int rank = 3 + static_cast<int>(rng() % 2);
    std::vector<int64_t> shape;
    for (int d = 0; d < rank - 2; ++d) shape.push_back(1 + static_cast<int64_t>(rng() % 4));
    const int64_t h = 1 + static_cast<int64_t>(rng() % 40), w = 1 + static_cast<int64_t>(rng() % 70);
    shape.push_back(h);
    shape.push_back(w);
    // Reflect: pads below the dims (and 8). Replicate: 0-7 as in the vendor's ST for bf16 (its rule),
    // up to 19 (past the dims) for the other dtypes.
    auto pick = [&](int64_t size) {
      if (kind == PadKind::kReflect) {
        return static_cast<int64_t>(rng() % static_cast<uint64_t>(std::min<int64_t>(size, 8)));
      }
      return static_cast<int64_t>(rng() % (dtype == ACL_BF16 ? 8 : 20));
    };
    const std::vector<int64_t> pad = {pick(w), pick(w), pick(h), pick(h)};
    PadTester t(kind);
    t.Self(shape).Padding(pad).DType(dtype).Seed(rng());
    const PadOutputs ours = t.Run();
    ASSERT_EQ(ours.status, 0) << aclGetRecentErrMsg();
    const at::Tensor self = at::zeros(shape, TorchType(torchType));
    const at::Tensor theirs =
        torchBackward(ToTorch(t.gradOutputValues, t.GradOutputShape(), torchType), self, pad).to(TorchType(dtype));
    EXPECT_TRUE(NoWorseThanTorch(ours.gradInput, FromTorch(theirs), ours.reference, dtype)) << "case " << c;
    ++ran;
  }
  EXPECT_EQ(ran, 200);
}

// Runs our forward then our backward on its output; compares both with PyTorch autograd.
inline void CheckCascade(PadKind kind, aclDataType dtype) {
  // PyTorch 1.13 lacks some 16-bit pad kernels: there it runs in fp32, rounded back (as the vendor's
  // golden does). Our forward output is exact in any case.
  aclDataType torchDtype = dtype;
  try {
    auto x = at::zeros({1, 2, 2}, TorchType(dtype)).requires_grad_();
    TorchPad(kind, x, {1, 1, 1, 1}).sum().backward();
  } catch (const std::exception &) {
    torchDtype = ACL_FLOAT;
  }
  at::set_num_threads(2);
  std::mt19937_64 rng(17 + static_cast<int>(dtype) + 5 * static_cast<int>(kind));
  for (int c = 0; c < 40; ++c) {
    const std::vector<int64_t> shape = {1 + static_cast<int64_t>(rng() % 3), 1 + static_cast<int64_t>(rng() % 3),
                                        1 + static_cast<int64_t>(rng() % 24), 1 + static_cast<int64_t>(rng() % 40)};
    auto pick = [&](int64_t size) {
      const int64_t bound = kind == PadKind::kReflect ? size : 8;
      return static_cast<int64_t>(rng() % static_cast<uint64_t>(std::min<int64_t>(bound, 8)));
    };
    const std::vector<int64_t> pad = {pick(shape[3]), pick(shape[3]), pick(shape[2]), pick(shape[2])};
    const std::vector<int64_t> outShape = PaddedShape(shape, pad);
    DeviceTensor x(shape, dtype), y(outShape, dtype), dx(shape, dtype);
    const int k = x.components();
    std::vector<double> xs = RandomValues(rng, x.numel() * k, -3, 3);
    for (double &v : xs) v = RoundTo(dtype, v);
    x.Fill(xs);
    std::unique_ptr<aclIntArray, aclnnStatus (*)(const aclIntArray *)> padding(aclCreateIntArray(pad.data(), 4),
                                                                               aclDestroyIntArray);
    uint64_t ws = 0;
    aclOpExecutor *exec = nullptr;
    ASSERT_EQ(Pad2dPhase1(kind)(x.get(), padding.get(), y.get(), &ws, &exec), 0) << aclGetRecentErrMsg();
    ASSERT_EQ(RunPhase2(Pad2dPhase2(kind), ws, exec), 0);
    const aclnnStatus status =
        kind == PadKind::kReflect
            ? aclnnReflectionPad2dBackwardGetWorkspaceSize(y.get(), x.get(), padding.get(), dx.get(), &ws, &exec)
            : aclnnReplicationPad2dBackwardGetWorkspaceSize(y.get(), x.get(), padding.get(), dx.get(), &ws, &exec);
    ASSERT_EQ(status, 0) << aclGetRecentErrMsg();
    ASSERT_EQ(
        RunPhase2(kind == PadKind::kReflect ? aclnnReflectionPad2dBackward : aclnnReplicationPad2dBackward, ws, exec),
        0);
    const std::vector<double> ys = y.Read(), dxs = dx.Read();

    const at::Tensor xt = ToTorch(xs, shape, torchDtype).requires_grad_();
    const at::Tensor yt = TorchPad(kind, xt, pad);
    yt.backward(yt.detach());
    EXPECT_EQ(ys, FromTorch(yt.to(TorchType(dtype)))) << "forward, case " << c;
    // float64 reference of the gradient: every output cell's value added into the cell it copies.
    std::vector<long double> sums(static_cast<size_t>(x.numel() * k), 0.0L);
    const int64_t h = shape[2], w = shape[3], ho = outShape[2], wo = outShape[3];
    for (int64_t flat = 0; flat < NumelOf(outShape); ++flat) {
      const int64_t ow = flat % wo, oh = (flat / wo) % ho, plane = flat / (wo * ho);
      const int64_t source = (plane * h + PadSource(kind, oh - pad[2], h)) * w + PadSource(kind, ow - pad[0], w);
      for (int part = 0; part < k; ++part) {
        sums[static_cast<size_t>(source * k + part)] += ys[static_cast<size_t>(flat * k + part)];
      }
    }
    const std::vector<double> reference(sums.begin(), sums.end());
    EXPECT_TRUE(NoWorseThanTorch(dxs, FromTorch(xt.grad().to(TorchType(dtype))), reference, dtype))
        << "backward, case " << c;
  }
}

}  // namespace aclcpu_test
