// Playouts: a hand played to its end by a built-in policy from any state
// (any decision, mid-exchange, mid-trick), one or many, on threads.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "tichu/game/state.hpp"
#include "tichu/play/policy.hpp"

namespace tichu {

class Knowledge;  // resample.hpp
class Net;        // net.hpp

// What one playout came to; laid out like tichu_fast.formats.PLAYOUT_DTYPE.
struct PlayoutResult {
  std::array<std::int16_t, 2> returns{};          // team scores (R7, R8)
  std::array<std::int8_t, 4> out_order{-1, -1, -1, -1};  // seats in the order they went out
  std::array<std::uint8_t, 4> calls{};             // Call per seat at the end
  std::array<std::uint8_t, 4> calls_won{};         // 1 for a seat that called and went out first
  std::uint8_t tricks = 0;                         // tricks led during the playout (the Dog's included)
  std::uint8_t bombs = 0;                          // bombs played during the playout
  std::uint8_t one_two = 0;                        // 1 after a double victory
  std::uint8_t pad = 0;
};
static_assert(sizeof(PlayoutResult) == 20, "PlayoutResult must match PLAYOUT_DTYPE");

// Counts tricks and bombs as actions are applied.
struct PlayoutTally {
  int tricks = 0, bombs = 0;
  void count(const HandState& before, const Action& a) {
    if (a.kind != ActionKind::Play || a.move.type == MoveType::Pass) return;
    tricks += before.decision() == Decision::Play && before.table() == nullptr;
    bombs += is_bomb(a.move.type);
  }
};

// The result of the finished hand `s` with the tally of its playout.
PlayoutResult playout_result(const HandState& s, const PlayoutTally& tally);

// Plays `s` to the end. Decision k of the playout (k = 0, 1, ...) draws from
// SplitMix64(hand_seed(seed, k)), so a caller applying
// policy_action(state, policy, hand_seed(seed, k)) step by step plays the
// same hand.
PlayoutResult playout(HandState s, const Policy& policy, std::uint64_t seed, PolicyScratch& scratch);
PlayoutResult playout(const HandState& s, const Policy& policy, std::uint64_t seed);

// out[i] = playout(s, policy, hand_seed(seed, i)) for i < out.size(), on up
// to `threads` threads (the results do not depend on how many).
void playouts(const HandState& s, std::uint64_t seed, const Policy& policy, int threads, std::span<PlayoutResult> out);

// out[i] = playout(world i, policy, hand_seed(seed, i)) where world i is
// knowledge.sample(SplitMix64(hand_seed(world_base, i))): a fresh world for
// the knowledge's seat per playout, from a stream apart from the playouts'.
// The results do not depend on `threads`; ResampleError as for sample().
void resampled_playouts(const Knowledge& knowledge, std::uint64_t seed, std::uint64_t world_base, const Policy& policy,
                        int threads, std::span<PlayoutResult> out);

// For action a of `actions` (legal in every world), world w and playout j:
// values[(a * worlds.size() + w) * per_world + j] = the return of `team`
// after applying the action in world w and playing out with the seed
// hand_seed(seed, w * per_world + j): the same seeds for every action.
// With a network `net` and value_weight w in 0..1, a return is (1 - w) x
// the playout's + w x the network's value of the world after the action
// (value_returns, net.hpp), and w = 1 plays nothing out; a hand over after
// the action is worth its own returns. Without a network (nullptr) w must
// be 0: the plain playouts. std::invalid_argument for bad sizes or weights;
// the results do not depend on `threads`.
void action_values(std::span<const HandState> worlds, std::span<const Action> actions, int per_world, int team,
                   std::uint64_t seed, const Policy& policy, int threads, std::span<double> values,
                   const Net* net = nullptr, double value_weight = 0.0);

}  // namespace tichu
