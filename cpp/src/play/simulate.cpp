#include "tichu/play/simulate.hpp"

#include "tichu/game/rng.hpp"
#include "tichu/play/parallel.hpp"
#include "tichu/play/playout.hpp"

namespace tichu {

namespace {

// The stream every decision of the hand dealt by `dealt` is drawn from: one per hand, so that a seed
// keeps its hands whatever the thread count, and simulated_hand plays the same hand again.
SplitMix64 hand_stream(std::uint64_t dealt) { return SplitMix64(dealt ^ 0xD1B54A32D192ED03ULL); }

}  // namespace

void simulate_hands(std::uint64_t seed, std::uint64_t first, Rules rules, const Policy& policy, int threads,
                    std::span<HandRecord> out) {
  check_rules(rules);
  parallel_for(static_cast<long long>(out.size()), threads, [&](long long begin, long long end) {
    thread_local PolicyScratch scratch;
    PolicyScratch& local = scratch;  // fetched once: each use of a thread_local goes through a guard
    // A local copy, not read through a reference every decision (measured faster than the reference).
    const Policy chosen = policy;  // NOLINT(performance-unnecessary-copy-initialization)
    for (long long h = begin; h < end; ++h) {
      const std::uint64_t dealt = hand_seed(seed, first + static_cast<std::uint64_t>(h));
      SplitMix64 rng = hand_stream(dealt);
      HandState s = HandState::from_deck(shuffled_deck(dealt), rules);
      PlayoutTally tally;
      while (!s.is_terminal()) {
        const Action a = choose(s, chosen, rng, local);
        tally.count(s, a);
        s.apply(a);
      }
      const PlayoutResult p = playout_result(s, tally);
      HandRecord& r = out[static_cast<std::size_t>(h)];
      r.score[0] = p.returns[0];
      r.score[1] = p.returns[1];
      r.one_two = p.one_two;
      r.first_out = static_cast<std::uint8_t>(p.out_order[0]);
      r.tricks = p.tricks;
      r.bombs = p.bombs;
      for (std::size_t seat = 0; seat < 4; ++seat) r.calls[seat] = p.calls[seat];
    }
  });
}

RecordedHand simulated_hand(std::uint64_t seed, std::uint64_t k, Rules rules, const Policy& policy) {
  check_rules(rules);
  const std::uint64_t dealt = hand_seed(seed, k);
  SplitMix64 rng = hand_stream(dealt);
  thread_local PolicyScratch scratch;  // room for the legal moves only: the actions do not depend on it
  RecordedHand hand(HandState::from_deck(shuffled_deck(dealt), rules));
  while (!hand.state().is_terminal()) hand.apply_legal(choose(hand.state(), policy, rng, scratch));
  return hand;
}

void simulate_hands(std::uint64_t seed, std::uint64_t first, int n, Rules rules, HandRecord* out) {
  simulate_hands(seed, first, rules, Policy{}, 1, std::span<HandRecord>(out, static_cast<std::size_t>(n)));
}

}  // namespace tichu
