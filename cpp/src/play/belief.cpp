// Inference about hidden hands (belief.hpp, docs/bots.md "Inference").
#include "tichu/play/belief.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <memory>
#include <stdexcept>
#include <utility>
#include <vector>

#include "tichu/game/resample.hpp"
#include "tichu/game/rng.hpp"
#include "tichu/play/parallel.hpp"
#include "tichu/play/playout.hpp"

namespace tichu {
namespace {

// One thread's buffers: a decision's legal actions and the policy's scratch.
struct Buffers {
  std::vector<Action> actions = std::vector<Action>(static_cast<std::size_t>(kMaxActions));
  std::unique_ptr<PolicyScratch> scratch = std::make_unique<PolicyScratch>();
};

// The belief's probability of `seen`, an in-turn play or pass of the seat in
// turn in `s`; decision k of the replay draws the policy's choice from
// SplitMix64(hand_seed(kBeliefStream, k)).
double probability(const HandState& s, const Action& seen, const Belief& belief, std::uint64_t k, Buffers& buf) {
  const int all = s.legal_actions(buf.actions.data());
  const auto first = buf.actions.begin();
  const auto n = std::count_if(first, first + all, [](const Action& a) { return a.kind == ActionKind::Play; });
  if (n <= 1) return 1.0;
  if (belief.kind == PolicyKind::Random) return 1.0 / static_cast<double>(n);
  SplitMix64 rng(hand_seed(kBeliefStream, k));
  const Action chosen = choose(s, Policy{.kind = belief.kind, .calls = false}, rng, *buf.scratch);
  return (chosen == seen ? belief.odds : 1.0) / (belief.odds + static_cast<double>(n - 1));
}

double log_likelihood_with(const RecordedHand& hand, int player, const Belief& belief, Buffers& buf) {
  HandState s = start_of(hand);
  const Action decline;  // a pass
  double total = 0.0;
  std::uint64_t k = 0;
  for (const Step& step : hand.steps()) {
    // A world's record leaves out other seats' declined bomb offers and its hands may hold other bombs:
    // offers the record does not answer are declined, declines the replay does not ask are skipped.
    const bool asked = s.decision() == Decision::Bomb && s.current_player() == step.player;
    const bool declined = step.decision == Decision::Bomb && step.action.kind == ActionKind::Play &&
                          step.action.move.type == MoveType::Pass;
    if (declined && !asked) continue;
    while (s.decision() == Decision::Bomb && !(step.decision == Decision::Bomb && s.current_player() == step.player)) {
      s.apply(decline);
    }
    if (s.decision() != step.decision || s.current_player() != step.player) {
      throw std::logic_error("the history does not replay from the hand's start");  // a broken invariant
    }
    if (step.player != player && step.decision == Decision::Play && step.action.kind == ActionKind::Play) {
      total += std::log(probability(s, step.action, belief, k, buf));
    }
    ++k;
    s.apply(step.action);
  }
  return total;
}

void check_belief(const Belief& belief) {
  if (!(belief.odds > 0.0 && belief.odds <= kMaxBeliefOdds))
    throw std::invalid_argument("belief odds must be in (0, 1e6]");
}

// n of `candidates` without replacement in proportion to exp(logs): the n
// largest keys log + Gumbel noise (ties: the earlier candidate), in candidate order.
std::vector<RecordedHand> distinct_worlds(const std::vector<RecordedHand>& candidates, const std::vector<double>& logs,
                                          int n, std::uint64_t seed) {
  SplitMix64 rng(hand_seed(seed, kBeliefStream));
  std::vector<double> keys(logs.size());
  for (std::size_t i = 0; i < logs.size(); ++i) {
    const double u = (static_cast<double>(rng.next() >> 11) + 0.5) * 0x1.0p-53;  // in (0, 1)
    keys[i] = logs[i] - std::log(-std::log(u));
  }
  std::vector<std::size_t> order(logs.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  const auto kept = static_cast<std::ptrdiff_t>(std::min(static_cast<std::size_t>(n), order.size()));
  std::ranges::partial_sort(order, order.begin() + kept, [&](std::size_t a, std::size_t b) {
    return keys[a] > keys[b] || (keys[a] == keys[b] && a < b);
  });
  order.resize(static_cast<std::size_t>(kept));
  std::ranges::sort(order);
  std::vector<RecordedHand> worlds;
  worlds.reserve(order.size());
  for (const std::size_t i : order) worlds.push_back(candidates[i]);
  return worlds;
}

}  // namespace

double log_likelihood(const RecordedHand& hand, int player, const Belief& belief) {
  if (player < 0 || player > 3) throw std::out_of_range("player must be 0..3");
  check_belief(belief);
  Buffers buf;
  return log_likelihood_with(hand, player, belief, buf);
}

std::vector<double> log_likelihoods(std::span<const RecordedHand> hands, int player, const Belief& belief,
                                    int threads) {
  if (player < 0 || player > 3) throw std::out_of_range("player must be 0..3");
  check_belief(belief);
  std::vector<double> out(hands.size());
  parallel_for(static_cast<long long>(hands.size()), threads, [&](long long begin, long long end) {
    Buffers buf;
    for (long long i = begin; i < end; ++i) {
      const auto w = static_cast<std::size_t>(i);
      out[w] = log_likelihood_with(hands[w], player, belief, buf);
    }
  });
  return out;
}

std::vector<double> belief_weights(std::span<const RecordedHand> hands, int player, const Belief& belief, int threads) {
  std::vector<double> weights = log_likelihoods(hands, player, belief, threads);
  if (weights.empty()) return weights;
  const double top = *std::ranges::max_element(weights);
  double sum = 0.0;
  for (double& w : weights) {
    w = std::exp(w - top);  // the likeliest world weighs 1 before normalising
    sum += w;
  }
  for (double& w : weights) w /= sum;
  return weights;
}

std::vector<RecordedHand> believed_worlds(const RecordedHand& hand, int player, int n, std::uint64_t seed,
                                          const Belief& belief, int draws, int threads) {
  if (n < 0 || draws < 1) throw std::invalid_argument("believed_worlds: n >= 0 and draws >= 1");
  std::vector<RecordedHand> candidates = resample_many(hand, player, n * draws, seed);
  if (n == 0) return candidates;
  const std::vector<double> logs = log_likelihoods(candidates, player, belief, threads);
  if (belief.distinct) return distinct_worlds(candidates, logs, n, seed);
  const double top = *std::ranges::max_element(logs);
  std::vector<double> cumulative(logs.size());
  double sum = 0.0;
  for (std::size_t i = 0; i < logs.size(); ++i) cumulative[i] = sum += std::exp(logs[i] - top);
  // Systematic resampling: n evenly spaced points, one random offset.
  SplitMix64 rng(hand_seed(seed, kBeliefStream));
  const double offset = static_cast<double>(rng.next() >> 11) * 0x1.0p-53;
  std::vector<RecordedHand> worlds;
  worlds.reserve(static_cast<std::size_t>(n));
  std::size_t c = 0;
  for (int i = 0; i < n; ++i) {
    const double point = (offset + i) * sum / n;
    while (c + 1 < cumulative.size() && cumulative[c] <= point) ++c;
    worlds.push_back(candidates[c]);
  }
  return worlds;
}

void believed_playouts(const RecordedHand& hand, int player, std::uint64_t seed, std::uint64_t world_seed,
                       const Belief& belief, int draws, const Policy& policy, int threads,
                       std::span<PlayoutResult> out) {
  const std::vector<RecordedHand> worlds =
      believed_worlds(hand, player, static_cast<int>(out.size()), world_seed, belief, draws, threads);
  parallel_for(static_cast<long long>(out.size()), threads, [&](long long begin, long long end) {
    auto scratch = std::make_unique<PolicyScratch>();
    for (long long i = begin; i < end; ++i) {
      const auto w = static_cast<std::size_t>(i);
      out[w] = playout(worlds[w].state(), policy, hand_seed(seed, static_cast<std::uint64_t>(i)), *scratch);
    }
  });
}

}  // namespace tichu
