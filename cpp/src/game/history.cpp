#include "tichu/game/history.hpp"

#include <array>
#include <bit>
#include <optional>
#include <stdexcept>
#include <string>

#include "tichu/game/action_count.hpp"
#include "tichu/game/combo.hpp"
#include "tichu/game/movegen.hpp"
#include "tichu/game/score.hpp"

namespace tichu {

bool legal_now(const HandState& s, const Action& a) {
  const Decision d = s.decision();
  if ((d != Decision::Play && d != Decision::Bomb) || a.kind != ActionKind::Play) return s.is_legal(a);
  if (a.value != 0 || a.push != std::array<std::uint8_t, 3>{} || a.pad != std::array<std::uint8_t, 3>{}) return false;
  const bool in_turn = d == Decision::Play;
  const Mask hand = s.hand(s.current_player());
  const Move* table = s.table();
  const Mask wished = in_turn && s.wish() ? hand & kNormals & rank_cards(s.wish()) : 0;
  if (wished && !(a.move.cards & wished)) return s.is_legal(a);  // does the wish bind him? the generator knows
  if (a.move.type == MoveType::Pass) return a.move == kPass && (!in_turn || table != nullptr);  // R5.1
  if (a.move.cards == 0 || (a.move.cards & ~hand) != 0) return false;
  if (!in_turn && !is_bomb(a.move.type)) return false;  // R4.4
  if (!beats(a.move, table)) return false;
  std::array<Move, kMaxReadings> readings{};
  const int n = classify(a.move.cards, readings.data());
  for (int i = 0; i < n; ++i) {
    Move reading = readings[static_cast<std::size_t>(i)];
    if (reading.cards == kPhoenix && table) reading.rank2 = static_cast<std::uint8_t>(table->rank2 + 1);  // R3.2
    if (reading == a.move) return true;
  }
  return false;
}

bool is_public_play(const Step& step) {
  if (step.action.kind != ActionKind::Play) return false;
  return step.decision == Decision::Play ||
         (step.decision == Decision::Bomb && step.action.move.type != MoveType::Pass);
}

void RecordedHand::apply(const Action& a) {
  if (!legal_now(state_, a)) {
    HandState copy = state_;
    copy.apply_checked(a);  // throws the core's message for this action
    throw std::logic_error("legal_now and HandState::is_legal disagree on '" + format_action(a) + "'");
  }
  record(a);     // first: growing the history is what may fail
  state_.apply(a);  // legal, so it cannot throw
}

std::span<const Action> legal_actions_of(const HandState& s) {
  thread_local std::array<Action, kMaxActions> actions;
  thread_local std::optional<HandState> listed;  // the state they are the actions of
  thread_local int n = 0;
  if (!listed || !(*listed == s)) {
    listed.reset();  // nothing stale if listing throws
    n = s.legal_actions(actions.data());
    listed.emplace(s);
  }
  return {actions.data(), static_cast<std::size_t>(n)};
}

namespace {

// The index of the k-th lowest card of `m` (k < count(m)).
int nth_index(Mask m, int k) { return std::countr_zero(nth_card(m, k)); }

// A lead that no wish filters (R6.3), as the random policy counts it.
bool counted_lead(const HandState& s) {
  if (s.decision() != Decision::Play || s.table() != nullptr) return false;
  const int wish = s.wish();
  return wish == 0 || (s.hand(s.current_player()) & kNormals & rank_cards(wish)) == 0;
}

}  // namespace

int action_count(const HandState& s) {
  if (s.decision() == Decision::Exchange) {  // R2.2: ordered triples of distinct cards
    const int n = count(s.hand(s.current_player()));
    return n * (n - 1) * (n - 2);
  }
  if (counted_lead(s)) {
    const LeadCount leads(s.hand(s.current_player()));
    if (leads.counted()) return leads.total() + (s.offers_tichu_call() ? 1 : 0);  // R7.2
  }
  return static_cast<int>(legal_actions_of(s).size());
}

std::optional<Action> action_at(const HandState& s, long long index, int& total) {
  const auto outside = [&] { return index < 0 || index >= total; };
  const Mask hand = s.decision() == Decision::Over ? 0 : s.hand(s.current_player());
  if (s.decision() == Decision::Exchange) {  // legal_actions' order: the first card, then the second, the third
    const int n = count(hand);
    total = n * (n - 1) * (n - 2);
    if (outside()) return std::nullopt;
    const int per_first = (n - 1) * (n - 2);
    const int a = nth_index(hand, static_cast<int>(index) / per_first);
    const Mask rest = hand & ~(Mask{1} << a);
    const int b = nth_index(rest, static_cast<int>(index) % per_first / (n - 2));
    const int c = nth_index(rest & ~(Mask{1} << b), static_cast<int>(index) % (n - 2));
    return push_action(a, b, c);
  }
  if (counted_lead(s)) {
    const LeadCount leads(hand);
    if (leads.counted()) {
      total = leads.total() + (s.offers_tichu_call() ? 1 : 0);  // R7.2
      if (outside()) return std::nullopt;
      if (index == leads.total()) return value_action(ActionKind::Tichu, 1);  // the call comes after the moves
      thread_local std::array<Move, kMaxLegalMoves> scratch;
      return play_action(leads.nth(static_cast<int>(index), scratch.data()));
    }
  }
  const auto actions = legal_actions_of(s);
  total = static_cast<int>(actions.size());
  if (outside()) return std::nullopt;
  return actions[static_cast<std::size_t>(index)];
}

void RecordedHand::apply_index(long long index) {
  int n = 0;
  const std::optional<Action> a = action_at(state_, index, n);
  if (!a) throw std::out_of_range("action index " + std::to_string(index) + " is not 0.." + std::to_string(n - 1));
  record(*a);
  state_.apply(*a);  // legal by construction, cannot throw
}

PublicRecord public_record(const RecordedHand& hand) { return public_record(hand.state(), hand.steps()); }

PublicRecord public_record(const HandState& s, const std::vector<Step>& steps) {
  PublicRecordFold fold(s);
  for (const Step& step : steps) fold.add(step);
  return fold.finish(s);
}

PublicRecordFold::PublicRecordFold(const HandState& s) : wish_(s.start_wish()) {
  if (s.start_table_player() >= 0) {  // a position within a trick: its passes came first, in turn order
    r_.trick_starts.push_back(0);
    for (int k = 1; k < 4; ++k) {
      const int seat = (s.start_table_player() + k) % 4;
      if (s.start_passed() >> seat & 1) r_.passed.push_back(seat);
    }
  }
}

void PublicRecordFold::add(const Step& step) {
  PublicRecord& r = r_;
  if (step.action.kind == ActionKind::Wish) {
    r.wish_play = index_;  // the Mah Jong play just before
    r.wish_rank = wish_ = step.action.value;
    return;
  }
  if (step.action.kind == ActionKind::Gift) {
    r.dragon_gifts.push_back({step.player, step.action.value});
    return;
  }
  if (!is_public_play(step)) return;
  ++index_;
  const Move& move = step.action.move;
  if (move.type == MoveType::Pass) {
    r.passed.push_back(step.player);
    return;
  }
  if (step.lead) r.trick_starts.push_back(index_);
  r.passed.clear();
  const Mask wished = wish_ ? rank_cards(wish_) : 0;  // the wish in force, until fulfilled (R6.2)
  if (move.cards & kNormals & wished) {
    r.wish_fulfilled = index_;
    wish_ = 0;
  }
}

PublicRecord PublicRecordFold::finish(const HandState& s) const {
  PublicRecord r = r_;
  if (!s.table()) r.passed.clear();  // leading, or the hand is over
  for (int q = 0; q < 4; ++q) r.points[static_cast<std::size_t>(q)] = card_points(s.pile(q));
  return r;
}

}  // namespace tichu
