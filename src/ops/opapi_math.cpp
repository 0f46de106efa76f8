// libopapi_math: CANN links every aclnn program against it, so it exists even before its operators
// (ReflectionPad2dBackward) land here.
namespace aclcpu {
extern const char kOpapiMathLibrary[] = "aclnn-cpu opapi_math";
}  // namespace aclcpu
