// Small runtime utilities: fp16 conversion, dtype sizes, data buffers, SoC name and capabilities.
#include <cstring>
#include <new>

#include "base/half.h"
#include "runtime/runtime_internal.h"

struct aclDataBuffer {
  void *data;
  size_t size;
};

extern "C" {

float aclFloat16ToFloat(aclFloat16 value) {
  // IEEE binary16 -> binary32, exact (docs/compat.md says why not the saturating variant).
  return aclcpu::F16ToF32(value);
}

aclFloat16 aclFloatToFloat16(float value) { return aclcpu::F32ToF16(value); }

size_t aclDataTypeSize(aclDataType dataType) {
  switch (dataType) {
    case ACL_STRING:
    case ACL_DT_UNDEFINED: return 0;
    case ACL_BOOL:
    case ACL_INT8:
    case ACL_UINT8:
    case ACL_UINT1:
    case ACL_INT4:
    case ACL_HIFLOAT8:
    case ACL_FLOAT8_E5M2:
    case ACL_FLOAT8_E4M3FN:
    case ACL_FLOAT8_E8M0: return 1;
    case ACL_FLOAT16:
    case ACL_INT16:
    case ACL_UINT16:
    case ACL_BF16: return 2;
    case ACL_FLOAT:
    case ACL_INT32:
    case ACL_UINT32:
    case ACL_COMPLEX32: return 4;
    case ACL_COMPLEX128: return 16;
    default:  // INT64, UINT64, DOUBLE, COMPLEX64 and, as in CANN's default branch, every other value
      return 8;
  }
}

aclDataBuffer *aclCreateDataBuffer(void *data, size_t size) { return new (std::nothrow) aclDataBuffer{data, size}; }

aclError aclDestroyDataBuffer(const aclDataBuffer *dataBuffer) {
  if (dataBuffer == nullptr) return ACL_ERROR_INVALID_PARAM;
  delete dataBuffer;
  return ACL_SUCCESS;
}

aclError aclUpdateDataBuffer(aclDataBuffer *dataBuffer, void *data, size_t size) {
  if (dataBuffer == nullptr) return ACL_ERROR_INVALID_PARAM;
  dataBuffer->data = data;
  dataBuffer->size = size;
  return ACL_SUCCESS;
}

void *aclGetDataBufferAddr(const aclDataBuffer *dataBuffer) {
  return dataBuffer == nullptr ? nullptr : dataBuffer->data;
}

uint32_t aclGetDataBufferSize(const aclDataBuffer *dataBuffer) {
  return dataBuffer == nullptr ? 0 : static_cast<uint32_t>(dataBuffer->size);
}

size_t aclGetDataBufferSizeV2(const aclDataBuffer *dataBuffer) { return dataBuffer == nullptr ? 0 : dataBuffer->size; }

const char *aclrtGetSocName() {
  // The emulated product is Atlas A2 training (docs/compat.md); samples that branch on the SoC
  // name take the A2 paths.
  return "Ascend910B2";
}

aclError aclGetCannAttributeList(const aclCannAttr **cannAttrList, size_t *num) {
  if (cannAttrList == nullptr || num == nullptr) return ACL_ERROR_INVALID_PARAM;
  static const aclCannAttr kAttrs[] = {ACL_CANN_ATTR_INF_NAN, ACL_CANN_ATTR_BF16};
  *cannAttrList = kAttrs;
  *num = sizeof kAttrs / sizeof kAttrs[0];
  return ACL_SUCCESS;
}

aclError aclGetCannAttribute(aclCannAttr cannAttr, int32_t *value) {
  if (value == nullptr) return ACL_ERROR_INVALID_PARAM;
  *value = (cannAttr == ACL_CANN_ATTR_INF_NAN || cannAttr == ACL_CANN_ATTR_BF16) ? 1 : 0;
  return ACL_SUCCESS;
}

aclError aclGetDeviceCapability(uint32_t deviceId, aclDeviceInfo deviceInfo, int64_t *value) {
  if (value == nullptr || deviceId != 0) return ACL_ERROR_INVALID_PARAM;
  switch (deviceInfo) {
    case ACL_DEVICE_INFO_AI_CORE_NUM:
    case ACL_DEVICE_INFO_VECTOR_CORE_NUM: *value = 1; return ACL_SUCCESS;
    case ACL_DEVICE_INFO_L2_SIZE: *value = 2 * 1024 * 1024; return ACL_SUCCESS;
    default: return ACL_ERROR_INVALID_PARAM;
  }
}

}  // extern "C"
