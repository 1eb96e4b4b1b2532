#include "tichu/play/playout.hpp"

#include <stdexcept>

#include "tichu/game/resample.hpp"
#include "tichu/game/rng.hpp"
#include "tichu/play/net.hpp"
#include "tichu/play/parallel.hpp"

namespace tichu {
namespace {

// One scratch per thread, fetched once per chunk of work.
PolicyScratch& thread_scratch() {
  thread_local PolicyScratch scratch;
  return scratch;
}

}  // namespace

PlayoutResult playout_result(const HandState& s, const PlayoutTally& tally) {
  PlayoutResult r;
  const auto score = s.returns();
  r.returns = {static_cast<std::int16_t>(score[0]), static_cast<std::int16_t>(score[1])};
  for (int i = 0; i < s.out_count() && i < 4; ++i)
    r.out_order[static_cast<std::size_t>(i)] = static_cast<std::int8_t>(s.out_seat(i));
  const int first = s.out_count() > 0 ? s.out_seat(0) : -1;
  for (int seat = 0; seat < 4; ++seat) {
    const auto call = s.call(seat);
    r.calls[static_cast<std::size_t>(seat)] = static_cast<std::uint8_t>(call);
    r.calls_won[static_cast<std::size_t>(seat)] = call != Call::None && seat == first;  // R7
  }
  r.tricks = static_cast<std::uint8_t>(tally.tricks);
  r.bombs = static_cast<std::uint8_t>(tally.bombs);
  r.one_two = s.out_count() == 2;
  return r;
}

PlayoutResult playout(HandState s, const Policy& policy, std::uint64_t seed, PolicyScratch& scratch) {
  SplitMix64 seeds(seed);  // its k-th output is hand_seed(seed, k)
  PlayoutTally tally;
  while (!s.is_terminal()) {
    SplitMix64 rng(seeds.next());
    const Action a = choose(s, policy, rng, scratch);
    tally.count(s, a);
    s.apply(a);
  }
  return playout_result(s, tally);
}

PlayoutResult playout(const HandState& s, const Policy& policy, std::uint64_t seed) {
  return playout(s, policy, seed, thread_scratch());
}

void playouts(const HandState& s, std::uint64_t seed, const Policy& policy, int threads, std::span<PlayoutResult> out) {
  parallel_for(static_cast<long long>(out.size()), threads, [&](long long begin, long long end) {
    PolicyScratch& scratch = thread_scratch();
    for (long long i = begin; i < end; ++i) {
      out[static_cast<std::size_t>(i)] = playout(s, policy, hand_seed(seed, static_cast<std::uint64_t>(i)), scratch);
    }
  });
}

void resampled_playouts(const Knowledge& knowledge, std::uint64_t seed, std::uint64_t world_base, const Policy& policy,
                        int threads, std::span<PlayoutResult> out) {
  parallel_for(static_cast<long long>(out.size()), threads, [&](long long begin, long long end) {
    PolicyScratch& scratch = thread_scratch();
    for (long long i = begin; i < end; ++i) {
      const auto k = static_cast<std::uint64_t>(i);
      SplitMix64 world_rng(hand_seed(world_base, k));  // resample_many(.., 1, that seed)[0]
      out[static_cast<std::size_t>(i)] = playout(knowledge.sample(world_rng), policy, hand_seed(seed, k), scratch);
    }
  });
}

void action_values(std::span<const HandState> worlds, std::span<const Action> actions, int per_world, int team,
                   std::uint64_t seed, const Policy& policy, int threads, std::span<double> values, const Net* net,
                   double value_weight) {
  const std::size_t per_action = worlds.size() * static_cast<std::size_t>(per_world);
  if (per_world < 1 || values.size() != actions.size() * per_action)
    throw std::invalid_argument("action_values: bad sizes");
  if (!(value_weight >= 0.0 && value_weight <= 1.0)) throw std::invalid_argument("value_weight must be in 0..1");
  if (net == nullptr && value_weight > 0.0) throw std::invalid_argument("value_weight needs a network");
  const auto side = static_cast<std::size_t>(team);
  parallel_for(static_cast<long long>(values.size()), threads, [&](long long begin, long long end) {
    PolicyScratch& scratch = thread_scratch();
    for (long long i = begin; i < end; ++i) {
      const auto t = static_cast<std::size_t>(i);
      const std::size_t a = t / per_action, k = t % per_action, world = k / static_cast<std::size_t>(per_world);
      HandState child = worlds[world];
      child.apply(actions[a]);
      if (value_weight <= 0.0 || child.is_terminal()) {  // a finished hand's "playout" is its own returns
        values[t] = playout(child, policy, hand_seed(seed, k), scratch).returns[side];
        continue;
      }
      const double value = value_returns(*net, child)[side];
      if (value_weight < 1.0) {
        const double played = playout(child, policy, hand_seed(seed, k), scratch).returns[side];
        values[t] = (1.0 - value_weight) * played + value_weight * value;
      } else {
        values[t] = value;  // nothing played out
      }
    }
  });
}

}  // namespace tichu
