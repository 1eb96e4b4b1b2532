// Assertions for the C++ tests of the core, without a test framework. A
// failed check prints where it is, what was expected and a description of
// the case, counts the failure and lets the program go on, so that one run
// shows every broken case; the program's exit code says whether any failed.
#pragma once

#include <cstdio>
#include <source_location>
#include <string>
#include <utility>

namespace tichu_test {

struct Tally {
  long checks = 0;
  long failures = 0;
};

inline Tally& tally() {
  static Tally t;
  return t;
}

// Only the first failures are printed: one broken rule can fail thousands of steps.
inline constexpr long kMaxPrinted = 20;

// Records a failure unless `ok`. `describe()` builds the message (what was
// expected, and the case: seed, step, state); it runs only on failure, so
// checks in inner loops cost no string building.
template <class Describe>
bool expect(bool ok, Describe&& describe, std::source_location where = std::source_location::current()) {
  ++tally().checks;
  if (ok) return true;
  if (++tally().failures <= kMaxPrinted) {
    const std::string message = std::forward<Describe>(describe)();
    std::fprintf(stderr, "%s:%u: FAILED: %s\n", where.file_name(), static_cast<unsigned>(where.line()),
                 message.c_str());
  }
  return false;
}

// expect(got == expected), the message showing both values (integers).
template <class Describe>
bool expect_eq(long long got, long long expected, Describe&& describe,
               std::source_location where = std::source_location::current()) {
  return expect(
      got == expected,
      [&] {
        return std::forward<Describe>(describe)() + ": got " + std::to_string(got) + ", expected " +
               std::to_string(expected);
      },
      where);
}

// Prints the summary line and returns the program's exit code.
inline int report(const char* test_name) {
  const Tally& t = tally();
  if (t.failures > 0) {
    std::fprintf(stderr, "%s: %ld of %ld checks FAILED\n", test_name, t.failures, t.checks);
    return 1;
  }
  std::printf("%s: all %ld checks passed\n", test_name, t.checks);
  return 0;
}

}  // namespace tichu_test
