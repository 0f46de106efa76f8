// Lets programs run under valgrind on CPUs whose CPUID does not advertise RDTSCP (common in VMs).
//
// Debian 12's libhwy (1.0.3) runs hwy::platform::TimerResolution() in a static initializer of its
// nanobenchmark code, and that function executes RDTSCP. Valgrind 3.19 only decodes RDTSCP when the
// host's CPUID reports it, so on such machines every program that loads libhwy dies with SIGILL
// before main, although RDTSCP itself works natively there. The initializer calls the function
// through libhwy's PLT, so this definition, in a library that comes before libhwy in the lookup
// order, is the one it runs. Nothing here uses Highway's nanobenchmark, whose only consumer of the
// value is its Measure(); that gets a resolution of one tick.
#include <hwy/nanobenchmark.h>

namespace hwy {
namespace platform {

uint64_t TimerResolution() { return 1; }

}  // namespace platform
}  // namespace hwy
