// The pool behind parallel_for: threads started on first use, kept for the
// life of the process (their per-thread scratch stays warm), stopped and
// joined at exit. The loops call check_stop (stop.hpp, game/stop.cpp).
#include "tichu/play/parallel.hpp"

#include <condition_variable>
#include <deque>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

#if !defined(_WIN32)
#include <pthread.h>
#endif

namespace tichu::detail {
namespace {

class Pool {
 public:
  void run(Job& job) {
    int wake = 0;
    {
      const std::scoped_lock guard(lock_);
      if (!stopping_) {
        queue_.push_back(&job);
        grow(busy_ + wanted());  // a thread for every helper any caller wants now, not only this one
        wake = job.helpers_wanted;
      }
    }
    for (int i = 0; i < wake; ++i) work_cv_.notify_one();
    job.work(nullptr);
    std::unique_lock guard(lock_);
    std::erase(queue_, &job);  // no helper joins it from now on
    done_cv_.wait(guard, [&job] { return job.helpers_inside == 0; });
  }

  // Stops the pool threads after their current block and joins them. The
  // pool itself is never freed: a caller still inside run() (a daemon
  // thread at exit) keeps using its lock, and finishes its job alone.
  void stop() {
    {
      const std::scoped_lock guard(lock_);
      stopping_ = true;
      stop_flag_.store(true);
    }
    work_cv_.notify_all();
    for (std::thread& t : threads_) t.join();
    threads_.clear();
  }

 private:
  // The helpers the queued jobs still welcome (under lock_).
  [[nodiscard]] int wanted() const {
    int sum = 0;
    for (const Job* job : queue_) sum += job->helpers_wanted;
    return sum;
  }

  // Starts threads until there are `helpers` (under lock_). A thread that
  // cannot start is no error: the caller can do all the work itself.
  void grow(int helpers) {
    while (std::cmp_less(threads_.size(), std::min(helpers, kMaxThreads - 1))) {
      try {
        threads_.emplace_back([this] { loop(); });
      } catch (const std::system_error&) {
        return;
      }
    }
  }

  void loop() {
    std::unique_lock guard(lock_);
    for (;;) {
      work_cv_.wait(guard, [this] { return stopping_ || !queue_.empty(); });
      if (stopping_) return;
      Job* job = queue_.front();
      if (--job->helpers_wanted <= 0) queue_.pop_front();
      ++job->helpers_inside;
      ++busy_;
      guard.unlock();
      job->work(&stop_flag_);
      guard.lock();
      --busy_;
      if (--job->helpers_inside == 0) done_cv_.notify_all();
    }
  }

  std::mutex lock_;
  std::condition_variable work_cv_;  // pool threads wait here for a job
  std::condition_variable done_cv_;  // callers wait here for their helpers to leave
  std::deque<Job*> queue_;           // jobs that still welcome a helper
  std::vector<std::thread> threads_;
  int busy_ = 0;  // pool threads inside a job now
  bool stopping_ = false;
  std::atomic<bool> stop_flag_{false};  // stopping_, read by helpers between blocks
};

std::mutex pool_lock;   // guards `pool`
Pool* pool = nullptr;   // created on first use; after a fork the child starts a new one

#if !defined(_WIN32)
// The child of a fork has none of the parent's pool threads: it forgets
// that pool (leaked, its lock possibly held) and starts its own on demand.
// pool_lock is held across the fork, so that the child's copy is free.
void lock_before_fork() { pool_lock.lock(); }
void unlock_after_fork() { pool_lock.unlock(); }
void forget_pool_in_child() {
  pool = nullptr;
  pool_lock.unlock();
}
#endif

Pool& the_pool() {
  const std::scoped_lock guard(pool_lock);
  if (pool == nullptr) {
#if !defined(_WIN32)
    static const bool registered = (pthread_atfork(lock_before_fork, unlock_after_fork, forget_pool_in_child), true);
    (void)registered;
#endif
    pool = new Pool();  // NOLINT(cppcoreguidelines-owning-memory): never freed, see Pool::stop
  }
  return *pool;
}

// Joins the pool threads when the library is unloaded at exit. Not on
// Windows: there the process has already ended every other thread, and
// waiting for threads under the loader lock would hang.
struct PoolJoiner {
  PoolJoiner() = default;
  PoolJoiner(const PoolJoiner&) = delete;
  PoolJoiner& operator=(const PoolJoiner&) = delete;
  ~PoolJoiner() {
#if !defined(_WIN32)
    Pool* p = nullptr;
    {
      const std::scoped_lock guard(pool_lock);
      p = pool;
    }
    stop_all_loops();  // a search running on a pool thread ends within a few iterations, not at its budget
    if (p != nullptr) p->stop();
#endif
  }
};
const PoolJoiner joiner;

}  // namespace

void run_job(Job& job) { the_pool().run(job); }

}  // namespace tichu::detail
