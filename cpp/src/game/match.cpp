#include "tichu/game/match.hpp"

#include <stdexcept>

namespace tichu {

bool match_over(const MatchTotals& totals, const Rules& rules) {
  check_rules(rules);
  const std::int64_t highest = totals[0] > totals[1] ? totals[0] : totals[1];
  return highest >= rules.target && totals[0] != totals[1];  // R9.1: a tie plays on
}

int match_winner(const MatchTotals& totals, const Rules& rules) {
  if (!match_over(totals, rules)) return -1;
  return totals[0] > totals[1] ? 0 : 1;
}

MatchTotals add_hand(const MatchTotals& totals, const HandState& hand) {
  if (!hand.is_terminal()) throw std::invalid_argument("the hand is not over: it has no score yet");
  constexpr std::int64_t kMaxTotal = std::int64_t{1} << 62;  // far beyond any match, and no overflow below it
  for (const std::int64_t total : totals) {
    if (total > kMaxTotal || total < -kMaxTotal) throw std::invalid_argument("a match total is at most 2**62 in size");
  }
  const std::array<int, 2> score = hand.returns();
  return {totals[0] + score[0], totals[1] + score[1]};
}

}  // namespace tichu
