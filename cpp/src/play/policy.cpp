#include "tichu/play/policy.hpp"

#include <bit>
#include <stdexcept>
#include <string>
#include <utility>

#include "tichu/play/net.hpp"

namespace tichu {
namespace {

// A uniform ordered choice of 3 distinct cards of `hand`: uniform among the
// 2184 push actions without listing them, written into `out`, a default Action.
void random_push(Mask hand, SplitMix64& rng, Action& out) {
  std::array<std::uint8_t, kMaxHandSize> cards{};
  int n = 0;
  for (Mask m = hand; m; m &= m - 1)
    cards[static_cast<std::size_t>(n++)] = static_cast<std::uint8_t>(std::countr_zero(m));
  out.kind = ActionKind::Push;
  for (std::size_t k = 0; k < 3; ++k) {  // a partial Fisher-Yates shuffle
    const auto j = k + rng.pick(static_cast<std::uint64_t>(n) - k);
    std::swap(cards[k], cards[j]);
    out.push[k] = cards[k];
  }
}

// An answer in turn to a single, drawn as from legal_moves' list (R5.2: the
// higher normal cards in card order, the Phoenix, the Dragon, then the pass;
// the Tichu call after them) without listing it. False, nothing drawn, when
// bombs or a wish (R6.3) would shape the list: then the caller lists.
// `out` is a default Action (the pass) on the way in. The
// bomb tests only where the state says the hand may hold one (most do not).
bool answer_single(Mask hand, bool may_bomb, const Move& table, int wish, bool tichu, SplitMix64& rng, Action& out) {
  const Mask n = hand & kNormals;
  if (may_bomb && holds_bomb(hand)) return false;
  if (wish != 0 && (n & rank_cards(wish))) return false;
  const Mask above = n & (~Mask{0} << (4 * (table.rank2 / 2)));
  const int higher = count(above);
  const bool phoenix = (hand & kPhoenix) && table.rank2 != kDragonRank2, dragon = (hand & kDragon) != 0;
  const int moves = higher + int{phoenix} + int{dragon} + 1;  // the pass last
  auto k = static_cast<int>(rng.pick(static_cast<std::uint64_t>(moves) + (tichu ? 1 : 0)));
  if (k == moves) {
    out = value_action(ActionKind::Tichu, 1);
  } else if (k < higher) {
    const Mask card = nth_card(above, k);
    out.move = make_move(card, MoveType::Single, 2 * rank_of_index(std::countr_zero(card)));
  } else if (phoenix && k == higher) {
    out.move = make_move(kPhoenix, MoveType::Single, table.rank2 + 1);  // R3.2: half a rank above
  } else if (dragon && k == higher + int{phoenix}) {
    out.move = make_move(kDragon, MoveType::Single, kDragonRank2);
  }  // else the pass, which `out` already is
  return true;
}

// The decisions around the play (the calls, the exchange, the wish, the
// Dragon's gift), written into `out`, a default Action.
void choose_outside_play(const HandState& s, bool calls, SplitMix64& rng, Action& out) {
  const int seat = s.current_player();
  switch (s.decision()) {
    case Decision::GrandTichu:
    case Decision::Tichu: {
      const auto kind = s.decision() == Decision::GrandTichu ? ActionKind::GrandTichu : ActionKind::Tichu;
      out = value_action(kind, calls ? static_cast<int>(rng.pick(2)) : 0);
      return;
    }
    case Decision::Exchange: random_push(s.hand(seat), rng, out); return;
    case Decision::Wish: {  // "no wish", then ranks 2..14
      const auto pick = static_cast<int>(rng.pick(14));
      out = value_action(ActionKind::Wish, pick == 0 ? 0 : pick + 1);
      return;
    }
    case Decision::DragonGift:
      out = value_action(ActionKind::Gift, rng.pick(2) == 0 ? (seat + 1) % 4 : (seat + 3) % 4);
      return;
    case Decision::Play:  // choose_random's own
    case Decision::Bomb:
    case Decision::Over: break;
  }
  throw std::logic_error("a policy was asked to act in a finished hand");
}

}  // namespace

// Uniform among the legal actions, each decision drawing from `rng` as
// tichu::simulate_hands always has (so a seed keeps its hands): one pick per
// decision, three for a push. The small decisions are answered without
// listing, in HandState::legal_actions order.
Action choose_random(const HandState& s, bool calls, SplitMix64& rng, PolicyScratch& scratch) {
  // Every path fills this one object and returns it, so that it is built in
  // the caller's return slot (NRVO) instead of copied there from another.
  Action out;
  // A play or an out-of-turn bomb offer, nine decisions in ten, by a branch
  // nearly always taken rather than a switch's jump through a table.
  const bool in_turn = s.decision() == Decision::Play;
  if (!in_turn && s.decision() != Decision::Bomb) {
    choose_outside_play(s, calls, rng, out);
    return out;
  }
  const int seat = s.current_player();
  const Move* table = s.table();
  // The commonest answer, drawn before cannot_beat: answer_single draws
  // as the pass-only branch below does when nothing beats the single
  // (one pick among the pass and the call), so a seed keeps its hands.
  if (in_turn && table != nullptr && table->type == MoveType::Single &&
      answer_single(s.hand(seat), s.seat_may_hold_bomb(seat), *table, s.wish(), calls && s.may_call_tichu(seat), rng,
                    out)) {
    return out;
  }
  if (in_turn && table != nullptr &&
      cannot_beat(s.hand(seat), *table, s.seat_may_hold_bomb(seat))) {  // most answers: the pass alone
    const bool tichu = calls && s.may_call_tichu(seat);
    if (rng.pick(tichu ? 2 : 1) == 1) out = value_action(ActionKind::Tichu, 1);
    return out;  // else the pass, which `out` is
  }
  // The call is one more choice: offers_tichu_call, written out as the decision is known here.
  const bool tichu = calls && in_turn && s.may_call_tichu(seat);
  const Mask hand = s.hand(seat);
  const int wish = in_turn ? s.wish() : 0;
  if (in_turn && table == nullptr && (wish == 0 || (hand & kNormals & rank_cards(wish)) == 0)) {
    // A lead that no wish filters: count, draw, and build the chosen move alone.
    const LeadCount leads(hand);
    if (leads.counted()) {
      const auto pick = static_cast<int>(rng.pick(static_cast<std::uint64_t>(leads.total()) + (tichu ? 1 : 0)));
      if (pick == leads.total()) {
        out = value_action(ActionKind::Tichu, 1);
      } else {
        out.move = leads.nth(pick, scratch.moves.data());
      }
      return out;
    }
  }
  const int n =
      legal_moves(Situation{.hand = hand, .table = table, .wish = wish, .out_of_turn = !in_turn}, scratch.moves.data());
  const auto choices = static_cast<std::uint64_t>(n) + (tichu ? 1 : 0);
  const auto pick = static_cast<std::size_t>(rng.pick(choices));
  if (std::cmp_equal(pick, n)) {
    out = value_action(ActionKind::Tichu, 1);
  } else {
    out.move = scratch.moves[pick];
  }
  return out;
}

PolicyKind policy_kind(std::string_view name) {
  std::string valid;
  for (const PolicyName& each : kPolicyNames) {
    if (name == each.name) return each.kind;
    if (!valid.empty()) valid += ", ";
    valid += quoted(each.name);
  }
  throw std::invalid_argument("unknown policy " + quoted(name) + ": expected one of " + valid);
}

Policy policy_from_text(std::string_view text, bool calls) {
  const std::size_t colon = text.find(':');
  if (text.substr(0, colon) == "net") {
    const std::string_view name = colon == std::string_view::npos ? text : text.substr(colon + 1);
    return Policy{.kind = PolicyKind::Net, .calls = calls, .net = registered_net(name)};
  }
  Policy policy{.kind = policy_kind(text.substr(0, colon)), .calls = calls};
  if (colon == std::string_view::npos) return policy;
  if (policy.kind != PolicyKind::Heuristic) {
    throw std::invalid_argument("only the heuristic takes options, not " + quoted(text.substr(0, colon)));
  }
  policy.heuristic = std::make_shared<const HeuristicParams>(HeuristicParams::parse(text.substr(colon + 1)));
  return policy;
}

}  // namespace tichu
