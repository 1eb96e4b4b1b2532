#include "tichu/history.hpp"

#include <array>
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

PublicRecord public_record(const RecordedHand& hand) {
  const HandState& s = hand.state();
  PublicRecord r;
  if (s.start_table_player() >= 0) {  // a position within a trick: its passes came first, in turn order
    r.trick_starts.push_back(0);
    for (int k = 1; k < 4; ++k) {
      const int seat = (s.start_table_player() + k) % 4;
      if (s.start_passed() >> seat & 1) r.passed.push_back(seat);
    }
  }
  int wish = s.start_wish();  // the wish in force, until a normal card of its rank is played (R6.2)
  int index = -1;
  for (const Step& step : hand.steps()) {
    if (step.action.kind == ActionKind::Wish) {
      r.wish_play = index;  // the Mah Jong play just before
      r.wish_rank = wish = step.action.value;
      continue;
    }
    if (step.action.kind == ActionKind::Gift) {
      r.dragon_gifts.push_back({step.player, step.action.value});
      continue;
    }
    if (!is_public_play(step)) continue;
    ++index;
    const Move& move = step.action.move;
    if (move.type == MoveType::Pass) {
      r.passed.push_back(step.player);
      continue;
    }
    if (step.lead) r.trick_starts.push_back(index);
    r.passed.clear();
    const Mask wished = wish ? Mask{0xF} << rank_shift(wish) : 0;
    if (move.cards & kNormals & wished) {
      r.wish_fulfilled = index;
      wish = 0;
    }
  }
  if (!s.table()) r.passed.clear();  // leading, or the hand is over
  for (int q = 0; q < 4; ++q) r.points[static_cast<std::size_t>(q)] = card_points(s.pile(q));
  return r;
}

}  // namespace tichu
