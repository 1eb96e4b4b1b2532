// The end of a match (docs/rules.md R9.1): hands are played until, after a
// hand, a team's total has reached the target and the two totals differ; a
// tie at or above the target plays on. The target is Rules::target.
#pragma once

#include <array>
#include <cstdint>

#include "tichu/game/state.hpp"

namespace tichu {

using MatchTotals = std::array<std::int64_t, 2>;  // the teams' running totals over the finished hands

// Whether a match with these totals is over (R9.1); throws std::invalid_argument
// for rules no hand is played by (check_rules).
[[nodiscard]] bool match_over(const MatchTotals& totals, const Rules& rules);

// The team that won a finished match (the higher total), or -1 while it goes on.
[[nodiscard]] int match_winner(const MatchTotals& totals, const Rules& rules);

// The totals after a finished hand: its returns added (precondition:
// hand.is_terminal(); throws std::invalid_argument otherwise).
[[nodiscard]] MatchTotals add_hand(const MatchTotals& totals, const HandState& hand);

}  // namespace tichu
