// aclnnReflectionPad2dBackward vs PyTorch's at::reflection_pad2d_backward on the same inputs and threads. The bodies
// are the pad family's (common/pad2d_bench.h).
#include "common/pad2d_bench.h"

int main(int argc, char **argv) {
  return aclcpu_bench::PadBenchmarkMain(argc, argv, "ReflectionPad2dBackward", aclcpu_bench::PadKind::kReflect,
                                        aclcpu_bench::PadBench::kBackward);
}
