// Action ids from C++ alone (docs/rl.md): over random hands, every legal
// action's id is in range, leads back (action_from_id) to a legal action
// with the same id, and the mask is exactly the set of those ids; the
// observation tensor's history rows follow the public plays.
//
//     test_action_ids              # 300 hands, or TICHU_TEST_HANDS of them

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "check.hpp"
#include "hand_play.hpp"
#include "tichu/game/action_ids.hpp"
#include "tichu/game/history.hpp"
#include "tichu/game/observation_tensor.hpp"
#include "tichu/game/rng.hpp"

namespace {

using tichu_test::expect;

void check_state(const tichu::HandState& s, tichu_test::ActionList& actions, const std::string& where) {
  std::array<std::uint8_t, tichu::kNumActionIds> mask{};
  const int set = tichu::legal_action_mask(s, mask.data());
  std::array<std::uint8_t, tichu::kNumActionIds> seen{};
  const int n = actions.fill(s);
  for (int i = 0; i < n; ++i) {
    const int id = tichu::action_id(actions[i], s);
    if (!expect(id >= 0 && id < tichu::kNumActionIds, [&] { return "an id out of range: " + where; })) continue;
    seen[static_cast<std::size_t>(id)] = 1;
    if (s.decision() == tichu::Decision::Exchange && i % 61 != 0) continue;  // 2184 pushes: a sample
    const auto back = tichu::action_from_id(id, s);
    expect(back && s.is_legal(*back) && tichu::action_id(*back, s) == id,
           [&] { return "id " + std::to_string(id) + " does not lead back to a legal action: " + where; });
  }
  int distinct = 0;
  for (std::uint8_t bit : seen) distinct += bit;
  expect(seen == mask && set == distinct, [&] { return "the mask is not the set of legal ids: " + where; });
}

void play_hand(std::uint64_t seed, tichu::SplitMix64& policy, tichu_test::ActionList& actions) {
  tichu::RecordedHand h(tichu_test::deal_hand(seed, tichu::Rules{}));
  std::vector<float> tensor(static_cast<std::size_t>(tichu::observation_tensor_size(4)));
  int step = 0;
  while (!h.state().is_terminal()) {
    const std::string where = "deal seed " + std::to_string(seed) + ", step " + std::to_string(step);
    check_state(h.state(), actions, where);
    const int player = h.state().current_player();
    tichu::fill_observation_tensor(h, player, 4, tensor.data());
    int plays = 0;  // the history rows: one per public play, at most 4
    for (const auto& st : h.steps()) plays += tichu::is_public_play(st);
    float rows = 0;
    for (std::size_t k = tichu::kObservationTensorSize; k < tensor.size(); k += tichu::tensor::kRowSize) {
      for (int seat = 0; seat < 4; ++seat) rows += tensor[k + static_cast<std::size_t>(seat)];
    }
    expect(static_cast<int>(rows) == std::min(plays, 4), [&] { return "history rows != public plays: " + where; });
    const int n = actions.fill(h.state());
    h.apply(actions[static_cast<int>(policy.below(static_cast<std::uint64_t>(n)))]);
    ++step;
  }
  std::array<std::uint8_t, tichu::kNumActionIds> mask{};
  expect(tichu::legal_action_mask(h.state(), mask.data()) == 0, [&] { return "a finished hand has legal ids"; });
}

}  // namespace

int main() {
  const int hands = tichu_test::hands_to_play(300);
  tichu::SplitMix64 deals(2718);
  tichu::SplitMix64 policy(7);
  tichu_test::ActionList actions;
  for (int h = 0; h < hands; ++h) play_hand(deals.next(), policy, actions);
  return tichu_test::report("test_action_ids");
}
