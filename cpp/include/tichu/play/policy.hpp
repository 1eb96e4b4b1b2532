// Built-in policies: a fast answer to any decision of a hand, for playouts
// and for bots (docs/game.md "Built-in policies"). Choosing allocates
// nothing: the caller owns the scratch buffers.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "tichu/game/action.hpp"
#include "tichu/game/movegen.hpp"
#include "tichu/game/rng.hpp"
#include "tichu/game/state.hpp"

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

// The random policy alone (policy.cpp): uniform among the legal actions.
Action choose_random(const HandState& s, bool calls, SplitMix64& rng, PolicyScratch& scratch);

// The heuristic policy alone (heuristic.cpp).
Action choose_heuristic(const HandState& s, bool calls, SplitMix64& rng, PolicyScratch& scratch);

// The frozen yardstick heuristic-v1 alone (heuristic_v1.cpp): never changes.
Action choose_heuristic_v1(const HandState& s, bool calls, SplitMix64& rng, PolicyScratch& scratch);

// The policy's action for the current decision of `s` (not terminal),
// always legal. `rng` is the only source of chance. Inline, so that a
// playout's loop calls the policy itself, not a dispatcher, every decision.
inline Action choose(const HandState& s, const Policy& policy, SplitMix64& rng, PolicyScratch& scratch) {
  if (policy.kind == PolicyKind::Random) return choose_random(s, policy.calls, rng, scratch);
  if (policy.kind == PolicyKind::Heuristic) return choose_heuristic(s, policy.calls, rng, scratch);
  return choose_heuristic_v1(s, policy.calls, rng, scratch);
}

// The heuristic's choice (without calls) at a Play or Bomb decision of `s`
// among `moves`, its n legal moves in legal_moves order (as
// legal_actions lists them): choose_heuristic's action there, for a caller
// that has listed the moves already (the solver).
Action choose_heuristic_play(const HandState& s, const Move* moves, int n);

// The heuristic's rules that set_heuristic_ablation can switch off, to
// measure what each is worth (scripts/heuristic_strength.py; docs/bots.md).
inline constexpr std::uint32_t kRuleCount = 1;      // card counting
inline constexpr std::uint32_t kRulePartner = 2;    // partnership
inline constexpr std::uint32_t kRulePlan = 4;       // hand planning
inline constexpr std::uint32_t kRuleCalls = 8;      // calls from the table
inline constexpr std::uint32_t kRuleExchange = 16;  // the exchange
inline constexpr std::uint32_t kRuleWish = 32;      // the wish and the Dragon gift

// Switches the heuristic's rules in `rules_off` off (0: all on, the
// default) for every thread; for measurements only, never during a run.
void set_heuristic_ablation(std::uint32_t rules_off);

// A hand's strength (half points) and losers, the features of the heuristic's
// calls table (scripts/make_call_table.py).
std::array<int, 2> heuristic_call_features(Mask hand);

// The table's chance in per mille that a hand goes out first: of the first
// eight cards for Grand Tichu (`grand`), else of the hand for Tichu. The
// heuristic calls from kTichuChance / kGrandChance (heuristic.cpp); a search
// bot compares it with its own thresholds (tichu_fast.decide.table_call).
int heuristic_call_chance(Mask hand, bool grand);

// Sets one of the heuristic's numbers (heuristic.cpp `Param`), for tuning only.
void set_heuristic_param(int index, int value);

}  // namespace tichu
