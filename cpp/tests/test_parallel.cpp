// parallel_for over the persistent pool: every index runs exactly once
// whatever the thread count, exceptions reach the caller, and calls from
// several threads at once and from inside a loop (nesting) finish.
//
//     test_parallel

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "check.hpp"
#include "tichu/game/stop.hpp"
#include "tichu/play/parallel.hpp"

namespace {

using tichu_test::expect;
using tichu_test::expect_eq;

// Runs [0, n) on `threads` threads; how often each index ran.
std::vector<int> visits(long long n, int threads) {
  std::vector<std::atomic<int>> seen(static_cast<std::size_t>(n));
  tichu::parallel_for(n, threads, [&](long long begin, long long end) {
    for (long long i = begin; i < end; ++i) seen[static_cast<std::size_t>(i)].fetch_add(1);
  });
  std::vector<int> out;
  out.reserve(seen.size());
  for (const auto& s : seen) out.push_back(s.load());
  return out;
}

// A caller's poll that asks every loop to stop (as Ctrl-C does through the bindings).
struct AlwaysStop final : tichu::StopPoll {
  bool poll() override { return true; }
};

bool each_once(const std::vector<int>& v) {
  for (int x : v) {
    if (x != 1) return false;
  }
  return true;
}

}  // namespace

int main() {
  for (const long long n : {0LL, 1LL, 2LL, 7LL, 100LL, 10'001LL}) {
    for (const int threads : {1, 2, 3, 8}) {
      expect(each_once(visits(n, threads)), [&] {
        return "n=" + std::to_string(n) + " threads=" + std::to_string(threads) + ": an index ran not exactly once";
      });
    }
  }

  // The first exception reaches the caller, after every thread has left.
  for (const int threads : {1, 2, 4}) {
    bool caught = false;
    try {
      tichu::parallel_for(1000, threads, [](long long begin, long long end) {
        for (long long i = begin; i < end; ++i) {
          if (i == 637) throw std::runtime_error("637");
        }
      });
    } catch (const std::runtime_error& e) {
      caught = std::string(e.what()) == "637";
    }
    expect(caught, [&] { return "threads=" + std::to_string(threads) + ": the exception was lost"; });
  }

  // A poll on the calling thread stops the loop between blocks, on any thread count: Stopped reaches the
  // caller before every index ran (each block sleeps 1 ms; the poll is asked after 20 ms).
  for (const int threads : {1, 2, 4}) {
    AlwaysStop always;
    const tichu::StopScope scope(&always);
    std::atomic<long long> ran{0};
    bool stopped = false;
    try {
      tichu::parallel_for(100'000, threads, [&](long long begin, long long end) {
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
        ran.fetch_add(end - begin);
      });
    } catch (const tichu::Stopped&) {
      stopped = true;
    }
    expect(stopped && ran.load() < 100'000,
           [&] { return "threads=" + std::to_string(threads) + ": the poll did not stop the loop"; });
  }

  // Nested loops: each outer index runs an inner loop on 2 threads.
  std::atomic<long long> inner_total{0};
  tichu::parallel_for(16, 2, [&](long long begin, long long end) {
    for (long long i = begin; i < end; ++i) {
      tichu::parallel_for(50, 2, [&](long long b, long long e) { inner_total.fetch_add(e - b); });
    }
  });
  expect_eq(inner_total.load(), 16LL * 50, [] { return std::string("nested loops"); });

  // Four callers at once, each asking for 3 threads of the shared pool.
  std::vector<std::thread> callers;
  callers.reserve(4);
  std::atomic<int> good{0};
  for (int c = 0; c < 4; ++c) {
    callers.emplace_back([&good] {
      for (int round = 0; round < 50; ++round) {
        if (each_once(visits(333, 3))) good.fetch_add(1);
      }
    });
  }
  for (std::thread& t : callers) t.join();
  expect_eq(good.load(), 4LL * 50, [] { return std::string("concurrent callers"); });
  return tichu_test::report("test_parallel");
}
