// What the bench/ab drivers share: thread CPU time and a checksum step.
#pragma once

#include <cstdint>
#include <ctime>

namespace tichu::bench {

// This thread's CPU time in seconds (the other jobs on a shared machine do not count).
inline double cpu_now() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

// One step of the checksum of results that two builds must agree on.
inline std::uint64_t mix(std::uint64_t h, std::uint64_t v) { return (h ^ v) * 0x100000001B3ULL + (h >> 29); }

}  // namespace tichu::bench
