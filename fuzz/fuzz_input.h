// Reads a fuzzer's byte string as a sequence of decisions. An exhausted input reads as zeros, and
// every decision is written so that zero means "the ordinary choice": a short input is a plain,
// valid call, and each extra byte the fuzzer adds can only mutate it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>

namespace aclcpu_fuzz {

class FuzzInput {
 public:
  FuzzInput(const uint8_t *data, size_t size) : data_(data), size_(size) {}

  uint8_t Byte() { return pos_ < size_ ? data_[pos_++] : 0; }
  bool Exhausted() const { return pos_ >= size_; }

  uint64_t Bits64() {
    uint64_t v = 0;
    for (int i = 0; i < 8; ++i) v = (v << 8) | Byte();
    return v;
  }

  // True for about one value in n; false on an exhausted input.
  bool OneIn(int n) { return Byte() % n == static_cast<unsigned>(n - 1); }

  // A value in [lo, hi], lo on an exhausted input.
  int64_t Range(int64_t lo, int64_t hi) {
    const auto span = static_cast<uint64_t>(hi - lo) + 1;
    const uint64_t raw = span <= 256 ? Byte() : (static_cast<uint64_t>(Byte()) << 8) | Byte();
    return lo + static_cast<int64_t>(raw % span);
  }

  // One of the choices, the first on an exhausted input.
  template <class T>
  T Pick(std::initializer_list<T> choices) {
    return choices.begin()[Range(0, static_cast<int64_t>(choices.size()) - 1)];
  }

 private:
  const uint8_t *data_;
  size_t size_;
  size_t pos_ = 0;
};

}  // namespace aclcpu_fuzz
