// VecHands' agent step in thread CPU time, with a checksum of everything a
// learner reads (observation tensors, dense mask, legal ids, players,
// rewards), so that two builds can be shown to step the same hands:
// bench/ab/alternate.py runs two such binaries alternately (docs/speed.md).
//   vec_bench [ROUNDS] [STEPS] [what: all|dense|compact]
// N = 1024 hands, random opponents at seats 1 and 3, the learner's id drawn
// uniformly from each hand's compact legal ids; STEPS steps a round after
// 10 steps of warm-up. Prints "kind ns-per-agent-step checksum" lines: the
// step, the observe that follows it (tensors, dense mask or not, ids) and
// their sum (a core whose step writes the tensors, as tichu_fast.VecHands
// has it do, times them in the step). VEC_BENCH_FILL=1 also times the tensors alone, written into the
// n x 2.9 kB array and into one buffer that stays in L1.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "bench_util.hpp"
#include "tichu/game/action_ids.hpp"
#include "tichu/game/observation_tensor.hpp"
#include "tichu/play/vec_hands.hpp"

using namespace tichu;
using tichu::bench::cpu_now;
using tichu::bench::mix;

namespace {

template <typename T>
std::uint64_t digest(std::uint64_t h, const std::vector<T>& v) {
  const auto* bytes = reinterpret_cast<const unsigned char*>(v.data());
  const std::size_t size = v.size() * sizeof(T);
  for (std::size_t k = 0; k + 8 <= size; k += 8) {
    std::uint64_t w = 0;
    std::memcpy(&w, bytes + k, 8);
    h = mix(h, w);
  }
  return h;
}

// vec.step, writing the tensors as tichu_fast.VecHands has it do when the core can (issue 18, eighth
// round); an older core cannot, and this file builds against both. Returns whether it did.
template <typename Vec>
bool step_writing_tensors(Vec& vec, const std::int64_t* ids, float* rewards, std::uint8_t* done, float* obs) {
  if constexpr (requires { vec.step(ids, rewards, done, obs); }) {
    vec.step(ids, rewards, done, obs);
    return true;
  } else {
    vec.step(ids, rewards, done);
    return false;
  }
}

struct Times {
  double step = 0, observe = 0;
  std::uint64_t check = 0;
};

// One round: a fresh VecHands, 10 warm-up steps, then `steps` timed ones.
Times run(int steps, bool dense) {
  constexpr int n = 1024;
  const std::array<Seat, 4> seats{Seat::Learner, Seat::Random, Seat::Learner, Seat::Random};
  VecHands vec(n, 1, Rules{}, seats);
  std::vector<float> obs(static_cast<std::size_t>(n) * kObservationTensorSize);
  std::vector<std::uint8_t> mask(dense ? static_cast<std::size_t>(n) * kNumActionIds : 0);
  std::vector<std::int32_t> players(n), counts(n);
  std::vector<std::int64_t> offsets(n + 1), ids(n);
  std::vector<float> rewards(4 * static_cast<std::size_t>(n));
  std::vector<std::uint8_t> done(n);
  SplitMix64 rng(12345);
  bool fresh = true;
  Times t;
  bool tensors = true;  // whether observe writes the tensors (step did not)
  auto observe = [&] {
    vec.observe(tensors ? obs.data() : nullptr, dense ? mask.data() : nullptr, fresh, players.data(), counts.data(),
                offsets.data());
    fresh = false;
  };
  observe();
  for (int k = -10; k < steps; ++k) {
    const std::vector<std::int32_t>& legal = vec.legal_ids();
    for (std::size_t i = 0; i < n; ++i) {
      const auto pick = static_cast<std::int64_t>(rng.next() % static_cast<std::uint64_t>(counts[i]));
      ids[i] = legal[static_cast<std::size_t>(offsets[i] + pick)];
    }
    const double t0 = cpu_now();
    const bool fused = step_writing_tensors(vec, ids.data(), rewards.data(), done.data(), obs.data());
    const double t1 = cpu_now();
    tensors = !fused;
    observe();
    const double t2 = cpu_now();
    if (k >= 0) {
      t.step += t1 - t0;
      t.observe += t2 - t1;
    }
    // Every step's ids, rewards and players; the tensors and the mask every 10th step (reading
    // all 6.6 MB of them every step would evict the hands from the caches, which the Python bench does not).
    if (k % 10 == 0) t.check = digest(digest(t.check, obs), mask);
    t.check = digest(digest(digest(digest(t.check, vec.legal_ids()), rewards), players), done);
  }
  if (std::getenv("VEC_BENCH_FILL")) {  // diagnostic: the tensors alone, into the array and into one L1 buffer
    std::vector<float> one(kObservationTensorSize);
    double into_array = 0, into_one = 0;
    for (int k = 0; k < 20; ++k) {
      const double a = cpu_now();
      for (std::size_t i = 0; i < n; ++i)
        fill_observation_tensor(vec.hand(static_cast<int>(i)), players[i], 0, obs.data() + i * kObservationTensorSize);
      const double b = cpu_now();
      for (std::size_t i = 0; i < n; ++i)
        fill_observation_tensor(vec.hand(static_cast<int>(i)), players[i], 0, one.data());
      const double c = cpu_now();
      into_array += b - a;
      into_one += c - b;
    }
    // With the tensors' checksum, so that alternate.py compares these lines across builds too.
    const auto filled = static_cast<unsigned long long>(digest(digest(0, obs), one));
    std::printf("fill_into_array %.1f %016llx\nfill_into_one %.1f %016llx\n", 1e9 * into_array / 20 / n, filled,
                1e9 * into_one / 20 / n, filled);
  }
  const double agent_steps = static_cast<double>(steps) * n;
  t.step = 1e9 * t.step / agent_steps;
  t.observe = 1e9 * t.observe / agent_steps;
  return t;
}

}  // namespace

int main(int argc, char** argv) {
  const int rounds = argc > 1 ? std::atoi(argv[1]) : 1;
  const int steps = argc > 2 ? std::atoi(argv[2]) : 200;
  const std::string what = argc > 3 ? argv[3] : "all";
  for (int r = 0; r < rounds; ++r) {
    for (const bool dense : {true, false}) {
      if (what != "all" && what != (dense ? "dense" : "compact")) continue;
      const Times t = run(steps, dense);
      const char* name = dense ? "dense" : "compact";
      std::printf("%s_total %.1f %llx\n", name, t.step + t.observe, static_cast<unsigned long long>(t.check));
      std::printf("%s_step %.1f %llx\n", name, t.step, static_cast<unsigned long long>(t.check));
      std::printf("%s_observe %.1f %llx\n", name, t.observe, static_cast<unsigned long long>(t.check));
    }
  }
}
