// aclnnReflectionPad2d vs PyTorch's at::reflection_pad2d on the same inputs and threads, and the layer step
// (aclnnReflectionPad2d then its backward vs PyTorch's forward then backward). The bodies are the pad family's
// (common/pad2d_bench.h).
#include "common/pad2d_bench.h"

int main(int argc, char **argv) {
  return aclcpu_bench::PadBenchmarkMain(argc, argv, "ReflectionPad2d", aclcpu_bench::PadKind::kReflect,
                                        aclcpu_bench::PadBench::kForward);
}
