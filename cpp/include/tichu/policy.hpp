// Built-in policies: a fast answer to any decision of a hand, for playouts
// and for bots (docs/game.md "Built-in policies"). Choosing allocates
// nothing: the caller owns the scratch buffers.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "tichu/action.hpp"
#include "tichu/movegen.hpp"
#include "tichu/rng.hpp"
#include "tichu/state.hpp"

namespace tichu {

// HeuristicV1: today's heuristic frozen as the fixed yardstick (heuristic_v1.cpp).
enum class PolicyKind : std::uint8_t { Random, Heuristic, HeuristicV1 };

struct Policy {
  PolicyKind kind = PolicyKind::Random;
  // false: never a Grand Tichu nor a Tichu (the call decisions answer "no"
  // and the in-play `tichu` action is never taken).
  bool calls = true;
};

// The policy named "random", "heuristic" or "heuristic-v1";
// std::invalid_argument naming the valid ones otherwise.
PolicyKind policy_kind(std::string_view name);

// Room for one decision's legal moves; a few tens of kilobytes, so a
// caller keeps one per thread rather than on the stack of every call.
struct PolicyScratch {
  std::array<Move, kMaxLegalMoves> moves;
};

// Whether `hand` surely holds no move that beats `table` in turn, bombs
// included: then the pass is the only legal move (R5.2), wish or not. A
// quick test of a few masks; false means "maybe", never a wrong "no".
bool cannot_beat(Mask hand, const Move& table);

// The policy's action for the current decision of `s` (not terminal),
// always legal. `rng` is the only source of chance.
Action choose(const HandState& s, const Policy& policy, SplitMix64& rng, PolicyScratch& scratch);

// The heuristic policy alone (heuristic.cpp).
Action choose_heuristic(const HandState& s, bool calls, SplitMix64& rng, PolicyScratch& scratch);

// The frozen yardstick heuristic-v1 alone (heuristic_v1.cpp): never changes.
Action choose_heuristic_v1(const HandState& s, bool calls, SplitMix64& rng, PolicyScratch& scratch);

}  // namespace tichu
