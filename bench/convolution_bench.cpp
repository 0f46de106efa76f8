// aclnnConvolution and aclnnConvolutionBackward vs PyTorch's at::convolution / at::convolution_backward (oneDNN
// convolutions in PyTorch 1.13) on ResNet-50 and SD-UNet layer shapes, same inputs and threads, each row held
// against the GEMM library's own rate measured in this run (the compute bound: a convolution is one GEMM of
// 2 N Cout (Cin/G) k^2 P FLOPs, its backward two of them: gradInput and gradWeight).
#include <ATen/ATen.h>
#include <ATen/Parallel.h>
#include <omp.h>

#include "aclnnop/aclnn_convolution.h"
#include "aclnnop/aclnn_convolution_backward.h"
#include "common/bench_util.h"
#include "common/gemm_rate.h"
#include "common/torch_bench.h"

namespace {

using aclcpu_bench::DeviceCopy;
using aclcpu_bench::TorchType;

struct Problem {
  const char *net;
  int64_t n, cin, cout, hw, k, stride;
  bool backward;
  aclDataType dtype;
  int64_t pad() const { return k / 2; }
  int64_t outHw() const { return (hw + 2 * pad() - k) / stride + 1; }
  double Flops() const {
    const double once = 2.0 * static_cast<double>(n * cout * cin * k * k * outHw() * outHw());
    return backward ? 2.0 * once : once;
  }
};

struct Inputs {
  at::Tensor x, w, b, dy;
  explicit Inputs(const Problem &p)
      : x(at::rand({p.n, p.cin, p.hw, p.hw}).sub(0.5).to(TorchType(p.dtype))),
        w(at::rand({p.cout, p.cin, p.k, p.k}).sub(0.5).mul(0.1).to(TorchType(p.dtype))),
        b(at::rand({p.cout}).sub(0.5).to(TorchType(p.dtype))),
        dy(at::rand({p.n, p.cout, p.outHw(), p.outHw()}).sub(0.5).to(TorchType(p.dtype))) {}
};

struct IntArray {
  aclIntArray *array;
  explicit IntArray(std::vector<int64_t> v) : array(aclCreateIntArray(v.data(), v.size())) {}
  ~IntArray() { aclDestroyIntArray(array); }
  IntArray(const IntArray &) = delete;
  IntArray &operator=(const IntArray &) = delete;
};

void BenchOurs(benchmark::State &state, Problem p) {
  omp_set_num_threads(aclcpu_bench::BenchThreads());
  const Inputs in(p);
  DeviceCopy x(in.x, p.dtype, ACL_FORMAT_NCHW), w(in.w, p.dtype, ACL_FORMAT_NCHW), b(in.b, p.dtype);
  const IntArray stride({p.stride, p.stride}), padding({p.pad(), p.pad()}), dilation({1, 1}), outputPadding({0, 0});
  uint64_t wsSize = 0;
  aclOpExecutor *exec = nullptr;
  if (!p.backward) {
    DeviceCopy y(in.dy, p.dtype, ACL_FORMAT_NCHW);
    const aclnnStatus status =
        aclnnConvolutionGetWorkspaceSize(x.tensor, w.tensor, b.tensor, stride.array, padding.array, dilation.array,
                                         false, outputPadding.array, 1, y.tensor, 0, &wsSize, &exec);
    aclcpu_bench::TimeExecutor(state, status, wsSize, exec, aclnnConvolution);
    return;
  }
  DeviceCopy dy(in.dy, p.dtype, ACL_FORMAT_NCHW), dx(in.x, p.dtype, ACL_FORMAT_NCHW),
      dw(in.w, p.dtype, ACL_FORMAT_NCHW);
  DeviceCopy db(in.b, p.dtype);
  const IntArray biasSizes({p.cout});
  bool mask[3] = {true, true, true};
  aclBoolArray *outputMask = aclCreateBoolArray(mask, 3);
  const aclnnStatus status = aclnnConvolutionBackwardGetWorkspaceSize(
      dy.tensor, x.tensor, w.tensor, biasSizes.array, stride.array, padding.array, dilation.array, false,
      outputPadding.array, 1, outputMask, 0, dx.tensor, dw.tensor, db.tensor, &wsSize, &exec);
  aclcpu_bench::TimeExecutor(state, status, wsSize, exec, aclnnConvolutionBackward);
  aclDestroyBoolArray(outputMask);
}

void BenchTorch(benchmark::State &state, Problem p) {
  at::set_num_threads(aclcpu_bench::BenchThreads());
  const Inputs in(p);
  // PyTorch 1.13 has no CPU fp16 convolution: an fp16 user upcasts, convolves in fp32 and casts back.
  const bool upcast = p.dtype == ACL_FLOAT16;
  const auto wide = [&](const at::Tensor &t) { return upcast ? t.to(at::kFloat) : t; };
  const std::vector<int64_t> stride{p.stride, p.stride}, padding{p.pad(), p.pad()}, one{1, 1}, zero{0, 0};
  for (auto _ : state) {
    if (!p.backward) {
      at::Tensor y = at::convolution(wide(in.x), wide(in.w), wide(in.b), stride, padding, one, false, zero, 1);
      benchmark::DoNotOptimize((upcast ? y.to(in.x.scalar_type()) : y).data_ptr());
      continue;
    }
    auto r = at::convolution_backward(wide(in.dy), wide(in.x), wide(in.w), at::IntArrayRef{p.cout}, stride, padding,
                                      one, false, zero, 1, {true, true, true});
    for (const at::Tensor &t : {std::get<0>(r), std::get<1>(r), std::get<2>(r)})
      benchmark::DoNotOptimize((upcast ? t.to(in.x.scalar_type()) : t).data_ptr());
  }
}

}  // namespace

int main(int argc, char **argv) {
  static std::string note;
  const int threads = aclcpu_bench::BenchThreads();
  const double f32Rate = aclcpu_bench::GemmGflops(false, threads), bf16Rate = aclcpu_bench::GemmGflops(true, threads);
  note = aclcpu_bench::GemmRateNote(f32Rate, bf16Rate) +
         " (fp16 rows run as fp32 products).\nPyTorch: oneDNN convolutions; f16 rows upcast to fp32 and back.";
  return aclcpu_bench::BenchmarkMain(argc, argv, note.c_str(), [&](std::vector<aclcpu_bench::Row> *rows) {
    // net, N, Cin, Cout, H = W, kernel, stride: ResNet-50's conv2_x/conv4_x 3x3 and 1x1 layers, SD-UNet's
    // 320- and 640-channel ResBlock convolutions and a skip 1x1.
    const std::vector<Problem> shapes = {
        {"ResNet50", 8, 64, 64, 56, 3, 1},    {"ResNet50", 8, 256, 64, 56, 1, 1},  {"ResNet50", 8, 256, 256, 14, 3, 1},
        {"ResNet50", 8, 1024, 256, 14, 1, 1}, {"ResNet50", 8, 128, 128, 56, 3, 2}, {"SD-UNet", 4, 320, 320, 32, 3, 1},
        {"SD-UNet", 2, 640, 640, 16, 3, 1},   {"SD-UNet", 4, 640, 320, 32, 1, 1},
    };
    for (bool backward : {false, true}) {
      for (aclDataType dtype : {ACL_FLOAT, ACL_BF16}) {
        for (Problem p : shapes) {
          p.backward = backward;
          p.dtype = dtype;
          const std::string shape = std::string(p.net) + " N" + std::to_string(p.n) + " " + std::to_string(p.cin) +
                                    "->" + std::to_string(p.cout) + " " + std::to_string(p.hw) + "x" +
                                    std::to_string(p.hw) + " k" + std::to_string(p.k) + " s" + std::to_string(p.stride);
          aclcpu_bench::Row row{backward ? "ConvolutionBackward" : "Convolution", shape,
                                aclcpu_bench::DTypeName(dtype)};
          row.flops = p.Flops();
          row.boundGflops = dtype == ACL_BF16 ? bf16Rate : f32Rate;
          aclcpu_bench::AddComparison(rows, row, BenchOurs, BenchTorch, p);
        }
      }
    }
  });
}
