// Duplicate deals played entirely in C++ when all four seats are built-in
// policies: the arena's fast path (tichu_fast.arena, docs/bots.md).
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "tichu/game/state.hpp"
#include "tichu/play/policy.hpp"
#include "tichu/play/simulate.hpp"

namespace tichu {

// One team's bot as a built-in policy, with the bot's own seed.
struct PolicyBot {
  Policy policy;
  std::uint64_t seed = 0;
};

// The seed a bot's reset() receives for play p (0 or 1) of the deal dealt by `deal`.
inline std::uint64_t play_seed(std::uint64_t deal, int play) {
  return hand_seed(deal, static_cast<std::uint64_t>(play));
}

// Plays deals first .. first+n-1 of `seed`, each twice: deal d is dealt by
// hand_seed(seed, d); in play 0 team A (bots[0]) holds seats 0 and 2, in
// play 1 seats 1 and 3, with the same cards. out[2i + p] is play p of deal
// first+i (scores by seat team: score[0] is seats 0 and 2), decisions[2i + p]
// counts the decisions each seat took, call_hands[2i + p] the cards each seat
// called on: its first 8 for Grand Tichu, its hand for Tichu (0 for a seat
// that did not call; calibration.py reads a call's chance from them), and
// in_play[2i + p] which seats called Tichu in play, on the hand after the
// exchange (R7.2), rather than before it.
// Decision k of a team in a play draws from
// SplitMix64(hand_seed(hand_seed(play_seed, bot.seed), k)), exactly what
// the Python RandomBot and HeuristicBot draw; so the records do not depend on
// `threads`, nor on whether the bots ran here or from Python.
void duplicate_deals(std::uint64_t seed, std::uint64_t first, Rules rules, const std::array<PolicyBot, 2>& bots,
                     int threads, std::span<HandRecord> out, std::span<std::array<std::uint16_t, 4>> decisions,
                     std::span<std::array<Mask, 4>> call_hands, std::span<std::array<bool, 4>> in_play);

}  // namespace tichu
