#include "tichu/history.hpp"

#include <array>
#include <stdexcept>
#include <string>

namespace tichu {

bool is_public_play(const Step& step) {
  if (step.action.kind != ActionKind::Play) return false;
  return step.decision == Decision::Play ||
         (step.decision == Decision::Bomb && step.action.move.type != MoveType::Pass);
}

void RecordedHand::apply(const Action& a) {
  record(a);  // first: growing the history is what may fail
  try {
    state_.apply_checked(a);  // throws before the state changes
  } catch (...) {
    steps_.pop_back();
    throw;
  }
}

void RecordedHand::apply_index(long long index) {
  thread_local std::array<Action, kMaxActions> actions;
  const int n = state_.legal_actions(actions.data());
  if (index < 0 || index >= n) {
    throw std::out_of_range("action index " + std::to_string(index) + " is not 0.." + std::to_string(n - 1));
  }
  const Action& a = actions[static_cast<std::size_t>(index)];
  record(a);
  state_.apply(a);  // legal by construction, cannot throw
}

}  // namespace tichu
