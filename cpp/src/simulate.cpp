#include "tichu/simulate.hpp"

#include <array>

#include "tichu/movegen.hpp"
#include "tichu/rng.hpp"

namespace tichu {
namespace {

// A uniform ordered choice of 3 distinct cards of `hand`.
Action random_push(Mask hand, SplitMix64& rng) {
  std::array<std::uint8_t, 14> cards{};
  int n = 0;
  for (Mask m = hand; m; m &= m - 1)
    cards[static_cast<std::size_t>(n++)] = static_cast<std::uint8_t>(std::countr_zero(m));
  Action a;
  a.kind = ActionKind::Push;
  for (int k = 0; k < 3; ++k) {  // a partial Fisher-Yates shuffle
    const auto j = static_cast<std::size_t>(k) + rng.pick(static_cast<std::uint64_t>(n - k));
    std::swap(cards[static_cast<std::size_t>(k)], cards[j]);
    a.push[static_cast<std::size_t>(k)] = cards[static_cast<std::size_t>(k)];
  }
  return a;
}

}  // namespace

std::uint64_t hand_seed(std::uint64_t seed, std::uint64_t k) {
  SplitMix64 rng(seed + k * 0x9E3779B97F4A7C15ULL);  // the state after k steps
  return rng.next();
}

void simulate_hands(std::uint64_t seed, std::uint64_t first, int n, Rules rules, HandRecord* out) {
  // Fetched once: each use of a thread_local with a constructor goes
  // through an initialisation guard.
  thread_local std::array<Action, kMaxActions> action_slots;
  thread_local std::array<Move, kMaxLegalMoves> move_slots;
  Action* const actions = action_slots.data();
  Move* const moves = move_slots.data();
  for (int h = 0; h < n; ++h) {
    const std::uint64_t dealt = hand_seed(seed, first + static_cast<std::uint64_t>(h));
    SplitMix64 policy(dealt ^ 0xD1B54A32D192ED03ULL);
    HandState s = HandState::from_deck(shuffled_deck(dealt), rules);
    HandRecord r{};
    while (!s.is_terminal()) {
      if (s.decision() == Decision::Exchange) {
        s.apply(random_push(s.hand(s.current_player()), policy));
        continue;
      }
      if (s.decision() == Decision::Play || s.decision() == Decision::Bomb) {
        // The moves straight from the generator (the Tichu call, when open,
        // is one more choice), without building Actions.
        const bool in_turn = s.decision() == Decision::Play;
        const int seat = s.current_player();
        if (in_turn && s.table() == nullptr) ++r.tricks;
        const auto n_moves = static_cast<std::uint64_t>(legal_moves(Situation{.hand = s.hand(seat),
                                                                              .table = s.table(),
                                                                              .wish = in_turn ? s.wish() : 0,
                                                                              .out_of_turn = !in_turn},
                                                                    moves));
        const bool tichu = in_turn && s.may_call_tichu(seat);
        const auto pick = policy.pick(n_moves + (tichu ? 1 : 0));
        Action a;
        if (pick == n_moves) {
          a.kind = ActionKind::Tichu;
          a.value = 1;
        } else {
          a.move = moves[static_cast<std::size_t>(pick)];
          r.bombs += is_bomb(a.move.type);
        }
        s.apply(a);
        continue;
      }
      const int count = s.legal_actions(actions);
      s.apply(actions[static_cast<std::size_t>(policy.pick(static_cast<std::uint64_t>(count)))]);
    }
    const auto score = s.returns();
    r.score[0] = static_cast<std::int16_t>(score[0]);
    r.score[1] = static_cast<std::int16_t>(score[1]);
    r.one_two = s.out_count() == 2;
    r.first_out = static_cast<std::uint8_t>(s.out_seat(0));
    for (int seat = 0; seat < 4; ++seat)
      r.calls[static_cast<std::size_t>(seat)] = static_cast<std::uint8_t>(s.call(seat));
    out[h] = r;
  }
}

}  // namespace tichu
