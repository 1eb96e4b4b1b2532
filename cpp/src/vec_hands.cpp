#include "tichu/vec_hands.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "tichu/action_ids.hpp"
#include "tichu/observation_tensor.hpp"
#include "tichu/simulate.hpp"

namespace tichu {

VecHands::VecHands(int n, std::uint64_t seed, Rules rules, std::array<Seat, 4> seats)
    : seed_(seed), rules_(rules), seats_(seats) {
  if (n < 1) throw std::invalid_argument("VecHands needs at least one hand, not " + std::to_string(n));
  check_rules(rules);
  bool learner = false;
  for (Seat s : seats) learner = learner || s == Seat::Learner;
  if (!learner) throw std::invalid_argument("at least one seat must be the learner's");
  const auto count = static_cast<std::size_t>(n);
  hands_.reserve(count);
  for (std::size_t i = 0; i < count; ++i) hands_.emplace_back(HandState::from_deck(shuffled_deck(0), rules));
  episodes_.assign(count, 0);
  rngs_.assign(count, SplitMix64(0));
  reset();
}

void VecHands::deal(std::size_t i) {
  const std::uint64_t dealt = hand_seed(hand_seed(seed_, i), episodes_[i]);
  hands_[i] = RecordedHand(HandState::from_deck(shuffled_deck(dealt), rules_));
  rngs_[i] = SplitMix64(hand_seed(dealt, 1));  // the opponents' own stream, apart from the deal's
}

void VecHands::reset() {
  for (std::size_t i = 0; i < hands_.size(); ++i) {
    deal(i);
    let_opponents_act(i, nullptr, nullptr);
  }
}

void VecHands::let_opponents_act(std::size_t i, float* rewards, std::uint8_t* terminated) {
  for (;;) {
    RecordedHand& h = hands_[i];
    const HandState& s = h.state();
    if (s.is_terminal()) {
      if (rewards) {
        const auto r = s.returns();
        for (std::size_t seat = 0; seat < 4; ++seat) rewards[4 * i + seat] = static_cast<float>(r[seat % 2]);
      }
      if (terminated) terminated[i] = 1;
      ++episodes_[i];
      deal(i);
      continue;
    }
    const Seat seat = seats_[static_cast<std::size_t>(s.current_player())];
    if (seat == Seat::Learner) return;
    const Policy policy{.kind = seat == Seat::Heuristic ? PolicyKind::Heuristic : PolicyKind::Random, .calls = true};
    h.apply(choose(s, policy, rngs_[i], scratch_));
  }
}

void VecHands::step(const std::int64_t* ids, float* rewards, std::uint8_t* terminated) {
  std::vector<Action> actions(hands_.size());
  for (std::size_t i = 0; i < hands_.size(); ++i) {
    if (ids[i] < 0 || ids[i] >= kNumActionIds) {
      throw std::out_of_range("hand " + std::to_string(i) + ": action id " + std::to_string(ids[i]) + " is not 0.." +
                              std::to_string(kNumActionIds - 1));
    }
    const auto a = action_from_id(static_cast<int>(ids[i]), hands_[i].state());
    if (!a) {
      throw IllegalActionError("hand " + std::to_string(i) + ": action id " + std::to_string(ids[i]) +
                               " is not legal now");
    }
    actions[i] = *a;
  }
  std::fill(rewards, rewards + 4 * hands_.size(), 0.0f);
  std::fill(terminated, terminated + hands_.size(), std::uint8_t{0});
  for (std::size_t i = 0; i < hands_.size(); ++i) {
    hands_[i].apply(actions[i]);
    let_opponents_act(i, rewards, terminated);
  }
}

void VecHands::observe(float* obs, std::uint8_t* mask, std::int32_t* current_player) const {
  for (std::size_t i = 0; i < hands_.size(); ++i) {
    const RecordedHand& h = hands_[i];
    const int player = h.state().current_player();  // never -1: a finished hand is dealt anew at once
    fill_observation_tensor(h, player, 0, obs + i * kObservationTensorSize);
    legal_action_mask(h.state(), mask + i * kNumActionIds);
    current_player[i] = player;
  }
}

}  // namespace tichu
