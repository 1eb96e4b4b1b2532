// The legal actions of a state counted, and one of them built, without
// listing them all where their order has a closed form (a loop driven from
// Python counts the actions, then applies one by index).
#pragma once

#include <optional>

#include "tichu/game/action.hpp"
#include "tichu/game/state.hpp"

namespace tichu {

// len(HandState::legal_actions): the exchange's ordered triples and a lead
// that no wish filters (movegen's LeadCount) are counted; otherwise listed
// (history.hpp's legal_actions_of, kept for the next call).
int action_count(const HandState& s);

// HandState::legal_actions()[index], the same way, or nothing when index is
// outside 0..total-1; `total` is set to action_count(s) either way, so that
// apply_index counts once (a lead's LeadCount is built once, not twice).
std::optional<Action> action_at(const HandState& s, long long index, int& total);

}  // namespace tichu
