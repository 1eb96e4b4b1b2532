// Single-observer ISMCTS (ismcts.hpp, docs/ismcts.md). Each thread grows its
// own tree in one flat vector of nodes (children as linked lists of
// indices), so a node costs no allocation of its own; the root's children
// are created first, in the order of the root's candidates, and their
// statistics are summed over the threads.
#include "tichu/play/ismcts.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <utility>

#if defined(__unix__) || defined(__APPLE__)
#include <ctime>
#endif

#include "tichu/game/resample.hpp"
#include "tichu/game/rng.hpp"
#include "tichu/play/parallel.hpp"
#include "tichu/play/playout.hpp"

namespace tichu {
namespace {

struct Node {
  Action action{};          // the edge into this node
  std::int32_t first_child = -1;
  std::int32_t next_sibling = -1;
  std::int32_t visits = 0;
  std::int32_t available = 0;  // iterations in which the edge was legal when its parent was reached
  double reward = 0.0;         // summed, from the view of the chooser's team
  float prior = 0.0f;          // the network's probability of the edge where it was first seen (net_prior > 0)
  std::int8_t seat = -1;       // who chose the edge
};

// A strength order for the exchange's candidates: the Dog, the Mah Jong,
// the normal cards by rank, the Phoenix, the Dragon.
int strength(int card) {
  if (card == 1) return 0;
  if (card == 0) return 1;
  if (card == 2) return 15;
  if (card == 3) return 16;
  return rank_of_index(card);
}

Action call_answer(Decision d) {
  return value_action(d == Decision::GrandTichu ? ActionKind::GrandTichu : ActionKind::Tichu, 0);
}

int exchange_candidates(const HandState& s, const HeuristicParams& params, Action* out) {
  const int seat = s.current_player();
  std::array<int, 14> cards{};
  int n = 0;
  for (Mask m = s.hand(seat); m && n < 14; m &= m - 1) cards[static_cast<std::size_t>(n++)] = std::countr_zero(m);
  std::stable_sort(cards.begin(), cards.begin() + n, [](int a, int b) { return strength(a) < strength(b); });
  int count = 0;
  auto add = [&](const Action& a) {
    if (!s.is_legal(a)) return;
    for (int i = 0; i < count; ++i) {
      if (out[i] == a) return;
    }
    out[count++] = a;
  };
  SplitMix64 rng(0);  // the heuristic's push draws nothing; a fixed stream keeps it so
  thread_local PolicyScratch scratch;
  add(choose_heuristic(s, false, params, rng, scratch));
  const int weak = std::min(3, n), strong = std::min(3, n);
  for (int left = 0; left < weak; ++left) {
    for (int right = 0; right < weak; ++right) {
      for (int p = n - strong; p < n; ++p) {
        if (left == right || p == left || p == right) continue;
        add(push_action(cards[static_cast<std::size_t>(left)], cards[static_cast<std::size_t>(p)],
                        cards[static_cast<std::size_t>(right)]));
      }
    }
  }
  return count;
}

// Whether the tree skips the current decision of `s`: a call decision when
// calls are off (always "no"), or a decision of another seat that the
// observer cannot see: its push, or its answer to a bomb offer (a decline
// would show that it holds a bomb).
enum class Handling : std::uint8_t { Branch, NoCall, Hidden };

Handling handling(const HandState& s, int observer, bool calls) {
  const Decision d = s.decision();
  if (!calls && (d == Decision::GrandTichu || d == Decision::Tichu)) return Handling::NoCall;
  if (s.current_player() != observer && (d == Decision::Exchange || d == Decision::Bomb)) return Handling::Hidden;
  return Handling::Branch;
}

// The CPU time of the calling thread in seconds (wall time where the
// platform has no per-thread clock), so that a time budget holds on a
// loaded machine: a search gets the same work whatever else runs.
double thread_seconds() {
#if defined(CLOCK_THREAD_CPUTIME_ID)
  timespec t{};
  if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t) == 0)
    return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
#endif
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// A hash of an action's bytes (its padding is zero), for matching children.
std::uint64_t action_hash(const Action& a, int seat) {
  static_assert(sizeof(Action) == 24);
  std::array<std::uint64_t, 3> w{};
  std::memcpy(w.data(), &a, sizeof(Action));
  std::uint64_t h = w[0] * 0x9E3779B97F4A7C15ULL;
  h = (h ^ (h >> 29) ^ w[1]) * 0xBF58476D1CE4E5B9ULL;
  h = (h ^ (h >> 31) ^ w[2] ^ static_cast<std::uint64_t>(seat)) * 0x94D049BB133111EBULL;
  return h ^ (h >> 32);
}

// One thread's tree and scratch buffers.
class Tree {
 public:
  Tree(const Knowledge& knowledge, const IsmctsConfig& config, const std::vector<Action>& root_actions,
       std::size_t reserve)
      : knowledge_(knowledge),
        config_(config),
        observer_(knowledge.player()),
        actions_(static_cast<std::size_t>(kMaxActions)),
        child_of_(static_cast<std::size_t>(kMaxActions)),
        return_sums_(root_actions.size(), 0.0) {
    nodes_.reserve(std::max<std::size_t>(reserve, root_actions.size() + 1));
    nodes_.emplace_back();  // the root
    for (const Action& a : root_actions) add_child(0, a, observer_);
  }

  void iterate(SplitMix64& rng) {
    HandState world =
        config_.worlds.empty() ? knowledge_.sample(rng) : config_.worlds[rng.below(config_.worlds.size())];
    path_.clear();
    int node = 0;
    int root_child = -1;
    while (!world.is_terminal()) {
      const int seat = world.current_player();
      const Handling how = handling(world, observer_, config_.policy.calls);
      if (how == Handling::NoCall) {
        world.apply(call_answer(world.decision()));
        continue;
      }
      int chosen = -1;
      if (how == Handling::Hidden) {
        const Action answer = choose(world, config_.policy, rng, scratch_);
        const bool bomb = world.decision() == Decision::Bomb && answer.move.type != MoveType::Pass;
        if (!bomb) {  // a push or a declined offer: unseen, so no node
          world.apply(answer);
          continue;
        }
        chosen = follow(node, answer, seat);  // a bomb dropped on an offer is public: its edge, chosen by the policy
        if (chosen < 0) {
          world.apply(answer);
          break;  // the tree is full here
        }
      } else {
        chosen = select(world, node, seat, rng);
      }
      if (chosen < 0) break;  // the tree is full here
      const bool fresh = nodes_[static_cast<std::size_t>(chosen)].visits == 0 && node != 0;
      world.apply(nodes_[static_cast<std::size_t>(chosen)].action);
      path_.push_back(chosen);
      if (node == 0 && std::cmp_less_equal(chosen, return_sums_.size())) root_child = chosen - 1;  // children 1..n
      node = chosen;
      if (fresh) break;  // one node added: play out from here
    }
    const std::array<double, 2> r = leaf_returns(world, rng);
    const double margin = r[0] - r[1];  // team 0's
    nodes_[0].visits += 1;
    for (const int i : path_) {
      Node& n = nodes_[static_cast<std::size_t>(i)];
      n.visits += 1;
      n.reward += ((n.seat & 1) == 0 ? margin : -margin) / kRewardScale;
    }
    if (root_child >= 0)
      return_sums_[static_cast<std::size_t>(root_child)] += r[static_cast<std::size_t>(observer_ & 1)];
  }

  [[nodiscard]] const Node& root_child(std::size_t i) const { return nodes_[i + 1]; }

  // The teams' returns where the descent stopped: the hand's own once over,
  // else the playout's, mixed with the network's value (value_weight).
  std::array<double, 2> leaf_returns(const HandState& world, SplitMix64& rng) {
    if (world.is_terminal()) {
      const std::array<int, 2> r = world.returns();
      return {static_cast<double>(r[0]), static_cast<double>(r[1])};
    }
    const double w = config_.net ? config_.value_weight : 0.0;
    std::array<double, 2> r{};
    if (w < 1.0) {
      const PlayoutResult p = playout(world, config_.policy, rng.next(), scratch_);
      r = {static_cast<double>(p.returns[0]), static_cast<double>(p.returns[1])};
    }
    if (w > 0.0) {
      const std::array<double, 2> v = value_returns(*config_.net, world);
      r[0] = (1.0 - w) * r[0] + w * v[0];
      r[1] = (1.0 - w) * r[1] + w * v[1];
    }
    return r;
  }
  [[nodiscard]] double return_sum(std::size_t i) const { return return_sums_[i]; }

 private:
  int add_child(int parent, const Action& a, int seat) {
    Node n;
    n.action = a;
    n.seat = static_cast<std::int8_t>(seat);
    n.next_sibling = nodes_[static_cast<std::size_t>(parent)].first_child;
    const auto index = static_cast<std::int32_t>(nodes_.size());
    nodes_.push_back(n);
    nodes_[static_cast<std::size_t>(parent)].first_child = index;
    return index;
  }

  // The child of `node` for `seat`'s action `a`, added if new (-1 if the tree is full).
  int follow(int node, const Action& a, int seat) {
    for (int c = nodes_[static_cast<std::size_t>(node)].first_child; c >= 0;
         c = nodes_[static_cast<std::size_t>(c)].next_sibling) {
      Node& child = nodes_[static_cast<std::size_t>(c)];
      if (child.seat == seat && child.action == a) {
        child.available += 1;
        return c;
      }
    }
    if (std::cmp_greater_equal(nodes_.size(), config_.max_nodes)) return -1;
    const int c = add_child(node, a, seat);
    nodes_[static_cast<std::size_t>(c)].available = 1;
    return c;
  }

  // The candidates of the decision in `world` (its seat's legal actions, or the root's list).
  int candidates(const HandState& world, int seat) {
    if (world.decision() == Decision::Exchange && seat == observer_)
      return exchange_candidates(world, heuristic_params(config_.policy), actions_.data());
    int n = world.legal_actions(actions_.data());
    if (!config_.policy.calls) {
      n = static_cast<int>(std::remove_if(actions_.begin(), actions_.begin() + n,
                                          [](const Action& a) {
                                            return (a.kind == ActionKind::GrandTichu || a.kind == ActionKind::Tichu) &&
                                                   a.value != 0;
                                          }) -
                           actions_.begin());
    }
    return n;
  }

  // Marks the available children of `node`, then returns an untried
  // action's new child, or the available child of highest UCB1; -1 if
  // neither exists (the tree full and no child available).
  int select(const HandState& world, int node, int seat, SplitMix64& rng) {
    const int n = candidates(world, seat);
    // An open-addressing table of the candidates, to match children in O(n + children).
    std::size_t size = 16;
    while (std::cmp_less(size, 2LL * n)) size <<= 1;
    if (table_.size() < size) table_.resize(size);
    std::fill(table_.begin(), table_.begin() + static_cast<std::ptrdiff_t>(size), -1);
    for (int i = 0; i < n; ++i) {
      std::size_t slot = action_hash(actions_[static_cast<std::size_t>(i)], seat) & (size - 1);
      while (table_[slot] >= 0) slot = (slot + 1) & (size - 1);
      table_[slot] = i;
      child_of_[static_cast<std::size_t>(i)] = -1;
    }
    int tried = 0;
    for (int c = nodes_[static_cast<std::size_t>(node)].first_child; c >= 0;
         c = nodes_[static_cast<std::size_t>(c)].next_sibling) {
      Node& child = nodes_[static_cast<std::size_t>(c)];
      if (child.seat != seat) continue;
      for (std::size_t slot = action_hash(child.action, seat) & (size - 1); table_[slot] >= 0;
           slot = (slot + 1) & (size - 1)) {
        if (actions_[static_cast<std::size_t>(table_[slot])] == child.action) {
          child_of_[static_cast<std::size_t>(table_[slot])] = c;
          child.available += 1;
          ++tried;
          break;
        }
      }
    }
    // Progressive bias: the heuristic's action in this world (it draws nothing).
    int favourite = -1;
    if (config_.prior > 0.0) {
      SplitMix64 fixed(0);
      const Action h = choose_heuristic(world, config_.policy.calls, heuristic_params(config_.policy), fixed, scratch_);
      for (int i = 0; i < n; ++i) {
        if (actions_[static_cast<std::size_t>(i)] == h) {
          favourite = i;
          break;
        }
      }
    }
    if (config_.net && config_.net_prior > 0.0 &&
        (world.decision() == Decision::Play || world.decision() == Decision::Bomb)) {
      return select_by_prior(world, node, seat, n, tried, favourite);
    }
    // The root's children exist from the start; an unvisited one is tried first.
    if (node == 0) {
      for (int i = 0; i < n; ++i) {
        const int c = child_of_[static_cast<std::size_t>(i)];
        if (c >= 0 && nodes_[static_cast<std::size_t>(c)].visits == 0) return c;
      }
    }
    if (tried < n && std::cmp_less(nodes_.size(), config_.max_nodes)) {
      if (favourite >= 0 && child_of_[static_cast<std::size_t>(favourite)] < 0) {  // the heuristic's action first
        const int c = add_child(node, actions_[static_cast<std::size_t>(favourite)], seat);
        nodes_[static_cast<std::size_t>(c)].available = 1;
        return c;
      }
      auto k = static_cast<int>(rng.pick(static_cast<std::uint64_t>(n - tried)));
      for (int i = 0; i < n; ++i) {
        if (child_of_[static_cast<std::size_t>(i)] >= 0) continue;
        if (k-- == 0) {
          const int c = add_child(node, actions_[static_cast<std::size_t>(i)], seat);
          nodes_[static_cast<std::size_t>(c)].available = 1;
          return c;
        }
      }
    }
    int best = -1;
    double best_score = -1e300;
    for (int i = 0; i < n; ++i) {
      const int c = child_of_[static_cast<std::size_t>(i)];
      if (c < 0) continue;
      const Node& child = nodes_[static_cast<std::size_t>(c)];
      if (child.visits == 0) return c;  // added when the tree was full, or by another path: try it
      double score = child.reward / child.visits +
                     config_.exploration * std::sqrt(std::log(static_cast<double>(child.available)) / child.visits);
      if (i == favourite) score += config_.prior / (child.visits + 1);
      if (score > best_score) {
        best_score = score;
        best = c;
      }
    }
    return best;
  }

  // The network's probability of each of the n candidates (the moves; a call gets 0) into priors_.
  void move_priors(const HandState& world, int seat, int n) {
    int m = 0;
    for (int i = 0; i < n; ++i) {
      const Action& a = actions_[static_cast<std::size_t>(i)];
      if (a.kind == ActionKind::Play) scratch_.moves[static_cast<std::size_t>(m++)] = a.move;
    }
    if (m == 0) {  // no move among them (never at a play or bomb decision, which always has the pass)
      priors_.assign(static_cast<std::size_t>(n), 0.0f);
      return;
    }
    config_.net->evaluate(world, seat, scratch_.moves.data(), m, scratch_.logits.data());
    const float top = *std::max_element(scratch_.logits.begin(), scratch_.logits.begin() + m);
    double total = 0.0;
    for (int k = 0; k < m; ++k)
      total += std::exp(static_cast<double>(scratch_.logits[static_cast<std::size_t>(k)] - top));
    priors_.resize(static_cast<std::size_t>(n));
    for (int i = 0, k = 0; i < n; ++i) {
      const bool move = actions_[static_cast<std::size_t>(i)].kind == ActionKind::Play;
      priors_[static_cast<std::size_t>(i)] =
          move ? static_cast<float>(
                     std::exp(static_cast<double>(scratch_.logits[static_cast<std::size_t>(k++)] - top)) / total)
               : 0.0f;
    }
  }

  // PUCT over every candidate of a play or bomb decision (net_prior): the
  // network is asked only while some candidate has no node yet, and a new
  // node keeps the probability it was given then. The heuristic's action
  // (`favourite`, -1 for none) keeps its progressive bias on top.
  int select_by_prior(const HandState& world, int node, int seat, int n, int tried, int favourite) {
    const bool full = std::cmp_greater_equal(nodes_.size(), config_.max_nodes);
    const bool root_unset = node == 0 && !root_priors_;
    if ((tried < n && !full) || root_unset) move_priors(world, seat, n);
    if (root_unset) {  // the root's children exist from the start: their priors come with the first visit
      for (int i = 0; i < n; ++i) {
        const int c = child_of_[static_cast<std::size_t>(i)];
        if (c >= 0) nodes_[static_cast<std::size_t>(c)].prior = priors_[static_cast<std::size_t>(i)];
      }
      root_priors_ = true;
    }
    const double scale =
        config_.net_prior * std::sqrt(static_cast<double>(nodes_[static_cast<std::size_t>(node)].visits) + 1.0);
    int best = -1;
    double best_score = -1e300;
    for (int i = 0; i < n; ++i) {
      const int c = child_of_[static_cast<std::size_t>(i)];
      double score = 0.0;
      if (c >= 0) {
        const Node& child = nodes_[static_cast<std::size_t>(c)];
        if (child.visits == 0 && node != 0) return c;  // added when the tree was full, or by another path: try it
        score = scale * child.prior / (1.0 + child.visits);
        if (child.visits > 0) {
          score += child.reward / child.visits +
                   config_.exploration * std::sqrt(std::log(static_cast<double>(child.available)) / child.visits);
        }
      } else {
        if (full) continue;
        score = scale * priors_[static_cast<std::size_t>(i)];
      }
      if (i == favourite) score += config_.prior / (c >= 0 ? nodes_[static_cast<std::size_t>(c)].visits + 1 : 1);
      if (score > best_score) {
        best_score = score;
        best = i;
      }
    }
    if (best < 0) return -1;
    if (child_of_[static_cast<std::size_t>(best)] >= 0) return child_of_[static_cast<std::size_t>(best)];
    const int c = add_child(node, actions_[static_cast<std::size_t>(best)], seat);
    nodes_[static_cast<std::size_t>(c)].available = 1;
    nodes_[static_cast<std::size_t>(c)].prior = priors_[static_cast<std::size_t>(best)];
    return c;
  }

  const Knowledge& knowledge_;
  const IsmctsConfig& config_;
  int observer_;
  std::vector<Node> nodes_;
  std::vector<Action> actions_;
  std::vector<int> child_of_;
  std::vector<int> table_;
  std::vector<int> path_;
  std::vector<double> return_sums_;
  std::vector<float> priors_;
  bool root_priors_ = false;
  PolicyScratch scratch_{};
};

}  // namespace

int root_candidates(const HandState& s, const Policy& policy, Action* out) {
  const bool calls = policy.calls;
  if (s.decision() == Decision::Exchange) return exchange_candidates(s, heuristic_params(policy), out);
  if (!calls && (s.decision() == Decision::GrandTichu || s.decision() == Decision::Tichu)) {
    out[0] = call_answer(s.decision());
    return 1;
  }
  int n = s.legal_actions(out);
  if (!calls) {
    n = static_cast<int>(std::remove_if(out, out + n,
                                        [](const Action& a) {
                                          return (a.kind == ActionKind::GrandTichu || a.kind == ActionKind::Tichu) &&
                                                 a.value != 0;
                                        }) -
                         out);
  }
  return n;
}

IsmctsResult ismcts(const RecordedHand& hand, const IsmctsConfig& config) {
  const HandState& s = hand.state();
  if (s.is_terminal()) throw std::invalid_argument("the hand is over: no decision to search");
  if (config.iterations <= 0 && config.budget <= 0.0)
    throw std::invalid_argument("ismcts needs an iteration budget or a time budget");
  if (config.threads < 1) throw std::invalid_argument("threads must be >= 1");
  const auto start = std::chrono::steady_clock::now();
  IsmctsResult result;
  std::vector<Action> buffer(static_cast<std::size_t>(kMaxActions));
  buffer.resize(static_cast<std::size_t>(root_candidates(s, config.policy, buffer.data())));
  result.actions = buffer;
  result.visits.assign(buffer.size(), 0);
  result.return_sums.assign(buffer.size(), 0.0);
  if (buffer.size() > 1) {
    const Knowledge knowledge(hand, s.current_player());
    const int threads = std::min(config.threads, kMaxThreads);
    std::vector<std::unique_ptr<Tree>> trees(static_cast<std::size_t>(threads));
    std::vector<long long> done(static_cast<std::size_t>(threads), 0);
    parallel_for(threads, threads, [&](long long first, long long last) {
      for (long long t = first; t < last; ++t) {
        // An even split, the first (iterations mod threads) threads one more; -1: until the deadline.
        const long long quota =
            config.iterations > 0 ? config.iterations / threads + (t < config.iterations % threads ? 1 : 0) : -1;
        const std::size_t reserve = static_cast<std::size_t>(
            std::min<long long>(config.max_nodes,
                                quota >= 0 ? std::min<long long>(quota, config.max_nodes) + 64 : 4096));
        auto tree = std::make_unique<Tree>(knowledge, config, buffer, reserve);
        const std::uint64_t thread_seed = hand_seed(config.seed, static_cast<std::uint64_t>(t));
        const double cpu_start = thread_seconds();
        long long i = 0;
        for (; quota < 0 || i < quota; ++i) {
          if ((i & 15) == 0) {
            check_stop();  // Ctrl-C, the process exiting, or another thread's tree failed
            if (config.budget > 0.0 && thread_seconds() - cpu_start >= config.budget) break;
          }
          SplitMix64 rng(hand_seed(thread_seed, static_cast<std::uint64_t>(i)));
          tree->iterate(rng);
        }
        done[static_cast<std::size_t>(t)] = i;
        trees[static_cast<std::size_t>(t)] = std::move(tree);
      }
    });
    for (std::size_t t = 0; t < trees.size(); ++t) {
      result.iterations += done[t];
      for (std::size_t a = 0; a < buffer.size(); ++a) {
        result.visits[a] += trees[t]->root_child(a).visits;
        result.return_sums[a] += trees[t]->return_sum(a);
      }
    }
  }
  int best = 0;
  for (std::size_t a = 1; a < buffer.size(); ++a) {
    const auto b = static_cast<std::size_t>(best);
    const long long va = result.visits[a], vb = result.visits[b];
    const bool higher_mean =
        va > 0 && vb > 0 &&
        result.return_sums[a] / static_cast<double>(va) > result.return_sums[b] / static_cast<double>(vb);
    if (va > vb || (va == vb && higher_mean)) best = static_cast<int>(a);
  }
  result.best = best;
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace tichu
