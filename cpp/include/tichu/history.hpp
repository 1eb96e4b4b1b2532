// A hand with its history: the state plus every action applied to it, so
// that applying and recording are one step (tichu_fast.HandState's core).
#pragma once

#include <cstdint>
#include <vector>

#include "tichu/state.hpp"

namespace tichu {

// One applied action, with the decision and the seat it answered.
struct Step {
  Action action;
  Decision decision = Decision::Over;
  std::int8_t player = -1;

  friend bool operator==(const Step&, const Step&) = default;
};

// Whether every seat sees `step` as a play (R10.3): a move or pass in turn,
// or a bomb out of turn. A declined bomb offer is no play: it would show
// who holds a bomb.
bool is_public_play(const Step& step);

class RecordedHand {
 public:
  explicit RecordedHand(const HandState& start) : state_(start) { steps_.reserve(kTypicalSteps); }

  [[nodiscard]] const HandState& state() const { return state_; }
  [[nodiscard]] const std::vector<Step>& steps() const { return steps_; }

  // Applies a legal action and records it; IllegalActionError (nothing
  // changed) for an illegal one.
  void apply(const Action& a);

  // Applies the `index`-th legal action (HandState::legal_actions order)
  // and records it; std::out_of_range (nothing changed) for a bad index.
  void apply_index(long long index);

  friend bool operator==(const RecordedHand&, const RecordedHand&) = default;

 private:
  // Enough for most hands (random play takes about 70 steps), so a clone
  // allocates once; longer hands grow the vector.
  static constexpr std::size_t kTypicalSteps = 96;

  void record(const Action& a) {
    steps_.push_back(
        Step{.action = a, .decision = state_.decision(), .player = static_cast<std::int8_t>(state_.current_player())});
  }

  HandState state_;
  std::vector<Step> steps_;
};

}  // namespace tichu
