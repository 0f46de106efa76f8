// aclnnConvolution, aclnnConvDepthwise2d and aclnnConvolutionBackward (docs/ops/convolution.md): a valid call of
// random spatial rank, groups, stride/padding/dilation, transposed or not, dtypes, cubeMathType and (backward)
// outputMask, which the fuzzer may then break anywhere (tensors, arrays, groups, thread count).
#include "aclnnop/aclnn_convolution.h"
#include "aclnnop/aclnn_convolution_backward.h"
#include "fuzz_harness.h"

using namespace aclcpu_fuzz;

namespace {

bool g_depthwise = false, g_backward = false;  // the phase-2 function of the current input

aclnnStatus Phase1(FuzzInput &in, TensorArena &arena, uint64_t *workspaceSize, aclOpExecutor **executor) {
  auto dtype = [&in] { return in.Pick({ACL_FLOAT, ACL_FLOAT16, ACL_BF16}); };
  arena.UseChannelsFirstFormats();
  g_backward = in.OneIn(3);
  g_depthwise = !g_backward && in.OneIn(4);
  const int64_t spatial = g_depthwise ? 2 : in.Range(1, 3);
  const int64_t groups = in.Range(1, 3), n = in.Range(in.OneIn(10) ? 0 : 1, 2);
  const int64_t cin = groups * in.Range(1, 3), cout = groups * in.Range(1, 3);
  const bool transposed = !g_depthwise && in.OneIn(3);
  std::vector<int64_t> x = {n, g_depthwise ? cout / groups : cin}, w, stride, padding, dilation, outPad, k, o;
  w = transposed ? std::vector<int64_t>{cin, cout / groups} : std::vector<int64_t>{cout, cin / groups};
  if (g_depthwise) w = {x[1] * in.Range(1, 2), 1};
  for (int64_t d = 0; d < spatial; ++d) {
    const int64_t size = in.Range(1, 9), kernel = in.Range(1, 3), s = in.Range(1, 3), p = in.Range(0, 2),
                  dil = in.Range(1, 2), op = transposed ? in.Range(0, s - 1) : 0;
    x.push_back(size);
    w.push_back(kernel);
    k.push_back(kernel);
    stride.push_back(s);
    padding.push_back(p);
    dilation.push_back(dil);
    outPad.push_back(op);
    const int64_t span = dil * (kernel - 1) + 1;
    o.push_back(transposed ? (size - 1) * s - 2 * p + span + op : (size + 2 * p - span) / s + 1);
  }
  std::vector<int64_t> y = {n, g_depthwise ? w[0] : cout};
  for (int64_t v : o) y.push_back(v < 0 ? 0 : v);
  if (g_backward) {  // gradOutput has the forward output's shape; the outputs those of input, weight, (Cout)
    const aclTensor *gradOutput = arena.Input(y, dtype());
    const aclTensor *input = arena.Input(x, dtype());
    const aclTensor *weight = arena.Input(w, dtype());
    aclTensor *gradInput = in.OneIn(8) ? nullptr : arena.Output(x, dtype());
    aclTensor *gradWeight = in.OneIn(8) ? nullptr : arena.Output(w, dtype());
    aclTensor *gradBias = in.OneIn(8) ? nullptr : arena.Output({y[1]}, dtype());
    aclBoolArray *mask = arena.BoolArray({!in.OneIn(4), !in.OneIn(4), !in.OneIn(4)});
    return aclnnConvolutionBackwardGetWorkspaceSize(
        gradOutput, input, weight, arena.IntArray({y[1]}), arena.IntArray(stride), arena.IntArray(padding),
        arena.IntArray(dilation), transposed, arena.IntArray(outPad),
        in.OneIn(16) ? static_cast<int>(in.Range(-1, 4)) : static_cast<int>(groups), mask,
        static_cast<int8_t>(in.Range(-1, 4)), gradInput, gradWeight, gradBias, workspaceSize, executor);
  }
  const aclDataType xType = dtype();
  const aclTensor *input = arena.Input(x, xType);
  const aclTensor *weight = arena.Input(w, g_depthwise ? xType : dtype());
  const aclTensor *bias = in.OneIn(3) ? nullptr : arena.Input({y[1]}, g_depthwise ? xType : dtype());
  aclTensor *out = arena.Output(y, g_depthwise ? xType : dtype());
  const auto cubeMathType = static_cast<int8_t>(in.Range(-1, 4));
  if (g_depthwise) {
    return aclnnConvDepthwise2dGetWorkspaceSize(input, weight, arena.IntArray(k), bias, arena.IntArray(stride),
                                                arena.IntArray(padding), arena.IntArray(dilation), out, cubeMathType,
                                                workspaceSize, executor);
  }
  return aclnnConvolutionGetWorkspaceSize(
      input, weight, bias, arena.IntArray(stride), arena.IntArray(padding), arena.IntArray(dilation), transposed,
      arena.IntArray(outPad), in.OneIn(16) ? in.Range(-1, 4) : groups, out, cubeMathType, workspaceSize, executor);
}

aclnnStatus Phase2(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
  if (g_backward) return aclnnConvolutionBackward(workspace, workspaceSize, executor, stream);
  return g_depthwise ? aclnnConvDepthwise2d(workspace, workspaceSize, executor, stream)
                     : aclnnConvolution(workspace, workspaceSize, executor, stream);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  return FuzzOperatorCall(data, size, "aclnnConvolution", Phase1, Phase2);
}
