// ISMCTS from C++ alone (ismcts.hpp): on random hands stopped at every kind
// of decision, the chosen action is legal and a root candidate, the visits
// add up to the iterations, and the same seed and thread count repeat the
// search exactly.
#include <array>
#include <cstdint>
#include <string>

#include "check.hpp"
#include "hand_play.hpp"
#include "tichu/game/history.hpp"
#include "tichu/game/rng.hpp"
#include "tichu/play/ismcts.hpp"

namespace {

using tichu::Decision;
using tichu::RecordedHand;
using tichu_test::expect;
using tichu_test::expect_eq;

std::string where(std::uint64_t seed, int steps) {
  return "seed " + std::to_string(seed) + ", " + std::to_string(steps) + " steps";
}

}  // namespace

int main() {
  tichu_test::ActionList actions;
  tichu::SplitMix64 walk(7);
  std::array<int, tichu::kNumDecisions> seen{};
  for (std::uint64_t d = 0; d < 150; ++d) {
    const std::uint64_t seed = tichu::hand_seed(31, d);
    RecordedHand hand(tichu_test::deal_hand(seed, tichu::Rules{}));
    const int steps = static_cast<int>(walk.pick(80));
    for (int i = 0; i < steps && !hand.state().is_terminal(); ++i) {
      hand.apply_index(static_cast<long long>(walk.pick(static_cast<std::uint64_t>(actions.fill(hand.state())))));
    }
    if (hand.state().is_terminal()) continue;
    ++seen[static_cast<std::size_t>(hand.state().decision())];
    tichu::IsmctsConfig config;
    config.iterations = 200;
    config.seed = d;
    config.threads = 1 + static_cast<int>(d % 2);
    config.policy.calls = d % 3 == 0;
    const tichu::IsmctsResult r = tichu::ismcts(hand, config);
    const tichu::Action chosen = r.actions[static_cast<std::size_t>(r.best)];
    expect(hand.state().is_legal(chosen), [&] { return "an illegal choice: " + where(seed, steps); });
    long long visits = 0;
    for (const long long v : r.visits) visits += v;
    if (r.actions.size() > 1) {
      expect_eq(r.iterations, 200, [&] { return "iterations: " + where(seed, steps); });
      expect_eq(visits, 200, [&] { return "visits: " + where(seed, steps); });
    }
    const tichu::IsmctsResult again = tichu::ismcts(hand, config);
    expect(again.visits == r.visits && again.return_sums == r.return_sums && again.best == r.best,
           [&] { return "not reproducible: " + where(seed, steps); });
  }
  for (const Decision d : {Decision::GrandTichu, Decision::Tichu, Decision::Exchange, Decision::Play}) {
    expect(seen[static_cast<std::size_t>(d)] > 0,
           [&] { return std::string("no ") + tichu_test::decision_name(d) + " searched"; });
  }
  return tichu_test::report("test_ismcts");
}
