#include <algorithm>
#include <cstddef>

#include "tichu/game/movegen.hpp"
#include "tichu/play/net.hpp"
#include "tichu/play/policy.hpp"

namespace tichu {

Action choose_net(const HandState& s, bool calls, const Net& net, SplitMix64& rng, PolicyScratch& scratch) {
  const Decision decision = s.decision();
  const bool in_turn = decision == Decision::Play;
  const int seat = s.current_player();
  // The network learned plays only: the calls, the exchange, the wish and the gift stay the heuristic's, and
  // so does the in-play Tichu call (asked only while the seat may still call, before its first play).
  if ((!in_turn && decision != Decision::Bomb) || (in_turn && calls && s.may_call_tichu(seat))) {
    const Action heuristic = choose_heuristic(s, calls, kShippedHeuristic, rng, scratch);
    if (heuristic.kind != ActionKind::Play) return heuristic;
  }
  const Mask hand = s.hand(seat);
  const Move* table = s.table();
  if (in_turn && table != nullptr && cannot_beat(hand, *table, s.seat_may_hold_bomb(seat))) return play_action(kPass);
  Move* moves = scratch.moves.data();
  const int n =
      legal_moves(Situation{.hand = hand, .table = table, .wish = in_turn ? s.wish() : 0, .out_of_turn = !in_turn},
                  moves);
  if (n == 1) return play_action(moves[0]);
  float* logits = scratch.logits.data();
  net.evaluate(s, seat, moves, n, logits);
  return play_action(moves[std::max_element(logits, logits + n) - logits]);
}

}  // namespace tichu
