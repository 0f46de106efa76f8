#include "ops/norm/rms_norm_family/rms_norm_check.h"

namespace aclcpu {

RmsNormDims RmsNormDimsOf(const std::vector<int64_t> &x, size_t gammaRank) {
  RmsNormDims d;
  if (gammaRank > x.size()) return d;
  d.beginAxis = static_cast<int>(x.size() - gammaRank);
  d.rows = DimsProduct(x, 0, static_cast<size_t>(d.beginAxis));
  d.cols = DimsProduct(x, static_cast<size_t>(d.beginAxis), x.size());
  return d;
}

aclnnStatus CheckNdFormats(const OpCheck &check, const std::vector<NamedTensor> &tensors) {
  for (const NamedTensor &t : tensors) {
    ACLCPU_RETURN_IF_ERROR(check.FormatIn(
        t.tensor, t.name, {ACL_FORMAT_ND, ACL_FORMAT_NCHW, ACL_FORMAT_NHWC, ACL_FORMAT_NCDHW, ACL_FORMAT_NCL}));
  }
  return ACLNN_SUCCESS;
}

}  // namespace aclcpu
