// Inference about hidden hands (docs/bots.md "Inference"): worlds weighted
// by how likely the other seats' observed plays were under a policy model.
// Uniform worlds (resample.hpp) stay the default and exact; a belief is an
// option on top: draw uniform candidates, weigh each by the likelihood of
// the record replayed in it, and resample them in proportion
// (sampling-importance-resampling), or keep every uniform world with its
// normalised likelihood as a weight (self-normalised importance weighting).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "tichu/game/history.hpp"
#include "tichu/play/playout.hpp"
#include "tichu/play/policy.hpp"

namespace tichu {

// A policy model of the other seats. On each of their in-turn plays and
// passes (the in-play Tichu call left out) with n > 1 legal plays and
// passes: `Random` gives each 1/n; a heuristic gives its own choice the
// weight `odds` and every other play the weight 1, so its choice has the
// probability odds / (odds + n - 1) and each other 1 / (odds + n - 1)
// (odds 1: the random model). A decision with one legal play tells nothing
// (probability 1).
inline constexpr double kMaxBeliefOdds = 1e6;
struct Belief {
  PolicyKind kind = PolicyKind::Heuristic;
  double odds = 2.0;      // 0 < odds <= kMaxBeliefOdds (tichu_fast._args.BELIEF_ODDS)
  bool distinct = false;  // believed_worlds keeps n distinct candidates (sampling without replacement)
};

// The log-likelihood, under `belief`, of the plays and passes of the seats
// other than `player` in `hand`'s record, replayed from start_of(hand) in
// its hands: a true hand or a world of resample_many alike.
double log_likelihood(const RecordedHand& hand, int player, const Belief& belief);

// The log-likelihoods of many hands, on up to `threads` threads (the
// results do not depend on how many).
std::vector<double> log_likelihoods(std::span<const RecordedHand> hands, int player, const Belief& belief, int threads);

// Self-normalised importance weights of `hands` (uniform worlds of one
// player): exp(log_likelihood) of each, divided by their sum (the weights
// add up to 1; empty for no hands). The same for any `threads`.
std::vector<double> belief_weights(std::span<const RecordedHand> hands, int player, const Belief& belief, int threads);

// `n` worlds for `player` drawn by the belief: the n * draws worlds of
// resample_many(hand, player, n * draws, seed), weighed by exp(log_likelihood),
// resampled systematically from SplitMix64(hand_seed(seed, kBeliefStream)) in
// candidate order. With belief.distinct: n distinct candidates drawn without
// replacement in proportion to their likelihood (Gumbel-top-n: the n largest
// log_likelihood + Gumbel noise, the noise from that stream in candidate
// order), returned in candidate order, so no candidate is taken twice (two
// candidates may still be the same deal late in a hand; draws 1: the
// uniform worlds). Deterministic per seed; ResampleError as resample_many.
inline constexpr std::uint64_t kBeliefStream = 0xB5297A4DULL;
std::vector<RecordedHand> believed_worlds(const RecordedHand& hand, int player, int n, std::uint64_t seed,
                                          const Belief& belief, int draws, int threads);

// out[i] = playout(world i, policy, hand_seed(seed, i)) where world i is
// believed_worlds(hand, player, out.size(), world_seed, belief, draws)[i].
void believed_playouts(const RecordedHand& hand, int player, std::uint64_t seed, std::uint64_t world_seed,
                       const Belief& belief, int draws, const Policy& policy, int threads,
                       std::span<PlayoutResult> out);

}  // namespace tichu
