#include "tichu/play/duplicate.hpp"

#include <stdexcept>

#include "tichu/game/rng.hpp"
#include "tichu/play/parallel.hpp"
#include "tichu/play/playout.hpp"

namespace tichu {
namespace {

// Plays one hand of a duplicate deal; team A sits at the seats of parity `play`.
void play_hand(const std::array<std::uint8_t, kNumCards>& deck, Rules rules, const std::array<PolicyBot, 2>& bots,
               std::uint64_t reset_seed, int play, PolicyScratch& scratch, HandRecord& record,
               std::array<std::uint16_t, 4>& decisions, std::array<Mask, 4>& call_hands, std::array<bool, 4>& in_play) {
  HandState s = HandState::from_deck(deck, rules);
  std::array<std::uint64_t, 2> stream{};   // each team's bot stream for this hand
  std::array<std::uint64_t, 2> count{};    // each team's decisions so far
  for (std::size_t t = 0; t < 2; ++t) stream[t] = hand_seed(reset_seed, bots[t].seed);
  decisions = {};
  call_hands = {};
  in_play = {};
  PlayoutTally tally;
  while (!s.is_terminal()) {
    const int seat = s.current_player();
    const auto team = static_cast<std::size_t>((seat & 1) ^ play);  // 0: team A
    SplitMix64 rng(hand_seed(stream[team], count[team]++));
    const Action a = choose(s, bots[team].policy, rng, scratch);
    tally.count(s, a);
    // The cards a call was decided on: a Grand Tichu's first 8, a Tichu's hand.
    if (a.kind == ActionKind::GrandTichu && a.value != 0)
      call_hands[static_cast<std::size_t>(seat)] = s.first_eight(seat);
    if (a.kind == ActionKind::Tichu && a.value != 0) {
      call_hands[static_cast<std::size_t>(seat)] = s.hand(seat);
      in_play[static_cast<std::size_t>(seat)] = s.decision() == Decision::Play;
    }
    s.apply(a);
    ++decisions[static_cast<std::size_t>(seat)];
  }
  const PlayoutResult p = playout_result(s, tally);
  record.score = p.returns;
  record.one_two = p.one_two;
  record.first_out = static_cast<std::uint8_t>(p.out_order[0]);
  record.tricks = p.tricks;
  record.bombs = p.bombs;
  for (std::size_t seat = 0; seat < 4; ++seat) record.calls[seat] = p.calls[seat];
}

}  // namespace

void duplicate_deals(std::uint64_t seed, std::uint64_t first, Rules rules, const std::array<PolicyBot, 2>& bots,
                     int threads, std::span<HandRecord> out, std::span<std::array<std::uint16_t, 4>> decisions,
                     std::span<std::array<Mask, 4>> call_hands, std::span<std::array<bool, 4>> in_play) {
  check_rules(rules);
  if (out.size() % 2 != 0 || decisions.size() != out.size() || call_hands.size() != out.size() ||
      in_play.size() != out.size())
    throw std::invalid_argument("duplicate_deals: two records, decision counts, call hands and in-play calls per deal");
  parallel_for(static_cast<long long>(out.size() / 2), threads, [&](long long begin, long long end) {
    thread_local PolicyScratch scratch;
    PolicyScratch& local = scratch;
    for (long long d = begin; d < end; ++d) {
      const std::uint64_t dealt = hand_seed(seed, first + static_cast<std::uint64_t>(d));
      const auto deck = shuffled_deck(dealt);
      for (int play = 0; play < 2; ++play) {
        const auto i = static_cast<std::size_t>(2 * d + play);
        play_hand(deck, rules, bots, play_seed(dealt, play), play, local, out[i], decisions[i], call_hands[i],
                  in_play[i]);
      }
    }
  });
}

}  // namespace tichu
