// The legal actions of a state counted, and one of them built, without
// listing them all where their order has a closed form (a loop driven from
// Python counts the actions, then applies one by index).
#pragma once

#include "tichu/action.hpp"
#include "tichu/state.hpp"

namespace tichu {

// len(HandState::legal_actions): the exchange's ordered triples and a lead
// that no wish filters (movegen's LeadCount) are counted; otherwise listed
// (history.hpp's legal_actions_of, kept for the next call).
int action_count(const HandState& s);

// HandState::legal_actions()[index], the same way; precondition
// 0 <= index < action_count(s).
Action action_at(const HandState& s, int index);

}  // namespace tichu
