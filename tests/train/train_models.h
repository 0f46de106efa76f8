// The two training programs' models (examples/train_transformer_block.cpp, examples/train_unet_block.cpp) in
// PyTorch, for the tests (tests/train/training_torch_test.cpp) and the step benchmark (bench/train_step_bench.cpp):
// the programs' initial values drawn again in the same order from the same generator, the same data, the forward to
// the loss in ATen ops (autograd gives the gradients) and torch.optim.AdamW's update written out.
#pragma once

#include <ATen/ATen.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

namespace aclcpu_test {

// The programs' initial-value generator (see the examples).
struct Lcg {
  uint64_t state;
  float Next(float scale) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    const float unit = static_cast<float>(state >> 40) / 16777216.0f;
    return (2.0f * unit - 1.0f) * scale;
  }
};

enum class Init { kKernel, kGain, kShift };
struct ParamSpec {
  std::string name;
  std::vector<int64_t> shape;
  Init init;
};

// Draws the parameters in the programs' order and way, as float32 values.
inline std::vector<at::Tensor> DrawParameters(const std::vector<ParamSpec> &specs, Lcg *lcg) {
  std::vector<at::Tensor> out;
  for (const ParamSpec &p : specs) {
    int64_t n = 1;
    for (int64_t d : p.shape) n *= d;
    std::vector<float> host(static_cast<size_t>(n));
    const float kernelScale = 1.0f / std::sqrt(static_cast<float>(n / p.shape[0]));
    const float matrixScale = 1.0f / std::sqrt(static_cast<float>(p.shape[0]));
    // The transformer scales a [fan-in, fan-out] matrix by its first dim, the UNet a kernel by C_in*kH*kW.
    const float scale = p.shape.size() == 2 ? matrixScale : kernelScale;
    for (float &x : host) {
      x = p.init == Init::kKernel ? lcg->Next(scale) : p.init == Init::kGain ? 1.0f + lcg->Next(0.1f) : lcg->Next(0.1f);
    }
    out.push_back(at::tensor(at::ArrayRef<float>(host)).reshape(p.shape));
  }
  return out;
}

// torch.optim.AdamW (PyTorch 1.13, single-tensor form), one step on every parameter.
struct AdamW {
  double lr = 1e-2, beta1 = 0.9, beta2 = 0.999, eps = 1e-8, weightDecay = 1e-2;
  std::vector<at::Tensor> m, v;
  // Per element, the smallest denominator sqrt(v_hat) + eps of any step so far: where it is small, the update
  // amplifies the gradient's rounding error by lr / denominator.
  std::vector<at::Tensor> smallestDenominator;
  int64_t step = 0;
  void Step(std::vector<at::Tensor> &params) {
    at::NoGradGuard noGrad;
    ++step;
    if (m.empty()) {
      for (auto &p : params) {
        m.push_back(at::zeros_like(p));
        v.push_back(at::zeros_like(p));
      }
    }
    const double bc1 = 1 - std::pow(beta1, step), bc2Sqrt = std::sqrt(1 - std::pow(beta2, step));
    for (size_t i = 0; i < params.size(); ++i) {
      at::Tensor &p = params[i];
      const at::Tensor g = p.grad();
      p.mul_(1 - lr * weightDecay);
      m[i].mul_(beta1).add_(g, 1 - beta1);
      v[i].mul_(beta2).addcmul_(g, g, 1 - beta2);
      const at::Tensor denom = (v[i].sqrt() / bc2Sqrt).add_(eps);
      if (smallestDenominator.size() <= i) smallestDenominator.push_back(denom.clone());
      smallestDenominator[i] = at::minimum(smallestDenominator[i], denom);
      p.addcdiv_(m[i], denom, -lr / bc1);
      p.mutable_grad().zero_();
    }
  }
};

// ---------------------------------------------------------------------------------------------------------------
// The transformer block: sizes as the program's demo (and --large) sizes.
struct TransformerSizes {
  int64_t vocab, model, heads, seq, batch;
};
constexpr TransformerSizes kTransformerDemo = {32, 32, 2, 16, 4}, kTransformerLarge = {1024, 512, 8, 256, 8};

inline std::vector<ParamSpec> TransformerSpecs(const TransformerSizes &z) {
  const int64_t D = z.model, F = 4 * z.model, V = z.vocab, T = z.seq;
  const Init M = Init::kKernel, G = Init::kGain, S = Init::kShift;
  return {{"wte", {V, D}, M}, {"wpe", {T, D}, M}, {"ln1_g", {D}, G}, {"ln1_b", {D}, S},  {"w_qkv", {D, 3 * D}, M},
          {"w_o", {D, D}, M}, {"ln2_g", {D}, G},  {"ln2_b", {D}, S}, {"w_1", {D, F}, M}, {"b_1", {F}, S},
          {"w_2", {F, D}, M}, {"b_2", {D}, S},    {"lnf_g", {D}, G}, {"lnf_b", {D}, S},  {"w_out", {D, V}, M}};
}

inline at::Tensor TransformerLoss(const TransformerSizes &z, const std::vector<at::Tensor> &p) {
  const int64_t B = z.batch, T = z.seq, D = z.model, H = z.heads, E = D / H, V = z.vocab, N = B * T;
  std::vector<int64_t> tokens(N), targets(N);
  for (int64_t b = 0; b < B; ++b) {
    for (int64_t t = 0; t < T; ++t) {
      const int64_t token = (7 * b + 3 * t + (b * t) % 5) % V;
      tokens[b * T + t] = token;
      targets[b * T + t] = (5 * token + 3) % V;
    }
  }
  const at::Tensor tok = at::tensor(tokens), tgt = at::tensor(targets);
  const at::Tensor causal = at::ones({T, T}, at::kBool).triu(1);
  const at::Tensor x0 = p[0].index_select(0, tok).view({B, T, D}) + p[1];
  const at::Tensor h1 = at::layer_norm(x0, {D}, p[2], p[3], 1e-5);
  const at::Tensor qkv = h1.view({N, D}).mm(p[4]).view({B, T, 3, H, E});
  const at::Tensor q = qkv.select(2, 0).permute({0, 2, 1, 3}), k = qkv.select(2, 1).permute({0, 2, 1, 3}),
                   v = qkv.select(2, 2).permute({0, 2, 1, 3});
  const double scale = static_cast<double>(1.0f / std::sqrt(static_cast<float>(E)));
  const at::Tensor scores = (q.matmul(k.transpose(-1, -2)) * scale).masked_fill(causal, -INFINITY);
  const at::Tensor attn = at::softmax(scores, -1).matmul(v).permute({0, 2, 1, 3}).reshape({N, D});
  const at::Tensor x1 = x0.view({N, D}) + attn.mm(p[5]);
  const at::Tensor h2 = at::layer_norm(x1, {D}, p[6], p[7], 1e-5);
  const at::Tensor mlp = at::gelu(h2.mm(p[8]) + p[9], "tanh").mm(p[10]) + p[11];
  const at::Tensor x2 = x1 + mlp;
  const at::Tensor logits = at::layer_norm(x2, {D}, p[12], p[13], 1e-5).mm(p[14]);
  return at::cross_entropy_loss(logits, tgt);
}

// ---------------------------------------------------------------------------------------------------------------
// The UNet ResBlock: sizes as the program's demo (and --large) sizes.
struct UnetSizes {
  int64_t batch, channels, groups, size;
};
constexpr UnetSizes kUnetDemo = {2, 16, 4, 8}, kUnetLarge = {4, 320, 32, 32};

inline std::vector<ParamSpec> UnetSpecs(const UnetSizes &z) {
  const int64_t C = z.channels;
  const Init K = Init::kKernel, G = Init::kGain, S = Init::kShift;
  return {{"conv1_w", {C, C, 3, 3}, K}, {"conv1_b", {C}, S}, {"gn1_g", {C}, G}, {"gn1_b", {C}, S},
          {"conv2_w", {C, C, 3, 3}, K}, {"conv2_b", {C}, S}, {"gn2_g", {C}, G}, {"gn2_b", {C}, S},
          {"skip_w", {C, C, 1, 1}, K},  {"skip_b", {C}, S}};
}

// The input and target, drawn after the parameters from the same generator: {x, target}.
inline std::vector<at::Tensor> UnetData(const UnetSizes &z, Lcg *lcg) {
  const std::vector<int64_t> shape = {z.batch, z.channels, z.size, z.size};
  std::vector<float> x(static_cast<size_t>(z.batch * z.channels * z.size * z.size)), target(x.size());
  for (float &v : x) v = lcg->Next(1.0f);
  for (size_t i = 0; i < x.size(); ++i) target[i] = 0.5f * std::sin(3.0f * x[i]) + lcg->Next(0.1f);
  return {at::tensor(at::ArrayRef<float>(x)).reshape(shape), at::tensor(at::ArrayRef<float>(target)).reshape(shape)};
}

inline at::Tensor UnetLoss(const UnetSizes &z, const std::vector<at::Tensor> &data, const std::vector<at::Tensor> &p) {
  const at::ScalarType type = p[0].scalar_type();
  const at::Tensor x = data[0].to(type), target = data[1].to(type);
  const at::Tensor h1 = at::silu(at::group_norm(at::conv2d(x, p[0], p[1], 1, 1), z.groups, p[2], p[3], 1e-5));
  const at::Tensor h2 = at::silu(at::group_norm(at::conv2d(h1, p[4], p[5], 1, 1), z.groups, p[6], p[7], 1e-5));
  const at::Tensor y = h2 + at::conv2d(x, p[8], p[9]);
  return at::mse_loss(y, target);
}

}  // namespace aclcpu_test
