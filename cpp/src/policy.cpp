#include "tichu/policy.hpp"

#include <bit>
#include <stdexcept>
#include <string>
#include <utility>

namespace tichu {
namespace {

Action value_action(ActionKind kind, int value) {
  Action a;
  a.kind = kind;
  a.value = static_cast<std::uint8_t>(value);
  return a;
}

// A uniform ordered choice of 3 distinct cards of `hand`: uniform among the
// 2184 push actions without listing them.
Action random_push(Mask hand, SplitMix64& rng) {
  std::array<std::uint8_t, kMaxHandSize> cards{};
  int n = 0;
  for (Mask m = hand; m; m &= m - 1)
    cards[static_cast<std::size_t>(n++)] = static_cast<std::uint8_t>(std::countr_zero(m));
  Action a;
  a.kind = ActionKind::Push;
  for (std::size_t k = 0; k < 3; ++k) {  // a partial Fisher-Yates shuffle
    const auto j = k + rng.pick(static_cast<std::uint64_t>(n) - k);
    std::swap(cards[k], cards[j]);
    a.push[k] = cards[k];
  }
  return a;
}

// Uniform among the legal actions, each decision drawing from `rng` as
// tichu::simulate_hands always has (so a seed keeps its hands): one pick per
// decision, three for a push. The small decisions are answered without
// listing, in HandState::legal_actions order.
Action choose_random(const HandState& s, bool calls, SplitMix64& rng, PolicyScratch& scratch) {
  const int seat = s.current_player();
  switch (s.decision()) {
    case Decision::GrandTichu:
    case Decision::Tichu: {
      const auto kind = s.decision() == Decision::GrandTichu ? ActionKind::GrandTichu : ActionKind::Tichu;
      return value_action(kind, calls ? static_cast<int>(rng.pick(2)) : 0);
    }
    case Decision::Exchange: return random_push(s.hand(seat), rng);
    case Decision::Play:
    case Decision::Bomb: {
      const bool in_turn = s.decision() == Decision::Play;
      const int n = legal_moves(Situation{.hand = s.hand(seat),
                                          .table = s.table(),
                                          .wish = in_turn ? s.wish() : 0,
                                          .out_of_turn = !in_turn},
                                scratch.moves.data());
      const bool tichu = calls && in_turn && s.may_call_tichu(seat);  // the call is one more choice
      const auto choices = static_cast<std::uint64_t>(n) + (tichu ? 1 : 0);
      const auto pick = static_cast<std::size_t>(rng.pick(choices));
      if (std::cmp_equal(pick, n)) return value_action(ActionKind::Tichu, 1);
      Action a;
      a.move = scratch.moves[pick];
      return a;
    }
    case Decision::Wish: {  // "no wish", then ranks 2..14
      const auto pick = static_cast<int>(rng.pick(14));
      return value_action(ActionKind::Wish, pick == 0 ? 0 : pick + 1);
    }
    case Decision::DragonGift:
      return value_action(ActionKind::Gift, rng.pick(2) == 0 ? (seat + 1) % 4 : (seat + 3) % 4);
    case Decision::Over: break;
  }
  throw std::logic_error("a policy was asked to act in a finished hand");
}

}  // namespace

PolicyKind policy_kind(std::string_view name) {
  if (name == "random") return PolicyKind::Random;
  if (name == "heuristic") return PolicyKind::Heuristic;
  throw std::invalid_argument("unknown policy " + quoted(name) + ": expected 'random' or 'heuristic'");
}

Action choose(const HandState& s, const Policy& policy, SplitMix64& rng, PolicyScratch& scratch) {
  if (policy.kind == PolicyKind::Heuristic) return choose_heuristic(s, policy.calls, rng, scratch);
  return choose_random(s, policy.calls, rng, scratch);
}

}  // namespace tichu
