#include "base/dtype_rules.h"

#include <cstdint>

namespace aclcpu {
namespace {

// Order of the rows and columns of the promotion table (common-rules.md §3.1).
constexpr aclDataType kTableTypes[] = {ACL_BOOL,    ACL_UINT8, ACL_INT8,  ACL_INT16,  ACL_INT32,     ACL_INT64,
                                       ACL_FLOAT16, ACL_BF16,  ACL_FLOAT, ACL_DOUBLE, ACL_COMPLEX64, ACL_COMPLEX128};
constexpr int kTableSize = 12;

int TableIndex(aclDataType t) {
  for (int i = 0; i < kTableSize; ++i)
    if (kTableTypes[i] == t) return i;
  return -1;
}

// Entries are indices into kTableTypes: b=bool u8 i8 i16 i32 i64 f16 bf16 f32 f64 c64 c128.
enum : int8_t { b, u8, i8, i16, i32, i64, f16, bf, f32, f64, c64, c128 };
constexpr int8_t kPromote[kTableSize][kTableSize] = {
    /* bool */ {b, u8, i8, i16, i32, i64, f16, bf, f32, f64, c64, c128},
    /* u8   */ {u8, u8, i16, i16, i32, i64, f16, bf, f32, f64, c64, c128},
    /* i8   */ {i8, i16, i8, i16, i32, i64, f16, bf, f32, f64, c64, c128},
    /* i16  */ {i16, i16, i16, i16, i32, i64, f16, bf, f32, f64, c64, c128},
    /* i32  */ {i32, i32, i32, i32, i32, i64, f16, bf, f32, f64, c64, c128},
    /* i64  */ {i64, i64, i64, i64, i64, i64, f16, bf, f32, f64, c64, c128},
    /* f16  */ {f16, f16, f16, f16, f16, f16, f16, f32, f32, f64, c64, c128},
    /* bf16 */ {bf, bf, bf, bf, bf, bf, f32, bf, f32, f64, c64, c128},
    /* f32  */ {f32, f32, f32, f32, f32, f32, f32, f32, f32, f64, c64, c128},
    /* f64  */ {f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, c128, c128},
    /* c64  */ {c64, c64, c64, c64, c64, c64, c64, c64, c64, c128, c64, c128},
    /* c128 */ {c128, c128, c128, c128, c128, c128, c128, c128, c128, c128, c128, c128},
};

bool IsUnsignedWide(aclDataType t) { return t == ACL_UINT16 || t == ACL_UINT32 || t == ACL_UINT64; }

}  // namespace

aclDataType PromoteTypes(aclDataType a, aclDataType b) {
  if (a < 0 || b < 0) return ACL_DT_UNDEFINED;
  if (a == b) return a;
  // uint16/32/64 promote with themselves only, and (in this argument order only) with complex.
  if (IsUnsignedWide(a) && (b == ACL_COMPLEX64 || b == ACL_COMPLEX128)) return a == ACL_UINT64 ? ACL_COMPLEX128 : b;
  const int ia = TableIndex(a), ib = TableIndex(b);
  if (ia < 0 || ib < 0) return ACL_DT_UNDEFINED;
  return kTableTypes[kPromote[ia][ib]];
}

bool IsFloatingType(aclDataType t) { return t == ACL_DOUBLE || t == ACL_FLOAT || t == ACL_BF16 || t == ACL_FLOAT16; }

bool IsIntegralType(aclDataType t, bool withBool) {
  switch (t) {
    case ACL_INT8:
    case ACL_INT16:
    case ACL_INT32:
    case ACL_INT64:
    case ACL_UINT8:
    case ACL_UINT16:
    case ACL_UINT32:
    case ACL_UINT64: return true;
    case ACL_BOOL: return withBool;
    default: return false;
  }
}

bool IsComplexType(aclDataType t) { return t == ACL_COMPLEX32 || t == ACL_COMPLEX64 || t == ACL_COMPLEX128; }

bool CanCastTo(aclDataType from, aclDataType to) {
  if (IsComplexType(from) && !IsComplexType(to)) return false;
  if (IsFloatingType(from) && IsIntegralType(to, false)) return false;
  if (to == ACL_BOOL && from != ACL_BOOL) return false;
  return true;
}

}  // namespace aclcpu
