// CopyBytesStreaming, compiled once per SIMD target and dispatched at run time (Highway).
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "base/stream_copy.cpp"
#include "hwy/foreach_target.h"  // IWYU pragma: keep
#include "hwy/highway.h"

#include <cstdint>
#include <cstring>

#include "base/stream_copy.h"

HWY_BEFORE_NAMESPACE();
namespace aclcpu {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

void StreamBytes(void *dst, const void *src, size_t bytes) {
  const hn::ScalableTag<uint8_t> d;
  const size_t lanes = hn::Lanes(d);
  auto *to = static_cast<uint8_t *>(dst);
  const auto *from = static_cast<const uint8_t *>(src);
  // Ordinary stores up to the first vector-aligned destination byte, streaming stores after it.
  size_t head = (lanes - reinterpret_cast<uintptr_t>(to) % lanes) % lanes;
  if (head > bytes) head = bytes;
  std::memcpy(to, from, head);
  size_t i = head;
  for (; i + lanes <= bytes; i += lanes) hn::Stream(hn::LoadU(d, from + i), d, to + i);
  std::memcpy(to + i, from + i, bytes - i);
}

}  // namespace HWY_NAMESPACE
}  // namespace aclcpu
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace aclcpu {

HWY_EXPORT(StreamBytes);

void CopyBytesStreaming(void *dst, const void *src, size_t bytes) {
  HWY_DYNAMIC_DISPATCH(StreamBytes)(dst, src, bytes);
}

}  // namespace aclcpu
#endif  // HWY_ONCE
