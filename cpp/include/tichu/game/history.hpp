// A hand with its history: the state plus every action applied to it, so
// that applying and recording are one step (tichu_fast.HandState's core).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "tichu/game/state.hpp"

namespace tichu {

// One applied action, with the decision and the seat it answered.
struct Step {
  Action action;
  Decision decision = Decision::Over;
  std::int8_t player = -1;
  bool lead = false;  // a play in turn with no table: the first play of a trick

  friend bool operator==(const Step&, const Step&) = default;
};

// Whether every seat sees `step` as a play (R10.3): a move or pass in turn,
// or a bomb out of turn. A declined bomb offer is no play: it would show
// who holds a bomb.
bool is_public_play(const Step& step);

// Whether `a` is legal in `s`, exactly as HandState::is_legal says, without
// generating every legal move: a play is legal when its cards are in the
// hand, it is a reading of them (the Phoenix single at its rank on this
// table) and it beats the table (out of turn: a bomb, or the pass). Only a
// wish the hand could fulfil needs the whole list (R6.3), and other
// decisions have no list to build: is_legal decides those.
bool legal_now(const HandState& s, const Action& a);

// The legal actions of `s` (HandState::legal_actions, its order), listed
// once per thread for the last state asked: a Python loop that counts the
// actions, then applies one by index, lists them once. Valid until this
// thread's next call.
std::span<const Action> legal_actions_of(const HandState& s);

class RecordedHand {
 public:
  explicit RecordedHand(const HandState& start) : state_(start) { steps_.reserve(kTypicalSteps); }
  // A state with a given history: a world of resample.hpp, whose steps are
  // what one seat saw rather than a path from a deal.
  RecordedHand(const HandState& state, std::vector<Step> steps) : state_(state), steps_(std::move(steps)) {}

  [[nodiscard]] const HandState& state() const { return state_; }
  [[nodiscard]] const std::vector<Step>& steps() const { return steps_; }

  // Applies a legal action and records it; IllegalActionError (nothing
  // changed) for an illegal one.
  void apply(const Action& a);

  // Applies and records an action known to be legal (one of
  // state().legal_actions(), as VecHands resolves them): no legality check.
  void apply_legal(const Action& a) {
    record(a);
    state_.apply(a);
  }

  // Applies the `index`-th legal action (HandState::legal_actions order)
  // and records it; std::out_of_range (nothing changed) for a bad index.
  void apply_index(long long index);

  friend bool operator==(const RecordedHand&, const RecordedHand&) = default;

 private:
  // Enough for most hands (random play takes about 70 steps), so a clone
  // allocates once; longer hands grow the vector.
  static constexpr std::size_t kTypicalSteps = 96;

  void record(const Action& a) {
    steps_.push_back(Step{.action = a,
                          .decision = state_.decision(),
                          .player = static_cast<std::int8_t>(state_.current_player()),
                          .lead = state_.decision() == Decision::Play && state_.table() == nullptr});
  }

  HandState state_;
  std::vector<Step> steps_;
};

// What every seat knows of a hand's course (R10.3), read from its record;
// "plays" are the public plays of is_public_play, indexed from 0 in order
// (tichu_fast.Observation documents each field).
struct PublicRecord {
  // The index of each trick's first play; a position begun within a trick
  // counts that trick as starting at 0.
  std::vector<int> trick_starts;
  // Seats that passed since the table's last play, in order (none when leading).
  std::vector<int> passed;
  int wish_play = -1;       // the Mah Jong play whose wish was named, -1 before
  int wish_rank = 0;        // the rank named, 0 for no wish
  int wish_fulfilled = -1;  // the play that fulfilled the wish named (or a position's wish), -1 if none
  std::vector<std::array<int, 2>> dragon_gifts;  // (giver, receiver) per Dragon trick given
  std::array<int, 4> points{};                   // card points in each pile now (R8.5)
};
PublicRecord public_record(const RecordedHand& hand);
// The same for a state seen with these steps (observation.hpp's public_view of the hand's state).
PublicRecord public_record(const HandState& s, const std::vector<Step>& steps);

// public_record as a fold over the steps, so that a caller that keeps it
// extends it by the steps recorded since (tichu_fast.HandState's
// observations): add each step in order, then finish with the state now.
class PublicRecordFold {
 public:
  // Begun with the hand's start (a position within a trick: its passes first).
  explicit PublicRecordFold(const HandState& s);
  void add(const Step& step);
  // The record with `s`, the state the steps led to (or its public_view):
  // no passes when leading, the pile points now.
  [[nodiscard]] PublicRecord finish(const HandState& s) const;

 private:
  PublicRecord r_;
  int wish_ = 0;     // in force, until a normal card of its rank is played (R6.2)
  int index_ = -1;   // of the last public play
};

}  // namespace tichu
