// Runs a test body once per SIMD target this CPU supports (Highway's test mock), so every vector
// path and tail is exercised, not only the best one.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "base/convert.h"
#include "hwy/targets.h"

namespace aclcpu_test {

template <class Body>
void ForEachSimdTarget(const Body &body) {
  for (int64_t target : hwy::SupportedAndGeneratedTargets()) {
    hwy::SetSupportedTargetsForTest(target);
    SCOPED_TRACE(std::string("SIMD target ") + hwy::TargetName(target));
    EXPECT_EQ(std::string(aclcpu::ActiveSimdTarget()), hwy::TargetName(target));
    body();
  }
  hwy::SetSupportedTargetsForTest(0);
}

}  // namespace aclcpu_test
