// Every vendor unit-test case of norm-ops.md §2.8 (phase 1 only, as in the vendor's suite), plus
// the phase-1 argument checks the device lacks.
#include <memory>

#include "aclnn/opdev/op_errno.h"
#include "aclnnop/aclnn_layer_norm_backward.h"
#include "common/test_tensor.h"
#include "common/ut_descriptors.h"

namespace aclcpu_test::layer_norm_backward_ut_test {
namespace {

// A case in the notation of §2.8: defaults are f32 ND, outputs in/ns/ns, w = b = ns, mask TTT.
struct UtCase {
  Desc gradOut, input, mean, rstd, weight, bias, dx, dw, db;
  std::vector<int64_t> ns;
  bool nsPresent = true;
  std::vector<bool> mask = {true, true, true};
  bool maskPresent = true;

  UtCase(std::vector<int64_t> in, std::vector<int64_t> normalized, std::vector<int64_t> m)
      : gradOut(D(in)),
        input(D(in)),
        mean(D(m)),
        rstd(D(m)),
        weight(D(normalized)),
        bias(D(normalized)),
        dx(D(in)),
        dw(D(normalized)),
        db(D(normalized)),
        ns(normalized) {}

  // Descriptors live as long as the case, so a phase 2 after Phase1() sees live tensors.
  mutable Descriptors owned;

  aclnnStatus Phase1(uint64_t *ws = nullptr, aclOpExecutor **exec = nullptr) const {
    auto make = [this](const Desc &d) { return owned.Make(d); };
    std::unique_ptr<aclIntArray, aclnnStatus (*)(const aclIntArray *)> nsArray(
        nsPresent ? aclCreateIntArray(ns.data(), ns.size()) : nullptr, aclDestroyIntArray);
    bool maskValues[8] = {};
    for (size_t i = 0; i < mask.size(); ++i) maskValues[i] = mask[i];
    std::unique_ptr<aclBoolArray, aclnnStatus (*)(const aclBoolArray *)> maskArray(
        maskPresent ? aclCreateBoolArray(maskValues, mask.size()) : nullptr, aclDestroyBoolArray);
    uint64_t localWs = 0;
    aclOpExecutor *localExec = nullptr;
    const aclnnStatus status = aclnnLayerNormBackwardGetWorkspaceSize(
        make(gradOut), make(input), nsArray.get(), make(mean), make(rstd), make(weight), make(bias), maskArray.get(),
        make(dx), make(dw), make(db), ws != nullptr ? ws : &localWs, exec != nullptr ? exec : &localExec);
    if (status == ACLNN_SUCCESS && exec == nullptr) aclDestroyAclOpExecutor(localExec);  // never run
    return status;
  }
};

TEST(LayerNormBackwardUt, Case01Float32Nd) {
  EXPECT_EQ(UtCase({9, 2, 2, 2}, {2, 2}, {9, 2, 1, 1}).Phase1(), ACLNN_SUCCESS);
}

TEST(LayerNormBackwardUt, Case02DoubleRejected) {
  UtCase c({2, 6, 5, 6}, {6, 5, 6}, {2, 1, 1, 1});
  for (Desc *d : {&c.gradOut, &c.input, &c.mean, &c.rstd, &c.weight, &c.bias, &c.dx, &c.dw, &c.db}) {
    d->dtype = ACL_DOUBLE;
    d->format = ACL_FORMAT_NHWC;
  }
  EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("aclnnLayerNormBackward: expected gradOut dtype in {FLOAT16, FLOAT, BF16}, but got DOUBLE");
}

TEST(LayerNormBackwardUt, Case03InputDtypeUint64) {
  UtCase c({2, 6, 5, 6}, {5, 6}, {2, 6, 1, 1});
  c.gradOut = D({2, 6, 5, 6}, ACL_UINT64, ACL_FORMAT_NHWC);
  c.input = D({2, 6, 5, 6}, ACL_UINT64, ACL_FORMAT_NHWC);
  EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_INVALID);
}

TEST(LayerNormBackwardUt, Case04OutDtypeUint64) {
  UtCase c({2, 6, 5, 6}, {5, 6}, {2, 6, 1, 1});
  c.dx.dtype = ACL_UINT64;
  EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("gradInputOut dtype");
}

TEST(LayerNormBackwardUt, Case05Ndhwc) {
  UtCase c({2, 3, 4, 5, 6}, {3, 4, 5, 6}, {2, 1, 1, 1, 1});
  c.gradOut.format = c.input.format = c.dx.format = ACL_FORMAT_NDHWC;
  EXPECT_EQ(c.Phase1(), ACLNN_SUCCESS);
}

TEST(LayerNormBackwardUt, Case06Ncdhw) {
  UtCase c({2, 2, 2, 2, 2}, {2, 2}, {2, 2, 2, 1, 1});
  c.gradOut.format = c.input.format = c.dx.format = ACL_FORMAT_NCDHW;
  EXPECT_EQ(c.Phase1(), ACLNN_SUCCESS);
}

TEST(LayerNormBackwardUt, Case07EmptyRowsDwTrue) {
  EXPECT_EQ(UtCase({0, 2, 7, 18}, {7, 18}, {0, 2, 1, 1}).Phase1(), ACLNN_SUCCESS);
}

TEST(LayerNormBackwardUt, Case08EmptyRowsDwFalse) {
  UtCase c({0, 2, 7, 18}, {7, 18}, {0, 2, 1, 1});
  c.mask = {true, false, true};
  c.dw = Null();
  EXPECT_EQ(c.Phase1(), ACLNN_SUCCESS);
}

TEST(LayerNormBackwardUt, Case09EmptyColumns) {
  EXPECT_EQ(UtCase({5, 0, 3}, {0, 3}, {5, 1, 1}).Phase1(), ACLNN_SUCCESS);
}

TEST(LayerNormBackwardUt, Case10InputRank11) {
  const std::vector<int64_t> in(11, 1), ns(10, 1);
  EXPECT_EQ(UtCase(in, ns, in).Phase1(), ACLNN_ERR_PARAM_INVALID);
}

TEST(LayerNormBackwardUt, Case11EmptyNormalizedShape) {
  UtCase c({2, 6, 5, 6}, {}, {2, 6, 5, 6});
  EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("normalizedShape length >= 1");
}

TEST(LayerNormBackwardUt, Case12WeightRank9) {
  UtCase c({2, 3, 4}, {3, 4}, {2, 1, 1});
  c.weight = D(std::vector<int64_t>(9, 1));
  EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_INVALID);
}

TEST(LayerNormBackwardUt, Case13BiasRank9) {
  UtCase c({2, 3, 4}, {3, 4}, {2, 1, 1});
  c.bias = D(std::vector<int64_t>(9, 1));
  EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_INVALID);
}

TEST(LayerNormBackwardUt, Case14GradInputRank9) {
  UtCase c({2, 3, 4}, {3, 4}, {2, 1, 1});
  c.dx = D(std::vector<int64_t>(9, 1));
  EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_INVALID);
}

TEST(LayerNormBackwardUt, Case15WeightRankDiffersFromNormalizedShape) {
  UtCase c({2, 6, 5, 6}, {5, 6}, {2, 1, 1, 1});
  c.weight = c.bias = c.dw = c.db = D({6, 5, 6});
  EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_INVALID);
}

TEST(LayerNormBackwardUt, Case16InputDiffersFromNormalizedShape) {
  UtCase c({2, 6, 5, 6}, {7, 8}, {2, 6, 1, 1});
  EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("gradWeightOut with 30 elements");  // the device's partial check skips it; numel(dW) catches it
}

TEST(LayerNormBackwardUt, Case17NullArguments) {
  const char *names[] = {"gradOut",    "input",        "normalizedShape", "mean",       "rstd",
                         "outputMask", "gradInputOut", "gradWeightOut",   "gradBiasOut"};
  for (int which = 0; which < 9; ++which) {
    UtCase c({7, 8, 9}, {8, 9}, {7, 1, 1});
    switch (which) {
      case 0: c.gradOut = Null(); break;
      case 1: c.input = Null(); break;
      case 2: c.nsPresent = false; break;
      case 3: c.mean = Null(); break;
      case 4: c.rstd = Null(); break;
      case 5: c.maskPresent = false; break;
      case 6: c.dx = Null(); break;
      case 7: c.dw = Null(); break;
      default: c.db = Null(); break;
    }
    EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_NULLPTR) << names[which];
    ExpectErrorMessage(names[which]);
  }
}

TEST(LayerNormBackwardUt, Case18To20OneMaskBitFalse) {
  for (int off = 0; off < 3; ++off) {
    UtCase c({2, 6, 5, 6}, {5, 6}, {2, 6, 1, 1});
    c.mask[off] = false;
    (off == 0 ? c.dx : off == 1 ? c.dw : c.db) = Null();
    EXPECT_EQ(c.Phase1(), ACLNN_SUCCESS) << off;
  }
}

TEST(LayerNormBackwardUt, Case21AllMasksFalse) {
  UtCase c({2, 6, 5, 6}, {5, 6}, {2, 6, 1, 1});
  c.mask = {false, false, false};
  c.dx = c.dw = c.db = Null();
  uint64_t ws = 1;
  aclOpExecutor *exec = nullptr;
  EXPECT_EQ(c.Phase1(&ws, &exec), ACLNN_SUCCESS);
  EXPECT_EQ(ws, 0u);
  EXPECT_EQ(aclnnLayerNormBackward(nullptr, 0, exec, nullptr), ACLNN_SUCCESS);
  EXPECT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
}

TEST(LayerNormBackwardUt, Case22MaskLength2) {
  UtCase c({2, 6, 5, 6}, {5, 6}, {2, 6, 1, 1});
  c.mask = {true, false};
  c.dw = Null();
  EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("outputMask of length 3");
}

TEST(LayerNormBackwardUt, Case23F16Mix) {
  UtCase c({2, 3, 4}, {3, 4}, {2, 1, 1});
  c.gradOut.dtype = c.input.dtype = ACL_FLOAT16;
  EXPECT_EQ(c.Phase1(), ACLNN_SUCCESS);
}

TEST(LayerNormBackwardUt, Case24Bf16Mix) {
  UtCase c({2, 3, 4}, {3, 4}, {2, 1, 1});
  c.gradOut.dtype = c.input.dtype = c.dx.dtype = ACL_BF16;
  EXPECT_EQ(c.Phase1(), ACLNN_SUCCESS);
}

TEST(LayerNormBackwardUt, Case25HalfFloatMix) {
  UtCase c({2, 3, 4}, {3, 4}, {2, 1, 1});
  c.gradOut.dtype = c.input.dtype = c.mean.dtype = c.rstd.dtype = c.dx.dtype = ACL_FLOAT16;
  EXPECT_EQ(c.Phase1(), ACLNN_SUCCESS);
}

TEST(LayerNormBackwardUt, Case26HalfFloatMix2) {
  UtCase c({2, 3, 4}, {3, 4}, {2, 1, 1});
  c.gradOut.dtype = c.input.dtype = c.mean.dtype = c.weight.dtype = c.bias.dtype = ACL_FLOAT16;
  c.dw.dtype = c.db.dtype = ACL_FLOAT16;
  EXPECT_EQ(c.Phase1(), ACLNN_SUCCESS);
}

TEST(LayerNormBackwardUt, Case27F32WithF16ParamGrads) {
  UtCase c({9, 2, 2, 2}, {2, 2}, {9, 2, 1, 1});
  c.dw.dtype = c.db.dtype = ACL_FLOAT16;
  EXPECT_EQ(c.Phase1(), ACLNN_SUCCESS);
}

TEST(LayerNormBackwardUt, Case28AllF32) {
  EXPECT_EQ(UtCase({9, 2, 2, 2}, {2, 2}, {9, 2, 1, 1}).Phase1(), ACLNN_SUCCESS);
}

TEST(LayerNormBackwardUt, Case29MaskTffWithAllOutputs) {
  UtCase c({9, 2, 2, 2}, {2, 2}, {9, 2, 1, 1});
  c.mask = {true, false, false};
  EXPECT_EQ(c.Phase1(), ACLNN_SUCCESS);
}

TEST(LayerNormBackwardUt, Case30F16InputF32GradInput) {
  UtCase c({9, 2, 2, 2}, {2, 2}, {9, 2, 1, 1});
  c.gradOut.dtype = c.input.dtype = c.weight.dtype = c.bias.dtype = c.dw.dtype = c.db.dtype = ACL_FLOAT16;
  c.mask = {true, true, false};
  EXPECT_EQ(c.Phase1(), ACLNN_SUCCESS);
}

// ---- checks beyond the vendor's UT list ----------------------------------------------------------

TEST(LayerNormBackwardChecks, NullWorkspaceSizeOrExecutor) {
  UtCase c({4, 8}, {8}, {4, 1});
  aclOpExecutor *exec = nullptr;
  uint64_t ws = 0;
  std::vector<int64_t> s = {4, 8}, m = {4, 1}, ns = {8};
  auto t = [](std::vector<int64_t> &d) {
    return aclCreateTensor(d.data(), d.size(), ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, d.data(), d.size(), nullptr);
  };
  aclTensor *dy = t(s), *x = t(s), *mean = t(m), *rstd = t(m), *dx = t(s), *dw = t(ns), *db = t(ns);
  aclIntArray *nsArray = aclCreateIntArray(ns.data(), 1);
  const bool mask[] = {true, true, true};
  aclBoolArray *maskArray = aclCreateBoolArray(mask, 3);
  EXPECT_EQ(aclnnLayerNormBackwardGetWorkspaceSize(dy, x, nsArray, mean, rstd, nullptr, nullptr, maskArray, dx, dw, db,
                                                   nullptr, &exec),
            ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_EQ(aclnnLayerNormBackwardGetWorkspaceSize(dy, x, nsArray, mean, rstd, nullptr, nullptr, maskArray, dx, dw, db,
                                                   &ws, nullptr),
            ACLNN_ERR_PARAM_NULLPTR);
  for (aclTensor *p : {dy, x, mean, rstd, dx, dw, db}) aclDestroyTensor(p);
  aclDestroyIntArray(nsArray);
  aclDestroyBoolArray(maskArray);
}

TEST(LayerNormBackwardChecks, WeightF16WithF32InputRejected) {
  UtCase c({4, 8}, {8}, {4, 1});
  c.weight.dtype = ACL_FLOAT16;
  EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("weightOptional dtype FLOAT or equal to input dtype FLOAT");
}

TEST(LayerNormBackwardChecks, UnmaskedOutputDtypeStillChecked) {
  UtCase c({4, 8}, {8}, {4, 1});
  c.mask = {true, false, true};
  c.dw.dtype = ACL_INT32;
  EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_INVALID);
}

TEST(LayerNormBackwardChecks, MeanNumelMustMatchRows) {
  UtCase c({4, 8}, {8}, {5, 1});
  EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("mean and rstd with 4 elements");
}

TEST(LayerNormBackwardChecks, StrictNormalizedShapeCheck) {
  // Passes every device check (beginAxis 2 = len(ns) skips the partial check; numels match) but
  // ns is not the trailing shape: the device computes garbage, we refuse (docs/compat.md).
  UtCase c({2, 6, 5, 6}, {3, 10}, {2, 6, 1, 1});
  EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("equal to the trailing dims of input");
}

TEST(LayerNormBackwardChecks, StrictCheckDoesNotBlockEmptySuccessPaths) {
  UtCase c({0, 6, 5, 6}, {3, 10}, {0, 6, 1, 1});
  EXPECT_EQ(c.Phase1(), ACLNN_SUCCESS);  // M == 0: the device's success path is kept
}

}  // namespace
}  // namespace aclcpu_test::layer_norm_backward_ut_test
