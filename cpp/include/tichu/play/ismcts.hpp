// Single-observer ISMCTS (Cowling, Powley & Whitehouse 2012): one tree over
// the information sets of the seat to decide, a fresh world consistent with
// what it knows per iteration (resample.hpp), UCB1 over the actions
// available in that world with availability counts, one node added per
// iteration, a playout by a built-in policy (docs/ismcts.md).
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "tichu/game/action.hpp"
#include "tichu/game/history.hpp"
#include "tichu/play/net.hpp"
#include "tichu/play/policy.hpp"

namespace tichu {

// A tree holds at most this many nodes per thread (about 56 MB); once full,
// iterations keep descending the existing tree but add nothing.
inline constexpr int kMaxTreeNodes = 1 << 20;

struct IsmctsConfig {
  long long iterations = 0;   // in all threads together; 0: no iteration budget
  double budget = 0.0;        // seconds of CPU time per thread; 0: no time budget (one of the two is required)
  int threads = 1;            // root parallelisation: one tree per thread, root statistics summed
  std::uint64_t seed = 0;
  double exploration = 0.35;  // the UCB1 constant c, on rewards scaled by kRewardScale (net.hpp)
  // The playouts' policy (with the heuristic's settings, the progressive bias's too); calls=false: no call is
  // ever searched or made.
  Policy policy{.kind = PolicyKind::Random, .calls = false};
  int max_nodes = kMaxTreeNodes;             // per thread
  // Progressive bias: the heuristic's action at a node is expanded first and
  // gets prior / (visits + 1) added to its UCB1 score; 0: plain UCB1.
  double prior = 0.0;
  // The network (net.hpp) for the two options below; null: neither.
  std::shared_ptr<const Net> net = nullptr;
  // PUCT's prior term: at a play or bomb decision every candidate, tried or
  // not, scores net_prior * P(a) * sqrt(visits of the node + 1) / (1 + its
  // visits) on top of its mean (an untried one's mean 0, UCB1 only once
  // tried), P the network's move probabilities in the world where the child
  // was first seen, plus `prior`'s bias for the heuristic's action; the best
  // is taken, so the network decides what is tried first. 0: every candidate
  // is tried once before UCB1 (with `prior`).
  double net_prior = 0.0;
  // A leaf's worth: (1 - value_weight) * its playout + value_weight * the
  // network's value from the view of the seat in turn there; 1: no playout.
  double value_weight = 0.0;
  // Empty: each iteration draws a uniform world (Knowledge::sample). Else
  // each iteration takes one of these worlds (uniformly by index), e.g.
  // believed_worlds (belief.hpp); they must outlive the search.
  std::span<const HandState> worlds{};
};

struct IsmctsResult {
  std::vector<Action> actions;  // the root's candidates (every legal action, but see root_candidates)
  std::vector<long long> visits;
  std::vector<double> return_sums;  // the observer team's return summed over each action's visits
  long long iterations = 0;
  double seconds = 0.0;
  int best = 0;  // index of the chosen action: the most visited (ties: the higher mean, then the first)
};

// The actions the search considers for the current decision of `s` (the
// seat in turn deciding): its legal actions, less the calls when
// !policy.calls (only "no" is left on a call decision), and on the exchange
// the push of the policy's heuristic (heuristic_params: the shipped one but
// for a heuristic with settings or heuristic-v2) plus pushes of one of the
// three weakest cards to each opponent and one of the three strongest to the
// partner (docs/ismcts.md).
int root_candidates(const HandState& s, const Policy& policy, Action* out);

// Searches the current decision of `hand` for its player (not terminal).
// std::invalid_argument for a config without any budget.
IsmctsResult ismcts(const RecordedHand& hand, const IsmctsConfig& config);

}  // namespace tichu
