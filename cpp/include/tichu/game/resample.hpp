// Worlds consistent with what one seat knows (R10.3): full states that agree
// with his observation and with every constraint the public record proves,
// drawn uniformly over the consistent deals of the cards he cannot see
// (docs/positions.md "Worlds"). For determinized search (ISMCTS, PIMC).
#pragma once

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "tichu/game/history.hpp"
#include "tichu/game/rng.hpp"
#include "tichu/game/state.hpp"

namespace tichu {

// Raised when no consistent world turned up within kMaxResampleAttempts
// deals; the bindings turn it into tichu_fast.errors.TichuError.
struct ResampleError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Rejection sampling gives up after this many deals for one world.
inline constexpr long kMaxResampleAttempts = 1'000'000;

// A wish-pass constraint (R6.3): `seat` acted in turn on `table` (nullptr:
// he led) while `wish` was in force, with neither a pass nor a play
// holding a real card of that rank forced on him, so his hand then (his
// hand now plus `played_since`) had no legal move with such a card.
struct WishConstraint {
  Move table{};
  bool led = false;
  std::int8_t seat = -1;
  std::uint8_t wish = 0;
  Mask played_since = 0;
};

// Whether `hand_then` satisfies `c`: no legal move of it, on c's table
// under c's wish, holds a normal card of the wished rank.
bool satisfies(const WishConstraint& c, Mask hand_then);

// Every wish constraint the record of `hand` proves, for all seats (its
// steps replayed once from start_of).
std::vector<WishConstraint> wish_constraints(const RecordedHand& hand);

// What one seat knows of a hand, computed once from the recorded hand (its
// steps replayed once), then used to draw any number of worlds.
class Knowledge {
 public:
  // `player` is 0..3 (std::out_of_range otherwise).
  Knowledge(const RecordedHand& hand, int player);

  // One world: the true state with every hidden part drawn anew.
  // ResampleError after kMaxResampleAttempts rejected deals.
  [[nodiscard]] HandState sample(SplitMix64& rng) const;

  // The world's history: the steps `player` saw, with the hidden seats'
  // pushes replaced by the world's (declined bomb offers of other seats
  // are left out: they would show who holds a bomb).
  [[nodiscard]] std::vector<Step> world_steps(const HandState& world) const;

  // One world with its history: sample, then world_steps.
  [[nodiscard]] RecordedHand world(SplitMix64& rng) const;

  // Whether this is the knowledge of `player` for exactly `hand` (its state and every step).
  [[nodiscard]] bool matches(const RecordedHand& hand, int player) const;

  // Whether a draw may be rejected (wish constraints): then its time is not bounded by a few microseconds.
  [[nodiscard]] bool may_reject() const { return !constraints_.empty(); }

  [[nodiscard]] const std::vector<WishConstraint>& constraints() const { return constraints_; }  // of the other seats
  [[nodiscard]] int player() const { return player_; }

 private:
  [[nodiscard]] bool accepts(const std::array<Mask, 4>& hands) const;
  [[nodiscard]] HandState build(const std::array<Mask, 4>& hands, const std::array<Mask, 8>& dealt,
                                SplitMix64& rng) const;

  HandState source_;  // the hand's state, as it was given (matches)
  HandState truth_;  // the state he sees: source_, or its public_view during another seat's offer
  std::vector<Step> steps_;
  std::vector<Step> seen_;  // the steps he saw (world_steps before the pushes are drawn)
  std::vector<std::size_t> hidden_pushes_;  // the indices in seen_ of other seats' pushes
  int player_;
  // Unseen cards to deal to each seat's hand (group s) and, during
  // GRAND_TICHU, to each other seat's first 8 (group 4 + s).
  std::array<int, 8> slots_{};
  std::array<Mask, 4> fixed_{};  // cards of each hand he can place: his own, his pushes, the Mah Jong
  std::array<std::uint8_t, kNumCards> pool_{};  // the unseen cards
  int pool_size_ = 0;
  bool dealt_ = false;  // a dealt hand (not begun from a position): it has pushes and first eights
  bool grand_ = false;  // GRAND_TICHU now
  bool exchange_ = false;  // EXCHANGE now: pushes chosen by other seats are hidden
  std::vector<WishConstraint> constraints_;  // of the other seats
};

// The Knowledge of `player` for `hand`, built once and kept per thread for
// the last few (hand, player) pairs asked (compared by content: the state
// and every step), so that drawing one world per call costs no replay.
// The reference is valid until this thread's next call.
const Knowledge& knowledge_of(const RecordedHand& hand, int player);

// Draws `n` worlds for `player` from one seeded stream (world i of
// resample_many(seed) is world 0 of nothing else: use n = 1 for one).
std::vector<RecordedHand> resample_many(const RecordedHand& hand, int player, int n, std::uint64_t seed);

// The same public record with other hands: `hands` must keep each seat's
// hand size, the union of the hands, the pushed cards with their receivers
// and every constraint of the record; std::invalid_argument naming what
// fails otherwise.
RecordedHand with_hands(const RecordedHand& hand, const std::array<Mask, 4>& hands);

// A key of what `player` knows: equal for two hands exactly when his
// information is (his cards, his push and the cards he received, the
// public history with calls, wish and passes, the start of the hand).
std::string information_state_string(const RecordedHand& hand, int player);

// The hand as it began, rebuilt from a recorded hand's state and steps; its
// steps, applied by replay_public, lead back to the same state.
HandState start_of(const RecordedHand& hand);

}  // namespace tichu
