// A small parallel loop over std::thread: static contiguous chunks, so each
// index runs on a known thread and results written by index never depend
// on the thread count.
#pragma once

#include <algorithm>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace tichu {

// The most threads a caller may ask for.
inline constexpr int kMaxThreads = 256;

// Calls fn(begin, end) on [0, n) split into up to `threads` contiguous
// chunks, one per thread; threads <= 1 runs inline. The first exception a
// chunk throws is rethrown here once every thread has finished.
template <class Fn>
void parallel_for(long long n, int threads, Fn&& fn) {
  const long long chunks = std::min<long long>(std::max(threads, 1), std::max<long long>(n, 1));
  if (chunks <= 1) {
    fn(0LL, n);
    return;
  }
  std::exception_ptr error;
  std::mutex error_lock;
  std::vector<std::thread> workers;
  workers.reserve(static_cast<std::size_t>(chunks));
  for (long long c = 0; c < chunks; ++c) {
    const long long begin = n * c / chunks, end = n * (c + 1) / chunks;
    workers.emplace_back([&fn, &error, &error_lock, begin, end] {
      try {
        fn(begin, end);
      } catch (...) {
        const std::scoped_lock guard(error_lock);
        if (!error) error = std::current_exception();
      }
    });
  }
  for (std::thread& w : workers) w.join();
  if (error) std::rethrow_exception(error);
}

}  // namespace tichu
