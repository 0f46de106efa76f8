#include "base/dnnl_context.h"

namespace aclcpu {

const dnnl::engine &DnnlEngine() {
  static const dnnl::engine engine(dnnl::engine::kind::cpu, 0);
  return engine;
}

dnnl::stream &DnnlThreadStream() {
  thread_local dnnl::stream stream(DnnlEngine());
  return stream;
}

}  // namespace aclcpu
