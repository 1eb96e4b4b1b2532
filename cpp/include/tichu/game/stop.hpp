// Stopping long loops early: Ctrl-C seen by the thread that called them, or
// the process exiting. A loop calls check_stop() between small pieces of
// work (a block of parallel_for, 16 ISMCTS iterations, 256 dealt hands);
// it throws Stopped when the loop should end. The core knows nothing of
// Python: the bindings install a StopPoll on the calling thread (which asks
// Python for pending signals) and call stop_all_loops() at interpreter exit.
#pragma once

#include <atomic>
#include <stdexcept>

namespace tichu {

// Thrown by check_stop: the loop was asked to stop. Whatever it computed is
// dropped.
struct Stopped : std::runtime_error {
  Stopped() : std::runtime_error("stopped: interrupted, or the interpreter is exiting") {}
};

// A question a calling thread asks now and then while it runs a long loop:
// true to stop it. Called on that thread only, at most every 20 ms.
class StopPoll {
 public:
  virtual bool poll() = 0;

 protected:
  StopPoll() = default;
  StopPoll(const StopPoll&) = default;
  StopPoll& operator=(const StopPoll&) = default;
  ~StopPoll() = default;
};

// Installs `poll` (nullptr: none) on this thread for its lifetime.
class StopScope {
 public:
  explicit StopScope(StopPoll* poll);
  ~StopScope();
  StopScope(const StopScope&) = delete;
  StopScope& operator=(const StopScope&) = delete;

 private:
  StopPoll* previous_;
};

// Throws Stopped when this loop should end: after stop_all_loops(), when
// another thread of the same parallel_for failed or was stopped, or when
// this thread's StopPoll says so. Cheap: an atomic load or two and, with a
// poll installed, a clock read.
void check_stop();

// Every loop on every thread stops at its next check_stop, for good (the
// process is exiting). Idempotent.
void stop_all_loops() noexcept;
[[nodiscard]] bool all_loops_stopping() noexcept;

namespace detail {
// The flag check_stop reads for the parallel_for block this thread runs now
// (nullptr: none), set by Job::work.
const std::atomic<bool>* swap_job_failed(const std::atomic<bool>* failed) noexcept;
}  // namespace detail

}  // namespace tichu
