#include "tichu/history.hpp"

#include <array>
#include <optional>
#include <stdexcept>
#include <string>

#include "tichu/combo.hpp"
#include "tichu/score.hpp"

namespace tichu {

bool legal_now(const HandState& s, const Action& a) {
  const Decision d = s.decision();
  if ((d != Decision::Play && d != Decision::Bomb) || a.kind != ActionKind::Play) return s.is_legal(a);
  if (a.value != 0 || a.push != std::array<std::uint8_t, 3>{} || a.pad != std::array<std::uint8_t, 3>{}) return false;
  const bool in_turn = d == Decision::Play;
  const Mask hand = s.hand(s.current_player());
  const Move* table = s.table();
  const Mask wished = in_turn && s.wish() ? hand & kNormals & (Mask{0xF} << rank_shift(s.wish())) : 0;
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

void RecordedHand::apply_index(long long index) {
  const auto actions = legal_actions_of(state_);
  const auto n = static_cast<long long>(actions.size());
  if (index < 0 || index >= n) {
    throw std::out_of_range("action index " + std::to_string(index) + " is not 0.." + std::to_string(n - 1));
  }
  const Action a = actions[static_cast<std::size_t>(index)];
  record(a);
  state_.apply(a);  // legal by construction, cannot throw
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
  const Mask wished = wish_ ? Mask{0xF} << rank_shift(wish_) : 0;  // the wish in force, until fulfilled (R6.2)
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
