// Built-in policies: a fast answer to any decision of a hand, for playouts
// and for bots (docs/playouts.md "Built-in policies"). Choosing allocates
// nothing: the caller owns the scratch buffers.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string_view>

#include "tichu/game/action.hpp"
#include "tichu/game/movegen.hpp"
#include "tichu/game/rng.hpp"
#include "tichu/game/state.hpp"
#include "tichu/play/heuristic_params.hpp"

namespace tichu {

// HeuristicV1: the heuristic of 2026-12-01 frozen as the fixed yardstick
// (heuristic_v1.cpp); HeuristicV2: the heuristic of 2026-12-05 frozen
// (kHeuristicV2), a member of the field of frozen opponents (docs/bots.md);
// Net: a loaded network's moves (net.hpp), named "net" or "net:NAME".
enum class PolicyKind : std::uint8_t { Random, Heuristic, HeuristicV1, HeuristicV2, Net };

class Net;

struct Policy {
  PolicyKind kind = PolicyKind::Random;
  // false: never a Grand Tichu nor a Tichu (the call decisions answer "no"
  // and the in-play `tichu` action is never taken).
  bool calls = true;
  // The heuristic's settings (kind Heuristic); null: the shipped heuristic.
  // Shared and immutable, so that the copies of a policy share one value.
  std::shared_ptr<const HeuristicParams> heuristic = nullptr;
  // The network (kind Net), shared read-only by every copy and thread.
  std::shared_ptr<const Net> net = nullptr;
};

// The built-in policies by name: the one list of them (the bindings give it
// to Python as _core.POLICIES, and the bot registry holds a native bot of each).
struct PolicyName {
  std::string_view name;
  PolicyKind kind;
};
inline constexpr std::array kPolicyNames{PolicyName{.name = "random", .kind = PolicyKind::Random},
                                         PolicyName{.name = "heuristic", .kind = PolicyKind::Heuristic},
                                         PolicyName{.name = "heuristic-v1", .kind = PolicyKind::HeuristicV1},
                                         PolicyName{.name = "heuristic-v2", .kind = PolicyKind::HeuristicV2}};

// The policy of that name in kPolicyNames; std::invalid_argument naming the
// valid ones otherwise.
PolicyKind policy_kind(std::string_view name);

// The policy a text names: a name of policy_kind, "heuristic:OPTIONS"
// with the heuristic's settings (HeuristicParams::parse), or a registered
// network: "net" (the shipped one, once Python has loaded it) or "net:NAME"
// (register_net); std::invalid_argument for anything else.
Policy policy_from_text(std::string_view text, bool calls);

// The heuristic settings `policy` plays with (kind Heuristic or HeuristicV2).
inline const HeuristicParams& heuristic_params(const Policy& policy) {
  if (policy.kind == PolicyKind::HeuristicV2) return kHeuristicV2;
  return policy.heuristic ? *policy.heuristic : kShippedHeuristic;
}

// Room for one decision's legal moves; a few tens of kilobytes, so a
// caller keeps one per thread rather than on the stack of every call.
struct PolicyScratch {
  std::array<Move, kMaxLegalMoves> moves;
  std::array<float, kMaxLegalMoves> logits;  // the network's scores of `moves`
};

// The random policy alone (policy.cpp): uniform among the legal actions.
Action choose_random(const HandState& s, bool calls, SplitMix64& rng, PolicyScratch& scratch);

// The heuristic policy alone (heuristic.cpp), with the settings `params`.
Action choose_heuristic(const HandState& s, bool calls, const HeuristicParams& params, SplitMix64& rng,
                        PolicyScratch& scratch);

// The frozen yardstick heuristic-v1 alone (heuristic_v1.cpp): never changes.
Action choose_heuristic_v1(const HandState& s, bool calls, SplitMix64& rng, PolicyScratch& scratch);

// The network's policy alone (net_policy.cpp): at a Play or Bomb decision the
// move of highest logit (the first of equals, in legal_moves order); every
// other answer, the in-play Tichu call included, the shipped heuristic's.
Action choose_net(const HandState& s, bool calls, const Net& net, SplitMix64& rng, PolicyScratch& scratch);

// The policy's action for the current decision of `s` (not terminal),
// always legal. `rng` is the only source of chance. Inline, so that a
// playout's loop calls the policy itself, not a dispatcher, every decision.
inline Action choose(const HandState& s, const Policy& policy, SplitMix64& rng, PolicyScratch& scratch) {
  if (policy.kind == PolicyKind::Random) return choose_random(s, policy.calls, rng, scratch);
  if (policy.kind == PolicyKind::Heuristic || policy.kind == PolicyKind::HeuristicV2) {
    return choose_heuristic(s, policy.calls, heuristic_params(policy), rng, scratch);
  }
  if (policy.kind == PolicyKind::HeuristicV1) return choose_heuristic_v1(s, policy.calls, rng, scratch);
  return choose_net(s, policy.calls, *policy.net, rng, scratch);
}

// The heuristic's choice (without calls) at a Play or Bomb decision of `s`
// among `moves`, its n legal moves in legal_moves order (as
// legal_actions lists them): choose_heuristic's action there, for a caller
// that has listed the moves already (the solver).
Action choose_heuristic_play(const HandState& s, const Move* moves, int n,
                             const HeuristicParams& params = kShippedHeuristic);

// A hand's strength (half points) and losers, the features of the heuristic's
// calls table (scripts/make_call_table.py).
std::array<int, 2> heuristic_call_features(Mask hand, const HeuristicParams& params = kShippedHeuristic);

// The table's chance in per mille that a hand goes out first: of the first
// eight cards for Grand Tichu (`grand`), else of the hand for Tichu. The
// heuristic calls from kTichuChance / kGrandChance (heuristic.cpp); a search
// bot compares it with its own thresholds (tichu_fast.decide.table_call).
// A Tichu `in_play` is read on the hand the exchange left, with kPlayDoubt
// more taken off: the table's chances count an exchange still to come.
int heuristic_call_chance(Mask hand, bool grand, const HeuristicParams& params = kShippedHeuristic,
                          bool in_play = false);

}  // namespace tichu
