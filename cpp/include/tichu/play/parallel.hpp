// A parallel loop over a persistent, process-wide pool of threads. Work is
// handed out in small blocks from an atomic counter, and results are written
// by index, so nothing a loop computes depends on the thread count or on
// which thread ran which index.
#pragma once

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <type_traits>

#include "tichu/game/stop.hpp"

namespace tichu {

// The most threads a caller may ask for.
inline constexpr int kMaxThreads = 256;

// The most indices in one block: a stopped loop (check_stop) ends within a
// block, and a few hundred playouts or hands take a millisecond or so.
inline constexpr long long kMaxBlock = 256;

namespace detail {

// One parallel_for call: the caller's indices, handed out block by block.
// It lives on the caller's stack; the pool holds it only while queued, and
// the caller returns only once no pool thread is inside it.
struct Job {
  long long n = 0;
  long long block = 1;
  std::atomic<long long> next{0};  // the first index not yet handed out
  std::atomic<bool> failed{false};  // after an exception: hand out nothing more
  std::exception_ptr error;        // the first exception (under error_lock)
  std::mutex error_lock;
  void (*run)(void* fn, long long begin, long long end) = nullptr;
  void* fn = nullptr;
  int helpers_wanted = 0;  // pool threads still welcome to join (under the pool's lock)
  int helpers_inside = 0;  // pool threads working on it now (under the pool's lock)

  // Runs blocks until none is left, or `stop` is set (helpers only: the
  // caller, passing nullptr, runs whatever remains, and checks check_stop
  // before each block). Inside a block, check_stop sees `failed`.
  void work(const std::atomic<bool>* stop) noexcept {
    const std::atomic<bool>* outer = swap_job_failed(&failed);
    while (!failed.load(std::memory_order_relaxed) && (stop == nullptr || !stop->load(std::memory_order_relaxed))) {
      const long long begin = next.fetch_add(block, std::memory_order_relaxed);
      if (begin >= n) break;
      try {
        if (stop == nullptr) check_stop();
        run(fn, begin, std::min(n, begin + block));
      } catch (...) {
        const std::scoped_lock guard(error_lock);
        if (!error) error = std::current_exception();
        failed.store(true, std::memory_order_relaxed);
      }
    }
    swap_job_failed(outer);
  }
};

// Queues `job` for up to job.helpers_wanted pool threads, lets the calling
// thread work on it too, and returns once every block is done and no pool
// thread is inside it. The caller alone can finish any job, so a call from
// a pool thread (nesting) or from many threads at once never waits for a
// free pool thread. Defined in parallel.cpp.
void run_job(Job& job);

}  // namespace detail

// Calls fn(begin, end) over [0, n) in blocks on up to `threads` threads
// (the calling thread and threads of a pool started on first use and
// joined at exit); threads <= 1 runs inline, in blocks of kMaxBlock. Every index runs
// exactly once, on any thread. The first exception a block throws is
// rethrown here once every thread has left the loop (blocks not yet
// started are then skipped).
template <class Fn>
void parallel_for(long long n, int threads, Fn&& fn) {
  const long long workers = std::min<long long>(std::clamp(threads, 1, kMaxThreads), std::max<long long>(n, 1));
  if (workers <= 1) {
    if (n <= kMaxBlock) {
      fn(0LL, n);
      return;
    }
    for (long long begin = 0; begin < n; begin += kMaxBlock) {  // in blocks, so that check_stop is seen
      check_stop();
      fn(begin, std::min(n, begin + kMaxBlock));
    }
    return;
  }
  detail::Job job;
  job.n = n;
  // About 16 blocks per thread: small enough to even out playouts of
  // different lengths, large enough that the shared counter stays cold.
  job.block = std::clamp<long long>(n / (workers * 16), 1, kMaxBlock);
  job.fn = static_cast<void*>(&fn);
  job.run = [](void* f, long long begin, long long end) {
    (*static_cast<std::remove_reference_t<Fn>*>(f))(begin, end);
  };
  job.helpers_wanted = static_cast<int>(workers - 1);
  detail::run_job(job);
  if (job.error) std::rethrow_exception(job.error);
}

}  // namespace tichu
