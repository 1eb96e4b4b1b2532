// check_stop and its flags (stop.hpp): the game's own loops (resample's
// worlds) stop on them as the players' do, so they live with the game.
#include "tichu/game/stop.hpp"

#include <chrono>

namespace tichu {
namespace {

constexpr std::chrono::milliseconds kPollEvery{20};
std::atomic<bool> all_stopping{false};
thread_local StopPoll* this_poll = nullptr;
thread_local std::chrono::steady_clock::rep next_poll = 0;  // the clock's count at which to poll next
thread_local const std::atomic<bool>* this_job_failed = nullptr;

}  // namespace

StopScope::StopScope(StopPoll* poll) : previous_(this_poll) {
  this_poll = poll;
  next_poll = (std::chrono::steady_clock::now() + kPollEvery).time_since_epoch().count();
}

StopScope::~StopScope() { this_poll = previous_; }

void check_stop() {
  if (all_stopping.load(std::memory_order_relaxed)) throw Stopped();
  if (this_job_failed != nullptr && this_job_failed->load(std::memory_order_relaxed)) throw Stopped();
  if (this_poll == nullptr) return;
  const auto now = std::chrono::steady_clock::now();
  if (now.time_since_epoch().count() < next_poll) return;
  next_poll = (now + kPollEvery).time_since_epoch().count();
  if (this_poll->poll()) throw Stopped();
}

void stop_all_loops() noexcept { all_stopping.store(true); }

bool all_loops_stopping() noexcept { return all_stopping.load(); }

namespace detail {

const std::atomic<bool>* swap_job_failed(const std::atomic<bool>* failed) noexcept {
  const std::atomic<bool>* previous = this_job_failed;
  this_job_failed = failed;
  return previous;
}

}  // namespace detail
}  // namespace tichu
